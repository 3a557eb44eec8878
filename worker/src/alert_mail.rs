//! Alert mails ([`domain::alerts::mail::mail_matches`]): a pass takes every set of matches
//! waiting, records it, prepares each alert's mail and sends it once. A failure fails the job,
//! which apalis retries (a mail the SMTP relay refused is no failure of the pass: it stays unsent
//! for the next one); a chunk killed midway rolls back (its sets wait), and a mail prepared before
//! a kill is sent by the next pass, never a second one for the same matches.

use apalis::prelude::*;
use domain::alerts::mail::{self, AlertMailer, MailPass};
use sqlx::PgPool;

use crate::Mailing;

pub async fn handle(_job: MailPass, pool: Data<PgPool>, mailing: Data<Mailing>) -> Result<(), BoxDynError> {
    let done = run(&pool, &mailing).await.map_err(|e| format!("{e:#}"))?;
    tracing::info!(sets = done.sets, recorded = done.recorded, mails = done.mails, sent = done.sent, "alert mail pass done");
    Ok(())
}

/// One pass with the worker's mailer.
pub async fn run(pool: &PgPool, mailing: &Mailing) -> domain::platform::error::Result<mail::Prepared> {
    let out = AlertMailer { mailer: &mailing.mailer, public_url: &mailing.public_url, secret: mailing.app_secret.expose().as_bytes() };
    mail::mail_matches(pool, &out).await
}

/// Whether a pass is overdue: a set or a prepared mail has waited longer than the pass' `window`
/// and a minute (its job lost, or failed for good). The worker's minute tick then runs one.
pub async fn overdue(pool: &PgPool, window: std::time::Duration) -> domain::platform::error::Result<bool> {
    let late = chrono::Duration::from_std(window).unwrap_or_default() + chrono::Duration::minutes(1);
    Ok(sqlx::query_scalar(
        "select exists (select 1 from alert_match_sets where matched_at < now() - $1)
             or exists (select 1 from alert_mails where sent_at is null and created_at < now() - $1)",
    )
    .bind(late)
    .fetch_one(pool)
    .await?)
}
