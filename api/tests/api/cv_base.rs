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
