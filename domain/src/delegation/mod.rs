//! Delegation (spec 2 section 6): who of a company's staff sees which vacancy's candidates, and who
//! delegates.
//!
//! **The one rule.** A member of the staff sees a vacancy's candidates — its applications, their
//! CVs and files, comments, the chat with the applicant and the interviews — when they are the
//! company's supervisor, carry the administrator tag (`company_staff.is_administrator`), or the
//! vacancy is delegated to them (`vacancy_moderators`). A vacancy delegated to nobody is seen by
//! the supervisor and the administrators only. [`sees_vacancy_sql`] is that rule; every read of an
//! application and of what hangs on it goes through it (or through [`sees_applicant_sql`] and
//! [`sees_interview_sql`], which apply it to a chat's applicant and to an interview).
//!
//! **Delegating.** Only the supervisor and staff with the administrator tag assign a vacancy's
//! moderator ([`may_delegate`]).
//!
//! The SQL below uses aliases of its own (`dlg_*`) so it nests in any query.

use std::collections::HashMap;

use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::Result;

/// SQL: the user `user` (a bind such as `$2`) is on the staff of `company` (a column or bind) and
/// is its supervisor or carries the administrator tag; the company is not deleted.
pub fn oversees_sql(company: &str, user: &str) -> String {
    format!(
        "exists (select 1 from company_staff dlg_s join companies dlg_c on dlg_c.id = dlg_s.company_id
                 where dlg_s.company_id = {company} and dlg_s.user_id = {user} and dlg_c.deleted_at is null
                   and (dlg_s.is_administrator or dlg_c.supervisor_user_id = dlg_s.user_id))"
    )
}

/// SQL, the one rule: the user `user` sees the candidates of the vacancy aliased `vacancy` (its
/// `id` and `company_id` are read): on the staff of its company, and its supervisor, an
/// administrator, or the vacancy's moderator. The vacancy's own status is the caller's to check.
pub fn sees_vacancy_sql(vacancy: &str, user: &str) -> String {
    format!(
        "exists (select 1 from company_staff dlg_s join companies dlg_c on dlg_c.id = dlg_s.company_id
                 where dlg_s.company_id = {vacancy}.company_id and dlg_s.user_id = {user} and dlg_c.deleted_at is null
                   and (dlg_s.is_administrator or dlg_c.supervisor_user_id = dlg_s.user_id
                        or exists (select 1 from vacancy_moderators dlg_m where dlg_m.vacancy_id = {vacancy}.id and dlg_m.user_id = dlg_s.user_id)))"
    )
}

/// SQL: the user `user` sees the applicant `applicant` (a column) for `company` (a column): they
/// oversee the company, or see a vacancy of it the applicant applied to (or was added to from the
/// CV database), or `started_by` (a column, the staff member who started a chat about a CV of the
/// CV database, with no application behind it) is them while `application` (a column) is null.
/// Used for a chat, which is one per company and applicant.
pub fn sees_applicant_sql(company: &str, applicant: &str, user: &str, application: &str, started_by: &str) -> String {
    format!(
        "({oversees} or exists (select 1 from applications dlg_a join vacancies dlg_v on dlg_v.id = dlg_a.vacancy_id
                                where dlg_a.applicant_user_id = {applicant} and dlg_v.company_id = {company}
                                  and dlg_a.status <> 'DELETED' and dlg_a.anonymised_at is null and {sees})
          or ({application} is null and {started_by} = {user}))",
        oversees = oversees_sql(company, user),
        sees = sees_vacancy_sql("dlg_v", user),
    )
}

/// SQL: the user `user` sees the interview aliased `interview`: they oversee its company, or see
/// its vacancy, or — an interview about no vacancy — invited the applicant themselves.
pub fn sees_interview_sql(interview: &str, user: &str) -> String {
    format!(
        "({oversees} or exists (select 1 from vacancies dlg_iv where dlg_iv.id = {interview}.vacancy_id and {sees})
          or ({interview}.vacancy_id is null and {interview}.created_by_user_id = {user}))",
        oversees = oversees_sql(&format!("{interview}.company_id"), user),
        sees = sees_vacancy_sql("dlg_iv", user),
    )
}

/// Whether the user may delegate the company's vacancies: its supervisor, or staff with the
/// administrator tag.
#[tracing::instrument(skip_all)]
pub async fn may_delegate(pool: &PgPool, company_id: Uuid, user_id: Uuid) -> Result<bool> {
    let sql = format!("select {}", oversees_sql("$1", "$2"));
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(company_id).bind(user_id).fetch_one(pool).await?)
}

/// The staff member a vacancy is delegated to.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyModerator {
    pub user_id: Uuid,
    /// The staff member's e-mail address.
    pub username: String,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
}

/// The moderators of the given vacancies (those delegated to someone still on the company's
/// staff), by vacancy, in one query.
#[tracing::instrument(skip_all)]
pub async fn moderators_of(pool: &PgPool, vacancy_ids: &[Uuid]) -> Result<HashMap<Uuid, VacancyModerator>> {
    #[derive(sqlx::FromRow)]
    struct Delegated {
        vacancy_id: Uuid,
        #[sqlx(flatten)]
        moderator: VacancyModerator,
    }
    let rows: Vec<Delegated> = sqlx::query_as(
        "select m.vacancy_id, u.id as user_id, u.username, p.firstname, p.lastname
         from vacancy_moderators m join vacancies v on v.id = m.vacancy_id
         join company_staff s on s.company_id = v.company_id and s.user_id = m.user_id
         join users u on u.id = m.user_id and u.deleted_at is null
         left join profiles p on p.user_id = u.id
         where m.vacancy_id = any($1)",
    )
    .bind(vacancy_ids)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|row| (row.vacancy_id, row.moderator)).collect())
}
