//! Files of CV rows: uploaded by kind with the type decided by content, downloaded by those who
//! may read the CV, checked when a CV uses them, and erased with nothing left behind.

use std::io::{Cursor, Write};

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::cvs::{applicant, delete, full_cv, save, save_ok, search_until, upload_pdf, with};
use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};
use crate::search::{NewVacancy, company, publish};

pub(crate) async fn upload(client: &TestClient, query: &str, bytes: Vec<u8>) -> reqwest::Response {
    let token = client.xsrf().await;
    client
        .http
        .post(client.url(&format!("/api/user/upload?{query}")))
        .header("x-xsrf-token", token)
        .header("content-type", "application/octet-stream")
        .body(bytes)
        .send()
        .await
        .unwrap()
}

/// Uploads and answers the file's JSON, asserting 201.
pub(crate) async fn upload_ok(client: &TestClient, query: &str, bytes: Vec<u8>) -> Value {
    let response = upload(client, query, bytes).await;
    assert_eq!(response.status(), StatusCode::CREATED, "{query}");
    response.json().await.unwrap()
}

pub(crate) fn png() -> Vec<u8> {
    let picture = image::RgbImage::from_pixel(30, 20, image::Rgb([10, 120, 200]));
    let mut out = Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn jpeg() -> Vec<u8> {
    let picture = image::RgbImage::from_pixel(16, 16, image::Rgb([200, 30, 30]));
    let mut out = Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, content) in entries {
        zip.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
        zip.write_all(content).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn office(main_type: &str) -> Vec<u8> {
    let types = format!(
        r#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="{main_type}"/></Types>"#
    );
    zip_of(&[("[Content_Types].xml", types.as_bytes()), ("word/document.xml", b"<w:document/>")])
}

fn docx() -> Vec<u8> {
    office("application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml")
}

fn mp4() -> Vec<u8> {
    [&[0, 0, 0, 0x18][..], b"ftypisom", &[0, 0, 2, 0], b"isomiso2", &[0; 64]].concat()
}

async fn storage_key(app: &TestApp, file_id: &Value) -> Option<String> {
    let id: Uuid = file_id.as_str().unwrap().parse().unwrap();
    sqlx::query_scalar("select storage_key from files where id = $1").bind(id).fetch_optional(&app.pool).await.unwrap()
}

fn on_disk(app: &TestApp, key: &str) -> bool {
    app.data_dir.join("files").join(key).exists()
}

#[tokio::test]
async fn each_kind_takes_the_types_of_the_spec_by_content_not_by_name() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;

    let png_named_pdf = upload_ok(&mari, "kind=certificate&name=scan.pdf", png()).await;
    assert_eq!(png_named_pdf["contentType"], "image/png");
    assert_eq!(png_named_pdf["name"], "scan.pdf");
    let id = png_named_pdf["fileId"].as_str().unwrap();
    assert_eq!(png_named_pdf["url"], format!("/api/user/files/{id}"));
    assert!(png_named_pdf["size"].as_i64().unwrap() > 0);

    let pdf_named_png = upload_ok(&mari, "kind=course&name=photo.png", fixtures::pdf::text_pdf("Kursus")).await;
    assert_eq!(pdf_named_png["contentType"], "application/pdf");
    assert_eq!(upload_ok(&mari, "kind=reference&name=soovitus.jpg", jpeg()).await["contentType"], "image/jpeg");
    assert_eq!(upload_ok(&mari, "kind=cv&name=cv.jpg", jpeg()).await["contentType"], "image/jpeg");

    let cv_file = "Wrong file: it must be a PDF document or a PNG or JPG picture";
    for (query, bytes) in [
        ("kind=certificate&name=tunnistus.pdf", docx()),
        ("kind=course&name=video.pdf", mp4()),
        ("kind=reference&name=soovitus.pdf", b"MZ\x90\x00 an executable".to_vec()),
        ("kind=cv&name=cv.pdf", b"<html><script>alert(1)</script></html>".to_vec()),
    ] {
        let (status, body) = error_of(upload(&mari.in_english(), query, bytes).await).await;
        assert_eq!((status, body["field"].as_str(), body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("file"), Some(cv_file)), "{query}");
    }

    for (bytes, content_type) in [
        (docx(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        (office("application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"),
         "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
        (zip_of(&[("mimetype", b"application/vnd.oasis.opendocument.text")]), "application/vnd.oasis.opendocument.text"),
        (fixtures::pdf::text_pdf("Portfoolio"), "application/pdf"),
        (mp4(), "video/mp4"),
        ([&[0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84][..], b"webm", &[0; 32]].concat(), "video/webm"),
        (b"ID3\x04\x00\x00\x00\x00\x00\x00 a song".to_vec(), "audio/mpeg"),
        (b"RIFF\x24\x00\x00\x00WAVEfmt ".to_vec(), "audio/wav"),
        (b"OggS\x00\x02\x00\x00\x01vorbis".to_vec(), "audio/ogg"),
        (png(), "image/png"),
    ] {
        let uploaded = upload_ok(&mari, "kind=portfolio&name=teos.bin", bytes).await;
        assert_eq!(uploaded["contentType"], content_type);
    }
    let portfolio = "Wrong file: a portfolio file must be a Word, PowerPoint, PDF or ODT document, a video, an audio recording or a PNG or JPG picture";
    let spreadsheet = office("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml");
    for bytes in [spreadsheet, zip_of(&[("payload.exe", b"MZ")]), b"#!/bin/sh\nrm -rf /".to_vec()] {
        let (status, body) = error_of(upload(&mari.in_english(), "kind=portfolio&name=teos.docx", bytes).await).await;
        assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some(portfolio)));
    }

    let (status, body) = error_of(upload(&mari.in_english(), "name=x.pdf", fixtures::pdf::text_pdf("x")).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("kind")));
    assert!(body["message"].as_str().unwrap().starts_with("Choose what the file is for"), "{body}");
    let (status, body) = error_of(upload(&mari.in_english(), "kind=avatar", png()).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("kind")));
    assert!(body["message"].as_str().unwrap().starts_with("Unknown kind of file"), "{body}");

    let stored: i64 = sqlx::query_scalar("select count(*) from files").fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 14, "refused files leave no rows");
    let on_disk = std::fs::read_dir(app.data_dir.join("files")).unwrap().map(|d| std::fs::read_dir(d.unwrap().path()).unwrap().count()).sum::<usize>();
    assert_eq!(on_disk, 14, "and no bytes");

    let visitor = app.new_client();
    assert_eq!(upload(&visitor, "kind=certificate", png()).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_file_over_the_limit_is_too_large() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let huge = [b"%PDF-1.7\n".as_slice(), &vec![b' '; domain::files::MAX_PDF_BYTES]].concat();
    for kind in ["certificate", "cv"] {
        let (status, body) = error_of(upload(&mari.in_english(), &format!("kind={kind}&name=big.pdf"), huge.clone()).await).await;
        assert_eq!((status, body["field"].as_str(), body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("file"), Some("The file is too large")));
    }
    // the same bytes fit a portfolio, which takes up to 50 MiB
    assert_eq!(upload(&mari, "kind=portfolio&name=big.pdf", huge).await.status(), StatusCode::CREATED);
}

/// A company with a published vacancy, and a signed-in employer of it (without CV-database access)
/// who sees its candidates (the administrator tag).
async fn employer_with_vacancy(app: &TestApp, email: &str, registry_code: &str) -> (TestClient, Uuid) {
    app.create_user(email, &["EMPLOYER"]).await;
    let company_id = company(app, "Köök ja Kohv OÜ", registry_code).await;
    sqlx::query("insert into company_staff (company_id, user_id, is_administrator) select $1, id, true from users where username = $2")
        .bind(company_id)
        .bind(email)
        .execute(&app.pool)
        .await
        .unwrap();
    let vacancy = publish(app, company_id, NewVacancy::default(), true).await;
    let client = app.new_client();
    client.sign_in(email).await;
    (client, vacancy)
}

#[tokio::test]
async fn a_file_downloads_with_its_type_and_name_for_those_who_may_read_the_cv() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let jaan = applicant(&app, "jaan@example.ee").await;
    let pdf_bytes = fixtures::pdf::text_pdf("Hügieenitunnistus");
    let certificate = upload_ok(&mari, "kind=certificate&name=Hügieen.pdf", pdf_bytes.clone()).await;
    let picture = upload_ok(&mari, "kind=portfolio&name=tort.pdf", png()).await;
    let url = certificate["url"].as_str().unwrap().to_string();
    let picture_url = picture["url"].as_str().unwrap().to_string();

    let response = mari.get(&url).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"H_gieen.pdf\"; filename*=UTF-8''H%C3%BCgieen.pdf"
    );
    assert_eq!(response.bytes().await.unwrap().to_vec(), pdf_bytes);
    let response = mari.get(&picture_url).await;
    assert_eq!(response.headers()["content-type"], "image/png");
    assert!(response.headers()["content-disposition"].to_str().unwrap().starts_with("inline; filename=\"tort.png\""));
    let decoded = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (30, 20));

    // nobody else, while no CV of hers uses the files
    assert_eq!(jaan.get(&url).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.new_client().get(&url).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(mari.get(&format!("/api/user/files/{}", Uuid::new_v4())).await.status(), StatusCode::NOT_FOUND);
    let (boss, vacancy) = employer_with_vacancy(&app, "chef@example.ee", "11111111").await;
    assert_eq!(boss.get(&url).await.status(), StatusCode::NOT_FOUND);

    // a CV uses them; an employer still needs a reason to read the CV
    let cv = with(full_cv(), "/certificates/0/fileId", certificate["fileId"].clone());
    let cv = with(cv, "/portfolio/0/fileIds", json!([picture["fileId"]]));
    let cv_id: Uuid = save_ok(&mari, cv).await["cvId"].as_str().unwrap().parse().unwrap();
    assert_eq!(boss.get(&url).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(boss.get(&format!("/api/user/cv/{cv_id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(jaan.get(&url).await.status(), StatusCode::NOT_FOUND);

    // the company received an application with the CV
    let mari_id: Uuid = sqlx::query_scalar("select id from users where username = 'mari@example.ee'").fetch_one(&app.pool).await.unwrap();
    sqlx::query("insert into applications (vacancy_id, applicant_user_id, cv_id) values ($1, $2, $3)")
        .bind(vacancy)
        .bind(mari_id)
        .bind(cv_id)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(boss.get(&url).await.status(), StatusCode::OK);
    assert_eq!(boss.get(&picture_url).await.status(), StatusCode::OK);
    let read: Value = boss.get(&format!("/api/user/cv/{cv_id}")).await.json().await.unwrap();
    assert_eq!(read["title"], "Kogenud kokk");
    // ...not once the employer has left the company (the session still names it)
    sqlx::query("delete from company_staff where user_id = (select id from users where username = 'chef@example.ee')")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(boss.get(&url).await.status(), StatusCode::NOT_FOUND);
    sqlx::query("insert into company_staff (company_id, user_id, is_administrator) select c.id, u.id, true from companies c, users u where c.registry_code = '11111111' and u.username = 'chef@example.ee'")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(boss.get(&url).await.status(), StatusCode::OK);
    // ...and the company lost it when she withdrew
    sqlx::query("update applications set withdrawn_at = now()").execute(&app.pool).await.unwrap();
    assert_eq!(boss.get(&url).await.status(), StatusCode::NOT_FOUND);

    // a company with CV-database access reads a finished, visible CV, and not a hidden one
    app.employer_with_cv_access().await;
    assert_eq!(app.client.get(&url).await.status(), StatusCode::OK);
    assert_eq!(app.client.get(&format!("/api/user/cv/{cv_id}")).await.status(), StatusCode::OK);
    let hidden = with(with(full_cv(), "/certificates/0/fileId", certificate["fileId"].clone()), "/visibility", json!("HIDDEN"));
    let mut hidden = with(hidden, "/portfolio/0/fileIds", json!([picture["fileId"]]));
    hidden["cvId"] = json!(cv_id);
    save_ok(&mari, hidden).await;
    assert_eq!(app.client.get(&url).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.client.get(&format!("/api/user/cv/{cv_id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(mari.get(&url).await.status(), StatusCode::OK, "the owner always");

    // the profile picture is no CV file
    let token = mari.xsrf().await;
    mari.http.post(mari.url("/api/user/upload/avatar")).header("x-xsrf-token", token).body(png()).send().await.unwrap();
    let avatar: Uuid = sqlx::query_scalar("select avatar_file_id from profiles where user_id = $1").bind(mari_id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(mari.get(&format!("/api/user/files/{avatar}")).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_cv_row_takes_only_the_applicants_own_files_of_a_type_it_allows() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let jaan = applicant(&app, "jaan@example.ee").await;
    let video = upload_ok(&mari, "kind=portfolio&name=kook.mp4", mp4()).await;
    let jaans = upload_ok(&jaan, "kind=certificate&name=jaan.pdf", fixtures::pdf::text_pdf("Jaan")).await;

    let (status, body) = error_of(save(&mari.in_english(), with(full_cv(), "/certificates/0/fileId", video["fileId"].clone())).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("certificates[0].fileId")));
    assert_eq!(body["message"], "Wrong file: it must be a PDF document or a PNG or JPG picture");
    let (status, body) = error_of(save(&mari.in_english(), with(full_cv(), "/courses/0/fileId", jaans["fileId"].clone())).await).await;
    assert_eq!((status, body["field"].as_str(), body["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("courses[0].fileId"), Some("The file was not found: upload it again")));

    let saved = save_ok(&mari, with(full_cv(), "/portfolio/0/fileIds", json!([video["fileId"]]))).await;
    assert_eq!(saved["portfolio"][0]["fileIds"], json!([video["fileId"]]));
}

#[tokio::test]
async fn replaced_removed_and_dropped_files_leave_no_rows_or_bytes_behind() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let certificate = upload_ok(&mari, "kind=certificate&name=a.pdf", fixtures::pdf::text_pdf("A")).await;
    let course = upload_ok(&mari, "kind=course&name=b.png", png()).await;
    let shared = upload_ok(&mari, "kind=portfolio&name=c.pdf", fixtures::pdf::text_pdf("C")).await;
    let keys = [storage_key(&app, &certificate["fileId"]).await.unwrap(), storage_key(&app, &course["fileId"]).await.unwrap()];
    let shared_key = storage_key(&app, &shared["fileId"]).await.unwrap();

    let cv = with(with(full_cv(), "/certificates/0/fileId", certificate["fileId"].clone()), "/courses/0/fileId", course["fileId"].clone());
    let cv = with(cv, "/portfolio/0/fileIds", json!([shared["fileId"]]));
    let first = save_ok(&mari, cv.clone()).await["cvId"].as_str().unwrap().to_string();
    let second = save_ok(&mari, with(full_cv(), "/portfolio/0/fileIds", json!([shared["fileId"]]))).await["cvId"].as_str().unwrap().to_string();

    // the course row is saved without its file: the file goes, the certificate's stays
    let mut without_course_file = with(cv.clone(), "/courses/0/fileId", Value::Null);
    without_course_file["cvId"] = json!(first);
    save_ok(&mari, without_course_file.clone()).await;
    assert_eq!(storage_key(&app, &course["fileId"]).await, None);
    assert!(!on_disk(&app, &keys[1]));
    assert!(on_disk(&app, &keys[0]));

    // the CV's PDF is replaced: the first one goes
    let pdf1: Value = upload_pdf(&mari, &first, fixtures::pdf::text_pdf("Esimene")).await.json().await.unwrap();
    let pdf1_key = storage_key(&app, &pdf1["fileId"]).await.unwrap();
    let pdf2: Value = upload_pdf(&mari, &first, fixtures::pdf::text_pdf("Teine")).await.json().await.unwrap();
    let pdf2_key = storage_key(&app, &pdf2["fileId"]).await.unwrap();
    assert_eq!(storage_key(&app, &pdf1["fileId"]).await, None);
    assert!(!on_disk(&app, &pdf1_key));
    // ...and removing it removes its bytes too
    assert_eq!(delete(&mari, &format!("/api/applicant/cv/{first}/pdf")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(storage_key(&app, &pdf2["fileId"]).await, None);
    assert!(!on_disk(&app, &pdf2_key));

    // deleting a CV erases its files, except one another CV still uses
    assert_eq!(delete(&mari, &format!("/api/applicant/cv/{first}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(storage_key(&app, &certificate["fileId"]).await, None);
    assert!(!on_disk(&app, &keys[0]));
    assert!(on_disk(&app, &shared_key), "the second CV still shows it");
    assert_eq!(delete(&mari, &format!("/api/applicant/cv/{second}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(storage_key(&app, &shared["fileId"]).await, None);
    assert!(!on_disk(&app, &shared_key));
    let left: i64 = sqlx::query_scalar("select count(*) from files").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn the_text_of_a_row_pdf_becomes_findable_in_the_cv_database() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let certificate = upload_ok(&mari, "kind=certificate&name=kraana.pdf", fixtures::pdf::text_pdf("Tõstukijuhi tunnistus: torninosturioperaator")).await;
    let id = save_ok(&mari, with(full_cv(), "/certificates/0/fileId", certificate["fileId"].clone())).await["cvId"].as_str().unwrap().to_string();
    search_until(&app, "torninosturioperaator", &[&id]).await;
}
