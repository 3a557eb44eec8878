//! The administrators' billing calls (issue 19): the price list, a company's prices and discounts,
//! every company's invoices with their PDF, forced payment and deletion. Mounted under
//! `/api/admin` (ADMIN or SUPERVISOR); the rules are in `domain::billing::administration`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{NaiveDate, Utc};
use domain::billing::administration::{
    self as admin, Actor, AdminInvoicePage, AdminInvoiceQuery, AdminProduct, CompanyPriceChange, CompanyProductPrice, ForcedPayment,
    ProductChange, ProductPage,
};
use domain::billing::documents;
use domain::billing::invoices::ListQuery;
use domain::companies;
use domain::platform::error::Error;
use domain::platform::locale::Locale;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::download::{Disposition, file_response};
use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{Ctx, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_products, update_product))
        .routes(routes!(company_product_prices, set_company_product_price, remove_company_product_price))
        .routes(routes!(admin_invoices))
        .routes(routes!(admin_invoice_pdf))
        .routes(routes!(force_invoice_payment))
        .routes(routes!(delete_invoice))
}

fn actor(signed_in: &SignedIn) -> Actor<'_> {
    Actor { user_id: signed_in.session.user_id, ip: signed_in.context.ip.as_deref() }
}

async fn company_id(state: &AppState, country_code: &str, registry_code: &str) -> ApiResult<Uuid> {
    Ok(companies::find(&state.pool, country_code, registry_code).await?.ok_or_else(Error::not_found)?)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductPageParams {
    /// Zero-based.
    pub page: Option<u32>,
    /// 50 by default, at most 200.
    pub size: Option<u32>,
}

/// Handles `GET /api/admin/product?page&size`: every product of the price list, active or not, in
/// list order, with its texts in the three languages; pages of 50.
#[utoipa::path(get, path = "/product", tag = "admin", params(ProductPageParams),
    responses((status = 200, body = ProductPage), (status = 400, body = ErrorBody, description = "validation naming `size`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn admin_products(State(state): State<AppState>, Query(params): Query<ProductPageParams>) -> ApiResult<Json<ProductPage>> {
    Ok(Json(admin::products(&state.pool, params.page, params.size).await?))
}

/// Handles `PUT /api/admin/product`: changes a product's price, VAT rate, active flag and texts.
/// Orders made from now on use it; issued invoices keep what they were issued with. Audited.
#[utoipa::path(put, path = "/product", tag = "admin", request_body = ProductChange,
    responses((status = 200, body = AdminProduct),
        (status = 400, body = ErrorBody, description = "validation naming `labelEt`, `labelEn`, `labelRu` (required, at most 200 characters), \
            a description (at most 2000), `priceCents` (0 to 100 000 000) or `vatRateBp` (0 to 10 000)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such product")))]
async fn update_product(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<ProductChange>) -> ApiResult<Json<AdminProduct>> {
    Ok(Json(admin::update_product(&state.pool, actor(&signed_in), &body, Utc::now()).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CompanyPricesParams {
    /// `true`: every product, those the company has no terms on filled in at the list price
    /// (`custom` false); absent or `false`: only the products with the company's own terms.
    pub fill_empty_products: Option<bool>,
}

/// Handles `GET /api/admin/company/{countryCode}/{registryCode}/product?fillEmptyProducts`: the
/// products with the company's own price and discount (none = the list price) and, with
/// `fillEmptyProducts=true`, every other product at the list price; labelled in the request's
/// language, in price-list order.
#[utoipa::path(get, path = "/company/{countryCode}/{registryCode}/product", tag = "admin",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), CompanyPricesParams),
    responses((status = 200, body = Vec<CompanyProductPrice>),
        (status = 400, body = ErrorBody, description = "`fillEmptyProducts` is not true or false"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such company")))]
async fn company_product_prices(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    Path((country_code, registry_code)): Path<(String, String)>,
    Query(params): Query<CompanyPricesParams>,
) -> ApiResult<Json<Vec<CompanyProductPrice>>> {
    let company = company_id(&state, &country_code, &registry_code).await?;
    let fill = params.fill_empty_products.unwrap_or(false);
    Ok(Json(admin::company_prices(&state.pool, company, context.locale, fill).await?))
}

/// Handles `PUT /api/admin/company/{countryCode}/{registryCode}/product`: the company's own price
/// and discount on one product, seen at once in what it is offered (its products, the publish
/// step). Audited.
#[utoipa::path(put, path = "/company/{countryCode}/{registryCode}/product", tag = "admin",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)), request_body = CompanyPriceChange,
    responses((status = 204, description = "saved"),
        (status = 400, body = ErrorBody, description = "validation naming `productCode` (no such product), `priceCents` or `discount` \
            (a fraction from 0 to 1, at most four decimals)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such company")))]
async fn set_company_product_price(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Json(body): Json<CompanyPriceChange>,
) -> ApiResult<StatusCode> {
    let company = company_id(&state, &country_code, &registry_code).await?;
    admin::set_company_price(&state.pool, actor(&signed_in), company, &body).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ProductCodeParam {
    /// The product whose company terms are removed.
    pub product_code: String,
}

/// Handles `DELETE /api/admin/company/{countryCode}/{registryCode}/product?productCode=`: the
/// company pays the list price for the product again. Audited.
#[utoipa::path(delete, path = "/company/{countryCode}/{registryCode}/product", tag = "admin",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), ProductCodeParam),
    responses((status = 204, description = "removed"), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such company, or no terms on the product")))]
async fn remove_company_product_price(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Query(params): Query<ProductCodeParam>,
) -> ApiResult<StatusCode> {
    let company = company_id(&state, &country_code, &registry_code).await?;
    admin::remove_company_price(&state.pool, actor(&signed_in), company, &params.product_code).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminInvoiceParams {
    /// UNPAID, PAID or CANCELLED; all when absent.
    pub status: Option<String>,
    /// Part of the buyer's name, or the start of its registry code.
    pub company: Option<String>,
    /// Issued on or after this day (ISO date).
    pub from: Option<NaiveDate>,
    /// Issued on or before this day (ISO date).
    pub to: Option<NaiveDate>,
    /// `date` (the default) or `status`.
    pub sort: Option<String>,
    /// `desc` (the default) or `asc`.
    pub order: Option<String>,
    /// Zero-based.
    pub page: Option<u32>,
    /// 2000 by default, at most 2000.
    pub size: Option<u32>,
}

/// Handles `GET /api/admin/invoice?status&company&from&to&sort&order&page&size`: every company's
/// invoices (deleted ones left out), newest first by default, with the count and total of each
/// status for the company and date filters.
#[utoipa::path(get, path = "/invoice", tag = "admin", params(AdminInvoiceParams),
    responses((status = 200, body = AdminInvoicePage),
        (status = 400, body = ErrorBody, description = "validation naming `status`, `sort`, `order`, `size`, `company` (at most 100 characters) or `to` (before `from`)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn admin_invoices(State(state): State<AppState>, Query(params): Query<AdminInvoiceParams>) -> ApiResult<Json<AdminInvoicePage>> {
    let query = AdminInvoiceQuery {
        list: ListQuery {
            status: params.status.as_deref(),
            sort: params.sort.as_deref(),
            order: params.order.as_deref(),
            page: params.page,
            size: params.size,
        },
        company: params.company.as_deref(),
        from: params.from,
        to: params.to,
    };
    Ok(Json(admin::invoices(&state.pool, &query, Utc::now()).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminPdfParams {
    /// The document's language, `et`, `en` or `ru`; the language of `Accept-Language` when absent.
    pub lang: Option<String>,
}

/// Handles `GET /api/admin/invoice/{id}/pdf`: any company's invoice as a PDF, the very document its
/// buyer reads (generated once per language and kept).
#[utoipa::path(get, path = "/invoice/{id}/pdf", tag = "admin", params(("id" = Uuid, Path), AdminPdfParams),
    responses((status = 200, description = "the PDF, as an attachment", content_type = "application/pdf"),
        (status = 400, body = ErrorBody, description = "validation: `lang` is not et, en or ru"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such invoice, or deleted"),
        (status = 500, body = ErrorBody, description = "pdf_generation_failed: Failed to generate PDF")))]
async fn admin_invoice_pdf(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    Path(id): Path<Uuid>,
    Query(params): Query<AdminPdfParams>,
) -> ApiResult<Response> {
    let locale = match params.lang.as_deref() {
        None => context.locale,
        Some(code) => Locale::from_code(code).ok_or_else(|| Error::field("lang", "The language must be et, en or ru"))?,
    };
    let pdf = documents::stored_pdf(&state.pool, &state.files, &state.seller, id, locale).await?;
    Ok(file_response("application/pdf", Disposition::Attachment, &pdf.name, pdf.bytes))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ForcedPaymentParams {
    /// Why the invoice is marked paid (required, at most 500 characters): kept in the audit log.
    pub reason: Option<String>,
}

/// Handles `GET /api/admin/invoice/{id}/forcedPayment?reason=`: marks an UNPAID invoice paid on
/// the administrator's word through `billing::mark_paid` (who and why in the payment and the audit
/// log), which starts what it bought. Calling it again changes nothing. Needs the anti-forgery
/// header, as it changes state.
#[utoipa::path(get, path = "/invoice/{id}/forcedPayment", tag = "admin", params(("id" = Uuid, Path), ForcedPaymentParams),
    responses((status = 200, body = ForcedPayment, description = "`paidNow` false when it was paid already"),
        (status = 400, body = ErrorBody, description = "validation naming `reason` (required, at most 500 characters); a cancelled invoice"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such invoice, or deleted")))]
async fn force_invoice_payment(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Query(params): Query<ForcedPaymentParams>,
) -> ApiResult<Json<ForcedPayment>> {
    let reason = params.reason.unwrap_or_default();
    Ok(Json(admin::force_payment(&state.pool, actor(&signed_in), id, &reason, Utc::now()).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeleteInvoiceParams {
    /// The invoice's number as the administrator typed it to confirm.
    pub number: Option<String>,
}

/// Handles `DELETE /api/admin/invoice/{id}?number=`: deletes an invoice once its number is typed
/// (an unpaid one is cancelled first: its services, what they granted withdrawn — a publication
/// they started ends —, and a vacancy waiting for payment back to the drafts). The row is
/// kept for the accounts, out of every list and document. Audited.
#[utoipa::path(delete, path = "/invoice/{id}", tag = "admin", params(("id" = Uuid, Path), DeleteInvoiceParams),
    responses((status = 204, description = "deleted"),
        (status = 400, body = ErrorBody, description = "validation naming `number`: Wrong invoice number"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such invoice, or deleted")))]
async fn delete_invoice(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Query(params): Query<DeleteInvoiceParams>,
) -> ApiResult<StatusCode> {
    let typed = params.number.unwrap_or_default();
    admin::delete_invoice(&state.pool, actor(&signed_in), id, &typed, Utc::now()).await?;
    Ok(StatusCode::NO_CONTENT)
}
