//! Postgres rows to search documents (built in the search-core issue).
