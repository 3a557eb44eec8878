//! The public vacancy and company pages' calls.

use domain::platform::jobs::{self, IndexJob};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, error_of, spawn_app};
use crate::search::{NewVacancy, company, publish};

async fn get_in(app: &TestApp, path: &str, language: &str) -> (StatusCode, Value) {
    let response = app.client.http.get(app.client.url(path)).header("accept-language", language).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_vacancy_page_shows_every_field_in_the_requested_language() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    sqlx::query("insert into vacancy_language_requirements (vacancy_id, language_code, proficiency_code) values ($1, 'et', 'B2')")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("insert into vacancy_driver_licences (vacancy_id, driver_licence_code, experience_years) values ($1, 'B', 2)")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();

    let (status, page) = get_in(&app, &format!("/api/open/vacancies/{id}"), "en").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["occupation"]["labels"]["et"], "Kokk");
    assert_eq!(page["company"]["businessName"], "Põhja Köök OÜ");
    assert_eq!(page["company"]["registryCode"], "12345678");
    assert_eq!(page["salaryPeriod"]["periodType"], "MONTH");
    assert_eq!(page["categories"][0]["code"], "CATERING");
    assert_eq!(page["employment"]["code"], "FULL_TIME");
    assert_eq!(page["languageSkills"][0]["language"]["code"], "et");
    assert_eq!(page["languageSkills"][0]["languageProficiency"]["code"], "B2");
    assert_eq!(page["driverLicences"][0]["experience"], 2);
    assert!(page["content"][0]["content"].as_str().unwrap().contains("ops"), "the rich-text delta");
    assert_eq!(page["canApply"], true);
    assert_eq!(page["active"], true);
    let (_, in_russian) = get_in(&app, &format!("/api/open/vacancies/{id}"), "ru").await;
    assert_ne!(page["employment"]["label"], in_russian["employment"]["label"], "labels follow Accept-Language");

    let (status, occupation) = get_in(&app, &format!("/api/open/vacancies/{id}/occupation"), "et").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(occupation["labels"]["en"], page["occupation"]["labels"]["en"]);
}

#[tokio::test]
async fn drafts_and_hidden_vacancies_have_no_page_but_finished_ones_do() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set valid_until = now() - interval '1 day', publish_at = now() - interval '31 days' where id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    let (status, page) = get_in(&app, &format!("/api/open/vacancies/{id}"), "et").await;
    assert_eq!(status, StatusCode::OK, "a finished vacancy keeps its page");
    assert_eq!(page["active"], false);

    for status_value in ["HIDDEN", "TEMPORARY", "DELETED"] {
        sqlx::query("update vacancies set status = $2 where id = $1").bind(id).bind(status_value).execute(&app.pool).await.unwrap();
        let (status, _) = get_in(&app, &format!("/api/open/vacancies/{id}"), "et").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{status_value}");
    }
    let (status, _) = get_in(&app, &format!("/api/open/vacancies/{}", Uuid::new_v4()), "et").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = get_in(&app, "/api/open/vacancies/not-a-uuid", "et").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test]
async fn an_applicant_who_applied_cannot_apply_again() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    sqlx::query("insert into applications (vacancy_id, applicant_user_id) select $1, id from users where username = 'mari@example.ee'")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    let page: Value = app.client.get(&format!("/api/open/vacancies/{id}")).await.json().await.unwrap();
    assert_eq!(page["canApply"], false);
}

#[tokio::test]
async fn a_view_is_counted_once_per_visitor_and_hour() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    let before: Value = app.client.get(&format!("/api/open/vacancies/{id}")).await.json().await.unwrap();
    let updated_before: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("select updated_at from vacancies where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();

    for _ in 0..3 {
        let token = app.client.xsrf().await;
        let response = app
            .client
            .http
            .patch(app.client.url("/api/open/metrics/vacancy"))
            .header("x-xsrf-token", token)
            .json(&json!({ "vacancyId": id, "viewDate": "2026-11-21T10:00:00Z" }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
    let after: Value = app.client.get(&format!("/api/open/vacancies/{id}")).await.json().await.unwrap();
    assert_eq!(after["viewsCount"].as_i64().unwrap(), before["viewsCount"].as_i64().unwrap() + 1);
    let updated_after: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("select updated_at from vacancies where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(updated_before, updated_after, "a view is not a change to re-index");

    let token = app.client.xsrf().await;
    let unknown = app
        .client
        .http
        .patch(app.client.url("/api/open/metrics/vacancy"))
        .header("x-xsrf-token", token)
        .json(&json!({ "vacancyId": Uuid::new_v4() }))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_companies_list_profile_vacancies_and_branding() {
    let app = spawn_app().await;
    let busy = company(&app, "Põhja Köök OÜ", "12345678").await;
    company(&app, "Vaikne OÜ", "11111116").await;
    let older = publish(&app, busy, NewVacancy::default(), true).await;
    sqlx::query("update vacancies set publish_at = now() - interval '2 days' where id = $1").bind(older).execute(&app.pool).await.unwrap();
    let newer = publish(&app, busy, NewVacancy { occupation: "DRIVER", category: "TRANSPORT_LOGISTICS", ..NewVacancy::default() }, true).await;
    sqlx::query("insert into company_descriptions (company_id, language_code, content) values ($1, 'et', 'Parim köök')")
        .bind(busy)
        .execute(&app.pool)
        .await
        .unwrap();

    let (status, list) = get_in(&app, "/api/open/companies/EE/list?size=50", "et").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["totalElements"], 2);
    assert_eq!(list["totalPages"], 1);
    assert_eq!(list["content"][0]["businessName"], "Põhja Köök OÜ", "most vacancies first");
    assert_eq!(list["content"][0]["vacanciesCount"], 2);

    let (status, profile) = get_in(&app, "/api/open/companies/EE/12345678", "et").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(profile["vacanciesCount"], 2);
    assert_eq!(profile["profile"]["descriptions"][0]["content"], "Parim köök");

    let (status, vacancies) = get_in(&app, "/api/open/companies/EE/12345678/vacancies", "et").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(vacancies["totalElements"], 2);
    assert_eq!(vacancies["content"][0]["vacancyId"], newer.to_string(), "newest first");
    assert_eq!(vacancies["content"][1]["vacancyId"], older.to_string());

    let (status, branding) = get_in(&app, "/api/open/companies/EE/12345678/company-branding", "et").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(branding, json!({ "cover": null, "gallery": [], "video": null }));

    let (status, _) = get_in(&app, "/api/open/companies/EE/99999999", "et").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, error) = error_of(app.client.get("/api/open/companies/EE/list?size=500").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "size");
}

#[tokio::test]
async fn company_pictures_are_public_and_other_files_are_not() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let png = b"\x89PNG\r\n\x1a\n fake image bytes".to_vec();
    let key = app.files.put(&png).await.unwrap();
    let owner: Uuid = sqlx::query_scalar("insert into users (username) values ('o@example.ee') returning id").fetch_one(&app.pool).await.unwrap();
    let mut tx = app.pool.begin().await.unwrap();
    let logo = domain::files::insert_file(&mut tx, owner, "company_logo", "logo.png", domain::files::Sniffed::Png, &png, &key, "not_applicable").await.unwrap();
    let pdf_key = app.files.put(b"%PDF-").await.unwrap();
    let private = domain::files::insert_file(&mut tx, owner, "cv_pdf", "cv.pdf", domain::files::Sniffed::Pdf, b"%PDF-", &pdf_key, "pending").await.unwrap();
    tx.commit().await.unwrap();
    sqlx::query("insert into company_profiles (company_id, logo_file_id) values ($1, $2)").bind(company_id).bind(logo).execute(&app.pool).await.unwrap();

    let response = app.client.http.get(app.client.url(&format!("/api/files/{logo}"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "image/png");
    assert!(response.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    let response = app.client.http.get(app.client.url(&format!("/api/files/{private}"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND, "a CV file is never public");
    let (_, profile) = get_in(&app, "/api/open/companies/EE/12345678", "et").await;
    assert_eq!(profile["profile"]["logo"]["url"], format!("/api/files/{logo}"));
}

#[tokio::test]
async fn robots_and_the_sitemaps_list_every_public_page_per_language() {
    let app = crate::search::spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    let text = |path: &'static str| {
        let client = app.client.http.clone();
        let url = app.client.url(path);
        async move {
            let response = client.get(url).send().await.unwrap();
            (response.status(), response.text().await.unwrap())
        }
    };

    let (status, robots) = text("/robots.txt").await;
    assert_eq!(status, StatusCode::OK);
    assert!(robots.contains("Disallow: /api/"));
    assert!(robots.contains(&format!("Sitemap: {}/sitemap.xml", crate::helpers::TEST_PUBLIC_URL)), "{robots}");

    let (status, index) = text("/sitemap.xml").await;
    assert_eq!(status, StatusCode::OK);
    for name in ["pages.xml", "vacancies-0.xml", "companies-0.xml"] {
        assert!(index.contains(&format!("{}/sitemaps/{name}", crate::helpers::TEST_PUBLIC_URL)), "{index}");
    }
    let (_, vacancies) = text("/sitemaps/vacancies-0.xml").await;
    for lang in ["et", "en", "ru"] {
        assert!(vacancies.contains(&format!("<loc>{}/{lang}/vacancies/{id}</loc>", crate::helpers::TEST_PUBLIC_URL)), "{vacancies}");
        assert!(vacancies.contains(&format!("hreflang=\"{lang}\"")));
    }
    assert!(vacancies.contains("<lastmod>"));
    let (_, companies) = text("/sitemaps/companies-0.xml").await;
    assert!(companies.contains("/et/companies/EE/12345678</loc>"));
    let (_, pages) = text("/sitemaps/pages.xml").await;
    assert!(pages.contains("/en/vacancies?categoryCode=CATERING</loc>"));
    // landing pages: Estonia always, a place once it has open vacancies (the worker indexes them)
    assert!(pages.contains("/ru/locations/EE</loc>"));
    crate::search::eventually(&app, json!({}), |page| page["totalElements"] == 1).await;
    let (_, pages) = text("/sitemaps/pages.xml").await;
    for code in ["EE", "0037", "0784"] {
        assert!(pages.contains(&format!("/et/locations/{code}</loc>")), "{code}: {pages}");
    }
    assert!(!pages.contains("/et/locations/0141</loc>"), "Anija vald has no vacancies");
    let (status, _) = text("/sitemaps/nothing.xml").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

fn json_ld(html: &str) -> Option<Value> {
    let start = html.find("<script type=\"application/ld+json\">")? + "<script type=\"application/ld+json\">".len();
    let end = start + html[start..].find("</script>")?;
    Some(serde_json::from_str(&html[start..end]).expect("JSON-LD is valid JSON"))
}

#[tokio::test]
async fn a_vacancy_page_carries_job_posting_data_until_it_ends() {
    let dir = crate::web::dist();
    let app = crate::helpers::spawn_app_with(crate::helpers::AppOptions { worker: true, web_dist: Some(dir.clone()), ..Default::default() }).await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy { remote: true, ..NewVacancy::default() }, true).await;
    crate::search::eventually(&app, json!({}), |page| page["totalElements"] == 1).await;

    let html = app.client.http.get(app.client.url(&format!("/en/vacancies/{id}"))).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("<title>Cook — Põhja Köök OÜ | Vakants</title>"), "{html}");
    assert!(!html.contains("noindex"));
    let posting = json_ld(&html).expect("a JobPosting");
    assert_eq!(posting["@type"], "JobPosting");
    for required in ["title", "description", "datePosted", "hiringOrganization", "jobLocation"] {
        assert!(!posting[required].is_null(), "{required} in {posting}");
    }
    assert_eq!(posting["hiringOrganization"]["name"], "Põhja Köök OÜ");
    assert_eq!(posting["baseSalary"]["currency"], "EUR");
    assert_eq!(posting["baseSalary"]["value"]["unitText"], "MONTH");
    assert_eq!(posting["employmentType"], "FULL_TIME");
    assert_eq!(posting["jobLocationType"], "TELECOMMUTE");
    assert_eq!(posting["jobLocation"]["address"]["addressLocality"], "Tallinn");
    assert_eq!(posting["directApply"], true);
    assert!(posting["validThrough"].is_string());
    assert!(posting["description"].as_str().unwrap().starts_with("<p>"));

    // ended as a write of the product ends it: with its index job (a visitor's page is kept until
    // the index changes)
    let mut tx = app.pool.begin().await.unwrap();
    sqlx::query("update vacancies set valid_until = now() - interval '1 day', publish_at = now() - interval '31 days' where id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .unwrap();
    jobs::enqueue_index(&mut tx, &[IndexJob::Vacancy(id)]).await.unwrap();
    tx.commit().await.unwrap();
    crate::search::eventually(&app, json!({}), |page| page["totalElements"] == 0).await;
    let html = app.client.http.get(app.client.url(&format!("/en/vacancies/{id}"))).send().await.unwrap().text().await.unwrap();
    assert!(html.contains("<meta name=\"robots\" content=\"noindex\" />"));
    assert!(json_ld(&html).is_none(), "an ended vacancy has no JobPosting");

    let missing = app.client.http.get(app.client.url(&format!("/en/vacancies/{}", Uuid::new_v4()))).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_company_page_carries_organization_data() {
    let (app, dir) = crate::web::app_with_dist().await;
    company(&app, "Põhja Köök OÜ", "12345678").await;
    let response = app.client.http.get(app.client.url("/et/companies/EE/12345678")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    assert!(html.contains("<title>Põhja Köök OÜ | Vakants</title>"));
    let organization = json_ld(&html).expect("an Organization");
    assert_eq!(organization["@type"], "Organization");
    assert_eq!(organization["name"], "Põhja Köök OÜ");
    let missing = app.client.http.get(app.client.url("/et/companies/EE/99999999")).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_location_page_names_the_place_its_parents_and_counts_vacancies_inside() {
    let options = crate::helpers::AppOptions { worker: true, web_dist: Some(crate::web::dist()), ..Default::default() };
    let app = crate::helpers::spawn_app_with(options).await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    publish(&app, company_id, NewVacancy::default(), true).await;
    publish(&app, company_id, NewVacancy { place: "0198", ..NewVacancy::default() }, true).await;
    crate::search::eventually(&app, json!({}), |page| page["totalElements"] == 2).await;

    let (status, estonia) = get_in(&app, "/api/open/locations/EE", "en").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(estonia["label"], "Estonia");
    assert_eq!(estonia["kind"], "country");
    assert_eq!(estonia["vacancyCount"], 2);
    assert_eq!(estonia["parents"], json!([]));
    assert_eq!(estonia["children"], json!([{ "code": "0037", "kind": "county", "label": "Harju County", "vacancyCount": 2 }]));

    let (_, county) = get_in(&app, "/api/open/locations/0037", "et").await;
    assert_eq!(county["label"], "Harju maakond");
    assert_eq!(county["parents"], json!([{ "code": "EE", "kind": "country", "label": "Eesti" }]));
    let children: Vec<&str> = county["children"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(children.len(), 2, "Tallinn and Harku vald, not the parishes without vacancies: {county}");
    assert!(children.contains(&"0784") && children.contains(&"0198"));

    let (_, town) = get_in(&app, "/api/open/locations/0784", "ru").await;
    assert_eq!(town["label"], "Таллинн");
    assert_eq!(town["vacancyCount"], 1);
    assert_eq!(town["parents"].as_array().unwrap().len(), 2);

    for unknown in ["9999", "DROP", "a%20b", "0784x"] {
        let (status, body) = get_in(&app, &format!("/api/open/locations/{unknown}"), "et").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{unknown}: {body}");
    }

    let html = |path: String| {
        let client = app.client.http.clone();
        let url = app.client.url(&path);
        async move {
            let response = client.get(url).send().await.unwrap();
            (response.status(), response.text().await.unwrap())
        }
    };
    let (status, page) = html("/en/locations/0037".into()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<title>Jobs in Harju County | Vakants</title>"), "{page}");
    assert!(page.contains("2 open vacancies in Harju County"));
    assert!(!page.contains("noindex"));
    let breadcrumbs = json_ld(&page).expect("a BreadcrumbList");
    assert_eq!(breadcrumbs["@type"], "BreadcrumbList");
    assert_eq!(breadcrumbs["itemListElement"][1]["name"], "Harju County");
    let (_, empty) = html("/et/locations/0141".into()).await;
    assert!(empty.contains("noindex"), "a place without vacancies is not indexed");
    let (status, _) = html("/et/locations/9999".into()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
