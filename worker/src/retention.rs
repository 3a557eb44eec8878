//! Retention jobs ([`domain::retention`]): one job per subject whose retention period ended,
//! queued by the maintenance pass ([`crate::maintenance`]). Each job is idempotent and resumable,
//! so apalis' retries (and the re-queueing of a job whose worker died) finish what a killed run
//! began; a job that failed every attempt is listed by `vakants jobs` and is not queued again.

use apalis::prelude::*;
use chrono::Utc;
use domain::files::FileStore;
use domain::retention::{self, Context, RetentionJob};
use sqlx::PgPool;

use crate::Mailing;

/// Handles a [`RetentionJob`].
pub async fn handle(job: RetentionJob, pool: Data<PgPool>, files: Data<FileStore>, mailing: Data<Mailing>) -> Result<(), BoxDynError> {
    let ctx = Context {
        pool: (*pool).clone(),
        store: (*files).clone(),
        mailer: mailing.mailer.clone(),
        public_url: mailing.public_url.clone(),
        periods: mailing.retention,
    };
    let outcome = retention::run(&ctx, &job, Utc::now()).await.map_err(|e| format!("{e:#}"))?;
    tracing::info!(job = ?job, outcome = ?outcome, "retention job done");
    Ok(())
}
