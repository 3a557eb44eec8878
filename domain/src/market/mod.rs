//! Courses and the outsource market (spec 2 names them; issue 34 §1): listings the administrators
//! add, edit, hide and delete, and employers read with filters. What a listing holds is our choice
//! (the spec is silent; see docs/services.md): a title, its provider, a plain-text description, the
//! language it is given in (et, en or ru), a price in cents or free, dates or "any time", and the
//! provider's link.
//!
//! Employers see the listings that are not hidden and not over: any-time listings, and dated ones
//! whose last day (its end, else its start) is today or later in Tallinn.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::{Error, Result};

pub const MAX_TITLE: usize = 200;
pub const MAX_PROVIDER: usize = 200;
pub const MAX_DESCRIPTION: usize = 5000;
pub const MAX_LINK: usize = 2000;
/// A million euros: more is a typing error.
pub const MAX_PRICE_CENTS: i64 = 100_000_000;
/// The languages a listing is given in: the site's own.
pub const LANGUAGES: [&str; 3] = ["et", "en", "ru"];

/// Which market a listing is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ListingKind {
    /// A course or training for employers and their staff.
    Course,
    /// A service a company can outsource (recruitment, payroll, translation …).
    Outsource,
}

impl ListingKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ListingKind::Course => "COURSE",
            ListingKind::Outsource => "OUTSOURCE",
        }
    }

    /// `COURSE` or `OUTSOURCE`; a 400 naming `kind` otherwise.
    pub fn parse(text: Option<&str>) -> Result<ListingKind> {
        match text.map(str::trim) {
            Some("COURSE") => Ok(ListingKind::Course),
            Some("OUTSOURCE") => Ok(ListingKind::Outsource),
            _ => Err(Error::field("kind", "Kind must be COURSE or OUTSOURCE")),
        }
    }
}

/// A listing as both the administrators and the employers read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub id: Uuid,
    pub kind: ListingKind,
    pub title: String,
    pub provider: String,
    /// Plain text; line breaks are kept.
    pub description: String,
    /// et, en or ru.
    pub language_code: String,
    /// The price in cents (VAT included, as the provider quotes it); null when free.
    pub price_cents: Option<i64>,
    /// Null when it runs any time.
    pub starts_on: Option<NaiveDate>,
    /// Null for a single day or any time.
    pub ends_on: Option<NaiveDate>,
    /// The provider's page (http or https).
    pub link: String,
    /// Hidden listings are shown to administrators only.
    pub hidden: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct ListingRow {
    id: Uuid,
    kind: String,
    title: String,
    provider: String,
    description: String,
    language_code: String,
    price_cents: Option<i64>,
    starts_on: Option<NaiveDate>,
    ends_on: Option<NaiveDate>,
    link: String,
    hidden: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl ListingRow {
    fn listing(self) -> Result<Listing> {
        let kind = ListingKind::parse(Some(&self.kind)).map_err(|_| anyhow::anyhow!("listing {}: kind {:?}", self.id, self.kind))?;
        Ok(Listing {
            id: self.id,
            kind,
            title: self.title,
            provider: self.provider,
            description: self.description,
            language_code: self.language_code,
            price_cents: self.price_cents,
            starts_on: self.starts_on,
            ends_on: self.ends_on,
            link: self.link,
            hidden: self.hidden,
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

const COLUMNS: &str =
    "id, kind, title, provider, description, language_code, price_cents, starts_on, ends_on, link, hidden, created_at, updated_at";

/// What an administrator writes: the whole listing.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingInput {
    /// COURSE or OUTSOURCE.
    pub kind: Option<String>,
    pub title: Option<String>,
    pub provider: Option<String>,
    /// Plain text, up to 5000 characters.
    pub description: Option<String>,
    /// et, en or ru.
    pub language_code: Option<String>,
    /// Cents, 1 to 100 000 000; null or absent when free.
    pub price_cents: Option<i64>,
    /// `YYYY-MM-DD`; absent for "any time".
    pub starts_on: Option<String>,
    /// `YYYY-MM-DD`, on or after `startsOn`; absent for a single day or any time.
    pub ends_on: Option<String>,
    /// http or https.
    pub link: Option<String>,
    #[serde(default)]
    pub hidden: bool,
}

/// A listing that passed the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidListing {
    pub kind: ListingKind,
    pub title: String,
    pub provider: String,
    pub description: String,
    pub language_code: String,
    pub price_cents: Option<i64>,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    pub link: String,
    pub hidden: bool,
}

fn required(field: &'static str, name: &str, text: Option<&str>, max: usize) -> Result<String> {
    let text = text.map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(Error::field(field, format!("{name} is required")));
    }
    if text.chars().count() > max {
        return Err(Error::field(field, format!("{name} must be at most {max} characters")));
    }
    Ok(text.to_string())
}

fn date(field: &'static str, text: Option<&str>) -> Result<Option<NaiveDate>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| Error::field(field, "Date must be YYYY-MM-DD")),
    }
}

/// The rules of a listing; a 400 naming the first field that breaks one.
pub fn validate(input: &ListingInput) -> Result<ValidListing> {
    let kind = ListingKind::parse(input.kind.as_deref())?;
    let title = required("title", "Title", input.title.as_deref(), MAX_TITLE)?;
    let provider = required("provider", "Provider", input.provider.as_deref(), MAX_PROVIDER)?;
    let description = input.description.as_deref().map(str::trim).unwrap_or_default().to_string();
    if description.chars().count() > MAX_DESCRIPTION {
        return Err(Error::field("description", format!("Description must be at most {MAX_DESCRIPTION} characters")));
    }
    let language_code = input.language_code.as_deref().map(str::trim).unwrap_or_default();
    if !LANGUAGES.contains(&language_code) {
        return Err(Error::field("languageCode", "Language must be et, en or ru"));
    }
    if let Some(price) = input.price_cents
        && !(1..=MAX_PRICE_CENTS).contains(&price)
    {
        return Err(Error::field("priceCents", "Price must be between 0.01 and 1 000 000 euros, or empty when free"));
    }
    let starts_on = date("startsOn", input.starts_on.as_deref())?;
    let ends_on = date("endsOn", input.ends_on.as_deref())?;
    match (starts_on, ends_on) {
        (None, Some(_)) => return Err(Error::field("endsOn", "An end date needs a start date")),
        (Some(starts), Some(ends)) if ends < starts => {
            return Err(Error::field("endsOn", "The end date must not be before the start date"));
        }
        _ => {}
    }
    let link = required("link", "Link", input.link.as_deref(), MAX_LINK)?;
    let web_link = url::Url::parse(&link).ok().is_some_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
    if !web_link {
        return Err(Error::field("link", "Link must be a web address starting with http:// or https://"));
    }
    Ok(ValidListing {
        kind,
        title,
        provider,
        description,
        language_code: language_code.to_string(),
        price_cents: input.price_cents,
        starts_on,
        ends_on,
        link,
        hidden: input.hidden,
    })
}

/// Every listing of `kind` (all kinds when none), hidden and past ones too, newest first: the
/// administrators' screen.
#[tracing::instrument(skip_all)]
pub async fn all(pool: &PgPool, kind: Option<ListingKind>) -> Result<Vec<Listing>> {
    let sql = format!(
        "select {COLUMNS} from market_listings where ($1::text is null or kind = $1) order by created_at desc, id"
    );
    let rows: Vec<ListingRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(kind.map(ListingKind::as_str)).fetch_all(pool).await?;
    rows.into_iter().map(ListingRow::listing).collect()
}

/// Free or paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriceFilter {
    Free,
    Paid,
}

/// Dated and still to begin, or any time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenFilter {
    /// Dated, beginning today or later.
    Upcoming,
    /// Without dates.
    AnyTime,
}

/// The employers' filters of one market.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter {
    pub kind: ListingKind,
    pub language_code: Option<String>,
    pub price: Option<PriceFilter>,
    pub when: Option<WhenFilter>,
}

impl Filter {
    /// The query's filters, absent or empty ones left out; a 400 naming `kind`, `language`, `price`
    /// or `when` for a value outside their lists.
    pub fn parse(kind: Option<&str>, language: Option<&str>, price: Option<&str>, when: Option<&str>) -> Result<Filter> {
        let present = |text: Option<&str>| text.map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
        let kind = ListingKind::parse(kind)?;
        let language_code = present(language);
        if let Some(code) = &language_code
            && !LANGUAGES.contains(&code.as_str())
        {
            return Err(Error::field("language", "Language must be et, en or ru"));
        }
        let price = match present(price).as_deref() {
            None => None,
            Some("free") => Some(PriceFilter::Free),
            Some("paid") => Some(PriceFilter::Paid),
            Some(_) => return Err(Error::field("price", "Price must be free or paid")),
        };
        let when = match present(when).as_deref() {
            None => None,
            Some("upcoming") => Some(WhenFilter::Upcoming),
            Some("anytime") => Some(WhenFilter::AnyTime),
            Some(_) => return Err(Error::field("when", "When must be upcoming or anytime")),
        };
        Ok(Filter { kind, language_code, price, when })
    }
}

/// What employers see of one market at `now`: listings neither hidden nor over on the day it is in
/// Tallinn, matching the filter; dated ones by their start, then any-time ones by title.
#[tracing::instrument(skip_all)]
pub async fn visible(pool: &PgPool, filter: &Filter, now: DateTime<Utc>) -> Result<Vec<Listing>> {
    let today = now.with_timezone(&chrono_tz::Europe::Tallinn).date_naive();
    let sql = format!(
        "select {COLUMNS} from market_listings
         where kind = $1 and not hidden
           and (starts_on is null or coalesce(ends_on, starts_on) >= $2)
           and ($3::text is null or language_code = $3)
           and ($4::text is null or ($4 = 'free') = (price_cents is null))
           and ($5::text is null or ($5 = 'anytime' and starts_on is null) or ($5 = 'upcoming' and starts_on >= $2))
         order by starts_on nulls last, lower(title), id"
    );
    let rows: Vec<ListingRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(filter.kind.as_str())
        .bind(today)
        .bind(filter.language_code.as_deref())
        .bind(filter.price.map(|p| if p == PriceFilter::Free { "free" } else { "paid" }))
        .bind(filter.when.map(|w| if w == WhenFilter::AnyTime { "anytime" } else { "upcoming" }))
        .fetch_all(pool)
        .await?;
    rows.into_iter().map(ListingRow::listing).collect()
}

/// Adds a listing.
#[tracing::instrument(skip_all)]
pub async fn create(pool: &PgPool, input: &ListingInput) -> Result<Listing> {
    let valid = validate(input)?;
    let sql = format!(
        "insert into market_listings (kind, title, provider, description, language_code, price_cents, starts_on, ends_on, link, hidden)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning {COLUMNS}"
    );
    let row: ListingRow = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(valid.kind.as_str())
        .bind(&valid.title)
        .bind(&valid.provider)
        .bind(&valid.description)
        .bind(&valid.language_code)
        .bind(valid.price_cents)
        .bind(valid.starts_on)
        .bind(valid.ends_on)
        .bind(&valid.link)
        .bind(valid.hidden)
        .fetch_one(pool)
        .await?;
    row.listing()
}

/// Replaces listing `id` (hiding or showing it too); "not found" for an unknown id.
#[tracing::instrument(skip_all)]
pub async fn update(pool: &PgPool, id: Uuid, input: &ListingInput) -> Result<Listing> {
    let valid = validate(input)?;
    let sql = format!(
        "update market_listings set kind = $1, title = $2, provider = $3, description = $4, language_code = $5, price_cents = $6,
                starts_on = $7, ends_on = $8, link = $9, hidden = $10
         where id = $11 returning {COLUMNS}"
    );
    let row: Option<ListingRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(valid.kind.as_str())
        .bind(&valid.title)
        .bind(&valid.provider)
        .bind(&valid.description)
        .bind(&valid.language_code)
        .bind(valid.price_cents)
        .bind(valid.starts_on)
        .bind(valid.ends_on)
        .bind(&valid.link)
        .bind(valid.hidden)
        .bind(id)
        .fetch_optional(pool)
        .await?;
    row.ok_or_else(Error::not_found)?.listing()
}

/// Deletes listing `id`; "not found" for an unknown id.
#[tracing::instrument(skip_all)]
pub async fn delete(pool: &PgPool, id: Uuid) -> Result<()> {
    let deleted = sqlx::query("delete from market_listings where id = $1").bind(id).execute(pool).await?.rows_affected();
    if deleted == 0 {
        return Err(Error::not_found());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course() -> ListingInput {
        ListingInput {
            kind: Some("COURSE".into()),
            title: Some(" Värbamise alused ".into()),
            provider: Some("Koolitus OÜ".into()),
            description: Some("Kaks päeva.".into()),
            language_code: Some("et".into()),
            price_cents: Some(19_900),
            starts_on: Some("2026-12-01".into()),
            ends_on: Some("2026-12-02".into()),
            link: Some("https://koolitus.ee/varbamine".into()),
            hidden: false,
        }
    }

    fn field_of(result: Result<ValidListing>) -> Option<&'static str> {
        match result {
            Err(Error::Client { field, .. }) => field,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_complete_listing_passes_trimmed() {
        let valid = validate(&course()).unwrap();
        assert_eq!(valid.title, "Värbamise alused");
        assert_eq!(valid.starts_on, NaiveDate::from_ymd_opt(2026, 12, 1));
        let any_time_free = ListingInput { price_cents: None, starts_on: None, ends_on: None, ..course() };
        let valid = validate(&any_time_free).unwrap();
        assert_eq!((valid.price_cents, valid.starts_on, valid.ends_on), (None, None, None));
    }

    #[test]
    fn each_broken_rule_names_its_field() {
        let cases: Vec<(ListingInput, &str)> = vec![
            (ListingInput { kind: Some("BOOK".into()), ..course() }, "kind"),
            (ListingInput { title: Some("  ".into()), ..course() }, "title"),
            (ListingInput { title: Some("x".repeat(MAX_TITLE + 1)), ..course() }, "title"),
            (ListingInput { provider: None, ..course() }, "provider"),
            (ListingInput { description: Some("x".repeat(MAX_DESCRIPTION + 1)), ..course() }, "description"),
            (ListingInput { language_code: Some("fi".into()), ..course() }, "languageCode"),
            (ListingInput { price_cents: Some(0), ..course() }, "priceCents"),
            (ListingInput { starts_on: Some("1.12.2026".into()), ..course() }, "startsOn"),
            (ListingInput { starts_on: None, ..course() }, "endsOn"),
            (ListingInput { ends_on: Some("2026-11-30".into()), ..course() }, "endsOn"),
            (ListingInput { link: Some("javascript:alert(1)".into()), ..course() }, "link"),
            (ListingInput { link: Some("koolitus.ee".into()), ..course() }, "link"),
        ];
        for (input, field) in cases {
            assert_eq!(field_of(validate(&input)), Some(field), "{input:?}");
        }
    }

    #[test]
    fn the_employers_filters_refuse_values_outside_their_lists() {
        let filter = Filter::parse(Some("OUTSOURCE"), Some("en"), Some("free"), Some("upcoming")).unwrap();
        assert_eq!(
            filter,
            Filter { kind: ListingKind::Outsource, language_code: Some("en".into()), price: Some(PriceFilter::Free), when: Some(WhenFilter::Upcoming) }
        );
        assert_eq!(Filter::parse(Some("COURSE"), Some(""), None, Some(" ")).unwrap().when, None);
        let field = |result: Result<Filter>| match result {
            Err(Error::Client { field, .. }) => field,
            _ => None,
        };
        assert_eq!(field(Filter::parse(None, None, None, None)), Some("kind"));
        assert_eq!(field(Filter::parse(Some("COURSE"), Some("de"), None, None)), Some("language"));
        assert_eq!(field(Filter::parse(Some("COURSE"), None, Some("cheap"), None)), Some("price"));
        assert_eq!(field(Filter::parse(Some("COURSE"), None, None, Some("soon"))), Some("when"));
    }
}
