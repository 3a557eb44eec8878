//! Applying to a vacancy, and the applicant's view of their applications.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Deserialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::{Error, ErrorCode, Result};
use crate::vacancies::ACTIVE_SQL;
use crate::vacancies::states::APPLICATIONS_WORKABLE_FOR;

pub mod auto_reply;
pub mod candidates;

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

/// How long the link of the confirmation mail (`/application/{linkId}`) opens the application.
pub const LINK_DAYS: i32 = 365;

/// A new application and the link to it that the confirmation mail carries.
#[derive(Clone, Copy, Debug)]
pub struct Applied {
    pub application_id: Uuid,
    /// Random (UUID v4, 122 random bits) and opens the application only for its applicant.
    pub link_id: Uuid,
}

/// Sends an application: the vacancy must be open and take applications here, the CV must be the
/// applicant's own (unless the vacancy needs none), and every question must be answered.
#[tracing::instrument(skip_all)]
pub async fn apply(pool: &PgPool, applicant: Uuid, new: &NewApplication) -> Result<Applied> {
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
    let link_id: Uuid = sqlx::query_scalar(
        "insert into application_links (application_id, created_by_user_id, expires_at) values ($1, $2, now() + $3 * interval '1 day') returning id",
    )
    .bind(id)
    .bind(applicant)
    .bind(LINK_DAYS)
    .fetch_one(&mut *tx)
    .await?;
    for (question_id, answer) in answers {
        // the question's text and weight are copied: the answer keeps them if the employer edits it
        sqlx::query(
            "insert into application_answers (application_id, question_id, question, answer, weight)
             select $1, q.id, q.question, $3, q.weight from vacancy_questions q where q.id = $2",
        )
        .bind(id)
        .bind(question_id)
        .bind(answer)
        .execute(&mut *tx)
        .await?;
    }
    auto_reply::queue(&mut tx, new.vacancy_id, id).await?;
    tx.commit().await?;
    Ok(Applied { application_id: id, link_id })
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

/// The applicant's own applications in a tab, newest first; a CV an employer added to a vacancy
/// from the CV database is not one of them.
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
         where a.applicant_user_id = $1 and a.source = 'APPLY' and a.status <> 'DELETED' and a.anonymised_at is null and {filter}
         order by a.created_at desc"
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant).fetch_all(pool).await?)
}

/// When the employer may still work on an application (spec 2 section 4: received CVs stay
/// workable [`APPLICATIONS_WORKABLE_FOR`] after the vacancy ends), as SQL over the vacancy `v`, at
/// the clock `now` (a SQL expression: `now()`, or a bind such as `$2` for a fixed clock).
///
/// Derived, not stored: a vacancy ends at its `valid_until` (the finishing job copies it into
/// `finished_at`), so the rule reads the current run's end and needs no job of its own; a vacancy
/// published again moves `valid_until`, and its applications are workable again with it. A vacancy
/// without an end keeps its applications workable. The employer's candidate lists filter with it;
/// the CV-database vacancy's own rule (14 days after access ends) is not this one.
pub fn workable_sql(now: &str) -> String {
    let days = APPLICATIONS_WORKABLE_FOR.num_days();
    format!("(v.valid_until is null or v.valid_until + interval '{days} days' > {now})")
}

/// The applications of a vacancy the employer may still work on at `now` (see [`workable_sql`]),
/// oldest first.
#[tracing::instrument(skip_all)]
pub async fn workable(pool: &PgPool, vacancy_id: Uuid, now: DateTime<Utc>) -> Result<Vec<Uuid>> {
    let sql = format!(
        "select a.id from applications a join vacancies v on v.id = a.vacancy_id
         where a.vacancy_id = $1 and a.status <> 'DELETED' and {}
         order by a.created_at, a.id",
        workable_sql("$2")
    );
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(vacancy_id).bind(now).fetch_all(pool).await?)
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

/// One application in full, as its applicant (or the employer of its vacancy) reads it.
#[derive(Debug, sqlx::FromRow)]
pub struct ApplicationRow {
    pub id: Uuid,
    pub vacancy_id: Uuid,
    pub label_et: Option<String>,
    pub label_en: Option<String>,
    pub label_ru: Option<String>,
    pub business_name: String,
    pub valid_until: Option<DateTime<Utc>>,
    pub vacancy_open: bool,
    pub status: String,
    pub verdict: Option<String>,
    pub change_flag: String,
    pub cv_id: Option<Uuid>,
    pub cv_title: Option<String>,
    pub cover_letter: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub created_at: DateTime<Utc>,
    pub withdrawn_at: Option<DateTime<Utc>>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct AnswerRow {
    pub question: String,
    pub answer: String,
}

/// Who asks to read an application.
#[derive(Clone, Copy, Debug)]
pub struct Reader {
    pub user_id: Uuid,
    /// The company an employer acts for; `None` for anyone else.
    pub employer_company: Option<Uuid>,
}

const DETAIL_SELECT: &str = "select a.id, a.vacancy_id, coalesce(o.label_et, v.occupation_label) as label_et,
        coalesce(o.label_en, v.occupation_label) as label_en, coalesce(o.label_ru, v.occupation_label) as label_ru,
        c.business_name, v.valid_until, {ACTIVE} as vacancy_open, a.status, a.verdict, a.change_flag, a.cv_id,
        cv.title as cv_title, a.cover_letter, p.firstname, p.lastname, a.created_at, a.withdrawn_at
    from applications a join vacancies v on v.id = a.vacancy_id join companies c on c.id = v.company_id
    left join ref_occupations o on o.code = v.occupation_code
    left join cvs cv on cv.id = a.cv_id and cv.deleted_at is null
    left join profiles p on p.user_id = a.applicant_user_id";

async fn with_answers(pool: &PgPool, row: Option<ApplicationRow>) -> Result<(ApplicationRow, Vec<AnswerRow>)> {
    let row = row.ok_or_else(Error::not_found)?;
    let answers = sqlx::query_as(
        "select aa.question, aa.answer from application_answers aa left join vacancy_questions q on q.id = aa.question_id
         where aa.application_id = $1 order by q.position nulls last, aa.created_at, aa.id",
    )
    .bind(row.id)
    .fetch_all(pool)
    .await?;
    Ok((row, answers))
}

/// An application for its applicant, or for the staff of the company whose vacancy it answers
/// while they act for that company and see the vacancy's candidates (not once withdrawn; the one
/// rule of [`crate::delegation`]). Anyone else, a deleted or an anonymised
/// application: "not found".
#[tracing::instrument(skip_all)]
pub async fn read(pool: &PgPool, reader: Reader, application_id: Uuid) -> Result<(ApplicationRow, Vec<AnswerRow>)> {
    let sql = format!(
        "{} where a.id = $1 and a.status <> 'DELETED' and a.anonymised_at is null
           and (a.applicant_user_id = $2
                or ($3::uuid is not null and v.company_id = $3 and a.withdrawn_at is null and {}))",
        DETAIL_SELECT.replace("{ACTIVE}", ACTIVE_SQL),
        crate::delegation::sees_vacancy_sql("v", "$2")
    );
    let row = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(application_id)
        .bind(reader.user_id)
        .bind(reader.employer_company)
        .fetch_optional(pool)
        .await?;
    with_answers(pool, row).await
}

/// The application behind a link of the confirmation mail, for its applicant only; a wrong,
/// expired or revoked link, or anyone else: "not found".
#[tracing::instrument(skip_all)]
pub async fn read_by_link(pool: &PgPool, applicant: Uuid, link_id: Uuid) -> Result<(ApplicationRow, Vec<AnswerRow>)> {
    let sql = format!(
        "{} join application_links l on l.application_id = a.id
         where l.id = $1 and l.revoked_at is null and l.expires_at > now()
           and a.applicant_user_id = $2 and a.status <> 'DELETED' and a.anonymised_at is null",
        DETAIL_SELECT.replace("{ACTIVE}", ACTIVE_SQL)
    );
    let row = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(link_id).bind(applicant).fetch_optional(pool).await?;
    with_answers(pool, row).await
}

/// What the confirmation mail of an application needs: the applicant's address, the occupation
/// in each language (et, en, ru) and the company.
pub struct Confirmation {
    pub user_id: Uuid,
    pub email: String,
    /// Whether the applicant is on the mailing list (the mail then carries the opt-out link).
    pub newsletter: bool,
    pub occupation: [String; 3],
    pub company: String,
}

pub async fn confirmation(pool: &PgPool, application_id: Uuid) -> Result<Confirmation> {
    let (user_id, email, newsletter, et, en, ru, company): (Uuid, String, bool, String, String, String, String) = sqlx::query_as(
        "select u.id, u.username, u.newsletter_opt_in, coalesce(o.label_et, v.occupation_label, ''), coalesce(o.label_en, v.occupation_label, ''),
                coalesce(o.label_ru, v.occupation_label, ''), c.business_name
         from applications a join users u on u.id = a.applicant_user_id join vacancies v on v.id = a.vacancy_id
         join companies c on c.id = v.company_id left join ref_occupations o on o.code = v.occupation_code
         where a.id = $1",
    )
    .bind(application_id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(Error::not_found)?;
    Ok(Confirmation { user_id, email, newsletter, occupation: [et, en, ru], company })
}
