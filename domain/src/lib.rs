//! The business of Vakants: types, validation, rules and Postgres access.
//! Knows nothing of HTTP; the `api`, `worker`, `indexer` and `fixtures` crates share it.

pub mod accounts;
pub mod applications;
pub mod audit;
pub mod avatars;
pub mod calendar;
pub mod companies;
pub mod config;
pub mod crypto;
pub mod cv_pdf;
pub mod cvs;
pub mod db;
pub mod error;
pub mod files;
pub mod geo;
pub mod interviews;
pub mod jobs;
pub mod locale;
pub mod mail;
pub mod mydata;
pub mod notifications;
pub mod otp;
pub mod products;
pub mod reference;
pub mod registry;
pub mod sessions;
pub mod vacancies;

pub use error::{Error, Result};
pub use locale::Locale;
