//! Redis down: nothing durable lives there, so everything keeps working.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;

use crate::harness::{self, Client, PrivatePostgres, PrivateRedis, Vakants, answered, http_client, search, search_total};

/// The longest any call may take while Redis is down: each Redis call of a request is bounded
/// (1 s for the limits, 2 s for the connection), so a request never hangs on it.
const BOUNDED: Duration = Duration::from_secs(5);

async fn timed<T>(what: &str, call: impl std::future::Future<Output = T>) -> T {
    let started = Instant::now();
    let out = call.await;
    assert!(started.elapsed() < BOUNDED, "{what} took {:?} while redis was down", started.elapsed());
    out
}

/// Loses nothing (Redis holds no durable state): with Redis killed, sign-in, search, the vacancy
/// page (API and server-painted HTML), an applicant's write and the live stream keep working
/// within bounded time, `/readyz` names Redis; when Redis returns the limits count there again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_down_keeps_sign_in_search_and_pages_working_and_they_recover() {
    crate::skip_without_tools!();
    let postgres = PrivatePostgres::start();
    let mut redis = PrivateRedis::start();
    let dir = tempfile::tempdir().unwrap();
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    // the server-painted pages need only the shell of the built web app
    std::fs::write(dist.join("index.html"), "<!doctype html><html><head><!--app-head--></head><body><div id=\"root\"></div></body></html>").unwrap();
    let mut vakants = Vakants::new(postgres.url("vakants"), redis.url(), dir.path().join("data"), dir.path().join("logs"));
    vakants.web_dist = Some(dist);
    vakants.prepare().await;
    let server = vakants.serve("serve", &[]).await;
    let base = server.base.clone();
    let http = http_client();
    let pool = sqlx::PgPool::connect(&vakants.database_url).await.unwrap();
    crate::eventually!(Duration::from_secs(60), "the index holds the seeded vacancies", { search_total(&http, &base).await == harness::live_vacancies(&pool).await });
    let (_, page) = search(&http, &base, &json!({})).await;
    let vacancy = page["content"][0]["vacancyId"].as_str().unwrap().to_owned();

    redis.stop_server();

    let (status, body) = timed("/readyz", answered(http.get(format!("{base}/readyz")).send())).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body, json!({ "postgres": true, "redis": false }));

    let applicant = Client::new(&base);
    timed("signing in", applicant.try_sign_in(harness::APPLICANT)).await.expect("sign-in works without redis");
    let (status, body) = timed("a search", search(&http, &base, &json!({ "occupation": "kokk" }))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = timed("the vacancy's API", answered(http.get(format!("{base}/api/open/vacancies/{vacancy}")).send())).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, html) = timed("the vacancy's page", answered(http.get(format!("{base}/et/vacancies/{vacancy}")).send())).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.as_str().is_some_and(|h| h.contains("<title>")), "the page is painted with its head: {html}");
    let (status, body) = timed(
        "saving a favourite",
        answered(applicant.send(reqwest::Method::POST, "/api/applicant/favourites-vacancies", &json!({ "vacancyId": vacancy }))),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "an applicant's write: {body}");
    let (status, body) = timed("the favourites", answered(applicant.get("/api/applicant/favourites-vacancies"))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body[0]["vacancyId"], vacancy.as_str(), "{body}");
    // the live stream opens (events of this process reach it directly; the web polls the rest)
    let stream = timed("the live stream", applicant.get("/api/user/stream")).await.expect("the stream answers");
    assert_eq!(stream.status(), StatusCode::OK);
    assert!(stream.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    drop(stream);
    // several calls in a row: no call waits on redis longer than its bound
    for _ in 0..5 {
        let (status, _) = timed("a search", search(&http, &base, &json!({}))).await;
        assert_eq!(status, StatusCode::OK);
    }

    redis.start_server();
    crate::eventually!(Duration::from_secs(30), "/readyz reports redis back", {
        answered(http.get(format!("{base}/readyz")).send()).await.0 == StatusCode::OK
    });
    let again = Client::new(&base);
    again.try_sign_in(harness::EMPLOYER).await.expect("sign-in after redis returned");
    // the sign-in limits count in redis again
    let client = redis::Client::open(redis.url()).unwrap();
    let mut conn = client.get_multiplexed_async_connection().await.unwrap();
    let keys: Vec<String> = redis::cmd("KEYS").arg("vakants:rl:*").query_async(&mut conn).await.unwrap();
    assert!(!keys.is_empty(), "the rate limits count in redis once it is back");
    drop(server);
}
