//! Flat in-memory copies of the fast columns the collector reads for every candidate document.
//!
//! Tantivy's columns are compact (bitpacked, with an index for optional and multi-valued
//! columns), which makes reading a multi-valued or optional value cost several lookups. The
//! collector reads each facet group, the flags, the expiry and the salary of every candidate,
//! so a search over many documents spent most of its time there. A [`StrTable`] holds a
//! segment's ordinals per document in plain arrays plus its dictionary (ordinal -> value), and
//! a [`NumTable`] a numeric column with its default filled in; reading one is an array index.
//!
//! A segment's values never change (deletions only hide documents), so a table is built once
//! per segment and column, on the first search that needs it, and kept until the segment
//! leaves the index ([`TableCache::retain`]). Memory: about 4 bytes per value of a string
//! column plus its dictionary, 8 bytes per document of a numeric one (~70 MB at a million
//! vacancies).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use tantivy::columnar::StrColumn;
use tantivy::index::SegmentId;
use tantivy::schema::IndexRecordOption;
use tantivy::{DocSet, SegmentReader, TERMINATED};

/// The key of a segment's rank order (no column has this name).
const RANK_ORDER: &str = "@rank_order";

/// The ordinal that marks "no value" in a single-valued [`StrTable`].
const NONE: u32 = u32::MAX;

/// A string fast column of one segment: each document's term ordinals and the dictionary.
pub(crate) struct StrTable {
    /// Per document `ords[offsets[doc]..offsets[doc + 1]]`; `None` when no document has more
    /// than one value, and then `ords[doc]` is the value or [`NONE`].
    offsets: Option<Vec<u32>>,
    ords: Vec<u32>,
    /// The values in ordinal order (the dictionary is sorted): `text[ends[o - 1]..ends[o]]`.
    text: String,
    ends: Vec<u32>,
}

impl StrTable {
    fn build(column: Option<&StrColumn>, docs: u32) -> tantivy::Result<StrTable> {
        let Some(column) = column else {
            return Ok(StrTable {
                offsets: None,
                ords: vec![NONE; docs as usize],
                text: String::new(),
                ends: Vec::new(),
            });
        };
        let ords_column = column.ords();
        let mut single = Vec::with_capacity(docs as usize);
        let mut offsets: Option<Vec<u32>> = None;
        let mut ords: Vec<u32> = Vec::new();
        for doc in 0..docs {
            let mut values = ords_column.values_for_doc(doc);
            match (&mut offsets, values.next(), values.next()) {
                (None, first, None) => single.push(first.map_or(NONE, |o| o as u32)),
                (None, Some(first), Some(second)) => {
                    // the first multi-valued document: switch to offsets
                    let mut built = Vec::with_capacity(docs as usize + 1);
                    built.push(0);
                    for &value in &single {
                        if value != NONE {
                            ords.push(value);
                        }
                        built.push(ords.len() as u32);
                    }
                    ords.extend([first as u32, second as u32]);
                    ords.extend(values.map(|o| o as u32));
                    built.push(ords.len() as u32);
                    offsets = Some(built);
                }
                (None, None, Some(_)) => unreachable!("a second value without a first"),
                (Some(built), first, second) => {
                    ords.extend(first.into_iter().chain(second).map(|o| o as u32));
                    ords.extend(values.map(|o| o as u32));
                    built.push(ords.len() as u32);
                }
            }
        }
        let terms = column.num_terms();
        let mut text = String::new();
        let mut ends = Vec::with_capacity(terms);
        let all: Vec<u64> = (0..terms as u64).collect();
        column.dictionary().sorted_ords_to_term_cb(&all, |bytes| {
            text.push_str(&String::from_utf8_lossy(bytes));
            ends.push(text.len() as u32);
        })?;
        Ok(match offsets {
            Some(offsets) => StrTable {
                offsets: Some(offsets),
                ords,
                text,
                ends,
            },
            None => StrTable {
                offsets: None,
                ords: single,
                text,
                ends,
            },
        })
    }

    /// The ordinals of `doc`'s values, ascending.
    #[inline]
    pub fn ords(&self, doc: u32) -> &[u32] {
        match &self.offsets {
            Some(offsets) => {
                &self.ords[offsets[doc as usize] as usize..offsets[doc as usize + 1] as usize]
            }
            None => {
                let value = &self.ords[doc as usize];
                if *value == NONE {
                    &[]
                } else {
                    std::slice::from_ref(value)
                }
            }
        }
    }

    /// How many distinct values the segment has.
    pub fn num_terms(&self) -> usize {
        self.ends.len()
    }

    /// The value of ordinal `ord`.
    pub fn term(&self, ord: u32) -> &str {
        let start = match ord {
            0 => 0,
            _ => self.ends[ord as usize - 1] as usize,
        };
        &self.text[start..self.ends[ord as usize] as usize]
    }

    /// The ordinal of `value`, if the segment has it.
    pub fn ord_of(&self, value: &str) -> Option<u32> {
        let (mut low, mut high) = (0usize, self.num_terms());
        while low < high {
            let middle = (low + high) / 2;
            match self.term(middle as u32).cmp(value) {
                std::cmp::Ordering::Less => low = middle + 1,
                std::cmp::Ordering::Greater => high = middle,
                std::cmp::Ordering::Equal => return Some(middle as u32),
            }
        }
        None
    }
}

/// A numeric fast column of one segment, each document's first value or the default.
pub(crate) struct NumTable<T> {
    values: Vec<T>,
}

impl<T: Copy> NumTable<T> {
    #[inline]
    pub fn get(&self, doc: u32) -> T {
        self.values[doc as usize]
    }
}

enum Table {
    Order(Arc<Vec<u32>>),
    Str(Arc<StrTable>),
    U64(Arc<NumTable<u64>>),
    I64(Arc<NumTable<i64>>),
    F64(Arc<NumTable<f64>>),
}

/// The tables of one index's live segments, by segment and column.
pub(crate) struct TableCache {
    entries: Mutex<HashMap<(SegmentId, &'static str), Table>>,
}

/// What a numeric table stands for when a document has no value.
pub(crate) trait Missing: Copy {
    const MISSING: Self;
}
impl Missing for u64 {
    const MISSING: u64 = 0;
}
/// A missing instant sorts last among "newest first"; the collector skips it as an expiry.
impl Missing for i64 {
    const MISSING: i64 = i64::MIN;
}
impl Missing for f64 {
    const MISSING: f64 = f64::NAN;
}

impl TableCache {
    pub fn new() -> TableCache {
        TableCache {
            entries: Mutex::new(HashMap::new()),
        }
    }

    fn get(&self, key: &(SegmentId, &'static str)) -> Option<Table> {
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        entries.get(key).map(|table| match table {
            Table::Order(t) => Table::Order(t.clone()),
            Table::Str(t) => Table::Str(t.clone()),
            Table::U64(t) => Table::U64(t.clone()),
            Table::I64(t) => Table::I64(t.clone()),
            Table::F64(t) => Table::F64(t.clone()),
        })
    }

    fn put(&self, key: (SegmentId, &'static str), table: Table) {
        self.entries
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key, table);
    }

    /// The string column `column` of `reader` (an empty table when the segment lacks it).
    pub fn str(
        &self,
        reader: &SegmentReader,
        column: &'static str,
    ) -> tantivy::Result<Arc<StrTable>> {
        let key = (reader.segment_id(), column);
        if let Some(Table::Str(table)) = self.get(&key) {
            return Ok(table);
        }
        let built = Arc::new(StrTable::build(
            reader.fast_fields().str(column)?.as_ref(),
            reader.max_doc(),
        )?);
        self.put(key, Table::Str(built.clone()));
        Ok(built)
    }

    /// A single-valued string field that is indexed but not a fast field, built from its
    /// postings (a document with several values keeps the first).
    pub fn indexed_str(
        &self,
        reader: &SegmentReader,
        field: &'static str,
    ) -> tantivy::Result<Arc<StrTable>> {
        let key = (reader.segment_id(), field);
        if let Some(Table::Str(table)) = self.get(&key) {
            return Ok(table);
        }
        let inverted = reader.inverted_index(reader.schema().get_field(field)?)?;
        let mut ords = vec![NONE; reader.max_doc() as usize];
        let mut text = String::new();
        let mut ends = Vec::new();
        let mut terms = inverted.terms().stream()?;
        while terms.advance() {
            let ord = ends.len() as u32;
            text.push_str(&String::from_utf8_lossy(terms.key()));
            ends.push(text.len() as u32);
            let mut postings =
                inverted.read_postings_from_terminfo(terms.value(), IndexRecordOption::Basic)?;
            while postings.doc() != TERMINATED {
                let slot = &mut ords[postings.doc() as usize];
                if *slot == NONE {
                    *slot = ord;
                }
                postings.advance();
            }
        }
        let built = Arc::new(StrTable {
            offsets: None,
            ords,
            text,
            ends,
        });
        self.put(key, Table::Str(built.clone()));
        Ok(built)
    }

    pub fn u64(
        &self,
        reader: &SegmentReader,
        column: &'static str,
    ) -> tantivy::Result<Arc<NumTable<u64>>> {
        let key = (reader.segment_id(), column);
        if let Some(Table::U64(table)) = self.get(&key) {
            return Ok(table);
        }
        let values = reader.fast_fields().u64(column)?;
        let built = Arc::new(num_table(reader.max_doc(), |doc| values.first(doc)));
        self.put(key, Table::U64(built.clone()));
        Ok(built)
    }

    pub fn i64(
        &self,
        reader: &SegmentReader,
        column: &'static str,
    ) -> tantivy::Result<Arc<NumTable<i64>>> {
        let key = (reader.segment_id(), column);
        if let Some(Table::I64(table)) = self.get(&key) {
            return Ok(table);
        }
        let values = reader.fast_fields().i64(column)?;
        let built = Arc::new(num_table(reader.max_doc(), |doc| values.first(doc)));
        self.put(key, Table::I64(built.clone()));
        Ok(built)
    }

    pub fn f64(
        &self,
        reader: &SegmentReader,
        column: &'static str,
    ) -> tantivy::Result<Arc<NumTable<f64>>> {
        let key = (reader.segment_id(), column);
        if let Some(Table::F64(table)) = self.get(&key) {
            return Ok(table);
        }
        let values = reader.fast_fields().f64(column)?;
        let built = Arc::new(num_table(reader.max_doc(), |doc| values.first(doc)));
        self.put(key, Table::F64(built.clone()));
        Ok(built)
    }

    /// The segment's documents (deleted ones too) in the order of a search without words: by
    /// `primary` (if any) and `secondary` descending, then `tie` and the document ascending.
    pub fn rank_order(
        &self,
        reader: &SegmentReader,
        primary: Option<&'static str>,
        secondary: &'static str,
        tie: &'static str,
    ) -> tantivy::Result<Arc<Vec<u32>>> {
        let key = (reader.segment_id(), RANK_ORDER);
        if let Some(Table::Order(order)) = self.get(&key) {
            return Ok(order);
        }
        let primary = primary.map(|name| self.u64(reader, name)).transpose()?;
        let secondary = self.i64(reader, secondary)?;
        let tie = self.u64(reader, tie)?;
        let mut order: Vec<u32> = (0..reader.max_doc()).collect();
        order.sort_unstable_by(|&a, &b| {
            let primary = primary
                .as_ref()
                .map_or(std::cmp::Ordering::Equal, |p| p.get(b).cmp(&p.get(a)));
            primary
                .then(secondary.get(b).cmp(&secondary.get(a)))
                .then(tie.get(a).cmp(&tie.get(b)))
                .then(a.cmp(&b))
        });
        let order = Arc::new(order);
        self.put(key, Table::Order(order.clone()));
        Ok(order)
    }

    /// Drops the tables of segments that are not in `live` (merged away or of a replaced
    /// index generation).
    pub fn retain(&self, live: &[SegmentId]) {
        let live: HashSet<&SegmentId> = live.iter().collect();
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if entries.keys().any(|(segment, _)| !live.contains(segment)) {
            entries.retain(|(segment, _), _| live.contains(segment));
        }
    }
}

fn num_table<T: Missing>(docs: u32, first: impl Fn(u32) -> Option<T>) -> NumTable<T> {
    NumTable {
        values: (0..docs)
            .map(|doc| first(doc).unwrap_or(T::MISSING))
            .collect(),
    }
}
