//! A company's staff as its supervisor runs it (spec 2 sections 5 and 6, issue 32 item 1): the
//! supervisor invites people by e-mail ([`super::invitations`]; nobody joins without accepting),
//! edits what the company keeps about its members (their job title and the administrator tag; the
//! name and phone are each member's own), removes them and hands the supervisor role to one of them.
//! The administrator tag (spec 2 sections 3 and 6) lets a member see every vacancy's candidates,
//! delete any comment and delegate vacancies ([`crate::delegation`]); the supervisor has those
//! rights whatever the tag. Every staff member
//! may read the list (moderators are chosen from it). A removed member loses the company at their
//! next request: `company_staff` is re-checked on every request (`api::session::acting_company_of`).

use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::accounts::{normalize_email, normalize_phone};
use crate::platform::audit;
use crate::platform::error::{Error, Result};

const NAME_MAX: usize = 100;

/// A person on the company's staff.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct StaffMember {
    pub user_id: Uuid,
    /// The e-mail address, which is the username.
    pub email: String,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub phone_number: Option<String>,
    /// What the company keeps about the member (the supervisor edits it).
    pub job_title: Option<String>,
    pub is_supervisor: bool,
    /// Carries the administrator tag: sees every vacancy's candidates, deletes any comment and
    /// delegates vacancies. Always true for the supervisor, who has those rights anyway.
    pub is_administrator: bool,
}

/// A person's e-mail, names and phone: the form of a new administrator (`admin::administrators`).
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StaffInput {
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    /// With the country code, for example +372 5123 4567.
    pub phone_number: String,
}

fn name(field: &'static str, label: &str, value: &str) -> Result<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(Error::field(field, format!("{label} is required")));
    }
    if value.chars().count() > NAME_MAX {
        return Err(Error::field(field, format!("{label} is longer than {NAME_MAX} characters")));
    }
    Ok(value.to_string())
}

/// Checks an administrator's form: e-mail, first and last name required; the phone with its country code.
pub fn check(input: &StaffInput) -> Result<StaffInput> {
    Ok(StaffInput {
        email: normalize_email(&input.email)?,
        firstname: name("firstname", "First name", &input.firstname)?,
        lastname: name("lastname", "Last name", &input.lastname)?,
        phone_number: normalize_phone(Some(&input.phone_number))?
            .ok_or_else(|| Error::field("phoneNumber", "Phone number is required"))?,
    })
}

const MEMBER_SELECT: &str = "select u.id as user_id, u.username as email, p.firstname, p.lastname, p.phone_number, s.job_title,
            (c.supervisor_user_id is not distinct from u.id) as is_supervisor,
            (s.is_administrator or c.supervisor_user_id is not distinct from u.id) as is_administrator
     from company_staff s join users u on u.id = s.user_id join companies c on c.id = s.company_id
     left join profiles p on p.user_id = u.id
     where s.company_id = $1 and u.deleted_at is null";

/// The staff, the supervisor first, then by name.
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool, company_id: Uuid) -> Result<Vec<StaffMember>> {
    let sql = format!("{MEMBER_SELECT} order by is_supervisor desc, p.lastname, p.firstname, u.username");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).fetch_all(pool).await?)
}

async fn member(conn: &mut PgConnection, company_id: Uuid, user_id: Uuid) -> Result<Option<StaffMember>> {
    let sql = format!("{MEMBER_SELECT} and u.id = $2");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).bind(user_id).fetch_optional(&mut *conn).await?)
}

/// Whether the user is the company's supervisor.
pub async fn is_supervisor(db: impl sqlx::PgExecutor<'_>, company_id: Uuid, user_id: Uuid) -> Result<bool> {
    Ok(sqlx::query_scalar("select exists (select 1 from companies where id = $1 and supervisor_user_id = $2 and deleted_at is null)")
        .bind(company_id)
        .bind(user_id)
        .fetch_one(db)
        .await?)
}

/// Locks the company's row and answers 403 unless `actor` is its supervisor.
pub(crate) async fn lock_as_supervisor(conn: &mut PgConnection, company_id: Uuid, actor: Uuid) -> Result<()> {
    let supervisor: Option<Option<Uuid>> =
        sqlx::query_scalar("select supervisor_user_id from companies where id = $1 and deleted_at is null for update")
            .bind(company_id)
            .fetch_optional(&mut *conn)
            .await?;
    if supervisor.ok_or_else(Error::not_found)? != Some(actor) {
        return Err(Error::forbidden());
    }
    Ok(())
}

/// What the company keeps about a member, which its supervisor edits (the name and phone are the
/// member's own, in their profile, and only they edit them).
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StaffMemberInput {
    /// The member's job title at the company; blank or left out clears it. At most 100 characters.
    pub job_title: Option<String>,
    /// Grants (true) or removes (false) the administrator tag; left out or null keeps it. The
    /// supervisor's cannot be removed (400 `isAdministrator`).
    pub is_administrator: Option<bool>,
}

/// A job title: trimmed, blank is none, at most [`NAME_MAX`] characters.
pub(crate) fn job_title(value: Option<&str>) -> Result<Option<String>> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.chars().count() > NAME_MAX {
        return Err(Error::field("jobTitle", format!("Job title is longer than {NAME_MAX} characters")));
    }
    Ok((!value.is_empty()).then(|| value.to_string()))
}

/// The supervisor edits what the company keeps about a member: the job title and the
/// administrator tag. Someone not on the staff is not found; removing the supervisor's own tag is
/// a 400 naming `isAdministrator`. Audited.
#[tracing::instrument(skip_all)]
pub async fn edit(pool: &PgPool, company_id: Uuid, actor: Uuid, user_id: Uuid, input: &StaffMemberInput, ip: Option<&str>) -> Result<StaffMember> {
    let title = job_title(input.job_title.as_deref())?;
    let mut tx = pool.begin().await?;
    lock_as_supervisor(&mut tx, company_id, actor).await?;
    if user_id == actor && input.is_administrator == Some(false) {
        return Err(Error::field("isAdministrator", "The supervisor has every right of an administrator; hand the supervisor role over first"));
    }
    let updated = sqlx::query(
        "update company_staff set job_title = $3, is_administrator = coalesce($4, is_administrator), updated_at = now()
         where company_id = $1 and user_id = $2",
    )
    .bind(company_id)
    .bind(user_id)
    .bind(&title)
    .bind(input.is_administrator)
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(actor),
            action: "company_staff.edit",
            target_user_id: Some(user_id),
            target_company_id: Some(company_id),
            details: serde_json::json!({ "jobTitle": title, "isAdministrator": input.is_administrator }),
            ip,
        },
    )
    .await?;
    let member = member(&mut tx, company_id, user_id).await?.ok_or_else(Error::not_found)?;
    tx.commit().await?;
    Ok(member)
}

/// The supervisor removes a staff member (not themself: hand the role over first). The member
/// stops moderating the company's vacancies, and any key of the company that no longer stands is
/// revoked. Another company's member, or none, is not found.
#[tracing::instrument(skip_all)]
pub async fn remove(pool: &PgPool, company_id: Uuid, actor: Uuid, user_id: Uuid, ip: Option<&str>) -> Result<()> {
    let mut tx = pool.begin().await?;
    lock_as_supervisor(&mut tx, company_id, actor).await?;
    if user_id == actor {
        return Err(Error::field("userId", "The supervisor cannot leave the staff; hand the supervisor role to someone else first"));
    }
    let removed = sqlx::query("delete from company_staff where company_id = $1 and user_id = $2")
        .bind(company_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    if removed.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    sqlx::query("delete from vacancy_moderators m using vacancies v where v.id = m.vacancy_id and v.company_id = $1 and m.user_id = $2")
        .bind(company_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    super::api_keys::revoke_lapsed(&mut tx, super::api_keys::Lapsed::Company(company_id), actor, "maker_left_the_staff", ip).await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(actor),
            action: "company_staff.remove",
            target_user_id: Some(user_id),
            target_company_id: Some(company_id),
            details: serde_json::json!({}),
            ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The supervisor hands the role to another staff member; they stay on the staff themself with the
/// administrator tag (the new supervisor may remove it), and the API keys they made are revoked.
#[tracing::instrument(skip_all)]
pub async fn hand_over(pool: &PgPool, company_id: Uuid, actor: Uuid, user_id: Uuid, ip: Option<&str>) -> Result<StaffMember> {
    let mut tx = pool.begin().await?;
    lock_as_supervisor(&mut tx, company_id, actor).await?;
    let target = member(&mut tx, company_id, user_id).await?.ok_or_else(Error::not_found)?;
    if target.is_supervisor {
        return Ok(target);
    }
    sqlx::query("update companies set supervisor_user_id = $2, updated_at = now() where id = $1")
        .bind(company_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("update company_staff set is_administrator = true, updated_at = now() where company_id = $1 and user_id = $2")
        .bind(company_id)
        .bind(actor)
        .execute(&mut *tx)
        .await?;
    // the keys the former supervisor made stop with their role
    super::api_keys::revoke_lapsed(&mut tx, super::api_keys::Lapsed::Company(company_id), actor, "supervisor_handed_over", ip).await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(actor),
            action: "company.supervisor_hand_over",
            target_user_id: Some(user_id),
            target_company_id: Some(company_id),
            details: serde_json::json!({}),
            ip,
        },
    )
    .await?;
    let target = member(&mut tx, company_id, user_id).await?.ok_or_else(Error::not_found)?;
    tx.commit().await?;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(err: Error) -> Option<&'static str> {
        match err {
            Error::Client { field, .. } => field,
            _ => None,
        }
    }

    #[test]
    fn a_staff_form_needs_the_email_both_names_and_a_phone_with_its_country_code() {
        let ok = StaffInput { email: " Mari@Puit.ee".into(), firstname: "Mari".into(), lastname: "Maasikas".into(), phone_number: "+372 5555 1234".into() };
        let checked = check(&ok).unwrap();
        assert_eq!(checked.email, "mari@puit.ee");
        assert_eq!(checked.phone_number, "+37255551234");
        assert_eq!(field_of(check(&StaffInput { email: String::new(), ..ok.clone() }).unwrap_err()), Some("email"));
        assert_eq!(field_of(check(&StaffInput { lastname: " ".into(), ..ok.clone() }).unwrap_err()), Some("lastname"));
        assert_eq!(field_of(check(&StaffInput { phone_number: "5555 1234".into(), ..ok.clone() }).unwrap_err()), Some("phoneNumber"));
        assert_eq!(field_of(check(&StaffInput { phone_number: "+372".into(), ..ok }).unwrap_err()), Some("phoneNumber"));
    }
}
