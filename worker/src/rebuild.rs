//! Full rebuild of an index from Postgres into a fresh index, swapped in atomically while
//! searches keep answering from the old one (tantivy: a new generation on disk; Meilisearch: a
//! new index and `swap-indexes`). Changes made while it runs are not lost: every row changed
//! since the rebuild's start (minus a margin for transactions that were still open) whose version
//! is newer than the one the rebuild read (or that was made live or hidden meanwhile) is queued
//! again after the swap, judged by what the rebuild itself read, since the worker's batches go on
//! meanwhile. Index jobs that were waiting when it began are ended as done after the swap: their
//! changes were committed before it read any row. Rows read as they are now are not: a rebuild right after a bulk load
//! (`vakants seed`, an import) once queued every row again, and the live writes of the next
//! minutes waited behind them.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use domain::platform::jobs::{self, IndexJob};
use indexer::Places;
use search::{IndexKind, SearchEngine};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

/// Documents built and added per round trip.
const CHUNK: usize = 5000;

/// A rebuild asked of the running worker through the queue ([`REBUILD_QUEUE`]).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RebuildJob {
    pub vacancies: bool,
    pub cvs: bool,
}

impl RebuildJob {
    /// This job, rebuilding `kinds` too.
    pub fn including(self, kinds: &[IndexKind]) -> RebuildJob {
        RebuildJob {
            vacancies: self.vacancies || kinds.contains(&IndexKind::Vacancies),
            cvs: self.cvs || kinds.contains(&IndexKind::Cvs),
        }
    }

    /// Pushes the job onto [`REBUILD_QUEUE`] for the worker that holds the index; the task's id.
    pub async fn queue(&self, pool: &PgPool, max_attempts: usize) -> anyhow::Result<Option<String>> {
        let task = apalis::prelude::TaskBuilder::new(serde_json::to_vec(self)?).max_attempts(max_attempts).build();
        let id = task.task_id().map(|id| id.to_string());
        let mut conn = pool.acquire().await?;
        apalis_postgres::queries::push_tasks(&mut *conn, REBUILD_QUEUE, vec![task]).await?;
        Ok(id)
    }
}

pub const REBUILD_QUEUE: &str = "vakants.rebuild";

#[derive(Debug, Default)]
pub struct RebuildReport {
    pub vacancies: usize,
    pub cvs: usize,
    pub replayed: usize,
    /// Index jobs that were waiting when the rebuild began, ended as done: it read their rows
    /// after they were committed (`vakants seed` queues one per row).
    pub covered: u64,
}

/// Rebuilds the chosen indexes.
pub async fn rebuild(pool: &PgPool, engine: &dyn SearchEngine, job: &RebuildJob) -> anyhow::Result<RebuildReport> {
    let places = Places::load(pool).await?;
    // the database clock; the margin covers transactions that wrote before this and commit after
    let started: DateTime<Utc> = sqlx::query_scalar("select now() - interval '5 minutes'").fetch_one(pool).await?;
    // jobs committed before any row is read: the rebuild will hold what they would write
    let covered: Vec<String> = jobs::pending_index_jobs(pool)
        .await?
        .into_iter()
        .filter(|(_, index_job)| match index_job {
            IndexJob::Vacancy(_) | IndexJob::Company(_) => job.vacancies,
            IndexJob::Cv(_) => job.cvs,
        })
        .map(|(id, _)| id)
        .collect();
    let mut report = RebuildReport::default();
    let mut read = Read::default();
    if job.vacancies {
        let ids = indexer::vacancies::active_ids(pool).await?;
        let mut rebuild = engine.begin_rebuild(IndexKind::Vacancies).await?;
        let versions = read.vacancies.insert(HashMap::new());
        for chunk in ids.chunks(CHUNK) {
            let prepared = indexer::vacancies::prepare(pool, &places, chunk).await?;
            versions.extend(prepared.versions);
            let docs = prepared.upserts;
            report.vacancies += docs.len();
            rebuild.add_vacancies(docs).await?;
        }
        rebuild.finish().await?;
        reset_state(pool, "vacancy", versions).await?;
    }
    if job.cvs {
        let ids = indexer::cvs::active_ids(pool).await?;
        let mut rebuild = engine.begin_rebuild(IndexKind::Cvs).await?;
        let versions = read.cvs.insert(HashMap::new());
        for chunk in ids.chunks(CHUNK) {
            let prepared = indexer::cvs::prepare(pool, &places, chunk).await?;
            versions.extend(prepared.versions);
            let docs = prepared.upserts;
            report.cvs += docs.len();
            rebuild.add_cvs(docs).await?;
        }
        rebuild.finish().await?;
        reset_state(pool, "cv", versions).await?;
    }
    report.replayed = replay_since(pool, started, &read).await?;
    report.covered = jobs::cover_pending(pool, &covered).await?;
    Ok(report)
}

/// The version of each document a rebuild wrote, per index it rebuilt.
#[derive(Default)]
struct Read {
    vacancies: Option<HashMap<Uuid, DateTime<Utc>>>,
    cvs: Option<HashMap<Uuid, DateTime<Utc>>>,
}

/// After a swap the index holds exactly the rebuilt documents.
async fn reset_state(pool: &PgPool, kind: &str, versions: &HashMap<Uuid, DateTime<Utc>>) -> anyhow::Result<()> {
    sqlx::query("delete from search_index_state where doc_kind = $1").bind(kind).execute(pool).await?;
    indexer::record_indexed(pool, kind, versions, &[]).await?;
    Ok(())
}

/// Queues the rows changed since `since` that the rebuild did not read as they are now, so
/// changes made during the rebuild reach the new index; rows it read in their present state are
/// not queued again. This compares with what the rebuild read (`read`), not with
/// `search_index_state`: the running worker's batches go on during a rebuild, write into the index
/// being replaced, and may record their versions after [`reset_state`].
async fn replay_since(pool: &PgPool, since: DateTime<Utc>, read: &Read) -> anyhow::Result<usize> {
    let mut jobs_to_push: Vec<IndexJob> = Vec::new();
    if let Some(versions) = &read.vacancies {
        let ids = indexer::vacancies::out_of_date_since(pool, since, versions).await?;
        jobs_to_push.extend(ids.into_iter().map(IndexJob::Vacancy));
    }
    if let Some(versions) = &read.cvs {
        let ids = indexer::cvs::out_of_date_since(pool, since, versions).await?;
        jobs_to_push.extend(ids.into_iter().map(IndexJob::Cv));
    }
    let mut conn = pool.acquire().await?;
    for chunk in jobs_to_push.chunks(10_000) {
        jobs::enqueue_index(&mut conn, chunk).await?;
    }
    Ok(jobs_to_push.len())
}
