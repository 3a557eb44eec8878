//! Paying invoices (issue 16): the payment methods, an online payment through a provider double
//! that follows Montonio Stargate's documented messages (orders and order tokens signed HS256 with
//! the store's secret key) with the app's real HTTP client and JWT code, the dev sandbox provider,
//! cancelling an unpaid invoice, and the overdue reminders with a fixed clock.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::routing::post;
use chrono::{DateTime, TimeDelta, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};
use crate::publishing::{complete_draft, employer_client, published};

const ACCESS_KEY: &str = "test-store-access-key";
const SECRET_KEY: &str = "test-store-secret-key-0123456789-abcdef";

/// A stand-in for Stargate's `POST /orders`: it verifies the order JWT as Montonio does (HS256,
/// the store's secret key and access key), keeps the order's claims and answers its `uuid` and
/// `paymentUrl`.
struct ProviderDouble {
    url: String,
    orders: Arc<Mutex<Vec<(String, Value)>>>,
}

async fn provider_double() -> ProviderDouble {
    let orders: Arc<Mutex<Vec<(String, Value)>>> = Arc::default();
    let kept = orders.clone();
    let app = Router::new().route(
        "/api/orders",
        post(move |axum::Json(body): axum::Json<Value>| {
            let kept = kept.clone();
            async move {
                let token = body["data"].as_str().unwrap_or_default();
                let mut validation = Validation::new(Algorithm::HS256);
                validation.set_required_spec_claims(&["exp"]);
                let Ok(order) = jsonwebtoken::decode::<Value>(
                    token,
                    &DecodingKey::from_secret(SECRET_KEY.as_bytes()),
                    &validation,
                ) else {
                    return (
                        axum::http::StatusCode::UNAUTHORIZED,
                        axum::Json(json!({ "message": "invalid token" })),
                    );
                };
                if order.claims["accessKey"] != ACCESS_KEY {
                    return (
                        axum::http::StatusCode::UNAUTHORIZED,
                        axum::Json(json!({ "message": "unknown access key" })),
                    );
                }
                let uuid = Uuid::new_v4().to_string();
                kept.lock()
                    .unwrap()
                    .push((uuid.clone(), order.claims.clone()));
                let answer = json!({
                    "uuid": uuid,
                    "paymentStatus": "PENDING",
                    "merchantReference": order.claims["merchantReference"],
                    "grandTotal": order.claims["grandTotal"],
                    "currency": "EUR",
                    "paymentUrl": format!("https://sandbox-stargate.example/pay/{uuid}"),
                });
                (axum::http::StatusCode::CREATED, axum::Json(answer))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/api", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    ProviderDouble { url, orders }
}

/// The app configured with the double as its provider.
async fn spawn_with_provider(double: &ProviderDouble) -> TestApp {
    let env = vec![
        ("MONTONIO_ACCESS_KEY", ACCESS_KEY.to_string()),
        ("MONTONIO_SECRET_KEY", SECRET_KEY.to_string()),
        ("MONTONIO_URL", double.url.clone()),
    ];
    spawn_app_with(AppOptions {
        env,
        ..AppOptions::default()
    })
    .await
}

/// An order token as Montonio signs it (notification and return), with `secret`.
fn order_token(
    uuid: &str,
    merchant_reference: &str,
    status: &str,
    grand_total: Value,
    secret: &str,
) -> String {
    let now = Utc::now().timestamp();
    let claims = json!({
        "uuid": uuid,
        "accessKey": ACCESS_KEY,
        "merchantReference": merchant_reference,
        "merchantReferenceDisplay": "invoice",
        "paymentStatus": status,
        "paymentMethod": "cardPayments",
        "grandTotal": grand_total,
        "currency": "EUR",
        "senderIban": null,
        "iat": now,
        "exp": now + 600,
    });
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

async fn notify(app: &TestApp, token: &str) -> reqwest::Response {
    // as the provider sends it: no session, no anti-forgery token
    reqwest::Client::new()
        .post(format!("{}/api/payment/notify", app.address))
        .json(&json!({ "orderToken": token }))
        .send()
        .await
        .unwrap()
}

/// A company without a contract with a vacancy waiting for payment: its client, the vacancy and
/// the unpaid invoice (VACANCY: 29 € + 24 % VAT = 35.96 €).
async fn waiting_vacancy(
    app: &TestApp,
    email: &str,
    registry_code: &str,
) -> (TestClient, Uuid, String) {
    let (client, company_id) = employer_client(app, email, registry_code, "Näide OÜ", false).await;
    let vacancy = complete_draft(app, company_id, "kondiitrimeister", None).await;
    let row = published(&client, vacancy, &["VACANCY"]).await;
    assert_eq!(row["invoice"]["totalCents"], 3596);
    (
        client,
        vacancy,
        row["invoice"]["id"].as_str().unwrap().to_string(),
    )
}

async fn confirm(client: &TestClient, invoice_id: &str, method: &str) -> reqwest::Response {
    client
        .post(
            &format!("/api/user/invoices/{invoice_id}"),
            json!({ "method": method }),
        )
        .await
}

async fn invoice_and_vacancy(
    app: &TestApp,
    invoice_id: &str,
    vacancy: Uuid,
) -> (String, String, String) {
    sqlx::query_as(
        "select i.status, v.status, v.payment_status from invoices i, vacancies v where i.id = $1::uuid and v.id = $2",
    )
    .bind(invoice_id)
    .bind(vacancy)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

async fn payments_of(
    app: &TestApp,
    invoice_id: &str,
) -> Vec<(String, String, Option<String>, i64)> {
    sqlx::query_as("select method, status, provider_reference, amount_cents from payments where invoice_id = $1::uuid order by created_at")
        .bind(invoice_id)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_payment_methods_are_labelled_in_the_reader_s_language_with_what_each_needs() {
    let app = spawn_app().await;
    let methods: Value = app
        .client
        .http
        .get(app.client.url("/api/payment/payment-methods"))
        .header("accept-language", "ru")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let codes: Vec<&str> = methods
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["INVOICE", "BANK_TRANSFER", "BANK_LINK", "CARD"],
        "BLIK takes zloty only, and the invoices are in euros"
    );
    assert_eq!(methods[1]["label"], "Банковским переводом");
    assert_eq!(
        (methods[1]["online"].clone(), methods[1]["needs"].clone()),
        (json!(false), json!(["referenceNumber", "bankAccount"]))
    );
    assert_eq!(methods[3]["online"], true);
    let et: Value = app
        .client
        .get("/api/payment/payment-methods")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(et[3]["label"], "Kaardiga", "et without Accept-Language");

    // prod without provider keys: online payments are off
    let prod = spawn_app_with(AppOptions {
        prod: true,
        ..AppOptions::default()
    })
    .await;
    let methods: Value = prod
        .client
        .get("/api/payment/payment-methods")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(methods.as_array().unwrap().len(), 2, "{methods}");
}

#[tokio::test]
async fn a_card_payment_goes_through_the_provider_and_its_notification_pays_the_invoice_once() {
    let double = provider_double().await;
    let app = spawn_with_provider(&double).await;
    let (client, vacancy, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;

    let response = confirm(&client, &invoice_id, "CARD").await;
    assert_eq!(response.status(), StatusCode::OK);
    let start: Value = response.json().await.unwrap();
    assert_eq!(start["kind"], "REDIRECT");
    let payment_id = start["paymentId"].as_str().unwrap().to_string();
    let (uuid, order) = double
        .orders
        .lock()
        .unwrap()
        .last()
        .cloned()
        .expect("the provider got the order");
    assert_eq!(
        start["redirectUrl"],
        format!("https://sandbox-stargate.example/pay/{uuid}")
    );
    assert_eq!(order["merchantReference"], payment_id);
    assert_eq!(
        (order["grandTotal"].clone(), order["currency"].clone()),
        (json!(35.96), json!("EUR"))
    );
    assert_eq!(order["payment"]["method"], "cardPayments");
    assert_eq!(order["payment"]["amount"], 35.96);
    assert_eq!(
        order["notificationUrl"],
        "https://vakants.test/api/payment/notify"
    );
    assert_eq!(
        order["returnUrl"],
        format!("https://vakants.test/et/employer/account/payment/{payment_id}")
    );
    assert_eq!(order["lineItems"][0]["finalPrice"], 35.96);
    assert_eq!(
        payments_of(&app, &invoice_id).await,
        vec![("CARD".into(), "PENDING".into(), Some(uuid.clone()), 3596)]
    );
    let pending: Value = client
        .get(&format!("/api/employer/payment/{payment_id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(pending["status"], "PENDING");

    let paid = order_token(&uuid, &payment_id, "PAID", json!(35.96), SECRET_KEY);
    assert_eq!(notify(&app, &paid).await.status(), StatusCode::OK);
    assert_eq!(
        invoice_and_vacancy(&app, &invoice_id, vacancy).await,
        ("PAID".into(), "EXISTS".into(), "PAID".into())
    );
    assert_eq!(
        payments_of(&app, &invoice_id).await,
        vec![("CARD".into(), "SUCCEEDED".into(), Some(uuid.clone()), 3596)]
    );
    let services: Vec<String> =
        sqlx::query_scalar("select status from services where invoice_id = $1::uuid")
            .bind(&invoice_id)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(services, ["ACTIVE"]);

    // a replay, and the same token on the payer's return, change nothing
    let jobs: i64 = sqlx::query_scalar("select count(*) from apalis.jobs")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(notify(&app, &paid).await.status(), StatusCode::OK);
    let status: Value = client
        .get(&format!(
            "/api/employer/payment/{payment_id}?orderToken={paid}"
        ))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (
            status["status"].clone(),
            status["amountCents"].clone(),
            status["method"].clone()
        ),
        (json!("SUCCEEDED"), json!(3596), json!("CARD"))
    );
    assert_eq!(status["invoiceId"], invoice_id.as_str());
    assert!(
        status["message"].as_str().unwrap().contains("on tasutud"),
        "{status}"
    );
    assert_eq!(payments_of(&app, &invoice_id).await.len(), 1);
    let after: i64 = sqlx::query_scalar("select count(*) from apalis.jobs")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(after, jobs, "no second start of the order");

    // a paid invoice cannot be confirmed again
    let (code, body) = error_of(confirm(&client, &invoice_id, "CARD").await).await;
    assert_eq!(
        (code, body["field"].clone()),
        (StatusCode::BAD_REQUEST, json!("status"))
    );
}

#[tokio::test]
async fn a_forged_signature_an_unknown_order_and_another_amount_are_refused_and_change_nothing() {
    let double = provider_double().await;
    let app = spawn_with_provider(&double).await;
    let (client, vacancy, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;
    let start: Value = confirm(&client, &invoice_id, "BANK_LINK")
        .await
        .json()
        .await
        .unwrap();
    let payment_id = start["paymentId"].as_str().unwrap().to_string();
    let (uuid, order) = double.orders.lock().unwrap().last().cloned().unwrap();
    assert_eq!(order["payment"]["method"], "paymentInitiation");

    let refusals = [
        (
            "forged",
            order_token(
                &uuid,
                &payment_id,
                "PAID",
                json!(35.96),
                "not-the-store-secret-0123456789-xyz",
            ),
        ),
        (
            "unknown order",
            order_token(
                &uuid,
                &Uuid::new_v4().to_string(),
                "PAID",
                json!(35.96),
                SECRET_KEY,
            ),
        ),
        (
            "not our reference",
            order_token(&uuid, "ORDER-123", "PAID", json!(35.96), SECRET_KEY),
        ),
        (
            "another provider order",
            order_token(
                &Uuid::new_v4().to_string(),
                &payment_id,
                "PAID",
                json!(35.96),
                SECRET_KEY,
            ),
        ),
        (
            "less",
            order_token(&uuid, &payment_id, "PAID", json!(0.01), SECRET_KEY),
        ),
        (
            "more",
            order_token(&uuid, &payment_id, "PAID", json!("359.60"), SECRET_KEY),
        ),
        ("not a token", "garbage".to_string()),
    ];
    for (what, token) in refusals {
        let (code, body) = error_of(notify(&app, &token).await).await;
        assert_eq!(
            (code, body["field"].clone()),
            (StatusCode::BAD_REQUEST, json!("orderToken")),
            "{what}: {body}"
        );
    }
    let (code, _) = error_of(
        client
            .get(&format!(
                "/api/employer/payment/{payment_id}?orderToken=garbage"
            ))
            .await,
    )
    .await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_eq!(
        invoice_and_vacancy(&app, &invoice_id, vacancy).await,
        ("UNPAID".into(), "EXISTS".into(), "WAITING".into())
    );
    assert_eq!(
        payments_of(&app, &invoice_id).await,
        vec![("BANK_LINK".into(), "PENDING".into(), Some(uuid), 3596)]
    );
}

#[tokio::test]
async fn a_failed_and_a_cancelled_payment_leave_the_invoice_unpaid_with_a_message_and_a_retry_pays()
{
    let double = provider_double().await;
    let app = spawn_with_provider(&double).await;
    let (client, vacancy, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;

    // failed: learnt from the payer's return
    let first: Value = confirm(&client, &invoice_id, "CARD")
        .await
        .json()
        .await
        .unwrap();
    let first_id = first["paymentId"].as_str().unwrap().to_string();
    let (first_uuid, _) = double.orders.lock().unwrap().last().cloned().unwrap();
    let voided = order_token(&first_uuid, &first_id, "VOIDED", json!(35.96), SECRET_KEY);
    let status: Value = client
        .http
        .get(client.url(&format!(
            "/api/employer/payment/{first_id}?orderToken={voided}"
        )))
        .header("accept-language", "en")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(status["status"], "FAILED");
    assert!(
        status["message"].as_str().unwrap().contains("still unpaid"),
        "{status}"
    );

    // cancelled: learnt from the notification; a token of another attempt is refused on this one
    let second: Value = confirm(&client, &invoice_id, "BANK_LINK")
        .await
        .json()
        .await
        .unwrap();
    let second_id = second["paymentId"].as_str().unwrap().to_string();
    let (second_uuid, _) = double.orders.lock().unwrap().last().cloned().unwrap();
    let abandoned = order_token(
        &second_uuid,
        &second_id,
        "ABANDONED",
        json!(35.96),
        SECRET_KEY,
    );
    let (code, _) = error_of(
        client
            .get(&format!(
                "/api/employer/payment/{first_id}?orderToken={abandoned}"
            ))
            .await,
    )
    .await;
    assert_eq!(code, StatusCode::BAD_REQUEST, "another attempt's token");
    assert_eq!(notify(&app, &abandoned).await.status(), StatusCode::OK);
    let status: Value = client
        .get(&format!("/api/employer/payment/{second_id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["status"], "CANCELLED");
    assert!(
        status["message"].as_str().unwrap().contains("katkestati"),
        "{status}"
    );
    assert_eq!(
        invoice_and_vacancy(&app, &invoice_id, vacancy).await,
        ("UNPAID".into(), "EXISTS".into(), "WAITING".into())
    );
    // a late "pending" changes nothing
    let pending = order_token(
        &second_uuid,
        &second_id,
        "PENDING",
        json!(35.96),
        SECRET_KEY,
    );
    assert_eq!(notify(&app, &pending).await.status(), StatusCode::OK);

    // a third attempt pays
    let third: Value = confirm(&client, &invoice_id, "CARD")
        .await
        .json()
        .await
        .unwrap();
    let third_id = third["paymentId"].as_str().unwrap().to_string();
    let (third_uuid, _) = double.orders.lock().unwrap().last().cloned().unwrap();
    assert_eq!(
        notify(
            &app,
            &order_token(&third_uuid, &third_id, "PAID", json!("35.96"), SECRET_KEY)
        )
        .await
        .status(),
        StatusCode::OK
    );
    let statuses: Vec<String> = payments_of(&app, &invoice_id)
        .await
        .into_iter()
        .map(|p| p.1)
        .collect();
    assert_eq!(statuses, ["FAILED", "CANCELLED", "SUCCEEDED"]);
    assert_eq!(
        invoice_and_vacancy(&app, &invoice_id, vacancy).await.0,
        "PAID"
    );
}

#[tokio::test]
async fn another_company_s_invoice_and_payment_are_not_found() {
    let double = provider_double().await;
    let app = spawn_with_provider(&double).await;
    let (client, _, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;
    let start: Value = confirm(&client, &invoice_id, "CARD")
        .await
        .json()
        .await
        .unwrap();
    let payment_id = start["paymentId"].as_str().unwrap();

    let (stranger, _) =
        employer_client(&app, "other@example.ee", "87654321", "Teine OÜ", false).await;
    for response in [
        confirm(&stranger, &invoice_id, "BANK_TRANSFER").await,
        stranger
            .post_empty(&format!("/api/user/invoices/{invoice_id}/cancel"))
            .await,
        stranger
            .get(&format!("/api/employer/payment/{payment_id}"))
            .await,
        confirm(&stranger, &Uuid::new_v4().to_string(), "CARD").await,
        stranger
            .get(&format!("/api/employer/payment/{}", Uuid::new_v4()))
            .await,
    ] {
        assert_eq!(error_of(response).await.0, StatusCode::NOT_FOUND);
    }
    let applicant = app.new_client();
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    applicant.sign_in("mari@example.ee").await;
    // an applicant asks for the state of their own invoice's payments here too: a company's is another's
    assert_eq!(
        error_of(
            applicant
                .get(&format!("/api/employer/payment/{payment_id}"))
                .await
        )
        .await
        .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        error_of(confirm(&applicant, &invoice_id, "CARD").await)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        error_of(confirm(&app.new_client(), &invoice_id, "CARD").await)
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn confirming_by_invoice_or_bank_transfer_answers_the_bank_details_and_a_bad_method_is_refused()
 {
    let app = spawn_app().await;
    let (client, _, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;
    let reference: String =
        sqlx::query_scalar("select reference_number from invoices where id = $1::uuid")
            .bind(&invoice_id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    for method in ["INVOICE", "BANK_TRANSFER"] {
        let start: Value = confirm(&client, &invoice_id, method)
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            (
                start["kind"].clone(),
                start["paymentId"].clone(),
                start["redirectUrl"].clone()
            ),
            (json!("BANK_DETAILS"), Value::Null, Value::Null)
        );
        assert_eq!(
            (
                start["referenceNumber"].clone(),
                start["totalCents"].clone()
            ),
            (json!(reference), json!(3596))
        );
        assert_eq!(start["bank"]["iban"], "EE382200221020145685");
        assert!(start["dueOn"].as_str().is_some());
    }
    let (code, _) = error_of(confirm(&client, &invoice_id, "CASH").await).await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_eq!(
        sqlx::query_scalar::<_, i64>("select count(*) from payments")
            .fetch_one(&app.pool)
            .await
            .unwrap(),
        0
    );
}

#[tokio::test]
async fn blik_is_offered_for_zloty_only_and_choosing_it_for_a_euro_invoice_names_the_method() {
    let double = provider_double().await;
    let app = spawn_with_provider(&double).await;
    let codes = |methods: Value| -> Vec<String> {
        methods.as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap().to_string()).collect()
    };
    let euro: Value = app.client.get("/api/payment/payment-methods?currency=EUR").await.json().await.unwrap();
    assert_eq!(codes(euro), ["INVOICE", "BANK_TRANSFER", "BANK_LINK", "CARD"]);
    let zloty: Value = app.client.get("/api/payment/payment-methods?currency=pln").await.json().await.unwrap();
    assert_eq!(codes(zloty), ["INVOICE", "BANK_TRANSFER", "BANK_LINK", "CARD", "BLIK"]);
    let (code, body) = error_of(app.client.get("/api/payment/payment-methods?currency=USD").await).await;
    assert_eq!((code, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("currency")), "{body}");

    let (client, _, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;
    let invoice: Value = client.get(&format!("/api/user/invoices/{invoice_id}")).await.json().await.unwrap();
    assert_eq!(invoice["currency"], "EUR", "the invoice says its currency");
    let (code, body) = error_of(confirm(&client, &invoice_id, "BLIK").await).await;
    assert_eq!((code, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("method")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("EUR"), "{body}");
    let asked_zloty = client.post(&format!("/api/user/invoices/{invoice_id}"), json!({ "method": "BLIK", "currency": "PLN" })).await;
    let (code, body) = error_of(asked_zloty).await;
    assert_eq!((code, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("currency")), "{body}");
    let (code, body) = error_of(client.post(&format!("/api/user/invoices/{invoice_id}"), json!({ "method": "CARD", "currency": "USD" })).await).await;
    assert_eq!((code, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("currency")), "{body}");
    assert!(payments_of(&app, &invoice_id).await.is_empty(), "nothing is recorded for a refused choice");
    assert!(double.orders.lock().unwrap().is_empty(), "the provider hears of none");

    let card = client.post(&format!("/api/user/invoices/{invoice_id}"), json!({ "method": "CARD", "currency": "EUR" })).await;
    assert_eq!(card.status(), StatusCode::OK, "the invoice's own currency is accepted");
}

#[tokio::test]
async fn a_provider_that_cannot_be_reached_answers_503_and_the_attempt_fails() {
    let env = vec![
        ("MONTONIO_ACCESS_KEY", ACCESS_KEY.to_string()),
        ("MONTONIO_SECRET_KEY", SECRET_KEY.to_string()),
        (
            "MONTONIO_URL",
            format!("http://127.0.0.1:{}/api", crate::helpers::free_port()),
        ),
    ];
    let app = spawn_app_with(AppOptions {
        env,
        ..AppOptions::default()
    })
    .await;
    let (client, _, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;
    let (code, body) = error_of(confirm(&client, &invoice_id, "CARD").await).await;
    assert_eq!(
        (code, body["code"].clone()),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            json!("service_unavailable")
        )
    );
    let statuses: Vec<String> = payments_of(&app, &invoice_id)
        .await
        .into_iter()
        .map(|p| p.1)
        .collect();
    assert_eq!(statuses, ["FAILED"]);
}

#[tokio::test]
async fn cancelling_an_unpaid_invoice_cancels_its_services_and_returns_its_vacancy_to_the_drafts() {
    let double = provider_double().await;
    let app = spawn_with_provider(&double).await;
    let (client, vacancy, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;
    let start: Value = confirm(&client, &invoice_id, "CARD")
        .await
        .json()
        .await
        .unwrap();
    let payment_id = start["paymentId"].as_str().unwrap().to_string();

    let response = client
        .post_empty(&format!("/api/user/invoices/{invoice_id}/cancel"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let invoice: Value = response.json().await.unwrap();
    assert_eq!(
        (invoice["status"].clone(), invoice["id"].clone()),
        (json!("CANCELLED"), json!(invoice_id))
    );
    assert_eq!(
        invoice_and_vacancy(&app, &invoice_id, vacancy).await,
        ("CANCELLED".into(), "TEMPORARY".into(), "NONE".into())
    );
    let list: Value = client
        .get("/api/employer/vacancies?status=drafts")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list["content"][0]["id"], vacancy.to_string());
    assert_eq!(list["content"][0]["displayedState"], "DRAFT");
    let services: Vec<String> =
        sqlx::query_scalar("select status from services where invoice_id = $1::uuid")
            .bind(&invoice_id)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(services, ["CANCELLED"]);
    assert_eq!(
        payments_of(&app, &invoice_id).await[0].1,
        "CANCELLED",
        "the open attempt with it"
    );

    let (code, body) = error_of(
        client
            .post_empty(&format!("/api/user/invoices/{invoice_id}/cancel"))
            .await,
    )
    .await;
    assert_eq!(
        (code, body["field"].clone()),
        (StatusCode::BAD_REQUEST, json!("status"))
    );
    let (code, _) = error_of(confirm(&client, &invoice_id, "BANK_TRANSFER").await).await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    // the draft can be published again, with a new order
    let again = published(&client, vacancy, &["VACANCY"]).await;
    assert_eq!(again["displayedState"], "WAITING_FOR_PAYMENT");
    assert_ne!(again["invoice"]["id"], json!(invoice_id));
    // money that still arrives for the cancelled invoice is recorded, and the invoice stays cancelled
    let (uuid, _) = double.orders.lock().unwrap().last().cloned().unwrap();
    assert_eq!(
        notify(
            &app,
            &order_token(&uuid, &payment_id, "PAID", json!(35.96), SECRET_KEY)
        )
        .await
        .status(),
        StatusCode::OK
    );
    assert_eq!(payments_of(&app, &invoice_id).await[0].1, "SUCCEEDED");
    assert_eq!(
        invoice_and_vacancy(&app, &invoice_id, vacancy).await.0,
        "CANCELLED"
    );
}

#[tokio::test]
async fn the_dev_sandbox_pays_end_to_end_through_its_page() {
    let app = spawn_app().await;
    let (client, vacancy, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;
    sqlx::query("update users set locale = 'ru' where username = 'boss@example.ee'")
        .execute(&app.pool)
        .await
        .unwrap();
    let start: Value = client
        .http
        .post(client.url(&format!("/api/user/invoices/{invoice_id}")))
        .header("x-xsrf-token", client.xsrf().await)
        .header("accept-language", "ru")
        .json(&json!({ "method": "BANK_LINK" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let payment_id = start["paymentId"].as_str().unwrap().to_string();
    let redirect = start["redirectUrl"].as_str().unwrap();
    let path = redirect
        .strip_prefix(crate::helpers::TEST_PUBLIC_URL)
        .expect("on the app's own origin");
    assert!(
        path.starts_with("/api/dev/payment-sandbox/orders/"),
        "{path}"
    );

    // the payer's browser: no session of ours is needed on the provider's page
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let page = browser
        .get(format!("{}{path}", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(csp.contains("script-src 'self'"), "{csp}");
    let html = page.text().await.unwrap();
    assert!(
        html.contains("Оплачено") && html.contains("Не удалось") && html.contains("Отменено"),
        "{html}"
    );
    assert!(
        html.contains("35.96") && !html.contains("<script"),
        "{html}"
    );
    let (action, token) = {
        let action = html
            .split("action=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string();
        let token = html
            .split("name=\"token\" value=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string();
        (action, token)
    };
    let (code, _) = error_of(
        browser
            .post(format!("{}{action}", app.address))
            .form(&[("token", "forged"), ("outcome", "paid")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(code, StatusCode::BAD_REQUEST, "a forged order");

    let chosen = browser
        .post(format!("{}{action}", app.address))
        .form(&[("token", token.as_str()), ("outcome", "paid")])
        .send()
        .await
        .unwrap();
    assert_eq!(chosen.status(), StatusCode::SEE_OTHER);
    let location = chosen.headers()["location"].to_str().unwrap().to_string();
    let back = format!(
        "{}/ru/employer/account/payment/{payment_id}?order-token=",
        crate::helpers::TEST_PUBLIC_URL
    );
    assert!(location.starts_with(&back), "{location}");
    assert_eq!(
        invoice_and_vacancy(&app, &invoice_id, vacancy).await,
        ("PAID".into(), "EXISTS".into(), "PAID".into())
    );

    let returned = location.strip_prefix(&back).unwrap();
    let status: Value = client
        .get(&format!(
            "/api/employer/payment/{payment_id}?orderToken={returned}"
        ))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (status["status"].clone(), status["method"].clone()),
        (json!("SUCCEEDED"), json!("BANK_LINK"))
    );
    let payments = payments_of(&app, &invoice_id).await;
    assert_eq!(payments.len(), 1);
    assert_eq!(
        payments[0].2.as_deref(),
        Some(action.rsplit('/').next().unwrap()),
        "the sandbox order's uuid"
    );
}

#[tokio::test]
async fn a_sandbox_choice_that_is_not_a_complete_form_is_a_400_in_the_app_format() {
    let app = spawn_app().await;
    let client = app.new_client();
    let token = client.xsrf().await;
    let url = client.url("/api/dev/payment-sandbox/orders/e3e70682-c209-1cac-a29f-6fbed82c07cd");

    let no_form = client.http.post(&url).header("x-xsrf-token", &token).send().await.unwrap();
    assert_eq!(no_form.status(), StatusCode::BAD_REQUEST);
    let body: Value = no_form.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("application/x-www-form-urlencoded"), "{body}");

    let no_token = client
        .http
        .post(&url)
        .header("x-xsrf-token", &token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("outcome=paid")
        .send()
        .await
        .unwrap();
    assert_eq!(no_token.status(), StatusCode::BAD_REQUEST);
    let body: Value = no_token.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("token"), "{body}");
}

#[tokio::test]
async fn the_sandbox_provider_is_not_there_outside_dev_mode() {
    let app = spawn_app_with(AppOptions {
        prod: true,
        ..AppOptions::default()
    })
    .await;
    let response = reqwest::Client::new()
        .post(format!("{}/api/dev/payment-sandbox/orders", app.address))
        .json(&json!({ "data": "x" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let (code, body) = error_of(notify(&app, "anything").await).await;
    assert_eq!(
        (code, body["field"].clone()),
        (StatusCode::BAD_REQUEST, json!("orderToken")),
        "online payments are off"
    );
}

/// Mail the dev outbox holds for `to`: (subject, text).
async fn outbox(app: &TestApp, to: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "select subject, body_text from dev_outbox where to_address = $1 order by created_at",
    )
    .bind(to)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn an_overdue_invoice_gets_one_reminder_in_its_user_s_language_the_day_after_its_due_date() {
    let app = spawn_app().await;
    let (client, _, invoice_id) = waiting_vacancy(&app, "boss@example.ee", "12345678").await;
    let (_, _, paid_invoice) = waiting_vacancy(&app, "rich@example.ee", "11111111").await;
    sqlx::query("update invoices set status = 'PAID', paid_at = now() where id = $1::uuid")
        .bind(&paid_invoice)
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("update users set locale = 'en' where username = 'boss@example.ee'")
        .execute(&app.pool)
        .await
        .unwrap();
    let (number, due_on): (String, chrono::NaiveDate) =
        sqlx::query_as("select number, due_on from invoices where id = $1::uuid")
            .bind(&invoice_id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    // noon in Tallinn on a day
    let noon =
        |day: chrono::NaiveDate| -> DateTime<Utc> { day.and_hms_opt(10, 0, 0).unwrap().and_utc() };
    let mailer = domain::platform::mail::Mailer::Outbox {
        pool: app.pool.clone(),
    };
    let seller = domain::billing::seller::Seller::default();
    let send = |now: DateTime<Utc>| {
        let (pool, mailer, seller) = (app.pool.clone(), mailer.clone(), seller.clone());
        async move {
            domain::billing::reminders::send_overdue(
                &pool,
                &mailer,
                &seller,
                "https://vakants.test",
                now,
            )
            .await
            .unwrap()
        }
    };

    assert_eq!(
        send(noon(due_on)).await,
        0,
        "on its due date it is not yet overdue"
    );
    assert_eq!(
        send(noon(due_on) + TimeDelta::days(1)).await,
        1,
        "the day after"
    );
    assert_eq!(send(noon(due_on) + TimeDelta::days(1)).await, 0, "once");
    assert_eq!(
        send(noon(due_on) + TimeDelta::days(9)).await,
        0,
        "and never again"
    );
    let mails = outbox(&app, "boss@example.ee").await;
    let reminders: Vec<&(String, String)> = mails
        .iter()
        .filter(|(subject, _)| subject.starts_with("Reminder"))
        .collect();
    assert_eq!(reminders.len(), 1, "{mails:?}");
    let (subject, text) = reminders[0];
    assert!(
        subject.contains(&number)
            && text.contains("€35.96")
            && text.contains("https://vakants.test/en/employer/account/my-invoices"),
        "{text}"
    );
    assert!(
        outbox(&app, "rich@example.ee")
            .await
            .iter()
            .all(|(s, _)| !s.starts_with("Reminder") && !s.starts_with("Meeldetuletus")),
        "a paid invoice gets none"
    );
    let sent: Option<DateTime<Utc>> =
        sqlx::query_scalar("select reminder_sent_at from invoices where id = $1::uuid")
            .bind(&invoice_id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(sent, Some(noon(due_on) + TimeDelta::days(1)));
    drop(client);
}
