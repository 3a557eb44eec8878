//! The back office's employers and applicants: search, paging, and deleting an applicant after a
//! wrong then the right username.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::cvs::{applicant, full_cv, save_ok};
use crate::helpers::{TestClient, error_of, spawn_app};

async fn admin(app: &crate::helpers::TestApp) -> TestClient {
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let client = app.new_client();
    client.sign_in("admin@vakants.ee").await;
    client
}

#[tokio::test]
async fn administrators_find_employers_and_applicants_by_email_or_name_and_page_through_them() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ"), ("87654321", "Lõuna Ehitus AS")]).await;
    let mari = applicant(&app, "mari@example.ee").await;
    save_ok(&mari, full_cv()).await;
    applicant(&app, "jaan@example.ee").await;
    sqlx::query("update profiles set firstname = 'Jaan', lastname = 'Tamm' where user_id = (select id from users where username = 'jaan@example.ee')")
        .execute(&app.pool)
        .await
        .unwrap();
    let admin = admin(&app).await;

    let employers: Value = admin.get("/api/admin/employers").await.json().await.unwrap();
    assert_eq!((employers["totalElements"].clone(), employers["size"].clone()), (json!(1), json!(2000)), "2000 a page by default");
    assert_eq!(employers["content"][0]["email"], "boss@firma.ee");
    assert_eq!(employers["content"][0]["companies"], json!(["Lõuna Ehitus AS", "Põhja Köök OÜ"]));

    let applicants: Value = admin.get("/api/admin/applicant").await.json().await.unwrap();
    assert_eq!(applicants["totalElements"], 2);
    assert_eq!(applicants["content"][0]["email"], "jaan@example.ee", "newest first");
    let mari_row = &applicants["content"][1];
    assert_eq!((mari_row["cvs"].clone(), mari_row["applications"].clone()), (json!(1), json!(0)));
    let by_name: Value = admin.get("/api/admin/applicant?search=jaan%20tam").await.json().await.unwrap();
    assert_eq!((by_name["totalElements"].clone(), by_name["content"][0]["email"].clone()), (json!(1), json!("jaan@example.ee")));
    let by_email: Value = admin.get("/api/admin/applicant?search=MARI@").await.json().await.unwrap();
    assert_eq!(by_email["content"][0]["email"], "mari@example.ee");
    let paged: Value = admin.get("/api/admin/applicant?size=1&page=1").await.json().await.unwrap();
    assert_eq!((paged["totalPages"].clone(), paged["content"][0]["email"].clone()), (json!(2), json!("mari@example.ee")));
    for path in ["/api/admin/applicant?size=2001", "/api/admin/employers?size=0"] {
        let (status, body) = error_of(admin.get(path).await).await;
        assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("size")), "{path}");
    }
    let (status, body) = error_of(admin.get(&format!("/api/admin/employers?search={}", "x".repeat(101))).await).await;
    assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!("search")));

    assert_eq!(error_of(mari.get("/api/admin/applicant").await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(mari.get("/api/admin/employers").await).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_applicant_is_deleted_after_a_wrong_then_the_right_username_as_their_own_deletion_would() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    save_ok(&mari, full_cv()).await;
    let id: Uuid = sqlx::query_scalar("select id from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let boss: Uuid = sqlx::query_scalar("select id from users where username = 'boss@firma.ee'").fetch_one(&app.pool).await.unwrap();
    let admin = admin(&app).await;
    let admin_id: Uuid = sqlx::query_scalar("select id from users where username = 'admin@vakants.ee'").fetch_one(&app.pool).await.unwrap();

    let (status, body) = error_of(admin.delete(&format!("/api/admin/applicant/{id}?username=jaan@example.ee")).await).await;
    assert_eq!((status, body["field"].clone(), body["message"].clone()), (StatusCode::BAD_REQUEST, json!("username"), json!("Wrong username")));
    assert_eq!(mari.get("/api/applicant/cv/my").await.status(), StatusCode::OK, "nothing happened");

    let (status, body) = error_of(admin.delete(&format!("/api/admin/applicant/{boss}?username=boss@firma.ee")).await).await;
    assert_eq!((status, body["message"].clone()), (StatusCode::BAD_REQUEST, json!("Failed to delete applicant boss@firma.ee")), "not an applicant");
    let (status, body) = error_of(admin.delete(&format!("/api/admin/applicant/{admin_id}?username=admin@vakants.ee")).await).await;
    assert_eq!((status, body["message"].clone()), (StatusCode::BAD_REQUEST, json!("Failed to delete applicant admin@vakants.ee")));
    assert_eq!(error_of(admin.delete(&format!("/api/admin/applicant/{}?username=x@y.ee", Uuid::new_v4())).await).await.0, StatusCode::NOT_FOUND);

    assert_eq!(admin.delete(&format!("/api/admin/applicant/{id}?username=%20Mari@Example.ee")).await.status(), StatusCode::NO_CONTENT);
    let (cvs, deleted): (i64, bool) = sqlx::query_as("select (select count(*) from cvs where owner_user_id = $1), deleted_at is not null from users where id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!((cvs, deleted), (0, true), "CVs erased, the account a tombstone");
    assert_eq!(error_of(mari.get("/api/applicant/cv/my").await).await.0, StatusCode::UNAUTHORIZED, "signed out");
    let (actor, target): (Option<Uuid>, Option<Uuid>) = sqlx::query_as("select actor_user_id, target_user_id from audit_log where action = 'applicant.delete'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!((actor, target), (Some(admin_id), Some(id)));
    let listed: Value = admin.get("/api/admin/applicant").await.json().await.unwrap();
    assert_eq!(listed["totalElements"], 0);
}
