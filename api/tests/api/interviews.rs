//! The applicant's interviews: the list and its tabs, display statuses, accepting by slot,
//! canceling, every message, ownership, and the badges. Invitations are made through the domain
//! layer until the employer's screens exist.

use chrono::{DateTime, Duration, DurationRound, Utc};
use domain::interviews::{self, InterviewType, NewInterview, Period};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::search::{NewVacancy, publish};

pub(crate) async fn put(client: &TestClient, path: &str, body: Value) -> reqwest::Response {
    let token = client.xsrf().await;
    client.http.put(client.url(path)).header("x-xsrf-token", token).json(&body).send().await.unwrap()
}

async fn patch(client: &TestClient, path: &str, body: Value) -> reqwest::Response {
    let token = client.xsrf().await;
    client.http.patch(client.url(path)).header("x-xsrf-token", token).json(&body).send().await.unwrap()
}

pub(crate) async fn user_id(app: &TestApp, email: &str) -> Uuid {
    sqlx::query_scalar("select id from users where username = $1").bind(email).fetch_one(&app.pool).await.unwrap()
}

/// Whole minutes, so times survive the round trip unchanged.
pub(crate) fn minutes_from_now(minutes: i64) -> DateTime<Utc> {
    Utc::now().duration_trunc(Duration::minutes(1)).unwrap() + Duration::minutes(minutes)
}

pub(crate) struct Scene {
    pub app: TestApp,
    pub company_id: Uuid,
    pub vacancy_id: Uuid,
    pub mari: Uuid,
    pub employer: TestClient,
}

/// A company with an employer and an open vacancy (a cook), and the applicant Mari signed in on
/// the app's own client.
pub(crate) async fn scene() -> Scene {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let company_id: Uuid = sqlx::query_scalar("select id from companies where registry_code = '12345678'").fetch_one(&app.pool).await.unwrap();
    let vacancy_id = publish(&app, company_id, NewVacancy::default(), true).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = user_id(&app, "mari@example.ee").await;
    app.client.sign_in("mari@example.ee").await;
    let employer = app.new_client();
    employer.sign_in("boss@example.ee").await;
    Scene { app, company_id, vacancy_id, mari, employer }
}

pub(crate) fn invitation(scene: &Scene, applicant: Uuid, slots: Vec<Period>) -> NewInterview {
    NewInterview {
        company_id: scene.company_id,
        vacancy_id: Some(scene.vacancy_id),
        application_id: None,
        applicant_user_id: applicant,
        created_by_user_id: None,
        interview_type: InterviewType::Office,
        duration_minutes: 60,
        slots,
        link: None,
        location: Some("Narva mnt 5, Tallinn".into()),
        description: Some("Bring your health certificate".into()),
        notify_applicant: true,
    }
}

/// An invitation to Mari with one slot, tomorrow from 10:00 to 12:00 (relative to now).
pub(crate) async fn invite(scene: &Scene) -> (Uuid, Period) {
    let slot = Period { start: minutes_from_now(24 * 60), end: minutes_from_now(24 * 60 + 120) };
    let id = interviews::invite(&scene.app.pool, &invitation(scene, scene.mari, vec![slot])).await.unwrap();
    (id, slot)
}

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

async fn list(client: &TestClient, tab: &str) -> Vec<Value> {
    let response = client.get(&format!("/api/applicant/interviews{tab}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Vec<Value>>().await.unwrap()
}

fn ids(items: &[Value]) -> Vec<String> {
    let mut ids: Vec<String> = items.iter().map(|i| i["interviewId"].as_str().unwrap().to_string()).collect();
    ids.sort();
    ids
}

#[tokio::test]
async fn an_invitation_shows_in_the_applicants_list_with_its_details() {
    let s = scene().await;
    let application: Uuid = sqlx::query_scalar("insert into applications (vacancy_id, applicant_user_id) values ($1, $2) returning id")
        .bind(s.vacancy_id)
        .bind(s.mari)
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    let morning = Period { start: minutes_from_now(24 * 60), end: minutes_from_now(24 * 60 + 90) };
    let afternoon = Period { start: minutes_from_now(26 * 60), end: minutes_from_now(27 * 60) };
    let new = NewInterview {
        application_id: Some(application),
        vacancy_id: None,
        interview_type: InterviewType::Online,
        link: Some("https://meet.example.ee/kokk".into()),
        ..invitation(&s, s.mari, vec![afternoon, morning])
    };
    let id = interviews::invite(&s.app.pool, &new).await.unwrap();

    let items = list(&s.app.client, "").await;
    assert_eq!(items.len(), 1);
    let item = &items[0];
    assert_eq!(item["interviewId"], id.to_string());
    assert_eq!(item["status"], "INVITED");
    assert_eq!(item["displayStatus"], "invited");
    assert_eq!(item["type"], "ONLINE");
    assert_eq!(item["durationMinutes"], 60);
    assert_eq!(item["start"], Value::Null, "no time until accepted");
    assert_eq!(item["link"], "https://meet.example.ee/kokk");
    assert_eq!(item["location"], "Narva mnt 5, Tallinn");
    assert_eq!(item["description"], "Bring your health certificate");
    assert_eq!(item["applicationId"], application.to_string());
    assert_eq!(item["vacancy"]["vacancyId"], s.vacancy_id.to_string(), "the vacancy comes from the application");
    assert_eq!(item["vacancy"]["occupation"]["labels"], json!({ "et": "Kokk", "en": "Cook", "ru": "Повар" }));
    assert_eq!(item["company"]["businessName"], "Põhja Köök OÜ");
    assert_eq!(item["company"]["registryCode"], "12345678");
    assert_eq!(item["company"]["logo"], Value::Null);
    let slots = item["slots"].as_array().unwrap();
    assert_eq!(slots.len(), 2);
    assert_eq!(slots[0]["start"], iso(morning.start), "in time order");
    assert_eq!(slots[0]["choosable"], true);
    assert_eq!(slots[0]["earliestStart"], iso(morning.start));
    assert_eq!(slots[0]["latestStart"], iso(morning.end - Duration::minutes(60)));
    assert_eq!(item["canceledBy"], Value::Null);

    let one: Value = s.app.client.get(&format!("/api/applicant/interviews/{id}")).await.json().await.unwrap();
    assert_eq!(one["interviewId"], id.to_string());
    assert_eq!(one["slots"], item["slots"]);
}

#[tokio::test]
async fn the_domain_refuses_wrong_invitations_with_the_specs_messages() {
    let s = scene().await;
    let slot = Period { start: minutes_from_now(60), end: minutes_from_now(120) };
    let message = |e: domain::Error| e.to_string();
    for minutes in [0, -30, 481, 61] {
        let new = NewInterview { duration_minutes: minutes, ..invitation(&s, s.mari, vec![slot]) };
        assert_eq!(message(interviews::invite(&s.app.pool, &new).await.unwrap_err()), "Wrong duration of interview", "{minutes} minutes");
    }
    let wrong_periods = [
        vec![Period { start: slot.end, end: slot.start }],
        vec![Period { start: minutes_from_now(-120), end: minutes_from_now(-30) }],
        vec![slot, Period { start: minutes_from_now(90), end: minutes_from_now(180) }],
    ];
    for slots in wrong_periods {
        let new = invitation(&s, s.mari, slots.clone());
        assert_eq!(message(interviews::invite(&s.app.pool, &new).await.unwrap_err()), "Wrong period", "{slots:?}");
    }
    let no_slots = interviews::invite(&s.app.pool, &invitation(&s, s.mari, vec![])).await.unwrap_err();
    assert_eq!(message(no_slots), "Offer at least one time for the interview");
    let bad_link = NewInterview { link: Some("javascript:alert(1)".into()), ..invitation(&s, s.mari, vec![slot]) };
    assert!(message(interviews::invite(&s.app.pool, &bad_link).await.unwrap_err()).contains("https://"));

    let boss = user_id(&s.app, "boss@example.ee").await;
    let not_an_applicant = interviews::invite(&s.app.pool, &invitation(&s, boss, vec![slot])).await.unwrap_err();
    assert_eq!(message(not_an_applicant), "Not found");
    let elsewhere = crate::search::company(&s.app, "Teine OÜ", "87654321").await;
    let foreign_vacancy = publish(&s.app, elsewhere, NewVacancy::default(), true).await;
    let new = NewInterview { vacancy_id: Some(foreign_vacancy), ..invitation(&s, s.mari, vec![slot]) };
    assert_eq!(message(interviews::invite(&s.app.pool, &new).await.unwrap_err()), "Not found", "another company's vacancy");
    let count: i64 = sqlx::query_scalar("select count(*) from interviews").fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn an_applicant_accepts_by_choosing_a_time_inside_an_offered_slot() {
    let s = scene().await;
    let (id, slot) = invite(&s).await;
    let before: DateTime<Utc> = sqlx::query_scalar("select updated_at from interviews where id = $1").bind(id).fetch_one(&s.app.pool).await.unwrap();

    let offered: Value = s.app.client.get(&format!("/api/applicant/interviews/{id}/slots")).await.json().await.unwrap();
    assert_eq!(offered["interviewId"], id.to_string());
    assert_eq!(offered["durationMinutes"], 60);
    assert_eq!(offered["status"], "INVITED");
    assert_eq!(offered["displayStatus"], "invited");
    assert_eq!(offered["slots"][0]["choosable"], true);
    assert_eq!(offered["slots"][0]["start"], iso(slot.start));

    let path = format!("/api/applicant/interviews/{id}/slots");
    let half_hour = json!({ "start": iso(slot.start), "end": iso(slot.start + Duration::minutes(30)), "message": "Sobib!" });
    let (status, error) = error_of(put(&s.app.client.in_english(), &path, half_hour).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "Wrong duration of interview");
    assert_eq!(error["code"], "wrong_interview_duration");
    assert_eq!(error["field"], "end");

    let past_the_slot = json!({ "start": iso(slot.end - Duration::minutes(30)), "end": iso(slot.end + Duration::minutes(30)) });
    let (status, error) = error_of(put(&s.app.client.in_english(), &path, past_the_slot).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "Wrong period");
    assert_eq!(error["code"], "wrong_period");
    let in_the_past = json!({ "start": iso(minutes_from_now(-60)), "end": iso(minutes_from_now(0)) });
    let (_, error) = error_of(put(&s.app.client.in_english(), &path, in_the_past).await).await;
    assert_eq!(error["message"], "Wrong period");
    let too_long = json!({ "start": iso(slot.start), "end": iso(slot.start + Duration::minutes(60)), "message": "x".repeat(2001) });
    let (status, error) = error_of(put(&s.app.client.in_english(), &path, too_long).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "message");
    let (status, _) = error_of(put(&s.app.client.in_english(), &path, json!({ "start": "tomorrow" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let start = slot.start + Duration::minutes(30);
    let choice = json!({ "start": iso(start), "end": iso(start + Duration::minutes(60)), "message": "  Sobib hästi!  " });
    let response = put(&s.app.client, &path, choice.clone()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let accepted: Value = response.json().await.unwrap();
    assert_eq!(accepted["status"], "ACCEPTED");
    assert_eq!(accepted["displayStatus"], "accepted");
    assert_eq!(accepted["start"], iso(start));
    assert_eq!(accepted["end"], iso(start + Duration::minutes(60)));
    assert_eq!(accepted["applicantMessage"], "Sobib hästi!");
    assert_eq!(accepted["acceptedSlotId"], offered["slots"][0]["slotId"]);
    assert_eq!(accepted["slots"][0]["choosable"], false, "an answered invitation offers nothing more");
    let after: DateTime<Utc> = sqlx::query_scalar("select updated_at from interviews where id = $1").bind(id).fetch_one(&s.app.pool).await.unwrap();
    assert!(after > before, "the write bumps updated_at");

    let (status, error) = error_of(put(&s.app.client.in_english(), &path, choice).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["code"], "interview_not_changeable");
    assert_eq!(error["message"], "This interview has already been accepted");
}

#[tokio::test]
async fn put_interview_accepts_or_cancels_and_refuses_what_the_status_does_not_allow() {
    let s = scene().await;
    let (first, slot) = invite(&s).await;
    let (second, _) = invite(&s).await;
    let path = |id: Uuid| format!("/api/applicant/interviews/{id}");

    let (status, error) = error_of(put(&s.app.client.in_english(), &path(first), json!({ "status": "ACCEPTED", "message": "Jah" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "Choose a time for the interview");
    assert_eq!(error["field"], "start");
    let (status, error) = error_of(put(&s.app.client.in_english(), &path(first), json!({ "status": "COMPLETED" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "status");
    let (status, _) = error_of(put(&s.app.client.in_english(), &path(first), json!({ "status": "DONE" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, error) = error_of(put(&s.app.client.in_english(), &path(first), json!({ "status": "CANCELED", "message": "   " })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "Please write a message to the employer");

    let accept = json!({ "status": "ACCEPTED", "start": iso(slot.start), "end": iso(slot.start + Duration::minutes(60)) });
    let response = put(&s.app.client, &path(first), accept.clone()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let accepted: Value = response.json().await.unwrap();
    assert_eq!(accepted["status"], "ACCEPTED");
    assert_eq!(accepted["applicantMessage"], Value::Null, "a message is optional when accepting");

    let response = put(&s.app.client, &path(first), json!({ "status": "CANCELED", "message": "Leidsin teise töö" })).await;
    assert_eq!(response.status(), StatusCode::OK, "an accepted interview that has not started can be canceled");
    let canceled: Value = response.json().await.unwrap();
    assert_eq!(canceled["status"], "CANCELED");
    assert_eq!(canceled["displayStatus"], "canceled");
    assert_eq!(canceled["reason"], "Leidsin teise töö");
    assert_eq!(canceled["canceledBy"], "APPLICANT");
    assert!(canceled["canceledAt"].is_string());

    let (_, error) = error_of(put(&s.app.client.in_english(), &path(first), json!({ "status": "CANCELED", "message": "Uuesti" })).await).await;
    assert_eq!(error["code"], "interview_not_changeable");
    assert_eq!(error["message"], "This interview has already been canceled");
    let (_, error) = error_of(put(&s.app.client.in_english(), &path(first), accept).await).await;
    assert_eq!(error["message"], "This interview has been canceled");

    let response = put(&s.app.client, &path(second), json!({ "status": "CANCELED", "message": "Ei sobi" })).await;
    assert_eq!(response.status(), StatusCode::OK, "an invitation can be declined");

    // an accepted interview that has started can no longer be canceled; a completed one cannot change
    let (third, _) = invite(&s).await;
    sqlx::query("update interviews set status = 'ACCEPTED', starts_at = now() - interval '10 minutes' where id = $1")
        .bind(third)
        .execute(&s.app.pool)
        .await
        .unwrap();
    let (_, error) = error_of(put(&s.app.client.in_english(), &path(third), json!({ "status": "CANCELED", "message": "Hilja" })).await).await;
    assert_eq!(error["message"], "An interview that has started can no longer be canceled");
    sqlx::query("update interviews set status = 'COMPLETED' where id = $1").bind(third).execute(&s.app.pool).await.unwrap();
    let (_, error) = error_of(put(&s.app.client.in_english(), &path(third), json!({ "status": "CANCELED", "message": "Hilja" })).await).await;
    assert_eq!(error["message"], "This interview has already taken place");
}

#[tokio::test]
async fn display_statuses_follow_the_clock_and_tabs_filter_by_them() {
    let s = scene().await;
    let pool = &s.app.pool;
    let (invited, _) = invite(&s).await;
    let (expired, _) = invite(&s).await;
    sqlx::query("update interview_slots set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' where interview_id = $1")
        .bind(expired)
        .execute(pool)
        .await
        .unwrap();
    let mut accepted_at = Vec::new();
    for offset in ["1 day", "-10 minutes", "-2 hours", "-3 days"] {
        let (id, _) = invite(&s).await;
        sqlx::query("update interviews set status = 'ACCEPTED', starts_at = now() + $2::interval, accepted_at = now() where id = $1")
            .bind(id)
            .bind(offset)
            .execute(pool)
            .await
            .unwrap();
        accepted_at.push(id);
    }
    let [upcoming, now_on, recently_ended, long_ago] = accepted_at[..] else { unreachable!() };
    let (completed, _) = invite(&s).await;
    sqlx::query("update interviews set status = 'COMPLETED', conclusion_message = 'Aitäh!' where id = $1").bind(completed).execute(pool).await.unwrap();
    let (canceled, _) = invite(&s).await;
    sqlx::query("update interviews set status = 'CANCELED', reason = 'Koht on täidetud', canceled_at = now() where id = $1")
        .bind(canceled)
        .execute(pool)
        .await
        .unwrap();

    let all = list(&s.app.client, "").await;
    let status_of = |id: Uuid| all.iter().find(|i| i["interviewId"] == id.to_string()).unwrap()["displayStatus"].clone();
    assert_eq!(status_of(invited), "invited");
    assert_eq!(status_of(expired), "inviteExpired");
    assert_eq!(status_of(upcoming), "accepted");
    assert_eq!(status_of(now_on), "acceptedNow");
    assert_eq!(status_of(recently_ended), "acceptedExpired");
    assert_eq!(status_of(long_ago), "completed");
    assert_eq!(status_of(completed), "completed");
    assert_eq!(status_of(canceled), "canceled");
    let canceled_item = all.iter().find(|i| i["interviewId"] == canceled.to_string()).unwrap();
    assert_eq!(canceled_item["reason"], "Koht on täidetud");
    assert_eq!(canceled_item["canceledBy"], "EMPLOYER");
    let completed_item = all.iter().find(|i| i["interviewId"] == completed.to_string()).unwrap();
    assert_eq!(completed_item["conclusionMessage"], "Aitäh!");
    let starts: Vec<&str> = all.iter().filter_map(|i| i["start"].as_str()).collect();
    let mut sorted = starts.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(starts, sorted, "the latest date first");

    let sorted_ids = |mut v: Vec<Uuid>| {
        v.sort();
        v.into_iter().map(|id| id.to_string()).collect::<Vec<_>>()
    };
    assert_eq!(ids(&list(&s.app.client, "?status=all").await).len(), 8);
    assert_eq!(ids(&list(&s.app.client, "?status=accepted").await), sorted_ids(vec![upcoming, now_on, recently_ended]));
    assert_eq!(ids(&list(&s.app.client, "?status=canceled").await), sorted_ids(vec![canceled]));
    assert_eq!(ids(&list(&s.app.client, "?status=completed").await), sorted_ids(vec![long_ago, completed]));
    assert_eq!(ids(&list(&s.app.client, "?status=invited").await), sorted_ids(vec![invited, expired]));
    let (status, _) = error_of(s.app.client.get("/api/applicant/interviews?status=archive").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let expired_slots: Value = s.app.client.get(&format!("/api/applicant/interviews/{expired}/slots")).await.json().await.unwrap();
    assert_eq!(expired_slots["slots"][0]["choosable"], false);
    let slot_start: DateTime<Utc> = expired_slots["slots"][0]["start"].as_str().unwrap().parse().unwrap();
    let late = json!({ "start": iso(slot_start), "end": iso(slot_start + Duration::minutes(60)) });
    let (_, error) = error_of(put(&s.app.client.in_english(), &format!("/api/applicant/interviews/{expired}/slots"), late).await).await;
    assert_eq!(error["message"], "Wrong period", "an expired invitation cannot be accepted");
}

#[tokio::test]
async fn another_applicants_interview_is_not_found() {
    let s = scene().await;
    s.app.create_user("kati@example.ee", &["APPLICANT"]).await;
    let kati = user_id(&s.app, "kati@example.ee").await;
    let slot = Period { start: minutes_from_now(24 * 60), end: minutes_from_now(25 * 60) };
    let hers = interviews::invite(&s.app.pool, &invitation(&s, kati, vec![slot])).await.unwrap();

    assert_eq!(list(&s.app.client, "").await, Vec::<Value>::new());
    let english = s.app.client.in_english();
    let client = &english;
    let choice = json!({ "start": iso(slot.start), "end": iso(slot.end) });
    let answers = [
        client.get(&format!("/api/applicant/interviews/{hers}")).await,
        client.get(&format!("/api/applicant/interviews/{hers}/slots")).await,
        put(client, &format!("/api/applicant/interviews/{hers}/slots"), choice.clone()).await,
        put(client, &format!("/api/applicant/interviews/{hers}"), json!({ "status": "CANCELED", "message": "Ei" })).await,
        client.get(&format!("/api/applicant/interviews/{}", Uuid::new_v4())).await,
    ];
    for response in answers {
        let (status, error) = error_of(response).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(error["message"], "Not found");
    }
    let untouched: String = sqlx::query_scalar("select status from interviews where id = $1").bind(hers).fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(untouched, "INVITED");

    let (status, _) = error_of(s.employer.get("/api/applicant/interviews").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "an employer is not an applicant");
    let (status, _) = error_of(s.app.new_client().get("/api/applicant/interviews").await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = error_of(client.get("/api/applicant/interviews/not-a-uuid").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn counts(client: &TestClient) -> i64 {
    client.get("/api/user/menu-notifications").await.json::<Value>().await.unwrap()["interviews"].as_i64().unwrap()
}

#[tokio::test]
async fn badges_count_invitations_for_the_applicant_and_answers_for_the_employer() {
    let s = scene().await;
    let (first, slot) = invite(&s).await;
    assert_eq!(counts(&s.app.client).await, 1, "a new invitation");
    assert_eq!(counts(&s.employer).await, 0, "nothing answered yet");
    let seen: Value = patch(&s.app.client, "/api/user/menu-notifications", json!({ "kind": "INTERVIEWS" })).await.json().await.unwrap();
    assert_eq!(seen["interviews"], 0);
    let (second, _) = invite(&s).await;
    assert_eq!(counts(&s.app.client).await, 1, "only the one after the last look");

    let accept = json!({ "start": iso(slot.start), "end": iso(slot.start + Duration::minutes(60)) });
    assert_eq!(put(&s.app.client, &format!("/api/applicant/interviews/{first}/slots"), accept).await.status(), StatusCode::OK);
    assert_eq!(counts(&s.employer).await, 1, "an acceptance is an answer");
    assert_eq!(counts(&s.app.client).await, 1, "the second invitation still waits");
    patch(&s.employer, "/api/user/menu-notifications", json!({ "kind": "INTERVIEWS" })).await;
    assert_eq!(counts(&s.employer).await, 0);

    let response = put(&s.app.client, &format!("/api/applicant/interviews/{second}"), json!({ "status": "CANCELED", "message": "Ei sobi" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(counts(&s.employer).await, 1, "a cancellation by the applicant is an answer");
    assert_eq!(counts(&s.app.client).await, 0, "an answered invitation no longer counts for the applicant");
    patch(&s.employer, "/api/user/menu-notifications", json!({ "kind": "INTERVIEWS" })).await;

    let boss = user_id(&s.app, "boss@example.ee").await;
    sqlx::query("update interviews set status = 'CANCELED', canceled_at = now(), canceled_by_user_id = $2, reason = 'Koht täidetud' where id = $1")
        .bind(first)
        .bind(boss)
        .execute(&s.app.pool)
        .await
        .unwrap();
    assert_eq!(counts(&s.employer).await, 0, "the employer's own cancellation is no news to the employer");
    sqlx::query("update interviews set description = 'Muudetud' where id = $1").bind(second).execute(&s.app.pool).await.unwrap();
    assert_eq!(counts(&s.employer).await, 0, "a later edit is no new answer");
}

#[tokio::test]
async fn demo_data_gives_the_applicant_an_invited_an_accepted_and_a_canceled_interview_once() {
    let s = scene().await;
    for occupation in ["DRIVER", "COOK"] {
        publish(&s.app, s.company_id, NewVacancy { occupation, ..NewVacancy::default() }, true).await;
    }
    assert_eq!(fixtures::interviews::seed_demo(&s.app.pool, "mari@example.ee").await.unwrap(), 3);
    assert_eq!(fixtures::interviews::seed_demo(&s.app.pool, "mari@example.ee").await.unwrap(), 0, "seeding again adds nothing");
    assert_eq!(fixtures::interviews::seed_demo(&s.app.pool, "nobody@example.ee").await.unwrap(), 0);

    let mut statuses: Vec<String> = list(&s.app.client, "").await.iter().map(|i| i["displayStatus"].as_str().unwrap().to_string()).collect();
    statuses.sort();
    assert_eq!(statuses, ["accepted", "canceled", "invited"]);
    let invited = list(&s.app.client, "?status=invited").await;
    assert!(invited[0]["slots"].as_array().unwrap().iter().all(|slot| slot["choosable"] == true), "future slots");
}
