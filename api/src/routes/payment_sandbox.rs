//! Dev mode only: a sandbox payment provider served by the app itself, so a local run can pay
//! online end to end with no account anywhere. It speaks Montonio's Stargate messages
//! (`domain::billing::provider::montonio`): `POST …/orders` takes the signed order and answers its
//! `paymentUrl`, a page showing the order with "paid", "failed" and "cancelled" (plain HTML forms:
//! the Content-Security-Policy allows no inline script). Choosing one signs the order token a
//! notification would carry, applies it through the notification's own code path
//! (`billing::online::apply_order_token`) and sends the browser to the order's `returnUrl` with
//! `?order-token=`. Not mounted in prod mode.

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use chrono::Utc;
use domain::Error;
use domain::billing::online;
use domain::billing::provider::montonio::{
    OrderClaims, OrderTokenClaims, SANDBOX_PATH, sign, verify,
};
use domain::billing::provider::{ProviderError, amount_cents};
use domain::platform::config::PaymentProviderConfig;
use domain::platform::locale::Locale;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Form, Json, Path, Query};
use crate::state::AppState;
use crate::web::escape;

/// Mounted under `/api/dev` in dev mode.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sandbox_create_order))
        .routes(routes!(sandbox_order_page, sandbox_choose))
}

/// How long the notification token the sandbox signs is valid.
const NOTICE_LIFETIME_SECS: i64 = 600;

/// The store keys the sandbox checks orders against (dev mode always has them).
fn keys(state: &AppState) -> ApiResult<&PaymentProviderConfig> {
    Ok(state
        .config
        .payment_provider
        .as_ref()
        .ok_or_else(|| anyhow::anyhow!("dev mode without payment provider keys"))?)
}

/// Reads a signed order as the provider would; a bad one is a 400 naming `data`.
fn read_order(state: &AppState, token: &str) -> ApiResult<OrderClaims> {
    let keys = keys(state)?;
    let refuse = |reason: String| {
        Error::field(
            "data",
            format!("The order is not signed with this store's keys: {reason}"),
        )
    };
    let claims: OrderClaims =
        verify(token, &keys.secret_key).map_err(|e: ProviderError| refuse(e.to_string()))?;
    if claims.access_key != keys.access_key {
        return Err(refuse("another store's access key".into()).into());
    }
    if amount_cents(&claims.grand_total).is_none_or(|cents| cents <= 0) {
        return Err(Error::field("data", "The order's grandTotal is not a positive amount").into());
    }
    Ok(claims)
}

/// The order of `POST /orders`: the signed order token.
#[derive(Deserialize, ToSchema)]
pub struct CreateOrder {
    /// The order's claims as a JWT signed HS256 with the store's secret key.
    pub data: String,
}

/// The created order.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxOrder {
    pub uuid: Uuid,
    pub payment_status: String,
    pub merchant_reference: String,
    pub payment_url: String,
}

/// Handles `POST /api/dev/payment-sandbox/orders` (dev mode only): Stargate's `POST /orders` —
/// checks the order's signature and store key and answers its `uuid` and `paymentUrl`.
#[utoipa::path(post, path = "/payment-sandbox/orders", tag = "dev", request_body = CreateOrder,
    responses((status = 200, body = SandboxOrder), (status = 400, body = ErrorBody, description = "`data`: not a signed order of this store")))]
async fn sandbox_create_order(
    State(state): State<AppState>,
    Json(body): Json<CreateOrder>,
) -> ApiResult<Json<SandboxOrder>> {
    let claims = read_order(&state, &body.data)?;
    let uuid = Uuid::new_v4();
    let payment_url = format!(
        "{}{SANDBOX_PATH}/orders/{uuid}?token={}",
        state.config.public_url, body.data
    );
    Ok(Json(SandboxOrder {
        uuid,
        payment_status: "PENDING".into(),
        merchant_reference: claims.merchant_reference,
        payment_url,
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// The signed order.
    pub token: String,
}

struct Texts {
    title: &'static str,
    intro: &'static str,
    invoice: &'static str,
    amount: &'static str,
    method: &'static str,
    paid: &'static str,
    failed: &'static str,
    cancelled: &'static str,
}

fn texts(locale: Locale) -> Texts {
    match locale {
        Locale::Et => Texts {
            title: "Testmakse",
            intro: "See on arenduskeskkonna makseleht: raha ei liigu. Vali, kuidas makse lõpeb.",
            invoice: "Arve",
            amount: "Summa",
            method: "Makseviis",
            paid: "Makstud",
            failed: "Ebaõnnestus",
            cancelled: "Katkestatud",
        },
        Locale::En => Texts {
            title: "Test payment",
            intro: "This is the development payment page: no money moves. Choose how the payment ends.",
            invoice: "Invoice",
            amount: "Amount",
            method: "Method",
            paid: "Paid",
            failed: "Failed",
            cancelled: "Cancelled",
        },
        Locale::Ru => Texts {
            title: "Тестовый платёж",
            intro: "Это платёжная страница среды разработки: деньги не списываются. Выберите, чем закончится платёж.",
            invoice: "Счёт",
            amount: "Сумма",
            method: "Способ оплаты",
            paid: "Оплачено",
            failed: "Не удалось",
            cancelled: "Отменено",
        },
    }
}

/// Handles `GET /api/dev/payment-sandbox/orders/{uuid}?token=` (dev mode only): the sandbox's
/// payment page of a signed order, in the order's locale, with "paid", "failed" and "cancelled".
#[utoipa::path(get, path = "/payment-sandbox/orders/{uuid}", tag = "dev", params(("uuid" = Uuid, Path), PageParams),
    responses((status = 200, content_type = "text/html", body = String),
        (status = 400, body = ErrorBody, description = "`data`: not a signed order of this store")))]
async fn sandbox_order_page(
    State(state): State<AppState>,
    Path(uuid): Path<Uuid>,
    Query(params): Query<PageParams>,
) -> ApiResult<Html<String>> {
    let claims = read_order(&state, &params.token)?;
    let locale = Locale::from_code(&claims.locale).unwrap_or_default();
    let t = texts(locale);
    let action = format!("{SANDBOX_PATH}/orders/{uuid}");
    let button = |outcome: &str, label: &str| {
        format!(
            "<form method=\"post\" action=\"{}\"><input type=\"hidden\" name=\"token\" value=\"{}\">\
             <input type=\"hidden\" name=\"outcome\" value=\"{outcome}\"><button type=\"submit\">{}</button></form>",
            escape(&action),
            escape(&params.token),
            escape(label)
        )
    };
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title></head><body><main><h1>{title}</h1><p>{intro}</p><dl>\
         <dt>{invoice}</dt><dd>{number}</dd><dt>{amount}</dt><dd>{total} {currency}</dd><dt>{method}</dt><dd>{payment_method}</dd></dl>\
         {paid}{failed}{cancelled}</main></body></html>",
        lang = locale.code(),
        title = escape(t.title),
        intro = escape(t.intro),
        invoice = escape(t.invoice),
        number = escape(
            claims
                .merchant_reference_display
                .as_deref()
                .unwrap_or(&claims.merchant_reference)
        ),
        amount = escape(t.amount),
        total = escape(&claims.grand_total.to_string()),
        currency = escape(&claims.currency),
        method = escape(t.method),
        payment_method = escape(&claims.payment.method),
        paid = button("paid", t.paid),
        failed = button("failed", t.failed),
        cancelled = button("cancelled", t.cancelled),
    );
    Ok(Html(html))
}

/// The payer's choice on the sandbox page.
#[derive(Deserialize, ToSchema)]
pub struct Choice {
    /// The signed order.
    pub token: String,
    /// paid, failed or cancelled.
    pub outcome: String,
}

/// Handles `POST /api/dev/payment-sandbox/orders/{uuid}` (dev mode only, a form of the sandbox
/// page): signs the order token of the chosen outcome (PAID, VOIDED or ABANDONED) as the provider
/// would, applies it as its notification, and redirects the browser to the order's `returnUrl`
/// with `?order-token=`.
#[utoipa::path(post, path = "/payment-sandbox/orders/{uuid}", tag = "dev", params(("uuid" = Uuid, Path)),
    request_body(content = Choice, content_type = "application/x-www-form-urlencoded"),
    responses((status = 303, description = "to the order's returnUrl with ?order-token="),
        (status = 400, body = ErrorBody, description = "`data`: not a signed order; `outcome`: unknown; `orderToken`: refused")))]
async fn sandbox_choose(
    State(state): State<AppState>,
    Path(uuid): Path<Uuid>,
    Form(choice): Form<Choice>,
) -> ApiResult<Response> {
    let claims = read_order(&state, &choice.token)?;
    let payment_status = match choice.outcome.as_str() {
        "paid" => "PAID",
        "failed" => "VOIDED",
        "cancelled" => "ABANDONED",
        _ => return Err(Error::field("outcome", "Choose paid, failed or cancelled").into()),
    };
    let keys = keys(&state)?;
    let now = Utc::now().timestamp();
    let notice = OrderTokenClaims {
        uuid: uuid.to_string(),
        access_key: keys.access_key.clone(),
        merchant_reference: claims.merchant_reference.clone(),
        merchant_reference_display: claims.merchant_reference_display.clone(),
        payment_status: payment_status.into(),
        payment_method: Some(claims.payment.method.clone()),
        grand_total: claims.grand_total.clone(),
        currency: claims.currency.clone(),
        iat: Some(now),
        exp: now + NOTICE_LIFETIME_SECS,
    };
    let token = sign(&notice, &keys.secret_key)
        .map_err(|e| anyhow::anyhow!("signing the sandbox notification: {e}"))?;
    let provider = state
        .payment_provider()
        .ok_or_else(|| anyhow::anyhow!("dev mode without a payment provider"))?;
    online::apply_order_token(&state.pool, provider, &token, None, Utc::now()).await?;
    let separator = if claims.return_url.contains('?') {
        '&'
    } else {
        '?'
    };
    let location = format!("{}{separator}order-token={token}", claims.return_url);
    let location = HeaderValue::from_str(&location)
        .map_err(|_| Error::field("data", "The order's returnUrl is not a URL"))?;
    Ok((StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response())
}
