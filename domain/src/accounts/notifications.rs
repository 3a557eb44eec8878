//! Mailing-list opt-out links, the badge counts of the menu, and the notification centre: the
//! events behind the badges (rows written by database triggers where each event happens, see the
//! migration `notification_centre`), listed newest first and marked read by each reader.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use crate::delegation;
use crate::platform::crypto;
use crate::platform::locale::Locale;
use crate::platform::error::{Error, Result};

/// A new opt-out token for the user's mail; only its hash is kept.
pub async fn issue_unsubscribe_token(pool: &PgPool, user_id: Uuid) -> Result<String> {
    let token = crypto::random_token(24);
    sqlx::query("insert into unsubscribe_tokens (user_id, token_hash) values ($1, $2)")
        .bind(user_id)
        .bind(crypto::sha256(token.as_bytes()))
        .execute(pool)
        .await?;
    Ok(token)
}

/// Takes the user off the mailing list when the token is theirs. Following the same link again
/// is fine; a wrong user or token is "not found".
pub async fn unsubscribe(pool: &PgPool, username: &str, token: &str) -> Result<()> {
    let mut tx = pool.begin().await?;
    let user: Option<Uuid> = sqlx::query_scalar(
        "update unsubscribe_tokens t set used_at = coalesce(t.used_at, now())
         from users u where u.id = t.user_id and u.username = lower($1) and t.token_hash = $2 and u.deleted_at is null
         returning u.id",
    )
    .bind(username.trim())
    .bind(crypto::sha256(token.as_bytes()))
    .fetch_optional(&mut *tx)
    .await?;
    let user = user.ok_or_else(Error::not_found)?;
    sqlx::query("update users set newsletter_opt_in = false where id = $1").bind(user).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// The kinds of badge on the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum BadgeKind {
    Interviews,
    Applications,
    Messages,
    Invoices,
}

impl BadgeKind {
    fn as_str(self) -> &'static str {
        match self {
            BadgeKind::Interviews => "INTERVIEWS",
            BadgeKind::Applications => "APPLICATIONS",
            BadgeKind::Messages => "MESSAGES",
            BadgeKind::Invoices => "INVOICES",
        }
    }
}

/// What has happened since the user last opened each part of their area.
#[derive(Clone, Debug, Default, PartialEq, Serialize, utoipa::ToSchema)]
pub struct BadgeCounts {
    pub applications: i64,
    pub interviews: i64,
    pub messages: i64,
    pub invoices: i64,
}

/// The counts for a user acting for `company` (an employer) or for themselves (an applicant).
/// The applications and interviews badges count the notification centre's rows (the events),
/// still standing in their object (an application withdrawn, or an invitation since answered, no
/// longer counts); messages and invoices count what waits (unread messages, unpaid invoices),
/// whose state lives in their own rows:
/// applications received (employer) or updated by the employer (applicant) since last seen;
/// interview invitations (applicant) or the applicant's answers to them, an acceptance or a
/// cancellation (employer), since last seen (the employer's own cancellations and later edits do
/// not count); unread chat messages from the other side (for a company, from the applicant: a
/// colleague's message is not unread); unpaid invoices. A member of a company's staff counts only
/// the candidates, interviews and chats they see ([`delegation`]).
pub async fn badge_counts(pool: &PgPool, user_id: Uuid, company: Option<Uuid>) -> Result<BadgeCounts> {
    let sql = format!(
        "with seen as (
             select kind, seen_at from menu_notification_seen where user_id = $1 and company_id is not distinct from $2
         ), since as (
             select coalesce((select seen_at from seen where kind = 'APPLICATIONS'), '-infinity'::timestamptz) as applications,
                    coalesce((select seen_at from seen where kind = 'INTERVIEWS'), '-infinity'::timestamptz) as interviews
         )
         select
             case when $2::uuid is not null then
                 (select count(distinct a.id) from notifications n join applications a on a.id = n.application_id
                      join vacancies v on v.id = a.vacancy_id, since
                  where n.company_id = $2 and n.kind = 'APPLICATION_RECEIVED' and n.created_at > since.applications
                    and a.withdrawn_at is null and a.status = 'EXISTS' and {sees_vacancy})
             else
                 (select count(*) from applications a, since
                  where a.applicant_user_id = $1 and a.change_flag = 'UPDATED' and a.updated_at > since.applications)
             end,
             case when $2::uuid is not null then
                 (select count(distinct i.id) from notifications n join interviews i on i.id = n.interview_id, since
                  where n.company_id = $2 and n.created_at > since.interviews and {sees_interview}
                    and ((n.kind = 'INTERVIEW_ACCEPTED' and i.status = 'ACCEPTED') or (n.kind = 'INTERVIEW_CANCELED' and i.status = 'CANCELED')))
             else
                 (select count(distinct i.id) from notifications n join interviews i on i.id = n.interview_id, since
                  where n.user_id = $1 and n.kind = 'INTERVIEW_INVITED' and i.status = 'INVITED' and n.created_at > since.interviews)
             end,
             (select count(*) from chat_messages m join chats c on c.id = m.chat_id
              where m.read_at is null
                and (case when $2::uuid is not null then c.company_id = $2 and m.author_user_id = c.applicant_user_id and {sees_chat}
                          else c.applicant_user_id = $1 and m.author_user_id is distinct from c.applicant_user_id end)),
             (select count(*) from invoices i
              where i.status = 'UNPAID' and i.deleted_at is null
                and (case when $2::uuid is not null then i.company_id = $2 else i.user_id = $1 and i.company_id is null end))",
        sees_vacancy = delegation::sees_vacancy_sql("v", "$1"),
        sees_interview = delegation::sees_interview_sql("i", "$1"),
        sees_chat = delegation::sees_applicant_sql("c.company_id", "c.applicant_user_id", "$1", "c.application_id", "c.started_by_user_id"),
    );
    let (applications, interviews, messages, invoices): (i64, i64, i64, i64) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
    .bind(user_id)
    .bind(company)
    .fetch_one(pool)
    .await?;
    Ok(BadgeCounts { applications, interviews, messages, invoices })
}

/// Marks a part of the area as seen now; its badge counts from here on.
pub async fn mark_seen(pool: &PgPool, user_id: Uuid, company: Option<Uuid>, kind: BadgeKind) -> Result<DateTime<Utc>> {
    Ok(sqlx::query_scalar(
        "insert into menu_notification_seen (user_id, company_id, kind, seen_at) values ($1, $2, $3, now())
         on conflict (user_id, company_id, kind) do update set seen_at = now() returning seen_at",
    )
    .bind(user_id)
    .bind(company)
    .bind(kind.as_str())
    .fetch_one(pool)
    .await?)
}

/// One event of the notification centre, newest first in [`list`]. The ids name its object; the
/// web links each kind to its screen.
#[derive(Clone, Debug, PartialEq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserNotification {
    pub id: Uuid,
    /// APPLICATION_RECEIVED, MESSAGE_RECEIVED, INTERVIEW_INVITED, INTERVIEW_ACCEPTED,
    /// INTERVIEW_CANCELED, INVOICE_DUE, INVOICE_PAID, CLAIM_APPROVED, CLAIM_REJECTED or ALERT_MATCH.
    pub kind: String,
    pub created_at: DateTime<Utc>,
    /// Whether the reader has opened it (or marked everything read).
    pub read: bool,
    /// Addressed to the company the reader acts for (its object is on the employer's screens),
    /// not to the reader themselves.
    pub for_company: bool,
    pub vacancy_id: Option<Uuid>,
    pub application_id: Option<Uuid>,
    pub interview_id: Option<Uuid>,
    pub chat_id: Option<Uuid>,
    pub invoice_id: Option<Uuid>,
    pub saved_search_id: Option<Uuid>,
    /// What it is about: the vacancy's title in the request's language, the invoice's number, or
    /// the claimed company's name.
    pub subject: Option<String>,
    /// Who is on the other side: the applicant (for a company) or the company (for an applicant).
    pub counterpart: Option<String>,
    /// The claimed company's key (CLAIM_APPROVED and CLAIM_REJECTED).
    pub country_code: Option<String>,
    pub registry_code: Option<String>,
}

/// A page of notifications, with the reader's unread count over all of them.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserNotificationPage {
    pub content: Vec<UserNotification>,
    pub total_elements: i64,
    pub total_pages: i64,
    /// Zero-based.
    pub page: u32,
    pub size: u32,
    pub unread: i64,
}

/// The notification-centre rows user `$1` reads while acting for company `$2` (null: for no
/// company): those addressed to them, and those addressed to the company whose object they see
/// ([`delegation`]: a moderator sees the events of their vacancies only).
fn visible_sql() -> String {
    format!(
        "(n.user_id = $1 or ($2::uuid is not null and n.company_id = $2 and
             case when n.interview_id is not null then exists (select 1 from interviews i2 where i2.id = n.interview_id and {sees_interview})
                  when n.chat_id is not null then exists (select 1 from chats c2 where c2.id = n.chat_id and {sees_chat})
                  when n.vacancy_id is not null then exists (select 1 from vacancies v2 where v2.id = n.vacancy_id and {sees_vacancy})
                  else true end))",
        sees_interview = delegation::sees_interview_sql("i2", "$1"),
        sees_chat = delegation::sees_applicant_sql("c2.company_id", "c2.applicant_user_id", "$1", "c2.application_id", "c2.started_by_user_id"),
        sees_vacancy = delegation::sees_vacancy_sql("v2", "$1"),
    )
}

pub const PAGE_SIZE_MAX: u32 = 100;

/// A page (zero-based, `size` 1 to 100, 20 by default) of what the user reads ([`visible_sql`]),
/// newest first, with the unread count.
#[tracing::instrument(skip_all)]
pub async fn list(
    pool: &PgPool,
    user_id: Uuid,
    company: Option<Uuid>,
    locale: Locale,
    page: Option<u32>,
    size: Option<u32>,
) -> Result<UserNotificationPage> {
    let size = size.unwrap_or(20);
    if size == 0 || size > PAGE_SIZE_MAX {
        return Err(Error::field("size", format!("size must be 1 to {PAGE_SIZE_MAX}")));
    }
    let page = page.unwrap_or(0);
    let (total, unread) = counts(pool, user_id, company).await?;
    let sql = format!(
        "select n.id, n.kind, n.created_at, r.read_at is not null as read, n.company_id is not null as for_company,
                n.vacancy_id, n.application_id, n.interview_id, n.chat_id, n.invoice_id, n.saved_search_id,
                coalesce(inv.number, coalesce({title}, v.occupation_label), cc.business_name, n.payload->>'registryCode') as subject,
                case when n.company_id is not null then nullif(trim(concat_ws(' ', p.firstname, p.lastname)), '')
                     else co.business_name end as counterpart,
                n.payload->>'countryCode' as country_code, n.payload->>'registryCode' as registry_code
         from notifications n
         left join notification_reads r on r.notification_id = n.id and r.user_id = $1
         left join vacancies v on v.id = n.vacancy_id
         left join ref_occupations o on o.code = v.occupation_code
         left join invoices inv on inv.id = n.invoice_id
         left join applications a on a.id = n.application_id
         left join interviews i on i.id = n.interview_id
         left join chats ch on ch.id = n.chat_id
         left join profiles p on p.user_id = coalesce(a.applicant_user_id, i.applicant_user_id, ch.applicant_user_id)
         left join companies co on co.id = coalesce(v.company_id, i.company_id, ch.company_id)
         left join companies cc on n.kind like 'CLAIM\\_%' and cc.deleted_at is null
              and cc.country_code = n.payload->>'countryCode' and cc.registry_code = n.payload->>'registryCode'
         where {visible}
         order by n.created_at desc, n.id desc
         limit $3 offset $4",
        title = crate::platform::reference::label_sql(locale, "o"),
        visible = visible_sql(),
    );
    let content: Vec<UserNotification> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(company)
        .bind(i64::from(size))
        .bind(i64::from(page) * i64::from(size))
        .fetch_all(pool)
        .await?;
    Ok(UserNotificationPage { content, total_elements: total, total_pages: (total + i64::from(size) - 1) / i64::from(size), page, size, unread })
}

/// How many notifications the user reads, and how many of them are unread.
async fn counts(pool: &PgPool, user_id: Uuid, company: Option<Uuid>) -> Result<(i64, i64)> {
    let sql = format!(
        "select count(*), count(*) filter (where r.read_at is null)
         from notifications n left join notification_reads r on r.notification_id = n.id and r.user_id = $1
         where {}",
        visible_sql()
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(user_id).bind(company).fetch_one(pool).await?)
}

/// The user's unread notifications (the header's bell).
#[tracing::instrument(skip_all)]
pub async fn unread_count(pool: &PgPool, user_id: Uuid, company: Option<Uuid>) -> Result<i64> {
    Ok(counts(pool, user_id, company).await?.1)
}

/// Marks one notification read for the user (again is fine); one they do not read is "not found".
#[tracing::instrument(skip_all)]
pub async fn mark_read(pool: &PgPool, user_id: Uuid, company: Option<Uuid>, id: Uuid) -> Result<()> {
    let sql = format!("select exists (select 1 from notifications n where n.id = $3 and {})", visible_sql());
    let visible: bool = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(user_id).bind(company).bind(id).fetch_one(pool).await?;
    if !visible {
        return Err(Error::not_found());
    }
    sqlx::query("insert into notification_reads (notification_id, user_id) values ($1, $2) on conflict do nothing")
        .bind(id)
        .bind(user_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Marks everything the user reads as read; answers how many were unread.
#[tracing::instrument(skip_all)]
pub async fn mark_all_read(pool: &PgPool, user_id: Uuid, company: Option<Uuid>) -> Result<u64> {
    let sql = format!(
        "insert into notification_reads (notification_id, user_id)
         select n.id, $1 from notifications n where {} on conflict do nothing",
        visible_sql()
    );
    Ok(sqlx::query(sqlx::AssertSqlSafe(sql)).bind(user_id).bind(company).execute(pool).await?.rows_affected())
}
