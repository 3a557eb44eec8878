//! The audit log for administrators: every administrator write and "log in as" with who, when,
//! what and the target, listed and filtered by `GET /api/admin/audit`.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{error_of, spawn_app};

#[tokio::test]
async fn administrator_writes_and_log_in_as_are_listed_newest_first_and_filtered() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let admin = app.new_client();
    admin.sign_in("admin@vakants.ee").await;

    let token = admin.xsrf().await;
    let contract = admin
        .http
        .patch(admin.url("/api/admin/company/EE/12345678/hasContract"))
        .header("x-xsrf-token", token)
        .header("content-type", "application/json")
        .body("true")
        .send()
        .await
        .unwrap();
    assert_eq!(contract.status(), StatusCode::NO_CONTENT);
    let price = admin.put("/api/admin/company/EE/12345678/product", json!({ "productCode": "BRANDING", "discount": 0.5 })).await;
    assert_eq!(price.status(), StatusCode::NO_CONTENT);
    assert_eq!(admin.get("/api/admin/represent/boss@firma.ee").await.status(), StatusCode::OK);
    assert_eq!(admin.get("/api/admin/be-original").await.status(), StatusCode::OK);

    let log: Value = admin.get("/api/admin/audit").await.json().await.unwrap();
    let actions: Vec<&str> = log["content"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions[..4], ["impersonation.end", "impersonation.start", "company.product_price", "company.has_contract"], "{log}");
    let start = &log["content"][1];
    assert_eq!((start["actor"].clone(), start["targetUser"].clone()), (json!("admin@vakants.ee"), json!("boss@firma.ee")));
    let priced = &log["content"][2];
    assert_eq!(priced["targetCompany"], json!({ "countryCode": "EE", "registryCode": "12345678", "businessName": "Põhja Köök OÜ" }));
    assert_eq!((priced["details"]["code"].clone(), priced["details"]["discount"].clone()), (json!("BRANDING"), json!(0.5)));
    assert!(priced["createdAt"].is_string());

    let only_impersonation: Value = admin.get("/api/admin/audit?action=impersonation.").await.json().await.unwrap();
    assert_eq!(only_impersonation["totalElements"], 2);
    let by_target: Value = admin.get("/api/admin/audit?target=k%C3%B6%C3%B6k&action=company.").await.json().await.unwrap();
    assert_eq!(by_target["totalElements"], 2);
    let by_actor: Value = admin.get("/api/admin/audit?actor=nobody").await.json().await.unwrap();
    assert_eq!(by_actor["totalElements"], 0);
    let paged: Value = admin.get("/api/admin/audit?size=1&page=1").await.json().await.unwrap();
    assert_eq!(paged["content"][0]["action"], "impersonation.start");
    for (query, field) in [("size=0", "size"), ("from=2026-02-01&to=2026-01-01", "to")] {
        let (status, body) = error_of(admin.get(&format!("/api/admin/audit?{query}")).await).await;
        assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)), "{query}");
    }

    let employer = app.new_client();
    employer.sign_in("boss@firma.ee").await;
    assert_eq!(error_of(employer.get("/api/admin/audit").await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(app.new_client().get("/api/admin/audit").await).await.0, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_company_screen_and_a_person_screen_get_their_own_entries() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ"), ("87654321", "Lõuna Ehitus AS")]).await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let admin = app.new_client();
    admin.sign_in("admin@vakants.ee").await;
    for registry_code in ["12345678", "87654321"] {
        let path = format!("/api/admin/company/EE/{registry_code}/comments");
        assert_eq!(admin.post(&path, json!({ "body": "Märkus" })).await.status(), StatusCode::CREATED);
    }
    assert_eq!(admin.get("/api/admin/represent/boss@firma.ee").await.status(), StatusCode::OK);
    assert_eq!(admin.get("/api/admin/be-original").await.status(), StatusCode::OK);
    let detail: Value = admin.get("/api/admin/company/EE/12345678").await.json().await.unwrap();
    let company = detail["companyId"].as_str().unwrap();
    let boss: uuid::Uuid = sqlx::query_scalar("select id from users where username = 'boss@firma.ee'").fetch_one(&app.pool).await.unwrap();
    let admin_id: uuid::Uuid = sqlx::query_scalar("select id from users where username = 'admin@vakants.ee'").fetch_one(&app.pool).await.unwrap();

    let own: Value = admin.get(&format!("/api/admin/audit?companyId={company}")).await.json().await.unwrap();
    let registry_codes: Vec<&Value> = own["content"].as_array().unwrap().iter().map(|e| &e["targetCompany"]["registryCode"]).collect();
    // "log in as" acted for the first company by name, Lõuna Ehitus: only the comment is about Põhja Köök
    assert_eq!(registry_codes, vec![&json!("12345678")], "{own}");

    let person: Value = admin.get(&format!("/api/admin/audit?userId={boss}")).await.json().await.unwrap();
    let actions: Vec<&str> = person["content"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["impersonation.end", "impersonation.start"], "entries about the person: {person}");
    let actor: Value = admin.get(&format!("/api/admin/audit?userId={admin_id}&action=company.")).await.json().await.unwrap();
    assert_eq!(actor["totalElements"], 2, "entries the person made: {actor}");
    let (status, body) = error_of(admin.get("/api/admin/audit?companyId=nonsense").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}
