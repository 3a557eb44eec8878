//! The business of Vakants: types, validation, rules and Postgres access.
//! Knows nothing of HTTP; the `api`, `worker`, `indexer` and `fixtures` crates share it.
//!
//! One folder per area; a large area keeps one file per part inside its folder.
//!
//! | folder | what |
//! |---|---|
//! | `platform/` | cross-cutting: `error`, `config`, `crypto`, `db`, `jobs` (the queue), `locale`, `mail`, `audit`, `typeset` (documents laid out by typst from `templates/`), `reference` (code lists and their labels), `filters` (the shared rules of search requests: lists, text, paging) |
//! | `files/` | uploaded files and their store; `avatars` (pictures re-encoded, thumbnails) |
//! | `accounts/` | users, roles and profiles; `otp` sign-in codes, `sessions`, `notifications` (opt-out links, badge counts, the notification centre) |
//! | `companies/` | companies, claims on a company and staff; `registry` (Business Register import), `geo` (address points) |
//! | `delegation` | the one rule of who of a company's staff sees which vacancy's candidates (supervisor, administrator tag, the vacancy's moderator), and who delegates |
//! | `cvs/` | applicants' CVs and who may read them; `pdf` (the CV as a PDF), `filter` (the CV-database search's request), `favourites` (saved CVs), `views` (which companies opened a CV), `to_vacancy` (a CV of the database added to a vacancy, and the 14-day retention of CV-database vacancies) |
//! | `vacancies/` | vacancy writes and the SQL of "public" and "active"; `states` (the transition table), `employer_list` (the owner's list, tab counts and status call, publishing with its order), `document` (the owner's vacancy document) with its `rules` (spec 2 section 5; descriptions through `platform::rich_text`, the sanitized Quill text), `employer_tools` (autocomplete, moderators, the CV-database vacancy), `time_rules` (finishing, renewal, going live), `filter` (the vacancy search's filter) |
//! | `applications/` | applying, and the applicant's applications; `candidates` (the employer's list, judgement, the status table, comments), `auto_reply` (the vacancy's auto-reply mail) |
//! | `interviews/` | interviews, their slots and display status |
//! | `calendar/` | a user's own events beside their interviews |
//! | `billing/` | `products` (the price list), `pricing` (a company's prices, VAT, quotes), `catalog` (what a company can buy, CV-database access), `orders` (services and invoices, numbering, reference numbers), `purchase` (orders beyond publishing), `invoices` (the list and detail), `seller` (`SELLER_*`), `services` (the lifecycle table and clock), `payments` (`mark_paid`), `online` and `provider` (paying online), `bank_statements` (camt.053), `reminders`, `documents` (invoice PDF, e-invoice, invoice mail), `shared` (what the others share: product groups, service status, invoice and reference numbers, the Tallinn day; its files import each other in no cycle, a test checks) |
//! | `chats/` | chats between a company and an applicant, who may read and write them, `unread_mail` (the mail of an unread message) |
//! | `mydata/` | a user's data export and account erasure, across the areas |
//! | `retention/` | personal data leaving when its period in `platform::retention` ends: the worker's pass and one job per subject (applications, chats, inactive accounts' warning and erasure) |
//! | `alerts/` | saved searches and job alerts: `prefilter` (the matching's code-group prefilter), `matching` (which vacancies went live, the instant, daily and weekly matching), `saved` (the owner's searches, a visitor's double opt-in, link tokens, unsubscribing), `mail` (the alert mail and its queue) |
//! | `recommendations/` | the SQL around the engine's recommendations: the CV "for you" is made from, vacancies applied to or hidden ("not for me"), who may see CVs for a vacancy, the reasons' labels |
//! | `signals/` | trust signals of a vacancy's text (near-duplicates, scam patterns, discriminatory wording, pay-history questions, no pay range), computed at publishing and editing, shown to moderation |
//! | `market/` | courses and the outsource market: listings administrators manage (add, edit, hide, delete) and employers read with filters |
//! | `moderation/` | reports of vacancies by anyone, the administrators' `rules` of which publications wait for review, the gate publishing and editing pass (`review_status`), the `queue` and the `decisions` (approve, reject, take down, dismiss reports) |
//! | `admin/` | the back office's own business: its `administrators`, `people` (employers and applicants), `companies` (one company's screen, comments, deleting a company) and the `dashboard`'s figures |
//!
//! Dependencies run one way, down this list of layers; nothing uses a layer above its own:
//!
//! 1. `platform` uses no area.
//! 2. `delegation` (SQL over the staff and moderator tables) and `signals` (its own SQL over a vacancy's text) use `platform` only; `files` uses
//!    `platform` only and `interviews` `platform` and `delegation`; `market` (courses, outsource) uses `platform` only;
//!    `billing` uses `platform` and `files` (its
//!    `documents` store the invoice PDFs there). Billing writes the vacancies an order is for
//!    (paid, PRO level, branding) with its own SQL rather than through `vacancies`.
//!    `moderation` uses `platform`, `billing` (a rejected ad's order is cancelled) and `signals`.
//! 3. `vacancies` uses `billing` (publishing makes an order), `delegation` and `moderation` (the
//!    gate of publishing and editing); `accounts` uses
//!    `platform` and `delegation` (the badges count what the reader sees); `companies` uses
//!    `accounts`; `calendar` uses `interviews` and `delegation`.
//! 4. `applications` uses `vacancies` and `delegation`.
//! 5. `cvs` uses `accounts`, `companies`, `files`, `vacancies`, `applications` (`to_vacancy`
//!    makes a CV of the database a candidate of a vacancy) and `delegation`; `chats` uses
//!    `accounts`, `companies`, `files`, `applications` and `delegation`.
//! 6. `alerts` (saved searches, their matching and mails) uses `accounts` and `vacancies` (the
//!    search's filter and what "live" means); `recommendations` uses `applications` (who sees a
//!    vacancy's candidates).
//! 7. `mydata` gathers what a user owns, so it may use any area; no area uses it. `admin` uses
//!    `accounts` and `companies` (an administrator is added with the staff form's rules), and its
//!    dashboard reads `vacancies` (what "live" means), `billing` (the Tallinn day of an invoice) and
//!    `cvs` (what "in the CV database" means); no area uses it.
//! 8. `retention` uses `platform`, `files` (the store whose bytes it removes), `alerts` (visitors'
//!    unconfirmed searches) and `mydata` (an inactive account is erased as its owner's own
//!    deletion does); no area uses it. The periods
//!    themselves are `platform::retention`, which every area may read.
//!
//! Within one folder the parts may use each other. Besides the areas, `domain` uses the `search`
//! crate's query types: a search request is checked here and becomes the engine's query; `search`
//! knows nothing of `domain`.

pub mod accounts;
pub mod admin;
pub mod alerts;
pub mod applications;
pub mod billing;
pub mod calendar;
pub mod chats;
pub mod companies;
pub mod cvs;
pub mod delegation;
pub mod files;
pub mod interviews;
pub mod market;
pub mod moderation;
pub mod mydata;
pub mod platform;
pub mod recommendations;
pub mod retention;
pub mod signals;
pub mod vacancies;

pub use platform::error::{Error, Result};
pub use platform::locale::Locale;

#[cfg(test)]
mod layering {
    use std::collections::BTreeSet;
    use std::path::Path;

    /// The areas each area may use besides itself: the rule of the module doc above.
    const ALLOWED: &[(&str, &[&str])] = &[
        ("platform", &[]),
        ("files", &["platform"]),
        ("delegation", &["platform"]),
        ("signals", &["platform"]),
        ("moderation", &["platform", "billing", "signals"]),
        ("vacancies", &["platform", "billing", "delegation", "signals", "moderation"]),
        ("interviews", &["platform", "delegation"]),
        ("billing", &["platform", "files"]),
        ("accounts", &["platform", "delegation"]),
        ("companies", &["platform", "accounts", "delegation"]),
        ("applications", &["platform", "vacancies", "delegation"]),
        ("calendar", &["platform", "interviews", "delegation"]),
        ("cvs", &["platform", "accounts", "companies", "files", "vacancies", "applications", "delegation"]),
        ("chats", &["platform", "accounts", "companies", "files", "applications", "delegation"]),
        ("admin", &["platform", "accounts", "companies", "billing", "vacancies", "cvs"]),
        ("alerts", &["platform", "accounts", "vacancies"]),
        ("recommendations", &["platform", "applications"]),
        ("market", &["platform"]),
        ("mydata", &["platform", "accounts", "companies", "cvs", "files", "vacancies", "applications", "interviews", "calendar", "billing", "alerts"]),
        ("retention", &["platform", "files", "alerts", "mydata"]),
    ];

    fn areas_used(dir: &Path, used: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                areas_used(&path, used);
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            for (at, _) in source.match_indices("crate::") {
                let area: String = source[at + "crate::".len()..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                if !area.is_empty() {
                    used.insert(area);
                }
            }
        }
    }

    #[test]
    fn areas_use_only_the_areas_below_them() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut folders: Vec<String> = std::fs::read_dir(&src)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.is_dir())
            .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        folders.sort();
        let mut listed: Vec<String> = ALLOWED.iter().map(|(area, _)| area.to_string()).collect();
        listed.sort();
        assert_eq!(folders, listed, "every folder of domain/src is an area with its rule");
        for (area, allowed) in ALLOWED {
            let mut used = BTreeSet::new();
            areas_used(&src.join(area), &mut used);
            let refused: Vec<&String> = used.iter().filter(|used| used.as_str() != *area && !allowed.contains(&used.as_str())).collect();
            assert!(refused.is_empty(), "{area} uses {refused:?}, which its layer may not");
        }
    }
}
