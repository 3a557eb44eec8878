//! The time rules of spec 2 section 4 that change rows: a paid vacancy goes live at its publish
//! time, finishes [`RUNS_FOR`] after it went live, and auto-renews every [`RENEWS_EVERY`] while
//! active. The worker runs each on a cron schedule (`worker::time_rules`); each takes the clock as
//! `now` so tests drive it with a fixed one, returns how many rows it changed, and is idempotent: a
//! second run at the same `now` changes nothing, and two workers running it at once change each
//! row once.
//!
//! Whether a vacancy is active is derived from its times ([`super::states::displayed`],
//! [`super::ACTIVE_SQL`]), so the search already stops returning a vacancy at its `valid_until`
//! (the engines filter on it per query). The index holds only active vacancies, though (the
//! indexer upserts a vacancy that is active when its job runs and deletes any other), so one
//! waiting for its publish time is not in it: [`go_live`] queues its index job at that minute.
//! These rules keep the stored bookkeeping (`renewed_at`, `finished_at`) and the index in step,
//! each change with its index job on the same transaction.
//!
//! `renewed_at` is when the vacancy was last lifted in the default order: going live, then each
//! renewal. Publishing clears it and sets it only for a vacancy live at once; one that waits for
//! its publish time (or its payment) has none until it goes live, which is how [`go_live`] knows it
//! has not yet been sent to the index. Publishing always sets `valid_until = publish_at +
//! RUNS_FOR`; a row without one (none are made) counts as running without an end, as
//! [`super::ACTIVE_SQL`] reads it, and these rules do not invent an end for it.
//!
//! [`RUNS_FOR`]: super::states::RUNS_FOR
//! [`RENEWS_EVERY`]: super::states::RENEWS_EVERY

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use super::states::RENEWS_EVERY;
use crate::billing;
use crate::platform::error::Result;
use crate::platform::jobs::{self, IndexJob};

/// Marks the vacancies whose run ended by `now` as finished: `finished_at` becomes their
/// `valid_until` (the moment they ended, however late the job runs, so the applications' 30 days
/// count from the real end), and each is re-indexed, which removes it from the index. Covers the
/// running (EXISTS) and the hidden ones, which both display as finished once their time is up.
#[tracing::instrument(skip_all)]
pub async fn finish_ended(pool: &PgPool, now: DateTime<Utc>) -> Result<u64> {
    let mut tx = pool.begin().await?;
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "update vacancies set finished_at = valid_until
         where type = 'DEFAULT' and status in ('EXISTS', 'HIDDEN') and payment_status = 'PAID'
           and finished_at is null and valid_until <= $1
         returning id",
    )
    .bind(now)
    .fetch_all(&mut *tx)
    .await?;
    reindex_and_commit(tx, &ids).await
}

/// Sends the vacancies whose publish time has come by `now` to the index: a paid vacancy that
/// waited for its publish time (or was paid after it) and is active at `now` but has not gone live
/// yet (no `renewed_at`) gets `renewed_at` = its publish time and its index job, and its WAITING
/// services whose start has come begin (`billing::services`: WAITING → ACTIVE) on the same
/// transaction. Active is [`super::ACTIVE_SQL`] read at `now`.
#[tracing::instrument(skip_all)]
pub async fn go_live(pool: &PgPool, now: DateTime<Utc>) -> Result<u64> {
    let mut tx = pool.begin().await?;
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "update vacancies v set renewed_at = v.publish_at
         from companies c
         where c.id = v.company_id and v.renewed_at is null
           and v.status = 'EXISTS' and v.type = 'DEFAULT' and v.payment_status = 'PAID'
           and v.publish_at is not null and v.publish_at <= $1
           and (v.valid_until is null or v.valid_until > $1) and c.deleted_at is null
           and v.review_status in ('NONE', 'UNREVIEWED', 'APPROVED')
         returning v.id",
    )
    .bind(now)
    .fetch_all(&mut *tx)
    .await?;
    billing::services::begin_for_vacancies(&mut tx, &ids, now).await?;
    reindex_and_commit(tx, &ids).await
}

/// Queues the index jobs of the vacancies a rule changed on its transaction, commits, and answers
/// how many there were.
async fn reindex_and_commit(mut tx: sqlx::Transaction<'_, sqlx::Postgres>, ids: &[Uuid]) -> Result<u64> {
    let jobs: Vec<IndexJob> = ids.iter().copied().map(IndexJob::Vacancy).collect();
    jobs::enqueue_index(&mut tx, &jobs).await?;
    tx.commit().await?;
    Ok(ids.len() as u64)
}

/// The last renewal mark of a vacancy published at `publish_at`: `publish_at + n × 7 days`, the
/// largest such instant not after `now` (`publish_at` itself before the first week is over).
pub fn renewal_mark(publish_at: DateTime<Utc>, now: DateTime<Utc>) -> DateTime<Utc> {
    if now <= publish_at {
        return publish_at;
    }
    let weeks = (now - publish_at).num_seconds() / RENEWS_EVERY.num_seconds();
    publish_at + RENEWS_EVERY * weeks as i32
}

/// Lifts the vacancies active at `now` whose `renewed_at` is older than their last renewal mark
/// ([`renewal_mark`]): `renewed_at` moves to the mark and each is re-indexed (the default order
/// sorts by PRO level, then `renewed_at`, newest first). Active is [`super::ACTIVE_SQL`] read at
/// `now` instead of the database's clock.
#[tracing::instrument(skip_all)]
pub async fn renew_active(pool: &PgPool, now: DateTime<Utc>) -> Result<u64> {
    let mut tx = pool.begin().await?;
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "with due as (
             select v.id, v.publish_at + make_interval(secs => floor(extract(epoch from ($1 - v.publish_at)) / $2) * $2) as mark
             from vacancies v join companies c on c.id = v.company_id
             where v.status = 'EXISTS' and v.type = 'DEFAULT' and v.payment_status = 'PAID'
               and v.publish_at is not null and v.publish_at <= $1
               and (v.valid_until is null or v.valid_until > $1) and c.deleted_at is null
         )
         update vacancies v set renewed_at = due.mark
         from due
         where v.id = due.id and coalesce(v.renewed_at, v.publish_at) < due.mark
         returning v.id",
    )
    .bind(now)
    .bind(RENEWS_EVERY.num_seconds() as f64)
    .fetch_all(&mut *tx)
    .await?;
    reindex_and_commit(tx, &ids).await
}

#[cfg(test)]
mod tests {
    use chrono::TimeDelta;

    use super::*;

    #[test]
    fn the_renewal_mark_is_the_last_whole_week_since_publishing() {
        let published = DateTime::parse_from_rfc3339("2026-01-01T10:00:00Z").unwrap().to_utc();
        assert_eq!(renewal_mark(published, published - TimeDelta::hours(1)), published);
        assert_eq!(renewal_mark(published, published + TimeDelta::days(6)), published);
        assert_eq!(renewal_mark(published, published + TimeDelta::days(7)), published + TimeDelta::days(7));
        assert_eq!(renewal_mark(published, published + TimeDelta::days(8)), published + TimeDelta::days(7));
        assert_eq!(renewal_mark(published, published + TimeDelta::days(14) - TimeDelta::seconds(1)), published + TimeDelta::days(7));
        assert_eq!(renewal_mark(published, published + TimeDelta::days(14)), published + TimeDelta::days(14));
    }
}
