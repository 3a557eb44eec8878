//! What the open calls accept: body sizes, list filters, free text, control characters; and the
//! sitemap's chunk numbers. No request may make the server work long for its size.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::cvs::{applicant, full_cv};
use crate::helpers::{TestClient, error_of, spawn_app};

async fn post_raw(client: &TestClient, path: &str, body: String) -> reqwest::Response {
    let token = client.xsrf().await;
    client
        .http
        .post(client.url(path))
        .header("x-xsrf-token", token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap()
}

fn names(count: usize, length: usize) -> Vec<String> {
    (0..count).map(|i| format!("{i:0length$}")).collect()
}

async fn assert_field_error(response: reqwest::Response, field: &str) -> Value {
    let (status, error) = error_of(response).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert_eq!(error["code"], "validation", "{error}");
    assert_eq!(error["field"], field, "{error}");
    assert!(error["message"].as_str().unwrap().contains(field.split('[').next().unwrap()), "{error}");
    error
}

#[tokio::test]
async fn a_huge_search_body_is_refused_with_413_at_once() {
    let app = spawn_app().await;
    // the body that kept the server busy ~19 s: 600 KB of distinct business names
    let body = json!({ "businessName": names(50_000, 10) }).to_string();
    assert!(body.len() > 600_000);
    let started = Instant::now();
    let (status, error) = error_of(post_raw(&app.client, "/api/open/search", body).await).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{error}");
    assert_eq!(error["code"], "payload_too_large");
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
}

#[tokio::test]
async fn a_search_body_just_under_64_kib_is_read_and_one_over_is_not() {
    let app = spawn_app().await;
    let under = json!({ "occupation": "kokk", "salaryPeriod": " ".repeat(60 * 1024) }).to_string();
    assert_eq!(post_raw(&app.client, "/api/open/search", under).await.status(), StatusCode::OK);
    let over = json!({ "occupation": "kokk", "salaryPeriod": " ".repeat(65 * 1024) }).to_string();
    assert_eq!(post_raw(&app.client, "/api/open/search", over).await.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn list_filters_take_at_most_100_values_of_200_characters() {
    let app = spawn_app().await;
    let started = Instant::now();
    let response = app.client.in_english().post("/api/open/search", json!({ "businessName": names(101, 8) })).await;
    assert_field_error(response, "businessName").await;
    assert!(started.elapsed() < Duration::from_secs(2));

    let response = app.client.in_english().post("/api/open/search", json!({ "businessName": names(100, 8) })).await;
    assert_eq!(response.status(), StatusCode::OK);
    // repeats count once: 150 values of which 100 differ are fine
    let mut repeated = names(100, 8);
    repeated.extend(names(50, 8));
    let response = app.client.in_english().post("/api/open/search", json!({ "businessName": repeated })).await;
    assert_eq!(response.status(), StatusCode::OK);
    // the comma-separated form counts its parts
    let response = app.client.in_english().post("/api/open/search", json!({ "categoryCode": names(101, 3).join(",") })).await;
    assert_field_error(response, "categoryCode").await;

    let response = app.client.in_english().post("/api/open/search", json!({ "businessName": ["x".repeat(201)] })).await;
    assert_field_error(response, "businessName").await;
    let response = app.client.in_english().post("/api/open/search", json!({ "businessName": ["x".repeat(200)] })).await;
    assert_eq!(response.status(), StatusCode::OK);

    for field in ["cityCode", "typeOfEmployment", "workExperience", "languageCode"] {
        let response = app.client.in_english().post("/api/open/search", json!({ field: names(101, 4) })).await;
        assert_field_error(response, field).await;
    }
    let response = app.client.in_english().post("/api/open/search", json!({ "occupation": "k".repeat(201) })).await;
    assert_field_error(response, "occupation").await;
}

#[tokio::test]
async fn the_cv_search_caps_its_lists_and_text_too() {
    let app = spawn_app().await;
    app.employer_with_cv_access().await;
    for field in ["categoryCode", "cityCode", "languageCode", "educationLevel", "workExperience", "driverLicence", "typeOfEmployment"] {
        let response = app.client.in_english().post("/api/employer/search-cv", json!({ field: names(101, 4) })).await;
        assert_field_error(response, field).await;
    }
    let response = app.client.in_english().post("/api/employer/search-cv", json!({ "search": "k".repeat(201) })).await;
    assert_field_error(response, "search").await;
    let body = json!({ "search": "x".repeat(70 * 1024) }).to_string();
    assert_eq!(post_raw(&app.client, "/api/employer/search-cv", body).await.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn the_autocompletes_cap_their_text() {
    let app = spawn_app().await;
    let long = "a".repeat(101);
    let response = app.client.in_english().get(&format!("/api/open/search/employers/EE?search={long}")).await;
    assert_field_error(response, "search").await;
    let response = app.client.in_english().get(&format!("/api/open/search/employers/EE?search={}", "a".repeat(100))).await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = app.client.in_english().get(&format!("/api/open/companies/EE?search={long}")).await;
    assert_field_error(response, "search").await;
}

#[tokio::test]
async fn other_open_and_sign_in_calls_take_at_most_16_kib() {
    let app = spawn_app().await;
    let padding = "x".repeat(17 * 1024);
    for path in ["/api/auth/login", "/api/auth/register", "/api/auth/verify-otp"] {
        let body = json!({ "email": "a@example.ee", "code": "123456", "padding": padding }).to_string();
        let (status, error) = error_of(post_raw(&app.client, path, body).await).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{path}: {error}");
        assert_eq!(error["code"], "payload_too_large");
    }
    let token = app.client.xsrf().await;
    let body = json!({ "vacancyId": uuid::Uuid::new_v4(), "padding": padding }).to_string();
    let response = app
        .client
        .http
        .patch(app.client.url("/api/open/metrics/vacancy"))
        .header("x-xsrf-token", token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    // under the limit the call is read as before (padded with JSON whitespace: an unknown field
    // would be refused by name)
    let body = format!("{{\"email\": \"a@example.ee\"{}}}", " ".repeat(15 * 1024));
    assert_eq!(post_raw(&app.client, "/api/auth/login", body).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_nul_in_a_json_text_is_a_400_naming_the_field() {
    let app = spawn_app().await;
    let response = post_raw(&app.client.in_english(), "/api/open/search", r#"{"categoryCode":["a\u0000b"]}"#.to_string()).await;
    assert_field_error(response, "categoryCode[0]").await;
    let response = app.client.in_english().post("/api/open/search", json!({ "occupation": "kokk\u{1b}" })).await;
    assert_field_error(response, "occupation").await;
    let response = app.client.in_english().post("/api/auth/login", json!({ "email": "a\u{0}@example.ee" })).await;
    assert_field_error(response, "email").await;
}

#[tokio::test]
async fn a_nul_in_a_path_or_query_string_is_a_400_naming_it() {
    let app = spawn_app().await;
    let response = app.client.in_english().get("/api/open/vacancies/abc%00def").await;
    assert_field_error(response, "id").await;
    let response = app.client.in_english().get("/api/open/locations/00%0084").await;
    assert_field_error(response, "code").await;
    let response = app.client.in_english().get("/api/open/search/employers/EE?search=ab%00c").await;
    assert_field_error(response, "search").await;
    let response = app.client.in_english().get("/api/open/companies/EE?search=ab%01cd").await;
    assert_field_error(response, "search").await;
}

#[tokio::test]
async fn a_nul_in_a_cv_field_is_a_400_and_line_breaks_are_fine() {
    let app = spawn_app().await;
    let client = applicant(&app, "mari@example.ee").await;
    let mut cv = full_cv();
    cv["aboutMe"] = json!("Armastan\u{0} süüa teha.");
    assert_field_error(client.in_english().post("/api/applicant/cv", cv).await, "aboutMe").await;

    let mut cv = full_cv();
    cv["employmentHistories"][0]["description"] = json!("Soojad\u{7}road");
    assert_field_error(client.in_english().post("/api/applicant/cv", cv).await, "employmentHistories[0].description").await;

    let mut cv = full_cv();
    cv["aboutMe"] = json!("Armastan\r\n\tsüüa teha.");
    let response = client.post("/api/applicant/cv", cv).await;
    assert!(response.status().is_success(), "{}", response.text().await.unwrap());
}

#[tokio::test]
async fn sitemap_chunks_outside_plain_numbers_are_404() {
    let app = spawn_app().await;
    for name in ["vacancies--1.xml", "vacancies-+1.xml", "vacancies-99999999999999999999.xml", "vacancies-100001.xml", "companies--5.xml", "vacancies-1x.xml"] {
        let response = app.client.http.get(app.client.url(&format!("/sitemaps/{name}"))).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{name}");
    }
    let response = app.client.http.get(app.client.url("/sitemaps/vacancies-0.xml")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}
