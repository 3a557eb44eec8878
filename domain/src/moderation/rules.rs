//! The rules administrators set of which publications wait for review before they go live (one
//! row, `moderation_rules`). A change applies to the publications and edits made after it: an ad
//! already live or already waiting stays as it is.

use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::platform::audit;
use crate::platform::error::{Error, Result};

/// The largest "first N ads" an administrator may set.
pub const MAX_FIRST_ADS: i32 = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rules {
    /// The first this many ads of a company without a contract wait for review (0: none).
    pub first_ads_without_contract: i32,
    /// An ad with a strong signal waits for review.
    pub strong_signal_waits: bool,
    /// An approved ad edited in what job seekers read (title, text, salary, apply link) waits again.
    pub edit_after_approval_waits: bool,
}

/// The rules as they are now.
pub async fn current(conn: &mut PgConnection) -> Result<Rules> {
    Ok(sqlx::query_as("select first_ads_without_contract, strong_signal_waits, edit_after_approval_waits from moderation_rules")
        .fetch_one(&mut *conn)
        .await?)
}

/// Sets the rules (a 400 naming `firstAdsWithoutContract` outside 0..=1000); audited as
/// `moderation.rules` with the rules before and after.
#[tracing::instrument(skip_all)]
pub async fn set(pool: &PgPool, admin_user_id: Uuid, ip: Option<&str>, rules: Rules) -> Result<Rules> {
    if !(0..=MAX_FIRST_ADS).contains(&rules.first_ads_without_contract) {
        return Err(Error::field("firstAdsWithoutContract", format!("Give a number from 0 to {MAX_FIRST_ADS}")));
    }
    let mut tx = pool.begin().await?;
    let before = current(&mut tx).await?;
    sqlx::query(
        "update moderation_rules set first_ads_without_contract = $1, strong_signal_waits = $2, edit_after_approval_waits = $3,
                updated_by_user_id = $4",
    )
    .bind(rules.first_ads_without_contract)
    .bind(rules.strong_signal_waits)
    .bind(rules.edit_after_approval_waits)
    .bind(admin_user_id)
    .execute(&mut *tx)
    .await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(admin_user_id),
            action: "moderation.rules",
            target_user_id: None,
            target_company_id: None,
            details: json!({ "before": before, "after": rules }),
            ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(rules)
}
