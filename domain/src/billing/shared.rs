//! What the parts of billing share, so that none of them imports another for it: the product
//! groups, a service's status, invoice numbers and reference numbers, and the Tallinn day.
//! Nothing here uses another file of `billing`; the billing files' imports form no cycle (a test in
//! `billing/mod.rs` checks it).
//!
//! **Invoice numbers** are gapless per calendar year (Tallinn): the series is the year and the
//! number `YYYY-NNNNNN` ("2026-000123"), drawn in [`super::orders`] from `invoice_number_sequences`
//! in the invoice's own transaction. **Reference numbers** (viitenumber) are the invoice number's
//! digits followed by the 7-3-1 check digit ([`reference_number`]).

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use crate::platform::error::{Error, Result};

/// What kind of product a product is: where it shows on the publish step and the order dialogs,
/// and what it may be bought with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ProductGroup {
    /// The vacancy alone (VACANCY).
    Vacancy,
    /// Branding on top of the vacancy.
    Branding,
    /// A PRO level (PRO_1 … PRO_5).
    Pro,
    /// A vacancy with PRO, promotion and CV-database days (BASIC, PREMIUM, APEX).
    Package,
    /// CV-database days bought with the vacancy (CV_BASE_7_DAYS_WITH_VACANCY).
    CvBase,
    /// CV-database access by the day (CV_BASE_DAY).
    CvBaseDay,
    /// Additional promotion of a running vacancy (ADDITIONAL_PROMO).
    Promotion,
    /// Anything else on the price list (REGISTRATION).
    Other,
}

impl ProductGroup {
    /// Every group that names its codes (all but OTHER).
    const ALL: [ProductGroup; 7] = [
        ProductGroup::Vacancy,
        ProductGroup::Branding,
        ProductGroup::Pro,
        ProductGroup::Package,
        ProductGroup::CvBase,
        ProductGroup::CvBaseDay,
        ProductGroup::Promotion,
    ];

    /// The group of a product of the price list (OTHER for any code not named here).
    pub fn of(code: &str) -> ProductGroup {
        ProductGroup::ALL
        .into_iter()
        .find(|group| group.codes().contains(&code))
        .unwrap_or(ProductGroup::Other)
    }

    /// The product codes of the group (none named for OTHER).
    pub fn codes(self) -> &'static [&'static str] {
        match self {
            ProductGroup::Vacancy => &["VACANCY"],
            ProductGroup::Branding => &["BRANDING"],
            ProductGroup::Pro => &["PRO_1", "PRO_2", "PRO_3", "PRO_4", "PRO_5"],
            ProductGroup::Package => &["BASIC", "PREMIUM", "APEX"],
            ProductGroup::CvBase => &["CV_BASE_7_DAYS_WITH_VACANCY"],
            ProductGroup::CvBaseDay => &["CV_BASE_DAY"],
            ProductGroup::Promotion => &["ADDITIONAL_PROMO"],
            ProductGroup::Other => &[],
        }
    }

    /// Whether it can be bought when publishing a vacancy.
    pub fn sold_with_vacancy(self) -> bool {
        matches!(self, ProductGroup::Vacancy | ProductGroup::Branding | ProductGroup::Pro | ProductGroup::Package | ProductGroup::CvBase)
    }

    /// Whether it is an extra for a vacancy already published (PRO, branding, promotion, a package).
    pub fn extra_for_vacancy(self) -> bool {
        matches!(self, ProductGroup::Branding | ProductGroup::Pro | ProductGroup::Package | ProductGroup::Promotion)
    }

    /// Whether its amount is unpublished until an administrator prices it (spec 2 section 9: "the
    /// amounts for additional promo are not shown"): the price page always lists it, without an
    /// amount while it is not for sale, and it is sold only while active with a price above 0.
    pub fn priced_by_administrator(self) -> bool {
        matches!(self, ProductGroup::Promotion)
    }

    /// The codes of every group whose amount an administrator sets ([`Self::priced_by_administrator`]).
    pub fn priced_by_administrator_codes() -> Vec<&'static str> {
        ProductGroup::ALL
            .into_iter()
            .filter(|group| group.priced_by_administrator())
            .flat_map(|group| group.codes().iter().copied())
            .collect()
    }

    /// Whether it publishes the vacancy: an order holds exactly one such product.
    pub fn publishes(self) -> bool {
        matches!(self, ProductGroup::Vacancy | ProductGroup::Package)
    }
}

/// A service's status (`services.status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ServiceStatus {
    /// Bought, its invoice not paid (and no contract).
    Unpaid,
    /// Paid, not yet begun.
    Waiting,
    /// At work between `startsAt` and `endsAt`.
    Active,
    /// Its time is over.
    Finished,
    /// Withdrawn before or while it ran.
    Cancelled,
}

impl ServiceStatus {
    /// In the order the services lists show them.
    pub const ALL: [ServiceStatus; 5] = [
        ServiceStatus::Active,
        ServiceStatus::Waiting,
        ServiceStatus::Unpaid,
        ServiceStatus::Finished,
        ServiceStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ServiceStatus::Unpaid => "UNPAID",
            ServiceStatus::Waiting => "WAITING",
            ServiceStatus::Active => "ACTIVE",
            ServiceStatus::Finished => "FINISHED",
            ServiceStatus::Cancelled => "CANCELLED",
        }
    }

    pub fn parse(text: &str) -> Option<ServiceStatus> {
        ServiceStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// A `?status=` filter: none when absent, a 400 naming `status` when unknown.
    pub fn filter(text: Option<&str>) -> Result<Option<ServiceStatus>> {
        match text.map(str::trim).filter(|t| !t.is_empty()) {
            None => Ok(None),
            Some(text) => ServiceStatus::parse(text).map(Some).ok_or_else(|| {
                Error::field(
                    "status",
                    "Status must be one of ACTIVE, WAITING, UNPAID, FINISHED and CANCELLED",
                )
            }),
        }
    }

    /// Whether what it grants is in force or promised (it counts for the vacancy's PRO level,
    /// branding and promotion).
    pub fn grants(self) -> bool {
        matches!(self, ServiceStatus::Waiting | ServiceStatus::Active)
    }
}

/// The 7-3-1 check digit of an Estonian reference number's `base` digits: weights 7, 3, 1, 7, 3,
/// 1 … from the rightmost digit; the check digit takes the sum up to the next multiple of ten.
pub fn check_digit(base: &str) -> Option<u32> {
    if base.is_empty() || !base.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let sum: u32 = base.bytes().rev().zip([7, 3, 1].into_iter().cycle()).map(|(b, weight)| u32::from(b - b'0') * weight).sum();
    Some((10 - sum % 10) % 10)
}

/// The reference number of `base` digits: the base followed by its check digit.
pub fn reference_number(base: &str) -> Option<String> {
    check_digit(base).map(|digit| format!("{base}{digit}"))
}

/// Whether `reference` is a valid Estonian reference number (2 to 20 digits, the last the 7-3-1
/// check digit of the others).
pub fn is_valid_reference_number(reference: &str) -> bool {
    if !(2..=20).contains(&reference.len()) || !reference.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let (base, last) = reference.split_at(reference.len() - 1);
    check_digit(base).is_some_and(|digit| u32::from(last.as_bytes()[0] - b'0') == digit)
}

/// The invoice number of the `sequence`-th invoice of `year`.
pub fn invoice_number(year: i32, sequence: i64) -> String {
    format!("{year}-{sequence:06}")
}

/// The day `now` is in Tallinn: an invoice's issue day.
pub fn tallinn_day(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&chrono_tz::Europe::Tallinn).date_naive()
}
