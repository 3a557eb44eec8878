//! Leaving a company ends what its membership gave (issue 32, item 5): a company's API key lives
//! only while the member who made it is the company's supervisor (revoked when the role is handed
//! over, the member removed or their account deleted, and checked at every use), no key is made
//! while an administrator acts as the supervisor, the private calendar feed shows only the
//! interviews of companies whose staff its owner is at the time of the fetch, and a live stream
//! ends once its session ends or its membership changes.

use std::time::{Duration, Instant};

use icalendar::{Calendar, Component};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::chats::open_stream;
use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};
use crate::search::{NewVacancy, publish};

const COMPANY: &str = "/api/employer/company/EE/12345678";

async fn company_id(app: &TestApp) -> Uuid {
    sqlx::query_scalar("select id from companies where registry_code = '12345678'").fetch_one(&app.pool).await.unwrap()
}

async fn user_id(app: &TestApp, email: &str) -> Uuid {
    sqlx::query_scalar("select id from users where username = $1").bind(email).fetch_one(&app.pool).await.unwrap()
}

/// Boss supervises Põhja Köök OÜ (signed in on the app's client); Kadri is on its staff and
/// signed in, acting for it.
async fn company_with_two(app: &TestApp) -> TestClient {
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    app.create_user("kadri@example.ee", &["EMPLOYER"]).await;
    sqlx::query("insert into company_staff (company_id, user_id) select c.id, u.id from companies c, users u where u.username = 'kadri@example.ee'")
        .execute(&app.pool)
        .await
        .unwrap();
    let kadri = app.new_client();
    kadri.sign_in("kadri@example.ee").await;
    kadri
}

/// A key made by `client` for Põhja Köök OÜ: its secret.
async fn make_key(client: &TestClient) -> String {
    let (status, body) = error_of(client.post(&format!("{COMPANY}/api_keys/{}", Uuid::new_v4()), json!({ "title": "CRM" })).await).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["secret"].as_str().unwrap().to_string()
}

/// What the key gets for the company's vacancy list.
async fn key_status(app: &TestApp, secret: &str) -> StatusCode {
    reqwest::Client::new().get(format!("{}/api/employer/vacancies", app.address)).bearer_auth(secret).send().await.unwrap().status()
}

async fn live_keys(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from api_keys where revoked_at is null").fetch_one(&app.pool).await.unwrap()
}

/// The reasons of the `api_key.revoke` records, oldest first.
async fn revocations(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar("select details->>'reason' from audit_log where action = 'api_key.revoke' order by id").fetch_all(&app.pool).await.unwrap()
}

#[tokio::test]
async fn a_key_is_revoked_when_its_maker_hands_the_supervisor_role_over() {
    let app = spawn_app().await;
    let kadri = company_with_two(&app).await;
    let secret = make_key(&app.client).await;
    assert_eq!(key_status(&app, &secret).await, StatusCode::OK);

    let kadri_id = user_id(&app, "kadri@example.ee").await;
    let response = app.client.post_empty(&format!("{COMPANY}/staff/supervisor/{kadri_id}")).await;
    assert_eq!(response.status(), StatusCode::OK);

    assert_eq!(key_status(&app, &secret).await, StatusCode::UNAUTHORIZED, "the key does not act as the new supervisor");
    assert_eq!(live_keys(&app).await, 0);
    let list: Value = kadri.get(&format!("{COMPANY}/api_keys")).await.json().await.unwrap();
    assert_eq!(list, json!([]), "the new supervisor sees no key of the former one");
    assert_eq!(revocations(&app).await, ["supervisor_handed_over"]);
    // the new supervisor makes keys of their own, which work
    assert_eq!(key_status(&app, &make_key(&kadri).await).await, StatusCode::OK);
}

#[tokio::test]
async fn a_key_authenticates_only_while_its_maker_is_the_supervisor_and_is_revoked_when_they_leave() {
    let app = spawn_app().await;
    let kadri = company_with_two(&app).await;
    let secret = make_key(&app.client).await;
    let (company, kadri_id, boss_id) = (company_id(&app).await, user_id(&app, "kadri@example.ee").await, user_id(&app, "boss@example.ee").await);

    // the rule holds at every use, whatever path changed the supervisor
    sqlx::query("update companies set supervisor_user_id = $2 where id = $1").bind(company).bind(kadri_id).execute(&app.pool).await.unwrap();
    assert_eq!(key_status(&app, &secret).await, StatusCode::UNAUTHORIZED, "checked at use, before any revocation");
    assert_eq!(live_keys(&app).await, 1);

    // the member who made it is removed from the staff: the key is revoked
    let response = kadri.delete(&format!("{COMPANY}/staff?userId={boss_id}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(live_keys(&app).await, 0);
    assert_eq!(revocations(&app).await, ["maker_left_the_staff"]);
    sqlx::query("update companies set supervisor_user_id = $2 where id = $1").bind(company).bind(boss_id).execute(&app.pool).await.unwrap();
    assert_eq!(key_status(&app, &secret).await, StatusCode::UNAUTHORIZED, "revoked for good");
}

#[tokio::test]
async fn deleting_the_makers_account_revokes_their_keys() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    let secret = make_key(&app.client).await;
    let response = app.client.http.delete(app.client.url("/api/user/account"))
        .header("x-xsrf-token", app.client.xsrf().await)
        .json(&json!({ "email": "boss@example.ee" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(key_status(&app, &secret).await, StatusCode::UNAUTHORIZED);
    assert_eq!(live_keys(&app).await, 0);
    assert_eq!(revocations(&app).await, ["maker_deleted"]);
}

#[tokio::test]
async fn no_key_is_made_while_an_administrator_acts_as_the_supervisor() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    app.client.sign_in("admin@example.ee").await;
    assert_eq!(app.client.get("/api/admin/represent/boss@example.ee").await.status(), StatusCode::OK);

    let key_id = Uuid::new_v4();
    let (status, body) = error_of(app.client.post(&format!("{COMPANY}/api_keys/{key_id}"), json!({ "title": "Mine" })).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("access_denied")));
    let keys: i64 = sqlx::query_scalar("select count(*) from api_keys").fetch_one(&app.pool).await.unwrap();
    assert_eq!(keys, 0);
    let audited: Value = sqlx::query_scalar("select details from audit_log where action = 'impersonation.write'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited["path"], format!("{COMPANY}/api_keys/{key_id}"));
    assert_eq!(audited["status"], 403, "the refusal is in the audit log");
    assert_eq!(app.client.get(&format!("{COMPANY}/api_keys")).await.status(), StatusCode::OK, "reading the list stays possible");

    // the supervisor in person makes one
    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    make_key(&boss).await;
}

/// The feed at `path`, its folded lines joined (RFC 5545 folds at 75 octets).
async fn feed_text(app: &TestApp, path: &str) -> String {
    let response = app.new_client().get(path).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.unwrap().replace("\r\n ", "")
}

#[tokio::test]
async fn a_feed_lists_no_interviews_of_a_company_its_owner_left_nor_of_a_vacancy_no_longer_theirs() {
    let app = spawn_app().await;
    let kadri = company_with_two(&app).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    sqlx::query("update profiles set firstname = 'Mari', lastname = 'Maasikas' where user_id = (select id from users where username = 'mari@example.ee')")
        .execute(&app.pool)
        .await
        .unwrap();
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let vacancy = publish(&app, company_id(&app).await, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set cv_not_required = true where id = $1").bind(vacancy).execute(&app.pool).await.unwrap();
    let applied: Value = mari.post("/api/applicant/applications", json!({ "vacancyId": vacancy })).await.json().await.unwrap();
    let start = (chrono::Utc::now() + chrono::Duration::days(2)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let end = (chrono::Utc::now() + chrono::Duration::days(2) + chrono::Duration::hours(1)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let invitation = json!({ "applicationId": applied["applicationId"], "type": "ONLINE", "durationMinutes": 60,
        "slots": [{ "start": start, "end": end }], "link": "https://meet.example.ee/kokk" });
    let response = app.client.post("/api/employer/interviews", invitation).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let interview: Value = response.json().await.unwrap();
    let uid = format!("{}@vakants.ee", interview["interviewId"].as_str().unwrap());

    let created: Value = app.client.post_empty("/api/user/calendar-feed").await.json().await.unwrap();
    let url = created["url"].as_str().unwrap();
    let path = url[url.find("/api/open/calendar/").unwrap()..].to_string();
    let text = feed_text(&app, &path).await;
    assert!(text.contains("mari@example.ee") && text.contains("Mari Maasikas"), "{text}");
    let calendar: Calendar = text.parse().unwrap();
    assert!(calendar.events().any(|e| e.get_uid() == Some(uid.as_str())));

    // the boss hands the company over and is removed from its staff
    let kadri_id = user_id(&app, "kadri@example.ee").await;
    assert_eq!(app.client.post_empty(&format!("{COMPANY}/staff/supervisor/{kadri_id}")).await.status(), StatusCode::OK);
    assert!(feed_text(&app, &path).await.contains(&uid), "still on the staff with the administrator tag: still listed");
    let boss_id = user_id(&app, "boss@example.ee").await;
    // on the staff, but neither an administrator nor the vacancy's moderator: the candidates are
    // not theirs to see (delegation), so neither is the interview
    sqlx::query("update company_staff set is_administrator = false where user_id = $1").bind(boss_id).execute(&app.pool).await.unwrap();
    let text = feed_text(&app, &path).await;
    assert!(!text.contains(&uid) && !text.contains("Maasikas"), "{text}");
    sqlx::query("insert into vacancy_moderators (vacancy_id, user_id) values ($1, $2)").bind(vacancy).bind(boss_id).execute(&app.pool).await.unwrap();
    assert!(feed_text(&app, &path).await.contains(&uid), "the vacancy's moderator sees it again");
    assert_eq!(kadri.delete(&format!("{COMPANY}/staff?userId={boss_id}")).await.status(), StatusCode::NO_CONTENT);

    let text = feed_text(&app, &path).await;
    let calendar: Calendar = text.parse().unwrap();
    assert_eq!(calendar.events().count(), 0, "the company's interview is gone from the feed: {text}");
    assert!(!text.contains("mari@example.ee") && !text.contains("Maasikas"), "no applicant's name or address: {text}");
    // the applicant's own feed keeps it
    let mari_feed: Value = mari.post_empty("/api/user/calendar-feed").await.json().await.unwrap();
    let mari_url = mari_feed["url"].as_str().unwrap();
    assert!(feed_text(&app, &mari_url[mari_url.find("/api/open/calendar/").unwrap()..]).await.contains(&uid));
}

/// Reads the stream until the server ends it; the time it took, or None when it was still open
/// after `limit`.
pub(crate) async fn ends_within(stream: &mut reqwest::Response, limit: Duration) -> Option<Duration> {
    let started = Instant::now();
    while let Some(left) = limit.checked_sub(started.elapsed()) {
        match tokio::time::timeout(left, stream.chunk()).await {
            Ok(Ok(Some(_))) => {}
            Ok(Ok(None)) | Ok(Err(_)) => return Some(started.elapsed()),
            Err(_) => return None,
        }
    }
    None
}

#[tokio::test]
async fn a_stream_ends_once_its_member_is_removed_or_its_session_ends() {
    let env = vec![("STREAM_RECHECK_SECS", "1".to_string())];
    let app = spawn_app_with(AppOptions { env, ..AppOptions::default() }).await;
    let kadri = company_with_two(&app).await;
    let (mut kadris, _) = open_stream(&kadri).await;
    let (mut boss_stream, _) = open_stream(&app.client).await;
    assert_eq!(ends_within(&mut kadris, Duration::from_millis(2500)).await, None, "a standing stream stays open past its re-checks");

    let kadri_id = user_id(&app, "kadri@example.ee").await;
    assert_eq!(app.client.delete(&format!("{COMPANY}/staff?userId={kadri_id}")).await.status(), StatusCode::NO_CONTENT);
    let took = ends_within(&mut kadris, Duration::from_secs(5)).await.expect("the removed member's stream ends");
    assert!(took < Duration::from_millis(2500), "{took:?}");
    // opened again, it serves the side the session has now: the person's own
    let (mut again, _) = open_stream(&kadri).await;
    assert_eq!(ends_within(&mut again, Duration::from_millis(1500)).await, None);

    assert_eq!(app.client.get("/api/auth/logout").await.status(), StatusCode::NO_CONTENT);
    ends_within(&mut boss_stream, Duration::from_secs(3)).await.expect("the stream ends after signing out");
    assert_eq!(app.client.get("/api/user/stream").await.status(), StatusCode::UNAUTHORIZED, "and does not open again");
}
