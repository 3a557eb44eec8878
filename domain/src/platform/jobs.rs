//! Background jobs, enqueued into apalis' Postgres queue on the caller's transaction: a change is
//! never committed without its job, and no job exists for a change that rolled back.

use apalis_core::task::builder::TaskBuilder;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::platform::error::Result;

/// The queue of search-index jobs.
pub const INDEX_QUEUE: &str = "vakants.index";
/// The queue of PDF text extraction jobs (slow; kept apart so they never hold up index batches).
pub const EXTRACT_QUEUE: &str = "vakants.extract";
/// After this many failed attempts a job stays failed (listed by `vakants jobs`).
pub const MAX_ATTEMPTS: usize = 5;

/// What the index must learn about. The worker reads the current rows, so a job carries only ids.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "camelCase")]
pub enum IndexJob {
    /// A vacancy changed (or disappeared): upsert it when active, otherwise delete it.
    Vacancy(Uuid),
    /// A company changed what its vacancies show (name, logo): re-index all of them.
    Company(Uuid),
    /// A CV or one of its files changed: upsert it when visible, otherwise delete it.
    Cv(Uuid),
}

/// Text extraction from one uploaded PDF file; the CV is re-indexed afterwards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExtractPdfText {
    pub file_id: Uuid,
    pub cv_id: Option<Uuid>,
}

/// Priority of a job that follows a user's change: a worker takes these before [`BULK_PRIORITY`]
/// ones (apalis fetches by priority, then by age).
const LIVE_PRIORITY: usize = 1;
/// Priority of the jobs of a bulk load (`vakants seed`, the demo data, an import): a load of
/// 100k rows queues 100k jobs, and a user's change made meanwhile must not wait behind them.
const BULK_PRIORITY: usize = 0;

/// Enqueues jobs of any queue on the caller's transaction.
pub async fn push<T: Serialize>(conn: &mut PgConnection, queue: &str, jobs: &[T]) -> Result<()> {
    push_with(conn, queue, jobs, LIVE_PRIORITY).await
}

/// Enqueues jobs on the caller's transaction that a worker takes only once `delay` has passed
/// (to the second).
pub async fn push_after<T: Serialize>(conn: &mut PgConnection, queue: &str, jobs: &[T], delay: std::time::Duration) -> Result<()> {
    push_at(conn, queue, jobs, LIVE_PRIORITY, Some(delay)).await
}

/// Whether a job of `queue` waits to be taken (now or later): apalis' Postgres storage marks a
/// job `Pending` until a worker takes it.
pub async fn waiting(conn: &mut PgConnection, queue: &str) -> Result<bool> {
    Ok(sqlx::query_scalar("select exists (select 1 from apalis.jobs where job_type = $1 and status = 'Pending')")
        .bind(queue)
        .fetch_one(conn)
        .await?)
}

async fn push_with<T: Serialize>(conn: &mut PgConnection, queue: &str, jobs: &[T], priority: usize) -> Result<()> {
    push_at(conn, queue, jobs, priority, None).await
}

async fn push_at<T: Serialize>(conn: &mut PgConnection, queue: &str, jobs: &[T], priority: usize, delay: Option<std::time::Duration>) -> Result<()> {
    if jobs.is_empty() {
        return Ok(());
    }
    let mut tasks = Vec::with_capacity(jobs.len());
    for job in jobs {
        let bytes = serde_json::to_vec(job).map_err(anyhow::Error::from)?;
        let task = TaskBuilder::new(bytes).max_attempts(MAX_ATTEMPTS).priority(priority);
        let task = match delay {
            Some(delay) if !delay.is_zero() => task.run_after(delay),
            _ => task,
        };
        tasks.push(task.build());
    }
    apalis_postgres::queries::push_tasks(conn, queue, tasks).await.map_err(|e| push_failed(queue, e))?;
    Ok(())
}

/// The error of an enqueue that failed: a database error stays one in the error's chain (apalis'
/// own error is transparent over it, so it would not be), so that a connection lost mid-request
/// answers 503 like every other statement, not 500 (`api::error::database_unreachable`).
fn push_failed(queue: &str, error: apalis_postgres::Error) -> crate::platform::error::Error {
    match error {
        apalis_postgres::Error::Database(database) => anyhow::Error::new(database).context(format!("enqueueing into {queue}")).into(),
        other => anyhow::anyhow!("enqueueing into {queue}: {other}").into(),
    }
}

/// Enqueues index jobs on the caller's transaction.
pub async fn enqueue_index(conn: &mut PgConnection, jobs: &[IndexJob]) -> Result<()> {
    push(conn, INDEX_QUEUE, jobs).await
}

/// Enqueues the index jobs of a bulk load on the caller's transaction: the worker takes them
/// after every job of a user's change ([`enqueue_index`]).
pub async fn enqueue_index_bulk(conn: &mut PgConnection, jobs: &[IndexJob]) -> Result<()> {
    push_with(conn, INDEX_QUEUE, jobs, BULK_PRIORITY).await
}

/// Index jobs waiting for a worker (not yet taken), with their ids: what a full rebuild that
/// reads every row after this covers ([`cover_pending`]).
pub async fn pending_index_jobs(pool: &sqlx::PgPool) -> Result<Vec<(String, IndexJob)>> {
    let rows: Vec<(String, Vec<u8>)> = sqlx::query_as("select id, job from apalis.jobs where job_type = $1 and status = 'Pending'")
        .bind(INDEX_QUEUE)
        .fetch_all(pool)
        .await?;
    // a payload this version cannot read is left for the worker to report
    Ok(rows.into_iter().filter_map(|(id, job)| Some((id, serde_json::from_slice(&job).ok()?))).collect())
}

/// Ends the index jobs `ids` that are still waiting as done: a rebuild read their rows after
/// they were committed, so the new index already holds what they would write. Answers how many.
pub async fn cover_pending(pool: &sqlx::PgPool, ids: &[String]) -> Result<u64> {
    let mut covered = 0;
    for chunk in ids.chunks(10_000) {
        covered += sqlx::query(
            "update apalis.jobs set status = 'Done', done_at = now()
             where id = any($1) and job_type = $2 and status = 'Pending'",
        )
        .bind(chunk)
        .bind(INDEX_QUEUE)
        .execute(pool)
        .await?
        .rows_affected();
    }
    Ok(covered)
}

/// Enqueues PDF text extraction on the caller's transaction.
pub async fn enqueue_extraction(conn: &mut PgConnection, jobs: &[ExtractPdfText]) -> Result<()> {
    push(conn, EXTRACT_QUEUE, jobs).await
}

/// A job that ended failed, for `vakants jobs`.
#[derive(Debug)]
pub struct FailedJob {
    pub id: String,
    pub queue: String,
    pub attempts: i32,
    pub payload: String,
    pub error: Option<String>,
}

/// Jobs that used up their attempts.
pub async fn failed(pool: &sqlx::PgPool) -> Result<Vec<FailedJob>> {
    let rows: Vec<(String, String, i32, Vec<u8>, Option<String>)> = sqlx::query_as(
        "select id, job_type, attempts, job, last_result::text from apalis.jobs
         where status in ('Failed', 'Killed') and attempts >= max_attempts order by done_at desc nulls last limit 200",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, queue, attempts, job, error)| FailedJob {
            id,
            queue,
            attempts,
            payload: String::from_utf8_lossy(&job).into_owned(),
            error,
        })
        .collect())
}

/// How one queue stands, as `/metrics` reports it (`vakants_queue_*`).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct QueueHealth {
    pub queue: String,
    /// Due and not taken by a worker yet.
    pub waiting: i64,
    /// Due later (a retry's back-off, the time rules' next tick).
    pub scheduled: i64,
    /// Taken by a worker.
    pub running: i64,
    /// Failed, with attempts left.
    pub retrying: i64,
    /// Failed every attempt (listed by `vakants jobs`; kept until someone looks).
    pub failed: i64,
    /// Age of the oldest job that is due and that no worker has taken (waiting or retrying), in
    /// seconds; 0 when there is none.
    pub oldest_waiting_seconds: f64,
    /// Age of the oldest job that is due and not finished (waiting, retrying or running): for
    /// the index queue, how long the oldest change has waited to become searchable.
    pub oldest_unfinished_seconds: f64,
    /// Seconds since a worker of this queue last told the queue it is alive; none when no worker
    /// ever registered for it.
    pub heartbeat_age_seconds: Option<f64>,
}

/// Every queue that has an unfinished job or a registered worker, with its counts and ages.
/// Done jobs are left out: they are kept for a day ([`DONE_KEPT_FOR`]) only to be purged.
pub async fn queue_health(pool: &sqlx::PgPool) -> Result<Vec<QueueHealth>> {
    Ok(sqlx::query_as(
        "with jobs as (
             select job_type as queue,
                    count(*) filter (where status = 'Pending' and run_at <= now()) as waiting,
                    count(*) filter (where status = 'Pending' and run_at > now()) as scheduled,
                    count(*) filter (where status in ('Queued', 'Running')) as running,
                    count(*) filter (where status = 'Failed' and attempts < max_attempts and run_at <= now()) as retrying,
                    count(*) filter (where status in ('Failed', 'Killed') and attempts >= max_attempts) as failed,
                    min(run_at) filter (where run_at <= now() and (status = 'Pending' or (status = 'Failed' and attempts < max_attempts))) as oldest_waiting,
                    min(run_at) filter (where run_at <= now() and (status in ('Pending', 'Queued', 'Running') or (status = 'Failed' and attempts < max_attempts))) as oldest_unfinished
             from apalis.jobs where status <> 'Done' group by job_type
         ),
         workers as (select worker_type as queue, max(last_seen) as last_seen from apalis.workers group by worker_type)
         select coalesce(j.queue, w.queue) as queue,
                coalesce(j.waiting, 0) as waiting, coalesce(j.scheduled, 0) as scheduled, coalesce(j.running, 0) as running,
                coalesce(j.retrying, 0) as retrying, coalesce(j.failed, 0) as failed,
                coalesce(extract(epoch from now() - j.oldest_waiting), 0)::float8 as oldest_waiting_seconds,
                coalesce(extract(epoch from now() - j.oldest_unfinished), 0)::float8 as oldest_unfinished_seconds,
                extract(epoch from now() - w.last_seen)::float8 as heartbeat_age_seconds
         from jobs j full join workers w on w.queue = j.queue
         order by 1",
    )
    .fetch_all(pool)
    .await?)
}

/// How long a job that ended well stays in `apalis.jobs` (for looking into a recent run).
pub const DONE_KEPT_FOR: chrono::TimeDelta = chrono::TimeDelta::days(1);

/// Deletes the jobs that ended well before `cutoff` (index batches, extractions, the time rules'
/// cron ticks: about 2 900 ticks a day alone); failed ones stay for `vakants jobs`. Answers how many.
pub async fn purge_done(pool: &sqlx::PgPool, cutoff: chrono::DateTime<chrono::Utc>) -> Result<u64> {
    let deleted = sqlx::query("delete from apalis.jobs where status = 'Done' and done_at < $1")
        .bind(cutoff)
        .execute(pool)
        .await?;
    Ok(deleted.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_jobs_serialise_as_tagged_json() {
        let id = Uuid::nil();
        let json = serde_json::to_string(&IndexJob::Vacancy(id)).unwrap();
        assert_eq!(json, format!("{{\"kind\":\"vacancy\",\"id\":\"{id}\"}}"));
        assert_eq!(serde_json::from_str::<IndexJob>(&json).unwrap(), IndexJob::Vacancy(id));
    }

    #[test]
    fn a_failed_enqueue_keeps_its_database_error_in_the_chain() {
        let crate::platform::error::Error::Internal(error) = push_failed(INDEX_QUEUE, apalis_postgres::Error::Database(sqlx::Error::PoolTimedOut))
        else {
            panic!("an internal error")
        };
        assert!(error.chain().any(|cause| matches!(cause.downcast_ref::<sqlx::Error>(), Some(sqlx::Error::PoolTimedOut))), "{error:#}");
        assert_eq!(format!("{error:#}"), format!("enqueueing into {INDEX_QUEUE}: {}", sqlx::Error::PoolTimedOut));
    }
}
