//! Live streams and connections are bounded (issue 32, item 6): at most 5 streams per user and 20
//! per client address (429 past them), each ending after its lifetime, and a server-wide
//! connection limit that answers one connection too many with 503 and closes it while the open
//! ones are still served.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::chats::open_stream;
use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};
use crate::leaving::ends_within;

async fn signed_in(app: &TestApp, email: &str) -> TestClient {
    app.create_user(email, &["APPLICANT"]).await;
    let client = app.new_client();
    client.sign_in(email).await;
    client
}

#[tokio::test]
async fn one_account_opening_100_streams_gets_429_past_5_while_healthz_and_search_still_answer() {
    let app = spawn_app().await;
    let mari = signed_in(&app, "mari@example.ee").await;
    let mut open = Vec::new();
    let mut refused = 0;
    for _ in 0..100 {
        let response = mari.get("/api/user/stream").await;
        match response.status() {
            StatusCode::OK => open.push(response),
            StatusCode::TOO_MANY_REQUESTS => {
                assert_eq!(response.headers()["retry-after"], "30");
                let (_, body) = error_of(response).await;
                assert_eq!(body["code"], "too_many_requests");
                refused += 1;
            }
            other => panic!("stream answered {other}"),
        }
    }
    assert_eq!((open.len(), refused), (5, 95));

    let other = app.new_client();
    assert_eq!(other.get("/healthz").await.status(), StatusCode::OK);
    assert_eq!(other.post("/api/open/search", json!({})).await.status(), StatusCode::OK);
    let jaan = signed_in(&app, "jaan@example.ee").await;
    open_stream(&jaan).await;

    // a stream that ends gives its place back
    drop(open.pop());
    let reopened = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let response = mari.get("/api/user/stream").await;
            if response.status() == StatusCode::OK {
                return response;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(reopened.is_ok(), "the slot of a closed stream never came back");
}

/// A stream asked for by `client` from the client address `address` (behind a trusted proxy).
async fn stream_from(client: &TestClient, address: &str) -> reqwest::Response {
    client.http.get(client.url("/api/user/stream")).header("x-forwarded-for", address).send().await.unwrap()
}

#[tokio::test]
async fn a_client_address_holds_at_most_its_streams_whoever_signs_in() {
    let env = vec![("TRUST_PROXY", "true".to_string()), ("STREAMS_PER_ADDRESS", "3".to_string())];
    let app = spawn_app_with(AppOptions { env, ..AppOptions::default() }).await;
    let mari = signed_in(&app, "mari@example.ee").await;
    let jaan = signed_in(&app, "jaan@example.ee").await;
    let mut open = Vec::new();
    for client in [&mari, &mari, &jaan] {
        let response = stream_from(client, "203.0.113.7").await;
        assert_eq!(response.status(), StatusCode::OK);
        open.push(response);
    }
    assert_eq!(stream_from(&jaan, "203.0.113.7").await.status(), StatusCode::TOO_MANY_REQUESTS, "the address's cap");
    assert_eq!(stream_from(&jaan, "203.0.113.8").await.status(), StatusCode::OK, "another address");
}

#[tokio::test]
async fn a_stream_ends_after_its_lifetime_and_gives_its_place_back() {
    let env = vec![("STREAM_LIFETIME_SECS", "2".to_string())];
    let app = spawn_app_with(AppOptions { env, ..AppOptions::default() }).await;
    let mari = signed_in(&app, "mari@example.ee").await;
    let mut streams = Vec::new();
    for _ in 0..5 {
        streams.push(open_stream(&mari).await.0);
    }
    for stream in &mut streams {
        let took = ends_within(stream, Duration::from_secs(5)).await.expect("the stream ends after its lifetime");
        assert!(took <= Duration::from_millis(2500), "{took:?}");
    }
    // the client opens them again, as the browser's EventSource does
    for _ in 0..5 {
        open_stream(&mari).await;
    }
}

/// Sends `GET /healthz` on a kept-alive connection and reads the status line.
/// Sends `GET /healthz` on a kept-alive connection and reads the status line (empty when the
/// connection is closed).
async fn healthz(connection: &mut TcpStream) -> String {
    if connection.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.is_err() {
        return String::new();
    }
    let mut buffer = [0u8; 2048];
    match tokio::time::timeout(Duration::from_secs(5), connection.read(&mut buffer)).await {
        Ok(Ok(read)) => String::from_utf8_lossy(&buffer[..read]).lines().next().unwrap_or_default().to_string(),
        _ => String::new(),
    }
}

#[tokio::test]
async fn past_the_connection_limit_a_new_connection_gets_503_and_is_closed_while_open_ones_are_served() {
    let env = vec![("CONNECTION_LIMIT", "3".to_string())];
    let app = spawn_app_with(AppOptions { env, ..AppOptions::default() }).await;
    let address = app.address.trim_start_matches("http://").to_string();
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut connection = TcpStream::connect(&address).await.unwrap();
        assert_eq!(healthz(&mut connection).await, "HTTP/1.1 200 OK");
        held.push(connection);
    }

    let mut extra = TcpStream::connect(&address).await.unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), extra.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection past the limit is closed at once");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("\"code\":\"service_unavailable\""), "{answer}");

    assert_eq!(healthz(&mut held[0]).await, "HTTP/1.1 200 OK", "an open connection is still served");
    drop(held.pop());
    let fresh = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let mut connection = TcpStream::connect(&address).await.unwrap();
            if healthz(&mut connection).await == "HTTP/1.1 200 OK" {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(fresh.is_ok(), "a closed connection gives its place back");
}
