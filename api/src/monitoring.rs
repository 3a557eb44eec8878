//! What an operator watches (`deploy/prometheus/alerts.yml`, `deploy/grafana/vakants.json`): the
//! metrics `/metrics` exports beside the HTTP ones. Counters are kept where things happen (mail
//! in `domain::platform::mail`, index batches in the worker, payment notifications in their
//! route); what the process cannot count itself (the queue, the workers' heartbeats, whether
//! Postgres and Redis answer) is read at each scrape, so every API node reports it, also beside a
//! worker that runs in a process of its own.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::time::Duration;

use domain::platform::jobs::QueueHealth;
use domain::platform::metrics as names;

use crate::state::AppState;

/// How long a scrape waits for each of Postgres and Redis: the scrape gets its answer in bounded
/// time even while one of them does not answer at all.
pub const PROBE_WAIT: Duration = Duration::from_secs(2);

/// The buckets of the latency histograms (seconds): from a cached search to the request timeout.
pub const LATENCY_BUCKETS: &[f64] = &[0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// The API areas (`/api/{area}/…`) that are route groups of their own on the dashboard.
const API_GROUPS: &[&str] = &["open", "auth", "user", "applicant", "employer", "admin", "payment", "files", "dev"];

/// The group of a route template on the dashboard and in the alert rules: the API area
/// (`/api/employer/vacancies/{id}` is `employer`), `docs` for the API reference, `ops` for the
/// probes and `/metrics`, `web` for pages and assets, `unmatched` for a path no route took.
pub fn route_group(route: &str) -> &'static str {
    if route == "unmatched" {
        return "unmatched";
    }
    if let Some(rest) = route.strip_prefix("/api/") {
        let area = rest.split('/').next().unwrap_or_default();
        return match API_GROUPS.iter().find(|group| **group == area) {
            Some(group) => group,
            None if area.starts_with("docs") || area.starts_with("openapi") => "docs",
            None => "api",
        };
    }
    if matches!(route, "/healthz" | "/readyz" | "/metrics") {
        return "ops";
    }
    "web"
}

/// Describes every metric and starts each counter at zero: a series that does not exist yet
/// makes `increase()` answer nothing rather than 0, and a rule on it could not tell "none" from
/// "not exported".
pub fn register() {
    use metrics::{describe_counter, describe_gauge, describe_histogram};
    describe_counter!("http_requests_total", "HTTP requests answered, by method, route template, route group and status");
    describe_histogram!("http_request_duration_seconds", "time to answer an HTTP request (to its head), by method, route and group");
    describe_counter!("http_connections_refused_total", "client connections refused with 503 because CONNECTION_LIMIT were open");
    describe_counter!(names::MAILS, "mails handed to the relay (or the dev outbox), by outcome");
    describe_counter!(names::PAYMENT_NOTIFICATIONS, "payment provider notifications, by outcome: applied, rejected (400), failed (500)");
    describe_counter!(names::INDEX_BATCHES, "index batches of the worker in this process, by outcome");
    describe_histogram!(names::INDEX_COMMIT_SECONDS, "time of one index batch, loading the rows to the commit");
    describe_gauge!(names::INDEX_LAST_COMMIT, "when the worker in this process last committed the index (unix seconds)");
    describe_counter!(names::INDEX_RECONCILED, "documents the periodic reconciliation found out of date");
    describe_gauge!(names::INDEX_COMMIT_LAG, "age of the oldest change not yet committed to the index (0: up to date)");
    describe_gauge!(names::QUEUE_JOBS, "jobs of the queue by state: waiting, scheduled, running, retrying, failed");
    describe_gauge!(names::QUEUE_OLDEST_WAITING, "age of the oldest due job of the queue no worker has taken");
    describe_gauge!(names::WORKER_HEARTBEAT_AGE, "seconds since a worker of the queue last beat");
    describe_gauge!(names::POSTGRES_UP, "1 when postgres answered the scrape's probe");
    describe_gauge!(names::REDIS_UP, "1 when redis answered the scrape's probe");
    for outcome in ["sent", "failed"] {
        metrics::counter!(names::MAILS, "outcome" => outcome).increment(0);
    }
    for outcome in ["applied", "rejected", "failed"] {
        metrics::counter!(names::PAYMENT_NOTIFICATIONS, "outcome" => outcome).increment(0);
    }
    for outcome in ["committed", "failed"] {
        metrics::counter!(names::INDEX_BATCHES, "outcome" => outcome).increment(0);
    }
    metrics::counter!(names::INDEX_RECONCILED).increment(0);
    metrics::counter!("http_connections_refused_total").increment(0);
}

/// The queues every deployment has (each reported from the first scrape on, at 0 while empty).
fn known_queues() -> [&'static str; 8] {
    [
        domain::platform::jobs::INDEX_QUEUE,
        domain::platform::jobs::EXTRACT_QUEUE,
        worker::REBUILD_QUEUE,
        domain::billing::documents::MAIL_QUEUE,
        domain::interviews::mail::QUEUE,
        domain::applications::auto_reply::AUTO_REPLY_QUEUE,
        domain::companies::invitations::INVITATION_QUEUE,
        domain::files::avatars::THUMBNAIL_QUEUE,
    ]
}

/// Whether Postgres and Redis answer, each within [`PROBE_WAIT`].
pub async fn reachability(state: &AppState) -> (bool, bool) {
    let postgres = async {
        let check = sqlx::query_scalar::<_, i32>("select 1").fetch_one(&state.pool);
        matches!(tokio::time::timeout(PROBE_WAIT, check).await, Ok(Ok(_)))
    };
    tokio::join!(postgres, redis_answers(state))
}

/// Whether Redis answers a `PING` within [`PROBE_WAIT`].
async fn redis_answers(state: &AppState) -> bool {
    let ping = state.limiter.link().run(PROBE_WAIT, |mut redis| async move { redis::cmd("PING").query_async::<String>(&mut redis).await });
    ping.await.is_ok()
}

/// A scrape's one Postgres query, the queue's health, which is also its probe: `None` when
/// Postgres did not answer within [`PROBE_WAIT`] (or the connection failed), `Some(None)` when
/// it answered with an error (logged; the queue's gauges keep their last values).
async fn read_queue_health(state: &AppState) -> Option<Option<Vec<QueueHealth>>> {
    match tokio::time::timeout(PROBE_WAIT, domain::platform::jobs::queue_health(&state.pool)).await {
        Ok(Ok(health)) => Some(Some(health)),
        Ok(Err(domain::Error::Database(sqlx::Error::Database(err)))) => {
            tracing::warn!(error = %err, "reading the queue's health for /metrics failed");
            Some(None)
        }
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "postgres did not answer the queue's health for /metrics");
            None
        }
        Err(_) => {
            tracing::warn!("reading the queue's health for /metrics took too long");
            None
        }
    }
}

/// Sets the gauges read at each scrape, with one Postgres query (every queue's counts, ages and
/// heartbeats at once, [`domain::platform::jobs::queue_health`], which is the probe of
/// `vakants_postgres_up` as well) and a Redis `PING`, side by side. A queue seen once stays
/// reported (at 0 when it empties); while Postgres does not answer the queue's gauges keep their
/// last values and `vakants_postgres_up` says 0.
pub async fn refresh(state: &AppState) {
    static SEEN: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    let (health, redis) = tokio::join!(read_queue_health(state), redis_answers(state));
    metrics::gauge!(names::POSTGRES_UP).set(if health.is_some() { 1.0 } else { 0.0 });
    metrics::gauge!(names::REDIS_UP).set(if redis { 1.0 } else { 0.0 });
    let Some(Some(health)) = health else {
        return;
    };
    let mut seen = SEEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    seen.extend(known_queues().iter().map(|q| q.to_string()));
    seen.extend(health.iter().map(|q| q.queue.clone()));
    let mut index_lag = 0.0;
    for queue in seen.iter() {
        let found = health.iter().find(|h| &h.queue == queue);
        let count = |pick: fn(&QueueHealth) -> i64| found.map_or(0.0, |h| pick(h) as f64);
        let label = queue.clone();
        metrics::gauge!(names::QUEUE_JOBS, "queue" => label.clone(), "state" => "waiting").set(count(|h| h.waiting));
        metrics::gauge!(names::QUEUE_JOBS, "queue" => label.clone(), "state" => "scheduled").set(count(|h| h.scheduled));
        metrics::gauge!(names::QUEUE_JOBS, "queue" => label.clone(), "state" => "running").set(count(|h| h.running));
        metrics::gauge!(names::QUEUE_JOBS, "queue" => label.clone(), "state" => "retrying").set(count(|h| h.retrying));
        metrics::gauge!(names::QUEUE_JOBS, "queue" => label.clone(), "state" => "failed").set(count(|h| h.failed));
        metrics::gauge!(names::QUEUE_OLDEST_WAITING, "queue" => label.clone()).set(found.map_or(0.0, |h| h.oldest_waiting_seconds));
        if let Some(age) = found.and_then(|h| h.heartbeat_age_seconds) {
            metrics::gauge!(names::WORKER_HEARTBEAT_AGE, "queue" => label.clone()).set(age);
        }
        if queue == domain::platform::jobs::INDEX_QUEUE {
            index_lag = found.map_or(0.0, |h| h.oldest_unfinished_seconds);
        }
    }
    metrics::gauge!(names::INDEX_COMMIT_LAG).set(index_lag);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_fall_into_their_groups() {
        assert_eq!(route_group("/api/employer/vacancies/{id}"), "employer");
        assert_eq!(route_group("/api/open/search"), "open");
        assert_eq!(route_group("/api/payment/notify"), "payment");
        assert_eq!(route_group("/api/openapi.json"), "docs");
        assert_eq!(route_group("/api/something-new/{id}"), "api");
        assert_eq!(route_group("/metrics"), "ops");
        assert_eq!(route_group("/{lang}/vacancies"), "web");
        assert_eq!(route_group("unmatched"), "unmatched");
    }
}
