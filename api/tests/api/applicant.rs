//! The applicant's favourites and applications, with the ownership checks.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, error_of, spawn_app};
use crate::search::{NewVacancy, company, publish};

async fn delete(client: &crate::helpers::TestClient, path: &str) -> reqwest::Response {
    let token = client.xsrf().await;
    client.http.delete(client.url(path)).header("x-xsrf-token", token).send().await.unwrap()
}

async fn own_cv(app: &TestApp, email: &str) -> Uuid {
    sqlx::query_scalar(
        "insert into cvs (owner_user_id, status, title) select id, 'ACTIVE', 'Kokk' from users where username = $1 returning id",
    )
    .bind(email)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

async fn question(app: &TestApp, vacancy: Uuid, text: &str, position: i32) -> Uuid {
    sqlx::query_scalar("insert into vacancy_questions (vacancy_id, question, position) values ($1, $2, $3) returning id")
        .bind(vacancy)
        .bind(text)
        .bind(position)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_applicant_saves_lists_and_forgets_favourites() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;

    for _ in 0..2 {
        let response = app.client.post("/api/applicant/favourites-vacancies", json!({ "vacancyId": vacancy })).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT, "saving twice is fine");
    }
    let saved: Value = app.client.get("/api/applicant/favourites-vacancies").await.json().await.unwrap();
    assert_eq!(saved.as_array().unwrap().len(), 1);
    assert_eq!(saved[0]["vacancyId"], vacancy.to_string());
    assert_eq!(saved[0]["isFavorite"], true);

    let response = delete(&app.client, &format!("/api/applicant/favourites-vacancies?vacancyId={vacancy}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let saved: Value = app.client.get("/api/applicant/favourites-vacancies").await.json().await.unwrap();
    assert_eq!(saved, json!([]));

    let (status, _) = error_of(app.client.post("/api/applicant/favourites-vacancies", json!({ "vacancyId": Uuid::new_v4() })).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = error_of(app.client.post("/api/applicant/favourites-vacancies", json!({ "vacancyId": "nope" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn applying_needs_a_cv_of_ones_own_and_every_answer_and_happens_once() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    let first = question(&app, vacancy, "Kas sul on tervisetõend?", 0).await;
    let second = question(&app, vacancy, "Millal saad alustada?", 1).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.create_user("kati@example.ee", &["APPLICANT"]).await;
    let mine = own_cv(&app, "mari@example.ee").await;
    let hers = own_cv(&app, "kati@example.ee").await;
    app.client.sign_in("mari@example.ee").await;

    let form: Value = app.client.get(&format!("/api/open/vacancies/{vacancy}/apply")).await.json().await.unwrap();
    assert_eq!(form["questions"][0]["question"], "Kas sul on tervisetõend?");
    assert_eq!(form["questions"][1]["questionId"], second.to_string());
    assert_eq!(form["cvNotRequired"], false);

    let (status, error) = error_of(app.client.post("/api/applicant/applications", json!({ "vacancyId": vacancy })).await).await;
    assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!("cvId")));
    let (status, _) = error_of(
        app.client
            .post("/api/applicant/applications", json!({ "vacancyId": vacancy, "cvId": hers, "answers": [
                { "questionId": first, "answer": "Jah" }, { "questionId": second, "answer": "Kohe" } ] }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "someone else's CV is not found");
    let (status, error) = error_of(
        app.client.post("/api/applicant/applications", json!({ "vacancyId": vacancy, "cvId": mine, "answers": [{ "questionId": first, "answer": "Jah" }] })).await,
    )
    .await;
    assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!("answers")));
    let applications: i64 = sqlx::query_scalar("select count(*) from applications").fetch_one(&app.pool).await.unwrap();
    assert_eq!(applications, 0, "nothing saved by a refused application");

    let complete = json!({ "vacancyId": vacancy, "cvId": mine, "coverLetter": "Tere!", "answers": [
        { "questionId": first, "answer": "Jah" }, { "questionId": second, "answer": "Kohe" } ] });
    let response = app.client.post("/api/applicant/applications", complete.clone()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let (status, error) = error_of(app.client.in_english().post("/api/applicant/applications", complete).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "This position has already been applied");
    let page: Value = app.client.get(&format!("/api/open/vacancies/{vacancy}")).await.json().await.unwrap();
    assert_eq!(page["canApply"], false);

    let active: Value = app.client.get("/api/applicant/applications/my?status=active").await.json().await.unwrap();
    assert_eq!(active[0]["vacancy"]["vacancyId"], vacancy.to_string());
    assert_eq!(active[0]["changeFlag"], "NEW");
    let answers: i64 = sqlx::query_scalar("select count(*) from application_answers").fetch_one(&app.pool).await.unwrap();
    assert_eq!(answers, 2);
}

#[tokio::test]
async fn an_applicant_withdraws_only_their_own_application() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set cv_not_required = true where id = $1").bind(vacancy).execute(&app.pool).await.unwrap();
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.create_user("kati@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    let created: Value = app.client.post("/api/applicant/applications", json!({ "vacancyId": vacancy })).await.json().await.unwrap();
    let id = created["applicationId"].as_str().unwrap().to_string();

    let other = app.new_client();
    other.sign_in("kati@example.ee").await;
    assert_eq!(delete(&other, &format!("/api/applicant/applications/{id}")).await.status(), StatusCode::NOT_FOUND);
    let theirs: Value = other.get("/api/applicant/applications/my?status=all").await.json().await.unwrap();
    assert_eq!(theirs, json!([]), "another applicant sees none of it");

    assert_eq!(delete(&app.client, &format!("/api/applicant/applications/{id}")).await.status(), StatusCode::NO_CONTENT);
    let cancelled: Value = app.client.get("/api/applicant/applications/my?status=cancelled").await.json().await.unwrap();
    assert_eq!(cancelled[0]["applicationId"], id);
    let active: Value = app.client.get("/api/applicant/applications/my").await.json().await.unwrap();
    assert_eq!(active, json!([]));
    let (status, _) = error_of(app.client.get("/api/applicant/applications/my?status=someday").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_vacancy_with_an_external_apply_link_takes_no_applications_here() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set apply_link = 'https://example.ee/jobs/1', cv_not_required = true where id = $1")
        .bind(vacancy)
        .execute(&app.pool)
        .await
        .unwrap();
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    let (status, error) = error_of(app.client.post("/api/applicant/applications", json!({ "vacancyId": vacancy })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "vacancyId");
}

#[tokio::test]
async fn employers_and_visitors_cannot_use_the_applicant_calls() {
    let app = spawn_app().await;
    assert_eq!(app.client.get("/api/applicant/favourites-vacancies").await.status(), StatusCode::UNAUTHORIZED);
    app.create_employer("boss@example.ee", &[("11111116", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    assert_eq!(app.client.get("/api/applicant/favourites-vacancies").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.client.post("/api/applicant/applications", json!({ "vacancyId": Uuid::new_v4() })).await.status(), StatusCode::FORBIDDEN);
}

/// The link id in the newest application mail of `email`, and the mail's subject.
async fn application_link(client: &crate::helpers::TestClient, email: &str) -> (String, String) {
    let mails: Value = client.get(&format!("/api/dev/outbox?to={email}")).await.json().await.unwrap();
    let mail = &mails[0];
    let text = mail["text"].as_str().unwrap();
    let link = text.split("/application/").nth(1).expect("a link to the application").split_whitespace().next().unwrap();
    (link.to_string(), mail["subject"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn the_confirmation_mail_links_to_the_application_for_its_applicant_only() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set cv_not_required = true where id = $1").bind(vacancy).execute(&app.pool).await.unwrap();
    let asked = question(&app, vacancy, "Millal saad alustada?", 0).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.create_user("kati@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    let created: Value = app
        .client
        .post("/api/applicant/applications", json!({ "vacancyId": vacancy, "coverLetter": "Tere!", "answers": [{ "questionId": asked, "answer": "Kohe" }] }))
        .await
        .json()
        .await
        .unwrap();

    let (link, subject) = application_link(&app.client, "mari@example.ee").await;
    assert!(subject.starts_with("Sinu kandideerimine: "), "{subject}");
    let opened: Value = app.client.get(&format!("/api/open/application/{link}")).await.json().await.unwrap();
    assert_eq!(opened["applicationId"], created["applicationId"]);
    assert_eq!(opened["vacancy"]["vacancyId"], vacancy.to_string());
    assert_eq!(opened["vacancy"]["businessName"], "Põhja Köök OÜ");
    assert_eq!(opened["coverLetter"], "Tere!");
    assert_eq!(opened["answers"], json!([{ "question": "Millal saad alustada?", "answer": "Kohe" }]));
    assert_eq!(opened["cv"], Value::Null);

    let visitor = app.new_client();
    let (status, _) = error_of(visitor.get(&format!("/api/open/application/{link}")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a link alone shows a visitor nothing");
    let other = app.new_client();
    other.sign_in("kati@example.ee").await;
    let (status, _) = error_of(other.get(&format!("/api/open/application/{link}")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another applicant is not shown it");
    for wrong in [Uuid::new_v4().to_string(), "nope".to_string()] {
        let (status, _) = error_of(app.client.get(&format!("/api/open/application/{wrong}")).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{wrong}");
    }

    let code = app.client.code_from_outbox("mari@example.ee").await;
    assert_eq!(code.len(), 6, "the sign-in code is still found past the application mail");

    sqlx::query("update application_links set expires_at = now() - interval '1 second'").execute(&app.pool).await.unwrap();
    let (status, _) = error_of(app.client.get(&format!("/api/open/application/{link}")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "an expired link opens nothing");
}

#[tokio::test]
async fn an_application_is_read_by_its_applicant_and_the_staff_of_the_vacancys_company_only() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("11111116", "Näide OÜ")]).await;
    app.create_employer("other@example.ee", &[("22222222", "Muu AS")]).await;
    let company_id: Uuid = sqlx::query_scalar("select id from companies where registry_code = '11111116'").fetch_one(&app.pool).await.unwrap();
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    let asked = question(&app, vacancy, "Kas sul on tervisetõend?", 0).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.create_user("kati@example.ee", &["APPLICANT"]).await;
    let cv = own_cv(&app, "mari@example.ee").await;
    app.client.sign_in("mari@example.ee").await;
    let created: Value = app
        .client
        .post("/api/applicant/applications", json!({ "vacancyId": vacancy, "cvId": cv, "answers": [{ "questionId": asked, "answer": "Jah" }] }))
        .await
        .json()
        .await
        .unwrap();
    let path = format!("/api/user/applications/{}", created["applicationId"].as_str().unwrap());

    let own: Value = app.client.get(&path).await.json().await.unwrap();
    assert_eq!(own["cv"], json!({ "cvId": cv, "title": "Kokk" }));
    assert_eq!(own["answers"][0]["answer"], "Jah");
    assert_eq!(own["status"], "EXISTS");
    assert_eq!(own["candidateStatus"], Value::Null);

    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    let read: Value = boss.get(&path).await.json().await.unwrap();
    assert_eq!(read["applicationId"], created["applicationId"]);
    assert_eq!(read["applicant"], json!({ "firstname": "Test", "lastname": "User" }));

    let other_employer = app.new_client();
    other_employer.sign_in("other@example.ee").await;
    assert_eq!(other_employer.get(&path).await.status(), StatusCode::NOT_FOUND);
    let other_applicant = app.new_client();
    other_applicant.sign_in("kati@example.ee").await;
    assert_eq!(other_applicant.get(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.new_client().get(&path).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.client.get(&format!("/api/user/applications/{}", Uuid::new_v4())).await.status(), StatusCode::NOT_FOUND);

    sqlx::query("update applications set verdict = 'POSSIBLY_SUITABLE'").execute(&app.pool).await.unwrap();
    assert_eq!(app.client.get(&path).await.json::<Value>().await.unwrap()["candidateStatus"], "probableMatch");

    // withdrawn: the employer no longer reads it, the applicant still does
    let id = created["applicationId"].as_str().unwrap();
    assert_eq!(delete(&app.client, &format!("/api/applicant/applications/{id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(boss.get(&path).await.status(), StatusCode::NOT_FOUND);
    let own: Value = app.client.get(&path).await.json().await.unwrap();
    assert!(own["withdrawnAt"].is_string());
}

#[tokio::test]
async fn the_confirmation_mail_carries_the_mailing_list_opt_out_until_it_is_used() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let first = publish(&app, company_id, NewVacancy::default(), true).await;
    let second = publish(&app, company_id, NewVacancy { occupation: "WAITER", ..NewVacancy::default() }, true).await;
    for vacancy in [first, second] {
        sqlx::query("update vacancies set cv_not_required = true where id = $1").bind(vacancy).execute(&app.pool).await.unwrap();
    }
    app.create_user("mari.jobs@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari.jobs@example.ee").await;
    let response = app.client.post("/api/applicant/applications", json!({ "vacancyId": first, "coverLetter": "Tere!" })).await;
    assert_eq!(response.status(), StatusCode::CREATED);

    let mails: Value = app.client.get("/api/dev/outbox?to=mari.jobs@example.ee").await.json().await.unwrap();
    let text = mails[0]["text"].as_str().unwrap().to_string();
    let path = text.split("/et/notifications/unsubscribe/").nth(1).expect("an opt-out link").split_whitespace().next().unwrap();
    let (user, token) = path.split_once('/').unwrap();
    assert_eq!(user, "mari.jobs@example.ee", "the address names the account");
    let response = app.client.post_empty(&format!("/api/open/notifications/unsubscribe/{user}/{token}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let opted_in: bool = sqlx::query_scalar("select newsletter_opt_in from users where username = 'mari.jobs@example.ee'").fetch_one(&app.pool).await.unwrap();
    assert!(!opted_in);

    let response = app.client.post("/api/applicant/applications", json!({ "vacancyId": second, "coverLetter": "Tere!" })).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let mails: Value = app.client.get("/api/dev/outbox?to=mari.jobs@example.ee").await.json().await.unwrap();
    assert!(!mails[0]["text"].as_str().unwrap().contains("unsubscribe"), "no opt-out link once off the list");
}
