//! Reports of an ad by anyone, signed in or not: a reason and an optional text. The same reporter
//! (the account, else the client address) reporting the same ad again counts once: the first
//! report stands. Rate limits per address and per account are the API's. A signed-in reporter sees
//! each report's outcome in their list ([`mine`]) once an administrator decided.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::{Error, Result};
use crate::platform::locale::Locale;
use crate::platform::reference;

/// The longest text a report may carry, in characters.
pub const TEXT_MAX: usize = 1000;

/// Why an ad is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReportReason {
    /// A scam, or it asks for money.
    Scam,
    Discriminatory,
    /// Misleading or wrong.
    Misleading,
    /// The position is already filled.
    Filled,
    Other,
}

impl ReportReason {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Scam => "SCAM",
            Self::Discriminatory => "DISCRIMINATORY",
            Self::Misleading => "MISLEADING",
            Self::Filled => "FILLED",
            Self::Other => "OTHER",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Scam, Self::Discriminatory, Self::Misleading, Self::Filled, Self::Other].into_iter().find(|r| r.as_str() == text)
    }
}

/// What became of a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReportOutcome {
    /// Not yet decided.
    Open,
    /// Reviewed: the ad stays.
    Approved,
    /// The ad was rejected before it went live.
    Rejected,
    /// The ad was taken down.
    TakenDown,
    /// The report was dismissed.
    Dismissed,
}

impl ReportOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "OPEN",
            Self::Approved => "APPROVED",
            Self::Rejected => "REJECTED",
            Self::TakenDown => "TAKEN_DOWN",
            Self::Dismissed => "DISMISSED",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Open, Self::Approved, Self::Rejected, Self::TakenDown, Self::Dismissed].into_iter().find(|o| o.as_str() == text)
    }
}

/// Who reports: the signed-in account, else the client address.
#[derive(Clone, Copy, Debug)]
pub struct Reporter<'a> {
    pub user_id: Option<Uuid>,
    pub ip: Option<&'a str>,
}

impl Reporter<'_> {
    fn key(&self) -> String {
        match (self.user_id, self.ip) {
            (Some(user_id), _) => format!("user:{user_id}"),
            (None, Some(ip)) => format!("ip:{ip}"),
            (None, None) => "ip:unknown".to_string(),
        }
    }
}

/// Whether a report was new or the same reporter's again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Submitted {
    New,
    /// The reporter had reported the ad already: counted once.
    Again,
}

/// Reports an ad that has a public page (else "not found"). The text is trimmed; over
/// [`TEXT_MAX`] characters it is a 400 naming `text`.
#[tracing::instrument(skip_all, fields(%vacancy_id))]
pub async fn submit(pool: &PgPool, vacancy_id: Uuid, reporter: Reporter<'_>, reason: ReportReason, text: Option<&str>) -> Result<Submitted> {
    let text = text.map(str::trim).filter(|t| !t.is_empty());
    if text.is_some_and(|t| t.chars().count() > TEXT_MAX) {
        return Err(Error::field("text", format!("The text may be at most {TEXT_MAX} characters long")));
    }
    // a page a visitor can open: published once, not deleted, of a live company (an ad moderation
    // holds back has no public page, but one taken down may be reported by who saw it before)
    let reportable: bool = sqlx::query_scalar(
        "select exists (select 1 from vacancies v join companies c on c.id = v.company_id
                        where v.id = $1 and v.type = 'DEFAULT' and v.status in ('EXISTS', 'HIDDEN', 'ARCHIVED')
                          and v.publish_at is not null and c.deleted_at is null)",
    )
    .bind(vacancy_id)
    .fetch_one(pool)
    .await?;
    if !reportable {
        return Err(Error::not_found());
    }
    let inserted = sqlx::query(
        "insert into vacancy_reports (vacancy_id, reason, text, reporter_user_id, reporter_key)
         values ($1, $2, $3, $4, $5) on conflict (vacancy_id, reporter_key) do nothing",
    )
    .bind(vacancy_id)
    .bind(reason.as_str())
    .bind(text)
    .bind(reporter.user_id)
    .bind(reporter.key())
    .execute(pool)
    .await?;
    Ok(if inserted.rows_affected() == 1 { Submitted::New } else { Submitted::Again })
}

/// One of a signed-in reporter's reports with its outcome.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyReport {
    pub id: Uuid,
    pub vacancy_id: Uuid,
    /// The ad's title (occupation) in the request's language.
    pub title: Option<String>,
    pub company_name: String,
    pub reason: ReportReason,
    pub outcome: ReportOutcome,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct StoredReport {
    id: Uuid,
    vacancy_id: Uuid,
    title: Option<String>,
    company_name: String,
    reason: String,
    outcome: String,
    created_at: DateTime<Utc>,
    decided_at: Option<DateTime<Utc>>,
}

/// The signed-in user's reports, newest first (at most 100).
#[tracing::instrument(skip_all)]
pub async fn mine(pool: &PgPool, user_id: Uuid, locale: Locale) -> Result<Vec<MyReport>> {
    let sql = format!(
        "select r.id, r.vacancy_id, coalesce({label}, v.occupation_label) as title, c.business_name as company_name,
                r.reason, r.outcome, r.created_at, r.decided_at
         from vacancy_reports r join vacancies v on v.id = r.vacancy_id join companies c on c.id = v.company_id
         left join ref_occupations o on o.code = v.occupation_code
         where r.reporter_user_id = $1
         order by r.created_at desc, r.id limit 100",
        label = reference::label_sql(locale, "o"),
    );
    // the label column comes from a fixed list (label_sql), never from the request
    let rows: Vec<StoredReport> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await?;
    Ok(rows
        .into_iter()
        .map(|r| MyReport {
            id: r.id,
            vacancy_id: r.vacancy_id,
            title: r.title,
            company_name: r.company_name,
            reason: ReportReason::parse(&r.reason).unwrap_or(ReportReason::Other),
            outcome: ReportOutcome::parse(&r.outcome).unwrap_or(ReportOutcome::Open),
            created_at: r.created_at,
            decided_at: r.decided_at,
        })
        .collect())
}
