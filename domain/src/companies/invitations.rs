//! Invitations to a company's staff (issue 32 item 1). The supervisor's add of an e-mail is an
//! invitation, never a membership: until the person signed in with that e-mail accepts it, they
//! have no staff row, no new role and an untouched profile, and the company sees only the e-mail
//! and "invited". Accepting puts them on the staff with the EMPLOYER role; declining deletes the
//! invitation. An e-mail without an account works the same way: the person creates the account by
//! signing in through the mailed link (registration asks for the consents), then accepts.
//!
//! An invitation is bound to the e-mail, not to a token: only a session of the account whose
//! username is that e-mail (proven by a sign-in code sent to it) sees and answers it, so the mailed
//! link carries no secret; it signs in first and lands on the invitations page.
//!
//! The add queues the invitation mail ([`MailStaffInvitation`]) on its transaction; the worker
//! sends it ([`mail_invitation`]) in the person's language (their account's, else the
//! supervisor's).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::staff::{job_title, lock_as_supervisor};
use crate::accounts::{self, CompanyRef, Role, normalize_email};
use crate::platform::audit;
use crate::platform::error::{Error, Result};
use crate::platform::jobs;
use crate::platform::locale::Locale;
use crate::platform::mail::{self, Mailer};

/// The queue of staff invitation mails.
pub const INVITATION_QUEUE: &str = "vakants.staff-invitation-mail";

/// How long an invitation waits for its answer.
pub const INVITATION_DAYS: i64 = 30;

/// At most this many invitations of one company wait at once, so that a company (anyone may claim
/// one on a domain they own) cannot use its invitations to mail any number of strangers.
pub const PENDING_MAX: i64 = 50;

/// Mail a pending invitation to the e-mail it invites.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailStaffInvitation {
    pub invitation_id: Uuid,
}

/// The supervisor's invitation form. Names and phone are not asked: they are the person's own.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StaffInvitationInput {
    /// The person's e-mail (their username once they have an account).
    pub email: String,
    /// The job title the company keeps about the person once they join. At most 100 characters.
    pub job_title: Option<String>,
}

/// Where an invitation stands, as the company sees it.
#[derive(Clone, Copy, Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum InvitationStatus {
    /// Sent; the person has not answered yet.
    #[default]
    Invited,
}

/// A pending invitation as the company sees it: the e-mail it typed and nothing of the person's account.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct StaffInvitation {
    pub id: Uuid,
    pub email: String,
    pub job_title: Option<String>,
    #[sqlx(skip)]
    pub status: InvitationStatus,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// A pending invitation as the invited person sees it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct MyStaffInvitation {
    pub id: Uuid,
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub job_title: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

const COMPANY_SELECT: &str = "select id, email, job_title, created_at, expires_at from company_staff_invitations";

async fn find_pending(conn: &mut PgConnection, company_id: Uuid, email: &str) -> Result<Option<StaffInvitation>> {
    let sql = format!("{COMPANY_SELECT} where company_id = $1 and email = $2 for update");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).bind(email).fetch_optional(&mut *conn).await?)
}

/// The supervisor invites an e-mail to the staff. Nothing of the person's account changes. A second
/// add of an e-mail whose invitation is pending changes nothing and mails nothing (the answer is
/// that invitation); one whose invitation expired is renewed and mailed again. A member's e-mail is
/// a 400 naming `email`. Audited.
#[tracing::instrument(skip_all)]
pub async fn invite(pool: &PgPool, company_id: Uuid, actor: Uuid, locale: Locale, input: &StaffInvitationInput, ip: Option<&str>) -> Result<StaffInvitation> {
    let email = normalize_email(&input.email)?;
    let title = job_title(input.job_title.as_deref())?;
    let mut tx = pool.begin().await?;
    lock_as_supervisor(&mut tx, company_id, actor).await?;
    let member: bool = sqlx::query_scalar(
        "select exists (select 1 from company_staff s join users u on u.id = s.user_id
                        where s.company_id = $1 and u.username = $2 and u.deleted_at is null)",
    )
    .bind(company_id)
    .bind(&email)
    .fetch_one(&mut *tx)
    .await?;
    if member {
        return Err(Error::field("email", "This person is already on the staff"));
    }
    let invitation: StaffInvitation = match find_pending(&mut tx, company_id, &email).await? {
        Some(pending) if pending.expires_at > Utc::now() => return Ok(pending),
        Some(expired) => {
            sqlx::query_as(
                "update company_staff_invitations set job_title = $2, invited_by_user_id = $3, locale = $4,
                        created_at = now(), expires_at = now() + make_interval(days => $5::int)
                 where id = $1 returning id, email, job_title, created_at, expires_at",
            )
                .bind(expired.id)
                .bind(&title)
                .bind(actor)
                .bind(locale.code())
                .bind(INVITATION_DAYS as i32)
                .fetch_one(&mut *tx)
                .await?
        }
        None => {
            let waiting: i64 = sqlx::query_scalar("select count(*) from company_staff_invitations where company_id = $1 and expires_at > now()")
                .bind(company_id)
                .fetch_one(&mut *tx)
                .await?;
            if waiting >= PENDING_MAX {
                return Err(Error::field("email", format!("At most {PENDING_MAX} invitations may wait for an answer; withdraw some first")));
            }
            sqlx::query_as(
                "insert into company_staff_invitations (company_id, email, job_title, invited_by_user_id, locale, expires_at)
                 values ($1, $2, $3, $4, $5, now() + make_interval(days => $6::int))
                 returning id, email, job_title, created_at, expires_at",
            )
            .bind(company_id)
            .bind(&email)
            .bind(&title)
            .bind(actor)
            .bind(locale.code())
            .bind(INVITATION_DAYS as i32)
            .fetch_one(&mut *tx)
            .await?
        }
    };
    jobs::push(&mut tx, INVITATION_QUEUE, &[MailStaffInvitation { invitation_id: invitation.id }]).await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(actor),
            action: "company_staff.invite",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::json!({ "email": email, "jobTitle": title }),
            ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(invitation)
}

/// The company's pending invitations, newest first; for its supervisor only (403 for other staff).
#[tracing::instrument(skip_all)]
pub async fn pending(pool: &PgPool, company_id: Uuid, actor: Uuid) -> Result<Vec<StaffInvitation>> {
    if !super::staff::is_supervisor(pool, company_id, actor).await? {
        return Err(Error::forbidden());
    }
    let sql = format!("{COMPANY_SELECT} where company_id = $1 and expires_at > now() order by created_at desc, email");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).fetch_all(pool).await?)
}

/// The supervisor withdraws a pending invitation. Another company's, or none, is not found. Audited.
#[tracing::instrument(skip_all)]
pub async fn withdraw(pool: &PgPool, company_id: Uuid, actor: Uuid, invitation_id: Uuid, ip: Option<&str>) -> Result<()> {
    let mut tx = pool.begin().await?;
    lock_as_supervisor(&mut tx, company_id, actor).await?;
    let email: Option<String> = sqlx::query_scalar("delete from company_staff_invitations where id = $1 and company_id = $2 returning email")
        .bind(invitation_id)
        .bind(company_id)
        .fetch_optional(&mut *tx)
        .await?;
    let email = email.ok_or_else(Error::not_found)?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(actor),
            action: "company_staff.invitation_withdraw",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::json!({ "email": email }),
            ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The pending invitations to the user's e-mail, newest first.
#[tracing::instrument(skip_all)]
pub async fn mine(pool: &PgPool, user_id: Uuid) -> Result<Vec<MyStaffInvitation>> {
    Ok(sqlx::query_as(
        "select i.id, c.country_code, c.registry_code, c.business_name, i.job_title, i.created_at, i.expires_at
         from company_staff_invitations i join users u on u.username = i.email join companies c on c.id = i.company_id
         where u.id = $1 and u.deleted_at is null and c.deleted_at is null and i.expires_at > now()
         order by i.created_at desc, c.business_name",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?)
}

/// Locks and deletes the user's own live invitation; another's, an expired one or none is not found.
async fn take(conn: &mut PgConnection, user_id: Uuid, invitation_id: Uuid) -> Result<(Uuid, Option<String>)> {
    let row: Option<(Uuid, Option<String>)> = sqlx::query_as(
        "delete from company_staff_invitations i using users u, companies c
         where i.id = $1 and u.id = $2 and u.username = i.email and u.deleted_at is null
               and c.id = i.company_id and c.deleted_at is null and i.expires_at > now()
         returning i.company_id, i.job_title",
    )
    .bind(invitation_id)
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?;
    row.ok_or_else(Error::not_found)
}

/// The invited person accepts: they join the staff (with the job title the company gave) and get
/// the EMPLOYER role; their profile stays as it is. Answers the company. Audited.
#[tracing::instrument(skip_all)]
pub async fn accept(pool: &PgPool, user_id: Uuid, invitation_id: Uuid, ip: Option<&str>) -> Result<(Uuid, CompanyRef)> {
    let mut tx = pool.begin().await?;
    let (company_id, title) = take(&mut tx, user_id, invitation_id).await?;
    sqlx::query("insert into company_staff (company_id, user_id, job_title) values ($1, $2, $3) on conflict do nothing")
        .bind(company_id)
        .bind(user_id)
        .bind(&title)
        .execute(&mut *tx)
        .await?;
    accounts::add_role(&mut tx, user_id, Role::Employer).await?;
    record_answer(&mut tx, user_id, company_id, "company_staff.join", ip).await?;
    let company: CompanyRef = sqlx::query_as("select country_code, registry_code, business_name from companies where id = $1")
        .bind(company_id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((company_id, company))
}

/// The invited person declines: the invitation is deleted and nothing else changes. Audited.
#[tracing::instrument(skip_all)]
pub async fn decline(pool: &PgPool, user_id: Uuid, invitation_id: Uuid, ip: Option<&str>) -> Result<()> {
    let mut tx = pool.begin().await?;
    let (company_id, _) = take(&mut tx, user_id, invitation_id).await?;
    record_answer(&mut tx, user_id, company_id, "company_staff.decline", ip).await?;
    tx.commit().await?;
    Ok(())
}

async fn record_answer(conn: &mut PgConnection, user_id: Uuid, company_id: Uuid, action: &str, ip: Option<&str>) -> Result<()> {
    audit::record(
        &mut *conn,
        audit::Entry {
            actor_user_id: Some(user_id),
            action,
            target_user_id: Some(user_id),
            target_company_id: Some(company_id),
            details: serde_json::json!({}),
            ip,
        },
    )
    .await
}

/// The page a mailed invitation leads to, after signing in: `{public_url}/{lang}/login?p=/{lang}/invitations`.
pub fn invitation_link(public_url: &str, locale: Locale) -> String {
    let lang = locale.code();
    format!("{public_url}/{lang}/login?p=/{lang}/invitations")
}

/// Sends a queued [`MailStaffInvitation`] in the person's language (their account's, else the one
/// the supervisor used), naming the company, with the link that signs in and lands where the
/// invitation is accepted or declined. Answers whether a mail went out: nothing is sent for an
/// invitation answered, withdrawn or expired since, or whose company is gone.
#[tracing::instrument(skip_all, fields(invitation = %job.invitation_id))]
pub async fn mail_invitation(pool: &PgPool, mailer: &Mailer, public_url: &str, job: &MailStaffInvitation) -> Result<bool> {
    let row: Option<(String, String, String)> = sqlx::query_as(
        "select i.email, coalesce(u.locale, i.locale), c.business_name
         from company_staff_invitations i join companies c on c.id = i.company_id
         left join users u on u.username = i.email and u.deleted_at is null
         where i.id = $1 and c.deleted_at is null and i.expires_at > now()",
    )
    .bind(job.invitation_id)
    .fetch_optional(pool)
    .await?;
    let Some((to, locale, business_name)) = row else { return Ok(false) };
    let locale = Locale::from_code(&locale).unwrap_or_default();
    mailer.send(mail::staff_invitation(locale, &to, &business_name, &invitation_link(public_url, locale))).await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mailed_link_signs_in_first_and_returns_to_the_invitations_in_the_persons_language() {
        assert_eq!(invitation_link("https://vakants.ee", Locale::Ru), "https://vakants.ee/ru/login?p=/ru/invitations");
    }

    #[test]
    fn a_job_title_is_trimmed_blank_is_none_and_past_100_characters_is_a_400_naming_the_field() {
        assert_eq!(job_title(Some("  Raamatupidaja ")).unwrap().as_deref(), Some("Raamatupidaja"));
        assert_eq!(job_title(Some("  ")).unwrap(), None);
        assert_eq!(job_title(None).unwrap(), None);
        match job_title(Some(&"x".repeat(101))).unwrap_err() {
            Error::Client { field, .. } => assert_eq!(field, Some("jobTitle")),
            other => panic!("{other:?}"),
        }
    }
}
