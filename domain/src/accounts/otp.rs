//! One-time sign-in codes and links: every sign-in mail carries a six-digit code (from a CSPRNG,
//! kept only as a keyed hash, valid ten minutes, single use) and a link (a 256-bit random token,
//! kept only as a keyed hash, valid fifteen minutes, single use, working only in the browser that
//! asked for the mail).
//!
//! A lock-out must cost the attacker, not the owner, so wrong codes count only against a live code
//! (a guess at an account without one can match nothing: it is refused and not counted here; the
//! per-address limit of the route still counts it), in three places:
//! - per code: a code that has seen 5 wrong tries dies (every wrong try counts against each live
//!   code of the account, so no code is guessed more than 5 times);
//! - per (account, client address) pair: 5 wrong tries in a row lock that pair — only that pair —
//!   for 10 minutes (it can neither verify nor ask for mails); the owner, asking from another
//!   address, signs in meanwhile;
//! - per account: after 100 wrong tries within 24 hours no code of the account can be typed any
//!   more until the oldest of them is a day old (NIST SP 800-63B's ceiling on guesses). Asking to
//!   sign in still works: the mail then carries the link alone, which nobody can guess, so the
//!   owner signs in while the guessing has stopped.
//!
//! Mails are bounded per pair (one a minute, 10 an hour); an account holds at most 5 live codes
//! (the oldest dies first), and a new code kills the earlier live code of the same pair. Links are
//! not evicted: only the browser holding the nonce can use one, so a stranger's mails cannot push
//! the owner's link out.

use chrono::{DateTime, Duration, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::platform::crypto;
use crate::platform::error::{Error, ErrorCode, Result};

pub const CODE_LIFETIME: Duration = Duration::minutes(10);
/// How long a sign-in link works.
pub const LINK_LIFETIME: Duration = Duration::minutes(15);
/// Random bytes of a link's token (256 bits; 43 characters of URL-safe base64).
pub const LINK_TOKEN_BYTES: usize = 32;
/// Random bytes of the nonce that binds links to the asking browser (its HttpOnly cookie).
pub const BROWSER_NONCE_BYTES: usize = 32;
/// Wrong tries a code survives.
pub const MAX_WRONG_ATTEMPTS: i32 = 5;
/// Wrong tries in a row from one (account, client address) pair before the pair is locked.
pub const MAX_CLIENT_FAILURES: i32 = 5;
pub const LOCK_DURATION: Duration = Duration::minutes(10);
/// Wrong tries against live codes of one account within `ACCOUNT_WINDOW`, from any address,
/// after which its codes can no longer be typed (its mails carry only the link).
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

fn hash_link(secret: &[u8], token: &str) -> Vec<u8> {
    crypto::keyed_hash(secret, &[b"sign-in-link", token.as_bytes()])
}

fn hash_browser(secret: &[u8], nonce: &str) -> Vec<u8> {
    crypto::keyed_hash(secret, &[b"sign-in-browser", nonce.as_bytes()])
}

/// Whether `nonce` has the shape of a browser nonce this module hands out (43 URL-safe base64
/// characters); anything else from a cookie is replaced by a fresh one.
pub fn is_browser_nonce(nonce: &str) -> bool {
    nonce.len() == 43 && nonce.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A fresh nonce for the asking browser's cookie.
pub fn new_browser_nonce() -> String {
    crypto::random_token(BROWSER_NONCE_BYTES)
}

fn retry_after(until: DateTime<Utc>) -> Error {
    let secs = (until - Utc::now()).num_seconds().max(1) as u64;
    Error::TooManyRequests { retry_after_secs: secs }
}

/// Takes the account's row lock (serialises the checks and counts of one account) and refuses
/// when the pair is locked.
async fn lock_account_and_check_pair(tx: &mut PgConnection, user_id: Uuid, client: &str) -> Result<()> {
    sqlx::query("select 1 from users where id = $1 for update").bind(user_id).fetch_one(&mut *tx).await?;
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

/// Whether the account's daily count of wrong codes is spent (then no code of it can be typed).
async fn codes_spent(tx: &mut PgConnection, user_id: Uuid) -> Result<bool> {
    let failures: i64 = sqlx::query_scalar("select count(*) from otp_failures where user_id = $1 and created_at > $2")
        .bind(user_id)
        .bind(Utc::now() - ACCOUNT_WINDOW)
        .fetch_one(&mut *tx)
        .await?;
    Ok(failures >= MAX_ACCOUNT_FAILURES)
}

/// How many sign-in mails one (account, client address) pair may be sent.
#[derive(Clone, Copy, Debug)]
pub struct IssueLimits {
    /// Mails an hour ([`MAX_CODES_PER_HOUR`]).
    pub per_hour: i64,
    /// Between two mails ([`RESEND_INTERVAL`]).
    pub resend_interval: Duration,
}

impl Default for IssueLimits {
    fn default() -> Self {
        IssueLimits { per_hour: MAX_CODES_PER_HOUR, resend_interval: RESEND_INTERVAL }
    }
}

/// What one sign-in mail carries, in clear text for delivery only.
#[derive(Debug)]
pub struct Issued {
    /// None once the account's daily count of wrong codes is spent: the mail carries the link alone.
    pub code: Option<String>,
    /// The link's token, for the sign-in link of the mail.
    pub link_token: String,
}

/// Creates the code and the link of a new sign-in mail for the user. `ip` is the client address
/// asking; the pair may be sent mails as `limits` allow ([`IssueLimits::default`] but in the
/// relaxed limits of the browser journeys). `browser_nonce` is the asking browser's nonce (its
/// cookie): the link works only with it.
#[tracing::instrument(skip_all)]
pub async fn issue(
    pool: &PgPool,
    secret: &[u8],
    user_id: Uuid,
    ip: Option<&str>,
    limits: IssueLimits,
    browser_nonce: &str,
) -> Result<Issued> {
    let client = ip.unwrap_or(UNKNOWN_CLIENT);
    let mut tx = pool.begin().await?;
    lock_account_and_check_pair(&mut tx, user_id, client).await?;
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
    let code = if codes_spent(&mut tx, user_id).await? {
        None
    } else {
        // the pair's earlier code dies, and the account keeps at most MAX_LIVE_CODES live codes
        sqlx::query(
            "update one_time_codes set consumed_at = now()
             where user_id = $1 and code_hash is not null and consumed_at is null
               and requested_ip is not distinct from $2::inet",
        )
        .bind(user_id)
        .bind(ip)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "update one_time_codes set consumed_at = now() where id in (
                 select id from one_time_codes where user_id = $1 and code_hash is not null and consumed_at is null
                 order by created_at desc offset $2)",
        )
        .bind(user_id)
        .bind(MAX_LIVE_CODES - 1)
        .execute(&mut *tx)
        .await?;
        Some(crypto::six_digit_code())
    };
    let link_token = crypto::random_token(LINK_TOKEN_BYTES);
    let now = Utc::now();
    let (code_hash, expires_at) = match &code {
        Some(code) => (Some(hash_code(secret, user_id, code)), now + CODE_LIFETIME),
        None => (None, now + LINK_LIFETIME),
    };
    sqlx::query(
        "insert into one_time_codes
             (user_id, code_hash, expires_at, requested_ip, link_hash, browser_hash, link_expires_at)
         values ($1, $2, $3, $4::inet, $5, $6, $7)",
    )
    .bind(user_id)
    .bind(code_hash)
    .bind(expires_at)
    .bind(ip)
    .bind(hash_link(secret, &link_token))
    .bind(hash_browser(secret, browser_nonce))
    .bind(now + LINK_LIFETIME)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Issued { code, link_token })
}

/// Checks a code from the client address `ip` against the account's live codes. Success consumes
/// the code (and its mail's link) and clears that pair's count (other pairs stay locked).
#[tracing::instrument(skip_all)]
pub async fn verify(pool: &PgPool, secret: &[u8], user_id: Uuid, code: &str, ip: Option<&str>) -> Result<()> {
    let client = ip.unwrap_or(UNKNOWN_CLIENT);
    let mut tx = pool.begin().await?;
    lock_account_and_check_pair(&mut tx, user_id, client).await?;
    if codes_spent(&mut tx, user_id).await? {
        return Err(Error::code(ErrorCode::SignInCodesSpent));
    }
    let live: Vec<(Uuid, Vec<u8>, DateTime<Utc>)> = sqlx::query_as(
        "select id, code_hash, expires_at from one_time_codes
         where user_id = $1 and code_hash is not null and consumed_at is null and failed_attempts < $2
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
        sqlx::query("update one_time_codes set consumed_at = now(), link_used_at = coalesce(link_used_at, now()) where id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if expires_at <= Utc::now() {
            tx.commit().await?;
            return Err(Error::code(ErrorCode::VerificationCodeExpired));
        }
        signed_in(&mut tx, user_id, client).await?;
        tx.commit().await?;
        return Ok(());
    }
    let now = Utc::now();
    let ids: Vec<Uuid> = live.iter().filter(|(_, _, expires_at)| *expires_at > now).map(|(id, _, _)| *id).collect();
    if ids.is_empty() {
        // no code could have matched: nothing to guess, so nothing counts against the account
        return Err(Error::code(ErrorCode::InvalidVerificationCode));
    }
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

/// A sign-in went through: the pair's count is cleared and the time noted.
async fn signed_in(tx: &mut PgConnection, user_id: Uuid, client: &str) -> Result<()> {
    sqlx::query("delete from otp_client_locks where user_id = $1 and client = $2")
        .bind(user_id)
        .bind(client)
        .execute(&mut *tx)
        .await?;
    sqlx::query("update users set last_login_at = now() where id = $1").bind(user_id).execute(&mut *tx).await?;
    Ok(())
}

/// Signs in with a mail's link from the client address `ip`; `browser_nonce` is the nonce cookie
/// of the browser following it. Returns the account. An unknown, used or expired token is
/// `invalid_sign_in_link`; a live link followed without the nonce of the browser that asked is
/// `sign_in_link_other_browser` and stays usable there (a mail scanner or a forwarded mail does not
/// spend it). The account's count of wrong codes does not stop a link: nobody guesses one.
#[tracing::instrument(skip_all)]
pub async fn sign_in_by_link(
    pool: &PgPool,
    secret: &[u8],
    token: &str,
    browser_nonce: Option<&str>,
    ip: Option<&str>,
) -> Result<Uuid> {
    let client = ip.unwrap_or(UNKNOWN_CLIENT);
    let token = token.trim();
    if token.is_empty() || token.len() > 100 {
        return Err(Error::code_on(ErrorCode::InvalidSignInLink, "token"));
    }
    let mut tx = pool.begin().await?;
    let found: Option<(Uuid, Uuid, Option<Vec<u8>>, Option<DateTime<Utc>>, Option<DateTime<Utc>>)> = sqlx::query_as(
        "select id, user_id, browser_hash, link_expires_at, link_used_at from one_time_codes
         where link_hash = $1 for update",
    )
    .bind(hash_link(secret, token))
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id, user_id, browser_hash, expires_at, used_at)) = found else {
        return Err(Error::code_on(ErrorCode::InvalidSignInLink, "token"));
    };
    if used_at.is_some() || expires_at.is_none_or(|e| e <= Utc::now()) {
        return Err(Error::code_on(ErrorCode::InvalidSignInLink, "token"));
    }
    let same_browser = match (browser_nonce.filter(|n| is_browser_nonce(n)), browser_hash) {
        (Some(nonce), Some(expected)) => crypto::constant_time_eq(&hash_browser(secret, nonce), &expected),
        _ => false,
    };
    if !same_browser {
        return Err(Error::code_on(ErrorCode::SignInLinkOtherBrowser, "token"));
    }
    sqlx::query("update one_time_codes set link_used_at = now(), consumed_at = coalesce(consumed_at, now()) where id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    signed_in(&mut tx, user_id, client).await?;
    tx.commit().await?;
    Ok(user_id)
}

/// Deletes codes that ended more than [`crate::platform::retention::ENDED_SIGN_IN_KEPT`] ago,
/// failures past the account window and pair counts untouched for a day; returns how many codes went.
pub async fn purge_ended(pool: &PgPool) -> Result<u64> {
    let done = sqlx::query("delete from one_time_codes where expires_at < $1")
        .bind(Utc::now() - crate::platform::retention::ENDED_SIGN_IN_KEPT)
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
    fn browser_nonces_have_one_shape() {
        assert!(is_browser_nonce(&new_browser_nonce()));
        assert!(!is_browser_nonce(""));
        assert!(!is_browser_nonce(&"a".repeat(44)));
        assert!(!is_browser_nonce(&format!("{}=", "a".repeat(42))));
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
