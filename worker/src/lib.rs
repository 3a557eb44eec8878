//! Background work beside the API. For now the periodic maintenance: ended sessions and sign-in
//! codes are deleted. Index jobs, PDF extraction, thumbnails and the other cron jobs of the
//! architecture join here as apalis workers with the search pipeline.

use std::time::Duration;

use sqlx::PgPool;
use tokio::sync::watch;

pub const MAINTENANCE_INTERVAL: Duration = Duration::from_secs(600);

/// One maintenance pass; returns (sessions, codes) deleted.
pub async fn maintenance_pass(pool: &PgPool) -> domain::Result<(u64, u64)> {
    let sessions = domain::sessions::purge_ended(pool).await?;
    let codes = domain::otp::purge_ended(pool).await?;
    Ok((sessions, codes))
}

/// Runs until `shutdown` turns true.
pub async fn run(pool: PgPool, mut shutdown: watch::Receiver<bool>) {
    tracing::info!("worker started");
    let mut ticker = tokio::time::interval(MAINTENANCE_INTERVAL);
    loop {
        tokio::select! {
            _ = ticker.tick() => match maintenance_pass(&pool).await {
                Ok((sessions, codes)) => tracing::info!(sessions, codes, "maintenance: ended sessions and codes deleted"),
                Err(err) => tracing::warn!(error = %err, "maintenance pass failed"),
            },
            _ = shutdown.changed() => break,
        }
    }
    tracing::info!("worker stopped");
}
