//! The company a session acts for is re-checked against the staff on every employer call: an
//! employer taken off the staff loses the CV search, the company's interviews in the calendar and
//! the company's badge counts at once, although the session still names the company.

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{error_of, spawn_app};
use crate::search::{NewVacancy, publish};

fn iso(t: chrono::DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[tokio::test]
async fn an_employer_taken_off_the_staff_loses_the_cv_search_the_company_calendar_and_badges() {
    let app = spawn_app().await;
    app.employer_with_cv_access().await;
    let company_id: Uuid = sqlx::query_scalar("select id from companies where registry_code = '12345678'").fetch_one(&app.pool).await.unwrap();
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari: Uuid = sqlx::query_scalar("select id from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    sqlx::query("insert into applications (vacancy_id, applicant_user_id) values ($1, $2)").bind(vacancy).bind(mari).execute(&app.pool).await.unwrap();
    sqlx::query(
        "insert into interviews (company_id, vacancy_id, applicant_user_id, type, duration_minutes, status, starts_at)
         values ($1, $2, $3, 'ONLINE', 60, 'ACCEPTED', now() + interval '1 day')",
    )
    .bind(company_id)
    .bind(vacancy)
    .bind(mari)
    .execute(&app.pool)
    .await
    .unwrap();
    let calendar = format!("/api/user/events/my?start={}&end={}", iso(Utc::now()), iso(Utc::now() + Duration::days(7)));
    let search = json!({ "search": "kokk" });

    assert_eq!(app.client.post("/api/employer/search-cv", search.clone()).await.status(), StatusCode::OK);
    let entries: Vec<Value> = app.client.get(&calendar).await.json().await.unwrap();
    assert_eq!(entries.len(), 1, "the company's interview");
    let badges: Value = app.client.get("/api/user/menu-notifications").await.json().await.unwrap();
    assert_eq!(badges["applications"], 1);

    sqlx::query("delete from company_staff").execute(&app.pool).await.unwrap();

    let (status, error) = error_of(app.client.post("/api/employer/search-cv", search).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "the CV search");
    assert_eq!(error["code"], "access_denied");
    let response = app.client.get(&calendar).await;
    assert_eq!(response.status(), StatusCode::OK, "the own calendar stays");
    let entries: Vec<Value> = response.json().await.unwrap();
    assert!(entries.is_empty(), "the company's interviews are gone: {entries:?}");
    let badges: Value = app.client.get("/api/user/menu-notifications").await.json().await.unwrap();
    assert_eq!(badges["applications"], 0, "the company's badges are gone");
}
