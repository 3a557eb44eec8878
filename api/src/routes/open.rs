//! Public reads: the current user, company lookup, reference lists, address points, UI settings.

use axum::extract::State;
use domain::accounts::{self, Me};
use domain::companies::{self, RegisterEntry};
use domain::companies::geo::{self, GeoPoint};
use domain::platform::reference::{self, City, CodeList};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::Ctx;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(me))
        .routes(routes!(search_register))
        .routes(routes!(settings_ui))
        .routes(routes!(cities))
        .routes(routes!(address_geo))
        .routes(routes!(periods))
        .routes(routes!(employments))
        .routes(routes!(languages))
        .routes(routes!(proficiencies))
        .routes(routes!(education_levels))
        .routes(routes!(driver_licences))
        .routes(routes!(genders))
        .routes(routes!(work_experiences))
        .routes(routes!(skill_levels))
        .routes(routes!(company_sizes))
        .routes(routes!(unsubscribe))
        .merge(super::billing::router())
}

/// Handles `GET /api/open/me`: the signed-in user, or `null` for a visitor. Also the first call that
/// hands out the anti-forgery cookie.
#[utoipa::path(get, path = "/me", tag = "open", responses((status = 200, body = Option<Me>)))]
async fn me(State(state): State<AppState>, Ctx(context): Ctx) -> ApiResult<Json<Option<Me>>> {
    let Some(session) = context.session else { return Ok(Json(None)) };
    let me = accounts::load_me(&state.pool, session.user_id, session.original_user_id, session.company_id).await?;
    Ok(Json(Some(me)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// Part of the business name or the start of the registry code; at least 3 characters.
    pub search: String,
}

/// Handles `GET /api/open/companies/{countryCode}?search`: companies of the Business Register for
/// the company autocomplete of registration (10 at most).
#[utoipa::path(get, path = "/companies/{countryCode}", tag = "open",
    params(("countryCode" = String, Path, example = "EE"), SearchParams),
    responses((status = 200, body = Vec<RegisterEntry>),
        (status = 400, body = ErrorBody, description = "the search is shorter than 3 characters or the country is not EE"),
        (status = 404, body = ErrorBody, description = "company_not_found: Company with this name not found")))]
async fn search_register(
    State(state): State<AppState>,
    Path(country_code): Path<String>,
    Query(params): Query<SearchParams>,
) -> ApiResult<Json<Vec<RegisterEntry>>> {
    Ok(Json(companies::search_register(&state.pool, &country_code, &params.search).await?))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsUi {
    /// The interface languages, fallback first.
    pub locales: Vec<&'static str>,
    pub default_locale: &'static str,
    /// The server's build; the web compares it with its own to ask for a reload.
    pub build_version: &'static str,
    /// Dev mode (`VAKANTS_MODE=dev`): the web offers what only it has, such as paying an invoice
    /// in the sandbox (`POST /api/dev/invoices/{id}/pay`).
    pub dev_mode: bool,
}

/// Handles `GET /api/open/settings-ui`.
#[utoipa::path(get, path = "/settings-ui", tag = "open", responses((status = 200, body = SettingsUi)))]
async fn settings_ui(State(state): State<AppState>) -> Json<SettingsUi> {
    Json(SettingsUi {
        locales: domain::Locale::ALL.iter().map(|l| l.code()).collect(),
        default_locale: domain::Locale::default().code(),
        build_version: crate::BUILD_VERSION,
        dev_mode: state.config.is_dev(),
    })
}

/// Handles `GET /api/open/addresses/{countryCode}/cities`: municipalities and towns, Tallinn first,
/// then names containing "linn" alphabetically, then the rest alphabetically.
#[utoipa::path(get, path = "/addresses/{countryCode}/cities", tag = "reference",
    params(("countryCode" = String, Path, example = "EE")),
    responses((status = 200, body = Vec<City>), (status = 400, body = ErrorBody)))]
async fn cities(State(state): State<AppState>, Ctx(context): Ctx, Path(country_code): Path<String>) -> ApiResult<Json<Vec<City>>> {
    let country = companies::check_country(&country_code)?;
    Ok(Json(reference::cities(&state.read_pool, &country, context.locale).await?))
}

/// Handles `GET /api/open/addresses/{countryCode}/geo/{adrId}`: where the address lies, for the
/// company page's map.
#[utoipa::path(get, path = "/addresses/{countryCode}/geo/{adrId}", tag = "open",
    description = "Where an address lies, for the company page's map: the address's own point \
        (`precision` `ADDRESS`), else the point of the town, municipality or county the Business Register or \
        the company files the address under (`PLACE`: the town itself, a municipality's seat, a county's \
        county town). `adrId` is the address's id in the country's address register (Estonia: the ADS \
        address id, `address.adrId` of the company page). Place points: GeoNames, CC BY 4.0.",
    params(("countryCode" = String, Path, example = "EE"), ("adrId" = String, Path, example = "2281513")),
    responses((status = 200, body = GeoPoint),
        (status = 400, body = ErrorBody, description = "the country is not EE, or adrId is not a positive whole number"),
        (status = 404, body = ErrorBody, description = "no point is known for the address or its place")))]
async fn address_geo(State(state): State<AppState>, Path((country_code, adr_id)): Path<(String, String)>) -> ApiResult<Json<GeoPoint>> {
    let adr_id = geo::parse_adr_id(&adr_id)?;
    Ok(Json(geo::locate_address(&state.pool, &country_code, adr_id).await?))
}

/// One endpoint per code list: the item type names its code field as the spec does.
macro_rules! code_list {
    ($handler:ident, $path:literal, $list:expr, $item:ident, $key:ident) => {
        #[derive(Serialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $item {
            pub $key: String,
            /// In the locale of Accept-Language (et fallback).
            pub label: String,
        }

        #[doc = concat!("Handles `GET /api/open", $path, "`.")]
        #[utoipa::path(get, path = $path, tag = "reference", responses((status = 200, body = Vec<$item>)))]
        async fn $handler(State(state): State<AppState>, Ctx(context): Ctx) -> ApiResult<Json<Vec<$item>>> {
            let items = reference::list(&state.read_pool, $list, context.locale).await?;
            Ok(Json(items.into_iter().map(|i| $item { $key: i.code, label: i.label }).collect()))
        }
    };
}

code_list!(periods, "/periods", CodeList::SalaryPeriods, SalaryPeriod, period_type);
code_list!(employments, "/employments", CodeList::EmploymentTypes, EmploymentType, employment_type);
code_list!(languages, "/languages", CodeList::Languages, Language, language_code);
code_list!(proficiencies, "/proficiencies", CodeList::Proficiencies, Proficiency, language_proficiency);
code_list!(education_levels, "/education-levels", CodeList::EducationLevels, EducationLevel, education_level);
code_list!(driver_licences, "/driver-licences", CodeList::DriverLicences, DriverLicence, driver_licence);
code_list!(genders, "/genders", CodeList::Genders, Gender, gender);
code_list!(work_experiences, "/work-experiences", CodeList::WorkExperiences, WorkExperience, work_experience_type);
code_list!(skill_levels, "/skill-levels", CodeList::SkillLevels, SkillLevel, skill_level);
code_list!(company_sizes, "/company-sizes", CodeList::CompanySizes, CompanySize, company_size);

/// Handles `POST /api/open/notifications/unsubscribe/{username}/{token}`: the link of a mailing
/// takes its recipient off the list (following it again is fine).
#[utoipa::path(post, path = "/notifications/unsubscribe/{username}/{token}", tag = "open",
    params(("username" = String, Path), ("token" = String, Path)),
    responses((status = 204, description = "unsubscribed"), (status = 404, body = ErrorBody, description = "the link is not valid")))]
async fn unsubscribe(State(state): State<AppState>, Path((username, token)): Path<(String, String)>) -> ApiResult<axum::http::StatusCode> {
    domain::accounts::notifications::unsubscribe(&state.pool, &username, &token).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}
