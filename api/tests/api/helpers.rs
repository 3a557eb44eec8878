//! `spawn_app()`: the real app on port 0 against a fresh Postgres database (copied from a migrated
//! template) and the real Redis under a key prefix of its own.

use std::sync::Arc;

use api::rate_limit::RateLimits;
use api::{Application, BuildOptions};
use domain::platform::config::Config;
use reqwest::cookie::{CookieStore, Jar};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, PgPool};
use tokio::sync::oneshot;

/// `PUBLIC_URL` of every spawned app: the origin of its canonical links, sitemaps and mail links.
pub const TEST_PUBLIC_URL: &str = "https://vakants.test";

/// `APP_SECRET` of every spawned app (the alert mails' link tokens derive from it).
pub const TEST_APP_SECRET: &str = "test-secret-test-secret-test-secret-0123";

fn server_url() -> String {
    std::env::var("TEST_DATABASE_SERVER").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

/// The template database for the current migrations, created once across test processes.
async fn template() -> String {
    let mut fingerprint = Vec::new();
    for migrator in domain::platform::db::migrators() {
        for migration in migrator.iter() {
            fingerprint.extend_from_slice(&migration.checksum);
        }
    }
    let name = format!("vakants_test_tpl_{}", &hex::encode(domain::platform::crypto::sha256(&fingerprint))[..12]);
    let admin: PgConnectOptions = format!("{}/postgres", server_url()).parse().unwrap();
    let mut conn = admin.connect().await.expect("postgres for tests");
    sqlx::query("select pg_advisory_lock(727271)").execute(&mut conn).await.unwrap();
    let exists: bool = sqlx::query_scalar("select exists (select 1 from pg_database where datname = $1)")
        .bind(&name)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    if !exists {
        let building = format!("{name}_building");
        sqlx::query(sqlx::AssertSqlSafe(format!("drop database if exists {building}"))).execute(&mut conn).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!("create database {building}"))).execute(&mut conn).await.unwrap();
        let pool = PgPool::connect(&format!("{}/{building}", server_url())).await.unwrap();
        domain::platform::db::migrate(&pool).await.expect("migrations apply");
        pool.close().await;
        sqlx::query(sqlx::AssertSqlSafe(format!("alter database {building} rename to {name}"))).execute(&mut conn).await.unwrap();
    }
    sqlx::query("select pg_advisory_unlock(727271)").execute(&mut conn).await.unwrap();
    conn.close().await.ok();
    name
}

pub struct TestApp {
    pub address: String,
    pub pool: PgPool,
    pub client: TestClient,
    /// The app's search engine (tantivy, or Meilisearch under `TEST_SEARCH_ENGINE=meilisearch`).
    pub index: Arc<dyn search::SearchEngine>,
    pub files: domain::files::FileStore,
    pub database_url: String,
    pub data_dir: std::path::PathBuf,
    database: String,
    stop: Option<oneshot::Sender<()>>,
    stop_worker: tokio::sync::watch::Sender<bool>,
}

#[derive(Default)]
pub struct AppOptions {
    pub limits: RateLimits,
    pub prod: bool,
    /// The built web app to serve (`WEB_DIST`); none by default.
    pub web_dist: Option<std::path::PathBuf>,
    /// Run the index worker in the test's process, as `vakants serve` does.
    pub worker: bool,
    /// Open the index as a reader, for a worker in another process (`vakants worker`).
    pub index_reader: bool,
    /// Extra configuration variables (as `Config::from_lookup` reads them); they win over the
    /// test defaults, e.g. `("TRUST_PROXY", "true".into())`.
    pub env: Vec<(&'static str, String)>,
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(AppOptions::default()).await
}

pub async fn spawn_app_with(options: AppOptions) -> TestApp {
    worker::extract::use_program(env!("CARGO_BIN_EXE_vakants"));
    let template = template().await;
    let database = format!("vakants_test_{}", uuid::Uuid::new_v4().simple());
    let admin: PgConnectOptions = format!("{}/postgres", server_url()).parse().unwrap();
    let mut conn = admin.connect().await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("create database {database} template {template}"))).execute(&mut conn).await.unwrap();
    conn.close().await.ok();

    let database_url = format!("{}/{database}", server_url());
    let prod = options.prod;
    let web_dist = options.web_dist.map(|p| p.display().to_string()).unwrap_or_else(|| "/nonexistent".into());
    let data_dir = std::env::temp_dir().join(format!("vakants-test-{}", uuid::Uuid::new_v4().simple()));
    let data_dir_text = data_dir.display().to_string();
    let mut env = options.env;
    // TEST_SEARCH_ENGINE=meilisearch: the same tests on Meilisearch (a test's own variables win)
    for (name, value) in crate::meili::app_env().await {
        if !env.iter().any(|(n, _)| *n == name) {
            env.push((name, value));
        }
    }
    let config = Config::from_lookup(|key| {
        if let Some((_, value)) = env.iter().find(|(name, _)| *name == key) {
            return Some(value.clone());
        }
        match key {
            "DATA_DIR" => Some(data_dir_text.clone()),
            "DATABASE_URL" => Some(database_url.clone()),
            "BIND" => Some("127.0.0.1:0".into()),
            "VAKANTS_MODE" => Some(if prod { "prod" } else { "dev" }.into()),
            "APP_SECRET" => Some(TEST_APP_SECRET.into()),
            "WEB_DIST" => Some(web_dist.clone()),
            "PUBLIC_URL" => Some(TEST_PUBLIC_URL.into()),
            // prod refuses to start without a relay; nothing listens here, so a prod test's mail fails
            "MAIL_URL" if prod => Some("smtp://127.0.0.1:9".into()),
            _ => None,
        }
    })
    .unwrap();
    let bind = config.bind;
    let build = BuildOptions {
        redis_prefix: format!("test:{}:", uuid::Uuid::new_v4().simple()),
        limits: options.limits,
        // the worker's eleven queues each keep a connection busy polling, beside its batcher and clocks;
        // with fewer connections than they need, apalis' pollers spin on the pool (measured with 5:
        // 1.3 s of CPU in 2 s idle), and on a loaded machine a rebuild starved past its 30 s wait
        max_connections: 16,
        index_access: if options.index_reader { search::AccessMode::Reader } else { search::AccessMode::Writer },
    };
    let state = api::build_state(config, build).await.expect("app state");
    let pool = state.pool.clone();
    let index = state.search.clone();
    let files = state.files.clone();
    let (stop_worker, worker_stopped) = tokio::sync::watch::channel(false);
    if options.worker {
        let mailing = worker::Mailing {
            mailer: state.mailer.clone(),
            seller: (*state.seller).clone(),
            public_url: TEST_PUBLIC_URL.into(),
            app_secret: state.config.app_secret.clone(),
            retention: state.config.retention,
            // an alert mail pass runs as soon as it is queued (the default waits 20 s)
            alert_mail_window: std::time::Duration::ZERO,
        };
        tokio::spawn(worker::run(pool.clone(), index.clone(), files.clone(), mailing, worker_stopped));
    }
    let app = Application::bind(state, bind).await.unwrap();
    let address = format!("http://127.0.0.1:{}", app.port());
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(app.serve(async move {
        let _ = stopped.await;
    }));
    TestApp { client: TestClient::new(&address), address, pool, index, files, database_url, database, data_dir, stop: Some(stop), stop_worker }
}

impl TestApp {
    /// What a worker started by a test mails with: the dev outbox of the test's database and the
    /// default seller.
    pub fn mailing(&self) -> worker::Mailing {
        worker::Mailing {
            mailer: domain::platform::mail::Mailer::Outbox { pool: self.pool.clone() },
            seller: domain::billing::seller::Seller::default(),
            public_url: TEST_PUBLIC_URL.into(),
            app_secret: domain::platform::config::Secret::new(TEST_APP_SECRET),
            retention: domain::platform::retention::Periods::default(),
            alert_mail_window: std::time::Duration::ZERO,
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = self.stop_worker.send(true);
        let _ = std::fs::remove_dir_all(&self.data_dir);
        let database = self.database.clone();
        // dropping needs async work; do it on a thread of its own so it also runs after a failed
        // assertion. `with (force)` ends the app's connections: the test's runtime is blocked here,
        // so its pool cannot be closed gracefully.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async move {
                let admin: PgConnectOptions = format!("{}/postgres", server_url()).parse().unwrap();
                if let Ok(mut conn) = admin.connect().await {
                    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("drop database if exists {database} with (force)")))
                        .execute(&mut conn)
                        .await;
                }
            });
        })
        .join();
    }
}

/// A browser: its own cookie jar, sending the anti-forgery header on every call like the web app.
pub struct TestClient {
    pub address: String,
    pub http: reqwest::Client,
    pub jar: Arc<Jar>,
}

impl TestClient {
    pub fn new(address: &str) -> Self {
        let jar = Arc::new(Jar::default());
        let http = reqwest::Client::builder().cookie_provider(jar.clone()).build().unwrap();
        TestClient { address: address.to_string(), http, jar }
    }

    /// The same browser (cookie jar, session) asking for English: the server answers error
    /// messages in the request's language, et when it names none, and the tests that read a
    /// message read the English source text.
    pub fn in_english(&self) -> TestClient {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(reqwest::header::ACCEPT_LANGUAGE, reqwest::header::HeaderValue::from_static("en"));
        let http = reqwest::Client::builder().cookie_provider(self.jar.clone()).default_headers(headers).build().unwrap();
        TestClient { address: self.address.clone(), http, jar: self.jar.clone() }
    }

    pub fn cookie(&self, name: &str) -> Option<String> {
        let url = self.address.parse().unwrap();
        let header = self.jar.cookies(&url)?;
        header
            .to_str()
            .ok()?
            .split("; ")
            .find_map(|pair| pair.strip_prefix(&format!("{name}=")).map(str::to_string))
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Makes sure the jar holds an anti-forgery cookie (as the web's first `GET /api/open/me` does).
    pub async fn xsrf(&self) -> String {
        if let Some(token) = self.cookie("XSRF-TOKEN") {
            return token;
        }
        self.http.get(self.url("/api/open/me")).send().await.unwrap();
        self.cookie("XSRF-TOKEN").expect("the first response hands out XSRF-TOKEN")
    }

    pub async fn get(&self, path: &str) -> Response {
        let token = self.xsrf().await;
        self.http.get(self.url(path)).header("x-xsrf-token", token).send().await.unwrap()
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        let token = self.xsrf().await;
        self.http.post(self.url(path)).header("x-xsrf-token", token).json(&body).send().await.unwrap()
    }

    pub async fn put(&self, path: &str, body: Value) -> Response {
        let token = self.xsrf().await;
        self.http.put(self.url(path)).header("x-xsrf-token", token).json(&body).send().await.unwrap()
    }

    pub async fn patch_empty(&self, path: &str) -> Response {
        let token = self.xsrf().await;
        self.http.patch(self.url(path)).header("x-xsrf-token", token).send().await.unwrap()
    }

    pub async fn delete(&self, path: &str) -> Response {
        let token = self.xsrf().await;
        self.http.delete(self.url(path)).header("x-xsrf-token", token).send().await.unwrap()
    }

    pub async fn post_empty(&self, path: &str) -> Response {
        let token = self.xsrf().await;
        self.http.post(self.url(path)).header("x-xsrf-token", token).send().await.unwrap()
    }

    /// The six digits of the newest sign-in mail in the dev outbox (other mails are passed over).
    pub async fn code_from_outbox(&self, email: &str) -> String {
        let mails: Value = self.http.get(self.url(&format!("/api/dev/outbox?to={email}"))).send().await.unwrap().json().await.unwrap();
        mails
            .as_array()
            .expect("the outbox as a list")
            .iter()
            .map(|mail| mail["subject"].as_str().unwrap_or_default().chars().filter(|c| c.is_ascii_digit()).collect::<String>())
            .find(|digits| digits.len() == 6)
            .expect("a sign-in mail in the outbox")
    }

    pub async fn verify(&self, email: &str, code: &str, remember_me: bool) -> Response {
        self.post(&format!("/api/auth/verify-otp?remember-me={remember_me}"), json!({ "email": email, "code": code })).await
    }

    /// Register (or log in) and verify with the code from the outbox; returns the user.
    pub async fn sign_in(&self, email: &str) -> Value {
        let known: bool = self.post("/api/auth/login", json!({ "email": email })).await.json().await.unwrap();
        if !known {
            let response = self
                .post("/api/auth/register", json!({ "email": email, "termsOfUse": true, "dataProcessing": true, "useOfCookies": true }))
                .await;
            assert_eq!(response.status(), StatusCode::OK);
        }
        let code = self.code_from_outbox(email).await;
        let response = self.verify(email, &code, false).await;
        assert_eq!(response.status(), StatusCode::OK, "verify-otp for {email}");
        response.json().await.unwrap()
    }

    pub async fn me(&self) -> Value {
        self.get("/api/open/me").await.json().await.unwrap()
    }
}

impl TestApp {
    pub fn new_client(&self) -> TestClient {
        TestClient::new(&self.address)
    }

    /// A user with a complete profile and the given extra roles, made directly in the database.
    pub async fn create_user(&self, email: &str, roles: &[&str]) {
        let id: uuid::Uuid = sqlx::query_scalar(
            "insert into users (username, terms_of_use_accepted_at, data_processing_accepted_at, use_of_cookies_accepted_at)
             values ($1, now(), now(), now()) returning id",
        )
        .bind(email)
        .fetch_one(&self.pool)
        .await
        .unwrap();
        sqlx::query("insert into profiles (user_id, firstname, lastname, phone_number) values ($1, 'Test', 'User', '+37255555555')")
            .bind(id)
            .execute(&self.pool)
            .await
            .unwrap();
        for role in std::iter::once(&"USER").chain(roles) {
            sqlx::query("insert into user_roles (user_id, role) values ($1, $2)").bind(id).bind(role).execute(&self.pool).await.unwrap();
        }
    }

    /// An employer with an active CV-database service, signed in on the app's own client.
    pub async fn employer_with_cv_access(&self) {
        self.create_employer("boss@example.ee", &[("12345678", "Näide OÜ")]).await;
        sqlx::query(
            "insert into services (company_id, type, product_code, status, starts_at, ends_at)
             select id, 'CV', 'CV_BASE_DAY', 'ACTIVE', now() - interval '1 day', now() + interval '6 days' from companies",
        )
        .execute(&self.pool)
        .await
        .unwrap();
        self.client.sign_in("boss@example.ee").await;
    }

    /// A company of the Business Register.
    pub async fn add_register_company(&self, registry_code: &str, name: &str) {
        sqlx::query(
            "insert into business_register (registry_code, business_name, status, address, ehak_code)
             values ($1, $2, 'R', 'Harju maakond, Tallinn, Narva mnt 5', '0784')",
        )
        .bind(registry_code)
        .bind(name)
        .execute(&self.pool)
        .await
        .unwrap();
    }

    /// An employer with the given companies registered (made directly in the database).
    pub async fn create_employer(&self, email: &str, companies: &[(&str, &str)]) {
        self.create_user(email, &["EMPLOYER"]).await;
        for (code, name) in companies {
            self.add_register_company(code, name).await;
            sqlx::query(
                "with c as (insert into companies (registry_code, business_name, supervisor_user_id)
                            select $1, $2, id from users where username = $3 returning id, supervisor_user_id)
                 insert into company_staff (company_id, user_id, is_administrator) select id, supervisor_user_id, true from c",
            )
            .bind(code)
            .bind(name)
            .bind(email)
            .execute(&self.pool)
            .await
            .unwrap();
        }
    }
}

pub async fn error_of(response: Response) -> (StatusCode, Value) {
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    (status, body)
}

/// A database of its own, copied from the migrated template, for a test that runs the `vakants`
/// binary; dropped (with `force`) with the value.
pub struct FreshDatabase {
    pub url: String,
    name: String,
}

pub async fn fresh_database() -> FreshDatabase {
    let template = template().await;
    let name = format!("vakants_test_{}", uuid::Uuid::new_v4().simple());
    let admin: PgConnectOptions = format!("{}/postgres", server_url()).parse().unwrap();
    let mut conn = admin.connect().await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("create database {name} template {template}"))).execute(&mut conn).await.unwrap();
    conn.close().await.ok();
    FreshDatabase { url: format!("{}/{name}", server_url()), name }
}

impl Drop for FreshDatabase {
    fn drop(&mut self) {
        let name = self.name.clone();
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async move {
                let admin: PgConnectOptions = format!("{}/postgres", server_url()).parse().unwrap();
                if let Ok(mut conn) = admin.connect().await {
                    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("drop database if exists {name} with (force)"))).execute(&mut conn).await;
                }
            });
        })
        .join();
    }
}

/// The `vakants` binary with an empty environment but `PATH` and the given variables.
pub fn vakants_command(args: &[&str], env: &[(&str, String)]) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_vakants"));
    command.args(args).env_clear();
    if let Ok(path) = std::env::var("PATH") {
        command.env("PATH", path);
    }
    for (name, value) in env {
        command.env(name, value);
    }
    command
}

/// A port nothing listens on right now (bound and released).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A `vakants worker` process on the test app's database and data directory (the app opens its
/// index as a reader: `AppOptions::index_reader`), for the tests that kill it with SIGKILL
/// (`Child::start_kill`) mid-run and start another.
pub fn start_worker(app: &TestApp) -> tokio::process::Child {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_vakants"))
        .arg("worker")
        .env("VAKANTS_MODE", "dev")
        .env("DATABASE_URL", &app.database_url)
        .env("DATA_DIR", &app.data_dir)
        .env("RUST_LOG", "warn")
        .env("ALERT_MAIL_WINDOW_MS", "0")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("the vakants binary")
}

/// What [`stream_vacancies`] writes into its `i`th vacancy beside the common part (a live cook's
/// job in Tallinn of `company`, salary by agreement when `salary_from` is left out).
#[derive(Default)]
pub struct StreamedVacancy {
    pub category: Option<&'static str>,
    pub teaser: Option<String>,
    /// Salary from this to 500 more a month.
    pub salary_from: Option<f64>,
    pub remote_work: bool,
}

/// Writes `count` live vacancies of `company` in a task, each with its index job on its own
/// transaction, pausing now and then as an employer's writes do: the load a worker is killed under.
pub fn stream_vacancies(pool: &PgPool, company: uuid::Uuid, count: usize, shape: fn(usize) -> StreamedVacancy) -> tokio::task::JoinHandle<()> {
    let pool = pool.clone();
    tokio::spawn(async move {
        for i in 0..count {
            let vacancy = shape(i);
            let mut tx = pool.begin().await.unwrap();
            let id: uuid::Uuid = sqlx::query_scalar(
                "insert into vacancies (company_id, status, payment_status, occupation_code, ehak_code, publish_at, valid_until, renewed_at,
                                        salary_from, salary_to, salary_period_code, salary_by_agreement, remote_work)
                 values ($1, 'EXISTS', 'PAID', 'COOK', '0784', now() - interval '1 minute', now() + interval '10 days', now() - interval '1 minute',
                         $2, $2 + 500, case when $2 is not null then 'MONTH' end, $2 is null, $3) returning id",
            )
            .bind(company)
            .bind(vacancy.salary_from)
            .bind(vacancy.remote_work)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
            if let Some(category) = vacancy.category {
                sqlx::query("insert into vacancy_categories (vacancy_id, category_code) values ($1, $2)").bind(id).bind(category).execute(&mut *tx).await.unwrap();
            }
            if let Some(teaser) = vacancy.teaser {
                sqlx::query("insert into vacancy_contents (vacancy_id, language_code, teaser, content) values ($1, 'et', $2, $3)")
                    .bind(id)
                    .bind(teaser)
                    .bind(r#"{"ops":[{"insert":"Tore töökoht.\n"}]}"#)
                    .execute(&mut *tx)
                    .await
                    .unwrap();
            }
            domain::platform::jobs::enqueue_index(&mut tx, &[domain::platform::jobs::IndexJob::Vacancy(id)]).await.unwrap();
            tx.commit().await.unwrap();
            if i % 50 == 0 {
                tokio::time::sleep(std::time::Duration::from_millis(30)).await;
            }
        }
    })
}
