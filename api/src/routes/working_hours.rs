//! Working hours per weekday (Tallinn time), of the acting company and of a user. They bind the
//! slots an employer offers for interviews (`domain::interviews::working_hours::effective`).
//!
//! Who may write: the company's hours only its supervisor (they set the company's rules; other
//! staff get 403); a user's hours the user themself, or the supervisor of the acting company for
//! one of its staff. Any other company or user is "not found".

use axum::extract::State;
use domain::interviews::working_hours::{self, WorkingDay};
use domain::Error;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::session::{ActingCompany, acting_company_of};
use crate::session::SignedIn;
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(user_hours))
        .routes(routes!(company_hours))
        .routes(routes!(set_company_hours))
        .routes(routes!(set_user_hours))
}

/// A week of working hours: one entry per working weekday; a weekday left out is a day off, an
/// empty list means "not set".
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkingWeek {
    pub days: Vec<WorkingDay>,
}

/// The signed-in user's own week, with their id (what `POST …/user/{userId}` takes).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserWorkingWeek {
    pub user_id: Uuid,
    pub days: Vec<WorkingDay>,
}

/// The acting company's week, and whether the caller may change it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyWorkingWeek {
    pub days: Vec<WorkingDay>,
    /// Whether the caller may replace the week (the company's supervisor); other staff see it
    /// read-only, and saving answers them 403.
    pub may_edit: bool,
}

async fn is_supervisor(state: &AppState, user: Uuid, company_id: Uuid) -> domain::Result<bool> {
    domain::companies::staff::is_supervisor(&state.pool, company_id, user).await
}

/// Handles `GET /api/employer/working_hours/user`: the signed-in employer's own hours.
#[utoipa::path(get, path = "/working_hours/user", tag = "employer",
    responses((status = 200, body = UserWorkingWeek), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not acting for a company")))]
async fn user_hours(State(state): State<AppState>, acting: ActingCompany) -> ApiResult<Json<UserWorkingWeek>> {
    let user_id = acting.signed_in.session.user_id;
    Ok(Json(UserWorkingWeek { user_id, days: working_hours::of_user(&state.pool, user_id).await? }))
}

/// Handles `GET /api/employer/working_hours/company`: the acting company's hours, and whether the
/// caller may change them.
#[utoipa::path(get, path = "/working_hours/company", tag = "employer",
    responses((status = 200, body = CompanyWorkingWeek), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not acting for a company")))]
async fn company_hours(State(state): State<AppState>, acting: ActingCompany) -> ApiResult<Json<CompanyWorkingWeek>> {
    Ok(Json(CompanyWorkingWeek {
        days: working_hours::of_company(&state.pool, acting.company_id).await?,
        may_edit: is_supervisor(&state, acting.signed_in.session.user_id, acting.company_id).await?,
    }))
}

/// Handles `POST /api/employer/working_hours/company/{countryCode}/{registryCode}`: replaces the
/// week of a company the user works for; only its supervisor may.
#[utoipa::path(post, path = "/working_hours/company/{countryCode}/{registryCode}", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)), request_body = WorkingWeek,
    responses((status = 200, body = WorkingWeek),
        (status = 400, body = ErrorBody, description = "validation, naming the field: `weekday` (not 1–7, or twice), `start`/`end` (not HH:MM), `end` (not after the start)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "staff, but not the company's supervisor"),
        (status = 404, body = ErrorBody, description = "not a company the user works for")))]
async fn set_company_hours(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Json(body): Json<WorkingWeek>,
) -> ApiResult<Json<WorkingWeek>> {
    let user = signed_in.session.user_id;
    let company_id = domain::companies::staff_company(&state.pool, user, &country_code, &registry_code).await?.ok_or_else(Error::not_found)?;
    if !is_supervisor(&state, user, company_id).await? {
        return Err(Error::forbidden().into());
    }
    let mut tx = state.pool.begin().await.map_err(domain::Error::from)?;
    let days = working_hours::set_company(&mut tx, company_id, &body.days).await?;
    tx.commit().await.map_err(domain::Error::from)?;
    Ok(Json(WorkingWeek { days }))
}

/// Handles `POST /api/employer/working_hours/user/{userId}`: replaces a user's week: the user's
/// own, or, for the supervisor of the acting company, one of its staff's.
#[utoipa::path(post, path = "/working_hours/user/{userId}", tag = "employer", params(("userId" = Uuid, Path)), request_body = WorkingWeek,
    responses((status = 200, body = WorkingWeek),
        (status = 400, body = ErrorBody, description = "validation, naming the field, as for the company's hours"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not the user, nor staff of a company the caller supervises")))]
async fn set_user_hours(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(user_id): Path<Uuid>,
    Json(body): Json<WorkingWeek>,
) -> ApiResult<Json<WorkingWeek>> {
    let me = signed_in.session.user_id;
    if user_id != me {
        let company = acting_company_of(&state, &signed_in).await?.ok_or_else(Error::not_found)?;
        let allowed = is_supervisor(&state, me, company).await? && domain::companies::is_staff(&state.pool, user_id, company).await?;
        if !allowed {
            return Err(Error::not_found().into());
        }
    }
    let mut tx = state.pool.begin().await.map_err(domain::Error::from)?;
    let days = working_hours::set_user(&mut tx, user_id, &body.days).await?;
    tx.commit().await.map_err(domain::Error::from)?;
    Ok(Json(WorkingWeek { days }))
}
