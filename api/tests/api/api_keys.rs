//! API keys (issue 18): the supervisor makes, lists and revokes them (stored as a hash only); a key
//! authenticates `Authorization: Bearer` on the employer's vacancy and application calls as its
//! company, without cookies or anti-forgery token, with its own rate limit, and reaches nothing
//! else; an integration re-posts a vacancy by its `externalId`.

use api::rate_limit::{Limit, RateLimits};
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::candidates::{apply, vacancy_with_questions};
use crate::employer_vacancies::company_of;
use crate::employer_vacancy_document::{empty_document, full_document};
use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};

const KEYS: &str = "/api/employer/company/EE/12345678/api_keys";

/// The supervisor of Näide OÜ, signed in on the app's client.
async fn supervisor(app: &TestApp) -> Uuid {
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    company_of(app, "12345678").await
}

/// Makes a key as `client` on `keys` (the company's keys path); answers the created key.
async fn make_key(client: &TestClient, keys: &str, title: &str) -> Value {
    let response = client.post(&format!("{keys}/{}", Uuid::new_v4()), json!({ "title": title })).await;
    let (status, body) = error_of(response).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

/// An integration: no cookie jar, nothing but the key.
struct Integration {
    address: String,
    http: reqwest::Client,
    key: String,
}

impl Integration {
    fn new(app: &TestApp, key: &str) -> Self {
        Integration { address: app.address.clone(), http: reqwest::Client::new(), key: key.to_string() }
    }

    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Response {
        let mut request = self.http.request(method, format!("{}{path}", self.address)).bearer_auth(&self.key);
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.unwrap()
    }

    async fn get(&self, path: &str) -> Response {
        self.call(Method::GET, path, None).await
    }
}

fn secret_of(created: &Value) -> String {
    created["secret"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn the_supervisor_makes_lists_and_revokes_keys_and_only_their_hash_is_stored() {
    let app = spawn_app().await;
    let company = supervisor(&app).await;

    let created = make_key(&app.client, KEYS, "  Personalitarkvara  ").await;
    let secret = secret_of(&created);
    assert!(secret.starts_with("vk_") && secret.len() == 46, "{secret}");
    assert_eq!(created["title"], "Personalitarkvara");
    assert_eq!(created["prefix"], &secret[..11]);
    assert_eq!(created["createdBy"], "boss@example.ee");
    assert_eq!(created["lastUsedAt"], Value::Null);

    let list: Value = app.client.get(KEYS).await.json().await.unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["keyId"], created["keyId"]);
    assert!(list[0].get("secret").is_none(), "the list never holds the key: {list}");
    assert!(!list.to_string().contains(&secret[11..]));

    let (hash, plaintext_rows): (Vec<u8>, i64) = sqlx::query_as(
        "select (select key_hash from api_keys where company_id = $1),
                (select count(*) from api_keys k where strpos(k::text, $2) > 0)",
    )
    .bind(company)
    .bind(&secret[11..])
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(hash, domain::platform::crypto::sha256(secret.as_bytes()), "the SHA-256 of the key");
    assert_eq!(plaintext_rows, 0, "no column holds the key");
    let audited: Vec<String> = sqlx::query_scalar("select action from audit_log where target_company_id = $1 order by id")
        .bind(company)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(audited, ["api_key.create"]);

    let path = format!("{KEYS}/{}", created["keyId"].as_str().unwrap());
    assert_eq!(app.client.delete(&path).await.status(), StatusCode::NO_CONTENT);
    let list: Value = app.client.get(KEYS).await.json().await.unwrap();
    assert_eq!(list, json!([]));
    assert_eq!(app.client.delete(&path).await.status(), StatusCode::NOT_FOUND, "revoked already");
    let key = Integration::new(&app, &secret);
    assert_eq!(key.get("/api/employer/vacancies").await.status(), StatusCode::UNAUTHORIZED, "a revoked key lets nobody in");
}

#[tokio::test]
async fn a_key_needs_a_title_and_a_fresh_id() {
    let app = spawn_app().await;
    supervisor(&app).await;
    let id = Uuid::new_v4();
    let (status, body) = error_of(app.client.post(&format!("{KEYS}/{id}"), json!({ "title": " " })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("title")));
    let (status, body) = error_of(app.client.post(&format!("{KEYS}/{id}"), json!({ "title": "x".repeat(101) })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("title")));
    assert_eq!(app.client.post(&format!("{KEYS}/{id}"), json!({ "title": "CRM" })).await.status(), StatusCode::CREATED);
    let (status, body) = error_of(app.client.post(&format!("{KEYS}/{id}"), json!({ "title": "CRM" })).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("keyId")), "a retried create makes no second key");
    let (status, _) = error_of(app.client.post(&format!("{KEYS}/not-a-uuid"), json!({ "title": "CRM" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn other_staff_read_the_list_and_other_companies_keys_are_not_found() {
    let app = spawn_app().await;
    supervisor(&app).await;
    let created = make_key(&app.client, KEYS, "CRM").await;
    let path = format!("{KEYS}/{}", created["keyId"].as_str().unwrap());

    app.create_user("mari@example.ee", &["EMPLOYER"]).await;
    sqlx::query("insert into company_staff (company_id, user_id) select c.id, u.id from companies c, users u where u.username = 'mari@example.ee'")
        .execute(&app.pool)
        .await
        .unwrap();
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let list: Value = mari.get(KEYS).await.json().await.unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1, "any staff member sees the keys");
    assert_eq!(mari.post(&format!("{KEYS}/{}", Uuid::new_v4()), json!({ "title": "Mine" })).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(mari.delete(&path).await.status(), StatusCode::FORBIDDEN);

    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;
    assert_eq!(other.get(KEYS).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.post(&format!("{KEYS}/{}", Uuid::new_v4()), json!({ "title": "X" })).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.delete(&path).await.status(), StatusCode::NOT_FOUND);
    let own_path = format!("/api/employer/company/EE/87654321/api_keys/{}", created["keyId"].as_str().unwrap());
    assert_eq!(other.delete(&own_path).await.status(), StatusCode::NOT_FOUND, "another company's key through one's own company");
    let list: Value = app.client.get(KEYS).await.json().await.unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1, "still live");
}

#[tokio::test]
async fn a_key_lists_and_posts_vacancies_as_its_company_without_cookies_and_reposts_by_external_id() {
    let app = spawn_app().await;
    let company = supervisor(&app).await;
    let key = Integration::new(&app, &secret_of(&make_key(&app.client, KEYS, "CRM").await));

    let response = key.get("/api/employer/vacancies").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().get("set-cookie").is_none(), "an integration gets no cookies");

    let mut document = full_document();
    document["externalId"] = json!("crm-42");
    let response = key.call(Method::POST, "/api/employer/vacancies/create", Some(document.clone())).await;
    let (status, created) = error_of(response).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["externalId"], "crm-42");
    assert_eq!(created["status"], "TEMPORARY");

    document["contents"][0]["teaser"] = json!("Ootame kokka ja abikokka");
    let response = key.call(Method::POST, "/api/employer/vacancies/create", Some(document.clone())).await;
    let (status, updated) = error_of(response).await;
    assert_eq!(status, StatusCode::OK, "the same external id updates: {updated}");
    assert_eq!(updated["id"], created["id"]);
    assert_eq!(updated["contents"][0]["teaser"], "Ootame kokka ja abikokka");
    let count: i64 = sqlx::query_scalar("select count(*) from vacancies where company_id = $1").bind(company).fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 1);
    let (creator, boss): (Option<Uuid>, Uuid) =
        sqlx::query_as("select v.created_by_user_id, c.supervisor_user_id from vacancies v join companies c on c.id = v.company_id")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(creator, Some(boss), "a key's writes are the supervisor's");

    let id = created["id"].as_str().unwrap();
    let one: Value = key.get(&format!("/api/employer/vacancies/{id}")).await.json().await.unwrap();
    assert_eq!(one["externalId"], "crm-42");
    let mine: Value = app.client.get("/api/employer/vacancies").await.json().await.unwrap();
    assert_eq!(mine["content"][0]["id"], created["id"], "the staff see it in my vacancies");

    let used: Option<chrono::DateTime<chrono::Utc>> = sqlx::query_scalar("select last_used_at from api_keys").fetch_one(&app.pool).await.unwrap();
    assert!(used.is_some(), "the key's use is noted");
}

#[tokio::test]
async fn an_external_id_belongs_to_one_live_vacancy_of_the_company() {
    let app = spawn_app().await;
    supervisor(&app).await;
    let key = Integration::new(&app, &secret_of(&make_key(&app.client, KEYS, "CRM").await));
    let post = |external: &str| {
        let mut document = empty_document();
        document["externalId"] = json!(external);
        key.call(Method::POST, "/api/employer/vacancies/create", Some(document))
    };
    let first: Value = post("a-1").await.json().await.unwrap();
    let second: Value = post("b-2").await.json().await.unwrap();
    let mut taken = empty_document();
    taken["externalId"] = json!("a-1");
    let response = key.call(Method::PUT, &format!("/api/employer/vacancies/{}", second["id"].as_str().unwrap()), Some(taken)).await;
    let (status, body) = error_of(response).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("externalId")));
    let (status, body) = error_of(post(&"x".repeat(201)).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("externalId")));

    let put_without = key.call(Method::PUT, &format!("/api/employer/vacancies/{}", first["id"].as_str().unwrap()), Some(empty_document())).await;
    let kept: Value = put_without.json().await.unwrap();
    assert_eq!(kept["externalId"], "a-1", "a PUT without it keeps it");

    sqlx::query("update vacancies set status = 'DELETED' where id = $1")
        .bind(first["id"].as_str().unwrap().parse::<Uuid>().unwrap())
        .execute(&app.pool)
        .await
        .unwrap();
    let response = post("a-1").await;
    assert_eq!(response.status(), StatusCode::CREATED, "a deleted vacancy lets go of its external id");
    let again: Value = response.json().await.unwrap();
    assert_ne!(again["id"], first["id"]);
}

#[tokio::test]
async fn unknown_malformed_and_revoked_keys_are_401_even_with_a_session() {
    let app = spawn_app().await;
    supervisor(&app).await;
    let unknown = format!("vk_{}", domain::platform::crypto::random_token(32));
    for key in [unknown.as_str(), "vk_nonsense", "letmein"] {
        let (status, body) = error_of(Integration::new(&app, key).get("/api/employer/vacancies").await).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("unauthorized")), "{key}");
    }
    // the signed-in supervisor's cookies do not help a bad key, and do not lend a good key more
    let response = app.client.http.get(app.client.url("/api/employer/vacancies")).bearer_auth(&unknown).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let secret = secret_of(&make_key(&app.client, KEYS, "CRM").await);
    let response = app.client.http.get(app.client.url("/api/employer/company")).bearer_auth(&secret).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN, "with a key the session is not used");
    let lower = reqwest::Client::new().get(app.client.url("/api/employer/vacancies")).header("authorization", format!("bearer {secret}")).send().await.unwrap();
    assert_eq!(lower.status(), StatusCode::OK, "the scheme's name in any case");
}

#[tokio::test]
async fn a_key_does_not_reach_another_companys_vacancies_or_candidates() {
    let app = spawn_app().await;
    supervisor(&app).await;
    let key = Integration::new(&app, &secret_of(&make_key(&app.client, KEYS, "CRM").await));
    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = company_of(&app, "87654321").await;
    let theirs = vacancy_with_questions(&app, other, None).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let application = apply(&mari, theirs).await;

    for (method, path, body) in [
        (Method::GET, format!("/api/employer/vacancies/{theirs}"), None),
        (Method::PUT, format!("/api/employer/vacancies/{theirs}"), Some(full_document())),
        (Method::PUT, format!("/api/employer/vacancies/{theirs}/status"), Some(json!({ "status": "HIDDEN" }))),
        (Method::DELETE, format!("/api/employer/vacancies/{theirs}"), None),
        (Method::GET, format!("/api/employer/vacancies/{theirs}/applications"), None),
        (Method::GET, format!("/api/employer/applications/{application}"), None),
        (Method::PATCH, format!("/api/user/applications/{application}/status"), Some(json!({ "status": "ARCHIVED" }))),
    ] {
        assert_eq!(key.call(method.clone(), &path, body).await.status(), StatusCode::NOT_FOUND, "{method} {path}");
    }
    let status: String = sqlx::query_scalar("select status from vacancies where id = $1").bind(theirs).fetch_one(&app.pool).await.unwrap();
    assert_eq!(status, "EXISTS");
}

#[tokio::test]
async fn a_key_reads_and_works_its_companys_candidates() {
    let app = spawn_app().await;
    let company = supervisor(&app).await;
    let key = Integration::new(&app, &secret_of(&make_key(&app.client, KEYS, "ATS").await));
    let vacancy = vacancy_with_questions(&app, company, None).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let application = apply(&mari, vacancy).await;

    let list: Value = key.get(&format!("/api/employer/vacancies/{vacancy}/applications")).await.json().await.unwrap();
    assert_eq!(list[0]["applicationId"], application);
    let one: Value = key.get(&format!("/api/employer/applications/{application}")).await.json().await.unwrap();
    assert_eq!(one["answers"].as_array().unwrap().len(), 2);
    let judged = key.call(Method::PATCH, &format!("/api/employer/applications/{application}"), Some(json!({ "rating": "POSITIVE" }))).await;
    assert_eq!(judged.status(), StatusCode::OK);
    let moved = key.call(Method::PATCH, &format!("/api/user/applications/{application}/status"), Some(json!({ "status": "ARCHIVED" }))).await;
    let (status, body) = error_of(moved).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["candidate"]["status"], "ARCHIVED");
}

/// Fills an OpenAPI path's parameters with values of the right shape.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|part| match part {
            "{countryCode}" => "EE".to_string(),
            "{registryCode}" => "12345678".to_string(),
            p if p.starts_with('{') => Uuid::nil().to_string(),
            p => p.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn a_key_reaches_the_calls_marked_with_bearer_and_no_other_of_the_signed_in_areas() {
    // one call per operation of the areas: more than a key's default minute allows
    let limits = RateLimits { api_key_requests: Limit { max: 10_000, window_secs: 60 }, ..RateLimits::default() };
    let app = spawn_app_with(AppOptions { limits, ..AppOptions::default() }).await;
    supervisor(&app).await;
    let key = Integration::new(&app, &secret_of(&make_key(&app.client, KEYS, "CRM").await));
    let doc: Value = app.new_client().get("/api/openapi.json").await.json().await.unwrap();
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");

    let mut marked = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !["/api/user/", "/api/applicant/", "/api/employer/", "/api/admin/"].iter().any(|area| path.starts_with(area)) {
            continue;
        }
        for (method, operation) in item.as_object().unwrap() {
            let Some(method) = [Method::GET, Method::POST, Method::PUT, Method::PATCH, Method::DELETE].into_iter().find(|m| m.as_str().eq_ignore_ascii_case(method))
            else {
                continue;
            };
            let with_key = operation["security"].as_array().is_some_and(|s| s.iter().any(|r| r.get("bearer").is_some()));
            let status = key.call(method.clone(), &concrete(path), None).await.status();
            if with_key {
                marked.push(operation["operationId"].as_str().unwrap().to_string());
                assert!(![StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN].contains(&status), "{method} {path} takes a key: {status}");
            } else {
                assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path} is outside a key's scope");
            }
        }
    }
    marked.sort();
    let mut expected: Vec<String> = api::api_keys::KEY_OPERATIONS.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(marked, expected);
    assert_eq!(key.get("/api/employer/no-such-call").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(key.get("/api/open/me").await.status(), StatusCode::OK, "outside the areas a key is a visitor");
}

#[tokio::test]
async fn each_key_has_its_own_rate_limit() {
    let limits = RateLimits { api_key_requests: Limit { max: 3, window_secs: 600 }, ..RateLimits::default() };
    let app = spawn_app_with(AppOptions { limits, ..AppOptions::default() }).await;
    supervisor(&app).await;
    let first = Integration::new(&app, &secret_of(&make_key(&app.client, KEYS, "One").await));
    let second = Integration::new(&app, &secret_of(&make_key(&app.client, KEYS, "Two").await));
    for _ in 0..3 {
        assert_eq!(first.get("/api/employer/vacancies").await.status(), StatusCode::OK);
    }
    let response = first.get("/api/employer/vacancies").await;
    assert!(response.headers().get("retry-after").is_some());
    let (status, body) = error_of(response).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_requests")));
    assert_eq!(second.get("/api/employer/vacancies").await.status(), StatusCode::OK, "another key counts apart");
    assert_eq!(app.client.get("/api/employer/vacancies").await.status(), StatusCode::OK, "the session is not limited by the keys");
}

#[tokio::test]
async fn the_last_use_is_written_at_most_once_a_minute() {
    let app = spawn_app().await;
    supervisor(&app).await;
    let key = Integration::new(&app, &secret_of(&make_key(&app.client, KEYS, "CRM").await));
    let last_used = || async { sqlx::query_scalar::<_, Option<chrono::DateTime<chrono::Utc>>>("select last_used_at from api_keys").fetch_one(&app.pool).await.unwrap() };

    sqlx::query("update api_keys set last_used_at = now() - interval '30 seconds'").execute(&app.pool).await.unwrap();
    let before = last_used().await;
    key.get("/api/employer/vacancies").await;
    assert_eq!(last_used().await, before, "used within the minute: no write");

    sqlx::query("update api_keys set last_used_at = now() - interval '2 minutes'").execute(&app.pool).await.unwrap();
    let before = last_used().await;
    key.get("/api/employer/vacancies").await;
    assert!(last_used().await > before, "a minute later it is written");
}

/// The block of docs/api.md that its marker says this test runs.
fn worked_example() -> String {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/api.md")).unwrap();
    let marker = "<!-- the test api_keys::the_worked_example_of_docs_api_md_runs runs the next block as it stands -->";
    let after = &doc[doc.find(marker).expect("the marker in docs/api.md") + marker.len()..];
    let block = after.trim_start().strip_prefix("```sh\n").expect("a sh block right after the marker");
    block[..block.find("\n```").expect("the block's end")].to_string()
}

#[tokio::test]
async fn the_worked_example_of_docs_api_md_runs() {
    let app = spawn_app().await;
    let company = supervisor(&app).await;
    let secret = secret_of(&make_key(&app.client, KEYS, "CRM").await);
    let vacancy = vacancy_with_questions(&app, company, None).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let mari = app.new_client();
    mari.sign_in("mari@example.ee").await;
    let application = apply(&mari, vacancy).await;
    let workdir = std::env::temp_dir().join(format!("vakants-api-example-{}", Uuid::new_v4().simple()));
    std::fs::create_dir_all(&workdir).unwrap();

    let script = format!("set -euo pipefail\n{}", worked_example());
    let address = app.address.clone();
    let dir = workdir.clone();
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new("bash")
            .arg("-c")
            .arg(script)
            .current_dir(dir)
            .env("VAKANTS", address)
            .env("KEY", secret)
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    std::fs::remove_dir_all(&workdir).ok();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "the example failed:\n{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains(&vacancy.to_string()), "step 1 lists the active vacancy:\n{stdout}");
    assert!(stdout.contains("\"teaser\": \"Ootame kokka ja abikokka\""), "step 3 answers the update:\n{stdout}");
    assert!(stdout.contains(&application) && stdout.contains("Jah, homme"), "step 4 reads the candidate:\n{stdout}");

    let posted: Vec<(Option<String>, String)> = sqlx::query_as(
        "select v.external_id, c.teaser from vacancies v join vacancy_contents c on c.vacancy_id = v.id where v.company_id = $1 and v.id <> $2",
    )
    .bind(company)
    .bind(vacancy)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(posted, [(Some("crm-1001".to_string()), "Ootame kokka ja abikokka".to_string())], "one vacancy, updated by the second post");
}
