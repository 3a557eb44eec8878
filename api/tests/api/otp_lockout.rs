//! Wrong sign-in codes lock the (account, client address) pair that sent them, not the account:
//! the owner signs in from elsewhere with a fresh code. Wrong codes count only against a live code;
//! once an account's daily count is spent its codes cannot be typed, and the owner signs in with the
//! link of the mail, which works once, for 15 minutes, in the browser that asked for it.

use std::net::IpAddr;
use std::sync::Arc;

use reqwest::StatusCode;
use reqwest::cookie::Jar;
use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::json;

use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};

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

/// A browser connecting from the loopback address `address` (127.0.0.0/8 is all loopback on Linux),
/// as the review's probe did: the app, not behind a proxy, counts the socket's peer.
fn client_from(app: &TestApp, address: &str) -> TestClient {
    let jar = Arc::new(Jar::default());
    let local: IpAddr = address.parse().unwrap();
    let http = reqwest::Client::builder().cookie_provider(jar.clone()).local_address(local).build().unwrap();
    TestClient { address: app.address.clone(), http, jar }
}

/// The newest sign-in mail to `email` in the dev outbox: (subject, the token of its link).
async fn newest_sign_in_mail(client: &TestClient, email: &str) -> (String, String) {
    let mails: serde_json::Value =
        client.http.get(client.url(&format!("/api/dev/outbox?to={email}"))).send().await.unwrap().json().await.unwrap();
    let prefix = format!("{}/en/login?link=", crate::helpers::TEST_PUBLIC_URL);
    mails
        .as_array()
        .expect("the outbox as a list")
        .iter()
        .find_map(|mail| {
            let text = mail["text"].as_str()?;
            let start = text.find(&prefix)? + prefix.len();
            let token: String = text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
            Some((mail["subject"].as_str()?.to_string(), token))
        })
        .expect("a sign-in mail with a link in the outbox")
}

async fn follow_link(client: &TestClient, token: &str) -> reqwest::Response {
    client.post("/api/auth/link?remember-me=false", json!({ "token": token })).await
}

/// Asks to sign in in English (the mail's link then opens the English sign-in page).
async fn ask_to_sign_in(client: &TestClient, email: &str) -> reqwest::Response {
    let token = client.xsrf().await;
    client
        .http
        .post(client.url("/api/auth/login"))
        .header("x-xsrf-token", token)
        .header("accept-language", "en")
        .json(&json!({ "email": email }))
        .send()
        .await
        .unwrap()
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
async fn wrong_codes_from_twenty_addresses_without_a_live_code_count_nothing_and_the_owner_signs_in() {
    let app = spawn_app().await;
    app.create_user(OWNER, &[]).await;
    for host in 2..=21 {
        let stranger = client_from(&app, &format!("127.0.0.{host}"));
        for attempt in 1..=5 {
            let (status, error) = error_of(stranger.verify(OWNER, WRONG, false).await).await;
            assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_verification_code")), "127.0.0.{host} #{attempt}");
        }
    }
    let counted: i64 = sqlx::query_scalar("select count(*) from otp_failures").fetch_one(&app.pool).await.unwrap();
    assert_eq!(counted, 0, "no live code, nothing to guess, nothing counted against the account");

    let owner = client_from(&app, "127.0.0.22");
    let response = ask_to_sign_in(&owner, OWNER).await;
    assert_eq!(response.status(), StatusCode::OK, "the owner is not locked out");
    assert_eq!(response.headers()["x-sign-in-method"], "code");
    let code = owner.code_from_outbox(OWNER).await;
    assert_eq!(owner.verify(OWNER, &code, false).await.status(), StatusCode::OK);
    assert_eq!(owner.me().await["username"], OWNER);

    let newcomer = client_from(&app, "127.0.0.23");
    let (status, error) = error_of(newcomer.verify(OWNER, &code, false).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_verification_code")), "a further code is refused");
    assert_eq!(newcomer.me().await, json!(null));
}

#[tokio::test]
async fn once_a_hundred_wrong_codes_are_spent_codes_stop_and_the_owner_signs_in_with_the_mails_link() {
    let app = spawn_app().await;
    app.create_user(OWNER, &[]).await;
    // each stranger asks for a code first, so each of its wrong codes meets a live code and counts
    for host in 2..=21 {
        let stranger = client_from(&app, &format!("127.0.0.{host}"));
        assert_eq!(ask_to_sign_in(&stranger, OWNER).await.status(), StatusCode::OK, "127.0.0.{host} asks");
        for attempt in 1..=5 {
            let (status, error) = error_of(stranger.verify(OWNER, WRONG, false).await).await;
            assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_verification_code")), "127.0.0.{host} #{attempt}");
        }
    }
    let counted: i64 = sqlx::query_scalar("select count(*) from otp_failures").fetch_one(&app.pool).await.unwrap();
    assert_eq!(counted, 100);

    let owner = client_from(&app, "127.0.0.22");
    let response = ask_to_sign_in(&owner, OWNER).await;
    assert_eq!(response.status(), StatusCode::OK, "asking to sign in still sends a mail");
    assert_eq!(response.headers()["x-sign-in-method"], "link", "the web is told that only the link works");
    let (subject, token) = newest_sign_in_mail(&owner, OWNER).await;
    assert_eq!(subject, "Your Vakants sign-in link");
    assert!(!subject.chars().any(|c| c.is_ascii_digit()), "no code in a link-only mail");
    assert_eq!(token.len(), 43, "256 random bits");

    let (status, error) = error_of(owner.verify(OWNER, "123456", false).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("sign_in_codes_spent")));
    let response = follow_link(&owner, &token).await;
    assert_eq!(response.status(), StatusCode::OK, "the link signs the owner in");
    assert_eq!(owner.me().await["username"], OWNER);

    let newcomer = client_from(&app, "127.0.0.23");
    let (status, error) = error_of(newcomer.verify(OWNER, WRONG, false).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("sign_in_codes_spent")), "codes stay refused");
    let counted: i64 = sqlx::query_scalar("select count(*) from otp_failures").fetch_one(&app.pool).await.unwrap();
    assert_eq!(counted, 100, "at most 100 guesses a day");
    assert_eq!(newcomer.me().await, json!(null));
}

#[tokio::test]
async fn a_sign_in_link_works_once_only_in_the_browser_that_asked_and_only_for_fifteen_minutes() {
    let app = spawn_app().await;
    app.create_user(OWNER, &[]).await;
    let owner = app.new_client();
    let response = ask_to_sign_in(&owner, OWNER).await;
    assert_eq!(response.headers()["x-sign-in-method"], "code");
    let cookie = response.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap()).find(|c| c.starts_with("vakants_sign_in="));
    let cookie = cookie.expect("the browser's nonce cookie");
    assert!(cookie.contains("HttpOnly") && cookie.contains("Path=/api/auth") && cookie.contains("Max-Age=900"), "{cookie}");
    let (subject, token) = newest_sign_in_mail(&owner, OWNER).await;
    let code: String = subject.chars().filter(|c| c.is_ascii_digit()).collect();
    assert_eq!(code.len(), 6, "a mail with a code carries the link too");

    let elsewhere = app.new_client();
    let (status, error) = error_of(follow_link(&elsewhere, &token).await).await;
    assert_eq!((status, error["code"].as_str(), error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("sign_in_link_other_browser"), Some("token")));
    assert_eq!(elsewhere.me().await, json!(null));

    assert_eq!(follow_link(&owner, &token).await.status(), StatusCode::OK, "another browser's try did not spend it");
    assert_eq!(owner.me().await["username"], OWNER);
    let (status, error) = error_of(follow_link(&owner, &token).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_sign_in_link")), "single use");
    let (status, _) = error_of(owner.verify(OWNER, &code, false).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the mail's code went with its link");

    sqlx::query("update one_time_codes set created_at = created_at - interval '2 minutes'").execute(&app.pool).await.unwrap();
    let later = app.new_client();
    assert_eq!(ask_to_sign_in(&later, OWNER).await.status(), StatusCode::OK);
    let (_, stale) = newest_sign_in_mail(&later, OWNER).await;
    assert_ne!(stale, token);
    sqlx::query("update one_time_codes set link_expires_at = now() - interval '1 second' where link_used_at is null")
        .execute(&app.pool)
        .await
        .unwrap();
    let (status, error) = error_of(follow_link(&later, &stale).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_sign_in_link")), "expired");
    assert_eq!(later.me().await, json!(null));

    let stored: Vec<Vec<u8>> = sqlx::query_scalar("select link_hash from one_time_codes").fetch_all(&app.pool).await.unwrap();
    assert!(stored.iter().all(|hash| hash.len() == 32 && !hex::encode(hash).contains(&hex::encode(&token))), "only keyed hashes");
}

#[tokio::test]
async fn a_guessed_or_malformed_link_token_is_a_400_in_the_error_format() {
    let app = spawn_app().await;
    app.create_user(OWNER, &[]).await;
    let owner = app.new_client();
    ask_to_sign_in(&owner, OWNER).await;
    let guessed = "A".repeat(43);
    for token in [guessed.as_str(), "", "x", &"z".repeat(5000), "../../etc/passwd", "ÕÄÖÜ"] {
        let (status, error) = error_of(follow_link(&owner, token).await).await;
        assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_sign_in_link")), "{token:.20}");
        assert_eq!(error["field"], "token");
    }
    for body in [json!({}), json!({ "token": 42 }), json!({ "token": "a\u{0}b" }), json!(null)] {
        let (status, error) = error_of(owner.post("/api/auth/link", body.clone()).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(error["code"].is_string(), "{body}: {error}");
    }
    assert_eq!(owner.me().await, json!(null));
}
