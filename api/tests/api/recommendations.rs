//! Recommendations (issue 33 §2, §3): "vacancies for you" with their reasons and "not for me",
//! similar vacancies, CVs for a vacancy from the CV database, and the candidates best match first.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::candidates::company_id;
use crate::cvs::{applicant, full_cv, save_ok};
use crate::helpers::{TestApp, TestClient, error_of};
use crate::search::{NewVacancy, company, eventually, publish, spawn_with_worker};

/// A cook's CV: catering in Tallinn, full time, Estonian and English.
fn cook_cv() -> Value {
    let mut cv = full_cv();
    cv["categories"] = json!(["CATERING"]);
    cv
}

/// The same CV in Tartu.
fn tartu_cook_cv() -> Value {
    let mut cv = cook_cv();
    cv["cityCode"] = json!("0793");
    cv["workLocation"] = json!("Tartu");
    cv["workLocationCode"] = json!("0793");
    cv
}

async fn live(app: &TestApp, ids: &[Uuid]) {
    let wanted: Vec<String> = ids.iter().map(Uuid::to_string).collect();
    eventually(app, json!({}), |page| {
        let found: Vec<&str> = page["content"].as_array().unwrap().iter().map(|v| v["vacancyId"].as_str().unwrap()).collect();
        wanted.iter().all(|id| found.contains(&id.as_str()))
    })
    .await;
}

async fn for_you(client: &TestClient) -> Value {
    let response = client.get("/api/user/recommendations").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn vacancy_ids(answer: &Value) -> Vec<String> {
    answer["items"].as_array().unwrap().iter().map(|item| item["vacancy"]["vacancyId"].as_str().unwrap().to_string()).collect()
}

async fn label(app: &TestApp, table: &str, code: &str) -> String {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select label_en from {table} where code = $1"))).bind(code).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn for_you_lists_live_vacancies_that_fit_the_cv_with_their_reasons_and_never_an_applied_or_hidden_one() {
    if crate::meili::skip_on_meilisearch("for_you_lists_live_vacancies_that_fit_the_cv_with_their_reasons_and_never_an_applied_or_hidden_one", "recommendations are the tantivy engine's (Meilisearch answers none)") {
        return;
    }
    let app = spawn_with_worker().await;
    let company = company(&app, "Põhja Köök OÜ", "12345678").await;
    let cook = publish(&app, company, NewVacancy::default(), true).await;
    let applied = publish(&app, company, NewVacancy::default(), true).await;
    let software = crate::search::company(&app, "Tarkvara OÜ", "87654321").await;
    let developer = publish(&app, software, NewVacancy { occupation: "SOFTWARE_DEVELOPER", category: "IT", teaser_et: "Arendaja", ..NewVacancy::default() }, true).await;
    sqlx::query("insert into vacancy_language_requirements (vacancy_id, language_code, proficiency_code) values ($1, 'en', 'B2')")
        .bind(cook)
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("update vacancies set work_experience_code = 'FROM_1_TO_2', updated_at = now() where id = $1").bind(cook).execute(&app.pool).await.unwrap();
    sqlx::query("insert into vacancy_driver_licences (vacancy_id, driver_licence_code) values ($1, 'B')").bind(cook).execute(&app.pool).await.unwrap();
    let mut tx = app.pool.begin().await.unwrap();
    domain::platform::jobs::enqueue_index(&mut tx, &[domain::platform::jobs::IndexJob::Vacancy(cook)]).await.unwrap();
    tx.commit().await.unwrap();
    let mari = applicant(&app, "mari@example.ee").await;
    let cv_id = save_ok(&mari, cook_cv()).await["cvId"].as_str().unwrap().to_string();
    let user_id: Uuid = sqlx::query_scalar("select id from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    sqlx::query("insert into applications (vacancy_id, applicant_user_id, cv_id) values ($1, $2, $3::uuid)")
        .bind(applied)
        .bind(user_id)
        .bind(&cv_id)
        .execute(&app.pool)
        .await
        .unwrap();
    live(&app, &[cook, applied, developer]).await;

    let mut answer = for_you(&mari).await;
    for _ in 0..50 {
        // the cook's languages and licence reach the index with its second job
        if answer["items"][0]["reasons"].as_array().is_some_and(|r| r.iter().any(|r| r["kind"] == "licence")) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        answer = for_you(&mari).await;
    }
    assert_eq!(answer["cvId"], json!(cv_id));
    assert_eq!(vacancy_ids(&answer), [cook.to_string()], "not the one applied to, not the developer: {answer}");
    let item = &answer["items"][0];
    assert_eq!(item["vacancy"]["businessName"], "Põhja Köök OÜ");
    let reasons: Vec<(&str, &str)> =
        item["reasons"].as_array().unwrap().iter().map(|r| (r["kind"].as_str().unwrap(), r["label"]["en"].as_str().unwrap())).collect();
    let catering = label(&app, "ref_categories", "CATERING").await;
    let tallinn = label(&app, "ref_places", "0784").await;
    let full_time = label(&app, "ref_employment_types", "FULL_TIME").await;
    let english = label(&app, "ref_languages", "en").await;
    assert_eq!(reasons[..6].to_vec(), [
        ("category", catering.as_str()),
        ("place", tallinn.as_str()),
        ("employmentType", full_time.as_str()),
        ("experience", "Experience: 1–2 years"),
        ("language", format!("{english} B2").as_str()),
        ("licence", "Driving licence B"),
    ]);
    assert!(item["reasons"][0]["label"]["et"].as_str().is_some_and(|et| !et.is_empty() && et != catering), "{item}");
    assert!(item["reasons"][0]["label"]["ru"].as_str().is_some_and(|ru| !ru.is_empty()), "{item}");

    // not for me, twice, then undone
    for _ in 0..2 {
        assert_eq!(mari.post("/api/user/recommendations/hidden", json!({ "vacancyId": cook })).await.status(), StatusCode::NO_CONTENT);
    }
    assert!(vacancy_ids(&for_you(&mari).await).is_empty(), "hidden");
    assert_eq!(mari.delete(&format!("/api/user/recommendations/hidden/{cook}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(vacancy_ids(&for_you(&mari).await), [cook.to_string()], "shown again");
    let unknown = Uuid::new_v4();
    assert_eq!(mari.post("/api/user/recommendations/hidden", json!({ "vacancyId": unknown })).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn without_a_cv_for_you_is_empty_and_only_applicants_ask() {
    let app = spawn_with_worker().await;
    let company = company(&app, "Põhja Köök OÜ", "12345678").await;
    publish(&app, company, NewVacancy::default(), true).await;
    let mari = applicant(&app, "mari@example.ee").await;
    assert_eq!(for_you(&mari).await, json!({ "cvId": null, "items": [] }));

    let (status, body) = error_of(mari.get("/api/user/recommendations?size=0").await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("size")));
    let other_cv = Uuid::new_v4();
    assert_eq!(mari.get(&format!("/api/user/recommendations?cvId={other_cv}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.new_client().get("/api/user/recommendations").await.status(), StatusCode::UNAUTHORIZED);
    app.create_employer("boss@example.ee", &[("87654321", "Teine OÜ")]).await;
    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    assert_eq!(boss.get("/api/user/recommendations").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(boss.post("/api/user/recommendations/hidden", json!({ "vacancyId": Uuid::new_v4() })).await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn similar_vacancies_are_five_live_ones_not_itself_nor_the_companys_copy() {
    if crate::meili::skip_on_meilisearch("similar_vacancies_are_five_live_ones_not_itself_nor_the_companys_copy", "recommendations are the tantivy engine's (Meilisearch answers none)") {
        return;
    }
    let app = spawn_with_worker().await;
    let kitchen = company(&app, "Põhja Köök OÜ", "12345678").await;
    let other = company(&app, "Lõuna Köök OÜ", "87654321").await;
    let source = publish(&app, kitchen, NewVacancy::default(), true).await;
    let copy = publish(&app, kitchen, NewVacancy::default(), true).await;
    let mut others = Vec::new();
    for _ in 0..6 {
        others.push(publish(&app, other, NewVacancy::default(), true).await);
    }
    let hidden = publish(&app, other, NewVacancy::default(), true).await;
    let mut all = vec![source, copy, hidden];
    all.extend(&others);
    live(&app, &all).await;
    sqlx::query("update vacancies set status = 'HIDDEN' where id = $1").bind(hidden).execute(&app.pool).await.unwrap();
    let mut tx = app.pool.begin().await.unwrap();
    domain::platform::jobs::enqueue_index(&mut tx, &[domain::platform::jobs::IndexJob::Vacancy(hidden)]).await.unwrap();
    tx.commit().await.unwrap();
    eventually(&app, json!({}), |page| !page["content"].as_array().unwrap().iter().any(|v| v["vacancyId"] == json!(hidden))).await;

    let answer: Value = app.client.get(&format!("/api/open/vacancies/{source}/similar")).await.json().await.unwrap();
    let ids: Vec<Uuid> = answer["items"].as_array().unwrap().iter().map(|v| v["vacancyId"].as_str().unwrap().parse().unwrap()).collect();
    assert_eq!(ids.len(), 5, "{answer}");
    assert!(ids.iter().all(|id| others.contains(id)), "not itself, its copy or the hidden one: {answer}");
    assert_eq!(answer["items"][0]["businessName"], "Lõuna Köök OÜ");

    let unknown = Uuid::new_v4();
    assert_eq!(app.client.get(&format!("/api/open/vacancies/{unknown}/similar")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.client.get(&format!("/api/open/vacancies/{hidden}/similar")).await.status(), StatusCode::NOT_FOUND, "not public");
}

/// An applicant with a CV; answers the CV's id.
async fn cv_of(app: &TestApp, email: &str, cv: Value) -> (TestClient, String) {
    let client = applicant(app, email).await;
    let id = save_ok(&client, cv).await["cvId"].as_str().unwrap().to_string();
    (client, id)
}

async fn cv_matches(client: &TestClient, vacancy: Uuid) -> Value {
    let response = client.get(&format!("/api/employer/vacancies/{vacancy}/cv-matches")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn cv_ids(page: &Value) -> Vec<String> {
    page["items"].as_array().unwrap().iter().map(|item| item["cvId"].as_str().unwrap().to_string()).collect()
}

/// Polls the CV matches until they are `expected`.
async fn matches_until(client: &TestClient, vacancy: Uuid, expected: &[&str]) -> Value {
    let mut last = Value::Null;
    for _ in 0..150 {
        last = cv_matches(client, vacancy).await;
        if cv_ids(&last) == expected {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the CV matches never became {expected:?}; last {last}");
}

#[tokio::test]
async fn cvs_for_a_vacancy_are_ranked_named_only_with_access_and_never_hidden_or_of_a_deleted_account() {
    if crate::meili::skip_on_meilisearch("cvs_for_a_vacancy_are_ranked_named_only_with_access_and_never_hidden_or_of_a_deleted_account", "recommendations are the tantivy engine's (Meilisearch answers none)") {
        return;
    }
    let app = spawn_with_worker().await;
    app.employer_with_cv_access().await;
    let company = company_id(&app, "12345678").await;
    let vacancy = publish(&app, company, NewVacancy::default(), true).await;
    // read from Postgres for the profile, so no new index job is needed
    sqlx::query("insert into vacancy_language_requirements (vacancy_id, language_code, proficiency_code) values ($1, 'et', 'B2')")
        .bind(vacancy)
        .execute(&app.pool)
        .await
        .unwrap();
    let (_, tallinn) = cv_of(&app, "mari@example.ee", cook_cv()).await;
    let (_, tartu) = cv_of(&app, "jaan@example.ee", tartu_cook_cv()).await;
    let (kati, hidden) = cv_of(&app, "kati@example.ee", cook_cv()).await;
    let (peeter, _) = cv_of(&app, "peeter@example.ee", cook_cv()).await;
    let mut developer = full_cv();
    developer["categories"] = json!(["IT"]);
    developer["title"] = json!("Arendaja");
    developer["employmentHistories"] = json!([]);
    developer["educations"] = json!([]);
    developer["courses"] = json!([]);
    developer["certificates"] = json!([]);
    developer["aboutMe"] = json!("Rust");
    cv_of(&app, "arvo@example.ee", developer).await;
    // four cooks found: the three in Tallinn tie on everything but their update, Tartu last
    let page = {
        let mut last = Value::Null;
        for _ in 0..150 {
            last = cv_matches(&app.client, vacancy).await;
            if last["total"] == 4 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        last
    };
    assert_eq!(page["total"], 4, "{page}");
    assert_eq!(cv_ids(&page).last().unwrap(), &tartu, "Tartu is further: {page}");
    assert_eq!(page["access"], true);
    let first = page["items"].as_array().unwrap().iter().find(|item| item["cvId"] == json!(tallinn)).unwrap();
    assert_eq!(first["person"]["firstname"], "Mari", "names with access: {first}");
    assert_eq!(first["alreadyCandidate"], false);
    assert_eq!(first["summary"]["title"], "Kogenud kokk");
    let kinds: Vec<&str> = first["reasons"].as_array().unwrap().iter().map(|r| r["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds[..3], ["category", "place", "employmentType"], "{first}");
    let language = first["reasons"].as_array().unwrap().iter().find(|r| r["kind"] == "language").unwrap();
    assert!(language["label"]["en"].as_str().unwrap().ends_with("C2"), "the CV's own level: {language}");

    // hidden by its owner, and an account deleted: both leave
    let mut cv = cook_cv();
    cv["cvId"] = json!(hidden);
    cv["visibility"] = json!("HIDDEN");
    save_ok(&kati, cv).await;
    let token = peeter.xsrf().await;
    let deleted = peeter.http.delete(peeter.url("/api/user/account")).header("x-xsrf-token", token).json(&json!({ "email": "peeter@example.ee" })).send().await.unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let page = matches_until(&app.client, vacancy, &[&tallinn, &tartu]).await;
    assert_eq!(page["total"], 2);

    // added as a candidate: marked
    let added = app.client.post(&format!("/api/employer/vacancies/{vacancy}/cvs"), json!({ "cvId": tallinn })).await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let page = cv_matches(&app.client, vacancy).await;
    let marked: Vec<(&str, bool)> =
        page["items"].as_array().unwrap().iter().map(|item| (item["cvId"].as_str().unwrap(), item["alreadyCandidate"].as_bool().unwrap())).collect();
    assert_eq!(marked, [(tallinn.as_str(), true), (tartu.as_str(), false)]);

    // a company without access: the same CVs, no names
    app.create_employer("other@example.ee", &[("11111111", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    let theirs = publish(&app, company_id(&app, "11111111").await, NewVacancy::default(), true).await;
    let page = cv_matches(&other, theirs).await;
    assert_eq!((page["access"].as_bool(), page["total"].as_u64()), (Some(false), Some(2)), "{page}");
    let text = page.to_string();
    assert!(page["items"][0]["person"].is_null() && !text.contains("Mari") && !text.contains("Maasikas"), "{text}");
    assert_eq!(other.get(&format!("/api/employer/vacancies/{vacancy}/cv-matches")).await.status(), StatusCode::NOT_FOUND, "another company's");
    let unknown = Uuid::new_v4();
    assert_eq!(other.get(&format!("/api/employer/vacancies/{unknown}/cv-matches")).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_moderator_sees_cvs_only_for_a_delegated_vacancy() {
    let app = spawn_with_worker().await;
    app.employer_with_cv_access().await;
    let company = company_id(&app, "12345678").await;
    let delegated = publish(&app, company, NewVacancy::default(), true).await;
    let not_delegated = publish(&app, company, NewVacancy::default(), true).await;
    app.create_user("anna@example.ee", &["EMPLOYER"]).await;
    sqlx::query("insert into company_staff (company_id, user_id, is_administrator) select $1, id, false from users where username = 'anna@example.ee'")
        .bind(company)
        .execute(&app.pool)
        .await
        .unwrap();
    let response = app.client.post(&format!("/api/employer/vacancies/{delegated}/moderators"), json!({ "username": "anna@example.ee" })).await;
    assert!(response.status().is_success(), "{:?}", response.text().await);
    let anna = app.new_client();
    anna.sign_in("anna@example.ee").await;
    assert_eq!(anna.get(&format!("/api/employer/vacancies/{delegated}/cv-matches")).await.status(), StatusCode::OK);
    assert_eq!(anna.get(&format!("/api/employer/vacancies/{not_delegated}/cv-matches")).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_candidates_sort_best_match_first_and_those_without_a_cv_last() {
    if crate::meili::skip_on_meilisearch("the_candidates_sort_best_match_first_and_those_without_a_cv_last", "recommendations are the tantivy engine's (Meilisearch answers none)") {
        return;
    }
    let app = spawn_with_worker().await;
    app.employer_with_cv_access().await;
    let company = company_id(&app, "12345678").await;
    let vacancy = publish(&app, company, NewVacancy::default(), true).await;
    let mut developer = full_cv();
    developer["categories"] = json!(["IT"]);
    developer["title"] = json!("Arendaja");
    developer["visibility"] = json!("HIDDEN");
    let (_, far) = cv_of(&app, "arvo@example.ee", developer).await;
    let (_, near) = cv_of(&app, "mari@example.ee", cook_cv()).await;
    app.create_user("jaan@example.ee", &["APPLICANT"]).await;
    // applied in this order: the developer, the cook, someone without a CV (the newest first by date)
    for (email, cv) in [("arvo@example.ee", Some(&far)), ("mari@example.ee", Some(&near)), ("jaan@example.ee", None)] {
        sqlx::query(
            "insert into applications (vacancy_id, applicant_user_id, cv_id, created_at)
             select $1, id, $3::uuid, now() - interval '1 hour' + (select count(*) from applications) * interval '1 minute' from users where username = $2",
        )
        .bind(vacancy)
        .bind(email)
        .bind(cv)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    let names = |list: &Value| -> Vec<String> {
        list.as_array().unwrap().iter().map(|c| c["applicant"]["firstname"].as_str().unwrap_or_default().to_string() + "/" + c["cv"]["cvId"].as_str().unwrap_or("-")).collect()
    };
    let by_date: Value = app.client.get(&format!("/api/employer/vacancies/{vacancy}/applications")).await.json().await.unwrap();
    let by_match: Value = app.client.get(&format!("/api/employer/vacancies/{vacancy}/applications?sort=match")).await.json().await.unwrap();
    let (by_date, by_match) = (names(&by_date), names(&by_match));
    assert_eq!(by_date.len(), 3, "{by_date:?}");
    assert!(by_match[0].ends_with(&near) && by_match[1].ends_with(&far) && by_match[2].ends_with("-"), "{by_match:?} (by date {by_date:?})");
    let (status, body) = error_of(app.client.get(&format!("/api/employer/vacancies/{vacancy}/applications?sort=best")).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("sort")));
}

#[tokio::test]
async fn the_demo_applicants_cv_fills_their_for_you_with_the_demo_confectioner() {
    if crate::meili::skip_on_meilisearch("the_demo_applicants_cv_fills_their_for_you_with_the_demo_confectioner", "recommendations are the tantivy engine's") {
        return;
    }
    let app = spawn_with_worker().await;
    app.create_employer(fixtures::DEMO_ACCOUNTS[1].0, &fixtures::DEMO_COMPANIES).await;
    fixtures::demo_vacancies::seed(&app.pool).await.unwrap();
    let email = fixtures::DEMO_ACCOUNTS[0].0;
    app.create_user(email, &["APPLICANT"]).await;
    assert!(fixtures::cvs::seed_demo_applicant(&app.pool, email).await.unwrap());
    assert!(!fixtures::cvs::seed_demo_applicant(&app.pool, email).await.unwrap(), "once");
    let mari = app.new_client();
    mari.sign_in(email).await;
    let mut answer = Value::Null;
    for _ in 0..100 {
        answer = for_you(&mari).await;
        if answer["items"].as_array().is_some_and(|items| !items.is_empty()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let first = &answer["items"][0];
    assert_eq!(first["vacancy"]["occupation"]["labels"]["en"], "Confectioner", "{answer}");
    let kinds: Vec<&str> = first["reasons"].as_array().unwrap().iter().map(|r| r["kind"].as_str().unwrap()).collect();
    assert!(kinds.starts_with(&["category", "place"]) && kinds.contains(&"words"), "{first}");
}
