//! Bank-statement lines an import could not match (`bank_transactions` with an unmatched reason),
//! resolved by an administrator (issue 19): matched to an invoice — paid through [`mark_paid`]
//! (method BANK_TRANSFER, provider "bank", the bank's reference, recorded by the administrator),
//! as an automatic match is — or dismissed. Either needs a reason; both are audited on their own
//! transaction. A line resolved once (or matched by the import) is never changed again: a second
//! call answers `resolvedNow: false`.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::administration::{Actor, checked_text};
use super::bank_statements::BANK_PROVIDER;
use super::payments::{Marked, PaymentMethod, PaymentRecord, mark_paid};
use crate::platform::error::{Error, Result};

/// The longest reason an administrator may give.
const REASON_MAX: usize = 500;
/// The most lines the list shows.
const LIST_LIMIT: i64 = 500;

/// A line waiting to be resolved by hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnmatchedLine {
    pub id: Uuid,
    /// The bank's reference of the transaction.
    pub entry_reference: String,
    pub booked_on: Option<NaiveDate>,
    pub amount_cents: i64,
    pub currency: String,
    pub debtor_name: Option<String>,
    pub structured_reference: Option<String>,
    pub remittance: Option<String>,
    /// Why the import did not match it: NO_INVOICE, AMOUNT_DIFFERS, ALREADY_PAID, CANCELLED.
    pub reason: String,
    /// The invoice the line names, when it names one.
    pub invoice_id: Option<Uuid>,
    pub invoice_number: Option<String>,
    pub invoice_total_cents: Option<i64>,
    /// When the statement holding it was imported.
    pub imported_at: DateTime<Utc>,
}

/// The lines waiting to be resolved, oldest first as imported (at most 500).
#[tracing::instrument(skip_all)]
pub async fn unmatched(pool: &PgPool) -> Result<Vec<UnmatchedLine>> {
    Ok(sqlx::query_as(
        "select t.id, t.entry_reference, t.booked_on, t.amount_cents, t.currency, t.debtor_name, t.structured_reference,
                t.remittance, t.unmatched_reason as reason, i.id as invoice_id, i.number as invoice_number,
                i.total_cents as invoice_total_cents, t.created_at as imported_at
         from bank_transactions t
         left join invoices i on i.id = t.invoice_id and i.deleted_at is null
         where t.unmatched_reason is not null and t.resolution is null
         order by t.created_at, t.entry_reference
         limit $1",
    )
    .bind(LIST_LIMIT)
    .fetch_all(pool)
    .await?)
}

/// Matching a line to an invoice by hand.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineMatch {
    /// The invoice the money was for (UNPAID).
    pub invoice_id: Uuid,
    /// Why (kept in the audit log), at most 500 characters.
    pub reason: String,
}

/// Dismissing a line (money that is no invoice's: a refund to make, a deposit, a bank's error).
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineDismissal {
    /// Why (kept in the audit log), at most 500 characters.
    pub reason: String,
}

/// What resolving a line did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineResolution {
    /// True when this call resolved the line; false when it was resolved already (nothing changed).
    pub resolved_now: bool,
}

struct Line {
    entry_reference: String,
    amount_cents: i64,
    currency: String,
    reason: Option<String>,
    resolution: Option<String>,
}

impl Line {
    fn waiting(&self) -> bool {
        self.reason.is_some() && self.resolution.is_none()
    }
}

/// Locks a line (404 when there is none).
async fn lock_line(conn: &mut PgConnection, line_id: Uuid) -> Result<Line> {
    let row: (String, i64, String, Option<String>, Option<String>) = sqlx::query_as(
        "select entry_reference, amount_cents, currency, unmatched_reason, resolution from bank_transactions where id = $1 for update",
    )
    .bind(line_id)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(Error::not_found)?;
    Ok(Line { entry_reference: row.0, amount_cents: row.1, currency: row.2, reason: row.3, resolution: row.4 })
}

/// Matches a waiting line to an UNPAID invoice: the invoice is paid through [`mark_paid`] for its
/// total (what the administrator vouches for; the line's own amount is in the audit row), which
/// starts what it bought, and the line keeps the invoice and the payment. An unknown line or
/// invoice (or a deleted one) is a 404; a paid or cancelled invoice a 400 naming `invoiceId`; a
/// line no longer waiting changes nothing.
#[tracing::instrument(skip_all, fields(%line_id))]
pub async fn match_line(pool: &PgPool, actor: Actor<'_>, line_id: Uuid, request: &LineMatch, now: DateTime<Utc>) -> Result<LineResolution> {
    let reason = checked_text(&request.reason, "reason", true, REASON_MAX)?;
    let mut tx = pool.begin().await?;
    let line = lock_line(&mut tx, line_id).await?;
    if !line.waiting() {
        return Ok(LineResolution { resolved_now: false });
    }
    let (number, status, total_cents, company_id): (String, String, i64, Option<Uuid>) =
        sqlx::query_as("select number, status, total_cents, company_id from invoices where id = $1 and deleted_at is null for update")
            .bind(request.invoice_id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(Error::not_found)?;
    match status.as_str() {
        "PAID" => return Err(Error::field("invoiceId", format!("Invoice {number} is paid already; dismiss the line instead"))),
        "CANCELLED" => return Err(Error::field("invoiceId", format!("Invoice {number} is cancelled and cannot be paid"))),
        _ => {}
    }
    let payment = PaymentRecord {
        method: PaymentMethod::BankTransfer,
        provider: BANK_PROVIDER.to_string(),
        provider_reference: Some(line.entry_reference.clone()),
        amount_cents: total_cents,
        recorded_by: Some(actor.user_id),
    };
    let marked = mark_paid(&mut tx, request.invoice_id, &payment, now).await?;
    debug_assert!(matches!(marked, Marked::Paid { .. }), "the invoice was locked unpaid");
    sqlx::query(
        "update bank_transactions t set invoice_id = $2, unmatched_reason = null, resolution = 'MATCHED',
                resolved_by_user_id = $3, resolved_at = $4, resolution_note = $5,
                payment_id = (select id from payments where provider = $6 and provider_reference = t.entry_reference)
         where t.id = $1",
    )
    .bind(line_id)
    .bind(request.invoice_id)
    .bind(actor.user_id)
    .bind(now)
    .bind(&reason)
    .bind(BANK_PROVIDER)
    .execute(&mut *tx)
    .await?;
    let details = json!({
        "lineId": line_id, "entryReference": line.entry_reference, "amountCents": line.amount_cents, "currency": line.currency,
        "unmatchedReason": line.reason, "invoiceId": request.invoice_id, "number": number, "totalCents": total_cents, "reason": reason,
    });
    actor.record(&mut tx, "bank_statement.line_matched", company_id, details).await?;
    tx.commit().await?;
    Ok(LineResolution { resolved_now: true })
}

/// Dismisses a waiting line: it leaves the list, nothing is paid. A line no longer waiting changes
/// nothing; an unknown one is a 404.
#[tracing::instrument(skip_all, fields(%line_id))]
pub async fn dismiss_line(pool: &PgPool, actor: Actor<'_>, line_id: Uuid, request: &LineDismissal, now: DateTime<Utc>) -> Result<LineResolution> {
    let reason = checked_text(&request.reason, "reason", true, REASON_MAX)?;
    let mut tx = pool.begin().await?;
    let line = lock_line(&mut tx, line_id).await?;
    if !line.waiting() {
        return Ok(LineResolution { resolved_now: false });
    }
    sqlx::query(
        "update bank_transactions set resolution = 'DISMISSED', resolved_by_user_id = $2, resolved_at = $3, resolution_note = $4
         where id = $1",
    )
    .bind(line_id)
    .bind(actor.user_id)
    .bind(now)
    .bind(&reason)
    .execute(&mut *tx)
    .await?;
    let details = json!({
        "lineId": line_id, "entryReference": line.entry_reference, "amountCents": line.amount_cents, "currency": line.currency,
        "unmatchedReason": line.reason, "reason": reason,
    });
    actor.record(&mut tx, "bank_statement.line_dismissed", None, details).await?;
    tx.commit().await?;
    Ok(LineResolution { resolved_now: true })
}
