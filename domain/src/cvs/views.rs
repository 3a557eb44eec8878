//! Who opened a CV: every opening of a CV by an employer counts one view for the company it acts
//! for, in one counter row per CV, company and day (`cv_views`, days in Europe/Tallinn), and the
//! CV's owner sees which companies viewed it.
//!
//! Only a viewer who may read the CV ([`super::may_view`]) records a view; for anyone else the CV
//! is "not found", so the call reveals nothing. The owner opening their own CV counts nothing.

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{Viewer, may_view};
use crate::platform::error::{Error, Result};

/// Records that `viewer` opened the CV: one more view of it for the viewer's company today. The
/// owner's own openings are not counted; a CV the viewer may not read is "not found".
#[tracing::instrument(skip_all)]
pub async fn record(pool: &PgPool, viewer: &Viewer, cv_id: Uuid) -> Result<()> {
    if !may_view(pool, viewer, cv_id).await? {
        return Err(Error::not_found());
    }
    let owner: Uuid = sqlx::query_scalar("select owner_user_id from cvs where id = $1").bind(cv_id).fetch_one(pool).await?;
    // may_view lets anyone but the owner read a CV only while acting for a company
    let Some(company_id) = viewer.company_id.filter(|_| owner != viewer.user_id) else { return Ok(()) };
    sqlx::query(
        "insert into cv_views (cv_id, company_id, viewed_on, count) values ($1, $2, (now() at time zone 'Europe/Tallinn')::date, 1)
         on conflict (cv_id, company_id, viewed_on) do update set count = cv_views.count + 1",
    )
    .bind(cv_id)
    .bind(company_id)
    .execute(pool)
    .await?;
    Ok(())
}

/// A company that viewed a CV.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct CompanyView {
    pub business_name: String,
    /// The last day (Europe/Tallinn) the company opened the CV.
    pub last_viewed_on: NaiveDate,
    /// How many times the company opened it, all days together.
    pub views: i64,
}

/// The companies that viewed the owner's CV, the last to view it first; someone else's CV (or a
/// deleted one) is "not found".
#[tracing::instrument(skip_all)]
pub async fn of_cv(pool: &PgPool, owner: Uuid, cv_id: Uuid) -> Result<Vec<CompanyView>> {
    let owned: bool = sqlx::query_scalar("select exists (select 1 from cvs where id = $1 and owner_user_id = $2 and deleted_at is null)")
        .bind(cv_id)
        .bind(owner)
        .fetch_one(pool)
        .await?;
    if !owned {
        return Err(Error::not_found());
    }
    Ok(sqlx::query_as(
        "select c.business_name, max(v.viewed_on) as last_viewed_on, sum(v.count)::int8 as views
         from cv_views v join companies c on c.id = v.company_id
         where v.cv_id = $1 and c.deleted_at is null
         group by c.id, c.business_name
         order by max(v.viewed_on) desc, c.business_name",
    )
    .bind(cv_id)
    .fetch_all(pool)
    .await?)
}
