//! A throw-away Meilisearch for the tests that run the search on it: started from `MEILI_BIN` (or
//! `meilisearch` on `PATH`) on a free port with a database directory of its own, stopped and
//! removed when dropped. The Meilisearch server is not published as a package, so where no binary
//! is found the tests that need one say so and skip (bench/README.md says how one was built).
//!
//! `TEST_SEARCH_ENGINE=meilisearch` makes every [`crate::helpers::spawn_app`] use Meilisearch
//! instead of tantivy, under indexes of its own: on `MEILI_URL` when set (one server for the whole
//! run, as `make test` starts it), otherwise on one throw-away server per test process.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::free_port;

/// The Meilisearch binary: `MEILI_BIN`, the one the developers' machines keep beside the checkout
/// (`../shared/bin/meilisearch`; the project holds no copy), or `meilisearch` on `PATH`.
pub fn binary() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("MEILI_BIN").filter(|b| !b.is_empty()) {
        let bin = PathBuf::from(bin);
        return bin.is_file().then_some(bin);
    }
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/bin/meilisearch");
    if beside.is_file() {
        return Some(beside);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("meilisearch")).find(|candidate| candidate.is_file())
}

/// Whether the tests run the search on Meilisearch (`TEST_SEARCH_ENGINE=meilisearch`).
pub fn engine_is_meilisearch() -> bool {
    match std::env::var("TEST_SEARCH_ENGINE").as_deref() {
        Ok("meilisearch") => true,
        Ok("tantivy") | Ok("") | Err(_) => false,
        Ok(other) => panic!("TEST_SEARCH_ENGINE={other:?} is neither tantivy nor meilisearch"),
    }
}

/// True (after saying so) when the tests run on Meilisearch and `test` checks what only the
/// tantivy engine does, for the `reason` given.
pub fn skip_on_meilisearch(test: &str, reason: &str) -> bool {
    let skip = engine_is_meilisearch();
    if skip {
        eprintln!("{test}: SKIPPED on Meilisearch: {reason}");
    }
    skip
}

/// A running throw-away Meilisearch.
pub struct ThrowAwayMeili {
    child: Child,
    pub url: String,
    dir: PathBuf,
}

impl ThrowAwayMeili {
    /// Starts one and waits until it answers `/health`; `None` (after saying why) when no binary
    /// is on this machine.
    pub async fn start(test: &str) -> Option<ThrowAwayMeili> {
        let Some(bin) = binary() else {
            eprintln!("{test}: SKIPPED: no Meilisearch binary (set MEILI_BIN, or put `meilisearch` on PATH; bench/README.md says how to build one)");
            return None;
        };
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("vakants-meili-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut command = Command::new(&bin);
        command
            .current_dir(&dir)
            .args(["--db-path", &dir.join("data.ms").display().to_string()])
            .args(["--dump-dir", &dir.join("dumps").display().to_string()])
            .args(["--snapshot-dir", &dir.join("snapshots").display().to_string()])
            .args(["--http-addr", &format!("127.0.0.1:{port}")])
            .args(["--env", "development", "--no-analytics", "--log-level", "WARN"])
            // the tests' documents are tiny: keep the server small on a shared machine
            .args(["--max-indexing-threads", "1", "--max-indexing-memory", "256MiB"])
            .env_remove("MEILI_MASTER_KEY")
            // it logs the expected refusals (creating an index that exists) as errors
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        die_with_this_process(&mut command);
        let child = command.spawn().unwrap_or_else(|e| panic!("starting {}: {e}", bin.display()));
        let meili = ThrowAwayMeili { child, url: format!("http://127.0.0.1:{port}"), dir };
        let http = reqwest::Client::new();
        let started = Instant::now();
        loop {
            if let Ok(response) = http.get(format!("{}/health", meili.url)).send().await {
                if response.status().is_success() {
                    return Some(meili);
                }
            }
            assert!(started.elapsed() < Duration::from_secs(30), "Meilisearch at {} did not come up in 30 s", meili.url);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for ThrowAwayMeili {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The server of a test process whose apps all use Meilisearch and no `MEILI_URL` was given:
/// kept for the process's life (a static is never dropped, so the child is told to end with it).
#[cfg(target_os = "linux")]
fn die_with_this_process(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: prctl is async-signal-safe; nothing else runs between fork and exec
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_this_process(_command: &mut Command) {}

static SHARED: tokio::sync::OnceCell<ThrowAwayMeili> = tokio::sync::OnceCell::const_new();

/// What a spawned app's configuration gets under `TEST_SEARCH_ENGINE=meilisearch`: the server
/// (`MEILI_URL`, or this process's throw-away one) and an index prefix of the app's own.
pub async fn app_env() -> Vec<(&'static str, String)> {
    if !engine_is_meilisearch() {
        return Vec::new();
    }
    let url = match std::env::var("MEILI_URL").ok().filter(|u| !u.is_empty()) {
        Some(url) => url,
        None => {
            let meili = SHARED
                .get_or_init(|| async {
                    ThrowAwayMeili::start("TEST_SEARCH_ENGINE=meilisearch")
                        .await
                        .expect("TEST_SEARCH_ENGINE=meilisearch needs MEILI_URL or a Meilisearch binary (MEILI_BIN)")
                })
                .await;
            meili.url.clone()
        }
    };
    vec![
        ("SEARCH_ENGINE", "meilisearch".into()),
        ("MEILI_URL", url),
        ("MEILI_INDEX_PREFIX", format!("test_{}", uuid::Uuid::new_v4().simple())),
    ]
}
