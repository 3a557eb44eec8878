//! The calendar of any signed-in user: their own events (one-off and recurring) and, read-only,
//! their interviews. Someone else's event is "not found".

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::calendar::{self, CalendarEvent, EventInput, InterviewEntry};
use domain::interviews::{DisplayStatus, InterviewStatus, InterviewType};
use domain::Locale;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Query};
use crate::routes::interviews::labels;
use crate::routes::search::Occupation;
use crate::session::{SignedIn, acting_company_of};
use crate::state::AppState;

/// Mounted under `/api/user`.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_events))
        .routes(routes!(my_recurrent_events))
        .routes(routes!(create_event, update_event, delete_event))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RangeParams {
    /// An ISO date (`2026-05-04`, midnight in Tallinn) or date-time (`2026-05-04T00:00:00Z`).
    pub start: String,
    /// Exclusive; after `start` and at most 366 days later.
    pub end: String,
}

impl RangeParams {
    fn read(&self) -> domain::Result<(DateTime<Utc>, DateTime<Utc>)> {
        let start = calendar::parse_bound(&self.start, "start")?;
        let end = calendar::parse_bound(&self.end, "end")?;
        calendar::check_range(start, end)?;
        Ok((start, end))
    }
}

#[derive(Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CalendarItemKind {
    Event,
    Interview,
}

/// What a calendar entry of an interview adds.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarInterview {
    pub status: InterviewStatus,
    pub display_status: DisplayStatus,
    #[serde(rename = "type")]
    pub interview_type: InterviewType,
    /// True for an offered slot of an unanswered invitation (not yet a fixed time).
    pub tentative: bool,
    pub slot_id: Option<Uuid>,
    pub business_name: String,
    pub occupation: Option<Occupation>,
    /// The applicant's name, on the employer's side only.
    pub applicant_name: Option<String>,
    pub location: Option<String>,
    pub link: Option<String>,
}

/// One entry of the calendar: an own event (or one occurrence of a recurring one) or an interview.
/// The text fields are shared: the occurrences of one series point at the same name and
/// description instead of each holding a copy.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarItem {
    pub kind: CalendarItemKind,
    /// Set for events: the id to change or delete (a recurring event's whole series).
    pub event_id: Option<Uuid>,
    /// Set for interviews: the applicant opens it at `GET /api/applicant/interviews/{id}`.
    pub interview_id: Option<Uuid>,
    /// The event's name; for an interview the occupation (in the request's language) and the
    /// company, or on the employer's side the applicant and the occupation.
    #[schema(value_type = String)]
    pub name: Arc<str>,
    #[schema(value_type = Option<String>)]
    pub description: Option<Arc<str>>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub all_day: bool,
    /// Interviews are read-only here.
    pub read_only: bool,
    /// The RRULE of a recurring event's occurrence.
    #[schema(value_type = Option<String>)]
    pub recurrence: Option<Arc<str>>,
    /// A recurring event's first occurrence as stored (what an edit of the series starts from).
    pub series_start: Option<DateTime<Utc>>,
    pub series_end: Option<DateTime<Utc>>,
    pub interview: Option<CalendarInterview>,
}

fn event_item(event: CalendarEvent, start: DateTime<Utc>, end: DateTime<Utc>) -> CalendarItem {
    let recurring = event.recurrence.is_some();
    CalendarItem {
        kind: CalendarItemKind::Event,
        event_id: Some(event.event_id),
        interview_id: None,
        name: event.name.into(),
        description: event.description.map(Into::into),
        start,
        end,
        all_day: event.all_day,
        read_only: false,
        recurrence: event.recurrence.map(Into::into),
        series_start: recurring.then_some(event.start),
        series_end: recurring.then_some(event.end),
        interview: None,
    }
}

/// Another occurrence of the event `series` stands for: the same (shared) text, its own times.
fn occurrence_item(series: &CalendarItem, start: DateTime<Utc>, end: DateTime<Utc>) -> CalendarItem {
    CalendarItem {
        kind: series.kind,
        event_id: series.event_id,
        interview_id: None,
        name: Arc::clone(&series.name),
        description: series.description.clone(),
        start,
        end,
        all_day: series.all_day,
        read_only: series.read_only,
        recurrence: series.recurrence.clone(),
        series_start: series.series_start,
        series_end: series.series_end,
        interview: None,
    }
}

fn interview_item(entry: InterviewEntry, locale: Locale) -> CalendarItem {
    let occupation = entry.occupation.as_ref().map(|[et, en, ru]| match locale {
        Locale::Et => et.clone(),
        Locale::En => en.clone(),
        Locale::Ru => ru.clone(),
    });
    let name = match (&entry.applicant_name, occupation) {
        (Some(applicant), Some(occupation)) => format!("{applicant} – {occupation}"),
        (Some(applicant), None) => applicant.clone(),
        (None, Some(occupation)) => format!("{occupation} – {}", entry.business_name),
        (None, None) => entry.business_name.clone(),
    };
    CalendarItem {
        kind: CalendarItemKind::Interview,
        event_id: None,
        interview_id: Some(entry.interview_id),
        name: name.into(),
        description: None,
        start: entry.start,
        end: entry.end,
        all_day: false,
        read_only: true,
        recurrence: None,
        series_start: None,
        series_end: None,
        interview: Some(CalendarInterview {
            status: entry.status,
            display_status: entry.display_status,
            interview_type: entry.interview_type,
            tentative: entry.tentative,
            slot_id: entry.slot_id,
            business_name: entry.business_name,
            occupation: entry.occupation.map(|l| Occupation { labels: labels(l) }),
            applicant_name: entry.applicant_name,
            location: entry.location,
            link: entry.link,
        }),
    }
}


/// Handles `GET /api/user/events/my?start&end`: the user's one-off events overlapping the range,
/// and their interviews in it (read-only): accepted and completed ones at their time, and the
/// still choosable slots of unanswered invitations (tentative). An employer also sees the
/// interviews of the company they act for. In time order.
#[utoipa::path(get, path = "/events/my", tag = "user", params(RangeParams),
    responses((status = 200, body = Vec<CalendarItem>),
        (status = 400, body = ErrorBody, description = "a wrong date; wrong_period: Wrong period (end not after start); a range over 366 days"),
        (status = 401, body = ErrorBody)))]
async fn my_events(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<RangeParams>) -> ApiResult<Json<Vec<CalendarItem>>> {
    let (from, to) = params.read()?;
    let user = signed_in.session.user_id;
    let mut items: Vec<CalendarItem> = calendar::one_off_events(&state.pool, user, from, to)
        .await?
        .into_iter()
        .map(|event| {
            let (start, end) = (event.start, event.end);
            event_item(event, start, end)
        })
        .collect();
    let entries = calendar::interview_entries(&state.pool, user, acting_company_of(&state, &signed_in).await?, from, to, Utc::now()).await?;
    items.extend(entries.into_iter().map(|entry| interview_item(entry, signed_in.context.locale)));
    items.sort_by_key(|item| item.start);
    Ok(Json(items))
}

/// Handles `GET /api/user/events/my/recurrent?start&end`: every occurrence of the user's
/// recurring events that overlaps the range, expanded in Europe/Tallinn, in time order. One
/// answer holds at most 5 000 occurrences (`calendar::MAX_OCCURRENCES_PER_QUERY`); a period with
/// more is refused and the caller asks for a shorter one.
#[utoipa::path(get, path = "/events/my/recurrent", tag = "user", params(RangeParams),
    responses((status = 200, body = Vec<CalendarItem>),
        (status = 400, body = ErrorBody, description = "a wrong date; wrong_period: Wrong period; a range over 366 days; \
            too_many_occurrences (field `end`): the period holds more than 5 000 occurrences, choose a shorter one"),
        (status = 401, body = ErrorBody)))]
async fn my_recurrent_events(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<RangeParams>) -> ApiResult<Json<Vec<CalendarItem>>> {
    let (from, to) = params.read()?;
    let occurrences = calendar::recurring_occurrences(&state.pool, signed_in.session.user_id, from, to).await?;
    // one item per series with the text; each occurrence copies it with its own times, sharing the text
    let mut series: HashMap<Uuid, CalendarItem> = HashMap::new();
    let items = occurrences
        .into_iter()
        .map(|o| {
            let template = series.entry(o.event.event_id).or_insert_with(|| event_item(CalendarEvent::clone(&o.event), o.event.start, o.event.end));
            occurrence_item(template, o.start, o.end)
        })
        .collect();
    Ok(Json(items))
}

/// Handles `POST /api/user/events`: adds an event (recurring when `recurrence` holds an RRULE).
#[utoipa::path(post, path = "/events", tag = "user", request_body = EventInput,
    responses((status = 201, body = CalendarEvent),
        (status = 400, body = ErrorBody, description = "validation: Name is required, too long, Invalid recurrence rule: …; \
            wrong_period: Wrong period (end before start, or longer than 366 days)"),
        (status = 401, body = ErrorBody)))]
async fn create_event(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<EventInput>) -> ApiResult<(StatusCode, Json<CalendarEvent>)> {
    let event = calendar::create(&state.pool, signed_in.session.user_id, &body).await?;
    Ok((StatusCode::CREATED, Json(event)))
}

/// A changed event: its id and all its fields.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventUpdate {
    pub event_id: Uuid,
    #[serde(flatten)]
    pub event: EventInput,
}

/// Handles `PUT /api/user/events`: replaces one of the user's events (a recurring event's whole series).
#[utoipa::path(put, path = "/events", tag = "user", request_body = EventUpdate,
    responses((status = 200, body = CalendarEvent),
        (status = 400, body = ErrorBody, description = "as for POST"),
        (status = 404, body = ErrorBody, description = "not the user's event")))]
async fn update_event(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<EventUpdate>) -> ApiResult<Json<CalendarEvent>> {
    Ok(Json(calendar::update(&state.pool, signed_in.session.user_id, body.event_id, &body.event).await?))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EventRef {
    pub event_id: Uuid,
}

/// Handles `DELETE /api/user/events?eventId=`: deletes one of the user's events (a recurring one whole).
#[utoipa::path(delete, path = "/events", tag = "user", params(EventRef),
    responses((status = 204), (status = 404, body = ErrorBody, description = "not the user's event")))]
async fn delete_event(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<EventRef>) -> ApiResult<StatusCode> {
    calendar::delete(&state.pool, signed_in.session.user_id, params.event_id).await?;
    Ok(StatusCode::NO_CONTENT)
}
