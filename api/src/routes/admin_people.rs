//! The back office's employers and applicants (issue 19): search, paging, and deleting an
//! applicant after their username is typed. "Log in as" is `GET /api/admin/represent/{username}`.
//! Mounted under `/api/admin`.

use axum::extract::State;
use axum::http::StatusCode;
use domain::admin::people::{self, AdminApplicantPage, AdminEmployerPage, PeopleQuery};
use domain::mydata;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::SignedIn;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_employers))
        .routes(routes!(admin_applicants))
        .routes(routes!(delete_applicant))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeopleParams {
    /// Part of the e-mail or of the name; empty lists everyone.
    pub search: Option<String>,
    /// `created` (registered, the default), `modified`, `lastLogin`, `email` or `name`.
    pub sort: Option<String>,
    /// `asc` or `desc`; dates newest first and texts A to Z when absent.
    pub order: Option<String>,
    /// Zero-based.
    pub page: Option<u32>,
    /// 2000 by default (spec 2 section 3), at most 2000.
    pub size: Option<u32>,
}

impl PeopleParams {
    fn query(&self) -> PeopleQuery<'_> {
        PeopleQuery { search: self.search.as_deref(), sort: self.sort.as_deref(), order: self.order.as_deref(), page: self.page, size: self.size }
    }
}

/// Handles `GET /api/admin/employers?search&sort&order&page&size`: the employers, newest first
/// unless sorted otherwise, with their companies and when each was registered and last modified.
#[utoipa::path(get, path = "/employers", tag = "admin", params(PeopleParams),
    responses((status = 200, body = AdminEmployerPage), (status = 400, body = ErrorBody, description = "validation naming `search`, `sort`, `order` or `size`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn admin_employers(State(state): State<AppState>, Query(params): Query<PeopleParams>) -> ApiResult<Json<AdminEmployerPage>> {
    Ok(Json(people::employers(&state.pool, &params.query()).await?))
}

/// Handles `GET /api/admin/applicant?search&sort&order&page&size`: the applicants, newest first
/// unless sorted otherwise, with the number of their CVs and applications.
#[utoipa::path(get, path = "/applicant", tag = "admin", params(PeopleParams),
    responses((status = 200, body = AdminApplicantPage), (status = 400, body = ErrorBody, description = "validation naming `search`, `sort`, `order` or `size`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn admin_applicants(State(state): State<AppState>, Query(params): Query<PeopleParams>) -> ApiResult<Json<AdminApplicantPage>> {
    Ok(Json(people::applicants(&state.pool, &params.query()).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TypedUsername {
    /// The applicant's username (e-mail) as the administrator typed it to confirm.
    pub username: Option<String>,
}

/// Handles `DELETE /api/admin/applicant/{id}?username=`: deletes the applicant's account once the
/// username is typed — what the applicant's own account deletion does (CVs and files erased,
/// applications kept for employers without the CV, sessions ended). Audited.
#[utoipa::path(delete, path = "/applicant/{id}", tag = "admin", params(("id" = Uuid, Path), TypedUsername),
    responses((status = 204, description = "deleted"),
        (status = 400, body = ErrorBody, description = "validation naming `username`: \"Wrong username\", or \"Failed to delete applicant {username}\" \
            for an account that is not an applicant's or is an administrator's"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such account")))]
async fn delete_applicant(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Query(params): Query<TypedUsername>,
) -> ApiResult<StatusCode> {
    let typed = params.username.unwrap_or_default();
    mydata::delete_applicant(&state.pool, &state.files, signed_in.session.user_id, id, &typed, signed_in.context.ip.as_deref()).await?;
    Ok(StatusCode::NO_CONTENT)
}
