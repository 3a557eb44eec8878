//! The administrators (ADMIN and SUPERVISOR), run by supervisors only (spec 2 section 6): add one by
//! e-mail, first and last name and phone with its country code; remove one. Nobody removes
//! themselves, and the last supervisor stays. Every change is audited.

use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::accounts::{self, Role};
use crate::companies::staff::{StaffInput, check};
use crate::platform::audit;
use crate::platform::error::{Error, Result};
use crate::platform::locale::Locale;

/// An administrator as the supervisors' list shows them.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Administrator {
    pub user_id: Uuid,
    /// The e-mail address, which is the username.
    pub email: String,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub phone_number: Option<String>,
    /// A SUPERVISOR (else an ADMIN).
    pub supervisor: bool,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

const SELECT: &str = "select u.id as user_id, u.username as email, p.firstname, p.lastname, p.phone_number,
        bool_or(r.role = 'SUPERVISOR') as supervisor, u.created_at
     from users u join user_roles r on r.user_id = u.id and r.role in ('ADMIN', 'SUPERVISOR')
     left join profiles p on p.user_id = u.id
     where u.deleted_at is null";
const GROUP: &str = "group by u.id, p.firstname, p.lastname, p.phone_number";

/// Every administrator, supervisors first, then by name.
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool) -> Result<Vec<Administrator>> {
    let sql = format!("{SELECT} {GROUP} order by supervisor desc, p.lastname, p.firstname, u.username");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?)
}

/// Who acts, for the audit log.
#[derive(Clone, Copy, Debug)]
pub struct Actor<'a> {
    pub user_id: Uuid,
    pub ip: Option<&'a str>,
}

/// Adds an administrator: a new account (USER and ADMIN) that signs in with a code. An e-mail that
/// already has an account is refused ("This user is already registered in the system", naming
/// `email`): the back office does not turn an applicant's or employer's account into an
/// administrator's. Audited.
#[tracing::instrument(skip_all)]
pub async fn add(pool: &PgPool, actor: Actor<'_>, locale: Locale, input: &StaffInput) -> Result<Administrator> {
    let input = check(input)?;
    let mut tx = pool.begin().await?;
    let taken: bool = sqlx::query_scalar("select exists (select 1 from users where username = $1)")
        .bind(&input.email)
        .fetch_one(&mut *tx)
        .await?;
    if taken {
        return Err(Error::field("email", "This user is already registered in the system"));
    }
    let user_id: Uuid = sqlx::query_scalar("insert into users (username, locale) values ($1, $2) returning id")
        .bind(&input.email)
        .bind(locale.code())
        .fetch_one(&mut *tx)
        .await?;
    accounts::add_role(&mut tx, user_id, Role::User).await?;
    accounts::add_role(&mut tx, user_id, Role::Admin).await?;
    sqlx::query("insert into profiles (user_id, firstname, lastname, phone_number) values ($1, $2, $3, $4)")
        .bind(user_id)
        .bind(&input.firstname)
        .bind(&input.lastname)
        .bind(&input.phone_number)
        .execute(&mut *tx)
        .await?;
    let entry = audit::Entry {
        actor_user_id: Some(actor.user_id),
        action: "administrator.add",
        target_user_id: Some(user_id),
        target_company_id: None,
        details: serde_json::json!({ "email": input.email }),
        ip: actor.ip,
    };
    audit::record(&mut *tx, entry).await?;
    let sql = format!("{SELECT} and u.id = $1 {GROUP}");
    let added: Administrator = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_one(&mut *tx).await?;
    tx.commit().await?;
    Ok(added)
}

/// Removes an administrator (found by e-mail): their ADMIN and SUPERVISOR roles go and their
/// sessions end; the account stays a plain user's. Refused (400 naming `username`) for oneself and
/// for the last supervisor; "not found" for anyone who is not an administrator. Audited.
#[tracing::instrument(skip_all)]
pub async fn remove(pool: &PgPool, actor: Actor<'_>, username: &str) -> Result<()> {
    let username = accounts::normalize_email(username).map_err(|_| Error::field("username", "Wrong username"))?;
    let mut tx = pool.begin().await?;
    // the supervisors' rows are locked, so two removals at once cannot leave none
    let supervisors: Vec<Uuid> = sqlx::query_scalar("select user_id from user_roles where role = 'SUPERVISOR' order by user_id for update")
        .fetch_all(&mut *tx)
        .await?;
    let target: Option<Uuid> = sqlx::query_scalar(
        "select u.id from users u where u.username = $1 and u.deleted_at is null
           and exists (select 1 from user_roles r where r.user_id = u.id and r.role in ('ADMIN', 'SUPERVISOR'))",
    )
    .bind(&username)
    .fetch_optional(&mut *tx)
    .await?;
    let target = target.ok_or_else(Error::not_found)?;
    if target == actor.user_id {
        return Err(Error::field("username", "You cannot remove yourself"));
    }
    if supervisors.contains(&target) && supervisors.len() == 1 {
        return Err(Error::field("username", "The last supervisor cannot be removed"));
    }
    sqlx::query("delete from user_roles where user_id = $1 and role in ('ADMIN', 'SUPERVISOR')").bind(target).execute(&mut *tx).await?;
    sqlx::query("delete from sessions where user_id = $1 or original_user_id = $1").bind(target).execute(&mut *tx).await?;
    let entry = audit::Entry {
        actor_user_id: Some(actor.user_id),
        action: "administrator.remove",
        target_user_id: Some(target),
        target_company_id: None,
        details: serde_json::json!({ "email": username, "supervisor": supervisors.contains(&target) }),
        ip: actor.ip,
    };
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(())
}
