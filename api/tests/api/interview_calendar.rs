//! The employer's side of interviews after the invitation (update, cancel, complete, tabs), the
//! iCalendar mails of every change (each `.ics` parsed with the `icalendar` crate), working hours,
//! the free-slot rule and the private calendar feed.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use icalendar::{Calendar, Component};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app_with};
use crate::interviews::{minutes_from_now, put, user_id};
use crate::search::{NewVacancy, publish};

struct Scene {
    app: TestApp,
    boss: TestClient,
    mari: TestClient,
    application_id: String,
}

async fn company_id(app: &TestApp, registry_code: &str) -> Uuid {
    sqlx::query_scalar("select id from companies where registry_code = $1").bind(registry_code).fetch_one(&app.pool).await.unwrap()
}

async fn apply(app: &TestApp, client: &TestClient, registry_code: &str) -> String {
    let vacancy = publish(app, company_id(app, registry_code).await, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set cv_not_required = true where id = $1").bind(vacancy).execute(&app.pool).await.unwrap();
    let response = client.post("/api/applicant/applications", json!({ "vacancyId": vacancy })).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    created["applicationId"].as_str().unwrap().to_string()
}

async fn scene(worker: bool) -> Scene {
    let app = spawn_app_with(AppOptions { worker, ..AppOptions::default() }).await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let application_id = apply(&app, &mari, "12345678").await;
    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    Scene { app, boss, mari, application_id }
}

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn slot(start: DateTime<Utc>, minutes: i64) -> Value {
    json!({ "start": iso(start), "end": iso(start + Duration::minutes(minutes)) })
}

fn invitation(application_id: &str, slots: Vec<Value>) -> Value {
    json!({ "applicationId": application_id, "type": "ONLINE", "durationMinutes": 60, "slots": slots, "link": "https://meet.example.ee/kokk" })
}

async fn invite(s: &Scene, slots: Vec<Value>) -> String {
    let response = s.boss.post("/api/employer/interviews", invitation(&s.application_id, slots)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    created["interviewId"].as_str().unwrap().to_string()
}

fn change(interview_id: &str, duration: i64, slots: Vec<Value>) -> Value {
    json!({ "interviewId": interview_id, "type": "OFFICE", "durationMinutes": duration, "slots": slots, "location": "Narva mnt 5, Tallinn" })
}

/// A Tallinn wall-clock time `days` days from now at `hour`:00, on the next `weekday` (1 = Monday)
/// when given.
fn tallinn(days: i64, weekday: Option<u32>, hour: u32) -> DateTime<Utc> {
    let mut date: NaiveDate = (Utc::now() + Duration::days(days)).date_naive();
    if let Some(weekday) = weekday {
        while date.weekday().number_from_monday() != weekday {
            date = date.succ_opt().unwrap();
        }
    }
    domain::calendar::local_to_utc(date.and_hms_opt(hour, 0, 0).unwrap())
}

/// Waits for `count` mails to `to` (newest first), with their `.ics` parsed.
async fn mails(app: &TestApp, to: &str, count: usize) -> Vec<(Value, Calendar)> {
    let mut mails = Value::Null;
    for _ in 0..150 {
        mails = app.client.get(&format!("/api/dev/outbox?to={to}")).await.json().await.unwrap();
        let with_ics = mails.as_array().unwrap().iter().filter(|m| !m["attachments"].as_array().unwrap().is_empty()).count();
        if with_ics >= count {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let found: Vec<(Value, Calendar)> = mails
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| !m["attachments"].as_array().unwrap().is_empty())
        .map(|m| {
            let attachment = &m["attachments"][0];
            assert!(attachment["contentType"].as_str().unwrap().starts_with("text/calendar"), "{m}");
            let calendar: Calendar = attachment["text"].as_str().expect("the .ics text").parse().expect("a parsable .ics");
            (m.clone(), calendar)
        })
        .collect();
    assert_eq!(found.len(), count, "{mails}");
    found
}

/// METHOD, UID, SEQUENCE, DTSTART and STATUS of a mail's single event.
fn summary(calendar: &Calendar) -> (String, String, u32, DateTime<Utc>, String) {
    let event = calendar.events().next().expect("one VEVENT");
    assert_eq!(calendar.events().count(), 1);
    let start = match event.get_start().unwrap() {
        icalendar::DatePerhapsTime::DateTime(icalendar::CalendarDateTime::Utc(t)) => t,
        other => panic!("a UTC start: {other:?}"),
    };
    (
        calendar.property_value("METHOD").unwrap().to_string(),
        event.get_uid().unwrap().to_string(),
        event.get_sequence().unwrap(),
        start,
        event.property_value("STATUS").unwrap().to_string(),
    )
}

#[tokio::test]
async fn every_change_of_an_interview_is_mailed_with_an_ics_of_the_same_uid_and_a_growing_sequence() {
    let s = scene(true).await;
    let first = minutes_from_now(2 * 24 * 60);
    let id = invite(&s, vec![slot(first, 120)]).await;
    let uid = format!("{id}@vakants.ee");

    let invited = mails(&s.app, "mari@example.ee", 1).await;
    assert_eq!(summary(&invited[0].1), ("REQUEST".into(), uid.clone(), 0, first, "TENTATIVE".into()));
    assert!(invited[0].0["subject"].as_str().unwrap().starts_with("Kutse tööintervjuule"), "Mari reads Estonian: {}", invited[0].0);

    // the employer moves the slot a day later: the applicant gets the change
    let moved = minutes_from_now(3 * 24 * 60);
    let response = put(&s.boss, "/api/employer/interviews", change(&id, 60, vec![slot(moved, 120)])).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "INVITED");
    let updated = mails(&s.app, "mari@example.ee", 2).await;
    assert_eq!(summary(&updated[0].1), ("REQUEST".into(), uid.clone(), 1, moved, "TENTATIVE".into()));
    assert!(updated[0].0["subject"].as_str().unwrap().starts_with("Tööintervjuu muutus"));

    // Mari accepts the second hour: the employer (and Mari) get the confirmed time
    let chosen = moved + Duration::minutes(60);
    let response = put(&s.mari, &format!("/api/applicant/interviews/{id}"), json!({ "status": "ACCEPTED", "start": iso(chosen), "end": iso(chosen + Duration::minutes(60)), "message": "Sobib!" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let to_boss = mails(&s.app, "boss@example.ee", 1).await;
    assert_eq!(summary(&to_boss[0].1), ("REQUEST".into(), uid.clone(), 2, chosen, "CONFIRMED".into()));
    assert!(to_boss[0].0["text"].as_str().unwrap().contains("Sobib!"), "the applicant's message");
    let to_mari = mails(&s.app, "mari@example.ee", 3).await;
    assert_eq!(summary(&to_mari[0].1).2, 2);

    // the employer cancels with a message: METHOD:CANCEL, the next sequence
    let response = s.boss.post(&format!("/api/employer/interviews/{id}/cancel"), json!({ "message": "Koht on täidetud" })).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let canceled = mails(&s.app, "mari@example.ee", 4).await;
    let (method, canceled_uid, sequence, _, status) = summary(&canceled[0].1);
    assert_eq!((method.as_str(), canceled_uid.as_str(), sequence, status.as_str()), ("CANCEL", uid.as_str(), 3, "CANCELLED"));
    assert!(canceled[0].0["text"].as_str().unwrap().contains("Koht on täidetud"));
    let mine: Value = s.mari.get(&format!("/api/applicant/interviews/{id}")).await.json().await.unwrap();
    assert_eq!(mine["status"], "CANCELED");
    assert_eq!(mine["canceledBy"], "EMPLOYER");
    assert_eq!(mine["reason"], "Koht on täidetud");
}

#[tokio::test]
async fn an_applicant_who_cancels_is_mailed_to_the_inviting_employer_as_a_cancel_ics() {
    let s = scene(true).await;
    let id = invite(&s, vec![slot(minutes_from_now(24 * 60), 120)]).await;
    let response = put(&s.mari, &format!("/api/applicant/interviews/{id}"), json!({ "status": "CANCELED", "message": "Leidsin teise töö" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let to_boss = mails(&s.app, "boss@example.ee", 1).await;
    let (method, uid, sequence, _, _) = summary(&to_boss[0].1);
    assert_eq!((method.as_str(), sequence), ("CANCEL", 1));
    assert_eq!(uid, format!("{id}@vakants.ee"));
    assert!(to_boss[0].0["subject"].as_str().unwrap().starts_with("Kandidaat tühistas"));
}

#[tokio::test]
async fn an_update_follows_the_invitation_rules_and_keeps_an_acceptance_only_while_it_fits() {
    let s = scene(false).await;
    let start = minutes_from_now(24 * 60);
    let id = invite(&s, vec![slot(start, 120)]).await;
    let refused = [
        (change(&id, 0, vec![slot(start, 120)]), "wrong_interview_duration", "durationMinutes"),
        (change(&id, 180, vec![slot(start, 120)]), "wrong_interview_duration", "slots"),
        (change(&id, 60, vec![slot(minutes_from_now(-120), 90)]), "wrong_period", "slots"),
        (change(&id, 60, vec![]), "validation", "slots"),
        (json!({ "interviewId": id, "type": "ONLINE", "durationMinutes": 60, "slots": [slot(start, 120)], "link": "meet.example.ee" }), "validation", "link"),
    ];
    for (body, code, field) in refused {
        let (status, error) = error_of(put(&s.boss, "/api/employer/interviews", body.clone()).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(error["code"], code, "{error}");
        assert_eq!(error["field"], field, "{error}");
    }
    let (status, body) = error_of(put(&s.boss.in_english(), "/api/employer/interviews", change(&id, 0, vec![slot(start, 120)])).await).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("Wrong duration of interview")));

    // accepted 10:00-11:00 of the slot; a change that still holds that hour keeps the acceptance
    let response = put(&s.mari, &format!("/api/applicant/interviews/{id}"), json!({ "status": "ACCEPTED", "start": iso(start), "end": iso(start + Duration::minutes(60)) })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let kept: Value = put(&s.boss, "/api/employer/interviews", change(&id, 60, vec![slot(start - Duration::minutes(30), 180)])).await.json().await.unwrap();
    assert_eq!(kept["status"], "ACCEPTED");
    let mine: Value = s.mari.get(&format!("/api/applicant/interviews/{id}")).await.json().await.unwrap();
    assert_eq!(mine["type"], "OFFICE");
    assert_eq!(mine["location"], "Narva mnt 5, Tallinn");
    assert!(mine["acceptedSlotId"].is_string(), "points at the new slot");
    // a slot that no longer holds the chosen hour sends it back to the applicant
    let back: Value = put(&s.boss, "/api/employer/interviews", change(&id, 60, vec![slot(start + Duration::hours(3), 60)])).await.json().await.unwrap();
    assert_eq!(back["status"], "INVITED");
    let mine: Value = s.mari.get(&format!("/api/applicant/interviews/{id}")).await.json().await.unwrap();
    assert_eq!((mine["status"].as_str(), mine["start"].is_null()), (Some("INVITED"), true));

    // canceled: no more changes
    s.boss.post(&format!("/api/employer/interviews/{id}/cancel"), json!({ "message": "Ei sobi" })).await;
    let (status, body) = error_of(put(&s.boss, "/api/employer/interviews", change(&id, 60, vec![slot(start, 120)])).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("interview_not_changeable")));
}

#[tokio::test]
async fn another_companys_interview_is_not_found_for_update_cancel_and_complete() {
    let s = scene(false).await;
    let id = invite(&s, vec![slot(minutes_from_now(24 * 60), 120)]).await;
    s.app.create_employer("teine@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = s.app.new_client();
    other.sign_in("teine@example.ee").await;
    let start = minutes_from_now(24 * 60);
    assert_eq!(put(&other, "/api/employer/interviews", change(&id, 60, vec![slot(start, 120)])).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.post(&format!("/api/employer/interviews/{id}/cancel"), json!({ "message": "x" })).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.post(&format!("/api/employer/interviews/{id}/complete"), json!({ "conclusion": "x" })).await.status(), StatusCode::NOT_FOUND);
    let unknown = Uuid::new_v4();
    assert_eq!(s.boss.post(&format!("/api/employer/interviews/{unknown}/cancel"), json!({ "message": "x" })).await.status(), StatusCode::NOT_FOUND);
    // the applicant is no employer
    assert_eq!(s.mari.post(&format!("/api/employer/interviews/{id}/cancel"), json!({ "message": "x" })).await.status(), StatusCode::FORBIDDEN);
    let mine: Value = s.mari.get(&format!("/api/applicant/interviews/{id}")).await.json().await.unwrap();
    assert_eq!(mine["status"], "INVITED", "nothing changed");
}

#[tokio::test]
async fn cancel_needs_a_message_and_complete_needs_a_started_accepted_interview_and_a_conclusion() {
    let s = scene(false).await;
    let start = minutes_from_now(24 * 60);
    let id = invite(&s, vec![slot(start, 120)]).await;
    let (status, error) = error_of(s.boss.post(&format!("/api/employer/interviews/{id}/cancel"), json!({ "message": "  " })).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("message")));
    let (status, error) = error_of(s.boss.in_english().post(&format!("/api/employer/interviews/{id}/complete"), json!({ "conclusion": "Hea" })).await).await;
    assert_eq!((status, error["message"].as_str()), (StatusCode::BAD_REQUEST, Some("Only an accepted interview can be marked completed")));

    put(&s.mari, &format!("/api/applicant/interviews/{id}"), json!({ "status": "ACCEPTED", "start": iso(start), "end": iso(start + Duration::minutes(60)) })).await;
    let (status, error) = error_of(s.boss.post(&format!("/api/employer/interviews/{id}/complete"), json!({ "conclusion": "Hea" })).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("interview_not_changeable")), "not started yet");

    // the interview took place an hour ago
    sqlx::query("update interviews set starts_at = now() - interval '1 hour' where id = $1::uuid").bind(&id).execute(&s.app.pool).await.unwrap();
    let (status, error) = error_of(s.boss.post(&format!("/api/employer/interviews/{id}/complete"), json!({})).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("conclusion")));
    let (status, error) = error_of(s.boss.post(&format!("/api/employer/interviews/{id}/cancel"), json!({ "message": "Hilja" })).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some("interview_not_changeable")), "started: no cancel");
    let response = s.boss.post(&format!("/api/employer/interviews/{id}/complete"), json!({ "conclusion": "Võtame tööle!" })).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let mine: Value = s.mari.get(&format!("/api/applicant/interviews/{id}")).await.json().await.unwrap();
    assert_eq!((mine["status"].as_str(), mine["conclusionMessage"].as_str()), (Some("COMPLETED"), Some("Võtame tööle!")));
    let completed: Value = s.boss.get("/api/employer/interviews?tab=completed").await.json().await.unwrap();
    assert_eq!(completed.as_array().unwrap().len(), 1);
    assert_eq!(completed[0]["conclusionMessage"], "Võtame tööle!");
    let again = s.boss.post(&format!("/api/employer/interviews/{id}/complete"), json!({ "conclusion": "x" })).await;
    assert_eq!(again.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_company_list_filters_by_tab() {
    let s = scene(false).await;
    let open = invite(&s, vec![slot(minutes_from_now(24 * 60), 60)]).await;
    let canceled = invite(&s, vec![slot(minutes_from_now(26 * 60), 60)]).await;
    s.boss.post(&format!("/api/employer/interviews/{canceled}/cancel"), json!({ "message": "Ei" })).await;
    let ids = |v: Value| v.as_array().unwrap().iter().map(|i| i["interviewId"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(ids(s.boss.get("/api/employer/interviews").await.json().await.unwrap()).len(), 2);
    assert_eq!(ids(s.boss.get("/api/employer/interviews?tab=invited").await.json().await.unwrap()), [open.clone()]);
    assert_eq!(ids(s.boss.get("/api/employer/interviews?tab=canceled").await.json().await.unwrap()), [canceled.clone()]);
    let listed: Value = s.boss.get("/api/employer/interviews?tab=canceled").await.json().await.unwrap();
    assert_eq!(listed[0]["canceledBy"], "EMPLOYER");
    assert!(ids(s.boss.get("/api/employer/interviews?tab=accepted").await.json().await.unwrap()).is_empty());
    assert_eq!(s.boss.get("/api/employer/interviews?tab=later").await.status(), StatusCode::BAD_REQUEST);
}

fn week(days: &[(i64, &str, &str)]) -> Value {
    json!({ "days": days.iter().map(|(d, s, e)| json!({ "weekday": d, "start": s, "end": e })).collect::<Vec<_>>() })
}

#[tokio::test]
async fn working_hours_are_read_and_replaced_by_the_right_people_with_each_wrong_field_named() {
    let s = scene(false).await;
    let empty: Value = s.boss.get("/api/employer/working_hours/company").await.json().await.unwrap();
    assert_eq!(empty, json!({ "days": [], "mayEdit": true }));
    let weekdays = week(&[(1, "09:00", "17:00"), (2, "09:00", "17:00"), (5, "08:30", "15:00")]);
    let response = s.boss.post("/api/employer/working_hours/company/EE/12345678", weekdays).await;
    assert_eq!(response.status(), StatusCode::OK);
    let read: Value = s.boss.get("/api/employer/working_hours/company").await.json().await.unwrap();
    assert_eq!(read["days"][2], json!({ "weekday": 5, "start": "08:30", "end": "15:00" }));

    for (body, field) in [
        (week(&[(0, "09:00", "17:00")]), "weekday"),
        (week(&[(1, "09:00", "17:00"), (1, "10:00", "12:00")]), "weekday"),
        (week(&[(1, "9 am", "17:00")]), "start"),
        (week(&[(1, "09:00", "24:30")]), "end"),
        (week(&[(1, "17:00", "09:00")]), "end"),
    ] {
        let (status, error) = error_of(s.boss.post("/api/employer/working_hours/company/EE/12345678", body.clone()).await).await;
        assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{body} {error}");
    }
    assert_eq!(s.boss.post("/api/employer/working_hours/company/EE/87654321", week(&[])).await.status(), StatusCode::NOT_FOUND);

    // a staff member who is not the supervisor reads but does not set the company's hours
    s.app.create_user("kokk@example.ee", &["EMPLOYER"]).await;
    let kokk_id = user_id(&s.app, "kokk@example.ee").await;
    sqlx::query("insert into company_staff (company_id, user_id) values ($1, $2)").bind(company_id(&s.app, "12345678").await).bind(kokk_id).execute(&s.app.pool).await.unwrap();
    let kokk = s.app.new_client();
    kokk.sign_in("kokk@example.ee").await;
    let read: Value = kokk.get("/api/employer/working_hours/company").await.json().await.unwrap();
    assert_eq!(read["days"].as_array().unwrap().len(), 3);
    assert_eq!(read["mayEdit"], false, "the screen shows the week read-only");
    assert_eq!(kokk.post("/api/employer/working_hours/company/EE/12345678", week(&[])).await.status(), StatusCode::FORBIDDEN);

    // own hours: the user's own, or a staff member's by the supervisor; anyone else's is not found
    let response = kokk.post(&format!("/api/employer/working_hours/user/{kokk_id}"), week(&[(3, "12:00", "20:00")])).await;
    assert_eq!(response.status(), StatusCode::OK);
    let mine: Value = kokk.get("/api/employer/working_hours/user").await.json().await.unwrap();
    assert_eq!(mine["days"][0]["weekday"], 3);
    assert_eq!(mine["userId"], kokk_id.to_string());
    let boss_id = user_id(&s.app, "boss@example.ee").await;
    assert_eq!(kokk.post(&format!("/api/employer/working_hours/user/{boss_id}"), week(&[])).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(s.boss.post(&format!("/api/employer/working_hours/user/{kokk_id}"), week(&[(4, "10:00", "11:00")])).await.status(), StatusCode::OK);
    let mari_id = user_id(&s.app, "mari@example.ee").await;
    assert_eq!(s.boss.post(&format!("/api/employer/working_hours/user/{mari_id}"), week(&[])).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(s.mari.get("/api/employer/working_hours/user").await.status(), StatusCode::FORBIDDEN);
}

/// The invitation is refused naming the slot (field `slots`); answers the message.
async fn refuse(s: &Scene, slots: Vec<Value>) -> String {
    let (status, error) = error_of(s.boss.in_english().post("/api/employer/interviews", invitation(&s.application_id, slots)).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("slots")), "{error}");
    error["message"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn offered_slots_must_lie_in_the_working_hours_and_clear_of_the_employers_other_interviews() {
    let s = scene(false).await;
    s.boss.post("/api/employer/working_hours/company/EE/12345678", week(&[(1, "09:00", "17:00"), (2, "09:00", "17:00"), (3, "09:00", "17:00"), (4, "09:00", "17:00"), (5, "09:00", "17:00")])).await;
    let saturday = tallinn(2, Some(6), 10);
    assert!(refuse(&s, vec![slot(saturday, 60)]).await.contains("outside the working hours"));
    let monday = tallinn(2, Some(1), 8);
    let message = refuse(&s, vec![slot(monday + Duration::hours(2), 60), slot(monday, 90)]).await;
    assert!(message.starts_with("Time 1 (") && message.contains("08:00–09:30"), "names the slot in Tallinn time: {message}");
    assert!(refuse(&s, vec![slot(tallinn(2, Some(2), 16), 120)]).await.contains("outside"), "runs past 17:00");

    let tuesday = tallinn(2, Some(2), 10);
    let first = invite(&s, vec![slot(tuesday, 120)]).await;
    assert!(refuse(&s, vec![slot(tuesday + Duration::hours(1), 60)]).await.contains("overlaps another of your interviews"));
    invite(&s, vec![slot(tuesday + Duration::hours(2), 60)]).await; // touching is fine
    // once canceled, the time is free again; and an update does not clash with itself
    let update = put(&s.boss, "/api/employer/interviews", change(&first, 60, vec![slot(tuesday, 90)])).await;
    assert_eq!(update.status(), StatusCode::OK);
    s.boss.post(&format!("/api/employer/interviews/{first}/cancel"), json!({ "message": "Ei" })).await;
    invite(&s, vec![slot(tuesday, 60)]).await;

    // the user's own hours win over the company's
    let boss_id = user_id(&s.app, "boss@example.ee").await;
    s.boss.post(&format!("/api/employer/working_hours/user/{boss_id}"), week(&[(6, "10:00", "14:00")])).await;
    invite(&s, vec![slot(saturday, 60)]).await;
    assert!(refuse(&s, vec![slot(tallinn(2, Some(3), 10), 60)]).await.contains("outside"), "Wednesday is the user's day off");
}

#[tokio::test]
async fn the_private_feed_lists_interviews_and_own_events_until_rotated_or_revoked() {
    let s = scene(false).await;
    let start = minutes_from_now(24 * 60);
    let id = invite(&s, vec![slot(start, 120)]).await;
    put(&s.mari, &format!("/api/applicant/interviews/{id}"), json!({ "status": "ACCEPTED", "start": iso(start), "end": iso(start + Duration::minutes(60)) })).await;
    let event = s.boss.post("/api/user/events", json!({ "name": "Tarnija", "start": iso(start + Duration::hours(3)), "end": iso(start + Duration::hours(4)) })).await;
    assert_eq!(event.status(), StatusCode::CREATED);

    let status: Value = s.boss.get("/api/user/calendar-feed").await.json().await.unwrap();
    assert_eq!(status["active"], false);
    let created = s.boss.post_empty("/api/user/calendar-feed").await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let created: Value = created.json().await.unwrap();
    let url = created["url"].as_str().unwrap().to_string();
    let path = &url[url.find("/api/open/calendar/").unwrap()..];
    assert!(path.ends_with(".ics"));
    let stored: Vec<u8> = sqlx::query_scalar("select token_hash from calendar_feeds").fetch_one(&s.app.pool).await.unwrap();
    assert!(!path.contains(&hex::encode(&stored)), "only the hash is kept");

    let anonymous = s.app.new_client();
    let response = anonymous.get(path).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/calendar"));
    let calendar: Calendar = response.text().await.unwrap().parse().unwrap();
    let uids: Vec<&str> = calendar.events().filter_map(|e| e.get_uid()).collect();
    assert!(uids.contains(&format!("{id}@vakants.ee").as_str()), "{uids:?}");
    assert!(calendar.events().any(|e| e.get_summary() == Some("Tarnija")));
    let interview = calendar.events().find(|e| e.get_uid() == Some(&format!("{id}@vakants.ee"))).unwrap();
    assert_eq!(interview.property_value("DTSTART"), Some(start.format("%Y%m%dT%H%M%SZ").to_string().as_str()));
    assert_eq!(interview.property_value("STATUS"), Some("CONFIRMED"));

    // the applicant's own feed lists the interview too
    let mari_feed: Value = s.mari.post_empty("/api/user/calendar-feed").await.json().await.unwrap();
    let mari_url = mari_feed["url"].as_str().unwrap();
    let text = anonymous.get(&mari_url[mari_url.find("/api/open/calendar/").unwrap()..]).await.text().await.unwrap();
    let calendar: Calendar = text.parse().unwrap();
    assert!(calendar.events().any(|e| e.get_uid() == Some(&format!("{id}@vakants.ee"))));
    assert!(!calendar.events().any(|e| e.get_summary() == Some("Tarnija")), "not the employer's own events");

    // rotating ends the old address; revoking ends the new one
    let rotated: Value = s.boss.post_empty("/api/user/calendar-feed").await.json().await.unwrap();
    assert_eq!(anonymous.get(path).await.status(), StatusCode::NOT_FOUND);
    let new_url = rotated["url"].as_str().unwrap();
    let new_path = &new_url[new_url.find("/api/open/calendar/").unwrap()..];
    assert_eq!(anonymous.get(new_path).await.status(), StatusCode::OK);
    assert_eq!(s.boss.delete("/api/user/calendar-feed").await.status(), StatusCode::NO_CONTENT);
    assert_eq!(anonymous.get(new_path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(s.boss.delete("/api/user/calendar-feed").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(anonymous.get("/api/open/calendar/not-a-token.ics").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(anonymous.post_empty("/api/user/calendar-feed").await.status(), StatusCode::UNAUTHORIZED);
}
