//! The order behind publishing a vacancy: what can be bought with it, the quote, and the order
//! itself — its services and one invoice with lines — made on the publishing transaction; then
//! [`start`], which puts what was bought to work once it is paid (or covered by a contract).
//!
//! **Invoice numbers** are gapless per calendar year (Tallinn): the series is the year and the
//! number `YYYY-NNNNNN` ("2026-000123"), drawn from `invoice_number_sequences` ([`number`]) as the
//! last statement of the invoice's own transaction (its row lock orders concurrent invoices and is
//! held for the commit alone; a rollback gives the number back).
//! **Reference numbers** (viitenumber) are the invoice number's digits ("2026000123") followed by
//! the 7-3-1 check digit ([`reference_number`]): unique as the number is, and what a bank
//! transfer quotes to be matched to its invoice. An invoice is due 14 days after its issue day;
//! the buyer's name, registry code, address and invoice e-mail are copied from the company at
//! issue, so the invoice reads the same after the company changes. Line labels are Estonian, the
//! invoice's language.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, NaiveDate, TimeDelta, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

use super::catalog::ProductOffer;
use super::pricing::{self, PricedProduct, Quote};
use super::products::{self, Product};
use super::services::{self, ServiceEvent};
use super::shared::{ProductGroup, ServiceStatus, invoice_number, reference_number, tallinn_day};
use crate::platform::error::{Error, Result};
use crate::platform::locale::Locale;

/// How long after its issue day an invoice is due.
pub const PAYMENT_TERM: TimeDelta = TimeDelta::days(14);

/// The active products that can be bought with a vacancy, in price-list order, with this company's
/// terms.
pub async fn vacancy_products(conn: &mut PgConnection, company_id: Uuid, locale: Locale) -> Result<Vec<PricedProduct>> {
    Ok(products::active_for_company(conn, company_id, locale)
        .await?
        .into_iter()
        .filter(|(product, _)| ProductGroup::of(&product.code).sold_with_vacancy())
        .map(|(product, terms)| PricedProduct { product, terms })
        .collect())
}

/// What the publish step offers this company: the same offer every product list answers.
#[tracing::instrument(skip_all)]
pub async fn offers(conn: &mut PgConnection, company_id: Uuid, locale: Locale) -> Result<Vec<ProductOffer>> {
    Ok(vacancy_products(conn, company_id, locale).await?.into_iter().map(ProductOffer::from).collect())
}

/// The products `codes` name among `offered`, in price-list order, when they make one vacancy
/// order: exactly one vacancy product (VACANCY or a package), at most one PRO level, branding and
/// the CV-database days with the vacancy optional, each at most once. Anything else is a 400
/// naming `productCodes`.
pub fn choose<'a>(offered: &'a [PricedProduct], codes: &[String]) -> Result<Vec<&'a PricedProduct>> {
    let refuse = |message: String| Error::field("productCodes", message);
    if codes.len() > offered.len() {
        return Err(refuse(format!("Choose at most {} products", offered.len())));
    }
    for (at, code) in codes.iter().enumerate() {
        if !offered.iter().any(|p| &p.product.code == code) {
            return Err(refuse(format!("{code:?} is not a product that can be bought with a vacancy")));
        }
        if codes[..at].contains(code) {
            return Err(refuse(format!("{code} is chosen twice")));
        }
    }
    let chosen: Vec<&PricedProduct> = offered.iter().filter(|p| codes.contains(&p.product.code)).collect();
    let in_group =
        |wanted: fn(ProductGroup) -> bool| chosen.iter().filter(|p| wanted(ProductGroup::of(&p.product.code))).count();
    if in_group(ProductGroup::publishes) != 1 {
        return Err(refuse("Choose exactly one of VACANCY, BASIC, PREMIUM and APEX".to_string()));
    }
    if in_group(|g| g == ProductGroup::Pro) > 1 {
        return Err(refuse("Choose at most one PRO level".to_string()));
    }
    Ok(chosen)
}

/// The quote of a vacancy order of `codes` for this company: the computation its invoice uses.
#[tracing::instrument(skip_all)]
pub async fn quote(conn: &mut PgConnection, company_id: Uuid, codes: &[String], locale: Locale) -> Result<Quote> {
    let offered = vacancy_products(conn, company_id, locale).await?;
    let chosen = choose(&offered, codes)?;
    Ok(pricing::quote(&chosen.iter().map(|p| (*p, 1)).collect::<Vec<_>>()))
}

/// An invoice as the employer's lists show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceSummary {
    pub id: Uuid,
    /// `YYYY-NNNNNN`, gapless within the year.
    pub number: String,
    /// The Estonian payment reference (viitenumber) to quote on a bank transfer.
    pub reference_number: String,
    /// UNPAID, PAID or CANCELLED.
    pub status: String,
    pub subtotal_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
    pub issued_on: NaiveDate,
    pub due_on: NaiveDate,
    /// The ISO 4217 code of the amounts (EUR): the payment methods offered follow it.
    pub currency: String,
}

/// The [`InvoiceSummary`] columns of invoices `i`.
pub(super) const SUMMARY_COLUMNS: &str = "i.id, coalesce(i.number, '') as number, coalesce(i.reference_number, '') as reference_number, i.status, i.subtotal_cents, i.vat_cents, i.total_cents, i.issued_on, i.due_on, i.currency";

/// What [`create_for_vacancy`] orders.
pub struct NewOrder<'a> {
    pub company_id: Uuid,
    /// The staff member who publishes: the invoice's user.
    pub user_id: Uuid,
    pub vacancy_id: Uuid,
    pub product_codes: &'a [String],
    pub now: DateTime<Utc>,
}

/// Makes the order of a vacancy on the caller's transaction: one UNPAID service per product
/// (a package's CV-database days as a CV service of their own), and one invoice with its lines,
/// whose number the caller draws last ([`number`]). An order of nothing to pay (a 100 % discount) is
/// issued paid. Answers the invoice.
#[tracing::instrument(skip_all)]
pub async fn create_for_vacancy(conn: &mut PgConnection, order: NewOrder<'_>) -> Result<InvoiceSummary> {
    let offered = vacancy_products(conn, order.company_id, Locale::Et).await?;
    let chosen = choose(&offered, order.product_codes)?;
    let quote = pricing::quote(&chosen.iter().map(|p| (*p, 1)).collect::<Vec<_>>());
    let invoice = issue(conn, order.company_id, order.user_id, &quote, order.now).await?;
    for priced in &chosen {
        add_services(conn, order.company_id, &priced.product, Some(order.vacancy_id), invoice.id, 1).await?;
    }
    Ok(invoice)
}

/// Issues the invoice of `quote` to the company on the caller's transaction: the buyer copied
/// from the company, issued today in Tallinn and due [`PAYMENT_TERM`] later, and its lines; UNPAID
/// — or PAID at once when there is nothing to pay. Without its number: the caller draws it with
/// [`number`] as the last statement before its commit (a deferred trigger refuses the commit of
/// an invoice without one), so that the series' row lock, which orders every invoice of the
/// year, is held for the commit alone and not for the rest of a publishing transaction.
#[tracing::instrument(skip_all)]
pub(crate) async fn issue(conn: &mut PgConnection, company_id: Uuid, user_id: Uuid, quote: &Quote, now: DateTime<Utc>) -> Result<InvoiceSummary> {
    let issued_on = tallinn_day(now);
    let paid_at = (quote.total_cents == 0).then_some(now);
    let invoice: InvoiceSummary = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "insert into invoices as i (company_id, user_id, buyer_name, buyer_registry_code, buyer_address,
                                    buyer_email, issued_on, due_on, status, subtotal_cents, vat_cents, total_cents, paid_at)
         select c.id, $1, c.business_name, c.registry_code, c.address, coalesce(p.invoices_email, p.email),
                $2, $3, case when $7::timestamptz is null then 'UNPAID' else 'PAID' end, $4, $5, $6, $7
         from companies c left join company_profiles p on p.company_id = c.id
         where c.id = $8
         returning {SUMMARY_COLUMNS}"
    )))
    .bind(user_id)
    .bind(issued_on)
    .bind(issued_on + PAYMENT_TERM)
    .bind(quote.subtotal_cents)
    .bind(quote.vat_cents)
    .bind(quote.total_cents)
    .bind(paid_at)
    .bind(company_id)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(Error::not_found)?;

    for (position, line) in quote.lines.iter().enumerate() {
        sqlx::query(
            "insert into invoice_lines (invoice_id, product_code, description, quantity, unit_price_cents, discount,
                                        vat_rate_bp, line_total_cents, vat_cents, position)
             values ($1, $2, $3, $4, $5, $6::numeric / 10000, $7, $8, $9, $10)",
        )
        .bind(invoice.id)
        .bind(&line.code)
        .bind(&line.label)
        .bind(line.quantity)
        .bind(line.unit_price_cents)
        .bind(line.discount.ten_thousandths())
        .bind(line.vat_rate_bp)
        .bind(line.net_cents)
        .bind(line.vat_cents)
        .bind(position as i32)
        .execute(&mut *conn)
        .await?;
    }
    // mailed by a job on this transaction: a failing mail never undoes the order
    super::documents::queue_invoice_mail(conn, invoice.id).await?;
    Ok(invoice)
}

/// Draws the invoice's gapless number and its reference number from its year's series and sets
/// them, on the caller's transaction, as its last statement before the commit ([`issue`]): the
/// series' row lock orders concurrent invoices and a rollback gives the number back. An invoice
/// that is missing or already numbered is an error (the caller's transaction then rolls back, the
/// drawn number with it): drawing a number and setting none would leave a gap in the gapless
/// series.
#[tracing::instrument(skip_all)]
pub async fn number(conn: &mut PgConnection, invoice_id: Uuid, now: DateTime<Utc>) -> Result<()> {
    let year = tallinn_day(now).year();
    let sequence: i64 = sqlx::query_scalar(
        "insert into invoice_number_sequences (series, last_number) values ($1, 1)
         on conflict (series) do update set last_number = invoice_number_sequences.last_number + 1
         returning last_number",
    )
    .bind(year.to_string())
    .fetch_one(&mut *conn)
    .await?;
    let number = invoice_number(year, sequence);
    let reference = reference_number(&number.replace('-', "")).expect("an invoice number is digits and a dash");
    let numbered = sqlx::query("update invoices set number = $2, reference_number = $3 where id = $1 and number is null")
        .bind(invoice_id)
        .bind(&number)
        .bind(&reference)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if numbered != 1 {
        return Err(anyhow::anyhow!("invoice {invoice_id} is missing or already numbered: number {number} not drawn").into());
    }
    Ok(())
}

/// The UNPAID services of one bought product: one of its type, and for a vacancy product with
/// CV-database days (a package) a CV service of its own; `quantity` is the number of days of a
/// product sold by the day, else 1.
#[tracing::instrument(skip_all)]
pub(crate) async fn add_services(
    conn: &mut PgConnection,
    company_id: Uuid,
    product: &Product,
    vacancy_id: Option<Uuid>,
    invoice_id: Uuid,
    quantity: i32,
) -> Result<()> {
    let mut types = vec![product.service_type.as_str()];
    if product.service_type == "VACANCY" && product.cv_base_days.is_some() {
        types.push("CV");
    }
    for service_type in types {
        sqlx::query(
            "insert into services (company_id, type, product_code, vacancy_id, invoice_id, quantity, status)
             values ($1, $2, $3, $4, $5, $6, 'UNPAID')",
        )
        .bind(company_id)
        .bind(service_type)
        .bind(&product.code)
        .bind(vacancy_id)
        .bind(invoice_id)
        .bind(quantity)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Puts the invoice's UNPAID services to work, paid or covered by a contract, at `now`, each by
/// the services' transition table ([`services::transition`], event start):
///
/// - each vacancy they were bought for that waits for payment becomes PAID and goes live at its
///   publish time, or now when that has passed (its run keeps its length, so it ends as much
///   later); one live now gets `renewed_at` = now, one still to come none (the `go_live` time rule
///   sets it at its publish time);
/// - each service starts when its vacancy goes live (now for one already live, or without a
///   vacancy) — a CV service not before the company's CV-database access already bought ends, so
///   bought days follow each other —, ACTIVE, or WAITING when that is still to come; it ends after
///   its product's days (a CV service after its CV-database days, a product sold by the day after
///   as many days as bought), or with the vacancy's run when the product has no days of its own
///   (at its start when that run is already over: paid after the vacancy ended, it ends at once);
/// - the vacancy takes what its started VACANCY services grant: the highest PRO level, branding,
///   and promotion from the service's start for the product's promotion days (an additional
///   promotion without days: to the service's end). Nothing it had is lowered.
///
/// Answers the vacancies it changed, whose index jobs the caller queues. Services no longer
/// UNPAID are left alone, so a second call changes nothing.
#[tracing::instrument(skip_all)]
pub async fn start(conn: &mut PgConnection, invoice_id: Uuid, now: DateTime<Utc>) -> Result<Vec<Uuid>> {
    let begins_now = ServiceEvent::Start { begins_now: true };
    let begins_later = ServiceEvent::Start { begins_now: false };
    let startable = services::sources(begins_now);
    debug_assert_eq!(startable, services::sources(begins_later));
    let mut vacancies: Vec<Uuid> = sqlx::query_scalar(
        "update vacancies v
         set payment_status = 'PAID', publish_at = greatest(v.publish_at, $2),
             valid_until = greatest(v.publish_at, $2) + (v.valid_until - v.publish_at),
             renewed_at = case when greatest(v.publish_at, $2) <= $2 then greatest(v.publish_at, $2) end
         where v.payment_status = 'WAITING'
           and v.id in (select vacancy_id from services where invoice_id = $1 and status = any($3) and vacancy_id is not null)
         returning v.id",
    )
    .bind(invoice_id)
    .bind(now)
    .bind(&startable)
    .fetch_all(&mut *conn)
    .await?;
    let granting: Vec<&str> = ServiceStatus::ALL.into_iter().filter(|s| s.grants()).map(ServiceStatus::as_str).collect();
    let started: Vec<Uuid> = sqlx::query_scalar(
        "with unpaid as (
             select s.id, s.company_id, s.type, v.publish_at, v.valid_until as vacancy_ends,
                    (case when s.type = 'CV' then coalesce(p.cv_base_days, p.duration_days) else p.duration_days end)
                      * (case when p.unit = 'DAY' then s.quantity else 1 end) as days
             from services s join products p on p.code = s.product_code left join vacancies v on v.id = s.vacancy_id
             where s.invoice_id = $1 and s.status = any($3)
         ),
         timed as (
             select u.id, u.vacancy_ends, u.days,
                    greatest(u.publish_at, $2,
                             case when u.type = 'CV' then
                                 (select max(c.ends_at) from services c
                                  where c.company_id = u.company_id and c.type = 'CV' and c.status = any($6)
                                    and c.invoice_id is distinct from $1)
                             end) as starts_at
             from unpaid u
         )
         update services s
         set status = case when t.starts_at > $2 then $5 else $4 end, starts_at = t.starts_at,
             ends_at = greatest(t.starts_at, coalesce(t.starts_at + make_interval(days => t.days), t.vacancy_ends)), updated_at = now()
         from timed t
         where s.id = t.id
         returning s.id",
    )
    .bind(invoice_id)
    .bind(now)
    .bind(&startable)
    .bind(services::target(begins_now))
    .bind(services::target(begins_later))
    .bind(&granting)
    .fetch_all(&mut *conn)
    .await?;
    let promotion_end = services::promotion_end_sql();
    // built from constants (the price list's codes), never from input
    let granted: Vec<Uuid> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "with bought as (
             select s.vacancy_id, max(p.pro_level) as pro_level, bool_or(p.code = 'BRANDING') as branded,
                    max({promotion_end}) as promoted_until
             from services s join products p on p.code = s.product_code
             where s.id = any($1) and s.type = 'VACANCY' and s.vacancy_id is not null
             group by s.vacancy_id
         )
         update vacancies v
         set pro_level = greatest(v.pro_level, coalesce(b.pro_level, 0)), is_branded = v.is_branded or b.branded,
             promoted_until = case when b.promoted_until is null then v.promoted_until
                                   else greatest(v.promoted_until, b.promoted_until) end
         from bought b
         where v.id = b.vacancy_id
         returning v.id"
    )))
    .bind(&started)
    .fetch_all(&mut *conn)
    .await?;
    for id in granted {
        if !vacancies.contains(&id) {
            vacancies.push(id);
        }
    }
    Ok(vacancies)
}

/// Withdraws a vacancy's unpaid order (the vacancy is deleted while it waits for payment): its
/// UNPAID invoices and services become CANCELLED (the services by their transition table). Paid
/// ones, and those of a contract company already at work, stay.
#[tracing::instrument(skip_all)]
pub async fn cancel_unpaid(conn: &mut PgConnection, vacancy_id: Uuid, now: DateTime<Utc>) -> Result<()> {
    sqlx::query(
        "update invoices set status = 'CANCELLED', cancelled_at = $2
         where status = 'UNPAID' and id in (select invoice_id from services where vacancy_id = $1 and status = 'UNPAID')",
    )
    .bind(vacancy_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    let cancelled = services::transition(ServiceStatus::Unpaid, ServiceEvent::Cancel)?;
    sqlx::query("update services set status = $2, updated_at = now() where vacancy_id = $1 and status = 'UNPAID'")
        .bind(vacancy_id)
        .bind(cancelled.as_str())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The invoice of each vacancy's latest order, for the vacancies of `company_id` among `vacancy_ids`
/// that have one (an invoice an administrator deleted does not count).
#[tracing::instrument(skip_all)]
pub async fn latest_invoices(conn: &mut PgConnection, company_id: Uuid, vacancy_ids: &[Uuid]) -> Result<HashMap<Uuid, InvoiceSummary>> {
    if vacancy_ids.is_empty() {
        return Ok(HashMap::new());
    }
    #[derive(sqlx::FromRow)]
    struct Latest {
        vacancy_id: Uuid,
        #[sqlx(flatten)]
        invoice: InvoiceSummary,
    }
    let rows: Vec<Latest> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select distinct on (s.vacancy_id) s.vacancy_id, {SUMMARY_COLUMNS}
         from services s join invoices i on i.id = s.invoice_id
         where s.vacancy_id = any($1) and i.company_id = $2 and i.deleted_at is null
         order by s.vacancy_id, i.created_at desc, i.number desc"
    )))
    .bind(vacancy_ids)
    .bind(company_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|row| (row.vacancy_id, row.invoice)).collect())
}

/// The company an invoice was issued to and its total in cents; none for an unknown or deleted
/// invoice (or one issued to a person).
pub async fn company_and_total(conn: &mut PgConnection, invoice_id: Uuid) -> Result<Option<(Uuid, i64)>> {
    let row: Option<(Option<Uuid>, i64)> =
        sqlx::query_as("select company_id, total_cents from invoices where id = $1 and deleted_at is null")
            .bind(invoice_id)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(row.and_then(|(company_id, total_cents)| Some((company_id?, total_cents))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::billing::shared::{check_digit, is_valid_reference_number};
    use crate::billing::products::{CompanyTerms, Product};

    #[test]
    fn the_check_digit_is_7_3_1_from_the_right() {
        // 6·7 + 5·3 + 4·1 + 3·7 + 2·3 + 1·1 = 89: 1 to 90
        assert_eq!(reference_number("123456").as_deref(), Some("1234561"));
        // 3·7 + 2·3 + 1·1 = 28
        assert_eq!(reference_number("123").as_deref(), Some("1232"));
        assert_eq!(reference_number("1").as_deref(), Some("13"));
        // from the right 1·7, five zeros, 6·7, 2·3, 0·1, 2·7 = 69
        assert_eq!(reference_number("2026000001").as_deref(), Some("20260000011"));
        // the sum already a multiple of ten: 0
        assert_eq!(check_digit("55"), Some(0), "5·7 + 5·3 = 50");
        assert_eq!(check_digit(""), None);
        assert_eq!(check_digit("12a"), None);
    }

    #[test]
    fn published_reference_numbers_are_valid_and_a_changed_digit_is_not() {
        for valid in ["1234561", "1232", "13", "20260000011", "12345672", "550"] {
            assert!(is_valid_reference_number(valid), "{valid}");
        }
        for invalid in ["1234562", "1234565", "1", "", "12345678901234567890123", "12a2", "12€"] {
            assert!(!is_valid_reference_number(invalid), "{invalid}");
        }
    }

    #[test]
    fn invoice_numbers_are_the_year_and_six_digits() {
        assert_eq!(invoice_number(2026, 123), "2026-000123");
        assert_eq!(invoice_number(2026, 1_234_567), "2026-1234567");
        // the issue day is Tallinn's: 23:30 UTC on 31 December is already the next year there
        let new_year = "2026-12-31T23:30:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(tallinn_day(new_year), NaiveDate::from_ymd_opt(2027, 1, 1).unwrap());
    }

    fn offered(codes: &[&str]) -> Vec<PricedProduct> {
        codes
            .iter()
            .map(|code| PricedProduct {
                product: Product {
                    code: code.to_string(),
                    label: code.to_string(),
                    description: String::new(),
                    price_cents: 100,
                    vat_rate_bp: 2400,
                    service_type: "VACANCY".to_string(),
                    unit: "ITEM".to_string(),
                    duration_days: None,
                    pro_level: None,
                    cv_base_days: None,
                    promo_days: None,
                    valid_from: NaiveDate::from_ymd_opt(2023, 12, 1).unwrap(),
                },
                terms: CompanyTerms::default(),
            })
            .collect()
    }

    fn codes(list: &[&str]) -> Vec<String> {
        list.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn an_order_holds_one_vacancy_product_and_at_most_one_pro_level() {
        let all = offered(&["VACANCY", "BRANDING", "BASIC", "PREMIUM", "APEX", "PRO_1", "PRO_3", "CV_BASE_7_DAYS_WITH_VACANCY"]);
        let chosen = |list: &[&str]| choose(&all, &codes(list)).map(|c| c.iter().map(|p| p.product.code.clone()).collect::<Vec<_>>());
        assert_eq!(chosen(&["VACANCY"]).unwrap(), vec!["VACANCY"]);
        assert_eq!(
            chosen(&["PRO_3", "CV_BASE_7_DAYS_WITH_VACANCY", "VACANCY", "BRANDING"]).unwrap(),
            vec!["VACANCY", "BRANDING", "PRO_3", "CV_BASE_7_DAYS_WITH_VACANCY"],
            "in price-list order"
        );
        assert_eq!(chosen(&["PREMIUM", "PRO_1"]).unwrap(), vec!["PREMIUM", "PRO_1"]);
        for refused in [
            &[][..],
            &["BRANDING"],
            &["VACANCY", "BASIC"],
            &["BASIC", "APEX"],
            &["VACANCY", "PRO_1", "PRO_3"],
            &["VACANCY", "VACANCY"],
            &["VACANCY", "BRANDING", "BRANDING"],
            &["VACANCY", "CV_BASE_DAY"],
            &["VACANCY", "vacancy"],
            &["NOPE"],
        ] {
            let err = chosen(refused).unwrap_err();
            assert!(matches!(err, Error::Client { field: Some("productCodes"), .. }), "{refused:?}: {err:?}");
        }
    }

    #[test]
    fn every_product_has_a_group_and_only_some_are_sold_with_a_vacancy() {
        assert_eq!(ProductGroup::of("APEX"), ProductGroup::Package);
        assert_eq!(ProductGroup::of("PRO_5"), ProductGroup::Pro);
        assert_eq!(ProductGroup::of("CV_BASE_DAY"), ProductGroup::CvBaseDay);
        assert_eq!(ProductGroup::of("ADDITIONAL_PROMO"), ProductGroup::Promotion);
        assert_eq!(ProductGroup::of("REGISTRATION"), ProductGroup::Other);
        assert_eq!(ProductGroup::of("PRO_6"), ProductGroup::Other);
        for code in ["VACANCY", "BRANDING", "BASIC", "PRO_1", "CV_BASE_7_DAYS_WITH_VACANCY"] {
            assert!(ProductGroup::of(code).sold_with_vacancy(), "{code}");
        }
        for code in ["CV_BASE_DAY", "REGISTRATION", "ADDITIONAL_PROMO"] {
            assert!(!ProductGroup::of(code).sold_with_vacancy(), "{code}");
        }
        for code in ["BRANDING", "PRO_3", "PREMIUM", "ADDITIONAL_PROMO"] {
            assert!(ProductGroup::of(code).extra_for_vacancy(), "{code}");
        }
        for code in ["VACANCY", "CV_BASE_DAY", "CV_BASE_7_DAYS_WITH_VACANCY", "REGISTRATION"] {
            assert!(!ProductGroup::of(code).extra_for_vacancy(), "{code}");
        }
    }
}
