use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{AppOptions, spawn_app, spawn_app_with};

async fn get_in(app: &crate::helpers::TestApp, path: &str, language: &str) -> Value {
    let response = app.client.http.get(app.client.url(path)).header("accept-language", language).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

#[tokio::test]
async fn every_code_list_answers_in_the_requested_language_with_et_as_fallback() {
    let app = spawn_app().await;
    let lists = [
        ("/api/open/periods", "periodType"),
        ("/api/open/employments", "employmentType"),
        ("/api/open/languages", "languageCode"),
        ("/api/open/proficiencies", "languageProficiency"),
        ("/api/open/education-levels", "educationLevel"),
        ("/api/open/driver-licences", "driverLicence"),
        ("/api/open/genders", "gender"),
        ("/api/open/work-experiences", "workExperienceType"),
        ("/api/open/skill-levels", "skillLevel"),
        ("/api/open/company-sizes", "companySize"),
    ];
    for (path, key) in lists {
        let et = get_in(&app, path, "et").await;
        let en = get_in(&app, path, "en-GB,en;q=0.9").await;
        let ru = get_in(&app, path, "ru").await;
        let fallback = get_in(&app, path, "de").await;
        assert!(!et.as_array().unwrap().is_empty(), "{path}");
        assert!(et[0][key].is_string(), "{path} items carry {key}");
        assert_eq!(et, fallback, "{path}: et is the fallback");
        assert_eq!(et[0][key], en[0][key], "{path}: same codes in every language");
        assert_ne!(et, ru, "{path}: Russian labels differ");
    }
    let genders = get_in(&app, "/api/open/genders", "en").await;
    assert!(genders.as_array().unwrap().iter().any(|g| g["gender"] == "FEMALE" && g["label"] == "Female"));
}

#[tokio::test]
async fn cities_come_tallinn_first_then_towns_then_the_rest() {
    let app = spawn_app().await;
    let cities = get_in(&app, "/api/open/addresses/EE/cities", "et").await;
    let names: Vec<&str> = cities.as_array().unwrap().iter().map(|c| c["address"].as_str().unwrap()).collect();
    assert_eq!(names[0], "Tallinn");
    assert_eq!(cities[0]["code"], "0784");
    assert_eq!(cities[0]["countryCode"], "EE");
    let first_other = names.iter().position(|n| !n.contains("linn") && *n != "Tallinn").unwrap();
    assert!(names[1..first_other].iter().all(|n| n.contains("linn")));
    assert!(names[first_other..].iter().all(|n| !n.contains("linn")));
    let mut linn = names[1..first_other].to_vec();
    linn.sort();
    assert_eq!(linn, names[1..first_other].to_vec(), "alphabetical");
    assert!(names.contains(&"Harku vald") && names.contains(&"Tartu linn"));

    let ru = get_in(&app, "/api/open/addresses/EE/cities", "ru").await;
    assert_eq!(ru[0]["address"], "Таллинн");
}

#[tokio::test]
async fn settings_ui_lists_the_locales() {
    let app = spawn_app().await;
    let settings = get_in(&app, "/api/open/settings-ui", "et").await;
    assert_eq!(settings["locales"], serde_json::json!(["et", "en", "ru"]));
    assert_eq!(settings["devMode"], true);
}

#[tokio::test]
async fn settings_ui_says_when_the_server_is_not_in_dev_mode() {
    let app = spawn_app_with(AppOptions { prod: true, ..AppOptions::default() }).await;
    let settings = get_in(&app, "/api/open/settings-ui", "et").await;
    assert_eq!(settings["devMode"], false);
}

#[tokio::test]
async fn the_openapi_document_covers_every_route() {
    let app = spawn_app().await;
    let doc = get_in(&app, "/api/openapi.json", "et").await;
    let paths = doc["paths"].as_object().unwrap();
    for (method, path) in [
        ("post", "/api/auth/login"),
        ("post", "/api/auth/register"),
        ("post", "/api/auth/verify-otp"),
        ("get", "/api/auth/logout"),
        ("post", "/api/auth/{countryCode}/{registryCode}"),
        ("get", "/api/open/me"),
        ("get", "/api/open/companies/{countryCode}"),
        ("post", "/api/user/profile"),
        ("post", "/api/user/register-applicant"),
        ("post", "/api/user/companies/{countryCode}/{registryCode}/register"),
        ("get", "/api/employer/my-companies"),
        ("get", "/api/admin/represent/{username}"),
        ("get", "/api/admin/be-original"),
        ("get", "/api/open/addresses/{countryCode}/cities"),
        ("get", "/api/open/addresses/{countryCode}/geo/{adrId}"),
        ("get", "/api/open/settings-ui"),
    ] {
        let operation = &paths[path][method];
        assert!(operation.is_object(), "{method} {path} is documented");
        assert!(operation["responses"]["200"].is_object() || operation["responses"]["204"].is_object(), "{method} {path}");
    }
    assert!(doc["components"]["schemas"]["Me"].is_object());
    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    for reference in refs {
        let name = reference.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("unexpected $ref {reference}"));
        assert!(doc["components"]["schemas"][name].is_object(), "$ref {reference} resolves");
    }
    assert!(doc["components"]["schemas"]["ErrorBody"].is_object());
    // without a web build (as here) the reference page says where the document is; with one it
    // serves Scalar (security_headers::the_api_reference_is_served_from_the_app_s_origin_only)
    let docs = app.client.http.get(app.client.url("/api/docs")).send().await.unwrap();
    assert_eq!(docs.status(), StatusCode::NOT_FOUND);
    assert!(docs.text().await.unwrap().contains("/api/openapi.json"));
}

#[tokio::test]
async fn every_operation_has_an_id_of_its_own() {
    // utoipa names an operation after its handler function: two handlers of one name in different
    // route files give two operations one id, and the web's generated types then describe only one
    let app = spawn_app().await;
    let doc = get_in(&app, "/api/openapi.json", "et").await;
    let mut seen: std::collections::BTreeMap<String, String> = std::collections::BTreeMap::new();
    let mut clashes = Vec::new();
    for (path, operations) in doc["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let Some(id) = operation.get("operationId").and_then(|id| id.as_str()) else { continue };
            let here = format!("{method} {path}");
            if let Some(first) = seen.insert(id.to_owned(), here.clone()) {
                clashes.push(format!("{id}: {first} and {here}"));
            }
        }
    }
    assert!(clashes.is_empty(), "operation ids used twice: {clashes:#?}");
}

#[tokio::test]
async fn health_readiness_and_metrics_answer() {
    let app = spawn_app().await;
    let health = app.client.http.get(app.client.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    let ready: Value = app.client.http.get(app.client.url("/readyz")).send().await.unwrap().json().await.unwrap();
    assert_eq!(ready, serde_json::json!({ "postgres": true, "redis": true }));
    app.client.http.get(app.client.url("/api/open/me")).send().await.unwrap();
    let metrics = app.client.http.get(app.client.url("/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("http_requests_total"));
}

/// Histogram observations wait in the recorder until drained, and nothing scrapes `/metrics` in
/// dev or in a deployment without Prometheus: a thread drains them (api::metrics_handle). Its
/// presence is checked here. A new thread names itself once it runs (until then `/proc` shows its
/// parent's name), so the check looks again for a while before it fails.
#[tokio::test]
async fn the_metrics_recorder_is_drained_by_its_upkeep_thread_without_a_scraper() {
    let _app = spawn_app().await;
    let threads = || -> Vec<String> {
        std::fs::read_dir("/proc/self/task")
            .unwrap()
            .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
            .map(|name| name.trim().to_owned())
            .collect()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let mut seen = threads();
    while !seen.iter().any(|name| name == api::METRICS_UPKEEP_THREAD) && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        seen = threads();
    }
    assert!(seen.iter().any(|name| name == api::METRICS_UPKEEP_THREAD), "no {} thread among {seen:?}", api::METRICS_UPKEEP_THREAD);
}

fn collect_refs(value: &Value, refs: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                match (key.as_str(), child) {
                    ("$ref", Value::String(target)) => refs.push(target.clone()),
                    _ => collect_refs(child, refs),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_refs(item, refs)),
        _ => {}
    }
}
