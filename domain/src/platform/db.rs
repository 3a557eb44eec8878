//! Postgres pool and migrations.

use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, PgPool};

pub async fn connect(database_url: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    let options: PgConnectOptions = database_url.parse()?;
    let options = options.log_slow_statements(tracing::log::LevelFilter::Warn, Duration::from_millis(500));
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        .connect_with(options)
        .await
}

/// Creates the database named in `database_url` when it does not exist yet.
pub async fn ensure_database(database_url: &str) -> Result<(), sqlx::Error> {
    let options: PgConnectOptions = database_url.parse()?;
    let name = options.get_database().unwrap_or("vakants").to_string();
    let admin = options.clone().database("postgres");
    let mut conn = admin.connect().await?;
    let exists: bool = sqlx::query_scalar("select exists (select 1 from pg_database where datname = $1)")
        .bind(&name)
        .fetch_one(&mut conn)
        .await?;
    if !exists {
        let quoted = name.replace('"', "\"\"");
        sqlx::query(sqlx::AssertSqlSafe(format!("create database \"{quoted}\""))).execute(&mut conn).await?;
        tracing::info!(database = %name, "created database");
    }
    Ok(())
}

/// Our migrations, then the job queue's (apalis, schema `apalis`). sqlx records ours in
/// `public._sqlx_migrations` and the queue's in `apalis._sqlx_migrations` (`vakants backup` and
/// `restore` read both); each migrator ignores applied versions it does not know.
pub fn migrators() -> [Migrator; 2] {
    let mut ours = sqlx::migrate!("../migrations");
    ours.set_ignore_missing(true);
    let mut queue = apalis_postgres::PostgresStorage::<()>::migrations();
    queue.set_ignore_missing(true);
    [ours, queue]
}

pub async fn migrate(pool: &PgPool) -> Result<(), sqlx::migrate::MigrateError> {
    for migrator in migrators() {
        migrator.run(pool).await?;
    }
    sqlx::raw_sql(sqlx::AssertSqlSafe(QUEUE_FETCH_PLAN)).execute(pool).await?;
    Ok(())
}

/// Keeps apalis' fetch (`apalis.get_jobs`, which every queue's worker calls each time it polls)
/// on the job table's keys. A statement inside an SQL function is planned without its
/// arguments' values, so the planner reads the fetch's `limit v_job_count` as a tenth of the
/// pending rows and joins the few rows it claims to the whole table by hashing it: a sequential
/// scan of every job ever run (finished jobs stay in the table), spilling to disk, on every poll.
/// Measured while the employer writes (bench/results/2026-12-03-http-writes-queue-fetch.md):
/// 107 ms a call at 113k jobs, Postgres 40 % of the machine at 5 writes/s. Without hash and merge
/// joins the claimed rows are found by their key. Set on the function rather than in a migration
/// of ours because the queue's migrations run after ours and may replace the function (which
/// drops its settings), so it is set again after every migration run; idempotent.
const QUEUE_FETCH_PLAN: &str = "alter function apalis.get_jobs(text, text, integer) set enable_hashjoin = off;
     alter function apalis.get_jobs(text, text, integer) set enable_mergejoin = off;";
