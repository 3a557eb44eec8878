//! The applicant's calls: favourites and applications. Every call by id checks ownership and
//! answers "not found" for someone else's object, so ids do not leak.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::applications::{self, NewApplication, Tab};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::routes::search::{Labels, VacancyListItem, cards_in_order};
use crate::session::SignedIn;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(favourites, add_favourite, remove_favourite))
        .routes(routes!(apply))
        .routes(routes!(my_applications))
        .routes(routes!(withdraw))
}

pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(apply_form))
}

#[derive(Deserialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct VacancyRef {
    pub vacancy_id: Uuid,
}

/// Handles `GET /api/applicant/favourites-vacancies`: the saved vacancies that are still open, as cards.
#[utoipa::path(get, path = "/favourites-vacancies", tag = "applicant",
    responses((status = 200, body = Vec<VacancyListItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn favourites(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<VacancyListItem>>> {
    let ids = applications::favourites(&state.pool, signed_in.session.user_id).await?;
    Ok(Json(cards_in_order(&state, &ids, signed_in.context.locale, &ids).await?))
}

/// Handles `POST /api/applicant/favourites-vacancies`: saves an open vacancy (saving twice is fine).
#[utoipa::path(post, path = "/favourites-vacancies", tag = "applicant", request_body = VacancyRef,
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn add_favourite(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<VacancyRef>) -> ApiResult<StatusCode> {
    applications::add_favourite(&state.pool, signed_in.session.user_id, body.vacancy_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `DELETE /api/applicant/favourites-vacancies?vacancyId=`: forgets a saved vacancy.
#[utoipa::path(delete, path = "/favourites-vacancies", tag = "applicant", params(VacancyRef), responses((status = 204)))]
async fn remove_favourite(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<VacancyRef>) -> ApiResult<StatusCode> {
    applications::remove_favourite(&state.pool, signed_in.session.user_id, params.vacancy_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    pub question_id: Uuid,
    pub question: String,
}

/// What the apply screen needs.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyForm {
    pub vacancy_id: Uuid,
    /// Applying without a CV is allowed.
    pub cv_not_required: bool,
    /// When set, applications go to the employer's own page instead.
    pub apply_link: Option<String>,
    /// Every question must be answered before sending.
    pub questions: Vec<Question>,
}

/// Handles `GET /api/open/vacancies/{id}/apply`: the employer's questions of an open vacancy.
#[utoipa::path(get, path = "/vacancies/{id}/apply", tag = "applicant", params(("id" = Uuid, Path)),
    responses((status = 200, body = ApplyForm), (status = 404, body = ErrorBody)))]
async fn apply_form(State(state): State<AppState>, Path(id): Path<Uuid>) -> ApiResult<Json<ApplyForm>> {
    let (cv_not_required, apply_link) = applications::open_vacancy(&state.pool, id).await?;
    let questions = applications::questions(&state.pool, id).await?;
    Ok(Json(ApplyForm {
        vacancy_id: id,
        cv_not_required,
        apply_link,
        questions: questions.into_iter().map(|(question_id, question)| Question { question_id, question }).collect(),
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Created {
    pub application_id: Uuid,
}

/// Handles `POST /api/applicant/applications`: applies to an open vacancy with one of the
/// applicant's CVs (or none where allowed), a cover letter and an answer to every question.
#[utoipa::path(post, path = "/applications", tag = "applicant", request_body = NewApplication,
    responses((status = 201, body = Created),
        (status = 400, body = ErrorBody, description = "already_applied: This position has already been applied; a missing CV or answer"),
        (status = 404, body = ErrorBody, description = "the vacancy is not open, or the CV is not the applicant's")))]
async fn apply(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<NewApplication>) -> ApiResult<(StatusCode, Json<Created>)> {
    let application_id = applications::apply(&state.pool, signed_in.session.user_id, &body).await?;
    Ok((StatusCode::CREATED, Json(Created { application_id })))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TabParams {
    /// `active` (default), `all`, `archive` or `cancelled`.
    #[param(inline)]
    pub status: Option<Tab>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationVacancy {
    pub vacancy_id: Uuid,
    pub occupation: Labels,
    pub business_name: String,
    pub valid_until: Option<DateTime<Utc>>,
    pub open: bool,
}

/// The employer's verdict as the applicant sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CandidateStatus {
    Match,
    ProbableMatch,
    NoMatch,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyApplication {
    pub application_id: Uuid,
    pub vacancy: ApplicationVacancy,
    pub cv_id: Option<Uuid>,
    pub status: String,
    /// Not set until the employer has judged the application.
    pub candidate_status: Option<CandidateStatus>,
    /// NONE, NEW or UPDATED.
    pub change_flag: String,
    pub created_at: DateTime<Utc>,
    pub withdrawn_at: Option<DateTime<Utc>>,
}

/// Handles `GET /api/applicant/applications/my?status=`: the applicant's applications in a tab.
#[utoipa::path(get, path = "/applications/my", tag = "applicant", params(TabParams),
    responses((status = 200, body = Vec<MyApplication>), (status = 400, body = ErrorBody)))]
async fn my_applications(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<TabParams>) -> ApiResult<Json<Vec<MyApplication>>> {
    let rows = applications::mine(&state.pool, signed_in.session.user_id, params.status.unwrap_or(Tab::Active)).await?;
    Ok(Json(
        rows.into_iter()
            .map(|row| {
                let et = row.label_et.unwrap_or_default();
                MyApplication {
                    application_id: row.id,
                    vacancy: ApplicationVacancy {
                        vacancy_id: row.vacancy_id,
                        occupation: Labels { en: row.label_en.unwrap_or_else(|| et.clone()), ru: row.label_ru.unwrap_or_else(|| et.clone()), et },
                        business_name: row.business_name,
                        valid_until: row.valid_until,
                        open: row.vacancy_open,
                    },
                    cv_id: row.cv_id,
                    status: row.status,
                    candidate_status: row.verdict.as_deref().and_then(|v| match v {
                        "SUITABLE" => Some(CandidateStatus::Match),
                        "POSSIBLY_SUITABLE" => Some(CandidateStatus::ProbableMatch),
                        "NOT_SUITABLE" => Some(CandidateStatus::NoMatch),
                        _ => None,
                    }),
                    change_flag: row.change_flag,
                    created_at: row.created_at,
                    withdrawn_at: row.withdrawn_at,
                }
            })
            .collect(),
    ))
}

/// Handles `DELETE /api/applicant/applications/{id}`: withdraws the applicant's own application.
#[utoipa::path(delete, path = "/applications/{id}", tag = "applicant", params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody, description = "not the applicant's application")))]
async fn withdraw(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<StatusCode> {
    applications::withdraw(&state.pool, signed_in.session.user_id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
