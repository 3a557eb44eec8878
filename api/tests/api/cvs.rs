//! The applicant's CVs: drafts and finished CVs with every rule, ownership, the uploaded PDF, and
//! the CV database learning of each change.

use std::time::Duration;

use chrono::{Datelike, Months, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};

pub(crate) async fn delete(client: &TestClient, path: &str) -> reqwest::Response {
    let token = client.xsrf().await;
    client.http.delete(client.url(path)).header("x-xsrf-token", token).send().await.unwrap()
}

pub(crate) async fn upload_pdf(client: &TestClient, cv: &str, bytes: Vec<u8>) -> reqwest::Response {
    let token = client.xsrf().await;
    client
        .http
        .post(client.url(&format!("/api/applicant/cv/{cv}/pdf?name=minu-cv.pdf")))
        .header("x-xsrf-token", token)
        .header("content-type", "application/pdf")
        .body(bytes)
        .send()
        .await
        .unwrap()
}

pub(crate) async fn applicant(app: &TestApp, email: &str) -> TestClient {
    app.create_user(email, &["APPLICANT"]).await;
    let client = app.new_client();
    client.sign_in(email).await;
    client
}

/// A finished CV with a row in every list.
pub(crate) fn full_cv() -> Value {
    json!({
        "title": "Kogenud kokk",
        "firstname": "Mari",
        "lastname": "Maasikas",
        "email": "Mari@Example.ee",
        "phoneNumber": "+372 5123 4567",
        "dateOfBirth": "1990-05-17",
        "gender": "FEMALE",
        "cityCode": "0784",
        "employmentType": "FULL_TIME",
        "workLocation": "Tallinn",
        "workLocationCode": "0784",
        "aboutMe": "Armastan süüa teha.",
        "visibility": "VISIBLE",
        "categories": ["IT", "SALES"],
        "educations": [{ "educationLevel": "SECONDARY", "institution": "Tallinna Kokakool", "speciality": "Kokk", "graduationYear": 2010 }],
        "employmentHistories": [
            { "company": "Põhja Köök OÜ", "occupation": "Kokk", "startDate": "2012-01-01", "endDate": "2018-06-30", "description": "Soojad road" },
            { "company": "Lõuna Köök OÜ", "occupation": "Peakokk", "startDate": "2018-07-01", "present": true }
        ],
        "languageSkills": [{ "language": "et", "proficiency": "C2" }, { "language": "en", "proficiency": "B2" }],
        "skills": [{ "skill": "Sushi", "level": "ADVANCED" }],
        "driverLicences": [{ "driverLicence": "B", "yearOfIssue": 2009, "experienceYears": 15 }],
        "certificates": [{ "title": "Hügieenikoolitus", "year": 2015 }],
        "courses": [{ "title": "Itaalia köök", "organizer": "Kokaakadeemia" }],
        "references": [{ "name": "Jaan Tamm", "company": "Põhja Köök OÜ", "jobTitle": "Juhataja", "contact": "+372 5555 5555" }],
        "portfolio": [{ "description": "Minu toidublogi", "url": "https://example.ee/blogi" }]
    })
}

/// The CV with the value at `pointer` set (a missing last key is added).
pub(crate) fn with(mut cv: Value, pointer: &str, value: Value) -> Value {
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let parent = cv.pointer_mut(parent).unwrap_or_else(|| panic!("{pointer} in the CV"));
    match parent {
        Value::Array(rows) => rows[key.parse::<usize>().unwrap()] = value,
        other => other[key] = value,
    }
    cv
}

fn without(mut cv: Value, key: &str) -> Value {
    cv.as_object_mut().unwrap().remove(key);
    cv
}

pub(crate) async fn save(client: &TestClient, cv: Value) -> reqwest::Response {
    client.post("/api/applicant/cv", cv).await
}

pub(crate) async fn save_ok(client: &TestClient, cv: Value) -> Value {
    let response = save(client, cv).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// Asserts that saving `cv` fails with a 400 naming `field`, with a message containing `message`.
async fn rejects(client: &TestClient, cv: Value, field: &str, message: &str) {
    let (status, body) = error_of(save(&client.in_english(), cv).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{field}: {body}");
    assert_eq!(body["field"], field, "{body}");
    assert!(body["message"].as_str().unwrap().contains(message), "{field}: expected {message:?} in {body}");
}

#[tokio::test]
async fn a_draft_saves_half_way_and_is_completed_later() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;

    let draft = save_ok(&mari, json!({ "draft": true, "title": "Kokk", "educations": [{}] })).await;
    assert_eq!(draft["status"], "DRAFT");
    assert_eq!(draft["educations"], json!([]), "an untouched row of the wizard is not kept");
    let id = draft["cvId"].as_str().unwrap().to_string();
    let mine: Value = mari.get("/api/applicant/cv/my").await.json().await.unwrap();
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!(mine[0]["status"], "DRAFT");
    assert_eq!(mine[0]["title"], "Kokk");

    let mut finished = full_cv();
    finished["cvId"] = json!(id);
    let saved = save_ok(&mari, finished).await;
    assert_eq!(saved["cvId"], id.as_str());
    assert_eq!(saved["status"], "ACTIVE");
    assert_eq!(saved["visibility"], "VISIBLE");
    assert_eq!(saved["email"], "mari@example.ee");
    assert_eq!(saved["phoneNumber"], "+37251234567");
    assert_eq!(saved["categories"], json!(["IT", "SALES"]));
    assert_eq!(saved["employmentHistories"][1]["present"], true);
    assert_eq!(saved["employmentHistories"][1]["endDate"], Value::Null);
    assert_eq!(saved["languageSkills"][1]["language"], "en");
    assert_eq!(saved["driverLicences"][0]["yearOfIssue"], 2009);
    assert_eq!(saved["portfolio"][0]["url"], "https://example.ee/blogi");

    let read: Value = mari.get(&format!("/api/user/cv/{id}")).await.json().await.unwrap();
    assert_eq!(read, saved);
    let mine: Value = mari.get("/api/applicant/cv/my").await.json().await.unwrap();
    assert_eq!(mine.as_array().unwrap().len(), 1, "saved over the draft, not beside it");
    assert_eq!(mine[0]["status"], "ACTIVE");

    // an applicant has several CVs, and a save replaces every list wholesale
    save_ok(&mari, with(full_cv(), "/title", json!("Müüja"))).await;
    let mut changed = with(with(full_cv(), "/skills", json!([])), "/title", json!("Kokk ja kondiiter"));
    changed["cvId"] = json!(id);
    let replaced = save_ok(&mari, changed).await;
    assert_eq!(replaced["skills"], json!([]));
    let mine: Value = mari.get("/api/applicant/cv/my").await.json().await.unwrap();
    assert_eq!(mine.as_array().unwrap().len(), 2);
    assert_eq!(mine[0]["title"], "Kokk ja kondiiter", "most recently changed first");
}

#[tokio::test]
async fn a_finished_cv_needs_every_required_field() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;

    rejects(&mari, with(full_cv(), "/categories", json!([])), "categories", "at least one category").await;
    rejects(&mari, without(full_cv(), "dateOfBirth"), "dateOfBirth", "date of birth").await;
    rejects(&mari, without(full_cv(), "gender"), "gender", "gender").await;
    rejects(&mari, without(full_cv(), "employmentType"), "employmentType", "type of employment").await;
    rejects(&mari, without(without(full_cv(), "workLocation"), "workLocationCode"), "workLocation", "where you would like to work").await;
    rejects(&mari, with(full_cv(), "/title", json!("   ")), "title", "title").await;
    rejects(&mari, without(full_cv(), "firstname"), "firstname", "first name").await;
    rejects(&mari, without(full_cv(), "lastname"), "lastname", "last name").await;
    let mine: Value = mari.get("/api/applicant/cv/my").await.json().await.unwrap();
    assert_eq!(mine, json!([]), "nothing was saved");

    // a work location given by its code alone is enough
    save_ok(&mari, without(full_cv(), "workLocation")).await;
}

#[tokio::test]
async fn every_list_row_needs_its_required_fields() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let second_education = |row: Value| json!([{ "educationLevel": "BASIC", "institution": "Kool", "graduationYear": 2005 }, row]);

    let cases = [
        ("/educations", second_education(json!({ "institution": "TTÜ", "graduationYear": 2015 })), "educations[1].educationLevel", "level of education"),
        ("/educations", second_education(json!({ "educationLevel": "HIGHER", "graduationYear": 2015 })), "educations[1].institution", "institution"),
        ("/educations", second_education(json!({ "educationLevel": "HIGHER", "institution": "TTÜ" })), "educations[1].graduationYear", "year of graduation"),
        ("/employmentHistories", json!([{ "occupation": "Kokk", "startDate": "2012-01-01", "present": true }]), "employmentHistories[0].company", "company"),
        ("/employmentHistories", json!([{ "company": "Köök", "startDate": "2012-01-01", "present": true }]), "employmentHistories[0].occupation", "occupation"),
        ("/employmentHistories", json!([{ "company": "Köök", "occupation": "Kokk", "present": true }]), "employmentHistories[0].startDate", "start date"),
        ("/employmentHistories", json!([{ "company": "Köök", "occupation": "Kokk", "startDate": "2012-01-01" }]), "employmentHistories[0].endDate", "end date"),
        ("/languageSkills", json!([{ "proficiency": "B2" }]), "languageSkills[0].language", "language"),
        ("/languageSkills", json!([{ "language": "et" }]), "languageSkills[0].proficiency", "how well"),
        ("/skills", json!([{ "level": "EXPERT" }]), "skills[0].skill", "skill"),
        ("/skills", json!([{ "skill": "Sushi" }]), "skills[0].level", "level"),
        ("/driverLicences", json!([{ "yearOfIssue": 2009 }]), "driverLicences[0].driverLicence", "driver licence"),
        ("/driverLicences", json!([{ "driverLicence": "B" }]), "driverLicences[0].yearOfIssue", "year of issue"),
        ("/certificates", json!([{ "year": 2015 }]), "certificates[0].title", "title of the certificate"),
        ("/certificates", json!([{ "title": "Hügieen" }]), "certificates[0].year", "year of the certificate"),
        ("/courses", json!([{ "organizer": "Akadeemia" }]), "courses[0].title", "title of the course"),
        ("/courses", json!([{ "title": "Itaalia köök" }]), "courses[0].organizer", "organizer"),
        ("/references", json!([{ "company": "Köök" }]), "references[0].name", "name of the reference"),
        ("/portfolio", json!([{ "url": "ftp://example.ee" }]), "portfolio[0].url", "http://"),
    ];
    for (list, rows, field, message) in cases {
        rejects(&mari, with(full_cv(), list, rows.clone()), field, message).await;
        // a half-filled row is refused in a draft too: it cannot be stored without its key fields
        rejects(&mari, json!({ "draft": true, list.trim_start_matches('/'): rows }), field, message).await;
    }
}

#[tokio::test]
async fn dates_years_lengths_and_codes_are_checked() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let today = Utc::now().date_naive();
    let this_year = today.year();
    let too_young = today.checked_sub_months(Months::new(12 * 14)).unwrap().succ_opt().unwrap();
    let tomorrow = today.succ_opt().unwrap();

    rejects(&mari, with(full_cv(), "/dateOfBirth", json!(too_young)), "dateOfBirth", "at least 14 years old").await;
    rejects(&mari, with(full_cv(), "/dateOfBirth", json!("1899-12-31")), "dateOfBirth", "later than 1900-01-01").await;
    rejects(
        &mari,
        with(full_cv(), "/employmentHistories/0/endDate", json!("2011-12-31")),
        "employmentHistories[0].endDate",
        "cannot be earlier than the start date",
    )
    .await;
    rejects(&mari, with(full_cv(), "/employmentHistories/0/startDate", json!(tomorrow)), "employmentHistories[0].startDate", "future").await;
    rejects(&mari, with(full_cv(), "/educations/0/graduationYear", json!(this_year + 1)), "educations[0].graduationYear", "Wrong year").await;
    rejects(&mari, with(full_cv(), "/driverLicences/0/yearOfIssue", json!(1899)), "driverLicences[0].yearOfIssue", "Wrong year").await;
    rejects(&mari, with(full_cv(), "/certificates/0/year", json!(this_year + 1)), "certificates[0].year", "Wrong year").await;
    rejects(&mari, with(full_cv(), "/driverLicences/0/experienceYears", json!(81)), "driverLicences[0].experienceYears", "between 0 and 80").await;
    // someone still studying may name the year they expect to graduate
    save_ok(&mari, with(with(full_cv(), "/educations/0/graduationYear", json!(this_year + 2)), "/educations/0/stillStudying", json!(true))).await;

    rejects(&mari, with(full_cv(), "/title", json!("x".repeat(101))), "title", "longer than 100").await;
    rejects(&mari, with(full_cv(), "/aboutMe", json!("x".repeat(4001))), "aboutMe", "longer than 4000").await;
    rejects(&mari, with(full_cv(), "/employmentHistories/0/description", json!("x".repeat(4001))), "employmentHistories[0].description", "longer than 4000").await;
    rejects(&mari, with(full_cv(), "/skills/0/skill", json!("x".repeat(101))), "skills[0].skill", "longer than 100").await;
    rejects(&mari, with(full_cv(), "/phoneNumber", json!("5123 4567")), "phoneNumber", "country code").await;
    rejects(&mari, with(full_cv(), "/email", json!("mari@")), "email", "not valid").await;

    rejects(&mari, with(full_cv(), "/categories", json!(["IT", "NOPE"])), "categories", "Unknown value").await;
    rejects(&mari, with(full_cv(), "/gender", json!("NOPE")), "gender", "Unknown value").await;
    rejects(&mari, with(full_cv(), "/employmentType", json!("NOPE")), "employmentType", "Unknown value").await;
    rejects(&mari, with(full_cv(), "/cityCode", json!("9999")), "cityCode", "Unknown value").await;
    rejects(&mari, with(full_cv(), "/educations/0/educationLevel", json!("NOPE")), "educations[0].educationLevel", "Unknown value").await;
    rejects(&mari, with(full_cv(), "/languageSkills/1/proficiency", json!("Z9")), "languageSkills[1].proficiency", "Unknown value").await;
    rejects(&mari, with(full_cv(), "/skills/0/level", json!("NOPE")), "skills[0].level", "Unknown value").await;
    rejects(&mari, with(full_cv(), "/driverLicences/0/driverLicence", json!("Q")), "driverLicences[0].driverLicence", "Unknown value").await;
    rejects(&mari, with(full_cv(), "/languageSkills/1/language", json!("et")), "languageSkills[1].language", "already listed").await;
    rejects(&mari, with(full_cv(), "/certificates/0/fileId", json!(Uuid::new_v4())), "certificates[0].fileId", "file was not found").await;
    let (status, body) = error_of(save(&mari, with(full_cv(), "/visibility", json!("SECRET"))).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_request")));
}

#[tokio::test]
async fn a_failed_save_keeps_what_was_saved() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let saved = save_ok(&mari, full_cv()).await;
    let id = saved["cvId"].clone();

    let mut broken = with(full_cv(), "/courses", json!([{ "title": "Itaalia köök" }]));
    broken["cvId"] = id.clone();
    broken["title"] = json!("Uus pealkiri");
    broken["skills"] = json!([]);
    rejects(&mari, broken, "courses[0].organizer", "organizer").await;
    let mut unknown_code = full_cv();
    unknown_code["cvId"] = id.clone();
    unknown_code["skills"] = json!([]);
    unknown_code["languageSkills"] = json!([{ "language": "xx", "proficiency": "B2" }]);
    rejects(&mari, unknown_code, "languageSkills[0].language", "Unknown value").await;

    let read: Value = mari.get(&format!("/api/user/cv/{}", id.as_str().unwrap())).await.json().await.unwrap();
    assert_eq!(read, saved);
}

#[tokio::test]
async fn another_applicants_cv_is_not_found() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let jaan = applicant(&app, "jaan@example.ee").await;
    let cv = save_ok(&mari, full_cv()).await;
    let id = cv["cvId"].as_str().unwrap().to_string();

    assert_eq!(jaan.get(&format!("/api/user/cv/{id}")).await.status(), StatusCode::NOT_FOUND);
    let mut takeover = full_cv();
    takeover["cvId"] = json!(id);
    assert_eq!(save(&jaan, takeover).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(delete(&jaan, &format!("/api/applicant/cv/{id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(upload_pdf(&jaan, &id, fixtures::pdf::text_pdf("Jaan")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(delete(&jaan, &format!("/api/applicant/cv/{id}/pdf")).await.status(), StatusCode::NOT_FOUND);
    let jaans: Value = jaan.get("/api/applicant/cv/my").await.json().await.unwrap();
    assert_eq!(jaans, json!([]));
    // an unknown id answers the same
    assert_eq!(jaan.get(&format!("/api/user/cv/{}", Uuid::new_v4())).await.status(), StatusCode::NOT_FOUND);

    // nor can a CV point at another applicant's file
    let uploaded: Value = upload_pdf(&mari, &id, fixtures::pdf::text_pdf("Mari")).await.json().await.unwrap();
    let rejected = with(full_cv(), "/certificates/0/fileId", uploaded["fileId"].clone());
    let (status, body) = error_of(save(&jaan, rejected).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("certificates[0].fileId")));
    let own = with(full_cv(), "/certificates/0/fileId", uploaded["fileId"].clone());
    let saved = save_ok(&mari, own).await;
    assert_eq!(saved["certificates"][0]["fileId"], uploaded["fileId"]);

    let read: Value = mari.get(&format!("/api/user/cv/{id}")).await.json().await.unwrap();
    assert_eq!(read["title"], "Kogenud kokk", "untouched by the other applicant");
    assert_eq!(delete(&mari, &format!("/api/applicant/cv/{id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(mari.get(&format!("/api/user/cv/{id}")).await.status(), StatusCode::NOT_FOUND, "a deleted CV is gone");
    assert_eq!(delete(&mari, &format!("/api/applicant/cv/{id}")).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn visitors_and_employers_are_kept_out() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let id = save_ok(&mari, full_cv()).await["cvId"].as_str().unwrap().to_string();

    let visitor = app.new_client();
    assert_eq!(save(&visitor, full_cv()).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(visitor.get("/api/applicant/cv/my").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(visitor.get(&format!("/api/user/cv/{id}")).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(upload_pdf(&visitor, &id, fixtures::pdf::text_pdf("x")).await.status(), StatusCode::UNAUTHORIZED);

    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    let boss = app.new_client();
    boss.sign_in("boss@example.ee").await;
    assert_eq!(save(&boss, full_cv()).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(boss.get("/api/applicant/cv/my").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(delete(&boss, &format!("/api/applicant/cv/{id}")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(upload_pdf(&boss, &id, fixtures::pdf::text_pdf("x")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(boss.get(&format!("/api/user/cv/{id}")).await.status(), StatusCode::NOT_FOUND, "not through the CV database yet");
}

pub(crate) async fn found_ids(app: &TestApp, text: &str) -> Vec<String> {
    let page: Value = app.client.post("/api/employer/search-cv", json!({ "search": text })).await.json().await.unwrap();
    page["content"].as_array().unwrap_or_else(|| panic!("a result page: {page}")).iter().map(|c| c["cvId"].as_str().unwrap().to_string()).collect()
}

pub(crate) async fn search_until(app: &TestApp, text: &str, expected: &[&str]) {
    let mut last = Vec::new();
    for _ in 0..150 {
        last = found_ids(app, text).await;
        if last == expected {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("searching {text:?} never found {expected:?}; last {last:?}");
}

#[tokio::test]
async fn a_visible_cv_is_in_the_cv_database_and_a_hidden_or_deleted_one_leaves() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let mari = applicant(&app, "mari@example.ee").await;

    let draft = save_ok(&mari, json!({ "draft": true, "title": "Sushimeister" })).await;
    let id = draft["cvId"].as_str().unwrap().to_string();
    let mut finished = with(full_cv(), "/skills/0/skill", json!("Sushimeister"));
    finished["cvId"] = json!(id);
    save_ok(&mari, finished.clone()).await;
    search_until(&app, "sushimeister", &[&id]).await;

    finished["visibility"] = json!("HIDDEN");
    save_ok(&mari, finished.clone()).await;
    search_until(&app, "sushimeister", &[]).await;

    finished["visibility"] = json!("VISIBLE");
    save_ok(&mari, finished).await;
    search_until(&app, "sushimeister", &[&id]).await;

    assert_eq!(delete(&mari, &format!("/api/applicant/cv/{id}")).await.status(), StatusCode::NO_CONTENT);
    search_until(&app, "sushimeister", &[]).await;
}

#[tokio::test]
async fn an_uploaded_pdf_is_checked_and_its_text_becomes_findable() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let id = save_ok(&mari, full_cv()).await["cvId"].as_str().unwrap().to_string();

    let (status, body) = error_of(upload_pdf(&mari.in_english(), &id, b"MZ\x90\x00 an executable named cv.pdf".to_vec()).await).await;
    assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some("file")));
    assert!(body["message"].as_str().unwrap().starts_with("Wrong file"), "{body}");
    let huge = [b"%PDF-1.7\n".as_slice(), &vec![b' '; domain::files::MAX_PDF_BYTES]].concat();
    let (status, body) = error_of(upload_pdf(&mari.in_english(), &id, huge).await).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("The file is too large")));

    let pdf = fixtures::pdf::text_pdf("Elulookirjeldus\nSertifitseeritud kraanajuht, 12 aastat kogemust sadamas.");
    let response = upload_pdf(&mari, &id, pdf).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let uploaded: Value = response.json().await.unwrap();
    assert_eq!(uploaded["name"], "minu-cv.pdf");
    search_until(&app, "kraanajuht", &[&id]).await;
    let mine: Value = mari.get("/api/applicant/cv/my").await.json().await.unwrap();
    assert_eq!(mine[0]["pdf"]["name"], "minu-cv.pdf");
    assert_eq!(mine[0]["pdf"]["textStatus"], "extracted");

    assert_eq!(delete(&mari, &format!("/api/applicant/cv/{id}/pdf")).await.status(), StatusCode::NO_CONTENT);
    search_until(&app, "kraanajuht", &[]).await;
    let read: Value = mari.get(&format!("/api/user/cv/{id}")).await.json().await.unwrap();
    assert_eq!(read["pdf"], Value::Null);
}
