//! The index pipeline (write -> job -> worker -> searchable) and the search endpoints.

use std::time::Duration;

use domain::platform::jobs::{self, IndexJob};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{AppOptions, TestApp, error_of, spawn_app, spawn_app_with};

pub(crate) async fn spawn_with_worker() -> TestApp {
    spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await
}

pub(crate) async fn company(app: &TestApp, name: &str, registry_code: &str) -> Uuid {
    sqlx::query_scalar("insert into companies (registry_code, business_name, ehak_code) values ($1, $2, '0784') returning id")
        .bind(registry_code)
        .bind(name)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

pub(crate) struct NewVacancy<'a> {
    pub occupation: &'a str,
    pub category: &'a str,
    pub place: &'a str,
    pub teaser_et: &'a str,
    pub salary: Option<(f64, f64)>,
    /// The salary's period (a `ref_salary_periods` code).
    pub salary_period: &'a str,
    pub remote: bool,
    /// When it went live; an hour ago when left out.
    pub publish_at: Option<chrono::DateTime<chrono::Utc>>,
    /// When its run ends; 29 days from now when left out.
    pub valid_until: Option<chrono::DateTime<chrono::Utc>>,
}

impl Default for NewVacancy<'_> {
    fn default() -> Self {
        NewVacancy { occupation: "COOK", category: "CATERING", place: "0784", teaser_et: "Ootame kokka", salary: Some((1500.0, 2000.0)), salary_period: "MONTH", remote: false, publish_at: None, valid_until: None }
    }
}

/// Inserts an active vacancy and, on the same transaction, its index job (what a domain write does).
pub(crate) async fn publish(app: &TestApp, company_id: Uuid, vacancy: NewVacancy<'_>, commit: bool) -> Uuid {
    let mut tx = app.pool.begin().await.unwrap();
    let (from, to, period) = match vacancy.salary {
        Some((f, t)) => (Some(f), Some(t), Some(vacancy.salary_period)),
        None => (None, None, None),
    };
    let id: Uuid = sqlx::query_scalar(
        "insert into vacancies (company_id, status, payment_status, occupation_code, employment_type_code, ehak_code,
                                address, salary_from, salary_to, salary_period_code, salary_by_agreement, remote_work,
                                publish_at, valid_until, renewed_at)
         values ($1, 'EXISTS', 'PAID', $2, 'FULL_TIME', $3, 'Harju maakond, Tallinn', $4, $5, $6, $7, $8,
                 coalesce($9, now() - interval '1 hour'), coalesce($10, now() + interval '29 days'), coalesce($9, now() - interval '1 hour'))
         returning id",
    )
    .bind(company_id)
    .bind(vacancy.occupation)
    .bind(vacancy.place)
    .bind(from)
    .bind(to)
    .bind(period)
    .bind(vacancy.salary.is_none())
    .bind(vacancy.remote)
    .bind(vacancy.publish_at)
    .bind(vacancy.valid_until)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    sqlx::query("insert into vacancy_categories (vacancy_id, category_code) values ($1, $2)")
        .bind(id)
        .bind(vacancy.category)
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query("insert into vacancy_contents (vacancy_id, language_code, teaser, content) values ($1, 'et', $2, $3)")
        .bind(id)
        .bind(vacancy.teaser_et)
        .bind(r#"{"ops":[{"insert":"Tore töökoht sõbralikus meeskonnas.\n"}]}"#)
        .execute(&mut *tx)
        .await
        .unwrap();
    jobs::enqueue_index(&mut tx, &[IndexJob::Vacancy(id)]).await.unwrap();
    if commit {
        tx.commit().await.unwrap();
    } else {
        tx.rollback().await.unwrap();
    }
    id
}

async fn search(app: &TestApp, filter: Value) -> Value {
    let response = app.client.post("/api/open/search", filter).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// Polls the search until `check` holds (the worker commits in ~200 ms batches).
pub(crate) async fn eventually(app: &TestApp, filter: Value, check: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..100 {
        last = search(app, filter.clone()).await;
        if check(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the search never reached the expected state; last answer: {last}");
}

fn ids(page: &Value) -> Vec<String> {
    page["content"].as_array().unwrap().iter().map(|v| v["vacancyId"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn a_published_vacancy_becomes_searchable_with_its_card() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;

    let page = eventually(&app, json!({ "occupation": "kokk" }), |p| ids(p).contains(&id.to_string())).await;
    let card = &page["content"][0];
    assert_eq!(card["occupation"]["labels"]["et"], "Kokk");
    assert_eq!(card["businessName"], "Põhja Köök OÜ");
    assert_eq!(card["salaryFrom"], 1500.0);
    assert_eq!(card["salaryPeriod"]["periodType"], "MONTH");
    assert_eq!(card["new"], true);
    assert_eq!(card["isFavorite"], false);
    assert_eq!(card["teasers"][0]["content"], "Ootame kokka");
    assert_eq!(page["totalElements"], 1);

    // the job was acknowledged only after the commit that made it searchable
    // the index queue only: the time rules' cron ticks share the table
    let pending: i64 = sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1 and status not in ('Done')")
        .bind(jobs::INDEX_QUEUE)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let mut left = pending;
    for _ in 0..50 {
        if left == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        left = sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1 and status not in ('Done')")
            .bind(jobs::INDEX_QUEUE)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    }
    assert_eq!(left, 0, "every index job ends done");
}

#[tokio::test]
async fn a_rolled_back_change_leaves_no_job_and_nothing_to_find() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    publish(&app, company_id, NewVacancy::default(), false).await;
    let visible = publish(&app, company_id, NewVacancy { occupation: "DRIVER", category: "TRANSPORT_LOGISTICS", ..NewVacancy::default() }, true).await;

    eventually(&app, json!({}), |p| ids(p) == vec![visible.to_string()]).await;
    let jobs: i64 = sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1").bind(jobs::INDEX_QUEUE).fetch_one(&app.pool).await.unwrap();
    assert_eq!(jobs, 1, "only the committed change has a job");
}

#[tokio::test]
async fn hiding_a_vacancy_takes_it_out_of_the_results() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    eventually(&app, json!({}), |p| ids(p).contains(&id.to_string())).await;

    let other_company = company(&app, "Muu OÜ", "11111116").await;
    let hide = domain::vacancies::employer_list::StatusChange { status: "HIDDEN", product_codes: None };
    // the user is the invoice's when publishing; hiding makes none
    let user_id = Uuid::nil();
    let err =
        domain::vacancies::employer_list::change_status(&app.pool, other_company, user_id, id, hide, chrono::Utc::now()).await.unwrap_err();
    assert!(matches!(err, domain::Error::Client { code: domain::platform::error::ErrorCode::NotFound, .. }), "another company's vacancy");

    domain::vacancies::employer_list::change_status(&app.pool, company_id, user_id, id, hide, chrono::Utc::now()).await.unwrap();
    eventually(&app, json!({}), |p| p["totalElements"] == 0).await;
}

#[tokio::test]
async fn renaming_a_company_re_indexes_its_vacancies() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Vana Nimi OÜ", "12345678").await;
    publish(&app, company_id, NewVacancy::default(), true).await;
    eventually(&app, json!({}), |p| p["content"][0]["businessName"] == "Vana Nimi OÜ").await;

    domain::vacancies::rename_company(&app.pool, company_id, "Uus Nimi OÜ").await.unwrap();
    eventually(&app, json!({}), |p| p["content"][0]["businessName"] == "Uus Nimi OÜ").await;
}

#[tokio::test]
async fn reconciliation_indexes_rows_that_changed_without_a_job() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    sqlx::query("delete from apalis.jobs").execute(&app.pool).await.unwrap();

    // a worker starting now reconciles first thing
    let (_stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(worker::run(app.pool.clone(), app.index.clone(), app.files.clone(), app.mailing(), stopped));
    eventually(&app, json!({}), |p| ids(p).contains(&id.to_string())).await;
}

#[tokio::test]
async fn filters_and_disjunctive_facets() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    publish(&app, company_id, NewVacancy::default(), true).await;
    publish(&app, company_id, NewVacancy { occupation: "DRIVER", category: "TRANSPORT_LOGISTICS", remote: true, ..NewVacancy::default() }, true)
        .await;
    publish(&app, company_id, NewVacancy { occupation: "SHOP_ASSISTANT", category: "RETAIL", place: "8151", salary: None, ..NewVacancy::default() }, true)
        .await;
    eventually(&app, json!({}), |p| p["totalElements"] == 3).await;

    let page = search(&app, json!({ "categoryCode": "CATERING" })).await;
    assert_eq!(page["totalElements"], 1);
    assert_eq!(page["facets"]["categoryCode"]["TRANSPORT_LOGISTICS"], 1, "other categories still count");
    assert_eq!(page["facets"]["categoryCode"]["CATERING"], 1);

    let page = search(&app, json!({ "categoryCode": ["CATERING", "RETAIL"] })).await;
    assert_eq!(page["totalElements"], 2, "OR inside a group");
    let page = search(&app, json!({ "categoryCode": "CATERING,TRANSPORT_LOGISTICS", "remoteWork": true })).await;
    assert_eq!(page["totalElements"], 1, "AND across groups");

    let tartu_county = search(&app, json!({ "cityCode": "0079" })).await;
    assert_eq!(tartu_county["totalElements"], 1, "a county finds the vacancies of its towns");
    let by_agreement = search(&app, json!({ "salaryByAgreement": true })).await;
    assert_eq!(by_agreement["totalElements"], 1);
    assert_eq!(by_agreement["facets"]["salaryStated"], 0, "counted with the other filters: none by agreement states its pay");

    // "salary stated" (issue 35 §4): the ads that state their pay, a disjunctive flag like the others
    assert_eq!(search(&app, json!({})).await["facets"]["salaryStated"], 2);
    let stated = search(&app, json!({ "salaryStated": true })).await;
    assert_eq!(stated["totalElements"], 2, "{stated}");
    assert!(stated["content"].as_array().unwrap().iter().all(|card| card["payRangeGiven"] == true), "{stated}");
    assert_eq!(stated["facets"]["salaryStated"], 2, "its own filter left out of its count");
    assert_eq!(stated["facets"]["salaryByAgreement"], 0, "and it filters the other groups' counts");
    let remote_and_stated = search(&app, json!({ "salaryStated": true, "remoteWork": true })).await;
    assert_eq!(remote_and_stated["totalElements"], 1);
    assert_eq!((remote_and_stated["facets"]["salaryStated"].clone(), remote_and_stated["facets"]["remoteWork"].clone()), (json!(1), json!(1)));
    let retail = search(&app, json!({ "salaryStated": true, "categoryCode": "RETAIL" })).await;
    assert_eq!(retail["totalElements"], 0, "the shop assistant's salary is by agreement");
    assert_eq!(retail["facets"]["categoryCode"]["CATERING"], 1, "other categories counted with salary stated");
    let (status, body) = error_of(app.client.post("/api/open/search", json!({ "salaryStated": "yes" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let well_paid = search(&app, json!({ "salaryFrom": 1800, "salaryPeriod": "MONTH" })).await;
    assert_eq!(well_paid["totalElements"], 2);
    assert_eq!(well_paid["salaryStats"][0]["count"], 2);

    let categories: Value = app.client.get("/api/open/categories").await.json().await.unwrap();
    let catering = categories.as_array().unwrap().iter().find(|c| c["categoryCode"] == "CATERING").unwrap();
    assert_eq!(catering["sizeCount"], 1);
    assert!(catering["iconCode"].is_string());
    let extended: Value = app.client.get("/api/open/categories/extended").await.json().await.unwrap();
    let catering = extended.as_array().unwrap().iter().find(|c| c["categoryCode"] == "CATERING").unwrap();
    assert!(catering["occupations"].as_array().unwrap().iter().any(|o| o["occupationCode"] == "COOK"));

    let employers: Value = app.client.get("/api/open/search/employers/EE?search=%20P%C3%95HJA").await.json().await.unwrap();
    assert_eq!(employers["content"][0]["businessName"], "Põhja Köök OÜ");
    assert_eq!(employers["content"][0]["vacanciesCount"], 3);
}

#[tokio::test]
async fn salary_stats_come_per_period_and_never_mix_hourly_with_monthly() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    for (salary, period, category) in [
        (Some((7.0, 10.0)), "HOUR", "CATERING"),
        (Some((12.0, 12.0)), "HOUR", "CATERING"),
        (Some((1500.0, 2000.0)), "MONTH", "CATERING"),
        (Some((3000.0, 3400.0)), "MONTH", "RETAIL"),
        (None, "MONTH", "CATERING"),
    ] {
        publish(&app, company_id, NewVacancy { salary, salary_period: period, category, ..NewVacancy::default() }, true).await;
    }
    let page = eventually(&app, json!({}), |p| p["totalElements"] == 5).await;
    let stats = page["salaryStats"].as_array().unwrap();
    assert_eq!(stats.len(), 2, "one entry per period: {stats:?}");
    // the period most vacancies state first; a tie goes by code
    let (hour, month) = (&stats[0], &stats[1]);
    assert_eq!(hour["period"]["periodType"], "HOUR");
    assert_eq!(hour["period"]["label"], "tunnis", "the label in the locale (et by default)");
    assert_eq!((hour["count"].as_u64(), hour["min"].as_f64(), hour["max"].as_f64()), (Some(2), Some(7.0), Some(12.0)));
    assert_eq!(hour["avg"].as_f64(), Some((8.5 + 12.0) / 2.0), "an hourly average of hourly salaries only");
    assert_eq!(hour["median"].as_f64(), Some(10.25));
    assert_eq!(month["period"]["periodType"], "MONTH");
    assert_eq!((month["count"].as_u64(), month["min"].as_f64(), month["max"].as_f64()), (Some(2), Some(1500.0), Some(3400.0)));
    assert_eq!(month["avg"].as_f64(), Some((1750.0 + 3200.0) / 2.0));
    for stat in stats {
        let bars = stat["histogram"].as_array().unwrap();
        assert!(!bars.is_empty() && bars.len() <= 11, "{bars:?}");
        assert_eq!(bars.iter().map(|b| b["count"].as_u64().unwrap()).sum::<u64>(), stat["count"].as_u64().unwrap(), "{bars:?}");
        for key in ["p25", "p75"] {
            assert!(stat[key].is_number(), "{key} in {stat}");
        }
    }

    // for the current filters: a category, a period
    let catering = search(&app, json!({ "categoryCode": "CATERING" })).await;
    let month = catering["salaryStats"].as_array().unwrap().iter().find(|s| s["period"]["periodType"] == "MONTH").unwrap();
    assert_eq!((month["count"].as_u64(), month["max"].as_f64()), (Some(1), Some(2000.0)));
    let hourly = search(&app, json!({ "salaryPeriod": "HOUR" })).await;
    let periods: Vec<&Value> = hourly["salaryStats"].as_array().unwrap().iter().map(|s| &s["period"]["periodType"]).collect();
    assert_eq!(periods, [&json!("HOUR")]);
    // nothing matching: no statistics
    let none = search(&app, json!({ "salaryFrom": 100000 })).await;
    assert_eq!(none["salaryStats"], json!([]));
}

#[tokio::test]
async fn a_signed_in_applicant_sees_favourites_on_cards() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    sqlx::query("insert into favourite_vacancies (user_id, vacancy_id) select id, $1 from users where username = 'mari@example.ee'")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    let page = eventually(&app, json!({}), |p| p["totalElements"] == 1).await;
    assert_eq!(page["content"][0]["isFavorite"], true);
}

#[tokio::test]
async fn bad_filters_are_refused_with_a_message() {
    let app = spawn_app().await;
    for (filter, field) in [
        (json!({ "categoryCode": "NO_SUCH" }), "categoryCode"),
        (json!({ "cityCode": ["0784", "9999"] }), "cityCode"),
        (json!({ "typeOfEmployment": "SOMETIMES" }), "typeOfEmployment"),
        (json!({ "salaryPeriod": "FORTNIGHT" }), "salaryPeriod"),
        (json!({ "salaryFrom": -1 }), "salaryFrom"),
        (json!({ "salaryFrom": 3000, "salaryTo": 2000 }), "salaryFrom"),
    ] {
        let (status, error) = error_of(app.client.post("/api/open/search", filter.clone()).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{filter}");
        assert_eq!(error["field"], field, "{filter}");
    }
    let (status, error) = error_of(app.client.post("/api/open/search?page=600", json!({})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["field"], "page");
    let (status, _) = error_of(app.client.post("/api/open/search", json!({ "salaryFrom": "lots" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = error_of(app.client.post("/api/open/search?size=0", json!({})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn active_cv(app: &TestApp, about: &str) -> Uuid {
    let mut tx = app.pool.begin().await.unwrap();
    let owner: Uuid = sqlx::query_scalar(
        "insert into users (username) values ('cv-' || gen_random_uuid() || '@example.ee') returning id",
    )
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    let id: Uuid = sqlx::query_scalar(
        "insert into cvs (owner_user_id, status, visibility, title, firstname, lastname, city_code, about_me)
         values ($1, 'ACTIVE', 'VISIBLE', 'Kokk', 'Kati', 'Karu', '0784', $2) returning id",
    )
    .bind(owner)
    .bind(about)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    jobs::enqueue_index(&mut tx, &[IndexJob::Cv(id)]).await.unwrap();
    tx.commit().await.unwrap();
    id
}

#[tokio::test]
async fn the_cv_database_needs_an_active_service_and_a_criterion() {
    let app = spawn_with_worker().await;
    app.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
    app.client.sign_in("boss@example.ee").await;
    let cv = active_cv(&app, "Kogenud pagar, armastan küpsetada leiba").await;

    let (status, error) = error_of(app.client.post("/api/employer/search-cv", json!({ "search": "pagar" })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error["code"], "cv_database_access_required");

    sqlx::query(
        "insert into services (company_id, type, product_code, status, starts_at, ends_at)
         select id, 'CV', 'CV_BASE_DAY', 'ACTIVE', now() - interval '1 day', now() + interval '6 days'
         from companies where registry_code = '12345678'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let (status, error) = error_of(app.client.in_english().post("/api/employer/search-cv", json!({})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "Please select at least one search criteria");

    let mut found = Value::Null;
    for _ in 0..100 {
        found = app.client.post("/api/employer/search-cv", json!({ "search": "pagar" })).await.json().await.unwrap();
        if found["totalElements"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(found["content"][0]["cvId"], cv.to_string(), "{found}");
    assert!(found["content"][0]["snippet"].as_str().unwrap().contains("<mark>"), "{found}");
}

#[tokio::test]
async fn the_cv_database_is_closed_to_applicants_and_visitors() {
    let app = spawn_app().await;
    assert_eq!(app.client.post("/api/employer/search-cv", json!({ "search": "x" })).await.status(), StatusCode::UNAUTHORIZED);
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    assert_eq!(app.client.post("/api/employer/search-cv", json!({ "search": "x" })).await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_rebuild_swaps_in_a_fresh_index_that_matches_postgres() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let kept = publish(&app, company_id, NewVacancy::default(), true).await;
    let hidden = publish(&app, company_id, NewVacancy { occupation: "DRIVER", category: "TRANSPORT_LOGISTICS", ..NewVacancy::default() }, true).await;
    eventually(&app, json!({}), |p| p["totalElements"] == 2).await;
    // a change that never got a job: only a rebuild (or reconciliation) can notice it
    sqlx::query("update vacancies set status = 'HIDDEN' where id = $1").bind(hidden).execute(&app.pool).await.unwrap();

    let searching = {
        let client = crate::helpers::TestClient::new(&app.address);
        tokio::spawn(async move {
            for _ in 0..20 {
                let response = client.post("/api/open/search", json!({})).await;
                assert_eq!(response.status(), StatusCode::OK, "searches keep answering during the rebuild");
            }
        })
    };
    let report = worker::rebuild(&app.pool, app.index.as_ref(), &worker::RebuildJob { vacancies: true, cvs: true }).await.unwrap();
    searching.await.unwrap();
    assert_eq!(report.vacancies, 1);
    assert_eq!(report.replayed, 0, "rows the rebuild read as they are now are not queued again: {report:?}");
    eventually(&app, json!({}), |p| ids(p) == vec![kept.to_string()]).await;
    // what the replay after a swap finds: a row changed after the rebuild read it, and not one
    // it read as it is, judged by what the rebuild read and not by search_index_state, where a
    // batch of the running worker may record the version it wrote into the replaced index
    let since = chrono::Utc::now() - chrono::Duration::minutes(5);
    let version_of = |id: Uuid| {
        sqlx::query_scalar::<_, chrono::DateTime<chrono::Utc>>(
            "select greatest(v.updated_at, c.updated_at) from vacancies v join companies c on c.id = v.company_id where v.id = $1",
        )
        .bind(id)
        .fetch_one(&app.pool)
    };
    let read = std::collections::HashMap::from([(kept, version_of(kept).await.unwrap())]);
    assert!(indexer::vacancies::out_of_date_since(&app.pool, since, &read).await.unwrap().is_empty());
    sqlx::query("update vacancies set updated_at = now() + interval '1 second' where id = $1").bind(kept).execute(&app.pool).await.unwrap();
    let written_elsewhere = std::collections::HashMap::from([(kept, version_of(kept).await.unwrap())]);
    indexer::record_indexed(&app.pool, "vacancy", &written_elsewhere, &[]).await.unwrap();
    assert_eq!(
        indexer::vacancies::out_of_date_since(&app.pool, since, &read).await.unwrap(),
        vec![kept],
        "a row changed after the rebuild read it is queued, even when a batch recorded its new version meanwhile"
    );
    sqlx::query("update vacancies set status = 'EXISTS', updated_at = now() + interval '1 second' where id = $1").bind(hidden).execute(&app.pool).await.unwrap();
    let mut made_live = indexer::vacancies::out_of_date_since(&app.pool, since, &read).await.unwrap();
    made_live.sort();
    let mut expected = vec![kept, hidden];
    expected.sort();
    assert_eq!(made_live, expected, "a row made live meanwhile is queued too");
}

#[tokio::test]
async fn a_rebuild_ends_the_index_jobs_waiting_before_it_and_a_bulk_load_waits_behind_users_changes() {
    // no worker: the jobs of these writes wait
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let first = publish(&app, company_id, NewVacancy::default(), true).await;
    let second = publish(&app, company_id, NewVacancy { occupation: "DRIVER", category: "TRANSPORT_LOGISTICS", ..NewVacancy::default() }, true).await;
    let mut conn = app.pool.acquire().await.unwrap();
    jobs::enqueue_index_bulk(&mut conn, &[IndexJob::Vacancy(first), IndexJob::Vacancy(second)]).await.unwrap();
    jobs::enqueue_index(&mut conn, &[IndexJob::Cv(Uuid::new_v4())]).await.unwrap();
    drop(conn);
    let priorities: Vec<(i32, i64)> = sqlx::query_as(
        "select priority, count(*) from apalis.jobs where job_type = $1 and status = 'Pending' group by priority order by priority",
    )
    .bind(jobs::INDEX_QUEUE)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(priorities, vec![(0, 2), (1, 3)], "a user's change is taken before a bulk load's jobs");

    let report = worker::rebuild(&app.pool, app.index.as_ref(), &worker::RebuildJob { vacancies: true, cvs: false }).await.unwrap();
    assert_eq!(report.vacancies, 2);
    assert_eq!(report.covered, 4, "the vacancies' jobs are covered, the CV's is not: the CV index was not rebuilt");
    let waiting: Vec<Vec<u8>> = sqlx::query_scalar("select job from apalis.jobs where job_type = $1 and status = 'Pending'")
        .bind(jobs::INDEX_QUEUE)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(waiting.len(), 1);
    assert!(matches!(serde_json::from_slice(&waiting[0]).unwrap(), IndexJob::Cv(_)));
    eventually(&app, json!({}), |p| p["totalElements"] == 2).await;
}

/// An index as a version with another schema left it: one generation, current.
fn write_foreign_index(dir: &std::path::Path) {
    use tantivy::schema::{STORED, Schema, TEXT};
    let mut builder = Schema::builder();
    let title = builder.add_text_field("title", TEXT | STORED);
    std::fs::create_dir_all(dir.join("gen-1")).unwrap();
    let index = tantivy::Index::create_in_dir(dir.join("gen-1"), builder.build()).unwrap();
    let mut writer: tantivy::IndexWriter = index.writer_with_num_threads(1, 15_000_000).unwrap();
    writer.add_document(tantivy::doc!(title => "Kokk")).unwrap();
    writer.commit().unwrap();
    std::fs::write(dir.join("CURRENT"), "gen-1").unwrap();
}

#[tokio::test]
async fn an_index_with_another_schema_is_rebuilt_by_the_worker_that_opens_it() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    // a worker of the previous version indexed it: Postgres records it as indexed
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let first = tokio::spawn(worker::run(app.pool.clone(), app.index.clone(), app.files.clone(), app.mailing(), stopped));
    eventually(&app, json!({}), |p| ids(p) == vec![id.to_string()]).await;
    stop.send(true).unwrap();
    first.await.unwrap().unwrap();

    // the upgraded worker finds the index with another schema: nothing but a rebuild fills it
    // (no index job is left, and the reconciliation finds every row indexed)
    let root = app.data_dir.join("upgraded-index");
    write_foreign_index(&root.join("vacancies"));
    let engine = search::TantivyEngine::open(&root, search::AccessMode::Writer).unwrap();
    assert_eq!(engine.replaced_indexes(), vec![search::IndexKind::Vacancies]);
    let (_stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(worker::run(app.pool.clone(), std::sync::Arc::new(engine.clone()), app.files.clone(), app.mailing(), stopped));

    let query = search::VacancyQuery { now: chrono::Utc::now(), ..search::VacancyQuery::default() };
    let mut found = Vec::new();
    for _ in 0..300 {
        found = engine.search_vacancies_sync(&query).unwrap().hits.iter().map(|h| h.card.vacancy_id).collect();
        if !found.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(found, vec![id], "the rebuild filled the new index");
    let queued: Vec<(Vec<u8>, String)> = sqlx::query_as("select job, status from apalis.jobs where job_type = $1")
        .bind(worker::REBUILD_QUEUE)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(queued.len(), 1, "one rebuild was queued");
    assert_eq!(serde_json::from_slice::<Value>(&queued[0].0).unwrap(), json!({ "vacancies": true, "cvs": false }));
}

#[tokio::test]
async fn a_rebuild_asked_through_the_queue_is_done_by_the_running_worker() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    eventually(&app, json!({}), |p| p["totalElements"] == 1).await;
    sqlx::query("update vacancy_contents set teaser = 'Ootame pagarit' where vacancy_id = $1").bind(id).execute(&app.pool).await.unwrap();

    let task = apalis_core::task::builder::TaskBuilder::new(serde_json::to_vec(&worker::RebuildJob { vacancies: true, cvs: false }).unwrap()).build();
    let mut conn = app.pool.acquire().await.unwrap();
    apalis_postgres::queries::push_tasks(&mut *conn, worker::REBUILD_QUEUE, vec![task]).await.unwrap();
    eventually(&app, json!({ "occupation": "pagarit" }), |p| ids(p) == vec![id.to_string()]).await;
}

fn cache_of(response: &reqwest::Response) -> Option<String> {
    response.headers().get("x-search-cache").map(|v| v.to_str().unwrap().to_string())
}

/// Searches until the answer comes from memory (the worker may still commit a batch or two after
/// the one that made the vacancies searchable: the reconciliation at its start queues them again).
async fn kept_answer(client: &crate::helpers::TestClient, filter: Value) -> Value {
    for _ in 0..50 {
        let response = client.post("/api/open/search", filter.clone()).await;
        if cache_of(&response).as_deref() == Some("hit") {
            return response.json().await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the search of {filter} was never answered from memory");
}

#[tokio::test]
async fn a_kept_answer_gives_way_to_the_next_index_commit() {
    if crate::meili::skip_on_meilisearch("a_kept_answer_gives_way_to_the_next_index_commit", "visitors' answers are kept only while the engine tells its index version (tantivy)") {
        return;
    }
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let first = publish(&app, company_id, NewVacancy::default(), true).await;
    eventually(&app, json!({ "categoryCode": ["CATERING"] }), |p| p["totalElements"] == 1).await;

    // the same search, its codes written in another order: answered from memory
    let again = kept_answer(&app.client, json!({ "categoryCode": ["CATERING", "CATERING"] })).await;
    assert_eq!(ids(&again), vec![first.to_string()]);

    // a write committed to the index makes the kept answer unreachable
    let second = publish(&app, company_id, NewVacancy::default(), true).await;
    let page = eventually(&app, json!({ "categoryCode": ["CATERING"] }), |p| p["totalElements"] == 2).await;
    assert!(ids(&page).contains(&second.to_string()));
    let page = kept_answer(&app.client, json!({ "categoryCode": ["CATERING"] })).await;
    assert_eq!(page["totalElements"], 2);
    // a kept answer goes out compressed as the client accepts, decoding to the same answer
    let compressed = app
        .client
        .http
        .post(app.client.url("/api/open/search"))
        .header("accept-encoding", "gzip, br")
        .json(&json!({ "categoryCode": ["CATERING"] }))
        .send()
        .await
        .unwrap();
    assert_eq!(cache_of(&compressed).as_deref(), Some("hit"));
    assert_eq!(compressed.headers()["content-encoding"], "br");
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(&mut brotli_decompressor::Decompressor::new(&compressed.bytes().await.unwrap()[..], 4096), &mut decoded).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&decoded).unwrap(), page);

    // hiding takes it out of the kept answers too
    let hide = domain::vacancies::employer_list::StatusChange { status: "HIDDEN", product_codes: None };
    domain::vacancies::employer_list::change_status(&app.pool, company_id, Uuid::nil(), first, hide, chrono::Utc::now()).await.unwrap();
    let page = eventually(&app, json!({ "categoryCode": ["CATERING"] }), |p| p["totalElements"] == 1).await;
    assert_eq!(ids(&page), vec![second.to_string()]);
}

#[tokio::test]
async fn an_answer_computed_for_a_request_goes_out_gzipped_fast_and_an_answer_asked_again_in_brotli() {
    if crate::meili::skip_on_meilisearch("an_answer_computed_for_a_request_goes_out_gzipped_fast_and_an_answer_asked_again_in_brotli", "visitors' answers are kept only while the engine tells its index version (tantivy)") {
        return;
    }
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    publish(&app, company_id, NewVacancy::default(), true).await;
    eventually(&app, json!({ "categoryCode": ["CATERING"] }), |p| p["totalElements"] == 1).await;
    let search = || {
        app.client.http.post(app.client.url("/api/open/search")).header("accept-encoding", "br, gzip").json(&json!({})).send()
    };
    // the first time a search is asked its answer is made for this request: the cheapest coding
    let first = search().await.unwrap();
    assert_ne!(cache_of(&first).as_deref(), Some("hit"));
    assert_eq!(first.headers()["content-encoding"], "gzip");
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&first.bytes().await.unwrap()[..]), &mut decoded).unwrap();
    let page: Value = serde_json::from_slice(&decoded).unwrap();
    assert_eq!(page["totalElements"], 1);
    // asked again from memory: the kept form, br as the client prefers
    for _ in 0..50 {
        let again = search().await.unwrap();
        if cache_of(&again).as_deref() != Some("hit") {
            assert_eq!(again.headers()["content-encoding"], "gzip", "a miss after another commit is made afresh");
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        assert_eq!(again.headers()["content-encoding"], "br");
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut brotli_decompressor::Decompressor::new(&again.bytes().await.unwrap()[..], 4096), &mut decoded).unwrap();
        assert_eq!(serde_json::from_slice::<Value>(&decoded).unwrap()["totalElements"], 1);
        return;
    }
    panic!("the search was never answered from memory");
}

#[tokio::test]
async fn an_applicants_search_is_never_answered_from_memory() {
    if crate::meili::skip_on_meilisearch("an_applicants_search_is_never_answered_from_memory", "visitors' answers are kept only while the engine tells its index version (tantivy)") {
        return;
    }
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;
    eventually(&app, json!({}), |p| p["totalElements"] == 1).await;
    kept_answer(&app.client, json!({})).await;

    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    let applicant = app.new_client();
    applicant.sign_in("mari@example.ee").await;
    sqlx::query("insert into favourite_vacancies (user_id, vacancy_id) select id, $1 from users where username = 'mari@example.ee'")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    let response = applicant.post("/api/open/search", json!({})).await;
    assert_eq!(cache_of(&response), None);
    let page: Value = response.json().await.unwrap();
    assert_eq!(page["content"][0]["isFavorite"], true);
}
