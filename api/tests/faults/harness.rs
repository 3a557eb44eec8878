//! Private services and the real `vakants` binary for the fault tests.
//!
//! Each test starts its own Postgres cluster (`initdb` + `pg_ctl` in a temp dir, its own port) and
//! its own `redis-server` (its own port, nothing saved), so stopping them never disturbs the shared
//! Postgres and Redis that the other tests use at the same time. The `vakants` binary is the one
//! cargo built beside this test (`CARGO_BIN_EXE_vakants`), run in dev mode.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::cookie::{CookieStore, Jar};
use serde_json::{Value, json};

/// The demo employer `vakants seed` makes.
pub const EMPLOYER: &str = "employer@vakants.test";
/// The demo applicant `vakants seed` makes.
pub const APPLICANT: &str = "applicant@vakants.test";

/// Why a test cannot run here (a tool is missing), or `None` when it can.
pub fn missing_tools() -> Option<String> {
    if postgres_bin_dir().is_none() {
        return Some("no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or on PATH".into());
    }
    if which("redis-server").is_none() {
        return Some("no redis-server on PATH".into());
    }
    None
}

/// Skips the calling test (returns from it) with a message when a tool is missing.
#[macro_export]
macro_rules! skip_without_tools {
    () => {
        if let Some(why) = $crate::harness::missing_tools() {
            eprintln!("SKIPPED: {why}");
            return;
        }
    };
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?.to_str()?.split(':').map(|dir| Path::new(dir).join(name)).find(|p| p.is_file())
}

/// The newest installed PostgreSQL's binaries (Debian keeps them off PATH).
fn postgres_bin_dir() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin).or_else(|| which("initdb").and_then(|p| p.parent().map(Path::to_path_buf)))
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    // /proc/self belongs to this process's effective user
    std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

/// A Postgres cluster of this test alone. Stopped (immediately) when dropped.
pub struct PrivatePostgres {
    pub port: u16,
    bin: PathBuf,
    data: PathBuf,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl PrivatePostgres {
    pub fn start() -> PrivatePostgres {
        let bin = postgres_bin_dir().expect("PostgreSQL binaries");
        let dir = tempfile::Builder::new().prefix("vakants-faults-pg").tempdir().unwrap();
        let data = dir.path().join("data");
        let log = dir.path().join("postgres.log");
        if is_root() {
            // initdb refuses root: the cluster belongs to the postgres user
            let status = Command::new("chown").arg("postgres:postgres").arg(dir.path()).status().unwrap();
            assert!(status.success(), "chown of the cluster's directory to postgres");
        }
        let pg = PrivatePostgres { port: free_port(), bin, data, log, _dir: dir };
        let initdb = pg.bin.join("initdb");
        let output = pg
            .as_owner(&initdb)
            .args(["-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync", "-D"])
            .arg(&pg.data)
            .output()
            .unwrap();
        assert!(output.status.success(), "initdb failed: {}", String::from_utf8_lossy(&output.stderr));
        pg.start_server();
        pg
    }

    fn as_owner(&self, program: &Path) -> Command {
        if is_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(program);
            command
        } else {
            Command::new(program)
        }
    }

    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    /// Starts the server and waits until it accepts connections.
    pub fn start_server(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200",
            self.port,
            self.data.parent().unwrap().display()
        );
        let status = self
            .as_owner(&self.bin.join("pg_ctl"))
            .args(["start", "-w", "-t", "60", "-D"])
            .arg(&self.data)
            .arg("-l")
            .arg(&self.log)
            .args(["-o", &options])
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "pg_ctl start failed: {}", std::fs::read_to_string(&self.log).unwrap_or_default());
    }

    /// Stops the server as an operator's restart does (`pg_ctl stop -m fast`: open sessions are
    /// ended, everything committed is on disk).
    pub fn stop_server(&self) {
        self.stop_with("fast");
    }

    fn stop_with(&self, mode: &str) {
        let _ = self
            .as_owner(&self.bin.join("pg_ctl"))
            .args(["stop", "-w", "-t", "60", "-m", mode, "-D"])
            .arg(&self.data)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        self.stop_with("immediate");
    }
}

/// A `redis-server` of this test alone, saving nothing. Stopped when dropped.
pub struct PrivateRedis {
    pub port: u16,
    child: Option<Child>,
}

impl PrivateRedis {
    pub fn start() -> PrivateRedis {
        let mut redis = PrivateRedis { port: free_port(), child: None };
        redis.start_server();
        redis
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    pub fn start_server(&mut self) {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server starts");
        self.child = Some(child);
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "redis-server did not listen on {}", self.port);
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Kills the server (SIGKILL: as a crashed or unreachable Redis).
    pub fn stop_server(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for PrivateRedis {
    fn drop(&mut self) {
        self.stop_server();
    }
}

/// The real `vakants` binary with one test's database, Redis and data directory.
pub struct Vakants {
    pub database_url: String,
    pub redis_url: String,
    pub data_dir: PathBuf,
    pub logs: PathBuf,
    /// `WEB_DIST`; the checkout's `web/dist` when `None`.
    pub web_dist: Option<PathBuf>,
}

impl Vakants {
    pub fn new(database_url: String, redis_url: String, data_dir: PathBuf, logs: PathBuf) -> Vakants {
        std::fs::create_dir_all(&logs).unwrap();
        Vakants { database_url, redis_url, data_dir, logs, web_dist: None }
    }

    fn command(&self) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_vakants"));
        command
            .env("DATABASE_URL", &self.database_url)
            .env("REDIS_URL", &self.redis_url)
            .env("DATA_DIR", &self.data_dir)
            .env("VAKANTS_MODE", "dev")
            .env("RELAXED_RATE_LIMITS", "true")
            .env("RUST_LOG", "info,sqlx=warn,tower_http=warn,apalis=warn,domain::platform::mail=warn")
            .env("WEB_DIST", self.web_dist.clone().unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/dist")));
        command
    }

    /// Runs a one-shot command (`migrate`, `seed`, `reindex`) to its end.
    pub fn run(&self, arguments: &[&str]) {
        let output = self.command().args(arguments).output().unwrap();
        assert!(
            output.status.success(),
            "vakants {} failed: {}\n{}",
            arguments.join(" "),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }

    /// Starts `vakants <arguments>` (serve, worker) in the background, its output in `<name>.log`.
    pub fn spawn(&self, name: &str, arguments: &[&str], bind: Option<&str>) -> Process {
        let log_path = self.logs.join(format!("{name}.log"));
        let log = std::fs::OpenOptions::new().create(true).append(true).open(&log_path).unwrap();
        let mut command = self.command();
        command.args(arguments).stdout(log.try_clone().unwrap()).stderr(log);
        if let Some(bind) = bind {
            command.env("BIND", bind);
        }
        Process { child: Some(command.spawn().unwrap()), log: log_path }
    }

    /// Starts `vakants serve` (with the worker unless `--no-worker` is among `extra`) on a free
    /// port and waits for `/healthz`.
    pub async fn serve(&self, name: &str, extra: &[&str]) -> Server {
        let bind = format!("127.0.0.1:{}", free_port());
        let mut arguments = vec!["serve"];
        arguments.extend_from_slice(extra);
        let process = self.spawn(name, &arguments, Some(&bind));
        let server = Server { base: format!("http://{bind}"), process };
        server.wait_for_health().await;
        server
    }

    /// A migrated, seeded database (demo data), the demo employer's companies under contract so a
    /// publish goes live at once.
    pub async fn prepare(&self) {
        self.prepare_with(&[]).await;
    }

    /// [`Vakants::prepare`] with more arguments for `vakants seed` (`--scale N`).
    pub async fn prepare_with(&self, seed: &[&str]) {
        self.run(&["migrate"]);
        let mut arguments = vec!["seed"];
        arguments.extend_from_slice(seed);
        self.run(&arguments);
        let pool = sqlx::PgPool::connect(&self.database_url).await.unwrap();
        sqlx::query(
            "update companies set has_contract = true
             where id in (select s.company_id from company_staff s join users u on u.id = s.user_id where u.username = $1)",
        )
        .bind(EMPLOYER)
        .execute(&pool)
        .await
        .unwrap();
        pool.close().await;
    }
}

/// A child process killed (SIGKILL) when dropped; its log is printed when the test fails.
pub struct Process {
    child: Option<Child>,
    pub log: PathBuf,
}

impl Process {
    /// SIGKILL, and waits for the process to be gone.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            let text = self.log_text();
            let tail: Vec<&str> = text.lines().rev().take(60).collect();
            eprintln!("---- last lines of {} ----", self.log.display());
            for line in tail.into_iter().rev() {
                eprintln!("{line}");
            }
        }
    }
}

pub struct Server {
    pub base: String,
    pub process: Process,
}

impl Server {
    pub async fn wait_for_health(&self) {
        let http = reqwest::Client::new();
        let started = Instant::now();
        loop {
            if let Ok(response) = http.get(format!("{}/healthz", self.base)).send().await
                && response.status().is_success()
            {
                return;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "vakants serve did not answer /healthz within 60 s:\n{}", self.process.log_text());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// A client with a cookie jar and the anti-forgery header, like the web app; signs in through
/// the dev outbox.
pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
    jar: Arc<Jar>,
}

pub fn http_client() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(20)).build().unwrap()
}

impl Client {
    pub fn new(base: &str) -> Client {
        let jar = Arc::new(Jar::default());
        // English, as the assertions read the server's messages in their source text (a request
        // that names no language is answered in Estonian)
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(reqwest::header::ACCEPT_LANGUAGE, reqwest::header::HeaderValue::from_static("en"));
        let http = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .default_headers(headers)
            .timeout(Duration::from_secs(20))
            .build()
            .unwrap();
        Client { http, base: base.to_owned(), jar }
    }

    pub fn xsrf(&self) -> String {
        let header = self.jar.cookies(&self.base.parse().unwrap()).unwrap_or(reqwest::header::HeaderValue::from_static(""));
        header
            .to_str()
            .unwrap()
            .split("; ")
            .find_map(|pair| pair.strip_prefix("XSRF-TOKEN=").map(str::to_owned))
            .unwrap_or_default()
    }

    pub async fn get(&self, path: &str) -> reqwest::Result<reqwest::Response> {
        self.http.get(format!("{}{path}", self.base)).send().await
    }

    /// A write with the anti-forgery header.
    pub async fn send(&self, method: reqwest::Method, path: &str, body: &Value) -> reqwest::Result<reqwest::Response> {
        self.http.request(method, format!("{}{path}", self.base)).header("x-xsrf-token", self.xsrf()).json(body).send().await
    }

    /// Signs `email` in with the code from the dev outbox; panics when that fails.
    pub async fn sign_in(base: &str, email: &str) -> Client {
        let client = Client::new(base);
        client.try_sign_in(email).await.unwrap_or_else(|e| panic!("signing {email} in: {e}"));
        client
    }

    /// Signs in; the status of the first call that failed.
    pub async fn try_sign_in(&self, email: &str) -> Result<(), String> {
        let check = |r: reqwest::Result<reqwest::Response>| async move {
            let response = r.map_err(|e| e.to_string())?;
            let status = response.status();
            let body = response.text().await.unwrap_or_default();
            if status.is_success() { Ok(body) } else { Err(format!("{status}: {body}")) }
        };
        check(self.get("/api/open/me").await).await?;
        check(self.send(reqwest::Method::POST, "/api/auth/login", &json!({ "email": email })).await).await?;
        let outbox = check(self.get(&format!("/api/dev/outbox?to={email}")).await).await?;
        let mails: Value = serde_json::from_str(&outbox).map_err(|e| e.to_string())?;
        let code = mails
            .as_array()
            .into_iter()
            .flatten()
            .map(|mail| mail["subject"].as_str().unwrap_or_default().chars().filter(char::is_ascii_digit).collect::<String>())
            .find(|digits| digits.len() == 6)
            .ok_or("no sign-in code in the dev outbox")?;
        check(self.send(reqwest::Method::POST, "/api/auth/verify-otp", &json!({ "email": email, "code": code })).await).await?;
        check(self.get("/api/open/me").await).await?;
        Ok(())
    }

    /// Creates a complete cook's vacancy whose text holds `word`: its id, or the failed answer.
    pub async fn create_vacancy(&self, word: &str) -> Result<String, (StatusCode, Value)> {
        let text = json!({ "ops": [{ "insert": format!("Köök otsib kokka, märksõna {word}.\n") }] }).to_string();
        let publish_at = (chrono::Utc::now() - chrono::TimeDelta::minutes(1)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let document = json!({
            "occupationCode": "COOK", "categoryCodes": ["CATERING"], "employmentTypeCode": "FULL_TIME",
            "countryCode": "EE", "ehakCode": "0784", "address": "Harju maakond, Tallinn, Narva mnt 5",
            "salaryFrom": 1500.0, "salaryTo": 2000.0, "salaryPeriodCode": "MONTH", "salaryByAgreement": false,
            "remoteWork": false, "shiftWork": false,
            "contents": [{ "languageCode": "et", "teaser": "Ootame kokka", "content": text }],
            "galleryFileIds": [], "publishAt": publish_at, "questions": [], "languages": [], "driverLicences": [],
            "cvNotRequired": false, "forDisabled": false, "forForeigners": false, "forRetired": false,
            "forStudents": false, "forUnderage": false
        });
        let (status, body) = answer(self.send(reqwest::Method::POST, "/api/employer/vacancies/create", &document).await).await;
        if !status.is_success() {
            return Err((status, body));
        }
        Ok(body["id"].as_str().expect("the created vacancy's id").to_owned())
    }

    /// Publishes vacancy `id` (a contract company's: live at once), or the failed answer.
    pub async fn publish(&self, id: &str) -> Result<(), (StatusCode, Value)> {
        let (status, body) = answer(
            self.send(reqwest::Method::PUT, &format!("/api/employer/vacancies/{id}/status"), &json!({ "status": "EXISTS", "productCodes": ["VACANCY"] }))
                .await,
        )
        .await;
        if !status.is_success() {
            return Err((status, body));
        }
        assert_eq!(body["displayedState"], "ACTIVE", "a contract company's vacancy goes live at once: {body}");
        Ok(())
    }

    /// Creates and publishes a vacancy whose text holds `word`: its id.
    pub async fn publish_vacancy(&self, word: &str) -> Result<String, (StatusCode, Value)> {
        let id = self.create_vacancy(word).await?;
        self.publish(&id).await?;
        Ok(id)
    }
}

/// The status and JSON body of an answer; a request that got no answer is a 599 (never expected).
pub async fn answer(response: reqwest::Result<reqwest::Response>) -> (StatusCode, Value) {
    match response {
        Ok(response) => {
            let status = response.status();
            let text = response.text().await.unwrap_or_default();
            (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
        }
        Err(error) => (StatusCode::from_u16(599).unwrap(), Value::String(format!("no answer: {error}"))),
    }
}

/// [`answer`] of a request still to be sent.
pub async fn answered(request: impl std::future::Future<Output = reqwest::Result<reqwest::Response>>) -> (StatusCode, Value) {
    answer(request.await).await
}

/// A visitor's search: the status and body.
pub async fn search(http: &reqwest::Client, base: &str, body: &Value) -> (StatusCode, Value) {
    answer(http.post(format!("{base}/api/open/search?size=100")).json(body).send().await).await
}

/// The ids a search for `word` lists.
pub async fn found_ids(http: &reqwest::Client, base: &str, word: &str) -> Vec<String> {
    let (status, body) = search(http, base, &json!({ "occupation": word })).await;
    assert!(status.is_success(), "search answered {status}: {body}");
    body["content"].as_array().into_iter().flatten().filter_map(|hit| hit["vacancyId"].as_str().map(str::to_owned)).collect()
}

/// Waits until `$check` (an expression, `.await` allowed) holds, evaluating it every 200 ms, at
/// most `$within`; panics with `$what`.
#[macro_export]
macro_rules! eventually {
    ($within:expr, $what:expr, $check:expr) => {{
        let within: std::time::Duration = $within;
        let started = std::time::Instant::now();
        loop {
            let done: bool = $check;
            if done {
                break;
            }
            assert!(started.elapsed() < within, "not within {} s: {}", within.as_secs(), $what);
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
    }};
}

/// The number of live vacancies in Postgres, by the indexer's own rule (what the search's total
/// must equal).
pub async fn live_vacancies(pool: &sqlx::PgPool) -> u64 {
    indexer::vacancies::active_ids(pool).await.unwrap().len() as u64
}

/// The browse-all total of the search.
pub async fn search_total(http: &reqwest::Client, base: &str) -> u64 {
    let (status, body) = search(http, base, &json!({})).await;
    assert!(status.is_success(), "search answered {status}: {body}");
    body["totalElements"].as_u64().unwrap()
}
