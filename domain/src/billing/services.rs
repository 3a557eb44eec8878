//! A bought product at work (a `services` row) and its one table of transitions ([`transition`]):
//!
//! | from     | event                  | to        |
//! |----------|------------------------|-----------|
//! | UNPAID   | start (paid, or a contract), it can begin now | ACTIVE |
//! | UNPAID   | start, it begins later (its vacancy's publish time, or after the CV access already bought) | WAITING |
//! | WAITING  | begin (its vacancy went live, or its start time came) | ACTIVE |
//! | ACTIVE   | end (its `ends_at` passed) | FINISHED |
//! | UNPAID, WAITING, ACTIVE | cancel (its invoice or vacancy order is withdrawn) | CANCELLED |
//!
//! Every other move is refused; FINISHED and CANCELLED are final. Each write below moves only the
//! rows the table lets the event move ([`sources`]) to the status the table names.
//!
//! What a service grants is set when it starts ([`super::orders::start`]: a vacancy's PRO level,
//! branding, promotion; a CV service is the company's CV-database access for its period). A
//! service that finishes or is cancelled withdraws it ([`withdraw`]): the vacancy's PRO level falls
//! back to the highest its remaining WAITING or ACTIVE services give (0 without one), its branding
//! and promotion go when no remaining service gives them, and CV-database access ends with the
//! service (the access check reads the services). The vacancies that changed are re-indexed on the
//! same transaction.
//!
//! The clock: [`begin_due`] and [`finish_ended`] run with the vacancy time rules every minute
//! (worker), each with `now` as an argument so tests use a fixed clock; the vacancy rule `go_live`
//! begins the services of the vacancies it puts live ([`begin_for_vacancies`]).

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::shared::{ProductGroup, ServiceStatus};
use crate::platform::error::{Error, Result};
use crate::platform::jobs::{self, IndexJob};
use crate::platform::locale::Locale;
use crate::platform::reference;

/// What happens to a service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServiceEvent {
    /// Its invoice is paid, or the company's contract covers it; `begins_now` when nothing makes it
    /// wait (its vacancy is live, or it has none, and no earlier CV access runs).
    Start { begins_now: bool },
    /// Its vacancy went live, or its start time came.
    Begin,
    /// Its `ends_at` passed.
    End,
    /// Its order is withdrawn: the invoice cancelled, the vacancy waiting for payment deleted.
    Cancel,
}

impl ServiceEvent {
    pub const ALL: [ServiceEvent; 5] = [
        ServiceEvent::Start { begins_now: true },
        ServiceEvent::Start { begins_now: false },
        ServiceEvent::Begin,
        ServiceEvent::End,
        ServiceEvent::Cancel,
    ];
}

/// The one table of a service's life: the status `event` moves a service in `from` to, or a 400
/// naming `status` when the table refuses the move.
pub fn transition(from: ServiceStatus, event: ServiceEvent) -> Result<ServiceStatus> {
    use ServiceEvent::*;
    use ServiceStatus::*;
    match (from, event) {
        (Unpaid, Start { begins_now: true }) => Ok(Active),
        (Unpaid, Start { begins_now: false }) => Ok(Waiting),
        (Waiting, Begin) => Ok(Active),
        (Active, End) => Ok(Finished),
        (Unpaid | Waiting | Active, Cancel) => Ok(Cancelled),
        (from, event) => Err(Error::field(
            "status",
            format!(
                "A service that is {} cannot {}",
                from.as_str(),
                event_name(event)
            ),
        )),
    }
}

fn event_name(event: ServiceEvent) -> &'static str {
    match event {
        ServiceEvent::Start { .. } => "start",
        ServiceEvent::Begin => "begin",
        ServiceEvent::End => "end",
        ServiceEvent::Cancel => "be cancelled",
    }
}

/// The statuses `event` may move a service from, as stored strings (for `status = any($n)`).
pub fn sources(event: ServiceEvent) -> Vec<&'static str> {
    ServiceStatus::ALL
        .into_iter()
        .filter(|from| transition(*from, event).is_ok())
        .map(ServiceStatus::as_str)
        .collect()
}

/// The status `event` moves every one of its [`sources`] to (the table has one per event).
pub fn target(event: ServiceEvent) -> &'static str {
    let to: Vec<ServiceStatus> = ServiceStatus::ALL
        .into_iter()
        .filter_map(|from| transition(from, event).ok())
        .collect();
    debug_assert!(
        to.windows(2).all(|pair| pair[0] == pair[1]),
        "{event:?} has one target"
    );
    to[0].as_str()
}

/// The SQL of the day a service's promotion ends, for services `s` of products `p`: its start plus
/// the product's promotion days, or, for an additional promotion without days of its own, its end.
pub(crate) fn promotion_end_sql() -> String {
    format!(
        "case when p.promo_days is not null then s.starts_at + make_interval(days => p.promo_days)
              when p.code = any(array[{}]) then s.ends_at end",
        ProductGroup::Promotion
            .codes()
            .iter()
            .map(|code| format!("'{code}'"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Begins the WAITING services of these vacancies whose start time has come by `now` (the
/// vacancies went live); on the caller's transaction. Answers how many began.
#[tracing::instrument(skip_all)]
pub async fn begin_for_vacancies(
    conn: &mut PgConnection,
    vacancy_ids: &[Uuid],
    now: DateTime<Utc>,
) -> Result<u64> {
    if vacancy_ids.is_empty() {
        return Ok(0);
    }
    let event = ServiceEvent::Begin;
    let begun = sqlx::query(
        "update services set status = $3, updated_at = now()
         where vacancy_id = any($1) and status = any($4) and (starts_at is null or starts_at <= $2)",
    )
    .bind(vacancy_ids)
    .bind(now)
    .bind(target(event))
    .bind(sources(event))
    .execute(&mut *conn)
    .await?;
    Ok(begun.rows_affected())
}

/// The clock's begin: every WAITING service whose `starts_at` has come by `now` becomes ACTIVE
/// (CV access bought to follow the access already running, a vacancy's service the `go_live` rule
/// has not reached yet). Idempotent; answers how many began.
#[tracing::instrument(skip_all)]
pub async fn begin_due(pool: &PgPool, now: DateTime<Utc>) -> Result<u64> {
    let event = ServiceEvent::Begin;
    let begun = sqlx::query("update services set status = $2, updated_at = now() where status = any($3) and starts_at <= $1")
        .bind(now)
        .bind(target(event))
        .bind(sources(event))
        .execute(pool)
        .await?;
    Ok(begun.rows_affected())
}

/// The clock's end: every ACTIVE service whose `ends_at` has passed by `now` becomes FINISHED and
/// withdraws what it granted ([`withdraw`]), the changed vacancies' index jobs on the same
/// transaction. Idempotent; answers how many finished.
#[tracing::instrument(skip_all)]
pub async fn finish_ended(pool: &PgPool, now: DateTime<Utc>) -> Result<u64> {
    let event = ServiceEvent::End;
    let mut tx = pool.begin().await?;
    let ended: Vec<Uuid> = sqlx::query_scalar(
        "update services set status = $2, updated_at = now() where status = any($3) and ends_at <= $1 returning id",
    )
    .bind(now)
    .bind(target(event))
    .bind(sources(event))
    .fetch_all(&mut *tx)
    .await?;
    let vacancies = withdraw(&mut tx, &ended).await?;
    jobs::enqueue_index(
        &mut tx,
        &vacancies
            .into_iter()
            .map(IndexJob::Vacancy)
            .collect::<Vec<_>>(),
    )
    .await?;
    tx.commit().await?;
    Ok(ended.len() as u64)
}

/// Whether any service of the invoice has started (WAITING, ACTIVE or FINISHED: no longer UNPAID
/// nor CANCELLED): what it bought is, or was, at work.
#[tracing::instrument(skip_all)]
pub async fn any_started(conn: &mut PgConnection, invoice_id: Uuid) -> Result<bool> {
    Ok(sqlx::query_scalar(
        "select exists (select 1 from services where invoice_id = $1 and status not in ('UNPAID', 'CANCELLED'))",
    )
    .bind(invoice_id)
    .fetch_one(&mut *conn)
    .await?)
}

/// Ends at `now` the runs the invoice's started publication services (a VACANCY or a package,
/// WAITING or ACTIVE) paid for: the vacancy, running or waiting for its publish time, finishes
/// (`valid_until` and `finished_at` now), so it leaves the search; its applications stay workable
/// for their 30 days. Run before the services are cancelled ([`cancel_for_invoice`]). Answers the
/// vacancies ended, whose index jobs the caller queues on its transaction.
#[tracing::instrument(skip_all)]
pub async fn end_publications(conn: &mut PgConnection, invoice_id: Uuid, now: DateTime<Utc>) -> Result<Vec<Uuid>> {
    let publishing: Vec<&str> =
        [ProductGroup::Vacancy, ProductGroup::Package].into_iter().flat_map(|group| group.codes().iter().copied()).collect();
    let granting: Vec<&str> = ServiceStatus::ALL.into_iter().filter(|s| s.grants()).map(ServiceStatus::as_str).collect();
    Ok(sqlx::query_scalar(
        "update vacancies v set valid_until = $2, finished_at = $2, updated_at = now()
         where v.type = 'DEFAULT' and v.status in ('EXISTS', 'HIDDEN') and v.payment_status = 'PAID'
           and (v.valid_until is null or v.valid_until > $2)
           and v.id in (select s.vacancy_id from services s
                        where s.invoice_id = $1 and s.vacancy_id is not null and s.product_code = any($3) and s.status = any($4))
         returning v.id",
    )
    .bind(invoice_id)
    .bind(now)
    .bind(&publishing)
    .bind(&granting)
    .fetch_all(&mut *conn)
    .await?)
}

/// Cancels the services of an invoice that the table lets be cancelled (UNPAID, WAITING, ACTIVE)
/// and withdraws what they granted, the changed vacancies' index jobs on the same transaction.
/// Answers the vacancies that changed.
#[tracing::instrument(skip_all)]
pub async fn cancel_for_invoice(conn: &mut PgConnection, invoice_id: Uuid) -> Result<Vec<Uuid>> {
    let event = ServiceEvent::Cancel;
    let cancelled: Vec<Uuid> =
        sqlx::query_scalar("update services set status = $2, updated_at = now() where invoice_id = $1 and status = any($3) returning id")
            .bind(invoice_id)
            .bind(target(event))
            .bind(sources(event))
            .fetch_all(&mut *conn)
            .await?;
    let vacancies = withdraw(conn, &cancelled).await?;
    jobs::enqueue_index(
        conn,
        &vacancies
            .iter()
            .copied()
            .map(IndexJob::Vacancy)
            .collect::<Vec<_>>(),
    )
    .await?;
    Ok(vacancies)
}

/// Withdraws what the services `ended` (just FINISHED or CANCELLED) granted their vacancies: each
/// kind they granted is recomputed from the vacancy's remaining VACANCY-type services that are
/// WAITING or ACTIVE — the PRO level falls back to their highest (0 without one), branding stays
/// only while one of them is BRANDING, promotion lasts to the latest of their promotion ends (none
/// without one). A kind the ended services did not grant is left as it is. Answers the vacancies
/// that changed, whose index jobs the caller queues on its transaction.
#[tracing::instrument(skip_all)]
pub async fn withdraw(conn: &mut PgConnection, ended: &[Uuid]) -> Result<Vec<Uuid>> {
    if ended.is_empty() {
        return Ok(Vec::new());
    }
    let granting: Vec<&str> = ServiceStatus::ALL
        .into_iter()
        .filter(|s| s.grants())
        .map(ServiceStatus::as_str)
        .collect();
    let promotion_end = promotion_end_sql();
    let sql = format!(
        "with ended as (
             select s.vacancy_id, bool_or(p.pro_level is not null) as pro, bool_or(p.code = 'BRANDING') as branding,
                    bool_or(({promotion_end}) is not null) as promotion
             from services s join products p on p.code = s.product_code
             where s.id = any($1) and s.type = 'VACANCY' and s.vacancy_id is not null
             group by s.vacancy_id
         ),
         remaining as (
             select e.vacancy_id, coalesce(max(p.pro_level), 0) as pro_level, coalesce(bool_or(p.code = 'BRANDING'), false) as branded,
                    max({promotion_end}) as promoted_until
             from ended e
             left join services s on s.vacancy_id = e.vacancy_id and s.type = 'VACANCY' and s.status = any($2)
             left join products p on p.code = s.product_code
             group by e.vacancy_id
         )
         update vacancies v
         set pro_level = case when e.pro then r.pro_level else v.pro_level end,
             is_branded = case when e.branding then r.branded else v.is_branded end,
             promoted_until = case when e.promotion then r.promoted_until else v.promoted_until end,
             updated_at = now()
         from ended e join remaining r on r.vacancy_id = e.vacancy_id
         where v.id = e.vacancy_id
           and (v.pro_level is distinct from case when e.pro then r.pro_level else v.pro_level end
                or v.is_branded is distinct from case when e.branding then r.branded else v.is_branded end
                or v.promoted_until is distinct from case when e.promotion then r.promoted_until else v.promoted_until end)
         returning v.id"
    );
    // the SQL is built from constants (product codes of the price list), never from input
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(ended)
        .bind(granting)
        .fetch_all(&mut *conn)
        .await?)
}

/// Whose services a list shows.
#[derive(Clone, Copy, Debug)]
pub enum Holder {
    /// A company's (its staff read them).
    Company(Uuid),
    /// A person's own, bought for no company.
    User(Uuid),
}

/// What a service is for: a vacancy, CV-database access or the company itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ServiceType {
    Vacancy,
    Cv,
    Company,
}

/// One service of the services lists.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceItem {
    pub id: Uuid,
    pub product_code: String,
    /// The product's label in the request's language (et fallback).
    pub label: String,
    #[serde(rename = "type")]
    pub kind: ServiceType,
    pub status: ServiceStatus,
    /// Days for CV-database access by the day, else 1.
    pub quantity: i32,
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
    pub vacancy_id: Option<Uuid>,
    /// The vacancy's occupation in the request's language, or its free label.
    pub vacancy_title: Option<String>,
    pub invoice_id: Option<Uuid>,
    pub invoice_number: Option<String>,
}

#[derive(sqlx::FromRow)]
struct ServiceRow {
    id: Uuid,
    product_code: String,
    label: String,
    kind: String,
    status: String,
    quantity: i32,
    starts_at: Option<DateTime<Utc>>,
    ends_at: Option<DateTime<Utc>>,
    vacancy_id: Option<Uuid>,
    vacancy_title: Option<String>,
    invoice_id: Option<Uuid>,
    invoice_number: Option<String>,
}

impl ServiceRow {
    fn item(self) -> Result<ServiceItem> {
        let status = ServiceStatus::parse(&self.status)
            .ok_or_else(|| anyhow::anyhow!("service {}: status {:?}", self.id, self.status))?;
        let kind = match self.kind.as_str() {
            "VACANCY" => ServiceType::Vacancy,
            "CV" => ServiceType::Cv,
            "COMPANY" => ServiceType::Company,
            other => return Err(anyhow::anyhow!("service {}: type {other:?}", self.id).into()),
        };
        Ok(ServiceItem {
            id: self.id,
            product_code: self.product_code,
            label: self.label,
            kind,
            status,
            quantity: self.quantity,
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            vacancy_id: self.vacancy_id,
            vacancy_title: self.vacancy_title,
            invoice_id: self.invoice_id,
            invoice_number: self.invoice_number,
        })
    }
}

/// The holder's services (of one status when `status` is set): active first, then waiting,
/// unpaid, finished and cancelled, newest first within each; labels in `locale`. The services of
/// an invoice an administrator deleted are left out.
#[tracing::instrument(skip_all)]
pub async fn list(
    pool: &PgPool,
    holder: Holder,
    status: Option<ServiceStatus>,
    locale: Locale,
) -> Result<Vec<ServiceItem>> {
    let (company_id, user_id) = match holder {
        Holder::Company(id) => (Some(id), None),
        Holder::User(id) => (None, Some(id)),
    };
    let order: Vec<&str> = ServiceStatus::ALL.iter().map(|s| s.as_str()).collect();
    let sql = format!(
        "select s.id, s.product_code, {product} as label, s.type as kind, s.status, s.quantity, s.starts_at, s.ends_at,
                s.vacancy_id, case when v.id is null then null else coalesce({occupation}, v.occupation_label) end as vacancy_title,
                i.id as invoice_id, i.number as invoice_number
         from services s
         join products p on p.code = s.product_code
         left join invoices i on i.id = s.invoice_id
         left join vacancies v on v.id = s.vacancy_id and v.status <> 'DELETED'
         left join ref_occupations o on o.code = v.occupation_code
         where (case when $1::uuid is not null then s.company_id = $1 else s.user_id = $2 and s.company_id is null end)
           and ($3::text is null or s.status = $3)
           and (i.id is null or i.deleted_at is null)
         order by array_position($4::text[], s.status), s.created_at desc, s.id",
        product = reference::label_sql(locale, "p"),
        occupation = reference::label_sql(locale, "o"),
    );
    // the label columns come from a fixed list (label_sql), never from the request
    let rows: Vec<ServiceRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(company_id)
        .bind(user_id)
        .bind(status.map(ServiceStatus::as_str))
        .bind(order)
        .fetch_all(pool)
        .await?;
    rows.into_iter().map(ServiceRow::item).collect()
}

#[cfg(test)]
mod tests {
    use super::ServiceEvent::*;
    use super::ServiceStatus::*;
    use super::*;

    fn refused(from: ServiceStatus, event: ServiceEvent) -> bool {
        matches!(
            transition(from, event),
            Err(Error::Client {
                field: Some("status"),
                ..
            })
        )
    }

    #[test]
    fn an_unpaid_service_starts_at_once_when_it_can_begin_now() {
        assert_eq!(
            transition(Unpaid, Start { begins_now: true }).unwrap(),
            Active
        );
    }

    #[test]
    fn an_unpaid_service_waits_when_it_begins_later() {
        assert_eq!(
            transition(Unpaid, Start { begins_now: false }).unwrap(),
            Waiting
        );
    }

    #[test]
    fn a_waiting_service_begins() {
        assert_eq!(transition(Waiting, Begin).unwrap(), Active);
    }

    #[test]
    fn an_active_service_ends_finished() {
        assert_eq!(transition(Active, End).unwrap(), Finished);
    }

    #[test]
    fn an_unpaid_a_waiting_and_an_active_service_can_be_cancelled() {
        for from in [Unpaid, Waiting, Active] {
            assert_eq!(transition(from, Cancel).unwrap(), Cancelled, "{from:?}");
        }
    }

    #[test]
    fn a_started_service_does_not_start_again() {
        for from in [Waiting, Active, Finished, Cancelled] {
            for begins_now in [true, false] {
                assert!(refused(from, Start { begins_now }), "{from:?}");
            }
        }
    }

    #[test]
    fn only_a_waiting_service_begins() {
        for from in [Unpaid, Active, Finished, Cancelled] {
            assert!(refused(from, Begin), "{from:?}");
        }
    }

    #[test]
    fn only_an_active_service_ends() {
        for from in [Unpaid, Waiting, Finished, Cancelled] {
            assert!(refused(from, End), "{from:?}");
        }
    }

    #[test]
    fn a_finished_or_cancelled_service_is_not_cancelled() {
        assert!(refused(Finished, Cancel));
        assert!(refused(Cancelled, Cancel));
    }

    #[test]
    fn finished_and_cancelled_are_final() {
        for from in [Finished, Cancelled] {
            for event in ServiceEvent::ALL {
                assert!(refused(from, event), "{from:?} {event:?}");
            }
        }
    }

    #[test]
    fn the_writes_move_exactly_the_rows_the_table_allows() {
        assert_eq!(sources(Start { begins_now: true }), vec!["UNPAID"]);
        assert_eq!(target(Start { begins_now: true }), "ACTIVE");
        assert_eq!(target(Start { begins_now: false }), "WAITING");
        assert_eq!((sources(Begin), target(Begin)), (vec!["WAITING"], "ACTIVE"));
        assert_eq!((sources(End), target(End)), (vec!["ACTIVE"], "FINISHED"));
        assert_eq!(
            (sources(Cancel), target(Cancel)),
            (vec!["ACTIVE", "WAITING", "UNPAID"], "CANCELLED")
        );
    }

    #[test]
    fn a_status_filter_reads_every_status_and_names_status_otherwise() {
        for status in ServiceStatus::ALL {
            assert_eq!(
                ServiceStatus::filter(Some(status.as_str())).unwrap(),
                Some(status)
            );
        }
        assert_eq!(ServiceStatus::filter(None).unwrap(), None);
        assert!(matches!(
            ServiceStatus::filter(Some("active")),
            Err(Error::Client {
                field: Some("status"),
                ..
            })
        ));
    }
}
