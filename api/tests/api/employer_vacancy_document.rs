//! The employer's vacancy document: create, read and replace it (a round trip changes nothing),
//! the rules of spec 2 section 5 with the field each names, the sanitized text, delete, copy,
//! preview, the autocomplete, moderators, pictures and the CV-database vacancy, and ownership on
//! every call.

use domain::platform::error::{Error, ErrorCode};
use domain::platform::jobs;
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::employer_vacancies::{company_of, employer, insert};
use crate::helpers::{TestApp, TestClient, error_of, spawn_app};
use crate::uploads::png;

const TEXT: &str = r#"{"ops":[{"insert":"Tule meile kokaks: "},{"insert":"marsipanimeister","attributes":{"bold":true}},{"insert":"\n"}]}"#;

/// A complete document of a cook's vacancy, publishable as it is.
pub(crate) fn full_document() -> Value {
    json!({
        "occupationCode": "COOK", "categoryCodes": ["CATERING", "HOSPITALITY_TOURISM"], "employmentTypeCode": "FULL_TIME",
        "countryCode": "EE", "ehakCode": "0784", "address": "Harju maakond, Tallinn, Narva mnt 5", "adsAdrId": 2280461,
        "salaryFrom": 1500.5, "salaryTo": 2000.0, "salaryPeriodCode": "MONTH", "salaryByAgreement": false,
        "remoteWork": false, "shiftWork": true,
        "contents": [
            { "languageCode": "et", "teaser": "Ootame kokka", "content": TEXT },
            { "languageCode": "en", "teaser": "We need a cook", "content": r#"{"ops":[{"insert":"Join us\n"}]}"# }
        ],
        "imageFileId": null, "coverFileId": null, "galleryFileIds": [], "videoUrl": "https://www.youtube.com/watch?v=abc",
        "publishAt": "2030-01-02T09:00:00Z", "autoReplyText": "Aitäh, vastame nädala jooksul", "applyLink": null,
        "questions": [{ "question": "Kas oled kokana töötanud?", "weight": 5 }, { "question": "Millal saad alustada?", "weight": 1 }],
        "minAge": 18, "maxAge": 65, "requiredCityCode": "0784", "requiredGenderCode": null, "educationLevelCode": "SECONDARY",
        "workExperienceCode": "FROM_1_TO_2",
        "languages": [{ "language": "et", "proficiency": "B2" }, { "language": "en", "proficiency": "B1" }],
        "driverLicences": [{ "code": "B", "experienceYears": 2 }],
        "cvNotRequired": false, "forDisabled": true, "forForeigners": false, "forRetired": false, "forStudents": true, "forUnderage": false
    })
}

/// A document with nothing filled in: a draft may be saved so.
pub(crate) fn empty_document() -> Value {
    json!({
        "categoryCodes": [], "countryCode": "EE", "salaryByAgreement": false, "remoteWork": false, "shiftWork": false,
        "contents": [], "galleryFileIds": [], "questions": [], "languages": [], "driverLicences": [],
        "cvNotRequired": false, "forDisabled": false, "forForeigners": false, "forRetired": false, "forStudents": false,
        "forUnderage": false
    })
}

/// `document` with the value at `pointer` (a JSON pointer) replaced.
fn with(mut document: Value, pointer: &str, value: Value) -> Value {
    *document.pointer_mut(pointer).unwrap_or_else(|| panic!("no {pointer} in the document")) = value;
    document
}

async fn create(client: &TestClient, document: Value) -> Response {
    client.post("/api/employer/vacancies/create", document).await
}

/// Creates and answers the new vacancy, asserting 201.
async fn create_ok(client: &TestClient, document: Value) -> Value {
    let response = create(client, document).await;
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

fn id_of(vacancy: &Value) -> Uuid {
    vacancy["id"].as_str().unwrap().parse().unwrap()
}

async fn get_ok(client: &TestClient, id: Uuid) -> Value {
    let response = client.get(&format!("/api/employer/vacancies/{id}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn put(client: &TestClient, id: Uuid, document: Value) -> Response {
    client.put(&format!("/api/employer/vacancies/{id}"), document).await
}

/// Sends a multipart form with `bytes` as its `file`, as the editor does.
async fn upload_picture(client: &TestClient, kind: &str, bytes: &[u8]) -> Response {
    post_picture(client, &format!("/api/employer/vacancies/vacancy-branding?kind={kind}"), bytes).await
}

/// Posts a multipart form with `bytes` as its `file` (a picture named kaas.png) to `path`.
pub(crate) async fn post_picture(client: &TestClient, path: &str, bytes: &[u8]) -> Response {
    let boundary = "vakants-test-boundary";
    let mut body = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"kaas.png\"\r\nContent-Type: image/png\r\n\r\n")
        .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let token = client.xsrf().await;
    client
        .http
        .post(client.url(path))
        .header("x-xsrf-token", token)
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn picture(client: &TestClient, kind: &str) -> String {
    let response = upload_picture(client, kind, &png()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    body["fileId"].as_str().unwrap().to_string()
}

/// The answer without what changes on every save.
fn document_part(mut vacancy: Value) -> Value {
    vacancy.as_object_mut().unwrap().remove("updatedAt");
    vacancy
}

fn field_of(body: &Value) -> &str {
    body["field"].as_str().unwrap_or("")
}

#[tokio::test]
async fn a_document_round_trips_through_create_get_and_put() {
    let app = spawn_app().await;
    employer(&app).await;
    let cover = picture(&app.client, "cover").await;
    let image = picture(&app.client, "image").await;
    let gallery = [picture(&app.client, "gallery").await, picture(&app.client, "gallery").await];
    let mut document = full_document();
    document["imageFileId"] = json!(image);
    document["coverFileId"] = json!(cover);
    document["galleryFileIds"] = json!(gallery);

    let created = create_ok(&app.client, document.clone()).await;

    for (key, value) in document.as_object().unwrap() {
        if key != "contents" {
            assert_eq!(&created[key], value, "{key} is kept as sent");
        }
    }
    assert_eq!(created["contents"][1]["content"], r#"{"ops":[{"insert":"Join us\n"}]}"#);
    assert_eq!(created["type"], "DEFAULT");
    assert_eq!(created["status"], "TEMPORARY");
    assert_eq!(created["displayedState"], "DRAFT");
    assert_eq!(created["occupationLabel"], "Kokk");
    assert_eq!((created["proLevel"].clone(), created["isBranded"].clone()), (json!(0), json!(false)));
    assert_eq!((created["invoice"].clone(), created["validUntil"].clone()), (Value::Null, Value::Null));
    let id = id_of(&created);
    let fetched = get_ok(&app.client, id).await;
    assert_eq!(fetched, created);

    let response = put(&app.client, id, fetched.clone()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let again = get_ok(&app.client, id).await;
    assert_eq!(document_part(again), document_part(fetched), "sending the answer back changes nothing");

    let jobs: i64 =
        sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1").bind(jobs::INDEX_QUEUE).fetch_one(&app.pool).await.unwrap();
    assert_eq!(jobs, 2, "each save queues the vacancy's index job on its transaction");
    let creator: bool =
        sqlx::query_scalar("select created_by_user_id = (select id from users where username = 'boss@example.ee') from vacancies where id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(creator);
}

#[tokio::test]
async fn a_put_replaces_the_lists_and_keeps_the_rows_of_unchanged_questions() {
    let app = spawn_app().await;
    employer(&app).await;
    let id = id_of(&create_ok(&app.client, full_document()).await);
    let kept: Uuid =
        sqlx::query_scalar("select id from vacancy_questions where vacancy_id = $1 and position = 1").bind(id).fetch_one(&app.pool).await.unwrap();

    let changed = with(full_document(), "/questions", json!([{ "question": "Millal saad alustada?", "weight": 7 }]));
    let changed = with(changed, "/languages", json!([{ "language": "ru", "proficiency": "A2" }]));
    let changed = with(changed, "/contents", json!([{ "languageCode": "ru", "teaser": "Нужен повар", "content": "" }]));
    let answer: Value = put(&app.client, id, changed).await.json().await.unwrap();

    assert_eq!(answer["questions"], json!([{ "question": "Millal saad alustada?", "weight": 7 }]));
    assert_eq!(answer["languages"], json!([{ "language": "ru", "proficiency": "A2" }]));
    assert_eq!(answer["contents"], json!([{ "languageCode": "ru", "teaser": "Нужен повар", "content": "" }]));
    let still: Uuid = sqlx::query_scalar("select id from vacancy_questions where vacancy_id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(still, kept, "applicants' answers keep pointing at the unchanged question");
}

#[tokio::test]
async fn every_draft_rule_names_its_field() {
    let app = spawn_app().await;
    employer(&app).await;
    let long = |n: usize| json!("x".repeat(n));
    let question = json!({ "question": "Miks?", "weight": 1 });
    let twenty_one: Vec<Value> = (0..21).map(|i| json!({ "question": format!("Küsimus {i}"), "weight": 1 })).collect();
    let eleven: Vec<Value> = (0..11).map(|_| json!(Uuid::new_v4())).collect();
    let cases: Vec<(&str, Value, &str)> = vec![
        ("/occupationCode", json!("NO_SUCH"), "occupationCode"),
        ("/categoryCodes", json!(["CATERING", "CATERING"]), "categoryCodes[1]"),
        ("/categoryCodes", json!(["NO_SUCH"]), "categoryCodes[0]"),
        ("/employmentTypeCode", json!("NO_SUCH"), "employmentTypeCode"),
        ("/countryCode", json!("LV"), "countryCode"),
        ("/ehakCode", json!("9999"), "ehakCode"),
        ("/address", long(301), "address"),
        ("/adsAdrId", json!(0), "adsAdrId"),
        ("/salaryFrom", json!(-1), "salaryFrom"),
        ("/salaryFrom", json!(10.555), "salaryFrom"),
        ("/salaryTo", json!(1000), "salaryTo"),
        ("/salaryPeriodCode", Value::Null, "salaryPeriodCode"),
        ("/salaryPeriodCode", json!("WEEK"), "salaryPeriodCode"),
        ("/salaryByAgreement", json!(true), "salaryFrom"),
        ("/contents/0/languageCode", json!("fi"), "contents[0].languageCode"),
        ("/contents/1/languageCode", json!("et"), "contents[1].languageCode"),
        ("/contents/0/teaser", long(86), "contents[0].teaser"),
        ("/contents/1/content", json!("<p>not a delta</p>"), "contents[1].content"),
        ("/contents/0/content", json!(format!(r#"{{"ops":[{{"insert":"{}"}}]}}"#, "x".repeat(100 * 1024))), "contents[0].content"),
        ("/imageFileId", json!(Uuid::new_v4()), "imageFileId"),
        ("/galleryFileIds", json!(eleven), "galleryFileIds"),
        ("/videoUrl", json!("javascript:alert(1)"), "videoUrl"),
        ("/videoUrl", json!("https:www.youtube.com/watch"), "videoUrl"),
        ("/applyLink", json!("ftp://files.example.ee/apply"), "applyLink"),
        ("/applyLink", json!(format!("https://example.ee/{}", "a".repeat(2000))), "applyLink"),
        ("/autoReplyText", long(4001), "autoReplyText"),
        ("/questions/1/question", json!("  "), "questions[1].question"),
        ("/questions/1/question", long(501), "questions[1].question"),
        ("/questions/1/weight", json!(0), "questions[1].weight"),
        ("/questions/1/weight", json!(11), "questions[1].weight"),
        ("/questions", json!([question.clone(), question]), "questions[1].question"),
        ("/questions", json!(twenty_one), "questions"),
        ("/minAge", json!(13), "minAge"),
        ("/maxAge", json!(101), "maxAge"),
        ("/maxAge", json!(17), "maxAge"),
        ("/requiredCityCode", json!("9999"), "requiredCityCode"),
        ("/requiredGenderCode", json!("NO_SUCH"), "requiredGenderCode"),
        ("/educationLevelCode", json!("NO_SUCH"), "educationLevelCode"),
        ("/workExperienceCode", json!("NO_SUCH"), "workExperienceCode"),
        ("/languages/1/proficiency", json!(""), "languages[1].proficiency"),
        ("/languages/1/language", json!(" "), "languages[1].language"),
        ("/languages/1/language", json!("et"), "languages[1].language"),
        ("/languages/1/language", json!("xx"), "languages[1].language"),
        ("/languages/0/proficiency", json!("D9"), "languages[0].proficiency"),
        ("/driverLicences", json!([{ "code": "B", "experienceYears": null }, { "code": "B", "experienceYears": 1 }]), "driverLicences[1].code"),
        ("/driverLicences/0/code", json!("Z"), "driverLicences[0].code"),
        ("/driverLicences/0/experienceYears", json!(81), "driverLicences[0].experienceYears"),
    ];
    for (pointer, value, field) in cases {
        let (status, body) = error_of(create(&app.client, with(full_document(), pointer, value.clone())).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pointer} = {value}: {body}");
        assert_eq!(field_of(&body), field, "{pointer} = {value}: {body}");
        assert_eq!(body["code"], "validation");
    }
    let nothing: i64 = sqlx::query_scalar("select count(*) from vacancies").fetch_one(&app.pool).await.unwrap();
    assert_eq!(nothing, 0, "a refused document leaves nothing behind");

    let by_agreement = with(with(with(full_document(), "/salaryByAgreement", json!(true)), "/salaryFrom", Value::Null), "/salaryTo", Value::Null);
    create_ok(&app.client, with(by_agreement, "/salaryPeriodCode", Value::Null)).await;
}

/// The 400 of publishing the stored document, through the function the status call uses.
async fn publish_check(app: &TestApp, company_id: Uuid, id: Uuid) -> Result<(), String> {
    let mut conn = app.pool.acquire().await.unwrap();
    match domain::vacancies::document::check_publishable(&mut conn, company_id, id).await {
        Ok(()) => Ok(()),
        Err(Error::Client { field: Some(field), .. }) => Err(field.to_string()),
        Err(other) => panic!("not a field error: {other:?}"),
    }
}

#[tokio::test]
async fn a_draft_may_be_incomplete_but_publishing_names_what_is_missing() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let draft = create_ok(&app.client, empty_document()).await;
    let id = id_of(&draft);
    assert_eq!(draft["displayedState"], "DRAFT");
    assert_eq!(publish_check(&app, company_id, id).await, Err("occupationCode".into()));

    let cases: Vec<(Value, &str)> = vec![
        (with(full_document(), "/occupationCode", Value::Null), "occupationCode"),
        (with(full_document(), "/categoryCodes", json!([])), "categoryCodes"),
        (with(with(full_document(), "/address", Value::Null), "/ehakCode", Value::Null), "address"),
        (with(full_document(), "/employmentTypeCode", Value::Null), "employmentTypeCode"),
        (with(with(full_document(), "/salaryFrom", Value::Null), "/salaryTo", Value::Null), "salaryFrom"),
        (with(full_document(), "/contents", json!([])), "contents"),
        (with(full_document(), "/contents/1/teaser", json!(" ")), "contents[1].teaser"),
        (with(full_document(), "/contents/0/content", json!(r#"{"ops":[{"insert":"  \n"}]}"#)), "contents[0].content"),
        (with(full_document(), "/publishAt", Value::Null), "publishAt"),
    ];
    for (document, field) in cases {
        let response = put(&app.client, id, document).await;
        assert_eq!(response.status(), StatusCode::OK, "a draft may lack {field}");
        assert_eq!(publish_check(&app, company_id, id).await, Err(field.to_string()));
    }
    assert_eq!(put(&app.client, id, with(full_document(), "/address", Value::Null)).await.status(), StatusCode::OK);
    assert_eq!(publish_check(&app, company_id, id).await, Ok(()), "the EHAK place is enough without an address");
    let by_agreement = with(with(with(full_document(), "/salaryByAgreement", json!(true)), "/salaryFrom", Value::Null), "/salaryTo", Value::Null);
    assert_eq!(put(&app.client, id, with(by_agreement, "/salaryPeriodCode", Value::Null)).await.status(), StatusCode::OK);
    assert_eq!(publish_check(&app, company_id, id).await, Ok(()), "salary by agreement needs no amount");

    app.create_employer("muu@example.ee", &[("11111116", "Muu OÜ")]).await;
    let other = company_of(&app, "11111116").await;
    let mut conn = app.pool.acquire().await.unwrap();
    let refused = domain::vacancies::document::check_publishable(&mut conn, other, id).await.unwrap_err();
    assert!(matches!(refused, Error::Client { code: ErrorCode::NotFound, .. }), "another company's vacancy: {refused:?}");
}

#[tokio::test]
async fn a_published_vacancy_must_stay_publishable_and_keeps_its_publish_date() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let id = insert(&app, company_id, "DEFAULT", "EXISTS", "PAID", Some(-1), Some(29)).await;
    let published_at: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("select publish_at from vacancies where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();

    let answer: Value = put(&app.client, id, full_document()).await.json().await.unwrap();
    assert_eq!(answer["displayedState"], "ACTIVE");
    let kept: chrono::DateTime<chrono::Utc> = answer["publishAt"].as_str().unwrap().parse().unwrap();
    assert_eq!(kept, published_at, "a running vacancy's publish date is not the editor's to move");

    let (status, body) = error_of(put(&app.client, id, with(full_document(), "/occupationCode", Value::Null)).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "occupationCode"));
}

#[tokio::test]
async fn the_detail_carries_the_invoice_of_the_latest_order() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let id = insert(&app, company_id, "DEFAULT", "EXISTS", "WAITING", Some(-1), Some(29)).await;
    assert_eq!(get_ok(&app.client, id).await["invoice"], Value::Null);
    sqlx::query(
        "with i as (insert into invoices (number, reference_number, company_id, user_id, buyer_name, due_on, subtotal_cents, vat_cents, total_cents)
                    select '2026-000001', '1234561', $1, id, 'Näide OÜ', current_date + 14, 2900, 696, 3596 from users
                    where username = 'boss@example.ee' returning id)
         insert into services (company_id, type, product_code, vacancy_id, invoice_id) select $1, 'VACANCY', 'VACANCY', $2, id from i",
    )
    .bind(company_id)
    .bind(id)
    .execute(&app.pool)
    .await
    .unwrap();

    let invoice = get_ok(&app.client, id).await["invoice"].clone();

    assert_eq!((invoice["number"].clone(), invoice["referenceNumber"].clone()), (json!("2026-000001"), json!("1234561")));
    assert_eq!((invoice["status"].clone(), invoice["totalCents"].clone(), invoice["vatCents"].clone()), (json!("UNPAID"), json!(3596), json!(696)));
}

#[tokio::test]
async fn the_text_is_sanitized_on_save() {
    let app = spawn_app().await;
    employer(&app).await;
    let dirty = r##"{"ops":[{"insert":{"image":"https://evil.example/x.png"}},{"insert":"Vaata "},
        {"insert":"siia","attributes":{"link":"javascript:alert(1)","bold":true}},{"insert":" ja "},
        {"insert":"meie lehte","attributes":{"link":"https://vakants.ee/firma","script":"super","color":"#f00"}},
        {"insert":{"video":"https://evil.example/v"}},{"insert":"\n","attributes":{"header":1}}]}"##;

    let created = create_ok(&app.client, with(full_document(), "/contents/0/content", json!(dirty))).await;

    let clean = r#"{"ops":[{"insert":"Vaata "},{"insert":"siia","attributes":{"bold":true}},{"insert":" ja "},{"insert":"meie lehte","attributes":{"link":"https://vakants.ee/firma"}},{"insert":"\n","attributes":{"header":1}}]}"#;
    assert_eq!(created["contents"][0]["content"], clean);
    let preview: Value = app.client.get(&format!("/api/employer/vacancies/{}/preview", id_of(&created))).await.json().await.unwrap();
    let shown = preview["content"].as_array().unwrap().iter().find(|c| c["languageCode"] == "et").unwrap();
    assert_eq!(shown["content"], clean, "the public page gets the sanitized text");
    assert_eq!(indexer::text::delta_to_text(clean), "Vaata siia ja meie lehte", "the index reads its words");
}

#[tokio::test]
async fn another_companys_vacancy_is_not_found_on_every_call() {
    let app = spawn_app().await;
    employer(&app).await;
    let id = id_of(&create_ok(&app.client, full_document()).await);
    app.create_employer("muu@example.ee", &[("11111116", "Muu OÜ")]).await;
    let other = app.new_client();
    other.sign_in("muu@example.ee").await;

    let answers = [
        ("GET", other.get(&format!("/api/employer/vacancies/{id}")).await),
        ("PUT", put(&other, id, full_document()).await),
        ("DELETE", other.delete(&format!("/api/employer/vacancies/{id}")).await),
        ("copy", other.patch_empty(&format!("/api/employer/vacancies/{id}/copy")).await),
        ("preview", other.get(&format!("/api/employer/vacancies/{id}/preview")).await),
        ("moderators", other.post(&format!("/api/employer/vacancies/{id}/moderators"), json!({ "username": "muu@example.ee" })).await),
    ];
    for (call, response) in answers {
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{call}");
    }
    let listed: Value = other.get("/api/employer/vacancies/autocomplete").await.json().await.unwrap();
    assert_eq!(listed, json!([]), "the autocomplete offers the acting company's vacancies only");
    assert_eq!(get_ok(&app.client, id).await["occupationCode"], "COOK", "the owner's vacancy is untouched");
}

#[tokio::test]
async fn applicants_get_403_and_visitors_401_on_every_call() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    let visitor = app.new_client();
    let id = Uuid::new_v4();
    for (client, expected) in [(&applicant, StatusCode::FORBIDDEN), (&visitor, StatusCode::UNAUTHORIZED)] {
        let answers = [
            client.post("/api/employer/vacancies/create", full_document()).await,
            client.get(&format!("/api/employer/vacancies/{id}")).await,
            put(client, id, full_document()).await,
            client.delete(&format!("/api/employer/vacancies/{id}")).await,
            client.patch_empty(&format!("/api/employer/vacancies/{id}/copy")).await,
            client.get(&format!("/api/employer/vacancies/{id}/preview")).await,
            client.get("/api/employer/vacancies/autocomplete?search=kokk").await,
            client.post(&format!("/api/employer/vacancies/{id}/moderators"), json!({ "username": "x@example.ee" })).await,
            client.post("/api/employer/vacancies/cv-base", json!({ "occupationLabel": "Kokad" })).await,
            upload_picture(client, "cover", &png()).await,
        ];
        for response in answers {
            assert_eq!(response.status(), expected, "{}", response.url());
        }
    }
}

#[tokio::test]
async fn a_copy_is_a_new_draft_without_dates_or_purchases() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let source = insert(&app, company_id, "DEFAULT", "EXISTS", "PAID", Some(-1), Some(29)).await;
    put(&app.client, source, full_document()).await;
    sqlx::query("update vacancies set pro_level = 3, is_branded = true where id = $1").bind(source).execute(&app.pool).await.unwrap();
    let original = get_ok(&app.client, source).await;

    let response = app.client.patch_empty(&format!("/api/employer/vacancies/{source}/copy")).await;

    assert_eq!(response.status(), StatusCode::CREATED);
    let copy: Value = response.json().await.unwrap();
    assert_ne!(id_of(&copy), source);
    assert_eq!((copy["status"].clone(), copy["displayedState"].clone()), (json!("TEMPORARY"), json!("DRAFT")));
    assert_eq!((copy["proLevel"].clone(), copy["isBranded"].clone()), (json!(0), json!(false)));
    assert_eq!((copy["publishAt"].clone(), copy["validUntil"].clone()), (Value::Null, Value::Null));
    let payment: String =
        sqlx::query_scalar("select payment_status from vacancies where id = $1").bind(id_of(&copy)).fetch_one(&app.pool).await.unwrap();
    assert_eq!(payment, "NONE");
    for key in ["occupationCode", "categoryCodes", "contents", "questions", "languages", "driverLicences", "salaryFrom", "minAge"] {
        assert_eq!(copy[key], original[key], "{key} is copied");
    }
    let cv_base = insert(&app, company_id, "CV_BASE", "EXISTS", "PAID", Some(-1), None).await;
    let (status, body) = error_of(app.client.patch_empty(&format!("/api/employer/vacancies/{cv_base}/copy")).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "type"));
}

#[tokio::test]
async fn deleting_removes_a_draft_for_good_and_gives_any_other_the_deleted_status() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let draft = id_of(&create_ok(&app.client, full_document()).await);
    let active = insert(&app, company_id, "DEFAULT", "EXISTS", "PAID", Some(-1), Some(29)).await;

    for id in [draft, active] {
        let response = app.client.delete(&format!("/api/employer/vacancies/{id}")).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        assert_eq!(app.client.get(&format!("/api/employer/vacancies/{id}")).await.status(), StatusCode::NOT_FOUND);
        assert_eq!(app.client.delete(&format!("/api/employer/vacancies/{id}")).await.status(), StatusCode::NOT_FOUND);
    }

    let rows: Vec<(Uuid, String)> = sqlx::query_as("select id, status from vacancies").fetch_all(&app.pool).await.unwrap();
    assert_eq!(rows, vec![(active, "DELETED".to_string())], "the draft's row is gone, the published one is kept as deleted");
    let questions: i64 = sqlx::query_scalar("select count(*) from vacancy_questions").fetch_one(&app.pool).await.unwrap();
    assert_eq!(questions, 0, "the draft's rows went with it");
}

#[tokio::test]
async fn a_vacancy_is_delegated_to_one_member_of_the_staff() {
    let app = spawn_app().await;
    let company_id = employer(&app).await;
    let id = id_of(&create_ok(&app.client, empty_document()).await);
    for email in ["anna@example.ee", "peeter@example.ee"] {
        app.create_user(email, &["EMPLOYER"]).await;
        sqlx::query("insert into company_staff (company_id, user_id) select $1, id from users where username = $2")
            .bind(company_id)
            .bind(email)
            .execute(&app.pool)
            .await
            .unwrap();
    }
    app.create_employer("muu@example.ee", &[("11111116", "Muu OÜ")]).await;
    let path = format!("/api/employer/vacancies/{id}/moderators");

    let response = app.client.post(&path, json!({ "username": " Anna@Example.ee " })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let moderator: Value = response.json().await.unwrap();
    assert_eq!((moderator["username"].clone(), moderator["firstname"].clone()), (json!("anna@example.ee"), json!("Test")));
    app.client.post(&path, json!({ "username": "peeter@example.ee" })).await;
    let moderators: Vec<String> =
        sqlx::query_scalar("select u.username from vacancy_moderators m join users u on u.id = m.user_id where m.vacancy_id = $1")
            .bind(id)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(moderators, vec!["peeter@example.ee".to_string()], "the new moderator takes the place of the one before");

    for username in ["muu@example.ee", "nobody@example.ee", "  "] {
        let (status, body) = error_of(app.client.post(&path, json!({ "username": username })).await).await;
        assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "username"), "{username}");
    }
}

#[tokio::test]
async fn the_cv_database_vacancy_is_made_once_per_name() {
    let app = spawn_app().await;
    employer(&app).await;

    let response = app.client.post("/api/employer/vacancies/cv-base", json!({ "occupationLabel": "Kokad Tallinnas" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let made: Value = response.json().await.unwrap();
    assert_eq!((made["type"].clone(), made["displayedState"].clone()), (json!("CV_BASE"), json!("CV_DATABASE")));
    assert_eq!(made["occupationLabel"], "Kokad Tallinnas");
    let again: Value =
        app.client.post("/api/employer/vacancies/cv-base", json!({ "occupationLabel": " kokad tallinnas " })).await.json().await.unwrap();
    assert_eq!(again["id"], made["id"], "the same name (in any case) is the same vacancy");
    let other: Value = app.client.post("/api/employer/vacancies/cv-base", json!({ "occupationLabel": "Ettekandjad" })).await.json().await.unwrap();
    assert_ne!(other["id"], made["id"]);

    for label in [json!("   "), json!("x".repeat(201))] {
        let (status, body) = error_of(app.client.post("/api/employer/vacancies/cv-base", json!({ "occupationLabel": label })).await).await;
        assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "occupationLabel"));
    }
}

#[tokio::test]
async fn the_autocomplete_finds_the_companys_vacancies_by_occupation() {
    let app = spawn_app().await;
    employer(&app).await;
    let cook = id_of(&create_ok(&app.client, full_document()).await);
    let waiter = id_of(&create_ok(&app.client, with(full_document(), "/occupationCode", json!("WAITER"))).await);
    create_ok(&app.client, empty_document()).await;

    let found: Value = app.client.get("/api/employer/vacancies/autocomplete?search=KOK").await.json().await.unwrap();
    assert_eq!(found, json!([{ "id": cook, "occupationLabel": "Kokk", "displayedState": "DRAFT" }]));
    let english =
        app.client.http.get(app.client.url("/api/employer/vacancies/autocomplete?search=wait")).header("accept-language", "en").send().await.unwrap();
    let english: Value = english.json().await.unwrap();
    assert_eq!(english[0]["id"], json!(waiter));
    let all: Value = app.client.get("/api/employer/vacancies/autocomplete").await.json().await.unwrap();
    assert_eq!(all.as_array().unwrap().len(), 3);

    let (status, body) = error_of(app.client.get(&format!("/api/employer/vacancies/autocomplete?search={}", "k".repeat(101))).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "search"));
}

#[tokio::test]
async fn a_draft_previews_as_its_public_page_would_show_it() {
    let app = spawn_app().await;
    employer(&app).await;
    let id = id_of(&create_ok(&app.client, full_document()).await);

    let response = app.client.get(&format!("/api/employer/vacancies/{id}/preview")).await;

    assert_eq!(response.status(), StatusCode::OK);
    let preview: Value = response.json().await.unwrap();
    assert_eq!(preview["vacancyId"], json!(id));
    assert_eq!(preview["occupation"]["labels"]["et"], "Kokk");
    assert_eq!(preview["company"]["businessName"], "Näide OÜ");
    assert_eq!((preview["salaryFrom"].clone(), preview["salaryPeriod"]["periodType"].clone()), (json!(1500.5), json!("MONTH")));
    assert_eq!(preview["teasers"][0], json!({ "languageCode": "en", "content": "We need a cook" }));
    assert_eq!(preview["languageSkills"].as_array().unwrap().len(), 2);
    assert_eq!(preview["active"], false);
    let public = app.new_client().get(&format!("/api/open/vacancies/{id}")).await;
    assert_eq!(public.status(), StatusCode::NOT_FOUND, "a draft has no public page");
}

#[tokio::test]
async fn pictures_follow_the_upload_rules_and_only_the_company_uses_its_own() {
    let app = spawn_app().await;
    employer(&app).await;

    let response = upload_picture(&app.client, "gallery", &png()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let uploaded: Value = response.json().await.unwrap();
    let shown = app.new_client().get(uploaded["url"].as_str().unwrap()).await;
    assert_eq!(shown.status(), StatusCode::OK, "a vacancy's picture is public");
    assert_eq!(shown.headers()["content-type"], "image/png");

    let (status, body) = error_of(upload_picture(&app.client, "cover", b"%PDF-1.7 not a picture").await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "file"));
    let (status, body) = error_of(upload_picture(&app.client, "avatar", &png()).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "kind"));
    let token = app.client.xsrf().await;
    let raw = app
        .client
        .http
        .post(app.client.url("/api/employer/vacancies/vacancy-branding?kind=cover"))
        .header("x-xsrf-token", token)
        .header("content-type", "image/png")
        .body(png())
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(raw).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "file"), "the picture comes as a multipart form");

    app.create_employer("muu@example.ee", &[("11111116", "Muu OÜ")]).await;
    let other = app.new_client();
    other.sign_in("muu@example.ee").await;
    let document = with(full_document(), "/galleryFileIds", json!([uploaded["fileId"]]));
    let (status, body) = error_of(create(&other, document.clone()).await).await;
    assert_eq!((status, field_of(&body)), (StatusCode::BAD_REQUEST, "galleryFileIds[0]"), "another company's picture");
    create_ok(&app.client, document).await;
}
