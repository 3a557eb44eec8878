//! Paying invoices: the payment methods, confirming an invoice with a method, the payer's view of
//! an online attempt, the payment provider's notifications, and cancelling an unpaid invoice. The
//! rules are in `domain::billing::online`.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use domain::billing::online::{
    self, MethodCode, PaymentChoice, PaymentMethodInfo, PaymentStart, PaymentStatus, StartContext,
};
use domain::billing::orders::InvoiceSummary;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{Ctx, SignedIn, invoice_owner};
use crate::state::AppState;

/// Mounted under `/api/payment` (open).
pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(payment_methods))
        .routes(routes!(payment_notify))
}

/// Mounted under `/api/user`.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(confirm_invoice))
        .routes(routes!(cancel_invoice))
}

/// Mounted under `/api/employer`.
pub fn employer_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(payment_status))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MethodsParams {
    /// The payment's currency (ISO 4217: EUR, the invoices' currency and the default, or PLN):
    /// only the methods that take it are listed (BLIK takes PLN only).
    pub currency: Option<String>,
}

/// Handles `GET /api/payment/payment-methods?currency`: the ways to pay an invoice in `currency`
/// (EUR by default) in the locale of Accept-Language (et fallback) — by invoice, by bank transfer
/// and, when a payment provider is configured, by bank link, card and, for PLN only, BLIK — with
/// what each needs.
#[utoipa::path(get, path = "/payment-methods", tag = "payment", params(MethodsParams),
    responses((status = 200, body = Vec<PaymentMethodInfo>),
        (status = 400, body = ErrorBody, description = "`currency`: not EUR or PLN")))]
async fn payment_methods(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    Query(params): Query<MethodsParams>,
) -> ApiResult<Json<Vec<PaymentMethodInfo>>> {
    let currency = params.currency.as_deref().map(online::currency).transpose()?.unwrap_or(online::DEFAULT_CURRENCY);
    Ok(Json(online::methods(
        context.locale,
        state.payments.is_some(),
        currency,
    )))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmRequest {
    pub method: MethodCode,
    /// The currency the payer expects to pay in (ISO 4217); when given it must be the invoice's.
    pub currency: Option<String>,
}

/// Handles `POST /api/user/invoices/{id}`: confirms an unpaid invoice (of the company the caller
/// acts for, or the caller's own) with a payment method. INVOICE and BANK_TRANSFER answer the bank
/// details and reference number (`BANK_DETAILS`); BANK_LINK, CARD and BLIK record a PENDING
/// attempt, create the provider's signed order and answer its page (`REDIRECT`); the payer comes
/// back to `/{lang}/employer/account/payment/{paymentId}` (`/{lang}/account/payment/{paymentId}`
/// for an invoice without a company).
#[utoipa::path(post, path = "/invoices/{id}", tag = "user", params(("id" = Uuid, Path)), request_body = ConfirmRequest,
    responses((status = 200, body = PaymentStart),
        (status = 400, body = ErrorBody, description = "`status`: the invoice is not UNPAID; `currency`: not the invoice's; \
            `method`: it does not take the invoice's currency (BLIK takes PLN only, the invoices are in EUR) or online payments are off"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such invoice, or another's"),
        (status = 503, body = ErrorBody, description = "the payment provider could not start the payment")))]
async fn confirm_invoice(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Json(body): Json<ConfirmRequest>,
) -> ApiResult<Json<PaymentStart>> {
    let payer = invoice_owner(&state, &signed_in).await?;
    let context = StartContext {
        provider: state.payment_provider(),
        seller: &state.seller,
        public_url: &state.config.public_url,
        locale: signed_in.context.locale,
    };
    Ok(Json(
        online::start(&state.pool, context, payer, id, PaymentChoice { method: body.method, currency: body.currency.as_deref() }).await?,
    ))
}

/// Handles `POST /api/user/invoices/{id}/cancel`: cancels an unpaid invoice (of the company the
/// caller acts for, or the caller's own): its unpaid services are cancelled and a vacancy waiting
/// for payment on it goes back to a draft. Refused once anything it bought has started (a contract
/// company's publication or extras): only an administrator cancels it then.
#[utoipa::path(post, path = "/invoices/{id}/cancel", tag = "user", params(("id" = Uuid, Path)),
    responses((status = 200, body = InvoiceSummary),
        (status = 400, body = ErrorBody, description = "`status`: the invoice is not UNPAID, or a service it bought has started (the vacancy published, an extra granted)"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such invoice, or another's")))]
async fn cancel_invoice(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<InvoiceSummary>> {
    let payer = invoice_owner(&state, &signed_in).await?;
    Ok(Json(
        online::cancel(&state.pool, payer, id, Utc::now()).await?,
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct StatusParams {
    /// The provider's order token from the return redirect (`?order-token=`): verified and
    /// applied like a notification.
    pub order_token: Option<String>,
}

/// Handles `GET /api/employer/payment/{id}?orderToken=`: an online payment attempt of the caller's
/// company (or of the caller's own invoice) with a message in the reader's locale; with the
/// provider's order token from the return redirect it is verified and applied first, as a
/// notification would be (idempotent).
#[utoipa::path(get, path = "/payment/{id}", tag = "employer", params(("id" = Uuid, Path), StatusParams),
    responses((status = 200, body = PaymentStatus),
        (status = 400, body = ErrorBody, description = "`orderToken`: not signed by the provider, another payment's, or another amount"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such payment, or another's")))]
async fn payment_status(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Query(params): Query<StatusParams>,
) -> ApiResult<Json<PaymentStatus>> {
    let payer = invoice_owner(&state, &signed_in).await?;
    let locale = signed_in.context.locale;
    let status = online::status(
        &state.pool,
        state.payment_provider(),
        payer,
        id,
        params.order_token.as_deref(),
        locale,
        Utc::now(),
    )
    .await?;
    Ok(Json(status))
}

/// The provider's notification.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    /// The order token: a JWT signed HS256 with the store's secret key.
    pub order_token: String,
}

/// Handles `POST /api/payment/notify`: the payment provider's notification (Montonio Stargate's
/// `{"orderToken": …}` webhook). It needs no session or anti-forgery token: the token's signature
/// is its authority. A paid order marks its invoice paid; a failed or abandoned one leaves the
/// invoice unpaid; a repeated notification changes nothing.
#[utoipa::path(post, path = "/notify", tag = "payment", request_body = Notification,
    responses((status = 200, description = "applied, or nothing to change"),
        (status = 400, body = ErrorBody, description = "`orderToken`: not signed by the provider, an unknown order, or not the invoice's amount; nothing changed")))]
async fn payment_notify(
    State(state): State<AppState>,
    Json(body): Json<Notification>,
) -> ApiResult<StatusCode> {
    let provider = state
        .payment_provider()
        .ok_or_else(|| domain::Error::field("orderToken", "Online payments are not available"))?;
    let applied = online::apply_order_token(&state.pool, provider, &body.order_token, None, Utc::now()).await;
    let outcome = match &applied {
        Ok(_) => "applied",
        Err(domain::Error::Client { .. }) => "rejected",
        Err(_) => "failed",
    };
    metrics::counter!(domain::platform::metrics::PAYMENT_NOTIFICATIONS, "outcome" => outcome).increment(1);
    applied?;
    Ok(StatusCode::OK)
}
