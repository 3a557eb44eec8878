//! Issue 32 item 3: a contract company's order starts before it pays, so its invoice cannot be
//! cancelled by the company once anything it bought is at work; an administrator's cancelling
//! (deleting the unpaid invoice, audited) ends the publication and withdraws the extras.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of};
use crate::publishing::{complete_draft, employer_client, published};
use crate::search::{eventually, spawn_with_worker};

fn found(page: &Value, id: Uuid) -> bool {
    page["content"].as_array().unwrap().iter().any(|card| card["vacancyId"] == id.to_string())
}

async fn vacancy(app: &TestApp, id: Uuid) -> (String, i16, bool, bool) {
    sqlx::query_as(
        "select v.status, v.pro_level, v.is_branded,
                v.status = 'EXISTS' and v.payment_status = 'PAID' and v.publish_at <= now() and v.valid_until > now()
         from vacancies v where v.id = $1",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

async fn invoice_status(app: &TestApp, invoice_id: &str) -> String {
    sqlx::query_scalar("select status from invoices where id = $1::uuid").bind(invoice_id).fetch_one(&app.pool).await.unwrap()
}

async fn admin(app: &TestApp) -> TestClient {
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let client = app.new_client();
    client.sign_in("admin@vakants.ee").await;
    client
}

/// A contract company publishes with extras: live at once, invoice unpaid. Answers the company's
/// client, the vacancy and the invoice.
async fn contract_publication(app: &TestApp, word: &str) -> (TestClient, Uuid, Value) {
    let (client, company_id) = employer_client(app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(app, company_id, word, None).await;
    let row = published(&client, id, &["VACANCY", "PRO_3", "BRANDING"]).await;
    assert_eq!(row["displayedState"], "ACTIVE");
    assert_eq!(row["invoice"]["status"], "UNPAID");
    (client, id, row["invoice"].clone())
}

#[tokio::test]
async fn a_contract_company_cannot_cancel_the_invoice_of_a_publication_that_went_live() {
    let app = spawn_with_worker().await;
    let (client, id, invoice) = contract_publication(&app, "vahvlimeister").await;
    let invoice_id = invoice["id"].as_str().unwrap();
    eventually(&app, json!({ "occupation": "vahvlimeister" }), |p| found(p, id)).await;

    let (status, body) = error_of(client.in_english().post_empty(&format!("/api/user/invoices/{invoice_id}/cancel")).await).await;
    assert_eq!((status, body["code"].as_str(), body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("validation"), Some("status")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("can no longer be cancelled"), "{body}");

    assert_eq!(invoice_status(&app, invoice_id).await, "UNPAID", "the invoice stays to be paid");
    assert_eq!(vacancy(&app, id).await, ("EXISTS".into(), 3, true, true), "the vacancy stays live with its extras");
    let services: Vec<String> = sqlx::query_scalar("select status from services where invoice_id = $1::uuid")
        .bind(invoice_id)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert!(services.iter().all(|s| s == "ACTIVE"), "{services:?}");
}

#[tokio::test]
async fn an_extra_a_contract_company_ordered_makes_its_invoice_uncancellable_too() {
    let app = spawn_with_worker().await;
    let (client, id, _) = contract_publication(&app, "kringlimeister").await;
    let response = client.post("/api/user/invoices", json!({ "vacancyId": id, "productCodes": ["PRO_5"] })).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let extra: Value = response.json().await.unwrap();
    let extra_id = extra["id"].as_str().unwrap();

    let (status, body) = error_of(client.post_empty(&format!("/api/user/invoices/{extra_id}/cancel")).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("status")), "{body}");
    assert_eq!(invoice_status(&app, extra_id).await, "UNPAID");
}

#[tokio::test]
async fn an_administrators_cancel_ends_the_publication_and_withdraws_the_extras() {
    let app = spawn_with_worker().await;
    let (client, id, invoice) = contract_publication(&app, "tordimeister").await;
    let invoice_id = invoice["id"].as_str().unwrap();
    let number = invoice["number"].as_str().unwrap();
    eventually(&app, json!({ "occupation": "tordimeister" }), |p| found(p, id)).await;

    let admin = admin(&app).await;
    assert_eq!(admin.delete(&format!("/api/admin/invoice/{invoice_id}?number={number}")).await.status(), StatusCode::NO_CONTENT);

    assert_eq!(invoice_status(&app, invoice_id).await, "CANCELLED");
    let (status, pro_level, branded, live) = vacancy(&app, id).await;
    assert_eq!((pro_level, branded, live), (0, false, false), "the extras are withdrawn and the vacancy is no longer live");
    assert_eq!(status, "EXISTS", "it is finished, its candidates still workable");
    let services: Vec<String> = sqlx::query_scalar("select status from services where invoice_id = $1::uuid")
        .bind(invoice_id)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert!(services.iter().all(|s| s == "CANCELLED"), "{services:?}");
    eventually(&app, json!({ "occupation": "tordimeister" }), |p| !found(p, id)).await;
    let listed: Value = client.get("/api/employer/vacancies?status=finished").await.json().await.unwrap();
    assert_eq!(listed["content"][0]["id"], id.to_string(), "the employer finds it among the finished: {listed}");
    let audited: i64 = sqlx::query_scalar("select count(*) from audit_log where action = 'invoice.delete'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 1);
}

#[tokio::test]
async fn an_invoice_nothing_of_which_has_started_is_still_cancelled_by_its_payer() {
    let app = spawn_with_worker().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let id = complete_draft(&app, company_id, "pirukameister", None).await;
    let row = published(&client, id, &["VACANCY", "BRANDING"]).await;
    assert_eq!(row["displayedState"], "WAITING_FOR_PAYMENT");
    let invoice_id = row["invoice"]["id"].as_str().unwrap();

    let response = client.post_empty(&format!("/api/user/invoices/{invoice_id}/cancel")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(invoice_status(&app, invoice_id).await, "CANCELLED");
    let (status, payment): (String, String) =
        sqlx::query_as("select status, payment_status from vacancies where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!((status.as_str(), payment.as_str()), ("TEMPORARY", "NONE"), "back to the drafts, as before");
}
