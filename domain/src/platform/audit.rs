//! The audit log: who did what to whom, kept for administrators and for the record.

use serde_json::Value;
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::platform::error::Result;

pub struct Entry<'a> {
    pub actor_user_id: Option<Uuid>,
    pub action: &'a str,
    pub target_user_id: Option<Uuid>,
    pub target_company_id: Option<Uuid>,
    pub details: Value,
    pub ip: Option<&'a str>,
}

#[tracing::instrument(skip_all, fields(action = entry.action))]
pub async fn record(db: impl PgExecutor<'_>, entry: Entry<'_>) -> Result<()> {
    sqlx::query(
        "insert into audit_log (actor_user_id, action, target_user_id, target_company_id, details, ip)
         values ($1, $2, $3, $4, $5, $6::inet)",
    )
    .bind(entry.actor_user_id)
    .bind(entry.action)
    .bind(entry.target_user_id)
    .bind(entry.target_company_id)
    .bind(entry.details)
    .bind(entry.ip)
    .execute(db)
    .await?;
    Ok(())
}
