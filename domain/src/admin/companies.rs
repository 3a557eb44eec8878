//! The back office's companies (issue 19): deleting a company once its registry number is typed,
//! and the administrators' comments on a company (spec 2 sections 5, 6 and 7).
//!
//! A deleted company keeps its row, marked deleted: its invoices stay for the seven years the
//! accounting law asks, and the audit log keeps pointing at it. Everything that serves the company
//! reads `deleted_at is null` — its vacancies stop being active ([`crate::vacancies::ACTIVE_SQL`])
//! and leave the search through the index job queued on the deleting transaction, its staff's
//! sessions lose it at their next request (`company_staff` is re-checked on every request), and
//! its API keys stop working. Its people keep their own accounts.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::companies;
use crate::platform::audit;
use crate::platform::error::{Error, Result};
use crate::platform::jobs::{self, IndexJob};

/// What the back office is told when the typed registry number is not the company's (spec 2 section 8).
pub const WRONG_REGISTRY_NUMBER: &str = "Failed to delete company data";

/// Longest comment.
pub const MAX_COMMENT: usize = 2000;

/// What a company's deletion did, for the audit log and the answer.
#[derive(Clone, Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedCompany {
    pub business_name: String,
    /// Staff rows removed: the people keep their accounts.
    pub staff_removed: u64,
    /// Its vacancies (none deleted: they stop being shown with the company).
    pub vacancies: u64,
    pub api_keys_revoked: u64,
    /// Invoices kept for the accounts.
    pub invoices_kept: i64,
}

/// Deletes the company once `typed` (surrounding spaces aside) is its registry number; a wrong entry
/// is a 400 naming `registryNumber` ("Failed to delete company data") and changes nothing. An
/// unknown or already deleted company is "not found". On one transaction: the company is marked
/// deleted, its staff rows, vacancy moderators and API keys go, its vacancies' re-indexing is
/// queued, and `company.delete` is audited.
#[tracing::instrument(skip_all)]
pub async fn delete(
    pool: &PgPool,
    admin_id: Uuid,
    country_code: &str,
    registry_code: &str,
    typed: &str,
    ip: Option<&str>,
) -> Result<DeletedCompany> {
    let mut tx = pool.begin().await?;
    let found: Option<(Uuid, String, String)> = sqlx::query_as(
        "select id, registry_code, business_name from companies
         where country_code = upper($1) and registry_code = $2 and deleted_at is null for update",
    )
    .bind(country_code)
    .bind(registry_code)
    .fetch_optional(&mut *tx)
    .await?;
    let (company_id, registry_code, business_name) = found.ok_or_else(Error::not_found)?;
    if typed.trim() != registry_code {
        return Err(Error::field("registryNumber", WRONG_REGISTRY_NUMBER));
    }
    let deleted = mark_deleted(&mut tx, company_id, business_name).await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(admin_id),
            action: "company.delete",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::to_value(&deleted).map_err(anyhow::Error::from)?,
            ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(deleted)
}

async fn mark_deleted(tx: &mut PgConnection, company_id: Uuid, business_name: String) -> Result<DeletedCompany> {
    sqlx::query("update companies set deleted_at = now() where id = $1").bind(company_id).execute(&mut *tx).await?;
    sqlx::query("delete from vacancy_moderators m using vacancies v where v.id = m.vacancy_id and v.company_id = $1")
        .bind(company_id)
        .execute(&mut *tx)
        .await?;
    let staff_removed = sqlx::query("delete from company_staff where company_id = $1").bind(company_id).execute(&mut *tx).await?.rows_affected();
    let api_keys_revoked = sqlx::query("update api_keys set revoked_at = now() where company_id = $1 and revoked_at is null")
        .bind(company_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    let vacancies: i64 = sqlx::query_scalar("select count(*) from vacancies where company_id = $1").bind(company_id).fetch_one(&mut *tx).await?;
    let invoices_kept: i64 =
        sqlx::query_scalar("select count(*) from invoices where company_id = $1 and deleted_at is null").bind(company_id).fetch_one(&mut *tx).await?;
    // the worker re-reads every vacancy of the company: none is active any more, so each leaves the index
    jobs::enqueue_index(tx, &[IndexJob::Company(company_id)]).await?;
    Ok(DeletedCompany { business_name, staff_removed, vacancies: vacancies as u64, api_keys_revoked, invoices_kept })
}

/// A comment of the back office on a company.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Comment {
    pub id: Uuid,
    pub author_user_id: Option<Uuid>,
    pub author_firstname: Option<String>,
    pub author_lastname: Option<String>,
    pub author_username: Option<String>,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

/// The live company by its register key, or "not found".
async fn company_id(pool: &PgPool, country_code: &str, registry_code: &str) -> Result<Uuid> {
    companies::find(pool, country_code, registry_code).await?.ok_or_else(Error::not_found)
}

async fn comments_of(db: impl sqlx::PgExecutor<'_>, company_id: Uuid, only: Option<Uuid>) -> Result<Vec<Comment>> {
    Ok(sqlx::query_as(
        "select cm.id, cm.author_user_id, p.firstname as author_firstname, p.lastname as author_lastname,
                u.username as author_username, cm.body, cm.created_at
         from company_comments cm
         left join users u on u.id = cm.author_user_id and u.deleted_at is null
         left join profiles p on p.user_id = u.id
         where cm.company_id = $1 and ($2::uuid is null or cm.id = $2)
         order by cm.created_at desc, cm.id desc",
    )
    .bind(company_id)
    .bind(only)
    .fetch_all(db)
    .await?)
}

/// The comments on a live company, newest first.
#[tracing::instrument(skip_all)]
pub async fn comments(pool: &PgPool, country_code: &str, registry_code: &str) -> Result<Vec<Comment>> {
    let company_id = company_id(pool, country_code, registry_code).await?;
    comments_of(pool, company_id, None).await
}

/// Adds an administrator's comment (1 to [`MAX_COMMENT`] characters, trimmed; a 400 naming `body`
/// otherwise). Audited as `company.comment`.
#[tracing::instrument(skip_all)]
pub async fn add_comment(pool: &PgPool, admin_id: Uuid, country_code: &str, registry_code: &str, body: &str, ip: Option<&str>) -> Result<Comment> {
    let body = body.trim();
    if body.is_empty() {
        return Err(Error::field("body", "Write the comment"));
    }
    if body.chars().count() > MAX_COMMENT {
        return Err(Error::field("body", format!("The comment is longer than {MAX_COMMENT} characters")));
    }
    let company_id = company_id(pool, country_code, registry_code).await?;
    let mut tx = pool.begin().await?;
    let id: Uuid = sqlx::query_scalar("insert into company_comments (company_id, author_user_id, body) values ($1, $2, $3) returning id")
        .bind(company_id)
        .bind(admin_id)
        .bind(body)
        .fetch_one(&mut *tx)
        .await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(admin_id),
            action: "company.comment",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::json!({ "commentId": id }),
            ip,
        },
    )
    .await?;
    let comment = comments_of(&mut *tx, company_id, Some(id)).await?.pop().ok_or_else(|| anyhow::anyhow!("comment {id} vanished"))?;
    tx.commit().await?;
    Ok(comment)
}

/// Deletes a comment on the company (any administrator may; the back office shares its notes).
/// A comment of another company, or none, is "not found". Audited as `company.comment_removed`
/// with the removed text.
#[tracing::instrument(skip_all)]
pub async fn delete_comment(pool: &PgPool, admin_id: Uuid, country_code: &str, registry_code: &str, comment_id: Uuid, ip: Option<&str>) -> Result<()> {
    let company_id = company_id(pool, country_code, registry_code).await?;
    let mut tx = pool.begin().await?;
    let body: Option<String> = sqlx::query_scalar("delete from company_comments where id = $1 and company_id = $2 returning body")
        .bind(comment_id)
        .bind(company_id)
        .fetch_optional(&mut *tx)
        .await?;
    let body = body.ok_or_else(Error::not_found)?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(admin_id),
            action: "company.comment_removed",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::json!({ "commentId": comment_id, "body": body }),
            ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(())
}
