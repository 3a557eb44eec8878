//! One error type for every engine, so the API maps search failures to a 500 (or, for
//! [`SearchError::InvalidQuery`], a 400) without knowing which engine is behind the trait.

/// Result of a search operation.
pub type Result<T, E = SearchError> = std::result::Result<T, E>;

/// What can go wrong while indexing or searching.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// The query cannot be run as asked (for example a page size of zero).
    #[error("invalid query: {0}")]
    InvalidQuery(String),
    /// The engine was used against its setup: a write through a read-only handle, documents of
    /// one kind added to a rebuild of the other.
    #[error("misuse: {0}")]
    Misuse(&'static str),
    /// The tantivy index failed (corrupt files, writer lock held by another process, ...).
    #[error("tantivy: {0}")]
    Tantivy(#[from] tantivy::TantivyError),
    /// Reading or writing the index directories failed.
    #[error("index directory: {0}")]
    Io(#[from] std::io::Error),
    /// A stored document could not be decoded; the index was written by an incompatible version.
    #[error("stored document: {0}")]
    Decode(#[from] serde_json::Error),
    /// The Meilisearch server answered with an error or could not be reached.
    #[error("meilisearch: {0}")]
    Meilisearch(String),
    /// The engine does not offer this (Meilisearch: recommendations); the caller answers
    /// without it.
    #[error("not supported by this engine: {0}")]
    Unsupported(&'static str),
    /// A blocking search task panicked or was cancelled.
    #[error("search task: {0}")]
    Task(String),
}

impl From<tokio::task::JoinError> for SearchError {
    fn from(error: tokio::task::JoinError) -> Self {
        SearchError::Task(error.to_string())
    }
}
