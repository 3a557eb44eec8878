//! Mailing-list opt-out links, and the badge counts of the menu.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use crate::delegation;
use crate::platform::crypto;
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

/// The counts for a user acting for `company` (an employer) or for themselves (an applicant):
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
                 (select count(*) from applications a join vacancies v on v.id = a.vacancy_id, since
                  where v.company_id = $2 and a.withdrawn_at is null and a.status = 'EXISTS' and a.created_at > since.applications
                    and {sees_vacancy})
             else
                 (select count(*) from applications a, since
                  where a.applicant_user_id = $1 and a.change_flag = 'UPDATED' and a.updated_at > since.applications)
             end,
             case when $2::uuid is not null then
                 (select count(*) from interviews i, since
                  where i.company_id = $2 and {sees_interview}
                    and ((i.status = 'ACCEPTED' and i.accepted_at > since.interviews)
                         or (i.status = 'CANCELED' and i.canceled_by_user_id = i.applicant_user_id and i.canceled_at > since.interviews)))
             else
                 (select count(*) from interviews i, since
                  where i.applicant_user_id = $1 and i.status = 'INVITED' and i.created_at > since.interviews)
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
