//! Search for Vakants: the vacancy search job seekers use and the CV database employers query.
//!
//! Postgres is the source of truth; the indexes here are derived state that the worker feeds
//! (through the `indexer` crate) and the API reads. Everything the API needs to answer a search
//! page lives in the index, so a search never touches Postgres: hits carry the stored card,
//! facet counts and salary stats come from the same pass over the matching documents.
//!
//! The callers depend only on plain data and one trait:
//! - [`model`]: the documents the indexer builds and the queries/results the API exchanges;
//! - [`SearchEngine`]: what the worker and the API call, implemented by the embedded tantivy
//!   engine ([`TantivyEngine`], the default) and by [`MeiliEngine`] for a shared cluster.
//!
//! How the pieces are meant to be used:
//! - the worker opens `TantivyEngine::open(dir, AccessMode::Writer)`, stages a batch with
//!   `upsert_*`/`delete_*` and acknowledges its jobs after `commit()` returns;
//! - the API opens the same directory with `AccessMode::Reader` and keeps it as
//!   `Arc<dyn SearchEngine>`; commits become visible to it within a moment;
//! - `vakants reindex` calls [`TantivyEngine::begin_rebuild`], whose documentation lists the
//!   steps that keep changes made during the rebuild.

mod employers;
mod engine;
mod error;
mod meili;
pub mod model;
pub mod recommend;
#[cfg(feature = "testsuite")]
pub mod testsuite;
mod tantivy_engine;

pub use engine::{IndexRebuild, SearchEngine};
pub use error::{Result, SearchError};
pub use meili::MeiliEngine;
pub use model::*;
pub use recommend::{
    CvMatchQuery, CvMatches, MatchProfile, MatchedCv, Reason, ReasonKind, RecommendedVacancy,
    SimilarVacancyQuery, VacancyRecommendationQuery,
};
pub use tantivy_engine::{AccessMode, DocBits, IndexKind, Rebuild, TantivyEngine};
