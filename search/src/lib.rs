//! Search for Vakants: the vacancy search job seekers use and the CV database employers query.
//!
//! Postgres is the source of truth; the indexes here are derived state that the worker feeds
//! (through the `indexer` crate) and the API reads. Everything the API needs to answer a search
//! page lives in the index, so a search never touches Postgres: hits carry the stored card,
//! facet counts and salary stats come from the same pass over the matching documents.
//!
//! The crate is split so the callers depend only on plain data and one trait:
//! - [`model`]: the documents the indexer builds and the queries/results the API exchanges;
//! - [`SearchEngine`]: what the worker and the API call, implemented by the embedded tantivy
//!   engine ([`TantivyEngine`], the default) and by a Meilisearch engine for shared clusters.

mod employers;
mod engine;
mod error;
mod meili;
pub mod model;
mod tantivy_engine;

pub use engine::SearchEngine;
pub use error::{Result, SearchError};
pub use meili::MeiliEngine;
pub use model::*;
pub use tantivy_engine::{AccessMode, IndexKind, Rebuild, TantivyEngine};
