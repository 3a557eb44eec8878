//! The company's branding (logo, cover, gallery, video link: any staff member, on the acting
//! company; the public page and an index job follow on the same commit), its picture uploads, the
//! contract flag, and the public company of a user (`GET /api/open/company?username=`).

use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::employer_vacancy_document::post_picture;
use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::my_company::{company_id, company_writes};
use crate::uploads::png;

const BRANDING: &str = "/api/employer/companies/company-branding";

async fn upload(client: &TestClient, kind: &str, bytes: &[u8]) -> Response {
    post_picture(client, &format!("{BRANDING}/pictures?kind={kind}"), bytes).await
}

/// Uploads a PNG for `kind` and answers its file id.
async fn picture(client: &TestClient, kind: &str) -> String {
    let response = upload(client, kind, &png()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["url"], format!("/api/files/{}", body["fileId"].as_str().unwrap()));
    body["fileId"].as_str().unwrap().to_string()
}

async fn boss(app: &TestApp) {
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
}

fn field_of(body: &Value) -> &str {
    body["field"].as_str().unwrap_or("")
}

#[tokio::test]
async fn a_staff_member_saves_the_branding_and_the_public_page_shows_it_with_an_index_job() {
    let app = spawn_app().await;
    boss(&app).await;
    let logo = picture(&app.client, "logo").await;
    let cover = picture(&app.client, "cover").await;
    let first = picture(&app.client, "gallery").await;
    let second = picture(&app.client, "gallery").await;

    let body = json!({ "logoFileId": logo, "coverFileId": cover, "galleryFileIds": [second, first], "videoUrl": " https://youtu.be/abc " });
    let response = app.client.post(BRANDING, body).await;

    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.unwrap();
    assert_eq!(saved["logo"]["fileId"], logo);
    assert_eq!(saved["cover"]["url"], format!("/api/files/{cover}"));
    assert_eq!(saved["gallery"].as_array().unwrap().iter().map(|p| p["fileId"].as_str().unwrap()).collect::<Vec<_>>(), [&second, &first]);
    assert_eq!(saved["videoUrl"], "https://youtu.be/abc");
    let read: Value = app.client.get(BRANDING).await.json().await.unwrap();
    assert_eq!(read, saved, "the editor reads what it saved");

    let visitor = app.new_client();
    let branding: Value = visitor.get("/api/open/companies/EE/12345678/company-branding").await.json().await.unwrap();
    assert_eq!(branding["cover"]["url"], format!("/api/files/{cover}"));
    assert_eq!(branding["gallery"], json!([{ "url": format!("/api/files/{second}") }, { "url": format!("/api/files/{first}") }]));
    assert_eq!(branding["video"], "https://youtu.be/abc");
    let company: Value = visitor.get("/api/open/companies/EE/12345678").await.json().await.unwrap();
    assert_eq!(company["profile"]["logo"]["url"], format!("/api/files/{logo}"));
    let shown = visitor.get(&format!("/api/files/{logo}")).await;
    assert_eq!((shown.status(), shown.headers()["content-type"].to_str().unwrap()), (StatusCode::OK, "image/png"), "a company's picture is public");

    let id = company_id(&app, "12345678").await;
    assert_eq!(company_writes(&app, id, "company.branding").await, (1, 1), "one index job and one audit row");

    // emptied: the page shows none of it, and the pictures are left to the purge of unused files
    let cleared: Value = app.client.post(BRANDING, json!({ "galleryFileIds": [] })).await.json().await.unwrap();
    assert_eq!(cleared, json!({ "logo": null, "cover": null, "gallery": [], "videoUrl": null }));
    let branding: Value = visitor.get("/api/open/companies/EE/12345678/company-branding").await.json().await.unwrap();
    assert_eq!(branding, json!({ "cover": null, "gallery": [], "video": null }));
}

#[tokio::test]
async fn a_staff_member_who_is_not_the_supervisor_edits_the_branding_too() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.create_user("mari@example.ee", &["EMPLOYER"]).await;
    sqlx::query("insert into company_staff (company_id, user_id) select c.id, u.id from companies c, users u where u.username = 'mari@example.ee'")
        .execute(&app.pool)
        .await
        .unwrap();
    app.client.sign_in("mari@example.ee").await;
    let cover = picture(&app.client, "cover").await;
    let response = app.client.post(BRANDING, json!({ "coverFileId": cover, "galleryFileIds": [] })).await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_bad_video_link_or_gallery_is_a_400_naming_the_field_and_changes_nothing() {
    let app = spawn_app().await;
    boss(&app).await;
    let cover = picture(&app.client, "cover").await;
    let gallery = picture(&app.client, "gallery").await;
    let saved = app.client.post(BRANDING, json!({ "coverFileId": cover, "videoUrl": "https://vimeo.com/1" })).await;
    assert_eq!(saved.status(), StatusCode::OK);

    for video in ["www.youtube.com/watch?v=x", "https://evil.example/watch?v=x", "javascript:alert(1)", "https://youtube.com.evil.example/x"] {
        let (status, body) = error_of(app.client.post(BRANDING, json!({ "videoUrl": video })).await).await;
        assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "videoUrl"), "{video}");
    }
    let (status, body) = error_of(app.client.post(BRANDING, json!({ "galleryFileIds": [gallery, gallery] })).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "galleryFileIds[1]"));
    let many: Vec<String> = (0..11).map(|_| Uuid::new_v4().to_string()).collect();
    let (status, body) = error_of(app.client.post(BRANDING, json!({ "galleryFileIds": many })).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "galleryFileIds"));
    // a picture in another slot than it was uploaded for, or one that does not exist
    let (status, body) = error_of(app.client.post(BRANDING, json!({ "logoFileId": cover })).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "logoFileId"));
    let (status, body) = error_of(app.client.post(BRANDING, json!({ "galleryFileIds": [Uuid::new_v4()] })).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "galleryFileIds[0]"));

    let stored: Value = app.client.get(BRANDING).await.json().await.unwrap();
    assert_eq!((stored["cover"]["fileId"].as_str(), stored["videoUrl"].as_str()), (Some(cover.as_str()), Some("https://vimeo.com/1")), "nothing saved is lost");
}

#[tokio::test]
async fn pictures_follow_the_upload_rules() {
    let app = spawn_app().await;
    boss(&app).await;

    let english = app.client.in_english();
    let (status, body) = error_of(upload(&english, "logo", b"%PDF-1.7 not a picture").await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "file"));
    assert!(body["message"].as_str().unwrap().starts_with("Wrong file"), "{body}");
    let (status, body) = error_of(upload(&app.client, "avatar", &png()).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "kind"));
    let (status, body) = error_of(upload(&app.client, "", &png()).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "kind"));

    let over = [png(), vec![0; domain::files::MAX_PICTURE_BYTES]].concat();
    let (status, body) = error_of(upload(&english, "cover", &over).await).await;
    assert_eq!((status, field_of(&body), body["message"].as_str()), (StatusCode::BAD_REQUEST, "file", Some("The file is too large")));
    let far_over = [png(), vec![0; domain::files::MAX_PICTURE_BYTES + 64 * 1024]].concat();
    let (status, body) = error_of(upload(&english, "cover", &far_over).await).await;
    assert_eq!((status, field_of(&body), body["message"].as_str()), (StatusCode::BAD_REQUEST, "file", Some("The file is too large")));
    let files: i64 = sqlx::query_scalar("select count(*) from files").fetch_one(&app.pool).await.unwrap();
    assert_eq!(files, 0, "nothing refused was stored");
}

#[tokio::test]
async fn another_companys_pictures_cannot_be_used_and_outsiders_are_refused() {
    let app = spawn_app().await;
    boss(&app).await;
    let cover = picture(&app.client, "cover").await;
    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    let other = app.new_client();
    other.sign_in("other@example.ee").await;

    let (status, body) = error_of(other.post(BRANDING, json!({ "coverFileId": cover })).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "coverFileId"), "another company's picture");
    let theirs: Value = other.get(BRANDING).await.json().await.unwrap();
    assert_eq!(theirs["cover"], Value::Null, "each reads its own company's branding");

    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    assert_eq!(applicant.get(BRANDING).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(applicant.post(BRANDING, json!({})).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(upload(&applicant, "logo", &png()).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(applicant.get("/api/employer/company/contract").await.status(), StatusCode::FORBIDDEN);
    let visitor = app.new_client();
    assert_eq!(visitor.get(BRANDING).await.status(), StatusCode::UNAUTHORIZED);

    // a removed staff member loses the branding at their next request
    sqlx::query("delete from company_staff where user_id = (select id from users where username = 'other@example.ee')")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(other.get(BRANDING).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(other.post(BRANDING, json!({})).await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_contract_call_tells_whether_orders_start_before_payment() {
    let app = spawn_app().await;
    boss(&app).await;
    let contract: Value = app.client.get("/api/employer/company/contract").await.json().await.unwrap();
    assert_eq!(contract, json!({ "hasContract": false }));
    sqlx::query("update companies set has_contract = true").execute(&app.pool).await.unwrap();
    let contract: Value = app.client.get("/api/employer/company/contract").await.json().await.unwrap();
    assert_eq!(contract, json!({ "hasContract": true }));
}

#[tokio::test]
async fn the_open_company_of_a_user_is_the_public_profile_of_the_company_they_represent() {
    let app = spawn_app().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ"), ("11111116", "Aaa OÜ")]).await;
    app.create_employer("other@example.ee", &[("87654321", "Teine OÜ")]).await;
    // boss supervises both; joining Teine OÜ's staff as well changes nothing: they represent a company they supervise
    sqlx::query(
        "insert into company_staff (company_id, user_id) select c.id, u.id from companies c, users u
         where c.registry_code = '87654321' and u.username = 'boss@example.ee'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query("update companies set has_contract = true").execute(&app.pool).await.unwrap();
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let visitor = app.new_client();

    let response = visitor.get("/api/open/company?username=Boss@Example.ee").await;
    assert_eq!(response.status(), StatusCode::OK);
    let company: Value = response.json().await.unwrap();
    assert_eq!((company["registryCode"].as_str(), company["businessName"].as_str()), (Some("11111116"), Some("Aaa OÜ")), "supervised, first by name");
    let mut keys: Vec<&str> = company.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["address", "businessName", "cityCode", "countryCode", "profile", "registryCode", "vacanciesCount"], "only what the public page shows");
    let page: Value = visitor.get("/api/open/companies/EE/11111116").await.json().await.unwrap();
    assert_eq!(company, page);
    let other: Value = visitor.get("/api/open/company?username=other@example.ee").await.json().await.unwrap();
    assert_eq!(other["registryCode"], "87654321");

    for unknown in ["mari@example.ee", "nobody@example.ee"] {
        let (status, body) = error_of(visitor.get(&format!("/api/open/company?username={unknown}")).await).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "{unknown}");
    }
    for missing in ["/api/open/company", "/api/open/company?username=%20"] {
        let (status, body) = error_of(visitor.get(missing).await).await;
        assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "username"), "{missing}");
    }
    sqlx::query("update users set deleted_at = now() where username = 'other@example.ee'").execute(&app.pool).await.unwrap();
    assert_eq!(visitor.get("/api/open/company?username=other@example.ee").await.status(), StatusCode::NOT_FOUND);
}
