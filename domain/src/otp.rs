//! One-time sign-in codes: six digits from a CSPRNG, kept only as a keyed hash, valid ten minutes,
//! single use. Wrong codes count per account; a new code does not reset the count, and the fifth
//! wrong code in a row locks sign-in for the lifetime of a code.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use crate::crypto;
use crate::error::{Error, ErrorCode, Result};

pub const CODE_LIFETIME: Duration = Duration::minutes(10);
pub const MAX_WRONG_ATTEMPTS: i32 = 5;
pub const LOCK_DURATION: Duration = Duration::minutes(10);
pub const RESEND_INTERVAL: Duration = Duration::seconds(60);
pub const MAX_CODES_PER_HOUR: i64 = 10;

fn hash_code(secret: &[u8], user_id: Uuid, code: &str) -> Vec<u8> {
    crypto::keyed_hash(secret, &[b"otp", user_id.as_bytes(), code.as_bytes()])
}

fn retry_after(until: DateTime<Utc>) -> Error {
    let secs = (until - Utc::now()).num_seconds().max(1) as u64;
    Error::TooManyRequests { retry_after_secs: secs }
}

/// Creates a new code for the user and returns it in clear text for delivery; earlier codes die.
#[tracing::instrument(skip_all)]
pub async fn issue(pool: &PgPool, secret: &[u8], user_id: Uuid, ip: Option<&str>) -> Result<String> {
    let mut tx = pool.begin().await?;
    let (locked_until,): (Option<DateTime<Utc>>,) =
        sqlx::query_as("select otp_locked_until from users where id = $1 for update")
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
    if let Some(until) = locked_until.filter(|u| *u > Utc::now()) {
        return Err(retry_after(until));
    }
    let (last_created, sent_last_hour): (Option<DateTime<Utc>>, i64) = sqlx::query_as(
        "select max(created_at), count(*) filter (where created_at > now() - interval '1 hour')
         from one_time_codes where user_id = $1",
    )
    .bind(user_id)
    .fetch_one(&mut *tx)
    .await?;
    if let Some(last) = last_created.filter(|l| Utc::now() - *l < RESEND_INTERVAL) {
        return Err(retry_after(last + RESEND_INTERVAL));
    }
    if sent_last_hour >= MAX_CODES_PER_HOUR {
        return Err(Error::TooManyRequests { retry_after_secs: 3600 });
    }
    sqlx::query("update one_time_codes set consumed_at = now() where user_id = $1 and consumed_at is null")
        .bind(user_id)
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

/// Checks a code. Success consumes it and clears the wrong-attempt count.
#[tracing::instrument(skip_all)]
pub async fn verify(pool: &PgPool, secret: &[u8], user_id: Uuid, code: &str) -> Result<()> {
    let mut tx = pool.begin().await?;
    let (mut failed, locked_until): (i32, Option<DateTime<Utc>>) =
        sqlx::query_as("select otp_failed_attempts, otp_locked_until from users where id = $1 for update")
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
    if let Some(until) = locked_until {
        if until > Utc::now() {
            return Err(retry_after(until));
        }
        failed = 0;
    }
    let latest: Option<(Uuid, Vec<u8>, DateTime<Utc>)> = sqlx::query_as(
        "select id, code_hash, expires_at from one_time_codes
         where user_id = $1 and consumed_at is null order by created_at desc limit 1",
    )
    .bind(user_id)
    .fetch_optional(&mut *tx)
    .await?;
    let candidate = hash_code(secret, user_id, code.trim());
    match latest {
        Some((id, hash, expires_at)) if crypto::constant_time_eq(&hash, &candidate) => {
            if expires_at <= Utc::now() {
                sqlx::query("update one_time_codes set consumed_at = now() where id = $1").bind(id).execute(&mut *tx).await?;
                tx.commit().await?;
                return Err(Error::code(ErrorCode::VerificationCodeExpired));
            }
            sqlx::query("update one_time_codes set consumed_at = now() where id = $1").bind(id).execute(&mut *tx).await?;
            sqlx::query(
                "update users set otp_failed_attempts = 0, otp_locked_until = null, last_login_at = now() where id = $1",
            )
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        }
        _ => {
            failed += 1;
            let lock = (failed >= MAX_WRONG_ATTEMPTS).then(|| Utc::now() + LOCK_DURATION);
            sqlx::query("update users set otp_failed_attempts = $2, otp_locked_until = $3 where id = $1")
                .bind(user_id)
                .bind(failed)
                .bind(lock)
                .execute(&mut *tx)
                .await?;
            if lock.is_some() {
                sqlx::query("update one_time_codes set consumed_at = now() where user_id = $1 and consumed_at is null")
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Err(Error::code(ErrorCode::InvalidVerificationCode))
        }
    }
}

/// Deletes codes that ended more than a day ago; returns how many.
pub async fn purge_ended(pool: &PgPool) -> Result<u64> {
    let done = sqlx::query("delete from one_time_codes where expires_at < now() - interval '1 day'")
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
