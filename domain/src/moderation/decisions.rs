//! The administrators' decisions on an ad, each on one transaction with its audit entry
//! (`moderation.approve`, `moderation.reject`, `moderation.take_down`, `moderation.dismiss_reports`)
//! and the ad's index job:
//!
//! - **approve** (an ad waiting, live and not yet reviewed, or reported): it may be live. One that
//!   waited and was already paid (or under contract) goes live now: its run and its services'
//!   times move by how long it waited, so it gets its full 30 days. Its open reports are closed
//!   as APPROVED (the ad stays).
//! - **reject** with a reason (an ad not yet reviewed: waiting for review, or published at once
//!   and reviewed after). One that never went live has its order withdrawn as billing withdraws an
//!   unpaid order — an UNPAID invoice is cancelled with its services
//!   (`billing::online::cancel_on`); a PAID one keeps its status, its services are cancelled and
//!   it is recorded as a refund due (`moderation_refunds`, the audit entry names it too) —, and the
//!   ad goes back to the drafts with the reason, which "my vacancies" shows. Nothing is charged for
//!   it. One that went live (reviewed after) leaves the search at once (its index job) and its run
//!   ends now, as a finished ad's (it can be corrected and published again, a new order that passes
//!   the gate again); it was live, so it was charged: its invoice stays as it is.
//! - **take down** with a reason (a published ad): it leaves the search and its public page at
//!   once (its index job); what was paid stays paid (it was live).
//! - **dismiss reports**: the open reports are closed; the ad stays as it is.
//!
//! Rejecting and taking down answer whom to tell (the company's supervisor and the ad's author, in
//! their languages); the API mails them once the decision is stored ([`decision_mail`]).

use chrono::{DateTime, Utc};
use serde_json::json;
use sqlx::PgConnection;
use sqlx::PgPool;
use uuid::Uuid;

use super::ReviewStatus;
use super::refunds;
use super::reports::ReportOutcome;
use crate::billing;
use crate::platform::audit;
use crate::platform::error::{Error, Result};
use crate::platform::jobs::{self, IndexJob};
use crate::platform::locale::Locale;
use crate::platform::mail::Mail;

/// The longest reason of a rejection or a take-down, in characters.
pub const REASON_MAX: usize = 1000;

/// Who decides: the administrator and their address, for the audit log.
#[derive(Clone, Copy, Debug)]
pub struct Decider<'a> {
    pub user_id: Uuid,
    pub ip: Option<&'a str>,
}

/// Which decision a company is told about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Told {
    /// Rejected before it went live: back among the drafts, nothing charged.
    Rejected,
    /// Rejected after it went live (reviewed after): it left the search, its run ended.
    RejectedAfterLive,
    TakenDown,
}

impl Told {
    pub const ALL: [Told; 3] = [Told::Rejected, Told::RejectedAfterLive, Told::TakenDown];
}

/// What a decision changed, and whom to tell.
#[derive(Clone, Debug)]
pub struct Decided {
    pub vacancy_id: Uuid,
    pub told: Told,
    pub title: String,
    pub reason: Option<String>,
    /// The company's supervisor and the ad's author: e-mail and language.
    pub recipients: Vec<(String, Locale)>,
}

struct Locked {
    id: Uuid,
    company_id: Uuid,
    status: String,
    review: ReviewStatus,
    payment_status: String,
    publish_at: Option<DateTime<Utc>>,
    title: String,
}

async fn lock(conn: &mut PgConnection, vacancy_id: Uuid) -> Result<Locked> {
    let row: Option<(Uuid, String, String, String, Option<DateTime<Utc>>, String)> = sqlx::query_as(
        "select v.company_id, v.status, v.review_status, v.payment_status, v.publish_at,
                coalesce(o.label_et, v.occupation_label, '')
         from vacancies v left join ref_occupations o on o.code = v.occupation_code
         where v.id = $1 and v.status <> 'DELETED' and v.type = 'DEFAULT' for update of v",
    )
    .bind(vacancy_id)
    .fetch_optional(&mut *conn)
    .await?;
    let (company_id, status, review, payment_status, publish_at, title) = row.ok_or_else(Error::not_found)?;
    Ok(Locked { id: vacancy_id, company_id, status, review: ReviewStatus::parse(&review).unwrap_or(ReviewStatus::None), payment_status, publish_at, title })
}

fn checked_reason(reason: &str) -> Result<String> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(Error::field("reason", "Give the reason: the company reads it"));
    }
    if reason.chars().count() > REASON_MAX {
        return Err(Error::field("reason", format!("The reason may be at most {REASON_MAX} characters long")));
    }
    Ok(reason.to_string())
}

async fn close_reports(conn: &mut PgConnection, vacancy_id: Uuid, outcome: ReportOutcome, now: DateTime<Utc>) -> Result<u64> {
    Ok(sqlx::query("update vacancy_reports set outcome = $2, decided_at = $3 where vacancy_id = $1 and outcome = 'OPEN'")
        .bind(vacancy_id)
        .bind(outcome.as_str())
        .bind(now)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

async fn record(conn: &mut PgConnection, decider: Decider<'_>, action: &str, company_id: Uuid, details: serde_json::Value) -> Result<()> {
    audit::record(
        &mut *conn,
        audit::Entry { actor_user_id: Some(decider.user_id), action, target_user_id: None, target_company_id: Some(company_id), details, ip: decider.ip },
    )
    .await
}

async fn recipients(conn: &mut PgConnection, company_id: Uuid, vacancy_id: Uuid) -> Result<Vec<(String, Locale)>> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "select u.username, u.locale from users u
         where u.id in (select supervisor_user_id from companies where id = $1
                        union select created_by_user_id from vacancies where id = $2)
         order by u.username",
    )
    .bind(company_id)
    .bind(vacancy_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|(email, locale)| (email, Locale::from_code(&locale).unwrap_or_default())).collect())
}

/// Approves an ad: see the module. A rejected or taken-down ad is a 400 naming `vacancyId`.
#[tracing::instrument(skip_all, fields(%vacancy_id))]
pub async fn approve(pool: &PgPool, decider: Decider<'_>, vacancy_id: Uuid, now: DateTime<Utc>) -> Result<()> {
    let mut tx = pool.begin().await?;
    let locked = lock(&mut tx, vacancy_id).await?;
    if matches!(locked.review, ReviewStatus::Rejected | ReviewStatus::TakenDown) {
        return Err(Error::field("vacancyId", "The ad was rejected or taken down: the company publishes it again to have it reviewed"));
    }
    if locked.review == ReviewStatus::Pending && locked.payment_status == "PAID" && locked.publish_at.is_some_and(|at| at < now) {
        // it waited while its run's clock ran: the run and what was bought with it start now (the
        // services first, while the vacancy still holds the publish time they are moved from)
        sqlx::query(
            "update services s set starts_at = s.starts_at + ($2 - v.publish_at), ends_at = s.ends_at + ($2 - v.publish_at),
                    updated_at = now()
             from vacancies v
             where v.id = s.vacancy_id and s.vacancy_id = $1 and s.status in ('WAITING', 'ACTIVE')",
        )
        .bind(vacancy_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "update vacancies set publish_at = $2, valid_until = valid_until + ($2 - publish_at),
                    promoted_until = promoted_until + ($2 - publish_at), renewed_at = $2
             where id = $1",
        )
        .bind(vacancy_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        billing::services::begin_for_vacancies(&mut tx, &[vacancy_id], now).await?;
    }
    sqlx::query("update vacancies set review_status = 'APPROVED', review_reason = null, reviewed_at = $2, updated_at = now() where id = $1")
        .bind(vacancy_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    let closed = close_reports(&mut tx, vacancy_id, ReportOutcome::Approved, now).await?;
    jobs::enqueue_index(&mut tx, &[IndexJob::Vacancy(vacancy_id)]).await?;
    let details = json!({ "vacancyId": vacancy_id, "from": locked.review.as_str(), "reportsClosed": closed });
    record(&mut tx, decider, "moderation.approve", locked.company_id, details).await?;
    tx.commit().await?;
    Ok(())
}

/// Whether a rejection applies to an ad in this state: one waiting for review, or one published
/// and not yet reviewed (UNREVIEWED: live at once and reviewed after; NONE: from before
/// moderation). A draft, an approved, rejected or taken-down ad is not.
fn rejectable(locked: &Locked) -> bool {
    let published = locked.status != "TEMPORARY" && locked.publish_at.is_some();
    match locked.review {
        ReviewStatus::Pending => true,
        ReviewStatus::Unreviewed | ReviewStatus::None => published,
        ReviewStatus::Approved | ReviewStatus::Rejected | ReviewStatus::TakenDown => false,
    }
}

/// Whether the ad has gone live: paid (or under contract), its publish time come, and moderation
/// letting it be live. What decides whether a rejection charges it.
fn went_live(locked: &Locked, now: DateTime<Utc>) -> bool {
    locked.review.may_be_live()
        && matches!(locked.status.as_str(), "EXISTS" | "HIDDEN" | "ARCHIVED")
        && locked.payment_status == "PAID"
        && locked.publish_at.is_some_and(|at| at <= now)
}

/// Rejects an ad not yet reviewed, with a reason: see the module. Any other ad (a draft, one
/// approved, rejected or taken down) is a 400 naming `vacancyId`; a blank or too long reason a 400
/// naming `reason`.
#[tracing::instrument(skip_all, fields(%vacancy_id))]
pub async fn reject(pool: &PgPool, decider: Decider<'_>, vacancy_id: Uuid, reason: &str, now: DateTime<Utc>) -> Result<Decided> {
    let reason = checked_reason(reason)?;
    let mut tx = pool.begin().await?;
    let locked = lock(&mut tx, vacancy_id).await?;
    if !rejectable(&locked) {
        return Err(Error::field(
            "vacancyId",
            "Only an ad not yet reviewed can be rejected (waiting for review, or live and to be reviewed after); take an approved ad down instead",
        ));
    }
    if went_live(&locked, now) {
        return reject_live(tx, decider, vacancy_id, locked, reason, now).await;
    }
    let invoices: Vec<(Uuid, String)> = sqlx::query_as(
        "select i.id, i.status from invoices i
         where i.id in (select s.invoice_id from services s where s.vacancy_id = $1 and s.status in ('UNPAID', 'WAITING', 'ACTIVE'))
           and i.deleted_at is null and i.status in ('UNPAID', 'PAID')
         order by i.id for update",
    )
    .bind(vacancy_id)
    .fetch_all(&mut *tx)
    .await?;
    let (mut cancelled, mut refund_due) = (Vec::new(), Vec::new());
    for (invoice_id, status) in invoices {
        if status == "UNPAID" {
            billing::online::cancel_on(&mut tx, invoice_id, now).await?;
            cancelled.push(invoice_id);
        } else {
            billing::services::cancel_for_invoice(&mut tx, invoice_id).await?;
            refunds::record_due(&mut tx, invoice_id, vacancy_id, now).await?;
            refund_due.push(invoice_id);
        }
    }
    sqlx::query(
        "update vacancies set status = 'TEMPORARY', payment_status = 'NONE', valid_until = null, finished_at = null,
                renewed_at = null, pro_level = 0, is_branded = false, promoted_until = null,
                review_status = 'REJECTED', review_reason = $2, reviewed_at = $3, updated_at = now()
         where id = $1",
    )
    .bind(vacancy_id)
    .bind(&reason)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let billing = json!({ "wentLive": false, "cancelledInvoices": cancelled, "refundDueInvoices": refund_due });
    let outcome = Outcome { reports: ReportOutcome::Rejected, action: "moderation.reject", told: Told::Rejected };
    finish(tx, decider, locked, outcome, reason, billing, now).await
}

/// The rejection of an ad that went live (reviewed after): REJECTED with the reason and its run
/// ended now (`valid_until` and `finished_at`, as billing ends a publication), so it leaves the
/// search at once and shows as finished in "my vacancies", from where it can be published again.
/// Its invoices and services stay as they are: the ad was live, so it was charged.
async fn reject_live(
    mut tx: sqlx::Transaction<'_, sqlx::Postgres>,
    decider: Decider<'_>,
    vacancy_id: Uuid,
    locked: Locked,
    reason: String,
    now: DateTime<Utc>,
) -> Result<Decided> {
    sqlx::query(
        "update vacancies set review_status = 'REJECTED', review_reason = $2, reviewed_at = $3,
                valid_until = least(coalesce(valid_until, $3), $3), finished_at = least(coalesce(valid_until, $3), $3),
                updated_at = now()
         where id = $1",
    )
    .bind(vacancy_id)
    .bind(&reason)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let billing = json!({ "wentLive": true, "cancelledInvoices": [], "refundDueInvoices": [] });
    let outcome = Outcome { reports: ReportOutcome::Rejected, action: "moderation.reject", told: Told::RejectedAfterLive };
    finish(tx, decider, locked, outcome, reason, billing, now).await
}

/// Takes a published ad down, with a reason: see the module. An ad never published, waiting for
/// review, rejected or already taken down is a 400 naming `vacancyId`.
#[tracing::instrument(skip_all, fields(%vacancy_id))]
pub async fn take_down(pool: &PgPool, decider: Decider<'_>, vacancy_id: Uuid, reason: &str, now: DateTime<Utc>) -> Result<Decided> {
    let reason = checked_reason(reason)?;
    let mut tx = pool.begin().await?;
    let locked = lock(&mut tx, vacancy_id).await?;
    let published = locked.status != "TEMPORARY" && locked.publish_at.is_some();
    if !locked.review.may_be_live() || !published {
        return Err(Error::field("vacancyId", "Only a published ad can be taken down; reject an ad waiting for review instead"));
    }
    sqlx::query(
        "update vacancies set review_status = 'TAKEN_DOWN', review_reason = $2, reviewed_at = $3, updated_at = now() where id = $1",
    )
    .bind(vacancy_id)
    .bind(&reason)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let outcome = Outcome { reports: ReportOutcome::TakenDown, action: "moderation.take_down", told: Told::TakenDown };
    finish(tx, decider, locked, outcome, reason, json!({}), now).await
}

/// What a rejection or a take-down records: the reports' outcome, the audit action, what the
/// company is told.
struct Outcome {
    reports: ReportOutcome,
    action: &'static str,
    told: Told,
}

/// The tail of every decision that ends an ad's run (rejecting it, waiting or live; taking it
/// down), once its row is updated: its open reports closed, its index job queued, the decision
/// audited (`vacancyId`, `reason`, `reportsClosed` and the decision's own `extra` details), the
/// transaction committed; answers whom to tell.
async fn finish(
    mut tx: sqlx::Transaction<'_, sqlx::Postgres>,
    decider: Decider<'_>,
    locked: Locked,
    outcome: Outcome,
    reason: String,
    extra: serde_json::Value,
    now: DateTime<Utc>,
) -> Result<Decided> {
    let vacancy_id = locked.id;
    let closed = close_reports(&mut tx, vacancy_id, outcome.reports, now).await?;
    jobs::enqueue_index(&mut tx, &[IndexJob::Vacancy(vacancy_id)]).await?;
    let mut details = json!({ "vacancyId": vacancy_id, "reason": reason, "reportsClosed": closed });
    if let (Some(details), serde_json::Value::Object(extra)) = (details.as_object_mut(), extra) {
        details.extend(extra);
    }
    record(&mut tx, decider, outcome.action, locked.company_id, details).await?;
    let recipients = recipients(&mut tx, locked.company_id, vacancy_id).await?;
    tx.commit().await?;
    Ok(Decided { vacancy_id, told: outcome.told, title: locked.title, reason: Some(reason), recipients })
}

/// Dismisses an ad's open reports; the ad stays as it is. Answers how many were dismissed.
#[tracing::instrument(skip_all, fields(%vacancy_id))]
pub async fn dismiss_reports(pool: &PgPool, decider: Decider<'_>, vacancy_id: Uuid, now: DateTime<Utc>) -> Result<u64> {
    let mut tx = pool.begin().await?;
    let locked = lock(&mut tx, vacancy_id).await?;
    let closed = close_reports(&mut tx, vacancy_id, ReportOutcome::Dismissed, now).await?;
    record(&mut tx, decider, "moderation.dismiss_reports", locked.company_id, json!({ "vacancyId": vacancy_id, "reportsClosed": closed })).await?;
    tx.commit().await?;
    Ok(closed)
}

/// What a rejected or taken-down ad's company is told, in its language.
pub fn decision_mail(locale: Locale, to: &str, title: &str, told: Told, reason: &str) -> Mail {
    let (subject, text) = match (locale, told) {
        (Locale::Et, Told::Rejected) => (
            format!("Vakants: kuulutust „{title}” ei avaldatud"),
            format!("Tere!\n\nVakantsi moderaator ei kinnitanud kuulutust „{title}”. Kuulutus on tagasi mustandite hulgas; selle eest tasu ei võeta.\n\nPõhjus: {reason}\n\nParanda kuulutust ja avalda see uuesti.\n\nVakants"),
        ),
        (Locale::Et, Told::RejectedAfterLive) => (
            format!("Vakants: kuulutust „{title}” ei kinnitatud"),
            format!("Tere!\n\nVakantsi moderaator vaatas avaldatud kuulutuse „{title}” üle ega kinnitanud seda. Kuulutus eemaldati otsingust ja selle avaldamine lõppes.\n\nPõhjus: {reason}\n\nParanda kuulutust ja avalda see uuesti.\n\nVakants"),
        ),
        (Locale::Et, Told::TakenDown) => (
            format!("Vakants: kuulutus „{title}” eemaldati"),
            format!("Tere!\n\nVakantsi moderaator eemaldas kuulutuse „{title}” avaldatud kuulutuste hulgast.\n\nPõhjus: {reason}\n\nVakants"),
        ),
        (Locale::En, Told::Rejected) => (
            format!("Vakants: the ad \"{title}\" was not published"),
            format!("Hello,\n\na Vakants moderator did not approve the ad \"{title}\". It is back among your drafts, and nothing is charged for it.\n\nReason: {reason}\n\nCorrect the ad and publish it again.\n\nVakants"),
        ),
        (Locale::En, Told::RejectedAfterLive) => (
            format!("Vakants: the ad \"{title}\" was rejected"),
            format!("Hello,\n\na Vakants moderator reviewed the published ad \"{title}\" and did not approve it. It has been removed from the search and its publication has ended.\n\nReason: {reason}\n\nCorrect the ad and publish it again.\n\nVakants"),
        ),
        (Locale::En, Told::TakenDown) => (
            format!("Vakants: the ad \"{title}\" was taken down"),
            format!("Hello,\n\na Vakants moderator took the ad \"{title}\" down.\n\nReason: {reason}\n\nVakants"),
        ),
        (Locale::Ru, Told::Rejected) => (
            format!("Vakants: объявление «{title}» не опубликовано"),
            format!("Здравствуйте!\n\nМодератор Vakants не одобрил объявление «{title}». Оно возвращено в черновики, плата за него не взимается.\n\nПричина: {reason}\n\nИсправьте объявление и опубликуйте его снова.\n\nVakants"),
        ),
        (Locale::Ru, Told::RejectedAfterLive) => (
            format!("Vakants: объявление «{title}» отклонено"),
            format!("Здравствуйте!\n\nМодератор Vakants проверил опубликованное объявление «{title}» и не одобрил его. Оно убрано из поиска, его публикация завершена.\n\nПричина: {reason}\n\nИсправьте объявление и опубликуйте его снова.\n\nVakants"),
        ),
        (Locale::Ru, Told::TakenDown) => (
            format!("Vakants: объявление «{title}» снято"),
            format!("Здравствуйте!\n\nМодератор Vakants снял объявление «{title}» с публикации.\n\nПричина: {reason}\n\nVakants"),
        ),
    };
    Mail { to: to.to_string(), subject, text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_required_and_bounded() {
        assert!(matches!(checked_reason("  ").unwrap_err(), Error::Client { field: Some("reason"), .. }));
        assert!(matches!(checked_reason(&"x".repeat(REASON_MAX + 1)).unwrap_err(), Error::Client { field: Some("reason"), .. }));
        assert_eq!(checked_reason("  asks for money ").unwrap(), "asks for money");
    }

    #[test]
    fn the_decision_mail_names_the_ad_and_the_reason_in_every_language() {
        for locale in Locale::ALL {
            let mut subjects = Vec::new();
            for told in Told::ALL {
                let mail = decision_mail(locale, "boss@example.ee", "Kokk", told, "asks for money");
                assert!(mail.subject.contains("Kokk") && mail.text.contains("asks for money"), "{locale:?} {told:?}: {mail:?}");
                subjects.push(mail.subject);
            }
            subjects.sort();
            subjects.dedup();
            assert_eq!(subjects.len(), Told::ALL.len(), "{locale:?}: each decision has its own subject");
        }
    }
}
