//! The administrators' companies list: search, paging, the contract flag, and who may use them.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, error_of, spawn_app};

async fn patch_contract(app: &TestApp, path: &str, body: &str) -> reqwest::Response {
    let token = app.client.xsrf().await;
    app.client
        .http
        .patch(app.client.url(path))
        .header("x-xsrf-token", token)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap()
}

async fn companies(app: &TestApp, query: &str) -> Value {
    let response = app.client.get(&format!("/api/admin/company/EE{query}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn administrators_find_companies_by_name_or_registry_code_and_page_through_them() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ"), ("87654321", "Lõuna Ehitus AS")]).await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    app.client.sign_in("admin@vakants.ee").await;

    let all = companies(&app, "").await;
    assert_eq!(all["totalElements"], 2);
    let first = &all["content"][0];
    assert_eq!(first["supervisor"], "boss@firma.ee");
    assert_eq!(first["staffCount"], 1);
    assert_eq!(first["activeVacancies"], 0);
    assert_eq!(first["hasContract"], false);

    let by_name = companies(&app, "?search=%20k%C3%B6%C3%B6k%20").await;
    assert_eq!(by_name["totalElements"], 1, "trimmed, any case: {by_name}");
    assert_eq!(by_name["content"][0]["businessName"], "Põhja Köök OÜ");
    let by_code = companies(&app, "?search=8765").await;
    assert_eq!(by_code["content"][0]["registryCode"], "87654321");
    assert_eq!(companies(&app, "?search=4321").await["totalElements"], 0, "a registry code matches from its start");
    assert_eq!(companies(&app, "?search=%25").await["totalElements"], 0, "% is a plain character");

    let paged = companies(&app, "?size=1&page=1").await;
    assert_eq!(paged["totalPages"], 2);
    assert_eq!(paged["content"].as_array().unwrap().len(), 1);
    let (status, body) = error_of(app.client.get("/api/admin/company/EE?size=0").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["field"], "size");
    let long = "x".repeat(101);
    let (status, body) = error_of(app.client.get(&format!("/api/admin/company/EE?search={long}")).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["field"], "search");
}

#[tokio::test]
async fn the_contract_flag_is_set_by_administrators_and_audited() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    app.client.sign_in("admin@vakants.ee").await;

    let response = patch_contract(&app, "/api/admin/company/EE/12345678/hasContract", "true").await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(companies(&app, "").await["content"][0]["hasContract"], true);
    let audited: i64 = sqlx::query_scalar("select count(*) from audit_log where action = 'company.has_contract'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 1);

    let (status, _) = error_of(patch_contract(&app, "/api/admin/company/EE/12345678/hasContract", "\"yes\"").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = error_of(patch_contract(&app, "/api/admin/company/EE/99999999/hasContract", "false").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(companies(&app, "").await["content"][0]["hasContract"], true, "nothing saved is lost");
}

#[tokio::test]
async fn only_administrators_reach_the_companies_list() {
    let app = spawn_app().await;
    let (status, _) = error_of(app.client.get("/api/admin/company/EE").await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.client.sign_in("boss@firma.ee").await;
    let (status, _) = error_of(app.client.get("/api/admin/company/EE").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = error_of(patch_contract(&app, "/api/admin/company/EE/12345678/hasContract", "true").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let flag: bool = sqlx::query_scalar("select has_contract from companies").fetch_one(&app.pool).await.unwrap();
    assert!(!flag);
}
