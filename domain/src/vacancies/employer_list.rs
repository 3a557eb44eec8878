//! The employer's "my vacancies": the acting company's vacancies with their displayed state, the
//! list's tabs and their counts, and the owner's status call. Every displayed state comes from the
//! one table ([`states::displayed`]) computed in Rust: the list reads the compact rows of ALL the
//! company's non-deleted vacancies (a company has tens to a few thousand), derives each one's state,
//! counts the tabs and cuts the page; the page's rows then get their latest order's invoice in one
//! query. A deleted vacancy never shows.
//!
//! Publishing (`EXISTS` on a draft or a finished vacancy) checks the publish rules, makes the order
//! (`billing::orders`) and sets the vacancy's times on one transaction: see [`change_status`].

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::states::{self, Action, Displayed, Effect, Facts, Kind, RUNS_FOR, Status, Tab};
use crate::billing::catalog::ProductOffer;
use crate::billing::orders::{self, InvoiceSummary, NewOrder};
use crate::billing::pricing::Quote;
use crate::delegation::{self, VacancyModerator};
use crate::moderation::{self, Review, ReviewStatus};
use crate::platform::error::{Error, Result};
use crate::platform::jobs::{self, IndexJob};
use crate::platform::locale::Locale;
use crate::platform::reference;
use crate::platform::sorting::{SortField, Sorting};

/// The tab a list asks for: every one of [`Tab`], or all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TabFilter {
    All,
    Only(Tab),
}

impl TabFilter {
    /// The names of the `status` query parameter, as the counts name them.
    pub const NAMES: [(&'static str, TabFilter); 8] = [
        ("all", TabFilter::All),
        ("active", TabFilter::Only(Tab::Active)),
        ("drafts", TabFilter::Only(Tab::Drafts)),
        ("waitingForPayment", TabFilter::Only(Tab::WaitingForPayment)),
        ("hidden", TabFilter::Only(Tab::Hidden)),
        ("archive", TabFilter::Only(Tab::Archive)),
        ("finished", TabFilter::Only(Tab::Finished)),
        ("cvDatabase", TabFilter::Only(Tab::CvDatabase)),
    ];

    /// Reads the `status` parameter; blank or absent is all, an unknown name a 400 naming `status`.
    pub fn parse(text: Option<&str>) -> Result<TabFilter> {
        let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
            return Ok(TabFilter::All);
        };
        TabFilter::NAMES.iter().find(|(name, _)| *name == text).map(|(_, tab)| *tab).ok_or_else(|| {
            let names: Vec<&str> = TabFilter::NAMES.iter().map(|(n, _)| *n).collect();
            Error::field("status", format!("Unknown tab {text:?}: use one of {}", names.join(", ")))
        })
    }

    fn shows(self, state: Displayed) -> bool {
        match self {
            TabFilter::All => state.tab().is_some(),
            TabFilter::Only(tab) => state.tab() == Some(tab),
        }
    }
}

/// Reads the `type` parameter: DEFAULT or CV_BASE; blank or absent is both, anything else a 400
/// naming `type`.
pub fn parse_kind(text: Option<&str>) -> Result<Option<Kind>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some("DEFAULT") => Ok(Some(Kind::Default)),
        Some("CV_BASE") => Ok(Some(Kind::CvBase)),
        Some(other) => Err(Error::field("type", format!("Unknown vacancy type {other:?}: use DEFAULT or CV_BASE"))),
    }
}

pub fn kind_str(kind: Kind) -> &'static str {
    match kind {
        Kind::Default => "DEFAULT",
        Kind::CvBase => "CV_BASE",
    }
}

/// One vacancy of the list.
#[derive(Clone, Debug)]
pub struct Row {
    pub id: Uuid,
    /// The occupation's label in the request's language (et fallback), or the free label of a
    /// CV-database vacancy; none for a draft without an occupation.
    pub occupation_label: Option<String>,
    pub facts: Facts,
    pub displayed: Displayed,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Applications received (not withdrawn or deleted).
    pub applications: i64,
    /// The invoice of the vacancy's latest order (its last publishing), when it has one.
    pub invoice: Option<InvoiceSummary>,
    /// Where it stands with moderation: waiting for review, rejected or taken down with the reason.
    pub review: Review,
    /// The staff member the vacancy is delegated to, when it is.
    pub moderator: Option<VacancyModerator>,
}

/// How many vacancies each tab holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TabCounts {
    pub all: u64,
    pub active: u64,
    pub drafts: u64,
    pub waiting_for_payment: u64,
    pub hidden: u64,
    pub archive: u64,
    pub finished: u64,
    pub cv_database: u64,
}

impl TabCounts {
    fn add(&mut self, state: Displayed) {
        let Some(tab) = state.tab() else { return };
        self.all += 1;
        *match tab {
            Tab::Active => &mut self.active,
            Tab::Drafts => &mut self.drafts,
            Tab::WaitingForPayment => &mut self.waiting_for_payment,
            Tab::Hidden => &mut self.hidden,
            Tab::Archive => &mut self.archive,
            Tab::Finished => &mut self.finished,
            Tab::CvDatabase => &mut self.cv_database,
        } += 1;
    }
}

pub struct ListPage {
    pub rows: Vec<Row>,
    /// Vacancies the filter matches (all pages).
    pub total: u64,
    /// Every tab's count, whatever the filter.
    pub counts: TabCounts,
}

#[derive(sqlx::FromRow)]
struct Stored {
    id: Uuid,
    occupation_label: Option<String>,
    #[sqlx(rename = "type")]
    kind: String,
    status: String,
    payment_status: String,
    publish_at: Option<DateTime<Utc>>,
    valid_until: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    applications: i64,
    review_status: String,
    review_reason: Option<String>,
}

impl Stored {
    fn facts(&self) -> Result<Facts> {
        Facts::from_stored(self.id, &self.kind, &self.status, &self.payment_status, self.publish_at, self.valid_until)
    }

    fn row(self, now: DateTime<Utc>) -> Result<Row> {
        let facts = self.facts()?;
        Ok(Row {
            displayed: states::displayed(&facts, now),
            facts,
            id: self.id,
            occupation_label: self.occupation_label,
            created_at: self.created_at,
            updated_at: self.updated_at,
            applications: self.applications,
            invoice: None,
            moderator: None,
            review: Review { status: ReviewStatus::parse(&self.review_status).unwrap_or(ReviewStatus::None), reason: self.review_reason },
        })
    }
}

/// What the employer's vacancy list sorts by (`?sort=`): the latest change (the default, newest
/// first), creation, publishing, expiry, the number of applications (most first) or the
/// occupation (A to Z).
pub const SORT_FIELDS: &[SortField] = &[
    SortField::desc("modified", "greatest(v.updated_at, v.created_at)"),
    SortField::desc("created", "v.created_at"),
    SortField::desc("published", "v.publish_at"),
    SortField::desc("validUntil", "v.valid_until"),
    SortField::desc("applications", "applications"),
    SortField::asc("occupation", "occupation_label"),
];

/// The list's default order: newest change first.
fn default_sorting() -> Sorting {
    Sorting { field: SORT_FIELDS[0], descending: true }
}

/// The compact rows of the company's non-deleted vacancies (of one vacancy when `only` is set),
/// in `sorting`'s order.
async fn stored(pool: &PgPool, company_id: Uuid, only: Option<Uuid>, locale: Locale, sorting: Sorting) -> Result<Vec<Stored>> {
    let sql = format!(
        "select v.id, coalesce({label}, v.occupation_label) as occupation_label, v.type, v.status, v.payment_status,
                v.publish_at, v.valid_until, v.created_at, v.updated_at, v.review_status, v.review_reason,
                (select count(*) from applications a where a.vacancy_id = v.id and a.status <> 'DELETED') as applications
         from vacancies v left join ref_occupations o on o.code = v.occupation_code
         where v.company_id = $1 and v.status <> 'DELETED' and ($2::uuid is null or v.id = $2)
         order by {order_by}",
        label = reference::label_sql(locale, "o"),
        order_by = sorting.order_by("v.id"),
    );
    // the label column and the order come from fixed lists (label_sql, SORT_FIELDS), never from the request
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).bind(only).fetch_all(pool).await?)
}

/// A page of the company's vacancies in a tab (and of a type), newest change first, with every
/// tab's count.
pub async fn list(
    pool: &PgPool,
    company_id: Uuid,
    locale: Locale,
    tab: TabFilter,
    kind: Option<Kind>,
    page: (u32, u32),
    now: DateTime<Utc>,
) -> Result<ListPage> {
    list_sorted(pool, company_id, locale, tab, kind, default_sorting(), page, now).await
}

/// [`list`] in `sorting`'s order.
#[allow(clippy::too_many_arguments)]
#[tracing::instrument(skip_all)]
pub async fn list_sorted(
    pool: &PgPool,
    company_id: Uuid,
    locale: Locale,
    tab: TabFilter,
    kind: Option<Kind>,
    sorting: Sorting,
    (page, size): (u32, u32),
    now: DateTime<Utc>,
) -> Result<ListPage> {
    let mut counts = TabCounts::default();
    let mut matching = Vec::new();
    for stored in stored(pool, company_id, None, locale, sorting).await? {
        let row = stored.row(now)?;
        counts.add(row.displayed);
        if tab.shows(row.displayed) && kind.is_none_or(|k| k == row.facts.kind) {
            matching.push(row);
        }
    }
    let total = matching.len() as u64;
    let mut rows: Vec<Row> = matching.into_iter().skip(page as usize * size as usize).take(size as usize).collect();
    with_invoices_and_moderators(pool, company_id, &mut rows).await?;
    Ok(ListPage { rows, total, counts })
}

/// Gives each row the invoice of its latest order and its moderator, in one query each.
async fn with_invoices_and_moderators(pool: &PgPool, company_id: Uuid, rows: &mut [Row]) -> Result<()> {
    let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
    let mut invoices = orders::latest_invoices(&mut *pool.acquire().await?, company_id, &ids).await?;
    let mut moderators = delegation::moderators_of(pool, &ids).await?;
    for row in rows {
        row.invoice = invoices.remove(&row.id);
        row.moderator = moderators.remove(&row.id);
    }
    Ok(())
}

/// One non-deleted vacancy of the company, in the list's shape; another company's is "not found".
pub async fn one(pool: &PgPool, company_id: Uuid, vacancy_id: Uuid, locale: Locale, now: DateTime<Utc>) -> Result<Row> {
    let mut row = stored(pool, company_id, Some(vacancy_id), locale, default_sorting()).await?.into_iter().next().ok_or_else(Error::not_found)?.row(now)?;
    with_invoices_and_moderators(pool, company_id, std::slice::from_mut(&mut row)).await?;
    Ok(row)
}

/// Whether the vacancy is one of the company's, not deleted; "not found" otherwise.
async fn owned(conn: &mut PgConnection, company_id: Uuid, vacancy_id: Uuid) -> Result<()> {
    let found: Option<Uuid> = sqlx::query_scalar("select id from vacancies where id = $1 and company_id = $2 and status <> 'DELETED'")
        .bind(vacancy_id)
        .bind(company_id)
        .fetch_optional(&mut *conn)
        .await?;
    found.map(|_| ()).ok_or_else(Error::not_found)
}

/// What publishing one of the company's vacancies can buy, at the company's prices.
#[tracing::instrument(skip_all)]
pub async fn product_offers(pool: &PgPool, company_id: Uuid, vacancy_id: Uuid, locale: Locale) -> Result<Vec<ProductOffer>> {
    let mut conn = pool.acquire().await?;
    owned(&mut conn, company_id, vacancy_id).await?;
    orders::offers(&mut conn, company_id, locale).await
}

/// The quote of publishing one of the company's vacancies with `product_codes`: what its invoice
/// would hold.
#[tracing::instrument(skip_all)]
pub async fn quote(pool: &PgPool, company_id: Uuid, vacancy_id: Uuid, product_codes: &[String], locale: Locale) -> Result<Quote> {
    let mut conn = pool.acquire().await?;
    owned(&mut conn, company_id, vacancy_id).await?;
    orders::quote(&mut conn, company_id, product_codes, locale).await
}

/// What the owner asks for with `PUT /vacancies/{id}/status`.
#[derive(Clone, Copy, Debug)]
pub struct StatusChange<'a> {
    /// The spec's status name (`EXISTS`, `HIDDEN`, `ARCHIVED`, `DELETED`).
    pub status: &'a str,
    /// What publishing buys; required to publish, ignored otherwise.
    pub product_codes: Option<&'a [String]>,
}

/// The owner's `PUT /vacancies/{id}/status`: reads the spec's status name as an action on the
/// vacancy's displayed state and applies what the one table allows, with the vacancy's index job
/// on the same transaction. Another company's vacancy, or a deleted one, is "not found".
///
/// Publishing ([`Effect::Publish`]: `EXISTS` on a draft or a finished vacancy), all on one
/// transaction with the vacancy's row locked:
/// - the publish rules must hold ([`super::document::check_publishable`], a 400 naming the field) and
///   `productCodes` must make an order (`billing::orders::choose`, a 400 naming `productCodes`);
/// - the order is made: UNPAID services and one invoice, issued to the company for `user_id`;
/// - the vacancy becomes EXISTS, waiting for payment, from `publish_at` = the later of now and its
///   stored publish time (a future one is kept) for [`RUNS_FOR`]; what an earlier run bought (PRO
///   level, branding, promotion) and its finishing are cleared;
/// - a company with a contract (`companies.has_contract`), or an order with nothing to pay, has
///   its order started at once (`billing::orders::start`: the vacancy PAID, live or waiting for its
///   publish time, with what it bought); the invoice stays to be paid. Any other company's
///   vacancy waits for payment (`billing::mark_paid`).
///
/// Deleting a vacancy that waits for payment cancels its unpaid order.
#[tracing::instrument(skip_all)]
pub async fn change_status(
    pool: &PgPool,
    company_id: Uuid,
    user_id: Uuid,
    vacancy_id: Uuid,
    change: StatusChange<'_>,
    now: DateTime<Utc>,
) -> Result<Displayed> {
    let mut tx = pool.begin().await?;
    let stored = locked(&mut tx, company_id, vacancy_id).await?.ok_or_else(Error::not_found)?;
    let facts = stored.facts()?;
    let from = states::displayed(&facts, now);
    let action = Action::requested(change.status, from)?;
    let mut ordered = None;
    match states::transition(from, action)? {
        Effect::SetStatus(status) => {
            sqlx::query("update vacancies set status = $2, updated_at = now() where id = $1")
                .bind(vacancy_id)
                .bind(status.as_str())
                .execute(&mut *tx)
                .await?;
            if status == Status::Deleted && from == Displayed::WaitingForPayment {
                orders::cancel_unpaid(&mut tx, vacancy_id, now).await?;
            }
        }
        Effect::Publish => {
            let product_codes = change
                .product_codes
                .filter(|codes| !codes.is_empty())
                .ok_or_else(|| Error::field("productCodes", "Choose what to buy to publish the vacancy: a vacancy or a package"))?;
            super::document::check_publishable(&mut tx, company_id, vacancy_id).await?;
            sqlx::query(
                "update vacancies
                 set status = 'EXISTS', payment_status = 'WAITING', publish_at = greatest(publish_at, $2),
                     valid_until = greatest(publish_at, $2) + $3, renewed_at = null, finished_at = null,
                     pro_level = 0, is_branded = false, promoted_until = null, updated_at = now()
                 where id = $1",
            )
            .bind(vacancy_id)
            .bind(now)
            .bind(RUNS_FOR)
            .execute(&mut *tx)
            .await?;
            // the moderation rules decide whether it waits for review before it goes live
            moderation::gate_publication(&mut tx, company_id, vacancy_id, now).await?;
            let order = NewOrder { company_id, user_id, vacancy_id, product_codes, now };
            let invoice = orders::create_for_vacancy(&mut tx, order).await?;
            let has_contract: bool =
                sqlx::query_scalar("select has_contract from companies where id = $1").bind(company_id).fetch_one(&mut *tx).await?;
            if has_contract || invoice.status == "PAID" {
                orders::start(&mut tx, invoice.id, now).await?;
            }
            ordered = Some(invoice.id);
        }
    }
    jobs::enqueue_index(&mut tx, &[IndexJob::Vacancy(vacancy_id)]).await?;
    // a deleted vacancy is no longer read by `locked`: its state is the table's answer
    let displayed = match locked(&mut tx, company_id, vacancy_id).await? {
        Some(stored) => states::displayed(&stored.facts()?, now),
        None => Displayed::Deleted,
    };
    // the invoice's gapless number last: its series' row lock orders every invoice of the year
    // and is held until the commit (under load, publishes queued behind it for seconds, holding
    // their connections: bench/results/2026-11-30-http-number-last.md)
    if let Some(invoice_id) = ordered {
        orders::number(&mut tx, invoice_id, now).await?;
    }
    tx.commit().await?;
    Ok(displayed)
}

/// The vacancy's row as the list reads it, locked for the status call; none when it is not the
/// company's or deleted.
async fn locked(conn: &mut PgConnection, company_id: Uuid, vacancy_id: Uuid) -> Result<Option<Stored>> {
    Ok(sqlx::query_as(
        "select id, null::text as occupation_label, type, status, payment_status, publish_at, valid_until, created_at,
                updated_at, 0::bigint as applications, review_status, review_reason
         from vacancies where id = $2 and company_id = $1 and status <> 'DELETED' for update",
    )
    .bind(company_id)
    .bind(vacancy_id)
    .fetch_optional(&mut *conn)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tab_name_reads_and_an_unknown_one_names_status() {
        for (name, tab) in TabFilter::NAMES {
            assert_eq!(TabFilter::parse(Some(name)).unwrap(), tab);
        }
        assert_eq!(TabFilter::parse(None).unwrap(), TabFilter::All);
        let err = TabFilter::parse(Some("PUBLISHED")).unwrap_err();
        assert!(matches!(err, Error::Client { field: Some("status"), .. }), "{err:?}");
        assert!(matches!(parse_kind(Some("OTHER")).unwrap_err(), Error::Client { field: Some("type"), .. }));
        assert_eq!(parse_kind(Some("CV_BASE")).unwrap(), Some(Kind::CvBase));
    }

    #[test]
    fn the_counts_put_every_state_but_deleted_in_all_and_its_tab() {
        let mut counts = TabCounts::default();
        for state in Displayed::ALL {
            counts.add(state);
        }
        // waiting for publication and active share the active tab
        let expected = TabCounts { all: 8, active: 2, drafts: 1, waiting_for_payment: 1, hidden: 1, archive: 1, finished: 1, cv_database: 1 };
        assert_eq!(counts, expected);
    }
}
