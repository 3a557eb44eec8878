//! The administrators' queue (`/{lang}/admin/moderation`): the ads waiting for review before they go
//! live (PENDING), the ads published live at once and not yet reviewed (UNREVIEWED), and any ad
//! with open reports; newest report first, then the newest in the queue. Each item carries its open
//! reports with their reasons, the company's history (ads published, ads rejected, reports,
//! contract, age of the account) and the ad's stored signals.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use super::ReviewStatus;
use super::reports::ReportReason;
use crate::platform::error::{Error, Result};
use crate::platform::locale::Locale;
use crate::platform::reference;
use crate::signals::{self, Signal};

/// The most items one queue page holds.
pub const QUEUE_MAX: i64 = 100;

/// One open report as the queue shows it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueReport {
    pub id: Uuid,
    pub reason: ReportReason,
    pub text: Option<String>,
    /// Whether a signed-in account reported (else a visitor's address).
    pub signed_in: bool,
    pub created_at: DateTime<Utc>,
}

/// The company's history with moderation.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyHistory {
    pub company_id: Uuid,
    pub business_name: String,
    pub registry_code: String,
    pub country_code: String,
    /// Its ads ever published (paid or under contract, not held back by moderation).
    pub ads_published: i64,
    /// Its ads rejected or taken down.
    pub ads_rejected: i64,
    /// Reports ever made on its ads.
    pub reports: i64,
    pub has_contract: bool,
    /// When the company's account was made.
    pub created_at: DateTime<Utc>,
}

/// One ad of the queue.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueItem {
    pub vacancy_id: Uuid,
    /// The ad's title (occupation) in the request's language.
    pub title: Option<String>,
    /// The ad's text in its first language, as the public page shows it (sanitized rich text).
    pub teaser: Option<String>,
    pub content: Option<String>,
    pub review_status: ReviewStatus,
    /// Whether it waits for review before it goes live.
    pub waiting: bool,
    /// When it entered the queue (published or edited).
    pub review_requested_at: Option<DateTime<Utc>>,
    pub publish_at: Option<DateTime<Utc>>,
    pub reports: Vec<QueueReport>,
    pub company: CompanyHistory,
    pub signals: Vec<Signal>,
}

#[derive(sqlx::FromRow)]
struct Head {
    id: Uuid,
    title: Option<String>,
    teaser: Option<String>,
    content: Option<String>,
    review_status: String,
    review_requested_at: Option<DateTime<Utc>>,
    publish_at: Option<DateTime<Utc>>,
    company_id: Uuid,
}

// ads published: paid and published, whatever was decided after (a rejection before the ad went
// live takes its payment back to NONE, so a REJECTED one counted here was live)
const HISTORY_SQL: &str = "select c.id as company_id, c.business_name, c.registry_code, c.country_code, c.has_contract, c.created_at,
        (select count(*) from vacancies v where v.company_id = c.id and v.type = 'DEFAULT' and v.publish_at is not null
           and v.payment_status = 'PAID' and v.review_status in ('NONE', 'UNREVIEWED', 'APPROVED', 'TAKEN_DOWN', 'REJECTED')) as ads_published,
        (select count(*) from vacancies v where v.company_id = c.id and v.review_status in ('REJECTED', 'TAKEN_DOWN')) as ads_rejected,
        (select count(*) from vacancy_reports r join vacancies v on v.id = r.vacancy_id where v.company_id = c.id) as reports
     from companies c where c.id = $1";

/// The queue, newest report first, then newest in the queue (at most [`QUEUE_MAX`]).
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool, locale: Locale) -> Result<Vec<QueueItem>> {
    let sql = format!(
        "select v.id, coalesce({label}, v.occupation_label) as title, t.teaser, t.content, v.review_status,
                v.review_requested_at, v.publish_at, v.company_id
         from vacancies v join companies c on c.id = v.company_id
         left join ref_occupations o on o.code = v.occupation_code
         left join lateral (select teaser, content from vacancy_contents x where x.vacancy_id = v.id
                            order by x.language_code = $1 desc, x.language_code limit 1) t on true
         where v.status <> 'DELETED' and v.type = 'DEFAULT' and c.deleted_at is null
           and (v.review_status in ('PENDING', 'UNREVIEWED')
                or exists (select 1 from vacancy_reports r where r.vacancy_id = v.id and r.outcome = 'OPEN'))
         order by (select max(r.created_at) from vacancy_reports r where r.vacancy_id = v.id and r.outcome = 'OPEN') desc nulls last,
                  v.review_requested_at desc nulls last, v.id
         limit $2",
        label = reference::label_sql(locale, "o"),
    );
    // the label column comes from a fixed list (label_sql), never from the request
    let heads: Vec<Head> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(locale.code()).bind(QUEUE_MAX).fetch_all(pool).await?;
    let mut items = Vec::with_capacity(heads.len());
    let mut conn = pool.acquire().await?;
    for head in heads {
        items.push(item(&mut conn, head).await?);
    }
    Ok(items)
}

/// One ad as the queue shows it, whether or not it is in the queue (the ad's admin view).
#[tracing::instrument(skip_all)]
pub async fn one(pool: &PgPool, vacancy_id: Uuid, locale: Locale) -> Result<QueueItem> {
    let sql = format!(
        "select v.id, coalesce({label}, v.occupation_label) as title, t.teaser, t.content, v.review_status,
                v.review_requested_at, v.publish_at, v.company_id
         from vacancies v left join ref_occupations o on o.code = v.occupation_code
         left join lateral (select teaser, content from vacancy_contents x where x.vacancy_id = v.id
                            order by x.language_code = $1 desc, x.language_code limit 1) t on true
         where v.id = $2 and v.status <> 'DELETED' and v.type = 'DEFAULT'",
        label = reference::label_sql(locale, "o"),
    );
    let head: Head = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(locale.code())
        .bind(vacancy_id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(Error::not_found)?;
    let mut conn = pool.acquire().await?;
    item(&mut conn, head).await
}

async fn item(conn: &mut sqlx::PgConnection, head: Head) -> Result<QueueItem> {
    let reports: Vec<(Uuid, String, Option<String>, bool, DateTime<Utc>)> = sqlx::query_as(
        "select id, reason, text, reporter_user_id is not null, created_at from vacancy_reports
         where vacancy_id = $1 and outcome = 'OPEN' order by created_at desc, id",
    )
    .bind(head.id)
    .fetch_all(&mut *conn)
    .await?;
    let company: CompanyHistory = sqlx::query_as(HISTORY_SQL).bind(head.company_id).fetch_one(&mut *conn).await?;
    let status = ReviewStatus::parse(&head.review_status).unwrap_or(ReviewStatus::None);
    Ok(QueueItem {
        vacancy_id: head.id,
        title: head.title,
        teaser: head.teaser,
        content: head.content,
        review_status: status,
        waiting: status == ReviewStatus::Pending,
        review_requested_at: head.review_requested_at,
        publish_at: head.publish_at,
        reports: reports
            .into_iter()
            .map(|(id, reason, text, signed_in, created_at)| QueueReport {
                id,
                reason: ReportReason::parse(&reason).unwrap_or(ReportReason::Other),
                text,
                signed_in,
                created_at,
            })
            .collect(),
        company,
        signals: signals::stored(&mut *conn, head.id).await?,
    })
}
