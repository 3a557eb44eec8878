//! Paying an invoice: the payment methods, confirming an invoice with a method (bank details for
//! the invoice and a bank transfer, a provider's order for the online methods), the provider's
//! notifications, the payer's view of one attempt, and cancelling an unpaid invoice.
//!
//! An online attempt is a `payments` row (PENDING) made before the provider's order: its id is the
//! order's merchant reference, the provider's order id its `provider_reference` (unique per
//! provider). A notification is applied only when the provider's signature holds, the order is
//! ours, and the amount it signed is the invoice's total; applying one twice changes nothing. A
//! paid notification marks the invoice paid through [`super::payments::mark_paid_pending`]; a
//! failed or abandoned one leaves the invoice unpaid and the attempt FAILED or CANCELLED.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::invoices::Owner;
use super::orders::{InvoiceSummary, SUMMARY_COLUMNS};
use super::payments::{self, Marked};
use super::provider::{
    NoticeStatus, OnlineMethod, OrderLine, OrderRequest, PaymentProvider, ProviderError,
};
use super::seller::{BankDetails, Seller};
use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::jobs::{self, IndexJob};
use crate::platform::locale::Locale;

/// A way to pay an invoice (spec 2 section 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MethodCode {
    /// Pay later by the invoice mailed to the company.
    Invoice,
    /// Transfer now quoting the reference number; matched from the bank statement.
    BankTransfer,
    /// Online in the payer's internet bank, through the payment provider.
    BankLink,
    /// Online by card, through the payment provider.
    Card,
    /// Online by BLIK, through the payment provider.
    Blik,
}

impl MethodCode {
    pub const ALL: [MethodCode; 5] = [
        MethodCode::Invoice,
        MethodCode::BankTransfer,
        MethodCode::BankLink,
        MethodCode::Card,
        MethodCode::Blik,
    ];

    /// The provider's method, for the online ones.
    pub fn online(self) -> Option<OnlineMethod> {
        match self {
            MethodCode::Invoice | MethodCode::BankTransfer => None,
            MethodCode::BankLink => Some(OnlineMethod::BankLink),
            MethodCode::Card => Some(OnlineMethod::Card),
            MethodCode::Blik => Some(OnlineMethod::Blik),
        }
    }

    fn texts(self, locale: Locale) -> (&'static str, &'static str) {
        use Locale::*;
        use MethodCode::*;
        match (self, locale) {
            (Invoice, Et) => (
                "Arvega",
                "Maksa hiljem e-postiga saadetud arve alusel maksetähtajaks.",
            ),
            (Invoice, En) => (
                "By invoice",
                "Pay later by the invoice sent to your e-mail, before its due date.",
            ),
            (Invoice, Ru) => (
                "По счёту",
                "Оплатите позже по счёту, отправленному на e-mail, до срока оплаты.",
            ),
            (BankTransfer, Et) => (
                "Pangaülekandega",
                "Tee kohe ülekanne ja märgi selgitusse viitenumber: makse seotakse arvega pangaväljavõtte põhjal.",
            ),
            (BankTransfer, En) => (
                "By bank transfer",
                "Transfer now quoting the reference number: the payment is matched to the invoice from the bank statement.",
            ),
            (BankTransfer, Ru) => (
                "Банковским переводом",
                "Переведите сейчас, указав номер ссылки: платёж будет сопоставлен со счётом по банковской выписке.",
            ),
            (BankLink, Et) => (
                "Pangalingiga",
                "Maksa kohe oma internetipangas; arve on makstud niipea, kui pank makse kinnitab.",
            ),
            (BankLink, En) => (
                "By bank link",
                "Pay now in your internet bank; the invoice is paid as soon as the bank confirms the payment.",
            ),
            (BankLink, Ru) => (
                "Через интернет-банк",
                "Оплатите сейчас в своём интернет-банке; счёт будет оплачен, как только банк подтвердит платёж.",
            ),
            (Card, Et) => ("Kaardiga", "Maksa kohe deebet- või krediitkaardiga."),
            (Card, En) => ("By card", "Pay now by debit or credit card."),
            (Card, Ru) => ("Картой", "Оплатите сейчас дебетовой или кредитной картой."),
            (Blik, Et) => (
                "BLIK",
                "Maksa kohe BLIK-koodiga oma Poola panga rakendusest.",
            ),
            (Blik, En) => (
                "BLIK",
                "Pay now with a BLIK code from your Polish bank's app.",
            ),
            (Blik, Ru) => (
                "BLIK",
                "Оплатите сейчас кодом BLIK из приложения польского банка.",
            ),
        }
    }

    /// Whether it takes a payment in `currency` (an ISO 4217 code): BLIK is Polish and takes only
    /// PLN; the others take every currency of [`CURRENCIES`].
    pub fn takes(self, currency: &str) -> bool {
        match self {
            MethodCode::Blik => currency == "PLN",
            _ => CURRENCIES.contains(&currency),
        }
    }

    /// What the payer needs for it.
    fn needs(self) -> &'static [&'static str] {
        match self {
            MethodCode::Invoice => &["invoiceEmail"],
            MethodCode::BankTransfer => &["referenceNumber", "bankAccount"],
            MethodCode::BankLink => &["internetBank"],
            MethodCode::Card => &["paymentCard"],
            MethodCode::Blik => &["blikCode"],
        }
    }
}

/// The currencies a payment can be asked in (ISO 4217): the euro of every invoice
/// (`invoices.currency`), and the zloty, the one currency BLIK takes.
pub const CURRENCIES: [&str; 2] = ["EUR", "PLN"];

/// The currency the payment methods are listed for when none is asked: that of the invoices.
pub const DEFAULT_CURRENCY: &str = "EUR";

/// A requested payment currency, upper-cased; a 400 naming `currency` outside [`CURRENCIES`].
pub fn currency(text: &str) -> Result<&'static str> {
    let code = text.trim().to_ascii_uppercase();
    CURRENCIES
        .into_iter()
        .find(|known| *known == code)
        .ok_or_else(|| Error::field("currency", format!("Payments are taken in {} only", CURRENCIES.join(" or "))))
}

/// A payment method as the payment choice shows it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethodInfo {
    pub code: MethodCode,
    /// Paid at once through the payment provider.
    pub online: bool,
    /// In the reader's locale (et fallback).
    pub label: String,
    pub description: String,
    /// What the payer needs: invoiceEmail, referenceNumber, bankAccount, internetBank, paymentCard,
    /// blikCode.
    pub needs: Vec<String>,
}

/// The payment methods for a payment in `currency` in the reader's locale: those that take the
/// currency (BLIK only PLN), the online ones only when a provider is configured.
pub fn methods(locale: Locale, online_enabled: bool, currency: &str) -> Vec<PaymentMethodInfo> {
    MethodCode::ALL
        .into_iter()
        .filter(|code| online_enabled || code.online().is_none())
        .filter(|code| code.takes(currency))
        .map(|code| {
            let (label, description) = code.texts(locale);
            PaymentMethodInfo {
                code,
                online: code.online().is_some(),
                label: label.to_string(),
                description: description.to_string(),
                needs: code.needs().iter().map(|n| n.to_string()).collect(),
            }
        })
        .collect()
}

/// Where the payment goes on from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StartKind {
    /// Pay by transfer to `bank` quoting `referenceNumber`.
    BankDetails,
    /// Send the browser to `redirectUrl`.
    Redirect,
}

/// The answer to confirming an invoice with a method.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentStart {
    pub kind: StartKind,
    /// The online attempt (its status at `/api/employer/payment/{id}`).
    pub payment_id: Option<Uuid>,
    /// The provider's payment page.
    pub redirect_url: Option<String>,
    /// The account to transfer to.
    pub bank: Option<BankDetails>,
    pub reference_number: String,
    pub total_cents: i64,
    pub due_on: NaiveDate,
}

/// An online attempt as its payer sees it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentStatus {
    pub id: Uuid,
    pub invoice_id: Uuid,
    pub invoice_number: String,
    /// BANK_LINK, CARD, BLIK (or the method of another payment).
    pub method: String,
    /// PENDING, SUCCEEDED, FAILED or CANCELLED.
    pub status: String,
    /// Why it failed or was cancelled, or what happens next, in the reader's locale.
    pub message: String,
    pub amount_cents: i64,
}

/// The invoice as paying reads it.
#[derive(sqlx::FromRow)]
struct PayableInvoice {
    id: Uuid,
    number: String,
    reference_number: Option<String>,
    status: String,
    total_cents: i64,
    currency: String,
    due_on: NaiveDate,
    company_id: Option<Uuid>,
    buyer_name: String,
    buyer_email: Option<String>,
    buyer_address: Option<String>,
}

/// The invoice `invoice_id` when the payer may pay it (not deleted), locked; none otherwise.
async fn payable(
    conn: &mut PgConnection,
    payer: Owner,
    invoice_id: Uuid,
) -> Result<Option<PayableInvoice>> {
    let (company_id, user_id) = payer.binds();
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select i.id, i.number, i.reference_number, i.status, i.total_cents, i.currency, i.due_on, i.company_id, i.buyer_name, i.buyer_email,
                i.buyer_address
         from invoices i where i.id = $1 and {}
         for update",
        Owner::condition(2)
    )))
    .bind(invoice_id)
    .bind(company_id)
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?)
}

fn not_unpaid(status: &str) -> Error {
    Error::field(
        "status",
        format!("Only an unpaid invoice can be paid or cancelled; this one is {status}"),
    )
}

/// What [`start`] needs besides the invoice.
pub struct StartContext<'a> {
    pub provider: Option<&'a dyn PaymentProvider>,
    pub seller: &'a Seller,
    /// The site's origin (`PUBLIC_URL`), for the return and notification addresses.
    pub public_url: &'a str,
    pub locale: Locale,
}

/// How the payer asks to pay: the method and, optionally, the currency the payer expects to pay in.
pub struct PaymentChoice<'a> {
    pub method: MethodCode,
    pub currency: Option<&'a str>,
}

/// Confirms an UNPAID invoice of the payer with `method`: the invoice and a bank transfer answer
/// the bank details and reference number; an online method records a PENDING attempt, creates
/// the provider's order and answers its page. Another's invoice is "not found"; one not UNPAID a
/// 400 naming `status`; a currency asked other than the invoice's a 400 naming `currency`; a
/// method that does not take the invoice's currency (BLIK, PLN only) or an online method without
/// a provider a 400 naming `method`; a provider that cannot be reached 503 (the attempt is FAILED).
#[tracing::instrument(skip_all, fields(%invoice_id))]
pub async fn start(
    pool: &PgPool,
    context: StartContext<'_>,
    payer: Owner,
    invoice_id: Uuid,
    choice: PaymentChoice<'_>,
) -> Result<PaymentStart> {
    let method = choice.method;
    let asked = choice.currency.map(currency).transpose()?;
    let mut tx = pool.begin().await?;
    let invoice = payable(&mut tx, payer, invoice_id)
        .await?
        .ok_or_else(Error::not_found)?;
    if invoice.status != "UNPAID" {
        return Err(not_unpaid(&invoice.status));
    }
    if asked.is_some_and(|asked| asked != invoice.currency) {
        return Err(Error::field("currency", format!("This invoice is paid in {}", invoice.currency)));
    }
    if !method.takes(&invoice.currency) {
        return Err(Error::field(
            "method",
            format!("{} does not take payments in {}; choose another payment method", method.texts(Locale::En).0, invoice.currency),
        ));
    }
    let reference_number = invoice.reference_number.clone().unwrap_or_default();
    let Some(online) = method.online() else {
        tx.commit().await?;
        return Ok(PaymentStart {
            kind: StartKind::BankDetails,
            payment_id: None,
            redirect_url: None,
            bank: Some(context.seller.bank()),
            reference_number,
            total_cents: invoice.total_cents,
            due_on: invoice.due_on,
        });
    };
    let provider = context.provider.ok_or_else(|| {
        Error::field(
            "method",
            "Online payments are not available; pay by bank transfer",
        )
    })?;
    let payment_id: Uuid = sqlx::query_scalar(
        "insert into payments (invoice_id, method, provider, amount_cents, status) values ($1, $2, $3, $4, 'PENDING') returning id",
    )
    .bind(invoice.id)
    .bind(online.as_str())
    .bind(provider.name())
    .bind(invoice.total_cents)
    .fetch_one(&mut *tx)
    .await?;
    let lines: Vec<(String, i32, i64)> = sqlx::query_as(
        "select description, quantity, line_total_cents + vat_cents from invoice_lines where invoice_id = $1 order by position",
    )
    .bind(invoice.id)
    .fetch_all(&mut *tx)
    .await?;
    // the attempt exists before the provider hears of it, so its notification always finds it
    tx.commit().await?;

    let account = if invoice.company_id.is_some() {
        "employer/account"
    } else {
        "account"
    };
    let order = OrderRequest {
        merchant_reference: payment_id,
        display_reference: invoice.number.clone(),
        amount_cents: invoice.total_cents,
        method: online,
        locale: context.locale,
        return_url: format!(
            "{}/{}/{account}/payment/{payment_id}",
            context.public_url,
            context.locale.code()
        ),
        notification_url: format!("{}/api/payment/notify", context.public_url),
        buyer_name: invoice.buyer_name,
        buyer_email: invoice.buyer_email,
        buyer_address: invoice.buyer_address,
        lines: lines
            .into_iter()
            .map(|(name, quantity, total_cents)| OrderLine {
                name,
                quantity,
                total_cents,
            })
            .collect(),
    };
    match provider.create_order(&order).await {
        Ok(created) => {
            sqlx::query("update payments set provider_reference = $2 where id = $1 and provider_reference is null")
                .bind(payment_id)
                .bind(&created.provider_reference)
                .execute(pool)
                .await?;
            Ok(PaymentStart {
                kind: StartKind::Redirect,
                payment_id: Some(payment_id),
                redirect_url: Some(created.redirect_url),
                bank: None,
                reference_number,
                total_cents: invoice.total_cents,
                due_on: invoice.due_on,
            })
        }
        Err(error) => {
            tracing::warn!(%payment_id, error = %error, "the payment provider did not create the order");
            sqlx::query("update payments set status = 'FAILED', raw_payload = $2 where id = $1 and status = 'PENDING'")
                .bind(payment_id)
                .bind(serde_json::json!({ "error": error.to_string() }))
                .execute(pool)
                .await?;
            Err(Error::with_message(
                ErrorCode::ServiceUnavailable,
                "The payment provider could not start the payment; try again later or pay by bank transfer",
            ))
        }
    }
}

/// What applying a notification did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// The attempt (and with a payment, the invoice) changed.
    Changed,
    /// Nothing changed: a replay, a late or an intermediate status.
    Unchanged,
}

fn refused_token(message: &'static str) -> Error {
    Error::field("orderToken", message)
}

/// Applies a provider's order token (a notification, or the one the payer returned with): verifies
/// the signature and the store's key, finds the attempt by the merchant reference (and the order
/// id it was made with), checks that the signed amount is the invoice's total in euros, then:
/// PAID marks the invoice paid; VOIDED makes the attempt FAILED, ABANDONED CANCELLED (the invoice
/// stays unpaid); anything else changes nothing. A forged or unreadable token, an unknown order
/// or another amount is a 400 naming `orderToken` and changes nothing; a second notification of
/// the same outcome changes nothing. `expected`, when given, is the attempt the token must be for.
#[tracing::instrument(skip_all)]
pub async fn apply_order_token(
    pool: &PgPool,
    provider: &dyn PaymentProvider,
    token: &str,
    expected: Option<Uuid>,
    now: DateTime<Utc>,
) -> Result<Applied> {
    let notice = provider.read_notice(token).map_err(|error| {
        tracing::warn!(error = %error, "a payment notification was refused");
        match error {
            ProviderError::InvalidToken(_) => {
                refused_token("The order token is not signed by the payment provider")
            }
            other => Error::Internal(other.into()),
        }
    })?;
    let unknown = || refused_token("The order token names no payment of this shop");
    let payment_id = Uuid::parse_str(&notice.merchant_reference).map_err(|_| unknown())?;
    if expected.is_some_and(|expected| expected != payment_id) {
        return Err(refused_token("The order token is for another payment"));
    }
    let mut tx = pool.begin().await?;
    let row: Option<(Uuid, String, Option<String>, i64, i64, String)> = sqlx::query_as(
        "select p.invoice_id, p.status, p.provider_reference, p.amount_cents, i.total_cents, i.status
         from payments p join invoices i on i.id = p.invoice_id
         where p.id = $1 and p.provider = $2
         for update of p",
    )
    .bind(payment_id)
    .bind(provider.name())
    .fetch_optional(&mut *tx)
    .await?;
    let (invoice_id, status, provider_reference, amount_cents, total_cents, invoice_status) =
        row.ok_or_else(unknown)?;
    if provider_reference
        .as_deref()
        .is_some_and(|known| known != notice.provider_reference)
    {
        return Err(unknown());
    }
    if notice.currency != "EUR"
        || notice.amount_cents != Some(total_cents)
        || amount_cents != total_cents
    {
        tracing::warn!(%payment_id, signed = ?notice.amount_cents, currency = %notice.currency, total_cents, "a payment notification's amount is not the invoice's total");
        return Err(refused_token(
            "The amount of the order token is not the invoice's total",
        ));
    }
    let applied = match (status.as_str(), &notice.status) {
        ("SUCCEEDED", _) => Applied::Unchanged,
        (_, NoticeStatus::Paid) if invoice_status == "UNPAID" => match payments::mark_paid_pending(
            &mut tx,
            invoice_id,
            payment_id,
            &notice.provider_reference,
            now,
        )
        .await?
        {
            Marked::Paid { .. } => Applied::Changed,
            Marked::AlreadyPaid => Applied::Unchanged,
        },
        (_, NoticeStatus::Paid) => {
            // the money came for an invoice paid otherwise or cancelled meanwhile: it is recorded,
            // and an administrator refunds it
            tracing::warn!(%payment_id, %invoice_id, invoice_status = %invoice_status, "an online payment arrived for an invoice that is not unpaid; refund it");
            sqlx::query("update payments set status = 'SUCCEEDED', provider_reference = $2, received_at = $3 where id = $1")
                .bind(payment_id)
                .bind(&notice.provider_reference)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            Applied::Changed
        }
        ("PENDING", NoticeStatus::Voided | NoticeStatus::Abandoned) => {
            let outcome = if notice.status == NoticeStatus::Voided {
                "FAILED"
            } else {
                "CANCELLED"
            };
            sqlx::query("update payments set status = $2, provider_reference = $3, received_at = $4 where id = $1")
                .bind(payment_id)
                .bind(outcome)
                .bind(&notice.provider_reference)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            Applied::Changed
        }
        _ => {
            if provider_reference.is_none() {
                sqlx::query("update payments set provider_reference = $2 where id = $1")
                    .bind(payment_id)
                    .bind(&notice.provider_reference)
                    .execute(&mut *tx)
                    .await?;
            }
            Applied::Unchanged
        }
    };
    tx.commit().await?;
    tracing::info!(%payment_id, status = ?notice.status, changed = applied == Applied::Changed, "payment notification applied");
    Ok(applied)
}

/// The payer's online attempt `payment_id`; with the provider's `order_token` from the return
/// redirect, the token is applied first as a notification would be ([`apply_order_token`]).
/// Another's attempt is "not found".
#[tracing::instrument(skip_all, fields(%payment_id))]
pub async fn status(
    pool: &PgPool,
    provider: Option<&dyn PaymentProvider>,
    payer: Owner,
    payment_id: Uuid,
    order_token: Option<&str>,
    locale: Locale,
    now: DateTime<Utc>,
) -> Result<PaymentStatus> {
    let (company_id, user_id) = payer.binds();
    let read = || async {
        sqlx::query_as::<_, (Uuid, String, String, String, i64)>(sqlx::AssertSqlSafe(format!(
            "select i.id, i.number, p.method, p.status, p.amount_cents
             from payments p join invoices i on i.id = p.invoice_id
             where p.id = $1 and {}",
            Owner::condition(2)
        )))
        .bind(payment_id)
        .bind(company_id)
        .bind(user_id)
        .fetch_optional(pool)
        .await
    };
    read().await?.ok_or_else(Error::not_found)?;
    if let Some(token) = order_token.filter(|t| !t.is_empty()) {
        let provider =
            provider.ok_or_else(|| refused_token("Online payments are not available"))?;
        apply_order_token(pool, provider, token, Some(payment_id), now).await?;
    }
    let (invoice_id, invoice_number, method, status, amount_cents) =
        read().await?.ok_or_else(Error::not_found)?;
    let message = status_message(&status, &invoice_number, locale);
    Ok(PaymentStatus {
        id: payment_id,
        invoice_id,
        invoice_number,
        method,
        status,
        message,
        amount_cents,
    })
}

/// What the payer reads about an attempt in `status`.
pub fn status_message(status: &str, number: &str, locale: Locale) -> String {
    match (status, locale) {
        ("SUCCEEDED", Locale::Et) => format!(
            "Makse on laekunud. Arve {number} on tasutud ja ostetud teenused on käivitatud."
        ),
        ("SUCCEEDED", Locale::En) => format!(
            "The payment was received. Invoice {number} is paid and what it bought has started."
        ),
        ("SUCCEEDED", Locale::Ru) => {
            format!("Платёж получен. Счёт {number} оплачен, купленные услуги запущены.")
        }
        ("FAILED", Locale::Et) => format!(
            "Makse ebaõnnestus ja raha ei võetud. Arve {number} on endiselt tasumata: proovi uuesti või maksa pangaülekandega."
        ),
        ("FAILED", Locale::En) => format!(
            "The payment failed and no money was taken. Invoice {number} is still unpaid: try again or pay by bank transfer."
        ),
        ("FAILED", Locale::Ru) => format!(
            "Платёж не прошёл, деньги не списаны. Счёт {number} по-прежнему не оплачен: попробуйте снова или оплатите банковским переводом."
        ),
        ("CANCELLED", Locale::Et) => format!(
            "Makse katkestati. Arve {number} on endiselt tasumata: proovi uuesti või maksa pangaülekandega."
        ),
        ("CANCELLED", Locale::En) => format!(
            "The payment was cancelled. Invoice {number} is still unpaid: try again or pay by bank transfer."
        ),
        ("CANCELLED", Locale::Ru) => format!(
            "Платёж отменён. Счёт {number} по-прежнему не оплачен: попробуйте снова или оплатите банковским переводом."
        ),
        (_, Locale::Et) => format!(
            "Ootame makse kinnitust makseteenuse pakkujalt. Arve {number} märgitakse tasutuks kohe, kui kinnitus saabub."
        ),
        (_, Locale::En) => format!(
            "We are waiting for the payment provider to confirm the payment. Invoice {number} is marked paid as soon as it does."
        ),
        (_, Locale::Ru) => format!(
            "Ждём подтверждения платежа от платёжного провайдера. Счёт {number} будет отмечен оплаченным, как только оно придёт."
        ),
    }
}

/// Cancels the payer's UNPAID invoice: the invoice and its services become CANCELLED, its
/// online attempts still pending CANCELLED, and each vacancy waiting for payment on it goes back
/// to a draft (its index job queued). One not UNPAID is a 400 naming `status`; another's "not found".
///
/// Only while nothing it bought has started: once a service of it is at work (a contract
/// company's order starts before it pays: the vacancy live, an extra granted) the payer cannot
/// cancel it (a 400 naming `status` that says so) — it is paid, or an administrator cancels it
/// (`administration::delete_invoice`, audited), which withdraws what was granted.
#[tracing::instrument(skip_all, fields(%invoice_id))]
pub async fn cancel(
    pool: &PgPool,
    payer: Owner,
    invoice_id: Uuid,
    now: DateTime<Utc>,
) -> Result<InvoiceSummary> {
    let mut tx = pool.begin().await?;
    let invoice = payable(&mut tx, payer, invoice_id)
        .await?
        .ok_or_else(Error::not_found)?;
    if invoice.status != "UNPAID" {
        return Err(not_unpaid(&invoice.status));
    }
    if super::services::any_started(&mut tx, invoice_id).await? {
        return Err(Error::field(
            "status",
            format!(
                "Invoice {} can no longer be cancelled: what it bought is already in use (the vacancy is published or an extra service runs). Pay the invoice, or contact us to cancel it",
                invoice.number
            ),
        ));
    }
    let summary = cancel_on(&mut tx, invoice_id, now).await?;
    tx.commit().await?;
    Ok(summary)
}

/// The cancelling of an UNPAID invoice on the caller's transaction (the caller checked it is
/// UNPAID and holds its row): see [`cancel`]. Also what an administrator's deletion of an unpaid
/// invoice does first, when its services may have started: a publication it started ends now
/// (the vacancy finishes and leaves the search through its index job), and the services'
/// cancelling withdraws the extras they granted.
pub async fn cancel_on(tx: &mut PgConnection, invoice_id: Uuid, now: DateTime<Utc>) -> Result<InvoiceSummary> {
    let ended = super::services::end_publications(tx, invoice_id, now).await?;
    let drafts: Vec<Uuid> = sqlx::query_scalar(
        "update vacancies set status = 'TEMPORARY', payment_status = 'NONE', updated_at = now()
         where payment_status = 'WAITING' and status = 'EXISTS'
           and id in (select vacancy_id from services where invoice_id = $1 and status = 'UNPAID' and vacancy_id is not null)
         returning id",
    )
    .bind(invoice_id)
    .fetch_all(&mut *tx)
    .await?;
    // through the services' transition table: what a running service granted (a contract
    // company's services start before it pays) is withdrawn, the index told on this transaction
    super::services::cancel_for_invoice(tx, invoice_id).await?;
    sqlx::query(
        "update payments set status = 'CANCELLED' where invoice_id = $1 and status = 'PENDING'",
    )
    .bind(invoice_id)
    .execute(&mut *tx)
    .await?;
    let summary: InvoiceSummary = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "update invoices i set status = 'CANCELLED', cancelled_at = $2 where i.id = $1 returning {SUMMARY_COLUMNS}"
    )))
    .bind(invoice_id)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let index: Vec<IndexJob> = drafts.into_iter().chain(ended).map(IndexJob::Vacancy).collect();
    jobs::enqueue_index(tx, &index).await?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_is_labelled_in_every_locale_and_online_ones_need_a_provider() {
        for locale in Locale::ALL {
            let all = methods(locale, true, "PLN");
            assert_eq!(
                all.iter().map(|m| m.code).collect::<Vec<_>>(),
                MethodCode::ALL.to_vec()
            );
            assert!(
                all.iter().all(|m| !m.label.is_empty()
                    && !m.description.is_empty()
                    && !m.needs.is_empty())
            );
            let offline = methods(locale, false, "EUR");
            assert_eq!(
                offline.iter().map(|m| m.code).collect::<Vec<_>>(),
                vec![MethodCode::Invoice, MethodCode::BankTransfer]
            );
        }
        assert_ne!(
            methods(Locale::Et, true, "EUR")[1].description,
            methods(Locale::Ru, true, "EUR")[1].description
        );
    }

    #[test]
    fn blik_is_offered_for_zloty_only() {
        let codes = |currency| methods(Locale::En, true, currency).into_iter().map(|m| m.code).collect::<Vec<_>>();
        assert_eq!(
            codes("EUR"),
            vec![MethodCode::Invoice, MethodCode::BankTransfer, MethodCode::BankLink, MethodCode::Card]
        );
        assert!(codes("PLN").contains(&MethodCode::Blik));
        assert!(MethodCode::Blik.takes("PLN") && !MethodCode::Blik.takes("EUR"));
        assert!(MethodCode::Card.takes("EUR") && !MethodCode::Card.takes("USD"));
    }

    #[test]
    fn a_payment_currency_is_euro_or_zloty_and_anything_else_names_the_field() {
        assert_eq!(currency(" pln ").unwrap(), "PLN");
        assert_eq!(currency("EUR").unwrap(), "EUR");
        for wrong in ["USD", "", "euro"] {
            let error = currency(wrong).unwrap_err();
            assert!(format!("{error:?}").contains("currency"), "{wrong}: {error:?}");
        }
    }

    #[test]
    fn each_outcome_has_its_own_message_naming_the_invoice() {
        for locale in Locale::ALL {
            let messages: Vec<String> = ["PENDING", "SUCCEEDED", "FAILED", "CANCELLED"]
                .iter()
                .map(|s| status_message(s, "2026-000007", locale))
                .collect();
            assert!(messages.iter().all(|m| m.contains("2026-000007")));
            let distinct: std::collections::HashSet<&String> = messages.iter().collect();
            assert_eq!(distinct.len(), 4);
        }
    }
}
