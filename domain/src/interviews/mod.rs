//! Interviews. An employer invites an applicant, offering one or more time slots; the applicant
//! accepts by choosing a start inside one slot (the interview then lasts its duration), or cancels
//! with a message. What the applicant sees ("display status") follows from the status and the clock.
//!
//! Every call of the applicant's side checks ownership and answers "not found" for an interview
//! of someone else, so ids do not leak.

use chrono::{DateTime, Duration, DurationRound, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use crate::delegation;
use crate::platform::error::{Error, ErrorCode, Result};

pub mod employer;
pub mod ics;
pub mod mail;
pub mod working_hours;

/// Longest interview, in minutes (a whole working day).
pub const MAX_DURATION_MINUTES: i32 = 480;
/// Most time slots one invitation offers.
pub const MAX_SLOTS: usize = 20;
/// How far ahead a slot may lie.
pub const MAX_LEAD: Duration = Duration::days(366);
/// An accepted interview shows as "recently ended" this long after its end, then as completed.
pub const RECENTLY_ENDED: Duration = Duration::hours(24);
pub const MAX_MESSAGE: usize = 2000;
pub const MAX_DESCRIPTION: usize = 2000;
pub const MAX_LOCATION: usize = 300;
pub const MAX_LINK: usize = 500;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum InterviewType {
    Office,
    Online,
    Other,
}

impl InterviewType {
    pub fn as_str(self) -> &'static str {
        match self {
            InterviewType::Office => "OFFICE",
            InterviewType::Online => "ONLINE",
            InterviewType::Other => "OTHER",
        }
    }

    pub(crate) fn parse(text: &str) -> Result<Self> {
        match text {
            "OFFICE" => Ok(InterviewType::Office),
            "ONLINE" => Ok(InterviewType::Online),
            "OTHER" => Ok(InterviewType::Other),
            other => Err(anyhow::anyhow!("unknown interview type {other:?} in the database").into()),
        }
    }
}

/// The stored status (spec 1 section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum InterviewStatus {
    Invited,
    Accepted,
    Canceled,
    Completed,
}

impl InterviewStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            InterviewStatus::Invited => "INVITED",
            InterviewStatus::Accepted => "ACCEPTED",
            InterviewStatus::Canceled => "CANCELED",
            InterviewStatus::Completed => "COMPLETED",
        }
    }

    pub(crate) fn parse(text: &str) -> Result<Self> {
        match text {
            "INVITED" => Ok(InterviewStatus::Invited),
            "ACCEPTED" => Ok(InterviewStatus::Accepted),
            "CANCELED" => Ok(InterviewStatus::Canceled),
            "COMPLETED" => Ok(InterviewStatus::Completed),
            other => Err(anyhow::anyhow!("unknown interview status {other:?} in the database").into()),
        }
    }
}

/// What the applicant sees (spec 1 section 4): the status read against the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DisplayStatus {
    /// Awaiting the applicant's answer, with a slot still to choose from.
    Invited,
    /// Accepted, not yet started.
    Accepted,
    /// Accepted and in progress.
    AcceptedNow,
    /// Accepted and ended within the last 24 hours.
    AcceptedExpired,
    /// Marked completed, or accepted and ended more than 24 hours ago.
    Completed,
    Canceled,
    /// Never answered, and every offered slot has passed.
    InviteExpired,
}

/// The tabs of "my interviews".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Tab {
    #[default]
    All,
    /// Accepted and not yet over: accepted, acceptedNow, acceptedExpired.
    Accepted,
    Canceled,
    Completed,
    /// Not answered ("unconfirmed"): invited and inviteExpired.
    Invited,
}

impl Tab {
    pub fn shows(self, status: DisplayStatus) -> bool {
        use DisplayStatus as D;
        match self {
            Tab::All => true,
            Tab::Accepted => matches!(status, D::Accepted | D::AcceptedNow | D::AcceptedExpired),
            Tab::Canceled => status == D::Canceled,
            Tab::Completed => status == D::Completed,
            Tab::Invited => matches!(status, D::Invited | D::InviteExpired),
        }
    }
}

/// A time range: an offered slot, or the chosen time of an interview.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Period {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// An offered slot as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Slot {
    pub id: Uuid,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

impl Slot {
    /// The earliest start the applicant can still choose: the slot's start, or the next whole
    /// minute after `now` when the slot has begun.
    pub fn earliest_start(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        let next_minute = now.duration_trunc(Duration::minutes(1)).unwrap_or(now) + Duration::minutes(1);
        self.starts_at.max(next_minute)
    }

    /// The latest start that leaves room for the whole interview inside the slot.
    pub fn latest_start(&self, duration: Duration) -> DateTime<Utc> {
        self.ends_at - duration
    }

    /// Whether an interview of `duration` can still be placed in this slot.
    pub fn choosable(&self, duration: Duration, now: DateTime<Utc>) -> bool {
        self.earliest_start(now) <= self.latest_start(duration)
    }
}

/// The display status of an interview: its stored status read against `now`.
pub fn display_status(
    status: InterviewStatus,
    starts_at: Option<DateTime<Utc>>,
    duration: Duration,
    slots: &[Slot],
    now: DateTime<Utc>,
) -> DisplayStatus {
    match status {
        InterviewStatus::Canceled => DisplayStatus::Canceled,
        InterviewStatus::Completed => DisplayStatus::Completed,
        InterviewStatus::Invited if slots.iter().any(|s| s.choosable(duration, now)) => DisplayStatus::Invited,
        InterviewStatus::Invited => DisplayStatus::InviteExpired,
        InterviewStatus::Accepted => match starts_at {
            None => DisplayStatus::Accepted,
            Some(start) if now < start => DisplayStatus::Accepted,
            Some(start) if now < start + duration => DisplayStatus::AcceptedNow,
            Some(start) if now < start + duration + RECENTLY_ENDED => DisplayStatus::AcceptedExpired,
            Some(_) => DisplayStatus::Completed,
        },
    }
}

/// An invitation as the employer's side sends it.
#[derive(Clone, Debug)]
pub struct NewInterview {
    pub company_id: Uuid,
    pub vacancy_id: Option<Uuid>,
    pub application_id: Option<Uuid>,
    pub applicant_user_id: Uuid,
    pub created_by_user_id: Option<Uuid>,
    pub interview_type: InterviewType,
    pub duration_minutes: i32,
    pub slots: Vec<Period>,
    pub link: Option<String>,
    pub location: Option<String>,
    pub description: Option<String>,
    pub notify_applicant: bool,
}

fn wrong_duration(field: &'static str) -> Error {
    Error::code_on(ErrorCode::WrongInterviewDuration, field)
}

fn wrong_period(field: &'static str) -> Error {
    Error::code_on(ErrorCode::WrongPeriod, field)
}

/// Trims optional text; empty is none; longer than `max` characters is refused.
pub(crate) fn optional_text(value: Option<&str>, max: usize, field: &'static str, what: &str) -> Result<Option<String>> {
    let value = value.map(str::trim).filter(|v| !v.is_empty());
    if value.is_some_and(|v| v.chars().count() > max) {
        return Err(Error::field(field, format!("The {what} is longer than {max} characters")));
    }
    Ok(value.map(str::to_string))
}

/// The invitation's own checks: the duration fits, every slot is a future, bounded, long enough
/// range and no two overlap. Answers the slots in time order.
pub fn check_invitation(new: &NewInterview, now: DateTime<Utc>) -> Result<Vec<Period>> {
    if new.duration_minutes <= 0 || new.duration_minutes > MAX_DURATION_MINUTES {
        return Err(wrong_duration("duration"));
    }
    if new.slots.is_empty() {
        return Err(Error::field("slots", "Offer at least one time for the interview"));
    }
    if new.slots.len() > MAX_SLOTS {
        return Err(Error::field("slots", format!("At most {MAX_SLOTS} times can be offered")));
    }
    let duration = Duration::minutes(new.duration_minutes.into());
    let mut slots = new.slots.clone();
    slots.sort_by_key(|s| s.start);
    for slot in &slots {
        if slot.end <= slot.start || slot.start <= now || slot.start > now + MAX_LEAD {
            return Err(wrong_period("slots"));
        }
        if slot.end - slot.start < duration {
            return Err(wrong_duration("slots"));
        }
    }
    if slots.windows(2).any(|pair| pair[1].start < pair[0].end) {
        return Err(wrong_period("slots"));
    }
    Ok(slots)
}

/// Invites an applicant: checks the invitation, that the applicant is one, and that the vacancy
/// and application (when given) belong to the company and the applicant; anything else is "not
/// found". Answers the new interview's id.
#[tracing::instrument(skip_all)]
pub async fn invite(pool: &PgPool, new: &NewInterview) -> Result<Uuid> {
    let slots = check_invitation(new, Utc::now())?;
    let link = employer::check_link(new.link.as_deref())?;
    let location = optional_text(new.location.as_deref(), MAX_LOCATION, "location", "location")?;
    let description = optional_text(new.description.as_deref(), MAX_DESCRIPTION, "description", "description")?;

    let applicant: bool = sqlx::query_scalar(
        "select exists (select 1 from users u join user_roles r on r.user_id = u.id and r.role = 'APPLICANT'
                        where u.id = $1 and u.deleted_at is null)",
    )
    .bind(new.applicant_user_id)
    .fetch_one(pool)
    .await?;
    if !applicant {
        return Err(Error::not_found());
    }
    let mut vacancy_id = new.vacancy_id;
    if let Some(application_id) = new.application_id {
        let of_application: Option<Uuid> = sqlx::query_scalar(
            "select a.vacancy_id from applications a join vacancies v on v.id = a.vacancy_id
             where a.id = $1 and a.applicant_user_id = $2 and v.company_id = $3 and a.status <> 'DELETED'",
        )
        .bind(application_id)
        .bind(new.applicant_user_id)
        .bind(new.company_id)
        .fetch_optional(pool)
        .await?;
        let of_application = of_application.ok_or_else(Error::not_found)?;
        if vacancy_id.is_some_and(|v| v != of_application) {
            return Err(Error::not_found());
        }
        vacancy_id = Some(of_application);
    }
    if let Some(vacancy_id) = vacancy_id {
        let own: bool = sqlx::query_scalar("select exists (select 1 from vacancies where id = $1 and company_id = $2)")
            .bind(vacancy_id)
            .bind(new.company_id)
            .fetch_one(pool)
            .await?;
        if !own {
            return Err(Error::not_found());
        }
    }

    let mut tx = pool.begin().await?;
    if let Some(user) = new.created_by_user_id {
        employer::check_free(&mut tx, new.company_id, user, &slots, None).await?;
    }
    let id: Uuid = sqlx::query_scalar(
        "insert into interviews (company_id, vacancy_id, application_id, applicant_user_id, created_by_user_id, type,
                                 duration_minutes, link, location, description, notify_applicant)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id",
    )
    .bind(new.company_id)
    .bind(vacancy_id)
    .bind(new.application_id)
    .bind(new.applicant_user_id)
    .bind(new.created_by_user_id)
    .bind(new.interview_type.as_str())
    .bind(new.duration_minutes)
    .bind(link)
    .bind(location)
    .bind(description)
    .bind(new.notify_applicant)
    .fetch_one(&mut *tx)
    .await?;
    for slot in slots {
        sqlx::query("insert into interview_slots (interview_id, starts_at, ends_at) values ($1, $2, $3)")
            .bind(id)
            .bind(slot.start)
            .bind(slot.end)
            .execute(&mut *tx)
            .await?;
    }
    mail::queue(&mut tx, id, mail::Change::Invited).await?;
    tx.commit().await?;
    Ok(id)
}

/// One interview as the applicant sees it, with its company, vacancy and offered slots.
#[derive(Clone, Debug)]
pub struct ApplicantInterview {
    pub id: Uuid,
    pub status: InterviewStatus,
    pub display_status: DisplayStatus,
    pub interview_type: InterviewType,
    pub duration_minutes: i32,
    /// The chosen time, once accepted.
    pub period: Option<Period>,
    pub link: Option<String>,
    pub location: Option<String>,
    pub description: Option<String>,
    /// Why it was canceled (the message of whoever canceled).
    pub reason: Option<String>,
    pub conclusion_message: Option<String>,
    /// The applicant's message sent with the acceptance.
    pub applicant_message: Option<String>,
    /// Set when canceled: true when the applicant canceled, false when the employer did.
    pub canceled_by_applicant: Option<bool>,
    pub accepted_slot_id: Option<Uuid>,
    pub application_id: Option<Uuid>,
    pub vacancy_id: Option<Uuid>,
    /// Occupation labels of the vacancy: et, en, ru.
    pub occupation: Option<[String; 3]>,
    pub company_country_code: String,
    pub company_registry_code: String,
    pub business_name: String,
    pub logo_file_id: Option<Uuid>,
    pub logo_thumbnail_id: Option<Uuid>,
    pub slots: Vec<Slot>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub canceled_at: Option<DateTime<Utc>>,
}

impl ApplicantInterview {
    pub fn duration(&self) -> Duration {
        Duration::minutes(self.duration_minutes.into())
    }
}

#[derive(sqlx::FromRow)]
struct InterviewRow {
    id: Uuid,
    status: String,
    #[sqlx(rename = "type")]
    interview_type: String,
    duration_minutes: i32,
    starts_at: Option<DateTime<Utc>>,
    link: Option<String>,
    location: Option<String>,
    description: Option<String>,
    reason: Option<String>,
    conclusion_message: Option<String>,
    applicant_message: Option<String>,
    canceled_by_applicant: Option<bool>,
    accepted_slot_id: Option<Uuid>,
    application_id: Option<Uuid>,
    vacancy_id: Option<Uuid>,
    label_et: Option<String>,
    label_en: Option<String>,
    label_ru: Option<String>,
    country_code: String,
    registry_code: String,
    business_name: String,
    logo_file_id: Option<Uuid>,
    thumbnail_file_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    accepted_at: Option<DateTime<Utc>>,
    canceled_at: Option<DateTime<Utc>>,
}

/// The columns of an interview with its company and vacancy; `interview_select!()` `where …`.
macro_rules! interview_select {
    () => {
        "
    select i.id, i.status, i.type, i.duration_minutes, i.starts_at, i.link, i.location, i.description, i.reason,
           i.conclusion_message, i.applicant_message,
           case when i.status = 'CANCELED' then i.canceled_by_user_id is not distinct from i.applicant_user_id end as canceled_by_applicant,
           i.accepted_slot_id, i.application_id, i.vacancy_id,
           coalesce(o.label_et, v.occupation_label) as label_et, coalesce(o.label_en, v.occupation_label) as label_en,
           coalesce(o.label_ru, v.occupation_label) as label_ru,
           c.country_code, c.registry_code, c.business_name, p.logo_file_id, f.thumbnail_file_id,
           i.created_at, i.updated_at, i.accepted_at, i.canceled_at
    from interviews i join companies c on c.id = i.company_id
    left join vacancies v on v.id = i.vacancy_id left join ref_occupations o on o.code = v.occupation_code
    left join company_profiles p on p.company_id = c.id left join files f on f.id = p.logo_file_id"
    };
}

const APPLICANT_SELECT: &str = concat!(interview_select!(), "\n    where i.applicant_user_id = $1");
const COMPANY_SELECT: &str = concat!(interview_select!(), "\n    where i.company_id = $1");

async fn slots_of(pool: &PgPool, ids: &[Uuid]) -> Result<Vec<(Uuid, Slot)>> {
    let rows: Vec<(Uuid, Uuid, DateTime<Utc>, DateTime<Utc>)> = sqlx::query_as(
        "select interview_id, id, starts_at, ends_at from interview_slots where interview_id = any($1) order by starts_at, id",
    )
    .bind(ids)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(interview, id, starts_at, ends_at)| (interview, Slot { id, starts_at, ends_at })).collect())
}

fn assemble(rows: Vec<InterviewRow>, mut slots: Vec<(Uuid, Slot)>, now: DateTime<Utc>) -> Result<Vec<ApplicantInterview>> {
    rows.into_iter()
        .map(|row| {
            let own: Vec<Slot> = slots.extract_if(.., |(interview, _)| *interview == row.id).map(|(_, s)| s).collect();
            let status = InterviewStatus::parse(&row.status)?;
            let duration = Duration::minutes(row.duration_minutes.into());
            let period = row.starts_at.map(|start| Period { start, end: start + duration });
            let occupation = row.label_et.map(|et| {
                let en = row.label_en.unwrap_or_else(|| et.clone());
                let ru = row.label_ru.unwrap_or_else(|| et.clone());
                [et, en, ru]
            });
            Ok(ApplicantInterview {
                id: row.id,
                display_status: display_status(status, row.starts_at, duration, &own, now),
                status,
                interview_type: InterviewType::parse(&row.interview_type)?,
                duration_minutes: row.duration_minutes,
                period,
                link: row.link,
                location: row.location,
                description: row.description,
                reason: row.reason,
                conclusion_message: row.conclusion_message,
                applicant_message: row.applicant_message,
                canceled_by_applicant: row.canceled_by_applicant,
                accepted_slot_id: row.accepted_slot_id,
                application_id: row.application_id,
                vacancy_id: row.vacancy_id,
                occupation,
                company_country_code: row.country_code,
                company_registry_code: row.registry_code,
                business_name: row.business_name,
                logo_file_id: row.logo_file_id,
                logo_thumbnail_id: row.thumbnail_file_id,
                slots: own,
                created_at: row.created_at,
                updated_at: row.updated_at,
                accepted_at: row.accepted_at,
                canceled_at: row.canceled_at,
            })
        })
        .collect()
}

/// When an interview takes place, or failing that the first offered slot: the list's order.
fn when(interview: &ApplicantInterview) -> Option<DateTime<Utc>> {
    interview.period.map(|p| p.start).or_else(|| interview.slots.first().map(|s| s.starts_at))
}

/// The applicant's interviews in a tab, the latest date first.
#[tracing::instrument(skip_all)]
pub async fn mine(pool: &PgPool, applicant: Uuid, tab: Tab, now: DateTime<Utc>) -> Result<Vec<ApplicantInterview>> {
    let rows: Vec<InterviewRow> = sqlx::query_as(sqlx::AssertSqlSafe(APPLICANT_SELECT)).bind(applicant).fetch_all(pool).await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let slots = slots_of(pool, &ids).await?;
    let mut interviews: Vec<ApplicantInterview> =
        assemble(rows, slots, now)?.into_iter().filter(|i| tab.shows(i.display_status)).collect();
    interviews.sort_by(|a, b| when(b).cmp(&when(a)).then(b.created_at.cmp(&a.created_at)));
    Ok(interviews)
}

/// One of the applicant's interviews; someone else's is "not found".
#[tracing::instrument(skip_all)]
pub async fn one_of(pool: &PgPool, applicant: Uuid, interview_id: Uuid, now: DateTime<Utc>) -> Result<ApplicantInterview> {
    let sql = format!("{APPLICANT_SELECT} and i.id = $2");
    let row: Option<InterviewRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant).bind(interview_id).fetch_optional(pool).await?;
    let row = row.ok_or_else(Error::not_found)?;
    let slots = slots_of(pool, &[row.id]).await?;
    assemble(vec![row], slots, now)?.pop().ok_or_else(Error::not_found)
}

/// One of the company's interviews, with the invited applicant.
#[derive(Clone, Debug)]
pub struct CompanyInterview {
    pub interview: ApplicantInterview,
    pub applicant_user_id: Uuid,
    /// The applicant's first and last name, when the profile has them.
    pub applicant_name: Option<String>,
    /// Whether the applicant is told of the interview by mail and notification.
    pub notify_applicant: bool,
}

/// The company's interviews that the member of its staff sees ([`delegation::sees_interview_sql`]),
/// the newest invitation first.
#[tracing::instrument(skip_all)]
pub async fn of_company(pool: &PgPool, company_id: Uuid, user: Uuid, now: DateTime<Utc>) -> Result<Vec<CompanyInterview>> {
    let sql = format!("{COMPANY_SELECT} and {}", delegation::sees_interview_sql("i", "$2"));
    let rows: Vec<InterviewRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).bind(user).fetch_all(pool).await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let slots = slots_of(pool, &ids).await?;
    let people: Vec<(Uuid, Uuid, Option<String>, bool)> = sqlx::query_as(
        "select i.id, i.applicant_user_id,
                nullif(trim(concat_ws(' ', p.firstname, p.lastname)), ''), i.notify_applicant
         from interviews i left join profiles p on p.user_id = i.applicant_user_id where i.id = any($1)",
    )
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let mut interviews: Vec<CompanyInterview> = assemble(rows, slots, now)?
        .into_iter()
        .filter_map(|interview| {
            let (_, applicant_user_id, name, notify_applicant) = people.iter().find(|(id, ..)| *id == interview.id)?;
            Some(CompanyInterview { applicant_user_id: *applicant_user_id, applicant_name: name.clone(), notify_applicant: *notify_applicant, interview })
        })
        .collect();
    interviews.sort_by(|a, b| b.interview.created_at.cmp(&a.interview.created_at).then(b.interview.id.cmp(&a.interview.id)));
    Ok(interviews)
}

/// The vacancy and applicant of a live application (not withdrawn, anonymised or deleted) to one
/// of the company's vacancies whose candidates the member of its staff sees; anything else is
/// "not found".
#[tracing::instrument(skip_all)]
pub async fn live_application(pool: &PgPool, company_id: Uuid, user: Uuid, application_id: Uuid) -> Result<(Uuid, Uuid)> {
    let sql = format!(
        "select a.vacancy_id, a.applicant_user_id from applications a join vacancies v on v.id = a.vacancy_id
         join companies c on c.id = v.company_id
         where a.id = $1 and v.company_id = $2 and c.deleted_at is null and a.status <> 'DELETED'
           and a.withdrawn_at is null and a.anonymised_at is null and {}",
        delegation::sees_vacancy_sql("v", "$3")
    );
    let row: Option<(Uuid, Uuid)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
    .bind(application_id)
    .bind(company_id)
    .bind(user)
    .fetch_optional(pool)
    .await?;
    row.ok_or_else(Error::not_found)
}

/// Which slot holds a chosen time: the time must last exactly the interview's duration, start in
/// the future, and lie inside one offered slot.
pub fn check_choice(start: DateTime<Utc>, end: DateTime<Utc>, duration: Duration, slots: &[Slot], now: DateTime<Utc>) -> Result<Uuid> {
    if end - start != duration {
        return Err(wrong_duration("end"));
    }
    if start <= now {
        return Err(wrong_period("start"));
    }
    slots
        .iter()
        .find(|s| s.starts_at <= start && end <= s.ends_at)
        .map(|s| s.id)
        .ok_or_else(|| wrong_period("start"))
}

fn not_changeable(message: &'static str) -> Error {
    Error::with_message(ErrorCode::InterviewNotChangeable, message)
}

/// What someone does to an interview: the moves of [`transition`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The applicant chooses a time inside an offered slot.
    Accept,
    /// The applicant cancels, with a message.
    ApplicantCancel,
    /// The employer changes type, duration, slots, link, location or description.
    Update,
    /// The employer cancels, with a message to the applicant.
    EmployerCancel,
    /// The employer marks it held, with a conclusion.
    Complete,
}

/// The one table of the interview's state transitions: where `move_` leads from `status` (with
/// the chosen start, when accepted) at `now`, or why it is refused (`interview_not_changeable`).
///
/// | from      | Accept   | ApplicantCancel / EmployerCancel | Update            | Complete        |
/// |-----------|----------|----------------------------------|-------------------|-----------------|
/// | INVITED   | ACCEPTED | CANCELED                         | INVITED           | refused         |
/// | ACCEPTED  | refused  | CANCELED before the start        | ACCEPTED¹ before the start | COMPLETED from the start |
/// | CANCELED  | refused  | refused                          | refused           | refused         |
/// | COMPLETED | refused  | refused                          | refused           | refused         |
///
/// ¹ An update keeps the acceptance only when the chosen time still fits a new slot and the
/// duration; otherwise the interview goes back to INVITED ([`update`] decides that part).
pub fn transition(status: InterviewStatus, starts_at: Option<DateTime<Utc>>, move_: Move, now: DateTime<Utc>) -> Result<InterviewStatus> {
    use InterviewStatus as S;
    let started = starts_at.is_some_and(|s| s <= now);
    match (status, move_) {
        (S::Canceled, Move::ApplicantCancel | Move::EmployerCancel) => Err(not_changeable("This interview has already been canceled")),
        (S::Canceled, _) => Err(not_changeable("This interview has been canceled")),
        (S::Completed, _) => Err(not_changeable("This interview has already taken place")),
        (S::Invited, Move::Accept) => Ok(S::Accepted),
        (S::Accepted, Move::Accept) => Err(not_changeable("This interview has already been accepted")),
        (S::Invited, Move::ApplicantCancel | Move::EmployerCancel) => Ok(S::Canceled),
        (S::Accepted, Move::ApplicantCancel | Move::EmployerCancel) if started => {
            Err(not_changeable("An interview that has started can no longer be canceled"))
        }
        (S::Accepted, Move::ApplicantCancel | Move::EmployerCancel) => Ok(S::Canceled),
        (S::Invited, Move::Update) => Ok(S::Invited),
        (S::Accepted, Move::Update) if started => Err(not_changeable("An interview that has started can no longer be changed")),
        (S::Accepted, Move::Update) => Ok(S::Accepted),
        (S::Invited, Move::Complete) => Err(not_changeable("Only an accepted interview can be marked completed")),
        (S::Accepted, Move::Complete) if !started => Err(not_changeable("An interview can be marked completed once it has started")),
        (S::Accepted, Move::Complete) => Ok(S::Completed),
    }
}

/// Whose interview a change reaches for: the applicant's own, or one of the company's that the
/// member of its staff sees ([`delegation::sees_interview_sql`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Party {
    Applicant(Uuid),
    Company { company_id: Uuid, user: Uuid },
}

/// Locks the party's interview for a change: (status, duration, start); another's is not found.
pub(crate) async fn lock(
    conn: &mut sqlx::PgConnection,
    party: Party,
    interview_id: Uuid,
) -> Result<(InterviewStatus, Duration, Option<DateTime<Utc>>)> {
    let (filter, owner, user) = match party {
        Party::Applicant(id) => ("applicant_user_id = $2 and $3::uuid is null".to_string(), id, None),
        Party::Company { company_id, user } => {
            (format!("company_id = $2 and {}", delegation::sees_interview_sql("interviews", "$3")), company_id, Some(user))
        }
    };
    let row: Option<(String, i32, Option<DateTime<Utc>>)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select status, duration_minutes, starts_at from interviews where id = $1 and {filter} for update"
    )))
    .bind(interview_id)
    .bind(owner)
    .bind(user)
    .fetch_optional(&mut *conn)
    .await?;
    let (status, minutes, starts_at) = row.ok_or_else(Error::not_found)?;
    Ok((InterviewStatus::parse(&status)?, Duration::minutes(minutes.into()), starts_at))
}

/// The applicant accepts an invitation by choosing a time inside one offered slot, with an
/// optional message to the employer. Only an unanswered invitation can be accepted.
#[tracing::instrument(skip_all)]
pub async fn accept(
    pool: &PgPool,
    applicant: Uuid,
    interview_id: Uuid,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
    message: Option<&str>,
) -> Result<()> {
    let message = optional_text(message, MAX_MESSAGE, "message", "message")?;
    let mut tx = pool.begin().await?;
    let (status, duration, starts_at) = lock(&mut tx, Party::Applicant(applicant), interview_id).await?;
    let next = transition(status, starts_at, Move::Accept, Utc::now())?;
    let (Some(start), Some(end)) = (start, end) else {
        return Err(Error::field("start", "Choose a time for the interview"));
    };
    let slots: Vec<Slot> = sqlx::query_as("select id, starts_at, ends_at from interview_slots where interview_id = $1")
        .bind(interview_id)
        .fetch_all(&mut *tx)
        .await?;
    let slot = check_choice(start, end, duration, &slots, Utc::now())?;
    sqlx::query(
        "update interviews set status = $5, starts_at = $2, accepted_slot_id = $3, applicant_message = $4, accepted_at = now(),
                               ics_sequence = ics_sequence + 1
         where id = $1",
    )
    .bind(interview_id)
    .bind(start)
    .bind(slot)
    .bind(message)
    .bind(next.as_str())
    .execute(&mut *tx)
    .await?;
    mail::queue(&mut tx, interview_id, mail::Change::Accepted).await?;
    tx.commit().await?;
    Ok(())
}

/// The applicant cancels an invitation or an accepted interview that has not started, with a
/// message to the employer (kept as the reason).
#[tracing::instrument(skip_all)]
pub async fn cancel(pool: &PgPool, applicant: Uuid, interview_id: Uuid, message: Option<&str>) -> Result<()> {
    let message = optional_text(message, MAX_MESSAGE, "message", "message")?
        .ok_or_else(|| Error::field("message", "Please write a message to the employer"))?;
    let mut tx = pool.begin().await?;
    let (status, _, starts_at) = lock(&mut tx, Party::Applicant(applicant), interview_id).await?;
    let next = transition(status, starts_at, Move::ApplicantCancel, Utc::now())?;
    sqlx::query(
        "update interviews set status = $3, reason = $2, canceled_at = now(), canceled_by_user_id = applicant_user_id,
                               ics_sequence = ics_sequence + 1
         where id = $1",
    )
    .bind(interview_id)
    .bind(message)
    .bind(next.as_str())
    .execute(&mut *tx)
    .await?;
    mail::queue(&mut tx, interview_id, mail::Change::CanceledByApplicant).await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(hour: u32, minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 5, 4, hour, minute, 0).unwrap()
    }

    fn slot(from: DateTime<Utc>, to: DateTime<Utc>) -> Slot {
        Slot { id: Uuid::new_v4(), starts_at: from, ends_at: to }
    }

    const HOUR: Duration = Duration::hours(1);

    #[test]
    fn an_invitation_is_invited_while_a_slot_has_room_then_expires() {
        let slots = [slot(at(9, 0), at(11, 0))];
        let status = |now| display_status(InterviewStatus::Invited, None, HOUR, &slots, now);
        assert_eq!(status(at(8, 0)), DisplayStatus::Invited);
        assert_eq!(status(at(9, 30)), DisplayStatus::Invited, "a started slot still has room for an hour");
        assert_eq!(status(at(9, 59)), DisplayStatus::Invited, "10:00 is still free to choose");
        assert_eq!(status(at(10, 0)), DisplayStatus::InviteExpired, "the next whole minute leaves no full hour");
        assert_eq!(status(at(12, 0)), DisplayStatus::InviteExpired);
        assert_eq!(display_status(InterviewStatus::Invited, None, HOUR, &[], at(8, 0)), DisplayStatus::InviteExpired);
    }

    #[test]
    fn an_accepted_interview_moves_from_upcoming_to_now_to_recently_ended_to_completed() {
        let start = Some(at(10, 0));
        let status = |now| display_status(InterviewStatus::Accepted, start, HOUR, &[], now);
        assert_eq!(status(at(9, 59)), DisplayStatus::Accepted);
        assert_eq!(status(at(10, 0)), DisplayStatus::AcceptedNow);
        assert_eq!(status(at(10, 59)), DisplayStatus::AcceptedNow);
        assert_eq!(status(at(11, 0)), DisplayStatus::AcceptedExpired);
        assert_eq!(status(at(11, 0) + Duration::hours(23)), DisplayStatus::AcceptedExpired);
        assert_eq!(status(at(11, 0) + RECENTLY_ENDED), DisplayStatus::Completed);
    }

    #[test]
    fn canceled_and_completed_do_not_depend_on_the_clock() {
        let slots = [slot(at(9, 0), at(11, 0))];
        for now in [at(8, 0), at(12, 0)] {
            assert_eq!(display_status(InterviewStatus::Canceled, Some(at(9, 0)), HOUR, &slots, now), DisplayStatus::Canceled);
            assert_eq!(display_status(InterviewStatus::Completed, Some(at(9, 0)), HOUR, &slots, now), DisplayStatus::Completed);
        }
    }

    #[test]
    fn tabs_group_display_statuses() {
        use DisplayStatus as D;
        let all = [D::Invited, D::Accepted, D::AcceptedNow, D::AcceptedExpired, D::Completed, D::Canceled, D::InviteExpired];
        let shown = |tab: Tab| all.iter().copied().filter(|s| tab.shows(*s)).collect::<Vec<_>>();
        assert_eq!(shown(Tab::All), all);
        assert_eq!(shown(Tab::Accepted), [D::Accepted, D::AcceptedNow, D::AcceptedExpired]);
        assert_eq!(shown(Tab::Canceled), [D::Canceled]);
        assert_eq!(shown(Tab::Completed), [D::Completed]);
        assert_eq!(shown(Tab::Invited), [D::Invited, D::InviteExpired]);
    }

    fn invitation(duration_minutes: i32, slots: Vec<Period>) -> NewInterview {
        NewInterview {
            company_id: Uuid::nil(),
            vacancy_id: None,
            application_id: None,
            applicant_user_id: Uuid::nil(),
            created_by_user_id: None,
            interview_type: InterviewType::Online,
            duration_minutes,
            slots,
            link: None,
            location: None,
            description: None,
            notify_applicant: true,
        }
    }

    fn message_of(error: Error) -> String {
        error.to_string()
    }

    #[test]
    fn an_invitation_needs_a_sensible_duration_and_future_separate_slots() {
        let now = at(8, 0);
        let morning = Period { start: at(9, 0), end: at(10, 0) };
        let noon = Period { start: at(12, 0), end: at(13, 0) };
        assert_eq!(check_invitation(&invitation(30, vec![noon, morning]), now).unwrap(), vec![morning, noon], "in time order");
        for minutes in [0, -5, MAX_DURATION_MINUTES + 1, 61] {
            assert_eq!(message_of(check_invitation(&invitation(minutes, vec![morning]), now).unwrap_err()), "Wrong duration of interview", "{minutes}");
        }
        let bad_slots = [
            vec![Period { start: at(10, 0), end: at(9, 0) }],
            vec![Period { start: at(9, 0), end: at(9, 0) }],
            vec![Period { start: at(7, 0), end: at(9, 0) }],
            vec![Period { start: at(9, 0) + Duration::days(400), end: at(10, 0) + Duration::days(400) }],
            vec![Period { start: at(9, 0), end: at(11, 0) }, Period { start: at(10, 30), end: at(12, 0) }],
        ];
        for slots in bad_slots {
            assert_eq!(message_of(check_invitation(&invitation(30, slots.clone()), now).unwrap_err()), "Wrong period", "{slots:?}");
        }
        assert!(check_invitation(&invitation(30, vec![]), now).is_err());
        assert!(check_invitation(&invitation(30, vec![morning; MAX_SLOTS + 1]), now).is_err());
        let touching = vec![Period { start: at(9, 0), end: at(10, 0) }, Period { start: at(10, 0), end: at(11, 0) }];
        assert!(check_invitation(&invitation(60, touching), now).is_ok(), "slots that touch do not overlap");
    }

    #[test]
    fn a_choice_lasts_the_duration_inside_one_future_slot() {
        let slots = [slot(at(9, 0), at(11, 0)), slot(at(14, 0), at(15, 0))];
        let now = at(8, 0);
        assert_eq!(check_choice(at(9, 30), at(10, 30), HOUR, &slots, now).unwrap(), slots[0].id);
        assert_eq!(check_choice(at(14, 0), at(15, 0), HOUR, &slots, now).unwrap(), slots[1].id);
        assert_eq!(message_of(check_choice(at(9, 0), at(9, 30), HOUR, &slots, now).unwrap_err()), "Wrong duration of interview");
        assert_eq!(message_of(check_choice(at(10, 30), at(11, 30), HOUR, &slots, now).unwrap_err()), "Wrong period", "runs past the slot");
        assert_eq!(message_of(check_choice(at(12, 0), at(13, 0), HOUR, &slots, now).unwrap_err()), "Wrong period", "between slots");
        assert_eq!(message_of(check_choice(at(9, 30), at(10, 30), HOUR, &slots, at(9, 45)).unwrap_err()), "Wrong period", "in the past");
    }

    #[test]
    fn the_transition_table_allows_and_refuses_each_move() {
        use InterviewStatus as S;
        let now = at(12, 0);
        let later = Some(at(14, 0));
        let earlier = Some(at(11, 0));
        let ok = |status, start, m| transition(status, start, m, now).unwrap();
        let refused = |status, start, m| transition(status, start, m, now).unwrap_err().to_string();
        assert_eq!(ok(S::Invited, None, Move::Accept), S::Accepted);
        assert_eq!(ok(S::Invited, None, Move::ApplicantCancel), S::Canceled);
        assert_eq!(ok(S::Invited, None, Move::EmployerCancel), S::Canceled);
        assert_eq!(ok(S::Invited, None, Move::Update), S::Invited);
        assert_eq!(refused(S::Invited, None, Move::Complete), "Only an accepted interview can be marked completed");
        assert_eq!(refused(S::Accepted, later, Move::Accept), "This interview has already been accepted");
        assert_eq!(ok(S::Accepted, later, Move::ApplicantCancel), S::Canceled);
        assert_eq!(ok(S::Accepted, later, Move::EmployerCancel), S::Canceled);
        assert_eq!(refused(S::Accepted, earlier, Move::EmployerCancel), "An interview that has started can no longer be canceled");
        assert_eq!(refused(S::Accepted, earlier, Move::ApplicantCancel), "An interview that has started can no longer be canceled");
        assert_eq!(ok(S::Accepted, later, Move::Update), S::Accepted);
        assert_eq!(refused(S::Accepted, earlier, Move::Update), "An interview that has started can no longer be changed");
        assert_eq!(refused(S::Accepted, later, Move::Complete), "An interview can be marked completed once it has started");
        assert_eq!(ok(S::Accepted, earlier, Move::Complete), S::Completed);
        for m in [Move::ApplicantCancel, Move::EmployerCancel] {
            assert_eq!(refused(S::Canceled, None, m), "This interview has already been canceled", "{m:?}");
        }
        for m in [Move::Accept, Move::Update, Move::Complete] {
            assert_eq!(refused(S::Canceled, None, m), "This interview has been canceled", "{m:?}");
        }
        for m in [Move::Accept, Move::ApplicantCancel, Move::EmployerCancel, Move::Update, Move::Complete] {
            assert_eq!(refused(S::Completed, earlier, m), "This interview has already taken place", "{m:?}");
        }
    }

    #[test]
    fn a_started_slot_offers_the_next_whole_minute() {
        let s = slot(at(9, 0), at(11, 0));
        assert_eq!(s.earliest_start(at(8, 0)), at(9, 0));
        assert_eq!(s.earliest_start(at(9, 30) + Duration::seconds(20)), at(9, 31));
        assert_eq!(s.latest_start(HOUR), at(10, 0));
    }
}
