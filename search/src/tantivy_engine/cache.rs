//! Recent vacancy results, because the most frequent searches are the same few: the home page
//! and the category pages browse everything with facets, which touches every document.
//!
//! An entry is exact, not approximately fresh. It belongs to one searcher generation (any
//! commit makes it unreachable), and it stays right for a later `now` only until the first
//! matching candidate expires: the collector reports the earliest `valid_until` among the
//! documents it saw, and between the query's `now` and that instant the validity filter keeps
//! and drops exactly the same documents.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::collector::Collected;

/// Entries kept by default; each holds at most a few pages of hits and the facet counts.
pub(crate) const DEFAULT_CAPACITY: usize = 256;

pub(crate) struct ResultCache {
    capacity: AtomicUsize,
    entries: Mutex<HashMap<String, Entry>>,
}

/// An index generation's serial and the searcher generation within it.
pub(crate) type Version = (u64, u64);

struct Entry {
    version: Version,
    /// The `now` (microseconds) the results were computed for...
    from: i64,
    /// ...and the last `now` they stay right for.
    until: i64,
    collected: Arc<Collected>,
}

impl ResultCache {
    pub fn new() -> ResultCache {
        ResultCache {
            capacity: AtomicUsize::new(DEFAULT_CAPACITY),
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// 0 turns the cache off.
    pub fn set_capacity(&self, capacity: usize) {
        self.capacity.store(capacity, Ordering::Relaxed);
        self.entries
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    /// Results for `key` computed on the searcher `version` that hold at `now` and rank at
    /// least `top` hits (or all there are).
    pub fn get(&self, key: &str, version: Version, now: i64, top: usize) -> Option<Arc<Collected>> {
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let entry = entries.get(key)?;
        let covers = entry.collected.hits.len() >= top
            || entry.collected.hits.len() as u64 == entry.collected.total;
        (entry.version == version && entry.from <= now && now <= entry.until && covers)
            .then(|| entry.collected.clone())
    }

    pub fn put(&self, key: String, version: Version, now: i64, collected: Arc<Collected>) {
        let capacity = self.capacity.load(Ordering::Relaxed);
        if capacity == 0 {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        // Entries of older generations are useless; dropping everything when full is simpler
        // than tracking recency and costs at most one recomputation per popular query.
        if entries.len() >= capacity {
            entries.clear();
        }
        let until = collected.earliest_expiry;
        entries.insert(
            key,
            Entry {
                version,
                from: now,
                until,
                collected,
            },
        );
    }
}
