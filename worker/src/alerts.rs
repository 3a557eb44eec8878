//! The matching of saved searches in the worker ([`domain::alerts::matching`]): the instant match
//! jobs the batcher queues, and the daily and weekly runs on a schedule.
//!
//! Both load the vacancies' current documents as the batcher does (a vacancy no longer live is
//! left out) and hand them to the domain with the engine. A failed job is retried by apalis; a
//! failed scheduled run is logged and the next minute runs it again (it is idempotent and
//! resumable: the saved searches it finished are no longer due).

use std::str::FromStr;
use std::sync::Arc;

use apalis::prelude::*;
use chrono::{DateTime, Utc};
use domain::alerts::matching::{self, Digest, InstantSearches, MatchContext, MatchJob, Matched};
use domain::platform::reference::ReferenceCache;
use indexer::Places;
use search::SearchEngine;
use sqlx::PgPool;

/// What the matching needs beside the pool: the engine, the places (to build documents), the
/// reference lists (to check a saved search's filter as the search does) and the instant saved
/// searches kept from one match job to the next.
#[derive(Clone)]
pub struct Matcher {
    pub engine: Arc<dyn SearchEngine>,
    pub places: Places,
    pub reference: ReferenceCache,
    pub searches: Arc<InstantSearches>,
    /// How long a mail pass the matching queues waits (`ALERT_MAIL_WINDOW_MS`).
    pub mail_window: std::time::Duration,
}

impl Matcher {
    fn context<'a>(&'a self, pool: &'a PgPool) -> MatchContext<'a> {
        MatchContext { pool, reference: &self.reference, engine: self.engine.as_ref(), mail_window: self.mail_window }
    }

    /// The instant matching of the given vacancies that are still live (outside the queue: the
    /// tests and benchmarks hand the vacancies over).
    pub async fn instant(&self, pool: &PgPool, vacancy_ids: &[uuid::Uuid], now: DateTime<Utc>) -> anyhow::Result<Matched> {
        let docs = indexer::vacancies::prepare(pool, &self.places, vacancy_ids).await?.upserts;
        Ok(matching::match_instant(self.context(pool), &self.searches, docs, now).await?)
    }

    /// The instant matching of every vacancy waiting for it ([`matching::claim_run`]), in runs
    /// of at most [`matching::PENDING_CHUNK`] until none waits: a match job finds the vacancies of
    /// the jobs queued while an earlier run was busy and matches them in one run, and the jobs
    /// after it find nothing left. Each run claims, matches and writes on one transaction, so a
    /// run killed midway leaves its vacancies waiting for the next.
    pub async fn pending(&self, pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<Matched> {
        let mut done = Matched::default();
        while let Some(run) = matching::claim_run(pool).await? {
            let docs = indexer::vacancies::prepare(pool, &self.places, &run.ids).await?.upserts;
            done += run.finish(self.context(pool), &self.searches, docs, now).await?;
        }
        Ok(done)
    }

    /// The run of `digest` at `now` (see [`matching::match_digests`]); nothing when no saved
    /// search is due.
    pub async fn digests(&self, pool: &PgPool, digest: Digest, now: DateTime<Utc>) -> anyhow::Result<Matched> {
        let mark = matching::digest_mark(digest, now);
        let Some(since) = matching::earliest_due(pool, digest, mark).await? else {
            return Ok(Matched::default());
        };
        let changed = matching::changed_between(pool, since, mark).await?;
        let ids: Vec<uuid::Uuid> = changed.iter().map(|(id, _)| *id).collect();
        let mut docs = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(2_000) {
            docs.extend(indexer::vacancies::prepare(pool, &self.places, chunk).await?.upserts);
        }
        Ok(matching::match_digests(self.context(pool), digest, docs, &changed, now).await?)
    }
}

/// Handles a [`MatchJob`]: matches every vacancy waiting ([`Matcher::pending`]), the job's own
/// among them unless a run of an earlier job already took them.
pub async fn handle(job: MatchJob, pool: Data<PgPool>, matcher: Data<Matcher>) -> Result<(), BoxDynError> {
    let matched = matcher.pending(&pool, Utc::now()).await.map_err(|e| format!("{e:#}"))?;
    tracing::debug!(
        vacancies = job.vacancy_ids.len(),
        searches = matched.searches,
        queries = matched.queries,
        converted = matched.converted,
        pairs = matched.pairs,
        alerts = matched.alerts,
        engine_ms = matched.engine.as_millis() as u64,
        writing_ms = matched.writing.as_millis() as u64,
        "instant matching done"
    );
    Ok(())
}

/// The scheduled runs look for due saved searches at second 30 of every minute (the mark
/// itself is 07:00 in Tallinn: [`matching::digest_mark`]).
pub const EVERY_MINUTE: &str = "30 * * * * *";

/// Runs the daily and weekly matching every minute until `stop` resolves, and a mail pass when
/// one is overdue ([`crate::alert_mail::overdue`]: its job lost or failed for good).
pub async fn run_schedule<F>(pool: PgPool, matcher: Matcher, mailing: crate::Mailing, stop: impl Fn() -> F) -> anyhow::Result<()>
where
    F: Future<Output = Result<(), std::io::Error>> + Send + 'static,
{
    let schedule = cron::Schedule::from_str(EVERY_MINUTE).expect("a valid cron expression");
    let stopped = stop();
    tokio::pin!(stopped);
    for at in schedule.upcoming(Utc) {
        let wait = (at - Utc::now()).to_std().unwrap_or_default();
        tokio::select! {
            _ = tokio::time::sleep(wait) => {
                for digest in [Digest::Daily, Digest::Weekly] {
                    match matcher.digests(&pool, digest, Utc::now()).await {
                        Ok(Matched { searches: 0, .. }) => {}
                        Ok(matched) => tracing::info!(digest = ?digest, searches = matched.searches, pairs = matched.pairs, alerts = matched.alerts, "scheduled matching done"),
                        Err(error) => tracing::warn!(digest = ?digest, error = %format!("{error:#}"), "scheduled matching failed"),
                    }
                }
                match crate::alert_mail::overdue(&pool, mailing.alert_mail_window).await {
                    Ok(false) => {}
                    Ok(true) => match crate::alert_mail::run(&pool, &mailing).await {
                        Ok(done) => tracing::info!(sets = done.sets, mails = done.mails, sent = done.sent, "overdue alert mail pass done"),
                        Err(error) => tracing::warn!(error = %format!("{error:#}"), "overdue alert mail pass failed"),
                    },
                    Err(error) => tracing::warn!(error = %format!("{error:#}"), "looking for an overdue alert mail pass failed"),
                }
            }
            _ = &mut stopped => return Ok(()),
        }
    }
    Ok(())
}
