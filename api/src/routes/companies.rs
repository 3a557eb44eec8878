//! The employer's companies: the ones they work for, and the claims on them they decide.

use axum::extract::State;
use axum::http::StatusCode;
use domain::accounts::CompanyRef;
use domain::companies::{self, CompanyClaim, Decider};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::routes::admin::{ClaimDecisionRequest, decide_and_tell};
use crate::session::SignedIn;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_companies))
        .routes(routes!(supervisor_company_claims))
        .routes(routes!(supervisor_approve_claim))
        .routes(routes!(supervisor_reject_claim))
}

/// Handles `GET /api/employer/my-companies`: the companies the employer works for, for the company picker.
#[utoipa::path(get, path = "/my-companies", tag = "employer",
    responses((status = 200, body = Vec<CompanyRef>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn my_companies(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<CompanyRef>>> {
    Ok(Json(companies::my_companies(&state.pool, signed_in.session.user_id).await?))
}

/// Handles `GET /api/employer/company-claims`: the waiting claims of other users on the companies
/// the signed-in employer supervises, oldest first (at most 200).
#[utoipa::path(get, path = "/company-claims", tag = "employer",
    responses((status = 200, body = Vec<CompanyClaim>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn supervisor_company_claims(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<CompanyClaim>>> {
    Ok(Json(companies::pending_claims(&state.pool, Decider::Supervisor(signed_in.session.user_id)).await?))
}

/// Handles `POST /api/employer/company-claims/{id}/approve`: the company's supervisor adds the
/// claimant to the company's staff; the claimant becomes an EMPLOYER and gets an e-mail. Audited.
#[utoipa::path(post, path = "/company-claims/{id}/approve", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 204, description = "approved"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such waiting claim on a company the user supervises")))]
async fn supervisor_approve_claim(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<StatusCode> {
    let decider = Decider::Supervisor(signed_in.session.user_id);
    decide_and_tell(&state, &signed_in, decider, id, true, None).await
}

/// Handles `POST /api/employer/company-claims/{id}/reject` with `{reason?}`: the company's
/// supervisor declines the claim; the claimant gets an e-mail. Audited.
#[utoipa::path(post, path = "/company-claims/{id}/reject", tag = "employer", params(("id" = Uuid, Path)), request_body = ClaimDecisionRequest,
    responses((status = 204, description = "rejected"), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such waiting claim on a company the user supervises")))]
async fn supervisor_reject_claim(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Json(body): Json<ClaimDecisionRequest>,
) -> ApiResult<StatusCode> {
    let decider = Decider::Supervisor(signed_in.session.user_id);
    decide_and_tell(&state, &signed_in, decider, id, false, body.reason.as_deref()).await
}
