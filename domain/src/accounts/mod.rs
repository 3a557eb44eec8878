//! Users, roles and profiles.

pub mod notifications;
pub mod otp;
pub mod sessions;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::locale::Locale;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Role {
    User,
    Employer,
    Applicant,
    Admin,
    Supervisor,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "USER",
            Role::Employer => "EMPLOYER",
            Role::Applicant => "APPLICANT",
            Role::Admin => "ADMIN",
            Role::Supervisor => "SUPERVISOR",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        [Role::User, Role::Employer, Role::Applicant, Role::Admin, Role::Supervisor]
            .into_iter()
            .find(|r| r.as_str() == text)
    }
}

pub fn parse_roles(names: &[String]) -> Vec<Role> {
    names.iter().filter_map(|n| Role::parse(n)).collect()
}

pub fn is_administrator(roles: &[Role]) -> bool {
    roles.iter().any(|r| matches!(r, Role::Admin | Role::Supervisor))
}

#[derive(Clone, Debug)]
pub struct UserRecord {
    pub id: Uuid,
    pub username: String,
    pub locale: Locale,
}

/// Trims and lowercases an e-mail address and checks its shape; the result is the username.
pub fn normalize_email(input: &str) -> Result<String> {
    let email = input.trim().to_lowercase();
    let invalid = || Error::field("email", "E-mail address is not valid");
    if email.is_empty() {
        return Err(Error::field("email", "E-mail address is required"));
    }
    if email.len() > 254 || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(invalid());
    }
    let (local, domain) = email.rsplit_once('@').ok_or_else(invalid)?;
    let domain_ok = domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && domain.chars().all(|c| c.is_alphanumeric() || c == '.' || c == '-');
    if local.is_empty() || local.len() > 64 || local.contains('@') || !domain_ok {
        return Err(invalid());
    }
    Ok(email)
}

/// Phone numbers carry their country code: `+` and 7 to 15 digits, spaces and dashes ignored.
/// An empty value or the bare default prefix `+372` means "no phone".
pub fn normalize_phone(input: Option<&str>) -> Result<Option<String>> {
    let Some(raw) = input else { return Ok(None) };
    let compact: String = raw.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
    if compact.is_empty() || compact == "+372" {
        return Ok(None);
    }
    let digits = compact.strip_prefix('+').unwrap_or("");
    let valid = (7..=15).contains(&digits.len())
        && digits.chars().all(|c| c.is_ascii_digit())
        && !digits.starts_with('0');
    if !valid {
        return Err(Error::field("phoneNumber", "Phone number must include the country code, for example +372 5123 4567"));
    }
    Ok(Some(compact))
}

#[tracing::instrument(skip_all)]
pub async fn find_by_username(pool: &PgPool, username: &str) -> Result<Option<UserRecord>> {
    let row: Option<(Uuid, String, String)> =
        sqlx::query_as("select id, username, locale from users where username = $1 and deleted_at is null")
            .bind(username)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(id, username, locale)| UserRecord {
        id,
        username,
        locale: Locale::from_code(&locale).unwrap_or_default(),
    }))
}

/// Whether the account has accepted the terms, the processing of its data and the cookies. An
/// account a company made when adding its staff has not, until the person signs in the first time.
pub async fn has_consents(pool: &PgPool, user_id: Uuid) -> Result<bool> {
    let given: Option<bool> = sqlx::query_scalar(
        "select terms_of_use_accepted_at is not null and data_processing_accepted_at is not null and use_of_cookies_accepted_at is not null
         from users where id = $1",
    )
    .bind(user_id)
    .fetch_optional(pool)
    .await?;
    Ok(given.unwrap_or(false))
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Consents {
    pub terms_of_use: bool,
    pub data_processing: bool,
    pub use_of_cookies: bool,
}

impl Consents {
    pub fn all_given(self) -> bool {
        self.terms_of_use && self.data_processing && self.use_of_cookies
    }
}

/// Creates a user with the base role USER and an empty profile, or returns the existing one.
#[tracing::instrument(skip_all)]
pub async fn register(pool: &PgPool, email: &str, locale: Locale, consents: Consents) -> Result<UserRecord> {
    if !consents.all_given() {
        return Err(Error::code(ErrorCode::ConsentRequired));
    }
    let username = normalize_email(email)?;
    let mut tx = pool.begin().await?;
    let inserted: Option<Uuid> = sqlx::query_scalar(
        "insert into users (username, locale, terms_of_use_accepted_at, data_processing_accepted_at, use_of_cookies_accepted_at)
         values ($1, $2, now(), now(), now())
         on conflict (username) do nothing
         returning id",
    )
    .bind(&username)
    .bind(locale.code())
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(id) = inserted {
        add_role(&mut tx, id, Role::User).await?;
        sqlx::query("insert into profiles (user_id) values ($1)").bind(id).execute(&mut *tx).await?;
    } else {
        // an account made for someone else's invitation (a company's staff) gives its consents here
        sqlx::query(
            "update users set terms_of_use_accepted_at = coalesce(terms_of_use_accepted_at, now()),
                    data_processing_accepted_at = coalesce(data_processing_accepted_at, now()),
                    use_of_cookies_accepted_at = coalesce(use_of_cookies_accepted_at, now())
             where username = $1 and deleted_at is null",
        )
        .bind(&username)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    find_by_username(pool, &username).await?.ok_or_else(Error::not_found)
}

pub async fn add_role(conn: &mut PgConnection, user_id: Uuid, role: Role) -> Result<()> {
    sqlx::query("insert into user_roles (user_id, role) values ($1, $2) on conflict do nothing")
        .bind(user_id)
        .bind(role.as_str())
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn roles_of(pool: &PgPool, user_id: Uuid) -> Result<Vec<Role>> {
    let names: Vec<String> = sqlx::query_scalar("select role from user_roles where user_id = $1")
        .bind(user_id)
        .fetch_all(pool)
        .await?;
    Ok(parse_roles(&names))
}

#[derive(Clone, Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Avatar {
    pub thumbnail_url: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub phone_number: Option<String>,
    pub gender: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    pub avatar: Option<Avatar>,
    /// The language of the user's e-mails (et, en or ru), chosen at registration or in the profile.
    pub language: Option<Locale>,
    /// Whether the user takes the service's newsletter and tips by e-mail (mail preferences;
    /// the transactional mail of their applications, interviews, messages and invoices always goes).
    pub newsletter_opt_in: Option<bool>,
}

impl Profile {
    /// First name, last name and phone: what the sign-in profile step asks for.
    pub fn is_complete(&self) -> bool {
        let present = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.trim().is_empty());
        present(&self.firstname) && present(&self.lastname) && present(&self.phone_number)
    }
}

/// A company by its register key and name; read straight from rows with these column names.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyRef {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
}

#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OriginalUser {
    pub username: String,
}

/// The signed-in user as the web sees it (`GET /api/open/me` and every sign-in step).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    pub username: String,
    pub roles: Vec<Role>,
    /// Set while an administrator acts as this user.
    pub original_user: Option<OriginalUser>,
    pub profile: Profile,
    /// The company an employer currently acts for.
    pub company: Option<CompanyRef>,
    /// Companies the user has claimed and waits to be approved for (absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending_claims: Vec<CompanyRef>,
}

#[tracing::instrument(skip_all)]
pub async fn load_me(pool: &PgPool, user_id: Uuid, original_user_id: Option<Uuid>, company_id: Option<Uuid>) -> Result<Me> {
    #[allow(clippy::type_complexity)]
    let row: Option<(String, Vec<String>, Option<String>, Option<String>, Option<String>, Option<String>, Option<NaiveDate>, Option<Uuid>, String, bool)> =
        sqlx::query_as(
            "select u.username,
                    coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}'),
                    p.firstname, p.lastname, p.phone_number, p.gender_code, p.date_of_birth,
                    coalesce(f.thumbnail_file_id, f.id), u.locale, u.newsletter_opt_in
             from users u
             left join profiles p on p.user_id = u.id
             left join files f on f.id = p.avatar_file_id
             where u.id = $1 and u.deleted_at is null",
        )
        .bind(user_id)
        .fetch_optional(pool)
        .await?;
    let Some((username, roles, firstname, lastname, phone_number, gender, date_of_birth, avatar, locale, newsletter_opt_in)) = row else {
        return Err(Error::unauthorized());
    };
    let original_user = match original_user_id {
        Some(id) => sqlx::query_scalar::<_, String>("select username from users where id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?
            .map(|username| OriginalUser { username }),
        None => None,
    };
    let company = match company_id {
        Some(id) => sqlx::query_as::<_, CompanyRef>(
            "select c.country_code, c.registry_code, c.business_name from companies c
             join company_staff s on s.company_id = c.id and s.user_id = $2
             where c.id = $1 and c.deleted_at is null",
        )
        .bind(id)
        .bind(user_id)
        .fetch_optional(pool)
        .await?,
        None => None,
    };
    let pending_claims = pending_claims_of(pool, user_id).await?;
    Ok(Me {
        pending_claims,
        username,
        roles: parse_roles(&roles),
        original_user,
        profile: Profile {
            firstname,
            lastname,
            phone_number,
            gender,
            date_of_birth,
            avatar: avatar.map(|id| Avatar { thumbnail_url: Some(format!("/api/files/{id}")) }),
            language: Locale::from_code(&locale),
            newsletter_opt_in: Some(newsletter_opt_in),
        },
        company,
    })
}

/// The companies the user waits to represent, by name.
async fn pending_claims_of(pool: &PgPool, user_id: Uuid) -> Result<Vec<CompanyRef>> {
    Ok(sqlx::query_as(
        "select k.country_code, k.registry_code, b.business_name from company_claims k
         join business_register b on b.country_code = k.country_code and b.registry_code = k.registry_code
         where k.user_id = $1 and k.status = 'PENDING' order by b.business_name",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?)
}

#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileInput {
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub phone_number: Option<String>,
    /// A code of `GET /api/open/genders`.
    pub gender: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    /// The language of the user's e-mails: et, en or ru; left as it is when absent.
    pub language: Option<String>,
    /// The mail preference: newsletter and tips by e-mail or not; left as it is when absent.
    pub newsletter_opt_in: Option<bool>,
}

const NAME_MAX: usize = 100;

fn required_name(value: Option<&str>, field: &'static str, label: &str) -> Result<String> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Err(Error::field(field, format!("{label} is required")));
    }
    if value.chars().count() > NAME_MAX {
        return Err(Error::field(field, format!("{label} is longer than {NAME_MAX} characters")));
    }
    Ok(value.to_string())
}

/// Saves the profile: first name, last name and phone are required; gender and date of birth optional.
#[tracing::instrument(skip_all)]
pub async fn update_profile(pool: &PgPool, user_id: Uuid, input: &ProfileInput) -> Result<()> {
    let firstname = required_name(input.firstname.as_deref(), "firstname", "First name")?;
    let lastname = required_name(input.lastname.as_deref(), "lastname", "Last name")?;
    let phone = normalize_phone(input.phone_number.as_deref())?
        .ok_or_else(|| Error::field("phoneNumber", "Phone number is required"))?;
    if let Some(born) = input.date_of_birth {
        let today = chrono::Utc::now().date_naive();
        let earliest = NaiveDate::from_ymd_opt(1900, 1, 1).expect("valid date");
        if born < earliest || born > today {
            return Err(Error::field("dateOfBirth", "Date of birth is not valid"));
        }
    }
    let language = match input.language.as_deref().map(str::trim).filter(|l| !l.is_empty()) {
        Some(code) => Some(Locale::from_code(code).ok_or_else(|| Error::field("language", "Language must be et, en or ru"))?),
        None => None,
    };
    let gender = input.gender.as_deref().map(str::trim).filter(|g| !g.is_empty());
    if let Some(code) = gender {
        let known: bool = sqlx::query_scalar("select exists (select 1 from ref_genders where code = $1)")
            .bind(code)
            .fetch_one(pool)
            .await?;
        if !known {
            return Err(Error::field("gender", "Gender is not one of the offered values"));
        }
    }
    sqlx::query(
        "insert into profiles (user_id, firstname, lastname, phone_number, gender_code, date_of_birth)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (user_id) do update set firstname = excluded.firstname, lastname = excluded.lastname,
             phone_number = excluded.phone_number,
             gender_code = coalesce(excluded.gender_code, profiles.gender_code),
             date_of_birth = coalesce(excluded.date_of_birth, profiles.date_of_birth)",
    )
    .bind(user_id)
    .bind(firstname)
    .bind(lastname)
    .bind(phone)
    .bind(gender)
    .bind(input.date_of_birth)
    .execute(pool)
    .await?;
    if let Some(language) = language {
        sqlx::query("update users set locale = $2 where id = $1").bind(user_id).bind(language.code()).execute(pool).await?;
    }
    if let Some(opt_in) = input.newsletter_opt_in {
        sqlx::query("update users set newsletter_opt_in = $2 where id = $1").bind(user_id).bind(opt_in).execute(pool).await?;
    }
    Ok(())
}

/// Gives a signed-in user with a complete profile the APPLICANT role.
#[tracing::instrument(skip_all)]
pub async fn register_applicant(pool: &PgPool, user_id: Uuid) -> Result<()> {
    let me = load_me(pool, user_id, None, None).await?;
    if !me.profile.is_complete() {
        return Err(Error::code(ErrorCode::ProfileIncomplete));
    }
    let mut conn = pool.acquire().await?;
    add_role(&mut conn, user_id, Role::Applicant).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_trimmed_and_lowercased() {
        assert_eq!(normalize_email("  Mari.Maasikas@Example.EE ").unwrap(), "mari.maasikas@example.ee");
    }

    #[test]
    fn malformed_emails_are_rejected() {
        for bad in ["", "no-at-sign", "a@b", "a@@b.ee", "@example.ee", "a b@example.ee", "a@.ee", "a@example..ee"] {
            assert!(normalize_email(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn the_bare_default_prefix_is_stored_as_empty() {
        assert_eq!(normalize_phone(Some("+372")).unwrap(), None);
        assert_eq!(normalize_phone(Some("")).unwrap(), None);
        assert_eq!(normalize_phone(None).unwrap(), None);
    }

    #[test]
    fn phones_need_a_country_code() {
        assert_eq!(normalize_phone(Some("+372 5123 4567")).unwrap().as_deref(), Some("+37251234567"));
        assert!(normalize_phone(Some("5123 4567")).is_err());
        assert!(normalize_phone(Some("+37")).is_err());
        assert!(normalize_phone(Some("+372abc4567")).is_err());
    }
}
