//! The server as an operator runs it: required configuration, links that never come from the
//! `Host` header, the client address behind proxies, limits without Redis, timeouts, `/metrics`
//! and a bounded shutdown (the last against the real `vakants` binary).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use api::rate_limit::{Limit, RateLimits};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::helpers::{AppOptions, TEST_PUBLIC_URL, TestApp, fresh_database, free_port, spawn_app_with, vakants_command};

fn run_failing(args: &[&str], env: &[(&str, String)]) -> String {
    let output = vakants_command(args, env).output().expect("the vakants binary runs");
    assert!(!output.status.success(), "{args:?} with {env:?} should refuse to start");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn serve_and_worker_refuse_to_start_without_an_explicit_mode() {
    for command in ["serve", "worker"] {
        let stderr = run_failing(&[command], &[("DATABASE_URL", "postgres://postgres@127.0.0.1:1/none".into())]);
        assert!(stderr.contains("VAKANTS_MODE"), "{command}: {stderr}");
    }
    let openapi = vakants_command(&["openapi"], &[]).output().unwrap();
    assert!(openapi.status.success(), "openapi needs no configuration");
}

/// `vakants` allocates with jemalloc (`api/src/main.rs`): asked to through jemalloc's own setting
/// (`_RJEM_MALLOC_CONF`, the prefix tikv-jemallocator gives it), it prints jemalloc's statistics as
/// it exits; with glibc's malloc nothing reads that setting.
#[test]
fn the_binary_allocates_with_jemalloc() {
    let output = vakants_command(&["openapi"], &[("_RJEM_MALLOC_CONF", "stats_print:true".into())]).output().unwrap();
    assert!(output.status.success(), "openapi failed: {}", String::from_utf8_lossy(&output.stderr));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("Begin jemalloc statistics"), "no jemalloc statistics on stderr: {stderr}");
}

#[test]
fn prod_refuses_to_start_without_public_url_or_mail_url() {
    let base = vec![("VAKANTS_MODE", "prod".to_string()), ("APP_SECRET", "s".repeat(40))];
    let stderr = run_failing(&["serve"], &base);
    assert!(stderr.contains("PUBLIC_URL"), "{stderr}");

    let mut plain = base.clone();
    plain.push(("PUBLIC_URL", "http://vakants.example".into()));
    plain.push(("MAIL_URL", "smtp://127.0.0.1:9".into()));
    let stderr = run_failing(&["serve"], &plain);
    assert!(stderr.contains("PUBLIC_URL") && stderr.contains("https://"), "{stderr}");

    let mut without_mail = base.clone();
    without_mail.push(("PUBLIC_URL", "https://vakants.example".into()));
    let stderr = run_failing(&["serve"], &without_mail);
    assert!(stderr.contains("MAIL_URL"), "{stderr}");

    let mut relaxed = without_mail.clone();
    relaxed.push(("MAIL_URL", "smtp://127.0.0.1:9".into()));
    relaxed.push(("RELAXED_RATE_LIMITS", "true".into()));
    let stderr = run_failing(&["serve"], &relaxed);
    assert!(stderr.contains("RELAXED_RATE_LIMITS"), "{stderr}");
}

#[tokio::test]
async fn a_forged_host_header_never_reaches_links() {
    let (app, dir) = crate::web::app_with_dist().await;
    let get = |path: &str| {
        let request = app.client.http.get(app.client.url(path)).header("host", "evil.example");
        async move {
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            response.text().await.unwrap()
        }
    };
    let robots = get("/robots.txt").await;
    assert!(robots.contains(&format!("Sitemap: {TEST_PUBLIC_URL}/sitemap.xml")), "{robots}");
    let sitemap = get("/sitemap.xml").await;
    assert!(sitemap.contains(&format!("<loc>{TEST_PUBLIC_URL}/sitemaps/pages.xml</loc>")), "{sitemap}");
    let pages = get("/sitemaps/pages.xml").await;
    let page = get("/en/faq-applicants").await;
    assert!(page.contains(&format!("<link rel=\"canonical\" href=\"{TEST_PUBLIC_URL}/en/faq-applicants\" />")), "{page}");
    for body in [robots, sitemap, pages, page] {
        assert!(!body.contains("evil.example"));
    }
    std::fs::remove_dir_all(dir).ok();
}

async fn login_from(app: &TestApp, forwarded_for: &str, email: &str) -> reqwest::Response {
    let token = app.client.xsrf().await;
    app.client
        .http
        .post(app.client.url("/api/auth/login"))
        .header("x-xsrf-token", token)
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({ "email": email }))
        .send()
        .await
        .unwrap()
}

fn three_sign_ins() -> RateLimits {
    RateLimits { send_code_per_ip: Limit { max: 3, window_secs: 600 }, ..RateLimits::default() }
}

#[tokio::test]
async fn spoofed_forwarded_entries_do_not_change_the_counted_address() {
    let env = vec![("TRUST_PROXY", "true".to_string())];
    let app = spawn_app_with(AppOptions { limits: three_sign_ins(), env, ..AppOptions::default() }).await;
    for i in 0..3 {
        // the client writes whatever it likes left of what our proxy appends
        let response = login_from(&app, &format!("10.9.{i}.1, 203.0.113.7"), &format!("nobody{i}@example.ee")).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let response = login_from(&app, "10.9.9.9, 203.0.113.7", "nobody9@example.ee").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "a fresh spoofed entry does not reset the count");
    let response = login_from(&app, "10.9.9.9, 203.0.113.8", "nobody9@example.ee").await;
    assert_eq!(response.status(), StatusCode::OK, "another client behind the proxy counts apart");
}

#[tokio::test]
async fn two_trusted_hops_take_the_second_entry_from_the_right() {
    let env = vec![("TRUST_PROXY", "true".to_string()), ("TRUST_PROXY_HOPS", "2".to_string())];
    let app = spawn_app_with(AppOptions { limits: three_sign_ins(), env, ..AppOptions::default() }).await;
    for i in 0..3 {
        let response = login_from(&app, &format!("10.9.{i}.1, 203.0.113.7, 10.0.0.{i}"), "nobody@example.ee").await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let response = login_from(&app, "203.0.113.7, 10.0.0.200", "nobody@example.ee").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
}

/// A TCP proxy in front of the real Redis that can hold every byte (Redis "does not answer") or
/// go away (Redis refuses connections).
pub(crate) struct RedisProxy {
    pub(crate) port: u16,
    held: Arc<AtomicBool>,
    accepting: tokio::task::JoinHandle<()>,
    pipes: Arc<std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

async fn forward(mut from: tokio::net::tcp::OwnedReadHalf, mut to: tokio::net::tcp::OwnedWriteHalf, held: Arc<AtomicBool>) {
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        let Ok(read) = from.read(&mut buffer).await else { return };
        if read == 0 {
            return;
        }
        while held.load(Ordering::Relaxed) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if to.write_all(&buffer[..read]).await.is_err() {
            return;
        }
    }
}

impl RedisProxy {
    pub(crate) async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let held = Arc::new(AtomicBool::new(false));
        let pipes = Arc::new(std::sync::Mutex::new(Vec::new()));
        let (held_in, pipes_in) = (held.clone(), pipes.clone());
        let accepting = tokio::spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                let Ok(outbound) = TcpStream::connect("127.0.0.1:6379").await else { continue };
                let (in_read, in_write) = inbound.into_split();
                let (out_read, out_write) = outbound.into_split();
                let mut pipes = pipes_in.lock().unwrap();
                pipes.push(tokio::spawn(forward(in_read, out_write, held_in.clone())));
                pipes.push(tokio::spawn(forward(out_read, in_write, held_in.clone())));
            }
        });
        RedisProxy { port, held, accepting, pipes }
    }

    fn hold(&self) {
        self.held.store(true, Ordering::Relaxed);
    }

    /// Closes the listener and every connection: Redis is gone.
    pub(crate) fn stop(&self) {
        self.accepting.abort();
        for pipe in self.pipes.lock().unwrap().drain(..) {
            pipe.abort();
        }
    }
}

#[tokio::test]
async fn per_ip_limits_hold_while_redis_is_down() {
    let proxy = RedisProxy::start().await;
    let env = vec![("TRUST_PROXY", "true".to_string()), ("REDIS_URL", format!("redis://127.0.0.1:{}", proxy.port))];
    let app = spawn_app_with(AppOptions { limits: three_sign_ins(), env, ..AppOptions::default() }).await;
    assert_eq!(login_from(&app, "203.0.113.30", "nobody@example.ee").await.status(), StatusCode::OK, "through Redis");

    // Redis holds every answer: each request waits at most about a second, and is still counted
    proxy.hold();
    for i in 0..3 {
        let started = Instant::now();
        let response = login_from(&app, "203.0.113.31", &format!("nobody{i}@example.ee")).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert!(started.elapsed() < Duration::from_millis(2500), "{:?}", started.elapsed());
    }
    let response = login_from(&app, "203.0.113.31", "nobody9@example.ee").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "the limit holds while Redis does not answer");
    assert!(response.headers().contains_key("retry-after"));

    // Redis is gone altogether
    proxy.stop();
    for i in 0..3 {
        let response = login_from(&app, "203.0.113.32", &format!("nobody{i}@example.ee")).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let response = login_from(&app, "203.0.113.32", "nobody9@example.ee").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "the limit holds while Redis refuses connections");
}

/// Reads until the server closes the connection (or `limit` passes); the time it took.
async fn time_until_closed(stream: &mut TcpStream, limit: Duration) -> Duration {
    let started = Instant::now();
    let mut buffer = [0u8; 4096];
    while started.elapsed() < limit {
        match tokio::time::timeout(Duration::from_millis(200), stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return started.elapsed(),
            _ => {}
        }
    }
    panic!("the connection was still open after {limit:?}");
}

#[tokio::test]
async fn a_client_sending_a_byte_a_second_is_cut_off_and_idle_connections_close() {
    let env = vec![("HEADER_READ_TIMEOUT_SECS", "2".to_string())];
    let app = spawn_app_with(AppOptions { env, ..AppOptions::default() }).await;
    let address = app.address.trim_start_matches("http://").to_string();

    let mut slow = TcpStream::connect(&address).await.unwrap();
    let started = Instant::now();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ").await.unwrap();
    let mut closed = false;
    for _ in 0..20 {
        if slow.write_all(b"a").await.is_err() {
            closed = true;
            break;
        }
        let mut buffer = [0u8; 1024];
        match tokio::time::timeout(Duration::from_secs(1), slow.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => {
                closed = true;
                break;
            }
            // an answer (408) before the close is fine; the close follows
            Ok(Ok(_)) => {}
            Err(_) => {}
        }
    }
    assert!(closed, "a request head trickling in for 20 s was never cut off");
    assert!(started.elapsed() < Duration::from_secs(5), "cut off after {:?}", started.elapsed());

    // a keep-alive connection that sends nothing after its answer is closed as well
    let mut idle = TcpStream::connect(&address).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut buffer = [0u8; 1024];
    let read = idle.read(&mut buffer).await.unwrap();
    assert!(String::from_utf8_lossy(&buffer[..read]).starts_with("HTTP/1.1 200"));
    let took = time_until_closed(&mut idle, Duration::from_secs(6)).await;
    assert!(took < Duration::from_secs(4), "idle connection closed after {took:?}");
}

#[tokio::test]
async fn a_request_not_answered_in_time_gets_503_in_the_error_format() {
    let env = vec![("REQUEST_TIMEOUT_SECS", "2".to_string())];
    let app = spawn_app_with(AppOptions { env, ..AppOptions::default() }).await;
    let address = app.address.trim_start_matches("http://").to_string();
    // the body never arrives in full: the handler waits for it until the request's time is up
    let mut stream = TcpStream::connect(&address).await.unwrap();
    stream
        .write_all(b"POST /api/open/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    while !String::from_utf8_lossy(&answer).contains("}") && started.elapsed() < Duration::from_secs(10) {
        match tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) | Err(_) => break,
            Ok(Ok(read)) => answer.extend_from_slice(&buffer[..read]),
        }
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(started.elapsed() >= Duration::from_millis(1900) && started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    let body: Value = serde_json::from_str(&answer[answer.find("\r\n\r\n").unwrap() + 4..]).unwrap();
    assert_eq!(body["code"], "service_unavailable");
}

#[tokio::test]
async fn metrics_need_the_token_in_prod_and_hide_without_one() {
    let unset = spawn_app_with(AppOptions { prod: true, ..AppOptions::default() }).await;
    let response = unset.client.http.get(unset.client.url("/metrics")).bearer_auth("anything").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    let env = vec![("METRICS_TOKEN", "metrics-token-for-tests".to_string())];
    let app = spawn_app_with(AppOptions { prod: true, env, ..AppOptions::default() }).await;
    let metrics = |token: Option<&str>| {
        let mut request = app.client.http.get(app.client.url("/metrics"));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        async move { request.send().await.unwrap().status() }
    };
    assert_eq!(metrics(None).await, StatusCode::UNAUTHORIZED);
    assert_eq!(metrics(Some("metrics-token-for-test")).await, StatusCode::UNAUTHORIZED);
    assert_eq!(metrics(Some("metrics-token-for-tests")).await, StatusCode::OK);

    let dev = spawn_app_with(AppOptions::default()).await;
    let response = dev.client.http.get(dev.client.url("/metrics")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "dev leaves /metrics open");
}

#[tokio::test]
async fn sigterm_ends_the_server_in_bounded_time_with_a_slow_client_connected() {
    let database = fresh_database().await;
    let data_dir = tempfile_dir();
    let port = free_port();
    let log = data_dir.join("server.log");
    std::fs::create_dir_all(&data_dir).unwrap();
    let env = vec![
        ("VAKANTS_MODE", "dev".to_string()),
        ("DATABASE_URL", database.url.clone()),
        ("REDIS_URL", "redis://127.0.0.1:6379/7".to_string()),
        ("DATA_DIR", data_dir.join("data").display().to_string()),
        ("BIND", format!("127.0.0.1:{port}")),
        ("WEB_DIST", "/nonexistent".to_string()),
        // only the shutdown bound may end the slow client's connection here
        ("HEADER_READ_TIMEOUT_SECS", "60".to_string()),
        ("RUST_LOG", "info".to_string()),
    ];
    let mut server = vakants_command(&["serve"], &env)
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .unwrap();
    let show_log = || std::fs::read_to_string(&log).unwrap_or_default();

    let health = format!("http://127.0.0.1:{port}/healthz");
    let up = Instant::now();
    loop {
        if reqwest::get(&health).await.is_ok_and(|r| r.status() == StatusCode::OK) {
            break;
        }
        assert!(server.try_wait().unwrap().is_none(), "vakants serve exited: {}", show_log());
        assert!(up.elapsed() < Duration::from_secs(60), "vakants serve did not come up: {}", show_log());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    let mut slow = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Half: ").await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;

    let signalled = Instant::now();
    let kill = std::process::Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let status = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break status;
        }
        if signalled.elapsed() > Duration::from_secs(15) {
            server.kill().ok();
            panic!("vakants serve still running 15 s after SIGTERM: {}", show_log());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let took = signalled.elapsed();
    assert!(took < Duration::from_secs(10), "SIGTERM took {took:?}: {}", show_log());
    assert!(status.success(), "{status:?}: {}", show_log());
    let mut buffer = [0u8; 64];
    assert!(matches!(slow.read(&mut buffer).await, Ok(0) | Err(_)), "the slow client's connection is closed");
    std::fs::remove_dir_all(&data_dir).ok();
}

fn tempfile_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("vakants-server-test-{}", uuid::Uuid::new_v4().simple()))
}
