//! Vacancy writes. Each one pushes its index job on its own transaction; `time_rules` are the
//! writes the clock makes (finishing, auto-renewal).

pub mod filter;
pub mod states;
pub mod time_rules;

use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::{Error, Result};
use crate::platform::jobs::{self, IndexJob};

/// When a vacancy is open (searchable, can be applied to, counts as active): published, paid (or
/// under contract), not expired, of a live company. `v` is the vacancy, `c` its company.
pub const ACTIVE_SQL: &str = "(v.status = 'EXISTS' and v.type = 'DEFAULT' and v.payment_status = 'PAID'
    and v.publish_at is not null and v.publish_at <= now()
    and (v.valid_until is null or v.valid_until > now()) and c.deleted_at is null)";

/// When a vacancy has a public page: published, running or finished (a finished one says noindex
/// and cannot be applied to), never a draft, hidden or deleted one. `v` and `c` as above.
pub const PUBLIC_SQL: &str = "(v.type = 'DEFAULT' and v.status in ('EXISTS', 'ARCHIVED') and v.payment_status = 'PAID'
    and v.publish_at is not null and v.publish_at <= now() and c.deleted_at is null)";

/// The statuses an owner may set (spec 2 section 4: a PUT to the status path).
pub const STATUSES: [&str; 5] = ["TEMPORARY", "EXISTS", "HIDDEN", "ARCHIVED", "DELETED"];

/// Sets the status of a vacancy of `company_id`; another company's vacancy is "not found".
#[tracing::instrument(skip_all)]
pub async fn change_status(pool: &PgPool, company_id: Uuid, vacancy_id: Uuid, status: &str) -> Result<()> {
    if !STATUSES.contains(&status) {
        return Err(Error::field("status", format!("Unknown vacancy status {status:?}")));
    }
    let mut tx = pool.begin().await?;
    let changed = sqlx::query("update vacancies set status = $3 where id = $2 and company_id = $1")
        .bind(company_id)
        .bind(vacancy_id)
        .bind(status)
        .execute(&mut *tx)
        .await?;
    if changed.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    jobs::enqueue_index(&mut tx, &[IndexJob::Vacancy(vacancy_id)]).await?;
    tx.commit().await?;
    Ok(())
}

/// Renames a company as the Business Register does; its vacancies show the new name once re-indexed.
#[tracing::instrument(skip_all)]
pub async fn rename_company(pool: &PgPool, company_id: Uuid, business_name: &str) -> Result<()> {
    let name = business_name.trim();
    if name.is_empty() {
        return Err(Error::field("businessName", "Business name is required"));
    }
    let mut tx = pool.begin().await?;
    let changed = sqlx::query("update companies set business_name = $2 where id = $1 and deleted_at is null")
        .bind(company_id)
        .bind(name)
        .execute(&mut *tx)
        .await?;
    if changed.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    jobs::enqueue_index(&mut tx, &[IndexJob::Company(company_id)]).await?;
    tx.commit().await?;
    Ok(())
}
