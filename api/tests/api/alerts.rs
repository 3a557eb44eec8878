//! Saved searches and job alerts (issue 33 §1): the owner's calls, the visitor's double opt-in,
//! the alert mail (listed at most 20, each vacancy once, sent many a transaction and each once,
//! nothing twice after a kill, simulated and a real SIGKILL of the worker process, nothing for an
//! ended vacancy, a deleted account or an opt-out), and the one-click unsubscribe (RFC 8058).
//! Matches are written in SQL here as the matching writes them (`alert_match_sets`, a vacancy and
//! the serials of the saved searches that list it); the mail pass does the rest.

use chrono::{DateTime, Duration, Utc};
use domain::alerts::mail::{self, AlertMailer};
use domain::alerts::saved;
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{AppOptions, TEST_APP_SECRET, TEST_PUBLIC_URL, TestApp, TestClient, error_of, spawn_app, spawn_app_with, start_worker};
use crate::search::{NewVacancy, company, publish};

async fn patch(client: &TestClient, path: &str, body: Value) -> reqwest::Response {
    let token = client.xsrf().await;
    client.http.patch(client.url(path)).header("x-xsrf-token", token).json(&body).send().await.unwrap()
}

fn cooks() -> Value {
    json!({ "name": "Kokad Tallinnas", "frequency": "INSTANT", "query": "occupation=kokk&cityCode=0784",
            "filter": { "occupation": "kokk", "cityCode": ["0784"] } })
}

async fn save(client: &TestClient, body: Value) -> Value {
    let response = client.post("/api/user/saved-searches", body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

fn id_of(value: &Value) -> Uuid {
    value["id"].as_str().unwrap().parse().unwrap()
}

async fn outbox(app: &TestApp, to: &str) -> Vec<Value> {
    let mails: Value = app.client.get(&format!("/api/dev/outbox?to={to}")).await.json().await.unwrap();
    mails.as_array().unwrap().clone()
}

/// The alert mails in the outbox of `to` (sign-in mails passed over), newest first.
async fn alert_mails(app: &TestApp, to: &str) -> Vec<Value> {
    outbox(app, to).await.into_iter().filter(|m| m["headers"].as_array().is_some_and(|h| !h.is_empty())).collect()
}

/// A mail pass as the worker runs it; answers the mails sent.
async fn run_mail(app: &TestApp) -> usize {
    let mailer = domain::platform::mail::Mailer::Outbox { pool: app.pool.clone() };
    let out = AlertMailer { mailer: &mailer, public_url: TEST_PUBLIC_URL, secret: TEST_APP_SECRET.as_bytes() };
    mail::mail_matches(&app.pool, &out).await.unwrap().sent
}

/// The matching found the vacancy for the saved search (one set of its own, as a match run writes
/// it), on the caller's connection.
pub async fn matched_on(conn: &mut sqlx::PgConnection, saved_search_id: Uuid, vacancy_id: Uuid) {
    sqlx::query("insert into alert_match_sets (vacancy_id, matched_at, searches) values ($2, now(), array[(select serial from saved_searches where id = $1)])")
        .bind(saved_search_id)
        .bind(vacancy_id)
        .execute(conn)
        .await
        .unwrap();
}

pub async fn matched(app: &TestApp, saved_search_id: Uuid, vacancy_id: Uuid) {
    matched_on(&mut *app.pool.acquire().await.unwrap(), saved_search_id, vacancy_id).await;
}

async fn vacancies(app: &TestApp, count: usize) -> Vec<Uuid> {
    let company = company(app, "Köögid OÜ", "10000001").await;
    let mut ids = Vec::new();
    for _ in 0..count {
        ids.push(publish(app, company, NewVacancy::default(), true).await);
    }
    ids
}

#[tokio::test]
async fn an_applicant_saves_lists_renames_pauses_opens_and_deletes_a_search() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let created = save(&app.client, cooks()).await;
    assert_eq!(created["name"], "Kokad Tallinnas");
    assert_eq!(created["frequency"], "INSTANT");
    assert_eq!(created["confirmed"], true);
    assert_eq!(created["filter"], json!({ "occupation": "kokk", "cityCode": ["0784"] }));
    assert_eq!(created["query"], "occupation=kokk&cityCode=0784");
    let id = id_of(&created);

    let changed: Value = patch(&app.client, &format!("/api/user/saved-searches/{id}"), json!({ "name": "Kokk", "frequency": "WEEKLY", "paused": true }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!((changed["name"].as_str(), changed["frequency"].as_str(), changed["paused"].as_bool()), (Some("Kokk"), Some("WEEKLY"), Some(true)));
    // a field left out stays, and so does a null one
    let resumed: Value = patch(&app.client, &format!("/api/user/saved-searches/{id}"), json!({ "paused": false })).await.json().await.unwrap();
    assert_eq!((resumed["name"].as_str(), resumed["frequency"].as_str(), resumed["paused"].as_bool()), (Some("Kokk"), Some("WEEKLY"), Some(false)));
    let unchanged: Value = patch(&app.client, &format!("/api/user/saved-searches/{id}"), json!({ "name": null, "paused": true })).await.json().await.unwrap();
    assert_eq!((unchanged["name"].as_str(), unchanged["frequency"].as_str(), unchanged["paused"].as_bool()), (Some("Kokk"), Some("WEEKLY"), Some(true)));
    let (status, error) = error_of(patch(&app.client, &format!("/api/user/saved-searches/{id}"), json!({ "name": " " })).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("name")));

    let list: Value = app.client.get("/api/user/saved-searches").await.json().await.unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["paused"], true);

    let opened = app.client.post_empty(&format!("/api/user/saved-searches/{id}/open")).await;
    assert_eq!(opened.status(), StatusCode::OK);
    assert_eq!(app.client.delete(&format!("/api/user/saved-searches/{id}")).await.status(), StatusCode::NO_CONTENT);
    let list: Value = app.client.get("/api/user/saved-searches").await.json().await.unwrap();
    assert!(list.as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_person_keeps_at_most_20_searches_and_the_21st_is_a_400_naming_the_limit() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    for i in 0..20 {
        save(&app.client, json!({ "name": format!("Otsing {i}"), "frequency": "DAILY", "filter": { "occupation": format!("sõna{i}") } })).await;
    }
    let response = app.client.post("/api/user/saved-searches", json!({ "name": "Liiga palju", "frequency": "DAILY", "filter": { "occupation": "veel" } })).await;
    let (status, error) = error_of(response).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "savedSearches");
    assert!(error["message"].as_str().unwrap().contains("20"), "{error}");
}

#[tokio::test]
async fn a_bad_filter_is_a_400_naming_its_field_and_nothing_is_saved() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    for (filter, field) in [
        (json!({ "cityCode": ["NOPE"] }), "cityCode"),
        (json!({ "categoryCode": ["NOT_A_CATEGORY"] }), "categoryCode"),
        (json!({ "salaryFrom": 3000, "salaryTo": 1000 }), "salaryFrom"),
        (json!({ "salaryFrom": "much" }), "filter"),
    ] {
        let response = app.client.post("/api/user/saved-searches", json!({ "name": "x", "frequency": "DAILY", "filter": filter })).await;
        let (status, error) = error_of(response).await;
        assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{filter}");
    }
    let response = app.client.post("/api/user/saved-searches", json!({ "name": "x", "frequency": "HOURLY", "filter": {} })).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let count: i64 = sqlx::query_scalar("select count(*) from saved_searches").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn another_persons_saved_search_is_not_found_for_every_call() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    let other = app.new_client();
    other.sign_in("jaan@example.ee").await;
    assert_eq!(patch(&other, &format!("/api/user/saved-searches/{id}"), json!({ "paused": true })).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.delete(&format!("/api/user/saved-searches/{id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.post_empty(&format!("/api/user/saved-searches/{id}/open")).await.status(), StatusCode::NOT_FOUND);
    let theirs: Value = other.get("/api/user/saved-searches").await.json().await.unwrap();
    assert!(theirs.as_array().unwrap().is_empty());
    let lookup: Value = other.post("/api/user/saved-searches/lookup", json!({ "filter": { "occupation": "kokk", "cityCode": "0784" } })).await.json().await.unwrap();
    assert_eq!(lookup["savedSearchId"], Value::Null);
    let paused: bool = sqlx::query_scalar("select paused from saved_searches where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!(!paused);
    assert_eq!(app.new_client().get("/api/user/saved-searches").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_same_search_is_found_saved_whatever_the_order_of_its_values_and_is_not_saved_twice() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, json!({ "name": "Kaks linna", "frequency": "DAILY", "filter": { "cityCode": ["0784", "0296"], "remoteWork": true } })).await);
    let lookup: Value = app
        .client
        .post("/api/user/saved-searches/lookup", json!({ "filter": { "remoteWork": true, "cityCode": ["0296", "0784", "0296"], "shiftWork": false } }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(lookup["savedSearchId"], id.to_string());
    let other: Value = app.client.post("/api/user/saved-searches/lookup", json!({ "filter": { "cityCode": ["0784"] } })).await.json().await.unwrap();
    assert_eq!(other["savedSearchId"], Value::Null);
    let again = app.client.post("/api/user/saved-searches", json!({ "name": "Jälle", "frequency": "DAILY", "filter": { "cityCode": ["0296", "0784"], "remoteWork": true } })).await;
    let (status, error) = error_of(again).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("filter")));
}

#[tokio::test]
async fn the_new_count_is_the_matches_since_last_looked_whose_vacancy_is_still_open() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    let ids = vacancies(&app, 3).await;
    sqlx::query("update saved_searches set last_looked_at = now() - interval '1 day' where id = $1").bind(id).execute(&app.pool).await.unwrap();
    for vacancy in &ids {
        matched(&app, id, *vacancy).await;
    }
    mail::prepare_all(&app.pool).await.unwrap();
    sqlx::query("update alert_match_record set matched_at = now() - interval '2 days' where vacancy_id = $1").bind(ids[0]).execute(&app.pool).await.unwrap();
    sqlx::query("update vacancies set valid_until = now() - interval '1 minute' where id = $1").bind(ids[1]).execute(&app.pool).await.unwrap();
    let list: Value = app.client.get("/api/user/saved-searches").await.json().await.unwrap();
    assert_eq!(list[0]["newCount"], 1, "one before the last look, one ended");
    let opened: Value = app.client.post_empty(&format!("/api/user/saved-searches/{id}/open")).await.json().await.unwrap();
    assert_eq!(opened["newCount"], 0);
}

async fn visitor_saves(client: &TestClient, email: &str) -> reqwest::Response {
    client
        .post(
            "/api/open/saved-searches",
            json!({ "email": email, "locale": "en", "name": "Cooks", "frequency": "INSTANT", "filter": { "occupation": "kokk" }, "query": "occupation=kokk" }),
        )
        .await
}

/// The token of the newest confirmation mail to `to`.
async fn confirmation_token(app: &TestApp, to: &str) -> String {
    let mails = outbox(app, to).await;
    let text = mails.iter().find_map(|m| m["text"].as_str().filter(|t| t.contains("/alerts/confirm/"))).expect("a confirmation mail");
    let at = text.find("/alerts/confirm/").unwrap() + "/alerts/confirm/".len();
    text[at..].split_whitespace().next().unwrap().to_string()
}

#[tokio::test]
async fn a_visitors_alert_mails_nothing_until_confirmed_and_then_lists_its_vacancies() {
    let app = spawn_app().await;
    let visitor = app.new_client();
    assert_eq!(visitor_saves(&visitor, "Guest@Example.ee").await.status(), StatusCode::ACCEPTED);
    let token = confirmation_token(&app, "guest@example.ee").await;
    let (id, email, confirmed): (Uuid, String, bool) = sqlx::query_as("select id, email, confirmed_at is not null from saved_searches").fetch_one(&app.pool).await.unwrap();
    assert_eq!((email.as_str(), confirmed), ("guest@example.ee", false));
    let hash: Vec<u8> = sqlx::query_scalar("select token_hash from saved_searches").fetch_one(&app.pool).await.unwrap();
    assert_ne!(hash, token.as_bytes(), "only a keyed hash of the token is kept");

    let ids = vacancies(&app, 2).await;
    matched(&app, id, ids[0]).await;
    assert_eq!(run_mail(&app).await, 0, "nothing before the confirmation");
    assert!(alert_mails(&app, "guest@example.ee").await.is_empty());

    let manage = visitor.get(&format!("/api/open/saved-searches/by-token/{token}")).await;
    assert_eq!(manage.status(), StatusCode::OK);
    let confirmed: Value = visitor.post("/api/open/saved-searches/confirm", json!({ "token": token })).await.json().await.unwrap();
    assert_eq!(confirmed["email"], "guest@example.ee");
    assert_eq!(confirmed["savedSearches"][0]["confirmed"], true);
    matched(&app, id, ids[1]).await;
    assert_eq!(run_mail(&app).await, 1);
    let mails = alert_mails(&app, "guest@example.ee").await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0]["subject"].as_str().unwrap().contains("new vacancies"), "in the visitor's language: {}", mails[0]["subject"]);
    assert!(mails[0]["text"].as_str().unwrap().contains(&format!("/en/vacancies/{}", ids[1])));
    assert!(mails[0]["text"].as_str().unwrap().contains(&format!("/en/alerts/manage/{token}")));

    let wrong = visitor.post("/api/open/saved-searches/confirm", json!({ "token": "not-a-token" })).await;
    assert_eq!(wrong.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_visitor_manages_the_alerts_of_the_address_by_token_only() {
    let app = spawn_app().await;
    let visitor = app.new_client();
    visitor_saves(&visitor, "guest@example.ee").await;
    let token = confirmation_token(&app, "guest@example.ee").await;
    app.client.sign_in("mari@example.ee").await;
    let marys = id_of(&save(&app.client, cooks()).await);
    let alerts: Value = visitor.get(&format!("/api/open/saved-searches/by-token/{token}")).await.json().await.unwrap();
    let id = alerts["savedSearchId"].as_str().unwrap().to_string();
    let changed = patch(&visitor, &format!("/api/open/saved-searches/by-token/{token}/{id}"), json!({ "frequency": "DAILY" })).await;
    assert_eq!(changed.status(), StatusCode::OK);
    let others = patch(&visitor, &format!("/api/open/saved-searches/by-token/{token}/{marys}"), json!({ "paused": true })).await;
    assert_eq!(others.status(), StatusCode::NOT_FOUND);
    assert_eq!(visitor.delete(&format!("/api/open/saved-searches/by-token/{token}/{marys}")).await.status(), StatusCode::NOT_FOUND);
    // an account's search is managed signed in, not by a mail's token
    let account_token = saved::token_for(TEST_APP_SECRET.as_bytes(), marys);
    assert_eq!(visitor.get(&format!("/api/open/saved-searches/by-token/{account_token}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(visitor.delete(&format!("/api/open/saved-searches/by-token/{token}/{id}")).await.status(), StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn an_unconfirmed_search_is_deleted_after_7_days_and_a_confirmed_one_stays() {
    let app = spawn_app().await;
    let visitor = app.new_client();
    visitor_saves(&visitor, "late@example.ee").await;
    visitor_saves(&visitor, "prompt@example.ee").await;
    let token = confirmation_token(&app, "prompt@example.ee").await;
    visitor.post("/api/open/saved-searches/confirm", json!({ "token": token })).await;
    let now = Utc::now();
    assert_eq!(saved::purge_unconfirmed(&app.pool, now + Duration::days(6)).await.unwrap(), 0);
    assert_eq!(saved::purge_unconfirmed(&app.pool, now + Duration::days(8)).await.unwrap(), 1);
    let left: Vec<String> = sqlx::query_scalar("select email from saved_searches").fetch_all(&app.pool).await.unwrap();
    assert_eq!(left, vec!["prompt@example.ee"]);
}

#[tokio::test]
async fn the_visitors_endpoint_is_limited_per_address() {
    let app = spawn_app().await;
    for _ in 0..3 {
        assert_eq!(visitor_saves(&app.new_client(), "target@example.ee").await.status(), StatusCode::ACCEPTED);
    }
    let response = visitor_saves(&app.new_client(), "TARGET@example.ee").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    assert_eq!(outbox(&app, "target@example.ee").await.len(), 3);
    let (status, error) = error_of(visitor_saves(&app.new_client(), "not-an-address").await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("email")));
}

#[tokio::test]
async fn the_mail_lists_at_most_20_and_links_the_whole_search_and_carries_the_one_click_headers() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    for vacancy in vacancies(&app, 23).await {
        matched(&app, id, vacancy).await;
    }
    assert_eq!(run_mail(&app).await, 1);
    let mails = alert_mails(&app, "mari@example.ee").await;
    assert_eq!(mails.len(), 1);
    let text = mails[0]["text"].as_str().unwrap();
    assert_eq!(text.matches("https://vakants.test/et/vacancies/").count(), 20, "{text}");
    assert!(text.contains("…ja veel 3. Kõik leiad otsingust: https://vakants.test/et/vacancies?occupation=kokk&cityCode=0784"), "{text}");
    assert!(mails[0]["subject"].as_str().unwrap().contains("23 uut"));
    let token = saved::token_for(TEST_APP_SECRET.as_bytes(), id);
    assert_eq!(
        mails[0]["headers"],
        json!([
            { "name": "List-Unsubscribe", "value": format!("<https://vakants.test/api/open/saved-searches/unsubscribe/{token}>") },
            { "name": "List-Unsubscribe-Post", "value": "List-Unsubscribe=One-Click" }
        ])
    );
    assert!(text.contains(&format!("https://vakants.test/et/alerts/unsubscribe/{token}?all=1")));
    assert!(text.contains("https://vakants.test/et/account/my-alerts"));
    // every match was covered by that mail: nothing is new, nothing goes again
    assert_eq!(run_mail(&app).await, 0);
    let last_mailed: Option<chrono::DateTime<Utc>> = sqlx::query_scalar("select last_mailed_at from saved_searches where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert!(last_mailed.is_some());
}

#[tokio::test]
async fn each_vacancy_is_mailed_once_ever_per_alert_and_a_mail_prepared_before_a_kill_goes_exactly_once() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    let ids = vacancies(&app, 3).await;
    matched(&app, id, ids[0]).await;
    assert_eq!(run_mail(&app).await, 1);
    matched(&app, id, ids[1]).await;
    assert_eq!(run_mail(&app).await, 1);
    let mails = alert_mails(&app, "mari@example.ee").await;
    assert_eq!(mails.len(), 2);
    let newest = mails[0]["text"].as_str().unwrap();
    assert!(newest.contains(&ids[1].to_string()) && !newest.contains(&ids[0].to_string()), "never the same list again: {newest}");

    // matched again (as after an edit that changes what a search matches): not new for this alert
    matched(&app, id, ids[1]).await;
    assert_eq!(run_mail(&app).await, 0, "a vacancy is new for an alert once");
    let sets: i64 = sqlx::query_scalar("select count(*) from alert_match_sets").fetch_one(&app.pool).await.unwrap();
    assert_eq!(sets, 0, "the pass took the set");

    // a worker killed after the pass' first transaction (the mail prepared) and before sending:
    // the next pass sends that mail, once (two at the same time too), and no second one
    sqlx::query("insert into alert_mails (saved_search_id, vacancies, total) values ($1, $2, 1)").bind(id).bind(vec![ids[2]]).execute(&app.pool).await.unwrap();
    let (first, second) = tokio::join!(run_mail(&app), run_mail(&app));
    assert_eq!(first + second, 1);
    assert_eq!(run_mail(&app).await, 0);
    let mails = alert_mails(&app, "mari@example.ee").await;
    assert_eq!(mails.len(), 3);
    assert!(mails[0]["text"].as_str().unwrap().contains(&ids[2].to_string()));
    let unsent: i64 = sqlx::query_scalar("select count(*) from alert_mails where sent_at is null").fetch_one(&app.pool).await.unwrap();
    assert_eq!(unsent, 0);
}

/// Confirmed visitors' alerts, an address each (`{prefix}{n}@example.ee`), in et, en and ru in turn.
async fn visitors_alerts(app: &TestApp, prefix: &str, count: i64) -> Vec<Uuid> {
    sqlx::query_scalar(
        "insert into saved_searches (email, locale, name, filter, frequency, confirmed_at, token_hash)
         select $1 || n || '@example.ee', (array['et', 'en', 'ru'])[n % 3 + 1], 'Kokad', '{}'::jsonb, 'INSTANT', now(), gen_random_uuid()::text::bytea
         from generate_series(1, $2) as n order by n returning id",
    )
    .bind(prefix)
    .bind(count)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

/// A prepared mail for each of `searches` listing `listed` (as a pass prepares it).
async fn prepare_mails(app: &TestApp, searches: &[Uuid], listed: &[Uuid]) {
    sqlx::query("insert into alert_mails (saved_search_id, vacancies, total) select s, $2, cardinality($2::uuid[]) from unnest($1::uuid[]) as s")
        .bind(searches)
        .bind(listed)
        .execute(&app.pool)
        .await
        .unwrap();
}

/// How many dev outbox mails each address of `prefix` got.
async fn outbox_counts(app: &TestApp, prefix: &str) -> std::collections::HashMap<String, i64> {
    sqlx::query_as("select to_address, count(*) from dev_outbox where to_address like $1 || '%' group by to_address")
        .bind(prefix)
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .into_iter()
        .collect()
}

/// The mails go [`mail::MAILS_PER_TRANSACTION`] a transaction: one pass sends them all, each once
/// and listed as before (open vacancies in the list's order, the occupation in the owner's
/// language); a mail whose vacancies all ended is deleted unsent while the others of its batch go;
/// a second pass, or two at once, sends none twice.
#[tokio::test]
async fn prepared_mails_go_many_a_transaction_each_once_even_two_passes_at_once_and_one_whose_vacancies_all_ended_is_dropped() {
    let app = spawn_app().await;
    let ids = vacancies(&app, 3).await;
    let (live, ended) = (vec![ids[0], ids[1]], ids[2]);
    sqlx::query("update vacancies set valid_until = now() - interval '1 second' where id = $1").bind(ended).execute(&app.pool).await.unwrap();
    let mailer = domain::platform::mail::Mailer::Outbox { pool: app.pool.clone() };
    let out = AlertMailer { mailer: &mailer, public_url: TEST_PUBLIC_URL, secret: TEST_APP_SECRET.as_bytes() };

    // one pass: 100 mails, every tenth listing only the vacancy that ended, and one listing it
    // beside a live one, interleaved so that the dropped ones share their transactions with sent ones
    let first = visitors_alerts(&app, "batch-a-", 100).await;
    let gone: Vec<Uuid> = first.iter().step_by(10).copied().collect();
    let going: Vec<Uuid> = first.iter().copied().filter(|id| !gone.contains(id)).collect();
    prepare_mails(&app, &gone, &[ended]).await;
    prepare_mails(&app, &going[..1], &[ended, live[1]]).await;
    prepare_mails(&app, &going[1..], &live).await;
    assert_eq!(mail::deliver_unsent(&app.pool, &out, None).await.unwrap(), going.len());
    assert_eq!(mail::deliver_unsent(&app.pool, &out, None).await.unwrap(), 0, "nothing goes twice");
    let (rows, unsent, transactions): (i64, i64, i64) =
        sqlx::query_as("select count(*), count(*) filter (where sent_at is null), count(distinct sent_at) from alert_mails").fetch_one(&app.pool).await.unwrap();
    assert_eq!((rows, unsent), (going.len() as i64, 0), "the mails whose vacancies all ended are deleted, the others sent");
    assert!(transactions <= going.len().div_ceil(mail::MAILS_PER_TRANSACTION) as i64, "{transactions} transactions (sent_at is the transaction's time)");
    let counts = outbox_counts(&app, "batch-a-").await;
    assert_eq!(counts.len(), going.len(), "a mail to each alert with a live vacancy, none to the others");
    assert!(counts.values().all(|mails| *mails == 1));
    let mailed: Vec<(Uuid, bool)> = sqlx::query_as("select id, last_mailed_at is not null from saved_searches where id = any($1)").bind(&first).fetch_all(&app.pool).await.unwrap();
    assert!(mailed.iter().all(|(id, mailed)| *mailed == going.contains(id)), "last_mailed_at set for the mailed alerts only");

    // each mail lists its open vacancies in order, the occupation in the owner's language
    let labels: (String, String, String) = sqlx::query_as(
        "select coalesce(o.label_et, v.occupation_label, ''), coalesce(o.label_en, v.occupation_label, ''), coalesce(o.label_ru, v.occupation_label, '')
         from vacancies v left join ref_occupations o on o.code = v.occupation_code where v.id = $1",
    )
    .bind(live[0])
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let mails: Vec<(String, String)> = sqlx::query_as("select to_address, body_text from dev_outbox where to_address like 'batch-a-%'").fetch_all(&app.pool).await.unwrap();
    let partly_ended: String = sqlx::query_scalar("select email from saved_searches where id = $1").bind(going[0]).fetch_one(&app.pool).await.unwrap();
    for (to, body) in &mails {
        assert!(!body.contains(&ended.to_string()), "{to}: {body}");
        let n: usize = to.trim_start_matches("batch-a-").trim_end_matches("@example.ee").parse().unwrap();
        let label = [labels.0.as_str(), labels.1.as_str(), labels.2.as_str()][n % 3];
        let label = if label.is_empty() { "—" } else { label };
        assert!(body.contains(&format!("- {label} · Köögid OÜ")), "{to}: {body}");
        if *to == partly_ended {
            assert!(body.contains(&live[1].to_string()) && !body.contains(&live[0].to_string()), "{body}");
        } else {
            let (at0, at1) = (body.find(&live[0].to_string()).unwrap(), body.find(&live[1].to_string()).unwrap());
            assert!(at0 < at1, "the list's order: {body}");
        }
    }

    // two passes at once: each mail goes once
    let second = visitors_alerts(&app, "batch-b-", 150).await;
    prepare_mails(&app, &second, &live).await;
    let (one, other) = tokio::join!(mail::deliver_unsent(&app.pool, &out, None), mail::deliver_unsent(&app.pool, &out, None));
    assert_eq!(one.unwrap() + other.unwrap(), second.len());
    assert_eq!(mail::deliver_unsent(&app.pool, &out, None).await.unwrap(), 0);
    let counts = outbox_counts(&app, "batch-b-").await;
    assert_eq!(counts.len(), second.len());
    assert!(counts.values().all(|mails| *mails == 1), "no mail twice: {:?}", counts.iter().filter(|(_, mails)| **mails > 1).collect::<Vec<_>>());
    let unsent: i64 = sqlx::query_scalar("select count(*) from alert_mails where sent_at is null").fetch_one(&app.pool).await.unwrap();
    assert_eq!(unsent, 0);
}

/// The kill above for real: a `vakants worker` killed with SIGKILL while it mails thousands of
/// alerts, and started again. Every alert gets its one mail, listing both its vacancies, and none
/// gets two (the dev outbox's row is written on the transaction that marks the mail sent).
#[tokio::test]
async fn killing_the_mail_worker_mid_run_loses_no_alert_mail_and_sends_none_twice() {
    if crate::meili::skip_on_meilisearch("alerts::killing_the_mail_worker…", "the worker process opens the tantivy index of the test's data directory") {
        return;
    }
    let app = spawn_app_with(AppOptions { index_reader: true, ..AppOptions::default() }).await;
    let ids = vacancies(&app, 2).await;
    // enough that the mails take many transactions (64 a transaction, four at once)
    const ALERTS: i64 = 2000;
    // confirmed visitors' alerts, an address each, both vacancies matched
    let searches: Vec<Uuid> = sqlx::query_scalar(
        "insert into saved_searches (email, name, filter, frequency, confirmed_at, token_hash)
         select 'mail-kill-' || n || '@example.ee', 'Kokad', '{}'::jsonb, 'INSTANT', now(), gen_random_uuid()::text::bytea
         from generate_series(1, $1) as n returning id",
    )
    .bind(ALERTS)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    // as a match run writes them: a set per vacancy naming every alert, and the pass queued (the
    // vacancies' own match run comes only when the worker indexes them: see the end)
    let mut tx = app.pool.begin().await.unwrap();
    sqlx::query("delete from alert_match_pending where vacancy_id = any($1)").bind(&ids).execute(&mut *tx).await.unwrap();
    sqlx::query(
        "insert into alert_match_sets (vacancy_id, matched_at, searches)
         select v, now(), (select array_agg(serial order by serial) from saved_searches where id = any($1)) from unnest($2::uuid[]) as v",
    )
    .bind(&searches)
    .bind(&ids)
    .execute(&mut *tx)
    .await
    .unwrap();
    mail::queue_pass(&mut tx, std::time::Duration::ZERO).await.unwrap();
    tx.commit().await.unwrap();
    let sent = || async { sqlx::query_scalar::<_, i64>("select count(*) from alert_mails where sent_at is not null").fetch_one(&app.pool).await.unwrap() };

    let mut worker = start_worker(&app);
    // kill it once some, but not all, of the mails went: in the middle of jobs
    for _ in 0..1000 {
        let done = sent().await;
        if done > 0 && done < ALERTS {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    worker.start_kill().unwrap();
    worker.wait().await.unwrap();
    let before_restart = sent().await;
    assert!(before_restart < ALERTS, "the kill came before the end ({before_restart} sent)");

    // the jobs the killed worker held are handed out again once its heartbeats are missed
    let _restarted = start_worker(&app);
    let mut done = 0;
    for _ in 0..1200 {
        done = sent().await;
        if done == ALERTS {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(done, ALERTS, "every alert's mail went after the restart");
    // the vacancies' index jobs wait for the worker too: when it indexes them, their match run
    // writes the same sets again, and a pass then drops them (every serial is recorded) without a
    // mail; that may come before or after the last mail, so wait until no job is due and no set
    // waits before counting
    let settled = || async {
        sqlx::query_scalar::<_, bool>(
            "select not exists (select 1 from apalis.jobs where status in ('Pending', 'Queued', 'Running') and run_at <= now())
                and not exists (select 1 from alert_match_sets)",
        )
        .fetch_one(&app.pool)
        .await
        .unwrap()
    };
    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_secs(60) && !settled().await {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let per_address: Vec<(String, i64)> =
        sqlx::query_as("select to_address, count(*) from dev_outbox where to_address like 'mail-kill-%' group by to_address").fetch_all(&app.pool).await.unwrap();
    assert_eq!(per_address.len() as i64, ALERTS, "no alert without its mail");
    assert!(per_address.iter().all(|(_, mails)| *mails == 1), "no mail twice: {:?}", per_address.iter().filter(|(_, mails)| *mails > 1).collect::<Vec<_>>());
    let (mails, unsent, waiting): (i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from alert_mails), (select count(*) from alert_mails where sent_at is null),
                (select count(*) from alert_match_sets)",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((mails, unsent, waiting), (ALERTS, 0, 0), "one mail row per alert, all sent, no set left");
    let bodies: Vec<String> = sqlx::query_scalar("select body_text from dev_outbox where to_address like 'mail-kill-%'").fetch_all(&app.pool).await.unwrap();
    assert!(bodies.iter().all(|body| ids.iter().all(|id| body.contains(&id.to_string()))), "each mail lists both vacancies");
}

#[tokio::test]
async fn a_vacancy_that_ended_before_the_mail_is_not_listed_and_alone_sends_nothing() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    let ids = vacancies(&app, 2).await;
    matched(&app, id, ids[0]).await;
    matched(&app, id, ids[1]).await;
    sqlx::query("update vacancies set status = 'ARCHIVED' where id = $1").bind(ids[0]).execute(&app.pool).await.unwrap();
    assert_eq!(run_mail(&app).await, 1);
    let text = alert_mails(&app, "mari@example.ee").await[0]["text"].as_str().unwrap().to_string();
    assert!(text.contains(&ids[1].to_string()) && !text.contains(&ids[0].to_string()), "{text}");
    let third = {
        let company: Uuid = sqlx::query_scalar("select id from companies limit 1").fetch_one(&app.pool).await.unwrap();
        publish(&app, company, NewVacancy::default(), true).await
    };
    matched(&app, id, third).await;
    sqlx::query("update vacancies set valid_until = now() - interval '1 second' where id = $1").bind(third).execute(&app.pool).await.unwrap();
    assert_eq!(run_mail(&app).await, 0);
    assert_eq!(alert_mails(&app, "mari@example.ee").await.len(), 1);
}

#[tokio::test]
async fn a_deleted_account_an_opted_out_one_and_a_paused_alert_get_nothing() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    let ids = vacancies(&app, 3).await;
    let notified = || async {
        sqlx::query_scalar::<_, i64>("select count(*) from notifications where kind = 'ALERT_MATCH' and saved_search_id = $1").bind(id).fetch_one(&app.pool).await.unwrap()
    };

    sqlx::query("update saved_searches set paused = true where id = $1").bind(id).execute(&app.pool).await.unwrap();
    matched(&app, id, ids[0]).await;
    assert_eq!(run_mail(&app).await, 0, "paused");
    assert_eq!(notified().await, 0, "paused: no notification either");
    sqlx::query("update saved_searches set paused = false where id = $1").bind(id).execute(&app.pool).await.unwrap();

    sqlx::query("update users set newsletter_opt_in = false where username = 'mari@example.ee'").execute(&app.pool).await.unwrap();
    matched(&app, id, ids[1]).await;
    assert_eq!(run_mail(&app).await, 0, "off the mailing list");
    assert_eq!(notified().await, 1, "off the mailing list, the match still reaches the notification centre");
    sqlx::query("update users set newsletter_opt_in = true where username = 'mari@example.ee'").execute(&app.pool).await.unwrap();

    // the account deleted (as `DELETE /api/user/account` marks it; its searches are erased there too)
    sqlx::query("update users set deleted_at = now() where username = 'mari@example.ee'").execute(&app.pool).await.unwrap();
    matched(&app, id, ids[2]).await;
    assert_eq!(run_mail(&app).await, 0, "account deleted");
    assert_eq!(notified().await, 1);
    assert!(alert_mails(&app, "mari@example.ee").await.is_empty());
    let unsent: i64 = sqlx::query_scalar("select count(*) from alert_mails").fetch_one(&app.pool).await.unwrap();
    assert_eq!(unsent, 0);
}

#[tokio::test]
async fn one_click_unsubscribe_works_without_a_session_or_anti_forgery_header() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let first = id_of(&save(&app.client, cooks()).await);
    let second = id_of(&save(&app.client, json!({ "name": "Muu", "frequency": "WEEKLY", "filter": { "occupation": "müüja" } })).await);
    let token = saved::token_for(TEST_APP_SECRET.as_bytes(), first);
    let mail_client = reqwest::Client::new();
    let response = mail_client
        .post(format!("{}/api/open/saved-searches/unsubscribe/{token}", app.address))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let paused: Vec<(Uuid, bool)> = sqlx::query_as("select id, paused from saved_searches order by paused desc").fetch_all(&app.pool).await.unwrap();
    assert_eq!(paused, vec![(first, true), (second, false)], "an account's alert is paused, the other one stays");

    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let page = browser.get(format!("{}/api/open/saved-searches/unsubscribe/{token}", app.address)).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::SEE_OTHER);
    assert_eq!(page.headers()["location"], format!("/et/alerts/unsubscribe/{token}"));

    let all = mail_client.post(format!("{}/api/open/saved-searches/unsubscribe-all/{token}", app.address)).send().await.unwrap();
    let all: Value = all.json().await.unwrap();
    assert_eq!(all["stopped"], 1);
    let active: i64 = sqlx::query_scalar("select count(*) from saved_searches where not paused").fetch_one(&app.pool).await.unwrap();
    assert_eq!(active, 0);
    let wrong = mail_client.post(format!("{}/api/open/saved-searches/unsubscribe/nope", app.address)).send().await.unwrap();
    assert_eq!(wrong.status(), StatusCode::NOT_FOUND);

    // a visitor's alert is deleted, address and all
    visitor_saves(&app.new_client(), "guest@example.ee").await;
    let visitors = confirmation_token(&app, "guest@example.ee").await;
    let gone = mail_client.post(format!("{}/api/open/saved-searches/unsubscribe/{visitors}", app.address)).send().await.unwrap();
    assert_eq!(gone.status(), StatusCode::OK);
    let left: i64 = sqlx::query_scalar("select count(*) from saved_searches where email is not null").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn a_queued_instant_alert_is_mailed_by_the_worker() {
    let app = crate::search::spawn_with_worker().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    let ids = vacancies(&app, 1).await;
    let mut tx = app.pool.begin().await.unwrap();
    matched_on(&mut tx, id, ids[0]).await;
    mail::queue_pass(&mut tx, std::time::Duration::ZERO).await.unwrap();
    mail::queue_pass(&mut tx, std::time::Duration::ZERO).await.unwrap();
    tx.commit().await.unwrap();
    let mut mails = Vec::new();
    for _ in 0..100 {
        mails = alert_mails(&app, "mari@example.ee").await;
        if !mails.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(mails.len(), 1);
    assert!(mails[0]["text"].as_str().unwrap().contains(&ids[0].to_string()));
}

#[tokio::test]
async fn the_personal_data_export_holds_the_saved_searches_and_deleting_the_account_erases_them() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    let response = app.client.get("/api/user/my-data").await;
    assert_eq!(response.status(), StatusCode::OK);
    let (data, _) = crate::mydata::unzip(&response.bytes().await.unwrap());
    assert_eq!(data["savedSearches"][0]["savedSearchId"], id.to_string());
    assert_eq!(data["savedSearches"][0]["filter"], json!({ "occupation": "kokk", "cityCode": ["0784"] }));
    assert!(!data.to_string().contains("tokenHash"));

    let token = app.client.xsrf().await;
    let deleted = app.client.http.delete(app.client.url("/api/user/account")).header("x-xsrf-token", token).json(&json!({ "email": "mari@example.ee" })).send().await.unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let left: i64 = sqlx::query_scalar("select count(*) from saved_searches").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0);
}

/// A pass takes the sets waiting when it began; one written meanwhile (its run queued the next
/// pass, a window later) is left to that pass, so an alert gets one mail a pass.
#[tokio::test]
async fn a_pass_takes_the_sets_waiting_when_it_began_and_leaves_later_ones_to_the_next() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    let ids = vacancies(&app, 2).await;
    matched(&app, id, ids[0]).await;
    let through = mail::last_waiting(&app.pool).await.unwrap().expect("a set waits");
    matched(&app, id, ids[1]).await;
    let first = mail::prepare_chunk(&app.pool, through).await.unwrap().expect("the pass takes the first set");
    assert_eq!((first.sets, first.mails, first.listed), (1, 1, 1));
    assert!(mail::prepare_chunk(&app.pool, through).await.unwrap().is_none(), "the set written meanwhile is the next pass's");
    let next = mail::prepare_all(&app.pool).await.unwrap();
    assert_eq!((next.sets, next.mails, next.listed), (1, 1, 1));
    let lists: Vec<Vec<Uuid>> = sqlx::query_scalar("select vacancies from alert_mails order by created_at").fetch_all(&app.pool).await.unwrap();
    assert_eq!(lists.len(), 2);
    assert!(lists.contains(&vec![ids[0]]) && lists.contains(&vec![ids[1]]), "{lists:?}");
}

/// The retention pass deletes alert mails after 90 days and the alerts' records of a vacancy half a
/// year after it ended; a record of a vacancy still open, or ended more recently, stays (it keeps
/// the vacancy from being new again for those alerts).
#[tokio::test]
async fn alert_mails_go_after_ninety_days_and_the_records_half_a_year_after_their_vacancy_ended() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let id = id_of(&save(&app.client, cooks()).await);
    let ids = vacancies(&app, 3).await;
    for vacancy in &ids {
        matched(&app, id, *vacancy).await;
    }
    mail::prepare_all(&app.pool).await.unwrap();
    sqlx::query("insert into alert_digest_record (vacancy_id, listed_at, searches) select $1, now(), array[serial] from saved_searches where id = $2")
        .bind(ids[0])
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    // the first ends tomorrow, the second two days later, the third stays open
    let now = Utc::now();
    let ends = now + Duration::days(1);
    for (vacancy, until) in [(ids[0], Some(ends)), (ids[1], Some(ends + Duration::days(2))), (ids[2], None)] {
        sqlx::query("update vacancies set valid_until = $2 where id = $1").bind(vacancy).bind(until).execute(&app.pool).await.unwrap();
    }
    let mails: i64 = sqlx::query_scalar("select count(*) from alert_mails").fetch_one(&app.pool).await.unwrap();
    assert_eq!(mails, 1);
    let periods = domain::platform::retention::Periods::default();
    let records = || async {
        sqlx::query_scalar::<_, Uuid>("select vacancy_id from alert_match_record order by vacancy_id").fetch_all(&app.pool).await.unwrap()
    };
    let purged = domain::retention::purge_bulk(&app.pool, &periods, now + Duration::days(89)).await.unwrap();
    assert_eq!((purged.alert_mails, purged.alert_records), (0, 0), "the mail is 89 days old");
    let purged = domain::retention::purge_bulk(&app.pool, &periods, ends + Duration::days(181)).await.unwrap();
    assert_eq!((purged.alert_mails, purged.alert_records), (1, 2), "the mail; the first vacancy's two records, ended 181 days ago");
    let mut kept = vec![ids[1], ids[2]];
    kept.sort();
    assert_eq!(records().await, kept, "ended 179 days ago, and open: kept");
    let purged = domain::retention::purge_bulk(&app.pool, &periods, ends + Duration::days(183)).await.unwrap();
    assert_eq!(purged.alert_records, 1);
    assert_eq!(records().await, vec![ids[2]]);
    // each pass reads only the vacancies that ended since the last one's bound: a record of a
    // vacancy that ended before that bound (which a live vacancy never gets) is left alone
    let purged_up_to: DateTime<Utc> = sqlx::query_scalar("select ended_before from alert_record_purges").fetch_one(&app.pool).await.unwrap();
    assert_eq!(purged_up_to.timestamp_micros(), (ends + Duration::days(183) - mail::RECORD_KEPT_AFTER_END).timestamp_micros());
    sqlx::query("update vacancies set valid_until = $2 where id = $1").bind(ids[2]).bind(ends).execute(&app.pool).await.unwrap();
    let purged = domain::retention::purge_bulk(&app.pool, &periods, ends + Duration::days(184)).await.unwrap();
    assert_eq!((purged.alert_records, records().await), (0, vec![ids[2]]), "ended before the bound already purged: not looked at");
}
