//! The audit log: who did what to whom, kept for administrators and for the record.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgExecutor, PgPool};
use uuid::Uuid;

use crate::platform::error::{Error, Result};

pub struct Entry<'a> {
    pub actor_user_id: Option<Uuid>,
    pub action: &'a str,
    pub target_user_id: Option<Uuid>,
    pub target_company_id: Option<Uuid>,
    pub details: Value,
    pub ip: Option<&'a str>,
}

#[tracing::instrument(skip_all, fields(action = entry.action))]
pub async fn record(db: impl PgExecutor<'_>, entry: Entry<'_>) -> Result<()> {
    sqlx::query(
        "insert into audit_log (actor_user_id, action, target_user_id, target_company_id, details, ip)
         values ($1, $2, $3, $4, $5, $6::inet)",
    )
    .bind(entry.actor_user_id)
    .bind(entry.action)
    .bind(entry.target_user_id)
    .bind(entry.target_company_id)
    .bind(entry.details)
    .bind(entry.ip)
    .execute(db)
    .await?;
    Ok(())
}

/// What an entry's details become when the data they described is erased.
pub const REDACTED: &str = r#"{"redacted": true}"#;

/// Takes the content out of the entries about a person whose data is being erased (on the
/// erasure's transaction): entries about them (`target_user_id`), and entries whose details name
/// their e-mail address, keep who, when and what was done but lose their details; the addresses
/// their own actions came from are dropped. Answers how many entries changed.
pub async fn redact_about(conn: &mut sqlx::PgConnection, user_id: Uuid, email: &str) -> Result<u64> {
    let redacted = sqlx::query(
        "update audit_log set details = $3::jsonb
         where (target_user_id = $1 or ($2 <> '' and strpos(lower(details::text), $2) > 0)) and details <> $3::jsonb",
    )
    .bind(user_id)
    .bind(email.to_lowercase())
    .bind(REDACTED)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let addresses = sqlx::query("update audit_log set ip = null where actor_user_id = $1 and ip is not null")
        .bind(user_id)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    Ok(redacted + addresses)
}

/// Deletes the entries recorded before `cutoff` (the audit log's retention period); answers how many.
pub async fn purge_before(pool: &PgPool, cutoff: DateTime<Utc>) -> Result<u64> {
    Ok(sqlx::query("delete from audit_log where created_at < $1").bind(cutoff).execute(pool).await?.rows_affected())
}

/// The audit log's page size when none is asked for, and the largest.
pub const PAGE_SIZE: u32 = 50;
const MAX_PAGE_SIZE: u32 = 200;

/// The administrators' filter of the audit log (`GET /api/admin/audit`).
#[derive(Clone, Debug, Default)]
pub struct Filter<'a> {
    /// An action, or the start of one (`invoice.` for every invoice action).
    pub action: Option<&'a str>,
    /// Part of the acting user's e-mail.
    pub actor: Option<&'a str>,
    /// Part of the target user's e-mail, or of the target company's name, or the start of its
    /// registry code.
    pub target: Option<&'a str>,
    /// Entries about this company (its own screen).
    pub company_id: Option<Uuid>,
    /// Entries this user made or that were about them (a person's screen).
    pub user_id: Option<Uuid>,
    /// Recorded on or after this day (UTC).
    pub from: Option<NaiveDate>,
    /// Recorded on or before this day (UTC).
    pub to: Option<NaiveDate>,
    pub page: Option<u32>,
    pub size: Option<u32>,
}

/// A company an entry is about.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditCompany {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
}

/// One entry of the audit log: who, when, what and the target.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub created_at: DateTime<Utc>,
    /// What was done: `impersonation.start`, `product.update`, `invoice.forced_payment`, …
    pub action: String,
    /// The e-mail of who did it (none for the system, or a user since deleted).
    pub actor: Option<String>,
    /// The e-mail of the user it was done to.
    pub target_user: Option<String>,
    pub target_company: Option<AuditCompany>,
    /// What the action recorded: values before and after, a reason, a method and path.
    #[schema(value_type = Object)]
    pub details: Value,
    pub ip: Option<String>,
}

/// A page of the audit log, newest first.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub content: Vec<AuditEntry>,
    pub total_elements: i64,
    pub total_pages: u32,
    pub page: u32,
    pub size: u32,
}

fn like_pattern(text: &str) -> String {
    format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}

fn checked<'a>(text: Option<&'a str>, field: &'static str) -> Result<&'a str> {
    let text = text.map(str::trim).unwrap_or_default();
    if text.chars().count() > 100 {
        return Err(Error::field(field, "At most 100 characters"));
    }
    Ok(text)
}

/// The audit log, newest first, filtered as asked.
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool, filter: &Filter<'_>) -> Result<AuditPage> {
    let size = filter.size.unwrap_or(PAGE_SIZE);
    if !(1..=MAX_PAGE_SIZE).contains(&size) {
        return Err(Error::field("size", format!("Page size must be between 1 and {MAX_PAGE_SIZE}")));
    }
    let page = filter.page.unwrap_or(0);
    let action = checked(filter.action, "action")?;
    let actor = checked(filter.actor, "actor")?;
    let target = checked(filter.target, "target")?;
    if let (Some(from), Some(to)) = (filter.from, filter.to) {
        if from > to {
            return Err(Error::field("to", "The end day is before the start day"));
        }
    }
    #[derive(sqlx::FromRow)]
    struct Row {
        id: i64,
        created_at: DateTime<Utc>,
        action: String,
        actor: Option<String>,
        target_user: Option<String>,
        country_code: Option<String>,
        registry_code: Option<String>,
        business_name: Option<String>,
        details: Value,
        ip: Option<String>,
        total: i64,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "select a.id, a.created_at, a.action, au.username as actor, tu.username as target_user,
                c.country_code, c.registry_code, c.business_name, a.details, host(a.ip) as ip, count(*) over () as total
         from audit_log a
         left join users au on au.id = a.actor_user_id
         left join users tu on tu.id = a.target_user_id
         left join companies c on c.id = a.target_company_id
         where ($1 = '' or starts_with(a.action, $1))
           and ($2 = '' or au.username ilike $3)
           and ($4 = '' or tu.username ilike $5 or c.business_name ilike $5 or starts_with(c.registry_code, $4))
           and ($6::date is null or a.created_at >= $6::date)
           and ($7::date is null or a.created_at < $7::date + 1)
           and ($10::uuid is null or a.target_company_id = $10)
           and ($11::uuid is null or a.actor_user_id = $11 or a.target_user_id = $11)
         order by a.created_at desc, a.id desc
         limit $8 offset $9",
    )
    .bind(action)
    .bind(actor)
    .bind(like_pattern(actor))
    .bind(target)
    .bind(like_pattern(target))
    .bind(filter.from)
    .bind(filter.to)
    .bind(i64::from(size))
    .bind(i64::from(page) * i64::from(size))
    .bind(filter.company_id)
    .bind(filter.user_id)
    .fetch_all(pool)
    .await?;
    let total_elements = rows.first().map_or(0, |row| row.total);
    let content = rows
        .into_iter()
        .map(|row| AuditEntry {
            id: row.id,
            created_at: row.created_at,
            action: row.action,
            actor: row.actor,
            target_user: row.target_user,
            target_company: match (row.country_code, row.registry_code, row.business_name) {
                (Some(country_code), Some(registry_code), Some(business_name)) => Some(AuditCompany { country_code, registry_code, business_name }),
                _ => None,
            },
            details: row.details,
            ip: row.ip,
        })
        .collect();
    Ok(AuditPage { content, total_pages: (total_elements as u64).div_ceil(u64::from(size)) as u32, total_elements, page, size })
}
