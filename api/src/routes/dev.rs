//! Dev-mode only: the mail outbox and the sandbox payment of an invoice. Not mounted in prod mode,
//! where the paths answer 404.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use domain::billing::{self, PaymentMethod, PaymentRecord, orders};
use domain::platform::mail::{self, OutboxMail};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::SignedIn;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(outbox)).routes(routes!(pay_invoice))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OutboxParams {
    /// The recipient's e-mail address.
    pub to: String,
}

/// Handles `GET /api/dev/outbox?to=EMAIL`: mail "sent" to an address, newest first (dev mode only).
#[utoipa::path(get, path = "/outbox", tag = "dev", params(OutboxParams), responses((status = 200, body = Vec<OutboxMail>)))]
async fn outbox(State(state): State<AppState>, Query(params): Query<OutboxParams>) -> ApiResult<Json<Vec<OutboxMail>>> {
    Ok(Json(mail::outbox_for(&state.pool, &params.to).await?))
}

/// Handles `POST /api/dev/invoices/{id}/pay`: the sandbox "pay" button (dev mode only). Pays the
/// whole invoice through `billing::mark_paid` (method INVOICE, provider "sandbox"), which starts
/// what it bought; paying a paid invoice changes nothing. Only the staff of the invoice's company
/// may: for anyone else the invoice is "not found".
#[utoipa::path(post, path = "/invoices/{id}/pay", tag = "dev", params(("id" = Uuid, Path)),
    responses((status = 204, description = "paid now, or already"),
        (status = 400, body = ErrorBody, description = "the invoice is cancelled"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such invoice, or not one of a company the caller is staff of")))]
async fn pay_invoice(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<StatusCode> {
    let mut tx = state.pool.begin().await?;
    let (company_id, total_cents) = orders::company_and_total(&mut tx, id).await?.ok_or_else(domain::Error::not_found)?;
    if !domain::companies::is_staff(&state.pool, signed_in.session.user_id, company_id).await? {
        return Err(domain::Error::not_found().into());
    }
    let payment = PaymentRecord {
        method: PaymentMethod::Invoice,
        provider: "sandbox".to_string(),
        provider_reference: Some(format!("sandbox-{}", Uuid::new_v4())),
        amount_cents: total_cents,
        recorded_by: None,
    };
    billing::mark_paid(&mut tx, id, &payment, Utc::now()).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
