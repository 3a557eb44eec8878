use reqwest::StatusCode;
use reqwest::header::SET_COOKIE;
use serde_json::json;

use crate::helpers::spawn_app;

fn session_set_cookie(response: &reqwest::Response) -> String {
    response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .find(|c| c.starts_with("vakants_session="))
        .expect("a session cookie")
}

#[tokio::test]
async fn remember_me_keeps_the_session_thirty_days() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    let code = app.client.code_from_outbox("mari@example.ee").await;
    let response = app.client.verify("mari@example.ee", &code, true).await;

    let cookie = session_set_cookie(&response);
    assert!(cookie.contains("Max-Age=2592000"), "{cookie}");
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
    let days: f64 = sqlx::query_scalar("select extract(epoch from expires_at - now())::float8 / 86400 from sessions")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!((29.9..=30.0).contains(&days), "{days}");
}

#[tokio::test]
async fn without_remember_me_the_session_ends_with_the_browser_or_after_twelve_idle_hours() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &[]).await;
    app.client.post("/api/auth/login", json!({ "email": "mari@example.ee" })).await;
    let code = app.client.code_from_outbox("mari@example.ee").await;
    let response = app.client.verify("mari@example.ee", &code, false).await;

    let cookie = session_set_cookie(&response);
    assert!(!cookie.contains("Max-Age") && !cookie.contains("Expires"), "a browser-session cookie: {cookie}");
    let hours: f64 = sqlx::query_scalar("select extract(epoch from expires_at - now())::float8 / 3600 from sessions")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!((11.9..=12.0).contains(&hours), "{hours}");

    sqlx::query("update sessions set expires_at = now() - interval '1 second', last_seen_at = now() - interval '12 hours'")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(app.client.me().await, json!(null));
    assert_eq!(app.client.post("/api/user/register-applicant", json!({})).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_active_session_moves_its_idle_deadline() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    sqlx::query("update sessions set last_seen_at = now() - interval '6 hours', expires_at = now() + interval '6 hours'")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(app.client.me().await["username"], "mari@example.ee");
    let hours: f64 = sqlx::query_scalar("select extract(epoch from expires_at - now())::float8 / 3600 from sessions")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(hours > 11.9, "{hours}");
}

#[tokio::test]
async fn logout_revokes_the_session() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let token = app.client.cookie("vakants_session").unwrap();

    let response = app.client.get("/api/auth/logout").await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.client.me().await, json!(null));

    // the old token no longer works, even when presented again
    let replay = reqwest::Client::new()
        .get(app.client.url("/api/employer/my-companies"))
        .header("cookie", format!("vakants_session={token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status(), StatusCode::UNAUTHORIZED);
    let revoked: bool = sqlx::query_scalar("select revoked_at is not null from sessions").fetch_one(&app.pool).await.unwrap();
    assert!(revoked);
}

#[tokio::test]
async fn signing_in_again_rotates_the_session() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let first = app.client.cookie("vakants_session").unwrap();
    sqlx::query("update one_time_codes set created_at = created_at - interval '2 minutes'").execute(&app.pool).await.unwrap();
    app.client.sign_in("mari@example.ee").await;
    let second = app.client.cookie("vakants_session").unwrap();
    assert_ne!(first, second);

    let replay = reqwest::Client::new()
        .get(app.client.url("/api/open/me"))
        .header("cookie", format!("vakants_session={first}"))
        .send()
        .await
        .unwrap();
    assert_eq!(replay.json::<serde_json::Value>().await.unwrap(), json!(null));
}

#[tokio::test]
async fn the_session_token_is_stored_only_as_a_hash() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let token = app.client.cookie("vakants_session").unwrap();
    assert!(token.len() >= 22, "at least 128 bits");
    let hash: Vec<u8> = sqlx::query_scalar("select token_hash from sessions").fetch_one(&app.pool).await.unwrap();
    assert_eq!(hash, domain::platform::crypto::sha256(token.as_bytes()));
}
