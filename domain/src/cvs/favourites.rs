//! Saved CVs: a company's list of CVs kept from the CV database (`favourite_cvs`).
//!
//! A saved CV shows only while it is in the CV database (finished, visible, not deleted, its
//! owner's account not deleted): a CV whose owner hides it or deletes the account leaves every
//! company's list at once, because every read goes through [`IN_DATABASE`].

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::companies;
use crate::platform::error::{Error, ErrorCode, Result};

/// The SQL condition of a CV `cv` that is in the CV database (a constant: safe to format into SQL).
pub(crate) const IN_DATABASE: &str = "cv.deleted_at is null and cv.status = 'ACTIVE' and cv.visibility = 'VISIBLE'
    and exists (select 1 from users u where u.id = cv.owner_user_id and u.deleted_at is null)";

/// One saved CV.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SavedCv {
    pub cv_id: Uuid,
    pub title: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub saved_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The company's saved CVs, the last saved first.
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool, company_id: Uuid) -> Result<Vec<SavedCv>> {
    let sql = format!(
        "select cv.id as cv_id, cv.title, cv.firstname, cv.lastname, f.created_at as saved_at, cv.updated_at
         from favourite_cvs f join cvs cv on cv.id = f.cv_id
         where f.company_id = $1 and {IN_DATABASE}
         order by f.created_at desc, cv.id"
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).fetch_all(pool).await?)
}

/// Saves CVs of the CV database to the company's list (saving one again changes nothing). Needs
/// access to the database (403 `cv_database_access_required`); a CV not in it is "not found".
#[tracing::instrument(skip_all)]
pub async fn save(pool: &PgPool, company_id: Uuid, user_id: Uuid, cv_ids: &[Uuid]) -> Result<()> {
    if !companies::has_cv_database_access(pool, company_id).await? {
        return Err(Error::code(ErrorCode::CvDatabaseAccessRequired));
    }
    let sql = format!("select count(*) from cvs cv where cv.id = any($1) and {IN_DATABASE}");
    let mut ids = cv_ids.to_vec();
    ids.sort();
    ids.dedup();
    let found: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(&ids).fetch_one(pool).await?;
    if found != ids.len() as i64 {
        return Err(Error::not_found());
    }
    sqlx::query(
        "insert into favourite_cvs (company_id, cv_id, saved_by_user_id) select $1, id, $2 from unnest($3::uuid[]) as id
         on conflict (company_id, cv_id) do nothing",
    )
    .bind(company_id)
    .bind(user_id)
    .bind(&ids)
    .execute(pool)
    .await?;
    Ok(())
}

/// Removes a CV from the company's list; one not on it is "not found".
#[tracing::instrument(skip_all)]
pub async fn remove(pool: &PgPool, company_id: Uuid, cv_id: Uuid) -> Result<()> {
    let removed = sqlx::query("delete from favourite_cvs where company_id = $1 and cv_id = $2")
        .bind(company_id)
        .bind(cv_id)
        .execute(pool)
        .await?
        .rows_affected();
    if removed == 0 {
        return Err(Error::not_found());
    }
    Ok(())
}
