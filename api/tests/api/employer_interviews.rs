//! The employer invites an applicant who applied to the company's vacancy, and lists the company's
//! interviews: the happy path as the applicant then sees it, every validation message, and the
//! ownership and role checks. Also the demo companies' vacancies of the fixtures.

use chrono::{DateTime, Duration, Utc};
use domain::Locale;
use domain::vacancies::employer_list::{self, TabFilter};
use domain::vacancies::states::Tab;
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};
use crate::interviews::{minutes_from_now, put};
use crate::search::{NewVacancy, publish};

struct Scene {
    app: TestApp,
    /// The employer of "Põhja Köök OÜ", signed in.
    boss: TestClient,
    /// Mari, an applicant, signed in.
    mari: TestClient,
    application_id: String,
}

async fn company_id(app: &TestApp, registry_code: &str) -> Uuid {
    sqlx::query_scalar("select id from companies where registry_code = $1").bind(registry_code).fetch_one(&app.pool).await.unwrap()
}

/// An open vacancy (a cook, no CV needed) of the company, and `client` applies to it.
async fn apply(app: &TestApp, client: &TestClient, registry_code: &str) -> String {
    let vacancy = publish(app, company_id(app, registry_code).await, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set cv_not_required = true where id = $1").bind(vacancy).execute(&app.pool).await.unwrap();
    let response = client.post("/api/applicant/applications", json!({ "vacancyId": vacancy })).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    created["applicationId"].as_str().unwrap().to_string()
}

async fn scene() -> Scene {
    let app = spawn_app().await;
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

/// A valid invitation: an hour's online interview, one slot tomorrow from 10:00 to 12:00 (from now).
fn invitation(application_id: &str) -> Value {
    json!({
        "applicationId": application_id,
        "type": "ONLINE",
        "durationMinutes": 60,
        "slots": [{ "start": iso(minutes_from_now(24 * 60)), "end": iso(minutes_from_now(24 * 60 + 120)) }],
        "link": "https://meet.example.ee/kokk",
        "description": "Räägime su kogemusest köögis.",
    })
}

#[tokio::test]
async fn the_employer_invites_an_applicant_who_then_sees_and_accepts_it() {
    let s = scene().await;
    let response = s.boss.post("/api/employer/interviews", invitation(&s.application_id)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    let id = created["interviewId"].as_str().unwrap().to_string();

    let mine: Value = s.mari.get("/api/applicant/interviews").await.json().await.unwrap();
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!(mine[0]["interviewId"], id);
    assert_eq!(mine[0]["status"], "INVITED");
    assert_eq!(mine[0]["displayStatus"], "invited");
    assert_eq!(mine[0]["type"], "ONLINE");
    assert_eq!(mine[0]["applicationId"], s.application_id);
    assert_eq!(mine[0]["link"], "https://meet.example.ee/kokk");
    assert_eq!(mine[0]["company"]["businessName"], "Põhja Köök OÜ");
    let created_by: Option<Uuid> = sqlx::query_scalar("select created_by_user_id from interviews where id = $1")
        .bind(Uuid::parse_str(&id).unwrap())
        .fetch_one(&s.app.pool)
        .await
        .unwrap();
    let boss: Uuid = crate::interviews::user_id(&s.app, "boss@example.ee").await;
    assert_eq!(created_by, Some(boss), "made by the signed-in employer");

    let listed: Value = s.boss.get("/api/employer/interviews").await.json().await.unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    let one = &listed[0];
    assert_eq!(one["interviewId"], id);
    assert_eq!(one["status"], "INVITED");
    assert_eq!(one["displayStatus"], "invited");
    assert_eq!(one["durationMinutes"], 60);
    assert_eq!(one["applicant"]["name"], "Test User");
    assert_eq!(one["vacancy"]["occupation"]["labels"]["en"], "Cook");
    assert_eq!(one["slots"].as_array().unwrap().len(), 1);
    assert!(one["start"].is_null(), "no time until accepted");

    // the applicant accepts the first hour of the slot; the employer's list shows the time
    let start = minutes_from_now(24 * 60);
    let end = start + Duration::minutes(60);
    let response = put(&s.mari, &format!("/api/applicant/interviews/{id}"), json!({ "status": "ACCEPTED", "start": iso(start), "end": iso(end) })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let listed: Value = s.boss.get("/api/employer/interviews").await.json().await.unwrap();
    assert_eq!(listed[0]["status"], "ACCEPTED");
    assert_eq!(listed[0]["displayStatus"], "accepted");
    let listed_start: DateTime<Utc> = serde_json::from_value(listed[0]["start"].clone()).unwrap();
    let listed_end: DateTime<Utc> = serde_json::from_value(listed[0]["end"].clone()).unwrap();
    assert_eq!((listed_start, listed_end), (start, end));

    // a second invitation (two days on: the employer's own interviews may not overlap) lists first (newest first)
    let mut later = invitation(&s.application_id);
    later["slots"] = json!([{ "start": iso(minutes_from_now(48 * 60)), "end": iso(minutes_from_now(48 * 60 + 120)) }]);
    let second = s.boss.post("/api/employer/interviews", later).await;
    assert_eq!(second.status(), StatusCode::CREATED);
    let second: Value = second.json().await.unwrap();
    let listed: Value = s.boss.get("/api/employer/interviews").await.json().await.unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 2);
    assert_eq!(listed[0]["interviewId"], second["interviewId"]);
}

#[tokio::test]
async fn every_wrong_invitation_is_refused_with_its_message() {
    let s = scene().await;
    let slot = |from: i64, to: i64| json!({ "start": iso(minutes_from_now(from)), "end": iso(minutes_from_now(to)) });
    let with = |changes: Value| {
        let mut body = invitation(&s.application_id);
        for (key, value) in changes.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };
    let cases = [
        (with(json!({ "durationMinutes": 0 })), "Wrong duration of interview", Some("durationMinutes")),
        (with(json!({ "durationMinutes": 481 })), "Wrong duration of interview", Some("durationMinutes")),
        (with(json!({ "slots": [slot(24 * 60, 24 * 60 + 30)] })), "Wrong duration of interview", Some("slots")),
        (with(json!({ "slots": [slot(-120, -60)] })), "Wrong period", Some("slots")),
        (with(json!({ "slots": [slot(24 * 60 + 60, 24 * 60)] })), "Wrong period", Some("slots")),
        (with(json!({ "slots": [slot(400 * 24 * 60, 400 * 24 * 60 + 120)] })), "Wrong period", Some("slots")),
        (with(json!({ "slots": [slot(24 * 60, 24 * 60 + 120), slot(24 * 60 + 60, 24 * 60 + 180)] })), "Wrong period", Some("slots")),
        (with(json!({ "slots": [] })), "Offer at least one time for the interview", Some("slots")),
        (with(json!({ "link": "meet.example.ee" })), "The link must be a web address starting with https://", Some("link")),
        (with(json!({ "location": "x".repeat(301) })), "The location is longer than 300 characters", Some("location")),
        (with(json!({ "description": "x".repeat(2001) })), "The description is longer than 2000 characters", Some("description")),
    ];
    for (body, message, field) in cases {
        let (status, error) = error_of(s.boss.in_english().post("/api/employer/interviews", body.clone()).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(error["message"], message, "{body}");
        assert_eq!(error["field"].as_str(), field, "{body}");
    }
    let (status, _) = error_of(s.boss.post("/api/employer/interviews", with(json!({ "type": "PHONE" }))).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "an unknown type");
    let (status, _) = error_of(s.boss.post("/api/employer/interviews", with(json!({ "applicationId": "nope" }))).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let count: i64 = sqlx::query_scalar("select count(*) from interviews").fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(count, 0, "nothing saved by a refused invitation");
}

#[tokio::test]
async fn only_a_live_application_of_the_acting_company_can_be_invited() {
    let s = scene().await;
    // another company's application, by the same applicant
    s.app.create_employer("other@example.ee", &[("87654321", "Lõuna Pagar OÜ")]).await;
    let theirs = apply(&s.app, &s.mari, "87654321").await;
    let (status, _) = error_of(s.boss.post("/api/employer/interviews", invitation(&theirs)).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another company's application");
    let (status, _) = error_of(s.boss.post("/api/employer/interviews", invitation(&Uuid::new_v4().to_string())).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "an unknown application");

    // the other company's employer sees none of the first company's interviews
    let response = s.boss.post("/api/employer/interviews", invitation(&s.application_id)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let other = s.app.new_client();
    other.sign_in("other@example.ee").await;
    let listed: Value = other.get("/api/employer/interviews").await.json().await.unwrap();
    assert_eq!(listed, json!([]));

    // withdrawn and anonymised applications are not found
    let token = s.mari.xsrf().await;
    let withdrawn = s.mari.http.delete(s.mari.url(&format!("/api/applicant/applications/{}", s.application_id))).header("x-xsrf-token", token).send().await.unwrap();
    assert_eq!(withdrawn.status(), StatusCode::NO_CONTENT);
    let (status, _) = error_of(s.boss.post("/api/employer/interviews", invitation(&s.application_id)).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a withdrawn application");
    sqlx::query("update applications set anonymised_at = now() where id = $1")
        .bind(Uuid::parse_str(&theirs).unwrap())
        .execute(&s.app.pool)
        .await
        .unwrap();
    let (status, _) = error_of(other.post("/api/employer/interviews", invitation(&theirs)).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "an anonymised application");

    // an employer removed from the company's staff no longer acts for it
    sqlx::query("delete from company_staff where company_id = (select id from companies where registry_code = '12345678')")
        .execute(&s.app.pool)
        .await
        .unwrap();
    let fresh = apply(&s.app, &s.mari, "12345678").await;
    let (status, _) = error_of(s.boss.post("/api/employer/interviews", invitation(&fresh)).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = error_of(s.boss.get("/api/employer/interviews").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn applicants_and_visitors_cannot_invite_or_list() {
    let s = scene().await;
    let (status, _) = error_of(s.mari.post("/api/employer/interviews", invitation(&s.application_id)).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "an applicant");
    let (status, _) = error_of(s.mari.get("/api/employer/interviews").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let visitor = s.app.new_client();
    let (status, _) = error_of(visitor.post("/api/employer/interviews", invitation(&s.application_id)).await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a visitor");
    let (status, _) = error_of(visitor.get("/api/employer/interviews").await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_demo_companies_get_their_vacancies_once_in_every_state_and_one_is_found_by_marsipanimeister() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    let companies: Vec<(&str, &str)> = fixtures::DEMO_COMPANIES.to_vec();
    app.create_employer(fixtures::DEMO_ACCOUNTS[1].0, &companies).await;
    assert_eq!(fixtures::demo_vacancies::seed(&app.pool).await.unwrap(), 15);
    assert_eq!(fixtures::demo_vacancies::seed(&app.pool).await.unwrap(), 0, "seeding again adds nothing");
    let invoices: i64 = sqlx::query_scalar("select count(*) from invoices").fetch_one(&app.pool).await.unwrap();
    assert_eq!(invoices, 1, "seeding again orders nothing");
    for (code, _) in fixtures::DEMO_COMPANIES {
        let open: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "select count(*) from vacancies v join companies c on c.id = v.company_id where c.registry_code = $1 and {}",
            domain::vacancies::ACTIVE_SQL
        )))
        .bind(code)
        .fetch_one(&app.pool)
        .await
        .unwrap();
        assert_eq!(open, 3, "{code}");
    }
    let [(demo, _), (building, _)] = fixtures::DEMO_COMPANIES;
    assert_eq!(fixtures::demo_vacancies::WITHOUT_CONTRACT, building);
    for (code, waiting) in [(demo, 0), (building, 1)] {
        let company_id: Uuid =
            sqlx::query_scalar("select id from companies where registry_code = $1").bind(code).fetch_one(&app.pool).await.unwrap();
        let (all, tab) = (TabFilter::All, TabFilter::Only(Tab::WaitingForPayment));
        let list = employer_list::list(&app.pool, company_id, Locale::En, all, None, (0, 50), Utc::now()).await.unwrap();
        let counts = (list.counts.active, list.counts.drafts, list.counts.hidden, list.counts.archive, list.counts.finished);
        assert_eq!(counts, (3, 1, 1, 1, 1), "{code}: active, drafts, hidden, archive, finished");
        assert_eq!(list.counts.waiting_for_payment, waiting, "{code}");
        assert_eq!(list.counts.all, 7 + waiting, "{code}");
        let page = employer_list::list(&app.pool, company_id, Locale::En, tab, None, (0, 50), Utc::now()).await.unwrap();
        for row in &page.rows {
            assert_eq!(row.occupation_label.as_deref(), Some("Crane operator"));
            let invoice = row.invoice.as_ref().expect("the order's invoice");
            assert_eq!((invoice.status.as_str(), invoice.total_cents > 0), ("UNPAID", true), "{invoice:?}");
            let (lines, unpaid): (i64, i64) = sqlx::query_as(
                "select (select count(*) from invoice_lines where invoice_id = $1),
                        (select count(*) from services where invoice_id = $1 and vacancy_id = $2 and status = 'UNPAID')",
            )
            .bind(invoice.id)
            .bind(row.id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
            assert_eq!((lines, unpaid), (1, 1), "one VACANCY line and its unpaid service");
        }
    }

    crate::search::eventually(&app, json!({}), |p| p["totalElements"] == 6).await;
    let page = crate::search::eventually(&app, json!({ "occupation": "marsipanimeister" }), |p| p["totalElements"] == 1).await;
    let vacancy = page["content"][0]["vacancyId"].as_str().unwrap().to_string();
    assert_eq!(app.client.get(&format!("/api/open/vacancies/{vacancy}")).await.status(), StatusCode::OK);
    let (business_name, occupation): (String, String) = sqlx::query_as(
        "select c.business_name, v.occupation_code from vacancies v join companies c on c.id = v.company_id where v.id = $1",
    )
    .bind(Uuid::parse_str(&vacancy).unwrap())
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((business_name.as_str(), occupation.as_str()), ("Vakants Demo OÜ", "CONFECTIONER"));
    let in_teasers: i64 = sqlx::query_scalar("select count(*) from vacancy_contents where teaser ilike '%marsipanimeister%'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(in_teasers, 0);
    let form: Value = app.client.get(&format!("/api/open/vacancies/{vacancy}/apply")).await.json().await.unwrap();
    assert_eq!(form["questions"].as_array().unwrap().len(), 2);
    assert_eq!(form["cvNotRequired"], false);
}
