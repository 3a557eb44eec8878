//! DATA_DIR (uploads and the search index) on a full filesystem: a small tmpfs mounted for the
//! test (needs root; skipped, saying so, without it).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::harness::{self, Client, PrivatePostgres, PrivateRedis, Vakants, answer, found_ids, http_client, search, search_total};

/// The tmpfs mounted at DATA_DIR; unmounted when dropped.
struct SmallDisk {
    path: PathBuf,
}

impl SmallDisk {
    fn mount(path: &Path, megabytes: u32) -> Result<SmallDisk, String> {
        std::fs::create_dir_all(path).unwrap();
        let output = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m"), "tmpfs"])
            .arg(path)
            .output()
            .map_err(|e| format!("mount: {e}"))?;
        if !output.status.success() {
            return Err(format!("mount -t tmpfs failed (needs root): {}", String::from_utf8_lossy(&output.stderr).trim()));
        }
        Ok(SmallDisk { path: path.to_owned() })
    }

    /// Fills the filesystem to the last byte with `filler` files.
    fn fill(&self) {
        let mut chunk = 1 << 20;
        let mut n = 0;
        while chunk > 0 {
            // not even a new (empty) file fits: full
            let Ok(mut file) = std::fs::File::create(self.path.join(format!("filler-{n}"))) else { break };
            n += 1;
            let block = vec![0u8; chunk];
            while file.write_all(&block).and_then(|()| file.flush()).is_ok() {}
            chunk /= 4;
        }
    }

    fn free(&self) {
        for entry in std::fs::read_dir(&self.path).unwrap() {
            let entry = entry.unwrap();
            if entry.file_name().to_string_lossy().starts_with("filler-") {
                std::fs::remove_file(entry.path()).unwrap();
            }
        }
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.path).status();
    }
}

/// A small file a CV row takes (a PDF by its first bytes).
fn certificate() -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n% a certificate\n".to_vec();
    bytes.resize(64 * 1024, b' ');
    bytes.extend_from_slice(b"\n%%EOF\n");
    bytes
}

async fn upload(client: &Client) -> (StatusCode, serde_json::Value) {
    answer(
        client
            .http
            .post(format!("{}/api/user/upload?kind=certificate&name=certificate.pdf", client.base))
            .header("x-xsrf-token", client.xsrf())
            .header("content-type", "application/octet-stream")
            .body(certificate())
            .send()
            .await,
    )
    .await
}

/// Loses nothing: with DATA_DIR full an upload answers 507 `insufficient_storage` with a message
/// (and leaves no partial file), a published vacancy is saved (Postgres is elsewhere) while the
/// index cannot commit it, searches keep answering from the intact index; once space returns the
/// upload succeeds and the index catches up (the vacancy is found, the total equals the live
/// count).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn disk_full_refuses_uploads_clearly_keeps_search_answering_and_catches_up() {
    crate::skip_without_tools!();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let disk = match SmallDisk::mount(&data, 48) {
        Ok(disk) => disk,
        Err(why) => {
            eprintln!("SKIPPED: {why}");
            return;
        }
    };
    let postgres = PrivatePostgres::start();
    let redis = PrivateRedis::start();
    let vakants = Vakants::new(postgres.url("vakants"), redis.url(), data.clone(), dir.path().join("logs"));
    vakants.prepare().await;
    let server = vakants.serve("serve", &[]).await;
    let base = server.base.clone();
    let http = http_client();
    let pool = sqlx::PgPool::connect(&vakants.database_url).await.unwrap();
    let live = harness::live_vacancies(&pool).await;
    crate::eventually!(Duration::from_secs(60), "the index holds the seeded vacancies", { search_total(&http, &base).await == harness::live_vacancies(&pool).await });
    let applicant = Client::sign_in(&base, harness::APPLICANT).await;
    let employer = Client::sign_in(&base, harness::EMPLOYER).await;
    let (status, body) = upload(&applicant).await;
    assert_eq!(status, StatusCode::CREATED, "an upload with space left: {body}");

    disk.fill();
    let files_before = count_files(&data.join("files"));
    let (status, body) = upload(&applicant).await;
    assert_eq!(status, StatusCode::INSUFFICIENT_STORAGE, "an upload on a full disk: {body}");
    assert_eq!(body["code"], "insufficient_storage", "{body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("space")), "{body}");
    assert_eq!(count_files(&data.join("files")), files_before, "no partial file is left behind");

    // a vacancy published meanwhile is saved; the index cannot commit it yet
    let id = employer.publish_vacancy("aaadiskfull").await.expect("publishing needs no space in DATA_DIR");
    for _ in 0..10 {
        let (status, body) = search(&http, &base, &json!({})).await;
        assert_eq!(status, StatusCode::OK, "searches keep answering on a full disk: {body}");
        assert!(body["totalElements"].as_u64().unwrap() >= live, "the index is intact: {body}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }

    disk.free();
    let (status, body) = upload(&applicant).await;
    assert_eq!(status, StatusCode::CREATED, "an upload once space is back: {body}");
    crate::eventually!(Duration::from_secs(90), "the index catches up with the vacancy published on the full disk", {
        found_ids(&http, &base, "aaadiskfull").await.contains(&id)
    });
    crate::eventually!(Duration::from_secs(30), "the search total equals the live vacancies", { search_total(&http, &base).await == harness::live_vacancies(&pool).await });
    let another = employer.publish_vacancy("bbbdiskfree").await.unwrap();
    crate::eventually!(Duration::from_secs(30), "new writes are indexed as usual", {
        found_ids(&http, &base, "bbbdiskfree").await.contains(&another)
    });
    drop(server);
    pool.close().await;
    drop(disk);
}

fn count_files(dir: &Path) -> usize {
    walk(dir).len()
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(walk(&path));
            } else {
                out.push(path);
            }
        }
    }
    out
}
