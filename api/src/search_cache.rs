//! Visitors' vacancy searches, answered from memory: the default browse and the popular searches
//! are the same few queries, and each answer holds until the index changes.
//!
//! An entry is the answer's JSON as sent, keyed by the normalized query (the validated filter
//! with its code lists sorted, the page, the size and the locale). It is used only while the
//! engine's [`SearchEngine::vacancy_version`](search::SearchEngine::vacancy_version) is the one it
//! was computed on (every commit of the index pipeline and every rebuild swap changes it), and only
//! until the first instant its answer would change on its own: the first `valid_until` among the
//! matching vacancies, or the moment a card on the page stops being "new". Only answers without
//! per-viewer parts are kept: a signed-in applicant's favourites are marked on the cards, so an
//! applicant's search is never answered from here. At most [`CAPACITY`] answers (about 30 KB
//! each) are kept, the least recently used leave first.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use chrono::{DateTime, Utc};
use domain::Locale;
use search::VacancyQuery;

/// Answers kept.
pub const CAPACITY: usize = 1024;

struct Entry {
    version: (u64, u64),
    /// The `now` the answer was computed for...
    from: DateTime<Utc>,
    /// ...and the first instant it may be wrong.
    until: DateTime<Utc>,
    body: Bytes,
}

/// Cheap to clone (shared inside).
#[derive(Clone)]
pub struct SearchCache {
    entries: Arc<Mutex<lru::LruCache<String, Entry>>>,
}

impl Default for SearchCache {
    fn default() -> Self {
        SearchCache::new(CAPACITY)
    }
}

impl SearchCache {
    pub fn new(capacity: usize) -> SearchCache {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        SearchCache { entries: Arc::new(Mutex::new(lru::LruCache::new(capacity))) }
    }

    /// The key of a query for a reader of `locale`: the same search written differently (codes
    /// in another order, repeated) has the same key, the instant of the query is left out.
    pub fn key(query: &VacancyQuery, locale: Locale) -> String {
        let mut normal = VacancyQuery { now: DateTime::UNIX_EPOCH, ..query.clone() };
        for list in [
            &mut normal.category_codes,
            &mut normal.place_codes,
            &mut normal.employment_types,
            &mut normal.work_experiences,
            &mut normal.language_codes,
            &mut normal.business_names,
        ] {
            list.sort_unstable();
            list.dedup();
        }
        normal.text = normal.text.map(|t| t.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()).filter(|t| !t.is_empty());
        format!("{}:{}", locale.code(), serde_json::to_string(&normal).unwrap_or_default())
    }

    /// The answer kept for `key`, if it was computed on `version` and still holds at `now`.
    pub fn get(&self, key: &str, version: (u64, u64), now: DateTime<Utc>) -> Option<Bytes> {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let entry = entries.get(key)?;
        if entry.version == version && entry.from <= now && now < entry.until {
            return Some(entry.body.clone());
        }
        entries.pop(key);
        None
    }

    /// Keeps an answer computed on `version` at `from` that holds until `until`.
    pub fn put(&self, key: String, version: (u64, u64), from: DateTime<Utc>, until: DateTime<Utc>, body: Bytes) {
        if until <= from {
            return;
        }
        self.entries.lock().unwrap_or_else(|p| p.into_inner()).put(key, Entry { version, from, until, body });
    }

    /// Answers kept now.
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query() -> VacancyQuery {
        VacancyQuery { category_codes: vec!["IT".into(), "CATERING".into()], text: Some(" Kokk  abi ".into()), size: 20, ..VacancyQuery::default() }
    }

    #[test]
    fn the_same_search_written_differently_has_one_key() {
        let mut other = query();
        other.category_codes = vec!["CATERING".into(), "IT".into(), "IT".into()];
        other.text = Some("kokk abi".into());
        other.now = Utc::now();
        assert_eq!(SearchCache::key(&query(), Locale::Et), SearchCache::key(&other, Locale::Et));
        assert_ne!(SearchCache::key(&query(), Locale::Et), SearchCache::key(&query(), Locale::En));
        other.page = 1;
        assert_ne!(SearchCache::key(&query(), Locale::Et), SearchCache::key(&other, Locale::Et));
    }

    #[test]
    fn an_answer_holds_for_its_version_and_until_its_bound() {
        let cache = SearchCache::new(2);
        let now = Utc::now();
        let until = now + chrono::Duration::minutes(5);
        cache.put("a".into(), (1, 1), now, until, Bytes::from_static(b"{}"));
        assert_eq!(cache.get("a", (1, 1), now + chrono::Duration::minutes(1)).as_deref(), Some(&b"{}"[..]));
        assert!(cache.get("a", (1, 1), until).is_none(), "past its bound");
        cache.put("a".into(), (1, 1), now, until, Bytes::from_static(b"{}"));
        assert!(cache.get("a", (1, 2), now).is_none(), "another index version");
        assert!(cache.is_empty(), "a stale entry leaves");
    }

    #[test]
    fn the_least_recently_used_answer_leaves_first() {
        let cache = SearchCache::new(2);
        let now = Utc::now();
        let until = now + chrono::Duration::minutes(5);
        for key in ["a", "b"] {
            cache.put(key.into(), (1, 1), now, until, Bytes::from_static(b"{}"));
        }
        assert!(cache.get("a", (1, 1), now).is_some());
        cache.put("c".into(), (1, 1), now, until, Bytes::from_static(b"{}"));
        assert!(cache.get("b", (1, 1), now).is_none());
        assert!(cache.get("a", (1, 1), now).is_some());
        assert_eq!(cache.len(), 2);
    }
}
