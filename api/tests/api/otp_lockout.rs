//! Wrong sign-in codes lock the (account, client address) pair that sent them, not the account:
//! the owner signs in from elsewhere with a fresh code. The account's daily ceiling is the last line.

use std::sync::Arc;

use reqwest::StatusCode;
use reqwest::cookie::Jar;
use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::json;

use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app_with};

async fn app_behind_a_proxy() -> TestApp {
    spawn_app_with(AppOptions { env: vec![("TRUST_PROXY", "true".into())], ..AppOptions::default() }).await
}

/// A browser at `address` (one `X-Forwarded-For` entry, as the proxy in front adds it).
fn client_at(app: &TestApp, address: &str) -> TestClient {
    let jar = Arc::new(Jar::default());
    let mut headers = HeaderMap::new();
    headers.insert("x-forwarded-for", HeaderValue::from_str(address).unwrap());
    let http = reqwest::Client::builder().cookie_provider(jar.clone()).default_headers(headers).build().unwrap();
    TestClient { address: app.address.clone(), http, jar }
}

const OWNER: &str = "mari@example.ee";
const WRONG: &str = "999999x";

#[tokio::test]
async fn a_strangers_five_wrong_codes_lock_only_the_stranger_and_the_owner_signs_in_with_a_new_code() {
    let app = app_behind_a_proxy().await;
    app.create_user(OWNER, &[]).await;
    let stranger = client_at(&app, "203.0.113.7");
    assert_eq!(stranger.post("/api/auth/login", json!({ "email": OWNER })).await.status(), StatusCode::OK);
    for attempt in 1..=5 {
        let (status, error) = error_of(stranger.verify(OWNER, WRONG, false).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "attempt {attempt}");
        assert_eq!(error["code"], "invalid_verification_code");
    }
    let response = stranger.verify(OWNER, WRONG, false).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "the stranger's pair is locked");
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=600).contains(&retry_after));

    let owner = client_at(&app, "198.51.100.20");
    assert_eq!(owner.post("/api/auth/login", json!({ "email": OWNER })).await.status(), StatusCode::OK);
    let code = owner.code_from_outbox(OWNER).await;
    let response = owner.verify(OWNER, &code, false).await;
    assert_eq!(response.status(), StatusCode::OK, "a fresh code from another address works");
    assert_eq!(owner.me().await["username"], OWNER);

    // the stranger's pair stays locked: neither verifying nor asking for codes
    assert_eq!(stranger.verify(OWNER, WRONG, false).await.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(stranger.post("/api/auth/login", json!({ "email": OWNER })).await.status(), StatusCode::TOO_MANY_REQUESTS);
    let locked: i64 =
        sqlx::query_scalar("select count(*) from otp_client_locks where client = '203.0.113.7' and locked_until > now()")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(locked, 1);
}

#[tokio::test]
async fn a_code_dies_after_five_wrong_tries_from_any_addresses() {
    let app = app_behind_a_proxy().await;
    app.create_user(OWNER, &[]).await;
    let owner = client_at(&app, "198.51.100.20");
    owner.post("/api/auth/login", json!({ "email": OWNER })).await;
    let code = owner.code_from_outbox(OWNER).await;
    for i in 0..5 {
        let stranger = client_at(&app, &format!("203.0.113.{}", 10 + i));
        assert_eq!(stranger.verify(OWNER, WRONG, false).await.status(), StatusCode::BAD_REQUEST);
    }
    let (status, error) = error_of(owner.verify(OWNER, &code, false).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "five wrong tries killed the code");
    assert_eq!(error["code"], "invalid_verification_code");
}

#[tokio::test]
async fn a_hundred_wrong_codes_a_day_across_addresses_stop_the_accounts_sign_in() {
    let app = app_behind_a_proxy().await;
    app.create_user(OWNER, &[]).await;
    let owner = client_at(&app, "198.51.100.20");
    owner.post("/api/auth/login", json!({ "email": OWNER })).await;
    for address in 0..20 {
        let stranger = client_at(&app, &format!("203.0.113.{}", 100 + address));
        for _ in 0..5 {
            assert_eq!(stranger.verify(OWNER, WRONG, false).await.status(), StatusCode::BAD_REQUEST);
        }
    }
    let newcomer = client_at(&app, "192.0.2.1");
    let (status, error) = error_of(newcomer.verify(OWNER, WRONG, false).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "the account's ceiling");
    assert_eq!(error["code"], "too_many_requests");

    sqlx::query("update one_time_codes set created_at = created_at - interval '2 minutes'").execute(&app.pool).await.unwrap();
    let response = owner.post("/api/auth/login", json!({ "email": OWNER })).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "no codes while the ceiling holds");
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry_after > 600 && retry_after <= 86_400, "until the oldest failure is a day old: {retry_after}");
}
