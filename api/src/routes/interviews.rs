//! The applicant's interviews: the list by tab, one interview, accepting by choosing a time inside
//! an offered slot, and canceling with a message. Someone else's interview is "not found".

use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::interviews::{self, ApplicantInterview as Record, DisplayStatus, InterviewStatus, InterviewType, Tab};
use domain::Error;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::routes::pages::CompanyLogo;
use crate::routes::search::{Labels, Occupation};
use crate::session::SignedIn;
use crate::state::AppState;

/// Mounted under `/api/applicant`.
pub fn applicant_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_interviews))
        .routes(routes!(one_interview, answer))
        .routes(routes!(slots, choose_slot))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewCompany {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub logo: Option<CompanyLogo>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewVacancy {
    pub vacancy_id: Uuid,
    pub occupation: Occupation,
}

/// An offered time slot. The applicant picks a start from `earliestStart` to `latestStart`; the
/// interview then lasts `durationMinutes`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewSlot {
    pub slot_id: Uuid,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// Whether the slot can still be chosen (the invitation is open and the whole interview fits
    /// in the slot's future part).
    pub choosable: bool,
    pub earliest_start: DateTime<Utc>,
    pub latest_start: DateTime<Utc>,
}

/// Who canceled an interview.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CanceledBy {
    Applicant,
    Employer,
}

/// An interview as the applicant sees it (spec 1 sections 3 and 4).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantInterview {
    pub interview_id: Uuid,
    /// The stored status.
    pub status: InterviewStatus,
    /// What to show: the status read against the clock.
    pub display_status: DisplayStatus,
    #[serde(rename = "type")]
    pub interview_type: InterviewType,
    pub duration_minutes: i32,
    /// The chosen time, once accepted (start plus the duration).
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    pub link: Option<String>,
    pub location: Option<String>,
    pub description: Option<String>,
    /// Why it was canceled: the message of whoever canceled (see `canceledBy`).
    pub reason: Option<String>,
    /// The employer's closing message.
    pub conclusion_message: Option<String>,
    /// The applicant's message sent with the acceptance.
    pub applicant_message: Option<String>,
    pub canceled_by: Option<CanceledBy>,
    pub accepted_slot_id: Option<Uuid>,
    pub application_id: Option<Uuid>,
    pub vacancy: Option<InterviewVacancy>,
    pub company: InterviewCompany,
    /// The offered slots in time order.
    pub slots: Vec<InterviewSlot>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub canceled_at: Option<DateTime<Utc>>,
}

pub fn labels([et, en, ru]: [String; 3]) -> Labels {
    Labels { et, en, ru }
}

impl InterviewVacancy {
    /// The vacancy an interview is for, with its occupation's labels (empty when it has none).
    pub fn of(vacancy_id: Option<Uuid>, occupation: Option<[String; 3]>) -> Option<InterviewVacancy> {
        vacancy_id.map(|vacancy_id| InterviewVacancy { vacancy_id, occupation: Occupation { labels: labels(occupation.unwrap_or_default()) } })
    }
}

fn slots_of(record: &Record, now: DateTime<Utc>) -> Vec<InterviewSlot> {
    let duration = record.duration();
    let open = record.status == InterviewStatus::Invited;
    record
        .slots
        .iter()
        .map(|slot| InterviewSlot {
            slot_id: slot.id,
            start: slot.starts_at,
            end: slot.ends_at,
            choosable: open && slot.choosable(duration, now),
            earliest_start: slot.earliest_start(now),
            latest_start: slot.latest_start(duration),
        })
        .collect()
}

fn to_response(record: Record, now: DateTime<Utc>) -> ApplicantInterview {
    let slots = slots_of(&record, now);
    ApplicantInterview {
        interview_id: record.id,
        status: record.status,
        display_status: record.display_status,
        interview_type: record.interview_type,
        duration_minutes: record.duration_minutes,
        start: record.period.map(|p| p.start),
        end: record.period.map(|p| p.end),
        link: record.link,
        location: record.location,
        description: record.description,
        reason: record.reason,
        conclusion_message: record.conclusion_message,
        applicant_message: record.applicant_message,
        canceled_by: record.canceled_by_applicant.map(|by_applicant| if by_applicant { CanceledBy::Applicant } else { CanceledBy::Employer }),
        accepted_slot_id: record.accepted_slot_id,
        application_id: record.application_id,
        vacancy: InterviewVacancy::of(record.vacancy_id, record.occupation),
        company: InterviewCompany {
            country_code: record.company_country_code,
            registry_code: record.company_registry_code,
            business_name: record.business_name,
            logo: record.logo_file_id.map(|id| CompanyLogo {
                url: format!("/api/files/{id}"),
                thumbnail_url: format!("/api/files/{}", record.logo_thumbnail_id.unwrap_or(id)),
            }),
        },
        slots,
        created_at: record.created_at,
        updated_at: record.updated_at,
        accepted_at: record.accepted_at,
        canceled_at: record.canceled_at,
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TabParams {
    /// `all` (default), `accepted` (accepted, acceptedNow, acceptedExpired), `canceled`,
    /// `completed`, or `invited` (unconfirmed: invited and inviteExpired).
    #[param(inline)]
    pub status: Option<Tab>,
}

/// Handles `GET /api/applicant/interviews?status=`: the applicant's interviews in a tab, the
/// latest date (chosen time, or first offered slot) first.
#[utoipa::path(get, path = "/interviews", tag = "applicant", params(TabParams),
    responses((status = 200, body = Vec<ApplicantInterview>), (status = 400, body = ErrorBody, description = "an unknown tab")))]
async fn my_interviews(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<TabParams>) -> ApiResult<Json<Vec<ApplicantInterview>>> {
    let now = Utc::now();
    let records = interviews::mine(&state.pool, signed_in.session.user_id, params.status.unwrap_or_default(), now).await?;
    Ok(Json(records.into_iter().map(|r| to_response(r, now)).collect()))
}

/// Handles `GET /api/applicant/interviews/{id}`: one of the applicant's interviews (the calendar links here).
#[utoipa::path(get, path = "/interviews/{id}", tag = "applicant", params(("id" = Uuid, Path)),
    responses((status = 200, body = ApplicantInterview), (status = 404, body = ErrorBody, description = "not the applicant's interview")))]
async fn one_interview(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<ApplicantInterview>> {
    let now = Utc::now();
    Ok(Json(to_response(interviews::one_of(&state.pool, signed_in.session.user_id, id, now).await?, now)))
}

/// The applicant's answer to an invitation.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewAnswer {
    /// ACCEPTED (needs `start` and `end`) or CANCELED (needs `message`).
    pub status: InterviewStatus,
    /// To the employer: optional when accepting, required when canceling; at most 2000 characters.
    pub message: Option<String>,
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
}

/// Handles `PUT /api/applicant/interviews/{id}`: accepts (choosing `start`/`end` inside an offered
/// slot, exactly the interview's duration, in the future) or cancels with a message. Only an
/// unanswered invitation can be accepted; an invitation or an accepted interview that has not
/// started can be canceled. Answers the changed interview.
#[utoipa::path(put, path = "/interviews/{id}", tag = "applicant", params(("id" = Uuid, Path)), request_body = InterviewAnswer,
    responses((status = 200, body = ApplicantInterview),
        (status = 400, body = ErrorBody, description = "wrong_interview_duration: Wrong duration of interview (end - start is not the duration); \
            wrong_period: Wrong period (not inside an offered slot, or in the past); interview_not_changeable (already accepted, \
            canceled, completed or started); validation (status other than ACCEPTED/CANCELED, missing time or message, message too long)"),
        (status = 404, body = ErrorBody, description = "not the applicant's interview")))]
async fn answer(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>, Json(body): Json<InterviewAnswer>) -> ApiResult<Json<ApplicantInterview>> {
    let applicant = signed_in.session.user_id;
    match body.status {
        InterviewStatus::Accepted => interviews::accept(&state.pool, applicant, id, body.start, body.end, body.message.as_deref()).await?,
        InterviewStatus::Canceled => interviews::cancel(&state.pool, applicant, id, body.message.as_deref()).await?,
        InterviewStatus::Invited | InterviewStatus::Completed => {
            return Err(Error::field("status", "The status must be ACCEPTED or CANCELED").into());
        }
    }
    let now = Utc::now();
    Ok(Json(to_response(interviews::one_of(&state.pool, applicant, id, now).await?, now)))
}

/// The slots of one interview, for the accept dialog.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewSlots {
    pub interview_id: Uuid,
    pub duration_minutes: i32,
    pub status: InterviewStatus,
    pub display_status: DisplayStatus,
    pub accepted_slot_id: Option<Uuid>,
    pub slots: Vec<InterviewSlot>,
}

/// Handles `GET /api/applicant/interviews/{id}/slots`: the offered slots, each saying whether it
/// can still be chosen and the range of starts it allows.
#[utoipa::path(get, path = "/interviews/{id}/slots", tag = "applicant", params(("id" = Uuid, Path)),
    responses((status = 200, body = InterviewSlots), (status = 404, body = ErrorBody, description = "not the applicant's interview")))]
async fn slots(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<InterviewSlots>> {
    let now = Utc::now();
    let record = interviews::one_of(&state.pool, signed_in.session.user_id, id, now).await?;
    Ok(Json(InterviewSlots {
        interview_id: record.id,
        duration_minutes: record.duration_minutes,
        status: record.status,
        display_status: record.display_status,
        accepted_slot_id: record.accepted_slot_id,
        slots: slots_of(&record, now),
    }))
}

/// A chosen time with a message to the employer.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotChoice {
    pub start: DateTime<Utc>,
    /// `start` plus the interview's duration.
    pub end: DateTime<Utc>,
    /// Optional, at most 2000 characters.
    pub message: Option<String>,
}

/// Handles `PUT /api/applicant/interviews/{id}/slots`: accepts the invitation at the chosen time
/// (the same rules as accepting through `PUT /api/applicant/interviews/{id}`).
#[utoipa::path(put, path = "/interviews/{id}/slots", tag = "applicant", params(("id" = Uuid, Path)), request_body = SlotChoice,
    responses((status = 200, body = ApplicantInterview),
        (status = 400, body = ErrorBody, description = "wrong_interview_duration: Wrong duration of interview; wrong_period: Wrong period; \
            interview_not_changeable; validation (message too long)"),
        (status = 404, body = ErrorBody, description = "not the applicant's interview")))]
async fn choose_slot(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>, Json(body): Json<SlotChoice>) -> ApiResult<Json<ApplicantInterview>> {
    let applicant = signed_in.session.user_id;
    interviews::accept(&state.pool, applicant, id, Some(body.start), Some(body.end), body.message.as_deref()).await?;
    let now = Utc::now();
    Ok(Json(to_response(interviews::one_of(&state.pool, applicant, id, now).await?, now)))
}
