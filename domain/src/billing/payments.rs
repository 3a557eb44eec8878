//! Recording that an invoice is paid: the one way an invoice becomes PAID, called by the payment
//! providers' notifications and the administrators' forced payment (issue 16) and, in dev mode, the
//! sandbox "pay" button.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use super::orders;
use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::jobs::{self, IndexJob};

/// How an invoice was paid (`payments.method`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentMethod {
    Invoice,
    BankTransfer,
    /// Paid in the payer's internet bank through the payment provider.
    BankLink,
    Card,
    Blik,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Invoice => "INVOICE",
            PaymentMethod::BankTransfer => "BANK_TRANSFER",
            PaymentMethod::BankLink => "BANK_LINK",
            PaymentMethod::Card => "CARD",
            PaymentMethod::Blik => "BLIK",
        }
    }
}

/// One payment of a whole invoice.
#[derive(Clone, Debug)]
pub struct PaymentRecord {
    pub method: PaymentMethod,
    /// Who handled it: "sandbox", a bank, a card provider, "admin".
    pub provider: String,
    /// The provider's own id of the payment; unique per provider, so a repeated notification
    /// cannot be recorded twice.
    pub provider_reference: Option<String>,
    /// Must be the invoice's total.
    pub amount_cents: i64,
    /// The administrator who forced the payment, if one did.
    pub recorded_by: Option<Uuid>,
}

/// What [`mark_paid`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Marked {
    /// The invoice is paid now; these vacancies changed with it (their index jobs are queued).
    Paid { vacancies: Vec<Uuid> },
    /// It was paid already: nothing changed, no payment was recorded.
    AlreadyPaid,
}

/// The payment [`settle`] records.
enum Settlement<'a> {
    /// A new payment row.
    New(&'a PaymentRecord),
    /// A PENDING row of an online attempt the provider confirmed: it becomes SUCCEEDED with the
    /// provider's id of the order.
    Pending { payment_id: Uuid, provider_reference: &'a str },
}

/// Marks an invoice paid on the caller's transaction: records the payment (SUCCEEDED), sets the
/// invoice PAID and starts what it bought ([`orders::start`]: its vacancies paid and live — or
/// waiting for their publish time —, their PRO level, branding and promotion, its services ACTIVE
/// or WAITING with their periods), and queues the changed vacancies' index jobs on the same
/// transaction. Idempotent: paying a paid invoice changes nothing. An unknown (or deleted) invoice
/// is "not found"; a cancelled one, or an amount other than its total, a 400.
#[tracing::instrument(skip_all, fields(%invoice_id))]
pub async fn mark_paid(conn: &mut PgConnection, invoice_id: Uuid, payment: &PaymentRecord, now: DateTime<Utc>) -> Result<Marked> {
    settle(conn, invoice_id, Settlement::New(payment), now).await
}

/// [`mark_paid`] for an online attempt recorded as PENDING (`payments` row `payment_id` of this
/// invoice) that its provider confirmed: the row itself becomes the SUCCEEDED payment, with the
/// provider's id of the order, for the amount it was made for.
#[tracing::instrument(skip_all, fields(%invoice_id, %payment_id))]
pub async fn mark_paid_pending(
    conn: &mut PgConnection,
    invoice_id: Uuid,
    payment_id: Uuid,
    provider_reference: &str,
    now: DateTime<Utc>,
) -> Result<Marked> {
    settle(conn, invoice_id, Settlement::Pending { payment_id, provider_reference }, now).await
}

async fn settle(conn: &mut PgConnection, invoice_id: Uuid, payment: Settlement<'_>, now: DateTime<Utc>) -> Result<Marked> {
    let (status, total_cents): (String, i64) =
        sqlx::query_as("select status, total_cents from invoices where id = $1 and deleted_at is null for update")
            .bind(invoice_id)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or_else(Error::not_found)?;
    match status.as_str() {
        "PAID" => return Ok(Marked::AlreadyPaid),
        "CANCELLED" => {
            return Err(Error::with_message(ErrorCode::Validation, "A cancelled invoice cannot be paid"));
        }
        _ => {}
    }
    match payment {
        Settlement::New(payment) => {
            if payment.amount_cents != total_cents {
                return Err(Error::field("amountCents", format!("The payment must be the invoice's total, {total_cents} cents")));
            }
            sqlx::query(
                "insert into payments (invoice_id, method, provider, provider_reference, amount_cents, status, recorded_by_user_id, received_at)
                 values ($1, $2, $3, $4, $5, 'SUCCEEDED', $6, $7)",
            )
            .bind(invoice_id)
            .bind(payment.method.as_str())
            .bind(&payment.provider)
            .bind(&payment.provider_reference)
            .bind(payment.amount_cents)
            .bind(payment.recorded_by)
            .bind(now)
            .execute(&mut *conn)
            .await?;
        }
        Settlement::Pending { payment_id, provider_reference } => {
            let amount_cents: i64 = sqlx::query_scalar(
                "update payments set status = 'SUCCEEDED', provider_reference = $3, received_at = $4
                 where id = $1 and invoice_id = $2 and status <> 'SUCCEEDED'
                 returning amount_cents",
            )
            .bind(payment_id)
            .bind(invoice_id)
            .bind(provider_reference)
            .bind(now)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or_else(Error::not_found)?;
            if amount_cents != total_cents {
                return Err(Error::field("amountCents", format!("The payment must be the invoice's total, {total_cents} cents")));
            }
        }
    }
    sqlx::query("update invoices set status = 'PAID', paid_at = $2 where id = $1").bind(invoice_id).bind(now).execute(&mut *conn).await?;
    let vacancies = orders::start(conn, invoice_id, now).await?;
    let index: Vec<IndexJob> = vacancies.iter().copied().map(IndexJob::Vacancy).collect();
    jobs::enqueue_index(conn, &index).await?;
    Ok(Marked::Paid { vacancies })
}
