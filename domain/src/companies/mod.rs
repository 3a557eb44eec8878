//! Companies: the Business Register lookup, claims on a company (registration), staff, API keys.

pub mod api_keys;
pub mod branding;
pub mod geo;
pub mod invitations;
pub mod profile;
pub mod staff;
pub mod registry;

use chrono::{DateTime, Utc};
use search::EmployerNameQuery;
use serde::Serialize;
use sqlx::{PgConnection, PgExecutor, PgPool};
use uuid::Uuid;

use crate::accounts::{self, CompanyRef, Role};
use crate::platform::audit;
use crate::platform::filters::{MAX_EMPLOYER_SEARCH, MAX_RESULT_WINDOW, text_param};
use crate::platform::error::{Error, ErrorCode, Result};

/// A company of the Business Register, offered by the company autocomplete.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterEntry {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub address: Option<String>,
}

pub use crate::platform::reference::{SUPPORTED_COUNTRIES, check_country};
pub const AUTOCOMPLETE_LIMIT: i64 = 10;
pub const MIN_SEARCH_LEN: usize = 3;
/// Longest text of the register search (a business name is shorter).
pub const MAX_SEARCH_LEN: usize = 100;

/// When company `c` was last modified (spec 2 section 3: a company's modified date): its own row
/// (name, address, contract, supervisor), its profile or one of its descriptions, whichever changed last.
pub const MODIFIED_SQL: &str = "greatest(c.updated_at,
    (select p.updated_at from company_profiles p where p.company_id = c.id),
    (select max(d.updated_at) from company_descriptions d where d.company_id = c.id))";

fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// Active register entries whose name contains the query or whose registry code starts with it.
#[tracing::instrument(skip_all)]
pub async fn search_register(pool: &PgPool, country_code: &str, query: &str) -> Result<Vec<RegisterEntry>> {
    let country = check_country(country_code)?;
    let query = query.trim().to_lowercase();
    if query.chars().count() < MIN_SEARCH_LEN {
        return Err(Error::field("search", format!("Type at least {MIN_SEARCH_LEN} characters to search")));
    }
    if query.chars().count() > MAX_SEARCH_LEN {
        return Err(Error::field("search", format!("The search text is longer than {MAX_SEARCH_LEN} characters")));
    }
    let pattern = format!("%{}%", escape_like(&query));
    let prefix = format!("{}%", escape_like(&query));
    let rows: Vec<(String, String, String, Option<String>)> = sqlx::query_as(
        "select country_code, registry_code, business_name, address from business_register
         where country_code = $1 and coalesce(status, 'R') <> 'K'
           and (lower(business_name) like $2 or registry_code like $3)
         order by (lower(business_name) like $3) desc, similarity(lower(business_name), $4) desc, business_name
         limit $5",
    )
    .bind(&country)
    .bind(&pattern)
    .bind(&prefix)
    .bind(&query)
    .bind(AUTOCOMPLETE_LIMIT)
    .fetch_all(pool)
    .await?;
    if rows.is_empty() {
        return Err(Error::code(ErrorCode::CompanyNotFound));
    }
    Ok(rows
        .into_iter()
        .map(|(country_code, registry_code, business_name, address)| RegisterEntry {
            country_code,
            registry_code,
            business_name,
            address,
        })
        .collect())
}

/// What a claim on a company came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registration {
    /// The user works for the company now (the id).
    Registered(Uuid),
    /// The claim waits for a decision: the company's supervisor's, or an administrator's when no
    /// one supervises it (the claim's id).
    Pending(Uuid),
}

/// The domain of an e-mail address or a web address, lowercased, without `www.`; None for none.
fn domain_of(address: &str) -> Option<String> {
    let address = address.trim().to_lowercase();
    let host = match address.rsplit_once('@') {
        Some((_, domain)) => domain.to_string(),
        None => {
            let rest = address.split_once("://").map(|(_, rest)| rest).unwrap_or(&address);
            let host = rest.split(['/', '?', '#']).next().unwrap_or("");
            let host = host.rsplit_once('@').map(|(_, h)| h).unwrap_or(host);
            host.split(':').next().unwrap_or("").to_string()
        }
    };
    let host = host.trim_end_matches('.');
    let host = host.strip_prefix("www.").unwrap_or(host);
    (host.contains('.') && host.chars().all(|c| c.is_alphanumeric() || c == '.' || c == '-')).then(|| host.to_string())
}

/// The domain that can make a claim pass at once: the claimant's verified e-mail is at the host of
/// the company's website in the register. The register's e-mail never counts (any mail service's
/// address can stand there), nor does a host of a disposable mail service (mailchecker's list).
/// The caller also checks that no other company of the register gives this domain
/// ([`domain_is_shared`]): a domain many companies share is a mail or hosting service.
pub fn claim_domain(username: &str, register_website: Option<&str>) -> Option<String> {
    let mine = domain_of(username)?;
    let theirs = domain_of(register_website?)?;
    (mine == theirs && mailchecker::is_valid(&format!("claim@{mine}"))).then_some(mine)
}

/// Whether another company of the register than (`country`, `registry_code`) gives `domain` as the
/// domain of its e-mail or its website: such a domain (gmail.com, hot.ee, inbox.ru, a hosting
/// service's, a group's) says nothing about who works for one of them. The register is the list:
/// every public mail service that companies use is in it many times over.
pub async fn domain_is_shared(conn: &mut PgConnection, domain: &str, country: &str, registry_code: &str) -> Result<bool> {
    Ok(sqlx::query_scalar(
        "select exists (select 1 from business_register
                        where register_email_domain(email) = $1 and email is not null and (country_code, registry_code) <> ($2, $3))
             or exists (select 1 from business_register
                        where register_website_domain(website) = $1 and website is not null and (country_code, registry_code) <> ($2, $3))",
    )
    .bind(domain)
    .bind(country)
    .bind(registry_code)
    .fetch_one(&mut *conn)
    .await?)
}

struct RegisterCompany {
    business_name: String,
    address: Option<String>,
    ads_adr_id: Option<i64>,
    ehak_code: Option<String>,
    website: Option<String>,
}

async fn register_company(conn: &mut PgConnection, country: &str, registry_code: &str) -> Result<RegisterCompany> {
    let entry: Option<(String, Option<String>, Option<i64>, Option<String>, Option<String>)> = sqlx::query_as(
        "select b.business_name, b.address, b.ads_adr_id, p.code, b.website from business_register b
         left join ref_places p on p.code = b.ehak_code
         where b.country_code = $1 and b.registry_code = $2 and coalesce(b.status, 'R') <> 'K'",
    )
    .bind(country)
    .bind(registry_code)
    .fetch_optional(&mut *conn)
    .await?;
    let (business_name, address, ads_adr_id, ehak_code, website) = entry.ok_or(Error::code(ErrorCode::CompanyNotFound))?;
    Ok(RegisterCompany { business_name, address, ads_adr_id, ehak_code, website })
}

/// Makes the user staff of the company (its supervisor when it has none, creating the company
/// from the register when it is not registered yet) and an EMPLOYER; returns the company.
async fn join_company(conn: &mut PgConnection, user_id: Uuid, country: &str, registry_code: &str) -> Result<Uuid> {
    let existing: Option<(Uuid, Option<Uuid>)> = sqlx::query_as(
        "select c.id, u.id from companies c left join users u on u.id = c.supervisor_user_id and u.deleted_at is null
         where c.country_code = $1 and c.registry_code = $2 and c.deleted_at is null for update of c",
    )
    .bind(country)
    .bind(registry_code)
    .fetch_optional(&mut *conn)
    .await?;
    let (company_id, supervises) = match existing {
        Some((id, Some(_))) => (id, false),
        Some((id, None)) => {
            sqlx::query("update companies set supervisor_user_id = $2 where id = $1").bind(id).bind(user_id).execute(&mut *conn).await?;
            (id, true)
        }
        None => {
            let entry = register_company(conn, country, registry_code).await?;
            let id: Uuid = sqlx::query_scalar(
                "insert into companies (country_code, registry_code, business_name, address, ads_adr_id, ehak_code, supervisor_user_id)
                 values ($1, $2, $3, $4, $5, $6, $7)
                 on conflict (country_code, registry_code) where deleted_at is null do update set supervisor_user_id = coalesce(companies.supervisor_user_id, excluded.supervisor_user_id)
                 returning id",
            )
            .bind(country)
            .bind(registry_code)
            .bind(&entry.business_name)
            .bind(&entry.address)
            .bind(entry.ads_adr_id)
            .bind(&entry.ehak_code)
            .bind(user_id)
            .fetch_one(&mut *conn)
            .await?;
            (id, true)
        }
    };
    sqlx::query(
        "insert into company_staff (company_id, user_id, is_administrator) values ($1, $2, $3)
         on conflict (company_id, user_id) do update set is_administrator = company_staff.is_administrator or excluded.is_administrator",
    )
    .bind(company_id)
    .bind(user_id)
    .bind(supervises)
    .execute(&mut *conn)
    .await?;
    accounts::add_role(conn, user_id, Role::Employer).await?;
    Ok(company_id)
}

/// A user claims a company of the Business Register. The claim is accepted at once when the
/// user's verified e-mail is at the host of the company's website in the register ([`claim_domain`]),
/// no other company of the register shares that domain ([`domain_is_shared`]) and no one
/// supervises the company yet: the user becomes its supervisor and an EMPLOYER. Otherwise
/// it waits (`Pending`) for the company's supervisor, or for an administrator when there is none;
/// until then the user is not on the company's staff and so publishes nothing for it. Claiming
/// again while a claim waits answers the same claim.
#[tracing::instrument(skip_all)]
pub async fn register(pool: &PgPool, user_id: Uuid, country_code: &str, registry_code: &str, ip: Option<&str>) -> Result<Registration> {
    let country = check_country(country_code)?;
    let registry_code = registry_code.trim();
    let me = accounts::load_me(pool, user_id, None, None).await?;
    if !me.profile.is_complete() {
        return Err(Error::code(ErrorCode::ProfileIncomplete));
    }
    let mut tx = pool.begin().await?;
    // one claim at a time per user: the user's row is the lock
    sqlx::query("select 1 from users where id = $1 for update").bind(user_id).fetch_one(&mut *tx).await?;
    let entry = register_company(&mut tx, &country, registry_code).await?;
    if let Some(company_id) = staff_company(&mut *tx, user_id, &country, registry_code).await? {
        return Ok(Registration::Registered(company_id));
    }
    let waiting: Option<Uuid> = sqlx::query_scalar(
        "select id from company_claims where user_id = $1 and country_code = $2 and registry_code = $3 and status = 'PENDING'",
    )
    .bind(user_id)
    .bind(&country)
    .bind(registry_code)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(claim_id) = waiting {
        return Ok(Registration::Pending(claim_id));
    }
    let supervised: bool = sqlx::query_scalar(
        "select exists (select 1 from companies c join users u on u.id = c.supervisor_user_id and u.deleted_at is null
                        where c.country_code = $1 and c.registry_code = $2 and c.deleted_at is null)",
    )
    .bind(&country)
    .bind(registry_code)
    .fetch_one(&mut *tx)
    .await?;
    let at_once = match claim_domain(&me.username, entry.website.as_deref()) {
        Some(domain) if !supervised => !domain_is_shared(&mut tx, &domain, &country, registry_code).await?,
        _ => false,
    };
    let claim_id: Uuid = sqlx::query_scalar(
        "insert into company_claims (user_id, country_code, registry_code, status, decided_at, reason)
         values ($1, $2, $3, $4, case when $4 = 'APPROVED' then now() end, $5) returning id",
    )
    .bind(user_id)
    .bind(&country)
    .bind(registry_code)
    .bind(if at_once { "APPROVED" } else { "PENDING" })
    .bind(at_once.then_some("the e-mail domain matches the register"))
    .fetch_one(&mut *tx)
    .await?;
    let (outcome, company_id) = if at_once {
        let company_id = join_company(&mut tx, user_id, &country, registry_code).await?;
        (Registration::Registered(company_id), Some(company_id))
    } else {
        (Registration::Pending(claim_id), None)
    };
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(user_id),
            action: if at_once { "company.register" } else { "company_claim.request" },
            target_user_id: None,
            target_company_id: company_id,
            details: serde_json::json!({ "countryCode": country, "registryCode": registry_code, "claimId": claim_id }),
            ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(outcome)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum ClaimStatus {
    Pending,
    Approved,
    Rejected,
}

/// A user's request to represent a company, as the deciders see it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct CompanyClaim {
    pub id: Uuid,
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    /// The claimant's (verified) e-mail.
    pub username: String,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    /// The company's e-mail and website in the Business Register, to compare with the claimant's.
    pub register_email: Option<String>,
    pub register_website: Option<String>,
    /// The company's supervisor, who decides it (administrators may too); none when the company
    /// has no supervisor yet.
    pub supervisor: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Who decides a claim.
#[derive(Clone, Copy, Debug)]
pub enum Decider {
    /// An administrator (ADMIN or SUPERVISOR role): any waiting claim.
    Administrator(Uuid),
    /// A company's supervisor: the claims on the companies they supervise.
    Supervisor(Uuid),
}

impl Decider {
    fn user_id(self) -> Uuid {
        match self {
            Decider::Administrator(id) | Decider::Supervisor(id) => id,
        }
    }
}

/// Pending claims the decider may decide, oldest first (at most `CLAIM_LIST_LIMIT`).
pub const CLAIM_LIST_LIMIT: i64 = 200;
pub const MAX_REASON_LEN: usize = 500;

const CLAIM_SELECT: &str = "select k.id, k.country_code, k.registry_code, b.business_name, u.username, p.firstname, p.lastname,
        b.email as register_email, b.website as register_website, sup.username as supervisor, k.created_at
     from company_claims k
     join users u on u.id = k.user_id
     left join profiles p on p.user_id = k.user_id
     join business_register b on b.country_code = k.country_code and b.registry_code = k.registry_code
     left join companies c on c.country_code = k.country_code and c.registry_code = k.registry_code and c.deleted_at is null
     left join users sup on sup.id = c.supervisor_user_id and sup.deleted_at is null
     where k.status = 'PENDING' and u.deleted_at is null";

#[tracing::instrument(skip_all)]
pub async fn pending_claims(pool: &PgPool, decider: Decider) -> Result<Vec<CompanyClaim>> {
    let (filter, user) = match decider {
        Decider::Administrator(_) => ("", None),
        Decider::Supervisor(id) => (" and sup.id = $2", Some(id)),
    };
    let sql = format!("{CLAIM_SELECT}{filter} order by k.created_at, k.id limit $1");
    let mut query = sqlx::query_as::<_, CompanyClaim>(sqlx::AssertSqlSafe(sql)).bind(CLAIM_LIST_LIMIT);
    if let Some(id) = user {
        query = query.bind(id);
    }
    Ok(query.fetch_all(pool).await?)
}

/// A decided claim, for the mail to the claimant.
pub struct Decision {
    pub claim: CompanyClaim,
    pub status: ClaimStatus,
    pub reason: Option<String>,
    pub locale: crate::Locale,
}

/// Approves or rejects a waiting claim. Approval makes the claimant staff of the company (its
/// supervisor when it has none) and an EMPLOYER. A claim the decider may not decide, or one
/// decided already, is not found. Recorded in the audit log.
#[tracing::instrument(skip_all)]
pub async fn decide_claim(
    pool: &PgPool,
    decider: Decider,
    claim_id: Uuid,
    approve: bool,
    reason: Option<&str>,
    ip: Option<&str>,
) -> Result<Decision> {
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    if reason.is_some_and(|r| r.chars().count() > MAX_REASON_LEN) {
        return Err(Error::field("reason", format!("The reason is too long (at most {MAX_REASON_LEN} characters)")));
    }
    let mut tx = pool.begin().await?;
    let claimant: Option<Uuid> =
        sqlx::query_scalar("select user_id from company_claims where id = $1 and status = 'PENDING' for update")
            .bind(claim_id)
            .fetch_optional(&mut *tx)
            .await?;
    let claimant = claimant.ok_or_else(Error::not_found)?;
    // the claimant's row first, as `register` takes it
    sqlx::query("select 1 from users where id = $1 for update").bind(claimant).fetch_optional(&mut *tx).await?;
    let (filter, user) = match decider {
        Decider::Administrator(_) => ("", None),
        Decider::Supervisor(id) => (" and sup.id = $2", Some(id)),
    };
    let sql = format!("{CLAIM_SELECT} and k.id = $1{filter}");
    let mut query = sqlx::query_as::<_, CompanyClaim>(sqlx::AssertSqlSafe(sql)).bind(claim_id);
    if let Some(id) = user {
        query = query.bind(id);
    }
    let claim = query.fetch_optional(&mut *tx).await?.ok_or_else(Error::not_found)?;
    let status = if approve { ClaimStatus::Approved } else { ClaimStatus::Rejected };
    let company_id = if approve { Some(join_company(&mut tx, claimant, &claim.country_code, &claim.registry_code).await?) } else { None };
    sqlx::query(
        "update company_claims set status = $2, decided_by = $3, decided_at = now(), reason = $4, updated_at = now() where id = $1",
    )
    .bind(claim_id)
    .bind(if approve { "APPROVED" } else { "REJECTED" })
    .bind(decider.user_id())
    .bind(reason)
    .execute(&mut *tx)
    .await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(decider.user_id()),
            action: if approve { "company_claim.approve" } else { "company_claim.reject" },
            target_user_id: Some(claimant),
            target_company_id: company_id,
            details: serde_json::json!({
                "claimId": claim_id, "countryCode": claim.country_code, "registryCode": claim.registry_code,
                "as": match decider { Decider::Administrator(_) => "administrator", Decider::Supervisor(_) => "supervisor" },
            }),
            ip,
        },
    )
    .await?;
    let locale: String = sqlx::query_scalar("select locale from users where id = $1").bind(claimant).fetch_one(&mut *tx).await?;
    tx.commit().await?;
    Ok(Decision { claim, status, reason: reason.map(str::to_string), locale: crate::Locale::from_code(&locale).unwrap_or_default() })
}

/// The search engine's query for a page of the employer autocomplete: the business names of the
/// country's employers, matched by `search` (trimmed, at most 100 characters, case-insensitive).
pub fn employer_name_query(country_code: &str, search: Option<String>, page: Option<u32>) -> Result<EmployerNameQuery> {
    let country_code = check_country(country_code)?;
    let search = text_param("search", search, MAX_EMPLOYER_SEARCH)?.unwrap_or_default().to_lowercase();
    let page = page.unwrap_or(0);
    if (page as u64 + 1) * EmployerNameQuery::PAGE_SIZE as u64 > MAX_RESULT_WINDOW {
        return Err(Error::field("page", format!("Page {page} is out of range")));
    }
    Ok(EmployerNameQuery { country_code, search, page, now: Utc::now() })
}

/// The companies the user works for, by name.
#[tracing::instrument(skip_all)]
pub async fn my_companies(pool: &PgPool, user_id: Uuid) -> Result<Vec<CompanyRef>> {
    Ok(sqlx::query_as(
        "select c.country_code, c.registry_code, c.business_name from companies c
         join company_staff s on s.company_id = c.id
         where s.user_id = $1 and c.deleted_at is null
         order by c.business_name",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?)
}

/// The id of a company the user works for, by its register key.
pub async fn staff_company(db: impl PgExecutor<'_>, user_id: Uuid, country_code: &str, registry_code: &str) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar(
        "select c.id from companies c join company_staff s on s.company_id = c.id
         where s.user_id = $1 and c.country_code = upper($2) and c.registry_code = $3 and c.deleted_at is null",
    )
    .bind(user_id)
    .bind(country_code)
    .bind(registry_code)
    .fetch_optional(db)
    .await?)
}

/// The id of a registered company (not deleted) by its register key.
pub async fn find(db: impl PgExecutor<'_>, country_code: &str, registry_code: &str) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar("select id from companies where country_code = upper($1) and registry_code = $2 and deleted_at is null")
        .bind(country_code)
        .bind(registry_code)
        .fetch_optional(db)
        .await?)
}

/// The company a user acts for right after sign-in: the first by name.
pub async fn default_company(pool: &PgPool, user_id: Uuid) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar(
        "select c.id from companies c join company_staff s on s.company_id = c.id
         where s.user_id = $1 and c.deleted_at is null order by c.business_name limit 1",
    )
    .bind(user_id)
    .fetch_optional(pool)
    .await?)
}

/// The company a user represents in public (`GET /api/open/company?username=`): of the companies
/// whose staff they are on, the one they supervise, else the first by name. None for an unknown or
/// deleted user, or one on no company's staff.
#[tracing::instrument(skip_all)]
pub async fn represented_by(pool: &PgPool, username: &str) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar(
        "select c.id from users u join company_staff s on s.user_id = u.id join companies c on c.id = s.company_id
         where u.username = lower($1) and u.deleted_at is null and c.deleted_at is null
         order by (c.supervisor_user_id = u.id) desc nulls last, c.business_name, c.registry_code limit 1",
    )
    .bind(username)
    .fetch_optional(pool)
    .await?)
}

/// Whether the user works for the company (and the company is not deleted).
pub async fn is_staff(pool: &PgPool, user_id: Uuid, company_id: Uuid) -> Result<bool> {
    Ok(sqlx::query_scalar(
        "select exists (select 1 from companies c join company_staff s on s.company_id = c.id
                        where s.user_id = $1 and c.id = $2 and c.deleted_at is null)",
    )
    .bind(user_id)
    .bind(company_id)
    .fetch_one(pool)
    .await?)
}

/// Whether the company holds a CV-database service within its period right now: ACTIVE, or
/// WAITING whose start has come (the services clock makes it ACTIVE within the minute). A
/// FINISHED or CANCELLED one grants nothing.
pub async fn has_cv_database_access(pool: &PgPool, company_id: Uuid) -> Result<bool> {
    let sql = format!("select {}", cv_database_access_sql("$1"));
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(company_id).fetch_one(pool).await?)
}

/// [`has_cv_database_access`] as a SQL condition over `company` (a column such as `c.company_id`
/// or a bind such as `$1`), for queries that decide it per row.
pub fn cv_database_access_sql(company: &str) -> String {
    format!(
        "exists (select 1 from services s where s.company_id = {company} and s.type = 'CV'
                 and ((s.status = 'ACTIVE' and (s.starts_at is null or s.starts_at <= now()))
                      or (s.status = 'WAITING' and s.starts_at <= now()))
                 and (s.ends_at is null or s.ends_at > now()))"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_matches_only_by_the_host_of_the_registers_website() {
        assert_eq!(claim_domain("mari@puit.ee", Some("https://www.puit.ee/kontakt")).as_deref(), Some("puit.ee"));
        assert_eq!(claim_domain("Mari@Puit.ee", Some("puit.ee")).as_deref(), Some("puit.ee"));
        assert_eq!(claim_domain("mari@puit.ee", Some("http://puit.ee.evil.com")), None);
        assert_eq!(claim_domain("mari@evilpuit.ee", Some("puit.ee")), None);
        assert_eq!(claim_domain("mari@puit.ee", None), None);
    }

    #[test]
    fn a_disposable_mail_services_host_never_matches() {
        assert_eq!(claim_domain("x@mailinator.com", Some("https://mailinator.com/firma")), None);
        assert_eq!(claim_domain("x@yopmail.com", Some("yopmail.com")), None);
    }
}
