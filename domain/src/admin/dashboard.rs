//! The back office's dashboard (issue 19): vacancies live, published today, applications today,
//! this month's invoiced revenue (paid and unpaid), the CV database's size, and the vacancies
//! published on each of the last 30 days. Days and months are Tallinn's. The figures are one
//! query, the series another.

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgPool;

use crate::billing::shared::tallinn_day;
use crate::cvs::favourites::IN_DATABASE;
use crate::platform::error::Result;
use crate::vacancies::{ACTIVE_SQL, PUBLIC_SQL};

/// The days the chart covers, today included.
pub const CHART_DAYS: u64 = 30;

/// One day of the chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayCount {
    pub day: NaiveDate,
    pub count: i64,
}

/// The dashboard's figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    /// Today in Tallinn.
    pub today: NaiveDate,
    /// Vacancies open now (searchable, can be applied to).
    pub vacancies_live: i64,
    /// Vacancies that went public today (their publish time is today and has come).
    pub published_today: i64,
    /// Applications made today.
    pub applications_today: i64,
    /// The totals (VAT included) of this month's invoices that are paid, in cents.
    pub revenue_paid_cents: i64,
    /// The totals (VAT included) of this month's invoices still unpaid, in cents.
    pub revenue_unpaid_cents: i64,
    /// CVs employers find in the CV database.
    pub cv_database_size: i64,
    /// Vacancies published on each of the last 30 days, oldest first (days without one count 0).
    pub published_per_day: Vec<DayCount>,
}

#[derive(sqlx::FromRow)]
struct Figures {
    vacancies_live: i64,
    published_today: i64,
    applications_today: i64,
    revenue_paid_cents: i64,
    revenue_unpaid_cents: i64,
    cv_database_size: i64,
}

/// The dashboard as of `now`.
#[tracing::instrument(skip_all)]
pub async fn dashboard(pool: &PgPool, now: DateTime<Utc>) -> Result<Dashboard> {
    let today = tallinn_day(now);
    let month_start = today.with_day(1).unwrap_or(today);
    let first_day = today.checked_sub_days(Days::new(CHART_DAYS - 1)).unwrap_or(today);
    // the formatted parts are the crate's own SQL constants, never input
    let figures: Figures = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select
            (select count(*) from vacancies v join companies c on c.id = v.company_id where {ACTIVE_SQL}) as vacancies_live,
            (select count(*) from vacancies v join companies c on c.id = v.company_id
              where {PUBLIC_SQL} and (v.publish_at at time zone 'Europe/Tallinn')::date = $1) as published_today,
            (select count(*) from applications a
              where a.status <> 'TEMPORARY' and (a.created_at at time zone 'Europe/Tallinn')::date = $1) as applications_today,
            (select coalesce(sum(total_cents), 0)::bigint from invoices
              where deleted_at is null and status = 'PAID' and issued_on between $2 and $1) as revenue_paid_cents,
            (select coalesce(sum(total_cents), 0)::bigint from invoices
              where deleted_at is null and status = 'UNPAID' and issued_on between $2 and $1) as revenue_unpaid_cents,
            (select count(*) from cvs cv where {IN_DATABASE}) as cv_database_size"
    )))
    .bind(today)
    .bind(month_start)
    .fetch_one(pool)
    .await?;
    let published_per_day: Vec<DayCount> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select d.day::date as day, count(v.id) as count
         from generate_series($1::date, $2::date, interval '1 day') as d(day)
         left join (vacancies v join companies c on c.id = v.company_id)
           on {PUBLIC_SQL} and (v.publish_at at time zone 'Europe/Tallinn')::date = d.day::date
         group by d.day order by d.day"
    )))
    .bind(first_day)
    .bind(today)
    .fetch_all(pool)
    .await?;
    Ok(Dashboard {
        today,
        vacancies_live: figures.vacancies_live,
        published_today: figures.published_today,
        applications_today: figures.applications_today,
        revenue_paid_cents: figures.revenue_paid_cents,
        revenue_unpaid_cents: figures.revenue_unpaid_cents,
        cv_database_size: figures.cv_database_size,
        published_per_day,
    })
}
