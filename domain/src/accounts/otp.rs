//! One-time sign-in codes: six digits from a CSPRNG, kept only as a keyed hash, valid ten minutes,
//! single use.
//!
//! A lock-out must cost the attacker, not the owner, so wrong codes count in three places:
//! - per code: a code that has seen 5 wrong tries dies (every wrong try counts against each live
//!   code of the account, so no code is guessed more than 5 times);
//! - per (account, client address) pair: 5 wrong tries in a row lock that pair — only that pair —
//!   for 10 minutes (it can neither verify nor ask for codes); the owner, asking for a fresh code
//!   from another address, signs in meanwhile;
//! - per account: 100 wrong tries within 24 hours lock the account's sign-in until the oldest of
//!   them is a day old (the last line against a stranger with many addresses).
//!
//! Issuing is bounded per pair (one code a minute, 10 an hour); an account holds at most 5 live
//! codes (the oldest dies first), and a new code kills the earlier live code of the same pair.

use chrono::{DateTime, Duration, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::platform::crypto;
use crate::platform::error::{Error, ErrorCode, Result};

pub const CODE_LIFETIME: Duration = Duration::minutes(10);
/// Wrong tries a code survives.
pub const MAX_WRONG_ATTEMPTS: i32 = 5;
/// Wrong tries in a row from one (account, client address) pair before the pair is locked.
pub const MAX_CLIENT_FAILURES: i32 = 5;
pub const LOCK_DURATION: Duration = Duration::minutes(10);
/// Wrong tries on one account within `ACCOUNT_WINDOW`, from any address, before its sign-in stops.
pub const MAX_ACCOUNT_FAILURES: i64 = 100;
pub const ACCOUNT_WINDOW: Duration = Duration::hours(24);
/// Per (account, client address) pair.
pub const RESEND_INTERVAL: Duration = Duration::seconds(60);
/// Per (account, client address) pair.
pub const MAX_CODES_PER_HOUR: i64 = 10;
/// Live (unused, unexpired) codes an account holds at once.
pub const MAX_LIVE_CODES: i64 = 5;

/// The pair key of a request without a known address.
const UNKNOWN_CLIENT: &str = "unknown";

fn hash_code(secret: &[u8], user_id: Uuid, code: &str) -> Vec<u8> {
    crypto::keyed_hash(secret, &[b"otp", user_id.as_bytes(), code.as_bytes()])
}

fn retry_after(until: DateTime<Utc>) -> Error {
    let secs = (until - Utc::now()).num_seconds().max(1) as u64;
    Error::TooManyRequests { retry_after_secs: secs }
}

/// Takes the account's row lock (serialises the checks and counts of one account) and refuses
/// when the account's daily ceiling or the pair's lock is reached.
async fn check_locks(tx: &mut PgConnection, user_id: Uuid, client: &str) -> Result<()> {
    sqlx::query("select 1 from users where id = $1 for update").bind(user_id).fetch_one(&mut *tx).await?;
    let (failures, oldest): (i64, Option<DateTime<Utc>>) = sqlx::query_as(
        "select count(*), min(created_at) from otp_failures where user_id = $1 and created_at > $2",
    )
    .bind(user_id)
    .bind(Utc::now() - ACCOUNT_WINDOW)
    .fetch_one(&mut *tx)
    .await?;
    if failures >= MAX_ACCOUNT_FAILURES {
        return Err(retry_after(oldest.unwrap_or_else(Utc::now) + ACCOUNT_WINDOW));
    }
    let locked_until: Option<DateTime<Utc>> =
        sqlx::query_scalar("select locked_until from otp_client_locks where user_id = $1 and client = $2")
            .bind(user_id)
            .bind(client)
            .fetch_optional(&mut *tx)
            .await?
            .flatten();
    if let Some(until) = locked_until.filter(|u| *u > Utc::now()) {
        return Err(retry_after(until));
    }
    Ok(())
}

/// How many codes one (account, client address) pair may be sent.
#[derive(Clone, Copy, Debug)]
pub struct IssueLimits {
    /// Codes an hour ([`MAX_CODES_PER_HOUR`]).
    pub per_hour: i64,
    /// Between two codes ([`RESEND_INTERVAL`]).
    pub resend_interval: Duration,
}

impl Default for IssueLimits {
    fn default() -> Self {
        IssueLimits { per_hour: MAX_CODES_PER_HOUR, resend_interval: RESEND_INTERVAL }
    }
}

/// Creates a new code for the user and returns it in clear text for delivery. `ip` is the client
/// address asking; the pair may be sent codes as `limits` allow ([`IssueLimits::default`] but in
/// the relaxed limits of the browser journeys).
#[tracing::instrument(skip_all)]
pub async fn issue(pool: &PgPool, secret: &[u8], user_id: Uuid, ip: Option<&str>, limits: IssueLimits) -> Result<String> {
    let client = ip.unwrap_or(UNKNOWN_CLIENT);
    let mut tx = pool.begin().await?;
    check_locks(&mut tx, user_id, client).await?;
    let (last_created, sent_last_hour): (Option<DateTime<Utc>>, i64) = sqlx::query_as(
        "select max(created_at), count(*) filter (where created_at > now() - interval '1 hour')
         from one_time_codes where user_id = $1 and requested_ip is not distinct from $2::inet",
    )
    .bind(user_id)
    .bind(ip)
    .fetch_one(&mut *tx)
    .await?;
    if let Some(last) = last_created.filter(|l| Utc::now() - *l < limits.resend_interval) {
        return Err(retry_after(last + limits.resend_interval));
    }
    if sent_last_hour >= limits.per_hour {
        return Err(Error::TooManyRequests { retry_after_secs: 3600 });
    }
    // the pair's earlier code dies, and the account keeps at most MAX_LIVE_CODES live codes
    sqlx::query(
        "update one_time_codes set consumed_at = now()
         where user_id = $1 and consumed_at is null and requested_ip is not distinct from $2::inet",
    )
    .bind(user_id)
    .bind(ip)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "update one_time_codes set consumed_at = now() where id in (
             select id from one_time_codes where user_id = $1 and consumed_at is null
             order by created_at desc offset $2)",
    )
    .bind(user_id)
    .bind(MAX_LIVE_CODES - 1)
    .execute(&mut *tx)
    .await?;
    let code = crypto::six_digit_code();
    sqlx::query("insert into one_time_codes (user_id, code_hash, expires_at, requested_ip) values ($1, $2, $3, $4::inet)")
        .bind(user_id)
        .bind(hash_code(secret, user_id, &code))
        .bind(Utc::now() + CODE_LIFETIME)
        .bind(ip)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(code)
}

/// Checks a code from the client address `ip` against the account's live codes. Success consumes
/// the code and clears that pair's count (other pairs stay locked).
#[tracing::instrument(skip_all)]
pub async fn verify(pool: &PgPool, secret: &[u8], user_id: Uuid, code: &str, ip: Option<&str>) -> Result<()> {
    let client = ip.unwrap_or(UNKNOWN_CLIENT);
    let mut tx = pool.begin().await?;
    check_locks(&mut tx, user_id, client).await?;
    let live: Vec<(Uuid, Vec<u8>, DateTime<Utc>)> = sqlx::query_as(
        "select id, code_hash, expires_at from one_time_codes
         where user_id = $1 and consumed_at is null and failed_attempts < $2
         order by created_at desc limit $3",
    )
    .bind(user_id)
    .bind(MAX_WRONG_ATTEMPTS)
    .bind(MAX_LIVE_CODES)
    .fetch_all(&mut *tx)
    .await?;
    let candidate = hash_code(secret, user_id, code.trim());
    // compare with every live code, so the time taken does not tell which one matched
    let mut matched = None;
    for (id, hash, expires_at) in &live {
        if crypto::constant_time_eq(hash, &candidate) {
            matched = Some((*id, *expires_at));
        }
    }
    if let Some((id, expires_at)) = matched {
        sqlx::query("update one_time_codes set consumed_at = now() where id = $1").bind(id).execute(&mut *tx).await?;
        if expires_at <= Utc::now() {
            tx.commit().await?;
            return Err(Error::code(ErrorCode::VerificationCodeExpired));
        }
        sqlx::query("delete from otp_client_locks where user_id = $1 and client = $2")
            .bind(user_id)
            .bind(client)
            .execute(&mut *tx)
            .await?;
        sqlx::query("update users set last_login_at = now() where id = $1").bind(user_id).execute(&mut *tx).await?;
        tx.commit().await?;
        return Ok(());
    }
    let ids: Vec<Uuid> = live.iter().map(|(id, _, _)| *id).collect();
    sqlx::query(
        "update one_time_codes set failed_attempts = failed_attempts + 1,
                consumed_at = case when failed_attempts + 1 >= $2 then now() else consumed_at end
         where id = any($1)",
    )
    .bind(&ids)
    .bind(MAX_WRONG_ATTEMPTS)
    .execute(&mut *tx)
    .await?;
    sqlx::query("insert into otp_failures (user_id, client) values ($1, $2)")
        .bind(user_id)
        .bind(client)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into otp_client_locks (user_id, client, failed_attempts) values ($1, $2, 1)
         on conflict (user_id, client) do update set
             failed_attempts = case when otp_client_locks.failed_attempts + 1 >= $3 then 0
                                    else otp_client_locks.failed_attempts + 1 end,
             locked_until = case when otp_client_locks.failed_attempts + 1 >= $3 then $4
                                 else otp_client_locks.locked_until end,
             updated_at = now()",
    )
    .bind(user_id)
    .bind(client)
    .bind(MAX_CLIENT_FAILURES)
    .bind(Utc::now() + LOCK_DURATION)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Err(Error::code(ErrorCode::InvalidVerificationCode))
}

/// Deletes codes that ended more than a day ago, failures past the account window and pair
/// counts untouched for a day; returns how many codes went.
pub async fn purge_ended(pool: &PgPool) -> Result<u64> {
    let done = sqlx::query("delete from one_time_codes where expires_at < now() - interval '1 day'")
        .execute(pool)
        .await?;
    sqlx::query("delete from otp_failures where created_at < $1").bind(Utc::now() - ACCOUNT_WINDOW).execute(pool).await?;
    sqlx::query(
        "delete from otp_client_locks where updated_at < now() - interval '1 day'
         and (locked_until is null or locked_until < now())",
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..1000 {
            let code = crypto::six_digit_code();
            assert_eq!(code.len(), 6);
            assert!(code.chars().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn the_hash_depends_on_secret_user_and_code() {
        let user = Uuid::new_v4();
        let base = hash_code(b"secret-a", user, "123456");
        assert_ne!(base, hash_code(b"secret-b", user, "123456"));
        assert_ne!(base, hash_code(b"secret-a", Uuid::new_v4(), "123456"));
        assert_ne!(base, hash_code(b"secret-a", user, "123457"));
        assert_eq!(base, hash_code(b"secret-a", user, "123456"));
    }
}
