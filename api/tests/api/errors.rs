use reqwest::StatusCode;

use crate::helpers::{AppOptions, error_of, spawn_app, spawn_app_with};

async fn raw_post(app: &crate::helpers::TestApp, path: &str, body: &'static str) -> reqwest::Response {
    let token = app.client.xsrf().await;
    app.client
        .http
        .post(app.client.url(path))
        .header("x-xsrf-token", token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn malformed_json_is_a_400_with_a_message() {
    let app = spawn_app().await;
    let (status, error) = error_of(raw_post(&app, "/api/auth/login", "{\"email\": ").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["code"], "invalid_request");
    assert!(!error["message"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn a_wrong_type_is_a_400_naming_the_problem() {
    let app = spawn_app().await;
    let (status, error) = error_of(raw_post(&app, "/api/auth/login", "{\"email\": 42}").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error["message"].as_str().unwrap().contains("email"), "{error}");

    let (status, _) = error_of(raw_post(&app, "/api/auth/register", "{\"email\": \"a@example.ee\", \"termsOfUse\": \"yes\"}").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_wrong_query_parameter_is_a_400() {
    let app = spawn_app().await;
    let token = app.client.xsrf().await;
    let response = app
        .client
        .http
        .post(app.client.url("/api/auth/verify-otp?remember-me=perhaps"))
        .header("x-xsrf-token", token)
        .json(&serde_json::json!({ "email": "a@example.ee", "code": "123456" }))
        .send()
        .await
        .unwrap();
    let (status, error) = error_of(response).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["code"], "invalid_request");
}

#[tokio::test]
async fn an_oversized_body_is_a_413_with_a_message() {
    let app = spawn_app().await;
    let token = app.client.xsrf().await;
    let body = format!("{{\"email\": \"{}@example.ee\"}}", "a".repeat(2 * 1024 * 1024));
    let response = app
        .client
        .http
        .post(app.client.url("/api/auth/login"))
        .header("x-xsrf-token", token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    let (status, error) = error_of(response).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(error["code"], "payload_too_large");
}

#[tokio::test]
async fn an_unknown_api_path_is_a_json_404() {
    let app = spawn_app().await;
    let (status, error) = error_of(app.client.in_english().get("/api/open/nothing-here").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["message"], "Not found");
}

#[tokio::test]
async fn every_api_response_carries_the_build_version() {
    let app = spawn_app().await;
    for path in ["/api/open/me", "/api/open/nothing-here", "/api/employer/my-companies"] {
        let response = app.client.get(path).await;
        assert_eq!(response.headers()["x-build-version"], api::BUILD_VERSION, "{path}");
    }
}

#[tokio::test]
async fn the_dev_outbox_does_not_exist_in_prod_mode() {
    let app = spawn_app_with(AppOptions { prod: true, ..AppOptions::default() }).await;
    let response = app.client.http.get(app.client.url("/api/dev/outbox?to=a@example.ee")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn prod_mode_marks_cookies_secure() {
    let app = spawn_app_with(AppOptions { prod: true, ..AppOptions::default() }).await;
    let response = app.client.http.get(app.client.url("/api/open/me")).send().await.unwrap();
    let cookies: Vec<_> = response.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_string()).collect();
    assert!(!cookies.is_empty());
    assert!(cookies.iter().all(|c| c.contains("Secure")), "{cookies:?}");
}

#[tokio::test]
async fn an_unknown_body_field_is_a_400_naming_it_and_changes_nothing() {
    let app = spawn_app().await;
    // a misspelt filter used to answer every vacancy as if no filter were given
    let (status, error) = error_of(raw_post(&app, "/api/open/search", "{\"text\": \"müüja\"}").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert_eq!(error["field"], "text", "{error}");
    assert!(error["message"].as_str().unwrap().contains("`text`"), "{error}");

    // the known fields alone are still read
    let response = raw_post(&app, "/api/open/search", "{\"occupation\": \"müüja\"}").await;
    assert_eq!(response.status(), StatusCode::OK);

    // a sign-in with an extra field sends no code
    let (status, error) = error_of(raw_post(&app, "/api/auth/login", "{\"email\": \"a@example.ee\", \"admin\": true}").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert_eq!(error["field"], "admin", "{error}");
}
