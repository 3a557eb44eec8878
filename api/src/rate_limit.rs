//! Fixed-window counters in Redis, shared by every server process. When Redis fails or does not
//! answer within [`REDIS_WAIT`], the same limits are counted in this process instead
//! ([`FallbackCounters`], at most [`FALLBACK_KEYS`] keys): a Redis outage never switches a limit
//! off. It is logged once when it starts and once when Redis answers again. The per-account limits
//! on sign-in codes live in Postgres and hold regardless.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use domain::accounts::otp::IssueLimits;
use domain::platform::error::Error;

use crate::redis_link::RedisLink;

/// How long a limit waits for Redis before it counts in-process.
pub const REDIS_WAIT: Duration = Duration::from_secs(1);
/// The most keys the in-process fallback holds (about 100 bytes each).
pub const FALLBACK_KEYS: usize = 100_000;

#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub max: u64,
    pub window_secs: u64,
}

/// The per-IP limits of the sign-in calls.
#[derive(Clone, Debug)]
pub struct RateLimits {
    /// `POST /auth/login` and `POST /auth/register` per client address.
    pub send_code_per_ip: Limit,
    /// `POST /auth/verify-otp` per client address.
    pub verify_per_ip: Limit,
    /// `GET /user/my-data` per user: an export reads every table and file of the user.
    pub my_data_per_user: Limit,
    /// Uploads per user (`POST /api/user/upload`, the profile picture, a CV's PDF): each may be
    /// tens of MiB to read, check and store.
    pub uploads_per_user: Limit,
    /// Generated CV PDFs per user (`GET /api/applicant/cv/{id}/pdf`): each is CPU work of a
    /// blocking thread (`domain::platform::typeset::RENDERS` bounds how many run at once).
    pub pdf_renders_per_user: Limit,
    /// A visitor's saved searches (`POST /api/open/saved-searches`, each mails a confirmation) per
    /// client address.
    pub visitor_alerts_per_ip: Limit,
    /// The same per e-mail address, so that nobody's mailbox can be filled with confirmations.
    pub visitor_alerts_per_email: Limit,
    /// Reports of ads (`POST /api/open/vacancies/{id}/reports`) per client address.
    pub reports_per_ip: Limit,
    /// The same per signed-in account.
    pub reports_per_account: Limit,
    /// Calls one API key may make (`Authorization: Bearer`), whoever sends them.
    pub api_key_requests: Limit,
    /// Sign-in codes one account may be sent from one address: an hour
    /// ([`domain::accounts::otp::MAX_CODES_PER_HOUR`]) and the time between two
    /// ([`domain::accounts::otp::RESEND_INTERVAL`]).
    pub codes_per_account: IssueLimits,
}

impl RateLimits {
    /// The sign-in limits ×100 and 2 s between two codes of an account (`RELAXED_RATE_LIMITS`, dev
    /// mode only): the browser journeys sign in more than 30 times in ten minutes from 127.0.0.1,
    /// the demo accounts more than 10 times an hour and often within a minute of each other (each
    /// such sign-in waited out the minute: about 7 of the journeys' 20 minutes).
    pub fn relaxed(self) -> Self {
        let wide = |limit: Limit| Limit { max: limit.max * 100, ..limit };
        RateLimits {
            send_code_per_ip: wide(self.send_code_per_ip),
            verify_per_ip: wide(self.verify_per_ip),
            visitor_alerts_per_ip: wide(self.visitor_alerts_per_ip),
            visitor_alerts_per_email: wide(self.visitor_alerts_per_email),
            reports_per_ip: wide(self.reports_per_ip),
            codes_per_account: IssueLimits { per_hour: self.codes_per_account.per_hour * 100, resend_interval: chrono::Duration::seconds(2) },
            ..self
        }
    }
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            send_code_per_ip: Limit { max: 30, window_secs: 600 },
            verify_per_ip: Limit { max: 60, window_secs: 600 },
            my_data_per_user: Limit { max: 5, window_secs: 3600 },
            uploads_per_user: Limit { max: 60, window_secs: 3600 },
            pdf_renders_per_user: Limit { max: 30, window_secs: 3600 },
            visitor_alerts_per_ip: Limit { max: 20, window_secs: 3600 },
            visitor_alerts_per_email: Limit { max: 3, window_secs: 86_400 },
            api_key_requests: Limit { max: 300, window_secs: 60 },
            reports_per_ip: Limit { max: 10, window_secs: 3600 },
            reports_per_account: Limit { max: 10, window_secs: 3600 },
            codes_per_account: IssueLimits::default(),
        }
    }
}

/// Fixed-window counters kept in this process while Redis is unavailable. Bounded: when
/// [`FALLBACK_KEYS`] keys are held, expired windows are dropped; if all are live, new keys share
/// one overflow counter per limit (still a limit, never a pass).
#[derive(Default)]
pub struct FallbackCounters {
    /// `name:key` to (window start, window length, hits).
    windows: Mutex<HashMap<String, (Instant, Duration, u64)>>,
}

impl FallbackCounters {
    /// Counts one hit of `key`; `Some(seconds left)` once over `limit`.
    pub fn hit(&self, name: &str, key: &str, limit: Limit, capacity: usize) -> Option<u64> {
        let now = Instant::now();
        let window = Duration::from_secs(limit.window_secs.max(1));
        let mut windows = self.windows.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut key = format!("{name}:{key}");
        if !windows.contains_key(&key) && windows.len() >= capacity {
            windows.retain(|_, (started, length, _)| now.duration_since(*started) < *length);
            if windows.len() >= capacity {
                key = format!("{name}:overflow");
            }
        }
        let entry = windows.entry(key).or_insert((now, window, 0));
        if now.duration_since(entry.0) >= entry.1 {
            *entry = (now, window, 0);
        }
        entry.2 += 1;
        (entry.2 > limit.max).then(|| (entry.1.saturating_sub(now.duration_since(entry.0))).as_secs().max(1))
    }

    pub fn len(&self) -> usize {
        self.windows.lock().map(|w| w.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[derive(Clone)]
pub struct RateLimiter {
    redis: RedisLink,
    /// Namespace of every key, so several apps (or tests) can share one Redis.
    prefix: String,
    fallback: Arc<FallbackCounters>,
    /// Whether the last Redis call failed: the outage is logged once, not per request.
    degraded: Arc<AtomicBool>,
}

const HIT: &str = r"
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('TTL', KEYS[1])}
";

impl RateLimiter {
    pub fn new(redis: RedisLink, prefix: impl Into<String>) -> Self {
        RateLimiter { redis, prefix: prefix.into(), fallback: Arc::default(), degraded: Arc::default() }
    }

    /// The link to Redis (for `/readyz`).
    pub fn link(&self) -> &RedisLink {
        &self.redis
    }

    /// Runs one Redis call, bounded by [`REDIS_WAIT`]; `None` when it failed or took too long.
    async fn redis<T, F, Fut>(&self, call: F) -> Option<T>
    where
        F: FnOnce(redis::aio::MultiplexedConnection) -> Fut,
        Fut: std::future::Future<Output = redis::RedisResult<T>>,
    {
        let outcome = self.redis.run(REDIS_WAIT, call).await;
        match outcome {
            Ok(value) => {
                if self.degraded.swap(false, Ordering::Relaxed) {
                    tracing::info!("redis answers again; rate limits are shared again");
                }
                Some(value)
            }
            Err(error) => {
                if !self.degraded.swap(true, Ordering::Relaxed) {
                    tracing::warn!(error = %error, "redis unavailable: rate limits are counted in this process until it answers");
                }
                None
            }
        }
    }

    /// Counts one request under `name`/`key`; fails with 429 and the seconds left once over `limit`.
    pub async fn hit(&self, name: &str, key: &str, limit: Limit) -> Result<(), Error> {
        let redis_key = format!("{}rl:{name}:{key}", self.prefix);
        let script = redis::Script::new(HIT);
        let counted = self
            .redis(|mut conn| async move { script.key(&redis_key).arg(limit.window_secs).invoke_async::<(u64, i64)>(&mut conn).await })
            .await;
        let over = match counted {
            Some((count, ttl)) => (count > limit.max).then(|| ttl.max(1) as u64),
            None => self.fallback.hit(name, key, limit, FALLBACK_KEYS),
        };
        match over {
            Some(retry_after_secs) => Err(Error::TooManyRequests { retry_after_secs }),
            None => Ok(()),
        }
    }

    /// Whether `name`/`key` is seen for the first time in `window_secs` (then it is remembered);
    /// true when Redis is unavailable (a view counted twice is harmless).
    pub async fn first_time(&self, name: &str, key: &str, window_secs: u64) -> bool {
        let redis_key = format!("{}seen:{name}:{key}", self.prefix);
        let mut set = redis::cmd("SET");
        set.arg(&redis_key).arg(1).arg("NX").arg("EX").arg(window_secs);
        self.redis(|mut conn| async move { set.query_async::<Option<String>>(&mut conn).await }).await.is_none_or(|reply| reply.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_counts_a_fixed_window() {
        let counters = FallbackCounters::default();
        let limit = Limit { max: 3, window_secs: 600 };
        for _ in 0..3 {
            assert_eq!(counters.hit("send-code", "10.0.0.1", limit, 10), None);
        }
        let retry = counters.hit("send-code", "10.0.0.1", limit, 10).expect("the fourth is refused");
        assert!((590..=600).contains(&retry), "{retry}");
        assert_eq!(counters.hit("send-code", "10.0.0.2", limit, 10), None, "another address counts apart");
        assert_eq!(counters.hit("verify", "10.0.0.1", limit, 10), None, "another limit counts apart");
    }

    #[test]
    fn the_fallback_is_bounded_and_still_limits_past_its_capacity() {
        let counters = FallbackCounters::default();
        let limit = Limit { max: 2, window_secs: 600 };
        for i in 0..5 {
            counters.hit("send-code", &format!("10.0.0.{i}"), limit, 5);
        }
        assert_eq!(counters.len(), 5);
        // full of live keys: new addresses share one overflow counter, which still refuses
        assert_eq!(counters.hit("send-code", "10.0.1.1", limit, 5), None);
        assert_eq!(counters.hit("send-code", "10.0.1.2", limit, 5), None);
        assert!(counters.hit("send-code", "10.0.1.3", limit, 5).is_some());
        assert!(counters.len() <= 6);
    }

    #[test]
    fn relaxed_limits_widen_only_the_sign_in_limits() {
        let relaxed = RateLimits::default().relaxed();
        assert_eq!(relaxed.send_code_per_ip.max, 3000);
        assert_eq!(relaxed.verify_per_ip.max, 6000);
        assert_eq!(relaxed.my_data_per_user.max, RateLimits::default().my_data_per_user.max);
        assert_eq!(relaxed.codes_per_account.per_hour, 1000);
        assert_eq!(relaxed.codes_per_account.resend_interval, chrono::Duration::seconds(2));
        assert_eq!(RateLimits::default().codes_per_account.resend_interval, chrono::Duration::seconds(60));
    }
}
