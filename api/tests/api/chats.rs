//! Chats: the employer starts one about an application, the applicant answers once the employer
//! has written, both read and write while the company has access to the CV, and the chat is
//! read-only afterwards. Ownership (anyone else: 404), the text and attachment rules, the list's
//! pages and unread counts, the MESSAGES badge, the mail of an unread message, and live delivery
//! through the stream: in one process, across two `vakants serve` processes, and without Redis.

use std::time::{Duration, Instant};

use chrono::Utc;
use domain::chats::unread_mail::mail_unread;
use domain::platform::mail::{Mailer, outbox_for};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{AppOptions, TestApp, TestClient, error_of, free_port, spawn_app, spawn_app_with, vakants_command};
use crate::search::{NewVacancy, publish};
use crate::server::RedisProxy;
use crate::uploads::{png, upload, upload_ok};

struct Scene {
    app: TestApp,
    /// The supervisor of "Põhja Köök OÜ", signed in.
    boss: TestClient,
    /// Mari, who applied to the company's vacancy, signed in.
    mari: TestClient,
    application_id: String,
    vacancy_id: Uuid,
}

async fn company_id(app: &TestApp, registry_code: &str) -> Uuid {
    sqlx::query_scalar("select id from companies where registry_code = $1").bind(registry_code).fetch_one(&app.pool).await.unwrap()
}

/// An open vacancy of the company (no CV needed), and `client` applies to it.
async fn apply(app: &TestApp, client: &TestClient, registry_code: &str) -> (String, Uuid) {
    let vacancy = publish(app, company_id(app, registry_code).await, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set cv_not_required = true where id = $1").bind(vacancy).execute(&app.pool).await.unwrap();
    let response = client.post("/api/applicant/applications", json!({ "vacancyId": vacancy })).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    (created["applicationId"].as_str().unwrap().to_string(), vacancy)
}

async fn scene_with(app: TestApp) -> Scene {
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    sqlx::query("update profiles set firstname = 'Mari', lastname = 'Maasikas' where user_id = (select id from users where username = 'mari@example.ee')")
        .execute(&app.pool)
        .await
        .unwrap();
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let (application_id, vacancy_id) = apply(&app, &mari, "12345678").await;
    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    Scene { app, boss, mari, application_id, vacancy_id }
}

async fn scene() -> Scene {
    scene_with(spawn_app().await).await
}

async fn start(s: &Scene) -> String {
    let response = s.boss.post_empty(&format!("/api/employer/chats/{}", s.application_id)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let started: Value = response.json().await.unwrap();
    started["chatId"].as_str().unwrap().to_string()
}

async fn say(client: &TestClient, chat: &str, text: &str) -> reqwest::Response {
    client.post(&format!("/api/user/chats/{chat}"), json!({ "text": text })).await
}

async fn json_of(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn starting_a_chat_twice_answers_the_same_chat() {
    let s = scene().await;
    let chat = start(&s).await;
    let again = s.boss.post_empty(&format!("/api/employer/chats/{}", s.application_id)).await;
    assert_eq!(again.status(), StatusCode::OK);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again, json!({ "chatId": chat, "created": false }));

    let list = json_of(s.boss.get("/api/user/chats").await).await;
    assert_eq!(list["totalElements"], 1);
    let item = &list["content"][0];
    assert_eq!(item["chatId"], chat);
    assert_eq!(item["otherParty"], "Mari Maasikas");
    assert_eq!(item["applicationId"], s.application_id);
    assert!(item["occupation"].is_string(), "{item}");
    assert_eq!((item["open"].as_bool(), item["canWrite"].as_bool(), item["unread"].as_i64()), (Some(true), Some(true), Some(0)));
}

#[tokio::test]
async fn only_an_employer_starts_a_chat_and_only_about_the_companys_own_applications() {
    let s = scene().await;
    let (status, _) = error_of(s.mari.post_empty(&format!("/api/employer/chats/{}", s.application_id)).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "an applicant cannot start a chat");

    s.app.create_employer("other@example.ee", &[("87654321", "Muu OÜ")]).await;
    let other = s.app.new_client();
    other.sign_in("other@example.ee").await;
    let (status, body) = error_of(other.post_empty(&format!("/api/employer/chats/{}", s.application_id)).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "another company's application");
    let (status, _) = error_of(s.boss.post_empty(&format!("/api/employer/chats/{}", Uuid::new_v4())).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    sqlx::query("update applications set withdrawn_at = now() where id = $1::uuid").bind(&s.application_id).execute(&s.app.pool).await.unwrap();
    let (status, _) = error_of(s.boss.post_empty(&format!("/api/employer/chats/{}", s.application_id)).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a withdrawn application");
}

#[tokio::test]
async fn the_applicant_writes_only_after_the_employer_has_written() {
    let s = scene().await;
    let chat = start(&s).await;
    let mine = json_of(s.mari.get("/api/user/chats").await).await;
    assert_eq!(mine["totalElements"], 0, "the applicant sees the chat once the employer has written");
    let (status, body) = error_of(say(&s.mari.in_english(), &chat, "Tere!").await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("chat_not_started")));
    assert!(body["message"].as_str().unwrap().contains("employer has written"), "{body}");

    let sent = say(&s.boss, &chat, "Tere, Mari! Kas sobiks proovipäev https://kokk.ee/proov lehel?").await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let sent: Value = sent.json().await.unwrap();
    assert_eq!(sent["mine"], true);
    assert_eq!(sent["text"], "Tere, Mari! Kas sobiks proovipäev https://kokk.ee/proov lehel?");

    let mine = json_of(s.mari.get("/api/user/chats").await).await;
    assert_eq!(mine["totalElements"], 1);
    assert_eq!(mine["content"][0]["otherParty"], "Põhja Köök OÜ");
    assert_eq!(mine["content"][0]["unread"], 1);
    assert_eq!(mine["content"][0]["canWrite"], true);
    assert_eq!(json_of(s.mari.get("/api/user/menu-notifications").await).await["messages"], 1, "the MESSAGES badge");

    let conversation = json_of(s.mari.get(&format!("/api/user/chats/{chat}/messages")).await).await;
    assert_eq!(conversation["messages"].as_array().unwrap().len(), 1);
    assert_eq!(conversation["messages"][0]["mine"], false);
    assert_eq!(json_of(s.mari.get("/api/user/menu-notifications").await).await["messages"], 0, "reading clears the badge");
    assert_eq!(json_of(s.mari.get("/api/user/chats").await).await["content"][0]["unread"], 0);

    assert_eq!(say(&s.mari, &chat, "Sobib väga!").await.status(), StatusCode::CREATED);
    assert_eq!(json_of(s.boss.get("/api/user/menu-notifications").await).await["messages"], 1);
    let conversation = json_of(s.boss.get(&format!("/api/user/chats/{chat}/messages")).await).await;
    let texts: Vec<(&str, bool)> = conversation["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["text"].as_str().unwrap(), m["mine"].as_bool().unwrap()))
        .collect();
    assert_eq!(texts, [("Tere, Mari! Kas sobiks proovipäev https://kokk.ee/proov lehel?", true), ("Sobib väga!", false)]);
    assert!(conversation["messages"][0]["readAt"].is_string(), "Mari read the employer's message");
    assert_eq!(json_of(s.boss.get("/api/user/menu-notifications").await).await["messages"], 0);
}

#[tokio::test]
async fn a_colleagues_message_is_not_unread_for_the_company() {
    let s = scene().await;
    let chat = start(&s).await;
    s.app.create_user("colleague@example.ee", &["EMPLOYER"]).await;
    // a colleague who sees the candidate (here through the administrator tag; see delegation.rs)
    sqlx::query("insert into company_staff (company_id, user_id, is_administrator) select c.id, u.id, true from companies c, users u where c.registry_code = '12345678' and u.username = 'colleague@example.ee'")
        .execute(&s.app.pool)
        .await
        .unwrap();
    let colleague = s.app.new_client();
    colleague.sign_in("colleague@example.ee").await;
    assert_eq!(say(&colleague, &chat, "Tere, kolleegi poolt!").await.status(), StatusCode::CREATED, "the company's staff who see the candidate write in its chats");
    assert_eq!(json_of(s.boss.get("/api/user/menu-notifications").await).await["messages"], 0);
    let conversation = json_of(s.boss.get(&format!("/api/user/chats/{chat}/messages")).await).await;
    assert_eq!(conversation["messages"][0]["mine"], true, "written by the reader's side");
}

#[tokio::test]
async fn a_message_is_plain_text_neither_empty_nor_longer_than_5000_characters() {
    let s = scene().await;
    let chat = start(&s).await;
    let (status, body) = error_of(say(&s.boss, &chat, "  \n ").await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("text")));
    let (status, body) = error_of(say(&s.boss, &chat, &"a".repeat(5001)).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("text")));
    assert!(body["message"].as_str().unwrap().contains("5000"), "{body}");
    let (status, body) = error_of(s.boss.post(&format!("/api/user/chats/{chat}"), json!({ "body": "x" })).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_request")), "a body without text");
    let html = say(&s.boss, &chat, "<b>Tere</b>").await.json::<Value>().await.unwrap();
    assert_eq!(html["text"], "<b>Tere</b>", "kept as text, never read as HTML");
}

#[tokio::test]
async fn anyone_but_the_two_parties_gets_not_found() {
    let s = scene().await;
    let chat = start(&s).await;
    assert_eq!(say(&s.boss, &chat, "Tere!").await.status(), StatusCode::CREATED);
    s.app.create_employer("other@example.ee", &[("87654321", "Muu OÜ")]).await;
    s.app.create_user("jaan@example.ee", &["APPLICANT"]).await;
    let other = s.app.new_client();
    other.sign_in("other@example.ee").await;
    let jaan = s.app.new_client();
    jaan.sign_in("jaan@example.ee").await;
    for outsider in [&other, &jaan] {
        for response in [
            outsider.get(&format!("/api/user/chats/{chat}/messages")).await,
            say(outsider, &chat, "Tere").await,
            outsider.get(&format!("/api/user/chats/application/{}", s.application_id)).await,
        ] {
            let (status, body) = error_of(response).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")));
        }
        assert_eq!(json_of(outsider.get("/api/user/chats").await).await["totalElements"], 0);
    }
    let (status, _) = error_of(s.app.client.get("/api/user/chats").await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let unread: Option<chrono::DateTime<Utc>> =
        sqlx::query_scalar("select read_at from chat_messages").fetch_one(&s.app.pool).await.unwrap();
    assert!(unread.is_none(), "an outsider's look marks nothing read");
}

#[tokio::test]
async fn the_chat_of_an_application_is_found_by_both_sides() {
    let s = scene().await;
    let path = format!("/api/user/chats/application/{}", s.application_id);
    assert_eq!(s.boss.get(&path).await.status(), StatusCode::NOT_FOUND, "no chat yet");
    let chat = start(&s).await;
    assert_eq!(json_of(s.boss.get(&path).await).await["chatId"], chat);
    let of_mari = json_of(s.mari.get(&path).await).await;
    assert_eq!((of_mari["chatId"].as_str(), of_mari["canWrite"].as_bool()), (Some(chat.as_str()), Some(false)));
}

#[tokio::test]
async fn the_chat_turns_read_only_when_the_company_loses_access_to_the_cv() {
    let s = scene().await;
    let chat = start(&s).await;
    assert_eq!(say(&s.boss, &chat, "Tere!").await.status(), StatusCode::CREATED);
    // the vacancy ended more than 30 days ago: its applications are no longer workable
    sqlx::query("update vacancies set publish_at = now() - interval '61 days', valid_until = now() - interval '31 days' where id = $1").bind(s.vacancy_id).execute(&s.app.pool).await.unwrap();
    for client in [&s.boss, &s.mari] {
        let (status, body) = error_of(say(&client.in_english(), &chat, "Kas olete veel seal?").await).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("chat_read_only")));
        assert!(body["message"].as_str().unwrap().contains("read-only"), "{body}");
        let conversation = json_of(client.get(&format!("/api/user/chats/{chat}/messages")).await).await;
        assert_eq!(conversation["messages"].as_array().unwrap().len(), 1, "the history stays readable");
        assert_eq!((conversation["chat"]["open"].as_bool(), conversation["chat"]["canWrite"].as_bool()), (Some(false), Some(false)));
    }
    let (status, body) = error_of(s.boss.post_empty(&format!("/api/employer/chats/{}", s.application_id)).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("chat_read_only")), "no new start either");

    // CV-database access to a visible CV of hers opens it again
    let cv: Uuid = sqlx::query_scalar(
        "insert into cvs (owner_user_id, title, status, visibility) select id, 'Kokk', 'ACTIVE', 'VISIBLE' from users where username = 'mari@example.ee' returning id",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    sqlx::query(
        "insert into services (company_id, type, product_code, status, starts_at, ends_at)
         select id, 'CV', 'CV_BASE_DAY', 'ACTIVE', now() - interval '1 day', now() + interval '6 days' from companies",
    )
    .execute(&s.app.pool)
    .await
    .unwrap();
    assert_eq!(say(&s.mari, &chat, "Olen küll!").await.status(), StatusCode::CREATED);
    let through_cv = json_of(s.boss.post_empty(&format!("/api/employer/chats/{cv}")).await).await;
    assert_eq!((through_cv["chatId"].as_str(), through_cv["created"].as_bool()), (Some(chat.as_str()), Some(false)), "a CV of the same applicant: the same chat");
}

#[tokio::test]
async fn the_employer_starts_a_chat_about_a_cv_of_the_database_only_with_access_to_it() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("jaan@example.ee", &["APPLICANT"]).await;
    let cv: Uuid = sqlx::query_scalar(
        "insert into cvs (owner_user_id, title, status, visibility) select id, 'Kelner', 'ACTIVE', 'VISIBLE' from users where username = 'jaan@example.ee' returning id",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    let path = format!("/api/employer/chats/{cv}");

    let (status, body) = error_of(boss.post_empty(&path).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("cv_database_access_required")), "no access yet");

    sqlx::query(
        "insert into services (company_id, type, product_code, status, starts_at, ends_at)
         select id, 'CV', 'CV_BASE_DAY', 'ACTIVE', now() - interval '1 day', now() + interval '6 days' from companies",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let started = boss.post_empty(&path).await;
    assert_eq!(started.status(), StatusCode::CREATED);
    let chat: Value = started.json().await.unwrap();
    let again = json_of(boss.post_empty(&path).await).await;
    assert_eq!((again["chatId"].clone(), again["created"].as_bool()), (chat["chatId"].clone(), Some(false)), "one chat per company and applicant");
    let listed = json_of(boss.get("/api/user/chats").await).await;
    assert_eq!(listed["content"][0]["applicationId"], Value::Null, "about a CV, not an application");

    // a CV its owner hid, and an id that names nothing, are not found
    sqlx::query("update cvs set visibility = 'HIDDEN' where id = $1").bind(cv).execute(&app.pool).await.unwrap();
    assert_eq!(boss.post_empty(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(boss.post_empty(&format!("/api/employer/chats/{}", Uuid::new_v4())).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn chats_come_fifty_to_a_page_newest_activity_first() {
    let s = scene().await;
    let company = company_id(&s.app, "12345678").await;
    sqlx::query(
        "with u as (insert into users (username) select 'kandidaat' || g || '@example.ee' from generate_series(1, 55) g returning id, username)
         insert into chats (company_id, applicant_user_id, last_message_at)
         select $1, u.id, now() - (substring(u.username from '[0-9]+')::int * interval '1 minute') from u",
    )
    .bind(company)
    .execute(&s.app.pool)
    .await
    .unwrap();
    let first = json_of(s.boss.get("/api/user/chats").await).await;
    assert_eq!((first["totalElements"].as_u64(), first["totalPages"].as_u64(), first["size"].as_u64()), (Some(55), Some(2), Some(50)));
    assert_eq!(first["content"].as_array().unwrap().len(), 50);
    let chat = start(&s).await;
    let first = json_of(s.boss.get("/api/user/chats").await).await;
    assert_eq!(first["content"][0]["chatId"], chat, "a new chat (no messages yet) comes first by its start");
    let second = json_of(s.boss.get("/api/user/chats?page=1").await).await;
    assert_eq!(second["content"].as_array().unwrap().len(), 6);
    let (status, body) = error_of(s.boss.get("/api/user/chats?size=0").await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("size")));
}

#[tokio::test]
async fn an_attachment_goes_with_a_message_and_both_sides_download_it() {
    let s = scene().await;
    let chat = start(&s).await;
    let uploaded = upload_ok(&s.boss, "kind=chat&name=plaan.png", png()).await;
    let file_id = uploaded["fileId"].as_str().unwrap().to_string();
    assert_eq!(uploaded["url"], format!("/api/user/chats/files/{file_id}"));
    let (status, body) = error_of(upload(&s.boss, "kind=chat&name=x.bin", b"just bytes".to_vec()).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("file")), "a type attachments do not take");

    assert_eq!(s.mari.get(&format!("/api/user/chats/files/{file_id}")).await.status(), StatusCode::NOT_FOUND, "not sent yet");
    let sent = s.boss.post(&format!("/api/user/chats/{chat}"), json!({ "text": "Köögi plaan", "attachmentFileId": file_id })).await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let sent: Value = sent.json().await.unwrap();
    assert_eq!(sent["attachment"]["name"], "plaan.png");
    assert_eq!(sent["attachment"]["contentType"], "image/png");

    let download = s.mari.get(sent["attachment"]["url"].as_str().unwrap()).await;
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(download.headers()["content-type"], "image/png");
    s.app.create_user("jaan@example.ee", &["APPLICANT"]).await;
    let jaan = s.app.new_client();
    jaan.sign_in("jaan@example.ee").await;
    assert_eq!(jaan.get(&format!("/api/user/chats/files/{file_id}")).await.status(), StatusCode::NOT_FOUND);

    let (status, body) = error_of(s.boss.post(&format!("/api/user/chats/{chat}"), json!({ "text": "Uuesti", "attachmentFileId": file_id })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("attachmentFileId")), "a file goes with one message");
    let hers = upload_ok(&s.mari, "kind=chat&name=minu.png", png()).await;
    let (status, body) = error_of(s.boss.post(&format!("/api/user/chats/{chat}"), json!({ "text": "Võõras", "attachmentFileId": hers["fileId"] })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("attachmentFileId")), "someone else's upload");
}

#[tokio::test]
async fn an_unread_message_is_mailed_once_after_15_minutes_to_a_recipient_on_the_mailing_list() {
    let s = scene().await;
    let chat = start(&s).await;
    assert_eq!(say(&s.boss, &chat, "Salajane pakkumine").await.status(), StatusCode::CREATED);
    let sent_at: chrono::DateTime<Utc> = sqlx::query_scalar("select created_at from chat_messages").fetch_one(&s.app.pool).await.unwrap();
    let mailer = Mailer::Outbox { pool: s.app.pool.clone() };
    let public_url = crate::helpers::TEST_PUBLIC_URL;
    let unread_mails = || async { outbox_for(&s.app.pool, "mari@example.ee").await.unwrap().into_iter().filter(|m| m.subject.contains("Põhja Köök")).collect::<Vec<_>>() };

    assert_eq!(mail_unread(&s.app.pool, &mailer, public_url, sent_at + chrono::Duration::minutes(14)).await.unwrap(), 0);
    assert_eq!(mail_unread(&s.app.pool, &mailer, public_url, sent_at + chrono::Duration::minutes(16)).await.unwrap(), 1);
    let mails = unread_mails().await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0].text.contains(&format!("{public_url}/et/account/messages?chat={chat}")), "{}", mails[0].text);
    assert!(!mails[0].text.contains("Salajane"), "the mail never carries the text");
    assert!(mails[0].text.contains("/notifications/unsubscribe/"), "with the opt-out link");
    assert_eq!(mail_unread(&s.app.pool, &mailer, public_url, sent_at + chrono::Duration::hours(2)).await.unwrap(), 0, "never twice");

    // read in time: no mail
    assert_eq!(say(&s.boss, &chat, "Kas sobib?").await.status(), StatusCode::CREATED);
    s.mari.get(&format!("/api/user/chats/{chat}/messages")).await;
    assert_eq!(mail_unread(&s.app.pool, &mailer, public_url, Utc::now() + chrono::Duration::hours(1)).await.unwrap(), 0);

    // the company's side: Mari's answer goes to the one who started the chat, unless they left the mailing list
    assert_eq!(say(&s.mari, &chat, "Sobib").await.status(), StatusCode::CREATED);
    sqlx::query("update users set newsletter_opt_in = false where username = 'boss@example.ee'").execute(&s.app.pool).await.unwrap();
    assert_eq!(mail_unread(&s.app.pool, &mailer, public_url, Utc::now() + chrono::Duration::hours(1)).await.unwrap(), 0);
    sqlx::query("update users set newsletter_opt_in = true where username = 'boss@example.ee'").execute(&s.app.pool).await.unwrap();
    assert_eq!(mail_unread(&s.app.pool, &mailer, public_url, Utc::now() + chrono::Duration::hours(2)).await.unwrap(), 0, "handled, not mailed later");
    assert!(outbox_for(&s.app.pool, "boss@example.ee").await.unwrap().iter().all(|m| !m.subject.contains("Mari")));
    assert_eq!(unread_mails().await.len(), 1);
}

/// Reads a server-sent event stream until an event named `name` arrives (or `limit` passes);
/// answers its data.
pub(crate) async fn next_event(stream: &mut reqwest::Response, buffer: &mut String, name: &str, limit: Duration) -> Option<Value> {
    let started = Instant::now();
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let event = block.lines().find_map(|l| l.strip_prefix("event: ")).unwrap_or_default();
            let data = block.lines().find_map(|l| l.strip_prefix("data: ")).unwrap_or("null");
            if event == name {
                return serde_json::from_str(data).ok();
            }
        }
        let left = limit.checked_sub(started.elapsed())?;
        match tokio::time::timeout(left, stream.chunk()).await {
            Ok(Ok(Some(chunk))) => buffer.push_str(&String::from_utf8_lossy(&chunk)),
            _ => return None,
        }
    }
}

pub(crate) async fn open_stream(client: &TestClient) -> (reqwest::Response, String) {
    let mut stream = client.get("/api/user/stream").await;
    assert_eq!(stream.status(), StatusCode::OK);
    assert_eq!(stream.headers()["content-type"], "text/event-stream");
    let mut buffer = String::new();
    assert!(next_event(&mut stream, &mut buffer, "ready", Duration::from_secs(5)).await.is_some());
    (stream, buffer)
}

#[tokio::test]
async fn a_message_arrives_on_the_recipients_stream_and_nobody_elses() {
    let s = scene().await;
    let chat = start(&s).await;
    s.app.create_user("jaan@example.ee", &["APPLICANT"]).await;
    let jaan = s.app.new_client();
    jaan.sign_in("jaan@example.ee").await;
    let (mut marys, mut mary_buffer) = open_stream(&s.mari).await;
    let (mut jaans, mut jaan_buffer) = open_stream(&jaan).await;
    // the subscription to Redis is made in the background when the app starts
    tokio::time::sleep(Duration::from_millis(300)).await;

    assert_eq!(say(&s.boss, &chat, "Tere!").await.status(), StatusCode::CREATED);
    let event = next_event(&mut marys, &mut mary_buffer, "chat", Duration::from_secs(5)).await.expect("the message on Mari's stream");
    assert_eq!(event, json!({ "kind": "message", "chatId": chat }));
    assert!(next_event(&mut jaans, &mut jaan_buffer, "chat", Duration::from_millis(700)).await.is_none(), "not on another user's stream");

    let (mut boss_stream, mut boss_buffer) = open_stream(&s.boss).await;
    s.mari.get(&format!("/api/user/chats/{chat}/messages")).await;
    let event = next_event(&mut boss_stream, &mut boss_buffer, "chat", Duration::from_secs(5)).await.expect("the read on the company's stream");
    assert_eq!(event["kind"], "read");
}

#[tokio::test]
async fn without_redis_the_stream_opens_and_the_process_delivers_its_own_events() {
    let proxy = RedisProxy::start().await;
    let env = vec![("REDIS_URL", format!("redis://127.0.0.1:{}", proxy.port))];
    let s = scene_with(spawn_app_with(AppOptions { env, ..AppOptions::default() }).await).await;
    let chat = start(&s).await;
    // Redis goes away after the app started (it needs Redis to start)
    proxy.stop();
    let (mut stream, mut buffer) = open_stream(&s.mari).await;
    let started = Instant::now();
    assert_eq!(say(&s.boss, &chat, "Tere!").await.status(), StatusCode::CREATED);
    assert!(started.elapsed() < Duration::from_secs(2), "sending does not wait for redis");
    let event = next_event(&mut stream, &mut buffer, "chat", Duration::from_secs(5)).await.expect("delivered within the process");
    assert_eq!(event["chatId"], chat);
    assert_eq!(json_of(s.mari.get("/api/user/menu-notifications").await).await["messages"], 1, "the badge poll still counts");
}

/// A `vakants serve` process on `database_url`; killed when dropped.
struct Server {
    child: std::process::Child,
    address: String,
    data_dir: std::path::PathBuf,
}

impl Server {
    async fn start(database_url: &str) -> Server {
        let port = free_port();
        let data_dir = std::env::temp_dir().join(format!("vakants-chat-test-{}", Uuid::new_v4().simple()));
        std::fs::create_dir_all(&data_dir).unwrap();
        let env = vec![
            ("VAKANTS_MODE", "dev".to_string()),
            ("DATABASE_URL", database_url.to_string()),
            ("REDIS_URL", "redis://127.0.0.1:6379/7".to_string()),
            ("DATA_DIR", data_dir.join("data").display().to_string()),
            ("BIND", format!("127.0.0.1:{port}")),
            ("WEB_DIST", "/nonexistent".to_string()),
            ("APP_SECRET", "test-secret-test-secret-test-secret-0123".to_string()),
        ];
        let child = vakants_command(&["serve"], &env)
            .stdout(std::fs::File::create(data_dir.join("server.log")).unwrap())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut server = Server { child, address: format!("http://127.0.0.1:{port}"), data_dir };
        let up = Instant::now();
        loop {
            if reqwest::get(format!("{}/healthz", server.address)).await.is_ok_and(|r| r.status() == StatusCode::OK) {
                return server;
            }
            assert!(server.child.try_wait().unwrap().is_none(), "vakants serve exited");
            assert!(up.elapsed() < Duration::from_secs(60), "vakants serve did not come up");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

#[tokio::test]
async fn a_message_sent_through_one_server_arrives_on_a_stream_held_by_another() {
    let s = scene().await;
    let chat = start(&s).await;
    let (one, two) = tokio::join!(Server::start(&s.app.database_url), Server::start(&s.app.database_url));
    // the same signed-in browsers, each now talking to a server of its own (sessions live in Postgres)
    let boss = TestClient { address: one.address.clone(), http: s.boss.http.clone(), jar: s.boss.jar.clone() };
    let mari = TestClient { address: two.address.clone(), http: s.mari.http.clone(), jar: s.mari.jar.clone() };
    let (mut stream, mut buffer) = open_stream(&mari).await;
    // each process subscribes in the background once it is up; give the second a moment
    tokio::time::sleep(Duration::from_millis(500)).await;

    assert_eq!(say(&boss, &chat, "Tere teisest serverist!").await.status(), StatusCode::CREATED);
    let event = next_event(&mut stream, &mut buffer, "chat", Duration::from_secs(5)).await.expect("the message crossed processes");
    assert_eq!(event, json!({ "kind": "message", "chatId": chat }));
    let conversation = json_of(mari.get(&format!("/api/user/chats/{chat}/messages")).await).await;
    assert_eq!(conversation["messages"][0]["text"], "Tere teisest serverist!");
}

#[tokio::test]
async fn open_streams_end_when_the_server_shuts_down() {
    let s = scene().await;
    let (mut stream, _) = open_stream(&s.mari).await;
    let Scene { app, .. } = s;
    let stopped = Instant::now();
    drop(app);
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match stream.chunk().await {
                Ok(Some(_)) => continue,
                _ => return,
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the stream still open 5 s after the shutdown began");
    assert!(stopped.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn chats_sort_by_start_unread_or_the_other_side_and_refuse_another_field() {
    let s = scene().await;
    let company = company_id(&s.app, "12345678").await;
    sqlx::query(
        "with u as (insert into users (username) values ('aadu@example.ee'), ('zoja@example.ee') returning id, username),
              p as (insert into profiles (user_id, firstname, lastname) select id, initcap(split_part(username, '@', 1)), 'Test' from u)
         insert into chats (company_id, applicant_user_id, created_at, last_message_at)
         select $1, u.id, case when u.username like 'aadu%' then now() - interval '2 days' else now() - interval '1 day' end, now() - interval '1 hour' from u",
    )
    .bind(company)
    .execute(&s.app.pool)
    .await
    .unwrap();
    let chat = start(&s).await;
    say(&s.boss, &chat, "Tere!").await;
    for text in ["Tere", "Kas saame kokku?"] {
        say(&s.mari, &chat, text).await;
    }
    let names = |page: &Value| -> Vec<String> { page["content"].as_array().unwrap().iter().map(|c| c["otherParty"].as_str().unwrap().to_string()).collect() };

    assert_eq!(names(&json_of(s.boss.get("/api/user/chats").await).await)[0], "Mari Maasikas", "the latest activity first by default");
    assert_eq!(names(&json_of(s.boss.get("/api/user/chats?sort=otherParty").await).await), ["Aadu Test", "Mari Maasikas", "Zoja Test"]);
    assert_eq!(names(&json_of(s.boss.get("/api/user/chats?sort=created&order=asc").await).await), ["Aadu Test", "Zoja Test", "Mari Maasikas"]);
    let unread = json_of(s.boss.get("/api/user/chats?sort=unread").await).await;
    assert_eq!((unread["content"][0]["otherParty"].as_str(), unread["content"][0]["unread"].as_i64()), (Some("Mari Maasikas"), Some(2)));

    for (query, field) in [("?sort=vacancy", "sort"), ("?sort=unread&order=most", "order")] {
        let (status, body) = error_of(s.boss.get(&format!("/api/user/chats{query}")).await).await;
        assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{query}");
    }
}
