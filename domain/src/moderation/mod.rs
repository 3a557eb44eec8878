//! Moderation of vacancies (issue 35 §1–2, docs/moderation.md): anyone's `reports` of an ad, the
//! administrators' `rules` of which publications wait for review, the gate publishing and editing
//! pass through ([`gate_publication`], [`gate_edit`]), the `queue` and the `decisions` (approve,
//! reject, take down, dismiss reports), each audited.
//!
//! A vacancy's place in moderation is its `review_status` ([`ReviewStatus`]) beside the vacancy's
//! own states: the vacancy keeps its status, payment and times, and only NONE, UNREVIEWED and
//! APPROVED may be live (`vacancies::ACTIVE_SQL` and `PUBLIC_SQL` read it), so an ad waiting for
//! review, rejected or taken down is neither searchable nor on its public page, and the indexer and
//! the alerts' "went live" see it go live only once approved.
//!
//! This area uses `platform`, `billing` (a rejected ad's order is cancelled) and `signals`; the
//! `vacancies` area calls its gate on the publishing and editing transactions.

pub mod decisions;
pub mod queue;
pub mod refunds;
pub mod reports;
pub mod rules;

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::platform::error::Result;
use crate::signals;

/// Where a vacancy stands with moderation, as stored in `vacancies.review_status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReviewStatus {
    /// Never through the gate (a draft, or made before moderation).
    None,
    /// Published live at once; reviewed after.
    Unreviewed,
    /// Waits for review before it goes live.
    Pending,
    Approved,
    /// Refused before it went live: back among the drafts, with the reason.
    Rejected,
    /// Removed while live, with the reason.
    TakenDown,
}

impl ReviewStatus {
    pub const ALL: [ReviewStatus; 6] =
        [Self::None, Self::Unreviewed, Self::Pending, Self::Approved, Self::Rejected, Self::TakenDown];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::None => "NONE",
            Self::Unreviewed => "UNREVIEWED",
            Self::Pending => "PENDING",
            Self::Approved => "APPROVED",
            Self::Rejected => "REJECTED",
            Self::TakenDown => "TAKEN_DOWN",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Whether an ad in this state may be live (the other vacancy facts permitting).
    pub fn may_be_live(self) -> bool {
        matches!(self, Self::None | Self::Unreviewed | Self::Approved)
    }
}

/// What the owner's "my vacancies" shows of moderation: the state and, when rejected or taken
/// down, the administrator's reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub status: ReviewStatus,
    pub reason: Option<String>,
}

/// The moderation state of each of these vacancies (for the owner's list).
pub async fn reviews(conn: &mut PgConnection, vacancy_ids: &[Uuid]) -> Result<std::collections::HashMap<Uuid, Review>> {
    let rows: Vec<(Uuid, String, Option<String>)> =
        sqlx::query_as("select id, review_status, review_reason from vacancies where id = any($1)")
            .bind(vacancy_ids)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(id, status, reason)| (id, Review { status: ReviewStatus::parse(&status).unwrap_or(ReviewStatus::None), reason }))
        .collect())
}

/// What the gate decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// Live at once (or at its publish time), reviewed after.
    Live,
    /// Waits for review before it goes live.
    Waits,
}

/// The gate of a publication, on the publishing transaction: computes the ad's signals
/// (`signals::refresh`) and reads the rules as they are now; the ad waits for review
/// (PENDING) when the company has no contract and fewer than the rule's number of ads already
/// published, or when it has a strong signal and the rule says so; otherwise it goes live at once,
/// to be reviewed after (UNREVIEWED). A rejection's reason is cleared.
#[tracing::instrument(skip_all)]
pub async fn gate_publication(conn: &mut PgConnection, company_id: Uuid, vacancy_id: Uuid, now: DateTime<Utc>) -> Result<Gate> {
    let found = signals::refresh(&mut *conn, vacancy_id).await?;
    let rules = rules::current(&mut *conn).await?;
    let (has_contract, published_before): (bool, i64) = sqlx::query_as(
        "select c.has_contract,
                (select count(*) from vacancies v
                 where v.company_id = c.id and v.id <> $2 and v.type = 'DEFAULT' and v.publish_at is not null
                   and v.payment_status = 'PAID' and v.review_status in ('NONE', 'UNREVIEWED', 'APPROVED'))
         from companies c where c.id = $1",
    )
    .bind(company_id)
    .bind(vacancy_id)
    .fetch_one(&mut *conn)
    .await?;
    let gate = publication_gate(&rules, has_contract, published_before, found.iter().any(|s| s.strong));
    let status = if gate == Gate::Waits { ReviewStatus::Pending } else { ReviewStatus::Unreviewed };
    sqlx::query(
        "update vacancies set review_status = $2, review_reason = null, review_requested_at = $3, reviewed_at = null where id = $1",
    )
    .bind(vacancy_id)
    .bind(status.as_str())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(gate)
}

/// The rules' answer for a publication: a company without a contract waits while it has fewer
/// than the rule's number of ads published before; an ad with a strong signal waits when the rule
/// says so.
pub fn publication_gate(rules: &rules::Rules, has_contract: bool, published_before: i64, strong_signal: bool) -> Gate {
    let new_company = !has_contract && published_before < i64::from(rules.first_ads_without_contract);
    if new_company || (rules.strong_signal_waits && strong_signal) { Gate::Waits } else { Gate::Live }
}

/// A fingerprint of what job seekers read of a vacancy: its title (occupation), texts, salary and
/// apply link. Taken before and after an edit to tell whether the edit changed any of it.
pub async fn reader_fingerprint(conn: &mut PgConnection, vacancy_id: Uuid) -> Result<Option<String>> {
    Ok(sqlx::query_scalar(
        "select md5(concat_ws('|', v.occupation_code, v.occupation_label, v.salary_from::text, v.salary_to::text,
                    v.salary_period_code, v.salary_by_agreement::text, v.apply_link,
                    (select string_agg(t.language_code || ':' || coalesce(t.teaser, '') || ':' || coalesce(t.content, ''), '|'
                                       order by t.language_code)
                     from vacancy_contents t where t.vacancy_id = v.id)))
         from vacancies v where v.id = $1",
    )
    .bind(vacancy_id)
    .fetch_optional(&mut *conn)
    .await?)
}

/// The gate of an edit of a published ad in what job seekers read, on the editing transaction: the
/// signals are computed again; an approved ad goes back to the queue and waits (PENDING) when the
/// rule "edits after approval wait" is on, and any live ad waits when it now has a strong signal
/// and that rule is on. Otherwise its moderation state stays. Answers whether it now waits.
#[tracing::instrument(skip_all)]
pub async fn gate_edit(conn: &mut PgConnection, vacancy_id: Uuid, now: DateTime<Utc>) -> Result<Gate> {
    let found = signals::refresh(&mut *conn, vacancy_id).await?;
    let rules = rules::current(&mut *conn).await?;
    let status: String = sqlx::query_scalar("select review_status from vacancies where id = $1").bind(vacancy_id).fetch_one(&mut *conn).await?;
    let status = ReviewStatus::parse(&status).unwrap_or(ReviewStatus::None);
    let waits = match status {
        ReviewStatus::Pending => return Ok(Gate::Waits),
        ReviewStatus::Approved if rules.edit_after_approval_waits => true,
        ReviewStatus::None | ReviewStatus::Unreviewed | ReviewStatus::Approved => rules.strong_signal_waits && found.iter().any(|s| s.strong),
        ReviewStatus::Rejected | ReviewStatus::TakenDown => false,
    };
    if !waits {
        return Ok(Gate::Live);
    }
    sqlx::query("update vacancies set review_status = 'PENDING', review_requested_at = $2, updated_at = now() where id = $1")
        .bind(vacancy_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(Gate::Waits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_states_that_hold_nothing_back_may_be_live_and_every_state_reads_back() {
        for status in ReviewStatus::ALL {
            assert_eq!(ReviewStatus::parse(status.as_str()), Some(status));
        }
        let live: Vec<ReviewStatus> = ReviewStatus::ALL.into_iter().filter(|s| s.may_be_live()).collect();
        assert_eq!(live, [ReviewStatus::None, ReviewStatus::Unreviewed, ReviewStatus::Approved]);
    }

    #[test]
    fn the_rules_hold_back_a_new_company_s_first_ads_and_strong_signals_only_when_set() {
        let off = rules::Rules { first_ads_without_contract: 0, strong_signal_waits: false, edit_after_approval_waits: false };
        let on = rules::Rules { first_ads_without_contract: 2, strong_signal_waits: true, ..off };
        assert_eq!(publication_gate(&off, false, 0, true), Gate::Live, "no rule, nothing waits");
        assert_eq!(publication_gate(&on, false, 0, false), Gate::Waits, "the first ad of a company without a contract");
        assert_eq!(publication_gate(&on, false, 1, false), Gate::Waits, "its second");
        assert_eq!(publication_gate(&on, false, 2, false), Gate::Live, "its third goes live");
        assert_eq!(publication_gate(&on, true, 0, false), Gate::Live, "a contract company's first ad goes live");
        assert_eq!(publication_gate(&on, true, 5, true), Gate::Waits, "a strong signal waits whoever publishes");
    }
}
