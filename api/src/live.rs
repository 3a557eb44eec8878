//! Live delivery: chat events reach the signed-in users' server-sent event streams
//! (`GET /api/user/stream`) on every API process, through one Redis pub/sub channel
//! (`{REDIS prefix}live`).
//!
//! Each process subscribes to the channel once and hands what arrives to its own streams through a
//! broadcast channel; each stream keeps the events of its user (the applicant of the chat, or the
//! staff of its company). An event names the chat, never its text: the web reloads what changed
//! with the caller's own rights.
//!
//! Redis is not needed for correctness: while the subscription is down the process retries it
//! every few seconds and delivers its own events to its own streams directly; the web's 30 s badge
//! poll covers the rest.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use domain::chats::ChatParties;
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, watch};
use uuid::Uuid;

use crate::redis_link::RedisLink;

/// How long a publish or a subscription attempt waits for Redis.
const REDIS_WAIT: Duration = Duration::from_secs(2);
/// The pause between attempts to subscribe again after Redis went away.
const RESUBSCRIBE_AFTER: Duration = Duration::from_secs(2);
/// Events a slow stream may fall behind before it skips some (it then reloads everything).
const BUFFER: usize = 1024;

/// What happened in a chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LiveKind {
    /// A new message.
    Message,
    /// One side read the other's messages.
    Read,
}

/// One event of the live channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LiveEvent {
    pub kind: LiveKind,
    #[serde(flatten)]
    pub parties: ChatParties,
}

/// What a stream's client receives (`event: chat`).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatEvent {
    pub kind: LiveKind,
    pub chat_id: Uuid,
}

impl LiveEvent {
    /// Whether a stream of `user_id` (acting for `company`, when an employer) receives it: the
    /// same rule as who reads the chat.
    pub fn is_for(&self, user_id: Uuid, company: Option<Uuid>) -> bool {
        match company {
            Some(company_id) => self.parties.company_id == company_id,
            None => self.parties.applicant_user_id == user_id,
        }
    }
}

/// The process's end of the live channel.
#[derive(Clone)]
pub struct Live {
    local: broadcast::Sender<LiveEvent>,
    redis: RedisLink,
    channel: String,
    subscribed: Arc<AtomicBool>,
    /// Turns true when the server shuts down: open streams end instead of holding the shutdown
    /// for its whole grace period.
    closing: watch::Sender<bool>,
}

impl Live {
    /// Subscribes to the channel in the background (and again whenever Redis comes back).
    pub fn start(client: redis::Client, redis: RedisLink, prefix: &str) -> Self {
        let (local, _) = broadcast::channel(BUFFER);
        let live = Live { local, redis, channel: format!("{prefix}live"), subscribed: Arc::default(), closing: watch::Sender::new(false) };
        tokio::spawn(live.clone().subscribe(client));
        live
    }

    async fn subscribe(self, client: redis::Client) {
        loop {
            match tokio::time::timeout(REDIS_WAIT, self.subscription(&client)).await {
                Ok(Ok(mut messages)) => {
                    self.subscribed.store(true, Ordering::Relaxed);
                    tracing::info!(channel = %self.channel, "live channel subscribed");
                    while let Some(message) = messages.next().await {
                        match serde_json::from_slice::<LiveEvent>(message.get_payload_bytes()) {
                            Ok(event) => {
                                let _ = self.local.send(event);
                            }
                            Err(error) => tracing::warn!(error = %error, "unreadable live event"),
                        }
                    }
                    self.subscribed.store(false, Ordering::Relaxed);
                    tracing::warn!("live channel lost: streams get this process's events only until redis answers");
                }
                Ok(Err(error)) => tracing::debug!(error = %error, "live channel: redis unavailable"),
                Err(_) => tracing::debug!("live channel: redis did not answer"),
            }
            if self.local.receiver_count() == 0 && Arc::strong_count(&self.subscribed) == 1 {
                return;
            }
            tokio::time::sleep(RESUBSCRIBE_AFTER).await;
        }
    }

    async fn subscription(&self, client: &redis::Client) -> redis::RedisResult<redis::aio::PubSubStream> {
        let mut pubsub = client.get_async_pubsub().await?;
        pubsub.subscribe(&self.channel).await?;
        Ok(pubsub.into_on_message())
    }

    /// Whether events of other processes arrive now.
    pub fn is_subscribed(&self) -> bool {
        self.subscribed.load(Ordering::Relaxed)
    }

    /// Sends the event to every process's streams, in the background so no answer waits for
    /// Redis. Without Redis this process's own streams still get it.
    pub fn publish(&self, event: LiveEvent) {
        let live = self.clone();
        tokio::spawn(async move {
            let Ok(payload) = serde_json::to_string(&event) else { return };
            let channel = live.channel.clone();
            let published = live
                .redis
                .run(REDIS_WAIT, |mut redis| async move { redis::cmd("PUBLISH").arg(&channel).arg(payload).query_async::<i64>(&mut redis).await })
                .await;
            let through_redis = published.is_ok() && live.is_subscribed();
            if !through_redis {
                let _ = live.local.send(event);
            }
        });
    }

    /// The events from now on, of every chat; a stream filters its own.
    pub fn receiver(&self) -> broadcast::Receiver<LiveEvent> {
        self.local.subscribe()
    }

    /// Ends every open stream (the server is shutting down).
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Resolves when the server shuts down.
    pub fn closed(&self) -> impl std::future::Future<Output = ()> + Send + use<> {
        let mut closing = self.closing.subscribe();
        async move {
            let _ = closing.wait_for(|closed| *closed).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_reaches_the_applicant_and_the_company_of_the_chat_only() {
        let parties = ChatParties { chat_id: Uuid::new_v4(), company_id: Uuid::new_v4(), applicant_user_id: Uuid::new_v4() };
        let event = LiveEvent { kind: LiveKind::Message, parties };
        assert!(event.is_for(parties.applicant_user_id, None));
        assert!(event.is_for(Uuid::new_v4(), Some(parties.company_id)), "any of the company's staff");
        assert!(!event.is_for(Uuid::new_v4(), None));
        assert!(!event.is_for(parties.applicant_user_id, Some(Uuid::new_v4())), "acting for another company");
        let json = serde_json::to_value(event).unwrap();
        assert_eq!(json["kind"], "message");
        assert_eq!(json["chatId"], parties.chat_id.to_string());
    }
}
