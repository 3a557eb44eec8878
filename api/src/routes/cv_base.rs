//! The CV database's saved CVs: `/api/employer/favourites-cv`.

use axum::extract::State;
use axum::http::StatusCode;
use domain::cvs::favourites::{self, SavedCv};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::ActingCompany;
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(favourite_cvs, add_favourite_cvs, remove_favourite_cv)).routes(routes!(add_favourite_cv))
}

/// Handles `GET /api/employer/favourites-cv`: the acting company's saved CVs, the last saved
/// first; a CV that left the CV database (hidden, deleted, its owner's account deleted) is not
/// among them.
#[utoipa::path(get, path = "/favourites-cv", tag = "employer",
    responses((status = 200, body = Vec<SavedCv>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn favourite_cvs(State(state): State<AppState>, ActingCompany { company_id, .. }: ActingCompany) -> ApiResult<Json<Vec<SavedCv>>> {
    Ok(Json(favourites::list(&state.pool, company_id).await?))
}

/// CVs to save.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveCvs {
    /// 1 to 100 CVs of the CV database.
    pub cv_ids: Vec<Uuid>,
}

/// Handles `POST /api/employer/favourites-cv`: saves several CVs of the CV database at once.
#[utoipa::path(post, path = "/favourites-cv", tag = "employer", request_body = SaveCvs,
    responses((status = 204), (status = 400, body = ErrorBody, description = "cvIds: none or more than 100"),
        (status = 403, body = ErrorBody, description = "cv_database_access_required"),
        (status = 404, body = ErrorBody, description = "a CV not in the CV database")))]
async fn add_favourite_cvs(
    State(state): State<AppState>,
    ActingCompany { company_id, signed_in }: ActingCompany,
    Json(body): Json<SaveCvs>,
) -> ApiResult<StatusCode> {
    if body.cv_ids.is_empty() || body.cv_ids.len() > 100 {
        return Err(domain::platform::error::Error::field("cvIds", "Choose 1 to 100 CVs").into());
    }
    favourites::save(&state.pool, company_id, signed_in.session.user_id, &body.cv_ids).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `POST /api/employer/favourites-cv/{id}`: saves one CV of the CV database (saving it
/// again changes nothing).
#[utoipa::path(post, path = "/favourites-cv/{id}", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 204), (status = 403, body = ErrorBody, description = "cv_database_access_required"),
        (status = 404, body = ErrorBody, description = "a CV not in the CV database")))]
async fn add_favourite_cv(State(state): State<AppState>, ActingCompany { company_id, signed_in }: ActingCompany, Path(id): Path<Uuid>) -> ApiResult<StatusCode> {
    favourites::save(&state.pool, company_id, signed_in.session.user_id, &[id]).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RemoveCv {
    /// The saved CV to remove.
    pub cv_id: Uuid,
}

/// Handles `DELETE /api/employer/favourites-cv?cvId=`: removes a CV from the company's list; one
/// not on it (or on another company's) is 404.
#[utoipa::path(delete, path = "/favourites-cv", tag = "employer", params(RemoveCv),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn remove_favourite_cv(State(state): State<AppState>, ActingCompany { company_id, .. }: ActingCompany, Query(query): Query<RemoveCv>) -> ApiResult<StatusCode> {
    favourites::remove(&state.pool, company_id, query.cv_id).await?;
    Ok(StatusCode::NO_CONTENT)
}
