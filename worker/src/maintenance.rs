//! Periodic work: reconciliation of the index with Postgres, deleting ended sessions and codes,
//! deleting uploads that nothing has used for a day, and the retention pass
//! ([`domain::retention`]: one job per subject whose period ended, and in bulk visitors' job
//! alerts left unconfirmed and audit entries past their period).

use std::time::Duration;

use domain::files::FileStore;
use domain::platform::jobs::IndexJob;
use domain::platform::retention::Periods;
use sqlx::PgPool;
use tokio::sync::{mpsc, watch};

use crate::Pending;

/// How often the index is compared with Postgres.
pub const RECONCILE_INTERVAL: Duration = Duration::from_secs(60);
/// How often ended sessions and codes, and unused uploads, are deleted.
pub const PURGE_INTERVAL: Duration = Duration::from_secs(600);
/// At most this many out-of-date documents are queued per round.
const RECONCILE_LIMIT: i64 = 5000;

/// One purge pass; returns (sessions, codes, jobs) deleted: ended sessions and codes, and the
/// queue's jobs that ended well more than [`domain::platform::jobs::DONE_KEPT_FOR`] ago.
pub async fn purge(pool: &PgPool) -> domain::Result<(u64, u64, u64)> {
    let sessions = domain::accounts::sessions::purge_ended(pool).await?;
    let codes = domain::accounts::otp::purge_ended(pool).await?;
    let jobs = domain::platform::jobs::purge_done(pool, chrono::Utc::now() - domain::platform::jobs::DONE_KEPT_FOR).await?;
    Ok((sessions, codes, jobs))
}

/// Deletes the files no row has referred to for [`domain::files::UNREFERENCED_GRACE`] (an upload
/// whose CV was never saved, a picture left behind); answers how many.
pub async fn purge_files(pool: &PgPool, files: &FileStore) -> domain::Result<u64> {
    domain::files::purge_unreferenced(pool, files, chrono::Utc::now() - domain::files::UNREFERENCED_GRACE).await
}

/// The retention pass at `now`: queues the jobs of the subjects due ([`domain::retention::queue_due`])
/// and deletes in bulk what needs no job ([`domain::retention::purge_bulk`]); answers how many
/// jobs it queued.
pub async fn retention_pass(pool: &PgPool, periods: &Periods, now: chrono::DateTime<chrono::Utc>) -> domain::Result<usize> {
    let queued = domain::retention::queue_due(pool, periods, now).await?;
    let purged = domain::retention::purge_bulk(pool, periods, now).await?;
    if purged != domain::retention::Purged::default() {
        tracing::info!(
            unconfirmed_alerts = purged.unconfirmed_alerts,
            audit_entries = purged.audit_entries,
            saved_search_removals = purged.saved_search_removals,
            alert_mails = purged.alert_mails,
            alert_records = purged.alert_records,
            "retention: deleted in bulk"
        );
    }
    Ok(queued.len())
}

/// Finds rows whose index entry is missing, stale or should be gone, and hands them to the
/// batcher directly (not through the queue, so a slow round never piles up duplicate jobs).
pub async fn reconcile(pool: &PgPool, batcher: &mpsc::Sender<Pending>) -> anyhow::Result<usize> {
    let vacancies = indexer::vacancies::out_of_date(pool, RECONCILE_LIMIT).await?;
    let cvs = indexer::cvs::out_of_date(pool, RECONCILE_LIMIT).await?;
    let count = vacancies.len() + cvs.len();
    metrics::counter!(domain::platform::metrics::INDEX_RECONCILED).increment(count as u64);
    let jobs = vacancies.into_iter().map(IndexJob::Vacancy).chain(cvs.into_iter().map(IndexJob::Cv));
    for job in jobs {
        batcher.send(Pending { job, done: None }).await.map_err(|_| anyhow::anyhow!("the batcher stopped"))?;
    }
    Ok(count)
}

async fn signals_backfill(pool: &PgPool) -> domain::Result<u64> {
    domain::signals::backfill(&mut *pool.acquire().await?).await
}

pub async fn run(pool: PgPool, files: FileStore, batcher: mpsc::Sender<Pending>, periods: Periods, mut shutdown: watch::Receiver<bool>) {
    let mut reconcile_tick = tokio::time::interval(RECONCILE_INTERVAL);
    let mut purge_tick = tokio::time::interval(PURGE_INTERVAL);
    loop {
        tokio::select! {
            _ = reconcile_tick.tick() => match reconcile(&pool, &batcher).await {
                Ok(0) => {}
                Ok(count) => tracing::info!(count, "reconciliation: out-of-date documents queued"),
                Err(err) => tracing::warn!(error = %err, "reconciliation failed"),
            },
            _ = purge_tick.tick() => {
                match purge(&pool).await {
                    Ok((sessions, codes, jobs)) => {
                        tracing::info!(sessions, codes, jobs, "maintenance: ended sessions, codes and done jobs deleted")
                    }
                    Err(err) => tracing::warn!(error = %err, "maintenance pass failed"),
                }
                match retention_pass(&pool, &periods, chrono::Utc::now()).await {
                    Ok(0) => {}
                    Ok(count) => tracing::info!(count, "retention: jobs queued"),
                    Err(err) => tracing::warn!(error = %err, "the retention pass failed"),
                }
                // the near-duplicate signatures of live ads that have none (written outside publishing)
                match signals_backfill(&pool).await {
                    Ok(0) => {}
                    Ok(count) => tracing::info!(count, "signals: near-duplicate signatures computed"),
                    Err(err) => tracing::warn!(error = %err, "computing near-duplicate signatures failed"),
                }
                match purge_files(&pool, &files).await {
                    Ok(0) => {}
                    Ok(count) => tracing::info!(count, "maintenance: unused uploads deleted"),
                    Err(err) => tracing::warn!(error = %err, "deleting unused uploads failed"),
                }
            }
            _ = shutdown.changed() => break,
        }
    }
}
