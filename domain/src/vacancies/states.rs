//! The one transition table of a vacancy's life (spec 2 section 4), used by the API's status call,
//! the employer's list tabs and the worker's time rules.
//!
//! A vacancy stores three facts — its `status` (what the owner chose: TEMPORARY, EXISTS, HIDDEN,
//! ARCHIVED, DELETED), its `payment_status` (NONE, WAITING, PAID) and its times (`publish_at`,
//! `valid_until`) — and its *displayed* state follows from them and the clock ([`displayed`]).
//! The owner asks for a status with `PUT /vacancies/{id}/status`; [`Action::requested`] reads the
//! spec's name, and [`transition`] says whether the move is allowed from the displayed state and
//! what to store. Time moves a vacancy on its own (waiting for publication → active → finished):
//! those moves need no row change beyond the worker's bookkeeping, because the displayed state is
//! derived.

use chrono::{DateTime, TimeDelta, Utc};

use crate::{Error, Result};

/// How long a published vacancy runs (spec 2 section 4: "An active vacancy shows 30 days").
pub const RUNS_FOR: TimeDelta = TimeDelta::days(30);
/// An active vacancy is lifted in the default order this often (spec: auto-renews every 7 days).
pub const RENEWS_EVERY: TimeDelta = TimeDelta::days(7);
/// Received applications stay workable this long after the vacancy ends.
pub const APPLICATIONS_WORKABLE_FOR: TimeDelta = crate::platform::retention::APPLICATIONS_WORKABLE_FOR;
/// CVs in a CV-database vacancy stay this long after the company's CV-database access ends.
pub const CV_BASE_KEPT_AFTER_ACCESS: TimeDelta = crate::platform::retention::CV_DATABASE_KEPT_AFTER_ACCESS;

/// What the owner chose, as stored in `vacancies.status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Temporary,
    Exists,
    Hidden,
    Archived,
    Deleted,
}

impl Status {
    pub const ALL: [Status; 5] = [Status::Temporary, Status::Exists, Status::Hidden, Status::Archived, Status::Deleted];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Temporary => "TEMPORARY",
            Status::Exists => "EXISTS",
            Status::Hidden => "HIDDEN",
            Status::Archived => "ARCHIVED",
            Status::Deleted => "DELETED",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// Whether the order behind publishing is paid, as stored in `vacancies.payment_status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payment {
    /// Nothing ordered yet (a draft).
    None,
    /// Published, the invoice not yet paid.
    Waiting,
    /// Paid, or covered by the company's contract.
    Paid,
}

impl Payment {
    pub fn as_str(self) -> &'static str {
        match self {
            Payment::None => "NONE",
            Payment::Waiting => "WAITING",
            Payment::Paid => "PAID",
        }
    }

    pub fn parse(text: &str) -> Option<Payment> {
        [Payment::None, Payment::Waiting, Payment::Paid].into_iter().find(|p| p.as_str() == text)
    }
}

/// A real vacancy, or the virtual one that holds CVs taken from the CV database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Default,
    CvBase,
}

/// The stored facts [`displayed`] reads.
#[derive(Clone, Copy, Debug)]
pub struct Facts {
    pub kind: Kind,
    pub status: Status,
    pub payment: Payment,
    pub publish_at: Option<DateTime<Utc>>,
    pub valid_until: Option<DateTime<Utc>>,
}

impl Facts {
    /// The facts of a stored vacancy row (`type`, `status`, `payment_status` as stored); a value
    /// outside the table's checks is a server-side error naming the vacancy.
    pub fn from_stored(
        id: uuid::Uuid,
        kind: &str,
        status: &str,
        payment: &str,
        publish_at: Option<DateTime<Utc>>,
        valid_until: Option<DateTime<Utc>>,
    ) -> Result<Facts> {
        let kind = if kind == "CV_BASE" { Kind::CvBase } else { Kind::Default };
        let status = Status::parse(status).ok_or_else(|| anyhow::anyhow!("vacancy {id}: status {status:?}"))?;
        let payment = Payment::parse(payment).ok_or_else(|| anyhow::anyhow!("vacancy {id}: payment status {payment:?}"))?;
        Ok(Facts { kind, status, payment, publish_at, valid_until })
    }
}

/// The state the employer sees (the list's tabs and the vacancy's badge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Displayed {
    Draft,
    WaitingForPayment,
    WaitingForPublication,
    Active,
    Hidden,
    Finished,
    Archived,
    CvDatabase,
    Deleted,
}

impl Displayed {
    pub const ALL: [Displayed; 9] = [
        Displayed::Draft,
        Displayed::WaitingForPayment,
        Displayed::WaitingForPublication,
        Displayed::Active,
        Displayed::Hidden,
        Displayed::Finished,
        Displayed::Archived,
        Displayed::CvDatabase,
        Displayed::Deleted,
    ];

    /// The tab of the employer's list that shows it (besides "all"); a deleted vacancy shows nowhere.
    pub fn tab(self) -> Option<Tab> {
        Some(match self {
            Displayed::Draft => Tab::Drafts,
            Displayed::WaitingForPayment => Tab::WaitingForPayment,
            // a paid vacancy with a future publish date is listed with the running ones, badged
            Displayed::WaitingForPublication | Displayed::Active => Tab::Active,
            Displayed::Hidden => Tab::Hidden,
            Displayed::Finished => Tab::Finished,
            Displayed::Archived => Tab::Archive,
            Displayed::CvDatabase => Tab::CvDatabase,
            Displayed::Deleted => return None,
        })
    }
}

/// The tabs of `/{lang}/employer/account/my-vacancies` besides "all".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tab {
    Active,
    Drafts,
    WaitingForPayment,
    Hidden,
    Archive,
    Finished,
    CvDatabase,
}

/// The displayed state of a vacancy with these facts at `now`.
pub fn displayed(facts: &Facts, now: DateTime<Utc>) -> Displayed {
    if facts.status == Status::Deleted {
        return Displayed::Deleted;
    }
    if facts.kind == Kind::CvBase {
        return Displayed::CvDatabase;
    }
    let ended = facts.valid_until.is_some_and(|until| until <= now);
    match facts.status {
        Status::Deleted => Displayed::Deleted,
        Status::Temporary => Displayed::Draft,
        Status::Archived => Displayed::Archived,
        Status::Hidden if ended => Displayed::Finished,
        Status::Hidden => Displayed::Hidden,
        Status::Exists => match facts.payment {
            Payment::None => Displayed::Draft,
            Payment::Waiting => Displayed::WaitingForPayment,
            Payment::Paid if ended => Displayed::Finished,
            Payment::Paid if facts.publish_at.is_none_or(|at| at > now) => Displayed::WaitingForPublication,
            Payment::Paid => Displayed::Active,
        },
    }
}

/// What the owner asks for with `PUT /vacancies/{id}/status {"status": …}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `EXISTS` on a draft or a finished vacancy: publish (an order is made).
    Publish,
    /// `EXISTS` on a hidden vacancy: show it again.
    Show,
    /// `HIDDEN`.
    Hide,
    /// `ARCHIVED`.
    Archive,
    /// `DELETED`.
    Delete,
}

impl Action {
    /// Reads the spec's status name as an action on a vacancy now displayed as `from`: `EXISTS`
    /// shows a hidden vacancy and publishes any other. `TEMPORARY` is no action (a draft is made by
    /// creating or copying), nor is an unknown name: both are a 400 naming `status`.
    pub fn requested(status: &str, from: Displayed) -> Result<Action> {
        match Status::parse(status) {
            Some(Status::Exists) if from == Displayed::Hidden => Ok(Action::Show),
            Some(Status::Exists) => Ok(Action::Publish),
            Some(Status::Hidden) => Ok(Action::Hide),
            Some(Status::Archived) => Ok(Action::Archive),
            Some(Status::Deleted) => Ok(Action::Delete),
            Some(Status::Temporary) | None => Err(Error::field(
                "status",
                format!("Unknown vacancy status {status:?}: use EXISTS, HIDDEN, ARCHIVED or DELETED"),
            )),
        }
    }
}

/// What an allowed move stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Publishing: the status becomes EXISTS and an order is made on the same transaction; the
    /// payment status then says whether it waits for payment (WAITING) or is covered (PAID, a
    /// company with a contract).
    Publish,
    /// Only the stored status changes.
    SetStatus(Status),
}

/// The one table: whether `action` is allowed on a vacancy displayed as `from`, and what it stores.
/// A refused move is a 400 naming `status` that says what the vacancy is and what it cannot do.
pub fn transition(from: Displayed, action: Action) -> Result<Effect> {
    use Action::*;
    use Displayed::*;
    let effect = match (from, action) {
        (Draft | Finished, Publish) => Some(Effect::Publish),
        (Hidden, Show) => Some(Effect::SetStatus(Status::Exists)),
        (WaitingForPublication | Active, Hide) => Some(Effect::SetStatus(Status::Hidden)),
        (WaitingForPublication | Active | Hidden | Finished, Archive) => Some(Effect::SetStatus(Status::Archived)),
        // a vacancy waiting for payment can be withdrawn (its unpaid order is cancelled with it);
        // the CV-database vacancy goes when its CVs are no longer wanted
        (Draft | WaitingForPayment | WaitingForPublication | Active | Hidden | Finished | Archived | CvDatabase, Delete) => {
            Some(Effect::SetStatus(Status::Deleted))
        }
        _ => None,
    };
    effect.ok_or_else(|| Error::field("status", format!("A vacancy that is {} cannot be {}", from.describe(), action.describe())))
}

impl Displayed {
    fn describe(self) -> &'static str {
        match self {
            Displayed::Draft => "a draft",
            Displayed::WaitingForPayment => "waiting for payment",
            Displayed::WaitingForPublication => "waiting for publication",
            Displayed::Active => "active",
            Displayed::Hidden => "hidden",
            Displayed::Finished => "finished",
            Displayed::Archived => "archived",
            Displayed::CvDatabase => "the CV database vacancy",
            Displayed::Deleted => "deleted",
        }
    }
}

impl Action {
    fn describe(self) -> &'static str {
        match self {
            Action::Publish => "published",
            Action::Show => "shown",
            Action::Hide => "hidden",
            Action::Archive => "archived",
            Action::Delete => "deleted",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Action::*;
    use Displayed::*;

    /// A 400 `validation` naming `status`.
    fn names_status(err: &Error) -> bool {
        matches!(err, Error::Client { code: crate::platform::error::ErrorCode::Validation, field: Some("status"), .. })
    }

    fn at(days: i64) -> DateTime<Utc> {
        "2026-11-24T12:00:00Z".parse::<DateTime<Utc>>().unwrap() + TimeDelta::days(days)
    }

    fn facts(status: Status, payment: Payment, publish_at: Option<i64>, valid_until: Option<i64>) -> Facts {
        Facts { kind: Kind::Default, status, payment, publish_at: publish_at.map(at), valid_until: valid_until.map(at) }
    }

    #[test]
    fn the_displayed_state_follows_from_the_stored_facts_and_the_clock() {
        let now = at(0);
        let cases = [
            (facts(Status::Temporary, Payment::None, None, None), Draft),
            (facts(Status::Exists, Payment::None, None, None), Draft),
            (facts(Status::Exists, Payment::Waiting, Some(-1), Some(29)), WaitingForPayment),
            (facts(Status::Exists, Payment::Paid, Some(2), Some(32)), WaitingForPublication),
            (facts(Status::Exists, Payment::Paid, None, None), WaitingForPublication),
            (facts(Status::Exists, Payment::Paid, Some(0), Some(30)), Active),
            (facts(Status::Exists, Payment::Paid, Some(-30), Some(0)), Finished),
            (facts(Status::Hidden, Payment::Paid, Some(-3), Some(27)), Hidden),
            (facts(Status::Hidden, Payment::Paid, Some(-31), Some(-1)), Finished),
            (facts(Status::Archived, Payment::Paid, Some(-40), Some(-10)), Archived),
            (facts(Status::Deleted, Payment::Paid, Some(-1), Some(29)), Deleted),
        ];
        for (facts, expected) in cases {
            assert_eq!(displayed(&facts, now), expected, "{facts:?}");
        }
        let cv_base = Facts { kind: Kind::CvBase, ..facts(Status::Exists, Payment::Paid, Some(-1), None) };
        assert_eq!(displayed(&cv_base, now), CvDatabase);
        assert_eq!(displayed(&Facts { status: Status::Deleted, ..cv_base }, now), Deleted);
    }

    #[test]
    fn time_alone_moves_a_published_vacancy_to_active_and_then_finished() {
        let published = facts(Status::Exists, Payment::Paid, Some(1), Some(1 + RUNS_FOR.num_days()));
        assert_eq!(displayed(&published, at(0)), WaitingForPublication);
        assert_eq!(displayed(&published, at(1)), Active);
        assert_eq!(displayed(&published, at(30)), Active);
        assert_eq!(displayed(&published, at(31)), Finished);
    }

    /// Every (state, action) pair: the allowed ones with what they store, every other one refused
    /// with a 400 naming `status`.
    #[test]
    fn every_transition_is_allowed_or_refused_by_the_one_table() {
        let allowed = [
            (Draft, Publish, Effect::Publish),
            (Finished, Publish, Effect::Publish),
            (Hidden, Show, Effect::SetStatus(Status::Exists)),
            (WaitingForPublication, Hide, Effect::SetStatus(Status::Hidden)),
            (Active, Hide, Effect::SetStatus(Status::Hidden)),
            (WaitingForPublication, Archive, Effect::SetStatus(Status::Archived)),
            (Active, Archive, Effect::SetStatus(Status::Archived)),
            (Hidden, Archive, Effect::SetStatus(Status::Archived)),
            (Finished, Archive, Effect::SetStatus(Status::Archived)),
            (Draft, Delete, Effect::SetStatus(Status::Deleted)),
            (WaitingForPayment, Delete, Effect::SetStatus(Status::Deleted)),
            (WaitingForPublication, Delete, Effect::SetStatus(Status::Deleted)),
            (Active, Delete, Effect::SetStatus(Status::Deleted)),
            (Hidden, Delete, Effect::SetStatus(Status::Deleted)),
            (Finished, Delete, Effect::SetStatus(Status::Deleted)),
            (Archived, Delete, Effect::SetStatus(Status::Deleted)),
            (CvDatabase, Delete, Effect::SetStatus(Status::Deleted)),
        ];
        let actions = [Publish, Show, Hide, Archive, Delete];
        let mut refused = 0;
        for from in Displayed::ALL {
            for action in actions {
                let expected = allowed.iter().find(|(f, a, _)| *f == from && *a == action).map(|(_, _, e)| *e);
                match (transition(from, action), expected) {
                    (Ok(effect), Some(expected)) => assert_eq!(effect, expected, "{from:?} {action:?}"),
                    (Err(err), None) => {
                        refused += 1;
                        assert!(names_status(&err), "{from:?} {action:?}: {err:?}");
                    }
                    (got, expected) => panic!("{from:?} {action:?}: got {got:?}, expected {expected:?}"),
                }
            }
        }
        assert_eq!(refused, Displayed::ALL.len() * actions.len() - allowed.len());
    }

    #[test]
    fn the_spec_s_status_names_read_as_actions() {
        assert_eq!(Action::requested("EXISTS", Draft).unwrap(), Publish);
        assert_eq!(Action::requested("EXISTS", Hidden).unwrap(), Show);
        assert_eq!(Action::requested("EXISTS", Finished).unwrap(), Publish);
        assert_eq!(Action::requested("HIDDEN", Active).unwrap(), Hide);
        assert_eq!(Action::requested("ARCHIVED", Active).unwrap(), Archive);
        assert_eq!(Action::requested("DELETED", Active).unwrap(), Delete);
        for junk in ["TEMPORARY", "exists", "", "PUBLISHED"] {
            assert!(names_status(&Action::requested(junk, Active).unwrap_err()), "{junk:?}");
        }
    }

    #[test]
    fn every_displayed_state_but_deleted_has_a_tab() {
        for state in Displayed::ALL {
            assert_eq!(state.tab().is_none(), state == Deleted, "{state:?}");
        }
    }
}
