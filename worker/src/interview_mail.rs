//! Interview mails with their iCalendar attachment ([`domain::interviews::mail::send`]). A failure
//! fails the job, which apalis retries and then lists for `vakants jobs`.

use apalis::prelude::*;
use domain::interviews::mail::{self, MailInterview};
use domain::platform::mail::Mailer;
use sqlx::PgPool;

pub async fn handle(job: MailInterview, pool: Data<PgPool>, mailer: Data<Mailer>) -> Result<(), BoxDynError> {
    let sent = mail::send(&pool, &mailer, &job).await.map_err(|e| format!("{e:#}"))?;
    tracing::info!(interview = %job.interview_id, change = ?job.change, recipient = ?job.recipient, sent, "interview mail done");
    Ok(())
}
