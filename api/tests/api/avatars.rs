//! Profile pictures: checked by content, bounded, stripped, thumbnailed by the worker.

use std::io::Cursor;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{AppOptions, TestClient, error_of, spawn_app, spawn_app_with};

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_pixel(width, height, image::Rgb([20, 120, 200]));
    let mut out = Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

async fn upload(client: &TestClient, bytes: Vec<u8>) -> reqwest::Response {
    let token = client.xsrf().await;
    client
        .http
        .post(client.url("/api/user/upload/avatar?name=me.png"))
        .header("x-xsrf-token", token)
        .header("content-type", "image/png")
        .body(bytes)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_profile_picture_is_stored_thumbnailed_and_shown_to_signed_in_users_only() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.client.sign_in("mari@example.ee").await;

    let response = upload(&app.client, png(600, 400)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: Value = response.json().await.unwrap();
    let url = me["profile"]["avatar"]["thumbnailUrl"].as_str().expect("a picture url").to_string();
    let picture = app.client.get(&url).await;
    assert_eq!(picture.status(), StatusCode::OK);
    assert_eq!(picture.headers()["content-type"], "image/png");
    let visitor = app.new_client();
    assert_eq!(visitor.get(&url).await.status(), StatusCode::NOT_FOUND, "not for visitors");

    let mut thumbnail_url = url.clone();
    for _ in 0..100 {
        let me = app.client.me().await;
        thumbnail_url = me["profile"]["avatar"]["thumbnailUrl"].as_str().unwrap().to_string();
        if thumbnail_url != url {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_ne!(thumbnail_url, url, "the worker made a thumbnail");
    let bytes = app.client.get(&thumbnail_url).await.bytes().await.unwrap();
    let thumbnail = image::load_from_memory(&bytes).unwrap();
    assert_eq!((thumbnail.width(), thumbnail.height()), (128, 128));

    let token = app.client.xsrf().await;
    let response = app.client.http.delete(app.client.url("/api/user/upload/avatar")).header("x-xsrf-token", token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let me: Value = response.json().await.unwrap();
    assert!(me["profile"]["avatar"].is_null());
    let left: i64 = sqlx::query_scalar("select count(*) from files").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0, "the picture and its thumbnail are gone");
}

#[tokio::test]
async fn only_reasonable_pictures_are_taken() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;

    let english = app.client.in_english();
    let (status, error) = error_of(upload(&english, b"GIF89a not a png or jpg".to_vec()).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error["message"].as_str().unwrap().starts_with("Wrong file"));
    let (status, error) = error_of(upload(&english, vec![0x89; domain::files::avatars::MAX_AVATAR_BYTES + 10]).await).await;
    assert_eq!((status, error["message"].as_str().unwrap()), (StatusCode::BAD_REQUEST, "The file is too large"));
    let (status, error) = error_of(upload(&english, png(domain::files::avatars::MAX_SIDE + 1, 1)).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error["message"].as_str().unwrap().contains("pixels"));
    let me = app.client.me().await;
    assert!(me["profile"]["avatar"].is_null(), "nothing saved by a refused picture");

    let visitor = app.new_client();
    assert_eq!(upload(&visitor, png(10, 10)).await.status(), StatusCode::UNAUTHORIZED);
}
