//! Employer calls.

use axum::extract::State;
use domain::accounts::CompanyRef;
use domain::companies;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json};
use crate::session::SignedIn;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(my_companies))
}

/// Handles `GET /api/employer/my-companies`: the companies the employer works for, for the company picker.
#[utoipa::path(get, path = "/my-companies", tag = "employer",
    responses((status = 200, body = Vec<CompanyRef>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn my_companies(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<CompanyRef>>> {
    Ok(Json(companies::my_companies(&state.pool, signed_in.session.user_id).await?))
}
