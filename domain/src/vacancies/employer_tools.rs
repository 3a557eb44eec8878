//! The owner's smaller calls around vacancies: the autocomplete of the company's vacancies, the
//! moderator a vacancy is delegated to, and the CV-database vacancy (type CV_BASE, the virtual
//! vacancy holding CVs taken from the CV database, named by a free occupation label).

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use super::employer_list::{self, TabFilter};
use super::states::Displayed;
use crate::delegation::{self, VacancyModerator};
use crate::platform::error::{Error, Result};
use crate::platform::filters::{MAX_EMPLOYER_SEARCH, text_param};
use crate::platform::locale::Locale;

/// Most vacancies the autocomplete answers.
pub const AUTOCOMPLETE_LIMIT: usize = 20;
/// Longest name of a CV-database vacancy.
pub const MAX_OCCUPATION_LABEL: usize = 200;

/// One of the company's vacancies, as the autocomplete offers it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancySuggestion {
    pub id: Uuid,
    /// The occupation in the request's language, or the CV-database vacancy's label; null for a
    /// draft without an occupation.
    pub occupation_label: Option<String>,
    pub displayed_state: Displayed,
}

/// The company's non-deleted vacancies whose label holds `search` (any case), newest change first,
/// at most [`AUTOCOMPLETE_LIMIT`]; all of them (up to the limit) for a blank search. A search
/// longer than 100 characters is a 400 naming `search`.
#[tracing::instrument(skip_all)]
pub async fn autocomplete(
    pool: &PgPool,
    company_id: Uuid,
    search: Option<String>,
    locale: Locale,
    now: DateTime<Utc>,
) -> Result<Vec<VacancySuggestion>> {
    let search = text_param("search", search, MAX_EMPLOYER_SEARCH)?.map(|s| s.to_lowercase());
    let all = employer_list::list(pool, company_id, locale, TabFilter::All, None, (0, u32::MAX), now).await?;
    Ok(all
        .rows
        .into_iter()
        .filter(|row| match (&search, &row.occupation_label) {
            (None, _) => true,
            (Some(search), Some(label)) => label.to_lowercase().contains(search.as_str()),
            (Some(_), None) => false,
        })
        .take(AUTOCOMPLETE_LIMIT)
        .map(|row| VacancySuggestion { id: row.id, occupation_label: row.occupation_label, displayed_state: row.displayed })
        .collect())
}

/// A transaction holding the lock of one of the company's vacancies (not deleted; "not found"
/// otherwise) for a change of its moderator by `actor`, who must be allowed to delegate
/// ([`delegation::may_delegate`]; 403 otherwise).
async fn lock_to_delegate(pool: &PgPool, company_id: Uuid, vacancy_id: Uuid, actor: Uuid) -> Result<sqlx::Transaction<'static, sqlx::Postgres>> {
    if !delegation::may_delegate(pool, company_id, actor).await? {
        return Err(Error::forbidden());
    }
    let mut tx = pool.begin().await?;
    let found: Option<Uuid> = sqlx::query_scalar("select id from vacancies where id = $1 and company_id = $2 and status <> 'DELETED' for update")
        .bind(vacancy_id)
        .bind(company_id)
        .fetch_optional(&mut *tx)
        .await?;
    found.ok_or_else(Error::not_found)?;
    Ok(tx)
}

/// Delegates one of the company's vacancies to a member of its staff (by e-mail address), in place
/// of the one it was delegated to before (spec 2 section 6: a vacancy is delegated to one). Another
/// company's vacancy, or a deleted one, is "not found"; anyone but the company's staff is a 400
/// naming `username`. Only the company's supervisor and staff with the administrator tag delegate
/// ([`delegation::may_delegate`]); anyone else is refused (403).
#[tracing::instrument(skip_all)]
pub async fn assign_moderator(pool: &PgPool, company_id: Uuid, vacancy_id: Uuid, assigned_by: Uuid, username: &str) -> Result<VacancyModerator> {
    let mut tx = lock_to_delegate(pool, company_id, vacancy_id, assigned_by).await?;
    let username = username.trim().to_lowercase();
    if username.is_empty() {
        return Err(Error::field("username", "Enter the e-mail address of a member of the company's staff"));
    }
    let moderator: VacancyModerator = sqlx::query_as(
        "select u.id as user_id, u.username, p.firstname, p.lastname
         from company_staff s join users u on u.id = s.user_id left join profiles p on p.user_id = u.id
         where s.company_id = $1 and u.username = $2 and u.deleted_at is null",
    )
    .bind(company_id)
    .bind(&username)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::field("username", "Wrong username: not a member of the company's staff"))?;
    sqlx::query("delete from vacancy_moderators where vacancy_id = $1").bind(vacancy_id).execute(&mut *tx).await?;
    sqlx::query("insert into vacancy_moderators (vacancy_id, user_id, assigned_by_user_id) values ($1, $2, $3)")
        .bind(vacancy_id)
        .bind(moderator.user_id)
        .bind(assigned_by)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(moderator)
}

/// Takes the delegation off one of the company's vacancies: its candidates are then seen by the
/// supervisor and the administrators only. Removing from a vacancy delegated to nobody changes
/// nothing. The same rights as [`assign_moderator`] (403); another company's or a deleted vacancy
/// is "not found".
#[tracing::instrument(skip_all)]
pub async fn remove_moderator(pool: &PgPool, company_id: Uuid, vacancy_id: Uuid, removed_by: Uuid) -> Result<()> {
    let mut tx = lock_to_delegate(pool, company_id, vacancy_id, removed_by).await?;
    sqlx::query("delete from vacancy_moderators where vacancy_id = $1").bind(vacancy_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// The company's CV-database vacancy named `occupation_label` (the same name in any case), made
/// when it does not exist yet; answers its id. A blank name, or one longer than
/// [`MAX_OCCUPATION_LABEL`] characters, is a 400 naming `occupationLabel`.
#[tracing::instrument(skip_all)]
pub async fn cv_base(pool: &PgPool, company_id: Uuid, user_id: Uuid, occupation_label: &str) -> Result<Uuid> {
    let label = occupation_label.trim();
    if label.is_empty() {
        return Err(Error::field("occupationLabel", "Enter the name of the CV-database vacancy"));
    }
    if label.chars().count() > MAX_OCCUPATION_LABEL {
        return Err(Error::field("occupationLabel", format!("The name is longer than {MAX_OCCUPATION_LABEL} characters")));
    }
    let mut tx = pool.begin().await?;
    // two calls with the same name at once make one vacancy
    sqlx::query("select pg_advisory_xact_lock(hashtextextended('vakants.cv_base:' || $1::text, 0))").bind(company_id).execute(&mut *tx).await?;
    let existing: Option<Uuid> = sqlx::query_scalar(
        "select id from vacancies where company_id = $1 and type = 'CV_BASE' and status <> 'DELETED'
           and lower(occupation_label) = lower($2) order by created_at limit 1",
    )
    .bind(company_id)
    .bind(label)
    .fetch_optional(&mut *tx)
    .await?;
    let id = match existing {
        Some(id) => id,
        None => {
            sqlx::query_scalar(
                "insert into vacancies (company_id, created_by_user_id, type, status, occupation_label)
             values ($1, $2, 'CV_BASE', 'EXISTS', $3) returning id",
            )
            .bind(company_id)
            .bind(user_id)
            .bind(label)
            .fetch_one(&mut *tx)
            .await?
        }
    };
    tx.commit().await?;
    Ok(id)
}
