//! Orders beyond publishing (`POST /api/user/invoices`): CV-database access by the day, the
//! discounted 7 days while the company has an active vacancy, and extras for a vacancy already
//! published (a PRO level, branding, promotion, a package). One order is one invoice with its
//! lines and its UNPAID services, made on one transaction with the invoice numbering, reference
//! number and buyer copy of publishing ([`super::orders`]). A company with a contract has its
//! order started at once, as publishing does; any other waits for the payment ([`super::mark_paid`]).

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use super::catalog::{self, ACTIVE_VACANCY_AT, MAX_CV_BASE_DAYS};
use super::invoices::{self, Invoice, Owner};
use super::orders;
use super::pricing::{self, PricedProduct};
use super::seller::Seller;
use super::shared::ProductGroup;
use crate::platform::error::{Error, Result};
use crate::platform::jobs::{self, IndexJob};
use crate::platform::locale::Locale;

/// What the staff member orders.
pub struct OrderRequest<'a> {
    pub company_id: Uuid,
    /// The staff member: the invoice's user.
    pub user_id: Uuid,
    pub product_codes: &'a [String],
    /// With CV_BASE_DAY: how many days, 1 to [`MAX_CV_BASE_DAYS`].
    pub days: Option<i32>,
    /// With extras: the company's vacancy they are for.
    pub vacancy_id: Option<Uuid>,
    pub now: DateTime<Utc>,
}

/// The products `codes` name among `offered`, in price-list order, each with its quantity, when
/// they make one order beyond publishing; a 400 naming the field otherwise:
///
/// - `productCodes`: none chosen, an unknown or inactive code, one chosen twice, a product only
///   publishing buys (VACANCY) or none sells on its own (REGISTRATION), CV_BASE_DAY with anything
///   else, two PRO levels or two packages;
/// - `days`: CV_BASE_DAY without 1 to 365 days, or days without CV_BASE_DAY;
/// - `vacancyId`: extras without their vacancy, or CV-database days by the day for one.
pub fn choose<'a>(
    offered: &'a [PricedProduct],
    codes: &[String],
    days: Option<i32>,
    for_vacancy: bool,
) -> Result<Vec<(&'a PricedProduct, i32)>> {
    let refuse = |message: String| Error::field("productCodes", message);
    if codes.is_empty() {
        return Err(refuse("Choose what to buy".to_string()));
    }
    if codes.len() > offered.len() {
        return Err(refuse(format!("Choose at most {} products", offered.len())));
    }
    for (at, code) in codes.iter().enumerate() {
        if !offered.iter().any(|p| &p.product.code == code) {
            return Err(refuse(format!(
                "{code:?} is not a product that can be bought"
            )));
        }
        if codes[..at].contains(code) {
            return Err(refuse(format!("{code} is chosen twice")));
        }
        match ProductGroup::of(code) {
            ProductGroup::Vacancy => {
                return Err(refuse(format!(
                    "{code} is bought by publishing the vacancy"
                )));
            }
            ProductGroup::Other => return Err(refuse(format!("{code} is not sold on its own"))),
            _ => {}
        }
    }
    let chosen: Vec<&PricedProduct> = offered
        .iter()
        .filter(|p| codes.contains(&p.product.code))
        .collect();
    let count = |group: ProductGroup| {
        chosen
            .iter()
            .filter(|p| ProductGroup::of(&p.product.code) == group)
            .count()
    };
    let by_the_day = count(ProductGroup::CvBaseDay) > 0;
    if by_the_day && chosen.len() > 1 {
        return Err(refuse(
            "CV-database days are bought on their own".to_string(),
        ));
    }
    if count(ProductGroup::Pro) > 1 {
        return Err(refuse("Choose at most one PRO level".to_string()));
    }
    if count(ProductGroup::Package) > 1 {
        return Err(refuse("Choose at most one package".to_string()));
    }
    let days = match (by_the_day, days) {
        (true, Some(days)) if (1..=MAX_CV_BASE_DAYS).contains(&days) => days,
        (true, _) => {
            return Err(Error::field(
                "days",
                format!("Number of days must be between 1 and {MAX_CV_BASE_DAYS}"),
            ));
        }
        (false, Some(_)) => {
            return Err(Error::field(
                "days",
                "Number of days is only bought with CV_BASE_DAY",
            ));
        }
        (false, None) => 1,
    };
    if by_the_day && for_vacancy {
        return Err(Error::field(
            "vacancyId",
            "CV-database days are bought for the company, not for a vacancy",
        ));
    }
    if !for_vacancy
        && chosen
            .iter()
            .any(|p| ProductGroup::of(&p.product.code).extra_for_vacancy())
    {
        return Err(Error::field(
            "vacancyId",
            "Choose the vacancy the extra services are for",
        ));
    }
    Ok(chosen.into_iter().map(|p| (p, days)).collect())
}

/// Makes the order on one transaction and answers its invoice (bank details from `seller`). Besides [`choose`]'s rules:
/// the vacancy must be the company's (else "not found") and active or waiting for publication
/// (a 400 naming `vacancyId`); a PRO level must be above the vacancy's present one, and the
/// discounted CV-database week needs an active vacancy of the company (400s naming
/// `productCodes`). A contract company's order (or one with nothing to pay) starts at once, the
/// changed vacancies' index jobs on the same transaction.
#[tracing::instrument(skip_all)]
pub async fn create_order(
    pool: &PgPool,
    order: OrderRequest<'_>,
    seller: &Seller,
) -> Result<Invoice> {
    let mut tx = pool.begin().await?;
    let offered = catalog::priced(&mut tx, order.company_id, Locale::Et).await?;
    let chosen = choose(
        &offered,
        order.product_codes,
        order.days,
        order.vacancy_id.is_some(),
    )?;

    if let Some(vacancy_id) = order.vacancy_id {
        let sql = format!(
            "select ({active} or (v.status = 'EXISTS' and v.type = 'DEFAULT' and v.payment_status = 'PAID' and v.publish_at > $3
                      and c.deleted_at is null)), v.pro_level
             from vacancies v join companies c on c.id = v.company_id
             where v.id = $1 and v.company_id = $2 and v.status <> 'DELETED'
             for update of v",
            active = ACTIVE_VACANCY_AT.replace("$now", "$3"),
        );
        let (running, pro_level): (bool, i16) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(vacancy_id)
            .bind(order.company_id)
            .bind(order.now)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(Error::not_found)?;
        if !running {
            return Err(Error::field(
                "vacancyId",
                "Extra services are bought for an active vacancy or one waiting for publication",
            ));
        }
        if let Some((pro, _)) = chosen
            .iter()
            .find(|(p, _)| ProductGroup::of(&p.product.code) == ProductGroup::Pro)
            && pro.product.pro_level.unwrap_or(0) <= pro_level
        {
            return Err(Error::field(
                "productCodes",
                format!("The vacancy already has PRO level {pro_level}: choose a higher one"),
            ));
        }
    }
    if chosen
        .iter()
        .any(|(p, _)| ProductGroup::of(&p.product.code) == ProductGroup::CvBase)
        && !catalog::has_active_vacancy(&mut tx, order.company_id, order.now).await?
    {
        return Err(Error::field(
            "productCodes",
            "The discounted CV-database week is sold while the company has an active vacancy",
        ));
    }

    let quote = pricing::quote(&chosen);
    let invoice =
        orders::issue(&mut tx, order.company_id, order.user_id, &quote, order.now).await?;
    for (priced, quantity) in &chosen {
        let group = ProductGroup::of(&priced.product.code);
        let vacancy_id = order
            .vacancy_id
            .filter(|_| group.extra_for_vacancy() || group == ProductGroup::CvBase);
        orders::add_services(
            &mut tx,
            order.company_id,
            &priced.product,
            vacancy_id,
            invoice.id,
            *quantity,
        )
        .await?;
    }
    let has_contract: bool = sqlx::query_scalar("select has_contract from companies where id = $1")
        .bind(order.company_id)
        .fetch_one(&mut *tx)
        .await?;
    if has_contract || invoice.status == "PAID" {
        let vacancies = orders::start(&mut tx, invoice.id, order.now).await?;
        jobs::enqueue_index(
            &mut tx,
            &vacancies
                .into_iter()
                .map(IndexJob::Vacancy)
                .collect::<Vec<_>>(),
        )
        .await?;
    }
    // the gapless number last, so that its series' lock is held for the commit alone
    orders::number(&mut tx, invoice.id, order.now).await?;
    tx.commit().await?;
    invoices::detail(
        pool,
        Owner::Company(order.company_id),
        invoice.id,
        seller,
        order.now,
    )
    .await
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::billing::products::{CompanyTerms, Product};

    fn offered(codes: &[&str]) -> Vec<PricedProduct> {
        codes
            .iter()
            .map(|code| PricedProduct {
                product: Product {
                    code: code.to_string(),
                    label: code.to_string(),
                    description: String::new(),
                    price_cents: 2900,
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

    const ALL: &[&str] = &[
        "VACANCY",
        "BRANDING",
        "BASIC",
        "PREMIUM",
        "PRO_1",
        "PRO_3",
        "CV_BASE_DAY",
        "CV_BASE_7_DAYS_WITH_VACANCY",
        "ADDITIONAL_PROMO",
        "REGISTRATION",
    ];

    fn chosen(codes: &[&str], days: Option<i32>, for_vacancy: bool) -> Result<Vec<(String, i32)>> {
        let all = offered(ALL);
        let codes: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        Ok(choose(&all, &codes, days, for_vacancy)?
            .into_iter()
            .map(|(p, q)| (p.product.code.clone(), q))
            .collect())
    }

    fn field_of(result: Result<Vec<(String, i32)>>) -> &'static str {
        match result {
            Err(Error::Client {
                field: Some(field), ..
            }) => field,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn cv_database_days_are_bought_alone_with_their_number_of_days() {
        assert_eq!(
            chosen(&["CV_BASE_DAY"], Some(3), false).unwrap(),
            vec![("CV_BASE_DAY".to_string(), 3)]
        );
        assert_eq!(
            chosen(&["CV_BASE_DAY"], Some(365), false).unwrap()[0].1,
            365
        );
        for days in [None, Some(0), Some(-1), Some(366)] {
            assert_eq!(
                field_of(chosen(&["CV_BASE_DAY"], days, false)),
                "days",
                "{days:?}"
            );
        }
        assert_eq!(
            field_of(chosen(&["CV_BASE_DAY", "BRANDING"], Some(3), true)),
            "productCodes"
        );
        assert_eq!(
            field_of(chosen(
                &["CV_BASE_DAY", "CV_BASE_7_DAYS_WITH_VACANCY"],
                Some(3),
                false
            )),
            "productCodes"
        );
        assert_eq!(
            field_of(chosen(&["CV_BASE_DAY"], Some(3), true)),
            "vacancyId"
        );
        assert_eq!(
            field_of(chosen(&["BRANDING"], Some(3), true)),
            "days",
            "days only with CV_BASE_DAY"
        );
    }

    #[test]
    fn extras_are_bought_for_a_vacancy_in_price_list_order() {
        assert_eq!(
            chosen(&["PRO_3", "ADDITIONAL_PROMO", "BRANDING"], None, true).unwrap(),
            vec![
                ("BRANDING".to_string(), 1),
                ("PRO_3".to_string(), 1),
                ("ADDITIONAL_PROMO".to_string(), 1)
            ]
        );
        assert_eq!(chosen(&["PREMIUM", "PRO_1"], None, true).unwrap().len(), 2);
        assert_eq!(field_of(chosen(&["BRANDING"], None, false)), "vacancyId");
        assert_eq!(field_of(chosen(&["PREMIUM"], None, false)), "vacancyId");
        assert_eq!(
            chosen(&["CV_BASE_7_DAYS_WITH_VACANCY"], None, false)
                .unwrap()
                .len(),
            1,
            "the week needs no vacancy id"
        );
    }

    #[test]
    fn what_cannot_be_ordered_names_product_codes() {
        for codes in [
            &[][..],
            &[""],
            &["NOPE"],
            &["pro_1"],
            &["VACANCY"],
            &["REGISTRATION"],
            &["PRO_1", "PRO_3"],
            &["BASIC", "PREMIUM"],
            &["BRANDING", "BRANDING"],
        ] {
            assert_eq!(
                field_of(chosen(codes, None, true)),
                "productCodes",
                "{codes:?}"
            );
        }
        let many = vec!["BRANDING"; ALL.len() + 1];
        assert_eq!(
            field_of(chosen(&many, None, true)),
            "productCodes",
            "more codes than products"
        );
    }
}
