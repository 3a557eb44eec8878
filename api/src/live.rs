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
//!
//! Streams are bounded (issue 32): each process counts the streams it holds per user and per
//! client address ([`StreamSlots`], `STREAMS_PER_USER` and `STREAMS_PER_ADDRESS`; past them 429),
//! each ends after its lifetime (`STREAM_LIFETIME_SECS`, less up to a tenth so that streams opened
//! together do not all come back together), and every `STREAM_RECHECK_SECS` a stream checks that
//! its session still stands and still acts for the side the stream serves ([`side_now`]): a
//! stream ends within that time of a sign-out, an expired or deleted session or account, a removal
//! from the company's staff, or a switch to another company. The browser's `EventSource` opens it
//! again (and is refused when the session is gone).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use domain::chats::ChatParties;
use domain::platform::config::StreamLimits;
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
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
    /// The streams this process holds, per user and per client address.
    pub slots: StreamSlots,
}

impl Live {
    /// Subscribes to the channel in the background (and again whenever Redis comes back).
    pub fn start(client: redis::Client, redis: RedisLink, prefix: &str) -> Self {
        let (local, _) = broadcast::channel(BUFFER);
        let live = Live { local, redis, channel: format!("{prefix}live"), subscribed: Arc::default(), closing: watch::Sender::new(false), slots: StreamSlots::default() };
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

/// How many streams this process holds per user and per client address. In-process: with several
/// API nodes each counts its own (a user may hold the cap on each node), which still bounds what
/// one account or address can take from any one node.
#[derive(Clone, Default)]
pub struct StreamSlots {
    counts: Arc<Mutex<SlotCounts>>,
}

#[derive(Default)]
struct SlotCounts {
    users: HashMap<Uuid, usize>,
    addresses: HashMap<String, usize>,
}

/// One open stream's place in [`StreamSlots`], given back when the stream is dropped (it ended, or
/// the client went away). The maps hold only users and addresses with a stream open.
pub struct StreamSlot {
    counts: Arc<Mutex<SlotCounts>>,
    user: Uuid,
    address: Option<String>,
}

fn release<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: &K) {
    if let Some(count) = map.get_mut(key) {
        *count -= 1;
        if *count == 0 {
            map.remove(key);
        }
    }
}

impl StreamSlots {
    /// A slot for a new stream of `user` from `address`; None when either already holds its cap.
    pub fn take(&self, user: Uuid, address: Option<&str>, limits: &StreamLimits) -> Option<StreamSlot> {
        let mut counts = self.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if counts.users.get(&user).copied().unwrap_or(0) >= limits.per_user {
            return None;
        }
        if let Some(address) = address
            && counts.addresses.get(address).copied().unwrap_or(0) >= limits.per_address
        {
            return None;
        }
        *counts.users.entry(user).or_default() += 1;
        if let Some(address) = address {
            *counts.addresses.entry(address.to_string()).or_default() += 1;
        }
        Some(StreamSlot { counts: self.counts.clone(), user, address: address.map(str::to_string) })
    }

    /// Streams open in this process.
    pub fn open(&self) -> usize {
        self.counts.lock().map(|counts| counts.users.values().sum()).unwrap_or(0)
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        release(&mut counts.users, &self.user);
        if let Some(address) = &self.address {
            release(&mut counts.addresses, address);
        }
    }
}

/// The side a session acts for now, by the rule of `crate::session::acting_company_of`: its
/// company while the user is an EMPLOYER on that company's staff (the company not deleted), else
/// none (their own, as applicant). None at all when the session no longer stands: signed out,
/// expired, ended by the account's deletion or a new session of "log in as".
pub async fn side_now(pool: &PgPool, session_id: Uuid) -> domain::Result<Option<Option<Uuid>>> {
    let row: Option<(Option<Uuid>,)> = sqlx::query_as(
        "select case when exists (select 1 from user_roles r where r.user_id = s.user_id and r.role = 'EMPLOYER')
                      and exists (select 1 from company_staff st join companies c on c.id = st.company_id
                                  where st.company_id = s.company_id and st.user_id = s.user_id and c.deleted_at is null)
                     then s.company_id end
         from sessions s join users u on u.id = s.user_id and u.deleted_at is null
         where s.id = $1 and s.revoked_at is null and s.expires_at > now()",
    )
    .bind(session_id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(company,)| company))
}

/// Resolves when a stream of `session_id` serving `side` must end: its session no longer stands or
/// acts for another side, checked every `recheck` (or the check fails: the browser opens the stream
/// again, with the rights it has then).
pub async fn lapsed(pool: PgPool, session_id: Uuid, side: Option<Uuid>, recheck: Duration) {
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + recheck, recheck);
    loop {
        ticks.tick().await;
        match side_now(&pool, session_id).await {
            Ok(Some(now)) if now == side => {}
            Ok(_) => return,
            Err(error) => {
                tracing::warn!(error = %error, "a live stream could not re-check its session and ends");
                return;
            }
        }
    }
}

/// A stream's lifetime: `lifetime` less up to a tenth of it, at random, so that streams opened at
/// the same moment (after a deploy) do not all reconnect at the same moment.
pub fn spread_lifetime(lifetime: Duration) -> Duration {
    let share = (Uuid::new_v4().as_u128() % 1000) as f64 / 10_000.0;
    lifetime.mul_f64(1.0 - share)
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

    #[test]
    fn slots_count_per_user_and_address_and_come_back_when_dropped() {
        let limits = StreamLimits { per_user: 2, per_address: 3, ..StreamLimits::default() };
        let slots = StreamSlots::default();
        let (mari, jaan) = (Uuid::new_v4(), Uuid::new_v4());
        let first = slots.take(mari, Some("10.0.0.1"), &limits).unwrap();
        let _second = slots.take(mari, Some("10.0.0.1"), &limits).unwrap();
        assert!(slots.take(mari, Some("10.0.0.2"), &limits).is_none(), "the user's cap, from any address");
        let _third = slots.take(jaan, Some("10.0.0.1"), &limits).unwrap();
        assert!(slots.take(jaan, Some("10.0.0.1"), &limits).is_none(), "the address's cap, for any user");
        assert!(slots.take(jaan, Some("10.0.0.2"), &limits).is_some(), "dropped at once: the slot comes back");
        drop(first);
        assert!(slots.take(mari, Some("10.0.0.1"), &limits).is_some());
        assert_eq!(slots.open(), 2, "the slots still held: the second and the third");
        let counts = slots.counts.lock().unwrap();
        assert_eq!(counts.addresses.get("10.0.0.2"), None, "an address without streams is forgotten");
    }

    #[test]
    fn a_lifetime_is_spread_over_its_last_tenth() {
        for _ in 0..100 {
            let lifetime = spread_lifetime(Duration::from_secs(3600));
            assert!(lifetime > Duration::from_secs(3240) && lifetime <= Duration::from_secs(3600), "{lifetime:?}");
        }
    }
}
