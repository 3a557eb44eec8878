//! The premium services page (issue 34 §1): everything a company may buy beyond publishing — PRO
//! levels, branding, packages, additional promotion and CV-database days — at its own prices and
//! discount ([`super::catalog`]), what it has running (active or paid and waiting to begin) and
//! until when, and the vacancies extras can be bought for. Buying goes through the order of
//! [`super::purchase`] (`POST /api/user/invoices`), as the other buy dialogs do.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use super::catalog::{self, ACTIVE_VACANCY_AT, CvAccess, MAX_CV_BASE_DAYS, ProductOffer};
use super::services::{self, Holder, ServiceItem};
use super::shared::{ProductGroup, ServiceStatus};
use crate::platform::error::Result;
use crate::platform::locale::Locale;
use crate::platform::reference;

/// A vacancy of the company extras can be bought for: active, or paid and waiting for publication.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtrasVacancy {
    pub id: Uuid,
    /// The occupation in the request's language, or the vacancy's free label.
    pub title: String,
    /// Its PRO level now (0 without): a PRO level bought must be above it.
    pub pro_level: i16,
    pub branded: bool,
    pub promoted_until: Option<DateTime<Utc>>,
}

/// What the premium services page shows.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PremiumServices {
    /// What the company may buy, in price-list order, at its prices: PRO levels, branding,
    /// packages, additional promotion, CV-database days (and the discounted week while it has an
    /// active vacancy).
    pub products: Vec<ProductOffer>,
    /// Its services in force or paid and still to begin (ACTIVE, WAITING), with their end.
    pub running: Vec<ServiceItem>,
    pub cv_access: CvAccess,
    /// The most CV-database days one order buys.
    pub max_cv_days: i32,
    /// The vacancies extras can be bought for.
    pub vacancies: Vec<ExtrasVacancy>,
}

/// Whether the page sells products of `group` (what publishing alone buys is left out).
fn sold_here(group: ProductGroup) -> bool {
    group.extra_for_vacancy() || matches!(group, ProductGroup::CvBaseDay | ProductGroup::CvBase)
}

/// The premium services page of `company_id` at `now`.
#[tracing::instrument(skip_all)]
pub async fn page(pool: &PgPool, company_id: Uuid, locale: Locale, now: DateTime<Utc>) -> Result<PremiumServices> {
    let mut conn = pool.acquire().await?;
    let active_vacancy = catalog::has_active_vacancy(&mut conn, company_id, now).await?;
    let products: Vec<ProductOffer> = catalog::priced(&mut conn, company_id, locale)
        .await?
        .into_iter()
        .map(ProductOffer::from)
        .filter(|offer| sold_here(offer.group) && (offer.group != ProductGroup::CvBase || active_vacancy))
        .collect();
    let cv_access = catalog::cv_access(&mut conn, company_id, now).await?;
    let sql = format!(
        "select v.id, coalesce({occupation}, v.occupation_label, '') as title, v.pro_level, v.is_branded as branded, v.promoted_until
         from vacancies v join companies c on c.id = v.company_id
         left join ref_occupations o on o.code = v.occupation_code
         where v.company_id = $1 and v.status <> 'DELETED'
           and ({active} or (v.status = 'EXISTS' and v.type = 'DEFAULT' and v.payment_status = 'PAID' and v.publish_at > $2
                            and c.deleted_at is null))
         order by v.publish_at desc nulls last, v.id",
        occupation = reference::label_sql(locale, "o"),
        active = ACTIVE_VACANCY_AT.replace("$now", "$2"),
    );
    // the label column comes from a fixed list (label_sql), never from the request
    let vacancies: Vec<ExtrasVacancy> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).bind(now).fetch_all(&mut *conn).await?;
    drop(conn);
    let running = services::list(pool, Holder::Company(company_id), None, locale)
        .await?
        .into_iter()
        .filter(|service| matches!(service.status, ServiceStatus::Active | ServiceStatus::Waiting))
        .collect();
    Ok(PremiumServices { products, running, cv_access, max_cv_days: MAX_CV_BASE_DAYS, vacancies })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_sells_everything_but_what_publishing_alone_buys() {
        for code in ["PRO_1", "PRO_5", "BRANDING", "BASIC", "APEX", "ADDITIONAL_PROMO", "CV_BASE_DAY", "CV_BASE_7_DAYS_WITH_VACANCY"] {
            assert!(sold_here(ProductGroup::of(code)), "{code}");
        }
        for code in ["VACANCY", "REGISTRATION"] {
            assert!(!sold_here(ProductGroup::of(code)), "{code}");
        }
    }
}
