//! A company's general information (spec 2 section 3): address, categories, types, size,
//! contacts, descriptions per language and social links, as its staff edit them on the
//! my-company page and the public company page shows them.
//!
//! Any staff member may edit it (spec 2 section 6 gives "company profile and branding" to every
//! EMPLOYER; the supervisor's own powers are the staff and the supervisor role).

use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::accounts::{normalize_email, normalize_phone};
use crate::platform::audit;
use crate::platform::error::{Error, Result, row_field};
use crate::platform::jobs::{self, IndexJob};
use crate::platform::rich_text;

pub const MAX_CATEGORIES: usize = 10;
pub const MAX_TEXT: usize = 100;
pub const MAX_ADDRESS: usize = 300;
pub const MAX_URL: usize = 2000;
/// A description's stored delta, in bytes.
pub const MAX_DESCRIPTION_BYTES: usize = 50 * 1024;
pub const DESCRIPTION_LANGUAGES: [&str; 3] = ["et", "en", "ru"];

/// One description in one language, as a Quill delta JSON string.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyDescription {
    pub language_code: String,
    pub content: String,
}

/// The editable general information of a company. Blank texts mean "not given"; `email` is
/// required; phones carry their country code; links are http(s) addresses.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CompanyProfileInput {
    /// The address as shown; with `adsAdrId` when picked from the address register.
    pub address: Option<String>,
    pub ads_adr_id: Option<i64>,
    /// The place (EHAK code) the address lies in.
    pub ehak_code: Option<String>,
    pub category_codes: Vec<String>,
    pub company_type: Option<String>,
    pub employer_type: Option<String>,
    pub company_size_code: Option<String>,
    pub contact_phone_number: Option<String>,
    pub email: Option<String>,
    pub invoices_email: Option<String>,
    pub website: Option<String>,
    pub descriptions: Vec<CompanyDescription>,
    pub facebook: Option<String>,
    pub instagram: Option<String>,
    pub linked_in: Option<String>,
    pub twitter: Option<String>,
    pub telegram: Option<String>,
    pub youtube: Option<String>,
}

fn tidy(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string)
}

fn at_most(field: &'static str, value: Option<String>, max: usize) -> Result<Option<String>> {
    match value {
        Some(text) if text.chars().count() > max => Err(Error::field(field, format!("The text is longer than {max} characters"))),
        other => Ok(other),
    }
}

fn web_address(field: &'static str, value: &Option<String>) -> Result<Option<String>> {
    let Some(text) = at_most(field, tidy(value), MAX_URL)? else { return Ok(None) };
    let lower = text.to_ascii_lowercase();
    let parsed = url::Url::parse(&text).ok().filter(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
    if parsed.is_none() || !(lower.starts_with("http://") || lower.starts_with("https://")) || text.chars().any(char::is_whitespace) {
        return Err(Error::field(field, "Enter a web address starting with http:// or https://"));
    }
    Ok(Some(text))
}

fn email(field: &'static str, value: &Option<String>) -> Result<Option<String>> {
    let Some(text) = tidy(value) else { return Ok(None) };
    normalize_email(&text).map(Some).map_err(|_| Error::field(field, "E-mail address is not valid"))
}

/// Tidies and checks the input without the database; codes are checked by [`save`].
pub fn check(input: &CompanyProfileInput) -> Result<CompanyProfileInput> {
    let mut p = CompanyProfileInput {
        address: at_most("address", tidy(&input.address), MAX_ADDRESS)?,
        ads_adr_id: input.ads_adr_id,
        ehak_code: tidy(&input.ehak_code),
        company_type: at_most("companyType", tidy(&input.company_type), MAX_TEXT)?,
        employer_type: at_most("employerType", tidy(&input.employer_type), MAX_TEXT)?,
        company_size_code: tidy(&input.company_size_code),
        ..Default::default()
    };
    if p.ads_adr_id.is_some_and(|id| id <= 0) {
        return Err(Error::field("adsAdrId", "The address id is the address's number in the address register: a positive number"));
    }
    if input.category_codes.len() > MAX_CATEGORIES {
        return Err(Error::field("categoryCodes", format!("At most {MAX_CATEGORIES} categories are allowed")));
    }
    for (i, code) in input.category_codes.iter().enumerate() {
        let code = code.trim().to_string();
        if code.is_empty() || p.category_codes.contains(&code) {
            return Err(Error::field(row_field("categoryCodes", i, ""), "Choose each category once"));
        }
        p.category_codes.push(code);
    }
    p.contact_phone_number = normalize_phone(input.contact_phone_number.as_deref())
        .map_err(|_| Error::field("contactPhoneNumber", "Phone number must include the country code, for example +372 5123 4567"))?;
    p.email = email("email", &input.email)?;
    if p.email.is_none() {
        return Err(Error::field("email", "E-mail address is required"));
    }
    p.invoices_email = email("invoicesEmail", &input.invoices_email)?;
    p.website = web_address("website", &input.website)?;
    p.facebook = web_address("facebook", &input.facebook)?;
    p.instagram = web_address("instagram", &input.instagram)?;
    p.linked_in = web_address("linkedIn", &input.linked_in)?;
    p.twitter = web_address("twitter", &input.twitter)?;
    p.telegram = web_address("telegram", &input.telegram)?;
    p.youtube = web_address("youtube", &input.youtube)?;
    for (i, description) in input.descriptions.iter().enumerate() {
        let language = description.language_code.trim();
        if !DESCRIPTION_LANGUAGES.contains(&language) || p.descriptions.iter().any(|d| d.language_code == language) {
            return Err(Error::field(row_field("descriptions", i, "languageCode"), "Give each language (et, en or ru) once"));
        }
        if description.content.trim().is_empty() {
            continue;
        }
        let clean = rich_text::sanitize(&description.content)
            .map_err(|_| Error::field(row_field("descriptions", i, "content"), "The description is not a rich text"))?;
        if clean.json.len() > MAX_DESCRIPTION_BYTES {
            return Err(Error::field(row_field("descriptions", i, "content"), "The description is too long"));
        }
        if clean.has_text {
            p.descriptions.push(CompanyDescription { language_code: language.to_string(), content: clean.json });
        }
    }
    Ok(p)
}

async fn known_code(conn: &mut PgConnection, table: &'static str, field: &'static str, code: Option<&str>) -> Result<()> {
    let Some(code) = code else { return Ok(()) };
    let sql = format!("select exists (select 1 from {table} where code = $1)");
    let known: bool = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(code).fetch_one(&mut *conn).await?;
    if known { Ok(()) } else { Err(Error::field(field, "This is not one of the offered values")) }
}

/// Saves the company's general information in one transaction with an index job for the
/// company's vacancies (their documents carry the company), so the public page and the search
/// index follow the same commit. Audited (`company.profile`, by `actor`). Answers what was stored.
#[tracing::instrument(skip_all)]
pub async fn save(pool: &PgPool, company_id: Uuid, actor: Uuid, input: &CompanyProfileInput, ip: Option<&str>) -> Result<CompanyProfileInput> {
    let p = check(input)?;
    let mut tx = pool.begin().await?;
    known_code(&mut tx, "ref_places", "ehakCode", p.ehak_code.as_deref()).await?;
    known_code(&mut tx, "ref_company_sizes", "companySizeCode", p.company_size_code.as_deref()).await?;
    for (i, code) in p.category_codes.iter().enumerate() {
        known_code(&mut tx, "ref_categories", row_field("categoryCodes", i, ""), Some(code)).await?;
    }
    sqlx::query("update companies set address = $2, ads_adr_id = $3, ehak_code = $4, updated_at = now() where id = $1")
        .bind(company_id)
        .bind(&p.address)
        .bind(p.ads_adr_id)
        .bind(&p.ehak_code)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into company_profiles (company_id, company_type, employer_type, company_size_code, contact_phone_number, email,
                                       invoices_email, website, facebook, instagram, linkedin, twitter, telegram, youtube)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         on conflict (company_id) do update set company_type = excluded.company_type, employer_type = excluded.employer_type,
             company_size_code = excluded.company_size_code, contact_phone_number = excluded.contact_phone_number,
             email = excluded.email, invoices_email = excluded.invoices_email, website = excluded.website,
             facebook = excluded.facebook, instagram = excluded.instagram, linkedin = excluded.linkedin,
             twitter = excluded.twitter, telegram = excluded.telegram, youtube = excluded.youtube, updated_at = now()",
    )
    .bind(company_id)
    .bind(&p.company_type)
    .bind(&p.employer_type)
    .bind(&p.company_size_code)
    .bind(&p.contact_phone_number)
    .bind(&p.email)
    .bind(&p.invoices_email)
    .bind(&p.website)
    .bind(&p.facebook)
    .bind(&p.instagram)
    .bind(&p.linked_in)
    .bind(&p.twitter)
    .bind(&p.telegram)
    .bind(&p.youtube)
    .execute(&mut *tx)
    .await?;
    sqlx::query("delete from company_categories where company_id = $1").bind(company_id).execute(&mut *tx).await?;
    sqlx::query("insert into company_categories (company_id, category_code) select $1, unnest($2::text[])")
        .bind(company_id)
        .bind(&p.category_codes)
        .execute(&mut *tx)
        .await?;
    sqlx::query("delete from company_descriptions where company_id = $1").bind(company_id).execute(&mut *tx).await?;
    for d in &p.descriptions {
        sqlx::query("insert into company_descriptions (company_id, language_code, content) values ($1, $2, $3)")
            .bind(company_id)
            .bind(&d.language_code)
            .bind(&d.content)
            .execute(&mut *tx)
            .await?;
    }
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(actor),
            action: "company.profile",
            target_user_id: None,
            target_company_id: Some(company_id),
            details: serde_json::json!({ "email": p.email, "website": p.website, "categoryCodes": p.category_codes }),
            ip,
        },
    )
    .await?;
    jobs::enqueue_index(&mut tx, &[IndexJob::Company(company_id)]).await?;
    tx.commit().await?;
    Ok(p)
}

#[derive(sqlx::FromRow)]
struct Row {
    address: Option<String>,
    ads_adr_id: Option<i64>,
    ehak_code: Option<String>,
    company_type: Option<String>,
    employer_type: Option<String>,
    company_size_code: Option<String>,
    contact_phone_number: Option<String>,
    email: Option<String>,
    invoices_email: Option<String>,
    website: Option<String>,
    facebook: Option<String>,
    instagram: Option<String>,
    linkedin: Option<String>,
    twitter: Option<String>,
    telegram: Option<String>,
    youtube: Option<String>,
}

/// The company's general information as stored, for its editor.
#[tracing::instrument(skip_all)]
pub async fn load(pool: &PgPool, company_id: Uuid) -> Result<CompanyProfileInput> {
    let row: Row = sqlx::query_as(
        "select c.address, c.ads_adr_id, c.ehak_code, p.company_type, p.employer_type, p.company_size_code, p.contact_phone_number,
                p.email, p.invoices_email, p.website, p.facebook, p.instagram, p.linkedin, p.twitter, p.telegram, p.youtube
         from companies c left join company_profiles p on p.company_id = c.id where c.id = $1",
    )
    .bind(company_id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(Error::not_found)?;
    let category_codes: Vec<String> =
        sqlx::query_scalar("select category_code from company_categories where company_id = $1 order by category_code")
            .bind(company_id)
            .fetch_all(pool)
            .await?;
    let descriptions: Vec<(String, String)> =
        sqlx::query_as("select language_code, content from company_descriptions where company_id = $1 order by language_code")
            .bind(company_id)
            .fetch_all(pool)
            .await?;
    Ok(CompanyProfileInput {
        address: row.address,
        ads_adr_id: row.ads_adr_id,
        ehak_code: row.ehak_code,
        category_codes,
        company_type: row.company_type,
        employer_type: row.employer_type,
        company_size_code: row.company_size_code,
        contact_phone_number: row.contact_phone_number,
        email: row.email,
        invoices_email: row.invoices_email,
        website: row.website,
        descriptions: descriptions.into_iter().map(|(language_code, content)| CompanyDescription { language_code, content }).collect(),
        facebook: row.facebook,
        instagram: row.instagram,
        linked_in: row.linkedin,
        twitter: row.twitter,
        telegram: row.telegram,
        youtube: row.youtube,
    })
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

    fn valid() -> CompanyProfileInput {
        CompanyProfileInput { email: Some(" Info@Puit.ee ".into()), ..Default::default() }
    }

    #[test]
    fn the_email_is_required_and_lowercased() {
        assert_eq!(field_of(check(&CompanyProfileInput::default()).unwrap_err()), Some("email"));
        assert_eq!(check(&valid()).unwrap().email.as_deref(), Some("info@puit.ee"));
    }

    #[test]
    fn a_phone_without_its_country_code_names_the_phone_field() {
        let input = CompanyProfileInput { contact_phone_number: Some("5123 4567".into()), ..valid() };
        assert_eq!(field_of(check(&input).unwrap_err()), Some("contactPhoneNumber"));
        let input = CompanyProfileInput { contact_phone_number: Some("+372 5123 4567".into()), ..valid() };
        assert_eq!(check(&input).unwrap().contact_phone_number.as_deref(), Some("+37251234567"));
    }

    #[test]
    fn links_must_be_web_addresses_and_blank_descriptions_are_dropped() {
        let input = CompanyProfileInput { facebook: Some("javascript:alert(1)".into()), ..valid() };
        assert_eq!(field_of(check(&input).unwrap_err()), Some("facebook"));
        let input = CompanyProfileInput {
            descriptions: vec![
                CompanyDescription { language_code: "et".into(), content: r#"{"ops":[{"insert":"Tere\n"}]}"#.into() },
                CompanyDescription { language_code: "en".into(), content: r#"{"ops":[{"insert":"  \n"}]}"#.into() },
            ],
            ..valid()
        };
        let checked = check(&input).unwrap();
        assert_eq!(checked.descriptions.len(), 1);
        assert_eq!(checked.descriptions[0].language_code, "et");
    }
}
