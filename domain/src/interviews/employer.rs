//! The employer's moves on the company's interviews: update, cancel with a message, mark
//! completed with a conclusion; and the free-slot check of an invitation or an update.
//! Each move goes through [`super::transition`]; another company's interview is "not found".

use chrono::{DateTime, Duration, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::mail::{self, Change};
use super::{
    InterviewStatus, InterviewType, MAX_DESCRIPTION, MAX_LINK, MAX_LOCATION, MAX_MESSAGE, Move, NewInterview, Period, check_invitation,
    Party, lock, optional_text, transition,
};
use super::working_hours;
use crate::platform::error::{Error, Result};

/// What an invitation offers, the same on inviting and on changing an interview.
#[derive(Clone, Debug, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewTerms {
    #[serde(rename = "type")]
    pub interview_type: InterviewType,
    /// 1 to 480 minutes; every slot must be at least this long.
    pub duration_minutes: i32,
    /// 1 to 20 future, non-overlapping time ranges (at most a year ahead) the applicant chooses
    /// from, within the working hours and free of the inviting user's other interviews.
    pub slots: Vec<Period>,
    /// A web address starting with https:// (or http://), at most 500 characters.
    pub link: Option<String>,
    /// At most 300 characters.
    pub location: Option<String>,
    /// At most 2000 characters.
    pub description: Option<String>,
    /// Whether the applicant is told of this interview (spec 2 section 3, "applicant
    /// notification"): the mail with the invitation, its changes and the employer's cancellation,
    /// and the notification centre's row (with the interviews badge). Off, the applicant still
    /// finds the interview among their interviews. True when left out on inviting; left out on a
    /// change keeps it.
    #[serde(default)]
    pub notify_applicant: Option<bool>,
}

/// The link must be a web address.
pub(crate) fn check_link(link: Option<&str>) -> Result<Option<String>> {
    let link = optional_text(link, MAX_LINK, "link", "link")?;
    if link.as_deref().is_some_and(|l| {
        let lower = l.to_ascii_lowercase();
        !(lower.starts_with("https://") || lower.starts_with("http://")) || l.chars().any(char::is_whitespace)
    }) {
        return Err(Error::field("link", "The link must be a web address starting with https://"));
    }
    Ok(link)
}

/// A slot as people read it: `26.11.2026 10:00–12:00` (Tallinn time).
fn named(number: usize, slot: &Period) -> String {
    let end = mail::local(slot.end);
    format!("Time {number} ({}–{})", mail::local(slot.start), end.split(' ').nth(1).unwrap_or_default())
}

/// The free-slot rule: every offered slot lies within the working hours that bind `user` (their
/// own, else the company's, when set) and overlaps none of the user's other live interviews
/// (an accepted one's time, or an open invitation's offered slots). `except` is the interview
/// being updated. A refused slot is named in the message (field `slots`).
pub async fn check_free(conn: &mut PgConnection, company_id: Uuid, user: Uuid, slots: &[Period], except: Option<Uuid>) -> Result<()> {
    let hours = working_hours::effective(&mut *conn, user, company_id).await?;
    for (i, slot) in slots.iter().enumerate() {
        if !working_hours::within(&hours, slot.start, slot.end) {
            return Err(Error::field("slots", format!("{} is outside the working hours", named(i + 1, slot))));
        }
    }
    let busy: Vec<(DateTime<Utc>, DateTime<Utc>)> = sqlx::query_as(
        "select i.starts_at, i.starts_at + make_interval(mins => i.duration_minutes) from interviews i
         where i.created_by_user_id = $1 and i.status = 'ACCEPTED' and i.starts_at is not null and i.id <> $2
         union all
         select s.starts_at, s.ends_at from interviews i join interview_slots s on s.interview_id = i.id
         where i.created_by_user_id = $1 and i.status = 'INVITED' and s.ends_at > now() and i.id <> $2",
    )
    .bind(user)
    .bind(except.unwrap_or_else(Uuid::nil))
    .fetch_all(&mut *conn)
    .await?;
    for (i, slot) in slots.iter().enumerate() {
        if busy.iter().any(|(start, end)| slot.start < *end && *start < slot.end) {
            return Err(Error::field("slots", format!("{} overlaps another of your interviews", named(i + 1, slot))));
        }
    }
    Ok(())
}

/// Changes one of the company's interviews (by `user`): every rule of an invitation holds, and
/// the slots must be free. An accepted interview stays accepted when its chosen time still lies
/// inside a new slot and lasts the new duration; otherwise it goes back to the applicant to
/// choose again (INVITED). The applicant is mailed the change.
#[tracing::instrument(skip_all)]
pub async fn update(pool: &PgPool, company_id: Uuid, user: Uuid, interview_id: Uuid, change: &InterviewTerms) -> Result<InterviewStatus> {
    let probe = NewInterview {
        company_id,
        vacancy_id: None,
        application_id: None,
        applicant_user_id: Uuid::nil(),
        created_by_user_id: Some(user),
        interview_type: change.interview_type,
        duration_minutes: change.duration_minutes,
        slots: change.slots.clone(),
        link: None,
        location: None,
        description: None,
        notify_applicant: true,
    };
    let mut tx = pool.begin().await?;
    let (status, _, starts_at) = lock(&mut tx, Party::Company { company_id, user }, interview_id).await?;
    let next = transition(status, starts_at, Move::Update, Utc::now())?;
    let slots = check_invitation(&probe, Utc::now())?;
    let link = check_link(change.link.as_deref())?;
    let location = optional_text(change.location.as_deref(), MAX_LOCATION, "location", "location")?;
    let description = optional_text(change.description.as_deref(), MAX_DESCRIPTION, "description", "description")?;
    check_free(&mut tx, company_id, user, &slots, Some(interview_id)).await?;

    let duration = Duration::minutes(change.duration_minutes.into());
    let keeps = next == InterviewStatus::Accepted
        && starts_at.is_some_and(|start| slots.iter().any(|s| s.start <= start && start + duration <= s.end));
    sqlx::query("update interviews set accepted_slot_id = null where id = $1").bind(interview_id).execute(&mut *tx).await?;
    sqlx::query("delete from interview_slots where interview_id = $1").bind(interview_id).execute(&mut *tx).await?;
    let mut accepted_slot = None;
    for slot in &slots {
        let id: Uuid = sqlx::query_scalar("insert into interview_slots (interview_id, starts_at, ends_at) values ($1, $2, $3) returning id")
            .bind(interview_id)
            .bind(slot.start)
            .bind(slot.end)
            .fetch_one(&mut *tx)
            .await?;
        if keeps && starts_at.is_some_and(|start| slot.start <= start && start + duration <= slot.end) {
            accepted_slot = Some(id);
        }
    }
    let status = if keeps { InterviewStatus::Accepted } else { InterviewStatus::Invited };
    sqlx::query(
        "update interviews set type = $2, duration_minutes = $3, link = $4, location = $5, description = $6, status = $7,
                               starts_at = case when $8 then starts_at end, accepted_slot_id = $9,
                               accepted_at = case when $8 then accepted_at end, ics_sequence = ics_sequence + 1,
                               notify_applicant = coalesce($10, notify_applicant)
         where id = $1",
    )
    .bind(interview_id)
    .bind(change.interview_type.as_str())
    .bind(change.duration_minutes)
    .bind(link)
    .bind(location)
    .bind(description)
    .bind(status.as_str())
    .bind(keeps)
    .bind(accepted_slot)
    .bind(change.notify_applicant)
    .execute(&mut *tx)
    .await?;
    mail::queue(&mut tx, interview_id, Change::Updated).await?;
    tx.commit().await?;
    Ok(status)
}

/// Cancels one of the company's interviews with a message to the applicant (kept as the reason).
#[tracing::instrument(skip_all)]
pub async fn cancel(pool: &PgPool, company_id: Uuid, user: Uuid, interview_id: Uuid, message: Option<&str>) -> Result<()> {
    let message = optional_text(message, MAX_MESSAGE, "message", "message")?
        .ok_or_else(|| Error::field("message", "Please write a message to the applicant"))?;
    let mut tx = pool.begin().await?;
    let (status, _, starts_at) = lock(&mut tx, Party::Company { company_id, user }, interview_id).await?;
    let next = transition(status, starts_at, Move::EmployerCancel, Utc::now())?;
    sqlx::query(
        "update interviews set status = $2, reason = $3, canceled_at = now(), canceled_by_user_id = $4, ics_sequence = ics_sequence + 1
         where id = $1",
    )
    .bind(interview_id)
    .bind(next.as_str())
    .bind(message)
    .bind(user)
    .execute(&mut *tx)
    .await?;
    mail::queue(&mut tx, interview_id, Change::CanceledByEmployer).await?;
    tx.commit().await?;
    Ok(())
}

/// Marks one of the company's accepted interviews completed, once it has started, with a
/// conclusion (the applicant sees it). No mail: nothing changes in anyone's calendar.
#[tracing::instrument(skip_all)]
pub async fn complete(pool: &PgPool, company_id: Uuid, user: Uuid, interview_id: Uuid, conclusion: Option<&str>) -> Result<()> {
    let conclusion = optional_text(conclusion, MAX_MESSAGE, "conclusion", "conclusion")?
        .ok_or_else(|| Error::field("conclusion", "Please write a conclusion"))?;
    let mut tx = pool.begin().await?;
    let (status, _, starts_at) = lock(&mut tx, Party::Company { company_id, user }, interview_id).await?;
    let next = transition(status, starts_at, Move::Complete, Utc::now())?;
    sqlx::query("update interviews set status = $2, conclusion_message = $3, completed_at = now() where id = $1")
        .bind(interview_id)
        .bind(next.as_str())
        .bind(conclusion)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}
