use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{error_of, spawn_app};

async fn audit_actions(pool: &sqlx::PgPool) -> Vec<(String, String, String)> {
    sqlx::query_as(
        "select a.action, actor.username, target.username from audit_log a
         join users actor on actor.id = a.actor_user_id join users target on target.id = a.target_user_id
         where a.action like 'impersonation.%' order by a.id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn an_admin_acts_as_an_employer_and_returns_with_audit_rows() {
    let app = spawn_app().await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("admin@example.ee").await;
    let admin_token = app.client.cookie("vakants_session").unwrap();

    let response = app.client.get("/api/admin/represent/Boss@Example.ee").await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: serde_json::Value = response.json().await.unwrap();
    assert_eq!(me["username"], "boss@example.ee");
    assert_eq!(me["originalUser"]["username"], "admin@example.ee");
    assert_eq!(me["company"]["registryCode"], "12345678");
    let acting_token = app.client.cookie("vakants_session").unwrap();
    assert_ne!(admin_token, acting_token, "the session rotates");

    // acting as the employer: the employer's calls work, the admin's do not
    assert_eq!(app.client.get("/api/employer/my-companies").await.status(), StatusCode::OK);
    assert_eq!(app.client.get("/api/admin/represent/boss@example.ee").await.status(), StatusCode::FORBIDDEN);

    let response = app.client.get("/api/admin/be-original").await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: serde_json::Value = response.json().await.unwrap();
    assert_eq!(me["username"], "admin@example.ee");
    assert_eq!(me["originalUser"], json!(null));
    assert_ne!(app.client.cookie("vakants_session").unwrap(), acting_token, "the session rotates back");

    assert_eq!(
        audit_actions(&app.pool).await,
        vec![
            ("impersonation.start".into(), "admin@example.ee".into(), "boss@example.ee".into()),
            ("impersonation.end".into(), "admin@example.ee".into(), "boss@example.ee".into()),
        ]
    );
}

#[tokio::test]
async fn nobody_acts_as_a_supervisor_and_admins_do_not_act_as_admins() {
    let app = spawn_app().await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    app.create_user("admin2@example.ee", &["ADMIN"]).await;
    app.create_user("supervisor@example.ee", &["SUPERVISOR"]).await;
    app.client.sign_in("admin@example.ee").await;

    for target in ["supervisor@example.ee", "admin2@example.ee", "admin@example.ee"] {
        let (status, error) = error_of(app.client.in_english().get(&format!("/api/admin/represent/{target}")).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{target}");
        assert_eq!(error["message"], "Can't login as another user");
    }
    assert!(audit_actions(&app.pool).await.is_empty());
}

#[tokio::test]
async fn representing_an_unknown_user_is_not_found() {
    let app = spawn_app().await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    app.client.sign_in("admin@example.ee").await;
    assert_eq!(app.client.get("/api/admin/represent/ghost@example.ee").await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn be_original_without_acting_as_someone_is_refused() {
    let app = spawn_app().await;
    app.client.sign_in("plain@example.ee").await;
    let (status, _) = error_of(app.client.get("/api/admin/be-original").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn write_audits(pool: &sqlx::PgPool) -> Vec<(String, String, serde_json::Value)> {
    sqlx::query_as(
        "select actor.username, target.username, a.details from audit_log a
         join users actor on actor.id = a.actor_user_id join users target on target.id = a.target_user_id
         where a.action = 'impersonation.write' order by a.id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn every_write_made_while_acting_as_someone_is_audited_with_its_outcome() {
    let app = spawn_app().await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    let profile = json!({ "firstname": "Mari", "lastname": "Maasikas", "phoneNumber": "+37251234567" });
    assert_eq!(app.client.post("/api/user/profile", profile.clone()).await.status(), StatusCode::OK);
    assert!(write_audits(&app.pool).await.is_empty(), "the user's own writes are not impersonation");

    let admin = app.new_client();
    admin.sign_in("admin@example.ee").await;
    assert_eq!(admin.get("/api/admin/represent/mari@example.ee").await.status(), StatusCode::OK);
    assert_eq!(admin.post("/api/user/profile", profile).await.status(), StatusCode::OK);
    let refused = json!({ "firstname": "", "lastname": "Maasikas", "phoneNumber": "+37251234567" });
    assert_eq!(admin.post("/api/user/profile", refused).await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(admin.get("/api/open/me").await.status(), StatusCode::OK, "reads are not audited");
    assert_eq!(admin.get("/api/admin/be-original").await.status(), StatusCode::OK);
    assert_eq!(admin.post("/api/user/profile", json!({ "firstname": "Anu", "lastname": "Kask", "phoneNumber": "+37251234568" })).await.status(), StatusCode::OK);

    assert_eq!(
        write_audits(&app.pool).await,
        vec![
            ("admin@example.ee".into(), "mari@example.ee".into(), json!({ "method": "POST", "path": "/api/user/profile", "status": 200 })),
            ("admin@example.ee".into(), "mari@example.ee".into(), json!({ "method": "POST", "path": "/api/user/profile", "status": 400 })),
        ]
    );
}

#[tokio::test]
async fn the_data_export_is_refused_while_acting_as_someone() {
    let app = spawn_app().await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("admin@example.ee").await;
    app.client.get("/api/admin/represent/mari@example.ee").await;

    let (status, error) = error_of(app.client.get("/api/user/my-data").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error["code"], "access_denied");

    app.client.get("/api/admin/be-original").await;
    assert_eq!(app.client.get("/api/user/my-data").await.status(), StatusCode::OK, "one's own export works");
}

#[tokio::test]
async fn logging_in_as_a_company_acts_for_that_company_of_its_supervisor() {
    let app = spawn_app().await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    app.create_employer("boss@example.ee", &[("12345678", "Alfa OÜ"), ("87654321", "Beeta AS")]).await;
    app.client.sign_in("admin@example.ee").await;

    let (status, _) = error_of(app.client.get("/api/admin/represent/boss@example.ee?countryCode=EE&registryCode=99999999").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a company that is not theirs");
    let response = app.client.get("/api/admin/represent/boss@example.ee?countryCode=ee&registryCode=87654321").await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: serde_json::Value = response.json().await.unwrap();
    assert_eq!(me["company"]["registryCode"], "87654321", "not the first by name");
}
