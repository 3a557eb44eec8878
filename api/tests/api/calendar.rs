//! The calendar: own events (one-off and recurring), their checks, ownership, and interviews shown
//! read-only beside them.

use chrono::{DateTime, Duration, Utc};
use domain::interviews::{self, Period};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestClient, error_of, spawn_app};
use crate::interviews::{invitation, minutes_from_now, put, scene};

async fn delete(client: &TestClient, path: &str) -> reqwest::Response {
    let token = client.xsrf().await;
    client.http.delete(client.url(path)).header("x-xsrf-token", token).send().await.unwrap()
}

async fn items(client: &TestClient, path: &str) -> Vec<Value> {
    let response = client.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[tokio::test]
async fn events_are_created_listed_changed_and_deleted() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;

    let event = json!({ "name": "  Hambaarst  ", "description": "Kontroll", "start": "2026-05-04T07:00:00Z", "end": "2026-05-04T08:00:00Z" });
    let response = app.client.post("/api/user/events", event).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    let id = created["eventId"].as_str().unwrap().to_string();
    assert_eq!(created["name"], "Hambaarst");
    assert_eq!(created["description"], "Kontroll");
    assert_eq!(created["allDay"], false);
    assert_eq!(created["recurrence"], Value::Null);
    assert_eq!(created["timeZone"], "Europe/Tallinn");

    let week = items(&app.client, "/api/user/events/my?start=2026-05-04&end=2026-05-11").await;
    assert_eq!(week.len(), 1);
    assert_eq!(week[0]["kind"], "event");
    assert_eq!(week[0]["eventId"], id);
    assert_eq!(week[0]["name"], "Hambaarst");
    assert_eq!(week[0]["start"], "2026-05-04T07:00:00Z");
    assert_eq!(week[0]["readOnly"], false);
    assert_eq!(items(&app.client, "/api/user/events/my?start=2026-05-05&end=2026-05-11").await, Vec::<Value>::new(), "outside the range");
    let overlapping = items(&app.client, "/api/user/events/my?start=2026-05-04T07:30:00Z&end=2026-05-04T09:00:00Z").await;
    assert_eq!(overlapping.len(), 1, "an event that began before the range still overlaps it");

    let change = json!({ "eventId": id, "name": "Hambaarst (uus aeg)", "start": "2026-05-06T12:00:00Z", "end": "2026-05-06T13:00:00Z" });
    let response = put(&app.client, "/api/user/events", change).await;
    assert_eq!(response.status(), StatusCode::OK);
    let changed: Value = response.json().await.unwrap();
    assert_eq!(changed["name"], "Hambaarst (uus aeg)");
    assert_eq!(changed["description"], Value::Null, "PUT replaces every field");
    let week = items(&app.client, "/api/user/events/my?start=2026-05-04&end=2026-05-11").await;
    assert_eq!(week[0]["start"], "2026-05-06T12:00:00Z");

    let all_day = json!({ "name": "Jaanipäev", "start": "2026-06-24T10:00:00Z", "end": "2026-06-24T10:00:00Z", "allDay": true });
    let created: Value = app.client.post("/api/user/events", all_day).await.json().await.unwrap();
    assert_eq!(created["start"], "2026-06-23T21:00:00Z", "midnight in Tallinn (summer time)");
    assert_eq!(created["end"], "2026-06-24T21:00:00Z");

    let response = delete(&app.client, &format!("/api/user/events?eventId={id}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(items(&app.client, "/api/user/events/my?start=2026-05-04&end=2026-05-11").await, Vec::<Value>::new());
    let (status, _) = error_of(delete(&app.client, &format!("/api/user/events?eventId={id}")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "already gone");
}

#[tokio::test]
async fn every_event_check_names_its_problem() {
    let app = spawn_app().await;
    app.client.sign_in("plain@example.ee").await;
    let base = json!({ "name": "Koosolek", "start": "2026-05-04T07:00:00Z", "end": "2026-05-04T08:00:00Z" });
    let with = |changes: Value| {
        let mut event = base.clone();
        for (key, value) in changes.as_object().unwrap() {
            event[key] = value.clone();
        }
        event
    };
    let cases = [
        (with(json!({ "name": "   " })), "validation", "name", "Name is required"),
        (with(json!({ "name": "x".repeat(201) })), "validation", "name", "The name is longer than 200 characters"),
        (with(json!({ "description": "x".repeat(2001) })), "validation", "description", "The description is longer than 2000 characters"),
        (with(json!({ "end": "2026-05-04T06:00:00Z" })), "wrong_period", "end", "Wrong period"),
        (with(json!({ "end": "2027-06-04T06:00:00Z" })), "wrong_period", "end", "Wrong period"),
        (with(json!({ "start": "1900-05-04T07:00:00Z", "end": "1900-05-04T08:00:00Z" })), "wrong_period", "start", "Wrong period"),
    ];
    let english = app.client.in_english();
    for (event, code, field, message) in cases {
        let (status, error) = error_of(english.post("/api/user/events", event.clone()).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{event}");
        assert_eq!(error["code"], code, "{event}");
        assert_eq!(error["field"], field, "{event}");
        assert_eq!(error["message"], message, "{event}");
    }
    let rules = [
        ("FREQ=HOURLY", "Invalid recurrence rule: FREQ=HOURLY is not supported (DAILY, WEEKLY, MONTHLY or YEARLY)"),
        ("FREQ=WEEKLY;BYHOUR=9", "Invalid recurrence rule: BYHOUR is not supported"),
        ("BYDAY=MO", "Invalid recurrence rule: FREQ is required"),
        ("FREQ=DAILY;COUNT=5000", "Invalid recurrence rule: COUNT must be a number from 1 to 1000"),
    ];
    for (rule, message) in rules {
        let (status, error) = error_of(english.post("/api/user/events", with(json!({ "recurrence": rule }))).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{rule}");
        assert_eq!(error["field"], "recurrence");
        assert_eq!(error["message"], message);
    }
    let (status, error) = error_of(english.post("/api/user/events", with(json!({ "recurrence": "FREQ=WEEKLY;BYDAY=XX" }))).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error["message"].as_str().unwrap().starts_with("Invalid recurrence rule: "), "{error}");
    let (status, _) = error_of(app.client.post("/api/user/events", with(json!({ "start": "next monday" }))).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = error_of(app.client.post("/api/user/events", json!({ "name": "Koosolek" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "start and end are required");

    let ranges = [
        ("start=2026-05-11&end=2026-05-04", "Wrong period"),
        ("start=2026-05-04&end=2026-05-04", "Wrong period"),
        ("start=2026-01-01&end=2027-02-01", "The range may be at most 366 days long"),
        ("start=04.05.2026&end=2026-05-11", "Wrong date in start: expected an ISO date (2026-05-04) or date-time"),
    ];
    for (query, message) in ranges {
        for path in ["/api/user/events/my", "/api/user/events/my/recurrent"] {
            let (status, error) = error_of(english.get(&format!("{path}?{query}")).await).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{path}?{query}");
            assert_eq!(error["message"], message, "{path}?{query}");
        }
    }
    let (status, _) = error_of(app.client.get("/api/user/events/my?start=2026-05-04").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "end is required");
    assert_eq!(items(&app.client, "/api/user/events/my?start=2026-01-01&end=2027-01-01").await, Vec::<Value>::new(), "a whole year is fine");
    let count: i64 = sqlx::query_scalar("select count(*) from calendar_events").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 0);

    sqlx::query(
        "insert into calendar_events (owner_user_id, name, starts_at, ends_at)
         select u.id, 'Vana', now(), now() from users u, generate_series(1, 5000) where u.username = 'plain@example.ee'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let (status, error) = error_of(app.client.in_english().post("/api/user/events", base.clone()).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "A calendar holds at most 5000 events; delete some first");
}

#[tokio::test]
async fn recurring_events_expand_inside_the_range_in_tallinn_time() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    // Monday 23 March 2026 at 09:00 in Tallinn (07:00 UTC); summer time starts on 29 March
    let event = json!({ "name": "Jooksutrenn", "start": "2026-03-23T07:00:00Z", "end": "2026-03-23T08:00:00Z",
                        "recurrence": "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4" });
    let response = app.client.post("/api/user/events", event).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    assert_eq!(created["recurrence"], "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4");
    assert_eq!(created["recurrenceUntil"], "2026-04-01T06:00:00Z", "the fourth occurrence, Wednesday 1 April at 9:00 summer time");

    let found = items(&app.client, "/api/user/events/my/recurrent?start=2026-03-01&end=2026-05-01").await;
    let starts: Vec<&str> = found.iter().map(|o| o["start"].as_str().unwrap()).collect();
    assert_eq!(starts, ["2026-03-23T07:00:00Z", "2026-03-25T07:00:00Z", "2026-03-30T06:00:00Z", "2026-04-01T06:00:00Z"]);
    assert_eq!(found[2]["end"], "2026-03-30T07:00:00Z");
    assert_eq!(found[2]["kind"], "event");
    assert_eq!(found[2]["eventId"], created["eventId"]);
    assert_eq!(found[2]["recurrence"], "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4");
    assert_eq!(found[2]["seriesStart"], "2026-03-23T07:00:00Z");
    let one_week = items(&app.client, "/api/user/events/my/recurrent?start=2026-03-30&end=2026-04-06").await;
    assert_eq!(one_week.len(), 2);
    assert_eq!(items(&app.client, "/api/user/events/my/recurrent?start=2026-04-02&end=2026-05-01").await, Vec::<Value>::new(), "after COUNT");
    assert_eq!(items(&app.client, "/api/user/events/my?start=2026-03-01&end=2026-05-01").await, Vec::<Value>::new(), "series are in /recurrent");

    let forever = json!({ "name": "Palgapäev", "start": "2026-01-10T08:00:00Z", "end": "2026-01-10T09:00:00Z", "allDay": false,
                          "recurrence": "FREQ=MONTHLY;UNTIL=20260510" });
    let created: Value = app.client.post("/api/user/events", forever).await.json().await.unwrap();
    assert_eq!(created["recurrenceUntil"], "2026-05-10T20:59:59Z", "a bare UNTIL date is the end of that Tallinn day");
    let found = items(&app.client, "/api/user/events/my/recurrent?start=2026-04-02&end=2026-07-01").await;
    let starts: Vec<&str> = found.iter().map(|o| o["start"].as_str().unwrap()).collect();
    assert_eq!(starts, ["2026-04-10T07:00:00Z", "2026-05-10T07:00:00Z"], "10:00 Tallinn time, up to UNTIL");

    let id = created["eventId"].as_str().unwrap();
    let no_longer = json!({ "eventId": id, "name": "Palgapäev", "start": "2026-01-10T08:00:00Z", "end": "2026-01-10T09:00:00Z", "recurrence": "" });
    let changed: Value = put(&app.client, "/api/user/events", no_longer).await.json().await.unwrap();
    assert_eq!(changed["recurrence"], Value::Null, "an empty rule makes a one-off event");
    assert_eq!(changed["recurrenceUntil"], Value::Null);
    assert_eq!(items(&app.client, "/api/user/events/my/recurrent?start=2026-04-02&end=2026-07-01").await, Vec::<Value>::new());
}

#[tokio::test]
async fn another_users_event_is_not_found() {
    let app = spawn_app().await;
    app.client.sign_in("mari@example.ee").await;
    let kati = app.new_client();
    kati.sign_in("kati@example.ee").await;
    let event = json!({ "name": "Kati sünnipäev", "start": "2026-05-04T07:00:00Z", "end": "2026-05-04T08:00:00Z", "recurrence": "FREQ=YEARLY" });
    let hers: Value = kati.post("/api/user/events", event).await.json().await.unwrap();
    let id = hers["eventId"].as_str().unwrap();

    assert_eq!(items(&app.client, "/api/user/events/my?start=2026-05-01&end=2026-06-01").await, Vec::<Value>::new());
    assert_eq!(items(&app.client, "/api/user/events/my/recurrent?start=2026-05-01&end=2026-06-01").await, Vec::<Value>::new());
    let change = json!({ "eventId": id, "name": "Minu nüüd", "start": "2026-05-04T07:00:00Z", "end": "2026-05-04T08:00:00Z" });
    let (status, error) = error_of(put(&app.client.in_english(), "/api/user/events", change).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["message"], "Not found");
    let (status, _) = error_of(delete(&app.client, &format!("/api/user/events?eventId={id}")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let hers_still = items(&kati, "/api/user/events/my/recurrent?start=2026-05-01&end=2026-06-01").await;
    assert_eq!(hers_still[0]["name"], "Kati sünnipäev");
    let (status, _) = error_of(delete(&app.client, "/api/user/events?eventId=nope").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let visitor = app.new_client();
    assert_eq!(visitor.get("/api/user/events/my?start=2026-05-01&end=2026-06-01").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(visitor.post("/api/user/events", json!({})).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn interviews_show_in_the_calendar_read_only_beside_own_events() {
    let s = scene().await;
    let (from, to) = (minutes_from_now(-24 * 60), minutes_from_now(7 * 24 * 60));
    let range = format!("start={}&end={}", iso(from), iso(to));
    let tomorrow = Period { start: minutes_from_now(24 * 60), end: minutes_from_now(24 * 60 + 120) };
    let later = Period { start: minutes_from_now(48 * 60), end: minutes_from_now(49 * 60) };
    let invited = interviews::invite(&s.app.pool, &invitation(&s, s.mari, vec![tomorrow, later])).await.unwrap();
    let accepted = interviews::invite(&s.app.pool, &invitation(&s, s.mari, vec![Period { start: minutes_from_now(72 * 60), end: minutes_from_now(74 * 60) }]))
        .await
        .unwrap();
    let start = minutes_from_now(72 * 60 + 30);
    let choice = json!({ "start": iso(start), "end": iso(start + Duration::minutes(60)), "message": "Tulen" });
    assert_eq!(put(&s.app.client, &format!("/api/applicant/interviews/{accepted}/slots"), choice).await.status(), StatusCode::OK);
    let completed = interviews::invite(&s.app.pool, &invitation(&s, s.mari, vec![later])).await.unwrap();
    sqlx::query("update interviews set status = 'COMPLETED', starts_at = now() - interval '3 hours' where id = $1")
        .bind(completed)
        .execute(&s.app.pool)
        .await
        .unwrap();
    let canceled = interviews::invite(&s.app.pool, &invitation(&s, s.mari, vec![later])).await.unwrap();
    put(&s.app.client, &format!("/api/applicant/interviews/{canceled}"), json!({ "status": "CANCELED", "message": "Ei" })).await;
    let own = json!({ "name": "Trenn", "start": iso(minutes_from_now(30 * 60)), "end": iso(minutes_from_now(31 * 60)) });
    assert_eq!(s.app.client.post("/api/user/events", own).await.status(), StatusCode::CREATED);

    let found = items(&s.app.client, &format!("/api/user/events/my?{range}")).await;
    let summary: Vec<(String, String)> = found
        .iter()
        .map(|i| (i["kind"].as_str().unwrap().to_string(), i["interviewId"].as_str().or(i["eventId"].as_str()).unwrap().to_string()))
        .collect();
    let invited_id = invited.to_string();
    let accepted_id = accepted.to_string();
    assert_eq!(summary.len(), 5, "the completed interview, two offered slots, the own event, the accepted interview; not the canceled one: {summary:?}");
    assert_eq!(summary[0], ("interview".to_string(), completed.to_string()), "in time order");
    assert_eq!(found[0]["interview"]["displayStatus"], "completed");
    assert_eq!(summary[1], ("interview".to_string(), invited_id.clone()));
    assert_eq!(summary[2].0, "event");
    assert_eq!(summary[3], ("interview".to_string(), invited_id));
    assert_eq!(summary[4], ("interview".to_string(), accepted_id));

    let slot = &found[1];
    assert_eq!(slot["readOnly"], true);
    assert_eq!(slot["start"], iso(tomorrow.start));
    assert_eq!(slot["end"], iso(tomorrow.end));
    assert_eq!(slot["name"], "Kokk – Põhja Köök OÜ");
    assert_eq!(slot["interview"]["tentative"], true);
    assert_eq!(slot["interview"]["status"], "INVITED");
    assert_eq!(slot["interview"]["displayStatus"], "invited");
    assert_eq!(slot["interview"]["type"], "OFFICE");
    assert_eq!(slot["interview"]["location"], "Narva mnt 5, Tallinn");
    assert_eq!(slot["interview"]["occupation"]["labels"]["en"], "Cook");
    assert_eq!(slot["interview"]["applicantName"], Value::Null);
    assert!(slot["interview"]["slotId"].is_string());
    let fixed = &found[4];
    assert_eq!(fixed["start"], iso(start));
    assert_eq!(fixed["end"], iso(start + Duration::minutes(60)));
    assert_eq!(fixed["interview"]["tentative"], false);
    assert_eq!(fixed["interview"]["displayStatus"], "accepted");

    let english = s.app.client.http.get(s.app.client.url(&format!("/api/user/events/my?{range}"))).header("accept-language", "en").send().await.unwrap();
    let english: Vec<Value> = english.json().await.unwrap();
    assert_eq!(english[1]["name"], "Cook – Põhja Köök OÜ");

    let employer_view = items(&s.employer, &format!("/api/user/events/my?{range}")).await;
    assert_eq!(employer_view.len(), 4, "the company's interviews; Mari's own event stays hers");
    assert_eq!(employer_view[0]["name"], "Test User – Kokk");
    assert_eq!(employer_view[0]["interview"]["applicantName"], "Test User");

    s.app.create_user("kati@example.ee", &["APPLICANT"]).await;
    let kati = s.app.new_client();
    kati.sign_in("kati@example.ee").await;
    assert_eq!(items(&kati, &format!("/api/user/events/my?{range}")).await, Vec::<Value>::new(), "someone else's interviews stay hidden");
}
