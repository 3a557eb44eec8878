//! The names of the metrics `/metrics` exports beyond the HTTP ones, in one place: the code that
//! records them, the exporter that describes them (`api::monitoring`), and the alert rules and
//! dashboard in `deploy/` all use these names (a test checks that the last two name only
//! exported ones).

/// Counter: mails handed to the relay or the dev outbox, by `outcome` (`sent`, `failed`).
pub const MAILS: &str = "vakants_mails_total";
/// Counter: the payment provider's notifications (`POST /api/payment/notify`), by `outcome`:
/// `applied` (or nothing to change), `rejected` (a bad token: 400), `failed` (our error: 500).
pub const PAYMENT_NOTIFICATIONS: &str = "vakants_payment_notifications_total";
/// Counter: index batches of the worker in this process, by `outcome` (`committed`, `failed`).
pub const INDEX_BATCHES: &str = "vakants_index_batches_total";
/// Histogram: how long one index batch took, from loading the rows to the commit.
pub const INDEX_COMMIT_SECONDS: &str = "vakants_index_commit_duration_seconds";
/// Gauge: when the worker in this process last committed the index (Unix seconds).
pub const INDEX_LAST_COMMIT: &str = "vakants_index_last_commit_timestamp_seconds";
/// Counter: documents the periodic reconciliation found out of date (changes the queue missed).
pub const INDEX_RECONCILED: &str = "vakants_index_reconciled_documents_total";
/// Gauge (from Postgres at each scrape): how long the oldest change not yet committed to the index
/// has waited; 0 when the index is up to date.
pub const INDEX_COMMIT_LAG: &str = "vakants_index_commit_lag_seconds";
/// Gauge (from Postgres at each scrape): jobs per `queue` and `state` (`waiting`, `scheduled`,
/// `running`, `retrying`, `failed`).
pub const QUEUE_JOBS: &str = "vakants_queue_jobs";
/// Gauge (from Postgres at each scrape): age of the oldest due job no worker has taken, per `queue`.
pub const QUEUE_OLDEST_WAITING: &str = "vakants_queue_oldest_waiting_age_seconds";
/// Gauge (from Postgres at each scrape): seconds since a worker of the `queue` last beat.
pub const WORKER_HEARTBEAT_AGE: &str = "vakants_worker_heartbeat_age_seconds";
/// Gauge (at each scrape): 1 when Postgres answers, else 0.
pub const POSTGRES_UP: &str = "vakants_postgres_up";
/// Gauge (at each scrape): 1 when Redis answers, else 0.
pub const REDIS_UP: &str = "vakants_redis_up";
