//! Compressed answers: br or gzip as the client accepts, for text of at least a kilobyte.

use std::io::Read;

use reqwest::StatusCode;
use reqwest::header::{ACCEPT_ENCODING, CONTENT_ENCODING, VARY};
use serde_json::Value;

use crate::helpers::spawn_app;

async fn fetch(app: &crate::helpers::TestApp, path: &str, accept: Option<&str>) -> (Option<String>, Vec<u8>) {
    let mut request = app.client.http.get(app.client.url(path));
    if let Some(accept) = accept {
        request = request.header(ACCEPT_ENCODING, accept);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let encoding = response.headers().get(CONTENT_ENCODING).map(|v| v.to_str().unwrap().to_string());
    if encoding.is_some() {
        assert!(response.headers().get_all(VARY).iter().any(|v| v.to_str().unwrap().to_ascii_lowercase().contains("accept-encoding")));
    }
    (encoding, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn json_answers_come_compressed_as_the_client_accepts() {
    let app = spawn_app().await;
    // the OpenAPI document: a large JSON answer
    let (encoding, plain) = fetch(&app, "/api/openapi.json", None).await;
    assert_eq!(encoding, None, "no Accept-Encoding, no compression");
    let document: Value = serde_json::from_slice(&plain).unwrap();

    let (encoding, br) = fetch(&app, "/api/openapi.json", Some("br")).await;
    assert_eq!(encoding.as_deref(), Some("br"));
    assert!(br.len() * 4 < plain.len(), "br: {} of {} bytes", br.len(), plain.len());
    let mut decoded = Vec::new();
    brotli_decompressor::Decompressor::new(br.as_slice(), 4096).read_to_end(&mut decoded).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&decoded).unwrap(), document);

    let (encoding, gzip) = fetch(&app, "/api/openapi.json", Some("gzip")).await;
    assert_eq!(encoding.as_deref(), Some("gzip"));
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(gzip.as_slice()).read_to_end(&mut decoded).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&decoded).unwrap(), document);

    // a browser offers both: br wins
    let (encoding, _) = fetch(&app, "/api/openapi.json", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(encoding.as_deref(), Some("br"));
}

#[tokio::test]
async fn small_answers_stay_plain() {
    let app = spawn_app().await;
    let (encoding, body) = fetch(&app, "/healthz", Some("br, gzip")).await;
    assert!(body.len() < 1024);
    assert_eq!(encoding, None);
}
