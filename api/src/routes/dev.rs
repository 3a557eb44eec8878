//! Dev-mode only: the mail outbox. Not mounted in prod mode, where the path answers 404.

use axum::extract::State;
use domain::platform::mail::{self, OutboxMail};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(outbox))
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
