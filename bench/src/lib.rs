//! Indexing and query benchmarks (built in the search-core issue).
