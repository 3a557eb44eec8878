//! Fixed-window counters in Redis. Redis keeps nothing durable here: losing it only resets counters,
//! so a Redis failure lets the request through (logged) rather than locking everyone out; the
//! per-account limits on sign-in codes live in Postgres and hold regardless.

use domain::error::Error;
use redis::aio::ConnectionManager;

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
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            send_code_per_ip: Limit { max: 30, window_secs: 600 },
            verify_per_ip: Limit { max: 60, window_secs: 600 },
            my_data_per_user: Limit { max: 5, window_secs: 3600 },
            uploads_per_user: Limit { max: 60, window_secs: 3600 },
        }
    }
}

#[derive(Clone)]
pub struct RateLimiter {
    redis: ConnectionManager,
    /// Namespace of every key, so several apps (or tests) can share one Redis.
    prefix: String,
}

const HIT: &str = r"
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('TTL', KEYS[1])}
";

impl RateLimiter {
    pub fn new(redis: ConnectionManager, prefix: impl Into<String>) -> Self {
        RateLimiter { redis, prefix: prefix.into() }
    }

    pub fn connection(&self) -> ConnectionManager {
        self.redis.clone()
    }

    /// Counts one request under `name`/`key`; fails with 429 and the seconds left once over `limit`.
    pub async fn hit(&self, name: &str, key: &str, limit: Limit) -> Result<(), Error> {
        let redis_key = format!("{}rl:{name}:{key}", self.prefix);
        let mut conn = self.redis.clone();
        let result: redis::RedisResult<(u64, i64)> =
            redis::Script::new(HIT).key(&redis_key).arg(limit.window_secs).invoke_async(&mut conn).await;
        match result {
            Ok((count, ttl)) if count > limit.max => {
                Err(Error::TooManyRequests { retry_after_secs: ttl.max(1) as u64 })
            }
            Ok(_) => Ok(()),
            Err(err) => {
                tracing::warn!(error = %err, limit = name, "rate limiter unavailable, request let through");
                Ok(())
            }
        }
    }

    /// Whether `name`/`key` is seen for the first time in `window_secs` (then it is remembered);
    /// true when Redis is unavailable, like the limits.
    pub async fn first_time(&self, name: &str, key: &str, window_secs: u64) -> bool {
        let redis_key = format!("{}seen:{name}:{key}", self.prefix);
        let mut conn = self.redis.clone();
        let set: redis::RedisResult<Option<String>> =
            redis::cmd("SET").arg(&redis_key).arg(1).arg("NX").arg("EX").arg(window_secs).query_async(&mut conn).await;
        match set {
            Ok(reply) => reply.is_some(),
            Err(err) => {
                tracing::warn!(error = %err, "redis unavailable, counted as first time");
                true
            }
        }
    }
}
