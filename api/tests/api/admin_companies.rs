//! The administrators' companies: the list (search, paging, the contract flag), one company's
//! screen, deleting a company after its registry number is typed, comments, and who may use them.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::publishing::{complete_draft, employer_client, published};
use crate::search::{NewVacancy, eventually, publish, spawn_with_worker};

async fn patch_contract(app: &TestApp, path: &str, body: &str) -> reqwest::Response {
    let token = app.client.xsrf().await;
    app.client
        .http
        .patch(app.client.url(path))
        .header("x-xsrf-token", token)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap()
}

async fn companies(app: &TestApp, query: &str) -> Value {
    let response = app.client.get(&format!("/api/admin/company/EE{query}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn administrators_find_companies_by_name_or_registry_code_and_page_through_them() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ"), ("87654321", "Lõuna Ehitus AS")]).await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    app.client.sign_in("admin@vakants.ee").await;

    let all = companies(&app, "").await;
    assert_eq!(all["totalElements"], 2);
    let first = &all["content"][0];
    assert_eq!(first["supervisor"], "boss@firma.ee");
    assert_eq!(first["staffCount"], 1);
    assert_eq!(first["activeVacancies"], 0);
    assert_eq!(first["hasContract"], false);

    let by_name = companies(&app, "?search=%20k%C3%B6%C3%B6k%20").await;
    assert_eq!(by_name["totalElements"], 1, "trimmed, any case: {by_name}");
    assert_eq!(by_name["content"][0]["businessName"], "Põhja Köök OÜ");
    let by_code = companies(&app, "?search=8765").await;
    assert_eq!(by_code["content"][0]["registryCode"], "87654321");
    assert_eq!(companies(&app, "?search=4321").await["totalElements"], 0, "a registry code matches from its start");
    assert_eq!(companies(&app, "?search=%25").await["totalElements"], 0, "% is a plain character");

    let paged = companies(&app, "?size=1&page=1").await;
    assert_eq!(paged["totalPages"], 2);
    assert_eq!(paged["content"].as_array().unwrap().len(), 1);
    let (status, body) = error_of(app.client.get("/api/admin/company/EE?size=0").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["field"], "size");
    let long = "x".repeat(101);
    let (status, body) = error_of(app.client.get(&format!("/api/admin/company/EE?search={long}")).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["field"], "search");
}

#[tokio::test]
async fn the_contract_flag_is_set_by_administrators_and_audited() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    app.client.sign_in("admin@vakants.ee").await;

    let response = patch_contract(&app, "/api/admin/company/EE/12345678/hasContract", "true").await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(companies(&app, "").await["content"][0]["hasContract"], true);
    let audited: i64 = sqlx::query_scalar("select count(*) from audit_log where action = 'company.has_contract'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 1);

    let (status, _) = error_of(patch_contract(&app, "/api/admin/company/EE/12345678/hasContract", "\"yes\"").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = error_of(patch_contract(&app, "/api/admin/company/EE/99999999/hasContract", "false").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(companies(&app, "").await["content"][0]["hasContract"], true, "nothing saved is lost");
}

#[tokio::test]
async fn only_administrators_reach_the_companies_list() {
    let app = spawn_app().await;
    let (status, _) = error_of(app.client.get("/api/admin/company/EE").await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.client.sign_in("boss@firma.ee").await;
    let (status, _) = error_of(app.client.get("/api/admin/company/EE").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = error_of(patch_contract(&app, "/api/admin/company/EE/12345678/hasContract", "true").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let flag: bool = sqlx::query_scalar("select has_contract from companies").fetch_one(&app.pool).await.unwrap();
    assert!(!flag);
}

async fn signed_in(app: &TestApp, email: &str) -> TestClient {
    let client = app.new_client();
    client.sign_in(email).await;
    client
}

async fn company_id(app: &TestApp, registry_code: &str) -> Uuid {
    sqlx::query_scalar("select id from companies where registry_code = $1 and deleted_at is null").bind(registry_code).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn a_company_is_deleted_after_a_wrong_then_the_right_registry_number_and_only_what_should_go_goes() {
    let app = spawn_with_worker().await;
    let (boss, company) = employer_client(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ", false).await;
    app.create_employer("other@firma.ee", &[("87654321", "Lõuna Ehitus AS")]).await;
    sqlx::query("insert into company_staff (company_id, user_id) select $1, id from users where username = 'other@firma.ee'")
        .bind(company)
        .execute(&app.pool)
        .await
        .unwrap();
    let draft = complete_draft(&app, company, "kokk", None).await;
    let invoice = published(&boss, draft, &["VACANCY"]).await["invoice"].clone();
    assert_eq!(invoice["status"], "UNPAID");
    let live = publish(&app, company, NewVacancy::default(), true).await;
    let found = |page: &Value| page["content"].as_array().unwrap().iter().any(|card| card["vacancyId"] == live.to_string());
    eventually(&app, json!({}), found).await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let admin = signed_in(&app, "admin@vakants.ee").await;

    for typed in ["", "1234567", "12345678%20x", "87654321"] {
        let (status, body) = error_of(admin.in_english().delete(&format!("/api/admin/company/EE/12345678?registryNumber={typed}")).await).await;
        assert_eq!(
            (status, body["field"].clone(), body["message"].clone()),
            (StatusCode::BAD_REQUEST, json!("registryNumber"), json!("Failed to delete company data")),
            "{typed:?}"
        );
    }
    assert_eq!(admin.get("/api/admin/company/EE/12345678").await.status(), StatusCode::OK, "nothing changed");
    assert_eq!(boss.get("/api/employer/vacancies").await.status(), StatusCode::OK);
    let audited: i64 = sqlx::query_scalar("select count(*) from audit_log where action = 'company.delete'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(audited, 0);

    let response = admin.delete("/api/admin/company/EE/12345678?registryNumber=%2012345678%20").await;
    assert_eq!(response.status(), StatusCode::OK);
    let deleted: Value = response.json().await.unwrap();
    assert_eq!(
        (deleted["staffRemoved"].clone(), deleted["vacancies"].clone(), deleted["invoicesKept"].clone()),
        (json!(2), json!(2), json!(1)),
        "{deleted}"
    );

    eventually(&app, json!({}), |page| !found(page)).await;
    assert_eq!(app.client.get(&format!("/api/open/vacancies/{live}")).await.status(), StatusCode::NOT_FOUND, "its page is gone too");
    let listed: Value = admin.get("/api/admin/company/EE").await.json().await.unwrap();
    assert_eq!(listed["totalElements"], 1, "the admin list no longer shows it: {listed}");
    assert_eq!(listed["content"][0]["registryCode"], "87654321");
    assert_eq!(error_of(admin.get("/api/admin/company/EE/12345678").await).await.0, StatusCode::NOT_FOUND);
    let (status, _) = error_of(admin.delete("/api/admin/company/EE/12345678?registryNumber=12345678").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "deleted once");

    assert_eq!(error_of(boss.get("/api/employer/vacancies").await).await.0, StatusCode::FORBIDDEN, "a session acting for it loses it");
    let me = boss.me().await;
    assert!(me["roles"].as_array().unwrap().contains(&json!("EMPLOYER")), "the account stays: {me}");
    assert!(me["company"].is_null(), "with no company left to act for: {me}");
    // a staff member signs in afterwards (one code a minute per address: they had not signed in before)
    let other = signed_in(&app, "other@firma.ee").await;
    assert_eq!(other.me().await["company"]["registryCode"], "87654321", "their own company stays");
    assert_eq!(other.get("/api/employer/vacancies").await.status(), StatusCode::OK);

    let invoices: Value = admin.get("/api/admin/invoice").await.json().await.unwrap();
    assert_eq!(invoices["totalElements"], 1, "its invoice stays for the accounts: {invoices}");
    assert_eq!(invoices["content"][0]["id"], invoice["id"]);
    let (actor, target, details): (String, Uuid, Value) = sqlx::query_as(
        "select u.username, a.target_company_id, a.details from audit_log a join users u on u.id = a.actor_user_id where a.action = 'company.delete'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((actor.as_str(), target), ("admin@vakants.ee", company));
    assert_eq!(details["businessName"], "Põhja Köök OÜ");

    let again: Uuid = sqlx::query_scalar("insert into companies (registry_code, business_name) values ('12345678', 'Põhja Köök OÜ') returning id")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_ne!(again, company, "the registry number may register again as a new company");
}

#[tokio::test]
async fn supervisors_delete_companies_and_no_one_else_does() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ")]).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let path = "/api/admin/company/EE/12345678?registryNumber=12345678";
    assert_eq!(error_of(app.new_client().delete(path).await).await.0, StatusCode::UNAUTHORIZED);
    for email in ["boss@firma.ee", "mari@example.ee"] {
        let client = signed_in(&app, email).await;
        assert_eq!(error_of(client.delete(path).await).await.0, StatusCode::FORBIDDEN, "{email}");
        assert_eq!(error_of(client.get("/api/admin/company/EE/12345678").await).await.0, StatusCode::FORBIDDEN, "{email}");
    }
    company_id(&app, "12345678").await;
    app.create_user("chief@vakants.ee", &["ADMIN", "SUPERVISOR"]).await;
    let chief = signed_in(&app, "chief@vakants.ee").await;
    assert_eq!(chief.delete(path).await.status(), StatusCode::OK);
    let left: i64 = sqlx::query_scalar("select count(*) from companies where deleted_at is null").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn the_company_screen_shows_its_staff_vacancies_and_services() {
    let app = spawn_app().await;
    let (boss, company) = employer_client(&app, "boss@firma.ee", "12345678", "Põhja Köök OÜ", false).await;
    let draft = complete_draft(&app, company, "kokk", None).await;
    published(&boss, draft, &["VACANCY"]).await;
    complete_draft(&app, company, "pagar", None).await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let admin = signed_in(&app, "admin@vakants.ee").await;

    let response = admin.get("/api/admin/company/ee/12345678").await;
    assert_eq!(response.status(), StatusCode::OK);
    let detail: Value = response.json().await.unwrap();
    assert_eq!((detail["companyId"].clone(), detail["businessName"].clone()), (json!(company), json!("Põhja Köök OÜ")));
    assert_eq!(detail["supervisor"], "boss@firma.ee");
    assert_eq!(detail["staff"].as_array().unwrap().len(), 1);
    assert_eq!(detail["staff"][0]["isSupervisor"], true);
    assert_eq!(
        (detail["vacancyCounts"]["all"].clone(), detail["vacancyCounts"]["drafts"].clone(), detail["vacancyCounts"]["waitingForPayment"].clone()),
        (json!(2), json!(1), json!(1)),
        "{detail}"
    );
    assert_eq!(detail["vacancies"].as_array().unwrap().len(), 2);
    assert_eq!(detail["services"][0]["status"], "UNPAID", "{detail}");
    assert_eq!(error_of(admin.get("/api/admin/company/EE/99999999").await).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn administrators_comment_on_a_company_and_the_comments_stay_in_the_back_office() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ"), ("87654321", "Lõuna Ehitus AS")]).await;
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    let admin = signed_in(&app, "admin@vakants.ee").await;
    let path = "/api/admin/company/EE/12345678/comments";

    let first = admin.post(path, json!({ "body": "  Helistas, soovib lepingut.  " })).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.unwrap();
    assert_eq!((first["body"].clone(), first["author"]["username"].clone()), (json!("Helistas, soovib lepingut."), json!("admin@vakants.ee")));
    let second: Value = admin.post(path, json!({ "body": "Leping saadetud" })).await.json().await.unwrap();
    let listed: Value = admin.get(path).await.json().await.unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 2);
    assert_eq!(listed[0]["commentId"], second["commentId"], "newest first");
    assert_eq!(admin.get("/api/admin/company/EE/87654321/comments").await.json::<Value>().await.unwrap(), json!([]), "per company");

    for body in [json!({ "body": "   " }), json!({ "body": "x".repeat(2001) })] {
        let (status, error) = error_of(admin.post(path, body).await).await;
        assert_eq!((status, error["field"].clone()), (StatusCode::BAD_REQUEST, json!("body")));
    }
    assert_eq!(admin.post(path, json!({ "body": "x".repeat(2000) })).await.status(), StatusCode::CREATED, "2000 characters fit");
    for unknown in ["/api/admin/company/EE/99999999/comments", "/api/admin/company/LV/12345678/comments"] {
        assert_eq!(error_of(admin.get(unknown).await).await.0, StatusCode::NOT_FOUND, "{unknown}");
        assert_eq!(error_of(admin.post(unknown, json!({ "body": "x" })).await).await.0, StatusCode::NOT_FOUND, "{unknown}");
    }
    let first_id = first["commentId"].as_str().unwrap();
    let elsewhere = format!("/api/admin/company/EE/87654321/comments?commentId={first_id}");
    assert_eq!(error_of(admin.delete(&elsewhere).await).await.0, StatusCode::NOT_FOUND, "not a comment of that company");
    assert_eq!(error_of(admin.delete(&format!("{path}?commentId={}", Uuid::new_v4())).await).await.0, StatusCode::NOT_FOUND);
    assert_eq!(error_of(admin.delete(&format!("{path}?commentId=nonsense")).await).await.0, StatusCode::BAD_REQUEST);
    assert_eq!(admin.delete(&format!("{path}?commentId={first_id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(admin.get(path).await.json::<Value>().await.unwrap().as_array().unwrap().len(), 2);

    let actions: Vec<(String, Option<Uuid>)> =
        sqlx::query_as("select action, target_company_id from audit_log where action like 'company.comment%' order by id").fetch_all(&app.pool).await.unwrap();
    let company = company_id(&app, "12345678").await;
    assert_eq!(
        actions,
        vec![
            ("company.comment".to_string(), Some(company)),
            ("company.comment".to_string(), Some(company)),
            ("company.comment".to_string(), Some(company)),
            ("company.comment_removed".to_string(), Some(company)),
        ]
    );

    let boss = signed_in(&app, "boss@firma.ee").await;
    assert_eq!(error_of(boss.get(path).await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(boss.post(path, json!({ "body": "x" })).await).await.0, StatusCode::FORBIDDEN);
    assert_eq!(error_of(app.new_client().get(path).await).await.0, StatusCode::UNAUTHORIZED);
    app.create_user("chief@vakants.ee", &["ADMIN", "SUPERVISOR"]).await;
    let chief = signed_in(&app, "chief@vakants.ee").await;
    assert_eq!(chief.get(path).await.json::<Value>().await.unwrap().as_array().unwrap().len(), 2, "the back office shares its notes");
}

#[tokio::test]
async fn administrators_sort_companies_by_any_listed_field_and_see_when_each_was_modified() {
    let app = spawn_app().await;
    app.create_employer("boss@firma.ee", &[("12345678", "Põhja Köök OÜ"), ("87654321", "Lõuna Ehitus AS"), ("55555555", "Aasa Aed OÜ")]).await;
    sqlx::query("update companies set created_at = '2026-01-01T10:00:00Z'").execute(&app.pool).await.unwrap();
    sqlx::query("update companies set created_at = '2025-06-01T10:00:00Z' where registry_code = '87654321'").execute(&app.pool).await.unwrap();
    app.create_user("admin@vakants.ee", &["ADMIN"]).await;
    app.client.sign_in("admin@vakants.ee").await;
    let codes = |page: &Value| -> Vec<String> { page["content"].as_array().unwrap().iter().map(|c| c["registryCode"].as_str().unwrap().to_string()).collect() };

    assert_eq!(codes(&companies(&app, "?sort=name").await), ["55555555", "87654321", "12345678"], "A to Z by default");
    assert_eq!(codes(&companies(&app, "?sort=registryCode&order=desc").await), ["87654321", "55555555", "12345678"]);
    let oldest = codes(&companies(&app, "?sort=created&order=asc").await);
    assert_eq!(oldest[0], "87654321");
    let tied: Vec<String> = sqlx::query_scalar("select registry_code from companies where registry_code <> '87654321' order by id")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(oldest[1..], tied[..], "equal dates are ordered by id");

    // a change of the company's data is the company modified
    sqlx::query("update companies set address = 'Tallinn, Pikk 1' where registry_code = '12345678'").execute(&app.pool).await.unwrap();
    let modified = companies(&app, "?sort=modified").await;
    assert_eq!(modified["content"][0]["registryCode"], "12345678", "{modified}");
    assert!(modified["content"][0]["modifiedAt"].as_str().unwrap() > modified["content"][0]["createdAt"].as_str().unwrap());
    let screen: Value = app.client.get("/api/admin/company/EE/12345678").await.json().await.unwrap();
    assert_eq!(screen["modifiedAt"], modified["content"][0]["modifiedAt"], "the company's screen shows the same date");
    assert!(screen["createdAt"].is_string());

    for (query, field) in [("?sort=supervisor", "sort"), ("?sort=name&order=random", "order")] {
        let (status, body) = error_of(app.client.get(&format!("/api/admin/company/EE{query}")).await).await;
        assert_eq!((status, body["field"].clone()), (StatusCode::BAD_REQUEST, json!(field)), "{query}");
    }
}
