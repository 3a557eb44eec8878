//! The CV database around a CV: saved CVs (`/api/employer/favourites-cv`), a CV added to a
//! vacancy (`POST /api/employer/vacancies/{id}/cvs`), every opening of a CV counted
//! (`PATCH /api/open/metrics/cv`) and the companies that viewed it, for its owner
//! (`GET /api/applicant/cv/{id}/views`).

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::applications::candidates::Staff;
use domain::cvs::favourites::{self, SavedCv};
use domain::cvs::to_vacancy;
use domain::cvs::views::{self, CompanyView};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{ActingCompany, Ctx, SignedIn};
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(favourite_cvs, add_favourite_cvs, remove_favourite_cv))
        .routes(routes!(add_favourite_cv))
        .routes(routes!(add_cv_to_vacancy))
}

/// Mounted under `/api/open`.
pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(count_cv_view))
}

/// Mounted under `/api/applicant`.
pub fn applicant_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(cv_views))
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

/// An opening of a CV.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvView {
    pub cv_id: Uuid,
    /// When the CV was opened (the server counts the view on its own date, Europe/Tallinn).
    pub view_date: Option<DateTime<Utc>>,
}

/// Handles `PATCH /api/open/metrics/cv`: counts one view of the CV for the company the caller acts
/// for (`cv_views`, one counter per CV, company and day); every opening counts. Only a caller who
/// may read the CV (`GET /api/user/cv/{id}`) counts one: for anyone else, a visitor included, the
/// CV is "not found". The owner opening their own CV counts nothing (204).
#[utoipa::path(patch, path = "/metrics/cv", tag = "open", request_body = CvView,
    responses((status = 204, description = "counted (the owner's own opening: not counted)"),
        (status = 400, body = ErrorBody, description = "the body cannot be read"),
        (status = 404, body = ErrorBody, description = "no CV the caller may read, or no caller signed in")))]
async fn count_cv_view(State(state): State<AppState>, Ctx(context): Ctx, Json(view): Json<CvView>) -> ApiResult<StatusCode> {
    let Some(session) = context.session.clone() else { return Err(domain::Error::not_found().into()) };
    let viewer = crate::routes::files::viewer(&SignedIn { session, context });
    views::record(&state.pool, &viewer, view.cv_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `GET /api/applicant/cv/{id}/views`: the companies that opened the applicant's CV, with
/// the last day each opened it and how many times, the last to view it first. Another
/// applicant's CV is "not found".
#[utoipa::path(get, path = "/cv/{id}/views", tag = "applicant", params(("id" = Uuid, Path)),
    responses((status = 200, body = Vec<CompanyView>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not one of the applicant's CVs")))]
async fn cv_views(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<Vec<CompanyView>>> {
    Ok(Json(views::of_cv(&state.pool, signed_in.session.user_id, id).await?))
}

/// The CV to add.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddCv {
    /// A CV of the CV database.
    pub cv_id: Uuid,
}

/// A CV made a candidate of a vacancy.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddedCv {
    /// The candidate, in the vacancy's candidate list (`GET /api/employer/vacancies/{id}/applications`).
    pub application_id: Uuid,
    pub vacancy_id: Uuid,
    /// The vacancy's name in the request's language.
    pub vacancy_label: String,
}

/// Handles `POST /api/employer/vacancies/{id}/cvs {cvId}`: adds a CV of the CV database to one of
/// the company's vacancies — an active one, or a CV-database vacancy (made with
/// `POST /api/employer/vacancies/cv-base`). Its owner becomes a candidate of the vacancy, marked
/// `addedFromCvDatabase` in the candidate list. CVs in a CV-database vacancy stay 14 days after the
/// company's CV-database access ends.
#[utoipa::path(post, path = "/vacancies/{id}/cvs", tag = "employer", params(("id" = Uuid, Path)), request_body = AddCv,
    responses((status = 201, body = AddedCv),
        (status = 400, body = ErrorBody, description = "cv_already_added: This user has already been added to {vacancy}; \
            validation naming `vacancyId`: the vacancy is not active (a draft, hidden or ended) nor a CV-database vacancy"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "cv_database_access_required"),
        (status = 404, body = ErrorBody, description = "another company's, a deleted or an undelegated vacancy; a CV not in the CV database")))]
async fn add_cv_to_vacancy(
    State(state): State<AppState>,
    ActingCompany { company_id, signed_in }: ActingCompany,
    Path(id): Path<Uuid>,
    Json(body): Json<AddCv>,
) -> ApiResult<(StatusCode, Json<AddedCv>)> {
    let staff = Staff { user_id: signed_in.session.user_id, company_id };
    let added = to_vacancy::add(&state.pool, staff, id, body.cv_id, signed_in.context.locale).await?;
    Ok((StatusCode::CREATED, Json(AddedCv { application_id: added.application_id, vacancy_id: id, vacancy_label: added.vacancy_label })))
}
