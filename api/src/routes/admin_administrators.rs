//! The administrators, for supervisors only (spec 2 section 6): list, add, remove. Mounted under
//! `/api/admin`; an ADMIN gets 403. The rules are in `domain::admin::administrators`.

use axum::extract::State;
use axum::http::StatusCode;
use domain::accounts::Role;
use domain::admin::administrators::{self, Actor, Administrator};
use domain::companies::staff::StaffInput;
use domain::platform::error::Error;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json, Query};
use crate::session::SignedIn;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(administrators, add_administrator, remove_administrator))
}

/// The acting supervisor; 403 for an ADMIN.
fn supervisor(signed_in: &SignedIn) -> ApiResult<Actor<'_>> {
    if !signed_in.session.has_role(Role::Supervisor) {
        return Err(Error::forbidden().into());
    }
    Ok(Actor { user_id: signed_in.session.user_id, ip: signed_in.context.ip.as_deref() })
}

/// Handles `GET /api/admin/administrators` (SUPERVISOR only): every administrator, supervisors first.
#[utoipa::path(get, path = "/administrators", tag = "admin",
    responses((status = 200, body = Vec<Administrator>), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not a supervisor")))]
async fn administrators(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<Administrator>>> {
    supervisor(&signed_in)?;
    Ok(Json(administrators::list(&state.pool).await?))
}

/// Handles `POST /api/admin/administrators` (SUPERVISOR only) with `{email, firstname, lastname,
/// phoneNumber}`: a new administrator's account (ADMIN), who signs in with a code. Audited.
#[utoipa::path(post, path = "/administrators", tag = "admin", request_body = StaffInput,
    responses((status = 201, body = Administrator),
        (status = 400, body = ErrorBody, description = "validation naming `email` (required, valid; \"This user is already registered in the system\"), \
            `firstname`, `lastname` or `phoneNumber` (required, with the country code)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not a supervisor")))]
async fn add_administrator(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Json(body): Json<StaffInput>,
) -> ApiResult<(StatusCode, Json<Administrator>)> {
    let actor = supervisor(&signed_in)?;
    let added = administrators::add(&state.pool, actor, signed_in.context.locale, &body).await?;
    Ok((StatusCode::CREATED, Json(added)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UsernameParam {
    /// The e-mail of the administrator to remove.
    pub username: Option<String>,
}

/// Handles `DELETE /api/admin/administrators?username=` (SUPERVISOR only): the administrator loses
/// the ADMIN and SUPERVISOR roles and is signed out everywhere. Audited.
#[utoipa::path(delete, path = "/administrators", tag = "admin", params(UsernameParam),
    responses((status = 204, description = "removed"),
        (status = 400, body = ErrorBody, description = "validation naming `username`: not an e-mail, oneself, or the last supervisor"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not a supervisor"),
        (status = 404, body = ErrorBody, description = "no administrator of that e-mail")))]
async fn remove_administrator(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<UsernameParam>) -> ApiResult<StatusCode> {
    let actor = supervisor(&signed_in)?;
    administrators::remove(&state.pool, actor, params.username.as_deref().unwrap_or_default()).await?;
    Ok(StatusCode::NO_CONTENT)
}
