//! What the public vacancy and company pages load: vacancy detail, branding, view counting,
//! the companies list and a company's profile and vacancies, and public images.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::platform::error::Error;
use domain::platform::reference::label_sql;
use domain::files::PUBLIC_PICTURE_KINDS;
use domain::{Locale, companies};
use domain::vacancies::{ACTIVE_SQL, PUBLIC_SQL};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::routes::search::{Labels, Link, SalaryPeriod, TeaserItem, VacancyListItem, cards_in_order, favourites_among};
use crate::session::{Ctx, RequestContext};
use crate::state::AppState;

pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(vacancy))
        .routes(routes!(vacancy_occupation))
        .routes(routes!(vacancy_branding))
        .routes(routes!(count_vacancy_view))
        .routes(routes!(companies_list))
        .routes(routes!(company))
        .routes(routes!(company_of_user))
        .routes(routes!(company_vacancies))
        .routes(routes!(company_branding))
}

pub fn files_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(public_file))
}

fn file_url(id: Option<Uuid>) -> Option<Link> {
    id.map(|id| Link { url: format!("/api/files/{id}") })
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeLabel {
    pub code: String,
    pub label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyCompany {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub logo: Option<Link>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguageSkill {
    pub language: CodeLabel,
    pub language_proficiency: CodeLabel,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverLicenceRequirement {
    pub driver_licence: String,
    pub label: String,
    /// Years of driving experience asked for.
    pub experience: Option<i16>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocalizedContent {
    pub language_code: String,
    /// The description as a rich-text (Quill delta) JSON string.
    pub content: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OccupationDetail {
    pub occupation_code: Option<String>,
    pub labels: Labels,
}

/// A vacancy's page (spec 1 section 3, "Vacancy detail").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyDetail {
    pub vacancy_id: Uuid,
    pub occupation: OccupationDetail,
    pub company: VacancyCompany,
    pub by_agreement: bool,
    /// The ad states its pay (an amount or a range): the page says "pay range given" (issue 35 §4).
    pub pay_range_given: bool,
    pub salary_period: Option<SalaryPeriod>,
    pub salary_from: Option<f64>,
    pub salary_to: Option<f64>,
    pub categories: Vec<CodeLabel>,
    pub employment: Option<CodeLabel>,
    pub education_level: Option<CodeLabel>,
    pub work_experience: Option<CodeLabel>,
    pub language_skills: Vec<LanguageSkill>,
    pub driver_licences: Vec<DriverLicenceRequirement>,
    pub content: Vec<LocalizedContent>,
    pub teasers: Vec<TeaserItem>,
    pub vacancy_image: Option<Link>,
    pub is_branded: bool,
    /// False when the signed-in user already applied.
    pub can_apply: bool,
    /// An external application page (opened in a new tab) instead of applying here.
    pub apply_link: Option<String>,
    pub valid_until: Option<DateTime<Utc>>,
    pub publish_date: Option<DateTime<Utc>>,
    pub views_count: i64,
    pub address: Option<String>,
    pub city_code: Option<String>,
    pub premium_status: i16,
    pub cv_not_required: bool,
    pub for_students: bool,
    pub for_underage: bool,
    pub for_disabled: bool,
    pub for_retired: bool,
    pub for_foreigners: bool,
    pub remote_work: bool,
    pub shift_work: bool,
    /// Still open for applications (published and not past `validUntil`).
    pub active: bool,
}

#[derive(sqlx::FromRow)]
struct DetailRow {
    id: Uuid,
    occupation_code: Option<String>,
    label_et: Option<String>,
    label_en: Option<String>,
    label_ru: Option<String>,
    country_code: String,
    registry_code: String,
    business_name: String,
    logo_file_id: Option<Uuid>,
    salary_by_agreement: bool,
    salary_period_code: Option<String>,
    salary_period_label: Option<String>,
    salary_from: Option<f64>,
    salary_to: Option<f64>,
    employment_type_code: Option<String>,
    employment_label: Option<String>,
    education_level_code: Option<String>,
    education_label: Option<String>,
    work_experience_code: Option<String>,
    experience_label: Option<String>,
    image_file_id: Option<Uuid>,
    is_branded: bool,
    apply_link: Option<String>,
    valid_until: Option<DateTime<Utc>>,
    publish_at: Option<DateTime<Utc>>,
    views: i64,
    address: Option<String>,
    ehak_code: Option<String>,
    pro_level: i16,
    cv_not_required: bool,
    for_students: bool,
    for_underage: bool,
    for_disabled: bool,
    for_retired: bool,
    for_foreigners: bool,
    remote_work: bool,
    shift_work: bool,
    active: bool,
}

fn code_label(code: Option<String>, label: Option<String>) -> Option<CodeLabel> {
    code.map(|code| CodeLabel { label: label.unwrap_or_else(|| code.clone()), code })
}

/// Whose vacancy page may be read.
#[derive(Clone, Copy, Debug)]
pub enum DetailOf {
    /// A published vacancy, by anyone (the public page).
    Public,
    /// One of this company's vacancies in any state but deleted (the owner's preview).
    Owner(Uuid),
}

/// The public page reads the replica (`DATABASE_READ_URL`, when set); the owner's preview reads
/// the primary, so an employer sees the edit they just saved.
fn pool_for(state: &AppState, of: DetailOf) -> &sqlx::PgPool {
    match of {
        DetailOf::Public => &state.read_pool,
        DetailOf::Owner(_) => &state.pool,
    }
}

async fn load_detail(state: &AppState, id: Uuid, locale: Locale, of: DetailOf) -> ApiResult<DetailRow> {
    let (condition, company) = match of {
        DetailOf::Public => (PUBLIC_SQL, None),
        DetailOf::Owner(company_id) => ("(v.company_id = $2 and v.status <> 'DELETED')", Some(company_id)),
    };
    let sql = format!(
        "select v.id, v.occupation_code, coalesce(o.label_et, v.occupation_label) as label_et,
                coalesce(o.label_en, v.occupation_label) as label_en, coalesce(o.label_ru, v.occupation_label) as label_ru,
                c.country_code, c.registry_code, c.business_name, p.logo_file_id,
                v.salary_by_agreement, v.salary_period_code, {period} as salary_period_label,
                v.salary_from::float8 as salary_from, v.salary_to::float8 as salary_to,
                v.employment_type_code, {employment} as employment_label,
                v.education_level_code, {education} as education_label,
                v.work_experience_code, {experience} as experience_label,
                v.image_file_id, v.is_branded, v.apply_link, v.valid_until, v.publish_at,
                (v.views_count + coalesce((select sum(count) from vacancy_views vv where vv.vacancy_id = v.id), 0))::int8 as views,
                v.address, v.ehak_code, v.pro_level, v.cv_not_required, v.for_students, v.for_underage, v.for_disabled,
                v.for_retired, v.for_foreigners, v.remote_work, v.shift_work, {ACTIVE_SQL} as active
         from vacancies v
         join companies c on c.id = v.company_id
         left join company_profiles p on p.company_id = c.id
         left join ref_occupations o on o.code = v.occupation_code
         left join ref_salary_periods sp on sp.code = v.salary_period_code
         left join ref_employment_types et on et.code = v.employment_type_code
         left join ref_education_levels el on el.code = v.education_level_code
         left join ref_work_experiences we on we.code = v.work_experience_code
         where v.id = $1 and {condition}",
        period = label_sql(locale, "sp"),
        employment = label_sql(locale, "et"),
        education = label_sql(locale, "el"),
        experience = label_sql(locale, "we"),
    );
    let query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id);
    let query = match company {
        Some(company_id) => query.bind(company_id),
        None => query,
    };
    let row: Option<DetailRow> = query.fetch_optional(pool_for(state, of)).await?;
    Ok(row.ok_or_else(Error::not_found)?)
}

/// Handles `GET /api/open/vacancies/{id}`: a published vacancy with everything its page shows,
/// in the request's language. Drafts, hidden and deleted vacancies are not found.
#[utoipa::path(get, path = "/vacancies/{id}", tag = "pages", params(("id" = Uuid, Path)),
    responses((status = 200, body = VacancyDetail), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn vacancy(State(state): State<AppState>, Ctx(context): Ctx, Path(id): Path<Uuid>) -> ApiResult<Json<VacancyDetail>> {
    Ok(Json(vacancy_detail(&state, &context, id, DetailOf::Public).await?))
}

/// A vacancy's page in the request's language, of a vacancy `of` allows; "not found" otherwise.
pub async fn vacancy_detail(state: &AppState, context: &RequestContext, id: Uuid, of: DetailOf) -> ApiResult<VacancyDetail> {
    let locale = context.locale;
    let row = load_detail(state, id, locale, of).await?;
    let db = pool_for(state, of);
    let categories: Vec<(String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select r.code, {} from vacancy_categories vc join ref_categories r on r.code = vc.category_code
         where vc.vacancy_id = $1 order by r.sort_order, r.code",
        label_sql(locale, "r")
    )))
    .bind(id)
    .fetch_all(db)
    .await?;
    let languages: Vec<(String, String, String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select l.code, {}, p.code, {} from vacancy_language_requirements x
         join ref_languages l on l.code = x.language_code join ref_proficiencies p on p.code = x.proficiency_code
         where x.vacancy_id = $1 order by x.position",
        label_sql(locale, "l"),
        label_sql(locale, "p")
    )))
    .bind(id)
    .fetch_all(db)
    .await?;
    let licences: Vec<(String, String, Option<i16>)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select d.code, {}, x.experience_years from vacancy_driver_licences x join ref_driver_licences d on d.code = x.driver_licence_code
         where x.vacancy_id = $1 order by d.sort_order, d.code",
        label_sql(locale, "d")
    )))
    .bind(id)
    .fetch_all(db)
    .await?;
    let contents: Vec<(String, Option<String>, Option<String>)> =
        sqlx::query_as("select language_code, teaser, content from vacancy_contents where vacancy_id = $1 order by language_code")
            .bind(id)
            .fetch_all(db)
            .await?;
    let already_applied = match &context.session {
        Some(session) => sqlx::query_scalar(
            "select exists (select 1 from applications where vacancy_id = $1 and applicant_user_id = $2 and withdrawn_at is null)",
        )
        .bind(id)
        .bind(session.user_id)
        .fetch_one(&state.pool)
        .await?,
        None => false,
    };
    let label_et = row.label_et.unwrap_or_default();
    Ok(VacancyDetail {
        vacancy_id: row.id,
        occupation: OccupationDetail {
            occupation_code: row.occupation_code,
            labels: Labels {
                en: row.label_en.unwrap_or_else(|| label_et.clone()),
                ru: row.label_ru.unwrap_or_else(|| label_et.clone()),
                et: label_et,
            },
        },
        company: VacancyCompany {
            country_code: row.country_code,
            registry_code: row.registry_code,
            business_name: row.business_name,
            logo: file_url(row.logo_file_id),
        },
        by_agreement: row.salary_by_agreement,
        pay_range_given: row.salary_from.is_some() || row.salary_to.is_some(),
        salary_period: row.salary_period_code.map(|code| SalaryPeriod {
            label: row.salary_period_label.unwrap_or_else(|| code.clone()),
            period_type: code,
        }),
        salary_from: row.salary_from,
        salary_to: row.salary_to,
        categories: categories.into_iter().map(|(code, label)| CodeLabel { code, label }).collect(),
        employment: code_label(row.employment_type_code, row.employment_label),
        education_level: code_label(row.education_level_code, row.education_label),
        work_experience: code_label(row.work_experience_code, row.experience_label),
        language_skills: languages
            .into_iter()
            .map(|(code, label, level, level_label)| LanguageSkill {
                language: CodeLabel { code, label },
                language_proficiency: CodeLabel { code: level, label: level_label },
            })
            .collect(),
        driver_licences: licences
            .into_iter()
            .map(|(driver_licence, label, experience)| DriverLicenceRequirement { driver_licence, label, experience })
            .collect(),
        teasers: contents
            .iter()
            .filter_map(|(language, teaser, _)| {
                teaser.clone().filter(|t| !t.is_empty()).map(|content| TeaserItem { language_code: language.clone(), content })
            })
            .collect(),
        content: contents
            .into_iter()
            .filter_map(|(language_code, _, content)| content.map(|content| LocalizedContent { language_code, content }))
            .collect(),
        vacancy_image: file_url(row.image_file_id),
        is_branded: row.is_branded,
        can_apply: !already_applied,
        apply_link: row.apply_link,
        valid_until: row.valid_until,
        publish_date: row.publish_at,
        views_count: row.views,
        address: row.address,
        city_code: row.ehak_code,
        premium_status: row.pro_level,
        cv_not_required: row.cv_not_required,
        for_students: row.for_students,
        for_underage: row.for_underage,
        for_disabled: row.for_disabled,
        for_retired: row.for_retired,
        for_foreigners: row.for_foreigners,
        remote_work: row.remote_work,
        shift_work: row.shift_work,
        active: row.active,
    })
}

/// Handles `GET /api/open/vacancies/{id}/occupation`: the vacancy's title in every language.
#[utoipa::path(get, path = "/vacancies/{id}/occupation", tag = "pages", params(("id" = Uuid, Path)),
    responses((status = 200, body = OccupationDetail), (status = 404, body = ErrorBody)))]
async fn vacancy_occupation(State(state): State<AppState>, Path(id): Path<Uuid>) -> ApiResult<Json<OccupationDetail>> {
    let sql = format!(
        "select v.occupation_code, coalesce(o.label_et, v.occupation_label, ''), coalesce(o.label_en, v.occupation_label, ''),
                coalesce(o.label_ru, v.occupation_label, '')
         from vacancies v join companies c on c.id = v.company_id left join ref_occupations o on o.code = v.occupation_code
         where v.id = $1 and {PUBLIC_SQL}"
    );
    let row: Option<(Option<String>, String, String, String)> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&state.pool).await?;
    let (occupation_code, et, en, ru) = row.ok_or_else(Error::not_found)?;
    Ok(Json(OccupationDetail { occupation_code, labels: Labels { et, en, ru } }))
}

#[derive(Serialize, ToSchema)]
pub struct Branding {
    pub cover: Option<Link>,
    pub gallery: Vec<Link>,
    /// A video page (URL).
    pub video: Option<String>,
}

async fn branding(state: &AppState, cover_and_video: Option<(Option<Uuid>, Option<String>)>, gallery_sql: &'static str, owner: Uuid) -> ApiResult<Branding> {
    let gallery: Vec<Uuid> = sqlx::query_scalar(gallery_sql).bind(owner).fetch_all(&state.pool).await?;
    let (cover, video) = cover_and_video.unwrap_or((None, None));
    Ok(Branding { cover: file_url(cover), gallery: gallery.into_iter().map(|id| Link { url: format!("/api/files/{id}") }).collect(), video })
}

/// Handles `GET /api/open/vacancies/{id}/vacancy-branding`: cover, gallery and video of a
/// branded vacancy (empty for a plain one).
#[utoipa::path(get, path = "/vacancies/{id}/vacancy-branding", tag = "pages", params(("id" = Uuid, Path)),
    responses((status = 200, body = Branding), (status = 404, body = ErrorBody)))]
async fn vacancy_branding(State(state): State<AppState>, Path(id): Path<Uuid>) -> ApiResult<Json<Branding>> {
    let sql = format!(
        "select b.cover_file_id, b.video_url from vacancies v join companies c on c.id = v.company_id
         left join vacancy_branding b on b.vacancy_id = v.id where v.id = $1 and {PUBLIC_SQL}"
    );
    let row: Option<(Option<Uuid>, Option<String>)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&state.pool).await?;
    let row = row.ok_or_else(Error::not_found)?;
    let gallery = "select file_id from vacancy_gallery_images where vacancy_id = $1 order by position";
    Ok(Json(branding(&state, Some(row), gallery, id).await?))
}

/// A page view.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyView {
    pub vacancy_id: Uuid,
    /// When the page was opened (the server counts the view on its own date).
    pub view_date: Option<DateTime<Utc>>,
}

/// One view per visitor address and vacancy is counted per hour.
const VIEW_DEDUP_SECS: u64 = 3600;

/// Handles `PATCH /api/open/metrics/vacancy`: counts a view of a vacancy page.
#[utoipa::path(patch, path = "/metrics/vacancy", tag = "pages", request_body = VacancyView,
    responses((status = 204, description = "counted (or already counted this hour)"), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn count_vacancy_view(State(state): State<AppState>, Ctx(context): Ctx, Json(view): Json<VacancyView>) -> ApiResult<StatusCode> {
    let sql = format!("select exists (select 1 from vacancies v join companies c on c.id = v.company_id where v.id = $1 and {PUBLIC_SQL})");
    let exists: bool = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(view.vacancy_id).fetch_one(&state.pool).await?;
    if !exists {
        return Err(Error::not_found().into());
    }
    let visitor = context.ip.as_deref().unwrap_or("unknown");
    if state.limiter.first_time("vacancy-view", &format!("{}:{visitor}", view.vacancy_id), VIEW_DEDUP_SECS).await {
        // daily counters, never the vacancy row itself: a view must not look like a change to re-index
        sqlx::query(
            "insert into vacancy_views (vacancy_id, viewed_on, count) values ($1, (now() at time zone 'Europe/Tallinn')::date, 1)
             on conflict (vacancy_id, viewed_on) do update set count = vacancy_views.count + 1",
        )
        .bind(view.vacancy_id)
        .execute(&state.pool)
        .await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// Zero-based.
    pub page: Option<u32>,
    pub size: Option<u32>,
}

impl PageParams {
    pub(crate) fn resolve(&self, default_size: u32) -> Result<(i64, i64), Error> {
        let size = self.size.unwrap_or(default_size);
        if !(1..=100).contains(&size) {
            return Err(Error::field("size", "Page size must be between 1 and 100"));
        }
        let page = self.page.unwrap_or(0);
        if page > 100_000 {
            return Err(Error::field("page", "Page is out of range"));
        }
        Ok((page as i64, size as i64))
    }
}

pub(crate) fn total_pages(total: i64, size: i64) -> u32 {
    ((total + size - 1) / size) as u32
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyLogo {
    pub url: String,
    pub thumbnail_url: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyCard {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub vacancies_count: i64,
    pub logo: Option<CompanyLogo>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyPage {
    pub content: Vec<CompanyCard>,
    pub total_pages: u32,
    pub total_elements: i64,
}

fn logo(file: Option<Uuid>, thumbnail: Option<Uuid>) -> Option<CompanyLogo> {
    file.map(|id| CompanyLogo { url: format!("/api/files/{id}"), thumbnail_url: format!("/api/files/{}", thumbnail.unwrap_or(id)) })
}

/// Handles `GET /api/open/companies/{countryCode}/list`: registered employers, those with the
/// most open vacancies first (10 per page unless `size` says otherwise; the companies page uses 50).
#[utoipa::path(get, path = "/companies/{countryCode}/list", tag = "pages",
    params(("countryCode" = String, Path, example = "EE"), PageParams),
    responses((status = 200, body = CompanyPage), (status = 400, body = ErrorBody)))]
async fn companies_list(State(state): State<AppState>, Path(country_code): Path<String>, Query(params): Query<PageParams>) -> ApiResult<Json<CompanyPage>> {
    let country = companies::check_country(&country_code)?;
    let (page, size) = params.resolve(10)?;
    let sql = format!(
        "with counted as (
             select c.id, c.country_code, c.registry_code, c.business_name, p.logo_file_id, f.thumbnail_file_id,
                    (select count(*) from vacancies v where v.company_id = c.id and {ACTIVE_SQL}) as vacancies
             from companies c left join company_profiles p on p.company_id = c.id left join files f on f.id = p.logo_file_id
             where c.country_code = $1 and c.deleted_at is null)
         select country_code, registry_code, business_name, vacancies, logo_file_id, thumbnail_file_id, count(*) over () as total
         from counted order by vacancies desc, business_name, registry_code limit $2 offset $3"
    );
    let rows: Vec<(String, String, String, i64, Option<Uuid>, Option<Uuid>, i64)> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(&country).bind(size).bind(page * size).fetch_all(&state.read_pool).await?;
    let total = match rows.first() {
        Some(row) => row.6,
        None => sqlx::query_scalar("select count(*) from companies where country_code = $1 and deleted_at is null")
            .bind(&country)
            .fetch_one(&state.read_pool)
            .await?,
    };
    Ok(Json(CompanyPage {
        content: rows
            .into_iter()
            .map(|(country_code, registry_code, business_name, vacancies_count, logo_file, thumbnail, _)| CompanyCard {
                country_code,
                registry_code,
                business_name,
                vacancies_count,
                logo: logo(logo_file, thumbnail),
            })
            .collect(),
        total_pages: total_pages(total, size),
        total_elements: total,
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyAddress {
    pub country_code: String,
    pub adr_id: Option<i64>,
    pub address: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyProfile {
    pub logo: Option<CompanyLogo>,
    pub categories: Vec<CodeLabel>,
    pub company_size: Option<CodeLabel>,
    pub email: Option<String>,
    pub website: Option<String>,
    pub contact_phone_number: Option<String>,
    pub descriptions: Vec<LocalizedContent>,
    pub facebook: Option<String>,
    pub instagram: Option<String>,
    pub linked_in: Option<String>,
    pub twitter: Option<String>,
    pub telegram: Option<String>,
    pub youtube: Option<String>,
}

/// A company's public profile (spec 1 section 3, "Company (public)").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyDetail {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub vacancies_count: i64,
    pub address: CompanyAddress,
    pub city_code: Option<String>,
    pub profile: CompanyProfile,
}

async fn company_id(state: &AppState, country_code: &str, registry_code: &str) -> ApiResult<Uuid> {
    let country = companies::check_country(country_code)?;
    let id: Option<Uuid> = sqlx::query_scalar("select id from companies where country_code = $1 and registry_code = $2 and deleted_at is null")
        .bind(country)
        .bind(registry_code)
        .fetch_optional(&state.read_pool)
        .await?;
    Ok(id.ok_or_else(Error::not_found)?)
}

#[derive(sqlx::FromRow)]
struct CompanyRow {
    country_code: String,
    registry_code: String,
    business_name: String,
    address: Option<String>,
    ads_adr_id: Option<i64>,
    ehak_code: Option<String>,
    vacancies: i64,
    logo_file_id: Option<Uuid>,
    thumbnail_file_id: Option<Uuid>,
    company_size_code: Option<String>,
    company_size_label: Option<String>,
    email: Option<String>,
    website: Option<String>,
    contact_phone_number: Option<String>,
    facebook: Option<String>,
    instagram: Option<String>,
    linkedin: Option<String>,
    twitter: Option<String>,
    telegram: Option<String>,
    youtube: Option<String>,
}

/// Handles `GET /api/open/companies/{countryCode}/{registryCode}`: a company's public profile.
#[utoipa::path(get, path = "/companies/{countryCode}/{registryCode}", tag = "pages",
    params(("countryCode" = String, Path, example = "EE"), ("registryCode" = String, Path)),
    responses((status = 200, body = CompanyDetail), (status = 404, body = ErrorBody)))]
async fn company(State(state): State<AppState>, Ctx(context): Ctx, Path((country_code, registry_code)): Path<(String, String)>) -> ApiResult<Json<CompanyDetail>> {
    let id = company_id(&state, &country_code, &registry_code).await?;
    Ok(Json(company_detail(&state, id, context.locale).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UsernameParams {
    /// The user's e-mail address (any case).
    pub username: Option<String>,
}

/// Handles `GET /api/open/company?username=`: the public profile of the company the user
/// represents, as `GET /api/open/companies/{countryCode}/{registryCode}` answers it (nothing the
/// public company page does not show). A user on several companies' staff represents the one
/// they supervise, else the first by name.
#[utoipa::path(get, path = "/company", tag = "pages", params(UsernameParams),
    responses((status = 200, body = CompanyDetail),
        (status = 400, body = ErrorBody, description = "`username`: missing or blank"),
        (status = 404, body = ErrorBody, description = "no such user, or one who represents no company")))]
async fn company_of_user(State(state): State<AppState>, Ctx(context): Ctx, Query(params): Query<UsernameParams>) -> ApiResult<Json<CompanyDetail>> {
    let username = params.username.as_deref().map(str::trim).filter(|u| !u.is_empty());
    let username = username.ok_or_else(|| Error::field("username", "Give the user's username (e-mail address)"))?;
    let id = companies::represented_by(&state.pool, username).await?.ok_or_else(Error::not_found)?;
    Ok(Json(company_detail(&state, id, context.locale).await?))
}

/// The public profile of a company that is not deleted.
async fn company_detail(state: &AppState, id: Uuid, locale: Locale) -> ApiResult<CompanyDetail> {
    let sql = format!(
        "select c.country_code, c.registry_code, c.business_name, c.address, c.ads_adr_id, c.ehak_code,
                (select count(*) from vacancies v where v.company_id = c.id and {ACTIVE_SQL}) as vacancies,
                p.logo_file_id, f.thumbnail_file_id, p.company_size_code, {size} as company_size_label,
                p.email, p.website, p.contact_phone_number, p.facebook, p.instagram, p.linkedin, p.twitter, p.telegram, p.youtube
         from companies c left join company_profiles p on p.company_id = c.id left join files f on f.id = p.logo_file_id
         left join ref_company_sizes s on s.code = p.company_size_code
         where c.id = $1",
        size = label_sql(locale, "s")
    );
    let row: CompanyRow = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_one(&state.read_pool).await?;
    let categories: Vec<(String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select r.code, {} from company_categories cc join ref_categories r on r.code = cc.category_code where cc.company_id = $1 order by r.sort_order",
        label_sql(locale, "r")
    )))
    .bind(id)
    .fetch_all(&state.read_pool)
    .await?;
    let descriptions: Vec<(String, String)> =
        sqlx::query_as("select language_code, content from company_descriptions where company_id = $1 order by language_code")
            .bind(id)
            .fetch_all(&state.read_pool)
            .await?;
    Ok(CompanyDetail {
        address: CompanyAddress { country_code: row.country_code.clone(), adr_id: row.ads_adr_id, address: row.address },
        country_code: row.country_code,
        registry_code: row.registry_code,
        business_name: row.business_name,
        vacancies_count: row.vacancies,
        city_code: row.ehak_code,
        profile: CompanyProfile {
            logo: logo(row.logo_file_id, row.thumbnail_file_id),
            categories: categories.into_iter().map(|(code, label)| CodeLabel { code, label }).collect(),
            company_size: code_label(row.company_size_code, row.company_size_label),
            email: row.email,
            website: row.website,
            contact_phone_number: row.contact_phone_number,
            descriptions: descriptions.into_iter().map(|(language_code, content)| LocalizedContent { language_code, content }).collect(),
            facebook: row.facebook,
            instagram: row.instagram,
            linked_in: row.linkedin,
            twitter: row.twitter,
            telegram: row.telegram,
            youtube: row.youtube,
        },
    })
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyPage {
    pub content: Vec<VacancyListItem>,
    pub total_pages: u32,
    pub total_elements: i64,
}

/// Handles `GET /api/open/companies/{countryCode}/{registryCode}/vacancies`: the company's open
/// vacancies, newest first, 10 per page.
#[utoipa::path(get, path = "/companies/{countryCode}/{registryCode}/vacancies", tag = "pages",
    params(("countryCode" = String, Path, example = "EE"), ("registryCode" = String, Path), PageParams),
    responses((status = 200, body = VacancyPage), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn company_vacancies(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    Path((country_code, registry_code)): Path<(String, String)>,
    Query(params): Query<PageParams>,
) -> ApiResult<Json<VacancyPage>> {
    let id = company_id(&state, &country_code, &registry_code).await?;
    let (page, size) = params.resolve(10)?;
    let sql = format!(
        "select v.id, count(*) over () from vacancies v join companies c on c.id = v.company_id
         where v.company_id = $1 and {ACTIVE_SQL} order by v.publish_at desc, v.id limit $2 offset $3"
    );
    let rows: Vec<(Uuid, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(size).bind(page * size).fetch_all(&state.read_pool).await?;
    let total = rows.first().map(|r| r.1).unwrap_or(0);
    let ids: Vec<Uuid> = rows.iter().map(|r| r.0).collect();
    let favourites = favourites_among(&state, &context, &ids).await?;
    let content = cards_in_order(&state, &ids, context.locale, &favourites).await?;
    Ok(Json(VacancyPage { content, total_pages: total_pages(total, size), total_elements: total }))
}

/// Handles `GET /api/open/companies/{countryCode}/{registryCode}/company-branding`: the company's
/// cover, gallery and video.
#[utoipa::path(get, path = "/companies/{countryCode}/{registryCode}/company-branding", tag = "pages",
    params(("countryCode" = String, Path, example = "EE"), ("registryCode" = String, Path)),
    responses((status = 200, body = Branding), (status = 404, body = ErrorBody)))]
async fn company_branding(State(state): State<AppState>, Path((country_code, registry_code)): Path<(String, String)>) -> ApiResult<Json<Branding>> {
    let id = company_id(&state, &country_code, &registry_code).await?;
    let row: Option<(Option<Uuid>, Option<String>)> =
        sqlx::query_as("select cover_file_id, video_url from company_branding where company_id = $1").bind(id).fetch_optional(&state.read_pool).await?;
    let gallery = "select file_id from company_gallery_images where company_id = $1 order by position";
    Ok(Json(branding(&state, row, gallery, id).await?))
}

/// Profile pictures, for signed-in users only (ids are unguessable; employers see applicants').
const AVATAR_KINDS: [&str; 2] = ["avatar", "avatar_thumbnail"];

/// Handles `GET /api/files/{id}`: a public picture (company logos, covers, galleries, vacancy
/// images), or a profile picture for a signed-in user; cached for a year (a changed picture is a
/// new file). Other files are not found here.
#[utoipa::path(get, path = "/{id}", tag = "pages", params(("id" = Uuid, Path)),
    responses((status = 200, description = "the image", content_type = "image/*"), (status = 404, body = ErrorBody)))]
async fn public_file(State(state): State<AppState>, Ctx(context): Ctx, Path(id): Path<Uuid>) -> ApiResult<Response> {
    let signed_in = context.session.is_some();
    let row: Option<(String, String, String)> = sqlx::query_as(
        "select f.storage_key, f.content_type, f.kind from files f where f.id = $1
         and (f.kind = any($2) or exists (select 1 from files parent where parent.thumbnail_file_id = f.id and parent.kind = any($2))
              or ($3 and f.kind = any($4)))",
    )
    .bind(id)
    .bind(&PUBLIC_PICTURE_KINDS[..])
    .bind(signed_in)
    .bind(&AVATAR_KINDS[..])
    .fetch_optional(&state.pool)
    .await?;
    let (key, content_type, kind) = row.ok_or_else(Error::not_found)?;
    if !content_type.starts_with("image/") {
        return Err(Error::not_found().into());
    }
    let bytes = state.files.get(&key).await.map_err(|_| Error::not_found())?;
    let cache = if AVATAR_KINDS.contains(&kind.as_str()) { "private, max-age=31536000, immutable" } else { "public, max-age=31536000, immutable" };
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, cache.to_string()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
        ],
        bytes,
    )
        .into_response())
}
