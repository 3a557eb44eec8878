//! Server-side sessions behind an opaque cookie token. The table keeps only the token's SHA-256.

use chrono::{DateTime, Duration, Utc};
use sqlx::{PgExecutor, PgPool};
use uuid::Uuid;

use crate::accounts::{Role, parse_roles};
use crate::platform::crypto;
use crate::platform::error::Result;

/// A session without remember-me ends after this long without a request.
pub const IDLE_TIMEOUT: Duration = Duration::hours(12);
/// A remembered session lasts this long from sign-in.
pub const REMEMBER_ME_LIFETIME: Duration = Duration::days(30);
/// `last_seen_at` is written at most this often, so reads do not turn into writes.
const TOUCH_INTERVAL: Duration = Duration::minutes(5);
/// 32 random bytes: 256 bits.
const TOKEN_BYTES: usize = 32;

#[derive(Clone, Debug)]
pub struct Session {
    pub id: Uuid,
    pub user_id: Uuid,
    pub roles: Vec<Role>,
    pub original_user_id: Option<Uuid>,
    pub original_session_remember: Option<bool>,
    pub company_id: Option<Uuid>,
    pub remember_me: bool,
    pub expires_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
}

impl Session {
    pub fn has_role(&self, role: Role) -> bool {
        self.roles.contains(&role)
    }
}

/// A session just created: the token goes into the cookie and nowhere else.
pub struct IssuedSession {
    pub token: String,
    pub id: Uuid,
    pub remember_me: bool,
    pub expires_at: DateTime<Utc>,
}

pub struct NewSession<'a> {
    pub user_id: Uuid,
    pub original_user_id: Option<Uuid>,
    pub original_session_remember: Option<bool>,
    pub company_id: Option<Uuid>,
    pub remember_me: bool,
    pub ip: Option<&'a str>,
    pub user_agent: Option<&'a str>,
}

fn hash_token(token: &str) -> Vec<u8> {
    crypto::sha256(token.as_bytes())
}

#[tracing::instrument(skip_all)]
pub async fn create(db: impl PgExecutor<'_>, new: NewSession<'_>) -> Result<IssuedSession> {
    let token = crypto::random_token(TOKEN_BYTES);
    let expires_at = Utc::now() + if new.remember_me { REMEMBER_ME_LIFETIME } else { IDLE_TIMEOUT };
    let id: Uuid = sqlx::query_scalar(
        "insert into sessions (token_hash, user_id, original_user_id, original_session_remember, company_id,
                               remember_me, expires_at, ip, user_agent)
         values ($1, $2, $3, $4, $5, $6, $7, $8::inet, $9)
         returning id",
    )
    .bind(hash_token(&token))
    .bind(new.user_id)
    .bind(new.original_user_id)
    .bind(new.original_session_remember)
    .bind(new.company_id)
    .bind(new.remember_me)
    .bind(expires_at)
    .bind(new.ip)
    .bind(new.user_agent.map(|ua| ua.chars().take(400).collect::<String>()))
    .fetch_one(db)
    .await?;
    Ok(IssuedSession { token, id, remember_me: new.remember_me, expires_at })
}

type SessionRow = (Uuid, Uuid, Vec<String>, Option<Uuid>, Option<bool>, Option<Uuid>, bool, DateTime<Utc>, DateTime<Utc>);

/// The live session a token belongs to, with its user's roles; an idle session gets its deadline moved.
#[tracing::instrument(skip_all)]
pub async fn find_active(pool: &PgPool, token: &str) -> Result<Option<Session>> {
    let row: Option<SessionRow> = sqlx::query_as(
        "select s.id, s.user_id,
                coalesce((select array_agg(r.role) from user_roles r where r.user_id = s.user_id), '{}'),
                s.original_user_id, s.original_session_remember, s.company_id, s.remember_me, s.expires_at, s.last_seen_at
         from sessions s
         join users u on u.id = s.user_id and u.deleted_at is null
         where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()",
    )
    .bind(hash_token(token))
    .fetch_optional(pool)
    .await?;
    let Some((id, user_id, roles, original_user_id, original_session_remember, company_id, remember_me, expires_at, last_seen_at)) = row
    else {
        return Ok(None);
    };
    let mut session = Session {
        id,
        user_id,
        roles: parse_roles(&roles),
        original_user_id,
        original_session_remember,
        company_id,
        remember_me,
        expires_at,
        last_seen_at,
    };
    let now = Utc::now();
    if now - session.last_seen_at > TOUCH_INTERVAL {
        let idle_deadline = now + IDLE_TIMEOUT;
        let expires_at: DateTime<Utc> = sqlx::query_scalar(
            "update sessions set last_seen_at = now(),
                 expires_at = case when remember_me then expires_at else $2 end
             where id = $1 returning expires_at",
        )
        .bind(session.id)
        .bind(idle_deadline)
        .fetch_one(pool)
        .await?;
        session.last_seen_at = now;
        session.expires_at = expires_at;
    }
    Ok(Some(session))
}

#[tracing::instrument(skip_all)]
pub async fn revoke(db: impl PgExecutor<'_>, session_id: Uuid) -> Result<()> {
    sqlx::query("update sessions set revoked_at = now() where id = $1 and revoked_at is null")
        .bind(session_id)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn set_company(pool: &PgPool, session_id: Uuid, company_id: Uuid) -> Result<()> {
    sqlx::query("update sessions set company_id = $2 where id = $1")
        .bind(session_id)
        .bind(company_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Deletes sessions that ended more than [`crate::platform::retention::ENDED_SIGN_IN_KEPT`] ago; returns how many.
pub async fn purge_ended(pool: &PgPool) -> Result<u64> {
    let done = sqlx::query("delete from sessions where expires_at < $1 or revoked_at < $1")
        .bind(chrono::Utc::now() - crate::platform::retention::ENDED_SIGN_IN_KEPT)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}
