use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{error_of, spawn_app};

#[tokio::test]
async fn the_first_call_hands_out_the_anti_forgery_cookie() {
    let app = spawn_app().await;
    let response = app.client.http.get(app.client.url("/api/open/me")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(app.client.cookie("XSRF-TOKEN").is_some());
}

#[tokio::test]
async fn a_write_without_the_anti_forgery_header_is_forbidden() {
    let app = spawn_app().await;
    app.client.xsrf().await;
    let response = app.client.in_english().http.post(app.client.url("/api/auth/login")).json(&json!({ "email": "a@example.ee" })).send().await.unwrap();
    let (status, error) = error_of(response).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error["message"], "Access denied");
}

#[tokio::test]
async fn a_write_with_a_wrong_anti_forgery_token_is_forbidden() {
    let app = spawn_app().await;
    let token = app.client.xsrf().await;
    let tampered = format!("{}x", token);
    let response = app
        .client
        .http
        .post(app.client.url("/api/auth/login"))
        .header("x-xsrf-token", tampered)
        .json(&json!({ "email": "a@example.ee" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_anti_forgery_token_of_another_browser_is_forbidden() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let victim = app.client.cookie("vakants_session").unwrap();
    let attacker = app.new_client();
    let attacker_token = attacker.xsrf().await;

    // the attacker's own token, presented as both cookie and header, alongside the victim's session
    let response = reqwest::Client::new()
        .post(app.client.url("/api/user/register-applicant"))
        .header("cookie", format!("vakants_session={victim}; XSRF-TOKEN={attacker_token}"))
        .header("x-xsrf-token", attacker_token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn sign_in_hands_out_a_new_token_bound_to_the_session() {
    let app = spawn_app().await;
    let before = app.client.xsrf().await;
    app.client.sign_in("mari@example.ee").await;
    let after = app.client.cookie("XSRF-TOKEN").unwrap();
    assert_ne!(before, after);
    let response = app.client.post("/api/user/profile", json!({ "firstname": "Mari", "lastname": "Maasikas", "phoneNumber": "+37251234567" })).await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn logout_is_a_get_that_needs_the_anti_forgery_header() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let response = app.client.http.get(app.client.url("/api/auth/logout")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.client.me().await["username"], "mari@example.ee", "still signed in");
}

#[tokio::test]
async fn a_first_visit_can_search_and_count_a_view_without_the_cookie() {
    let app = spawn_app().await;
    let fresh = reqwest::Client::new();
    let response = fresh.post(app.client.url("/api/open/search")).json(&json!({})).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "the search only reads");
    let response = fresh
        .patch(app.client.url("/api/open/metrics/vacancy"))
        .json(&json!({ "vacancyId": uuid::Uuid::new_v4() }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND, "past the anti-forgery check");
    let response = fresh.post(app.client.url("/api/auth/login")).json(&json!({ "email": "a@example.ee" })).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN, "real writes still need the token");
}
