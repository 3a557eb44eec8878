//! Every role's own settings: profile, languages and mail preference, and the GDPR export and
//! deletion for employers (a company's supervisor hands the role over first).

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};

async fn delete_account(client: &TestClient, email: &str) -> reqwest::Response {
    let token = client.xsrf().await;
    client.http.delete(client.url("/api/user/account")).header("x-xsrf-token", token).json(&json!({ "email": email })).send().await.unwrap()
}

async fn newsletter(app: &TestApp, email: &str) -> bool {
    sqlx::query_scalar("select newsletter_opt_in from users where username = $1").bind(email).fetch_one(&app.pool).await.unwrap()
}

/// A company supervised by boss@example.ee with colleague@example.ee on its staff.
async fn company_with_colleague(app: &TestApp) -> Uuid {
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("colleague@example.ee", &["EMPLOYER"]).await;
    sqlx::query(
        "insert into company_staff (company_id, user_id, is_administrator)
         select c.id, u.id, false from companies c, users u where c.registry_code = '12345678' and u.username = 'colleague@example.ee'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query_scalar("select id from users where username = 'colleague@example.ee'").fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn an_employer_and_an_administrator_keep_their_own_name_phone_language_and_mail_preference() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    for email in ["boss@example.ee", "admin@example.ee"] {
        let client = app.new_client();
        client.sign_in(email).await;
        assert_eq!(client.me().await["profile"]["newsletterOptIn"], true, "opted in at registration");
        let body = json!({ "firstname": "Jaan", "lastname": "Tamm", "phoneNumber": "+372 5123 4567", "language": "ru", "newsletterOptIn": false });
        let response = client.post("/api/user/profile", body).await;
        assert_eq!(response.status(), StatusCode::OK);
        let me: Value = response.json().await.unwrap();
        assert_eq!(
            (me["profile"]["firstname"].clone(), me["profile"]["phoneNumber"].clone(), me["profile"]["language"].clone(), me["profile"]["newsletterOptIn"].clone()),
            (json!("Jaan"), json!("+37251234567"), json!("ru"), json!(false))
        );
        assert!(!newsletter(&app, email).await);
        // a save without the preference leaves it as it is
        let kept = client.post("/api/user/profile", json!({ "firstname": "Jaan", "lastname": "Tamm", "phoneNumber": "+37251234567" })).await;
        assert_eq!(kept.status(), StatusCode::OK);
        assert!(!newsletter(&app, email).await);
        assert_eq!(client.me().await["profile"]["language"], "ru");
        let back = client.post("/api/user/profile", json!({ "firstname": "Jaan", "lastname": "Tamm", "phoneNumber": "+37251234567", "newsletterOptIn": true })).await;
        assert_eq!(back.status(), StatusCode::OK);
        assert!(newsletter(&app, email).await);
        let (status, error) = error_of(client.post("/api/user/profile", json!({ "firstname": "", "lastname": "Tamm", "phoneNumber": "+37251234567" })).await).await;
        assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("firstname")));
    }
}

#[tokio::test]
async fn an_applicant_turns_the_newsletter_off_and_on_from_the_profile() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let client = app.new_client();
    client.sign_in("mari@example.ee").await;
    assert_eq!(client.me().await["profile"]["newsletterOptIn"], true, "opted in at registration");
    let profile = |opt_in: Value| {
        json!({ "firstname": "Mari", "lastname": "Maasikas", "phoneNumber": "+37251234567", "gender": "FEMALE",
                "dateOfBirth": "1990-05-17", "newsletterOptIn": opt_in })
    };

    let response = client.post("/api/user/profile", profile(json!(false))).await;
    assert_eq!(response.status(), StatusCode::OK);
    let me: Value = response.json().await.unwrap();
    assert_eq!((me["profile"]["newsletterOptIn"].clone(), me["profile"]["gender"].clone()), (json!(false), json!("FEMALE")));
    assert!(!newsletter(&app, "mari@example.ee").await);
    assert_eq!(client.me().await["profile"]["newsletterOptIn"], false);

    assert_eq!(client.post("/api/user/profile", profile(json!(true))).await.status(), StatusCode::OK);
    assert!(newsletter(&app, "mari@example.ee").await);
    let (status, error) = error_of(client.post("/api/user/profile", profile(json!("yes"))).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert!(newsletter(&app, "mari@example.ee").await, "a refused save changes nothing");
}

#[tokio::test]
async fn an_employer_downloads_their_data_and_deletes_their_account() {
    let app = spawn_app().await;
    let colleague = company_with_colleague(&app).await;
    let client = app.new_client();
    client.sign_in("colleague@example.ee").await;

    let response = client.get("/api/user/my-data").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    let bytes = response.bytes().await.unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let data: Value = serde_json::from_reader(archive.by_name("data.json").unwrap()).unwrap();
    assert_eq!(data["companies"][0]["businessName"], "Põhja Köök OÜ", "the company memberships: {}", data["companies"]);

    assert_eq!(delete_account(&client, "colleague@example.ee").await.status(), StatusCode::NO_CONTENT);
    let staff: i64 = sqlx::query_scalar("select count(*) from company_staff where user_id = $1").bind(colleague).fetch_one(&app.pool).await.unwrap();
    assert_eq!(staff, 0, "the membership ended");
    assert_eq!(client.get("/api/user/my-data").await.status(), StatusCode::UNAUTHORIZED, "signed out");
}

#[tokio::test]
async fn a_supervisor_with_colleagues_is_asked_to_hand_the_role_over_before_deleting_the_account() {
    let app = spawn_app().await;
    let colleague = company_with_colleague(&app).await;
    app.client.sign_in("boss@example.ee").await;

    let (status, error) = error_of(delete_account(&app.client, "boss@example.ee").await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("company")));
    assert!(error["message"].as_str().unwrap().contains("Põhja Köök OÜ"), "the message names the company: {error}");
    assert_eq!(app.client.get("/api/user/my-data").await.status(), StatusCode::OK, "still signed in");

    let response = app.client.post_empty(&format!("/api/employer/company/EE/12345678/staff/supervisor/{colleague}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(delete_account(&app.client, "boss@example.ee").await.status(), StatusCode::NO_CONTENT);
    let supervisor: Option<Uuid> = sqlx::query_scalar("select supervisor_user_id from companies where registry_code = '12345678'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(supervisor, Some(colleague), "the company keeps its new supervisor");
}

#[tokio::test]
async fn a_sole_supervisor_may_delete_the_account() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    assert_eq!(delete_account(&app.client, "boss@example.ee").await.status(), StatusCode::NO_CONTENT);
}
