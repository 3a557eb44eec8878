//! Postgres restarted while employers publish and visitors search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::harness::{self, Client, PrivatePostgres, PrivateRedis, Vakants, found_ids, http_client, search, search_total};

/// What the writer saw.
#[derive(Default)]
struct Writes {
    /// Vacancies whose create answered 2xx.
    created: Vec<String>,
    /// Vacancies whose create and publish both answered 2xx, with their word.
    published: Vec<(String, String)>,
    /// Every failed answer (status, body).
    failures: Vec<(StatusCode, Value)>,
}

/// Loses nothing: while Postgres is down writes answer 503 with a message (never 500), `/readyz`
/// says so; afterwards every write that answered 2xx is in Postgres and found by search, and the
/// search's total equals the live vacancies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_restart_loses_no_acknowledged_write_and_the_index_catches_up() {
    crate::skip_without_tools!();
    let postgres = PrivatePostgres::start();
    let redis = PrivateRedis::start();
    let dir = tempfile::tempdir().unwrap();
    let vakants = Vakants::new(postgres.url("vakants"), redis.url(), dir.path().join("data"), dir.path().join("logs"));
    vakants.prepare().await;
    let server = vakants.serve("serve", &[]).await;
    let base = server.base.clone();
    let http = http_client();
    let pool = sqlx::PgPool::connect(&vakants.database_url).await.unwrap();
    crate::eventually!(Duration::from_secs(60), "the index holds the seeded vacancies", { search_total(&http, &base).await == harness::live_vacancies(&pool).await });
    // this pool would live through the restart: the checks afterwards open their own
    pool.close().await;

    let employer = Arc::new(Client::sign_in(&base, harness::EMPLOYER).await);
    let writes = Arc::new(Mutex::new(Writes::default()));
    let searches = Arc::new(Mutex::new(Vec::<StatusCode>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = tokio::spawn({
        let (employer, writes, stop) = (employer.clone(), writes.clone(), stop.clone());
        async move {
            for n in 0.. {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let word = format!("{}pgrestart{n}", letters(n));
                match employer.create_vacancy(&word).await {
                    Ok(id) => {
                        writes.lock().await.created.push(id.clone());
                        match employer.publish(&id).await {
                            Ok(()) => writes.lock().await.published.push((id, word)),
                            Err(failure) => writes.lock().await.failures.push(failure),
                        }
                    }
                    Err(failure) => writes.lock().await.failures.push(failure),
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    });
    let reader = tokio::spawn({
        let (http, base, searches, stop) = (http.clone(), base.clone(), searches.clone(), stop.clone());
        async move {
            while !stop.load(Ordering::Relaxed) {
                let (status, _) = search(&http, &base, &json!({ "occupation": "kokk" })).await;
                searches.lock().await.push(status);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    });

    tokio::time::sleep(Duration::from_secs(3)).await;
    let before = writes.lock().await.published.len();
    assert!(before > 0, "writes went through before the outage");

    postgres.stop_server();
    let (status, body) = harness::answer(http.get(format!("{base}/readyz")).send().await).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "/readyz during the outage: {body}");
    assert_eq!(body["postgres"], false, "{body}");
    assert_eq!(body["redis"], true, "{body}");
    // a write while it is down: 503 with the app's error body and a message
    let (status, body) = harness::answer(employer.send(reqwest::Method::POST, "/api/employer/vacancies/create", &json!({})).await).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "a write during the outage: {body}");
    assert_eq!(body["code"], "service_unavailable", "{body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("database")), "the message says what is wrong: {body}");
    tokio::time::sleep(Duration::from_secs(4)).await;
    let during = writes.lock().await.failures.len();
    assert!(during > 0, "the writer saw the outage");

    postgres.start_server();
    crate::eventually!(Duration::from_secs(30), "/readyz reports the recovery", {
        let (status, body) = harness::answer(http.get(format!("{base}/readyz")).send().await).await;
        status == StatusCode::OK && body["postgres"] == true
    });
    let published_at_recovery = writes.lock().await.published.len();
    crate::eventually!(Duration::from_secs(30), "writes succeed again after the restart", {
        writes.lock().await.published.len() >= published_at_recovery + 3
    });
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();
    reader.await.unwrap();

    let writes = writes.lock().await;
    for (status, body) in &writes.failures {
        assert_eq!(*status, StatusCode::SERVICE_UNAVAILABLE, "a failed write answers 503, never 500 or no answer: {body}");
    }
    let searches = searches.lock().await;
    assert!(
        searches.iter().all(|s| s.is_success() || *s == StatusCode::SERVICE_UNAVAILABLE),
        "searches answer 200 or 503 during the outage: {searches:?}"
    );
    assert!(searches.last().is_some_and(StatusCode::is_success), "searches answer after the restart");

    // nothing acknowledged is lost
    let pool = sqlx::PgPool::connect(&vakants.database_url).await.unwrap();
    for id in &writes.created {
        let id: uuid::Uuid = id.parse().unwrap();
        let found: Option<String> = sqlx::query_scalar("select status from vacancies where id = $1").bind(id).fetch_optional(&pool).await.unwrap();
        assert!(found.is_some(), "vacancy {id} answered 201 and is in Postgres");
    }
    // and the index catches up: every published vacancy is found, the total is the live count
    for (id, word) in &writes.published {
        crate::eventually!(Duration::from_secs(90), &format!("search finds published vacancy {id}"), {
            found_ids(&http, &base, word).await.contains(id)
        });
    }
    crate::eventually!(Duration::from_secs(30), "the search total equals the live vacancies", { search_total(&http, &base).await == harness::live_vacancies(&pool).await });
    let restarts = server.process.log_text().matches("a queue worker stopped on an error; starting it again").count();
    eprintln!(
        "postgres restart: {} created, {} published, {} writes refused with 503 while it was down, {} searches, {restarts} queue worker restarts",
        writes.created.len(),
        writes.published.len(),
        writes.failures.len(),
        searches.len()
    );
    drop(server);
}

/// Three letters per number (`aaa`, `aab`, …): words differ in their first letters, so typo
/// tolerance cannot take one for another.
pub fn letters(n: usize) -> String {
    let mut rest = n;
    let mut out = [b'a'; 3];
    for letter in out.iter_mut().rev() {
        *letter = b'a' + (rest % 26) as u8;
        rest /= 26;
    }
    String::from_utf8_lossy(&out).into_owned()
}
