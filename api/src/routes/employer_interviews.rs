//! The employer's interviews: inviting an applicant who applied to one of the company's vacancies,
//! the company's list by tab, updating, canceling with a message and marking completed with a
//! conclusion. The company is the one the session acts for; an application or interview of
//! another company, or an application that was withdrawn or anonymised, is "not found".
//! The state moves are `domain::interviews::transition`; the mails with `.ics` go from the domain.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::interviews::employer::{self as moves, InterviewTerms};
use domain::interviews::{self, CompanyInterview, DisplayStatus, InterviewStatus, InterviewType, NewInterview, Tab};
use domain::{Error, companies};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::routes::interviews::{CanceledBy, InterviewVacancy};
use crate::session::SignedIn;
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(company_interviews, invite, update))
        .routes(routes!(cancel))
        .routes(routes!(complete))
}

/// The company the signed-in employer acts for, when they still work for it.
async fn acting_company(state: &AppState, signed_in: &SignedIn) -> domain::Result<Option<Uuid>> {
    let Some(company_id) = signed_in.session.company_id else {
        return Ok(None);
    };
    Ok(companies::is_staff(&state.pool, signed_in.session.user_id, company_id).await?.then_some(company_id))
}

/// An invitation to an applicant who applied to one of the company's vacancies.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewInvitation {
    pub application_id: Uuid,
    #[serde(flatten)]
    pub terms: InterviewTerms,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedInterview {
    pub interview_id: Uuid,
}

/// The domain names the duration `duration`; the body calls it `durationMinutes`.
fn body_field(error: Error) -> Error {
    match error {
        Error::Client { code, message, field: Some("duration") } => Error::Client { code, message, field: Some("durationMinutes") },
        other => other,
    }
}

/// Handles `POST /api/employer/interviews`: invites the applicant of a live application to one of
/// the acting company's vacancies, offering time slots. Answers the new interview's id; the
/// applicant sees it among their interviews.
#[utoipa::path(post, path = "/interviews", tag = "employer", request_body = NewInvitation,
    responses((status = 201, body = CreatedInterview),
        (status = 400, body = ErrorBody, description = "wrong_interview_duration: Wrong duration of interview (duration outside 1–480 \
            minutes, or a slot shorter than it); wrong_period: Wrong period (a slot that ends before it starts, lies in the past or more \
            than a year ahead, or overlaps another); validation (no slots, more than 20, a link that is not a web address, text too long)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an employer"),
        (status = 404, body = ErrorBody, description = "the application is not one to the acting company's vacancies, or is withdrawn or anonymised")))]
async fn invite(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<NewInvitation>) -> ApiResult<(StatusCode, Json<CreatedInterview>)> {
    let company_id = acting_company(&state, &signed_in).await?.ok_or_else(Error::not_found)?;
    let (vacancy_id, applicant_user_id) = interviews::live_application(&state.pool, company_id, signed_in.session.user_id, body.application_id).await?;
    let notify_applicant = body.terms.notify_applicant.unwrap_or(true);
    let new = NewInterview {
        company_id,
        vacancy_id: Some(vacancy_id),
        application_id: Some(body.application_id),
        applicant_user_id,
        created_by_user_id: Some(signed_in.session.user_id),
        interview_type: body.terms.interview_type,
        duration_minutes: body.terms.duration_minutes,
        slots: body.terms.slots,
        link: body.terms.link,
        location: body.terms.location,
        description: body.terms.description,
        notify_applicant,
    };
    let interview_id = interviews::invite(&state.pool, &new).await.map_err(body_field)?;
    Ok((StatusCode::CREATED, Json(CreatedInterview { interview_id })))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewApplicant {
    pub user_id: Uuid,
    /// First and last name; absent when the profile has none.
    pub name: Option<String>,
}

/// An offered time slot.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployerInterviewSlot {
    pub slot_id: Uuid,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// One of the company's interviews.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployerInterview {
    pub interview_id: Uuid,
    pub status: InterviewStatus,
    /// The status read against the clock (as the applicant sees it).
    pub display_status: DisplayStatus,
    #[serde(rename = "type")]
    pub interview_type: InterviewType,
    pub duration_minutes: i32,
    /// The chosen time, once accepted.
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    pub link: Option<String>,
    pub location: Option<String>,
    pub description: Option<String>,
    /// Why it was canceled.
    pub reason: Option<String>,
    /// The applicant's message sent with the acceptance.
    pub applicant_message: Option<String>,
    /// The employer's conclusion, once completed.
    pub conclusion_message: Option<String>,
    pub canceled_by: Option<CanceledBy>,
    pub application_id: Option<Uuid>,
    pub applicant: InterviewApplicant,
    pub vacancy: Option<InterviewVacancy>,
    /// The offered slots in time order.
    pub slots: Vec<EmployerInterviewSlot>,
    pub created_at: DateTime<Utc>,
    /// Whether the applicant is told of the interview (mail and notification).
    pub notify_applicant: bool,
}

fn to_response(record: CompanyInterview) -> EmployerInterview {
    let CompanyInterview { interview, applicant_user_id, applicant_name, notify_applicant } = record;
    EmployerInterview {
        interview_id: interview.id,
        status: interview.status,
        display_status: interview.display_status,
        interview_type: interview.interview_type,
        duration_minutes: interview.duration_minutes,
        start: interview.period.map(|p| p.start),
        end: interview.period.map(|p| p.end),
        link: interview.link,
        location: interview.location,
        description: interview.description,
        reason: interview.reason,
        applicant_message: interview.applicant_message,
        conclusion_message: interview.conclusion_message,
        canceled_by: interview.canceled_by_applicant.map(|a| if a { CanceledBy::Applicant } else { CanceledBy::Employer }),
        application_id: interview.application_id,
        applicant: InterviewApplicant { user_id: applicant_user_id, name: applicant_name },
        vacancy: InterviewVacancy::of(interview.vacancy_id, interview.occupation),
        slots: interview
            .slots
            .into_iter()
            .map(|slot| EmployerInterviewSlot { slot_id: slot.id, start: slot.starts_at, end: slot.ends_at })
            .collect(),
        created_at: interview.created_at,
        notify_applicant,
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TabParams {
    /// all (default), invited (unanswered, also expired), accepted (not yet completed), canceled, completed.
    #[param(inline)]
    pub tab: Option<Tab>,
}

/// Handles `GET /api/employer/interviews?tab=`: the acting company's interviews in a tab, the
/// newest invitation first.
#[utoipa::path(get, path = "/interviews", tag = "employer", params(TabParams),
    responses((status = 200, body = Vec<EmployerInterview>), (status = 400, body = ErrorBody, description = "an unknown tab"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not an employer, or not acting for a company")))]
async fn company_interviews(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<TabParams>) -> ApiResult<Json<Vec<EmployerInterview>>> {
    let company_id = acting_company(&state, &signed_in).await?.ok_or_else(Error::forbidden)?;
    let tab = params.tab.unwrap_or_default();
    let records = interviews::of_company(&state.pool, company_id, signed_in.session.user_id, Utc::now()).await?;
    Ok(Json(records.into_iter().filter(|r| tab.shows(r.interview.display_status)).map(to_response).collect()))
}

/// A changed interview: its id and every field of an invitation.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewChange {
    pub interview_id: Uuid,
    #[serde(flatten)]
    pub terms: InterviewTerms,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatedInterview {
    pub interview_id: Uuid,
    /// ACCEPTED when the chosen time still fits a new slot and the duration, else INVITED (the
    /// applicant chooses again).
    pub status: InterviewStatus,
}

/// Handles `PUT /api/employer/interviews`: changes one of the company's interviews that is not
/// over (invited, or accepted and not started). The applicant is mailed the change with an
/// `.ics` (METHOD:REQUEST, the same UID, a higher SEQUENCE).
#[utoipa::path(put, path = "/interviews", tag = "employer", request_body = InterviewChange,
    responses((status = 200, body = UpdatedInterview),
        (status = 400, body = ErrorBody, description = "as for POST; validation (field `slots`): a slot outside the working hours or \
            overlapping another of the user's interviews, named in the message; interview_not_changeable: canceled, completed or started"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an employer"),
        (status = 404, body = ErrorBody, description = "not an interview of the acting company")))]
async fn update(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<InterviewChange>) -> ApiResult<Json<UpdatedInterview>> {
    let company_id = acting_company(&state, &signed_in).await?.ok_or_else(Error::forbidden)?;
    let status = moves::update(&state.pool, company_id, signed_in.session.user_id, body.interview_id, &body.terms).await.map_err(body_field)?;
    Ok(Json(UpdatedInterview { interview_id: body.interview_id, status }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelInterview {
    /// To the applicant; required, at most 2000 characters.
    pub message: Option<String>,
}

/// Handles `POST /api/employer/interviews/{id}/cancel`: cancels an invitation or an accepted
/// interview that has not started, with a message; the applicant is mailed an `.ics` with
/// METHOD:CANCEL.
#[utoipa::path(post, path = "/interviews/{id}/cancel", tag = "employer", params(("id" = Uuid, Path)), request_body = CancelInterview,
    responses((status = 204),
        (status = 400, body = ErrorBody, description = "validation (field `message`): no message, or too long; \
            interview_not_changeable: already canceled, completed or started"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not an interview of the acting company")))]
async fn cancel(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>, Json(body): Json<CancelInterview>) -> ApiResult<StatusCode> {
    let company_id = acting_company(&state, &signed_in).await?.ok_or_else(Error::forbidden)?;
    moves::cancel(&state.pool, company_id, signed_in.session.user_id, id, body.message.as_deref()).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompleteInterview {
    /// The conclusion the applicant sees; required, at most 2000 characters.
    pub conclusion: Option<String>,
}

/// Handles `POST /api/employer/interviews/{id}/complete`: marks an accepted interview that has
/// started as completed, with a conclusion.
#[utoipa::path(post, path = "/interviews/{id}/complete", tag = "employer", params(("id" = Uuid, Path)), request_body = CompleteInterview,
    responses((status = 204),
        (status = 400, body = ErrorBody, description = "validation (field `conclusion`); interview_not_changeable: not accepted, not started yet, \
            canceled or already completed"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not an interview of the acting company")))]
async fn complete(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>, Json(body): Json<CompleteInterview>) -> ApiResult<StatusCode> {
    let company_id = acting_company(&state, &signed_in).await?.ok_or_else(Error::forbidden)?;
    moves::complete(&state.pool, company_id, signed_in.session.user_id, id, body.conclusion.as_deref()).await?;
    Ok(StatusCode::NO_CONTENT)
}
