//! Mailing-list opt-out links and the menu's badge counts.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestClient, error_of, spawn_app};
use crate::search::{NewVacancy, publish};

async fn patch(client: &TestClient, path: &str, body: Value) -> reqwest::Response {
    let token = client.xsrf().await;
    client.http.patch(client.url(path)).header("x-xsrf-token", token).json(&body).send().await.unwrap()
}

#[tokio::test]
async fn an_unsubscribe_link_takes_its_owner_off_the_mailing_list() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.create_user("kati@example.ee", &["APPLICANT"]).await;
    let mari: Uuid = sqlx::query_scalar("select id from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    let token = domain::accounts::notifications::issue_unsubscribe_token(&app.pool, mari).await.unwrap();

    let (status, _) = error_of(app.client.post_empty(&format!("/api/open/notifications/unsubscribe/kati@example.ee/{token}")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "someone else's link");
    let (status, _) = error_of(app.client.post_empty("/api/open/notifications/unsubscribe/mari@example.ee/forged").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for _ in 0..2 {
        let response = app.client.post_empty(&format!("/api/open/notifications/unsubscribe/mari@example.ee/{token}")).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT, "following the link again is fine");
    }
    let opted_in: bool = sqlx::query_scalar("select newsletter_opt_in from users where id = $1").bind(mari).fetch_one(&app.pool).await.unwrap();
    assert!(!opted_in);
}

#[tokio::test]
async fn badges_count_what_happened_since_each_part_was_last_seen() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let company_id: Uuid = sqlx::query_scalar("select id from companies where registry_code = '12345678'").fetch_one(&app.pool).await.unwrap();
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    let second = publish(&app, company_id, NewVacancy { occupation: "DRIVER", category: "TRANSPORT_LOGISTICS", ..NewVacancy::default() }, true).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari: Uuid = sqlx::query_scalar("select id from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    let employer = app.new_client();
    employer.sign_in("boss@example.ee").await;
    app.client.sign_in("mari@example.ee").await;

    sqlx::query("insert into applications (vacancy_id, applicant_user_id) values ($1, $2)").bind(vacancy).bind(mari).execute(&app.pool).await.unwrap();
    let counts: Value = employer.get("/api/user/menu-notifications").await.json().await.unwrap();
    assert_eq!(counts, json!({ "applications": 1, "interviews": 0, "messages": 0, "invoices": 0 }));

    let response = patch(&employer, "/api/user/menu-notifications", json!({ "kind": "APPLICATIONS" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let counts: Value = response.json().await.unwrap();
    assert_eq!(counts["applications"], 0, "seen");
    sqlx::query("insert into applications (vacancy_id, applicant_user_id) values ($1, $2)").bind(second).bind(mari).execute(&app.pool).await.unwrap();
    let counts: Value = employer.get("/api/user/menu-notifications").await.json().await.unwrap();
    assert_eq!(counts["applications"], 1, "a new one after the last look");

    sqlx::query("insert into interviews (company_id, vacancy_id, applicant_user_id, type, duration_minutes) values ($1, $2, $3, 'ONLINE', 30)")
        .bind(company_id)
        .bind(vacancy)
        .bind(mari)
        .execute(&app.pool)
        .await
        .unwrap();
    let chat: Uuid = sqlx::query_scalar("insert into chats (company_id, applicant_user_id) values ($1, $2) returning id")
        .bind(company_id)
        .bind(mari)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    sqlx::query("insert into chat_messages (chat_id, author_user_id, body) select $1, id, 'Tere!' from users where username = 'boss@example.ee'")
        .bind(chat)
        .execute(&app.pool)
        .await
        .unwrap();
    let counts: Value = app.client.get("/api/user/menu-notifications").await.json().await.unwrap();
    assert_eq!(counts["interviews"], 1);
    assert_eq!(counts["messages"], 1);
    assert_eq!(counts["applications"], 0);
    let employer_counts: Value = employer.get("/api/user/menu-notifications").await.json().await.unwrap();
    assert_eq!(employer_counts["messages"], 0, "one's own message does not count");

    let (status, _) = error_of(patch(&app.client, "/api/user/menu-notifications", json!({ "kind": "EVERYTHING" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let visitor = app.new_client();
    assert_eq!(visitor.get("/api/user/menu-notifications").await.status(), StatusCode::UNAUTHORIZED);
}
