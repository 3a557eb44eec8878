//! What the searches of a segment find again and again (a word's expansions, a document's
//! parsed card), kept per segment within a budget of bytes.

use std::sync::{Arc, LazyLock, Mutex};

use tantivy::index::SegmentId;
use tantivy::postings::TermInfo;
use tantivy::{SegmentReader, Term};

/// What a segment holds for a key, kept across searches in an LRU map of at most `budget`
/// bytes (the keys' and values' own sizes, [`Weigh`]). A segment never changes, so an entry
/// never goes stale; a merged segment is a new one, and the old one's entries age out.
pub(crate) struct KeptPerSegment<K, V> {
    kept: LazyLock<Mutex<Kept<K, V>>>,
    budget: usize,
}

struct Kept<K, V> {
    entries: lru::LruCache<(SegmentId, K), (Arc<V>, usize)>,
    bytes: usize,
}

/// The bytes an entry of a [`KeptPerSegment`] holds, roughly (its heap parts and the map's own
/// per-entry cost).
pub(crate) trait Weigh {
    fn weigh(&self) -> usize;
}

impl Weigh for Term {
    fn weigh(&self) -> usize {
        std::mem::size_of::<Self>() + self.serialized_value_bytes().len()
    }
}

/// A document's id in its segment.
impl Weigh for tantivy::DocId {
    fn weigh(&self) -> usize {
        std::mem::size_of::<Self>()
    }
}

impl Weigh for Vec<TermInfo> {
    fn weigh(&self) -> usize {
        std::mem::size_of::<Self>() + self.len() * std::mem::size_of::<TermInfo>()
    }
}

impl Weigh for Vec<String> {
    fn weigh(&self) -> usize {
        self.iter().map(|term| std::mem::size_of::<String>() + term.len()).sum::<usize>() + std::mem::size_of::<Self>()
    }
}

/// The map's own cost per entry (its node, the hash slot, the `Arc`'s counts).
const ENTRY_OVERHEAD: usize = 96;

impl<K: std::hash::Hash + Eq + Weigh, V: Weigh> KeptPerSegment<K, V> {
    pub(crate) const fn new(budget: usize) -> KeptPerSegment<K, V> {
        KeptPerSegment {
            kept: LazyLock::new(|| {
                Mutex::new(Kept { entries: lru::LruCache::unbounded(), bytes: 0 })
            }),
            budget,
        }
    }

    /// The value of `key` in `segment`, kept or `find`s now (and then kept, the least recently
    /// used ones leaving while the map holds more than its budget). The map is not locked
    /// while `find` reads the segment.
    pub(crate) fn get_or<E>(
        &self,
        segment: &SegmentReader,
        key: K,
        find: impl FnOnce() -> std::result::Result<V, E>,
    ) -> std::result::Result<Arc<V>, E> {
        let key = (segment.segment_id(), key);
        let kept = || self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((value, _)) = kept().entries.get(&key) {
            return Ok(value.clone());
        }
        let value = Arc::new(find()?);
        let bytes = key.1.weigh() + value.weigh() + ENTRY_OVERHEAD;
        let mut kept = kept();
        if let Some((_, (_, replaced))) = kept.entries.push(key, (value.clone(), bytes)) {
            kept.bytes -= replaced;
        }
        kept.bytes += bytes;
        while kept.bytes > self.budget {
            match kept.entries.pop_lru() {
                Some((_, (_, gone))) => kept.bytes -= gone,
                None => break,
            }
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use tantivy::schema::{Field, Schema, TEXT};
    use tantivy::{Index, Searcher, TantivyDocument};

    use super::*;

    /// An index of one segment (one document) and its text field.
    fn index_of_one_word() -> (Searcher, Field) {
        let mut schema = Schema::builder();
        let field = schema.add_text_field("text", TEXT);
        let index = Index::create_in_ram(schema.build());
        let mut writer = index.writer_with_num_threads(1, 15_000_000).expect("a writer");
        let mut doc = TantivyDocument::new();
        doc.add_text(field, "kokk");
        writer.add_document(doc).expect("added");
        writer.commit().expect("committed");
        (index.reader().expect("a reader").searcher(), field)
    }

    #[test]
    fn kept_entries_stay_within_their_bytes_the_least_recently_used_leaving_first() {
        let (searcher, field) = index_of_one_word();
        let segment = searcher.segment_reader(0);
        let entry = |word: &str, terms: usize| {
            let value = vec![format!("{word}{}", "x".repeat(terms))];
            (Term::from_field_text(field, word), value)
        };
        let weight = |word: &str| {
            let (key, value) = entry(word, 10);
            key.weigh() + value.weigh() + ENTRY_OVERHEAD
        };
        // room for three entries of this size, not four
        let kept: KeptPerSegment<Term, Vec<String>> = KeptPerSegment::new(3 * weight("aaaa") + 1);
        let found = std::cell::Cell::new(0);
        let get = |word: &str| {
            let (key, value) = entry(word, 10);
            kept.get_or(segment, key, || {
                found.set(found.get() + 1);
                Ok::<_, ()>(value)
            })
            .expect("found")
        };
        for word in ["aaaa", "bbbb", "cccc"] {
            get(word);
        }
        assert_eq!(found.get(), 3);
        get("aaaa");
        assert_eq!(found.get(), 3, "kept: not found again");
        get("dddd");
        assert_eq!(found.get(), 4);
        let held = kept.kept.lock().unwrap();
        assert!(held.bytes <= 3 * weight("aaaa") + 1, "{} bytes held", held.bytes);
        assert_eq!(held.entries.len(), 3);
        let words: Vec<String> = held.entries.iter().map(|((_, term), _)| term.value().as_str().unwrap().to_owned()).collect();
        assert!(!words.contains(&"bbbb".to_owned()), "the least recently used left first: {words:?}");
        drop(held);
        get("bbbb");
        assert_eq!(found.get(), 5, "a word that left is found again");
    }
}
