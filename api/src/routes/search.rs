//! Vacancy search, categories with live counts, the employer autocomplete and the CV database.
//! Every answer comes from the search index; Postgres is asked only to validate codes, add labels
//! and mark the viewer's favourites.

use std::collections::{BTreeMap, HashMap, HashSet};

use axum::extract::{DefaultBodyLimit, State};
use chrono::{DateTime, Duration, Utc};
use domain::accounts::Role;
use domain::platform::error::{Error, ErrorCode};
use domain::platform::reference::{self, CodeList, FilterCodes};
use domain::{Locale, companies};
use search::{CvQuery, EmployerNameQuery, VacancyCard, VacancyFlags, VacancyQuery};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{ActingCompany, Ctx};
use crate::state::AppState;

/// Vacancies per page unless asked otherwise.
pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;
/// Results beyond this many are not paged to (ask a narrower question).
pub const MAX_RESULT_WINDOW: u64 = 10_000;
/// A vacancy published this recently carries the "new" badge.
pub const NEW_FOR: Duration = Duration::days(3);
/// Longest free text of a search (`occupation`, the CV search's `search`).
pub const MAX_TEXT: usize = 200;
/// Longest text of the employer autocomplete.
pub const MAX_EMPLOYER_SEARCH: usize = 100;
/// Most values of one list filter (after removing blanks and repeats).
pub const MAX_FILTER_VALUES: usize = 100;
/// Longest value of a list filter, in characters.
pub const MAX_FILTER_VALUE_CHARS: usize = 200;
/// Largest body of the two searches: 100 values of 200 characters in one filter fit, a body that
/// could only make the server work for nothing does not (413 `payload_too_large`).
pub const SEARCH_BODY_LIMIT: usize = 64 * 1024;

pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_vacancies))
        .routes(routes!(categories))
        .routes(routes!(categories_extended))
        .routes(routes!(employer_names))
        .layer(DefaultBodyLimit::max(SEARCH_BODY_LIMIT))
}

pub fn employer_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search_cv)).layer(DefaultBodyLimit::max(SEARCH_BODY_LIMIT))
}

/// A filter group arrives as one code, a comma-separated list, or an array; values are trimmed,
/// blanks dropped and repeats removed (first occurrence kept) in linear time. How many values and
/// how long each may be is checked by [`check_list`], which names the field.
fn one_or_many<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    let values = match Option::<OneOrMany>::deserialize(deserializer)? {
        None => Vec::new(),
        Some(OneOrMany::One(text)) => text.split(',').map(str::to_string).collect(),
        Some(OneOrMany::Many(list)) => list,
    };
    let mut seen: HashSet<String> = HashSet::with_capacity(values.len());
    let mut clean: Vec<String> = Vec::new();
    for value in values.into_iter().map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) {
        if seen.insert(value.clone()) {
            clean.push(value);
        }
    }
    Ok(clean)
}

/// At most [`MAX_FILTER_VALUES`] values of at most [`MAX_FILTER_VALUE_CHARS`] characters each.
fn check_list(field: &'static str, values: &[String]) -> Result<(), Error> {
    if values.len() > MAX_FILTER_VALUES {
        return Err(Error::field(field, format!("{field} takes at most {MAX_FILTER_VALUES} values, not {}", values.len())));
    }
    if values.iter().any(|v| v.chars().count() > MAX_FILTER_VALUE_CHARS) {
        return Err(Error::field(field, format!("A value of {field} is longer than {MAX_FILTER_VALUE_CHARS} characters")));
    }
    Ok(())
}

/// The filter model of the vacancy search: the query parameters of `/vacancies` (page excluded).
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchFilter {
    /// Free text (occupation, company, description), matched as you type and with typo tolerance.
    pub occupation: Option<String>,
    /// EHAK codes; a county or municipality finds the vacancies of its towns.
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub city_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub category_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub type_of_employment: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub work_experience: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub language_code: Vec<String>,
    /// Exact business names, as the employer autocomplete offers them.
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub business_name: Vec<String>,
    pub salary_from: Option<f64>,
    pub salary_to: Option<f64>,
    pub salary_period: Option<String>,
    pub salary_by_agreement: Option<bool>,
    pub shift_work: Option<bool>,
    pub remote_work: Option<bool>,
    pub for_students: Option<bool>,
    pub for_underage: Option<bool>,
    pub for_retired: Option<bool>,
    pub for_disabled: Option<bool>,
    pub for_foreigners: Option<bool>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    /// Zero-based.
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub size: Option<u32>,
}

impl Paging {
    fn resolve(&self, default_size: u32) -> Result<(u32, u32), Error> {
        let page = self.page.unwrap_or(0);
        let size = self.size.unwrap_or(default_size);
        if size == 0 || size > MAX_PAGE_SIZE {
            return Err(Error::field("size", format!("Page size must be between 1 and {MAX_PAGE_SIZE}")));
        }
        if (page as u64 + 1) * size as u64 > MAX_RESULT_WINDOW {
            return Err(Error::field("page", format!("Page {page} is out of range: results are paged up to {MAX_RESULT_WINDOW}")));
        }
        Ok((page, size))
    }
}

fn text_param(field: &'static str, text: Option<String>, max: usize) -> Result<Option<String>, Error> {
    let text = text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    if text.as_ref().is_some_and(|t| t.chars().count() > max) {
        return Err(Error::field(field, format!("{field} is longer than {max} characters")));
    }
    Ok(text)
}

async fn check_codes(state: &AppState, field: &'static str, list: FilterCodes, codes: &[String]) -> Result<(), Error> {
    match reference::unknown_codes(&state.pool, list, codes).await?.first() {
        Some(unknown) => Err(Error::field(field, format!("Unknown code {unknown:?} in {field}"))),
        None => Ok(()),
    }
}

fn check_salary(field: &'static str, value: Option<f64>) -> Result<(), Error> {
    match value {
        Some(v) if !v.is_finite() || v < 0.0 => Err(Error::field(field, "Salary must be a number of at least 0")),
        _ => Ok(()),
    }
}

async fn vacancy_query(state: &AppState, filter: SearchFilter, page: u32, size: u32) -> Result<VacancyQuery, Error> {
    check_list("cityCode", &filter.city_code)?;
    check_list("categoryCode", &filter.category_code)?;
    check_list("typeOfEmployment", &filter.type_of_employment)?;
    check_list("workExperience", &filter.work_experience)?;
    check_list("languageCode", &filter.language_code)?;
    check_list("businessName", &filter.business_name)?;
    let text = text_param("occupation", filter.occupation, MAX_TEXT)?;
    check_salary("salaryFrom", filter.salary_from)?;
    check_salary("salaryTo", filter.salary_to)?;
    if let (Some(from), Some(to)) = (filter.salary_from, filter.salary_to)
        && from > to
    {
        return Err(Error::field("salaryFrom", "Salary from cannot be above salary to"));
    }
    check_codes(state, "cityCode", FilterCodes::Places, &filter.city_code).await?;
    check_codes(state, "categoryCode", FilterCodes::Categories, &filter.category_code).await?;
    check_codes(state, "typeOfEmployment", FilterCodes::List(CodeList::EmploymentTypes), &filter.type_of_employment).await?;
    check_codes(state, "workExperience", FilterCodes::List(CodeList::WorkExperiences), &filter.work_experience).await?;
    check_codes(state, "languageCode", FilterCodes::List(CodeList::Languages), &filter.language_code).await?;
    let salary_period = filter.salary_period.map(|p| p.trim().to_string()).filter(|p| !p.is_empty());
    check_codes(state, "salaryPeriod", FilterCodes::List(CodeList::SalaryPeriods), salary_period.as_slice()).await?;
    let by_agreement = filter.salary_by_agreement.unwrap_or(false);
    Ok(VacancyQuery {
        text,
        category_codes: filter.category_code,
        place_codes: filter.city_code,
        employment_types: filter.type_of_employment,
        work_experiences: filter.work_experience,
        language_codes: filter.language_code,
        business_names: filter.business_name,
        // salary by agreement clears the salary inputs
        salary_from: filter.salary_from.filter(|_| !by_agreement),
        salary_to: filter.salary_to.filter(|_| !by_agreement),
        salary_period: salary_period.filter(|_| !by_agreement),
        salary_by_agreement: by_agreement,
        flags: VacancyFlags {
            for_students: filter.for_students.unwrap_or(false),
            for_underage: filter.for_underage.unwrap_or(false),
            for_disabled: filter.for_disabled.unwrap_or(false),
            for_retired: filter.for_retired.unwrap_or(false),
            for_foreigners: filter.for_foreigners.unwrap_or(false),
            remote_work: filter.remote_work.unwrap_or(false),
            shift_work: filter.shift_work.unwrap_or(false),
        },
        page,
        size,
        now: Utc::now(),
    })
}

#[derive(Serialize, ToSchema)]
pub struct Labels {
    pub et: String,
    pub en: String,
    pub ru: String,
}

#[derive(Serialize, ToSchema)]
pub struct Occupation {
    pub labels: Labels,
}

#[derive(Serialize, ToSchema)]
pub struct Link {
    pub url: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalaryPeriod {
    pub period_type: String,
    pub label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeaserItem {
    pub language_code: String,
    pub content: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyKey {
    pub country_code: String,
    pub registry_code: String,
}

/// A vacancy card (spec 1 section 3, "Vacancy list item").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyListItem {
    pub vacancy_id: Uuid,
    pub occupation: Occupation,
    pub business_name: String,
    pub company: CompanyKey,
    /// Comma-separated; the card shows the second part, or else the first, as the location.
    pub address: Option<String>,
    pub company_logo: Option<Link>,
    pub salary_from: Option<f64>,
    pub salary_to: Option<f64>,
    pub salary_period: Option<SalaryPeriod>,
    pub by_agreement: bool,
    /// Premium stars (the PRO level), 0 for none.
    pub premium_status: u8,
    /// Published within the last 3 days.
    pub new: bool,
    pub cv_not_required: bool,
    /// Whether the signed-in applicant saved it; false for everyone else.
    pub is_favorite: bool,
    pub is_branded: bool,
    /// A branded vacancy's cover, the card's background.
    pub cover: Option<Link>,
    pub publish_date: Option<DateTime<Utc>>,
    pub valid_until: Option<DateTime<Utc>>,
    pub teasers: Vec<TeaserItem>,
    pub for_students: bool,
    pub for_underage: bool,
    pub for_disabled: bool,
    pub for_retired: bool,
    pub for_foreigners: bool,
    pub remote_work: bool,
    pub shift_work: bool,
}

fn list_item(card: VacancyCard, periods: &HashMap<String, String>, favourites: &[Uuid], covers: &HashMap<Uuid, Uuid>, now: DateTime<Utc>) -> VacancyListItem {
    VacancyListItem {
        cover: covers.get(&card.vacancy_id).map(|file| Link { url: format!("/api/files/{file}") }),
        is_favorite: favourites.contains(&card.vacancy_id),
        new: card.publish_at.is_some_and(|p| now - p <= NEW_FOR),
        vacancy_id: card.vacancy_id,
        occupation: Occupation {
            labels: Labels { et: card.occupation_labels.et, en: card.occupation_labels.en, ru: card.occupation_labels.ru },
        },
        business_name: card.business_name,
        company: CompanyKey { country_code: card.company_country_code, registry_code: card.company_registry_code },
        address: card.address,
        company_logo: card.company_logo_url.map(|url| Link { url }),
        salary_from: card.salary_from,
        salary_to: card.salary_to,
        salary_period: card.salary_period.map(|code| SalaryPeriod {
            label: periods.get(&code).cloned().unwrap_or_else(|| code.clone()),
            period_type: code,
        }),
        by_agreement: card.by_agreement,
        premium_status: card.pro_level,
        cv_not_required: card.cv_not_required,
        is_branded: card.is_branded,
        publish_date: card.publish_at,
        valid_until: card.valid_until,
        teasers: card.teasers.into_iter().map(|t| TeaserItem { language_code: t.language_code, content: t.content }).collect(),
        for_students: card.flags.for_students,
        for_underage: card.flags.for_underage,
        for_disabled: card.flags.for_disabled,
        for_retired: card.flags.for_retired,
        for_foreigners: card.flags.for_foreigners,
        remote_work: card.flags.remote_work,
        shift_work: card.flags.shift_work,
    }
}

/// Counts per value of each filter group, each computed without that group's own filter.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchFacets {
    pub category_code: BTreeMap<String, u64>,
    pub city_code: BTreeMap<String, u64>,
    pub type_of_employment: BTreeMap<String, u64>,
    pub work_experience: BTreeMap<String, u64>,
    pub language_code: BTreeMap<String, u64>,
    /// The 100 most frequent companies (ties by name) and every selected one.
    pub business_name: BTreeMap<String, u64>,
    pub salary_by_agreement: u64,
    pub shift_work: u64,
    pub remote_work: u64,
    pub for_students: u64,
    pub for_underage: u64,
    pub for_retired: u64,
    pub for_disabled: u64,
    pub for_foreigners: u64,
}

#[derive(Serialize, ToSchema)]
pub struct SalaryStats {
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub avg: Option<f64>,
    pub count: u64,
}

/// One page of vacancies.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchPage {
    pub content: Vec<VacancyListItem>,
    pub total_pages: u32,
    pub total_elements: u64,
    pub page: u32,
    pub size: u32,
    pub facets: SearchFacets,
    pub salary_stats: SalaryStats,
    /// Milliseconds spent in the search engine.
    pub took_ms: u64,
}

/// The cards of the given vacancies in the order given, built from their rows as the index would
/// store them; vacancies that are no longer open are left out.
pub(crate) async fn cards_in_order(
    state: &AppState,
    ids: &[Uuid],
    locale: Locale,
    favourites: &[Uuid],
) -> Result<Vec<VacancyListItem>, Error> {
    let prepared = indexer::vacancies::prepare(&state.pool, &indexer::Places::default(), ids).await?;
    let mut cards: HashMap<Uuid, VacancyCard> = prepared.upserts.into_iter().map(|d| (d.card.vacancy_id, d.card)).collect();
    let periods = reference::period_labels(&state.pool, locale).await?;
    let covers = covers_of(state, cards.values()).await?;
    let now = Utc::now();
    Ok(ids.iter().filter_map(|id| cards.remove(id)).map(|card| list_item(card, &periods, favourites, &covers, now)).collect())
}

/// The cover files of the branded vacancies among `cards`, in one query: the cards show them
/// without asking for each vacancy's branding.
async fn covers_of<'a>(state: &AppState, cards: impl Iterator<Item = &'a VacancyCard>) -> Result<HashMap<Uuid, Uuid>, Error> {
    let ids: Vec<Uuid> = cards.filter(|c| c.is_branded).map(|c| c.vacancy_id).collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(Uuid, Uuid)> = sqlx::query_as("select vacancy_id, cover_file_id from vacancy_branding where vacancy_id = any($1) and cover_file_id is not null")
        .bind(&ids)
        .fetch_all(&state.pool)
        .await?;
    Ok(rows.into_iter().collect())
}

pub(crate) async fn favourites_among(state: &AppState, context: &crate::session::RequestContext, ids: &[Uuid]) -> Result<Vec<Uuid>, Error> {
    let Some(session) = context.session.as_ref().filter(|s| s.has_role(Role::Applicant)) else {
        return Ok(Vec::new());
    };
    Ok(sqlx::query_scalar("select vacancy_id from favourite_vacancies where user_id = $1 and vacancy_id = any($2)")
        .bind(session.user_id)
        .bind(ids)
        .fetch_all(&state.pool)
        .await?)
}

/// Handles `POST /api/open/search`: the vacancy search, with facet counts and salary statistics.
#[utoipa::path(post, path = "/search", tag = "search", params(Paging), request_body = SearchFilter,
    responses((status = 200, body = SearchPage),
        (status = 400, body = ErrorBody, description = "an unknown code, a negative salary, salary from above salary to, or a page out of range")))]
async fn search_vacancies(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    Query(paging): Query<Paging>,
    Json(filter): Json<SearchFilter>,
) -> ApiResult<Json<SearchPage>> {
    let (page, size) = paging.resolve(DEFAULT_PAGE_SIZE)?;
    let query = vacancy_query(&state, filter, page, size).await?;
    let now = query.now;
    let results = state.search.search_vacancies(query).await.map_err(anyhow::Error::from)?;
    let ids: Vec<Uuid> = results.hits.iter().map(|h| h.card.vacancy_id).collect();
    let favourites = favourites_among(&state, &context, &ids).await?;
    let periods = reference::period_labels(&state.pool, context.locale).await?;
    let covers = covers_of(&state, results.hits.iter().map(|h| &h.card)).await?;
    let facets = results.facets;
    Ok(Json(SearchPage {
        content: results.hits.into_iter().map(|h| list_item(h.card, &periods, &favourites, &covers, now)).collect(),
        total_pages: results.total_pages,
        total_elements: results.total,
        page,
        size,
        facets: SearchFacets {
            category_code: facets.category_codes,
            city_code: facets.place_codes,
            type_of_employment: facets.employment_types,
            work_experience: facets.work_experiences,
            language_code: facets.language_codes,
            business_name: facets.business_names,
            salary_by_agreement: facets.salary_by_agreement,
            shift_work: facets.flags.shift_work,
            remote_work: facets.flags.remote_work,
            for_students: facets.flags.for_students,
            for_underage: facets.flags.for_underage,
            for_retired: facets.flags.for_retired,
            for_disabled: facets.flags.for_disabled,
            for_foreigners: facets.flags.for_foreigners,
        },
        salary_stats: SalaryStats {
            min: results.salary.min,
            max: results.salary.max,
            avg: results.salary.avg,
            count: results.salary.count,
        },
        took_ms: results.took_ms,
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryItem {
    pub category_code: String,
    pub label: String,
    pub icon_code: String,
    /// Active vacancies in the category.
    pub size_count: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OccupationItem {
    pub occupation_code: String,
    pub label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtendedCategoryItem {
    #[serde(flatten)]
    pub category: CategoryItem,
    pub occupations: Vec<OccupationItem>,
}

async fn category_items(state: &AppState, locale: Locale) -> ApiResult<Vec<CategoryItem>> {
    let counts = state.search.vacancy_counts_by_category(Utc::now()).await.map_err(anyhow::Error::from)?;
    Ok(reference::categories(&state.pool, locale)
        .await?
        .into_iter()
        .map(|c| CategoryItem { size_count: counts.get(&c.code).copied().unwrap_or(0), category_code: c.code, label: c.label, icon_code: c.icon_code })
        .collect())
}

/// Handles `GET /api/open/categories`: every category with its icon and live vacancy count.
#[utoipa::path(get, path = "/categories", tag = "search", responses((status = 200, body = Vec<CategoryItem>)))]
async fn categories(State(state): State<AppState>, Ctx(context): Ctx) -> ApiResult<Json<Vec<CategoryItem>>> {
    Ok(Json(category_items(&state, context.locale).await?))
}

/// Handles `GET /api/open/categories/extended`: the categories with their live vacancy counts and
/// their occupations.
#[utoipa::path(get, path = "/categories/extended", tag = "search", responses((status = 200, body = Vec<ExtendedCategoryItem>)))]
async fn categories_extended(State(state): State<AppState>, Ctx(context): Ctx) -> ApiResult<Json<Vec<ExtendedCategoryItem>>> {
    let mut occupations: HashMap<String, Vec<OccupationItem>> = HashMap::new();
    for (category, item) in reference::occupations_by_category(&state.pool, context.locale).await? {
        occupations.entry(category).or_default().push(OccupationItem { occupation_code: item.code, label: item.label });
    }
    let items = category_items(&state, context.locale).await?;
    Ok(Json(
        items
            .into_iter()
            .map(|category| ExtendedCategoryItem { occupations: occupations.remove(&category.category_code).unwrap_or_default(), category })
            .collect(),
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EmployerSearch {
    /// Part of the business name (trimmed, case-insensitive); names starting with it come first.
    pub search: Option<String>,
    /// Zero-based; 10 names per page.
    pub page: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployerItem {
    pub business_name: String,
    pub country_code: String,
    pub registry_code: String,
    pub vacancies_count: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployerPage {
    pub content: Vec<EmployerItem>,
    pub total_pages: u32,
    pub total_elements: u64,
}

/// Handles `GET /api/open/search/employers/{countryCode}?search`: business names of employers
/// with active vacancies, 10 per page.
#[utoipa::path(get, path = "/search/employers/{countryCode}", tag = "search",
    params(("countryCode" = String, Path, example = "EE"), EmployerSearch),
    responses((status = 200, body = EmployerPage), (status = 400, body = ErrorBody)))]
async fn employer_names(
    State(state): State<AppState>,
    Path(country_code): Path<String>,
    Query(params): Query<EmployerSearch>,
) -> ApiResult<Json<EmployerPage>> {
    let country_code = companies::check_country(&country_code)?;
    let search = text_param("search", params.search, MAX_EMPLOYER_SEARCH)?.unwrap_or_default().to_lowercase();
    let page = params.page.unwrap_or(0);
    if (page as u64 + 1) * EmployerNameQuery::PAGE_SIZE as u64 > MAX_RESULT_WINDOW {
        return Err(Error::field("page", format!("Page {page} is out of range")).into());
    }
    let names = state
        .search
        .employer_names(EmployerNameQuery { country_code, search, page, now: Utc::now() })
        .await
        .map_err(anyhow::Error::from)?;
    Ok(Json(EmployerPage {
        content: names
            .names
            .into_iter()
            .map(|n| EmployerItem {
                business_name: n.business_name,
                country_code: n.country_code,
                registry_code: n.registry_code,
                vacancies_count: n.vacancy_count,
            })
            .collect(),
        total_pages: names.total_pages,
        total_elements: names.total,
    }))
}

/// The CV-database search; at least one criterion is needed.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct CvSearchRequest {
    /// Free text over the whole CV, including the text of uploaded PDF files.
    pub search: Option<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub category_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub city_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub language_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub education_level: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub work_experience: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub driver_licence: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub type_of_employment: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvListItem {
    pub cv_id: Uuid,
    pub title: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub category_codes: Vec<String>,
    pub city_codes: Vec<String>,
    pub language_codes: Vec<String>,
    pub education_levels: Vec<String>,
    pub work_experience: Option<String>,
    pub driver_licences: Vec<String>,
    pub type_of_employment: Vec<String>,
    pub updated_at: DateTime<Utc>,
    /// Where the text matched: HTML-escaped CV text with the matched words in `<mark>…</mark>`.
    pub snippet: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvFacetCounts {
    pub category_code: BTreeMap<String, u64>,
    pub city_code: BTreeMap<String, u64>,
    pub language_code: BTreeMap<String, u64>,
    pub education_level: BTreeMap<String, u64>,
    pub work_experience: BTreeMap<String, u64>,
    pub driver_licence: BTreeMap<String, u64>,
    pub type_of_employment: BTreeMap<String, u64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvSearchPage {
    pub content: Vec<CvListItem>,
    pub total_pages: u32,
    pub total_elements: u64,
    pub page: u32,
    pub size: u32,
    pub facets: CvFacetCounts,
    pub took_ms: u64,
}

/// Handles `POST /api/employer/search-cv`: the CV database, for a company with an active
/// CV-database service.
#[utoipa::path(post, path = "/search-cv", tag = "employer", params(Paging), request_body = CvSearchRequest,
    responses((status = 200, body = CvSearchPage),
        (status = 400, body = ErrorBody, description = "search_criteria_required: Please select at least one search criteria; or an unknown code"),
        (status = 403, body = ErrorBody, description = "cv_database_access_required: no active CV-database service; access_denied: the session acts for no company, or the user is no longer on its staff")))]
async fn search_cv(
    State(state): State<AppState>,
    ActingCompany { company_id, .. }: ActingCompany,
    Query(paging): Query<Paging>,
    Json(body): Json<CvSearchRequest>,
) -> ApiResult<Json<CvSearchPage>> {
    if !companies::has_cv_database_access(&state.pool, company_id).await? {
        return Err(Error::code(ErrorCode::CvDatabaseAccessRequired).into());
    }
    let (page, size) = paging.resolve(DEFAULT_PAGE_SIZE)?;
    check_list("cityCode", &body.city_code)?;
    check_list("categoryCode", &body.category_code)?;
    check_list("languageCode", &body.language_code)?;
    check_list("educationLevel", &body.education_level)?;
    check_list("workExperience", &body.work_experience)?;
    check_list("driverLicence", &body.driver_licence)?;
    check_list("typeOfEmployment", &body.type_of_employment)?;
    let text = text_param("search", body.search, MAX_TEXT)?;
    check_codes(&state, "cityCode", FilterCodes::Places, &body.city_code).await?;
    check_codes(&state, "categoryCode", FilterCodes::Categories, &body.category_code).await?;
    check_codes(&state, "languageCode", FilterCodes::List(CodeList::Languages), &body.language_code).await?;
    check_codes(&state, "educationLevel", FilterCodes::List(CodeList::EducationLevels), &body.education_level).await?;
    check_codes(&state, "workExperience", FilterCodes::List(CodeList::WorkExperiences), &body.work_experience).await?;
    check_codes(&state, "driverLicence", FilterCodes::List(CodeList::DriverLicences), &body.driver_licence).await?;
    check_codes(&state, "typeOfEmployment", FilterCodes::List(CodeList::EmploymentTypes), &body.type_of_employment).await?;
    let query = CvQuery {
        text,
        category_codes: body.category_code,
        place_codes: body.city_code,
        language_codes: body.language_code,
        education_levels: body.education_level,
        work_experiences: body.work_experience,
        driver_licences: body.driver_licence,
        employment_types: body.type_of_employment,
        page,
        size,
    };
    if !query.has_criteria() {
        return Err(Error::code(ErrorCode::SearchCriteriaRequired).into());
    }
    let results = state.search.search_cvs(query).await.map_err(anyhow::Error::from)?;
    let facets = results.facets;
    Ok(Json(CvSearchPage {
        content: results
            .hits
            .into_iter()
            .map(|hit| CvListItem {
                cv_id: hit.card.cv_id,
                title: hit.card.title,
                firstname: hit.card.firstname,
                lastname: hit.card.lastname,
                category_codes: hit.card.category_codes,
                city_codes: hit.card.place_codes,
                language_codes: hit.card.language_codes,
                education_levels: hit.card.education_levels,
                work_experience: hit.card.work_experience,
                driver_licences: hit.card.driver_licences,
                type_of_employment: hit.card.employment_types,
                updated_at: hit.card.updated_at,
                snippet: hit.snippet,
            })
            .collect(),
        total_pages: results.total_pages,
        total_elements: results.total,
        page,
        size,
        facets: CvFacetCounts {
            category_code: facets.category_codes,
            city_code: facets.place_codes,
            language_code: facets.language_codes,
            education_level: facets.education_levels,
            work_experience: facets.work_experiences,
            driver_licence: facets.driver_licences,
            type_of_employment: facets.employment_types,
        },
        took_ms: results.took_ms,
    }))
}
