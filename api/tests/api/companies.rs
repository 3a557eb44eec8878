use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestClient, error_of, spawn_app};

async fn complete_profile(client: &TestClient) {
    let response = client.post("/api/user/profile", json!({ "firstname": "Jaan", "lastname": "Tamm", "phoneNumber": "+37251234567" })).await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_company_autocomplete_finds_register_companies_by_name_or_code() {
    let app = spawn_app().await;
    app.add_register_company("12345678", "Põhja Puit OÜ").await;
    app.add_register_company("87654321", "Lõuna Ehitus AS").await;

    let found: serde_json::Value = app.client.get("/api/open/companies/EE?search=%20PUIT%20").await.json().await.unwrap();
    assert_eq!(found.as_array().unwrap().len(), 1);
    assert_eq!(found[0]["businessName"], "Põhja Puit OÜ");
    assert_eq!(found[0]["registryCode"], "12345678");

    let found: serde_json::Value = app.client.get("/api/open/companies/EE?search=876").await.json().await.unwrap();
    assert_eq!(found[0]["businessName"], "Lõuna Ehitus AS");
}

#[tokio::test]
async fn the_company_autocomplete_says_when_nothing_matches() {
    let app = spawn_app().await;
    let (status, error) = error_of(app.client.in_english().get("/api/open/companies/EE?search=olematu").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["message"], "Company with this name not found");

    let (status, _) = error_of(app.client.get("/api/open/companies/EE?search=ab").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "two characters are too few");
    let (status, _) = error_of(app.client.get("/api/open/companies/EE").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "search is required");
}

#[tokio::test]
async fn registering_a_company_makes_the_user_its_employer() {
    let app = spawn_app().await;
    app.add_register_company("12345678", "Põhja Puit OÜ").await;
    sqlx::query("update business_register set website = 'https://example.ee'").execute(&app.pool).await.unwrap();
    app.client.sign_in("jaan@example.ee").await;
    complete_profile(&app.client).await;

    let response = app.client.post_empty("/api/user/companies/EE/12345678/register").await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: serde_json::Value = response.json().await.unwrap();
    assert_eq!(me["roles"], json!(["EMPLOYER", "USER"]));
    assert_eq!(me["company"]["businessName"], "Põhja Puit OÜ");

    let companies: serde_json::Value = app.client.get("/api/employer/my-companies").await.json().await.unwrap();
    assert_eq!(companies, json!([{ "countryCode": "EE", "registryCode": "12345678", "businessName": "Põhja Puit OÜ" }]));
    let supervisor: String = sqlx::query_scalar(
        "select u.username from companies c join users u on u.id = c.supervisor_user_id where c.registry_code = '12345678'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(supervisor, "jaan@example.ee");
}

#[tokio::test]
async fn registering_a_company_outside_the_register_is_not_found() {
    let app = spawn_app().await;
    app.client.sign_in("jaan@example.ee").await;
    complete_profile(&app.client).await;
    let (status, error) = error_of(app.client.in_english().post_empty("/api/user/companies/EE/99999999/register").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["message"], "Company with this name not found");
}

#[tokio::test]
async fn registering_a_company_needs_a_complete_profile() {
    let app = spawn_app().await;
    app.add_register_company("12345678", "Põhja Puit OÜ").await;
    app.client.sign_in("jaan@example.ee").await;
    let (status, error) = error_of(app.client.post_empty("/api/user/companies/EE/12345678/register").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["code"], "profile_incomplete");
}

#[tokio::test]
async fn an_employer_switches_between_own_companies_only() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("11111111", "Alfa OÜ"), ("22222222", "Beeta AS")]).await;
    app.create_employer("other@example.ee", &[("33333333", "Gamma OÜ")]).await;
    let me = app.client.sign_in("boss@example.ee").await;
    assert_eq!(me["company"]["businessName"], "Alfa OÜ");

    let response = app.client.post_empty("/api/auth/EE/22222222").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.client.me().await["company"]["businessName"], "Beeta AS");

    assert_eq!(app.client.post_empty("/api/auth/EE/33333333").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.client.me().await["company"]["businessName"], "Beeta AS");
}
