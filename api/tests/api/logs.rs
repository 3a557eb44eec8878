//! The logs name a request's route, never the path or query it came with: calendar-feed and
//! unsubscribe tokens ride in paths, sign-in link tokens in a query.

use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::helpers::{fresh_database, free_port, vakants_command};

#[tokio::test]
async fn requests_carrying_tokens_log_their_route_and_never_the_token() {
    let database = fresh_database().await;
    let data_dir = std::env::temp_dir().join(format!("vakants-logs-test-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&data_dir).unwrap();
    let port = free_port();
    let log = data_dir.join("server.log");
    let env = vec![
        // prod: the JSON logs a deployment writes
        ("VAKANTS_MODE", "prod".to_string()),
        ("APP_SECRET", "a-test-secret-of-more-than-32-bytes-0123".to_string()),
        ("PUBLIC_URL", "https://vakants.test".to_string()),
        ("MAIL_URL", "smtp://127.0.0.1:9".to_string()),
        ("DATABASE_URL", database.url.clone()),
        ("REDIS_URL", "redis://127.0.0.1:6379/7".to_string()),
        ("DATA_DIR", data_dir.join("data").display().to_string()),
        ("BIND", format!("127.0.0.1:{port}")),
        ("WEB_DIST", "/nonexistent".to_string()),
        // every request's start and end are logged inside its span
        ("RUST_LOG", "info,tower_http=debug".to_string()),
    ];
    let mut server = vakants_command(&["serve"], &env)
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(std::fs::File::create(data_dir.join("server.err")).unwrap())
        .spawn()
        .unwrap();
    let show_log = || std::fs::read_to_string(&log).unwrap_or_default();
    let base = format!("http://127.0.0.1:{port}");
    let up = Instant::now();
    loop {
        if reqwest::get(format!("{base}/healthz")).await.is_ok_and(|r| r.status() == StatusCode::OK) {
            break;
        }
        assert!(server.try_wait().unwrap().is_none(), "vakants serve exited: {}", show_log());
        assert!(up.elapsed() < Duration::from_secs(60), "vakants serve did not come up: {}", show_log());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    let feed_token = "FeedTokenThatMustNotBeLogged0123456789abc";
    let query_token = "QueryTokenThatMustNotBeLogged0123456789ab";
    let unsubscribe_token = "UnsubscribeTokenThatMustNotBeLogged012345";
    let link_token = "SignInLinkTokenThatMustNotBeLogged0123456";
    let feed = reqwest::get(format!("{base}/api/open/calendar/{feed_token}.ics?token={query_token}")).await.unwrap();
    assert_eq!(feed.status(), StatusCode::NOT_FOUND, "an unknown feed fails");
    reqwest::get(format!("{base}/en/notifications/unsubscribe/mari@example.ee/{unsubscribe_token}")).await.unwrap();
    reqwest::get(format!("{base}/en/login?link={link_token}")).await.unwrap();

    let kill = std::process::Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let stopped = Instant::now();
    while server.try_wait().unwrap().is_none() {
        assert!(stopped.elapsed() < Duration::from_secs(15), "vakants serve still running after SIGTERM");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let logs = show_log();
    let lines: Vec<serde_json::Value> =
        logs.lines().map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("a JSON log line: {line}"))).collect();
    for secret in [feed_token, query_token, unsubscribe_token, link_token, "mari@example.ee"] {
        assert!(!logs.contains(secret), "{secret} is in the logs:\n{logs}");
    }
    let routes: Vec<&str> = lines.iter().filter_map(|line| line["span"]["route"].as_str()).collect();
    assert!(routes.contains(&"/api/open/calendar/{file}"), "the feed's route is logged: {routes:?}");
    assert!(routes.contains(&"/{lang}/notifications/unsubscribe/*/*"), "the page's pattern is logged: {routes:?}");
    assert!(routes.contains(&"/{lang}/login"), "{routes:?}");
    std::fs::remove_dir_all(&data_dir).ok();
}
