//! The services' lifecycle with a fixed clock (issue 16): CV-database access ends after its days,
//! days bought on top follow the running access, a vacancy's services begin when it goes live,
//! and a finished or cancelled service withdraws what it granted, the index told on the same
//! transaction.

use chrono::{DateTime, TimeDelta, Utc};
use domain::billing::services::{begin_due, cancel_for_invoice, finish_ended};
use serde_json::json;
use uuid::Uuid;

use crate::billing_orders::ordered;
use crate::helpers::{TestApp, spawn_app};
use crate::publishing::{complete_draft, employer_client, published};

async fn service(
    app: &TestApp,
    invoice_id: &str,
    product: &str,
) -> (String, Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
    sqlx::query_as("select status, starts_at, ends_at from services where invoice_id = $1::uuid and product_code = $2")
        .bind(invoice_id)
        .bind(product)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn grants(app: &TestApp, id: Uuid) -> (i16, bool, Option<DateTime<Utc>>) {
    sqlx::query_as("select pro_level, is_branded, promoted_until from vacancies where id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn index_jobs_of(app: &TestApp, id: Uuid) -> i64 {
    sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1 and job = $2")
        .bind(domain::platform::jobs::INDEX_QUEUE)
        .bind(serde_json::to_vec(&domain::platform::jobs::IndexJob::Vacancy(id)).unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn cv_access_for_three_days_ends_after_three_days_once() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let invoice = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 3 }),
    )
    .await;
    let id = invoice["id"].as_str().unwrap();
    let (status, starts, ends) = service(&app, id, "CV_BASE_DAY").await;
    assert_eq!(
        status, "ACTIVE",
        "a contract company's access starts at once"
    );
    let (starts, ends) = (starts.unwrap(), ends.unwrap());
    assert_eq!(ends - starts, TimeDelta::days(3));
    assert!(
        domain::companies::has_cv_database_access(&app.pool, company_id)
            .await
            .unwrap()
    );

    assert_eq!(
        finish_ended(&app.pool, ends - TimeDelta::seconds(1))
            .await
            .unwrap(),
        0,
        "still running a second before"
    );
    assert_eq!(service(&app, id, "CV_BASE_DAY").await.0, "ACTIVE");
    assert_eq!(
        finish_ended(&app.pool, ends).await.unwrap(),
        1,
        "finished at its end"
    );
    assert_eq!(service(&app, id, "CV_BASE_DAY").await.0, "FINISHED");
    assert_eq!(
        finish_ended(&app.pool, ends + TimeDelta::days(1))
            .await
            .unwrap(),
        0,
        "a second run changes nothing"
    );
    assert!(
        !domain::companies::has_cv_database_access(&app.pool, company_id)
            .await
            .unwrap(),
        "the access is gone"
    );
    let offer: serde_json::Value = client
        .get("/api/employer/products/cv-base")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(offer["access"], json!({ "active": false, "endsAt": null }));
}

#[tokio::test]
async fn days_bought_on_top_follow_the_running_access_and_begin_with_the_clock() {
    let app = spawn_app().await;
    let (client, _) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let first = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 3 }),
    )
    .await;
    let second = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 2 }),
    )
    .await;
    let (_, _, first_ends) = service(&app, first["id"].as_str().unwrap(), "CV_BASE_DAY").await;
    let first_ends = first_ends.unwrap();
    let second_id = second["id"].as_str().unwrap();

    let (status, starts, ends) = service(&app, second_id, "CV_BASE_DAY").await;
    assert_eq!(
        (status.as_str(), starts),
        ("WAITING", Some(first_ends)),
        "it begins when the first access ends"
    );
    assert_eq!(ends, Some(first_ends + TimeDelta::days(2)));
    let offer: serde_json::Value = client
        .get("/api/employer/products/cv-base")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(offer["access"]["active"], true);
    assert_eq!(
        offer["access"]["endsAt"]
            .as_str()
            .unwrap()
            .parse::<DateTime<Utc>>()
            .unwrap(),
        first_ends + TimeDelta::days(2)
    );

    assert_eq!(
        begin_due(&app.pool, first_ends - TimeDelta::seconds(1))
            .await
            .unwrap(),
        0,
        "not yet"
    );
    assert_eq!(begin_due(&app.pool, first_ends).await.unwrap(), 1);
    assert_eq!(
        finish_ended(&app.pool, first_ends).await.unwrap(),
        1,
        "the first ends as the second begins"
    );
    assert_eq!(
        begin_due(&app.pool, first_ends).await.unwrap(),
        0,
        "a second run changes nothing"
    );
    assert_eq!(service(&app, second_id, "CV_BASE_DAY").await.0, "ACTIVE");
    assert_eq!(
        service(&app, first["id"].as_str().unwrap(), "CV_BASE_DAY")
            .await
            .0,
        "FINISHED"
    );
}

#[tokio::test]
async fn a_vacancy_s_services_wait_for_it_and_begin_when_it_goes_live() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "kokk", Some(3600)).await;
    let row = published(&client, id, &["VACANCY", "PRO_2"]).await;
    let invoice_id = row["invoice"]["id"].as_str().unwrap();
    let extras = ordered(
        &client,
        json!({ "productCodes": ["BRANDING"], "vacancyId": id }),
    )
    .await;
    let (status, starts, _) = service(&app, invoice_id, "PRO_2").await;
    assert_eq!(status, "WAITING");
    assert_eq!(
        service(&app, extras["id"].as_str().unwrap(), "BRANDING")
            .await
            .0,
        "WAITING",
        "extras for a vacancy still to come wait too"
    );
    let publish_at = starts.unwrap();

    assert_eq!(
        domain::vacancies::time_rules::go_live(&app.pool, publish_at - TimeDelta::minutes(1))
            .await
            .unwrap(),
        0
    );
    assert_eq!(service(&app, invoice_id, "PRO_2").await.0, "WAITING");
    assert_eq!(
        domain::vacancies::time_rules::go_live(&app.pool, publish_at)
            .await
            .unwrap(),
        1
    );

    for (invoice, product) in [
        (invoice_id, "VACANCY"),
        (invoice_id, "PRO_2"),
        (extras["id"].as_str().unwrap(), "BRANDING"),
    ] {
        assert_eq!(
            service(&app, invoice, product).await.0,
            "ACTIVE",
            "{product} began with the vacancy on go_live's transaction"
        );
    }
}

#[tokio::test]
async fn a_finished_service_withdraws_what_it_granted_and_the_vacancy_keeps_the_rest() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    published(&client, id, &["BASIC", "PRO_2"]).await;
    let extras = ordered(
        &client,
        json!({ "productCodes": ["BRANDING", "PRO_4"], "vacancyId": id }),
    )
    .await;
    let extras_id = extras["id"].as_str().unwrap();
    let (pro, branded, promoted_until) = grants(&app, id).await;
    assert_eq!((pro, branded), (4, true));
    assert!(promoted_until.is_some(), "BASIC promotes for a week");

    // the branding ends first (its 30 days set earlier than the vacancy's run)
    let now = Utc::now();
    sqlx::query("update services set ends_at = $2 where invoice_id = $1::uuid and product_code = 'BRANDING'")
        .bind(extras_id)
        .bind(now + TimeDelta::hours(1))
        .execute(&app.pool)
        .await
        .unwrap();
    let jobs = index_jobs_of(&app, id).await;
    assert_eq!(
        finish_ended(&app.pool, now + TimeDelta::hours(1))
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        grants(&app, id).await,
        (4, false, promoted_until),
        "branding off, the PRO level and promotion stay"
    );
    assert_eq!(
        index_jobs_of(&app, id).await,
        jobs + 1,
        "the index learns of it on the same transaction"
    );

    // PRO 4 is cancelled with its invoice: the level falls back to the PRO 2 and BASIC left (2)
    cancel_for_invoice(
        &mut app.pool.acquire().await.unwrap(),
        extras_id.parse().unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(grants(&app, id).await, (2, false, promoted_until));
    assert_eq!(service(&app, extras_id, "PRO_4").await.0, "CANCELLED");
    assert_eq!(
        service(&app, extras_id, "BRANDING").await.0,
        "FINISHED",
        "a finished service is not cancelled"
    );
}

#[tokio::test]
async fn the_vacancy_s_end_finishes_its_services_and_withdraws_its_level_and_promotion() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    let row = published(&client, id, &["PREMIUM"]).await;
    let invoice_id = row["invoice"]["id"].as_str().unwrap();
    let (_, starts, ends) = service(&app, invoice_id, "PREMIUM").await;
    let (starts, ends) = (starts.unwrap(), ends.unwrap());
    assert_eq!(ends - starts, TimeDelta::days(30));
    assert_eq!(grants(&app, id).await.0, 3);

    // day 14: the CV-database fortnight ends, the vacancy keeps its PRO 3 (its VACANCY service runs)
    assert_eq!(
        finish_ended(&app.pool, starts + TimeDelta::days(14))
            .await
            .unwrap(),
        1
    );
    assert_eq!(grants(&app, id).await.0, 3);
    // day 30: the vacancy service ends, PRO level and promotion go
    assert_eq!(finish_ended(&app.pool, ends).await.unwrap(), 1);
    let (pro, branded, promoted_until) = grants(&app, id).await;
    assert_eq!((pro, branded, promoted_until), (0, false, None));
}

#[tokio::test]
async fn an_additional_promotion_lasts_the_vacancy_s_run_and_goes_with_it() {
    let app = spawn_app().await;
    sqlx::query(
        "update products set is_active = true, price_cents = 1500 where code = 'ADDITIONAL_PROMO'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    published(&client, id, &["VACANCY"]).await;
    assert_eq!(grants(&app, id).await.2, None);

    let invoice = ordered(
        &client,
        json!({ "productCodes": ["ADDITIONAL_PROMO"], "vacancyId": id }),
    )
    .await;
    let (status, _, ends) =
        service(&app, invoice["id"].as_str().unwrap(), "ADDITIONAL_PROMO").await;
    let valid_until: DateTime<Utc> =
        sqlx::query_scalar("select valid_until from vacancies where id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((status.as_str(), ends), ("ACTIVE", Some(valid_until)));
    assert_eq!(
        grants(&app, id).await.2,
        Some(valid_until),
        "promoted to the end of its run"
    );

    assert_eq!(
        finish_ended(&app.pool, valid_until).await.unwrap(),
        2,
        "the vacancy and its promotion"
    );
    assert_eq!(grants(&app, id).await.2, None, "the promotion is withdrawn");
}

#[tokio::test]
async fn extras_paid_after_their_vacancy_ended_start_and_end_at_once_without_an_error() {
    let app = spawn_app().await;
    let (client, company_id) =
        employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", false).await;
    let id = complete_draft(&app, company_id, "kokk", None).await;
    let row = published(&client, id, &["VACANCY"]).await;
    let pay = |invoice: String| {
        let client = &client;
        async move {
            client
                .post_empty(&format!("/api/dev/invoices/{invoice}/pay"))
                .await
                .status()
        }
    };
    assert_eq!(
        pay(row["invoice"]["id"].as_str().unwrap().to_string()).await,
        reqwest::StatusCode::NO_CONTENT
    );
    let invoice = ordered(
        &client,
        json!({ "productCodes": ["PRO_3"], "vacancyId": id }),
    )
    .await;
    let invoice_id = invoice["id"].as_str().unwrap().to_string();
    // the vacancy ends before the invoice is paid
    sqlx::query(
        "update vacancies set publish_at = publish_at - interval '31 days', valid_until = valid_until - interval '31 days',
                renewed_at = renewed_at - interval '31 days'
         where id = $1",
    )
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();

    assert_eq!(
        pay(invoice_id.clone()).await,
        reqwest::StatusCode::NO_CONTENT
    );

    let (status, starts, ends) = service(&app, &invoice_id, "PRO_3").await;
    assert_eq!(
        (status.as_str(), ends),
        ("ACTIVE", starts),
        "its run is over: it ends as it starts"
    );
    assert_eq!(grants(&app, id).await.0, 3);
    assert_eq!(
        finish_ended(&app.pool, Utc::now()).await.unwrap(),
        1,
        "the PRO level ends at the next tick"
    );
    assert_eq!(grants(&app, id).await.0, 0);
}

#[tokio::test]
async fn the_worker_s_schedule_begins_and_finishes_services() {
    let app = spawn_app().await;
    let (client, _) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let first = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 1 }),
    )
    .await;
    let second = ordered(
        &client,
        json!({ "productCodes": ["CV_BASE_DAY"], "days": 1 }),
    )
    .await;
    let (first_id, second_id) = (
        first["id"].as_str().unwrap(),
        second["id"].as_str().unwrap(),
    );
    // time passes: the stored periods move back a day, so the first has ended and the second begun
    sqlx::query("update services set starts_at = starts_at - interval '1 day 1 second', ends_at = ends_at - interval '1 day 1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(service(&app, second_id, "CV_BASE_DAY").await.0, "WAITING");

    // the worker's schedule is every minute; every second here
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let every_second = std::str::FromStr::from_str("* * * * * *").unwrap();
    let clock = tokio::spawn(worker::time_rules::run(
        app.pool.clone(),
        every_second,
        move || {
            let mut stopped = stopped.clone();
            async move {
                let _ = stopped.wait_for(|s| *s).await;
                Ok(())
            }
        },
    ));
    let mut statuses = (String::new(), String::new());
    for _ in 0..100 {
        statuses = (
            service(&app, first_id, "CV_BASE_DAY").await.0,
            service(&app, second_id, "CV_BASE_DAY").await.0,
        );
        if statuses == ("FINISHED".to_string(), "ACTIVE".to_string()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(statuses, ("FINISHED".to_string(), "ACTIVE".to_string()));
    stop.send(true).unwrap();
    clock.await.unwrap().unwrap();
}
