//! The public price list: the products a company can buy, in the reader's locale.

use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::shared::ProductGroup;
use crate::platform::error::Result;
use crate::platform::locale::Locale;

/// One active product of the price list; amounts are integer cents, VAT excluded.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub code: String,
    /// In the reader's locale (et fallback).
    pub label: String,
    /// In the reader's locale (et fallback); may be empty.
    pub description: String,
    /// The list price in euro cents, VAT excluded.
    pub price_cents: i64,
    /// The VAT rate in basis points (2400 = 24 %).
    pub vat_rate_bp: i32,
    /// COMPANY, CV or VACANCY.
    pub service_type: String,
    /// ITEM (a one-off price) or DAY (a price per day).
    pub unit: String,
    pub duration_days: Option<i32>,
    pub pro_level: Option<i16>,
    pub cv_base_days: Option<i32>,
    pub promo_days: Option<i32>,
    /// The first day this price applies (ISO date).
    pub valid_from: chrono::NaiveDate,
}

/// A line of the public price list (`/prices-and-services`).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceListEntry {
    #[serde(flatten)]
    pub product: Product,
    /// Whether it is for sale now. False only for the additional promotion while an administrator
    /// has not activated it with a price above 0: listed (spec 2 section 9), its amount not shown.
    pub available: bool,
}

/// What an administrator set for one company on one product (`company_product_prices`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompanyTerms {
    /// The company's own price in cents, VAT excluded; the list price when none.
    pub own_price_cents: Option<i64>,
    /// The discount in ten-thousandths of the price (`numeric(5, 4)` read exactly: 1250 = 12.5 %).
    pub discount_ten_thousandths: i64,
}

#[derive(sqlx::FromRow)]
struct ProductRow {
    code: String,
    label: String,
    description: String,
    price_cents: i64,
    vat_rate_bp: i32,
    service_type: String,
    unit: String,
    duration_days: Option<i32>,
    pro_level: Option<i16>,
    cv_base_days: Option<i32>,
    promo_days: Option<i32>,
    valid_from: chrono::NaiveDate,
    own_price_cents: Option<i64>,
    discount_ten_thousandths: i64,
    available: bool,
}

impl ProductRow {
    fn split(self) -> (Product, CompanyTerms) {
        let terms = CompanyTerms { own_price_cents: self.own_price_cents, discount_ten_thousandths: self.discount_ten_thousandths };
        let product = Product {
            code: self.code,
            label: self.label,
            description: self.description,
            price_cents: self.price_cents,
            vat_rate_bp: self.vat_rate_bp,
            service_type: self.service_type,
            unit: self.unit,
            duration_days: self.duration_days,
            pro_level: self.pro_level,
            cv_base_days: self.cv_base_days,
            promo_days: self.promo_days,
            valid_from: self.valid_from,
        };
        (product, terms)
    }
}

/// The SQL condition of a product `p` for sale: active and, when an administrator sets its amount,
/// priced above 0 (`$2`: the codes an administrator prices).
const FOR_SALE: &str = "(p.is_active and (p.price_cents > 0 or not p.code = any($2)))";

/// Which products a reading lists.
#[derive(Clone, Copy)]
enum Listing {
    /// Those for sale ([`FOR_SALE`]).
    ForSale,
    /// The public price list: those for sale, and those an administrator has yet to price.
    PriceList,
}

/// The products `listing` names in price-list order, labelled in `locale` (falling back to et),
/// each with the terms of `company` (none without one) and whether it is for sale.
async fn read(conn: &mut PgConnection, company_id: Option<Uuid>, locale: Locale, listing: Listing) -> Result<Vec<ProductRow>> {
    let (label, description) = match locale {
        Locale::Et => ("label_et", "description_et"),
        Locale::En => ("label_en", "description_en"),
        Locale::Ru => ("label_ru", "description_ru"),
    };
    let listed = match listing {
        Listing::ForSale => FOR_SALE,
        Listing::PriceList => "(p.is_active or p.code = any($2))",
    };
    // column names and conditions come from the closed matches above, never from input; the
    // discount is numeric(5, 4), so times 10 000 it is a whole number
    let sql = format!(
        "select p.code, coalesce(nullif(p.{label}, ''), p.label_et) as label,
                coalesce(nullif(p.{description}, ''), p.description_et) as description,
                p.price_cents, p.vat_rate_bp, p.service_type, p.unit, p.duration_days, p.pro_level, p.cv_base_days,
                p.promo_days, p.valid_from, cp.price_cents as own_price_cents,
                (coalesce(cp.discount, 0) * 10000)::bigint as discount_ten_thousandths, {FOR_SALE} as available
         from products p left join company_product_prices cp on cp.product_code = p.code and cp.company_id = $1
         where {listed} order by p.sort_order, p.code"
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(company_id)
        .bind(ProductGroup::priced_by_administrator_codes())
        .fetch_all(&mut *conn)
        .await?)
}

/// The public price list: the products for sale and, without an amount, those an administrator
/// has yet to price (the additional promotion), in price-list order.
#[tracing::instrument(skip_all)]
pub async fn price_list(pool: &PgPool, locale: Locale) -> Result<Vec<PriceListEntry>> {
    let mut conn = pool.acquire().await?;
    Ok(read(&mut conn, None, locale, Listing::PriceList)
        .await?
        .into_iter()
        .map(|row| {
            let available = row.available;
            let (mut product, _) = row.split();
            if !available {
                // an amount not yet set is not published
                product.price_cents = 0;
            }
            PriceListEntry { product, available }
        })
        .collect())
}

/// The products for sale with what this company pays for them (its own price and discount).
#[tracing::instrument(skip_all)]
pub async fn active_for_company(conn: &mut PgConnection, company_id: Uuid, locale: Locale) -> Result<Vec<(Product, CompanyTerms)>> {
    Ok(read(conn, Some(company_id), locale, Listing::ForSale).await?.into_iter().map(ProductRow::split).collect())
}
