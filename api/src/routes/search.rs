//! Vacancy search, categories with live counts, the employer autocomplete and the CV database.
//! Every answer comes from the search index; the codes and labels come from the reference data in
//! memory ([`domain::platform::reference::ReferenceCache`]), and Postgres is asked only for a
//! signed-in applicant's favourites.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::header::{ACCEPT_ENCODING, CONTENT_TYPE};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use domain::accounts::Role;
use domain::cvs::filter::{self as cv_filter, CvSearchRequest};
use domain::platform::error::Error;
use domain::platform::filters::{DEFAULT_PAGE_SIZE, Paging};
use domain::platform::reference;
use domain::vacancies::filter::{self, SearchFilter};
use domain::{Locale, companies};
use search::{CvFacets, EmployerNames, SalaryBucket, VacancyCard};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::search_cache::{self, SearchCache, Source};
use crate::session::{ActingCompany, Ctx};
use crate::state::AppState;

/// A vacancy published this recently carries the "new" badge.
pub const NEW_FOR: Duration = Duration::days(3);
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
    OpenApiRouter::new().routes(routes!(search_cv)).routes(routes!(cv_base_summary)).layer(DefaultBodyLimit::max(SEARCH_BODY_LIMIT))
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
    /// The ad states its pay (an amount or a range): the card says "pay range given" (issue 35
    /// §4). From the index's card; a card indexed before the flag existed is read by its salary.
    pub pay_range_given: bool,
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
    let pay_range_given = card.states_pay();
    VacancyListItem {
        cover: card.cover_url.map(|url| Link { url }).or_else(|| covers.get(&card.vacancy_id).map(|file| Link { url: format!("/api/files/{file}") })),
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
        pay_range_given,
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
    /// Vacancies that state their pay (`salaryStated`).
    pub salary_stated: u64,
    pub shift_work: u64,
    pub remote_work: u64,
    pub for_students: u64,
    pub for_underage: u64,
    pub for_retired: u64,
    pub for_disabled: u64,
    pub for_foreigners: u64,
}

/// Salary statistics of one salary period over the matching vacancies that state a salary in
/// it (periods are never mixed). In euros of the period; a vacancy's salary is salary from and
/// salary to (either alone standing for both), the average, quartiles and histogram are of the
/// midpoints.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalaryStats {
    /// The period with its label; null for salaries stated without a period.
    pub period: Option<SalaryPeriod>,
    /// Matching vacancies with a salary in this period.
    pub count: u64,
    /// The lowest salary from.
    pub min: f64,
    /// The highest salary to.
    pub max: f64,
    pub avg: f64,
    pub p25: f64,
    pub median: f64,
    pub p75: f64,
    /// At most 11 bars of one round width over the 5th to 95th percentile of the midpoints.
    pub histogram: Vec<SalaryBucket>,
}

fn salary_stats(stats: Vec<search::SalaryStats>, periods: &HashMap<String, String>) -> Vec<SalaryStats> {
    stats
        .into_iter()
        .map(|s| SalaryStats {
            period: s.period.map(|code| SalaryPeriod { label: periods.get(&code).cloned().unwrap_or_else(|| code.clone()), period_type: code }),
            count: s.count,
            min: s.min,
            max: s.max,
            avg: s.avg,
            p25: s.p25,
            median: s.median,
            p75: s.p75,
            histogram: s.histogram,
        })
        .collect()
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
    /// Per salary period, the period most matching vacancies state first (salary transparency).
    pub salary_stats: Vec<SalaryStats>,
    /// Milliseconds spent in the search engine.
    pub took_ms: u64,
}

/// The cards of hits from the index, in their order: the salary period's label in `locale`, the
/// cover of a card indexed without it, the favourites marked.
pub(crate) async fn list_items(state: &AppState, cards: Vec<VacancyCard>, favourites: &[Uuid], locale: Locale) -> Result<Vec<VacancyListItem>, Error> {
    let periods = state.reference.period_labels(&state.read_pool, locale).await?;
    let covers = covers_of(state, cards.iter()).await?;
    let now = Utc::now();
    Ok(cards.into_iter().map(|card| list_item(card, &periods, favourites, &covers, now)).collect())
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
    let periods = state.reference.period_labels(&state.read_pool, locale).await?;
    let covers = covers_of(state, cards.values()).await?;
    let now = Utc::now();
    Ok(ids.iter().filter_map(|id| cards.remove(id)).map(|card| list_item(card, &periods, favourites, &covers, now)).collect())
}

/// The cover files of the branded vacancies among `cards` whose card does not carry its cover (a
/// card indexed before the index stored covers), in one query; none for cards indexed since.
async fn covers_of<'a>(state: &AppState, cards: impl Iterator<Item = &'a VacancyCard>) -> Result<HashMap<Uuid, Uuid>, Error> {
    let ids: Vec<Uuid> = cards.filter(|c| c.is_branded && c.cover_url.is_none()).map(|c| c.vacancy_id).collect();
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
/// A search without favourites to mark (a visitor's, an employer's) is answered from
/// [`crate::search_cache`] while the index has not changed.
#[utoipa::path(post, path = "/search", tag = "search", params(Paging), request_body = SearchFilter,
    responses((status = 200, body = SearchPage),
        (status = 400, body = ErrorBody, description = "an unknown code, a negative salary, salary from above salary to, or a page out of range")))]
async fn search_vacancies(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    headers: HeaderMap,
    Query(paging): Query<Paging>,
    Json(filter): Json<SearchFilter>,
) -> ApiResult<Response> {
    let (page, size) = paging.resolve(DEFAULT_PAGE_SIZE)?;
    let query = filter::vacancy_query(&state.read_pool, &state.reference, filter, page, size).await?;
    let applicant = context.session.as_ref().is_some_and(|s| s.has_role(Role::Applicant));
    let accept_encoding = headers.get(ACCEPT_ENCODING).and_then(|v| v.to_str().ok());
    // read before the search: an answer is kept under a version no newer than what it saw
    let version = if applicant { None } else { state.search.vacancy_version() };
    match version {
        Some(version) => {
            let (key, now) = (SearchCache::key(&query, context.locale), query.now);
            let (answer, source) = state
                .search_cache
                .get_or_compute(key, version, now, || async {
                    let (body, until) = search_answer(&state, &context, query, false).await?;
                    Ok::<_, Error>((Arc::new(search_cache::Answer::new(body)), until))
                })
                .await?;
            Ok(kept_json(&answer, accept_encoding, source))
        }
        // compressed on the way out (crate::compression) when it is large enough
        None => Ok(json_bytes(search_answer(&state, &context, query, applicant).await?.0, None)),
    }
}

/// A vacancy search's answer as sent, and the first instant it would change on its own (a
/// vacancy on it expires or a card stops being new; `None` when nothing bounds it, and then it is
/// not kept). `applicant` marks the favourites of the signed-in applicant on the cards.
async fn search_answer(
    state: &AppState,
    context: &crate::session::RequestContext,
    query: search::VacancyQuery,
    applicant: bool,
) -> Result<(Bytes, Option<DateTime<Utc>>), Error> {
    let (page, size, now) = (query.page, query.size, query.now);
    let results = state.search.search_vacancies(query).await.map_err(anyhow::Error::from)?;
    let ids: Vec<Uuid> = results.hits.iter().map(|h| h.card.vacancy_id).collect();
    let favourites = if applicant { favourites_among(state, context, &ids).await? } else { Vec::new() };
    let periods = state.reference.period_labels(&state.read_pool, context.locale).await?;
    let covers = covers_of(state, results.hits.iter().map(|h| &h.card)).await?;
    // the answer changes on its own when a vacancy on it expires or a card stops being new
    let until = results
        .hits
        .iter()
        .filter_map(|h| h.card.publish_at.map(|p| p + NEW_FOR))
        .filter(|stops_new| *stops_new >= now)
        .chain(results.fresh_until)
        .min();
    let facets = results.facets;
    let answer = SearchPage {
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
            salary_stated: facets.salary_stated,
            shift_work: facets.flags.shift_work,
            remote_work: facets.flags.remote_work,
            for_students: facets.flags.for_students,
            for_underage: facets.flags.for_underage,
            for_retired: facets.flags.for_retired,
            for_disabled: facets.flags.for_disabled,
            for_foreigners: facets.flags.for_foreigners,
        },
        salary_stats: salary_stats(results.salary, &periods),
        took_ms: results.took_ms,
    };
    Ok((Bytes::from(serde_json::to_vec(&answer).map_err(anyhow::Error::from)?), until))
}

/// An answer in a coding the client accepts (compressed here: the compression layer leaves an
/// answer with a `Content-Encoding` alone): one computed for this request cheaply for it alone,
/// one asked again in the form kept with it.
fn kept_json(answer: &search_cache::Answer, accept_encoding: Option<&str>, source: Source) -> Response {
    let (body, coding) = answer.for_search(accept_encoding, source != Source::Kept);
    let mut response = json_bytes(body, source.header());
    search_cache::mark_encoded(response.headers_mut(), coding);
    response
}

/// Tells whether a search was answered from [`crate::search_cache`] (`hit`), or computed and kept
/// (`miss`); absent on answers that are never kept.
pub const SEARCH_CACHE_HEADER: &str = "x-search-cache";

/// A JSON answer already serialized.
fn json_bytes(body: Bytes, cache: Option<&'static str>) -> Response {
    let mut response = ([(CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response();
    if let Some(cache) = cache {
        response.headers_mut().insert(SEARCH_CACHE_HEADER, HeaderValue::from_static(cache));
    }
    response
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

/// Handles `GET /api/open/search/employers/{countryCode}?search`: business names of employers
/// with active vacancies, 10 per page.
#[utoipa::path(get, path = "/search/employers/{countryCode}", tag = "search",
    params(("countryCode" = String, Path, example = "EE"), EmployerSearch),
    responses((status = 200, body = EmployerNames), (status = 400, body = ErrorBody)))]
async fn employer_names(
    State(state): State<AppState>,
    Path(country_code): Path<String>,
    Query(params): Query<EmployerSearch>,
) -> ApiResult<Json<EmployerNames>> {
    let query = companies::employer_name_query(&country_code, params.search, params.page)?;
    Ok(Json(state.search.employer_names(query).await.map_err(anyhow::Error::from)?))
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
pub struct CvSearchPage {
    pub content: Vec<CvListItem>,
    pub total_pages: u32,
    pub total_elements: u64,
    pub page: u32,
    pub size: u32,
    pub facets: CvFacets,
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
    let query = cv_filter::cv_query(&state.pool, &state.reference, company_id, &paging, body).await?;
    let (page, size) = (query.page, query.size);
    let results = state.search.search_cvs(query).await.map_err(anyhow::Error::from)?;
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
        facets: results.facets,
        took_ms: results.took_ms,
    }))
}

/// What the CV database holds, for any company (no personal data): shown to a company without
/// access next to the buy-access dialog, and above the search for one with it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvBaseSummary {
    /// Whether the acting company can search the CV database now.
    pub access: bool,
    /// CVs in the database (finished and visible to it).
    pub total: u64,
    /// CVs per category code.
    pub category_code: BTreeMap<String, u64>,
    /// CVs per city or county code.
    pub city_code: BTreeMap<String, u64>,
}

/// Handles `GET /api/employer/cv-base/summary`: counts only, so it answers without access too.
#[utoipa::path(get, path = "/cv-base/summary", tag = "employer",
    responses((status = 200, body = CvBaseSummary),
        (status = 403, body = ErrorBody, description = "access_denied: the session acts for no company, or the user is no longer on its staff")))]
async fn cv_base_summary(State(state): State<AppState>, ActingCompany { company_id, .. }: ActingCompany) -> ApiResult<Json<CvBaseSummary>> {
    let access = companies::has_cv_database_access(&state.pool, company_id).await?;
    let query = search::CvQuery { size: 0, ..search::CvQuery::default() };
    let results = state.search.search_cvs(query).await.map_err(anyhow::Error::from)?;
    Ok(Json(CvBaseSummary {
        access,
        total: results.total,
        category_code: results.facets.category_codes,
        city_code: results.facets.place_codes,
    }))
}
