//! "My data": the export of everything held about a user, and the deletion of an account.

use std::io::{Cursor, Read};

use api::rate_limit::{Limit, RateLimits};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::cvs::{applicant, full_cv, save_ok, search_until, upload_pdf, with};
use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};
use crate::search::{NewVacancy, publish};
use crate::uploads::{png, upload_ok};

/// An applicant with something in every part of their data, and what the test needs to know.
struct Applicant {
    client: TestClient,
    user_id: Uuid,
    cv_id: String,
    company_id: Uuid,
    application_id: Uuid,
    pdf: Vec<u8>,
    certificate_id: String,
}

async fn delete_account(client: &TestClient, body: Value) -> reqwest::Response {
    let token = client.xsrf().await;
    client.http.delete(client.url("/api/user/account")).header("x-xsrf-token", token).json(&body).send().await.unwrap()
}

/// Mari, with a profile picture, a visible CV with files and a PDF, an application with a cover
/// letter and an answer to a company's vacancy, a favourite, an interview, a calendar event, an
/// invoice and notification settings. The company is the one of `app.client`'s employer when
/// there is one, or a new one.
async fn rich_applicant(app: &TestApp) -> Applicant {
    let client = applicant(app, "mari@example.ee").await;
    let user_id: Uuid = sqlx::query_scalar("select id from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    let token = client.xsrf().await;
    let avatar = client.http.post(client.url("/api/user/upload/avatar?name=mina.png")).header("x-xsrf-token", token).body(png()).send().await.unwrap();
    assert_eq!(avatar.status(), StatusCode::OK);

    let certificate = upload_ok(&client, "kind=certificate&name=Hügieenitunnistus.pdf", fixtures::pdf::text_pdf("Hügieenitunnistus")).await;
    let picture = upload_ok(&client, "kind=portfolio&name=tort.png", png()).await;
    let cv = with(full_cv(), "/certificates/0/fileId", certificate["fileId"].clone());
    let cv = with(cv, "/portfolio/0/fileIds", json!([picture["fileId"]]));
    let cv = with(cv, "/skills/0/skill", json!("Vürtsimeister"));
    let cv_id = save_ok(&client, cv).await["cvId"].as_str().unwrap().to_string();
    let pdf = fixtures::pdf::text_pdf("Mari Maasikas elulugu");
    assert_eq!(upload_pdf(&client, &cv_id, pdf.clone()).await.status(), StatusCode::CREATED);

    let company_id: Uuid = match sqlx::query_scalar("select id from companies order by created_at limit 1").fetch_optional(&app.pool).await.unwrap() {
        Some(id) => id,
        None => crate::search::company(app, "Näide OÜ", "12345678").await,
    };
    let vacancy = publish(app, company_id, NewVacancy::default(), true).await;
    let question: Uuid =
        sqlx::query_scalar("insert into vacancy_questions (vacancy_id, question) values ($1, 'Kas sobib öövahetus?') returning id")
            .bind(vacancy)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let response = client
        .post(
            "/api/applicant/applications",
            json!({ "vacancyId": vacancy, "cvId": cv_id, "coverLetter": "Olen kirglik kokk.", "answers": [{ "questionId": question, "answer": "Jah, sobib hästi" }] }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED, "{:?}", response.text().await);
    let application_id: Uuid = sqlx::query_scalar("select id from applications where applicant_user_id = $1").bind(user_id).fetch_one(&app.pool).await.unwrap();
    assert!(client.post("/api/applicant/favourites-vacancies", json!({ "vacancyId": vacancy })).await.status().is_success());
    sqlx::query(
        "insert into interviews (company_id, vacancy_id, application_id, applicant_user_id, type, duration_minutes, starts_at, location, applicant_message)
         values ($1, $2, $3, $4, 'OFFICE', 30, now() + interval '3 days', 'Narva mnt 5', 'Sobib hästi, tulen kohale')",
    )
    .bind(company_id)
    .bind(vacancy)
    .bind(application_id)
    .bind(user_id)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query(
        "insert into calendar_events (owner_user_id, name, starts_at, ends_at) values ($1, 'Hambaarst', now() + interval '1 day', now() + interval '1 day 1 hour')",
    )
    .bind(user_id)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query(
        "insert into invoices (number, user_id, buyer_name, buyer_email, due_on, subtotal_cents, vat_cents, total_cents)
         values ('VK-2026-0001', $1, 'Mari Maasikas', 'mari@example.ee', current_date + 14, 2900, 696, 3596)",
    )
    .bind(user_id)
    .execute(&app.pool)
    .await
    .unwrap();
    let token = client.xsrf().await;
    let seen = client
        .http
        .patch(client.url("/api/user/menu-notifications"))
        .header("x-xsrf-token", token)
        .json(&json!({ "kind": "INTERVIEWS" }))
        .send()
        .await
        .unwrap();
    assert_eq!(seen.status(), StatusCode::OK);
    Applicant { client, user_id, cv_id, company_id, application_id, pdf, certificate_id: certificate["fileId"].as_str().unwrap().to_string() }
}

pub(crate) fn unzip(bytes: &[u8]) -> (Value, Vec<(String, Vec<u8>)>) {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).expect("a zip");
    let mut data = Value::Null;
    let mut files = Vec::new();
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).unwrap();
        let name = entry.name().unwrap().to_string();
        let mut content = Vec::new();
        entry.read_to_end(&mut content).unwrap();
        if name == "data.json" {
            data = serde_json::from_slice(&content).unwrap();
        } else {
            files.push((name, content));
        }
    }
    (data, files)
}

#[tokio::test]
async fn the_export_holds_everything_about_me_and_nothing_about_others() {
    let app = spawn_app().await;
    let mari = rich_applicant(&app).await;
    let jaan = applicant(&app, "jaan@example.ee").await;
    save_ok(&jaan, with(full_cv(), "/title", json!("Jaani salajane CV"))).await;

    let response = mari.client.get("/api/user/my-data").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(disposition.starts_with("attachment; filename=\"vakants-my-data-"), "{disposition}");
    let bytes = response.bytes().await.unwrap();
    let (data, files) = unzip(&bytes);

    assert_eq!(data["account"]["email"], "mari@example.ee");
    assert_eq!(data["account"]["roles"], json!(["APPLICANT", "USER"]));
    assert_eq!(data["profile"]["firstname"], "Test");
    assert!(data["consents"]["termsOfUseAcceptedAt"].is_string());
    let sessions = data["sessions"].as_array().unwrap();
    assert!(!sessions.is_empty());
    assert!(sessions[0]["userAgent"].is_string() || sessions[0]["userAgent"].is_null());
    let session_cookie = mari.client.cookie("vakants_session").unwrap();
    let raw = String::from_utf8_lossy(&bytes).to_string() + &data.to_string();
    assert!(!raw.contains(&session_cookie), "no session token in the export");
    assert!(!data.to_string().contains("tokenHash") && !data.to_string().contains("token_hash"));

    let cv = &data["cvs"][0];
    assert_eq!(cv["cvId"], mari.cv_id);
    assert_eq!(cv["title"], "Kogenud kokk");
    assert_eq!(cv["skills"][0]["skill"], "Vürtsimeister");
    assert_eq!(cv["certificates"][0]["fileId"], mari.certificate_id);
    assert_eq!(cv["deletedAt"], Value::Null);
    let application = &data["applications"][0];
    assert_eq!(application["applicationId"], mari.application_id.to_string());
    assert_eq!(application["coverLetter"], "Olen kirglik kokk.");
    assert_eq!(application["answers"][0], json!({ "question": "Kas sobib öövahetus?", "answer": "Jah, sobib hästi" }));
    assert_eq!(data["favouriteVacancies"].as_array().unwrap().len(), 1);
    assert_eq!(data["interviews"][0]["applicantMessage"], "Sobib hästi, tulen kohale");
    assert_eq!(data["calendarEvents"][0]["name"], "Hambaarst");
    assert_eq!(data["invoices"][0]["number"], "VK-2026-0001");
    assert_eq!(data["notifications"]["menuSeen"][0]["kind"], "INTERVIEWS");
    assert_eq!(data["notifications"]["newsletterOptIn"], true);

    // the files: profile picture, certificate, portfolio picture and the CV's PDF, each in files/
    let listed = data["files"].as_array().unwrap();
    let mut kinds: Vec<&str> = listed.iter().map(|f| f["kind"].as_str().unwrap()).collect();
    kinds.sort();
    assert_eq!(kinds, ["avatar", "cv_certificate", "cv_pdf", "cv_portfolio"]);
    for file in listed {
        let path = file["path"].as_str().unwrap();
        assert!(path.starts_with(&format!("files/{}-", file["fileId"].as_str().unwrap())), "{path}");
        assert!(files.iter().any(|(name, _)| name == path), "{path} in the archive");
    }
    let pdf_path = listed.iter().find(|f| f["kind"] == "cv_pdf").unwrap()["path"].as_str().unwrap();
    assert_eq!(files.iter().find(|(name, _)| name == pdf_path).unwrap().1, mari.pdf);
    assert!(files.iter().any(|(name, _)| name.ends_with("-Hügieenitunnistus.pdf")));

    assert!(!data.to_string().contains("Jaani salajane CV"), "another applicant's CV is not in it");
    let jaans: Value = {
        let response = jaan.get("/api/user/my-data").await;
        unzip(&response.bytes().await.unwrap()).0
    };
    assert_eq!(jaans["applications"], json!([]));
    assert_eq!(jaans["files"], json!([]));

    assert_eq!(app.new_client().get("/api/user/my-data").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn exports_are_rate_limited() {
    let limits = RateLimits { my_data_per_user: Limit { max: 2, window_secs: 600 }, ..RateLimits::default() };
    let app = spawn_app_with(AppOptions { limits, ..AppOptions::default() }).await;
    let mari = applicant(&app, "mari@example.ee").await;
    assert_eq!(mari.get("/api/user/my-data").await.status(), StatusCode::OK);
    assert_eq!(mari.get("/api/user/my-data").await.status(), StatusCode::OK);
    let response = mari.get("/api/user/my-data").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    // the limit is per user
    let jaan = applicant(&app, "jaan@example.ee").await;
    assert_eq!(jaan.get("/api/user/my-data").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn deleting_an_account_needs_its_email_typed_again() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    for (body, message) in [
        (json!({ "email": "" }), "Type your e-mail address to confirm"),
        (json!({ "email": "   " }), "Type your e-mail address to confirm"),
        (json!({ "email": "jaan@example.ee" }), "The e-mail address does not match your account"),
    ] {
        let (status, error) = error_of(delete_account(&mari.in_english(), body).await).await;
        assert_eq!((status, error["field"].as_str(), error["message"].as_str()), (StatusCode::BAD_REQUEST, Some("email"), Some(message)));
    }
    let (status, _) = error_of(delete_account(&mari, json!({})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(mari.get("/api/applicant/cv/my").await.status(), StatusCode::OK, "still signed in");
    assert_eq!(delete_account(&app.new_client(), json!({ "email": "mari@example.ee" })).await.status(), StatusCode::UNAUTHORIZED);

    // an administrator acting as her cannot delete her account
    app.create_user("admin@example.ee", &["ADMIN"]).await;
    app.client.sign_in("admin@example.ee").await;
    assert_eq!(app.client.get("/api/admin/represent/mari@example.ee").await.status(), StatusCode::OK);
    assert_eq!(delete_account(&app.client, json!({ "email": "mari@example.ee" })).await.status(), StatusCode::FORBIDDEN);

    let response = delete_account(&mari, json!({ "email": "  MARI@example.EE " })).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
}

async fn count(app: &TestApp, sql: &str, id: Uuid) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).bind(id).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn a_deleted_account_is_erased_anonymised_for_employers_and_keeps_invoices() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let mari = rich_applicant(&app).await;
    search_until(&app, "vürtsimeister", &[&mari.cv_id]).await;
    let keys: Vec<String> = sqlx::query_scalar("select storage_key from files where owner_user_id = $1").bind(mari.user_id).fetch_all(&app.pool).await.unwrap();
    assert!(keys.len() >= 4, "avatar (and perhaps its thumbnail), certificate, picture, PDF: {keys:?}");
    assert!(keys.iter().all(|k| app.data_dir.join("files").join(k).exists()));
    // a second session, on another device (made directly: the sign-in code is sent once a minute)
    let other_session = app.new_client();
    let issued = domain::accounts::sessions::create(
        &app.pool,
        domain::accounts::sessions::NewSession {
            user_id: mari.user_id,
            original_user_id: None,
            original_session_remember: None,
            company_id: None,
            remember_me: true,
            ip: None,
            user_agent: Some("another browser"),
        },
    )
    .await
    .unwrap();
    use reqwest::cookie::CookieStore;
    let url: reqwest::Url = app.address.parse().unwrap();
    other_session.jar.set_cookies(&mut [reqwest::header::HeaderValue::from_str(&format!("vakants_session={}; Path=/", issued.token)).unwrap()].iter(), &url);
    assert_eq!(other_session.get("/api/applicant/cv/my").await.status(), StatusCode::OK);

    let response = delete_account(&mari.client, json!({ "email": "mari@example.ee" })).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let cleared = response.headers().get_all("set-cookie").iter().any(|c| {
        let c = c.to_str().unwrap();
        c.starts_with("vakants_session=;") || c.starts_with("vakants_session=\"\"") || (c.starts_with("vakants_session=") && c.contains("Max-Age=0"))
    });
    assert!(cleared, "the session cookie is cleared");

    // every session ended; the address is unknown and may register again
    assert_eq!(other_session.get("/api/applicant/cv/my").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(other_session.me().await, Value::Null);
    let known: bool = app.new_client().post("/api/auth/login", json!({ "email": "mari@example.ee" })).await.json().await.unwrap();
    assert!(!known, "the old account cannot sign in");
    let sessions = count(&app, "select count(*) from sessions where user_id = $1", mari.user_id).await;
    assert_eq!(sessions, 0);

    // the CV leaves the CV database, and its files and the picture leave the disk
    search_until(&app, "vürtsimeister", &[]).await;
    assert_eq!(count(&app, "select count(*) from cvs where owner_user_id = $1", mari.user_id).await, 0);
    assert_eq!(count(&app, "select count(*) from files where owner_user_id = $1", mari.user_id).await, 0);
    for key in &keys {
        assert!(!app.data_dir.join("files").join(key).exists(), "{key} removed from disk");
    }
    assert_eq!(app.client.get(&format!("/api/user/cv/{}", mari.cv_id)).await.status(), StatusCode::NOT_FOUND);

    // the employer keeps the application, without the person in it
    let (cv_id, cover_letter, anonymised): (Option<Uuid>, Option<String>, bool) =
        sqlx::query_as("select cv_id, cover_letter, anonymised_at is not null from applications where id = $1")
            .bind(mari.application_id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((cv_id, cover_letter, anonymised), (None, None, true));
    assert_eq!(count(&app, "select count(*) from application_answers where application_id = $1", mari.application_id).await, 0);
    let in_company = count(&app, "select count(*) from applications a join vacancies v on v.id = a.vacancy_id where v.company_id = $1", mari.company_id).await;
    assert_eq!(in_company, 1);
    let (status, message): (String, Option<String>) =
        sqlx::query_as("select status, applicant_message from interviews where applicant_user_id = $1").bind(mari.user_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!((status.as_str(), message), ("CANCELED", None), "an upcoming interview is cancelled, the message gone");

    // the user is a tombstone without a name; invoices stay
    let (username, deleted): (String, bool) =
        sqlx::query_as("select username, deleted_at is not null from users where id = $1").bind(mari.user_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(username, format!("deleted-{}@deleted.invalid", mari.user_id));
    assert!(deleted);
    let names: (Option<String>, Option<String>, Option<String>) =
        sqlx::query_as("select firstname, lastname, phone_number from profiles where user_id = $1").bind(mari.user_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(names, (None, None, None));
    assert_eq!(count(&app, "select count(*) from invoices where user_id = $1", mari.user_id).await, 1);
    for table in ["favourite_vacancies where user_id", "calendar_events where owner_user_id", "menu_notification_seen where user_id", "user_roles where user_id"] {
        assert_eq!(count(&app, &format!("select count(*) from {table} = $1"), mari.user_id).await, 0, "{table}");
    }
    let audit: (String, Value) = sqlx::query_as("select action, details from audit_log where target_user_id = $1").bind(mari.user_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(audit.0, "account.delete");
    assert_eq!(audit.1["applicationsAnonymised"], 1);

    // the address registers again as a new account
    let again = app.new_client();
    let me = again.sign_in("mari@example.ee").await;
    assert_eq!(me["username"], "mari@example.ee");
    let new_id: Uuid = sqlx::query_scalar("select id from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    assert_ne!(new_id, mari.user_id);
}

#[tokio::test]
async fn an_employer_leaves_its_companies_which_stay() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ"), ("87654321", "Teine OÜ")]).await;
    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    let user_id: Uuid = sqlx::query_scalar("select id from users where username = 'boss@example.ee'").fetch_one(&app.pool).await.unwrap();

    assert_eq!(delete_account(&boss, json!({ "email": "boss@example.ee" })).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(count(&app, "select count(*) from company_staff where user_id = $1", user_id).await, 0);
    let companies: i64 = sqlx::query_scalar("select count(*) from companies where deleted_at is null and supervisor_user_id is null").fetch_one(&app.pool).await.unwrap();
    assert_eq!(companies, 2);
    assert_eq!(boss.get("/api/employer/search-cv").await.status(), StatusCode::UNAUTHORIZED);
}
