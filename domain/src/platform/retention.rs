//! How long each kind of personal data is kept: the one table of retention periods in the code
//! (the same table, with the reasons, is `docs/privacy.md`). The periods an operator may change
//! are [`Periods`], read from `RETENTION_*` variables by [`crate::platform::config`]; the others
//! are fixed by the spec or by security and are constants beside them.
//!
//! The deleting is done by the `retention` area (one job per subject, queued by the worker's
//! periodic pass); the data export lists each kind with the date it goes ([`Kind`]).

use chrono::{DateTime, TimeDelta, Utc};
use serde::Serialize;

/// Received applications stay workable this long after their vacancy ends (spec 1 section 4);
/// the retention period of applications starts after it.
pub const APPLICATIONS_WORKABLE_FOR: TimeDelta = TimeDelta::days(30);
/// CVs added to a CV-database vacancy stay this long after the company's CV-database access ends
/// (spec 1 section 4, spec 2).
pub const CV_DATABASE_KEPT_AFTER_ACCESS: TimeDelta = TimeDelta::days(14);
/// Sessions and sign-in codes are deleted this long after they ended (expired, signed out or
/// used): a day to look into a sign-in that went wrong, nothing more.
pub const ENDED_SIGN_IN_KEPT: TimeDelta = TimeDelta::days(1);
/// A visitor's job alert not confirmed in this many days is deleted; fixed, because the
/// confirmation mail promises it (`alerts::saved::UNCONFIRMED_DAYS`).
pub const UNCONFIRMED_ALERT_DAYS: i64 = 7;

/// When a user was last active, as SQL over the user `u`: their last sign-in (or, never signed
/// in, their registration) or the last request of one of their own sessions (not an
/// administrator acting as them), whichever is later.
pub const LAST_ACTIVE_SQL: &str =
    "greatest(coalesce(u.last_login_at, u.created_at), (select max(s.last_seen_at) from sessions s where s.user_id = u.id and s.original_user_id is null))";

/// Default of [`Periods::applications`]: one year, the time a rejected candidate has to claim
/// compensation for unequal treatment in recruitment (Equal Treatment Act § 25 (3), Gender
/// Equality Act § 13 (3)); the employer needs the application to answer such a claim.
pub const DEFAULT_APPLICATIONS_DAYS: i64 = 365;
/// Default of [`Periods::inactive_account`]: two years without signing in.
pub const DEFAULT_INACTIVE_ACCOUNT_DAYS: i64 = 730;
/// Default of [`Periods::inactivity_warning`]: the owner is mailed 30 days before.
pub const DEFAULT_INACTIVITY_WARNING_DAYS: i64 = 30;
/// Default of [`Periods::audit_log`]: seven years, as long as the accounting records some of its
/// entries belong with (forced payments, cancelled invoices; Accounting Act § 12).
pub const DEFAULT_AUDIT_LOG_DAYS: i64 = 2557;

/// The retention periods an operator may change (`RETENTION_*_DAYS`, whole days).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periods {
    /// How long an application, with its answers, the employer's comments, its links, interviews,
    /// the chat about it and their files, is kept after its vacancy's workable period
    /// ([`APPLICATIONS_WORKABLE_FOR`] after the vacancy ends) (`RETENTION_APPLICATIONS_DAYS`, 365).
    pub applications: TimeDelta,
    /// An account nobody signed in to for this long is erased as its owner's own deletion
    /// does (`RETENTION_INACTIVE_ACCOUNT_DAYS`, 730).
    pub inactive_account: TimeDelta,
    /// The owner of an inactive account is mailed this long before (`RETENTION_INACTIVITY_WARNING_DAYS`, 30).
    pub inactivity_warning: TimeDelta,
    /// Audit log entries are deleted after (`RETENTION_AUDIT_LOG_DAYS`, 2557); entries about a
    /// person whose data was erased lose their content at the erasure.
    pub audit_log: TimeDelta,
}

impl Default for Periods {
    fn default() -> Self {
        Periods {
            applications: TimeDelta::days(DEFAULT_APPLICATIONS_DAYS),
            inactive_account: TimeDelta::days(DEFAULT_INACTIVE_ACCOUNT_DAYS),
            inactivity_warning: TimeDelta::days(DEFAULT_INACTIVITY_WARNING_DAYS),
            audit_log: TimeDelta::days(DEFAULT_AUDIT_LOG_DAYS),
        }
    }
}

/// A `RETENTION_*` variable that is not a usable number of days.
#[derive(Debug, PartialEq, Eq)]
pub struct InvalidPeriod {
    pub name: &'static str,
    pub reason: String,
}

fn days(get: &impl Fn(&str) -> Option<String>, name: &'static str, default: i64) -> Result<TimeDelta, InvalidPeriod> {
    match get(name) {
        None => Ok(TimeDelta::days(default)),
        Some(value) => match value.trim().parse::<i64>() {
            Ok(n @ 1..=36_500) => Ok(TimeDelta::days(n)),
            _ => Err(InvalidPeriod { name, reason: format!("{value:?} is not a number of days from 1 to 36500") }),
        },
    }
}

impl Periods {
    /// The periods of the `RETENTION_*_DAYS` variables, defaults for those unset. The warning
    /// must come before the deletion: a warning period not shorter than the inactivity period is
    /// refused.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, InvalidPeriod> {
        let periods = Periods {
            applications: days(&get, "RETENTION_APPLICATIONS_DAYS", DEFAULT_APPLICATIONS_DAYS)?,
            inactive_account: days(&get, "RETENTION_INACTIVE_ACCOUNT_DAYS", DEFAULT_INACTIVE_ACCOUNT_DAYS)?,
            inactivity_warning: days(&get, "RETENTION_INACTIVITY_WARNING_DAYS", DEFAULT_INACTIVITY_WARNING_DAYS)?,
            audit_log: days(&get, "RETENTION_AUDIT_LOG_DAYS", DEFAULT_AUDIT_LOG_DAYS)?,
        };
        if periods.inactivity_warning >= periods.inactive_account {
            return Err(InvalidPeriod {
                name: "RETENTION_INACTIVITY_WARNING_DAYS",
                reason: "must be shorter than RETENTION_INACTIVE_ACCOUNT_DAYS".into(),
            });
        }
        Ok(periods)
    }

    /// How long after its vacancy ended an application goes: the workable period and then
    /// [`Periods::applications`].
    pub fn application_kept_after_end(&self) -> TimeDelta {
        APPLICATIONS_WORKABLE_FOR + self.applications
    }

    /// When an account last active at `last_active` is erased, given when its owner was warned
    /// (a warning before the last activity counts for nothing): never before the inactivity
    /// period ends, nor before the warning period has passed since a warning.
    pub fn account_erased_at(&self, last_active: DateTime<Utc>, warned_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> DateTime<Utc> {
        let end = last_active + self.inactive_account;
        let warned = warned_at.filter(|at| *at >= last_active);
        let notice_ends = warned.map_or(now.max(end - self.inactivity_warning) + self.inactivity_warning, |at| at + self.inactivity_warning);
        end.max(notice_ends)
    }
}

/// The kinds of personal data in the table, as the data export names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    Account,
    Application,
    CvDatabaseAddition,
    Session,
    UnconfirmedAlert,
    AuditLog,
    Invoice,
}

/// One row of the table, as the data export shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    pub kind: Kind,
    /// What is kept, and until when, in words (English; the web translates by `kind`).
    pub rule: String,
}

/// The table of retention rules with the periods in force.
pub fn rules(periods: &Periods) -> Vec<Rule> {
    let days = |delta: TimeDelta| delta.num_days();
    vec![
        Rule {
            kind: Kind::Account,
            rule: format!(
                "deleted after {} days without signing in; mailed {} days before, and kept if you sign in",
                days(periods.inactive_account),
                days(periods.inactivity_warning)
            ),
        },
        Rule {
            kind: Kind::Application,
            rule: format!(
                "applications with their answers, comments, interviews, chats and files are deleted {} days after the vacancy's workable period ({} days after it ends)",
                days(periods.applications),
                days(APPLICATIONS_WORKABLE_FOR)
            ),
        },
        Rule {
            kind: Kind::CvDatabaseAddition,
            rule: format!("a CV added from the CV database leaves the company {} days after its CV-database access ends", days(CV_DATABASE_KEPT_AFTER_ACCESS)),
        },
        Rule { kind: Kind::Session, rule: format!("sessions and sign-in codes are deleted {} day after they end", days(ENDED_SIGN_IN_KEPT)) },
        Rule {
            kind: Kind::UnconfirmedAlert,
            rule: format!("a job alert not confirmed by e-mail is deleted after {UNCONFIRMED_ALERT_DAYS} days"),
        },
        Rule {
            kind: Kind::AuditLog,
            rule: format!("audit entries are kept {} days; entries about erased data lose their content at the erasure", days(periods.audit_log)),
        },
        Rule { kind: Kind::Invoice, rule: "invoices are kept as the Accounting Act requires (7 years) and are not deleted with the account".into() },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn defaults_are_a_year_two_years_thirty_days_and_seven_years() {
        let periods = Periods::from_lookup(lookup(&[])).unwrap();
        assert_eq!(periods, Periods::default());
        assert_eq!(periods.applications.num_days(), 365);
        assert_eq!(periods.inactive_account.num_days(), 730);
        assert_eq!(periods.inactivity_warning.num_days(), 30);
        assert_eq!(periods.application_kept_after_end().num_days(), 395);
    }

    #[test]
    fn operators_change_periods_in_days_and_nonsense_is_refused() {
        let periods = Periods::from_lookup(lookup(&[("RETENTION_APPLICATIONS_DAYS", "180")])).unwrap();
        assert_eq!(periods.applications, TimeDelta::days(180));
        let refused = Periods::from_lookup(lookup(&[("RETENTION_APPLICATIONS_DAYS", "0")])).unwrap_err();
        assert_eq!(refused.name, "RETENTION_APPLICATIONS_DAYS");
        let refused = Periods::from_lookup(lookup(&[("RETENTION_INACTIVITY_WARNING_DAYS", "800")])).unwrap_err();
        assert_eq!(refused.name, "RETENTION_INACTIVITY_WARNING_DAYS");
    }

    #[test]
    fn an_account_goes_at_two_years_and_never_sooner_than_thirty_days_after_its_warning() {
        let periods = Periods::default();
        let active = DateTime::parse_from_rfc3339("2024-01-10T08:00:00Z").unwrap().to_utc();
        let end = active + TimeDelta::days(730);
        let warned = end - TimeDelta::days(30);
        assert_eq!(periods.account_erased_at(active, Some(warned), warned), end);
        // warned late (the worker was down): thirty days from the warning
        let late = end + TimeDelta::days(3);
        assert_eq!(periods.account_erased_at(active, Some(late), late), late + TimeDelta::days(30));
        // not warned yet, long before: the end
        assert_eq!(periods.account_erased_at(active, None, active), end);
        // a warning before a sign-in counts for nothing
        assert_eq!(periods.account_erased_at(active, Some(active - TimeDelta::days(1)), active), end);
    }
}
