//! The applicant's calls: favourites and applications. Every call by id checks ownership and
//! answers "not found" for someone else's object, so ids do not leak.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::applications::{self, ApplicationRow, Applied, NewApplication, Reader, Tab};
use domain::platform::locale::Locale;
use domain::accounts::Role;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::routes::search::{Labels, VacancyListItem, cards_in_order};
use crate::session::{Ctx, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(favourites, add_favourite, remove_favourite))
        .routes(routes!(apply))
        .routes(routes!(my_applications))
        .routes(routes!(withdraw))
}

pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(apply_form)).routes(routes!(application_by_link))
}

/// Calls under `/api/user` that read one application.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(application))
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
async fn apply(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Json(body): Json<NewApplication>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let applied = applications::apply(&state.pool, signed_in.session.user_id, &body).await?;
    // the application is saved: a mail that cannot go out is logged, not the applicant's failure
    if let Err(error) = send_confirmation(&state, signed_in.context.locale, applied).await {
        tracing::warn!(error = %error, application_id = %applied.application_id, "application confirmation mail not sent");
    }
    Ok((StatusCode::CREATED, Json(Created { application_id: applied.application_id })))
}

/// Mails the applicant, in the language of the request, the link to their application.
async fn send_confirmation(state: &AppState, locale: Locale, applied: Applied) -> domain::Result<()> {
    let confirmation = applications::confirmation(&state.pool, applied.application_id).await?;
    let [et, en, ru] = &confirmation.occupation;
    let occupation = match locale {
        Locale::Et => et,
        Locale::En => en,
        Locale::Ru => ru,
    };
    let origin = crate::seo::origin(state);
    let token = match confirmation.newsletter {
        true => Some(domain::accounts::notifications::issue_unsubscribe_token(&state.pool, confirmation.user_id).await?),
        false => None,
    };
    let mail = domain::platform::mail::application_sent(
        locale,
        &confirmation.email,
        occupation,
        &confirmation.company,
        &origin,
        applied.link_id,
        token.as_deref(),
    );
    state.mailer.send(mail).await
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

impl CandidateStatus {
    fn of_verdict(verdict: Option<&str>) -> Option<Self> {
        match verdict? {
            "SUITABLE" => Some(CandidateStatus::Match),
            "POSSIBLY_SUITABLE" => Some(CandidateStatus::ProbableMatch),
            "NOT_SUITABLE" => Some(CandidateStatus::NoMatch),
            _ => None,
        }
    }
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
                    candidate_status: CandidateStatus::of_verdict(row.verdict.as_deref()),
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

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationCv {
    pub cv_id: Uuid,
    pub title: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationAnswer {
    /// The question as the employer asked it when the application was sent.
    pub question: String,
    pub answer: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Applicant {
    pub firstname: Option<String>,
    pub lastname: Option<String>,
}

/// One application in full.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationDetail {
    pub application_id: Uuid,
    pub vacancy: ApplicationVacancy,
    pub applicant: Applicant,
    /// The CV sent with the application; none when sent without one (or the CV was deleted since).
    pub cv: Option<ApplicationCv>,
    pub cover_letter: Option<String>,
    pub answers: Vec<ApplicationAnswer>,
    /// TEMPORARY, EXISTS, HIDDEN or ARCHIVED.
    pub status: String,
    /// Not set until the employer has judged the application.
    pub candidate_status: Option<CandidateStatus>,
    /// NONE, NEW or UPDATED.
    pub change_flag: String,
    pub created_at: DateTime<Utc>,
    pub withdrawn_at: Option<DateTime<Utc>>,
}

fn detail((row, answers): (ApplicationRow, Vec<applications::AnswerRow>)) -> ApplicationDetail {
    let et = row.label_et.unwrap_or_default();
    ApplicationDetail {
        application_id: row.id,
        vacancy: ApplicationVacancy {
            vacancy_id: row.vacancy_id,
            occupation: Labels { en: row.label_en.unwrap_or_else(|| et.clone()), ru: row.label_ru.unwrap_or_else(|| et.clone()), et },
            business_name: row.business_name,
            valid_until: row.valid_until,
            open: row.vacancy_open,
        },
        applicant: Applicant { firstname: row.firstname, lastname: row.lastname },
        cv: row.cv_id.filter(|_| row.cv_title.is_some()).map(|cv_id| ApplicationCv { cv_id, title: row.cv_title }),
        cover_letter: row.cover_letter,
        answers: answers.into_iter().map(|a| ApplicationAnswer { question: a.question, answer: a.answer }).collect(),
        status: row.status,
        candidate_status: CandidateStatus::of_verdict(row.verdict.as_deref()),
        change_flag: row.change_flag,
        created_at: row.created_at,
        withdrawn_at: row.withdrawn_at,
    }
}

/// Handles `GET /api/open/application/{link}`: the application behind the link of its confirmation
/// mail, read-only. It answers only the application's applicant, signed in; a visitor, anyone else
/// and a wrong, expired or revoked link get "not found", so a link alone reveals nothing.
#[utoipa::path(get, path = "/application/{link}", tag = "applicant", params(("link" = String, Path, description = "the link id of the mail")),
    responses((status = 200, body = ApplicationDetail), (status = 404, body = ErrorBody)))]
async fn application_by_link(State(state): State<AppState>, Ctx(context): Ctx, Path(link): Path<String>) -> ApiResult<Json<ApplicationDetail>> {
    let (Some(session), Ok(link_id)) = (context.session, Uuid::parse_str(&link)) else {
        return Err(domain::Error::not_found().into());
    };
    Ok(Json(detail(applications::read_by_link(&state.pool, session.user_id, link_id).await?)))
}

/// Handles `GET /api/user/applications/{id}`: the application in full, for its applicant and for
/// the staff of the vacancy's company acting for it (not once withdrawn); everyone else "not found".
#[utoipa::path(get, path = "/applications/{id}", tag = "user", params(("id" = Uuid, Path)),
    responses((status = 200, body = ApplicationDetail), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn application(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<ApplicationDetail>> {
    let session = &signed_in.session;
    let reader = Reader { user_id: session.user_id, employer_company: session.company_id.filter(|_| session.has_role(Role::Employer)) };
    Ok(Json(detail(applications::read(&state.pool, reader, id).await?)))
}
