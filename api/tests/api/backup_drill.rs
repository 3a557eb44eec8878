//! The backup drill (issue 36 §1), with the `vakants` binary as an operator runs it: seed, make
//! changes of every kind through a running `vakants serve` (an upload, a CV PDF, an application,
//! an invoice paid by bank statement), back up, make more changes, wipe the database and the
//! files, restore, and check that every row and file is back byte for byte, that the searches
//! answer as before, and that the later changes are gone. Beside it: a damaged or changed backup,
//! a backup of another schema and a target that is not empty are refused and leave the target as
//! it was.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::Digest;
use sqlx::PgPool;
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection};
use uuid::Uuid;

use crate::helpers::{FreshDatabase, TestClient, fresh_database, free_port, vakants_command};

const APPLICANT: &str = "applicant@vakants.test";

/// The searches whose answers must survive the restore: every vacancy, a word only one demo
/// vacancy holds, a facet and a flag.
fn searches() -> Vec<Value> {
    vec![
        json!({}),
        json!({ "occupation": "marsipanimeister" }),
        json!({ "occupation": "kokk" }),
        json!({ "remoteWork": true }),
        json!({ "typeOfEmployment": ["FULL_TIME"] }),
    ]
}

/// A database, a data directory and the environment of the `vakants` commands that use them.
struct Site {
    database: FreshDatabase,
    data_dir: tempfile::TempDir,
}

impl Site {
    async fn new() -> Site {
        Site { database: fresh_database().await, data_dir: tempfile::tempdir().unwrap() }
    }

    fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("VAKANTS_MODE", "dev".into()),
            ("DATABASE_URL", self.database.url.clone()),
            ("DATA_DIR", self.data_dir.path().display().to_string()),
            ("WEB_DIST", "/nonexistent".into()),
            ("RELAXED_RATE_LIMITS", "true".into()),
            ("RUST_LOG", "warn".into()),
        ]
    }

    fn files_dir(&self) -> PathBuf {
        self.data_dir.path().join("files")
    }

    /// Runs `vakants ARGS` to its end; answers (success, stdout + stderr).
    async fn run(&self, args: &[&str]) -> (bool, String) {
        let command = vakants_command(args, &self.env());
        let output = tokio::process::Command::from(command).output().await.expect("the vakants binary");
        let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        (output.status.success(), text)
    }

    async fn run_ok(&self, args: &[&str]) -> String {
        let (ok, text) = self.run(args).await;
        assert!(ok, "vakants {args:?} failed:\n{text}");
        text
    }

    async fn pool(&self) -> PgPool {
        PgPool::connect(&self.database.url).await.unwrap()
    }

    /// `vakants serve` on a port of its own, once it answers `/readyz`.
    async fn serve(&self) -> Server {
        let port = free_port();
        let mut env = self.env();
        env.push(("BIND", format!("127.0.0.1:{port}")));
        let mut command = tokio::process::Command::from(vakants_command(&["serve"], &env));
        let child = command.stdout(Stdio::null()).stderr(Stdio::inherit()).kill_on_drop(true).spawn().expect("the vakants binary");
        let client = TestClient::new(&format!("http://127.0.0.1:{port}"));
        for _ in 0..300 {
            if let Ok(response) = client.http.get(client.url("/readyz")).send().await
                && response.status() == StatusCode::OK
            {
                return Server { child, client };
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("vakants serve did not get ready in 30 s");
    }

    /// Drops the database and makes it again, empty, and deletes the data directory's contents:
    /// the machine is lost.
    async fn wipe(&self) {
        let options: PgConnectOptions = self.database.url.parse().unwrap();
        let name = options.get_database().unwrap().to_string();
        let mut admin = options.database("postgres").connect().await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!("drop database {name} with (force)"))).execute(&mut admin).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!("create database {name} template template0"))).execute(&mut admin).await.unwrap();
        admin.close().await.ok();
        for entry in std::fs::read_dir(self.data_dir.path()).unwrap() {
            std::fs::remove_dir_all(entry.unwrap().path()).unwrap();
        }
    }
}

struct Server {
    child: tokio::process::Child,
    client: TestClient,
}

impl Server {
    /// SIGTERM, as an operator stops it, and wait for the end.
    async fn stop(mut self) {
        if let Some(pid) = self.child.id() {
            // SAFETY: a plain kill(2) of our own child
            unsafe { libc::kill(pid as i32, libc::SIGTERM) };
        }
        tokio::time::timeout(Duration::from_secs(20), self.child.wait()).await.expect("vakants serve stops on SIGTERM").unwrap();
    }

    /// Each search's total and every vacancy id it finds (all pages), sorted: documents that rank
    /// equal may come back in another order after a rebuild (it gives them new internal ids), so
    /// the ids are compared as a set.
    async fn answers(&self) -> Vec<(u64, Vec<String>)> {
        let mut answers = Vec::new();
        for filter in searches() {
            let mut ids = Vec::new();
            let mut total = 0;
            for page in 0..50 {
                let response = self.client.post(&format!("/api/open/search?size=100&page={page}"), filter.clone()).await;
                assert_eq!(response.status(), StatusCode::OK, "{filter}");
                let found: Value = response.json().await.unwrap();
                total = found["totalElements"].as_u64().unwrap();
                let content = found["content"].as_array().unwrap();
                ids.extend(content.iter().map(|c| c["vacancyId"].as_str().unwrap().to_string()));
                if content.is_empty() || ids.len() as u64 >= total {
                    break;
                }
            }
            assert_eq!(ids.len() as u64, total, "every page of {filter}");
            ids.sort();
            answers.push((total, ids));
        }
        answers
    }
}

/// Waits until no job of the queue is waiting or running (the worker has indexed every change,
/// extracted every PDF), so the searches answer for every row.
async fn settle(pool: &PgPool) {
    for _ in 0..600 {
        let busy: i64 = sqlx::query_scalar(
            "select count(*) from apalis.jobs where status in ('Pending', 'Queued', 'Running') and run_at <= now() and job_type not like '%cron%'",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if busy == 0 {
            // the batch's commit has been applied; the readers reload right after it
            tokio::time::sleep(Duration::from_millis(500)).await;
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the queue did not drain in 60 s");
}

/// A digest of every table of every schema: its row count and the MD5 of its rows' text in
/// order. The index's bookkeeping (`search_index_state`) is compared on what it says (which
/// version of which document is indexed), not on when it was written: the restore's rebuild
/// writes it again.
async fn digests(pool: &PgPool) -> BTreeMap<String, String> {
    let tables: Vec<String> = sqlx::query_scalar(
        "select format('%I.%I', n.nspname, c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
         order by 1",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut found = BTreeMap::new();
    for table in tables {
        let rows = if table == "public.search_index_state" { "(t.doc_kind, t.doc_id, t.indexed_version)::text" } else { "t::text" };
        let digest: String = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "select count(*) || ' rows ' || md5(coalesce(string_agg({rows}, E'\\n' order by {rows}), '')) from {table} t"
        )))
        .fetch_one(pool)
        .await
        .unwrap();
        found.insert(table, digest);
    }
    found
}

/// Every file under `root` by its path below it, with its SHA-256.
fn file_digests(root: &Path) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let relative = path.strip_prefix(root).unwrap().display().to_string();
                found.insert(relative, hex::encode(sha2::Sha256::digest(std::fs::read(&path).unwrap())));
            }
        }
    }
    found
}

/// What the drill changes while the server runs: the applicant uploads a certificate, saves a
/// CV, attaches a PDF to it and applies with it to a vacancy. Answers the application's id and the uploaded file's id.
async fn applicant_changes(server: &Server, pool: &PgPool, pdf_text: &str) -> (String, String) {
    let client = &server.client;
    client.sign_in(APPLICANT).await;
    let token = client.xsrf().await;
    let uploaded = client
        .http
        .post(client.url("/api/user/upload?kind=certificate"))
        .header("x-xsrf-token", &token)
        .header("content-type", "application/octet-stream")
        .body(crate::uploads::png())
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    let file: Value = uploaded.json().await.unwrap();
    let saved = crate::cvs::save_ok(client, crate::cvs::full_cv()).await;
    let cv: Uuid = saved["cvId"].as_str().unwrap().parse().unwrap();
    let attached = crate::cvs::upload_pdf(client, &cv.to_string(), fixtures::pdf::text_pdf(pdf_text)).await;
    assert!(attached.status().is_success(), "the CV PDF: {}", attached.status());
    // the vacancies open for applying are those the search lists, once the worker indexed them
    settle(pool).await;
    let listed: Value = client.post("/api/open/search?size=100", json!({})).await.json().await.unwrap();
    let open: Vec<Uuid> = listed["content"].as_array().unwrap().iter().map(|c| c["vacancyId"].as_str().unwrap().parse().unwrap()).collect();
    let vacancy: Uuid = sqlx::query_scalar(
        "select v.id from vacancies v where v.id = any($2) and v.apply_link is null
           and not exists (select 1 from applications a join users u on u.id = a.applicant_user_id where a.vacancy_id = v.id and u.username = $1)
         order by v.id limit 1",
    )
    .bind(APPLICANT)
    .bind(&open)
    .fetch_one(pool)
    .await
    .unwrap();
    let form: Value = client.get(&format!("/api/open/vacancies/{vacancy}/apply")).await.json().await.unwrap();
    let answers: Vec<Value> =
        form["questions"].as_array().unwrap().iter().map(|q| json!({ "questionId": q["questionId"], "answer": "Jah" })).collect();
    let response = client
        .post("/api/applicant/applications", json!({ "vacancyId": vacancy, "cvId": cv, "coverLetter": "Tere!", "answers": answers }))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED, "applying: {}", response.text().await.unwrap_or_default());
    let created: Value = response.json().await.unwrap();
    (created["applicationId"].as_str().unwrap().to_string(), file["fileId"].as_str().unwrap_or_else(|| panic!("an uploaded file: {file}")).to_string())
}

/// Pays the demo's unpaid invoice the way `make up`'s README does: a camt.053 statement quoting
/// its reference number, through `vakants import-bank-statement`.
async fn pay_the_demo_invoice(site: &Site, pool: &PgPool) -> String {
    let (number, reference): (String, String) =
        sqlx::query_as("select number, reference_number from invoices where status = 'UNPAID' and reference_number is not null order by number limit 1")
            .fetch_one(pool)
            .await
            .unwrap();
    let sample = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/bank/camt053-sample.xml")).unwrap();
    let statement = sample.replace("20260000011", &reference).replace("2026-000001", &number);
    let file = site.data_dir.path().join("statement.xml");
    std::fs::write(&file, statement).unwrap();
    let printed = site.run_ok(&["import-bank-statement", file.to_str().unwrap()]).await;
    std::fs::remove_file(&file).unwrap();
    assert!(printed.contains(&format!("invoice {number}")), "the statement paid the invoice:\n{printed}");
    number
}

#[tokio::test]
async fn the_backup_drill_brings_back_every_row_file_and_search_answer_and_nothing_later() {
    let drill = Instant::now();
    let site = Site::new().await;
    site.run_ok(&["seed"]).await;
    let seeded = drill.elapsed();
    // a generated vacancy may end as early as a minute after the seed; the searches are compared
    // minutes apart, so none may end meanwhile (the worker indexes the rows as they are now)
    let pool = site.pool().await;
    sqlx::query("update vacancies set valid_until = now() + interval '2 hours' where valid_until between now() and now() + interval '1 hour'")
        .execute(&pool)
        .await
        .unwrap();

    // changes of every kind, through the running server
    let server = site.serve().await;
    let (application, upload) = applicant_changes(&server, &pool, "Kondiitri kogemus, marsipanitööd").await;
    let invoice = pay_the_demo_invoice(&site, &pool).await;
    settle(&pool).await;
    let answers = server.answers().await;
    assert!(answers[0].0 > 0 && answers[1].0 == 1, "the demo's searches find something: {answers:?}");
    server.stop().await;

    let tables = digests(&pool).await;
    let files = file_digests(&site.files_dir());
    assert!(files.len() >= 3, "the seed's pictures and PDFs and the drill's uploads are files: {files:?}");
    let backup_dir = tempfile::tempdir().unwrap();
    let backup = backup_dir.path().join("snapshot");
    let started = Instant::now();
    let printed = site.run_ok(&["backup", backup.to_str().unwrap()]).await;
    let backed_up = started.elapsed();
    assert!(printed.contains(&format!("{} files", files.len())), "every stored file is in the backup:\n{printed}");

    // later changes, which the restore must not bring back
    let server = site.serve().await;
    let (later_application, later_upload) = applicant_changes(&server, &pool, "Hilisem PDF").await;
    let later_vacancy: Uuid = sqlx::query_scalar("select id from vacancies where status = 'EXISTS' order by id limit 1").fetch_one(&pool).await.unwrap();
    let mut tx = pool.begin().await.unwrap();
    sqlx::query(r#"update vacancy_contents set teaser = 'Hilisemmuudatus', content = '{"ops":[{"insert":"Hilisemmuudatus pärast varukoopiat.\n"}]}' where vacancy_id = $1"#)
        .bind(later_vacancy)
        .execute(&mut *tx)
        .await
        .unwrap();
    domain::platform::jobs::enqueue_index(&mut tx, &[domain::platform::jobs::IndexJob::Vacancy(later_vacancy)]).await.unwrap();
    tx.commit().await.unwrap();
    settle(&pool).await;
    let later: Value = server.client.post("/api/open/search", json!({ "occupation": "hilisemmuudatus" })).await.json().await.unwrap();
    assert_eq!(later["totalElements"], 1, "the later change is found before the loss");
    assert_ne!(digests(&pool).await, tables, "the later changes changed rows");
    server.stop().await;
    pool.close().await;

    // the machine is lost
    site.wipe().await;
    assert!(file_digests(site.data_dir.path()).is_empty());

    let started = Instant::now();
    let printed = site.run_ok(&["restore", backup.to_str().unwrap()]).await;
    let restored = started.elapsed();
    assert!(printed.contains("rebuilt:"), "the restore ends with the index rebuilt:\n{printed}");

    let pool = site.pool().await;
    let back = digests(&pool).await;
    for (table, digest) in &tables {
        assert_eq!(back.get(table), Some(digest), "{table} is back as it was");
    }
    assert_eq!(back.len(), tables.len(), "no other table appeared");
    assert_eq!(file_digests(&site.files_dir()), files, "every file is back byte for byte, and only those");

    let exists = |sql: &'static str, id: String| {
        let pool = pool.clone();
        async move { sqlx::query_scalar::<_, bool>(sql).bind(Uuid::parse_str(&id).unwrap()).fetch_one(&pool).await.unwrap() }
    };
    assert!(exists("select exists (select 1 from applications where id = $1)", application).await);
    assert!(exists("select exists (select 1 from files where id = $1)", upload).await);
    assert!(!exists("select exists (select 1 from applications where id = $1)", later_application).await, "the later application is gone");
    assert!(!exists("select exists (select 1 from files where id = $1)", later_upload).await, "the later upload is gone");
    let status: String = sqlx::query_scalar("select status from invoices where number = $1").bind(&invoice).fetch_one(&pool).await.unwrap();
    assert_eq!(status, "PAID", "the invoice paid before the backup is paid");

    let server = site.serve().await;
    let after = server.answers().await;
    for ((filter, before), after) in searches().iter().zip(&answers).zip(&after) {
        assert_eq!(before.0, after.0, "the total of {filter} is as before the loss");
        assert!(before.1 == after.1, "{filter} finds the same vacancies as before the loss");
    }
    let later: Value = server.client.post("/api/open/search", json!({ "occupation": "hilisemmuudatus" })).await.json().await.unwrap();
    assert_eq!(later["totalElements"], 0, "the later change is not found");
    server.stop().await;
    println!(
        "backup drill (demo size): seed {:.1} s, backup {:.1} s, restore with index rebuild {:.1} s, whole drill {:.1} s",
        seeded.as_secs_f64(),
        backed_up.as_secs_f64(),
        restored.as_secs_f64(),
        drill.elapsed().as_secs_f64()
    );
}

/// A small site (the migrated schema and two stored files with their rows) and a backup
/// of it: the refusals below start from here, without the demo data's minute of seeding.
async fn small_backup() -> (Site, tempfile::TempDir, PathBuf) {
    let site = Site::new().await;
    let pool = site.pool().await;
    let store = domain::files::FileStore::new(site.data_dir.path());
    for (name, bytes) in [("picture.png", crate::uploads::png()), ("cv.pdf", fixtures::pdf::text_pdf("Kondiiter"))] {
        let key = store.put(&bytes).await.unwrap();
        sqlx::query(
            "insert into files (kind, original_name, content_type, size_bytes, storage_key, sha256) values ('other', $1, 'application/octet-stream', $2, $3, $4)",
        )
        .bind(name)
        .bind(bytes.len() as i64)
        .bind(&key)
        .bind(sha2::Sha256::digest(&bytes).to_vec())
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;
    let dir = tempfile::tempdir().unwrap();
    let backup = dir.path().join("snapshot");
    let printed = site.run_ok(&["backup", backup.to_str().unwrap()]).await;
    assert!(printed.contains("and 2 files"), "{printed}");
    (site, dir, backup)
}

/// Whether the site holds nothing: no table in its database, no file in its store.
async fn is_empty(site: &Site) -> bool {
    let pool = site.pool().await;
    let tables: i64 = sqlx::query_scalar(
        "select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    pool.close().await;
    tables == 0 && file_digests(&site.files_dir()).is_empty()
}

fn edit_manifest(backup: &Path, change: impl FnOnce(&mut Value)) {
    let path = backup.join("manifest.json");
    let mut manifest: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    change(&mut manifest);
    std::fs::write(&path, serde_json::to_vec_pretty(&manifest).unwrap()).unwrap();
}

#[tokio::test]
async fn a_damaged_or_changed_backup_is_refused_and_leaves_the_target_empty() {
    let (site, _dir, backup) = small_backup().await;
    let pristine: BTreeMap<String, Vec<u8>> = ["manifest.json", "database.dump"]
        .into_iter()
        .map(|name| (name.to_string(), std::fs::read(backup.join(name)).unwrap()))
        .collect();
    let restore_pristine = || {
        for (name, bytes) in &pristine {
            std::fs::write(backup.join(name), bytes).unwrap();
        }
    };
    site.wipe().await;

    // one byte of the dump changed
    let mut dump = pristine["database.dump"].clone();
    let middle = dump.len() / 2;
    dump[middle] ^= 0x55;
    std::fs::write(backup.join("database.dump"), &dump).unwrap();
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains("database.dump does not match its checksum"), "{printed}");
    assert!(is_empty(&site).await, "nothing was restored");
    restore_pristine();

    // a stored file changed, and one added
    let manifest: Value = serde_json::from_slice(&pristine["manifest.json"]).unwrap();
    let first_file = manifest["entries"][1]["path"].as_str().expect("the seed stores files").to_string();
    let first_bytes = std::fs::read(backup.join(&first_file)).unwrap();
    std::fs::write(backup.join(&first_file), b"not the picture").unwrap();
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains(&first_file), "{printed}");
    assert!(is_empty(&site).await);
    std::fs::remove_file(backup.join(&first_file)).unwrap();
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains(&format!("{first_file} is listed in manifest.json but cannot be read")), "{printed}");
    std::fs::write(backup.join(&first_file), first_bytes).unwrap();
    let _ = std::fs::create_dir_all(backup.join("files/zz"));
    std::fs::write(backup.join("files/zz/zzzzzzzz"), b"smuggled").unwrap();
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains("files/zz/zzzzzzzz is not in manifest.json"), "{printed}");
    std::fs::remove_file(backup.join("files/zz/zzzzzzzz")).unwrap();
    assert!(is_empty(&site).await);

    // the manifest changed: a checksum, the schema version, or its text
    restore_pristine();
    edit_manifest(&backup, |m| m["entries"][0]["sha256"] = json!("00".repeat(32)));
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains("database.dump does not match its checksum"), "{printed}");
    restore_pristine();
    edit_manifest(&backup, |m| m["schemaVersion"] = json!(20991231000000_i64));
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains("the manifest was changed"), "{printed}");
    std::fs::write(backup.join("manifest.json"), b"{ not json").unwrap();
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains("not a backup manifest"), "{printed}");
    assert!(is_empty(&site).await, "nothing was restored by any of them");
}

#[tokio::test]
async fn a_backup_of_another_schema_version_is_refused() {
    let (site, _first, _) = small_backup().await;
    // the database was migrated by a newer vakants: one more migration than this binary has
    let pool = site.pool().await;
    sqlx::query(
        "insert into _sqlx_migrations (version, description, success, checksum, execution_time) values (20991231000000, 'from the future', true, '\\x00', 1)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let dir = tempfile::tempdir().unwrap();
    let backup = dir.path().join("snapshot");
    site.run_ok(&["backup", backup.to_str().unwrap()]).await;
    site.wipe().await;
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok, "{printed}");
    assert!(printed.contains("schema version mismatch") && printed.contains("20991231000000"), "{printed}");
    assert!(is_empty(&site).await, "nothing was restored");
}

#[tokio::test]
async fn a_restore_refuses_a_database_or_file_store_that_is_not_empty_and_a_backup_a_full_directory() {
    let (site, _dir, backup) = small_backup().await;
    // the site itself: its database has tables
    let before = file_digests(&site.files_dir());
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains("is not empty") && printed.contains("restore needs an empty database"), "{printed}");
    assert_eq!(file_digests(&site.files_dir()), before, "the files were not touched");

    // an empty database, but files left in the store
    site.wipe().await;
    std::fs::create_dir_all(site.files_dir().join("ab")).unwrap();
    std::fs::write(site.files_dir().join("ab/left-behind"), b"old").unwrap();
    let (ok, printed) = site.run(&["restore", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains("restore needs an empty store"), "{printed}");
    let pool = site.pool().await;
    let tables: i64 = sqlx::query_scalar("select count(*) from pg_tables where schemaname = 'public'").fetch_one(&pool).await.unwrap();
    assert_eq!(tables, 0, "the database stayed empty");
    pool.close().await;

    // a backup does not write into a directory that holds something
    let (ok, printed) = site.run(&["backup", backup.to_str().unwrap()]).await;
    assert!(!ok && printed.contains("is not empty"), "{printed}");
}

/// The point-in-time recipe of docs/deploy.md (`deploy/postgres/pitr.sh`: WAL archiving,
/// pg_basebackup, a restore to a target time) against a throw-away cluster of its own; skipped,
/// saying so, where the PostgreSQL server binaries are not installed.
#[tokio::test]
async fn the_point_in_time_recipe_recovers_a_cluster_to_its_target_time() {
    let installed = std::fs::read_dir("/usr/lib/postgresql")
        .map(|versions| versions.filter_map(Result::ok).any(|v| v.path().join("bin/initdb").is_file()))
        .unwrap_or(false);
    if !installed {
        println!("SKIPPED: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (Debian package postgresql)");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/postgres/pitr.sh");
    let output = tokio::process::Command::new("bash").arg(script).arg("drill").output().await.unwrap();
    let printed = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success() && printed.contains("PITR drill passed"), "{printed}");
}
