//! Online payments through a payment provider: one [`PaymentProvider`] trait, with Montonio's
//! Stargate API behind it ([`montonio`]). The app makes a signed order for one payment attempt (its
//! `payments` row id is the order's merchant reference), sends the payer to the provider's page and
//! learns the outcome from the provider's signed notification (or the same token on the payer's
//! return); `billing::online` applies it. See docs/billing.md.

pub mod montonio;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::platform::config::{Config, PaymentProviderConfig};
use crate::platform::locale::Locale;

/// A way to pay online (`payments.method`), each a payment method of the provider.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OnlineMethod {
    /// A payment initiated in the payer's own internet bank.
    BankLink,
    Card,
    Blik,
}

impl OnlineMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            OnlineMethod::BankLink => "BANK_LINK",
            OnlineMethod::Card => "CARD",
            OnlineMethod::Blik => "BLIK",
        }
    }
}

/// One line of an order as the payer sees it on the provider's page.
#[derive(Clone, Debug)]
pub struct OrderLine {
    pub name: String,
    pub quantity: i32,
    /// What the whole line costs, VAT included.
    pub total_cents: i64,
}

/// The order of one payment attempt.
#[derive(Clone, Debug)]
pub struct OrderRequest {
    /// The `payments` row of the attempt: how the notification finds it.
    pub merchant_reference: Uuid,
    /// What the payer recognises: the invoice number.
    pub display_reference: String,
    /// The invoice's total in euro cents.
    pub amount_cents: i64,
    pub method: OnlineMethod,
    pub locale: Locale,
    /// Where the provider sends the payer back.
    pub return_url: String,
    /// Where the provider posts its notifications.
    pub notification_url: String,
    pub buyer_name: String,
    pub buyer_email: Option<String>,
    pub buyer_address: Option<String>,
    pub lines: Vec<OrderLine>,
}

/// A created order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreatedOrder {
    /// The provider's id of the order (`payments.provider_reference`).
    pub provider_reference: String,
    /// The provider's payment page.
    pub redirect_url: String,
}

/// What a provider's notification says happened to an order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoticeStatus {
    /// The money was received.
    Paid,
    /// The payer gave up, or the order expired unpaid.
    Abandoned,
    /// The payment failed, or an authorisation was voided.
    Voided,
    /// Still under way (including a card authorised but not yet captured).
    Pending,
    /// Anything else (refunds): nothing for an unpaid invoice to do.
    Other(String),
}

/// A verified notification.
#[derive(Clone, Debug)]
pub struct OrderNotice {
    /// The provider's id of the order.
    pub provider_reference: String,
    /// Our reference as we sent it.
    pub merchant_reference: String,
    pub status: NoticeStatus,
    /// The amount the provider signed, in cents; none when it signed none (or one that is not
    /// a whole number of cents).
    pub amount_cents: Option<i64>,
    pub currency: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The provider could not be reached or answered something unreadable.
    #[error("payment provider unavailable: {0}")]
    Unavailable(String),
    /// The provider refused the order.
    #[error("payment provider refused the order: {0}")]
    Refused(String),
    /// A token that is not the provider's: bad signature, expired, another store's key, unreadable.
    #[error("invalid provider token: {0}")]
    InvalidToken(String),
}

/// A payment provider as the billing flow uses it.
#[async_trait]
pub trait PaymentProvider: Send + Sync {
    /// The provider's name in `payments.provider`.
    fn name(&self) -> &'static str;

    /// Creates the order of one payment attempt and answers where to send the payer.
    async fn create_order(&self, order: &OrderRequest) -> Result<CreatedOrder, ProviderError>;

    /// Verifies a notification's token (or the one the payer returned with) and reads it.
    fn read_notice(&self, token: &str) -> Result<OrderNotice, ProviderError>;
}

/// The configured provider, none when online payments are off (prod without provider keys). In
/// dev mode without `MONTONIO_URL` the provider is the app's own sandbox at `bound` (the address
/// the server listens on), `/api/dev/payment-sandbox`.
pub fn from_config(config: &Config, bound: SocketAddr) -> Option<Arc<dyn PaymentProvider>> {
    let settings: &PaymentProviderConfig = config.payment_provider.as_ref()?;
    let base_url = match &settings.url {
        Some(url) => url.clone(),
        None => {
            let ip = if bound.ip().is_unspecified() {
                IpAddr::V4(Ipv4Addr::LOCALHOST)
            } else {
                bound.ip()
            };
            format!(
                "http://{}{}",
                SocketAddr::new(ip, bound.port()),
                montonio::SANDBOX_PATH
            )
        }
    };
    Some(Arc::new(montonio::Montonio::new(
        settings.access_key.clone(),
        settings.secret_key.clone(),
        base_url,
    )))
}

/// Euro cents from a provider's decimal amount (`35.96`, `"35.96"`, `35.9`, `36`); none for
/// anything that is not a whole number of cents.
pub fn amount_cents(value: &serde_json::Value) -> Option<i64> {
    let text = match value {
        serde_json::Value::Number(number) => number.to_string(),
        serde_json::Value::String(text) => text.trim().to_string(),
        _ => return None,
    };
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    if whole.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > 2 {
        return None;
    }
    let cents: i64 = format!("{fraction:0<2}").parse().ok()?;
    whole
        .parse::<i64>()
        .ok()?
        .checked_mul(100)?
        .checked_add(cents)
}

/// A decimal euro amount of `cents` as a provider's JSON number (3596 → 35.96).
pub fn decimal_amount(cents: i64) -> serde_json::Value {
    serde_json::Number::from_f64(cents as f64 / 100.0)
        .map(serde_json::Value::Number)
        .unwrap_or(serde_json::Value::Null)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn provider_amounts_are_read_to_the_cent_or_refused() {
        assert_eq!(amount_cents(&json!(35.96)), Some(3596));
        assert_eq!(amount_cents(&json!("35.96")), Some(3596));
        assert_eq!(amount_cents(&json!(35.9)), Some(3590));
        assert_eq!(amount_cents(&json!(36)), Some(3600));
        assert_eq!(amount_cents(&json!("100.00")), Some(10000));
        assert_eq!(amount_cents(&json!(0.1)), Some(10));
        for refused in [
            json!(35.961),
            json!(-1),
            json!("1e3"),
            json!(""),
            json!(null),
            json!("12,50"),
        ] {
            assert_eq!(amount_cents(&refused), None, "{refused}");
        }
        for cents in [1, 10, 99, 3596, 19900 + 4776, 123_456_789] {
            assert_eq!(amount_cents(&decimal_amount(cents)), Some(cents), "{cents}");
        }
    }
}
