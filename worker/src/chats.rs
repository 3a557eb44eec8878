//! The mail of unread chat messages ([`domain::chats::unread_mail::mail_unread`]) runs every
//! minute in the process that runs the worker. The rule marks what it mails and catches up on its
//! own, so a missed minute needs no queue; a failure is logged and the next minute tries again.

use chrono::Utc;
use domain::platform::mail::Mailer;
use sqlx::PgPool;
use tokio::sync::watch;

/// What the mail of unread messages needs.
pub struct UnreadMail {
    pub pool: PgPool,
    pub mailer: Mailer,
    /// The site's origin, for the link to the chat.
    pub public_url: String,
}

impl UnreadMail {
    /// Mails what is due at `now`; a failure is logged.
    pub async fn run_once(&self, now: chrono::DateTime<Utc>) {
        match domain::chats::unread_mail::mail_unread(&self.pool, &self.mailer, &self.public_url, now).await {
            Ok(0) => {}
            Ok(mailed) => tracing::info!(mailed, "unread chat messages mailed"),
            Err(err) => tracing::warn!(error = %err, "mailing unread chat messages failed"),
        }
    }

    /// Runs [`Self::run_once`] at every time of `schedule` (the worker's is every minute) until
    /// `stop` turns true.
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
