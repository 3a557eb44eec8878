//! The vacancy document: what the employer writes (spec 2 section 3), as `POST /vacancies/create`
//! and `PUT /vacancies/{id}` take it and `GET /vacancies/{id}` answers it, so that sending the
//! answer back changes nothing. Saving checks the draft rules ([`rules::check_draft`]) and writes
//! the vacancy row and its child rows in one transaction with the vacancy's index job; publishing
//! checks the publish rules too ([`check_publishable`]).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

use super::rules;
use super::states::{self, Displayed, Facts, Kind};
use crate::billing::orders::{self, InvoiceSummary};
use crate::platform::error::{Error, Result};
use crate::platform::jobs::{self, IndexJob};
use crate::platform::locale::Locale;
use crate::platform::reference::label_sql;

/// The editable vacancy. Lists and flags are required (send `[]` and `false`); a field that may be
/// null may also be left out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyDocument {
    /// A `ref_occupations` code; required to publish.
    #[schema(required = true)]
    pub occupation_code: Option<String>,
    /// `ref_categories` codes, at most 10; at least one to publish.
    pub category_codes: Vec<String>,
    /// A `ref_employment_types` code; required to publish.
    #[schema(required = true)]
    pub employment_type_code: Option<String>,
    /// EE.
    #[schema(example = "EE")]
    pub country_code: String,
    /// A `ref_places` (EHAK) code: where the work is. To publish, this or `address` is needed.
    #[schema(required = true)]
    pub ehak_code: Option<String>,
    /// The address as the address picker wrote it (at most 300 characters).
    #[schema(required = true)]
    pub address: Option<String>,
    /// The In-ADS address id the address picker chose.
    #[schema(required = true)]
    pub ads_adr_id: Option<i64>,
    /// Euros, at least 0, at most two decimals.
    #[schema(required = true)]
    pub salary_from: Option<f64>,
    /// Euros, at least `salaryFrom`.
    #[schema(required = true)]
    pub salary_to: Option<f64>,
    /// A `ref_salary_periods` code; required with an amount.
    #[schema(required = true)]
    pub salary_period_code: Option<String>,
    /// Salary by agreement: then `salaryFrom`, `salaryTo` and `salaryPeriodCode` are null.
    pub salary_by_agreement: bool,
    pub remote_work: bool,
    pub shift_work: bool,
    /// The teaser and the text per language (et, en, ru; each at most once), answered in that order.
    pub contents: Vec<VacancyContent>,
    /// The vacancy's picture: a file of `POST /vacancies/vacancy-branding?kind=image`.
    #[schema(required = true)]
    pub image_file_id: Option<Uuid>,
    /// Branding: the cover picture (`kind=cover`).
    #[schema(required = true)]
    pub cover_file_id: Option<Uuid>,
    /// Branding: the gallery (`kind=gallery`), at most 10, in order.
    pub gallery_file_ids: Vec<Uuid>,
    /// Branding: a video page, http or https.
    #[schema(required = true)]
    pub video_url: Option<String>,
    /// When the vacancy goes live; required to publish. Kept as stored once published.
    #[schema(required = true)]
    pub publish_at: Option<DateTime<Utc>>,
    /// Sent to every applicant after applying (at most 4000 characters).
    #[schema(required = true)]
    pub auto_reply_text: Option<String>,
    /// An external application page (http or https); applying then happens there.
    #[schema(required = true)]
    pub apply_link: Option<String>,
    /// Questions every applicant answers, at most 20, in order.
    pub questions: Vec<VacancyQuestion>,
    /// 14 to 100.
    #[schema(required = true)]
    pub min_age: Option<i32>,
    /// 14 to 100, at least `minAge`.
    #[schema(required = true)]
    pub max_age: Option<i32>,
    /// A `ref_places` code.
    #[schema(required = true)]
    pub required_city_code: Option<String>,
    /// A `ref_genders` code.
    #[schema(required = true)]
    pub required_gender_code: Option<String>,
    /// A `ref_education_levels` code.
    #[schema(required = true)]
    pub education_level_code: Option<String>,
    /// A `ref_work_experiences` code.
    #[schema(required = true)]
    pub work_experience_code: Option<String>,
    /// Languages the candidate needs, each once.
    pub languages: Vec<VacancyLanguage>,
    /// Driver licences the candidate needs, each once.
    pub driver_licences: Vec<VacancyDriverLicence>,
    pub cv_not_required: bool,
    pub for_disabled: bool,
    pub for_foreigners: bool,
    pub for_retired: bool,
    pub for_students: bool,
    pub for_underage: bool,
}

/// The teaser and text in one language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyContent {
    /// et, en or ru.
    pub language_code: String,
    /// At most 85 characters; required (in every language given) to publish.
    pub teaser: String,
    /// A Quill delta as a JSON string (`{"ops":[…]}`), at most 100 KB; sanitized on save (text,
    /// bold, italic, underline, strike, links, headers 1–3, lists and quotes are kept). Empty for
    /// no text; text is required (in every language given) to publish.
    pub content: String,
}

/// A question every applicant answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyQuestion {
    /// At most 500 characters.
    pub question: String,
    /// 1 to 10: how much the answer counts when candidates are ranked.
    pub weight: i32,
}

/// A language the candidate needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyLanguage {
    /// A `ref_languages` code.
    pub language: String,
    /// A `ref_proficiencies` code.
    pub proficiency: String,
}

/// A driver licence the candidate needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyDriverLicence {
    /// A `ref_driver_licences` code.
    pub code: String,
    /// Years of driving experience, 0 to 80.
    #[schema(required = true)]
    pub experience_years: Option<i32>,
}

/// A vacancy as its owner reads it: the document and what only the system changes.
#[derive(Clone, Debug)]
pub struct OwnedVacancy {
    pub id: Uuid,
    pub document: VacancyDocument,
    pub facts: Facts,
    pub displayed: Displayed,
    pub pro_level: i16,
    pub is_branded: bool,
    /// The occupation in the reader's language, or the free label of a CV-database vacancy.
    pub occupation_label: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The invoice of the vacancy's latest order, when it has one.
    pub invoice: Option<InvoiceSummary>,
    /// The integration's own id of the vacancy ([`create_or_replace`]).
    pub external_id: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    external_id: Option<String>,
    #[sqlx(rename = "type")]
    kind: String,
    status: String,
    payment_status: String,
    pro_level: i16,
    is_branded: bool,
    label: Option<String>,
    valid_until: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    occupation_code: Option<String>,
    employment_type_code: Option<String>,
    country_code: String,
    ehak_code: Option<String>,
    address: Option<String>,
    ads_adr_id: Option<i64>,
    salary_from: Option<f64>,
    salary_to: Option<f64>,
    salary_period_code: Option<String>,
    salary_by_agreement: bool,
    remote_work: bool,
    shift_work: bool,
    image_file_id: Option<Uuid>,
    cover_file_id: Option<Uuid>,
    video_url: Option<String>,
    publish_at: Option<DateTime<Utc>>,
    auto_reply_text: Option<String>,
    apply_link: Option<String>,
    min_age: Option<i16>,
    max_age: Option<i16>,
    required_city_code: Option<String>,
    required_gender_code: Option<String>,
    education_level_code: Option<String>,
    work_experience_code: Option<String>,
    cv_not_required: bool,
    for_disabled: bool,
    for_foreigners: bool,
    for_retired: bool,
    for_students: bool,
    for_underage: bool,
}

impl Row {
    fn facts(&self) -> Result<Facts> {
        Facts::from_stored(self.id, &self.kind, &self.status, &self.payment_status, self.publish_at, self.valid_until)
    }
}

/// The child rows of a document.
struct Children {
    category_codes: Vec<String>,
    contents: Vec<VacancyContent>,
    gallery_file_ids: Vec<Uuid>,
    questions: Vec<VacancyQuestion>,
    languages: Vec<VacancyLanguage>,
    driver_licences: Vec<VacancyDriverLicence>,
}

async fn children(conn: &mut PgConnection, id: Uuid) -> Result<Children> {
    let category_codes = sqlx::query_scalar("select category_code from vacancy_categories where vacancy_id = $1 order by category_code")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    let contents: Vec<(String, Option<String>, Option<String>)> = sqlx::query_as(
        "select language_code, teaser, content from vacancy_contents where vacancy_id = $1
             order by array_position(array['et', 'en', 'ru'], language_code)",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let gallery_file_ids = sqlx::query_scalar("select file_id from vacancy_gallery_images where vacancy_id = $1 order by position, id")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    let questions: Vec<(String, i32)> = sqlx::query_as("select question, weight from vacancy_questions where vacancy_id = $1 order by position, id")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    let languages: Vec<(String, String)> = sqlx::query_as(
        "select language_code, proficiency_code from vacancy_language_requirements where vacancy_id = $1 order by position, language_code",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let driver_licences: Vec<(String, Option<i16>)> = sqlx::query_as(
        "select driver_licence_code, experience_years from vacancy_driver_licences where vacancy_id = $1 order by driver_licence_code",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Children {
        category_codes,
        contents: contents
            .into_iter()
            .map(|(language_code, teaser, content)| VacancyContent {
                language_code,
                teaser: teaser.unwrap_or_default(),
                content: content.unwrap_or_default(),
            })
            .collect(),
        gallery_file_ids,
        questions: questions.into_iter().map(|(question, weight)| VacancyQuestion { question, weight }).collect(),
        languages: languages.into_iter().map(|(language, proficiency)| VacancyLanguage { language, proficiency }).collect(),
        driver_licences: driver_licences
            .into_iter()
            .map(|(code, years)| VacancyDriverLicence { code, experience_years: years.map(i32::from) })
            .collect(),
    })
}

fn document(row: &Row, children: Children) -> VacancyDocument {
    VacancyDocument {
        occupation_code: row.occupation_code.clone(),
        category_codes: children.category_codes,
        employment_type_code: row.employment_type_code.clone(),
        country_code: row.country_code.clone(),
        ehak_code: row.ehak_code.clone(),
        address: row.address.clone(),
        ads_adr_id: row.ads_adr_id,
        salary_from: row.salary_from,
        salary_to: row.salary_to,
        salary_period_code: row.salary_period_code.clone(),
        salary_by_agreement: row.salary_by_agreement,
        remote_work: row.remote_work,
        shift_work: row.shift_work,
        contents: children.contents,
        image_file_id: row.image_file_id,
        cover_file_id: row.cover_file_id,
        gallery_file_ids: children.gallery_file_ids,
        video_url: row.video_url.clone(),
        publish_at: row.publish_at,
        auto_reply_text: row.auto_reply_text.clone(),
        apply_link: row.apply_link.clone(),
        questions: children.questions,
        min_age: row.min_age.map(i32::from),
        max_age: row.max_age.map(i32::from),
        required_city_code: row.required_city_code.clone(),
        required_gender_code: row.required_gender_code.clone(),
        education_level_code: row.education_level_code.clone(),
        work_experience_code: row.work_experience_code.clone(),
        languages: children.languages,
        driver_licences: children.driver_licences,
        cv_not_required: row.cv_not_required,
        for_disabled: row.for_disabled,
        for_foreigners: row.for_foreigners,
        for_retired: row.for_retired,
        for_students: row.for_students,
        for_underage: row.for_underage,
    }
}

/// One of the company's non-deleted vacancies with its document; another company's (or a deleted
/// one) is "not found". `for update` locks the row for the caller's transaction.
async fn load_with(
    conn: &mut PgConnection,
    company_id: Uuid,
    vacancy_id: Uuid,
    locale: Locale,
    now: DateTime<Utc>,
    lock: bool,
) -> Result<OwnedVacancy> {
    let sql = format!(
        "select v.id, v.external_id, v.type, v.status, v.payment_status, v.pro_level, v.is_branded,
                coalesce({label}, v.occupation_label) as label, v.valid_until, v.created_at, v.updated_at,
                v.occupation_code, v.employment_type_code, v.country_code, v.ehak_code, v.address, v.ads_adr_id,
                v.salary_from::float8 as salary_from, v.salary_to::float8 as salary_to, v.salary_period_code,
                v.salary_by_agreement, v.remote_work, v.shift_work, v.image_file_id, b.cover_file_id, b.video_url,
                v.publish_at, v.auto_reply_text, v.apply_link, v.min_age, v.max_age, v.required_city_code,
                v.required_gender_code, v.education_level_code, v.work_experience_code, v.cv_not_required,
                v.for_disabled, v.for_foreigners, v.for_retired, v.for_students, v.for_underage
         from vacancies v left join vacancy_branding b on b.vacancy_id = v.id
         left join ref_occupations o on o.code = v.occupation_code
         where v.id = $1 and v.company_id = $2 and v.status <> 'DELETED'{lock}",
        label = label_sql(locale, "o"),
        lock = if lock { " for update of v" } else { "" },
    );
    // the label column comes from a fixed list (label_sql), never from the request
    let row: Row =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(vacancy_id).bind(company_id).fetch_optional(&mut *conn).await?.ok_or_else(Error::not_found)?;
    let facts = row.facts()?;
    let document = document(&row, children(&mut *conn, vacancy_id).await?);
    let invoice = orders::latest_invoices(&mut *conn, company_id, &[vacancy_id]).await?.remove(&vacancy_id);
    Ok(OwnedVacancy {
        id: row.id,
        displayed: states::displayed(&facts, now),
        facts,
        pro_level: row.pro_level,
        is_branded: row.is_branded,
        occupation_label: row.label,
        created_at: row.created_at,
        updated_at: row.updated_at,
        document,
        invoice,
        external_id: row.external_id,
    })
}

/// One of the company's non-deleted vacancies with its document, labelled in `locale`.
#[tracing::instrument(skip_all)]
pub async fn load(pool: &PgPool, company_id: Uuid, vacancy_id: Uuid, locale: Locale, now: DateTime<Utc>) -> Result<OwnedVacancy> {
    load_with(&mut *pool.acquire().await?, company_id, vacancy_id, locale, now, false).await
}

/// Refuses, with a 400 naming the field, a vacancy of the company that may not be published as it
/// stands (spec 2 section 5: occupation, address, employment type, a category, the publish date, a
/// teaser and text, the salary or salary by agreement, and every draft rule); another company's
/// vacancy is "not found". For the status call's publishing, on its transaction.
#[tracing::instrument(skip_all)]
pub async fn check_publishable(conn: &mut PgConnection, company_id: Uuid, vacancy_id: Uuid) -> Result<()> {
    let vacancy = load_with(conn, company_id, vacancy_id, Locale::Et, Utc::now(), false).await?;
    rules::check_publishable(&rules::check_draft(&vacancy.document)?)
}

/// Whether the vacancy has been published in some form (a real vacancy, not a draft): its document
/// must then stay publishable, and its publish date is no longer the editor's to move.
fn published(displayed: Displayed) -> bool {
    !matches!(displayed, Displayed::Draft | Displayed::CvDatabase)
}

/// Creates a draft (TEMPORARY) of the company from the document; answers its id.
#[tracing::instrument(skip_all)]
pub async fn create(pool: &PgPool, company_id: Uuid, user_id: Uuid, document: &VacancyDocument) -> Result<Uuid> {
    let mut tx = pool.begin().await?;
    let id = create_with(&mut tx, company_id, user_id, document).await?;
    tx.commit().await?;
    Ok(id)
}

async fn create_with(conn: &mut PgConnection, company_id: Uuid, user_id: Uuid, document: &VacancyDocument) -> Result<Uuid> {
    let checked = rules::check_draft(document)?;
    rules::check_references(&mut *conn, company_id, user_id, &checked).await?;
    let id = insert_draft(&mut *conn, company_id, user_id, &checked.document).await?;
    jobs::enqueue_index(&mut *conn, &[IndexJob::Vacancy(id)]).await?;
    Ok(id)
}

/// The longest external id.
pub const EXTERNAL_ID_MAX: usize = 200;

/// Checks an integration's id of a vacancy: trimmed, blank is none, at most [`EXTERNAL_ID_MAX`].
pub fn check_external_id(external_id: Option<&str>) -> Result<Option<String>> {
    let Some(text) = external_id.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    if text.chars().count() > EXTERNAL_ID_MAX {
        return Err(Error::field("externalId", format!("The external id is longer than {EXTERNAL_ID_MAX} characters")));
    }
    Ok(Some(text.to_string()))
}

/// Serializes the writers of one external id of one company until the transaction ends.
async fn lock_external_id(conn: &mut PgConnection, company_id: Uuid, external_id: &str) -> Result<()> {
    sqlx::query("select pg_advisory_xact_lock(hashtextextended($1::text || '/' || $2, 727))")
        .bind(company_id)
        .bind(external_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The company's live vacancy with this external id; a deleted vacancy lets go of its id here, so
/// that the integration may post it again as a new one.
async fn holder_of(conn: &mut PgConnection, company_id: Uuid, external_id: &str) -> Result<Option<Uuid>> {
    sqlx::query("update vacancies set external_id = null where company_id = $1 and external_id = $2 and status = 'DELETED'")
        .bind(company_id)
        .bind(external_id)
        .execute(&mut *conn)
        .await?;
    Ok(sqlx::query_scalar("select id from vacancies where company_id = $1 and external_id = $2")
        .bind(company_id)
        .bind(external_id)
        .fetch_optional(&mut *conn)
        .await?)
}

/// What [`create_or_replace`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Posted {
    Created(Uuid),
    /// The company's vacancy with that external id got the document ([`update`]'s rules).
    Replaced(Uuid),
}

/// `POST /vacancies/create` of an integration: without an external id, or with one the company's
/// live vacancies do not hold, a new draft carrying it; with one they hold, that vacancy's document
/// is replaced as [`update`] does. One transaction, serialized per external id.
#[tracing::instrument(skip_all)]
pub async fn create_or_replace(pool: &PgPool, company_id: Uuid, user_id: Uuid, external_id: Option<&str>, document: &VacancyDocument) -> Result<Posted> {
    let Some(external_id) = check_external_id(external_id)? else {
        return Ok(Posted::Created(create(pool, company_id, user_id, document).await?));
    };
    let mut tx = pool.begin().await?;
    lock_external_id(&mut tx, company_id, &external_id).await?;
    let posted = match holder_of(&mut tx, company_id, &external_id).await? {
        Some(id) => {
            update_with(&mut tx, company_id, user_id, id, document).await?;
            Posted::Replaced(id)
        }
        None => {
            let id = create_with(&mut tx, company_id, user_id, document).await?;
            sqlx::query("update vacancies set external_id = $2 where id = $1").bind(id).bind(&external_id).execute(&mut *tx).await?;
            Posted::Created(id)
        }
    };
    tx.commit().await?;
    Ok(posted)
}

/// Inserts a draft with the (checked) document and its child rows.
async fn insert_draft(conn: &mut PgConnection, company_id: Uuid, user_id: Uuid, document: &VacancyDocument) -> Result<Uuid> {
    let id: Uuid = sqlx::query_scalar(
        "insert into vacancies (company_id, created_by_user_id, type, status, payment_status)
         values ($1, $2, 'DEFAULT', 'TEMPORARY', 'NONE') returning id",
    )
    .bind(company_id)
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await?;
    write(conn, id, document).await?;
    Ok(id)
}

/// Replaces the document of one of the company's vacancies, in one transaction with its index job.
/// A published vacancy (anything but a draft) must stay publishable, and keeps its publish date.
/// An `external_id` given becomes the vacancy's (400 on `externalId` when another live vacancy of
/// the company holds it); none keeps the stored one.
#[tracing::instrument(skip_all)]
pub async fn update(pool: &PgPool, company_id: Uuid, user_id: Uuid, vacancy_id: Uuid, external_id: Option<&str>, document: &VacancyDocument) -> Result<()> {
    let external_id = check_external_id(external_id)?;
    let mut tx = pool.begin().await?;
    if let Some(external_id) = &external_id {
        lock_external_id(&mut tx, company_id, external_id).await?;
        if holder_of(&mut tx, company_id, external_id).await?.is_some_and(|holder| holder != vacancy_id) {
            return Err(Error::field("externalId", "Another vacancy of the company has this external id"));
        }
    }
    update_with(&mut tx, company_id, user_id, vacancy_id, document).await?;
    if let Some(external_id) = &external_id {
        sqlx::query("update vacancies set external_id = $2 where id = $1").bind(vacancy_id).bind(external_id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn update_with(conn: &mut PgConnection, company_id: Uuid, user_id: Uuid, vacancy_id: Uuid, document: &VacancyDocument) -> Result<()> {
    let mut checked = rules::check_draft(document)?;
    let stored = load_with(&mut *conn, company_id, vacancy_id, Locale::Et, Utc::now(), true).await?;
    if published(stored.displayed) {
        checked.document.publish_at = stored.document.publish_at;
        rules::check_publishable(&checked)?;
    }
    if let (Some(publish_at), Some(until)) = (checked.document.publish_at, stored.facts.valid_until)
        && publish_at > until
    {
        return Err(Error::field("publishAt", "The publish date cannot be after the vacancy's end"));
    }
    rules::check_references(&mut *conn, company_id, user_id, &checked).await?;
    let read_before = crate::moderation::reader_fingerprint(&mut *conn, vacancy_id).await?;
    write(&mut *conn, vacancy_id, &checked.document).await?;
    // an edit of what job seekers read passes the moderation gate again (its signals, its rules)
    if published(stored.displayed) && crate::moderation::reader_fingerprint(&mut *conn, vacancy_id).await? != read_before {
        crate::moderation::gate_edit(&mut *conn, vacancy_id, Utc::now()).await?;
    }
    jobs::enqueue_index(&mut *conn, &[IndexJob::Vacancy(vacancy_id)]).await?;
    Ok(())
}

/// Writes every column and child row of a checked document.
async fn write(conn: &mut PgConnection, id: Uuid, d: &VacancyDocument) -> Result<()> {
    sqlx::query(
        "update vacancies set occupation_code = $2, employment_type_code = $3, country_code = $4, ehak_code = $5,
                address = $6, ads_adr_id = $7, salary_from = round($8::numeric, 2), salary_to = round($9::numeric, 2),
                salary_period_code = $10, salary_by_agreement = $11, remote_work = $12, shift_work = $13,
                image_file_id = $14, auto_reply_text = $15, apply_link = $16, min_age = $17, max_age = $18,
                required_city_code = $19, required_gender_code = $20, education_level_code = $21,
                work_experience_code = $22, cv_not_required = $23, for_disabled = $24, for_foreigners = $25,
                for_retired = $26, for_students = $27, for_underage = $28, publish_at = $29, updated_at = now()
         where id = $1",
    )
    .bind(id)
    .bind(&d.occupation_code)
    .bind(&d.employment_type_code)
    .bind(&d.country_code)
    .bind(&d.ehak_code)
    .bind(&d.address)
    .bind(d.ads_adr_id)
    .bind(d.salary_from)
    .bind(d.salary_to)
    .bind(&d.salary_period_code)
    .bind(d.salary_by_agreement)
    .bind(d.remote_work)
    .bind(d.shift_work)
    .bind(d.image_file_id)
    .bind(&d.auto_reply_text)
    .bind(&d.apply_link)
    .bind(d.min_age.map(|a| a as i16))
    .bind(d.max_age.map(|a| a as i16))
    .bind(&d.required_city_code)
    .bind(&d.required_gender_code)
    .bind(&d.education_level_code)
    .bind(&d.work_experience_code)
    .bind(d.cv_not_required)
    .bind(d.for_disabled)
    .bind(d.for_foreigners)
    .bind(d.for_retired)
    .bind(d.for_students)
    .bind(d.for_underage)
    .bind(d.publish_at)
    .execute(&mut *conn)
    .await?;
    write_lists(conn, id, d).await?;
    write_questions(conn, id, &d.questions).await?;
    write_branding(conn, id, d).await
}

/// Replaces the categories, texts, languages and driver licences.
async fn write_lists(conn: &mut PgConnection, id: Uuid, d: &VacancyDocument) -> Result<()> {
    sqlx::query("delete from vacancy_categories where vacancy_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("insert into vacancy_categories (vacancy_id, category_code) select $1, unnest($2::text[])")
        .bind(id)
        .bind(&d.category_codes)
        .execute(&mut *conn)
        .await?;
    let languages: Vec<&str> = d.contents.iter().map(|c| c.language_code.as_str()).collect();
    let blank = |text: &str| (!text.is_empty()).then(|| text.to_string());
    let teasers: Vec<Option<String>> = d.contents.iter().map(|c| blank(&c.teaser)).collect();
    let texts: Vec<Option<String>> = d.contents.iter().map(|c| blank(&c.content)).collect();
    sqlx::query("delete from vacancy_contents where vacancy_id = $1 and language_code <> all($2)")
        .bind(id)
        .bind(&languages)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "insert into vacancy_contents (vacancy_id, language_code, teaser, content)
         select $1, * from unnest($2::text[], $3::text[], $4::text[])
         on conflict (vacancy_id, language_code) do update set teaser = excluded.teaser, content = excluded.content, updated_at = now()",
    )
    .bind(id)
    .bind(&languages)
    .bind(&teasers)
    .bind(&texts)
    .execute(&mut *conn)
    .await?;
    sqlx::query("delete from vacancy_language_requirements where vacancy_id = $1").bind(id).execute(&mut *conn).await?;
    let codes: Vec<&str> = d.languages.iter().map(|l| l.language.as_str()).collect();
    let levels: Vec<&str> = d.languages.iter().map(|l| l.proficiency.as_str()).collect();
    sqlx::query(
        "insert into vacancy_language_requirements (vacancy_id, language_code, proficiency_code, position)
         select $1, l.code, l.level, (l.n - 1)::int from unnest($2::text[], $3::text[]) with ordinality as l (code, level, n)",
    )
    .bind(id)
    .bind(&codes)
    .bind(&levels)
    .execute(&mut *conn)
    .await?;
    sqlx::query("delete from vacancy_driver_licences where vacancy_id = $1").bind(id).execute(&mut *conn).await?;
    let licences: Vec<&str> = d.driver_licences.iter().map(|l| l.code.as_str()).collect();
    let years: Vec<Option<i16>> = d.driver_licences.iter().map(|l| l.experience_years.map(|y| y as i16)).collect();
    sqlx::query(
        "insert into vacancy_driver_licences (vacancy_id, driver_licence_code, experience_years)
         select $1, * from unnest($2::text[], $3::int2[])",
    )
    .bind(id)
    .bind(&licences)
    .bind(&years)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Replaces the questions, keeping the row of a question whose text stays (applicants' answers
/// refer to it) with its new weight and place.
async fn write_questions(conn: &mut PgConnection, id: Uuid, questions: &[VacancyQuestion]) -> Result<()> {
    let texts: Vec<&str> = questions.iter().map(|q| q.question.as_str()).collect();
    let weights: Vec<i32> = questions.iter().map(|q| q.weight).collect();
    sqlx::query("delete from vacancy_questions where vacancy_id = $1 and question <> all($2)").bind(id).bind(&texts).execute(&mut *conn).await?;
    sqlx::query(
        "with wanted as (select q.text, q.weight, (q.n - 1)::int as position
                         from unnest($2::text[], $3::int[]) with ordinality as q (text, weight, n)),
              kept as (update vacancy_questions v set weight = w.weight, position = w.position, updated_at = now()
                       from wanted w where v.vacancy_id = $1 and v.question = w.text returning v.question)
         insert into vacancy_questions (vacancy_id, question, weight, position)
         select $1, w.text, w.weight, w.position from wanted w where w.text not in (select question from kept)",
    )
    .bind(id)
    .bind(&texts)
    .bind(&weights)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Replaces the cover, video and gallery.
async fn write_branding(conn: &mut PgConnection, id: Uuid, d: &VacancyDocument) -> Result<()> {
    sqlx::query(
        "insert into vacancy_branding (vacancy_id, cover_file_id, video_url) values ($1, $2, $3)
         on conflict (vacancy_id) do update set cover_file_id = excluded.cover_file_id, video_url = excluded.video_url, updated_at = now()",
    )
    .bind(id)
    .bind(d.cover_file_id)
    .bind(&d.video_url)
    .execute(&mut *conn)
    .await?;
    sqlx::query("delete from vacancy_gallery_images where vacancy_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query(
        "insert into vacancy_gallery_images (vacancy_id, file_id, position)
         select $1, g.file_id, (g.n - 1)::int from unnest($2::uuid[]) with ordinality as g (file_id, n)",
    )
    .bind(id)
    .bind(&d.gallery_file_ids)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Copies one of the company's vacancies into a new draft with the same document, without its
/// publish date (and so without its run, PRO level, branding purchase or payment). A CV-database
/// vacancy has no document to copy: a 400 naming `type`.
#[tracing::instrument(skip_all)]
pub async fn copy(pool: &PgPool, company_id: Uuid, user_id: Uuid, vacancy_id: Uuid) -> Result<Uuid> {
    let mut tx = pool.begin().await?;
    let source = load_with(&mut tx, company_id, vacancy_id, Locale::Et, Utc::now(), false).await?;
    if source.facts.kind == Kind::CvBase {
        return Err(Error::field("type", "A CV-database vacancy cannot be copied"));
    }
    let document = VacancyDocument { publish_at: None, ..source.document };
    let id = insert_draft(&mut tx, company_id, user_id, &document).await?;
    jobs::enqueue_index(&mut tx, &[IndexJob::Vacancy(id)]).await?;
    tx.commit().await?;
    Ok(id)
}

/// What [`delete`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deleted {
    /// A draft: removed with its rows.
    ForGood,
    /// Anything else: it must go through the status call (`DELETED`), which keeps its history.
    NeedsStatus,
}

/// Removes a draft of the company for good (with its child rows) and answers [`Deleted::ForGood`];
/// any other of its vacancies is left as it is for the caller to delete through the transition
/// table ([`Deleted::NeedsStatus`]). Another company's vacancy is "not found".
#[tracing::instrument(skip_all)]
pub async fn delete_draft(pool: &PgPool, company_id: Uuid, vacancy_id: Uuid) -> Result<Deleted> {
    let mut tx = pool.begin().await?;
    let vacancy = load_with(&mut tx, company_id, vacancy_id, Locale::Et, Utc::now(), true).await?;
    if vacancy.displayed != Displayed::Draft {
        return Ok(Deleted::NeedsStatus);
    }
    sqlx::query("delete from vacancies where id = $1").bind(vacancy_id).execute(&mut *tx).await?;
    jobs::enqueue_index(&mut tx, &[IndexJob::Vacancy(vacancy_id)]).await?;
    tx.commit().await?;
    Ok(Deleted::ForGood)
}
