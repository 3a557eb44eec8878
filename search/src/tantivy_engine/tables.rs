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
//! vacancies), and for a search without words a bitset per value of the columns with few
//! values and per flag ([`TableCache::value_bits`], ~7 MB at a million).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use tantivy::columnar::{Column, StrColumn};
use tantivy::index::SegmentId;
use tantivy::schema::IndexRecordOption;
use tantivy::{DocSet, SegmentReader, TERMINATED};

use super::bits::DocBits;
use super::collector::FLAG_BITS;

/// The key of a segment's rank order (no column has this name).
const RANK_ORDER: &str = "@rank_order";
/// The key of a segment's [`SalaryKeys`].
const SALARY_KEYS: &str = "@salary_keys";

/// A string column gets a bitset per value ([`TableCache::value_bits`]) only with at most this
/// many values: counting a value is then a pass over a bitset of the segment (an eighth of a
/// byte per document), which costs less than reading every matching document's values only
/// while the values are few.
const BITS_VALUES: usize = 64;

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

    /// Every document's ordinal ([`NONE`] for none) when no document has more than one value.
    pub fn single(&self) -> Option<&[u32]> {
        match self.offsets {
            Some(_) => None,
            None => Some(&self.ords),
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

/// A string column's values over a searcher's segments in one order: each segment's ordinals
/// mapped to global ones, so a group's counts merge by adding each segment's into one array
/// (instead of a sweep comparing every segment's next value, and a string per value and
/// segment: a twelfth of the machine in `bench http --scenarios long-tail`). Built once per
/// column and set of segments, from the segments' dictionaries ([`TableCache::global_ords`]).
pub(crate) struct GlobalOrds {
    /// Per segment, in the order given, the global ordinal of each of its ordinals.
    maps: Vec<Vec<u32>>,
    /// Per global ordinal, in value order: the segment holding the value and its ordinal there.
    values: Vec<(u32, u32)>,
    tables: Vec<Arc<StrTable>>,
}

impl GlobalOrds {
    fn build(tables: Vec<Arc<StrTable>>) -> GlobalOrds {
        let mut maps: Vec<Vec<u32>> = tables.iter().map(|table| Vec::with_capacity(table.num_terms())).collect();
        let mut values = Vec::new();
        let mut smallest = Vec::with_capacity(tables.len());
        loop {
            // the least next value of the segments, and the segments holding it
            let mut least: Option<&str> = None;
            smallest.clear();
            for (index, (table, map)) in tables.iter().zip(&maps).enumerate() {
                if map.len() == table.num_terms() {
                    continue;
                }
                let head = table.term(map.len() as u32);
                match least.map(|least| head.cmp(least)) {
                    Some(std::cmp::Ordering::Greater) => {}
                    Some(std::cmp::Ordering::Equal) => smallest.push(index),
                    _ => {
                        least = Some(head);
                        smallest.clear();
                        smallest.push(index);
                    }
                }
            }
            let Some(&first) = smallest.first() else { break };
            let global = values.len() as u32;
            values.push((first as u32, maps[first].len() as u32));
            for &index in &smallest {
                maps[index].push(global);
            }
        }
        GlobalOrds { maps, values, tables }
    }

    /// How many distinct values the segments hold together.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// The global ordinal of each ordinal of the `segment`-th segment.
    pub fn map(&self, segment: usize) -> &[u32] {
        &self.maps[segment]
    }

    /// The value of a global ordinal.
    pub fn value(&self, global: u32) -> &str {
        let (segment, ord) = self.values[global as usize];
        self.tables[segment as usize].term(ord)
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

    /// Every document's value, by document.
    pub fn values(&self) -> &[T] {
        &self.values
    }
}

/// Each document's salary as an index into the segment's distinct salaries (period, lower and
/// upper bound), so that the collector counts salaries as it counts facet values: one array
/// read and one increment per hit, however the statistics are then computed.
pub(crate) struct SalaryKeys {
    /// Per document, the index of its salary in `salaries`, [`NONE`] without one.
    keys: Vec<u32>,
    /// The segment's distinct salaries: the period's ordinal in `periods` ([`NONE`]: no period),
    /// the lower and the upper bound; in the order of period and midpoint.
    salaries: Vec<(u32, f64, f64)>,
    periods: Arc<StrTable>,
}

impl SalaryKeys {
    /// The index of `doc`'s salary, `None` without one.
    #[inline]
    pub fn key(&self, doc: u32) -> Option<u32> {
        let key = self.keys[doc as usize];
        (key != NONE).then_some(key)
    }

    /// Every document's key ([`u32::MAX`] without a salary).
    pub fn keys(&self) -> &[u32] {
        &self.keys
    }

    /// How many distinct salaries the segment has.
    pub fn distinct(&self) -> usize {
        self.salaries.len()
    }

    /// The period (`None`: no period), lower and upper bound of salary `key`.
    pub fn salary(&self, key: u32) -> (Option<&str>, f64, f64) {
        let (period, low, high) = self.salaries[key as usize];
        let period = (period != NONE).then(|| self.periods.term(period));
        (period, low, high)
    }
}

#[derive(Clone)]
pub(crate) enum Table {
    Order(Arc<Vec<u32>>),
    Salary(Arc<SalaryKeys>),
    Str(Arc<StrTable>),
    U64(Arc<NumTable<u64>>),
    I64(Arc<NumTable<i64>>),
    F64(Arc<NumTable<f64>>),
    /// A bitset of the segment's documents per value; `None` for a column with too many values.
    Bits(Option<Arc<Vec<DocBits>>>),
}

/// What a cached table is of a column: a table can be kept of a column and also its bitsets.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Table,
    Bits,
}

/// The tables of one index's live segments, by segment and column.
pub(crate) struct TableCache {
    entries: Mutex<HashMap<(SegmentId, &'static str, Kind), Table>>,
    /// By column, the global ordinals of the last set of segments asked for.
    globals: Mutex<HashMap<&'static str, (Vec<SegmentId>, Arc<GlobalOrds>)>>,
}

/// A value type of numeric fast columns: how to read its column, what a document without a
/// value holds, and its kind of [`Table`].
pub(crate) trait NumValue:
    Copy + PartialOrd + std::fmt::Debug + Send + Sync + 'static
{
    const MISSING: Self;
    fn column(reader: &SegmentReader, name: &str) -> tantivy::Result<Column<Self>>;
    fn wrap(table: Arc<NumTable<Self>>) -> Table;
    fn unwrap(table: Table) -> Option<Arc<NumTable<Self>>>;
}

macro_rules! num_value {
    ($type:ty, $variant:ident, $read:ident, $missing:expr) => {
        impl NumValue for $type {
            const MISSING: $type = $missing;
            fn column(reader: &SegmentReader, name: &str) -> tantivy::Result<Column<$type>> {
                reader.fast_fields().$read(name)
            }
            fn wrap(table: Arc<NumTable<$type>>) -> Table {
                Table::$variant(table)
            }
            fn unwrap(table: Table) -> Option<Arc<NumTable<$type>>> {
                match table {
                    Table::$variant(table) => Some(table),
                    _ => None,
                }
            }
        }
    };
}
num_value!(u64, U64, u64, 0);
// a missing instant sorts last among "newest first"; the collector skips it as an expiry
num_value!(i64, I64, i64, i64::MIN);
// a missing salary fails every comparison
num_value!(f64, F64, f64, f64::NAN);

impl TableCache {
    pub fn new() -> TableCache {
        TableCache {
            entries: Mutex::new(HashMap::new()),
            globals: Mutex::new(HashMap::new()),
        }
    }

    /// The table under (`reader`'s segment, `name`) if it is there as the kind `unwrap`
    /// takes, otherwise built and kept (two searches may both build it; either result is
    /// the same).
    fn cached<T: Clone>(
        &self,
        reader: &SegmentReader,
        (name, kind): (&'static str, Kind),
        unwrap: impl Fn(Table) -> Option<T>,
        wrap: impl Fn(T) -> Table,
        build: impl FnOnce() -> tantivy::Result<T>,
    ) -> tantivy::Result<T> {
        let key = (reader.segment_id(), name, kind);
        let kept = self
            .entries
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
            .cloned();
        if let Some(table) = kept.and_then(&unwrap) {
            return Ok(table);
        }
        let built = build()?;
        self.entries
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key, wrap(built.clone()));
        Ok(built)
    }

    /// The string column `column` of `reader` (an empty table when the segment lacks it).
    pub fn str(
        &self,
        reader: &SegmentReader,
        column: &'static str,
    ) -> tantivy::Result<Arc<StrTable>> {
        self.cached(
            reader,
            (column, Kind::Table),
            Table::into_str,
            Table::Str,
            || {
                Ok(Arc::new(StrTable::build(
                    reader.fast_fields().str(column)?.as_ref(),
                    reader.max_doc(),
                )?))
            },
        )
    }

    /// A single-valued string field that is indexed but not a fast field, built from its
    /// postings (a document with several values keeps the first).
    pub fn indexed_str(
        &self,
        reader: &SegmentReader,
        field: &'static str,
    ) -> tantivy::Result<Arc<StrTable>> {
        self.cached(
            reader,
            (field, Kind::Table),
            Table::into_str,
            Table::Str,
            || {
                let inverted = reader.inverted_index(reader.schema().get_field(field)?)?;
                let mut ords = vec![NONE; reader.max_doc() as usize];
                let mut text = String::new();
                let mut ends = Vec::new();
                let mut terms = inverted.terms().stream()?;
                while terms.advance() {
                    let ord = ends.len() as u32;
                    text.push_str(&String::from_utf8_lossy(terms.key()));
                    ends.push(text.len() as u32);
                    let mut postings = inverted
                        .read_postings_from_terminfo(terms.value(), IndexRecordOption::Basic)?;
                    while postings.doc() != TERMINATED {
                        let slot = &mut ords[postings.doc() as usize];
                        if *slot == NONE {
                            *slot = ord;
                        }
                        postings.advance();
                    }
                }
                Ok(Arc::new(StrTable {
                    offsets: None,
                    ords,
                    text,
                    ends,
                }))
            },
        )
    }

    /// The numeric column `column` of `reader`, each document's first value or
    /// [`NumValue::MISSING`].
    pub fn num<T: NumValue>(
        &self,
        reader: &SegmentReader,
        column: &'static str,
    ) -> tantivy::Result<Arc<NumTable<T>>> {
        self.cached(reader, (column, Kind::Table), T::unwrap, T::wrap, || {
            let values = T::column(reader, column)?;
            Ok(Arc::new(NumTable {
                values: (0..reader.max_doc())
                    .map(|doc| values.first(doc).unwrap_or(T::MISSING))
                    .collect(),
            }))
        })
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
        let unwrap = |table| match table {
            Table::Order(order) => Some(order),
            _ => None,
        };
        self.cached(
            reader,
            (RANK_ORDER, Kind::Table),
            unwrap,
            Table::Order,
            || {
                let primary = primary
                    .map(|name| self.num::<u64>(reader, name))
                    .transpose()?;
                let secondary = self.num::<i64>(reader, secondary)?;
                let tie = self.num::<u64>(reader, tie)?;
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
                Ok(Arc::new(order))
            },
        )
    }

    /// The segment's [`SalaryKeys`]: the salary of each document from the numeric columns `low`
    /// and `high` (NaN: none) and its period from the indexed single-valued string field
    /// `period`.
    pub fn salary_keys(
        &self,
        reader: &SegmentReader,
        period: &'static str,
        low: &'static str,
        high: &'static str,
    ) -> tantivy::Result<Arc<SalaryKeys>> {
        let unwrap = |table| match table {
            Table::Salary(keys) => Some(keys),
            _ => None,
        };
        self.cached(
            reader,
            (SALARY_KEYS, Kind::Table),
            unwrap,
            Table::Salary,
            || {
                let periods = self.indexed_str(reader, period)?;
                let (low, high) = (
                    self.num::<f64>(reader, low)?,
                    self.num::<f64>(reader, high)?,
                );
                let period_of = |doc: u32| periods.ords(doc).first().copied().unwrap_or(NONE);
                let mut index: HashMap<(u32, u64, u64), u32> = HashMap::new();
                let mut salaries = Vec::new();
                let keys: Vec<u32> = (0..reader.max_doc())
                    .map(|doc| {
                        let (low, high) = (low.get(doc), high.get(doc));
                        if low.is_nan() || high.is_nan() {
                            return NONE;
                        }
                        let period = period_of(doc);
                        *index
                            .entry((period, low.to_bits(), high.to_bits()))
                            .or_insert_with(|| {
                                salaries.push((period, low, high));
                                (salaries.len() - 1) as u32
                            })
                    })
                    .collect();
                // numbered in the order of period and midpoint, so that a segment's counts come
                // out as sorted runs and the statistics merge them instead of sorting
                let mut order: Vec<u32> = (0..salaries.len() as u32).collect();
                order.sort_unstable_by(|&a, &b| {
                    let ((pa, la, ha), (pb, lb, hb)) = (salaries[a as usize], salaries[b as usize]);
                    pa.cmp(&pb)
                        .then((la + ha).total_cmp(&(lb + hb)))
                        .then(la.total_cmp(&lb))
                });
                let mut renumbered = vec![0u32; salaries.len()];
                for (new, &old) in order.iter().enumerate() {
                    renumbered[old as usize] = new as u32;
                }
                let keys = keys
                    .into_iter()
                    .map(|key| {
                        if key == NONE {
                            NONE
                        } else {
                            renumbered[key as usize]
                        }
                    })
                    .collect();
                let salaries = order.iter().map(|&old| salaries[old as usize]).collect();
                Ok(Arc::new(SalaryKeys {
                    keys,
                    salaries,
                    periods,
                }))
            },
        )
    }

    /// A bitset per value of the string column `column` (by ordinal), `None` when the
    /// segment has more than [`BITS_VALUES`] values.
    pub fn value_bits(
        &self,
        reader: &SegmentReader,
        column: &'static str,
    ) -> tantivy::Result<Option<Arc<Vec<DocBits>>>> {
        let table = self.str(reader, column)?;
        self.cached(
            reader,
            (column, Kind::Bits),
            Table::into_bits,
            Table::Bits,
            || {
                if table.num_terms() > BITS_VALUES {
                    return Ok(None);
                }
                let max_doc = reader.max_doc();
                let mut bits: Vec<DocBits> = (0..table.num_terms())
                    .map(|_| DocBits::zeros(max_doc))
                    .collect();
                for doc in 0..max_doc {
                    for &ord in table.ords(doc) {
                        bits[ord as usize].insert(doc);
                    }
                }
                Ok(Some(Arc::new(bits)))
            },
        )
    }

    /// A bitset per flag bit (the low [`FLAG_BITS`]) of the u64 column `column`: the documents
    /// with it set.
    pub fn flag_bits(
        &self,
        reader: &SegmentReader,
        column: &'static str,
    ) -> tantivy::Result<Arc<Vec<DocBits>>> {
        let table = self.num::<u64>(reader, column)?;
        let bits = self.cached(
            reader,
            (column, Kind::Bits),
            Table::into_bits,
            Table::Bits,
            || {
                let max_doc = reader.max_doc();
                let bits: Vec<DocBits> = (0..FLAG_BITS)
                    .map(|bit| DocBits::from_fn(max_doc, |doc| table.get(doc) >> bit & 1 != 0))
                    .collect();
                Ok(Some(Arc::new(bits)))
            },
        )?;
        bits.ok_or_else(|| tantivy::TantivyError::InternalError("flag bits not kept".to_owned()))
    }

    /// The global ordinals of `column` over `segments` (each with its table of the column, in
    /// the order the counts come): kept for the last set of segments asked for per column, as
    /// the searches of one generation of the index all ask for the same.
    pub fn global_ords(&self, column: &'static str, segments: &[(SegmentId, &Arc<StrTable>)]) -> Arc<GlobalOrds> {
        let ids: Vec<SegmentId> = segments.iter().map(|(id, _)| *id).collect();
        let globals = || self.globals.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((kept_for, kept)) = globals().get(column) {
            if *kept_for == ids {
                return kept.clone();
            }
        }
        let built = Arc::new(GlobalOrds::build(segments.iter().map(|(_, table)| Arc::clone(table)).collect()));
        globals().insert(column, (ids, built.clone()));
        built
    }

    /// Drops the tables of segments that are not in `live` (merged away or of a replaced
    /// index generation).
    pub fn retain(&self, live: &[SegmentId]) {
        let live: HashSet<&SegmentId> = live.iter().collect();
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if entries.keys().any(|(segment, ..)| !live.contains(segment)) {
            entries.retain(|(segment, ..), _| live.contains(segment));
        }
        drop(entries);
        self.globals
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|_, (segments, _)| segments.iter().all(|segment| live.contains(segment)));
    }
}

impl Table {
    fn into_str(self) -> Option<Arc<StrTable>> {
        match self {
            Table::Str(table) => Some(table),
            _ => None,
        }
    }

    fn into_bits(self) -> Option<Option<Arc<Vec<DocBits>>>> {
        match self {
            Table::Bits(bits) => Some(bits),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of no documents whose dictionary is `values` (sorted).
    fn dictionary(values: &[&str]) -> Arc<StrTable> {
        let mut text = String::new();
        let mut ends = Vec::new();
        for value in values {
            text.push_str(value);
            ends.push(text.len() as u32);
        }
        Arc::new(StrTable { offsets: None, ords: Vec::new(), text, ends })
    }

    #[test]
    fn global_ordinals_order_every_segments_values_once_and_map_each_segments_to_them() {
        let tables = vec![
            dictionary(&["Bolt", "Telia"]),
            dictionary(&["Arco Vara", "Bolt", "Coop"]),
            dictionary(&[]),
            dictionary(&["Telia", "Ülemiste"]),
        ];
        let ords = GlobalOrds::build(tables);
        let values: Vec<&str> = (0..ords.len() as u32).map(|global| ords.value(global)).collect();
        assert_eq!(values, ["Arco Vara", "Bolt", "Coop", "Telia", "Ülemiste"]);
        assert_eq!(ords.map(0), [1, 3]);
        assert_eq!(ords.map(1), [0, 1, 2]);
        assert!(ords.map(2).is_empty());
        assert_eq!(ords.map(3), [3, 4]);
    }

    #[test]
    fn global_ordinals_are_kept_for_the_last_segments_asked_and_rebuilt_for_others() {
        let cache = TableCache::new();
        let (a, b) = (dictionary(&["x"]), dictionary(&["y"]));
        let (one, two) = (SegmentId::generate_random(), SegmentId::generate_random());
        let first = cache.global_ords("column", &[(one, &a), (two, &b)]);
        assert!(Arc::ptr_eq(&first, &cache.global_ords("column", &[(one, &a), (two, &b)])), "kept");
        let merged = cache.global_ords("column", &[(two, &b)]);
        assert_eq!(merged.len(), 1);
        assert_eq!(merged.value(0), "y");
        cache.retain(&[one]);
        assert!(cache.globals.lock().unwrap().is_empty(), "a segment that left drops its global ordinals");
    }
}
