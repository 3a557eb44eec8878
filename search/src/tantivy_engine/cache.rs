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

use super::collector::{Collected, SegmentBase, SegmentFruit, SegmentKey};

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

/// Segments whose base counts are kept; beyond that the map is cleared (segments of replaced
/// generations and merged-away segments leave their entries behind).
const SEGMENT_CAPACITY: usize = 1024;

/// What the *base* query (the validity filter alone: no words, no salary filter, no facet
/// filter) counts in one segment: the facet counts of every group, the total, the salary stats
/// and the earliest expiry.
///
/// Browsing (the home page, category pages) asks for exactly these counts, and a query with one
/// facet filter gets that group's counts from them; unlike [`ResultCache`] an entry survives
/// commits, because a commit adds segments and leaves the others alone (deletions change a
/// segment's key). An entry is exact for a `now` from the one it was computed for up to its
/// earliest expiry, as in [`ResultCache`].
pub(crate) struct SegmentBaseCache {
    entries: Mutex<HashMap<SegmentKey, Arc<SegmentBase>>>,
}

impl SegmentBaseCache {
    pub fn new() -> SegmentBaseCache {
        SegmentBaseCache {
            entries: Mutex::new(HashMap::new()),
        }
    }

    pub fn get(&self, key: &SegmentKey, now: i64) -> Option<Arc<SegmentBase>> {
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let entry = entries.get(key)?;
        (entry.from <= now && now <= entry.until).then(|| entry.clone())
    }

    pub fn put(&self, key: SegmentKey, now: i64, fruit: SegmentFruit) -> Arc<SegmentBase> {
        let entry = Arc::new(SegmentBase {
            from: now,
            until: fruit.earliest_expiry,
            fruit,
        });
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if entries.len() >= SEGMENT_CAPACITY {
            entries.clear();
        }
        entries.insert(key, entry.clone());
        entry
    }
}
