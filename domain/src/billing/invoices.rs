//! The invoices a user sees (`/api/user/invoices/my`, `/api/user/invoices/{id}`): the acting
//! company's for its staff, else the user's own (issued to no company). Anyone else's invoice, or
//! one an administrator deleted, is "not found".

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use super::pricing::Discount;
use super::seller::Seller;
use super::shared::tallinn_day;
use crate::platform::error::{Error, Result};

/// The page size when none is asked for (spec 2 section 7: default size 2000), also the largest.
pub const DEFAULT_PAGE_SIZE: u32 = 2000;

/// Whose invoices a call reads, pays or downloads: the one ownership rule of invoices.
#[derive(Clone, Copy, Debug)]
pub enum Owner {
    /// The staff of this company read its invoices.
    Company(Uuid),
    /// A user acting for no company reads the invoices issued to them alone.
    User(Uuid),
}

impl Owner {
    /// The owner of the invoices a user reaches: the company they act for, else themselves.
    pub fn acting(user_id: Uuid, company_id: Option<Uuid>) -> Owner {
        company_id.map_or(Owner::User(user_id), Owner::Company)
    }

    /// The values for the placeholders of [`Owner::condition`]: the company, then the user.
    pub fn binds(self) -> (Option<Uuid>, Option<Uuid>) {
        match self {
            Owner::Company(id) => (Some(id), None),
            Owner::User(id) => (None, Some(id)),
        }
    }

    /// The owner condition on invoices `i` (deleted ones excluded), with the company bound at
    /// `$company` and the user at `$company + 1` (see [`Owner::binds`]).
    pub fn condition(company: u8) -> String {
        let user = company + 1;
        format!(
            "i.deleted_at is null
             and (case when ${company}::uuid is not null then i.company_id = ${company}
                       else i.user_id = ${user} and i.company_id is null end)"
        )
    }
}

/// The list's filter, sort and page, as asked (`?status=&sort=&order=&page=&size=`).
#[derive(Clone, Debug, Default)]
pub struct ListQuery<'a> {
    /// UNPAID, PAID or CANCELLED; all when none.
    pub status: Option<&'a str>,
    /// `date` (the default: issue day, then number) or `status`.
    pub sort: Option<&'a str>,
    /// `desc` (the default) or `asc`.
    pub order: Option<&'a str>,
    pub page: Option<u32>,
    pub size: Option<u32>,
}

/// A checked [`ListQuery`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Checked {
    pub(super) status: Option<&'static str>,
    by_status: bool,
    descending: bool,
    pub(super) page: u32,
    pub(super) size: u32,
}

impl Checked {
    /// The `order by` of invoices `i`; it comes from the checked choices, never from the request's text.
    pub(super) fn order_by(&self) -> String {
        let direction = if self.descending { "desc" } else { "asc" };
        if self.by_status {
            format!(
                "array_position(array['UNPAID', 'PAID', 'CANCELLED'], i.status) {direction}, i.issued_on desc, i.number desc"
            )
        } else {
            format!("i.issued_on {direction}, i.number {direction}")
        }
    }
}

impl ListQuery<'_> {
    /// A 400 naming `status`, `sort`, `order` or `size` for a value outside its choices.
    pub(super) fn check(&self) -> Result<Checked> {
        fn blank(v: Option<&str>) -> Option<&str> {
            v.map(str::trim).filter(|v| !v.is_empty())
        }
        let status = match blank(self.status) {
            None => None,
            Some(text) => Some(
                ["UNPAID", "PAID", "CANCELLED"]
                    .into_iter()
                    .find(|s| *s == text)
                    .ok_or_else(|| {
                        Error::field("status", "Status must be UNPAID, PAID or CANCELLED")
                    })?,
            ),
        };
        let by_status = match blank(self.sort) {
            None | Some("date") => false,
            Some("status") => true,
            Some(_) => return Err(Error::field("sort", "Sort by date or status")),
        };
        let descending = match blank(self.order) {
            None | Some("desc") => true,
            Some("asc") => false,
            Some(_) => return Err(Error::field("order", "Order is asc or desc")),
        };
        let size = self.size.unwrap_or(DEFAULT_PAGE_SIZE);
        if size == 0 || size > DEFAULT_PAGE_SIZE {
            return Err(Error::field(
                "size",
                format!("Page size must be between 1 and {DEFAULT_PAGE_SIZE}"),
            ));
        }
        let page = self.page.unwrap_or(0);
        Ok(Checked {
            status,
            by_status,
            descending,
            page,
            size,
        })
    }
}

/// One invoice of the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceListItem {
    pub id: Uuid,
    /// `YYYY-NNNNNN`.
    pub number: String,
    /// The issue day.
    pub date: NaiveDate,
    /// The due day.
    pub expiration_date: NaiveDate,
    /// UNPAID, PAID or CANCELLED.
    pub status: String,
    /// The total: net plus VAT.
    pub sum_cents: i64,
    pub subtotal_cents: i64,
    pub vat_cents: i64,
    /// The Estonian payment reference (viitenumber) a bank transfer quotes.
    pub reference_number: String,
    /// UNPAID past its due day (Tallinn).
    pub overdue: bool,
    pub paid_at: Option<DateTime<Utc>>,
    /// The ISO 4217 code of the amounts (EUR): the payment methods offered follow it.
    pub currency: String,
}

/// The list item columns of invoices `i`, `today` being the placeholder of today in Tallinn.
pub(super) fn item_columns(today: &str) -> String {
    format!(
        "i.id, i.number, i.issued_on as date, i.due_on as expiration_date, i.status, i.total_cents as sum_cents,
         i.subtotal_cents, i.vat_cents, coalesce(i.reference_number, '') as reference_number,
         (i.status = 'UNPAID' and i.due_on < {today}) as overdue, i.paid_at, i.currency"
    )
}

/// A page of invoices.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoicePage {
    pub content: Vec<InvoiceListItem>,
    pub total_elements: u64,
    pub total_pages: u32,
    /// Zero-based.
    pub page: u32,
    pub size: u32,
}

/// The owner's invoices, filtered, sorted and paged as `query` asks; `now` decides what is overdue.
#[tracing::instrument(skip_all)]
pub async fn list(
    pool: &PgPool,
    owner: Owner,
    query: &ListQuery<'_>,
    now: DateTime<Utc>,
) -> Result<InvoicePage> {
    let checked = query.check()?;
    let (company_id, user_id) = owner.binds();
    let order_by = checked.order_by();
    let owned = Owner::condition(1);
    let columns = item_columns("$3");
    let sql = format!(
        "select {columns}, count(*) over () as total
         from invoices i
         where {owned} and ($4::text is null or i.status = $4)
         order by {order_by}
         limit $5 offset $6"
    );
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        item: InvoiceListItem,
        total: i64,
    }
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(company_id)
        .bind(user_id)
        .bind(tallinn_day(now))
        .bind(checked.status)
        .bind(i64::from(checked.size))
        .bind(i64::from(checked.page) * i64::from(checked.size))
        .fetch_all(pool)
        .await?;
    let total_elements = match rows.first() {
        Some(row) => row.total as u64,
        None => {
            let sql = format!(
                "select count(*) from invoices i where {owned} and ($3::text is null or i.status = $3)"
            );
            let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                .bind(company_id)
                .bind(user_id)
                .bind(checked.status)
                .fetch_one(pool)
                .await?;
            total as u64
        }
    };
    Ok(InvoicePage {
        content: rows.into_iter().map(|row| row.item).collect(),
        total_pages: total_elements.div_ceil(u64::from(checked.size)) as u32,
        total_elements,
        page: checked.page,
        size: checked.size,
    })
}

/// Who the invoice is issued to, as copied at issue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceBuyer {
    pub name: String,
    pub registry_code: Option<String>,
    pub address: Option<String>,
    pub email: Option<String>,
}

/// One line of an invoice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceLine {
    pub code: Option<String>,
    /// As issued (Estonian, the invoice's language).
    pub description: String,
    pub quantity: i32,
    /// Before the discount, VAT excluded.
    pub unit_price_cents: i64,
    /// As a fraction (0.125 = 12.5 %).
    #[schema(value_type = f64, example = 0.125)]
    pub discount: Discount,
    /// `round(quantity × unitPrice × (1 − discount))`.
    pub net_cents: i64,
    pub vat_rate_bp: i32,
    /// `round(net × vatRate)`.
    pub vat_cents: i64,
}

/// Where a bank transfer goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceBank {
    pub recipient: String,
    pub iban: String,
    pub bank_name: String,
    pub bic: String,
}

impl From<&Seller> for InvoiceBank {
    fn from(seller: &Seller) -> Self {
        InvoiceBank {
            recipient: seller.name.clone(),
            iban: seller.iban.clone(),
            bank_name: seller.bank_name.clone(),
            bic: seller.bic.clone(),
        }
    }
}

/// One attempt to pay the invoice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoicePayment {
    pub id: Uuid,
    /// INVOICE, BANK_TRANSFER, CARD or BLIK.
    pub method: String,
    /// PENDING, SUCCEEDED, FAILED or CANCELLED.
    pub status: String,
    pub amount_cents: i64,
    pub received_at: Option<DateTime<Utc>>,
}

/// An invoice with everything on it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invoice {
    #[serde(flatten)]
    pub summary: InvoiceListItem,
    pub buyer: InvoiceBuyer,
    pub lines: Vec<InvoiceLine>,
    /// The seller's account a bank transfer goes to, quoting `referenceNumber`.
    pub bank: InvoiceBank,
    /// The vacancy the order is for (publishing or its extras); null for other orders.
    pub vacancy_id: Option<Uuid>,
    /// Oldest first.
    pub payments: Vec<InvoicePayment>,
}

/// The owner's invoice `id` in full, the bank details from `seller`; "not found" for anyone
/// else's, or a deleted one.
#[tracing::instrument(skip_all, fields(%id))]
pub async fn detail(
    pool: &PgPool,
    owner: Owner,
    id: Uuid,
    seller: &Seller,
    now: DateTime<Utc>,
) -> Result<Invoice> {
    let (company_id, user_id) = owner.binds();
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        item: InvoiceListItem,
        buyer_name: String,
        buyer_registry_code: Option<String>,
        buyer_address: Option<String>,
        buyer_email: Option<String>,
        vacancy_id: Option<Uuid>,
    }
    let owned = Owner::condition(1);
    let columns = item_columns("$3");
    let sql = format!(
        "select {columns}, i.buyer_name, i.buyer_registry_code, i.buyer_address, i.buyer_email,
                (select s.vacancy_id from services s where s.invoice_id = i.id and s.vacancy_id is not null
                 order by s.created_at limit 1) as vacancy_id
         from invoices i
         where {owned} and i.id = $4"
    );
    let row: Row = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(company_id)
        .bind(user_id)
        .bind(tallinn_day(now))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(Error::not_found)?;
    let lines: Vec<(Option<String>, String, i32, i64, i64, i64, i32, i64)> = sqlx::query_as(
        "select product_code, description, quantity, unit_price_cents, (discount * 10000)::bigint, line_total_cents, vat_rate_bp, vat_cents
         from invoice_lines where invoice_id = $1 order by position, created_at",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let payments: Vec<InvoicePayment> = sqlx::query_as(
        "select id, method, status, amount_cents, received_at from payments where invoice_id = $1 order by created_at, id",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    Ok(Invoice {
        summary: row.item,
        buyer: InvoiceBuyer {
            name: row.buyer_name,
            registry_code: row.buyer_registry_code,
            address: row.buyer_address,
            email: row.buyer_email,
        },
        lines: lines
            .into_iter()
            .map(
                |(
                    code,
                    description,
                    quantity,
                    unit_price_cents,
                    discount,
                    net_cents,
                    vat_rate_bp,
                    vat_cents,
                )| InvoiceLine {
                    code,
                    description,
                    quantity,
                    unit_price_cents,
                    discount: Discount::from_ten_thousandths(discount),
                    net_cents,
                    vat_rate_bp,
                    vat_cents,
                },
            )
            .collect(),
        bank: seller.into(),
        vacancy_id: row.vacancy_id,
        payments,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(query: ListQuery) -> &'static str {
        match query.check() {
            Err(Error::Client {
                field: Some(field), ..
            }) => field,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_list_is_newest_first_in_pages_of_2000_by_default() {
        let checked = ListQuery::default().check().unwrap();
        assert_eq!(
            checked,
            Checked {
                status: None,
                by_status: false,
                descending: true,
                page: 0,
                size: 2000
            }
        );
        let checked = ListQuery {
            status: Some("PAID"),
            sort: Some("status"),
            order: Some("asc"),
            page: Some(2),
            size: Some(10),
        }
        .check()
        .unwrap();
        assert_eq!(
            checked,
            Checked {
                status: Some("PAID"),
                by_status: true,
                descending: false,
                page: 2,
                size: 10
            }
        );
    }

    #[test]
    fn a_wrong_filter_sort_order_or_size_names_its_field() {
        assert_eq!(
            field_of(ListQuery {
                status: Some("paid"),
                ..Default::default()
            }),
            "status"
        );
        assert_eq!(
            field_of(ListQuery {
                sort: Some("number"),
                ..Default::default()
            }),
            "sort"
        );
        assert_eq!(
            field_of(ListQuery {
                order: Some("up"),
                ..Default::default()
            }),
            "order"
        );
        assert_eq!(
            field_of(ListQuery {
                size: Some(0),
                ..Default::default()
            }),
            "size"
        );
        assert_eq!(
            field_of(ListQuery {
                size: Some(2001),
                ..Default::default()
            }),
            "size"
        );
    }
}
