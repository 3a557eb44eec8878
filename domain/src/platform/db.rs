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
    Ok(())
}
