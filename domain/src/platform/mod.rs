//! The cross-cutting pieces every area builds on: the error type, configuration, hashing and
//! tokens, the database pool, the job queue, locales, mail, the translations of error messages, the audit log, reference data, list sorting, the retention periods and the rich-text sanitizer.
//! Nothing here uses an area.

pub mod allocator;
pub mod audit;
pub mod config;
pub mod crypto;
pub mod db;
pub mod error;
pub mod filters;
pub mod jobs;
pub mod locale;
pub mod mail;
pub mod messages;
pub mod metrics;
pub mod reference;
pub mod sorting;
pub mod retention;
pub mod rich_text;
pub mod typeset;
