//! Trust signals of a vacancy (issue 35 §3, docs/moderation.md): what a person reviewing an ad should
//! look at — a near-duplicate already live, scam patterns, discriminatory wording, a screening
//! question about pay history, no pay range. Computed when an ad is published or edited, kept in
//! `vacancy_signals`, shown in the moderation queue and on the ad's admin view. A signal says what
//! it found and never blocks by itself; the moderation rules decide whether a strong one sends the
//! ad to review first.
//!
//! This area uses `platform` only (it reads the vacancy's text with its own SQL), so that
//! publishing (`vacancies`) and moderation can both call it.

use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::platform::error::Result;

mod detect;
mod minhash;
mod words;

pub use detect::asks_pay_history;
pub use minhash::{NEAR_DUPLICATE, exact_similarity};

/// The kinds of signal, as stored in `vacancy_signals.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SignalKind {
    NearDuplicate,
    Scam,
    Discriminatory,
    PayHistoryQuestion,
    NoPayRange,
}

impl SignalKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SignalKind::NearDuplicate => "NEAR_DUPLICATE",
            SignalKind::Scam => "SCAM",
            SignalKind::Discriminatory => "DISCRIMINATORY",
            SignalKind::PayHistoryQuestion => "PAY_HISTORY_QUESTION",
            SignalKind::NoPayRange => "NO_PAY_RANGE",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [Self::NearDuplicate, Self::Scam, Self::Discriminatory, Self::PayHistoryQuestion, Self::NoPayRange]
            .into_iter()
            .find(|kind| kind.as_str() == value)
    }
}

/// One signal: what kind, whether it is strong, and what was found (words or phrases, or the ids
/// of near-duplicate vacancies).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Signal {
    pub kind: SignalKind,
    pub strong: bool,
    pub found: Vec<String>,
}

/// Computes the vacancy's signals from what is saved now and stores them in place of the earlier
/// ones, on the caller's transaction (publishing and editing call it). Returns them.
pub async fn refresh(conn: &mut PgConnection, vacancy_id: Uuid) -> Result<Vec<Signal>> {
    let signals = detect::detect(&mut *conn, vacancy_id).await?;
    sqlx::query("delete from vacancy_signals where vacancy_id = $1").bind(vacancy_id).execute(&mut *conn).await?;
    for signal in &signals {
        sqlx::query("insert into vacancy_signals (vacancy_id, kind, strong, found) values ($1, $2, $3, $4)")
            .bind(vacancy_id)
            .bind(signal.kind.as_str())
            .bind(signal.strong)
            .bind(sqlx::types::Json(&signal.found))
            .execute(&mut *conn)
            .await?;
    }
    Ok(signals)
}

/// The signals stored for a vacancy, by kind.
pub async fn stored(conn: &mut PgConnection, vacancy_id: Uuid) -> Result<Vec<Signal>> {
    let rows: Vec<(String, bool, sqlx::types::Json<Vec<String>>)> =
        sqlx::query_as("select kind, strong, found from vacancy_signals where vacancy_id = $1 order by kind")
            .bind(vacancy_id)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(kind, strong, found)| SignalKind::parse(&kind).map(|kind| Signal { kind, strong, found: found.0 }))
        .collect())
}

/// Computes the near-duplicate signatures of every live ad that has none yet (ads live before the
/// signals existed, or seeded in bulk): the worker's maintenance pass runs it, and the demo seed.
/// Not on the publishing transaction: finding the ads without one is a scan of the live ads.
/// Returns how many it computed.
pub async fn backfill(conn: &mut PgConnection) -> Result<u64> {
    let (mut total, mut analysed, mut next_analysis) = (0, 0, 1000);
    loop {
        let done = detect::backfill(&mut *conn, 1000).await?;
        total += done;
        // a bulk load: the near-duplicate query's plan needs the signatures' statistics while
        // they grow, not when autovacuum gets to them (if it runs at all: it is off on the CI
        // machines); taken each time the table doubled, and at the end
        if (done == 0 && analysed < total) || total >= next_analysis {
            sqlx::query("analyze vacancy_text_signatures").execute(&mut *conn).await?;
            analysed = total;
            next_analysis = total.saturating_mul(2);
        }
        if done == 0 {
            return Ok(total);
        }
    }
}

/// What the publishing call tells the employer beside its answer, never refusing (issue 35 §4):
/// [`SignalKind::NoPayRange`] when the vacancy states no pay (salary "by agreement" only), which
/// the pay transparency directive (EU 2023/970) asks for.
pub async fn publish_warnings(pool: &sqlx::PgPool, vacancy_id: Uuid) -> Result<Vec<SignalKind>> {
    let salary: Option<(Option<f64>, Option<f64>)> =
        sqlx::query_as("select salary_from::float8, salary_to::float8 from vacancies where id = $1")
            .bind(vacancy_id)
            .fetch_optional(pool)
            .await?;
    Ok(salary
        .and_then(|(from, to)| detect::no_pay_range(from, to))
        .map(|signal| vec![signal.kind])
        .unwrap_or_default())
}

/// The text the detectors read of a vacancy: its teasers and descriptions in et, en, ru order.
pub async fn text(conn: &mut PgConnection, vacancy_id: Uuid) -> Result<String> {
    Ok(detect::text_of(conn, &[vacancy_id]).await?.pop().map(|(_, text)| text).unwrap_or_default())
}
