//! Issue 32 item 4: delegation is enforced. Only the company's supervisor and staff with the
//! administrator tag assign a vacancy's moderator, and one rule (`domain::delegation`)
//! decides who sees a vacancy's candidates — the supervisor, administrator-tagged staff and the
//! vacancy's moderator — in every read of an application, its CV, its comments, its chat and its
//! interviews. Another recruiter of the same company gets "not found" for all of them.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::candidates::{apply, company_id, vacancy_with_questions};
use crate::helpers::{TestApp, TestClient, spawn_app};
use crate::interviews::minutes_from_now;

struct Scene {
    app: TestApp,
    /// The supervisor of "Põhja Köök OÜ", without the administrator tag.
    boss: TestClient,
    /// A member of the staff with the administrator tag.
    admin: TestClient,
    /// A recruiter the vacancy is delegated to.
    anna: TestClient,
    /// Another recruiter of the same company, delegated nothing.
    peeter: TestClient,
    mari: TestClient,
    vacancy_id: Uuid,
    application_id: String,
    cv_id: Uuid,
    chat_id: String,
    interview_id: String,
}

pub(crate) async fn staff(app: &TestApp, company_id: Uuid, email: &str, administrator: bool) -> TestClient {
    app.create_user(email, &["EMPLOYER"]).await;
    sqlx::query("insert into company_staff (company_id, user_id, is_administrator) select $1, id, $3 from users where username = $2")
        .bind(company_id)
        .bind(email)
        .bind(administrator)
        .execute(&app.pool)
        .await
        .unwrap();
    let client = app.new_client();
    client.sign_in(email).await;
    client
}

fn iso(minutes: i64) -> String {
    minutes_from_now(minutes).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn invitation(application_id: &str) -> Value {
    json!({
        "applicationId": application_id,
        "type": "ONLINE",
        "durationMinutes": 60,
        "slots": [{ "start": iso(24 * 60), "end": iso(24 * 60 + 120) }],
        "link": "https://meet.example.ee/kokk",
    })
}

async fn json_of(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn scene() -> Scene {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    let company_id = company_id(&app, "12345678").await;
    // the supervisor sees everything as the supervisor, not through the tag
    sqlx::query("update company_staff set is_administrator = false").execute(&app.pool).await.unwrap();
    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    let admin = staff(&app, company_id, "admin@example.ee", true).await;
    let anna = staff(&app, company_id, "anna@example.ee", false).await;
    let peeter = staff(&app, company_id, "peeter@example.ee", false).await;

    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let vacancy_id = vacancy_with_questions(&app, company_id, None).await;
    let application_id = apply(&mari, vacancy_id).await;
    let cv_id: Uuid = sqlx::query_scalar(
        "insert into cvs (owner_user_id, title, status, visibility) select id, 'Kokk', 'ACTIVE', 'HIDDEN' from users where username = 'mari@example.ee' returning id",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    sqlx::query("update applications set cv_id = $1 where id = $2::uuid").bind(cv_id).bind(&application_id).execute(&app.pool).await.unwrap();

    let delegated = boss.post(&format!("/api/employer/vacancies/{vacancy_id}/moderators"), json!({ "username": "anna@example.ee" })).await;
    assert_eq!(delegated.status(), StatusCode::OK, "the supervisor delegates");

    let started = boss.post_empty(&format!("/api/employer/chats/{application_id}")).await;
    assert_eq!(started.status(), StatusCode::CREATED);
    let chat_id = started.json::<Value>().await.unwrap()["chatId"].as_str().unwrap().to_string();
    assert_eq!(boss.post(&format!("/api/user/chats/{chat_id}"), json!({ "text": "Tere, Mari!" })).await.status(), StatusCode::CREATED);
    assert_eq!(mari.post(&format!("/api/user/chats/{chat_id}"), json!({ "text": "Tere!" })).await.status(), StatusCode::CREATED);
    let comment = boss.post(&format!("/api/employer/applications/{application_id}/comments"), json!({ "body": "Helista talle." })).await;
    assert_eq!(comment.status(), StatusCode::CREATED);
    let invited = boss.post("/api/employer/interviews", invitation(&application_id)).await;
    assert_eq!(invited.status(), StatusCode::CREATED);
    let interview_id = invited.json::<Value>().await.unwrap()["interviewId"].as_str().unwrap().to_string();

    Scene { app, boss, admin, anna, peeter, mari, vacancy_id, application_id, cv_id, chat_id, interview_id }
}

impl Scene {
    /// Every read of the candidate, and whether each answered 200 (else it must be 404).
    async fn reads(&self, client: &TestClient, who: &str) -> Vec<(&'static str, bool)> {
        let (application, vacancy, chat) = (&self.application_id, self.vacancy_id, &self.chat_id);
        let paths: [(&'static str, String); 7] = [
            ("candidate", format!("/api/employer/applications/{application}")),
            ("application", format!("/api/user/applications/{application}")),
            ("candidate list", format!("/api/employer/vacancies/{vacancy}/applications")),
            ("cv", format!("/api/user/cv/{}", self.cv_id)),
            ("comments", format!("/api/employer/applications/{application}/comments")),
            ("chat", format!("/api/user/chats/{chat}/messages")),
            ("chat of the application", format!("/api/user/chats/application/{application}")),
        ];
        let mut seen = Vec::new();
        for (name, path) in paths {
            let status = client.get(&path).await.status();
            assert!(matches!(status, StatusCode::OK | StatusCode::NOT_FOUND), "{who}: {name} answered {status}");
            seen.push((name, status == StatusCode::OK));
        }
        let chats = json_of(client.get("/api/user/chats").await).await;
        seen.push(("chat list", chats["content"].as_array().unwrap().iter().any(|c| c["chatId"] == chat.as_str())));
        let interviews = json_of(client.get("/api/employer/interviews").await).await;
        seen.push(("interviews", interviews.as_array().unwrap().iter().any(|i| i["interviewId"] == self.interview_id.as_str())));
        seen
    }
}

#[tokio::test]
async fn the_supervisor_administrators_and_the_moderator_see_the_candidate_and_another_recruiter_nothing() {
    let s = scene().await;
    for (who, client) in [("supervisor", &s.boss), ("administrator", &s.admin), ("moderator", &s.anna)] {
        let seen = s.reads(client, who).await;
        assert!(seen.iter().all(|(_, ok)| *ok), "{who} sees every read: {seen:?}");
    }
    let seen = s.reads(&s.peeter, "other recruiter").await;
    assert!(seen.iter().all(|(_, ok)| !*ok), "another recruiter sees none: {seen:?}");
}

#[tokio::test]
async fn another_recruiter_can_neither_act_on_the_candidate_nor_count_them() {
    let s = scene().await;
    let (application, chat, interview) = (&s.application_id, &s.chat_id, &s.interview_id);
    let peeter = &s.peeter;
    let refused = [
        ("start the chat", peeter.post_empty(&format!("/api/employer/chats/{application}")).await.status()),
        ("write in the chat", peeter.post(&format!("/api/user/chats/{chat}"), json!({ "text": "Tere" })).await.status()),
        ("comment", peeter.post(&format!("/api/employer/applications/{application}/comments"), json!({ "body": "Hm." })).await.status()),
        ("invite", peeter.post("/api/employer/interviews", invitation(application)).await.status()),
        (
            "cancel the interview",
            peeter.post(&format!("/api/employer/interviews/{interview}/cancel"), json!({ "message": "Ei sobi." })).await.status(),
        ),
        (
            "complete the interview",
            peeter.post(&format!("/api/employer/interviews/{interview}/complete"), json!({ "conclusion": "Hea." })).await.status(),
        ),
    ];
    for (what, status) in refused {
        assert_eq!(status, StatusCode::NOT_FOUND, "{what}");
    }
    let status: String = sqlx::query_scalar("select status from interviews where id = $1::uuid").bind(interview).fetch_one(&s.app.pool).await.unwrap();
    assert_eq!(status, "INVITED", "the interview is untouched");

    let badges = json_of(peeter.get("/api/user/menu-notifications").await).await;
    assert_eq!((badges["applications"].clone(), badges["messages"].clone()), (json!(0), json!(0)), "{badges}");
    let badges = json_of(s.anna.get("/api/user/menu-notifications").await).await;
    assert_eq!((badges["applications"].clone(), badges["messages"].clone()), (json!(1), json!(1)), "{badges}");
    // the applicant still reads her own application and chat
    assert_eq!(s.mari.get(&format!("/api/user/applications/{application}")).await.status(), StatusCode::OK);
    assert_eq!(s.mari.get(&format!("/api/user/chats/{chat}/messages")).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn only_the_supervisor_and_administrators_delegate_and_a_new_moderator_replaces_the_old() {
    let s = scene().await;
    let path = format!("/api/employer/vacancies/{}/moderators", s.vacancy_id);
    assert_eq!(s.peeter.post(&path, json!({ "username": "peeter@example.ee" })).await.status(), StatusCode::FORBIDDEN, "not to themselves");
    assert_eq!(s.anna.post(&path, json!({ "username": "peeter@example.ee" })).await.status(), StatusCode::FORBIDDEN, "nor a moderator");
    assert_eq!(s.reads(&s.peeter, "other recruiter").await.iter().filter(|(_, ok)| *ok).count(), 0);

    assert_eq!(s.admin.post(&path, json!({ "username": "peeter@example.ee" })).await.status(), StatusCode::OK, "an administrator delegates");
    assert!(s.reads(&s.peeter, "new moderator").await.iter().all(|(_, ok)| *ok));
    let anna = s.reads(&s.anna, "former moderator").await;
    assert!(anna.iter().all(|(_, ok)| !*ok), "the former moderator no longer sees the candidate: {anna:?}");
}

#[tokio::test]
async fn a_vacancy_delegated_to_nobody_is_seen_by_the_supervisor_and_administrators_only() {
    let s = scene().await;
    sqlx::query("delete from vacancy_moderators").execute(&s.app.pool).await.unwrap();
    for (who, client, sees) in [("supervisor", &s.boss, true), ("administrator", &s.admin, true), ("recruiter", &s.anna, false)] {
        let seen = s.reads(client, who).await;
        assert!(seen.iter().all(|(_, ok)| *ok == sees), "{who}: {seen:?}");
    }
}
