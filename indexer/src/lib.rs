//! Postgres rows to search documents. The worker calls it with the ids of a batch of jobs; the
//! full rebuild calls it with every id. A row that should not be searchable (a draft, hidden,
//! expired or deleted vacancy; a hidden or deleted CV) comes back as an id to delete.

pub mod cvs;
pub mod places;
pub mod text;
pub mod vacancies;

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

pub use places::Places;

/// What one batch of ids turned into.
#[derive(Debug)]
pub struct Prepared<D> {
    pub upserts: Vec<D>,
    /// Per upserted document, the row version it was built from (for `search_index_state`).
    pub versions: HashMap<Uuid, DateTime<Utc>>,
    pub deletes: Vec<Uuid>,
}

impl<D> Default for Prepared<D> {
    fn default() -> Self {
        Prepared { upserts: Vec::new(), versions: HashMap::new(), deletes: Vec::new() }
    }
}

/// Records what the index now holds, so reconciliation can find rows that changed since.
pub async fn record_indexed(
    pool: &PgPool,
    kind: &str,
    versions: &HashMap<Uuid, DateTime<Utc>>,
    deleted: &[Uuid],
) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    record_indexed_in(&mut tx, kind, versions, deleted).await?;
    tx.commit().await
}

/// [`record_indexed`] on the caller's transaction (the batcher records the vacancies that went
/// live on the same one).
pub async fn record_indexed_in(
    conn: &mut PgConnection,
    kind: &str,
    versions: &HashMap<Uuid, DateTime<Utc>>,
    deleted: &[Uuid],
) -> sqlx::Result<()> {
    let (ids, stamps): (Vec<Uuid>, Vec<DateTime<Utc>>) = versions.iter().map(|(id, v)| (*id, *v)).unzip();
    if !ids.is_empty() {
        sqlx::query(
            "insert into search_index_state (doc_kind, doc_id, indexed_version)
             select $1, * from unnest($2::uuid[], $3::timestamptz[])
             on conflict (doc_kind, doc_id) do update set indexed_version = excluded.indexed_version",
        )
        .bind(kind)
        .bind(&ids)
        .bind(&stamps)
        .execute(&mut *conn)
        .await?;
    }
    if !deleted.is_empty() {
        sqlx::query("delete from search_index_state where doc_kind = $1 and doc_id = any($2)")
            .bind(kind)
            .bind(deleted)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
