//! The detectors behind [`super::refresh`]. INCOMPLETE in this commit: the detectors (near-duplicate,
//! scam patterns, discriminatory wording, pay-history questions, no pay range) are being written on
//! the `signals` branch (issue 35 §3); until they land this finds nothing.

use sqlx::PgConnection;
use uuid::Uuid;

use super::Signal;
use crate::platform::error::Result;

pub(super) async fn detect(_conn: &mut PgConnection, _vacancy_id: Uuid) -> Result<Vec<Signal>> {
    Ok(Vec::new())
}
