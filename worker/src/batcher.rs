//! Gathers index jobs into batches: one index commit per batch, at most every [`BATCH_WINDOW`].

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use domain::platform::jobs::IndexJob;
use indexer::Places;
use search::SearchEngine;
use sqlx::PgPool;
use tokio::sync::mpsc;
use tokio::time::Instant;
use uuid::Uuid;

use crate::Pending;

/// How long a batch stays open after its first job.
pub const BATCH_WINDOW: Duration = Duration::from_millis(200);
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
        while let Some(first) = receiver.recv().await {
            let mut batch = vec![first];
            let deadline = Instant::now() + BATCH_WINDOW;
            while batch.len() < MAX_BATCH {
                match tokio::time::timeout_at(deadline, receiver.recv()).await {
                    Ok(Some(pending)) => batch.push(pending),
                    Ok(None) | Err(_) => break,
                }
            }
            let started = Instant::now();
            let result = self.apply(Work::of(batch.iter().map(|p| &p.job))).await;
            match &result {
                Ok(()) => tracing::debug!(jobs = batch.len(), ms = started.elapsed().as_millis() as u64, "index batch committed"),
                Err(err) => tracing::warn!(jobs = batch.len(), error = %err, "index batch failed"),
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
        indexer::record_indexed(&self.pool, "vacancy", &vacancies.versions, &vacancies.deletes).await?;
        indexer::record_indexed(&self.pool, "cv", &cvs.versions, &cvs.deletes).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_touches_each_id_once() {
        let a = Uuid::from_u128(1);
        let b = Uuid::from_u128(2);
        let jobs = [IndexJob::Vacancy(a), IndexJob::Vacancy(a), IndexJob::Cv(b), IndexJob::Company(b)];
        let work = Work::of(jobs.iter());
        assert_eq!(work, Work { vacancies: vec![a], companies: vec![b], cvs: vec![b] });
    }
}
