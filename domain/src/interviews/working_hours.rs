//! Working hours per weekday, of a company and of a user (one of its staff), in Europe/Tallinn
//! local time. A weekday without a row is a day off; no rows at all means "not set".
//!
//! Which hours bind an interview's offered slots ([`effective`]): the inviting user's own when
//! they set any, else the company's, else none (any time is fine).
//!
//! Writes replace the whole week. The company's hours are set by its supervisor; a user's by the
//! user, or by the supervisor of a company the user works for (checked by the caller).

use chrono::{DateTime, Datelike, NaiveTime, Utc};
use chrono_tz::Europe::Tallinn;
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::platform::error::{Error, Result};

/// One weekday's hours: `weekday` 1 = Monday … 7 = Sunday, `start` and `end` as `HH:MM`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkingDay {
    /// 1 = Monday … 7 = Sunday.
    pub weekday: i16,
    /// Local time in Tallinn, `HH:MM`.
    #[schema(example = "09:00")]
    pub start: String,
    /// Local time in Tallinn, `HH:MM`, after `start`.
    #[schema(example = "17:00")]
    pub end: String,
}

/// A checked day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hours {
    pub weekday: i16,
    pub start: NaiveTime,
    pub end: NaiveTime,
}

fn time(text: &str, field: &'static str) -> Result<NaiveTime> {
    NaiveTime::parse_from_str(text.trim(), "%H:%M")
        .or_else(|_| NaiveTime::parse_from_str(text.trim(), "%H:%M:%S"))
        .map_err(|_| Error::field(field, format!("The time {text:?} is not a time of day as HH:MM")))
}

/// Checks a week: weekdays 1–7, each at most once, times as `HH:MM`, the end after the start.
pub fn check(days: &[WorkingDay]) -> Result<Vec<Hours>> {
    let mut checked: Vec<Hours> = Vec::with_capacity(days.len());
    for day in days {
        if !(1..=7).contains(&day.weekday) {
            return Err(Error::field("weekday", "The weekday must be 1 (Monday) to 7 (Sunday)"));
        }
        if checked.iter().any(|h| h.weekday == day.weekday) {
            return Err(Error::field("weekday", format!("Weekday {} is given twice", day.weekday)));
        }
        let start = time(&day.start, "start")?;
        let end = time(&day.end, "end")?;
        if end <= start {
            return Err(Error::field("end", format!("On weekday {} the end must come after the start", day.weekday)));
        }
        checked.push(Hours { weekday: day.weekday, start, end });
    }
    checked.sort_by_key(|h| h.weekday);
    Ok(checked)
}

fn to_days(rows: Vec<(i16, NaiveTime, NaiveTime)>) -> Vec<WorkingDay> {
    rows.into_iter()
        .map(|(weekday, start, end)| WorkingDay { weekday, start: start.format("%H:%M").to_string(), end: end.format("%H:%M").to_string() })
        .collect()
}

pub async fn of_company(db: impl PgExecutor<'_>, company_id: Uuid) -> Result<Vec<WorkingDay>> {
    let rows = sqlx::query_as("select weekday, start_time, end_time from company_working_hours where company_id = $1 order by weekday")
        .bind(company_id)
        .fetch_all(db)
        .await?;
    Ok(to_days(rows))
}

pub async fn of_user(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Vec<WorkingDay>> {
    let rows = sqlx::query_as("select weekday, start_time, end_time from user_working_hours where user_id = $1 order by weekday")
        .bind(user_id)
        .fetch_all(db)
        .await?;
    Ok(to_days(rows))
}

/// Replaces the company's week.
pub async fn set_company(conn: &mut PgConnection, company_id: Uuid, days: &[WorkingDay]) -> Result<Vec<WorkingDay>> {
    let hours = check(days)?;
    sqlx::query("delete from company_working_hours where company_id = $1").bind(company_id).execute(&mut *conn).await?;
    for h in &hours {
        sqlx::query("insert into company_working_hours (company_id, weekday, start_time, end_time) values ($1, $2, $3, $4)")
            .bind(company_id)
            .bind(h.weekday)
            .bind(h.start)
            .bind(h.end)
            .execute(&mut *conn)
            .await?;
    }
    of_company(&mut *conn, company_id).await
}

/// Replaces the user's week.
pub async fn set_user(conn: &mut PgConnection, user_id: Uuid, days: &[WorkingDay]) -> Result<Vec<WorkingDay>> {
    let hours = check(days)?;
    sqlx::query("delete from user_working_hours where user_id = $1").bind(user_id).execute(&mut *conn).await?;
    for h in &hours {
        sqlx::query("insert into user_working_hours (user_id, weekday, start_time, end_time) values ($1, $2, $3, $4)")
            .bind(user_id)
            .bind(h.weekday)
            .bind(h.start)
            .bind(h.end)
            .execute(&mut *conn)
            .await?;
    }
    of_user(&mut *conn, user_id).await
}

/// The hours that bind the user's interviews for the company: the user's own, else the
/// company's; empty when neither is set.
pub async fn effective(conn: &mut PgConnection, user_id: Uuid, company_id: Uuid) -> Result<Vec<Hours>> {
    let mut days = of_user(&mut *conn, user_id).await?;
    if days.is_empty() {
        days = of_company(&mut *conn, company_id).await?;
    }
    check(&days)
}

/// Whether `[start, end)` lies within one day's hours (local time in Tallinn). Empty hours bind nothing.
pub fn within(hours: &[Hours], start: DateTime<Utc>, end: DateTime<Utc>) -> bool {
    if hours.is_empty() {
        return true;
    }
    let (from, to) = (start.with_timezone(&Tallinn), end.with_timezone(&Tallinn));
    if from.date_naive() != to.date_naive() && to.time() != NaiveTime::MIN {
        return false;
    }
    let weekday = from.weekday().number_from_monday() as i16;
    let Some(day) = hours.iter().find(|h| h.weekday == weekday) else { return false };
    let until = if to.date_naive() != from.date_naive() { None } else { Some(to.time()) };
    day.start <= from.time() && until.is_some_and(|t| t <= day.end)
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone};

    use super::*;

    fn day(weekday: i16, start: &str, end: &str) -> WorkingDay {
        WorkingDay { weekday, start: start.into(), end: end.into() }
    }

    fn tallinn(d: u32, h: u32, m: u32) -> DateTime<Utc> {
        // November 2026: the 23rd is a Monday; Tallinn is UTC+2
        Tallinn.from_local_datetime(&NaiveDate::from_ymd_opt(2026, 11, d).unwrap().and_hms_opt(h, m, 0).unwrap()).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_week_needs_known_weekdays_once_and_times_in_order() {
        assert_eq!(check(&[day(2, "09:00", "17:00"), day(1, "8:30", "16:00")]).unwrap()[0].weekday, 1, "sorted by weekday");
        let field = |days: &[WorkingDay]| match check(days).unwrap_err() {
            Error::Client { field, .. } => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(field(&[day(0, "09:00", "17:00")]), Some("weekday"));
        assert_eq!(field(&[day(8, "09:00", "17:00")]), Some("weekday"));
        assert_eq!(field(&[day(1, "09:00", "17:00"), day(1, "10:00", "11:00")]), Some("weekday"));
        assert_eq!(field(&[day(1, "nine", "17:00")]), Some("start"));
        assert_eq!(field(&[day(1, "09:00", "25:00")]), Some("end"));
        assert_eq!(field(&[day(1, "17:00", "09:00")]), Some("end"));
        assert_eq!(field(&[day(1, "09:00", "09:00")]), Some("end"));
    }

    #[test]
    fn a_slot_must_lie_inside_its_days_hours_in_tallinn_time() {
        let hours = check(&[day(1, "09:00", "17:00")]).unwrap();
        assert!(within(&hours, tallinn(23, 9, 0), tallinn(23, 17, 0)), "the whole Monday");
        assert!(!within(&hours, tallinn(23, 8, 59), tallinn(23, 10, 0)), "starts too early");
        assert!(!within(&hours, tallinn(23, 16, 0), tallinn(23, 17, 1)), "ends too late");
        assert!(!within(&hours, tallinn(24, 10, 0), tallinn(24, 11, 0)), "Tuesday is a day off");
        assert!(!within(&hours, tallinn(23, 16, 0), tallinn(24, 10, 0)), "over midnight");
        assert!(within(&[], tallinn(24, 3, 0), tallinn(24, 4, 0)), "no hours set: anything goes");
    }
}
