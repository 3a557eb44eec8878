//! Vacancy writes. Each one pushes its index job on its own transaction; `time_rules` are the
//! writes the clock makes (going live, finishing, auto-renewal); `employer_list` the owner's list and
//! status call (on the transition table of `states`), publishing with the order `billing` makes;
//! `document` the owner's document (its `rules`); `employer_tools` the owner's
//! autocomplete, moderators and CV-database vacancy.

pub mod document;
pub mod employer_list;
pub mod employer_tools;
pub mod filter;
pub mod rules;
pub mod states;
pub mod time_rules;

use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::{Error, Result};
use crate::platform::jobs::{self, IndexJob};

/// When a vacancy is open (searchable, can be applied to, counts as active): published, paid (or
/// under contract), not expired, of a live company, and not held by moderation (waiting for review,
/// rejected or taken down: `crate::moderation`). `v` is the vacancy, `c` its company.
pub const ACTIVE_SQL: &str = "(v.status = 'EXISTS' and v.type = 'DEFAULT' and v.payment_status = 'PAID'
    and v.publish_at is not null and v.publish_at <= now()
    and (v.valid_until is null or v.valid_until > now()) and c.deleted_at is null
    and v.review_status in ('NONE', 'UNREVIEWED', 'APPROVED'))";

/// When a vacancy has a public page: published, running or finished (a finished one says noindex
/// and cannot be applied to), never a draft, hidden or deleted one, nor one moderation holds.
/// `v` and `c` as above.
pub const PUBLIC_SQL: &str = "(v.type = 'DEFAULT' and v.status in ('EXISTS', 'ARCHIVED') and v.payment_status = 'PAID'
    and v.publish_at is not null and v.publish_at <= now() and c.deleted_at is null
    and v.review_status in ('NONE', 'UNREVIEWED', 'APPROVED'))";

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
