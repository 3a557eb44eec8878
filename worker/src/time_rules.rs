//! The vacancy time rules ([`domain::vacancies::time_rules`]), the services clock
//! ([`domain::billing::services`]) and the CV-database retention
//! ([`domain::cvs::to_vacancy::expire_after_access`]) on a cron schedule: at each time of the
//! schedule the rules (going live, finishing, renewal; services beginning and finishing; CVs of
//! CV-database vacancies leaving 14 days after access ended) run in the worker's process. They are idempotent and catch up on their
//! own (a rule late by hours still finishes at `valid_until` and renews to the last mark), so a
//! missed time needs no queue; a failure is logged and the next time runs them again. Every process
//! that runs the worker runs them; a second run for the same minute changes nothing.
//!
//! Why not apalis: apalis-cron 1.0's `CronScheduler::pipe_to(PostgresStorage)`, and also two
//! plain `PostgresStorage` workers fed by this schedule, kept polling while idle (60–100 % of a
//! core in a debug build; `resource_limits::hostile_pdfs…` checks that an idle server spends no
//! CPU), while the rules need none of a queue's guarantees.

use std::str::FromStr;

use chrono::Utc;
use sqlx::PgPool;

/// The rules run at second 0 of every minute: a vacancy reaches the index within a minute of its
/// publish time, leaves it within a minute of its end and is lifted within a minute of its renewal
/// mark (the search itself stops returning an
/// ended vacancy at its `valid_until`, whatever the job).
pub const EVERY_MINUTE: &str = "0 * * * * *";

/// Runs the rules once at `now`; a failure is logged, the next time runs them again.
async fn run_rules(pool: &PgPool) {
    let now = Utc::now();
    match domain::vacancies::time_rules::go_live(pool, now).await {
        Ok(0) => {}
        Ok(live) => tracing::info!(live, "time rules: vacancies went live"),
        Err(err) => tracing::warn!(error = %err, "time rules: going live failed"),
    }
    match domain::vacancies::time_rules::finish_ended(pool, now).await {
        Ok(0) => {}
        Ok(finished) => tracing::info!(finished, "time rules: ended vacancies finished"),
        Err(err) => tracing::warn!(error = %err, "time rules: finishing failed"),
    }
    match domain::vacancies::time_rules::renew_active(pool, now).await {
        Ok(0) => {}
        Ok(renewed) => tracing::info!(renewed, "time rules: active vacancies renewed"),
        Err(err) => tracing::warn!(error = %err, "time rules: renewal failed"),
    }
    match domain::billing::services::begin_due(pool, now).await {
        Ok(0) => {}
        Ok(begun) => tracing::info!(begun, "time rules: waiting services began"),
        Err(err) => tracing::warn!(error = %err, "time rules: beginning services failed"),
    }
    match domain::billing::services::finish_ended(pool, now).await {
        Ok(0) => {}
        Ok(finished) => tracing::info!(finished, "time rules: ended services finished"),
        Err(err) => tracing::warn!(error = %err, "time rules: finishing services failed"),
    }
    match domain::cvs::to_vacancy::expire_after_access(pool, now).await {
        Ok(0) => {}
        Ok(expired) => tracing::info!(expired, "time rules: cv-database candidates left after access ended"),
        Err(err) => tracing::warn!(error = %err, "time rules: cv-database retention failed"),
    }
}

/// The schedule of [`EVERY_MINUTE`].
pub fn every_minute() -> cron::Schedule {
    cron::Schedule::from_str(EVERY_MINUTE).expect("a valid cron expression")
}

/// Runs the rules at every time of `schedule` (the worker's is [`every_minute`]) until `stop`
/// resolves.
pub async fn run<F>(pool: PgPool, schedule: cron::Schedule, stop: impl Fn() -> F) -> anyhow::Result<()>
where
    F: Future<Output = Result<(), std::io::Error>> + Send + 'static,
{
    let stopped = stop();
    tokio::pin!(stopped);
    for at in schedule.upcoming(Utc) {
        let wait = (at - Utc::now()).to_std().unwrap_or_default();
        tokio::select! {
            _ = tokio::time::sleep(wait) => run_rules(&pool).await,
            _ = &mut stopped => return Ok(()),
        }
    }
    Ok(())
}
