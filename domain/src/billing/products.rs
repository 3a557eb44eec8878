//! The public price list: the products a company can buy, in the reader's locale.

use serde::Serialize;
use sqlx::PgPool;

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

type ProductRow = (String, String, String, i64, i32, String, String, Option<i32>, Option<i16>, Option<i32>, Option<i32>, chrono::NaiveDate);

/// The active products in price-list order, labelled in `locale` (falling back to et).
#[tracing::instrument(skip_all)]
pub async fn active(pool: &PgPool, locale: Locale) -> Result<Vec<Product>> {
    let (label, description) = match locale {
        Locale::Et => ("label_et", "description_et"),
        Locale::En => ("label_en", "description_en"),
        Locale::Ru => ("label_ru", "description_ru"),
    };
    // column names come from the closed match above, never from input
    let sql = format!(
        "select code, coalesce(nullif({label}, ''), label_et), coalesce(nullif({description}, ''), description_et), \
         price_cents, vat_rate_bp, service_type, unit, duration_days, pro_level, cv_base_days, promo_days, valid_from \
         from products where is_active order by sort_order, code"
    );
    let rows: Vec<ProductRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?;
    Ok(rows
        .into_iter()
        .map(
            |(code, label, description, price_cents, vat_rate_bp, service_type, unit, duration_days, pro_level, cv_base_days, promo_days, valid_from)| Product {
                code,
                label,
                description,
                price_cents,
                vat_rate_bp,
                service_type,
                unit,
                duration_days,
                pro_level,
                cv_base_days,
                promo_days,
                valid_from,
            },
        )
        .collect())
}
