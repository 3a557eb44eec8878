//! The CV database screen's calls: what it holds, saved CVs, adding a CV to a vacancy.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::cvs::{applicant, full_cv, save_ok, search_until};
use crate::helpers::{AppOptions, TestApp, error_of, spawn_app, spawn_app_with};

/// A finished visible CV found by its word; returns its id.
async fn findable_cv(app: &TestApp, email: &str, word: &str) -> String {
    let owner = applicant(app, email).await;
    let mut cv = full_cv();
    cv["skills"][0]["skill"] = json!(word);
    let id = save_ok(&owner, cv).await["cvId"].as_str().unwrap().to_string();
    search_until(app, &word.to_lowercase(), &[&id]).await;
    id
}

#[tokio::test]
async fn the_summary_counts_the_database_for_a_company_without_access_and_names_no_one() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    findable_cv(&app, "mari@example.ee", "Sushimeister").await;

    let with_access: Value = app.client.get("/api/employer/cv-base/summary").await.json().await.unwrap();
    assert_eq!((with_access["access"].as_bool(), with_access["total"].as_u64()), (Some(true), Some(1)));

    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    let response = other.get("/api/employer/cv-base/summary").await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.unwrap();
    assert!(!text.contains("Mari") && !text.contains("Maasikas"), "counts only: {text}");
    let summary: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((summary["access"].as_bool(), summary["total"].as_u64()), (Some(false), Some(1)));
    assert!(summary["categoryCode"].as_object().unwrap().values().any(|n| n == 1), "{summary}");
    let (status, body) = error_of(other.post("/api/employer/search-cv", json!({ "search": "sushimeister" })).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("cv_database_access_required")));
}

#[tokio::test]
async fn the_summary_is_for_employers_only() {
    let app = spawn_app().await;
    assert_eq!(app.new_client().get("/api/employer/cv-base/summary").await.status(), StatusCode::UNAUTHORIZED);
    let mari = applicant(&app, "mari@example.ee").await;
    assert_eq!(mari.get("/api/employer/cv-base/summary").await.status(), StatusCode::FORBIDDEN);
}

async fn saved_ids(client: &crate::helpers::TestClient) -> Vec<String> {
    let list: Value = client.get("/api/employer/favourites-cv").await.json().await.unwrap();
    list.as_array().unwrap_or_else(|| panic!("a list: {list}")).iter().map(|cv| cv["cvId"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn a_company_saves_cvs_of_the_database_and_removes_them() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let cook = findable_cv(&app, "mari@example.ee", "Sushimeister").await;
    let welder = findable_cv(&app, "jaan@example.ee", "Keevitaja").await;

    assert_eq!(app.client.post_empty(&format!("/api/employer/favourites-cv/{cook}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.client.post_empty(&format!("/api/employer/favourites-cv/{cook}")).await.status(), StatusCode::NO_CONTENT, "again: no change");
    assert_eq!(app.client.post("/api/employer/favourites-cv", json!({ "cvIds": [welder, cook] })).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(saved_ids(&app.client).await, vec![welder.clone(), cook.clone()], "the last saved first");
    let list: Value = app.client.get("/api/employer/favourites-cv").await.json().await.unwrap();
    assert_eq!((list[1]["title"].as_str(), list[1]["firstname"].as_str()), (Some("Kogenud kokk"), Some("Mari")));

    let path = format!("/api/employer/favourites-cv?cvId={cook}");
    assert_eq!(app.client.delete(&path).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.client.delete(&path).await.status(), StatusCode::NOT_FOUND, "no longer saved");
    assert_eq!(saved_ids(&app.client).await, vec![welder]);
}

#[tokio::test]
async fn saving_needs_access_a_cv_of_the_database_and_a_list_of_one_to_a_hundred() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let cook = findable_cv(&app, "mari@example.ee", "Sushimeister").await;

    let unknown = uuid::Uuid::new_v4();
    assert_eq!(app.client.post_empty(&format!("/api/employer/favourites-cv/{unknown}")).await.status(), StatusCode::NOT_FOUND);
    let (status, body) = error_of(app.client.post("/api/employer/favourites-cv", json!({ "cvIds": [cook, unknown] })).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(saved_ids(&app.client).await.is_empty(), "nothing saved when one is unknown");
    let (status, body) = error_of(app.client.post("/api/employer/favourites-cv", json!({ "cvIds": [] })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("cvIds")));
    let (status, _) = error_of(app.client.post("/api/employer/favourites-cv", json!({ "cvIds": ["nope"] })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    let (status, body) = error_of(other.post_empty(&format!("/api/employer/favourites-cv/{cook}")).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("cv_database_access_required")));
}

#[tokio::test]
async fn another_companys_saved_cvs_are_not_seen_or_removed() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let cook = findable_cv(&app, "mari@example.ee", "Sushimeister").await;
    app.client.post_empty(&format!("/api/employer/favourites-cv/{cook}")).await;

    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    assert!(saved_ids(&other).await.is_empty());
    assert_eq!(other.delete(&format!("/api/employer/favourites-cv?cvId={cook}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(saved_ids(&app.client).await, vec![cook]);
    assert_eq!(app.new_client().get("/api/employer/favourites-cv").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_cv_hidden_by_its_owner_or_whose_owner_deleted_the_account_leaves_every_saved_list() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let mut cv = full_cv();
    cv["skills"][0]["skill"] = json!("Sushimeister");
    let cook = save_ok(&mari, cv.clone()).await["cvId"].as_str().unwrap().to_string();
    let welder = findable_cv(&app, "jaan@example.ee", "Keevitaja").await;
    search_until(&app, "sushimeister", &[&cook]).await;
    app.client.post("/api/employer/favourites-cv", json!({ "cvIds": [cook, welder] })).await;
    assert_eq!(saved_ids(&app.client).await.len(), 2);

    cv["cvId"] = json!(cook);
    cv["visibility"] = json!("HIDDEN");
    save_ok(&mari, cv).await;
    assert_eq!(saved_ids(&app.client).await, vec![welder.clone()], "hidden: gone at once");

    sqlx::query("update users set deleted_at = now() where username = 'jaan@example.ee'").execute(&app.pool).await.unwrap();
    assert!(saved_ids(&app.client).await.is_empty(), "the owner's account deleted: gone");
}
