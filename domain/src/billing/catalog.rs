//! What a company can buy, at its own prices: every active product of the price list
//! ([`offers`]), and the CV-database offer with the company's access ([`cv_base`]).

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::pricing::{Discount, PricedProduct};
use super::products;
use super::shared::{ProductGroup, ServiceStatus};
use crate::platform::error::{Error, Result};
use crate::platform::locale::Locale;

/// The most CV-database days one order buys.
pub const MAX_CV_BASE_DAYS: i32 = 365;

/// How a product is priced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ProductUnit {
    /// One price per item.
    Item,
    /// A price per day: the quantity bought is a number of days.
    Day,
}

/// A product a company can buy, at this company's price.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductOffer {
    pub code: String,
    /// In the reader's locale (et fallback).
    pub label: String,
    /// In the reader's locale (et fallback); may be empty.
    pub description: String,
    pub group: ProductGroup,
    /// The list price in cents, VAT excluded.
    pub list_price_cents: i64,
    /// This company's net unit price in cents: its own price (else the list price) less its
    /// discount, rounded half up to the cent.
    pub price_cents: i64,
    /// This company's discount as a fraction (0.125 = 12.5 %).
    #[schema(value_type = f64, example = 0.125)]
    pub discount: Discount,
    pub vat_rate_bp: i32,
    pub pro_level: Option<i16>,
    pub promo_days: Option<i32>,
    pub cv_base_days: Option<i32>,
    pub duration_days: Option<i32>,
    pub unit: ProductUnit,
}

impl From<PricedProduct> for ProductOffer {
    fn from(priced: PricedProduct) -> Self {
        ProductOffer {
            price_cents: priced.net_unit_price_cents(),
            discount: priced.discount(),
            group: ProductGroup::of(&priced.product.code),
            unit: if priced.product.unit == "DAY" {
                ProductUnit::Day
            } else {
                ProductUnit::Item
            },
            code: priced.product.code,
            label: priced.product.label,
            description: priced.product.description,
            list_price_cents: priced.product.price_cents,
            vat_rate_bp: priced.product.vat_rate_bp,
            pro_level: priced.product.pro_level,
            promo_days: priced.product.promo_days,
            cv_base_days: priced.product.cv_base_days,
            duration_days: priced.product.duration_days,
        }
    }
}

/// Every active product with this company's terms, in price-list order.
#[tracing::instrument(skip_all)]
pub(crate) async fn priced(
    conn: &mut PgConnection,
    company_id: Uuid,
    locale: Locale,
) -> Result<Vec<PricedProduct>> {
    Ok(products::active_for_company(conn, company_id, locale)
        .await?
        .into_iter()
        .map(|(product, terms)| PricedProduct { product, terms })
        .collect())
}

/// Every active product the company can buy, at its prices, in price-list order.
#[tracing::instrument(skip_all)]
pub async fn offers(pool: &PgPool, company_id: Uuid, locale: Locale) -> Result<Vec<ProductOffer>> {
    let mut conn = pool.acquire().await?;
    Ok(priced(&mut conn, company_id, locale)
        .await?
        .into_iter()
        .map(ProductOffer::from)
        .collect())
}

/// The company's CV-database access.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvAccess {
    /// Whether it can search the CV database now.
    pub active: bool,
    /// When the access bought so far ends (the last of its paid CV services, those still to
    /// begin included); null without any.
    pub ends_at: Option<DateTime<Utc>>,
}

/// The buy-access dialog of the CV database.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvBaseOffer {
    /// CV_BASE_DAY: the price of one day; buy 1 to `maxDays` of them.
    pub per_day: ProductOffer,
    /// CV_BASE_7_DAYS_WITH_VACANCY, offered only while the company has an active vacancy.
    pub with_vacancy: Option<ProductOffer>,
    pub max_days: i32,
    pub access: CvAccess,
}

/// The SQL condition of an active vacancy `v` of an undeleted company `c` at `$now`: published,
/// paid (or under contract), begun and not ended, not held back by moderation.
pub(crate) const ACTIVE_VACANCY_AT: &str = "(v.status = 'EXISTS' and v.type = 'DEFAULT' and v.payment_status = 'PAID'
    and v.publish_at is not null and v.publish_at <= $now and (v.valid_until is null or v.valid_until > $now)
    and c.deleted_at is null and v.review_status in ('NONE', 'UNREVIEWED', 'APPROVED'))";

/// Whether the company has an active vacancy at `now`.
#[tracing::instrument(skip_all)]
pub(crate) async fn has_active_vacancy(
    conn: &mut PgConnection,
    company_id: Uuid,
    now: DateTime<Utc>,
) -> Result<bool> {
    let sql = format!(
        "select exists (select 1 from vacancies v join companies c on c.id = v.company_id where v.company_id = $1 and {})",
        ACTIVE_VACANCY_AT.replace("$now", "$2")
    );
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(company_id)
        .bind(now)
        .fetch_one(&mut *conn)
        .await?)
}

/// The company's CV-database access at `now`, as the access check reads it: a CV service ACTIVE
/// (or WAITING whose start has come, before the clock's next minute) within its period.
#[tracing::instrument(skip_all)]
pub async fn cv_access(
    conn: &mut PgConnection,
    company_id: Uuid,
    now: DateTime<Utc>,
) -> Result<CvAccess> {
    let granting: Vec<&str> = ServiceStatus::ALL
        .into_iter()
        .filter(|s| s.grants())
        .map(ServiceStatus::as_str)
        .collect();
    let (active, ends_at): (bool, Option<DateTime<Utc>>) = sqlx::query_as(
        "select coalesce(bool_or(coalesce(starts_at <= $2, status = 'ACTIVE') and (ends_at is null or ends_at > $2)), false),
                max(ends_at)
         from services
         where company_id = $1 and type = 'CV' and status = any($3) and (ends_at is null or ends_at > $2)",
    )
    .bind(company_id)
    .bind(now)
    .bind(granting)
    .fetch_one(&mut *conn)
    .await?;
    Ok(CvAccess { active, ends_at })
}

/// What the company can buy of the CV database at `now`, and its access. "Not found" while the
/// price list sells no CV-database days.
#[tracing::instrument(skip_all)]
pub async fn cv_base(
    pool: &PgPool,
    company_id: Uuid,
    locale: Locale,
    now: DateTime<Utc>,
) -> Result<CvBaseOffer> {
    let mut conn = pool.acquire().await?;
    let offers: Vec<ProductOffer> = priced(&mut conn, company_id, locale)
        .await?
        .into_iter()
        .map(ProductOffer::from)
        .filter(|o| matches!(o.group, ProductGroup::CvBaseDay | ProductGroup::CvBase))
        .collect();
    let per_day = offers
        .iter()
        .find(|o| o.group == ProductGroup::CvBaseDay)
        .cloned()
        .ok_or_else(Error::not_found)?;
    let with_vacancy = match offers.into_iter().find(|o| o.group == ProductGroup::CvBase) {
        Some(offer) if has_active_vacancy(&mut conn, company_id, now).await? => Some(offer),
        _ => None,
    };
    let access = cv_access(&mut conn, company_id, now).await?;
    Ok(CvBaseOffer {
        per_day,
        with_vacancy,
        max_days: MAX_CV_BASE_DAYS,
        access,
    })
}
