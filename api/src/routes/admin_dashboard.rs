//! The back office's dashboard (issue 19): `GET /api/admin/dashboard`, mounted under `/api/admin`
//! (ADMIN or SUPERVISOR); the figures are `domain::admin::dashboard`'s.

use axum::extract::State;
use chrono::Utc;
use domain::admin::dashboard::{self, Dashboard};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_dashboard))
}

/// Handles `GET /api/admin/dashboard`: vacancies live, published today, applications today, this
/// month's invoiced revenue (paid and unpaid, VAT included), the CV database's size, and the
/// vacancies published on each of the last 30 days (Tallinn days).
#[utoipa::path(get, path = "/dashboard", tag = "admin",
    responses((status = 200, body = Dashboard), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an administrator")))]
async fn admin_dashboard(State(state): State<AppState>) -> ApiResult<Json<Dashboard>> {
    Ok(Json(dashboard::dashboard(&state.pool, Utc::now()).await?))
}
