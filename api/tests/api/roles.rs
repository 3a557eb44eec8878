use reqwest::StatusCode;

use crate::helpers::{TestClient, spawn_app};

/// One call of each guarded area.
const AREAS: [(&str, &str); 4] = [
    ("user", "/api/user/register-applicant"),
    ("applicant", "/api/applicant/cv/my"),
    ("employer", "/api/employer/my-companies"),
    ("admin", "/api/admin/represent/someone@example.ee"),
];

async fn status_of(client: &TestClient, path: &str) -> StatusCode {
    if path.contains("register-applicant") { client.post_empty(path).await.status() } else { client.get(path).await.status() }
}

#[tokio::test]
async fn a_visitor_gets_401_in_every_guarded_area() {
    let app = spawn_app().await;
    for (area, path) in AREAS {
        assert_eq!(status_of(&app.client, path).await, StatusCode::UNAUTHORIZED, "{area}");
    }
    let body: serde_json::Value = app.client.in_english().get("/api/employer/my-companies").await.json().await.unwrap();
    assert_eq!(body["message"], "Unauthorized");
}

#[tokio::test]
async fn a_plain_user_gets_403_outside_the_user_area() {
    let app = spawn_app().await;
    app.client.sign_in("plain@example.ee").await;
    for (area, path) in &AREAS[1..] {
        assert_eq!(status_of(&app.client, path).await, StatusCode::FORBIDDEN, "{area}");
    }
    let body: serde_json::Value = app.client.in_english().get("/api/admin/represent/x@example.ee").await.json().await.unwrap();
    assert_eq!(body["message"], "Access denied");
}

#[tokio::test]
async fn an_applicant_gets_403_in_the_employer_and_admin_areas() {
    let app = spawn_app().await;
    app.create_user("applicant@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("applicant@example.ee").await;
    assert_eq!(status_of(&app.client, AREAS[2].1).await, StatusCode::FORBIDDEN);
    assert_eq!(status_of(&app.client, AREAS[3].1).await, StatusCode::FORBIDDEN);
    // inside its own area it passes the guard
    assert_eq!(status_of(&app.client, AREAS[1].1).await, StatusCode::OK);
}

#[tokio::test]
async fn an_employer_gets_403_in_the_applicant_and_admin_areas() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    assert_eq!(status_of(&app.client, AREAS[1].1).await, StatusCode::FORBIDDEN);
    assert_eq!(status_of(&app.client, AREAS[3].1).await, StatusCode::FORBIDDEN);
    assert_eq!(status_of(&app.client, AREAS[2].1).await, StatusCode::OK);
}

#[tokio::test]
async fn admins_and_supervisors_enter_the_admin_area_but_not_the_employer_area() {
    let app = spawn_app().await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    app.create_user("supervisor@example.ee", &["SUPERVISOR"]).await;
    for email in ["admin@example.ee", "supervisor@example.ee"] {
        let client = app.new_client();
        client.sign_in(email).await;
        assert_eq!(status_of(&client, AREAS[3].1).await, StatusCode::NOT_FOUND, "{email}: past the guard, unknown user");
        assert_eq!(status_of(&client, AREAS[2].1).await, StatusCode::FORBIDDEN, "{email}");
        assert_eq!(status_of(&client, AREAS[1].1).await, StatusCode::FORBIDDEN, "{email}");
    }
}
