//! Companies: the Business Register lookup, registration of a company by its first user, staff.

use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::accounts::{self, CompanyRef, Role};
use crate::audit;
use crate::error::{Error, ErrorCode, Result};

/// A company of the Business Register, offered by the company autocomplete.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterEntry {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub address: Option<String>,
}

pub const SUPPORTED_COUNTRIES: [&str; 1] = ["EE"];
pub const AUTOCOMPLETE_LIMIT: i64 = 10;
pub const MIN_SEARCH_LEN: usize = 3;
/// Longest text of the register search (a business name is shorter).
pub const MAX_SEARCH_LEN: usize = 100;

pub fn check_country(country_code: &str) -> Result<String> {
    let upper = country_code.to_ascii_uppercase();
    if SUPPORTED_COUNTRIES.contains(&upper.as_str()) {
        Ok(upper)
    } else {
        Err(Error::field("countryCode", format!("Country {country_code:?} is not supported; use EE")))
    }
}

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

/// Registers a company of the Business Register with the user as its supervisor; the user becomes
/// an EMPLOYER. A company registered before answers with the "contact support" notice.
#[tracing::instrument(skip_all)]
pub async fn register(pool: &PgPool, user_id: Uuid, country_code: &str, registry_code: &str, ip: Option<&str>) -> Result<Uuid> {
    let country = check_country(country_code)?;
    let registry_code = registry_code.trim();
    let me = accounts::load_me(pool, user_id, None, None).await?;
    if !me.profile.is_complete() {
        return Err(Error::code(ErrorCode::ProfileIncomplete));
    }
    let mut tx = pool.begin().await?;
    let entry: Option<(String, Option<String>, Option<i64>, Option<String>)> = sqlx::query_as(
        "select b.business_name, b.address, b.ads_adr_id, p.code from business_register b
         left join ref_places p on p.code = b.ehak_code
         where b.country_code = $1 and b.registry_code = $2 and coalesce(b.status, 'R') <> 'K'",
    )
    .bind(&country)
    .bind(registry_code)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((business_name, address, adr_id, ehak_code)) = entry else {
        return Err(Error::code(ErrorCode::CompanyNotFound));
    };
    let company_id: Option<Uuid> = sqlx::query_scalar(
        "insert into companies (country_code, registry_code, business_name, address, ads_adr_id, ehak_code, supervisor_user_id)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (country_code, registry_code) do nothing
         returning id",
    )
    .bind(&country)
    .bind(registry_code)
    .bind(&business_name)
    .bind(address)
    .bind(adr_id)
    .bind(ehak_code)
    .bind(user_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(company_id) = company_id else {
        return Err(Error::code(ErrorCode::CompanyAlreadyRegistered));
    };
    sqlx::query("insert into company_staff (company_id, user_id, is_administrator) values ($1, $2, true)")
        .bind(company_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    accounts::add_role(&mut tx, user_id, Role::Employer).await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(user_id),
            action: "company.register",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::json!({ "countryCode": country, "registryCode": registry_code }),
            ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(company_id)
}

/// The companies the user works for, by name.
#[tracing::instrument(skip_all)]
pub async fn my_companies(pool: &PgPool, user_id: Uuid) -> Result<Vec<CompanyRef>> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "select c.country_code, c.registry_code, c.business_name from companies c
         join company_staff s on s.company_id = c.id
         where s.user_id = $1 and c.deleted_at is null
         order by c.business_name",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(country_code, registry_code, business_name)| CompanyRef { country_code, registry_code, business_name })
        .collect())
}

/// The id of a company the user works for, by its register key.
pub async fn staff_company(pool: &PgPool, user_id: Uuid, country_code: &str, registry_code: &str) -> Result<Option<Uuid>> {
    Ok(sqlx::query_scalar(
        "select c.id from companies c join company_staff s on s.company_id = c.id
         where s.user_id = $1 and c.country_code = upper($2) and c.registry_code = $3 and c.deleted_at is null",
    )
    .bind(user_id)
    .bind(country_code)
    .bind(registry_code)
    .fetch_optional(pool)
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

/// Whether the company holds an active CV-database service right now.
pub async fn has_cv_database_access(pool: &PgPool, company_id: Uuid) -> Result<bool> {
    Ok(sqlx::query_scalar(
        "select exists (select 1 from services where company_id = $1 and type = 'CV' and status = 'ACTIVE'
                        and (starts_at is null or starts_at <= now()) and (ends_at is null or ends_at > now()))",
    )
    .bind(company_id)
    .fetch_one(pool)
    .await?)
}
