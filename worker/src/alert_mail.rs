//! Alert mails ([`domain::alerts::mail::mail_alert`]): what an alert matched and no mail of it listed
//! yet, once. A failure fails the job, which apalis retries; a mail prepared before a kill is sent
//! by the retry (or the alert's next job), never a second one for the same matches.

use apalis::prelude::*;
use domain::alerts::mail::{self, AlertMailer, MailAlert};
use sqlx::PgPool;

use crate::Mailing;

pub async fn handle(job: MailAlert, pool: Data<PgPool>, mailing: Data<Mailing>) -> Result<(), BoxDynError> {
    let out = AlertMailer { mailer: &mailing.mailer, public_url: &mailing.public_url, secret: mailing.app_secret.expose().as_bytes() };
    let sent = mail::mail_alert(&pool, &out, &job).await.map_err(|e| format!("{e:#}"))?;
    tracing::info!(saved_search = %job.saved_search_id, sent, "alert mail done");
    Ok(())
}
