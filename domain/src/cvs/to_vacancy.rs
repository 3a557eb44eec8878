//! A CV of the CV database made a candidate of one of the company's vacancies by its staff (an
//! application with `source` CV_BASE and `added_by_user_id`), and the retention of the CVs in a
//! CV-database vacancy (type CV_BASE): they stay [`CV_BASE_KEPT_AFTER_ACCESS`] after the company's
//! CV-database access ends, then [`expire_after_access`] takes them out of the company's lists.

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use super::favourites::IN_DATABASE;
use crate::applications::candidates::{self, Staff};
use crate::companies;
use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::locale::Locale;
use crate::platform::reference;
use crate::vacancies::ACTIVE_SQL;
use crate::vacancies::states::CV_BASE_KEPT_AFTER_ACCESS;

/// A CV added to a vacancy.
#[derive(Clone, Debug)]
pub struct Added {
    pub application_id: Uuid,
    /// The vacancy's name: the occupation in the request's language, or the CV-database
    /// vacancy's label.
    pub vacancy_label: String,
}

/// Adds a CV of the CV database to one of the company's vacancies: an active vacancy or a
/// CV-database one. The CV's owner becomes a candidate of it (status EXISTS, no answers, no
/// auto-reply: the applicant did not apply), shown in the vacancy's candidate list.
///
/// Needs CV-database access (403 `cv_database_access_required`). A vacancy the staff member does
/// not see (another company's, a deleted one, one not delegated to a moderator) or a CV not in the
/// database is "not found"; a draft, hidden or ended vacancy is a 400 naming `vacancyId`; an owner
/// already a candidate of the vacancy (from an application or an earlier adding) is a 400
/// `cv_already_added`, "This user has already been added to {vacancy}".
#[tracing::instrument(skip_all)]
pub async fn add(pool: &PgPool, staff: Staff, vacancy_id: Uuid, cv_id: Uuid, locale: Locale) -> Result<Added> {
    if !companies::has_cv_database_access(pool, staff.company_id).await? {
        return Err(Error::code(ErrorCode::CvDatabaseAccessRequired));
    }
    candidates::vacancy_seen(pool, staff, vacancy_id).await?;
    let sql = format!(
        "select coalesce({label}, v.occupation_label, ''), (v.type = 'CV_BASE' or {ACTIVE_SQL})
         from vacancies v join companies c on c.id = v.company_id left join ref_occupations o on o.code = v.occupation_code
         where v.id = $1",
        label = reference::label_sql(locale, "o"),
    );
    let (vacancy_label, open): (String, bool) = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(vacancy_id).fetch_one(pool).await?;
    if !open {
        return Err(Error::field("vacancyId", "A CV can be added to an active vacancy or to a CV-database vacancy"));
    }
    let sql = format!("select cv.owner_user_id from cvs cv where cv.id = $1 and {IN_DATABASE}");
    let owner: Uuid = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(cv_id).fetch_optional(pool).await?.ok_or_else(Error::not_found)?;
    let mut tx = pool.begin().await?;
    // a candidate the company deleted from a list it had added may be added again
    sqlx::query(
        "delete from applications where vacancy_id = $1 and applicant_user_id = $2 and source = 'CV_BASE'
           and status = 'DELETED' and withdrawn_at is null",
    )
    .bind(vacancy_id)
    .bind(owner)
    .execute(&mut *tx)
    .await?;
    let id: Option<Uuid> = sqlx::query_scalar(
        "insert into applications (vacancy_id, applicant_user_id, cv_id, source, added_by_user_id, status)
         values ($1, $2, $3, 'CV_BASE', $4, 'EXISTS') on conflict do nothing returning id",
    )
    .bind(vacancy_id)
    .bind(owner)
    .bind(cv_id)
    .bind(staff.user_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(application_id) = id else {
        return Err(Error::with_message(ErrorCode::CvAlreadyAdded, format!("This user has already been added to {vacancy_label}")));
    };
    tx.commit().await?;
    Ok(Added { application_id, vacancy_label })
}

/// Takes out of the company's lists, at `now`, the candidates of its CV-database vacancies once
/// [`CV_BASE_KEPT_AFTER_ACCESS`] has passed since both its CV-database access ended and they were
/// added. Access is a CV service that is or was at work (ACTIVE, WAITING whose start has come, or
/// FINISHED; a cancelled one was withdrawn and counts for nothing); it ended at its `ends_at`.
/// The applications are deleted with their comments and assessments: the company may no longer
/// read the CV (a chat about it stays, read-only while the company has no access). Returns how
/// many left; idempotent, and a second run at the same `now` removes nothing.
#[tracing::instrument(skip_all)]
pub async fn expire_after_access(pool: &PgPool, now: DateTime<Utc>) -> Result<u64> {
    let kept_days = CV_BASE_KEPT_AFTER_ACCESS.num_days();
    let sql = format!(
        "delete from applications a using vacancies v
         where v.id = a.vacancy_id and v.type = 'CV_BASE'
           and a.created_at + interval '{kept_days} days' <= $1
           and not exists (select 1 from services s
                           where s.company_id = v.company_id and s.type = 'CV'
                             and s.status in ('ACTIVE', 'WAITING', 'FINISHED') and s.starts_at <= $1
                             and (s.ends_at is null or s.ends_at + interval '{kept_days} days' > $1))"
    );
    let done = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now).execute(pool).await?;
    Ok(done.rows_affected())
}
