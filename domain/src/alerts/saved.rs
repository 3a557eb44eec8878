//! Saved searches as their owner handles them (issue 33 §1; docs/alerts.md): create, list with the
//! count of what is new since the owner last looked, rename, change the frequency, pause and
//! resume, delete, open as a search, and "is this search already saved".
//!
//! An owner is an account ([`Owner::User`], confirmed at once) or a visitor's e-mail address
//! ([`Owner::Email`]), whose searches mail nothing until the confirmation link was opened and are
//! deleted after [`UNCONFIRMED_DAYS`] unconfirmed. Each search has a secret token for the links of
//! its mails (manage, confirm, unsubscribe): derived from the search's id under `APP_SECRET`, so a
//! mail can carry it again, and kept in `saved_searches.token_hash` only as a keyed hash of it.
//!
//! A filter is stored in a normalized form ([`normalize_filter`]): the same search saved twice
//! compares equal as jsonb whatever the order or repetition of its values.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::accounts::normalize_email;
use crate::platform::crypto;
use crate::platform::error::{Error, Result};
use crate::platform::locale::Locale;
use crate::platform::reference::ReferenceCache;
use crate::vacancies::ACTIVE_SQL;
use crate::vacancies::filter::{SearchFilter, vacancy_query};

/// The most saved searches one person (an account, or a visitor's address) keeps.
pub const MAX_PER_OWNER: i64 = 20;
/// A visitor's search not confirmed within this many days is deleted.
pub const UNCONFIRMED_DAYS: i64 = crate::platform::retention::UNCONFIRMED_ALERT_DAYS;
/// The longest name.
pub const MAX_NAME: usize = 100;
/// The longest query string kept for "open as a search".
pub const MAX_QUERY: usize = 4000;

/// How often an alert mails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Frequency {
    /// Within a minute of a matching vacancy going live.
    Instant,
    /// Once a day, when something new matched.
    Daily,
    /// Once a week, when something new matched.
    Weekly,
}

impl Frequency {
    pub fn as_str(self) -> &'static str {
        match self {
            Frequency::Instant => "INSTANT",
            Frequency::Daily => "DAILY",
            Frequency::Weekly => "WEEKLY",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "INSTANT" => Some(Frequency::Instant),
            "DAILY" => Some(Frequency::Daily),
            "WEEKLY" => Some(Frequency::Weekly),
            _ => None,
        }
    }
}

/// Whose saved searches: an account's, or a visitor's by e-mail address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    User(Uuid),
    Email(String),
}

impl Owner {
    /// The SQL condition of the owner's rows on `saved_searches s`, bound as `$1` (a uuid) and `$2` (an address).
    fn binds(&self) -> (Option<Uuid>, Option<String>) {
        match self {
            Owner::User(id) => (Some(*id), None),
            Owner::Email(email) => (None, Some(email.clone())),
        }
    }
}

const OWNER_SQL: &str = "(s.user_id = $1 or ($1::uuid is null and s.email = $2))";

/// One saved search as its owner sees it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedSearch {
    pub id: Uuid,
    pub name: String,
    /// The filter as `POST /api/open/search` takes it (normalized: empty values left out, lists sorted).
    #[schema(value_type = Object)]
    pub filter: Value,
    /// The query string of `/{lang}/vacancies` it was saved from, without `?`.
    pub query: String,
    pub frequency: Frequency,
    pub paused: bool,
    /// A visitor's search counts once its confirmation link was opened; an account's always.
    pub confirmed: bool,
    /// Vacancies the alert matched since the owner last opened the search, still open now.
    pub new_count: i64,
    pub last_looked_at: DateTime<Utc>,
    pub last_mailed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    name: String,
    filter: sqlx::types::Json<Value>,
    query: String,
    frequency: String,
    paused: bool,
    confirmed: bool,
    new_count: i64,
    last_looked_at: DateTime<Utc>,
    last_mailed_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
}

impl From<Row> for SavedSearch {
    fn from(row: Row) -> Self {
        SavedSearch {
            id: row.id,
            name: row.name,
            filter: row.filter.0,
            query: row.query,
            frequency: Frequency::parse(&row.frequency).unwrap_or(Frequency::Weekly),
            paused: row.paused,
            confirmed: row.confirmed,
            new_count: row.new_count,
            last_looked_at: row.last_looked_at,
            last_mailed_at: row.last_mailed_at,
            created_at: row.created_at,
        }
    }
}

/// The columns of [`Row`] from `saved_searches s`. "New" is the rule of docs/alerts.md: the
/// vacancies the alert matched after the owner last looked that are still open: the instant
/// matches (its serial in the record, one GIN lookup) and the ones a scheduled run's mails listed,
/// and the scheduled mails' unlisted ones by their count.
fn select_sql(condition: &str) -> String {
    format!(
        "select s.id, s.name, s.filter, s.query, s.frequency, s.paused, s.confirmed_at is not null as confirmed,
                (select count(*) from (
                     select r.vacancy_id from alert_match_record r where r.searches @> array[s.serial] and r.matched_at > s.last_looked_at
                     union
                     select l.vacancy_id from alert_mails m cross join unnest(m.vacancies) as l (vacancy_id)
                     where m.saved_search_id = s.id and m.digest and m.created_at > s.last_looked_at) n
                 join vacancies v on v.id = n.vacancy_id join companies c on c.id = v.company_id where {ACTIVE_SQL})
                + (select coalesce(sum(greatest(m.total - cardinality(m.vacancies), 0)), 0) from alert_mails m
                   where m.saved_search_id = s.id and m.digest and m.created_at > s.last_looked_at) as new_count,
                s.last_looked_at, s.last_mailed_at, s.created_at
         from saved_searches s where {condition}"
    )
}

/// What a person saves: the search's name, its filter and the page's query string, and how often to mail.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewSavedSearch {
    /// 1 to 100 characters.
    pub name: String,
    /// The filter as `POST /api/open/search` takes it; checked by the same rules (400 naming the field).
    #[schema(value_type = SearchFilter)]
    pub filter: Value,
    /// The query string of `/{lang}/vacancies` (at most 4000 characters).
    #[serde(default)]
    pub query: String,
    pub frequency: Frequency,
}

/// A change to a saved search: each field optional, what is left out stays (a null, which the
/// web sent before, is read as left out too).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedSearchChange {
    #[schema(nullable = false)]
    pub name: Option<String>,
    #[schema(nullable = false)]
    pub frequency: Option<Frequency>,
    #[schema(nullable = false)]
    pub paused: Option<bool>,
}

fn check_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::field("name", "Name is required"));
    }
    if name.chars().count() > MAX_NAME {
        return Err(Error::field("name", "Name can be at most 100 characters"));
    }
    Ok(name.to_string())
}

fn check_query(query: &str) -> Result<String> {
    let query = query.trim().trim_start_matches('?');
    if query.len() > MAX_QUERY {
        return Err(Error::field("query", "Query can be at most 4000 characters"));
    }
    Ok(query.to_string())
}

/// The filter in its stored form: read as the search reads it (an unknown field or a wrong type
/// is a 400 naming `filter`), then without empty values, false flags and blank text, each list
/// sorted and without repeats.
pub fn normalize_filter(filter: &Value) -> Result<Value> {
    let parsed: SearchFilter = serde_json::from_value(filter.clone()).map_err(|_| Error::field("filter", "Filter is not valid"))?;
    let mut value = serde_json::to_value(parsed).map_err(anyhow::Error::from)?;
    if let Value::Object(map) = &mut value {
        map.retain(|_, v| match v {
            Value::Null | Value::Bool(false) => false,
            Value::Array(items) => {
                let mut texts: Vec<String> = items.iter().filter_map(|i| i.as_str().map(str::to_string)).collect();
                texts.sort();
                texts.dedup();
                *items = texts.into_iter().map(Value::String).collect();
                !items.is_empty()
            }
            Value::String(text) => {
                *text = text.trim().to_string();
                !text.is_empty()
            }
            _ => true,
        });
    }
    Ok(value)
}

/// Checks a normalized filter by the search's own rules (400 naming the field that breaks them).
async fn check_filter(pool: &PgPool, reference: &ReferenceCache, filter: &Value) -> Result<()> {
    let parsed: SearchFilter = serde_json::from_value(filter.clone()).map_err(|_| Error::field("filter", "Filter is not valid"))?;
    vacancy_query(pool, reference, parsed, 0, 1).await?;
    Ok(())
}

/// The token of a saved search's links: derived from its id under the app's secret, never stored.
pub fn token_for(secret: &[u8], id: Uuid) -> String {
    crypto::b64(&crypto::keyed_hash(secret, &[b"saved-search-token", id.as_bytes()]))
}

/// What `saved_searches.token_hash` keeps of a token.
pub fn hash_token(secret: &[u8], token: &str) -> Vec<u8> {
    crypto::keyed_hash(secret, &[b"saved-search", token.as_bytes()])
}

/// A new saved search of `owner`, answered with its token. An account's is active at once; a
/// visitor's waits for its confirmation. 400 naming `name`, `query`, `frequency`, a filter's field,
/// or `savedSearches` when the owner already keeps [`MAX_PER_OWNER`]; for an account, 400 naming
/// `filter` when the same search is already saved.
#[tracing::instrument(skip_all)]
pub async fn create(
    pool: &PgPool,
    reference: &ReferenceCache,
    secret: &[u8],
    owner: &Owner,
    locale: Locale,
    input: NewSavedSearch,
) -> Result<(SavedSearch, String)> {
    let name = check_name(&input.name)?;
    let query = check_query(&input.query)?;
    let filter = normalize_filter(&input.filter)?;
    check_filter(pool, reference, &filter).await?;
    let owner = match owner {
        Owner::Email(email) => Owner::Email(normalize_email(email)?),
        user => user.clone(),
    };
    let (user_id, email) = owner.binds();
    let id = Uuid::new_v4();
    let token = token_for(secret, id);
    let mut tx = pool.begin().await?;
    // one owner's creations one at a time, so the limit holds under concurrent requests
    let lock_key = match &owner {
        Owner::User(id) => id.to_string(),
        Owner::Email(email) => email.clone(),
    };
    sqlx::query("select pg_advisory_xact_lock(hashtextextended('saved-searches:' || $1, 0))").bind(&lock_key).execute(&mut *tx).await?;
    let (count, same): (i64, bool) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select count(*), coalesce(bool_or(s.filter = $3), false) from saved_searches s where {OWNER_SQL}"
    )))
    .bind(user_id)
    .bind(&email)
    .bind(sqlx::types::Json(&filter))
    .fetch_one(&mut *tx)
    .await?;
    if count >= MAX_PER_OWNER {
        return Err(Error::field("savedSearches", "At most 20 saved searches per person: delete one first"));
    }
    if same && user_id.is_some() {
        return Err(Error::field("filter", "This search is already saved"));
    }
    sqlx::query(
        "insert into saved_searches (id, user_id, email, locale, name, filter, query, frequency, confirmed_at, token_hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, case when $2::uuid is not null then now() end, $9)",
    )
    .bind(id)
    .bind(user_id)
    .bind(&email)
    .bind(locale.code())
    .bind(&name)
    .bind(sqlx::types::Json(&filter))
    .bind(&query)
    .bind(input.frequency.as_str())
    .bind(hash_token(secret, &token))
    .execute(&mut *tx)
    .await?;
    let saved = one(&mut tx, id).await?;
    tx.commit().await?;
    Ok((saved, token))
}

async fn one(conn: &mut PgConnection, id: Uuid) -> Result<SavedSearch> {
    let row: Row = sqlx::query_as(sqlx::AssertSqlSafe(select_sql("s.id = $1"))).bind(id).fetch_optional(conn).await?.ok_or_else(Error::not_found)?;
    Ok(row.into())
}

/// The owner's saved searches, newest first, each with its count of what is new.
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool, owner: &Owner) -> Result<Vec<SavedSearch>> {
    let (user_id, email) = owner.binds();
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!("{} order by s.created_at desc, s.id", select_sql(OWNER_SQL))))
        .bind(user_id)
        .bind(email)
        .fetch_all(pool)
        .await?;
    Ok(rows.into_iter().map(SavedSearch::from).collect())
}

/// Renames, changes the frequency, pauses or resumes one of the owner's searches; another's is "not found".
#[tracing::instrument(skip_all)]
pub async fn change(pool: &PgPool, owner: &Owner, id: Uuid, change: SavedSearchChange) -> Result<SavedSearch> {
    let name = change.name.as_deref().map(check_name).transpose()?;
    let (user_id, email) = owner.binds();
    let mut tx = pool.begin().await?;
    let updated = sqlx::query(sqlx::AssertSqlSafe(format!(
        "update saved_searches s set name = coalesce($4, s.name), frequency = coalesce($5, s.frequency),
                paused = coalesce($6, s.paused), updated_at = now()
         where s.id = $3 and {OWNER_SQL}"
    )))
    .bind(user_id)
    .bind(&email)
    .bind(id)
    .bind(name)
    .bind(change.frequency.map(Frequency::as_str))
    .bind(change.paused)
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    let saved = one(&mut tx, id).await?;
    tx.commit().await?;
    Ok(saved)
}

/// Deletes one of the owner's searches (its matches and mails with it); another's is "not found".
#[tracing::instrument(skip_all)]
pub async fn delete(pool: &PgPool, owner: &Owner, id: Uuid) -> Result<()> {
    let (user_id, email) = owner.binds();
    let deleted = sqlx::query(sqlx::AssertSqlSafe(format!("delete from saved_searches s where s.id = $3 and {OWNER_SQL}")))
        .bind(user_id)
        .bind(email)
        .bind(id)
        .execute(pool)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    Ok(())
}

/// The owner opens the search from their alerts page: what was new is seen from now on.
#[tracing::instrument(skip_all)]
pub async fn open(pool: &PgPool, owner: &Owner, id: Uuid) -> Result<SavedSearch> {
    let (user_id, email) = owner.binds();
    let mut tx = pool.begin().await?;
    let updated = sqlx::query(sqlx::AssertSqlSafe(format!("update saved_searches s set last_looked_at = now() where s.id = $3 and {OWNER_SQL}")))
        .bind(user_id)
        .bind(email)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if updated.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    let saved = one(&mut tx, id).await?;
    tx.commit().await?;
    Ok(saved)
}

/// The owner's saved search of the same filter (after normalizing), if any: the state of the
/// search page's "Save search" button.
#[tracing::instrument(skip_all)]
pub async fn lookup(pool: &PgPool, owner: &Owner, filter: &Value) -> Result<Option<Uuid>> {
    let filter = normalize_filter(filter)?;
    let (user_id, email) = owner.binds();
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select s.id from saved_searches s where {OWNER_SQL} and s.filter = $3 order by s.created_at limit 1")))
        .bind(user_id)
        .bind(email)
        .bind(sqlx::types::Json(&filter))
        .fetch_optional(pool)
        .await?)
}

/// The search a token belongs to.
#[derive(Clone, Debug)]
pub struct TokenSearch {
    pub id: Uuid,
    pub owner: Owner,
    pub locale: Locale,
}

/// The search of a link's token; an unknown token is "not found".
pub async fn by_token(pool: &PgPool, secret: &[u8], token: &str) -> Result<TokenSearch> {
    let row: Option<(Uuid, Option<Uuid>, Option<String>, String)> = sqlx::query_as(
        "select s.id, s.user_id, s.email, coalesce(u.locale, s.locale)
         from saved_searches s left join users u on u.id = s.user_id where s.token_hash = $1",
    )
    .bind(hash_token(secret, token.trim()))
    .fetch_optional(pool)
    .await?;
    let (id, user_id, email, locale) = row.ok_or_else(Error::not_found)?;
    let owner = match (user_id, email) {
        (Some(user), _) => Owner::User(user),
        (None, Some(email)) => Owner::Email(email),
        (None, None) => return Err(Error::not_found()),
    };
    Ok(TokenSearch { id, owner, locale: Locale::from_code(&locale).unwrap_or_default() })
}

/// The visitor's searches behind a token (the manage page of a mail's link): those of the same
/// address. An account's token manages nothing here ("not found"): its owner signs in.
pub async fn visitor_by_token(pool: &PgPool, secret: &[u8], token: &str) -> Result<(TokenSearch, String)> {
    let found = by_token(pool, secret, token).await?;
    match &found.owner {
        Owner::Email(email) => {
            let email = email.clone();
            Ok((found, email))
        }
        Owner::User(_) => Err(Error::not_found()),
    }
}

/// Opens a visitor's confirmation link: the search mails from now on (opening it again changes nothing).
#[tracing::instrument(skip_all)]
pub async fn confirm(pool: &PgPool, secret: &[u8], token: &str) -> Result<TokenSearch> {
    let (found, _) = visitor_by_token(pool, secret, token).await?;
    sqlx::query("update saved_searches set confirmed_at = coalesce(confirmed_at, now()), updated_at = now() where id = $1")
        .bind(found.id)
        .execute(pool)
        .await?;
    Ok(found)
}

/// How many searches an unsubscribe link stopped.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unsubscribed {
    pub stopped: u64,
    /// The language of the search's mails, for the page that says so.
    pub locale: Locale,
}

/// The one-click unsubscribe of a mail (RFC 8058): the token's search, or with `all` every search
/// of its owner, mails no more. An account's searches are paused (they stay on its alerts page,
/// where they can be resumed); a visitor's are deleted, address and all. Following the link again
/// is fine; an unknown token is "not found".
#[tracing::instrument(skip_all, fields(all))]
pub async fn unsubscribe(pool: &PgPool, secret: &[u8], token: &str, all: bool) -> Result<Unsubscribed> {
    let found = match by_token(pool, secret, token).await {
        Ok(found) => found,
        Err(_) => return Err(Error::not_found()),
    };
    let (user_id, email) = found.owner.binds();
    let only = (!all).then_some(found.id);
    let sql = match found.owner {
        Owner::User(_) => format!("update saved_searches s set paused = true, updated_at = now() where {OWNER_SQL} and ($3::uuid is null or s.id = $3) and not s.paused"),
        Owner::Email(_) => format!("delete from saved_searches s where {OWNER_SQL} and ($3::uuid is null or s.id = $3)"),
    };
    let stopped = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(user_id).bind(email).bind(only).execute(pool).await?.rows_affected();
    Ok(Unsubscribed { stopped, locale: found.locale })
}

/// Deletes the visitors' searches left unconfirmed for [`UNCONFIRMED_DAYS`] as of `now`; answers how many.
#[tracing::instrument(skip_all)]
pub async fn purge_unconfirmed(pool: &PgPool, now: DateTime<Utc>) -> Result<u64> {
    let deleted = sqlx::query("delete from saved_searches where confirmed_at is null and created_at < $1")
        .bind(now - chrono::Duration::days(UNCONFIRMED_DAYS))
        .execute(pool)
        .await?;
    Ok(deleted.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_same_search_normalizes_to_the_same_filter_whatever_the_order_and_repeats() {
        let a = normalize_filter(&json!({"cityCode": ["0784", "0296", "0784"], "occupation": " kokk ", "remoteWork": false})).unwrap();
        let b = normalize_filter(&json!({"occupation": "kokk", "cityCode": ["0296", "0784"], "categoryCode": []})).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, json!({"cityCode": ["0296", "0784"], "occupation": "kokk"}));
        assert_ne!(a, normalize_filter(&json!({"occupation": "kokk"})).unwrap());
        assert_eq!(normalize_filter(&json!({"cityCode": "0784"})).unwrap(), json!({"cityCode": ["0784"]}));
    }

    #[test]
    fn a_filter_of_the_wrong_shape_is_a_400_naming_the_filter() {
        match normalize_filter(&json!({"salaryFrom": "much"})).unwrap_err() {
            Error::Client { field, .. } => assert_eq!(field, Some("filter")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_token_is_bound_to_its_search_and_the_secret_and_only_its_keyed_hash_is_kept() {
        let id = Uuid::new_v4();
        let token = token_for(b"secret-a", id);
        assert_eq!(token, token_for(b"secret-a", id));
        assert_ne!(token, token_for(b"secret-b", id));
        assert_ne!(token, token_for(b"secret-a", Uuid::new_v4()));
        assert_ne!(hash_token(b"secret-a", &token), token.as_bytes());
        assert_ne!(hash_token(b"secret-a", &token), hash_token(b"secret-b", &token));
    }

    #[test]
    fn a_name_is_trimmed_and_between_1_and_100_characters() {
        assert_eq!(check_name("  Kokk Tallinnas ").unwrap(), "Kokk Tallinnas");
        assert!(check_name("   ").is_err());
        assert!(check_name(&"ä".repeat(100)).is_ok());
        assert!(check_name(&"ä".repeat(101)).is_err());
    }
}
