//! Refunds due after a rejection (issue 35 §2, docs/moderation.md "Decisions"). Rejecting an ad
//! that never went live charges nothing; when its invoice was already PAID (paid while the ad
//! waited for review) the invoice keeps its status — billing has no credit notes — its services
//! are cancelled, and the money is to be paid back by hand. Such an invoice is recorded here
//! (`moderation_refunds`) on the rejection's transaction and listed to administrators
//! (`GET /api/admin/moderation/refunds`) until one of them records the refund as made
//! (audited as `moderation.refund_made`).

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use serde_json::json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::decisions::Decider;
use crate::platform::audit;
use crate::platform::error::{Error, Result};

/// A PAID invoice whose ad was rejected before it went live: the money to pay back.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundDue {
    pub invoice_id: Uuid,
    pub invoice_number: String,
    /// The invoice's total in cents (euros).
    pub total_cents: i64,
    pub paid_at: Option<DateTime<Utc>>,
    pub issued_on: NaiveDate,
    /// Who paid: the invoice's buyer.
    pub buyer_name: String,
    pub buyer_email: Option<String>,
    pub company_id: Option<Uuid>,
    /// The rejected ad (null when it was deleted since).
    pub vacancy_id: Option<Uuid>,
    /// When the ad was rejected.
    pub due_at: DateTime<Utc>,
}

/// Records `invoice_id` as a refund due for the rejected `vacancy_id`, on the rejection's
/// transaction. Recording it again changes nothing.
pub async fn record_due(conn: &mut PgConnection, invoice_id: Uuid, vacancy_id: Uuid, now: DateTime<Utc>) -> Result<()> {
    sqlx::query("insert into moderation_refunds (invoice_id, vacancy_id, due_at) values ($1, $2, $3) on conflict (invoice_id) do nothing")
        .bind(invoice_id)
        .bind(vacancy_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The refunds not yet made, oldest first.
#[tracing::instrument(skip_all)]
pub async fn open(pool: &PgPool) -> Result<Vec<RefundDue>> {
    Ok(sqlx::query_as(
        "select i.id as invoice_id, i.number as invoice_number, i.total_cents, i.paid_at, i.issued_on, i.buyer_name, i.buyer_email,
                i.company_id, r.vacancy_id, r.due_at
         from moderation_refunds r join invoices i on i.id = r.invoice_id
         where r.refunded_at is null
         order by r.due_at, i.number",
    )
    .fetch_all(pool)
    .await?)
}

/// Records that the refund of `invoice_id` was made; audited as `moderation.refund_made`. An
/// invoice with no refund due is 404; one already recorded as refunded a 400 naming `invoiceId`.
#[tracing::instrument(skip_all, fields(%invoice_id))]
pub async fn mark_made(pool: &PgPool, decider: Decider<'_>, invoice_id: Uuid, now: DateTime<Utc>) -> Result<()> {
    let mut tx = pool.begin().await?;
    let row: Option<(Option<DateTime<Utc>>, Option<Uuid>, Option<Uuid>, String, i64)> = sqlx::query_as(
        "select r.refunded_at, r.vacancy_id, i.company_id, i.number, i.total_cents
         from moderation_refunds r join invoices i on i.id = r.invoice_id
         where r.invoice_id = $1 for update of r",
    )
    .bind(invoice_id)
    .fetch_optional(&mut *tx)
    .await?;
    let (refunded_at, vacancy_id, company_id, number, total_cents) = row.ok_or_else(Error::not_found)?;
    if refunded_at.is_some() {
        return Err(Error::field("invoiceId", format!("The refund of invoice {number} is already recorded as made")));
    }
    sqlx::query("update moderation_refunds set refunded_at = $2, refunded_by_user_id = $3 where invoice_id = $1")
        .bind(invoice_id)
        .bind(now)
        .bind(decider.user_id)
        .execute(&mut *tx)
        .await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(decider.user_id),
            action: "moderation.refund_made",
            target_user_id: None,
            target_company_id: company_id,
            details: json!({ "invoiceId": invoice_id, "invoiceNumber": number, "totalCents": total_cents, "vacancyId": vacancy_id }),
            ip: decider.ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(())
}
