//! Limits on what one signed-in user can make the server spend: the occurrences one calendar query
//! expands, the storage and rate of uploads (and the purge of uploads nothing uses), and PDF text
//! extraction in a child process bounded in CPU time, memory and wall time.

use std::time::Duration;

use api::rate_limit::{Limit, RateLimits};
use chrono::Utc;
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::cvs::{applicant, full_cv, save_ok, with};
use crate::helpers::{AppOptions, TestApp, TestClient, error_of, spawn_app, spawn_app_with};
use crate::uploads::{png, upload, upload_ok};

#[tokio::test]
async fn a_calendar_query_expands_at_most_5000_occurrences() {
    let app = spawn_app().await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    // 14 daily series with the longest description: 14 × 365 = 5 110 occurrences in 2026
    for n in 0..14 {
        let event = json!({ "name": format!("Iga päev {n}"), "description": "x".repeat(domain::calendar::MAX_DESCRIPTION),
            "start": "2026-01-01T07:00:00Z", "end": "2026-01-01T08:00:00Z", "recurrence": "FREQ=DAILY" });
        assert_eq!(app.client.post("/api/user/events", event).await.status(), StatusCode::CREATED);
    }

    let (status, body) = error_of(app.client.in_english().get("/api/user/events/my/recurrent?start=2026-01-01&end=2027-01-01").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "too_many_occurrences");
    assert_eq!(body["field"], "end");
    assert!(body["message"].as_str().unwrap().contains("choose a shorter period"), "{body}");

    let response = app.client.get("/api/user/events/my/recurrent?start=2026-05-01&end=2026-06-01").await;
    assert_eq!(response.status(), StatusCode::OK);
    let month: Vec<Value> = response.json().await.unwrap();
    assert_eq!(month.len(), 14 * 31, "a month of the same series answers");
    assert_eq!(month[0]["description"].as_str().unwrap().len(), domain::calendar::MAX_DESCRIPTION);
}

async fn user_id(app: &TestApp, email: &str) -> Uuid {
    sqlx::query_scalar("select id from users where username = $1").bind(email).fetch_one(&app.pool).await.unwrap()
}

/// A stored file of `size` bytes (as recorded) that the user owns, with no bytes on disk.
async fn recorded_file(app: &TestApp, owner: Uuid, size: i64) {
    sqlx::query(
        "insert into files (owner_user_id, kind, original_name, content_type, size_bytes, storage_key, sha256)
         values ($1, 'cv_portfolio', 'big.mp4', 'video/mp4', $2, 'zz/' || gen_random_uuid(), '\\x00')",
    )
    .bind(owner)
    .bind(size)
    .execute(&app.pool)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_users_files_take_at_most_200_mib() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let owner = user_id(&app, "mari@example.ee").await;
    let picture = png();
    recorded_file(&app, owner, domain::files::STORAGE_QUOTA_BYTES - 100_000).await;
    upload_ok(&mari, "kind=certificate&name=fits.png", picture.clone()).await;
    // fill the quota to 10 bytes short: the smallest picture is more
    let used: i64 = sqlx::query_scalar("select sum(size_bytes)::bigint from files where owner_user_id = $1").bind(owner).fetch_one(&app.pool).await.unwrap();
    recorded_file(&app, owner, domain::files::STORAGE_QUOTA_BYTES - used - 10).await;

    let (status, body) = error_of(upload(&mari.in_english(), "kind=certificate&name=one-too-many.png", picture.clone()).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!((body["code"].as_str(), body["field"].as_str()), (Some("storage_quota_exceeded"), Some("file")));
    assert!(body["message"].as_str().unwrap().contains("200 MB"), "{body}");
    let cv = save_ok(&mari, full_cv()).await["cvId"].as_str().unwrap().to_string();
    let (status, body) = error_of(crate::cvs::upload_pdf(&mari, &cv, fixtures::pdf::text_pdf("Elulugu")).await).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("storage_quota_exceeded")), "a CV's PDF counts too");
    let stored: i64 = sqlx::query_scalar("select count(*) from files where owner_user_id = $1").bind(owner).fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 3, "nothing stored past the quota");

    let other = applicant(&app, "jaan@example.ee").await;
    upload_ok(&other, "kind=certificate", picture).await;
}

#[tokio::test]
async fn a_user_uploads_at_most_the_hourly_rate() {
    let limits = RateLimits { uploads_per_user: Limit { max: 3, window_secs: 3600 }, ..RateLimits::default() };
    let app = spawn_app_with(AppOptions { limits, ..AppOptions::default() }).await;
    let mari = applicant(&app, "mari@example.ee").await;
    for _ in 0..3 {
        upload_ok(&mari, "kind=course", png()).await;
    }
    let response = upload(&mari, "kind=course", png()).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    let avatar = avatar_upload(&mari, png()).await;
    assert_eq!(avatar.status(), StatusCode::TOO_MANY_REQUESTS, "the profile picture counts with the other uploads");

    let jaan = applicant(&app, "jaan@example.ee").await;
    upload_ok(&jaan, "kind=course", png()).await;
}

async fn avatar_upload(client: &TestClient, bytes: Vec<u8>) -> reqwest::Response {
    let token = client.xsrf().await;
    client
        .http
        .post(client.url("/api/user/upload/avatar?name=me.png"))
        .header("x-xsrf-token", token)
        .header("content-type", "image/png")
        .body(bytes)
        .send()
        .await
        .unwrap()
}

async fn key_of(app: &TestApp, id: Uuid) -> Option<String> {
    sqlx::query_scalar("select storage_key from files where id = $1").bind(id).fetch_optional(&app.pool).await.unwrap()
}

fn id_of(file: &Value) -> Uuid {
    file["fileId"].as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn uploads_nothing_uses_are_deleted_after_a_day_and_used_ones_kept() {
    let app = spawn_app().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let owner = user_id(&app, "mari@example.ee").await;
    // used: a CV row's file, the profile picture, a company's logo
    let certificate = upload_ok(&mari, "kind=certificate&name=used.png", png()).await;
    save_ok(&mari, with(full_cv(), "/certificates/0/fileId", certificate["fileId"].clone())).await;
    assert_eq!(avatar_upload(&mari, png()).await.status(), StatusCode::OK);
    let avatar: Uuid = sqlx::query_scalar("select avatar_file_id from profiles where user_id = $1").bind(owner).fetch_one(&app.pool).await.unwrap();
    let company = crate::search::company(&app, "Põhja Köök OÜ", "12345678").await;
    let logo_key = app.files.put(&png()).await.unwrap();
    let mut tx = app.pool.begin().await.unwrap();
    let logo = domain::files::insert_file(&mut tx, owner, "company_logo", "logo.png", domain::files::Sniffed::Png, &png(), &logo_key, "not_applicable").await.unwrap();
    tx.commit().await.unwrap();
    sqlx::query("insert into company_profiles (company_id, logo_file_id) values ($1, $2)").bind(company).bind(logo).execute(&app.pool).await.unwrap();
    // unused: one uploaded two days ago, one just now
    let old = id_of(&upload_ok(&mari, "kind=portfolio&name=forgotten.png", png()).await);
    let young = id_of(&upload_ok(&mari, "kind=portfolio&name=being-written.png", png()).await);
    sqlx::query("update files set created_at = now() - interval '2 days' where id <> $1").bind(young).execute(&app.pool).await.unwrap();
    let old_key = key_of(&app, old).await.unwrap();
    assert!(app.data_dir.join("files").join(&old_key).exists());

    let columns = domain::files::referencing_columns(&app.pool).await.unwrap();
    for known in [("profiles", "avatar_file_id"), ("cvs", "pdf_file_id"), ("cv_certificates", "file_id"), ("company_profiles", "logo_file_id"), ("files", "thumbnail_file_id")] {
        assert!(columns.contains(&(known.0.to_string(), known.1.to_string())), "{known:?} in {columns:?}");
    }
    let deleted = domain::files::purge_unreferenced(&app.pool, &app.files, Utc::now() - domain::files::UNREFERENCED_GRACE).await.unwrap();

    assert_eq!(deleted, 1);
    assert_eq!(key_of(&app, old).await, None);
    assert!(!app.data_dir.join("files").join(&old_key).exists(), "its bytes are gone too");
    for kept in [id_of(&certificate), avatar, logo, young] {
        let key = key_of(&app, kept).await.unwrap_or_else(|| panic!("{kept} was deleted"));
        assert!(app.data_dir.join("files").join(key).exists());
    }
    let response = mari.get(&format!("/api/user/files/{}", id_of(&certificate))).await;
    assert_eq!(response.status(), StatusCode::OK, "the CV's file still downloads");
}

/// A PDF of the given objects (numbered from 1, the first the catalog) with a correct xref table.
fn pdf_of(objects: &[Vec<u8>]) -> Vec<u8> {
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (n, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n", n + 1).as_bytes());
        pdf.extend_from_slice(body);
        pdf.extend_from_slice(b"\nendobj\n");
    }
    let xref = pdf.len();
    pdf.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes());
    pdf
}

fn page_with_content(content: &[u8], filter: &str) -> Vec<u8> {
    pdf_of(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>".to_vec(),
        [format!("<< /Length {}{filter} >>\nstream\n", content.len()).as_bytes(), content, b"\nendstream"].concat(),
    ])
}

/// A page whose content stream is `mebibytes` MiB of zeros deflated to about 1 KiB per MiB: the
/// same byte-aligned (full-flushed) deflate block repeated, then the end and the right checksum.
fn compression_bomb(mebibytes: usize) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    let zeros = vec![0u8; 1 << 20];
    let mut deflate = Compress::new(Compression::best(), true);
    let mut chunk = |flush| {
        let mut out = Vec::with_capacity(1 << 16);
        let before = deflate.total_in();
        deflate.compress_vec(if flush == FlushCompress::Finish { &[] } else { &zeros }, &mut out, flush).unwrap();
        assert!(flush == FlushCompress::Finish || deflate.total_in() - before == zeros.len() as u64);
        out
    };
    let first = chunk(FlushCompress::Full);
    let repeated = chunk(FlushCompress::Full);
    let end = chunk(FlushCompress::Finish);
    let mut stream = first;
    for _ in 1..mebibytes {
        stream.extend_from_slice(&repeated);
    }
    stream.extend_from_slice(&end[..end.len() - 4]);
    // Adler-32 of n zero bytes: a stays 1, b adds 1 per byte
    let b = ((mebibytes as u64) << 20) % 65521;
    stream.extend_from_slice(&((b << 16 | 1) as u32).to_be_bytes());
    page_with_content(&stream, " /Filter /FlateDecode")
}

/// An object graph that loops: the page is its own /Parent and inherits its resources and media
/// box, so looking them up climbs for ever (the parser's recursion overflows its stack, which
/// inside the server would have ended the whole process).
fn looping_object_graph() -> Vec<u8> {
    pdf_of(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 3 0 R /Contents 4 0 R >>".to_vec(),
        b"<< /Length 0 >>\nstream\n\nendstream".to_vec(),
    ])
}

/// The `/proc/<pid>/limits` of a running `extract-pdf` child of this process.
fn extractor_limits() -> Option<String> {
    let me = std::process::id().to_string();
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else { continue };
        if !cmdline.split(|b| *b == 0).any(|arg| arg == b"extract-pdf") {
            continue;
        }
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else { continue };
        if status.lines().any(|l| l.starts_with("PPid:") && l.split_whitespace().nth(1) == Some(me.as_str())) {
            return std::fs::read_to_string(entry.path().join("limits")).ok();
        }
    }
    None
}

fn limit_of(limits: &str, name: &str) -> Vec<String> {
    let line = limits.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name} in {limits}"));
    line[name.len()..].split_whitespace().take(2).map(str::to_string).collect()
}

fn resident_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
}

/// CPU time this process has used (user and system), in clock ticks.
fn cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

async fn text_state(app: &TestApp, name: &str) -> (String, Option<String>, Option<String>) {
    for _ in 0..900 {
        let state: (String, Option<String>, Option<String>) =
            sqlx::query_as("select text_status, text_unavailable_reason, extracted_text from files where original_name = $1")
                .bind(name)
                .fetch_one(&app.pool)
                .await
                .unwrap();
        if state.0 != "pending" {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the text of {name} was never read");
}

#[tokio::test]
async fn hostile_pdfs_cost_a_bounded_child_process_and_other_files_are_still_read() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    let mari = applicant(&app, "mari@example.ee").await;
    let bomb = compression_bomb(1536);
    assert!(bomb.len() < domain::files::MAX_PDF_BYTES, "{} bytes", bomb.len());
    let before = resident_mib();

    upload_ok(&mari, "kind=cv&name=bomb.pdf", bomb).await;
    let mut limits = None;
    for _ in 0..100 {
        limits = extractor_limits();
        if limits.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let limits = limits.expect("the PDF is read by a child process");
    assert_eq!(limit_of(&limits, "Max cpu time"), ["15", "16"]);
    assert_eq!(limit_of(&limits, "Max address space"), ["1073741824", "1073741824"]);
    assert_eq!(limit_of(&limits, "Max core file size"), ["0", "0"]);
    upload_ok(&mari, "kind=cv&name=loop.pdf", looping_object_graph()).await;
    upload_ok(&mari, "kind=cv&name=good.pdf", fixtures::pdf::text_pdf("Kogenud pottsepp Tartust")).await;

    // the bomb runs into the memory, CPU or wall-time limit (which first depends on the machine)
    let (status, reason, text) = text_state(&app, "bomb.pdf").await;
    assert_eq!((status.as_str(), text), ("unavailable", None));
    let reason = reason.unwrap();
    assert!(["memory", "processor time", "longer than 20 s"].iter().any(|limit| reason.contains(limit)), "{reason}");
    let (status, reason, text) = text_state(&app, "loop.pdf").await;
    assert_eq!((status.as_str(), text), ("unavailable", None));
    assert!(reason.unwrap().contains("damaged"), "the child's stack overflowed, not the server's");
    let (status, _, text) = text_state(&app, "good.pdf").await;
    assert_eq!((status.as_str(), text.as_deref()), ("extracted", Some("Kogenud pottsepp Tartust")), "the worker went on");

    let after = resident_mib();
    assert!(after < before + 100, "the server's memory stayed flat: {before} MiB before, {after} MiB after");
    let idle = cpu_ticks();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let spent = cpu_ticks() - idle;
    assert!(spent < 100, "nothing is left parsing inside the server: {spent} ticks in 2 s");
}
