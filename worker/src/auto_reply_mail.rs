//! Auto-reply mails: the vacancy's auto-reply text to the applicant, once
//! ([`domain::applications::auto_reply::mail_auto_reply`]). A failure fails the job, which apalis
//! retries and then lists for `vakants jobs`; the application stays sent.

use apalis::prelude::*;
use domain::applications::auto_reply::{self, MailAutoReply};
use domain::platform::mail::Mailer;
use sqlx::PgPool;

pub async fn handle(job: MailAutoReply, pool: Data<PgPool>, mailer: Data<Mailer>) -> Result<(), BoxDynError> {
    let sent = auto_reply::mail_auto_reply(&pool, &mailer, job.application_id).await.map_err(|e| format!("{e:#}"))?;
    tracing::info!(application = %job.application_id, sent, "auto-reply mail done");
    Ok(())
}
