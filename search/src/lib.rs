//! Search: tantivy indexes and queries (built in the search-core issue).
