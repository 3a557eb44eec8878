//! The vacancy time rules on apalis' cron support ([`domain::vacancies::time_rules`]): one cron
//! schedule per rule pipes its ticks into a queue of apalis' Postgres storage, and a worker of
//! that queue runs the rule at the time it takes the tick. The ticks are rows like any job's, so a
//! failure is retried and listed by `vakants jobs`, and a tick pushed while no worker ran is done
//! when one starts. Every process that runs the worker schedules its own ticks; the rules are
//! idempotent, so a second tick for the same minute changes nothing.

use std::str::FromStr;

use apalis::prelude::*;
use apalis_cron::{CronScheduler, Tick};
use apalis_postgres::{Config as QueueConfig, PostgresStorage};
use chrono::Utc;
use sqlx::PgPool;

/// The queue of ticks of the finishing rule.
pub const FINISH_QUEUE: &str = "vakants.time.finish";
/// The queue of ticks of the auto-renewal rule.
pub const RENEW_QUEUE: &str = "vakants.time.renew";
/// Both rules run at second 0 of every minute: a vacancy leaves the index within a minute of its
/// end and is lifted within a minute of its renewal mark (the search itself stops returning an
/// ended vacancy at its `valid_until`, whatever the job).
pub const EVERY_MINUTE: &str = "0 * * * * *";

async fn finish(_tick: Tick, pool: Data<PgPool>) -> Result<(), BoxDynError> {
    let finished = domain::vacancies::time_rules::finish_ended(&pool, Utc::now()).await?;
    if finished > 0 {
        tracing::info!(finished, "time rules: ended vacancies finished");
    }
    Ok(())
}

async fn renew(_tick: Tick, pool: Data<PgPool>) -> Result<(), BoxDynError> {
    let renewed = domain::vacancies::time_rules::renew_active(&pool, Utc::now()).await?;
    if renewed > 0 {
        tracing::info!(renewed, "time rules: active vacancies renewed");
    }
    Ok(())
}

/// The schedule of [`EVERY_MINUTE`].
pub fn every_minute() -> cron::Schedule {
    cron::Schedule::from_str(EVERY_MINUTE).expect("a valid cron expression")
}

fn queue(name: &str) -> QueueConfig {
    QueueConfig::default().queue(name).heartbeat_interval(crate::HEARTBEAT).missed_heartbeats(2)
}

/// Runs both rules on `schedule` (the worker's is [`every_minute`]) until `stop` resolves.
pub async fn run<F>(pool: PgPool, schedule: cron::Schedule, stop: impl Fn() -> F) -> anyhow::Result<()>
where
    F: Future<Output = Result<(), std::io::Error>> + Send + 'static,
{
    let finishing = WorkerBuilder::new(format!("vakants-finish-{}", uuid::Uuid::new_v4().simple()))
        .backend(CronScheduler::new(schedule.clone()).pipe_to(PostgresStorage::<Tick>::new(&pool).with_config(queue(FINISH_QUEUE))))
        .data(pool.clone())
        .build(finish);
    let renewing = WorkerBuilder::new(format!("vakants-renew-{}", uuid::Uuid::new_v4().simple()))
        .backend(CronScheduler::new(schedule).pipe_to(PostgresStorage::<Tick>::new(&pool).with_config(queue(RENEW_QUEUE))))
        .data(pool)
        .build(renew);
    let (finished, renewed) = tokio::join!(finishing.run_until(stop()), renewing.run_until(stop()));
    finished.map_err(|e| anyhow::anyhow!("finishing worker: {e}"))?;
    renewed.map_err(|e| anyhow::anyhow!("renewal worker: {e}"))?;
    Ok(())
}
