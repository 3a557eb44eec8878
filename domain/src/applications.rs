//! Applying to a vacancy, and the applicant's view of their applications.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Deserialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::{Error, ErrorCode, Result};
use crate::vacancies::ACTIVE_SQL;

pub const MAX_COVER_LETTER: usize = 5000;
pub const MAX_ANSWER: usize = 2000;


#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub question_id: Uuid,
    pub answer: String,
}

#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewApplication {
    pub vacancy_id: Uuid,
    /// The CV to send; may be left out only where the vacancy allows applying without one.
    pub cv_id: Option<Uuid>,
    pub cover_letter: Option<String>,
    #[serde(default)]
    pub answers: Vec<Answer>,
}

/// A vacancy's employer questions, in order.
pub async fn questions(pool: &PgPool, vacancy_id: Uuid) -> Result<Vec<(Uuid, String)>> {
    Ok(sqlx::query_as("select id, question from vacancy_questions where vacancy_id = $1 order by position, id")
        .bind(vacancy_id)
        .fetch_all(pool)
        .await?)
}

/// Whether the vacancy is open, and what applying to it needs: (cv_not_required, apply_link).
pub async fn open_vacancy(pool: &PgPool, vacancy_id: Uuid) -> Result<(bool, Option<String>)> {
    let sql = format!("select v.cv_not_required, v.apply_link from vacancies v join companies c on c.id = v.company_id where v.id = $1 and {ACTIVE_SQL}");
    let row: Option<(bool, Option<String>)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(vacancy_id).fetch_optional(pool).await?;
    row.ok_or_else(Error::not_found)
}

pub async fn has_applied(pool: &PgPool, vacancy_id: Uuid, user_id: Uuid) -> Result<bool> {
    Ok(sqlx::query_scalar(
        "select exists (select 1 from applications where vacancy_id = $1 and applicant_user_id = $2 and withdrawn_at is null)",
    )
    .bind(vacancy_id)
    .bind(user_id)
    .fetch_one(pool)
    .await?)
}

/// Sends an application: the vacancy must be open and take applications here, the CV must be the
/// applicant's own (unless the vacancy needs none), and every question must be answered.
#[tracing::instrument(skip_all)]
pub async fn apply(pool: &PgPool, applicant: Uuid, new: &NewApplication) -> Result<Uuid> {
    let (cv_not_required, apply_link) = open_vacancy(pool, new.vacancy_id).await?;
    if apply_link.is_some() {
        return Err(Error::field("vacancyId", "This vacancy takes applications on the employer's own page"));
    }
    match new.cv_id {
        Some(cv_id) => {
            let own: bool = sqlx::query_scalar(
                "select exists (select 1 from cvs where id = $1 and owner_user_id = $2 and deleted_at is null and status = 'ACTIVE')",
            )
            .bind(cv_id)
            .bind(applicant)
            .fetch_one(pool)
            .await?;
            if !own {
                return Err(Error::not_found());
            }
        }
        None if !cv_not_required => return Err(Error::field("cvId", "Choose a CV to send with the application")),
        None => {}
    }
    let cover_letter = new.cover_letter.as_deref().map(str::trim).filter(|c| !c.is_empty());
    if cover_letter.is_some_and(|c| c.chars().count() > MAX_COVER_LETTER) {
        return Err(Error::field("coverLetter", format!("The cover letter is longer than {MAX_COVER_LETTER} characters")));
    }
    let questions: HashMap<Uuid, String> = questions(pool, new.vacancy_id).await?.into_iter().collect();
    let mut answers: HashMap<Uuid, String> = HashMap::new();
    for answer in &new.answers {
        if !questions.contains_key(&answer.question_id) {
            return Err(Error::field("answers", "An answer is for a question this vacancy does not ask"));
        }
        let text = answer.answer.trim();
        if text.chars().count() > MAX_ANSWER {
            return Err(Error::field("answers", format!("An answer is longer than {MAX_ANSWER} characters")));
        }
        if !text.is_empty() {
            answers.insert(answer.question_id, text.to_string());
        }
    }
    if answers.len() < questions.len() {
        return Err(Error::field("answers", "Please answer every question of the employer"));
    }
    let mut tx = pool.begin().await?;
    let id: Option<Uuid> = sqlx::query_scalar(
        "insert into applications (vacancy_id, applicant_user_id, cv_id, cover_letter) values ($1, $2, $3, $4)
         on conflict do nothing returning id",
    )
    .bind(new.vacancy_id)
    .bind(applicant)
    .bind(new.cv_id)
    .bind(cover_letter)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(id) = id else {
        return Err(Error::code(ErrorCode::AlreadyApplied));
    };
    for (question_id, answer) in answers {
        sqlx::query("insert into application_answers (application_id, question_id, question, answer) values ($1, $2, $3, $4)")
            .bind(id)
            .bind(question_id)
            .bind(&questions[&question_id])
            .bind(answer)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// The tabs of "my applications".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Tab {
    /// Sent and still in play: not withdrawn, the vacancy still open.
    Active,
    All,
    /// The vacancy has ended or the employer archived the application.
    Archive,
    /// Withdrawn by the applicant.
    Cancelled,
}

#[derive(Debug, sqlx::FromRow)]
pub struct MyApplication {
    pub id: Uuid,
    pub vacancy_id: Uuid,
    pub label_et: Option<String>,
    pub label_en: Option<String>,
    pub label_ru: Option<String>,
    pub business_name: String,
    pub valid_until: Option<DateTime<Utc>>,
    pub status: String,
    pub verdict: Option<String>,
    pub change_flag: String,
    pub cv_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub withdrawn_at: Option<DateTime<Utc>>,
    pub vacancy_open: bool,
}

pub async fn mine(pool: &PgPool, applicant: Uuid, tab: Tab) -> Result<Vec<MyApplication>> {
    let filter = match tab {
        Tab::Active => format!("a.withdrawn_at is null and a.status = 'EXISTS' and {ACTIVE_SQL}"),
        Tab::All => "true".to_string(),
        Tab::Archive => format!("a.withdrawn_at is null and (a.status = 'ARCHIVED' or not {ACTIVE_SQL})"),
        Tab::Cancelled => "a.withdrawn_at is not null".to_string(),
    };
    let sql = format!(
        "select a.id, a.vacancy_id, coalesce(o.label_et, v.occupation_label) as label_et, coalesce(o.label_en, v.occupation_label) as label_en,
                coalesce(o.label_ru, v.occupation_label) as label_ru, c.business_name, v.valid_until, a.status, a.verdict,
                a.change_flag, a.cv_id, a.created_at, a.withdrawn_at, {ACTIVE_SQL} as vacancy_open
         from applications a join vacancies v on v.id = a.vacancy_id join companies c on c.id = v.company_id
         left join ref_occupations o on o.code = v.occupation_code
         where a.applicant_user_id = $1 and a.status <> 'DELETED' and a.anonymised_at is null and {filter}
         order by a.created_at desc"
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant).fetch_all(pool).await?)
}

/// Withdraws the applicant's own application; someone else's is "not found".
pub async fn withdraw(pool: &PgPool, applicant: Uuid, application_id: Uuid) -> Result<()> {
    let done = sqlx::query(
        "update applications set withdrawn_at = coalesce(withdrawn_at, now()) where id = $1 and applicant_user_id = $2 and status <> 'DELETED'",
    )
    .bind(application_id)
    .bind(applicant)
    .execute(pool)
    .await?;
    if done.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    Ok(())
}

/// Saves a vacancy to the applicant's favourites (an open vacancy only; saving twice is fine).
pub async fn add_favourite(pool: &PgPool, user: Uuid, vacancy_id: Uuid) -> Result<()> {
    open_vacancy(pool, vacancy_id).await?;
    sqlx::query("insert into favourite_vacancies (user_id, vacancy_id) values ($1, $2) on conflict do nothing")
        .bind(user)
        .bind(vacancy_id)
        .execute(pool)
        .await?;
    Ok(())
}

pub async fn remove_favourite(pool: &PgPool, user: Uuid, vacancy_id: Uuid) -> Result<()> {
    sqlx::query("delete from favourite_vacancies where user_id = $1 and vacancy_id = $2").bind(user).bind(vacancy_id).execute(pool).await?;
    Ok(())
}

/// The applicant's favourite vacancies, most recently saved first.
pub async fn favourites(pool: &PgPool, user: Uuid) -> Result<Vec<Uuid>> {
    Ok(sqlx::query_scalar("select vacancy_id from favourite_vacancies where user_id = $1 order by created_at desc, vacancy_id")
        .bind(user)
        .fetch_all(pool)
        .await?)
}
