//! Gathers index jobs into batches: one index commit per batch, at most every [`BATCH_WINDOW`].
//!
//! A batch closes when no job has come for [`BATCH_IDLE`] (once a window has passed since the
//! previous batch was taken), when its first job is [`BATCH_WINDOW`] old, or at [`MAX_BATCH`]
//! jobs. So a lone change after a quiet spell (an employer publishing) is committed about 25 ms
//! after its job arrives, while a steady stream of writes still costs at most one commit per
//! window.
//!
//! After the commit, the batch records what the index holds and which vacancies went live (or
//! changed in what a saved search matches) with their match job, on one transaction
//! ([`domain::alerts::matching::record_live`]).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use domain::platform::jobs::IndexJob;
use indexer::Places;
use search::SearchEngine;
use sqlx::PgPool;
use tokio::sync::mpsc;
use tokio::time::Instant;
use uuid::Uuid;

use crate::Pending;

/// How long a batch stays open after its first job at most, and the least time between two
/// batches.
pub const BATCH_WINDOW: Duration = Duration::from_millis(200);
/// A batch closes after this long without a new job (see the module documentation).
pub const BATCH_IDLE: Duration = Duration::from_millis(25);
/// A batch closes early at this many jobs.
pub const MAX_BATCH: usize = 2000;

pub struct Batcher {
    pool: PgPool,
    engine: Arc<dyn SearchEngine>,
    places: Places,
}

/// The ids one batch touches, each once.
#[derive(Default, Debug, PartialEq)]
pub struct Work {
    pub vacancies: Vec<Uuid>,
    pub companies: Vec<Uuid>,
    pub cvs: Vec<Uuid>,
}

impl Work {
    pub fn of<'a>(jobs: impl IntoIterator<Item = &'a IndexJob>) -> Self {
        let mut seen = HashSet::new();
        let mut work = Work::default();
        for job in jobs {
            if !seen.insert(job.clone()) {
                continue;
            }
            match job {
                IndexJob::Vacancy(id) => work.vacancies.push(*id),
                IndexJob::Company(id) => work.companies.push(*id),
                IndexJob::Cv(id) => work.cvs.push(*id),
            }
        }
        work
    }
}

impl Batcher {
    pub fn new(pool: PgPool, engine: Arc<dyn SearchEngine>, places: Places) -> Self {
        Batcher { pool, engine, places }
    }

    /// Takes jobs until every sender is gone.
    pub async fn run(self, mut receiver: mpsc::Receiver<Pending>) {
        let mut previous: Option<Instant> = None;
        while let Some(batch) = gather(&mut receiver, previous).await {
            let started = Instant::now();
            previous = Some(started);
            let result = self.apply(Work::of(batch.iter().map(|p| &p.job))).await;
            metrics::histogram!(domain::platform::metrics::INDEX_COMMIT_SECONDS).record(started.elapsed().as_secs_f64());
            match &result {
                Ok(()) => {
                    tracing::debug!(jobs = batch.len(), ms = started.elapsed().as_millis() as u64, "index batch committed");
                    metrics::counter!(domain::platform::metrics::INDEX_BATCHES, "outcome" => "committed").increment(1);
                    metrics::gauge!(domain::platform::metrics::INDEX_LAST_COMMIT).set(chrono::Utc::now().timestamp_millis() as f64 / 1000.0);
                }
                Err(err) => {
                    tracing::warn!(jobs = batch.len(), error = %err, "index batch failed");
                    metrics::counter!(domain::platform::metrics::INDEX_BATCHES, "outcome" => "failed").increment(1);
                }
            }
            let outcome = result.map_err(|e| format!("{e:#}"));
            for pending in batch {
                if let Some(done) = pending.done {
                    let _ = done.send(outcome.clone());
                }
            }
        }
    }

    /// Builds, writes and commits the documents of one batch, then records what the index holds.
    pub async fn apply(&self, mut work: Work) -> anyhow::Result<()> {
        for company in &work.companies {
            for id in indexer::vacancies::ids_of_company(&self.pool, *company).await? {
                if !work.vacancies.contains(&id) {
                    work.vacancies.push(id);
                }
            }
        }
        let vacancies = indexer::vacancies::prepare(&self.pool, &self.places, &work.vacancies).await?;
        let cvs = indexer::cvs::prepare(&self.pool, &self.places, &work.cvs).await?;
        // what the alerts compare with what the index held before (`record_live` below)
        let live = vacancies.upserts.clone();
        if !vacancies.upserts.is_empty() {
            self.engine.upsert_vacancies(vacancies.upserts).await?;
        }
        if !vacancies.deletes.is_empty() {
            self.engine.delete_vacancies(vacancies.deletes.clone()).await?;
        }
        if !cvs.upserts.is_empty() {
            self.engine.upsert_cvs(cvs.upserts).await?;
        }
        if !cvs.deletes.is_empty() {
            self.engine.delete_cvs(cvs.deletes.clone()).await?;
        }
        self.engine.commit().await?;
        // one transaction records what the index holds and which vacancies went live, with
        // their match job: killed before it, the batch runs again and compares again
        let mut tx = self.pool.begin().await?;
        indexer::record_indexed_in(&mut tx, "vacancy", &vacancies.versions, &vacancies.deletes).await?;
        indexer::record_indexed_in(&mut tx, "cv", &cvs.versions, &cvs.deletes).await?;
        let went_live = domain::alerts::matching::record_live(&mut tx, &live, &vacancies.deletes, Utc::now()).await?;
        tx.commit().await?;
        if !went_live.is_empty() {
            tracing::debug!(vacancies = went_live.len(), "vacancies went live: match job queued");
        }
        Ok(())
    }
}

/// The next batch (see the module documentation); `previous` is when the previous one was
/// taken. `None` when every sender is gone.
async fn gather<T>(receiver: &mut mpsc::Receiver<T>, previous: Option<Instant>) -> Option<Vec<T>> {
    let first = receiver.recv().await?;
    let opened = Instant::now();
    let deadline = opened + BATCH_WINDOW;
    // not before a window has passed since the previous batch: one commit per window at most
    let earliest = previous.map_or(opened, |at| at + BATCH_WINDOW).min(deadline);
    let mut batch = vec![first];
    while batch.len() < MAX_BATCH {
        let until = (Instant::now() + BATCH_IDLE).max(earliest).min(deadline);
        match tokio::time::timeout_at(until, receiver.recv()).await {
            Ok(Some(job)) => batch.push(job),
            Ok(None) | Err(_) => break,
        }
    }
    Some(batch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_lone_job_after_a_quiet_spell_goes_after_the_idle_gap() {
        let (sender, mut receiver) = mpsc::channel(10);
        sender.send(1).await.unwrap();
        let started = Instant::now();
        assert_eq!(gather(&mut receiver, None).await, Some(vec![1]));
        assert_eq!(started.elapsed(), BATCH_IDLE);
        // a long time after the previous batch: no wait for the window either
        sender.send(2).await.unwrap();
        let started = Instant::now();
        assert_eq!(gather(&mut receiver, Some(started - BATCH_WINDOW * 3)).await, Some(vec![2]));
        assert_eq!(started.elapsed(), BATCH_IDLE);
    }

    #[tokio::test(start_paused = true)]
    async fn jobs_right_after_a_batch_wait_for_the_window_so_commits_stay_one_per_window() {
        let (sender, mut receiver) = mpsc::channel(10);
        let previous = Instant::now();
        sender.send(1).await.unwrap();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(150)).await;
            sender.send(2).await.unwrap();
            // the channel stays open: the batch must close on time, not because it ended
            tokio::time::sleep(Duration::from_secs(10)).await;
        });
        assert_eq!(gather(&mut receiver, Some(previous)).await, Some(vec![1, 2]), "the second job joins the batch");
        assert_eq!(previous.elapsed(), BATCH_WINDOW, "closed once the window since the previous batch was over");
    }

    #[tokio::test(start_paused = true)]
    async fn a_steady_stream_is_cut_at_the_window() {
        let (sender, mut receiver) = mpsc::channel(100);
        tokio::spawn(async move {
            for job in 0.. {
                if sender.send(job).await.is_err() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        });
        let started = Instant::now();
        let batch = gather(&mut receiver, None).await.unwrap();
        assert_eq!(started.elapsed(), BATCH_WINDOW);
        assert_eq!(batch.len(), 20, "a job every 10 ms for 200 ms: {batch:?}");
    }

    #[test]
    fn a_batch_touches_each_id_once() {
        let a = Uuid::from_u128(1);
        let b = Uuid::from_u128(2);
        let jobs = [IndexJob::Vacancy(a), IndexJob::Vacancy(a), IndexJob::Cv(b), IndexJob::Company(b)];
        let work = Work::of(jobs.iter());
        assert_eq!(work, Work { vacancies: vec![a], companies: vec![b], cvs: vec![b] });
    }
}
