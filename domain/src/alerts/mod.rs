//! Saved searches and job alerts (issue 33; docs/alerts.md).
//!
//! A saved search is the vacancy search's filter ([`crate::vacancies::filter::SearchFilter`]) kept
//! with a name and a frequency. The matching runs that filter, as the search engine runs it, over
//! the vacancies that went live (or changed in what a search matches), so an alert and a search
//! never disagree; `prefilter` lets a run's vacancies meet only the saved searches they could
//! match. `saved` is what the owner does with their searches (and a visitor's double
//! opt-in, tokens and unsubscribing); `mail` the alert mail, sent once per match.

pub mod matching;
pub mod prefilter;
pub mod mail;
pub mod saved;
