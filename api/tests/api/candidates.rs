//! The employer's candidates (issue 17): the list with its filters and sorting, opening a
//! candidate (the change flag clears), rating, verdict and the score from assessed answers, the
//! status table, comments, the auto-reply mail, the 30-day workable rule, and who may see what.

use chrono::{TimeDelta, Utc};
use domain::applications::auto_reply::{self, AUTO_REPLY_QUEUE};
use domain::applications::candidates::{self, ApplicationStatus, ListFilter, Staff, TRANSITIONS};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::interviews::user_id;
use crate::search::{NewVacancy, publish};

const AUTO_REPLY: &str = "Aitäh! Vastame nädala jooksul.";

struct Scene {
    app: TestApp,
    /// The supervisor of "Põhja Köök OÜ", signed in.
    boss: TestClient,
    /// Mari, an applicant, signed in.
    mari: TestClient,
    company_id: Uuid,
    vacancy_id: Uuid,
    application_id: String,
}

pub(crate) async fn patch(client: &TestClient, path: &str, body: Value) -> Response {
    let token = client.xsrf().await;
    client.http.patch(client.url(path)).header("x-xsrf-token", token).json(&body).send().await.unwrap()
}

pub(crate) async fn company_id(app: &TestApp, registry_code: &str) -> Uuid {
    sqlx::query_scalar("select id from companies where registry_code = $1").bind(registry_code).fetch_one(&app.pool).await.unwrap()
}

/// An open vacancy of the company (no CV needed) asking two questions: weight 3, then weight 1.
pub(crate) async fn vacancy_with_questions(app: &TestApp, company_id: Uuid, auto_reply: Option<&str>) -> Uuid {
    let vacancy = publish(app, company_id, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set cv_not_required = true, auto_reply_text = $2 where id = $1")
        .bind(vacancy)
        .bind(auto_reply)
        .execute(&app.pool)
        .await
        .unwrap();
    for (position, (question, weight)) in [("Kas sul on tervisetõend?", 3), ("Millal saad alustada?", 1)].into_iter().enumerate() {
        sqlx::query("insert into vacancy_questions (vacancy_id, question, weight, position) values ($1, $2, $3, $4)")
            .bind(vacancy)
            .bind(question)
            .bind(weight)
            .bind(position as i32)
            .execute(&app.pool)
            .await
            .unwrap();
    }
    vacancy
}

/// `client` applies to the vacancy answering every question; answers the application's id.
pub(crate) async fn apply(client: &TestClient, vacancy_id: Uuid) -> String {
    let form: Value = client.get(&format!("/api/open/vacancies/{vacancy_id}/apply")).await.json().await.unwrap();
    let answers: Vec<Value> =
        form["questions"].as_array().unwrap().iter().map(|q| json!({ "questionId": q["questionId"], "answer": "Jah, homme" })).collect();
    let response = client.post("/api/applicant/applications", json!({ "vacancyId": vacancy_id, "coverLetter": "Olen kokk.", "answers": answers })).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    created["applicationId"].as_str().unwrap().to_string()
}

async fn scene() -> Scene {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let company_id = company_id(&app, "12345678").await;
    let vacancy_id = vacancy_with_questions(&app, company_id, Some(AUTO_REPLY)).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let application_id = apply(&mari, vacancy_id).await;
    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    Scene { app, boss, mari, company_id, vacancy_id, application_id }
}

impl Scene {
    fn list_path(&self) -> String {
        format!("/api/employer/vacancies/{}/applications", self.vacancy_id)
    }

    fn one_path(&self) -> String {
        format!("/api/employer/applications/{}", self.application_id)
    }

    async fn list(&self, query: &str) -> Value {
        let response = self.boss.get(&format!("{}{query}", self.list_path())).await;
        assert_eq!(response.status(), StatusCode::OK, "list {query}");
        response.json().await.unwrap()
    }

    /// A signed-in staff member of the company without the administrator tag (a moderator).
    async fn moderator(&self, email: &str) -> TestClient {
        self.app.create_user(email, &["EMPLOYER"]).await;
        sqlx::query("insert into company_staff (company_id, user_id) select $1, id from users where username = $2")
            .bind(self.company_id)
            .bind(email)
            .execute(&self.app.pool)
            .await
            .unwrap();
        let client = self.app.new_client();
        client.sign_in(email).await;
        client
    }

    async fn delegate_to(&self, email: &str) {
        sqlx::query("insert into vacancy_moderators (vacancy_id, user_id) select $1, id from users where username = $2")
            .bind(self.vacancy_id)
            .bind(email)
            .execute(&self.app.pool)
            .await
            .unwrap();
    }

    async fn stored(&self, column: &str) -> Option<String> {
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select {column}::text from applications where id = $1::uuid")))
            .bind(&self.application_id)
            .fetch_one(&self.app.pool)
            .await
            .unwrap()
    }
}

#[tokio::test]
async fn the_candidate_list_shows_the_application_with_its_answers_count_and_a_new_flag() {
    let s = scene().await;
    let list = s.list("").await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    let one = &list[0];
    assert_eq!(one["applicationId"], s.application_id);
    assert_eq!(one["applicant"]["firstname"], "Test");
    assert!(one["cv"].is_null(), "sent without a CV");
    assert_eq!(one["coverLetter"], "Olen kokk.");
    assert_eq!(one["status"], "EXISTS");
    assert_eq!(one["rating"], "NOT_KNOWN");
    assert!(one["verdict"].is_null());
    assert_eq!(one["changeFlag"], "NEW");
    assert!(one["score"].is_null(), "nothing assessed yet");
    assert_eq!(one["answersCount"], 2);
    assert_eq!(one["commentsCount"], 0);
}

#[tokio::test]
async fn opening_a_candidate_shows_the_answers_with_weights_and_clears_the_new_flag() {
    let s = scene().await;
    let response = s.boss.get(&s.one_path()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let view: Value = response.json().await.unwrap();
    assert_eq!(view["candidate"]["changeFlag"], "NONE");
    let answers = view["answers"].as_array().unwrap();
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0]["question"], "Kas sul on tervisetõend?");
    assert_eq!(answers[0]["weight"], 3);
    assert_eq!(answers[1]["weight"], 1);
    assert!(answers[0]["assessment"].is_null());
    assert_eq!(s.stored("change_flag").await.as_deref(), Some("NONE"));
    assert_eq!(s.list("").await[0]["changeFlag"], "NONE");
}

#[tokio::test]
async fn a_cv_changed_after_the_candidate_was_opened_flags_it_updated() {
    let s = scene().await;
    s.boss.get(&s.one_path()).await;
    let cv: Uuid = sqlx::query_scalar(
        "insert into cvs (owner_user_id, title, status) select id, 'Kokk', 'ACTIVE' from users where username = 'mari@example.ee' returning id",
    )
    .fetch_one(&s.app.pool)
    .await
    .unwrap();
    sqlx::query("update applications set cv_id = $1 where id = $2::uuid").bind(cv).bind(&s.application_id).execute(&s.app.pool).await.unwrap();
    let input = json!({ "cvId": cv, "draft": true, "title": "Kokk ja kondiiter" });
    let response = s.mari.post("/api/applicant/cv", input).await;
    assert!(response.status().is_success(), "saving the CV: {}", response.text().await.unwrap());
    assert_eq!(s.list("").await[0]["changeFlag"], "UPDATED");
    assert_eq!(s.list("").await[0]["cv"]["title"], "Kokk ja kondiiter");
    s.boss.get(&s.one_path()).await;
    assert_eq!(s.list("").await[0]["changeFlag"], "NONE");
}

#[tokio::test]
async fn rating_verdict_and_assessed_answers_make_the_score_and_the_applicant_sees_a_match() {
    let s = scene().await;
    let view: Value = s.boss.get(&s.one_path()).await.json().await.unwrap();
    let (heavy, light) = (view["answers"][0]["answerId"].clone(), view["answers"][1]["answerId"].clone());

    let body = json!({ "rating": "POSITIVE", "verdict": "SUITABLE", "answers": [{ "answerId": heavy, "assessment": "GOOD" }] });
    let response = patch(&s.boss, &s.one_path(), body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let judged: Value = response.json().await.unwrap();
    assert_eq!(judged["candidate"]["rating"], "POSITIVE");
    assert_eq!(judged["candidate"]["verdict"], "SUITABLE");
    assert_eq!(judged["candidate"]["score"], 100, "only the assessed answer counts");
    assert_eq!(judged["answers"][0]["assessment"], "GOOD");

    // weight 3 good (3) and weight 1 poor (0): 75
    let judged: Value = patch(&s.boss, &s.one_path(), json!({ "answers": [{ "answerId": light, "assessment": "POOR" }] })).await.json().await.unwrap();
    assert_eq!(judged["candidate"]["score"], 75);
    assert_eq!(judged["candidate"]["rating"], "POSITIVE", "left out, left as it was");
    // weight 3 partly (1.5) and weight 1 poor (0): 38 (37.5 rounded)
    let judged: Value = patch(&s.boss, &s.one_path(), json!({ "answers": [{ "answerId": heavy, "assessment": "PARTLY" }] })).await.json().await.unwrap();
    assert_eq!(judged["candidate"]["score"], 38);

    let mine: Value = s.mari.get("/api/applicant/applications/my?status=all").await.json().await.unwrap();
    assert_eq!(mine[0]["candidateStatus"], "match");
    let detail: Value = s.mari.get(&format!("/api/user/applications/{}", s.application_id)).await.json().await.unwrap();
    assert_eq!(detail["candidateStatus"], "match");

    for (verdict, seen) in [(json!("POSSIBLY_SUITABLE"), json!("probableMatch")), (json!("NOT_SUITABLE"), json!("noMatch")), (Value::Null, Value::Null)] {
        assert_eq!(patch(&s.boss, &s.one_path(), json!({ "verdict": verdict })).await.status(), StatusCode::OK);
        let mine: Value = s.mari.get("/api/applicant/applications/my?status=all").await.json().await.unwrap();
        assert_eq!(mine[0]["candidateStatus"], seen, "{verdict}");
    }
    assert_eq!(s.stored("verdict").await, None, "null clears the verdict");
}

#[tokio::test]
async fn judging_refuses_unknown_values_and_answers_of_another_application() {
    let s = scene().await;
    for (body, names) in [
        (json!({ "rating": "GREAT" }), "rating"),
        (json!({ "verdict": "MAYBE" }), "verdict"),
        (json!({ "answers": [{ "answerId": Uuid::new_v4(), "assessment": "FINE" }] }), "assessment"),
        (json!({ "colour": "red" }), "colour"),
    ] {
        let (status, error) = error_of(patch(&s.boss.in_english(), &s.one_path(), body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(error["message"].as_str().unwrap().contains(names), "{names}: {error}");
    }
    let (status, error) = error_of(patch(&s.boss, &s.one_path(), json!({ "answers": [{ "answerId": Uuid::new_v4(), "assessment": "GOOD" }] })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "answers");
}

#[tokio::test]
async fn the_list_filters_and_sorts_by_verdict_rating_score_and_date() {
    let s = scene().await;
    s.app.create_user("jaan@example.ee", &["APPLICANT"]).await;
    let jaan = s.app.new_client();
    jaan.sign_in("jaan@example.ee").await;
    let second = apply(&jaan, s.vacancy_id).await;
    sqlx::query("update applications set created_at = now() - interval '3 days' where id = $1::uuid").bind(&s.application_id).execute(&s.app.pool).await.unwrap();
    let ids = |list: &Value| list.as_array().unwrap().iter().map(|c| c["applicationId"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(ids(&s.list("").await), vec![second.clone(), s.application_id.clone()], "newest first");
    assert_eq!(ids(&s.list("?sort=date&order=asc").await), vec![s.application_id.clone(), second.clone()]);

    let view: Value = s.boss.get(&s.one_path()).await.json().await.unwrap();
    let answer = view["answers"][0]["answerId"].clone();
    patch(&s.boss, &s.one_path(), json!({ "rating": "NEGATIVE", "verdict": "NOT_SUITABLE", "answers": [{ "answerId": answer, "assessment": "GOOD" }] })).await;
    patch(&s.boss, &format!("/api/employer/applications/{second}"), json!({ "rating": "POSITIVE", "verdict": "SUITABLE" })).await;

    assert_eq!(ids(&s.list("?verdict=SUITABLE").await), vec![second.clone()]);
    assert_eq!(ids(&s.list("?verdict=NOT_SUITABLE").await), vec![s.application_id.clone()]);
    assert!(ids(&s.list("?verdict=NONE").await).is_empty());
    assert_eq!(ids(&s.list("?rating=NEGATIVE").await), vec![s.application_id.clone()]);
    assert_eq!(ids(&s.list("?minScore=50").await), vec![s.application_id.clone()], "an unscored candidate is left out");
    assert_eq!(ids(&s.list("?sort=score").await), vec![s.application_id.clone(), second.clone()], "unscored last");
    assert_eq!(ids(&s.list("?sort=rating").await), vec![second.clone(), s.application_id.clone()], "positive first");
    assert_eq!(ids(&s.list("?sort=verdict&order=asc").await), vec![s.application_id.clone(), second.clone()]);
    let today = Utc::now().with_timezone(&chrono_tz::Europe::Tallinn).date_naive();
    assert_eq!(ids(&s.list(&format!("?from={today}")).await), vec![second.clone()]);
    assert_eq!(ids(&s.list(&format!("?to={}", today - TimeDelta::days(1))).await), vec![s.application_id.clone()]);
    assert_eq!(ids(&s.list("?applicationStatus=HIDDEN").await), Vec::<String>::new());
    assert_eq!(ids(&s.list("?applicationStatus=EXISTS").await).len(), 2);
}

#[tokio::test]
async fn the_list_names_the_parameter_it_cannot_read() {
    let s = scene().await;
    for (query, field) in [
        ("applicationStatus=GONE", "applicationStatus"),
        ("verdict=GREAT", "verdict"),
        ("rating=5", "rating"),
        ("minScore=abc", "minScore"),
        ("from=1.1.2026", "from"),
        ("to=2026-13-01", "to"),
        ("sort=name", "sort"),
        ("order=up", "order"),
    ] {
        let (status, error) = error_of(s.boss.get(&format!("{}?{query}", s.list_path())).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(error["field"], field, "{query}: {error}");
    }
}

async fn force_status(s: &Scene, status: ApplicationStatus) {
    sqlx::query("update applications set status = $2 where id = $1::uuid").bind(&s.application_id).bind(status.as_str()).execute(&s.app.pool).await.unwrap();
}

#[tokio::test]
async fn the_employer_makes_every_move_of_the_table_and_no_other() {
    let s = scene().await;
    let path = format!("/api/user/applications/{}/status", s.application_id);
    for from in ApplicationStatus::ALL.iter().copied().filter(|f| *f != ApplicationStatus::Deleted) {
        for to in ApplicationStatus::ALL.iter().copied() {
            force_status(&s, from).await;
            let response = patch(&s.boss, &path, json!({ "status": to.as_str() })).await;
            if TRANSITIONS.contains(&(from, to)) {
                let expected = if to == ApplicationStatus::Deleted { StatusCode::NO_CONTENT } else { StatusCode::OK };
                assert_eq!(response.status(), expected, "{from:?} -> {to:?}");
                assert_eq!(s.stored("status").await.as_deref(), Some(to.as_str()));
                if to != ApplicationStatus::Deleted {
                    let view: Value = response.json().await.unwrap();
                    assert_eq!(view["candidate"]["status"], to.as_str());
                }
            } else {
                let (status, error) = error_of(response).await;
                assert_eq!(status, StatusCode::BAD_REQUEST, "{from:?} -> {to:?} is refused");
                assert_eq!(error["field"], "status");
                let message = error["message"].as_str().unwrap();
                assert!(message.contains(from.as_str()) && message.contains(to.as_str()), "the message names the move: {message}");
                assert_eq!(s.stored("status").await.as_deref(), Some(from.as_str()), "nothing changed");
            }
        }
    }
    // a deleted application is gone: nothing more moves it, and it is listed nowhere
    force_status(&s, ApplicationStatus::Deleted).await;
    assert_eq!(patch(&s.boss, &path, json!({ "status": "EXISTS" })).await.status(), StatusCode::NOT_FOUND);
    assert!(s.list("").await.as_array().unwrap().is_empty());
}

#[tokio::test]
async fn an_unknown_status_is_refused_naming_it() {
    let s = scene().await;
    let (status, error) = error_of(patch(&s.boss, &format!("/api/user/applications/{}/status", s.application_id), json!({ "status": "GONE" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "status");
}

#[tokio::test]
async fn staff_comment_on_a_candidate_and_delete_only_their_own_unless_they_supervise() {
    let s = scene().await;
    let comments = format!("{}/comments", s.one_path());
    let response = s.boss.post(&comments, json!({ "body": "  Hea kandidaat, helista.  " })).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let boss_comment: Value = response.json().await.unwrap();
    assert_eq!(boss_comment["body"], "Hea kandidaat, helista.");
    assert_eq!(boss_comment["author"]["username"], "boss@example.ee");
    assert_eq!(boss_comment["deletable"], true);

    let kati = s.moderator("kati@example.ee").await;
    s.delegate_to("kati@example.ee").await;
    let kati_comment: Value = kati.post(&comments, json!({ "body": "Nõus." })).await.json().await.unwrap();
    let listed: Value = kati.get(&comments).await.json().await.unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 2);
    assert_eq!(listed[0]["body"], "Hea kandidaat, helista.", "oldest first");
    assert_eq!(listed[0]["deletable"], false, "a moderator may not delete the supervisor's comment");
    assert_eq!(s.list("").await[0]["commentsCount"], 2);

    async fn delete(client: &TestClient, comments: &str, id: &Value) -> StatusCode {
        client.delete(&format!("{comments}?commentId={}", id.as_str().unwrap())).await.status()
    }
    assert_eq!(delete(&kati, &comments, &boss_comment["commentId"]).await, StatusCode::NOT_FOUND);
    assert_eq!(delete(&kati, &comments, &kati_comment["commentId"]).await, StatusCode::NO_CONTENT);
    let kati_again: Value = kati.post(&comments, json!({ "body": "Uuesti." })).await.json().await.unwrap();
    assert_eq!(delete(&s.boss, &comments, &kati_again["commentId"]).await, StatusCode::NO_CONTENT, "the supervisor deletes anyone's");
    assert_eq!(delete(&s.boss, &comments, &kati_again["commentId"]).await, StatusCode::NOT_FOUND, "gone");

    for (body, why) in [(json!({ "body": "   " }), "blank"), (json!({ "body": "x".repeat(2001) }), "too long")] {
        let (status, error) = error_of(s.boss.post(&comments, body).await).await;
        assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!("body")), "{why}");
    }
    assert_eq!(s.boss.delete(&format!("{comments}?commentId=nope")).await.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn comments_never_reach_the_applicant_nor_their_data_export() {
    let s = scene().await;
    let secret = "Sisemine märkus: palganõue liiga kõrge";
    s.boss.post(&format!("{}/comments", s.one_path()), json!({ "body": secret })).await;
    let export = s.mari.get("/api/user/my-data").await;
    assert_eq!(export.status(), StatusCode::OK);
    let (data, files) = crate::mydata::unzip(&export.bytes().await.unwrap());
    assert_eq!(data["applications"][0]["coverLetter"], "Olen kokk.", "the export holds the application");
    assert!(!data.to_string().contains(secret), "but not the staff's comment");
    assert!(files.iter().all(|(_, bytes)| !String::from_utf8_lossy(bytes).contains(secret)));
    let detail = s.mari.get(&format!("/api/user/applications/{}", s.application_id)).await.text().await.unwrap();
    assert!(!detail.contains(secret));
    assert_eq!(s.mari.get(&format!("{}/comments", s.one_path())).await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn another_company_sees_none_of_the_candidates() {
    let s = scene().await;
    s.app.create_employer("other@example.ee", &[("87654321", "Lõuna Köök OÜ")]).await;
    let other = s.app.new_client();
    other.sign_in("other@example.ee").await;
    let comments = format!("{}/comments", s.one_path());
    let status_path = format!("/api/user/applications/{}/status", s.application_id);
    assert_eq!(other.get(&s.list_path()).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.get(&s.one_path()).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(patch(&other, &s.one_path(), json!({ "rating": "NEGATIVE" })).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(patch(&other, &status_path, json!({ "status": "ARCHIVED" })).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.get(&comments).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.post(&comments, json!({ "body": "x" })).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(s.stored("change_flag").await.as_deref(), Some("NEW"), "their look cleared nothing");
    assert_eq!(s.stored("rating").await.as_deref(), Some("NOT_KNOWN"));
    assert_eq!(s.stored("status").await.as_deref(), Some("EXISTS"));
}

#[tokio::test]
async fn a_moderator_sees_only_the_candidates_of_vacancies_delegated_to_them() {
    let s = scene().await;
    let kati = s.moderator("kati@example.ee").await;
    assert_eq!(kati.get(&s.list_path()).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(kati.get(&s.one_path()).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(patch(&kati, &s.one_path(), json!({ "verdict": "SUITABLE" })).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        patch(&kati, &format!("/api/user/applications/{}/status", s.application_id), json!({ "status": "HIDDEN" })).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(kati.get(&format!("{}/comments", s.one_path())).await.status(), StatusCode::NOT_FOUND);

    s.delegate_to("kati@example.ee").await;
    assert_eq!(kati.get(&s.list_path()).await.status(), StatusCode::OK);
    assert_eq!(patch(&kati, &s.one_path(), json!({ "verdict": "SUITABLE" })).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_applicant_and_a_visitor_cannot_call_the_employer_calls() {
    let s = scene().await;
    let status_path = format!("/api/user/applications/{}/status", s.application_id);
    assert_eq!(s.mari.get(&s.list_path()).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(s.mari.get(&s.one_path()).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(patch(&s.mari, &s.one_path(), json!({ "verdict": "SUITABLE" })).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(patch(&s.mari, &status_path, json!({ "status": "ARCHIVED" })).await.status(), StatusCode::FORBIDDEN);
    let visitor = s.app.new_client();
    assert_eq!(visitor.get(&s.list_path()).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(patch(&visitor, &status_path, json!({ "status": "ARCHIVED" })).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(s.stored("status").await.as_deref(), Some("EXISTS"));
}

#[tokio::test]
async fn a_withdrawn_application_leaves_the_list() {
    let s = scene().await;
    assert_eq!(s.mari.delete(&format!("/api/applicant/applications/{}", s.application_id)).await.status(), StatusCode::NO_CONTENT);
    assert!(s.list("").await.as_array().unwrap().is_empty());
    assert_eq!(s.boss.get(&s.one_path()).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn candidates_stay_workable_thirty_days_after_the_vacancy_ends() {
    let s = scene().await;
    let ended = Utc::now() - TimeDelta::days(1);
    sqlx::query("update vacancies set publish_at = $2 - interval '29 days', renewed_at = $2 - interval '29 days', valid_until = $2, finished_at = $2 where id = $1").bind(s.vacancy_id).bind(ended).execute(&s.app.pool).await.unwrap();
    let staff = Staff { user_id: user_id(&s.app, "boss@example.ee").await, company_id: s.company_id };
    let application: Uuid = s.application_id.parse().unwrap();
    let pool = s.app.pool.clone();
    let listed = |now| {
        let pool = pool.clone();
        async move { candidates::list(&pool, staff, s.vacancy_id, &ListFilter::default(), now).await.unwrap().len() }
    };
    assert_eq!(listed(ended + TimeDelta::days(29)).await, 1, "29 days after the end");
    assert_eq!(listed(ended + TimeDelta::days(31)).await, 0, "31 days after the end");
    let opened = candidates::open(&s.app.pool, staff, application, ended + TimeDelta::days(31)).await;
    assert!(matches!(opened, Err(domain::Error::Client { code: domain::platform::error::ErrorCode::NotFound, .. })));
    let comment = candidates::add_comment(&s.app.pool, staff, application, "hilja", ended + TimeDelta::days(31)).await;
    assert!(comment.is_err(), "no writes once not workable");

    // through HTTP (the real clock): still workable a day after the end, not 31 days after
    assert_eq!(s.list("").await.as_array().unwrap().len(), 1);
    let long_ago = Utc::now() - TimeDelta::days(31);
    sqlx::query("update vacancies set publish_at = $2 - interval '29 days', renewed_at = $2 - interval '29 days', valid_until = $2, finished_at = $2 where id = $1").bind(s.vacancy_id).bind(long_ago).execute(&s.app.pool).await.unwrap();
    assert!(s.list("").await.as_array().unwrap().is_empty());
    assert_eq!(s.boss.get(&s.one_path()).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(patch(&s.boss, &s.one_path(), json!({ "rating": "POSITIVE" })).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(s.boss.post(&format!("{}/comments", s.one_path()), json!({ "body": "x" })).await.status(), StatusCode::NOT_FOUND);
}

async fn auto_reply_jobs(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1").bind(AUTO_REPLY_QUEUE).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn applying_queues_the_vacancy_auto_reply_which_is_mailed_in_the_applicant_language() {
    let s = scene().await;
    assert_eq!(auto_reply_jobs(&s.app).await, 1, "queued on the apply transaction");
    sqlx::query("update users set locale = 'en' where username = 'mari@example.ee'").execute(&s.app.pool).await.unwrap();
    let mailer = s.app.mailing().mailer;
    let sent = auto_reply::mail_auto_reply(&s.app.pool, &mailer, s.application_id.parse().unwrap()).await.unwrap();
    assert!(sent);
    let outbox: Value = s.app.client.get("/api/dev/outbox?to=mari@example.ee").await.json().await.unwrap();
    let mail = outbox.as_array().unwrap().iter().find(|m| m["text"].as_str().unwrap().contains(AUTO_REPLY)).expect("the auto-reply in the outbox");
    assert_eq!(mail["subject"], "Põhja Köök OÜ replied to your application: Cook");
}

#[tokio::test]
async fn a_vacancy_without_an_auto_reply_queues_no_mail() {
    let s = scene().await;
    let quiet = vacancy_with_questions(&s.app, s.company_id, Some("   ")).await;
    apply(&s.mari, quiet).await;
    assert_eq!(auto_reply_jobs(&s.app).await, 1, "only the first vacancy's");
}

#[tokio::test]
async fn the_auto_reply_is_not_sent_once_the_application_is_withdrawn() {
    let s = scene().await;
    s.mari.delete(&format!("/api/applicant/applications/{}", s.application_id)).await;
    let mailer = s.app.mailing().mailer;
    assert!(!auto_reply::mail_auto_reply(&s.app.pool, &mailer, s.application_id.parse().unwrap()).await.unwrap());
}

#[tokio::test]
async fn the_worker_mails_the_queued_auto_reply() {
    let app = crate::search::spawn_with_worker().await;
    app.create_employer("boss@example.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let vacancy = vacancy_with_questions(&app, company_id(&app, "12345678").await, Some(AUTO_REPLY)).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    apply(&mari, vacancy).await;
    for _ in 0..100 {
        let outbox: Value = app.client.get("/api/dev/outbox?to=mari@example.ee").await.json().await.unwrap();
        if outbox.as_array().unwrap().iter().any(|m| m["text"].as_str().unwrap().contains(AUTO_REPLY)) {
            let subject = outbox.as_array().unwrap().iter().find(|m| m["text"].as_str().unwrap().contains(AUTO_REPLY)).unwrap()["subject"].clone();
            assert_eq!(subject, "Põhja Köök OÜ vastas su kandideerimisele: Kokk");
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the worker never mailed the auto-reply");
}
