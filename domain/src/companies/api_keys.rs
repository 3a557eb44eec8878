//! A company's API keys for its integrations (spec 2 sections 3 and 7): the supervisor makes a key
//! with a title and sees its secret once, every staff member sees the list (title, prefix, who made
//! it, when it was last used), the supervisor revokes. Only the SHA-256 of a key is kept: a key is
//! 32 random bytes, so a plain hash is enough and needs no secret of the server's. A live key
//! authenticates `Authorization: Bearer` calls as its company (`api::session`).
//!
//! A key belongs to the company and names the member who made it, and it lives only while that
//! member still answers for the company: it authenticates only while its maker is the company's
//! supervisor ([`KEY_STANDS`], checked at every use), and it is revoked when they stop being
//! that (the role handed over, removed from the staff, the account or the company deleted:
//! [`revoke_lapsed`], on the transaction of the change). Nobody makes a key while an
//! administrator acts as them (`api::routes::api_keys`).

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::staff::lock_as_supervisor;
use crate::platform::audit;
use crate::platform::crypto;
use crate::platform::error::{Error, Result};

/// What every key starts with, so that a leaked one is recognised (secret scanners, logs).
pub const KEY_PREFIX: &str = "vk_";
/// Random bytes in a key.
const KEY_BYTES: usize = 32;
/// Characters of a key shown in the list: the marker and the first eight of the random part.
const SHOWN_PREFIX_LEN: usize = KEY_PREFIX.len() + 8;
/// The longest title.
pub const TITLE_MAX: usize = 100;
/// Live keys a company may hold at once.
pub const MAX_LIVE_KEYS: i64 = 20;
/// The last-used time is written at most this often per key, so a busy integration costs no write
/// per request.
pub const LAST_USED_RESOLUTION_SECS: i64 = 60;

/// A live key as the list shows it; the secret is never in it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ApiKey {
    /// The key's id (`{keyId}` of the calls).
    pub key_id: Uuid,
    pub title: String,
    /// The key's first characters (`vk_` and eight more), to tell the keys apart.
    pub prefix: String,
    pub created_at: DateTime<Utc>,
    /// Who made it: their e-mail address; none once their account is gone.
    pub created_by: Option<String>,
    /// When it last authenticated a call, to the minute; none when never.
    pub last_used_at: Option<DateTime<Utc>>,
}

/// A key just made: the list's row and the secret, which is shown this once.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedApiKey {
    #[serde(flatten)]
    pub key: ApiKey,
    /// The key itself, for `Authorization: Bearer`; it cannot be read again.
    pub secret: String,
}

/// Who a key lets in: its company, acting with the rights of the supervisor who made the key (the
/// person who answers for the company; what the key writes is recorded as theirs).
#[derive(Clone, Copy, Debug)]
pub struct KeyCaller {
    pub key_id: Uuid,
    pub company_id: Uuid,
    pub acting_user_id: Uuid,
}

const KEY_SELECT: &str = "select k.id as key_id, k.title, k.prefix, k.created_at, u.username as created_by, k.last_used_at
     from api_keys k left join users u on u.id = k.created_by_user_id and u.deleted_at is null";

/// The company's live keys, newest first.
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool, company_id: Uuid) -> Result<Vec<ApiKey>> {
    let sql = format!("{KEY_SELECT} where k.company_id = $1 and k.revoked_at is null order by k.created_at desc, k.id");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).fetch_all(pool).await?)
}

/// Checks a title: required, at most [`TITLE_MAX`] characters; answers it trimmed.
pub fn check_title(title: &str) -> Result<String> {
    let title = title.trim();
    if title.is_empty() {
        return Err(Error::field("title", "Title is required"));
    }
    if title.chars().count() > TITLE_MAX {
        return Err(Error::field("title", format!("The title is longer than {TITLE_MAX} characters")));
    }
    Ok(title.to_string())
}

/// A new key's secret: the marker and 32 random bytes (URL-safe base64).
fn new_secret() -> String {
    format!("{KEY_PREFIX}{}", crypto::random_token(KEY_BYTES))
}

fn hash(secret: &str) -> Vec<u8> {
    crypto::sha256(secret.as_bytes())
}

/// The supervisor makes a key with the id the client chose (so that a retried request cannot make
/// a second key); the answer holds the secret, which is kept only as its hash. An id already taken
/// (by any key, live or revoked) is a 400 on `keyId`. Audited.
#[tracing::instrument(skip_all)]
pub async fn create(pool: &PgPool, company_id: Uuid, actor: Uuid, key_id: Uuid, title: &str, ip: Option<&str>) -> Result<CreatedApiKey> {
    let title = check_title(title)?;
    let mut tx = pool.begin().await?;
    lock_as_supervisor(&mut tx, company_id, actor).await?;
    let live: i64 = sqlx::query_scalar("select count(*) from api_keys where company_id = $1 and revoked_at is null")
        .bind(company_id)
        .fetch_one(&mut *tx)
        .await?;
    if live >= MAX_LIVE_KEYS {
        return Err(Error::field("title", format!("A company may hold at most {MAX_LIVE_KEYS} keys: revoke one first")));
    }
    let secret = new_secret();
    let inserted: Option<Uuid> = sqlx::query_scalar(
        "insert into api_keys (id, company_id, title, key_hash, prefix, created_by_user_id) values ($1, $2, $3, $4, $5, $6)
         on conflict (id) do nothing returning id",
    )
    .bind(key_id)
    .bind(company_id)
    .bind(&title)
    .bind(hash(&secret))
    .bind(&secret[..SHOWN_PREFIX_LEN])
    .bind(actor)
    .fetch_optional(&mut *tx)
    .await?;
    if inserted.is_none() {
        return Err(Error::field("keyId", "This key id is taken: make the key with a new id"));
    }
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(actor),
            action: "api_key.create",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::json!({ "keyId": key_id, "title": title }),
            ip,
        },
    )
    .await?;
    let sql = format!("{KEY_SELECT} where k.id = $1");
    let key: ApiKey = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(key_id).fetch_one(&mut *tx).await?;
    tx.commit().await?;
    Ok(CreatedApiKey { key, secret })
}

/// The supervisor revokes one of the company's live keys: it authenticates nothing from the next
/// request on. Another company's key, a revoked one or none is not found. Audited.
#[tracing::instrument(skip_all)]
pub async fn revoke(pool: &PgPool, company_id: Uuid, actor: Uuid, key_id: Uuid, ip: Option<&str>) -> Result<()> {
    let mut tx = pool.begin().await?;
    lock_as_supervisor(&mut tx, company_id, actor).await?;
    let title: Option<String> = sqlx::query_scalar(
        "update api_keys set revoked_at = now(), updated_at = now() where id = $1 and company_id = $2 and revoked_at is null returning title",
    )
    .bind(key_id)
    .bind(company_id)
    .fetch_optional(&mut *tx)
    .await?;
    let title = title.ok_or_else(Error::not_found)?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(actor),
            action: "api_key.revoke",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::json!({ "keyId": key_id, "title": title }),
            ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Whether `secret` has the shape of a key; anything else is refused without a query.
fn well_formed(secret: &str) -> bool {
    secret.strip_prefix(KEY_PREFIX).is_some_and(|rest| crypto::unb64(rest).is_some_and(|bytes| bytes.len() == KEY_BYTES))
}

/// The condition (on `api_keys k` joined with its `companies c`) under which a key stands: the
/// company is not deleted and the key's maker, whose account is not deleted, is its supervisor now.
/// Authentication checks it at every use, and [`revoke_lapsed`] revokes the keys that fail it, so
/// a key outlives neither its maker's role nor their place on the staff.
pub const KEY_STANDS: &str = "(c.deleted_at is null and c.supervisor_user_id = k.created_by_user_id
     and exists (select 1 from users maker where maker.id = k.created_by_user_id and maker.deleted_at is null))";

/// Which keys [`revoke_lapsed`] looks at.
#[derive(Clone, Copy, Debug)]
pub enum Lapsed {
    /// The company's keys (its supervisor changed, or a member left its staff).
    Company(Uuid),
    /// The keys a person made, for any company (their account is deleted).
    MadeBy(Uuid),
}

/// Revokes, on the caller's transaction and after its change, every live key in `scope` that no
/// longer stands ([`KEY_STANDS`]); records `api_key.revoke` per company with the keys and `reason`.
/// Answers how many were revoked.
#[tracing::instrument(skip_all)]
pub async fn revoke_lapsed(conn: &mut PgConnection, scope: Lapsed, actor: Uuid, reason: &str, ip: Option<&str>) -> Result<u64> {
    let (company_id, made_by) = match scope {
        Lapsed::Company(id) => (Some(id), None),
        Lapsed::MadeBy(id) => (None, Some(id)),
    };
    let sql = format!(
        "update api_keys k set revoked_at = now(), updated_at = now()
         from companies c
         where c.id = k.company_id and k.revoked_at is null
           and ($1::uuid is null or k.company_id = $1) and ($2::uuid is null or k.created_by_user_id = $2)
           and not {KEY_STANDS}
         returning k.company_id, k.id, k.title"
    );
    let revoked: Vec<(Uuid, Uuid, String)> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).bind(made_by).fetch_all(&mut *conn).await?;
    let mut companies: Vec<Uuid> = revoked.iter().map(|(company, _, _)| *company).collect();
    companies.sort();
    companies.dedup();
    for company in companies {
        let keys: Vec<serde_json::Value> = revoked
            .iter()
            .filter(|(c, _, _)| *c == company)
            .map(|(_, key_id, title)| serde_json::json!({ "keyId": key_id, "title": title }))
            .collect();
        audit::record(
            &mut *conn,
            audit::Entry {
                actor_user_id: Some(actor),
                action: "api_key.revoke",
                target_user_id: made_by,
                target_company_id: Some(company),
                details: serde_json::json!({ "keys": keys, "reason": reason }),
                ip,
            },
        )
        .await?;
    }
    Ok(revoked.len() as u64)
}

/// The caller a key lets in: a live key that stands ([`KEY_STANDS`]: its maker is still the
/// supervisor of its company, which is not deleted), acting as its maker; None for anything else
/// (unknown, revoked, malformed, lapsed). Notes the use, at most once a minute.
#[tracing::instrument(skip_all)]
pub async fn authenticate(pool: &PgPool, secret: &str) -> Result<Option<KeyCaller>> {
    if !well_formed(secret) {
        return Ok(None);
    }
    let sql = format!(
        "select k.id, k.company_id, k.created_by_user_id,
                k.last_used_at is null or k.last_used_at < now() - make_interval(secs => $2)
         from api_keys k join companies c on c.id = k.company_id
         where k.key_hash = $1 and k.revoked_at is null and {KEY_STANDS}"
    );
    let row: Option<(Uuid, Uuid, Uuid, bool)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
    .bind(hash(secret))
    .bind(LAST_USED_RESOLUTION_SECS as f64)
    .fetch_optional(pool)
    .await?;
    let Some((key_id, company_id, acting_user_id, stale)) = row else { return Ok(None) };
    if stale {
        sqlx::query("update api_keys set last_used_at = now() where id = $1").bind(key_id).execute(pool).await?;
    }
    Ok(Some(KeyCaller { key_id, company_id, acting_user_id }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_key_is_well_formed_and_its_shown_prefix_is_not_the_key() {
        let secret = new_secret();
        assert!(well_formed(&secret), "{secret}");
        assert_eq!(secret.len(), KEY_PREFIX.len() + 43);
        assert!(secret[..SHOWN_PREFIX_LEN].starts_with(KEY_PREFIX));
        assert_ne!(new_secret(), secret);
        assert!(!well_formed("vk_short"));
        assert!(!well_formed(&secret[KEY_PREFIX.len()..]), "without the marker");
        assert!(!well_formed(&format!("{secret}A")));
    }

    #[test]
    fn a_title_is_required_and_at_most_100_characters() {
        assert_eq!(check_title("  CRM  ").unwrap(), "CRM");
        assert!(check_title("   ").is_err());
        assert!(check_title(&"a".repeat(100)).is_ok());
        assert!(check_title(&"a".repeat(101)).is_err());
    }
}
