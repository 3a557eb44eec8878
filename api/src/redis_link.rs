//! One multiplexed connection to Redis, dropped when a call on it fails or does not answer in
//! time and made again (at most once per [`RECONNECT_EVERY`]) when the next call needs it.
//!
//! Hand-written over `redis::aio::MultiplexedConnection` rather than redis-rs's
//! `ConnectionManager`: the fault test `redis_down` found that a `ConnectionManager` whose calls
//! are cut short by the callers' own time bounds (1 s, shorter than its response timeout) never
//! connects again after Redis restarts — every later call waits out its bound — while this link
//! recovers on the first call after Redis is back.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use redis::AsyncConnectionConfig;
use redis::aio::MultiplexedConnection;

/// The least time between two attempts to connect while Redis does not answer.
pub const RECONNECT_EVERY: Duration = Duration::from_secs(1);
/// How long connecting may take.
const CONNECT_WAIT: Duration = Duration::from_secs(1);
/// How long a call may wait for its answer.
const RESPONSE_WAIT: Duration = Duration::from_secs(1);

#[derive(Clone)]
pub struct RedisLink {
    inner: Arc<Inner>,
}

struct Inner {
    client: redis::Client,
    /// The current connection, and when the last attempt to connect was made.
    state: Mutex<(Option<MultiplexedConnection>, Option<Instant>)>,
    /// Serializes connection attempts, so a burst of calls makes one.
    connecting: tokio::sync::Mutex<()>,
}

impl RedisLink {
    /// A link to `client`'s server; connects on first use.
    pub fn new(client: redis::Client) -> Self {
        RedisLink { inner: Arc::new(Inner { client, state: Mutex::new((None, None)), connecting: tokio::sync::Mutex::new(()) }) }
    }

    fn current(&self) -> (Option<MultiplexedConnection>, Option<Instant>) {
        self.inner.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// The connection, connecting when there is none; `None` while Redis does not answer (then at
    /// most one attempt per [`RECONNECT_EVERY`]).
    pub async fn connection(&self) -> Option<MultiplexedConnection> {
        if let (Some(connection), _) = self.current() {
            return Some(connection);
        }
        let _connecting = self.inner.connecting.lock().await;
        let (connection, attempted) = self.current();
        if connection.is_some() {
            return connection;
        }
        if attempted.is_some_and(|at| at.elapsed() < RECONNECT_EVERY) {
            return None;
        }
        let config = AsyncConnectionConfig::new().set_connection_timeout(CONNECT_WAIT).set_response_timeout(RESPONSE_WAIT);
        let made = tokio::time::timeout(CONNECT_WAIT * 2, self.inner.client.get_multiplexed_async_connection_with_config(&config)).await;
        let connection = made.ok().and_then(Result::ok);
        *self.inner.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = (connection.clone(), Some(Instant::now()));
        connection
    }

    /// Drops the connection after a failed or unanswered call; the next call connects again.
    pub fn failed(&self) {
        self.inner.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).0 = None;
    }

    /// Runs `call` on the connection within `wait`; `Err` with what went wrong (and the connection
    /// dropped) when there is none, the call failed or it took longer.
    pub async fn run<T, F, Fut>(&self, wait: Duration, call: F) -> Result<T, String>
    where
        F: FnOnce(MultiplexedConnection) -> Fut,
        Fut: std::future::Future<Output = redis::RedisResult<T>>,
    {
        let Some(connection) = self.connection().await else {
            return Err("no connection to redis".into());
        };
        let outcome = match tokio::time::timeout(wait, call(connection)).await {
            Ok(Ok(value)) => return Ok(value),
            Ok(Err(err)) => err.to_string(),
            Err(_) => format!("no answer within {} ms", wait.as_millis()),
        };
        self.failed();
        Err(outcome)
    }
}
