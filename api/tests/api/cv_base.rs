//! The CV database screen's calls: what it holds, saved CVs, opening a CV (its views, and which
//! companies viewed it), adding a CV to a vacancy, and the 14-day retention of CV-database vacancies.

use chrono::{DateTime, TimeDelta, Utc};
use domain::cvs::to_vacancy::expire_after_access;
use domain::vacancies::states::CV_BASE_KEPT_AFTER_ACCESS;
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::candidates::{company_id, patch};
use crate::cvs::{applicant, full_cv, save_ok, search_until};
use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};
use crate::search::{NewVacancy, publish};

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

/// An applicant with a finished visible CV (in the database at once: these rules read Postgres,
/// not the index); answers the signed-in applicant and the CV's id.
async fn cv_in_database(app: &TestApp, email: &str) -> (TestClient, String) {
    let owner = applicant(app, email).await;
    let id = save_ok(&owner, full_cv()).await["cvId"].as_str().unwrap().to_string();
    (owner, id)
}

async fn open_cv(client: &TestClient, cv: &str) -> StatusCode {
    patch(client, "/api/open/metrics/cv", json!({ "cvId": cv, "viewDate": Utc::now() })).await.status()
}

async fn view_rows(app: &TestApp) -> Vec<(i32,)> {
    sqlx::query_as("select count from cv_views order by created_at").fetch_all(&app.pool).await.unwrap()
}

#[tokio::test]
async fn every_opening_counts_a_view_for_the_company_and_the_owner_sees_which_companies_viewed() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let (mari, cv) = cv_in_database(&app, "mari@example.ee").await;
    let path = format!("/api/applicant/cv/{cv}/views");
    let none: Value = mari.get(&path).await.json().await.unwrap();
    assert_eq!(none, json!([]), "no company has opened it yet");

    assert_eq!(open_cv(&app.client, &cv).await, StatusCode::NO_CONTENT);
    assert_eq!(open_cv(&app.client, &cv).await, StatusCode::NO_CONTENT);
    assert_eq!(open_cv(&mari, &cv).await, StatusCode::NO_CONTENT, "the owner may open it");
    assert_eq!(view_rows(&app).await, vec![(2,)], "one counter per CV, company and day; the owner's opening not counted");

    let today: String = sqlx::query_scalar("select ((now() at time zone 'Europe/Tallinn')::date)::text").fetch_one(&app.pool).await.unwrap();
    let views: Value = mari.get(&path).await.json().await.unwrap();
    assert_eq!(views, json!([{ "businessName": "Näide OÜ", "lastViewedOn": today, "views": 2 }]));

    let jaan = applicant(&app, "jaan@example.ee").await;
    assert_eq!(jaan.get(&path).await.status(), StatusCode::NOT_FOUND, "another applicant's CV");
    assert_eq!(app.client.get(&path).await.status(), StatusCode::FORBIDDEN, "the applicant area");
    assert_eq!(app.new_client().get(&path).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn only_a_caller_who_may_read_the_cv_counts_a_view_and_anyone_else_is_told_not_found() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let (mari, cv) = cv_in_database(&app, "mari@example.ee").await;

    assert_eq!(open_cv(&app.new_client(), &cv).await, StatusCode::NOT_FOUND, "a visitor");
    let jaan = applicant(&app, "jaan@example.ee").await;
    assert_eq!(open_cv(&jaan, &cv).await, StatusCode::NOT_FOUND, "another applicant");
    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    assert_eq!(open_cv(&other, &cv).await, StatusCode::NOT_FOUND, "a company without access");
    assert_eq!(open_cv(&app.client, &Uuid::new_v4().to_string()).await, StatusCode::NOT_FOUND, "an unknown CV");
    let (status, body) = error_of(patch(&app.client, "/api/open/metrics/cv", json!({ "cvId": "nope" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    let mut hidden = full_cv();
    hidden["cvId"] = json!(cv);
    hidden["visibility"] = json!("HIDDEN");
    save_ok(&mari, hidden).await;
    assert_eq!(open_cv(&app.client, &cv).await, StatusCode::NOT_FOUND, "hidden: out of the database");
    assert!(view_rows(&app).await.is_empty(), "nothing counted");
}

async fn cv_base_vacancy(client: &TestClient, label: &str) -> String {
    let vacancy: Value = client.post("/api/employer/vacancies/cv-base", json!({ "occupationLabel": label })).await.json().await.unwrap();
    vacancy["id"].as_str().unwrap_or_else(|| panic!("a vacancy: {vacancy}")).to_string()
}

async fn add_cv(client: &TestClient, vacancy: &str, cv: &str) -> reqwest::Response {
    client.post(&format!("/api/employer/vacancies/{vacancy}/cvs"), json!({ "cvId": cv })).await
}

async fn candidates_of(client: &TestClient, vacancy: &str) -> Vec<Value> {
    let list: Value = client.get(&format!("/api/employer/vacancies/{vacancy}/applications")).await.json().await.unwrap();
    list.as_array().unwrap_or_else(|| panic!("a list: {list}")).clone()
}

#[tokio::test]
async fn a_cv_added_to_the_cv_database_vacancy_is_its_candidate_and_a_repeat_names_the_vacancy() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let (mari, cv) = cv_in_database(&app, "mari@example.ee").await;
    let vacancy = cv_base_vacancy(&app.client, "Laotöötajad").await;

    let response = add_cv(&app.client, &vacancy, &cv).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let added: Value = response.json().await.unwrap();
    assert_eq!((added["vacancyId"].as_str(), added["vacancyLabel"].as_str()), (Some(vacancy.as_str()), Some("Laotöötajad")));
    let list = candidates_of(&app.client, &vacancy).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["applicationId"], added["applicationId"]);
    assert_eq!((list[0]["cv"]["cvId"].as_str(), list[0]["addedFromCvDatabase"].as_bool()), (Some(cv.as_str()), Some(true)));
    assert_eq!(list[0]["applicant"]["firstname"], "Test");

    let (status, body) = error_of(add_cv(&app.client.in_english(), &vacancy, &cv).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["code"], "cv_already_added");
    assert_eq!(body["message"], "This user has already been added to Laotöötajad");
    assert_eq!(candidates_of(&app.client, &vacancy).await.len(), 1, "still one");

    let mine: Value = mari.get("/api/applicant/applications/my?status=all").await.json().await.unwrap();
    assert_eq!(mine.as_array().map(Vec::len), Some(0), "the applicant did not apply: {mine}");
}

#[tokio::test]
async fn a_cv_is_added_to_an_active_vacancy_and_again_after_the_company_deleted_the_candidate() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let (_mari, cv) = cv_in_database(&app, "mari@example.ee").await;
    let company = company_id(&app, "12345678").await;
    let vacancy = publish(&app, company, NewVacancy::default(), true).await.to_string();

    let added: Value = add_cv(&app.client, &vacancy, &cv).await.json().await.unwrap();
    let application = added["applicationId"].as_str().unwrap();
    assert_eq!(added["vacancyLabel"], "Kokk", "the occupation in the request's language");
    let status = patch(&app.client, &format!("/api/user/applications/{application}/status"), json!({ "status": "DELETED" })).await;
    assert_eq!(status.status(), StatusCode::NO_CONTENT);
    assert!(candidates_of(&app.client, &vacancy).await.is_empty());
    assert_eq!(add_cv(&app.client, &vacancy, &cv).await.status(), StatusCode::CREATED, "deleted from the list: may be added again");
    assert_eq!(candidates_of(&app.client, &vacancy).await.len(), 1);
}

#[tokio::test]
async fn adding_needs_access_a_vacancy_of_the_company_open_to_it_and_a_cv_of_the_database() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let (mari, cv) = cv_in_database(&app, "mari@example.ee").await;
    let vacancy = cv_base_vacancy(&app.client, "Kokad").await;
    let company = company_id(&app, "12345678").await;

    assert_eq!(add_cv(&app.client, &vacancy, &Uuid::new_v4().to_string()).await.status(), StatusCode::NOT_FOUND, "an unknown CV");
    assert_eq!(add_cv(&app.client, &Uuid::new_v4().to_string(), &cv).await.status(), StatusCode::NOT_FOUND, "an unknown vacancy");
    let draft: Uuid = sqlx::query_scalar("insert into vacancies (company_id, status) values ($1, 'TEMPORARY') returning id")
        .bind(company)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let (status, body) = error_of(add_cv(&app.client, &draft.to_string(), &cv).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("vacancyId")), "a draft");
    let (status, _) = error_of(app.client.post(&format!("/api/employer/vacancies/{vacancy}/cvs"), json!({ "cvId": "nope" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // another company: its own CV-database vacancy needs access; ours is not found to it
    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    let theirs = cv_base_vacancy(&other, "Kokad").await;
    let (status, body) = error_of(add_cv(&other, &theirs, &cv).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("cv_database_access_required")));
    sqlx::query(
        "insert into services (company_id, type, product_code, status, starts_at, ends_at)
         select id, 'CV', 'CV_BASE_DAY', 'ACTIVE', now() - interval '1 day', now() + interval '6 days' from companies where registry_code = '87654321'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    assert_eq!(add_cv(&other, &vacancy, &cv).await.status(), StatusCode::NOT_FOUND, "another company's vacancy");
    assert_eq!(add_cv(&other, &theirs, &cv).await.status(), StatusCode::CREATED);

    let mut hidden = full_cv();
    hidden["cvId"] = json!(cv);
    hidden["visibility"] = json!("HIDDEN");
    save_ok(&mari, hidden).await;
    assert_eq!(add_cv(&app.client, &vacancy, &cv).await.status(), StatusCode::NOT_FOUND, "hidden: out of the database");
    assert_eq!(app.new_client().post(&format!("/api/employer/vacancies/{vacancy}/cvs"), json!({ "cvId": cv })).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(add_cv(&mari, &vacancy, &cv).await.status(), StatusCode::FORBIDDEN, "an applicant");
}

/// Sets the company's one CV service to have run from `starts_at` to `ends_at`, as the services
/// clock leaves it.
async fn access_ran(app: &TestApp, starts_at: DateTime<Utc>, ends_at: DateTime<Utc>, status: &str) {
    sqlx::query("update services set starts_at = $1, ends_at = $2, status = $3 where type = 'CV'")
        .bind(starts_at)
        .bind(ends_at)
        .bind(status)
        .execute(&app.pool)
        .await
        .unwrap();
}

#[tokio::test]
async fn cvs_in_a_cv_database_vacancy_stay_fourteen_days_after_access_ends_and_then_leave_the_lists() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let (_mari, cv) = cv_in_database(&app, "mari@example.ee").await;
    let vacancy = cv_base_vacancy(&app.client, "Laotöötajad").await;
    let company = company_id(&app, "12345678").await;
    let active = publish(&app, company, NewVacancy::default(), true).await.to_string();
    assert_eq!(add_cv(&app.client, &vacancy, &cv).await.status(), StatusCode::CREATED);
    assert_eq!(add_cv(&app.client, &active, &cv).await.status(), StatusCode::CREATED);
    let added_at: DateTime<Utc> = sqlx::query_scalar("select max(created_at) from applications").fetch_one(&app.pool).await.unwrap();

    // the access ended a day after the CVs were added; the clock is fixed from there
    let ended = added_at + TimeDelta::days(1);
    access_ran(&app, added_at - TimeDelta::days(6), ended, "FINISHED").await;
    let kept = CV_BASE_KEPT_AFTER_ACCESS;
    assert_eq!(expire_after_access(&app.pool, ended).await.unwrap(), 0, "the day access ends");
    assert_eq!(expire_after_access(&app.pool, ended + kept - TimeDelta::seconds(1)).await.unwrap(), 0, "the last second of day 14");
    assert_eq!(expire_after_access(&app.pool, ended + kept).await.unwrap(), 1, "gone on day 14");
    assert_eq!(expire_after_access(&app.pool, ended + kept).await.unwrap(), 0, "a second run removes nothing");

    assert!(candidates_of(&app.client, &vacancy).await.is_empty(), "the CV-database vacancy's list");
    assert_eq!(candidates_of(&app.client, &active).await.len(), 1, "an active vacancy's candidates follow the 30-day rule instead");
}

#[tokio::test]
async fn new_access_keeps_the_cvs_and_a_cancelled_service_counts_for_nothing() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let (_mari, cv) = cv_in_database(&app, "mari@example.ee").await;
    let vacancy = cv_base_vacancy(&app.client, "Laotöötajad").await;
    assert_eq!(add_cv(&app.client, &vacancy, &cv).await.status(), StatusCode::CREATED);
    let added_at: DateTime<Utc> = sqlx::query_scalar("select created_at from applications").fetch_one(&app.pool).await.unwrap();
    let kept = CV_BASE_KEPT_AFTER_ACCESS;
    let later = added_at + TimeDelta::days(60);

    // a service at work at the fixed clock keeps them, however long ago they were added
    access_ran(&app, later - TimeDelta::days(1), later + TimeDelta::days(1), "ACTIVE").await;
    assert_eq!(expire_after_access(&app.pool, later).await.unwrap(), 0);
    // a withdrawn service never gave access: only the 14 days from the adding keep them
    access_ran(&app, added_at, later + TimeDelta::days(1), "CANCELLED").await;
    assert_eq!(expire_after_access(&app.pool, added_at + kept - TimeDelta::seconds(1)).await.unwrap(), 0);
    assert_eq!(expire_after_access(&app.pool, added_at + kept).await.unwrap(), 1);
}
