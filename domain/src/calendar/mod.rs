//! The calendar of any signed-in user: their own events, one-off or recurring, shown beside their
//! interviews. A recurring event keeps its first occurrence in `start`/`end` and an RFC 5545 RRULE
//! (FREQ=DAILY|WEEKLY|MONTHLY|YEARLY with INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH,
//! BYSETPOS, WKST), expanded in the event's time zone, Europe/Tallinn, so a weekly 9:00 meeting
//! stays at 9:00 across daylight-saving changes.
//!
//! Another user's event is "not found", so ids do not leak.

pub mod feed;

use std::collections::HashSet;
use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use rrule::{RRule, RRuleError, RRuleSet, Unvalidated};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::{Error, ErrorCode, Result};
use crate::interviews::{self, DisplayStatus, InterviewStatus, InterviewType, Slot};

/// Where events are expanded and dates without an offset are read.
pub const TIME_ZONE: Tz = chrono_tz::Europe::Tallinn;
pub const MAX_NAME: usize = 200;
pub const MAX_DESCRIPTION: usize = 2000;
pub const MAX_RULE: usize = 300;
/// Longest single event (one occurrence of a recurring one).
pub const MAX_EVENT_LENGTH: Duration = Duration::days(366);
/// Longest range one calendar query covers (a month view needs 6 weeks).
pub const MAX_RANGE: Duration = Duration::days(366);
pub const MAX_COUNT: u32 = 1000;
pub const MAX_EVENTS_PER_USER: i64 = 5000;
/// Occurrences of one series that one range query answers at most.
pub const MAX_OCCURRENCES: u16 = 2000;
/// Occurrences of all of a user's series that one range query expands at most; past it the
/// query is refused (`too_many_occurrences`) and the caller asks for a shorter period.
pub const MAX_OCCURRENCES_PER_QUERY: usize = 5000;
const FREQUENCIES: [&str; 4] = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"];
const OTHER_PARTS: [&str; 6] = ["INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST"];

/// A new or changed event as the user sends it.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventInput {
    /// Required, at most 200 characters.
    pub name: String,
    pub description: Option<String>,
    pub start: DateTime<Utc>,
    /// Not before `start`. For an all-day event the days from `start`'s to `end`'s (Tallinn time)
    /// are taken whole: start moves to that day's midnight and end to the next midnight.
    pub end: DateTime<Utc>,
    #[serde(default)]
    pub all_day: bool,
    /// An RFC 5545 RRULE such as `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10` (the `RRULE:` prefix is
    /// optional); empty or absent for a one-off event. An UNTIL without `Z` is Tallinn time, and a
    /// bare date means the end of that day.
    pub recurrence: Option<String>,
}

/// An event as stored.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarEvent {
    pub event_id: Uuid,
    pub name: String,
    pub description: Option<String>,
    /// The (first) occurrence.
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub all_day: bool,
    pub recurrence: Option<String>,
    /// The latest start of a recurring event's occurrences (from UNTIL or COUNT); none = forever.
    pub recurrence_until: Option<DateTime<Utc>>,
    pub time_zone: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl CalendarEvent {
    pub fn length(&self) -> Duration {
        self.end - self.start
    }
}

/// A checked recurrence: the rule as stored and its latest start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recurrence {
    pub rule: String,
    pub until: Option<DateTime<Utc>>,
}

fn wrong_period(field: &'static str) -> Error {
    Error::code_on(ErrorCode::WrongPeriod, field)
}

fn invalid_rule(detail: impl std::fmt::Display) -> Error {
    Error::field("recurrence", format!("Invalid recurrence rule: {detail}"))
}

fn describe(error: RRuleError) -> String {
    match error {
        RRuleError::ParserError(e) => e.to_string(),
        RRuleError::ValidationError(e) => e.to_string(),
        RRuleError::IterError(e) => e,
    }
}

/// A Tallinn wall-clock time as an instant; a time skipped by the clock change moves an hour on.
pub fn local_to_utc(local: NaiveDateTime) -> DateTime<Utc> {
    TIME_ZONE
        .from_local_datetime(&local)
        .earliest()
        .or_else(|| TIME_ZONE.from_local_datetime(&(local + Duration::hours(1))).earliest())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&local))
}

/// Midnight (Tallinn) at the start of `date`.
pub fn local_midnight(date: NaiveDate) -> DateTime<Utc> {
    local_to_utc(date.and_time(NaiveTime::MIN))
}

/// Reads a range bound: an ISO date (Tallinn midnight), a date-time with an offset, or a
/// date-time without one (Tallinn time).
pub fn parse_bound(text: &str, field: &'static str) -> Result<DateTime<Utc>> {
    let text = text.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Ok(t.with_timezone(&Utc));
    }
    if let Ok(date) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Ok(local_midnight(date));
    }
    for format in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"] {
        if let Ok(local) = NaiveDateTime::parse_from_str(text, format) {
            return Ok(local_to_utc(local));
        }
    }
    Err(Error::field(field, format!("Wrong date in {field}: expected an ISO date (2026-05-04) or date-time")))
}

/// Checks a range query: `end` after `start`, at most `MAX_RANGE` long.
pub fn check_range(start: DateTime<Utc>, end: DateTime<Utc>) -> Result<()> {
    if end <= start {
        return Err(wrong_period("end"));
    }
    if end - start > MAX_RANGE {
        return Err(Error::field("end", format!("The range may be at most {} days long", MAX_RANGE.num_days())));
    }
    Ok(())
}

fn utc_ical(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// UNTIL as UTC: a bare date is the end of that Tallinn day, a date-time without `Z` is Tallinn time.
fn normalize_until(value: &str) -> Result<String> {
    if let Ok(date) = NaiveDate::parse_from_str(value, "%Y%m%d") {
        return Ok(utc_ical(local_midnight(date + Duration::days(1)) - Duration::seconds(1)));
    }
    if let Some(utc) = value.strip_suffix('Z') {
        if let Ok(t) = NaiveDateTime::parse_from_str(utc, "%Y%m%dT%H%M%S") {
            return Ok(utc_ical(Utc.from_utc_datetime(&t)));
        }
    } else if let Ok(local) = NaiveDateTime::parse_from_str(value, "%Y%m%dT%H%M%S") {
        return Ok(utc_ical(local_to_utc(local)));
    }
    Err(invalid_rule(format!("UNTIL={value} is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSSZ)")))
}

fn rule_set(rule: &str, first_start: DateTime<Utc>) -> std::result::Result<RRuleSet, String> {
    let zone = rrule::Tz::Tz(TIME_ZONE);
    let parsed: RRule<Unvalidated> = rule.parse().map_err(describe)?;
    parsed.build(first_start.with_timezone(&zone)).map_err(describe)
}

/// Checks and normalizes an RRULE for an event whose first occurrence starts at `first_start`.
/// Empty text means no recurrence.
pub fn parse_recurrence(text: &str, first_start: DateTime<Utc>) -> Result<Option<Recurrence>> {
    let text = text.trim();
    let text = match text.get(..6) {
        Some(prefix) if prefix.eq_ignore_ascii_case("RRULE:") => text[6..].trim(),
        _ => text,
    };
    if text.is_empty() {
        return Ok(None);
    }
    if text.len() > MAX_RULE {
        return Err(invalid_rule(format!("longer than {MAX_RULE} characters")));
    }
    let mut seen = HashSet::new();
    let mut parts = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').ok_or_else(|| invalid_rule(format!("{part} is not KEY=VALUE")))?;
        let key = key.trim().to_ascii_uppercase();
        let mut value = value.trim().to_ascii_uppercase();
        if !seen.insert(key.clone()) {
            return Err(invalid_rule(format!("{key} is given twice")));
        }
        match key.as_str() {
            "FREQ" if !FREQUENCIES.contains(&value.as_str()) => {
                return Err(invalid_rule(format!("FREQ={value} is not supported (DAILY, WEEKLY, MONTHLY or YEARLY)")));
            }
            "FREQ" => {}
            "COUNT" => match value.parse::<u32>() {
                Ok(count) if (1..=MAX_COUNT).contains(&count) => {}
                _ => return Err(invalid_rule(format!("COUNT must be a number from 1 to {MAX_COUNT}"))),
            },
            "UNTIL" => value = normalize_until(&value)?,
            key if OTHER_PARTS.contains(&key) => {}
            other => return Err(invalid_rule(format!("{other} is not supported"))),
        }
        parts.push(format!("{key}={value}"));
    }
    if !seen.contains("FREQ") {
        return Err(invalid_rule("FREQ is required"));
    }
    if seen.contains("COUNT") && seen.contains("UNTIL") {
        return Err(invalid_rule("COUNT and UNTIL cannot both be given"));
    }
    let rule = parts.join(";");
    let set = rule_set(&rule, first_start).map_err(invalid_rule)?;
    let until = if seen.contains("UNTIL") {
        set.get_rrule().first().and_then(|r| r.get_until()).map(|t| t.with_timezone(&Utc))
    } else if seen.contains("COUNT") {
        let last = set.all(MAX_COUNT as u16).dates.last().map(|t| t.with_timezone(&Utc));
        Some(last.unwrap_or(first_start))
    } else {
        None
    };
    Ok(Some(Recurrence { rule, until }))
}

/// The starts of a series' occurrences that overlap `[from, to)`, each lasting `length`.
pub fn occurrences(rule: &str, first_start: DateTime<Utc>, length: Duration, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<DateTime<Utc>>> {
    let zone = rrule::Tz::Tz(TIME_ZONE);
    let set = rule_set(rule, first_start).map_err(|e| anyhow::anyhow!("a stored recurrence rule no longer parses: {e}"))?;
    let found = set.after((from - length).with_timezone(&zone)).before(to.with_timezone(&zone)).all(MAX_OCCURRENCES);
    Ok(found
        .dates
        .into_iter()
        .map(|t| t.with_timezone(&Utc))
        .filter(|start| *start < to && *start + length > from)
        .collect())
}

/// An event ready to store.
#[derive(Debug)]
struct CheckedEvent {
    name: String,
    description: Option<String>,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    all_day: bool,
    recurrence: Option<Recurrence>,
}

fn check_event(input: &EventInput) -> Result<CheckedEvent> {
    let name = input.name.trim();
    if name.is_empty() {
        return Err(Error::field("name", "Name is required"));
    }
    if name.chars().count() > MAX_NAME {
        return Err(Error::field("name", format!("The name is longer than {MAX_NAME} characters")));
    }
    let description = interviews::optional_text(input.description.as_deref(), MAX_DESCRIPTION, "description", "description")?;
    if input.end < input.start {
        return Err(wrong_period("end"));
    }
    let (start, end) = if input.all_day {
        let first = input.start.with_timezone(&TIME_ZONE).date_naive();
        let end_local = input.end.with_timezone(&TIME_ZONE);
        let last = if end_local.time() == NaiveTime::MIN && input.end > input.start {
            end_local.date_naive() - Duration::days(1)
        } else {
            end_local.date_naive()
        };
        (local_midnight(first), local_midnight(last + Duration::days(1)))
    } else {
        (input.start, input.end)
    };
    if !(2000..=2200).contains(&start.year()) {
        return Err(wrong_period("start"));
    }
    if end - start > MAX_EVENT_LENGTH {
        return Err(wrong_period("end"));
    }
    let recurrence = match input.recurrence.as_deref() {
        Some(text) => parse_recurrence(text, start)?,
        None => None,
    };
    Ok(CheckedEvent { name: name.to_string(), description, start, end, all_day: input.all_day, recurrence })
}

const EVENT_COLUMNS: &str = "id as event_id, name, description, starts_at as start, ends_at as \"end\", all_day,
    recurrence_rule as recurrence, recurrence_until, time_zone, created_at, updated_at";

/// Adds an event to the user's calendar.
#[tracing::instrument(skip_all)]
pub async fn create(pool: &PgPool, owner: Uuid, input: &EventInput) -> Result<CalendarEvent> {
    let event = check_event(input)?;
    let count: i64 = sqlx::query_scalar("select count(*) from calendar_events where owner_user_id = $1").bind(owner).fetch_one(pool).await?;
    if count >= MAX_EVENTS_PER_USER {
        return Err(Error::field("name", format!("A calendar holds at most {MAX_EVENTS_PER_USER} events; delete some first")));
    }
    let sql = format!(
        "insert into calendar_events (owner_user_id, name, description, starts_at, ends_at, all_day, recurrence_rule, recurrence_until, time_zone)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning {EVENT_COLUMNS}"
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(owner)
        .bind(&event.name)
        .bind(&event.description)
        .bind(event.start)
        .bind(event.end)
        .bind(event.all_day)
        .bind(event.recurrence.as_ref().map(|r| &r.rule))
        .bind(event.recurrence.as_ref().and_then(|r| r.until))
        .bind(TIME_ZONE.name())
        .fetch_one(pool)
        .await?)
}

/// Replaces one of the user's events; someone else's is "not found".
#[tracing::instrument(skip_all)]
pub async fn update(pool: &PgPool, owner: Uuid, event_id: Uuid, input: &EventInput) -> Result<CalendarEvent> {
    let event = check_event(input)?;
    let sql = format!(
        "update calendar_events set name = $3, description = $4, starts_at = $5, ends_at = $6, all_day = $7,
                recurrence_rule = $8, recurrence_until = $9, time_zone = $10
         where id = $1 and owner_user_id = $2 returning {EVENT_COLUMNS}"
    );
    let updated: Option<CalendarEvent> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(event_id)
        .bind(owner)
        .bind(&event.name)
        .bind(&event.description)
        .bind(event.start)
        .bind(event.end)
        .bind(event.all_day)
        .bind(event.recurrence.as_ref().map(|r| &r.rule))
        .bind(event.recurrence.as_ref().and_then(|r| r.until))
        .bind(TIME_ZONE.name())
        .fetch_optional(pool)
        .await?;
    updated.ok_or_else(Error::not_found)
}

/// Deletes one of the user's events (a recurring one with all its occurrences).
#[tracing::instrument(skip_all)]
pub async fn delete(pool: &PgPool, owner: Uuid, event_id: Uuid) -> Result<()> {
    let done = sqlx::query("delete from calendar_events where id = $1 and owner_user_id = $2")
        .bind(event_id)
        .bind(owner)
        .execute(pool)
        .await?;
    if done.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    Ok(())
}

/// The user's one-off events that overlap `[from, to)`, in time order.
#[tracing::instrument(skip_all)]
pub async fn one_off_events(pool: &PgPool, owner: Uuid, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<CalendarEvent>> {
    let sql = format!(
        "select {EVENT_COLUMNS} from calendar_events
         where owner_user_id = $1 and recurrence_rule is null and starts_at < $3 and (ends_at > $2 or ends_at = starts_at and starts_at >= $2)
         order by starts_at, id"
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(owner).bind(from).bind(to).fetch_all(pool).await?)
}

/// One occurrence of a recurring event. The occurrences of one series share its row (and so its
/// name and description) instead of each holding a copy.
#[derive(Clone, Debug)]
pub struct Occurrence {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub event: Arc<CalendarEvent>,
}

fn too_many_occurrences() -> Error {
    Error::Client {
        code: ErrorCode::TooManyOccurrences,
        message: format!(
            "The period holds more than {MAX_OCCURRENCES_PER_QUERY} occurrences of recurring events; choose a shorter period"
        )
        .into(),
        field: Some("end"),
    }
}

/// Expands the series over `[from, to)`, refusing once more than [`MAX_OCCURRENCES_PER_QUERY`]
/// occurrences are found (so at most that many, plus one series' worth, are ever held).
pub fn expand_series(series: Vec<CalendarEvent>, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<Occurrence>> {
    let mut found: Vec<Occurrence> = Vec::new();
    for event in series {
        let Some(rule) = event.recurrence.as_deref() else { continue };
        let length = event.length();
        let starts = occurrences(rule, event.start, length, from, to)?;
        if found.len() + starts.len() > MAX_OCCURRENCES_PER_QUERY {
            return Err(too_many_occurrences());
        }
        let event = Arc::new(event);
        found.extend(starts.into_iter().map(|start| Occurrence { start, end: start + length, event: Arc::clone(&event) }));
    }
    found.sort_by(|a, b| a.start.cmp(&b.start).then(a.event.event_id.cmp(&b.event.event_id)));
    Ok(found)
}

/// The occurrences of the user's recurring events that overlap `[from, to)`, in time order. The
/// expansion is CPU work and runs on a blocking thread, off the async workers.
#[tracing::instrument(skip_all)]
pub async fn recurring_occurrences(pool: &PgPool, owner: Uuid, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<Occurrence>> {
    let sql = format!(
        "select {EVENT_COLUMNS} from calendar_events
         where owner_user_id = $1 and recurrence_rule is not null and starts_at < $3
           and (recurrence_until is null or recurrence_until + (ends_at - starts_at) >= $2)
         order by starts_at, id"
    );
    let series: Vec<CalendarEvent> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(owner).bind(from).bind(to).fetch_all(pool).await?;
    tokio::task::spawn_blocking(move || expand_series(series, from, to)).await.map_err(anyhow::Error::from)?
}

/// An interview as a calendar entry: an accepted (or completed) one at its time, or an
/// invitation's offered slot that can still be chosen (tentative).
#[derive(Clone, Debug)]
pub struct InterviewEntry {
    pub interview_id: Uuid,
    pub status: InterviewStatus,
    pub display_status: DisplayStatus,
    pub interview_type: InterviewType,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub tentative: bool,
    pub slot_id: Option<Uuid>,
    pub business_name: String,
    /// Occupation labels of the vacancy: et, en, ru.
    pub occupation: Option<[String; 3]>,
    /// The applicant's name, on the employer's side.
    pub applicant_name: Option<String>,
    pub location: Option<String>,
    pub link: Option<String>,
}

#[derive(sqlx::FromRow)]
struct InterviewEntryRow {
    id: Uuid,
    status: String,
    #[sqlx(rename = "type")]
    interview_type: String,
    duration_minutes: i32,
    starts_at: Option<DateTime<Utc>>,
    as_applicant: bool,
    business_name: String,
    label_et: Option<String>,
    label_en: Option<String>,
    label_ru: Option<String>,
    applicant_name: Option<String>,
    location: Option<String>,
    link: Option<String>,
}

/// The interviews of `user` (as the applicant) or of `company` (the company an employer acts
/// for) that overlap `[from, to)`.
#[tracing::instrument(skip_all)]
pub async fn interview_entries(
    pool: &PgPool,
    user: Uuid,
    company: Option<Uuid>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Vec<InterviewEntry>> {
    let sql = format!(
        "select i.id, i.status, i.type, i.duration_minutes, i.starts_at, i.applicant_user_id = $1 as as_applicant, c.business_name,
                coalesce(o.label_et, v.occupation_label) as label_et, coalesce(o.label_en, v.occupation_label) as label_en,
                coalesce(o.label_ru, v.occupation_label) as label_ru,
                nullif(trim(concat_ws(' ', p.firstname, p.lastname)), '') as applicant_name, i.location, i.link
         from interviews i join companies c on c.id = i.company_id
         left join vacancies v on v.id = i.vacancy_id left join ref_occupations o on o.code = v.occupation_code
         left join profiles p on p.user_id = i.applicant_user_id
         where (i.applicant_user_id = $1 or (i.company_id = $2 and {}))
           and ((i.status in ('ACCEPTED', 'COMPLETED') and i.starts_at < $4 and i.starts_at + make_interval(mins => i.duration_minutes) > $3)
                or (i.status = 'INVITED' and exists (select 1 from interview_slots s
                                                     where s.interview_id = i.id and s.starts_at < $4 and s.ends_at > $3)))",
        crate::delegation::sees_interview_sql("i", "$1")
    );
    let rows: Vec<InterviewEntryRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
    .bind(user)
    .bind(company)
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await?;
    let invited: Vec<Uuid> = rows.iter().filter(|r| r.status == "INVITED").map(|r| r.id).collect();
    let slots: Vec<(Uuid, Slot)> = sqlx::query_as::<_, (Uuid, Uuid, DateTime<Utc>, DateTime<Utc>)>(
        "select interview_id, id, starts_at, ends_at from interview_slots where interview_id = any($1) order by starts_at",
    )
    .bind(&invited)
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|(interview, id, starts_at, ends_at)| (interview, Slot { id, starts_at, ends_at }))
    .collect();

    let mut entries = Vec::new();
    for row in rows {
        let status = InterviewStatus::parse(&row.status)?;
        let interview_type = InterviewType::parse(&row.interview_type)?;
        let duration = Duration::minutes(row.duration_minutes.into());
        let own: Vec<Slot> = slots.iter().filter(|(i, _)| *i == row.id).map(|(_, s)| s.clone()).collect();
        let display_status = interviews::display_status(status, row.starts_at, duration, &own, now);
        let occupation = row.label_et.map(|et| {
            let en = row.label_en.unwrap_or_else(|| et.clone());
            let ru = row.label_ru.unwrap_or_else(|| et.clone());
            [et, en, ru]
        });
        let entry = |start, end, tentative, slot_id| InterviewEntry {
            interview_id: row.id,
            status,
            display_status,
            interview_type,
            start,
            end,
            tentative,
            slot_id,
            business_name: row.business_name.clone(),
            occupation: occupation.clone(),
            applicant_name: if row.as_applicant { None } else { row.applicant_name.clone() },
            location: row.location.clone(),
            link: row.link.clone(),
        };
        match (status, row.starts_at) {
            (InterviewStatus::Invited, _) => {
                for slot in own.iter().filter(|s| s.starts_at < to && s.ends_at > from && s.choosable(duration, now)) {
                    entries.push(entry(slot.starts_at, slot.ends_at, true, Some(slot.id)));
                }
            }
            (_, Some(start)) => entries.push(entry(start, start + duration, false, None)),
            (_, None) => {}
        }
    }
    entries.sort_by(|a, b| a.start.cmp(&b.start).then(a.interview_id.cmp(&b.interview_id)));
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tallinn(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        local_to_utc(NaiveDate::from_ymd_opt(y, m, d).unwrap().and_hms_opt(h, min, 0).unwrap())
    }

    fn expand(rule: &str, first: DateTime<Utc>, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<DateTime<Utc>> {
        let recurrence = parse_recurrence(rule, first).unwrap().unwrap();
        occurrences(&recurrence.rule, first, Duration::hours(1), from, to).unwrap()
    }

    #[test]
    fn a_weekly_event_keeps_its_local_time_across_the_clock_change() {
        // Monday 23 March 2026, 09:00 in Tallinn (UTC+2); summer time (UTC+3) starts on 29 March
        let first = tallinn(2026, 3, 23, 9, 0);
        let found = expand("FREQ=WEEKLY", first, tallinn(2026, 3, 1, 0, 0), tallinn(2026, 4, 10, 0, 0));
        assert_eq!(found, vec![first, tallinn(2026, 3, 30, 9, 0), tallinn(2026, 4, 6, 9, 0)]);
        assert_eq!(found[0].format("%H:%M").to_string(), "07:00");
        assert_eq!(found[1].format("%H:%M").to_string(), "06:00");
    }

    #[test]
    fn daily_with_an_interval_and_a_count() {
        let first = tallinn(2026, 5, 1, 8, 0);
        let recurrence = parse_recurrence("RRULE:FREQ=DAILY;INTERVAL=2;COUNT=3", first).unwrap().unwrap();
        assert_eq!(recurrence.until, Some(tallinn(2026, 5, 5, 8, 0)), "the last of three occurrences");
        let found = occurrences(&recurrence.rule, first, Duration::hours(1), tallinn(2026, 4, 1, 0, 0), tallinn(2026, 6, 1, 0, 0)).unwrap();
        assert_eq!(found, vec![first, tallinn(2026, 5, 3, 8, 0), tallinn(2026, 5, 5, 8, 0)]);
    }

    #[test]
    fn weekly_on_chosen_days_until_a_local_date() {
        let first = tallinn(2026, 5, 4, 17, 30); // a Monday
        let recurrence = parse_recurrence("freq=weekly;byday=MO,WE;until=20260513", first).unwrap().unwrap();
        assert_eq!(recurrence.rule, "FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260513T205959Z", "the end of 13 May, Tallinn time");
        let found = expand(&recurrence.rule, first, tallinn(2026, 5, 1, 0, 0), tallinn(2026, 6, 1, 0, 0));
        let days: Vec<u32> = found.iter().map(|t| t.with_timezone(&TIME_ZONE).day()).collect();
        assert_eq!(days, vec![4, 6, 11, 13]);
    }

    #[test]
    fn monthly_and_yearly() {
        let first = tallinn(2026, 1, 31, 12, 0);
        let monthly = expand("FREQ=MONTHLY", first, tallinn(2026, 1, 1, 0, 0), tallinn(2026, 6, 1, 0, 0));
        let months: Vec<u32> = monthly.iter().map(|t| t.month()).collect();
        assert_eq!(months, vec![1, 3, 5], "months without a 31st are skipped, as RFC 5545 says");
        let last_friday = expand("FREQ=MONTHLY;BYDAY=-1FR", tallinn(2026, 1, 30, 12, 0), tallinn(2026, 1, 1, 0, 0), tallinn(2026, 4, 1, 0, 0));
        let days: Vec<u32> = last_friday.iter().map(|t| t.with_timezone(&TIME_ZONE).day()).collect();
        assert_eq!(days, vec![30, 27, 27]);
        let yearly = expand("FREQ=YEARLY", tallinn(2026, 6, 24, 10, 0), tallinn(2027, 1, 1, 0, 0), tallinn(2028, 12, 31, 0, 0));
        assert_eq!(yearly, vec![tallinn(2027, 6, 24, 10, 0), tallinn(2028, 6, 24, 10, 0)]);
    }

    #[test]
    fn an_occurrence_that_began_before_the_range_still_overlaps_it() {
        let first = tallinn(2026, 5, 4, 9, 0);
        let recurrence = parse_recurrence("FREQ=DAILY", first).unwrap().unwrap();
        let found = occurrences(&recurrence.rule, first, Duration::hours(2), tallinn(2026, 5, 6, 10, 0), tallinn(2026, 5, 7, 9, 0)).unwrap();
        assert_eq!(found, vec![tallinn(2026, 5, 6, 9, 0)], "9-11 overlaps a range from 10; the next day's 9:00 is the range's end");
    }

    #[test]
    fn unsupported_or_broken_rules_are_named() {
        let first = tallinn(2026, 5, 4, 9, 0);
        let message = |rule: &str| parse_recurrence(rule, first).unwrap_err().to_string();
        assert!(message("FREQ=HOURLY").contains("FREQ=HOURLY is not supported"));
        assert!(message("FREQ=WEEKLY;BYHOUR=9").contains("BYHOUR is not supported"));
        assert!(message("INTERVAL=2").contains("FREQ is required"));
        assert!(message("FREQ=DAILY;COUNT=0").contains("COUNT must be"));
        assert!(message("FREQ=DAILY;COUNT=3;UNTIL=20260601").contains("COUNT and UNTIL"));
        assert!(message("FREQ=DAILY;UNTIL=tomorrow").contains("UNTIL=TOMORROW"));
        assert!(message("FREQ=WEEKLY;BYDAY=XX").starts_with("Invalid recurrence rule: "));
        assert!(message("FREQ=DAILY;UNTIL=20260501").starts_with("Invalid recurrence rule: "), "UNTIL before the start");
        assert!(message("FREQ=DAILY;FREQ=WEEKLY").contains("given twice"));
        assert_eq!(parse_recurrence("  ", first).unwrap(), None);
    }

    #[test]
    fn range_bounds_read_dates_as_tallinn_midnight() {
        assert_eq!(parse_bound("2026-05-04", "start").unwrap(), tallinn(2026, 5, 4, 0, 0));
        assert_eq!(parse_bound("2026-05-04T00:00:00Z", "start").unwrap().format("%H").to_string(), "00");
        assert_eq!(parse_bound("2026-05-04T09:30", "start").unwrap(), tallinn(2026, 5, 4, 9, 30));
        assert!(parse_bound("04.05.2026", "start").is_err());
        assert!(check_range(tallinn(2026, 5, 4, 0, 0), tallinn(2026, 5, 4, 0, 0)).is_err());
        assert!(check_range(tallinn(2026, 1, 1, 0, 0), tallinn(2027, 2, 1, 0, 0)).is_err());
        assert!(check_range(tallinn(2026, 1, 1, 0, 0), tallinn(2026, 2, 12, 0, 0)).is_ok());
    }

    #[test]
    fn a_query_expands_a_bounded_number_of_occurrences_sharing_their_text() {
        let first = tallinn(2026, 1, 1, 9, 0);
        let event = |n: u32| CalendarEvent {
            event_id: Uuid::from_u128(n.into()),
            name: format!("Daily {n}"),
            description: Some("x".repeat(MAX_DESCRIPTION)),
            start: first,
            end: first + Duration::hours(1),
            all_day: false,
            recurrence: Some("FREQ=DAILY".into()),
            recurrence_until: None,
            time_zone: TIME_ZONE.name().into(),
            created_at: first,
            updated_at: first,
        };
        let (from, to) = (tallinn(2026, 1, 1, 0, 0), tallinn(2027, 1, 1, 0, 0));
        let found = expand_series((0..13).map(event).collect(), from, to).unwrap();
        assert_eq!(found.len(), 13 * 365);
        assert!(Arc::ptr_eq(&found[0].event, &found[13].event), "one series' occurrences share its row");
        let err = expand_series((0..14).map(event).collect(), from, to).unwrap_err();
        assert!(matches!(err, Error::Client { code: ErrorCode::TooManyOccurrences, field: Some("end"), .. }), "{err:?}");
    }

    #[test]
    fn an_all_day_event_covers_whole_tallinn_days() {
        let input = |start, end| EventInput { name: "Puhkus".into(), description: None, start, end, all_day: true, recurrence: None };
        let one_day = check_event(&input(tallinn(2026, 5, 4, 13, 0), tallinn(2026, 5, 4, 13, 0))).unwrap();
        assert_eq!((one_day.start, one_day.end), (tallinn(2026, 5, 4, 0, 0), tallinn(2026, 5, 5, 0, 0)));
        let three_days = check_event(&input(tallinn(2026, 5, 4, 0, 0), tallinn(2026, 5, 7, 0, 0))).unwrap();
        assert_eq!((three_days.start, three_days.end), (tallinn(2026, 5, 4, 0, 0), tallinn(2026, 5, 7, 0, 0)), "an end at midnight is kept");
    }
}
