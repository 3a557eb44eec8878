//! Issue 34 §2: staff roles made whole. The supervisor grants and removes the administrator tag
//! (the staff list shows it, and it gives the right to delegate); the vacancy list and the editor
//! show each vacancy's moderator, which those allowed change and remove; the company's working
//! hours tell who may change them; the interview's applicant notification switch.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use domain::interviews::mail::QUEUE as INTERVIEW_MAIL_QUEUE;

use crate::candidates::{apply, company_id, vacancy_with_questions};
use crate::delegation::staff;
use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::interviews::{minutes_from_now, put, user_id};

const STAFF: &str = "/api/employer/company/EE/12345678/staff";

/// The supervisor of "Põhja Köök OÜ" signed in on the app's client, and Anna of its staff.
async fn company() -> (TestApp, Uuid, TestClient) {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    let company = company_id(&app, "12345678").await;
    let anna = staff(&app, company, "anna@example.ee", false).await;
    (app, company, anna)
}

async fn json_of(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn tag_of(staff: &Value, email: &str) -> Value {
    staff.as_array().unwrap().iter().find(|m| m["email"] == email).map(|m| m["isAdministrator"].clone()).unwrap_or(Value::Null)
}

#[tokio::test]
async fn the_supervisor_grants_and_removes_the_administrator_tag_and_the_staff_list_shows_it() {
    let (app, company, anna) = company().await;
    let peeter = staff(&app, company, "peeter@example.ee", false).await;
    let anna_id = user_id(&app, "anna@example.ee").await;
    let boss_id = user_id(&app, "boss@example.ee").await;
    let vacancy = vacancy_with_questions(&app, company, None).await;
    let delegate = format!("/api/employer/vacancies/{vacancy}/moderators");

    let staff = json_of(anna.get(STAFF).await).await;
    assert_eq!((tag_of(&staff, "anna@example.ee"), tag_of(&staff, "boss@example.ee")), (json!(false), json!(true)), "{staff}");
    assert_eq!(anna.post(&delegate, json!({ "username": "peeter@example.ee" })).await.status(), StatusCode::FORBIDDEN);

    // granted: the answer, the list and the rights follow
    let granted = json_of(app.client.post(&format!("{STAFF}/{anna_id}"), json!({ "jobTitle": "Personalijuht", "isAdministrator": true })).await).await;
    assert_eq!((granted["isAdministrator"].clone(), granted["jobTitle"].clone()), (json!(true), json!("Personalijuht")));
    assert_eq!(tag_of(&json_of(peeter.get(STAFF).await).await, "anna@example.ee"), json!(true), "every member sees the tag");
    assert_eq!(json_of(anna.get("/api/employer/vacancies").await).await["mayDelegate"], true);
    assert_eq!(anna.post(&delegate, json!({ "username": "peeter@example.ee" })).await.status(), StatusCode::OK, "an administrator delegates");
    assert_eq!(anna.get(&format!("/api/employer/vacancies/{vacancy}/applications")).await.status(), StatusCode::OK, "and sees every vacancy's candidates");

    // leaving the tag out keeps it
    let kept = json_of(app.client.post(&format!("{STAFF}/{anna_id}"), json!({ "jobTitle": "Juht" })).await).await;
    assert_eq!(kept["isAdministrator"], true);

    // removed
    let removed = json_of(app.client.post(&format!("{STAFF}/{anna_id}"), json!({ "jobTitle": "Juht", "isAdministrator": false })).await).await;
    assert_eq!(removed["isAdministrator"], false);
    assert_eq!(json_of(anna.get("/api/employer/vacancies").await).await["mayDelegate"], false);
    assert_eq!(anna.post(&delegate, json!({ "username": "anna@example.ee" })).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(anna.get(&format!("/api/employer/vacancies/{vacancy}/applications")).await.status(), StatusCode::NOT_FOUND);

    // only the supervisor grants; the supervisor keeps the rights; another company's member is not found
    let (status, error) = error_of(app.client.post(&format!("{STAFF}/{boss_id}"), json!({ "isAdministrator": false })).await).await;
    assert_eq!((status, error["field"].as_str()), (StatusCode::BAD_REQUEST, Some("isAdministrator")), "{error}");
    let peeter_id = user_id(&app, "peeter@example.ee").await;
    assert_eq!(anna.post(&format!("{STAFF}/{peeter_id}"), json!({ "isAdministrator": true })).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(peeter.post(&format!("{STAFF}/{peeter_id}"), json!({ "isAdministrator": true })).await.status(), StatusCode::FORBIDDEN, "nor themself");
    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    assert_eq!(other.post(&format!("{STAFF}/{anna_id}"), json!({ "isAdministrator": true })).await.status(), StatusCode::NOT_FOUND);
    let other_id = user_id(&app, "other@example.ee").await;
    let stranger = app.client.post(&format!("{STAFF}/{other_id}"), json!({ "isAdministrator": true })).await;
    assert_eq!(stranger.status(), StatusCode::NOT_FOUND, "another company's member");
    let tagged: Vec<bool> = sqlx::query_scalar("select is_administrator from company_staff where user_id = $1").bind(other_id).fetch_all(&app.pool).await.unwrap();
    assert_eq!(tagged, vec![true], "their own company's row is untouched");
    let audited: i64 = sqlx::query_scalar("select count(*) from audit_log where action = 'company_staff.edit' and target_user_id = $1")
        .bind(anna_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audited, 3);
}

#[tokio::test]
async fn the_vacancy_list_and_editor_show_the_moderator_which_only_those_allowed_change_and_remove() {
    let (app, company, anna) = company().await;
    let vacancy = vacancy_with_questions(&app, company, None).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    apply(&mari, vacancy).await;
    let moderators = format!("/api/employer/vacancies/{vacancy}/moderators");

    let list = json_of(app.client.get("/api/employer/vacancies").await).await;
    assert_eq!((list["content"][0]["moderator"].clone(), list["mayDelegate"].clone()), (Value::Null, json!(true)));
    assert_eq!(app.client.post(&moderators, json!({ "username": "anna@example.ee" })).await.status(), StatusCode::OK);

    let list = json_of(app.client.get("/api/employer/vacancies").await).await;
    assert_eq!(list["content"][0]["moderator"]["username"], "anna@example.ee");
    assert_eq!(list["content"][0]["moderator"]["firstname"], "Test");
    let edited = json_of(app.client.get(&format!("/api/employer/vacancies/{vacancy}")).await).await;
    assert_eq!((edited["moderator"]["username"].clone(), edited["mayDelegate"].clone()), (json!("anna@example.ee"), json!(true)));

    // the moderator reads it, but neither changes nor removes it
    let seen = json_of(anna.get(&format!("/api/employer/vacancies/{vacancy}")).await).await;
    assert_eq!((seen["moderator"]["username"].clone(), seen["mayDelegate"].clone()), (json!("anna@example.ee"), json!(false)));
    assert_eq!(json_of(anna.get("/api/employer/vacancies").await).await["mayDelegate"], false);
    assert_eq!(anna.delete(&moderators).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(anna.get(&format!("/api/employer/vacancies/{vacancy}/applications")).await.status(), StatusCode::OK);

    // the supervisor removes it: the list shows none and the former moderator no longer sees the candidates
    assert_eq!(app.client.delete(&moderators).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.client.delete(&moderators).await.status(), StatusCode::NO_CONTENT, "removing twice changes nothing");
    assert_eq!(json_of(app.client.get("/api/employer/vacancies").await).await["content"][0]["moderator"], Value::Null);
    assert_eq!(json_of(app.client.get(&format!("/api/employer/vacancies/{vacancy}")).await).await["moderator"], Value::Null);
    assert_eq!(anna.get(&format!("/api/employer/vacancies/{vacancy}/applications")).await.status(), StatusCode::NOT_FOUND);

    // a member who left the staff is nobody's moderator
    assert_eq!(app.client.post(&moderators, json!({ "username": "anna@example.ee" })).await.status(), StatusCode::OK);
    let anna_id = user_id(&app, "anna@example.ee").await;
    assert_eq!(app.client.delete(&format!("{STAFF}?userId={anna_id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(json_of(app.client.get("/api/employer/vacancies").await).await["content"][0]["moderator"], Value::Null);

    // another company's vacancy is not found
    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    assert_eq!(other.delete(&moderators).await.status(), StatusCode::NOT_FOUND);
}

fn iso(minutes: i64) -> String {
    minutes_from_now(minutes).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Interview mails queued for the recipient (`applicant` or `employer`).
async fn interview_mails(app: &TestApp, recipient: &str) -> i64 {
    sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1 and convert_from(job, 'UTF8')::jsonb ->> 'recipient' = $2")
        .bind(INTERVIEW_MAIL_QUEUE)
        .bind(recipient)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_interview_without_the_applicant_notification_is_neither_mailed_nor_notified_to_the_applicant() {
    let (app, company, _) = company().await;
    let vacancy = vacancy_with_questions(&app, company, None).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let application = apply(&mari, vacancy).await;
    let invitation = |start: i64, notify: Option<bool>| {
        let mut body = json!({
            "applicationId": application,
            "type": "OFFICE",
            "durationMinutes": 30,
            "slots": [{ "start": iso(start), "end": iso(start + 60) }],
            "location": "Pärnu mnt 10",
        });
        if let Some(notify) = notify {
            body["notifyApplicant"] = json!(notify);
        }
        body
    };

    let response = app.client.post("/api/employer/interviews", invitation(24 * 60, Some(false))).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let quiet = response.json::<Value>().await.unwrap()["interviewId"].as_str().unwrap().to_string();
    assert_eq!(interview_mails(&app, "applicant").await, 0, "no mail");
    let counts = json_of(mari.get("/api/user/menu-notifications").await).await;
    assert_eq!(counts["interviews"], 0, "no badge");
    let centre = json_of(mari.get("/api/user/notifications").await).await;
    assert!(!centre.to_string().contains("INTERVIEW_"), "no notification: {centre}");
    let mine = json_of(mari.get("/api/applicant/interviews").await).await;
    assert_eq!(mine[0]["interviewId"], quiet.as_str(), "the applicant still finds it among their interviews");
    let listed = json_of(app.client.get("/api/employer/interviews").await).await;
    assert_eq!(listed[0]["notifyApplicant"], false, "the form shows the switch as it was set");

    // a change that leaves the switch out keeps it; cancelling tells the applicant nothing either
    let mut change = invitation(24 * 60 + 30, None);
    change["interviewId"] = json!(quiet);
    assert_eq!(put(&app.client, "/api/employer/interviews", change).await.status(), StatusCode::OK);
    let cancel = app.client.post(&format!("/api/employer/interviews/{quiet}/cancel"), json!({ "message": "Aeg muutus" })).await;
    assert_eq!(cancel.status(), StatusCode::NO_CONTENT);
    assert_eq!(interview_mails(&app, "applicant").await, 0);
    assert!(!json_of(mari.get("/api/user/notifications").await).await.to_string().contains("INTERVIEW_"));

    // left out, the applicant is told, as before; switched on in a change, the change is mailed
    let response = app.client.post("/api/employer/interviews", invitation(48 * 60, None)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    assert_eq!(interview_mails(&app, "applicant").await, 1);
    assert_eq!(json_of(mari.get("/api/user/menu-notifications").await).await["interviews"], 1);
    let response = app.client.post("/api/employer/interviews", invitation(72 * 60, Some(false))).await;
    let second = response.json::<Value>().await.unwrap()["interviewId"].as_str().unwrap().to_string();
    let mut change = invitation(72 * 60, Some(true));
    change["interviewId"] = json!(second);
    assert_eq!(put(&app.client, "/api/employer/interviews", change).await.status(), StatusCode::OK);
    assert_eq!(interview_mails(&app, "applicant").await, 2, "the change reaches the applicant once switched on");
    let listed = json_of(app.client.get("/api/employer/interviews").await).await;
    let second_row = listed.as_array().unwrap().iter().find(|i| i["interviewId"] == second.as_str()).unwrap();
    assert_eq!(second_row["notifyApplicant"], true);
}
