//! A user's invoices: ordering beyond publishing (CV-database days, extras for a vacancy), the
//! list and one invoice in full. Staff of the acting company read its invoices; any other user
//! reads their own. Anyone else's invoice is "not found".

use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use domain::billing::invoices::{self, Invoice, InvoicePage, ListQuery};
use domain::billing::purchase::{self, OrderRequest};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{ActingCompany, SignedIn, invoice_owner};
use crate::state::AppState;

/// Mounted under `/api/user`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_invoice))
        .routes(routes!(my_invoices))
        .routes(routes!(invoice_detail))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewOrderBody {
    /// CV_BASE_DAY alone (with `days`); or extras for a vacancy (`vacancyId`): at most one of
    /// PRO_1…PRO_5 (above the vacancy's present level), BRANDING, ADDITIONAL_PROMO, at most one of
    /// BASIC, PREMIUM and APEX; CV_BASE_7_DAYS_WITH_VACANCY while the company has an active vacancy.
    pub product_codes: Vec<String>,
    /// With CV_BASE_DAY: 1 to 365 days.
    pub days: Option<i32>,
    /// With extras: the company's vacancy, active or waiting for publication.
    pub vacancy_id: Option<Uuid>,
}

/// Handles `POST /api/user/invoices`: the acting company's staff order CV-database days or extras
/// for a vacancy. One invoice with its lines (net and VAT per line, rounded half up; the total is
/// the sum of the lines) and its UNPAID services is made on one transaction. A company with a
/// contract has the services started at once (the invoice stays to be paid); any other waits
/// for the payment.
#[utoipa::path(post, path = "/invoices", tag = "user", request_body = NewOrderBody,
    responses((status = 201, body = Invoice),
        (status = 400, body = ErrorBody, description = "validation naming `productCodes` (none, unknown, inactive, repeated, \
            VACANCY or REGISTRATION, CV_BASE_DAY with anything else, two PRO levels or packages, a PRO level not above the \
            vacancy's, the discounted week without an active vacancy), `days` (CV_BASE_DAY needs 1 to 365) or `vacancyId` \
            (extras without one; a vacancy neither active nor waiting for publication)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not acting for a company"),
        (status = 404, body = ErrorBody, description = "`vacancyId` is not a vacancy of the acting company")))]
async fn create_invoice(
    State(state): State<AppState>,
    ActingCompany {
        company_id,
        signed_in,
    }: ActingCompany,
    Json(body): Json<NewOrderBody>,
) -> ApiResult<(StatusCode, Json<Invoice>)> {
    let order = OrderRequest {
        company_id,
        user_id: signed_in.session.user_id,
        product_codes: &body.product_codes,
        days: body.days,
        vacancy_id: body.vacancy_id,
        now: Utc::now(),
    };
    Ok((
        StatusCode::CREATED,
        Json(purchase::create_order(&state.pool, order, &state.seller).await?),
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MyInvoicesParams {
    /// UNPAID, PAID or CANCELLED; all when absent.
    pub status: Option<String>,
    /// `date` (the default) or `status`.
    pub sort: Option<String>,
    /// `desc` (the default) or `asc`.
    pub order: Option<String>,
    /// Zero-based.
    pub page: Option<u32>,
    /// 2000 by default, at most 2000.
    pub size: Option<u32>,
}

/// Handles `GET /api/user/invoices/my?status=&sort=date|status&order=asc|desc&page=&size=`: a page
/// of the acting company's invoices (staff), else of the user's own; newest first by default.
#[utoipa::path(get, path = "/invoices/my", tag = "user", params(MyInvoicesParams),
    responses((status = 200, body = InvoicePage),
        (status = 400, body = ErrorBody, description = "validation naming `status`, `sort`, `order` or `size`"),
        (status = 401, body = ErrorBody)))]
async fn my_invoices(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Query(params): Query<MyInvoicesParams>,
) -> ApiResult<Json<InvoicePage>> {
    let query = ListQuery {
        status: params.status.as_deref(),
        sort: params.sort.as_deref(),
        order: params.order.as_deref(),
        page: params.page,
        size: params.size,
    };
    Ok(Json(
        invoices::list(
            &state.pool,
            invoice_owner(&state, &signed_in).await?,
            &query,
            Utc::now(),
        )
        .await?,
    ))
}

/// Handles `GET /api/user/invoices/{id}`: the invoice with its buyer, lines, payments and the bank
/// details a transfer needs (the seller's account; quote the reference number).
#[utoipa::path(get, path = "/invoices/{id}", tag = "user", params(("id" = Uuid, Path)),
    responses((status = 200, body = Invoice), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not an invoice of the acting company (or of the user), or deleted")))]
async fn invoice_detail(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Invoice>> {
    Ok(Json(
        invoices::detail(
            &state.pool,
            invoice_owner(&state, &signed_in).await?,
            id,
            &state.seller,
            Utc::now(),
        )
        .await?,
    ))
}
