//! Billing on a schedule: the overdue reminders ([`domain::billing::reminders::send_overdue`]) run
//! every hour in the process that runs the worker. The rule is idempotent (an invoice's reminder is
//! sent once, its row locked while it is mailed) and catches up on its own, so a missed hour needs
//! no queue; a failure is logged and the next hour tries again.

use std::str::FromStr;
use std::sync::Arc;

use chrono::Utc;
use domain::billing::seller::Seller;
use domain::platform::mail::Mailer;
use sqlx::PgPool;
use tokio::sync::watch;

/// Minute 5 of every hour.
pub const EVERY_HOUR: &str = "0 5 * * * *";

/// The schedule of [`EVERY_HOUR`].
pub fn every_hour() -> cron::Schedule {
    cron::Schedule::from_str(EVERY_HOUR).expect("a valid cron expression")
}

/// What the reminders need.
pub struct Reminders {
    pub pool: PgPool,
    pub mailer: Mailer,
    pub seller: Arc<Seller>,
    /// The site's origin, for the link to the invoices.
    pub public_url: String,
}

impl Reminders {
    /// Sends the reminders due at `now`; a failure is logged.
    pub async fn run_once(&self, now: chrono::DateTime<Utc>) {
        match domain::billing::reminders::send_overdue(
            &self.pool,
            &self.mailer,
            &self.seller,
            &self.public_url,
            now,
        )
        .await
        {
            Ok(0) => {}
            Ok(sent) => tracing::info!(sent, "overdue invoice reminders sent"),
            Err(err) => tracing::warn!(error = %err, "overdue invoice reminders failed"),
        }
    }

    /// Runs [`Self::run_once`] at every time of `schedule` until `stop` turns true.
    pub async fn run(self, schedule: cron::Schedule, mut stop: watch::Receiver<bool>) {
        let stopped = async move {
            let _ = stop.wait_for(|stopped| *stopped).await;
        };
        tokio::pin!(stopped);
        for at in schedule.upcoming(Utc) {
            let wait = (at - Utc::now()).to_std().unwrap_or_default();
            tokio::select! {
                _ = tokio::time::sleep(wait) => self.run_once(Utc::now()).await,
                _ = &mut stopped => return,
            }
        }
    }
}
