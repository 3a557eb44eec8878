//! Montonio's Stargate API (docs.montonio.com/api/stargate): an order is a JWT signed HS256 with
//! the store's secret key and posted as `{"data": token}` to `{base}/orders`, which answers the
//! order's `uuid` and the `paymentUrl` to send the payer to. Montonio posts `{"orderToken": token}`
//! to the order's `notificationUrl` whenever its `paymentStatus` changes, and sends the payer back
//! to `returnUrl?order-token=token`; the order token is signed the same way and carries `uuid`,
//! `accessKey`, `merchantReference`, `paymentStatus`, `grandTotal` and `currency`.
//!
//! The message types are public: the dev sandbox (`/api/dev/payment-sandbox`) reads orders and
//! signs notifications with them, standing in for Montonio.

use std::time::Duration;

use async_trait::async_trait;
use chrono::Utc;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{
    CreatedOrder, NoticeStatus, OnlineMethod, OrderNotice, OrderRequest, PaymentProvider,
    ProviderError, amount_cents, decimal_amount,
};
use crate::platform::config::Secret;

/// Where the dev sandbox answers (its `/orders` is Montonio's `POST /orders`).
pub const SANDBOX_PATH: &str = "/api/dev/payment-sandbox";
/// How long an order token we sign is valid (Montonio recommends an hour).
const ORDER_TOKEN_LIFETIME_SECS: i64 = 3600;
/// How long creating an order may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// Montonio's name of a payment method.
pub fn method_name(method: OnlineMethod) -> &'static str {
    match method {
        OnlineMethod::BankLink => "paymentInitiation",
        OnlineMethod::Card => "cardPayments",
        OnlineMethod::Blik => "blik",
    }
}

/// The claims of an order (`POST /orders`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderClaims {
    pub access_key: String,
    pub merchant_reference: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merchant_reference_display: Option<String>,
    pub return_url: String,
    pub notification_url: String,
    pub currency: String,
    /// A decimal amount (35.96).
    pub grand_total: Value,
    pub locale: String,
    pub payment: PaymentClaims,
    #[serde(default)]
    pub line_items: Vec<LineItem>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub billing_address: Option<Address>,
    pub exp: i64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentClaims {
    /// paymentInitiation, cardPayments or blik.
    pub method: String,
    pub amount: Value,
    pub currency: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method_options: Option<Value>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineItem {
    pub name: String,
    pub quantity: i32,
    /// The price of the line, VAT included.
    pub final_price: Value,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address_line1: Option<String>,
    pub country: String,
}

/// The claims of an order token (notification and return).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderTokenClaims {
    /// Montonio's id of the order.
    pub uuid: String,
    pub access_key: String,
    pub merchant_reference: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merchant_reference_display: Option<String>,
    /// PENDING, PAID, AUTHORIZED, VOIDED, ABANDONED, PARTIALLY_REFUNDED, REFUNDED.
    pub payment_status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_method: Option<String>,
    pub grand_total: Value,
    pub currency: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iat: Option<i64>,
    pub exp: i64,
}

/// Montonio's answer to `POST /orders` (the fields the app reads).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreatedOrderBody {
    uuid: String,
    payment_url: String,
}

/// Signs `claims` HS256 with `secret`, as Montonio and the app both do.
pub fn sign<T: Serialize>(claims: &T, secret: &Secret) -> Result<String, ProviderError> {
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(secret.expose().as_bytes()),
    )
    .map_err(|e| ProviderError::InvalidToken(format!("signing: {e}")))
}

/// Verifies a token signed HS256 with `secret` (only HS256; `exp` required and not passed) and
/// reads its claims.
pub fn verify<T: serde::de::DeserializeOwned>(
    token: &str,
    secret: &Secret,
) -> Result<T, ProviderError> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_required_spec_claims(&["exp"]);
    jsonwebtoken::decode::<T>(
        token,
        &DecodingKey::from_secret(secret.expose().as_bytes()),
        &validation,
    )
    .map(|data| data.claims)
    .map_err(|e| ProviderError::InvalidToken(e.to_string()))
}

/// The Stargate client of one store.
pub struct Montonio {
    access_key: String,
    secret_key: Secret,
    base_url: String,
    http: reqwest::Client,
}

impl Montonio {
    pub fn new(access_key: String, secret_key: Secret, base_url: String) -> Self {
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .build()
            .unwrap_or_default();
        Montonio {
            access_key,
            secret_key,
            base_url: base_url.trim_end_matches('/').to_string(),
            http,
        }
    }

    /// The signed order token of `order`.
    pub fn order_token(&self, order: &OrderRequest) -> Result<String, ProviderError> {
        let amount = decimal_amount(order.amount_cents);
        let claims = OrderClaims {
            access_key: self.access_key.clone(),
            merchant_reference: order.merchant_reference.to_string(),
            merchant_reference_display: Some(order.display_reference.clone()),
            return_url: order.return_url.clone(),
            notification_url: order.notification_url.clone(),
            currency: "EUR".into(),
            grand_total: amount.clone(),
            locale: order.locale.code().into(),
            payment: PaymentClaims {
                method: method_name(order.method).into(),
                amount,
                currency: "EUR".into(),
                method_options: (order.method == OnlineMethod::BankLink).then(|| {
                    serde_json::json!({ "preferredCountry": "EE", "paymentDescription": order.display_reference })
                }),
            },
            line_items: order
                .lines
                .iter()
                .map(|line| LineItem {
                    name: if line.quantity > 1 { format!("{} × {}", line.name, line.quantity) } else { line.name.clone() },
                    quantity: 1,
                    final_price: decimal_amount(line.total_cents),
                })
                .collect(),
            billing_address: Some(Address {
                first_name: Some(order.buyer_name.clone()),
                email: order.buyer_email.clone(),
                address_line1: order.buyer_address.clone(),
                country: "EE".into(),
            }),
            exp: Utc::now().timestamp() + ORDER_TOKEN_LIFETIME_SECS,
        };
        sign(&claims, &self.secret_key)
    }
}

#[async_trait]
impl PaymentProvider for Montonio {
    fn name(&self) -> &'static str {
        "montonio"
    }

    async fn create_order(&self, order: &OrderRequest) -> Result<CreatedOrder, ProviderError> {
        let token = self.order_token(order)?;
        let response = self
            .http
            .post(format!("{}/orders", self.base_url))
            .json(&serde_json::json!({ "data": token }))
            .send()
            .await
            .map_err(|e| ProviderError::Unavailable(e.without_url().to_string()))?;
        let status = response.status();
        if status.is_client_error() {
            let body: String = response
                .text()
                .await
                .unwrap_or_default()
                .chars()
                .take(500)
                .collect();
            return Err(ProviderError::Refused(format!("{status}: {body}")));
        }
        if !status.is_success() {
            return Err(ProviderError::Unavailable(format!("answered {status}")));
        }
        let body: CreatedOrderBody = response
            .json()
            .await
            .map_err(|e| ProviderError::Unavailable(format!("unreadable answer: {e}")))?;
        Ok(CreatedOrder {
            provider_reference: body.uuid,
            redirect_url: body.payment_url,
        })
    }

    fn read_notice(&self, token: &str) -> Result<OrderNotice, ProviderError> {
        let claims: OrderTokenClaims = verify(token, &self.secret_key)?;
        if claims.access_key != self.access_key {
            return Err(ProviderError::InvalidToken(
                "another store's access key".into(),
            ));
        }
        let status = match claims.payment_status.as_str() {
            "PAID" => NoticeStatus::Paid,
            "ABANDONED" => NoticeStatus::Abandoned,
            "VOIDED" => NoticeStatus::Voided,
            "PENDING" | "AUTHORIZED" => NoticeStatus::Pending,
            other => NoticeStatus::Other(other.to_string()),
        };
        Ok(OrderNotice {
            provider_reference: claims.uuid,
            merchant_reference: claims.merchant_reference,
            status,
            amount_cents: amount_cents(&claims.grand_total),
            currency: claims.currency,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store() -> Montonio {
        Montonio::new(
            "access".into(),
            Secret::new("a-secret-key-of-the-store-0123456789"),
            "http://127.0.0.1:9/api".into(),
        )
    }

    fn notice_claims(status: &str) -> OrderTokenClaims {
        OrderTokenClaims {
            uuid: "7c6f1b2e-0000-4000-8000-000000000001".into(),
            access_key: "access".into(),
            merchant_reference: "ref".into(),
            merchant_reference_display: Some("2026-000001".into()),
            payment_status: status.into(),
            payment_method: Some("paymentInitiation".into()),
            grand_total: serde_json::json!(35.96),
            currency: "EUR".into(),
            iat: Some(Utc::now().timestamp()),
            exp: Utc::now().timestamp() + 600,
        }
    }

    #[test]
    fn a_notice_signed_with_the_store_s_secret_is_read_and_any_other_is_refused() {
        let montonio = store();
        let token = sign(&notice_claims("PAID"), &montonio.secret_key).unwrap();
        let notice = montonio.read_notice(&token).unwrap();
        assert_eq!(
            (notice.status, notice.amount_cents, notice.currency.as_str()),
            (NoticeStatus::Paid, Some(3596), "EUR")
        );

        let forged = sign(
            &notice_claims("PAID"),
            &Secret::new("another-secret-another-secret-0000"),
        )
        .unwrap();
        assert!(matches!(
            montonio.read_notice(&forged),
            Err(ProviderError::InvalidToken(_))
        ));
        let mut other_store = notice_claims("PAID");
        other_store.access_key = "someone-else".into();
        assert!(
            montonio
                .read_notice(&sign(&other_store, &montonio.secret_key).unwrap())
                .is_err()
        );
        let mut expired = notice_claims("PAID");
        expired.exp = Utc::now().timestamp() - 3600;
        assert!(
            montonio
                .read_notice(&sign(&expired, &montonio.secret_key).unwrap())
                .is_err()
        );
        // "alg": "none" and other algorithms are refused
        let unsigned = format!(
            "{}.{}.",
            b64(r#"{"alg":"none","typ":"JWT"}"#),
            b64(&serde_json::to_string(&notice_claims("PAID")).unwrap())
        );
        assert!(montonio.read_notice(&unsigned).is_err());
        assert!(montonio.read_notice("garbage").is_err());
    }

    fn b64(text: &str) -> String {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
    }

    #[test]
    fn the_order_token_carries_what_stargate_documents() {
        let montonio = store();
        let order = OrderRequest {
            merchant_reference: uuid::Uuid::nil(),
            display_reference: "2026-000001".into(),
            amount_cents: 3596,
            method: OnlineMethod::Card,
            locale: crate::platform::locale::Locale::Ru,
            return_url: "https://vakants.test/ru/employer/account/payment/x".into(),
            notification_url: "https://vakants.test/api/payment/notify".into(),
            buyer_name: "Näide OÜ".into(),
            buyer_email: Some("arved@example.ee".into()),
            buyer_address: None,
            lines: vec![super::super::OrderLine {
                name: "Töökuulutus".into(),
                quantity: 1,
                total_cents: 3596,
            }],
        };
        let claims: OrderClaims =
            verify(&montonio.order_token(&order).unwrap(), &montonio.secret_key).unwrap();
        let json = serde_json::to_value(&claims).unwrap();
        assert_eq!(json["accessKey"], "access");
        assert_eq!(json["merchantReference"], uuid::Uuid::nil().to_string());
        assert_eq!(json["merchantReferenceDisplay"], "2026-000001");
        assert_eq!(
            (
                json["grandTotal"].clone(),
                json["currency"].clone(),
                json["locale"].clone()
            ),
            (serde_json::json!(35.96), "EUR".into(), "ru".into())
        );
        assert_eq!(
            json["payment"],
            serde_json::json!({ "method": "cardPayments", "amount": 35.96, "currency": "EUR" })
        );
        assert_eq!(
            json["lineItems"],
            serde_json::json!([{ "name": "Töökuulutus", "quantity": 1, "finalPrice": 35.96 }])
        );
        assert_eq!(
            json["notificationUrl"],
            "https://vakants.test/api/payment/notify"
        );
    }
}
