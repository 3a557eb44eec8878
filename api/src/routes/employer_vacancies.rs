//! The employer's vacancies: the acting company's list with every tab's count, the owner's
//! status call on the one transition table (`domain::vacancies::states`) that also publishes, and
//! what publishing can buy (products, quote). Another company's vacancy, or a deleted one, is "not
//! found".

use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::billing::catalog::ProductOffer;
use domain::billing::orders::InvoiceSummary;
use domain::billing::pricing::Quote;
use domain::platform::filters::{DEFAULT_PAGE_SIZE, Paging};
use domain::platform::sorting::Sorting;
use domain::vacancies::employer_list::{self, Row, StatusChange, TabCounts, TabFilter};
use domain::vacancies::states::Displayed;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{CompanyCaller, Ctx};
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(my_vacancies)).routes(routes!(set_status)).routes(routes!(products)).routes(routes!(quote))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// The tab: all (the default), active, drafts, waitingForPayment, hidden, archive, finished,
    /// cvDatabase (the names of `counts`).
    pub status: Option<String>,
    /// DEFAULT or CV_BASE; both when absent.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub kind: Option<String>,
    /// `modified` (the latest change, the default), `created`, `published`, `validUntil`,
    /// `applications` or `occupation`.
    pub sort: Option<String>,
    /// `asc` or `desc`; dates and counts largest first, the occupation A to Z, when absent.
    pub order: Option<String>,
    /// Zero-based.
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub size: Option<u32>,
}

/// One vacancy of the employer's list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployerVacancy {
    pub id: Uuid,
    /// The occupation in the request's language, or the free label of the CV-database vacancy;
    /// null for a draft without an occupation.
    pub occupation_label: Option<String>,
    /// DEFAULT or CV_BASE.
    #[serde(rename = "type")]
    pub kind: String,
    /// The stored status: TEMPORARY, EXISTS, HIDDEN or ARCHIVED.
    pub status: String,
    /// The state the employer sees, derived from the stored facts and the clock.
    pub displayed_state: Displayed,
    pub publish_at: Option<DateTime<Utc>>,
    pub valid_until: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Applications received.
    pub applications_count: i64,
    /// The invoice of the vacancy's latest order (its last publishing); null when it has none.
    pub invoice: Option<InvoiceSummary>,
    /// What publishing warns about, never refusing (issue 35 §4): `NO_PAY_RANGE` when the vacancy
    /// states no pay (salary "by agreement" only; the pay transparency directive asks for a
    /// range). Only the answer of publishing (`PUT …/status` with EXISTS) carries it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<domain::signals::SignalKind>,
    /// Where it stands with moderation: PENDING ("waiting for review", not live), REJECTED (back
    /// among the drafts) or TAKEN_DOWN with the administrator's reason; NONE, UNREVIEWED or
    /// APPROVED hold nothing back.
    pub review: domain::moderation::Review,
    /// The staff member the vacancy is delegated to (its moderator), when it is.
    #[schema(required = true)]
    pub moderator: Option<domain::delegation::VacancyModerator>,
}

impl From<Row> for EmployerVacancy {
    fn from(row: Row) -> Self {
        EmployerVacancy {
            id: row.id,
            occupation_label: row.occupation_label,
            kind: employer_list::kind_str(row.facts.kind).to_string(),
            status: row.facts.status.as_str().to_string(),
            displayed_state: row.displayed,
            publish_at: row.facts.publish_at,
            valid_until: row.facts.valid_until,
            created_at: row.created_at,
            updated_at: row.updated_at,
            applications_count: row.applications,
            invoice: row.invoice,
            warnings: Vec::new(),
            review: row.review,
            moderator: row.moderator,
        }
    }
}

/// How many of the company's vacancies each tab holds, whatever the filter.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyTabCounts {
    pub all: u64,
    pub active: u64,
    pub drafts: u64,
    pub waiting_for_payment: u64,
    pub hidden: u64,
    pub archive: u64,
    pub finished: u64,
    pub cv_database: u64,
}

impl From<TabCounts> for VacancyTabCounts {
    fn from(c: TabCounts) -> Self {
        VacancyTabCounts {
            all: c.all,
            active: c.active,
            drafts: c.drafts,
            waiting_for_payment: c.waiting_for_payment,
            hidden: c.hidden,
            archive: c.archive,
            finished: c.finished,
            cv_database: c.cv_database,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployerVacancyPage {
    pub content: Vec<EmployerVacancy>,
    pub total_pages: u32,
    pub total_elements: u64,
    pub page: u32,
    pub size: u32,
    pub counts: VacancyTabCounts,
    /// Whether the caller may change or remove the vacancies' moderators: the supervisor and
    /// staff with the administrator tag.
    pub may_delegate: bool,
}

/// Handles `GET /api/employer/vacancies?status=&type=&sort=&order=&page=&size=`: a page of the
/// acting company's vacancies in a tab, newest change first unless sorted otherwise, with the
/// counts of every tab.
#[utoipa::path(get, path = "/vacancies", tag = "employer", params(ListParams),
    responses((status = 200, body = EmployerVacancyPage),
        (status = 400, body = ErrorBody, description = "validation naming `status` (an unknown tab), `type`, `sort`, `order`, `page` or `size`"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not an employer, or no longer on the acting company's staff")))]
async fn my_vacancies(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, user_id, .. }: CompanyCaller,
    Query(params): Query<ListParams>,
) -> ApiResult<Json<EmployerVacancyPage>> {
    let tab = TabFilter::parse(params.status.as_deref())?;
    let kind = employer_list::parse_kind(params.kind.as_deref())?;
    let sorting = Sorting::parse(employer_list::SORT_FIELDS, params.sort.as_deref(), params.order.as_deref())?;
    let (page, size) = Paging { page: params.page, size: params.size }.resolve(DEFAULT_PAGE_SIZE)?;
    let list = employer_list::list_sorted(&state.pool, company_id, context.locale, tab, kind, sorting, (page, size), Utc::now()).await?;
    Ok(Json(EmployerVacancyPage {
        content: list.rows.into_iter().map(EmployerVacancy::from).collect(),
        total_pages: list.total.div_ceil(size as u64) as u32,
        total_elements: list.total,
        page,
        size,
        counts: list.counts.into(),
        may_delegate: domain::delegation::may_delegate(&state.pool, company_id, user_id).await?,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusRequest {
    /// EXISTS (publishes a draft or a finished vacancy, shows a hidden one), HIDDEN, ARCHIVED or
    /// DELETED.
    pub status: String,
    /// What publishing buys: exactly one of VACANCY, BASIC, PREMIUM and APEX, at most one PRO_n,
    /// BRANDING and CV_BASE_7_DAYS_WITH_VACANCY optional. Required to publish, ignored otherwise.
    pub product_codes: Option<Vec<String>>,
}

/// Handles `PUT /api/employer/vacancies/{id}/status`: publishes, hides, shows, archives or deletes
/// one of the acting company's vacancies as the transition table allows, and answers it with its
/// new displayed state and its latest order's invoice (a deleted one is answered once, then shows
/// nowhere). Publishing checks the publish rules and makes the order and its invoice on the same
/// transaction: a company with a contract goes live at once (or waits for its publish time), any
/// other waits for payment.
#[utoipa::path(put, path = "/vacancies/{id}/status", tag = "employer", params(("id" = Uuid, Path)), request_body = StatusRequest,
    responses((status = 200, body = EmployerVacancy),
        (status = 400, body = ErrorBody, description = "validation naming `status` (an unknown status, a move the table refuses, \
            e.g. archiving a draft), `productCodes` (publishing without a vacancy product, two of them, two PRO levels, an unknown, \
            inactive or repeated code) or a field of the vacancy that publishing needs (`occupationCode`, `categoryCodes`, …)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted")))]
async fn set_status(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, user_id, .. }: CompanyCaller,
    Path(id): Path<Uuid>,
    Json(body): Json<StatusRequest>,
) -> ApiResult<Json<EmployerVacancy>> {
    let now = Utc::now();
    let before = employer_list::one(&state.pool, company_id, id, context.locale, now).await?;
    let change = StatusChange { status: &body.status, product_codes: body.product_codes.as_deref() };
    let displayed = employer_list::change_status(&state.pool, company_id, user_id, id, change, now).await?;
    if displayed == Displayed::Deleted {
        let mut row = before;
        row.facts.status = domain::vacancies::states::Status::Deleted;
        row.displayed = displayed;
        return Ok(Json(row.into()));
    }
    let mut answer: EmployerVacancy = employer_list::one(&state.pool, company_id, id, context.locale, now).await?.into();
    if body.status == "EXISTS" && answer.kind == "DEFAULT" {
        answer.warnings = domain::signals::publish_warnings(&state.pool, id).await?;
    }
    Ok(Json(answer))
}

#[derive(Serialize, ToSchema)]
pub struct VacancyProducts {
    pub products: Vec<ProductOffer>,
}

/// Handles `GET /api/employer/vacancies/{id}/products`: what publishing the vacancy can buy, in
/// price-list order, at the acting company's prices (its own price, else the list price, less its
/// discount), labelled in the request's language.
#[utoipa::path(get, path = "/vacancies/{id}/products", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 200, body = VacancyProducts), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted")))]
async fn products(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, .. }: CompanyCaller,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<VacancyProducts>> {
    Ok(Json(VacancyProducts { products: employer_list::product_offers(&state.pool, company_id, id, context.locale).await? }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRequest {
    /// The products to buy, by the rules of the status call's `productCodes`.
    pub product_codes: Vec<String>,
}

/// Handles `POST /api/employer/vacancies/{id}/quote`: the order publishing the vacancy with these
/// products would make, line by line (net and VAT rounded per line, half up) with its sums: the
/// computation its invoice uses. Nothing is stored.
#[utoipa::path(post, path = "/vacancies/{id}/quote", tag = "employer", params(("id" = Uuid, Path)), request_body = QuoteRequest,
    responses((status = 200, body = Quote),
        (status = 400, body = ErrorBody, description = "validation naming `productCodes`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted")))]
async fn quote(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, .. }: CompanyCaller,
    Path(id): Path<Uuid>,
    Json(body): Json<QuoteRequest>,
) -> ApiResult<Json<Quote>> {
    Ok(Json(employer_list::quote(&state.pool, company_id, id, &body.product_codes, context.locale).await?))
}
