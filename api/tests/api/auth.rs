use api::rate_limit::{Limit, RateLimits};
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{AppOptions, error_of, spawn_app, spawn_app_with};

#[tokio::test]
async fn an_unknown_email_logs_in_falsy_then_registers_and_verifies_as_a_user() {
    let app = spawn_app().await;
    let client = &app.client;

    let known: bool = client.post("/api/auth/login", json!({ "email": "Uus.Kasutaja@Example.ee" })).await.json().await.unwrap();
    assert!(!known);

    let response = client
        .post(
            "/api/auth/register",
            json!({ "email": "uus.kasutaja@example.ee", "termsOfUse": true, "dataProcessing": true, "useOfCookies": true }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    let code = client.code_from_outbox("uus.kasutaja@example.ee").await;
    assert_eq!(code.len(), 6);
    let response = client.verify("uus.kasutaja@example.ee", &code, false).await;
    assert_eq!(response.status(), StatusCode::OK);
    let user: serde_json::Value = response.json().await.unwrap();
    assert_eq!(user["username"], "uus.kasutaja@example.ee");
    assert_eq!(user["roles"], json!(["USER"]));
    assert_eq!(user["originalUser"], json!(null));

    assert_eq!(client.me().await["username"], "uus.kasutaja@example.ee");
}

#[tokio::test]
async fn the_code_mail_follows_the_accept_language() {
    let app = spawn_app().await;
    let token = app.client.xsrf().await;
    app.client
        .http
        .post(app.client.url("/api/auth/register"))
        .header("x-xsrf-token", token)
        .header("accept-language", "ru-RU,ru;q=0.9")
        .json(&json!({ "email": "ivan@example.ee", "termsOfUse": true, "dataProcessing": true, "useOfCookies": true }))
        .send()
        .await
        .unwrap();
    let mails: serde_json::Value =
        app.client.http.get(app.client.url("/api/dev/outbox?to=ivan@example.ee")).send().await.unwrap().json().await.unwrap();
    assert!(mails[0]["subject"].as_str().unwrap().starts_with("Код входа"));
}

#[tokio::test]
async fn registration_without_every_consent_is_refused() {
    let app = spawn_app().await;
    for missing in ["termsOfUse", "dataProcessing", "useOfCookies"] {
        let mut body = json!({ "email": "a@example.ee", "termsOfUse": true, "dataProcessing": true, "useOfCookies": true });
        body[missing] = json!(false);
        let (status, error) = error_of(app.client.in_english().post("/api/auth/register", body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(error["message"], "Registration without acceptance of the terms of use is not possible");
        assert_eq!(error["code"], "consent_required");
    }
    let exists: bool = sqlx::query_scalar("select exists (select 1 from users where username = 'a@example.ee')")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(!exists);
}

#[tokio::test]
async fn an_invalid_email_is_refused_with_a_message() {
    let app = spawn_app().await;
    let (status, error) = error_of(app.client.post("/api/auth/login", json!({ "email": "not-an-email" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "email");
}

#[tokio::test]
async fn a_wrong_code_is_refused_with_its_message() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    let code = app.client.code_from_outbox("mari@example.ee").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };

    let (status, error) = error_of(app.client.in_english().verify("mari@example.ee", wrong, false).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "Invalid verification code");
    assert_eq!(error["code"], "invalid_verification_code");
    assert_eq!(app.client.me().await, json!(null));
}

#[tokio::test]
async fn an_expired_code_is_refused() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    let code = app.client.code_from_outbox("mari@example.ee").await;
    sqlx::query("update one_time_codes set expires_at = now() - interval '1 second'").execute(&app.pool).await.unwrap();

    let (status, error) = error_of(app.client.in_english().verify("mari@example.ee", &code, false).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["code"], "verification_code_expired");
    assert_eq!(error["message"], "Invalid verification code");
}

#[tokio::test]
async fn a_code_works_only_once() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    let code = app.client.code_from_outbox("mari@example.ee").await;
    assert_eq!(app.client.verify("mari@example.ee", &code, false).await.status(), StatusCode::OK);

    let other = app.new_client();
    let (status, _) = error_of(other.verify("mari@example.ee", &code, false).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_sixth_try_after_five_wrong_codes_is_refused_even_with_the_right_code() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    let code = app.client.code_from_outbox("mari@example.ee").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for attempt in 1..=5 {
        let (status, error) = error_of(app.client.in_english().verify("mari@example.ee", wrong, false).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "attempt {attempt}");
        assert_eq!(error["message"], "Invalid verification code");
    }

    let response = app.client.verify("mari@example.ee", &code, false).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry_after > 0 && retry_after <= 600);
    assert_eq!(app.client.me().await, json!(null));
}

#[tokio::test]
async fn a_new_code_does_not_reset_the_wrong_code_count() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    for _ in 0..4 {
        app.client.verify("mari@example.ee", "999999x", false).await;
    }
    // let the resend interval pass
    sqlx::query("update one_time_codes set created_at = created_at - interval '2 minutes'").execute(&app.pool).await.unwrap();
    assert_eq!(app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await.status(), StatusCode::OK);
    let fresh = app.client.code_from_outbox("mari@example.ee").await;
    let wrong = if fresh == "000000" { "111111" } else { "000000" };

    let (status, _) = error_of(app.client.verify("mari@example.ee", wrong, false).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the fifth wrong code in a row");
    let response = app.client.verify("mari@example.ee", &fresh, false).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "the fifth wrong code in a row from this address locks it");
}

#[tokio::test]
async fn a_successful_sign_in_clears_the_wrong_code_count() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    for _ in 0..4 {
        app.client.verify("mari@example.ee", "999999x", false).await;
    }
    let code = app.client.code_from_outbox("mari@example.ee").await;
    assert_eq!(app.client.verify("mari@example.ee", &code, false).await.status(), StatusCode::OK);
    let failures: i64 = sqlx::query_scalar("select count(*) from otp_client_locks")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(failures, 0, "the pair's count is cleared");
}

#[tokio::test]
async fn resending_within_a_minute_is_throttled_with_retry_after() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    assert_eq!(app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await.status(), StatusCode::OK);

    let response = app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry_after));
    let codes: i64 = sqlx::query_scalar("select count(*) from one_time_codes").fetch_one(&app.pool).await.unwrap();
    assert_eq!(codes, 1);
}

#[tokio::test]
async fn too_many_code_requests_from_one_address_are_limited() {
    let limits = RateLimits { send_code_per_ip: Limit { max: 3, window_secs: 600 }, ..RateLimits::default() };
    let app = spawn_app_with(AppOptions { limits, ..AppOptions::default() }).await;
    for i in 0..3 {
        let response = app.client.post("/api/auth/login", json!({ "email": format!("nobody{i}@example.ee") })).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let response = app.client.post("/api/auth/login", json!({ "email": "nobody9@example.ee" })).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn codes_are_stored_only_as_hashes() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    let code = app.client.code_from_outbox("mari@example.ee").await;
    let hash: Vec<u8> = sqlx::query_scalar("select code_hash from one_time_codes").fetch_one(&app.pool).await.unwrap();
    assert_eq!(hash.len(), 32);
    assert!(!hex::encode(&hash).contains(&code));
}

#[tokio::test]
async fn the_profile_step_needs_names_and_a_phone_with_country_code() {
    let app = spawn_app().await;
    app.client.sign_in("uus@example.ee").await;

    let (status, error) =
        error_of(app.client.post("/api/user/profile", json!({ "firstname": "Mari", "lastname": "Maasikas", "phoneNumber": "+372" })).await)
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a bare +372 counts as no phone");
    assert_eq!(error["field"], "phoneNumber");

    let (status, error) =
        error_of(app.client.post("/api/user/profile", json!({ "firstname": " ", "lastname": "Maasikas", "phoneNumber": "+37251234567" })).await)
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "firstname");

    let response =
        app.client.post("/api/user/profile", json!({ "firstname": "Mari", "lastname": "Maasikas", "phoneNumber": "+372 5123 4567" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: serde_json::Value = response.json().await.unwrap();
    assert_eq!(me["profile"]["firstname"], "Mari");
    assert_eq!(me["profile"]["phoneNumber"], "+37251234567");
}

#[tokio::test]
async fn a_failed_profile_save_keeps_the_saved_profile() {
    let app = spawn_app().await;
    app.client.sign_in("uus@example.ee").await;
    app.client.post("/api/user/profile", json!({ "firstname": "Mari", "lastname": "Maasikas", "phoneNumber": "+37251234567" })).await;
    let response = app.client.post("/api/user/profile", json!({ "firstname": "Kati", "lastname": "", "phoneNumber": "+37251234567" })).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.client.me().await["profile"]["firstname"], "Mari");
}

#[tokio::test]
async fn register_applicant_gives_the_applicant_role_once_the_profile_is_complete() {
    let app = spawn_app().await;
    app.client.sign_in("uus@example.ee").await;

    let (status, error) = error_of(app.client.post_empty("/api/user/register-applicant").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["code"], "profile_incomplete");

    app.client.post("/api/user/profile", json!({ "firstname": "Mari", "lastname": "Maasikas", "phoneNumber": "+37251234567" })).await;
    let response = app.client.post_empty("/api/user/register-applicant").await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: serde_json::Value = response.json().await.unwrap();
    assert_eq!(me["roles"], json!(["APPLICANT", "USER"]));
}
