//! The applicant's CV as a generated PDF.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::cvs::{applicant, full_cv, save_ok, with};
use crate::helpers::{TestClient, spawn_app};
use crate::uploads::upload_ok;

async fn generated(client: &TestClient, cv: &str, language: &str) -> reqwest::Response {
    let token = client.xsrf().await;
    client
        .http
        .get(client.url(&format!("/api/applicant/cv/{cv}/pdf")))
        .header("x-xsrf-token", token)
        .header("accept-language", language)
        .send()
        .await
        .unwrap()
}

fn text_of(pdf: &[u8]) -> String {
    pdf_extract::extract_text_from_mem(pdf).expect("the PDF reads back")
}

#[tokio::test]
async fn the_cv_downloads_as_a_pdf_with_every_section_in_the_readers_language() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let certificate = upload_ok(&mari, "kind=certificate&name=Hügieenitunnistus.pdf", fixtures::pdf::text_pdf("x")).await;
    let cv = with(full_cv(), "/lastname", json!("Õunapuu"));
    let cv = with(cv, "/certificates/0/fileId", certificate["fileId"].clone());
    let cv = with(cv, "/languageSkills/1", json!({ "language": "ru", "proficiency": "B1" }));
    let id = save_ok(&mari, cv).await["cvId"].as_str().unwrap().to_string();

    let response = generated(&mari, &id, "et-EE,et;q=0.9").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"cv-mari-_unapuu.pdf\"; filename*=UTF-8''cv-mari-%C3%B5unapuu.pdf"
    );
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = text_of(&bytes);
    for expected in [
        "Kogenud kokk", "Mari Õunapuu", "Peakokk", "Lõuna Köök OÜ", "Soojad road", "Armastan süüa teha.", "Tallinna Kokakool",
        "Sushi", "Hügieenikoolitus", "Hügieenitunnistus.pdf", "Itaalia köök", "Jaan Tamm", "https://example.ee/blogi",
        "Töökogemus", "Haridus", "Infotehnoloogia", "Müük", "Eesti keel: C2 – kõrgtase", "Vene keel: B1 – kesktase",
    ] {
        assert!(text.contains(expected), "{expected:?} missing from the PDF text: {text}");
    }

    let english = text_of(&generated(&mari, &id, "en-GB,en;q=0.9").await.bytes().await.unwrap());
    for expected in ["Work experience", "Education", "Information technology", "Mari Õunapuu"] {
        assert!(english.contains(expected), "{expected:?} missing from {english}");
    }
    let russian = text_of(&generated(&mari, &id, "ru").await.bytes().await.unwrap());
    for expected in ["Опыт работы", "Образование", "Информационные технологии", "Lõuna Köök OÜ"] {
        assert!(russian.contains(expected), "{expected:?} missing from {russian}");
    }
}

#[tokio::test]
async fn nobody_but_the_owner_gets_the_pdf() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let jaan = applicant(&app, "jaan@example.ee").await;
    let id = save_ok(&mari, full_cv()).await["cvId"].as_str().unwrap().to_string();

    assert_eq!(generated(&jaan, &id, "et").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(generated(&jaan, &uuid::Uuid::new_v4().to_string(), "et").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(generated(&app.new_client(), &id, "et").await.status(), StatusCode::UNAUTHORIZED);
    app.employer_with_cv_access().await;
    assert_eq!(generated(&app.client, &id, "et").await.status(), StatusCode::FORBIDDEN);

    // a draft with almost nothing in it still makes a document
    let draft: Value = save_ok(&mari, json!({ "draft": true })).await;
    let response = generated(&mari, draft["cvId"].as_str().unwrap(), "et").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("filename=\"cv.pdf\""));
}

#[tokio::test]
async fn a_user_lays_out_at_most_the_hourly_rate_of_cv_pdfs_and_then_gets_429() {
    use api::rate_limit::{Limit, RateLimits};
    let limits = RateLimits { pdf_renders_per_user: Limit { max: 3, window_secs: 3600 }, ..RateLimits::default() };
    let app = crate::helpers::spawn_app_with(crate::helpers::AppOptions { limits, ..Default::default() }).await;
    let mari = applicant(&app, "mari@example.ee").await;
    let jaan = applicant(&app, "jaan@example.ee").await;
    let id = save_ok(&mari, full_cv()).await["cvId"].as_str().unwrap().to_string();
    let other = save_ok(&jaan, full_cv()).await["cvId"].as_str().unwrap().to_string();
    for _ in 0..3 {
        assert_eq!(generated(&mari, &id, "et").await.status(), StatusCode::OK);
    }
    let refused = generated(&mari, &id, "et").await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().contains_key("retry-after"));
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "too_many_requests", "{body}");
    assert_eq!(generated(&jaan, &other, "et").await.status(), StatusCode::OK, "the rate is each user's own");
}
