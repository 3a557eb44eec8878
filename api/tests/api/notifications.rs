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

    invite(&app, company_id, vacancy, mari).await;
    boss_writes(&app, company_id, mari, None).await;
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

/// An online interview of the company's vacancy for the applicant, as the employer's side inserts it.
async fn invite(app: &crate::helpers::TestApp, company_id: Uuid, vacancy: Uuid, applicant: Uuid) -> Uuid {
    sqlx::query_scalar(
        "insert into interviews (company_id, vacancy_id, applicant_user_id, type, duration_minutes) values ($1, $2, $3, 'ONLINE', 30) returning id",
    )
    .bind(company_id)
    .bind(vacancy)
    .bind(applicant)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

/// A chat of the company with the applicant (about an application, or none) where boss@example.ee
/// writes "Tere!"; answers the chat.
async fn boss_writes(app: &crate::helpers::TestApp, company_id: Uuid, applicant: Uuid, application: Option<Uuid>) -> Uuid {
    let chat: Uuid = sqlx::query_scalar("insert into chats (company_id, applicant_user_id, application_id) values ($1, $2, $3) returning id")
        .bind(company_id)
        .bind(applicant)
        .bind(application)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    sqlx::query("insert into chat_messages (chat_id, author_user_id, body) select $1, id, 'Tere!' from users where username = 'boss@example.ee'")
        .bind(chat)
        .execute(&app.pool)
        .await
        .unwrap();
    chat
}

async fn id_of(app: &crate::helpers::TestApp, email: &str) -> Uuid {
    sqlx::query_scalar("select id from users where username = $1").bind(email).fetch_one(&app.pool).await.unwrap()
}

async fn centre(client: &TestClient) -> Value {
    let response = client.get("/api/user/notifications").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn kinds(page: &Value) -> Vec<&str> {
    page["content"].as_array().unwrap().iter().map(|n| n["kind"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn the_centre_lists_the_events_behind_the_badges_newest_first_and_marks_them_read() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let company_id: Uuid = sqlx::query_scalar("select id from companies where registry_code = '12345678'").fetch_one(&app.pool).await.unwrap();
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = id_of(&app, "mari@example.ee").await;
    let employer = app.new_client();
    employer.sign_in("boss@example.ee").await;
    app.client.sign_in("mari@example.ee").await;

    let application: Uuid = sqlx::query_scalar("insert into applications (vacancy_id, applicant_user_id) values ($1, $2) returning id")
        .bind(vacancy)
        .bind(mari)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let page = centre(&employer).await;
    assert_eq!(kinds(&page), ["APPLICATION_RECEIVED"]);
    let received = &page["content"][0];
    assert_eq!(
        (received["applicationId"].clone(), received["vacancyId"].clone(), received["forCompany"].clone(), received["read"].clone()),
        (json!(application), json!(vacancy), json!(true), json!(false))
    );
    assert_eq!(received["counterpart"], "Test User", "the applicant's name");
    assert!(received["subject"].is_string(), "the vacancy's title: {received}");
    assert_eq!(page["unread"], 1);
    assert_eq!(centre(&app.client).await["totalElements"], 0, "the applicant is told nothing of her own application");

    let chat = boss_writes(&app, company_id, mari, Some(application)).await;
    invite(&app, company_id, vacancy, mari).await;
    let page = centre(&app.client).await;
    assert_eq!(kinds(&page), ["INTERVIEW_INVITED", "MESSAGE_RECEIVED"], "newest first");
    assert_eq!(page["content"][1]["chatId"], json!(chat));
    assert_eq!(page["content"][1]["counterpart"], "Põhja Köök OÜ", "the company, for the applicant");
    assert_eq!(page["unread"], 2);
    assert_eq!(centre(&employer).await["unread"], 1, "the employer's own message does not reach the employer");

    let message = page["content"][1]["id"].as_str().unwrap().to_string();
    let response = app.client.post_empty(&format!("/api/user/notifications/{message}/read")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap()["unread"], 1);
    let again = app.client.post_empty(&format!("/api/user/notifications/{message}/read")).await;
    assert_eq!(again.status(), StatusCode::OK, "opening it again is fine");
    let page = centre(&app.client).await;
    assert_eq!((page["content"][0]["read"].clone(), page["content"][1]["read"].clone()), (json!(false), json!(true)));
    let unread: Value = app.client.get("/api/user/notifications/unread").await.json().await.unwrap();
    assert_eq!(unread, json!({ "unread": 1 }));

    assert_eq!(app.client.post_empty("/api/user/notifications/read-all").await.status(), StatusCode::NO_CONTENT);
    assert_eq!(centre(&app.client).await["unread"], 0);
    assert_eq!(centre(&employer).await["unread"], 1, "reading is each reader's own");

    let (status, body) = error_of(app.client.get("/api/user/notifications?size=0").await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("size")));
    let visitor = app.new_client();
    assert_eq!(visitor.get("/api/user/notifications").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_notification_is_read_and_opened_only_by_those_it_is_for() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let company_id: Uuid = sqlx::query_scalar("select id from companies where registry_code = '12345678'").fetch_one(&app.pool).await.unwrap();
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.create_user("kati@example.ee", &["APPLICANT"]).await;
    // a colleague who is neither an administrator of the company nor the vacancy's moderator
    app.create_user("peeter@example.ee", &["EMPLOYER"]).await;
    sqlx::query("insert into company_staff (company_id, user_id, is_administrator) select $1, id, false from users where username = 'peeter@example.ee'")
        .bind(company_id)
        .execute(&app.pool)
        .await
        .unwrap();
    let mari = id_of(&app, "mari@example.ee").await;
    sqlx::query("insert into applications (vacancy_id, applicant_user_id) values ($1, $2)").bind(vacancy).bind(mari).execute(&app.pool).await.unwrap();
    invite(&app, company_id, vacancy, mari).await;
    let employer = app.new_client();
    employer.sign_in("boss@example.ee").await;
    let peeter = app.new_client();
    peeter.sign_in("peeter@example.ee").await;
    let kati = app.new_client();
    kati.sign_in("kati@example.ee").await;
    app.client.sign_in("mari@example.ee").await;

    let for_company = centre(&employer).await["content"][0]["id"].as_str().unwrap().to_string();
    let for_mari = centre(&app.client).await["content"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(centre(&peeter).await["totalElements"], 0, "a colleague who does not see the vacancy's candidates");
    assert_eq!(centre(&kati).await["totalElements"], 0);
    for (client, id) in [(&employer, &for_mari), (&kati, &for_mari), (&peeter, &for_company), (&app.client, &for_company)] {
        let (status, _) = error_of(client.post_empty(&format!("/api/user/notifications/{id}/read")).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    assert_eq!(peeter.post_empty("/api/user/notifications/read-all").await.status(), StatusCode::NO_CONTENT);
    assert_eq!(centre(&employer).await["unread"], 1, "a colleague's read-all leaves the supervisor's unread");
    let (status, _) = error_of(app.client.post_empty(&format!("/api/user/notifications/{}/read", Uuid::new_v4())).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // the moderator of the vacancy sees its events
    sqlx::query("insert into vacancy_moderators (vacancy_id, user_id) select $1, id from users where username = 'peeter@example.ee'")
        .bind(vacancy)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(centre(&peeter).await["totalElements"], 1);
}

#[tokio::test]
async fn invoices_claims_interview_answers_and_alert_matches_reach_their_addressees() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let company_id: Uuid = sqlx::query_scalar("select id from companies where registry_code = '12345678'").fetch_one(&app.pool).await.unwrap();
    let boss = id_of(&app, "boss@example.ee").await;
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = id_of(&app, "mari@example.ee").await;
    let employer = app.new_client();
    employer.sign_in("boss@example.ee").await;
    app.client.sign_in("mari@example.ee").await;

    let invoice: Uuid = sqlx::query_scalar(
        "insert into invoices (number, company_id, user_id, buyer_name, due_on, subtotal_cents, vat_cents, total_cents)
         values ('VK-2026-0001', $1, $2, 'Põhja Köök OÜ', current_date + 14, 2900, 696, 3596) returning id",
    )
    .bind(company_id)
    .bind(boss)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    sqlx::query("update invoices set status = 'PAID', paid_at = now() where id = $1").bind(invoice).execute(&app.pool).await.unwrap();
    let page = centre(&employer).await;
    assert_eq!(kinds(&page), ["INVOICE_PAID", "INVOICE_DUE"]);
    assert_eq!((page["content"][0]["invoiceId"].clone(), page["content"][0]["subject"].clone()), (json!(invoice), json!("VK-2026-0001")));
    sqlx::query(
        "insert into invoices (number, user_id, buyer_name, due_on, subtotal_cents, vat_cents, total_cents)
         values ('VK-2026-0002', $1, 'Mari Maasikas', current_date + 14, 2900, 696, 3596)",
    )
    .bind(mari)
    .execute(&app.pool)
    .await
    .unwrap();
    assert_eq!(kinds(&centre(&app.client).await), ["INVOICE_DUE"], "an applicant's own invoice");

    let interview = invite(&app, company_id, vacancy, mari).await;
    sqlx::query("update interviews set status = 'ACCEPTED', accepted_at = now() where id = $1").bind(interview).execute(&app.pool).await.unwrap();
    sqlx::query("update interviews set status = 'CANCELED', canceled_at = now(), canceled_by_user_id = applicant_user_id where id = $1")
        .bind(interview)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(kinds(&centre(&employer).await)[..2], ["INTERVIEW_CANCELED", "INTERVIEW_ACCEPTED"]);

    sqlx::query("insert into company_claims (user_id, country_code, registry_code) values ($1, 'EE', '12345678')").bind(mari).execute(&app.pool).await.unwrap();
    sqlx::query("update company_claims set status = 'REJECTED', decided_at = now()").execute(&app.pool).await.unwrap();
    let page = centre(&app.client).await;
    assert_eq!(page["content"][0]["kind"], "CLAIM_REJECTED");
    assert_eq!(
        (page["content"][0]["registryCode"].clone(), page["content"][0]["subject"].clone()),
        (json!("12345678"), json!("Põhja Köök OÜ"))
    );

    let search: Uuid = sqlx::query_scalar(
        "insert into saved_searches (user_id, name, filter, frequency, token_hash, confirmed_at) values ($1, 'Kokad', '{}'::jsonb, 'DAILY', decode(md5(random()::text), 'hex'), now()) returning id",
    )
    .bind(mari)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    // the alert's match, as the matching writes it, taken by the mail pass
    crate::alerts::matched(&app, search, vacancy).await;
    domain::alerts::mail::prepare_all(&app.pool).await.unwrap();
    let page = centre(&app.client).await;
    assert_eq!(
        (page["content"][0]["kind"].clone(), page["content"][0]["vacancyId"].clone(), page["content"][0]["savedSearchId"].clone()),
        (json!("ALERT_MATCH"), json!(vacancy), json!(search))
    );
}
