//! The administrators' side of billing (issue 19): the price list's products, a company's own
//! price and discount per product, every company's invoices with their sums per status, forced
//! payment and deletion. Every write is recorded in the audit log on its own transaction.
//!
//! A product's price, VAT rate or texts apply to orders made after the change: an invoice copies
//! its lines (description, unit price, discount, VAT rate) when it is issued and never reads the
//! price list again.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::invoices::{InvoiceListItem, ListQuery, item_columns};
use super::payments::{Marked, PaymentMethod, PaymentRecord, mark_paid};
use super::pricing::{Discount, PARTS, line_net_cents};
use super::shared::tallinn_day;
use crate::platform::audit;
use crate::platform::error::{Error, Result};
use crate::platform::locale::Locale;

/// The product list's page size when none is asked for (spec 2 section 7).
pub const PRODUCT_PAGE_SIZE: u32 = 50;
/// The largest product page.
const MAX_PRODUCT_PAGE_SIZE: u32 = 200;
/// A label's length limit in characters.
const LABEL_MAX: usize = 200;
/// A description's length limit in characters.
const DESCRIPTION_MAX: usize = 2000;
/// The highest price a product or a company may be given: a million euros.
const MAX_PRICE_CENTS: i64 = 100_000_000;
/// The longest reason an administrator may give for a forced payment.
const REASON_MAX: usize = 500;

/// Who writes: the administrator and their address, for the audit log.
#[derive(Clone, Copy, Debug)]
pub struct Actor<'a> {
    pub user_id: Uuid,
    pub ip: Option<&'a str>,
}

impl Actor<'_> {
    pub(crate) async fn record(&self, conn: &mut PgConnection, action: &str, company_id: Option<Uuid>, details: serde_json::Value) -> Result<()> {
        audit::record(
            conn,
            audit::Entry {
                actor_user_id: Some(self.user_id),
                action,
                target_user_id: None,
                target_company_id: company_id,
                details,
                ip: self.ip,
            },
        )
        .await
    }
}

/// A product of the price list as administrators edit it: its texts in the three languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminProduct {
    pub code: String,
    pub label_et: String,
    pub label_en: String,
    pub label_ru: String,
    pub description_et: String,
    pub description_en: String,
    pub description_ru: String,
    /// The list price in euro cents, VAT excluded.
    pub price_cents: i64,
    /// The VAT rate in basis points (2400 = 24 %).
    pub vat_rate_bp: i32,
    /// Only active products are sold.
    pub is_active: bool,
    /// COMPANY, CV or VACANCY.
    pub service_type: String,
    /// ITEM or DAY.
    pub unit: String,
    /// The first day the present price applies.
    pub valid_from: NaiveDate,
}

const PRODUCT_COLUMNS: &str = "code, label_et, label_en, label_ru, description_et, description_en, description_ru,
    price_cents, vat_rate_bp, is_active, service_type, unit, valid_from";

/// A page of products, in price-list order.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductPage {
    pub content: Vec<AdminProduct>,
    pub total_elements: i64,
    pub total_pages: u32,
    /// Zero-based.
    pub page: u32,
    pub size: u32,
}

/// Every product, active or not, in price-list order; `size` 50 by default (at most 200).
#[tracing::instrument(skip_all)]
pub async fn products(pool: &PgPool, page: Option<u32>, size: Option<u32>) -> Result<ProductPage> {
    let size = size.unwrap_or(PRODUCT_PAGE_SIZE);
    if !(1..=MAX_PRODUCT_PAGE_SIZE).contains(&size) {
        return Err(Error::field("size", format!("Page size must be between 1 and {MAX_PRODUCT_PAGE_SIZE}")));
    }
    let page = page.unwrap_or(0);
    let content: Vec<AdminProduct> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select {PRODUCT_COLUMNS} from products order by sort_order, code limit $1 offset $2"
    )))
    .bind(i64::from(size))
    .bind(i64::from(page) * i64::from(size))
    .fetch_all(pool)
    .await?;
    let total_elements: i64 = sqlx::query_scalar("select count(*) from products").fetch_one(pool).await?;
    Ok(ProductPage { content, total_pages: (total_elements as u64).div_ceil(u64::from(size)) as u32, total_elements, page, size })
}

/// What an administrator sets on a product (`PUT /api/admin/product`).
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductChange {
    pub code: String,
    pub label_et: String,
    pub label_en: String,
    pub label_ru: String,
    #[serde(default)]
    pub description_et: String,
    #[serde(default)]
    pub description_en: String,
    #[serde(default)]
    pub description_ru: String,
    /// Euro cents, VAT excluded: 0 to 100 000 000.
    pub price_cents: i64,
    /// Basis points: 0 to 10 000.
    pub vat_rate_bp: i32,
    pub is_active: bool,
}

pub(crate) fn checked_text(value: &str, field: &'static str, required: bool, max: usize) -> Result<String> {
    let value = value.trim();
    if required && value.is_empty() {
        return Err(Error::field(field, "This field is required"));
    }
    if value.chars().count() > max {
        return Err(Error::field(field, format!("At most {max} characters")));
    }
    Ok(value.to_string())
}

fn check_price(price_cents: i64, field: &'static str) -> Result<()> {
    if !(0..=MAX_PRICE_CENTS).contains(&price_cents) {
        return Err(Error::field(field, format!("The price must be between 0 and {MAX_PRICE_CENTS} cents")));
    }
    Ok(())
}

/// Changes a product. A new price or VAT rate is valid from today (Tallinn); existing invoices keep
/// what they were issued with. Audited with the values before and after.
#[tracing::instrument(skip_all, fields(code = %change.code))]
pub async fn update_product(pool: &PgPool, actor: Actor<'_>, change: &ProductChange, now: DateTime<Utc>) -> Result<AdminProduct> {
    let labels = [
        checked_text(&change.label_et, "labelEt", true, LABEL_MAX)?,
        checked_text(&change.label_en, "labelEn", true, LABEL_MAX)?,
        checked_text(&change.label_ru, "labelRu", true, LABEL_MAX)?,
    ];
    let descriptions = [
        checked_text(&change.description_et, "descriptionEt", false, DESCRIPTION_MAX)?,
        checked_text(&change.description_en, "descriptionEn", false, DESCRIPTION_MAX)?,
        checked_text(&change.description_ru, "descriptionRu", false, DESCRIPTION_MAX)?,
    ];
    check_price(change.price_cents, "priceCents")?;
    if !(0..=PARTS as i32).contains(&change.vat_rate_bp) {
        return Err(Error::field("vatRateBp", "The VAT rate must be between 0 and 10000 basis points"));
    }
    let mut tx = pool.begin().await?;
    let before: AdminProduct = sqlx::query_as(sqlx::AssertSqlSafe(format!("select {PRODUCT_COLUMNS} from products where code = $1 for update")))
        .bind(&change.code)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(Error::not_found)?;
    let repriced = before.price_cents != change.price_cents || before.vat_rate_bp != change.vat_rate_bp;
    let after: AdminProduct = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "update products set label_et = $2, label_en = $3, label_ru = $4, description_et = $5, description_en = $6,
                description_ru = $7, price_cents = $8, vat_rate_bp = $9, is_active = $10,
                valid_from = case when $11 then $12 else valid_from end
         where code = $1 returning {PRODUCT_COLUMNS}"
    )))
    .bind(&change.code)
    .bind(&labels[0])
    .bind(&labels[1])
    .bind(&labels[2])
    .bind(&descriptions[0])
    .bind(&descriptions[1])
    .bind(&descriptions[2])
    .bind(change.price_cents)
    .bind(change.vat_rate_bp)
    .bind(change.is_active)
    .bind(repriced)
    .bind(tallinn_day(now))
    .fetch_one(&mut *tx)
    .await?;
    let summary = |p: &AdminProduct| json!({ "priceCents": p.price_cents, "vatRateBp": p.vat_rate_bp, "isActive": p.is_active, "labelEt": p.label_et });
    actor.record(&mut tx, "product.update", None, json!({ "code": after.code, "before": summary(&before), "after": summary(&after) })).await?;
    tx.commit().await?;
    Ok(after)
}

/// One product with what one company pays for it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyProductPrice {
    pub code: String,
    /// In the reader's locale (et fallback).
    pub label: String,
    pub is_active: bool,
    /// The list price in cents, VAT excluded.
    pub list_price_cents: i64,
    /// The company's own price in cents, VAT excluded; none = the list price.
    pub price_cents: Option<i64>,
    /// The company's discount as a fraction (0.125 = 12.5 %).
    #[schema(value_type = f64, example = 0.125)]
    pub discount: Discount,
    /// One unit as the company pays it: its price less its discount, VAT excluded.
    pub net_price_cents: i64,
    /// Whether an administrator set terms for this product (else the list price applies).
    pub custom: bool,
}

/// The products the company has its own terms on, in price-list order, labelled in `locale`; with
/// `fill_empty_products` every product, those without terms at the list price (`custom` false).
#[tracing::instrument(skip_all)]
pub async fn company_prices(pool: &PgPool, company_id: Uuid, locale: Locale, fill_empty_products: bool) -> Result<Vec<CompanyProductPrice>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        code: String,
        label: String,
        is_active: bool,
        list_price_cents: i64,
        price_cents: Option<i64>,
        discount: i64,
        custom: bool,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "select p.code, coalesce(nullif(case $2 when 'en' then p.label_en when 'ru' then p.label_ru else p.label_et end, ''), p.label_et) as label,
                p.is_active, p.price_cents as list_price_cents, cp.price_cents,
                (coalesce(cp.discount, 0) * 10000)::bigint as discount, cp.company_id is not null as custom
         from products p left join company_product_prices cp on cp.product_code = p.code and cp.company_id = $1
         where $3 or cp.company_id is not null
         order by p.sort_order, p.code",
    )
    .bind(company_id)
    .bind(locale.code())
    .bind(fill_empty_products)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let discount = Discount::from_ten_thousandths(row.discount);
            CompanyProductPrice {
                net_price_cents: line_net_cents(1, row.price_cents.unwrap_or(row.list_price_cents), discount),
                code: row.code,
                label: row.label,
                is_active: row.is_active,
                list_price_cents: row.list_price_cents,
                price_cents: row.price_cents,
                discount,
                custom: row.custom,
            }
        })
        .collect())
}

/// A company's terms on one product (`PUT /api/admin/company/{a}/{b}/product`).
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyPriceChange {
    pub product_code: String,
    /// The company's own price in cents, VAT excluded; null or absent = the list price.
    #[serde(default)]
    pub price_cents: Option<i64>,
    /// A fraction from 0 to 1 with at most four decimals (0.125 = 12.5 %); 0 when absent.
    #[serde(default)]
    pub discount: f64,
}

/// A discount fraction in ten-thousandths, refused (naming `discount`) outside 0…1 or finer than
/// four decimals (what `numeric(5, 4)` keeps).
pub fn discount_parts(fraction: f64) -> Result<i64> {
    let parts = fraction * PARTS as f64;
    if !parts.is_finite() || !(0.0..=PARTS as f64).contains(&parts) {
        return Err(Error::field("discount", "The discount must be a fraction from 0 to 1"));
    }
    let rounded = parts.round();
    if (parts - rounded).abs() > 1e-6 {
        return Err(Error::field("discount", "The discount has at most four decimals (0.1250)"));
    }
    Ok(rounded as i64)
}

/// Sets the company's own price and discount on a product; seen at once in what the company is
/// offered (`GET /api/employer/products`, the publish step's quote). Audited.
#[tracing::instrument(skip_all, fields(%company_id, code = %change.product_code))]
pub async fn set_company_price(pool: &PgPool, actor: Actor<'_>, company_id: Uuid, change: &CompanyPriceChange) -> Result<()> {
    if let Some(price) = change.price_cents {
        check_price(price, "priceCents")?;
    }
    let discount = discount_parts(change.discount)?;
    let mut tx = pool.begin().await?;
    let known: bool = sqlx::query_scalar("select exists (select 1 from products where code = $1)")
        .bind(&change.product_code)
        .fetch_one(&mut *tx)
        .await?;
    if !known {
        return Err(Error::field("productCode", "No such product"));
    }
    sqlx::query(
        "insert into company_product_prices (company_id, product_code, price_cents, discount)
         values ($1, $2, $3, $4::numeric / 10000)
         on conflict (company_id, product_code) do update set price_cents = excluded.price_cents, discount = excluded.discount",
    )
    .bind(company_id)
    .bind(&change.product_code)
    .bind(change.price_cents)
    .bind(discount)
    .execute(&mut *tx)
    .await?;
    let details = json!({ "code": change.product_code, "priceCents": change.price_cents, "discount": Discount::from_ten_thousandths(discount) });
    actor.record(&mut tx, "company.product_price", Some(company_id), details).await?;
    tx.commit().await?;
    Ok(())
}

/// Removes the company's terms on a product: the list price applies again. "Not found" when the
/// company had none. Audited.
#[tracing::instrument(skip_all, fields(%company_id, code = %product_code))]
pub async fn remove_company_price(pool: &PgPool, actor: Actor<'_>, company_id: Uuid, product_code: &str) -> Result<()> {
    let mut tx = pool.begin().await?;
    let removed = sqlx::query("delete from company_product_prices where company_id = $1 and product_code = $2")
        .bind(company_id)
        .bind(product_code)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if removed == 0 {
        return Err(Error::not_found());
    }
    actor.record(&mut tx, "company.product_price_removed", Some(company_id), json!({ "code": product_code })).await?;
    tx.commit().await?;
    Ok(())
}

/// The administrators' invoice filter: the user list's status, sort and page, plus the company
/// (part of the buyer's name or the start of its registry code) and the issue days.
#[derive(Clone, Debug, Default)]
pub struct AdminInvoiceQuery<'a> {
    pub list: ListQuery<'a>,
    pub company: Option<&'a str>,
    /// Issued on or after this day.
    pub from: Option<NaiveDate>,
    /// Issued on or before this day.
    pub to: Option<NaiveDate>,
}

/// One invoice of the administrators' list: the user list's item and the buyer.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminInvoice {
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub invoice: InvoiceListItem,
    /// The buyer's name as copied at issue.
    pub buyer_name: String,
    pub buyer_registry_code: Option<String>,
    /// The buyer company's register key, when it is one (and not deleted).
    pub country_code: Option<String>,
    pub registry_code: Option<String>,
}

/// The count and total of the filtered invoices of one status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusSum {
    /// UNPAID, PAID or CANCELLED.
    pub status: String,
    pub count: i64,
    /// Σ totals (net + VAT).
    pub total_cents: i64,
}

/// A page of the administrators' invoices with the sums per status.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminInvoicePage {
    pub content: Vec<AdminInvoice>,
    pub total_elements: u64,
    pub total_pages: u32,
    pub page: u32,
    pub size: u32,
    /// For each status (UNPAID, PAID, CANCELLED, in that order), the invoices the company and
    /// date filters find: the status filter leaves them out, so each status tab shows its count.
    pub sums: Vec<StatusSum>,
}

/// Every company's invoices (not deleted), filtered, sorted and paged; with the sums per status.
#[tracing::instrument(skip_all)]
pub async fn invoices(pool: &PgPool, query: &AdminInvoiceQuery<'_>, now: DateTime<Utc>) -> Result<AdminInvoicePage> {
    let checked = query.list.check()?;
    let company = query.company.map(str::trim).unwrap_or_default();
    if company.chars().count() > 100 {
        return Err(Error::field("company", "The company is too long (at most 100 characters)"));
    }
    if let (Some(from), Some(to)) = (query.from, query.to) {
        if from > to {
            return Err(Error::field("to", "The end day is before the start day"));
        }
    }
    let pattern = format!("%{}%", company.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    // $1 company text, $2 its pattern, $3 from, $4 to
    let filtered = "i.deleted_at is null
        and ($1 = '' or i.buyer_name ilike $2 or starts_with(coalesce(i.buyer_registry_code, ''), $1))
        and ($3::date is null or i.issued_on >= $3) and ($4::date is null or i.issued_on <= $4)";
    let order_by = checked.order_by();
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        item: AdminInvoice,
        total: i64,
    }
    let columns = item_columns("$7");
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select {columns}, i.buyer_name, i.buyer_registry_code, c.country_code, c.registry_code, count(*) over () as total
         from invoices i left join companies c on c.id = i.company_id and c.deleted_at is null
         where {filtered} and ($5::text is null or i.status = $5)
         order by {order_by}
         limit $6 offset $8"
    )))
    .bind(company)
    .bind(&pattern)
    .bind(query.from)
    .bind(query.to)
    .bind(checked.status)
    .bind(i64::from(checked.size))
    .bind(tallinn_day(now))
    .bind(i64::from(checked.page) * i64::from(checked.size))
    .fetch_all(pool)
    .await?;
    let sums: Vec<StatusSum> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select s.status, count(i.id) as count, coalesce(sum(i.total_cents), 0)::bigint as total_cents
         from unnest(array['UNPAID', 'PAID', 'CANCELLED']) with ordinality as s (status, position)
         left join invoices i on i.status = s.status and {filtered}
         group by s.status, s.position order by s.position"
    )))
    .bind(company)
    .bind(&pattern)
    .bind(query.from)
    .bind(query.to)
    .fetch_all(pool)
    .await?;
    let total_elements = match rows.first() {
        Some(row) => row.total as u64,
        None => sums.iter().filter(|sum| checked.status.is_none_or(|status| status == sum.status)).map(|sum| sum.count as u64).sum(),
    };
    Ok(AdminInvoicePage {
        content: rows.into_iter().map(|row| row.item).collect(),
        total_pages: total_elements.div_ceil(u64::from(checked.size)) as u32,
        total_elements,
        page: checked.page,
        size: checked.size,
        sums,
    })
}

/// What a forced payment did.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForcedPayment {
    /// True when this call paid the invoice; false when it was paid already (nothing changed).
    pub paid_now: bool,
}

/// Marks an UNPAID invoice paid on an administrator's word, through [`mark_paid`] (method INVOICE,
/// provider "admin", recorded by the administrator), which starts what it bought. The reason is
/// required and kept in the audit log. A paid invoice changes nothing and records nothing; a
/// cancelled one is a 400.
#[tracing::instrument(skip_all, fields(%invoice_id))]
pub async fn force_payment(pool: &PgPool, actor: Actor<'_>, invoice_id: Uuid, reason: &str, now: DateTime<Utc>) -> Result<ForcedPayment> {
    let reason = checked_text(reason, "reason", true, REASON_MAX)?;
    let mut tx = pool.begin().await?;
    let (total_cents, company_id, number): (i64, Option<Uuid>, String) =
        sqlx::query_as("select total_cents, company_id, number from invoices where id = $1 and deleted_at is null")
            .bind(invoice_id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(Error::not_found)?;
    let payment = PaymentRecord {
        method: PaymentMethod::Invoice,
        provider: "admin".to_string(),
        provider_reference: Some(format!("admin-{}", Uuid::new_v4())),
        amount_cents: total_cents,
        recorded_by: Some(actor.user_id),
    };
    let marked = mark_paid(&mut tx, invoice_id, &payment, now).await?;
    if marked == Marked::AlreadyPaid {
        return Ok(ForcedPayment { paid_now: false });
    }
    let details = json!({ "invoiceId": invoice_id, "number": number, "totalCents": total_cents, "reason": reason });
    actor.record(&mut tx, "invoice.forced_payment", company_id, details).await?;
    tx.commit().await?;
    Ok(ForcedPayment { paid_now: true })
}

/// Deletes an invoice once the administrator typed its number (else a 400 naming `number`, "Wrong
/// invoice number"). An UNPAID invoice is cancelled first (its services cancelled and what they
/// granted withdrawn — the publication of a contract company's vacancy ends, its extras go —, a
/// vacancy waiting for payment back to the drafts); a paid one keeps what it bought. The row stays for the
/// accounts (the law keeps invoices for seven years), marked deleted: no list, document or payment
/// reaches it. Audited.
#[tracing::instrument(skip_all, fields(%invoice_id))]
pub async fn delete_invoice(pool: &PgPool, actor: Actor<'_>, invoice_id: Uuid, typed_number: &str, now: DateTime<Utc>) -> Result<()> {
    let mut tx = pool.begin().await?;
    let (number, status, company_id): (String, String, Option<Uuid>) =
        sqlx::query_as("select number, status, company_id from invoices where id = $1 and deleted_at is null for update")
            .bind(invoice_id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(Error::not_found)?;
    if typed_number.trim() != number {
        return Err(Error::field("number", "Wrong invoice number"));
    }
    if status == "UNPAID" {
        super::online::cancel_on(&mut tx, invoice_id, now).await?;
    }
    sqlx::query("update invoices set deleted_at = $2, deleted_by_user_id = $3 where id = $1")
        .bind(invoice_id)
        .bind(now)
        .bind(actor.user_id)
        .execute(&mut *tx)
        .await?;
    actor.record(&mut tx, "invoice.delete", company_id, json!({ "invoiceId": invoice_id, "number": number, "status": status })).await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_discount_is_a_fraction_of_at_most_four_decimals() {
        assert_eq!(discount_parts(0.125).unwrap(), 1250);
        assert_eq!(discount_parts(0.0).unwrap(), 0);
        assert_eq!(discount_parts(1.0).unwrap(), 10_000);
        assert_eq!(discount_parts(0.3333).unwrap(), 3333);
        for wrong in [-0.1, 1.01, 0.12345, f64::NAN, f64::INFINITY] {
            assert!(discount_parts(wrong).is_err(), "{wrong}");
        }
    }
}
