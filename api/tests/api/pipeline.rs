//! The index pipeline under stress: PDF text, broken files, and a worker killed mid-batch.

use std::time::Duration;

use domain::platform::jobs::{self, IndexJob};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{AppOptions, StreamedVacancy, TestApp, spawn_app, spawn_app_with, start_worker, stream_vacancies};

async fn applicant_cv(app: &TestApp) -> (Uuid, Uuid) {
    let owner: Uuid = sqlx::query_scalar("insert into users (username) values ('cv-' || gen_random_uuid() || '@example.ee') returning id")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let mut tx = app.pool.begin().await.unwrap();
    let cv: Uuid = sqlx::query_scalar(
        "insert into cvs (owner_user_id, status, visibility, title, firstname, lastname) values ($1, 'ACTIVE', 'VISIBLE', 'Töömees', 'Toomas', 'Tamm') returning id",
    )
    .bind(owner)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    jobs::enqueue_index(&mut tx, &[IndexJob::Cv(cv)]).await.unwrap();
    tx.commit().await.unwrap();
    (owner, cv)
}

async fn cv_search_until(app: &TestApp, text: &str, check: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..150 {
        last = app.client.post("/api/employer/search-cv", json!({ "search": text })).await.json().await.unwrap();
        if check(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the CV search never reached the expected state; last answer: {last}");
}

#[tokio::test]
async fn the_text_of_an_uploaded_pdf_becomes_findable_in_the_cv_database() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let (owner, cv) = applicant_cv(&app).await;
    let pdf = fixtures::pdf::text_pdf("Elulookirjeldus\nSertifitseeritud kraanajuht, 12 aastat kogemust sadamas.");

    domain::files::attach_cv_file(&app.pool, &app.files, owner, cv, "cv.pdf", &pdf).await.unwrap();

    let found = cv_search_until(&app, "kraanajuht", |v| v["totalElements"] == 1).await;
    assert_eq!(found["content"][0]["cvId"], cv.to_string());
    assert!(found["content"][0]["snippet"].as_str().unwrap().contains("<mark>"), "{found}");
    let status: String = sqlx::query_scalar("select text_status from files").fetch_one(&app.pool).await.unwrap();
    assert_eq!(status, "extracted");
}

#[tokio::test]
async fn a_broken_pdf_is_marked_text_unavailable_and_the_queue_moves_on() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    app.employer_with_cv_access().await;
    let (owner, cv) = applicant_cv(&app).await;
    let broken = b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF".to_vec();
    domain::files::attach_cv_file(&app.pool, &app.files, owner, cv, "broken.pdf", &broken).await.unwrap();
    let (other_owner, other_cv) = applicant_cv(&app).await;
    let good = fixtures::pdf::text_pdf("Kogenud pottsepp");
    domain::files::attach_cv_file(&app.pool, &app.files, other_owner, other_cv, "cv.pdf", &good).await.unwrap();

    cv_search_until(&app, "pottsepp", |v| v["totalElements"] == 1).await;
    let mut state = (String::new(), None::<String>);
    for _ in 0..100 {
        state = sqlx::query_as("select text_status, text_unavailable_reason from files where original_name = 'broken.pdf'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
        if state.0 != "pending" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(state.0, "unavailable");
    assert!(state.1.is_some_and(|reason| !reason.is_empty()));
    cv_search_until(&app, "Toomas", |v| v["totalElements"] == 2).await;
}

#[tokio::test]
async fn a_cv_file_is_checked_by_content_and_size() {
    let app = spawn_app_with(AppOptions::default()).await;
    let (owner, cv) = applicant_cv(&app).await;
    let err = domain::files::attach_cv_file(&app.pool, &app.files, owner, cv, "cv.pdf", b"MZ\x90\x00 an executable").await.unwrap_err();
    assert!(err.to_string().starts_with("Wrong file"), "{err}");
    let huge = [b"%PDF-1.7\n".as_slice(), &vec![b' '; domain::files::MAX_PDF_BYTES]].concat();
    let err = domain::files::attach_cv_file(&app.pool, &app.files, owner, cv, "cv.pdf", &huge).await.unwrap_err();
    assert_eq!(err.to_string(), "The file is too large");
    let stranger = Uuid::new_v4();
    let pdf = fixtures::pdf::text_pdf("x");
    let err = domain::files::attach_cv_file(&app.pool, &app.files, stranger, cv, "cv.pdf", &pdf).await.unwrap_err();
    assert_eq!(err.to_string(), "Not found", "another user's CV");
}

#[tokio::test]
async fn a_cv_file_may_be_a_picture_whose_text_is_not_read_and_a_pdf_replaces_it() {
    let app = spawn_app_with(AppOptions::default()).await;
    let (owner, cv) = applicant_cv(&app).await;
    // a PNG's signature and header: enough for the content check
    let png = [b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR".as_slice(), &[0u8; 64]].concat();
    let extractions = |app: &TestApp| {
        let pool = app.pool.clone();
        async move {
            let count: i64 = sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1")
                .bind(domain::platform::jobs::EXTRACT_QUEUE)
                .fetch_one(&pool)
                .await
                .unwrap();
            count
        }
    };
    let queued = extractions(&app).await;
    let file = domain::files::attach_cv_file(&app.pool, &app.files, owner, cv, "scan.png", &png).await.unwrap();
    let (kind, content_type, text_status): (String, String, String) =
        sqlx::query_as("select kind, content_type, text_status from files where id = $1").bind(file).fetch_one(&app.pool).await.unwrap();
    assert_eq!((kind.as_str(), content_type.as_str(), text_status.as_str()), ("cv_pdf", "image/png", "not_applicable"));
    assert_eq!(extractions(&app).await, queued, "a picture's text is not extracted");
    let pdf = fixtures::pdf::text_pdf("Toomas");
    let replaced = domain::files::attach_cv_file(&app.pool, &app.files, owner, cv, "cv.pdf", &pdf).await.unwrap();
    let left: i64 = sqlx::query_scalar("select count(*) from files where id = $1").bind(file).fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0, "the picture is erased when a PDF replaces it");
    let status: String = sqlx::query_scalar("select text_status from files where id = $1").bind(replaced).fetch_one(&app.pool).await.unwrap();
    assert_eq!(status, "pending", "a PDF's text is read");
    assert_eq!(extractions(&app).await, queued + 1, "the PDF's extraction is queued");
    let err = domain::files::attach_cv_file(&app.pool, &app.files, owner, cv, "cv.gif", b"GIF89a not a CV file type").await.unwrap_err();
    assert_eq!(err.to_string(), "Wrong file: a CV must be a PDF document or a picture (PNG or JPEG)");
}

async fn total(app: &TestApp) -> u64 {
    let page: Value = app.client.post("/api/open/search?size=1", json!({})).await.json().await.unwrap();
    page["totalElements"].as_u64().unwrap()
}

#[tokio::test]
async fn killing_the_worker_mid_batch_loses_nothing() {
    let app = spawn_app_with(AppOptions { index_reader: true, ..AppOptions::default() }).await;
    let company: Uuid = sqlx::query_scalar("insert into companies (registry_code, business_name) values ('12345678', 'Kiire OÜ') returning id")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let mut worker = start_worker(&app);
    const COUNT: u64 = 400;
    let writes = stream_vacancies(&app.pool, company, COUNT as usize, |_| StreamedVacancy::default());
    // kill it once some, but not all, of the writes are searchable: in the middle of batches
    for _ in 0..300 {
        let seen = total(&app).await;
        if seen > 0 && seen < COUNT {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    worker.start_kill().unwrap();
    worker.wait().await.unwrap();
    writes.await.unwrap();
    let before_restart = total(&app).await;
    assert!(before_restart < COUNT, "the kill came before the end ({before_restart} searchable)");

    let _restarted = start_worker(&app);
    let mut seen = 0;
    for _ in 0..600 {
        seen = total(&app).await;
        if seen == COUNT {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(seen, COUNT, "every change is searchable after the restart");
    assert_eq!(app.client.post("/api/open/search", json!({})).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_poison_job_ends_failed_after_its_attempts_and_is_listed() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    let (owner, cv) = applicant_cv(&app).await;
    // a file row whose bytes are gone from the store: the job cannot succeed, however often it runs
    let mut tx = app.pool.begin().await.unwrap();
    let file_id = domain::files::insert_file(&mut tx, owner, "cv_pdf", "lost.pdf", domain::files::Sniffed::Pdf, b"%PDF-", "zz/missing-file-key", "pending")
        .await
        .unwrap();
    jobs::enqueue_extraction(&mut tx, &[jobs::ExtractPdfText { file_id, cv_id: Some(cv) }]).await.unwrap();
    tx.commit().await.unwrap();

    let mut failed = Vec::new();
    for _ in 0..200 {
        failed = domain::platform::jobs::failed(&app.pool).await.unwrap();
        if !failed.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(failed.len(), 1, "the job is listed once it used up its attempts");
    assert_eq!(failed[0].attempts as usize, jobs::MAX_ATTEMPTS);
    assert!(failed[0].payload.contains(&file_id.to_string()));
    // the queue keeps working for everyone else
    let good = fixtures::pdf::text_pdf("Kogenud pottsepp");
    domain::files::attach_cv_file(&app.pool, &app.files, owner, cv, "cv.pdf", &good).await.unwrap();
    app.employer_with_cv_access().await;
    cv_search_until(&app, "pottsepp", |v| v["totalElements"] == 1).await;
}

#[tokio::test]
async fn maintenance_deletes_jobs_that_ended_well_a_day_ago_and_keeps_failed_ones() {
    let app = crate::helpers::spawn_app().await;
    for (id, status, hours_ago) in [("done-old", "Done", 25), ("done-young", "Done", 23), ("failed-old", "Failed", 48)] {
        sqlx::query(
            "insert into apalis.jobs (job, id, job_type, status, attempts, done_at)
             values ('{}'::bytea, $1, 'vakants.test', $2, 1, now() - make_interval(hours => $3))",
        )
        .bind(id)
        .bind(status)
        .bind(hours_ago)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    let (_, _, deleted) = worker::maintenance::purge(&app.pool).await.unwrap();
    assert_eq!(deleted, 1);
    let left: Vec<String> = sqlx::query_scalar("select id from apalis.jobs where job_type = 'vakants.test' order by id")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(left, ["done-young", "failed-old"]);
    // a second pass finds nothing more
    assert_eq!(worker::maintenance::purge(&app.pool).await.unwrap().2, 0);
}

/// The queue's fetch (`apalis.get_jobs`, run on every poll of every queue) finds the jobs it
/// claims by their key: planned without its arguments' values, it hashed the whole job table on
/// each poll (bench/results/2026-12-03-http-writes-queue-fetch.md). `migrate` sets the function's
/// settings after the queue's own migrations, on every run.
#[tokio::test]
async fn the_queue_fetch_claims_its_jobs_by_key_not_by_hashing_the_job_table() {
    let app = spawn_app().await;
    // what a deployment runs (again: the template may predate this setting)
    domain::platform::db::migrate(&app.pool).await.expect("migrations apply again");
    let settings: Vec<String> = sqlx::query_scalar(
        "select unnest(proconfig) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'apalis' and p.proname = 'get_jobs' order by 1",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(settings, ["enable_hashjoin=off", "enable_mergejoin=off"]);

    // the function's statement, planned as the function plans it (its arguments unknown) under
    // those settings, walks the job table by key
    let mut conn = app.pool.acquire().await.unwrap();
    for statement in ["set plan_cache_mode = force_generic_plan", "set enable_hashjoin = off", "set enable_mergejoin = off"] {
        sqlx::raw_sql(statement).execute(&mut *conn).await.unwrap();
    }
    sqlx::raw_sql(
        "prepare fetch_jobs(text, text, integer) as
         with jobs as (select id from apalis.jobs
             where (status = 'Pending' or (status = 'Failed' and attempts < max_attempts)) and run_at < now() and job_type = $2
             order by priority desc, run_at asc limit $3 for update skip locked)
         update apalis.jobs j set status = 'Queued', lock_by = $1, lock_at = now() from jobs where j.id = jobs.id returning j.*",
    )
    .execute(&mut *conn)
    .await
    .unwrap();
    let plan: Vec<String> =
        sqlx::query_scalar("explain execute fetch_jobs('w', 'vakants.index', 500)").fetch_all(&mut *conn).await.unwrap();
    let plan = plan.join("\n");
    assert!(plan.contains("Nested Loop") && plan.contains("jobs_pkey"), "{plan}");
    assert!(!plan.contains("Hash Join") && !plan.contains("Seq Scan on jobs j"), "{plan}");
}
