//! One pass over the documents that match the text computes the page of hits, the disjunctive
//! facet counts and the salary stats together.
//!
//! The collector checks the validity and salary filter ([`DocFilter`]) and each facet group
//! against the document's values and counts the groups the document fails. A document failing
//! none is a hit and counts for every group; a document failing exactly one group counts only
//! for that group (that is what "the other groups' filters applied, not its own" means); a
//! document failing two or more is skipped. This costs one table read per group per candidate
//! instead of one query per group. Selective group filters also go into the tantivy query
//! ([`candidates`], [`group_filter`]) to spare the collector most documents.
//!
//! A search without words and without such a selective filter would make every document a
//! candidate; it counts by sets instead ([`FacetedCollector::dense`]): the same rule, applied
//! to bitsets of the segment's documents a word at a time.
//!
//! Codes are compared as segment-local term ordinals, resolved once per segment. Every column is
//! read from the segment's in-memory tables ([`super::tables`]), and a segment reports its counts
//! by ordinal; the counts merge at global ordinals ([`super::tables::GlobalOrds`]) and the
//! values' names are only looked up for the values reported.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::sync::Arc;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::index::SegmentId;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery, Weight};
use tantivy::schema::IndexRecordOption;
use tantivy::{
    DocAddress, DocId, DocSet, Score, Searcher, SegmentOrdinal, SegmentReader, TERMINATED, Term,
};

use super::bits::{self, DocBits};
use super::tables::{NumTable, SalaryKeys, StrTable, TableCache};
use crate::model::{SalaryDistribution, SalaryStats, most_frequent};

/// A facet filter group.
pub(crate) enum Group {
    /// A multi-valued string fast field; a document passes when it has any selected value
    /// (or when nothing is selected). Facet counts are per value.
    Terms {
        column: &'static str,
        selected: Vec<String>,
        /// At most this many values are reported (the most frequent, ties by value), plus
        /// every selected one; `None` reports all.
        limit: Option<usize>,
    },
    /// One bit of the `flags` u64 fast field; a document passes when the bit is set or the flag
    /// is not required. The facet count is the number of documents with the bit set. `name` is
    /// the flag's term in the indexed [`FLAG_NAMES_FIELD`].
    Flag {
        bit: u32,
        name: &'static str,
        required: bool,
    },
}

/// The indexed text field holding the names of a document's set flags.
pub(crate) const FLAG_NAMES_FIELD: &str = "flag_names";

/// A group filter goes into the tantivy query (walking its postings) only when it keeps at
/// most this share of the documents; otherwise the collector checks it from its table, which
/// costs less per document than merging postings.
const SELECTIVE: u64 = 4;

/// A query that keeps only the documents that can count at all: with `k` active groups, those
/// failing at most one of them (that is, passing at least `k - 1`). The collector still decides
/// exactly; this only spares it most of the documents when two or more groups filter and two
/// of them are selective (any candidate passes one of any two groups). `None` otherwise.
pub(crate) fn candidates(
    groups: &[Group],
    searcher: &Searcher,
) -> tantivy::Result<Option<Box<dyn Query>>> {
    let mut clauses: Vec<(u64, Box<dyn Query>)> = Vec::new();
    for group in groups {
        if let Some(filter) = group_filter(group, searcher)? {
            clauses.push(filter);
        }
    }
    if clauses.len() < 2 {
        return Ok(None);
    }
    let mut frequencies: Vec<u64> = clauses.iter().map(|(frequency, _)| *frequency).collect();
    frequencies.sort_unstable();
    if (frequencies[0] + frequencies[1]) * SELECTIVE > searcher.num_docs() {
        return Ok(None);
    }
    let minimum = clauses.len() - 1;
    let clauses = clauses
        .into_iter()
        .map(|(_, clause)| (Occur::Should, clause))
        .collect();
    Ok(Some(Box::new(BooleanQuery::with_minimum_required_clauses(
        clauses, minimum,
    ))))
}

/// The documents that pass `group`, as a query, with the sum of its terms' document
/// frequencies (at least the number of documents it keeps); `None` when the group does not
/// filter.
pub(crate) fn group_filter(
    group: &Group,
    searcher: &Searcher,
) -> tantivy::Result<Option<(u64, Box<dyn Query>)>> {
    let schema = searcher.schema();
    let terms: Vec<Term> = match group {
        Group::Terms {
            column, selected, ..
        } if !selected.is_empty() => {
            let field = schema.get_field(column)?;
            selected
                .iter()
                .map(|value| Term::from_field_text(field, value))
                .collect()
        }
        Group::Flag {
            name,
            required: true,
            ..
        } => vec![Term::from_field_text(
            schema.get_field(FLAG_NAMES_FIELD)?,
            name,
        )],
        _ => return Ok(None),
    };
    let mut frequency = 0;
    for term in &terms {
        frequency += searcher.doc_freq(term)?;
    }
    // a union of term queries: tantivy's TermSetQuery builds an automaton per search, which
    // cost more than the search itself
    let mut queries: Vec<Box<dyn Query>> = terms
        .into_iter()
        .map(|term| Box::new(TermQuery::new(term, IndexRecordOption::Basic)) as Box<dyn Query>)
        .collect();
    let query = if queries.len() == 1 {
        queries.pop().expect("one query")
    } else {
        Box::new(BooleanQuery::union(queries))
    };
    Ok(Some((frequency, query)))
}

/// Whether a filter that keeps at most `frequency` documents of `searcher` is worth walking
/// as postings.
pub(crate) fn selective(frequency: u64, searcher: &Searcher) -> bool {
    frequency * SELECTIVE <= searcher.num_docs()
}

impl Group {
    pub fn filters(&self) -> bool {
        match self {
            Group::Terms { selected, .. } => !selected.is_empty(),
            Group::Flag { required, .. } => *required,
        }
    }
}

/// Counts taken from `SegmentBaseCache` (the cache module) instead of counting, for a query
/// whose only filter besides validity is at most one facet group.
pub(crate) struct BaseCounts {
    /// An entry for every segment of the searcher.
    pub segments: HashMap<SegmentKey, Arc<SegmentBase>>,
    /// `None`: no group filters, so the counts, the total and the salary stats are all the
    /// base ones and the collector only ranks. `Some(g)`: only group `g` filters, and does so in
    /// the tantivy query or in the collector; its counts (every base document fails no other
    /// group) are the base ones, the rest is counted over the documents that pass it.
    pub group: Option<usize>,
    /// Whether the query applies `group`'s filter (then the collector does not check it).
    pub group_in_query: bool,
}

/// What a document must meet besides the groups, checked from the tables (a tantivy range
/// query over a fast field costs more than reading the value back).
#[derive(Default)]
pub(crate) struct DocFilter {
    /// The collector's `expiry` column must be at least this instant.
    pub valid_at: Option<i64>,
    /// The salary's high end must be at least this.
    pub salary_from: Option<f64>,
    /// The salary's low end must be at most this.
    pub salary_to: Option<f64>,
    /// An indexed single-valued string field and the value it must hold.
    pub equals: Option<(&'static str, String)>,
}

/// Fast fields that order hits: `primary` desc (if any), `secondary` desc, `tie` asc.
pub(crate) struct Ranking {
    pub primary: Option<&'static str>,
    pub secondary: &'static str,
    pub tie: &'static str,
}

/// Fast fields holding a document's lowest and highest salary, and the indexed field of its
/// salary period.
pub(crate) struct SalaryColumns {
    pub low: &'static str,
    pub high: &'static str,
    pub period: &'static str,
}

/// A segment as it is searched: its id and how far deletions were applied to it.
pub(crate) type SegmentKey = (tantivy::index::SegmentId, Option<tantivy::Opstamp>);

/// The counts of the *base* query (the validity filter alone) in one segment, and the `now`s
/// they hold for; kept across searches by `SegmentBaseCache` (the cache module).
pub(crate) struct SegmentBase {
    /// The `now` (microseconds) the counts were computed for...
    pub from: i64,
    /// ...and the last `now` they stay right for.
    pub until: i64,
    pub fruit: SegmentFruit,
}

/// The key of a segment in `SegmentBaseCache` (the cache module).
pub(crate) fn segment_key(reader: &SegmentReader) -> SegmentKey {
    (reader.segment_id(), reader.delete_opstamp())
}

/// The u64 bitmask fast field of [`Group::Flag`].
/// The u64 fast field of a document's flag bits. (Named `flag_bits` since the ninth bit, "salary
/// stated", was added: an index of the earlier schema, whose documents lack it, is replaced and
/// rebuilt.)
pub(crate) const FLAGS_COLUMN: &str = "flag_bits";
/// How many bits of [`FLAGS_COLUMN`] are flags (counted per combination, see `flag_histogram`).
pub(crate) const FLAG_BITS: u32 = 9;
const FLAG_MASK: u64 = (1 << FLAG_BITS) - 1;

pub(crate) struct FacetedCollector {
    pub groups: Vec<Group>,
    /// The index's column tables.
    pub tables: Arc<TableCache>,
    /// An i64 fast field whose smallest value over all collected documents is reported as
    /// [`Collected::earliest_expiry`].
    pub expiry: Option<&'static str>,
    pub ranking: Ranking,
    /// How many top hits to keep (offset + page size).
    pub top: usize,
    pub scored: bool,
    pub salary: Option<SalaryColumns>,
    pub filter: DocFilter,
    pub base: Option<BaseCounts>,
    /// Only with [`BaseCounts`] and no group filtering (a browse without words): rank by
    /// walking each segment's rank order ([`TableCache::rank_order`]) for the first `top`
    /// documents that are alive and pass the filter, instead of ranking every document the
    /// query yields. The query must then match everything.
    pub walk: bool,
    /// Count with bitsets ([`FacetedSegmentCollector::collect_dense`]) instead of document by
    /// document; the query is then not run, so it must match everything (a search without
    /// words).
    pub dense: bool,
    /// Whether facet counts and salary stats are wanted; without them the collector only
    /// decides which documents are hits (the matching of saved searches: [`super::matching`]),
    /// by the same rules.
    pub counting: bool,
}

impl FacetedCollector {
    /// A collector of `groups` with neither expiry, salary, filter nor base counts; the
    /// vacancy search sets those on top.
    pub fn new(
        tables: &Arc<TableCache>,
        groups: Vec<Group>,
        ranking: Ranking,
        top: usize,
        scored: bool,
    ) -> FacetedCollector {
        FacetedCollector {
            groups,
            tables: tables.clone(),
            expiry: None,
            ranking,
            top,
            scored,
            salary: None,
            filter: DocFilter::default(),
            base: None,
            walk: false,
            dense: false,
            counting: true,
        }
    }
}

/// Counts of one group: per value for [`Group::Terms`], a single count for [`Group::Flag`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum GroupCounts {
    Terms(BTreeMap<String, u64>),
    Flag(u64),
}

/// One segment's salary counts: how many hits state each of its distinct salaries.
#[derive(Clone, Default)]
pub(crate) struct SegmentSalaries {
    keys: Option<Arc<SalaryKeys>>,
    counts: Arc<Vec<u32>>,
}

impl SegmentSalaries {
    fn add_to(&self, distribution: &mut SalaryDistribution) {
        let Some(keys) = &self.keys else { return };
        for (key, &count) in self.counts.iter().enumerate() {
            if count > 0 {
                let (period, low, high) = keys.salary(key as u32);
                distribution.add(period, low, high, u64::from(count));
            }
        }
    }
}

/// What the collector returns.
pub(crate) struct Collected {
    /// The best `top` hits, best first.
    pub hits: Vec<RankedHit>,
    pub total: u64,
    /// In the order of [`FacetedCollector::groups`].
    pub counts: Vec<GroupCounts>,
    /// Per salary period (see [`SalaryDistribution::stats`]).
    pub salary: Vec<SalaryStats>,
    /// The smallest `expiry` value among the documents the query matched (before the facet
    /// groups), `i64::MAX` without an expiry column or documents.
    pub earliest_expiry: i64,
    /// Whether hits carry relevance scores (the query had words).
    pub scored: bool,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct RankedHit {
    pub score: Score,
    primary: u64,
    secondary: i64,
    tie: u64,
    pub address: DocAddress,
}

impl RankedHit {
    /// `Greater` means ranked earlier.
    fn rank_cmp(&self, other: &Self) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then(self.primary.cmp(&other.primary))
            .then(self.secondary.cmp(&other.secondary))
            .then(other.tie.cmp(&self.tie))
            .then(other.address.cmp(&self.address))
    }
}

/// Min-heap entry: the worst kept hit is on top so it can be evicted.
struct Worst(RankedHit);

impl PartialEq for Worst {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Worst {}
impl PartialOrd for Worst {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Worst {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.rank_cmp(&self.0)
    }
}

/// A terms group as one segment sees it.
struct SegmentTerms {
    column: &'static str,
    table: Arc<StrTable>,
    /// A bitset over the segment's ordinals, the selected values present in it; `None` when
    /// the collector does not check the group (nothing selected, or the query applies it).
    selected: Option<Vec<u64>>,
    /// Per ordinal; `None` when the counts come from [`BaseCounts`].
    counts: Option<Vec<u32>>,
}

impl SegmentTerms {
    #[inline]
    fn passes(&self, doc: DocId) -> bool {
        match &self.selected {
            None => true,
            Some(bits) => self
                .table
                .ords(doc)
                .iter()
                .any(|&ord| bits[ord as usize >> 6] >> (ord & 63) & 1 != 0),
        }
    }

    /// The ordinals of the selected values present in the segment (none when unchecked).
    fn selected_ords(&self) -> impl Iterator<Item = u32> + '_ {
        bits::members(self.selected.as_deref().unwrap_or_default())
    }

    #[inline]
    fn count(&mut self, doc: DocId) {
        if let Some(counts) = &mut self.counts {
            for &ord in self.table.ords(doc) {
                counts[ord as usize] += 1;
            }
        }
    }
}

/// One segment's counts of one group.
#[derive(Clone)]
pub(crate) enum SegmentCounts {
    /// Per ordinal of the segment's table.
    Terms {
        segment: SegmentId,
        table: Arc<StrTable>,
        counts: Arc<Vec<u32>>,
    },
    Flag(u64),
    /// Taken from [`BaseCounts`] by the caller.
    FromBase,
}

pub(crate) struct FacetedSegmentCollector {
    segment: SegmentOrdinal,
    segment_id: SegmentId,
    /// The number of groups of the collector.
    group_count: usize,
    /// The terms groups the segment checks or counts, with their positions in the groups.
    terms: Vec<(usize, SegmentTerms)>,
    /// Positions in `terms` of the groups that are checked.
    checked: Vec<usize>,
    /// Bits of the flags a document must have; each missing one fails its group.
    required_flags: u64,
    /// The flag groups counted here: (position in the groups, bit).
    counted_flags: Vec<(usize, u32)>,
    /// Documents that pass every group, by their flag bits: a flag's count is the documents
    /// with its bit among them (a document failing only a flag group lacks that flag, so it
    /// adds nothing to the flag's count).
    flag_histogram: Vec<u64>,
    /// Counted by [`Self::collect_dense`]: per bit, the hits with it set (instead of
    /// `flag_histogram`).
    flag_totals: Option<Vec<u64>>,
    flags: Option<Arc<NumTable<u64>>>,
    primary: Option<Arc<NumTable<u64>>>,
    secondary: Arc<NumTable<i64>>,
    tie: Arc<NumTable<u64>>,
    /// The segment's salaries and, by key, how many hits state each.
    salary: Option<(Arc<SalaryKeys>, Vec<u32>)>,
    expiry: Option<Arc<NumTable<i64>>>,
    earliest_expiry: i64,
    valid_at: Option<i64>,
    /// `(low, high, from, to)` when the salary filters.
    salary_range: Option<(Arc<NumTable<f64>>, Arc<NumTable<f64>>, f64, f64)>,
    /// The table of [`DocFilter::equals`] and the ordinal of its value (`None`: absent here,
    /// so no document passes).
    equals: Option<(Arc<StrTable>, Option<u32>)>,
    heap: BinaryHeap<Worst>,
    top: usize,
    total: u64,
    /// With [`BaseCounts`]: this segment's entry, and whether the collector only ranks.
    base: Option<(Arc<SegmentBase>, Option<usize>)>,
    rank_only: bool,
}

#[derive(Clone)]
pub(crate) struct SegmentFruit {
    pub earliest_expiry: i64,
    hits: Vec<RankedHit>,
    total: u64,
    counts: Vec<SegmentCounts>,
    salary: SegmentSalaries,
}

impl Collector for FacetedCollector {
    type Fruit = Collected;
    type Child = FacetedSegmentCollector;

    fn for_segment(
        &self,
        segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<FacetedSegmentCollector> {
        let tables = &self.tables;
        let base = match &self.base {
            Some(base) => {
                let entry = base.segments.get(&segment_key(reader)).ok_or_else(|| {
                    tantivy::TantivyError::InternalError(
                        "no base counts for a segment of the searcher".to_owned(),
                    )
                })?;
                Some((entry.clone(), base.group))
            }
            None => None,
        };
        let rank_only = matches!(base, Some((_, None)));
        let mut terms = Vec::new();
        let mut checked = Vec::new();
        let mut required_flags = 0;
        let mut counted_flags = Vec::new();
        for (index, group) in self.groups.iter().enumerate() {
            if rank_only {
                break;
            }
            // the group whose counts come from the base: checked unless the query applies it
            let (check, count) = match &self.base {
                Some(base) if base.group == Some(index) => (!base.group_in_query, false),
                _ => (true, self.counting),
            };
            match group {
                Group::Terms {
                    column, selected, ..
                } => {
                    let check = check && !selected.is_empty();
                    if !check && !count {
                        continue;
                    }
                    let table = tables.str(reader, column)?;
                    let selected = check.then(|| {
                        let mut bits = vec![0u64; table.num_terms().div_ceil(64)];
                        for value in selected {
                            if let Some(ord) = table.ord_of(value) {
                                bits[ord as usize >> 6] |= 1 << (ord & 63);
                            }
                        }
                        bits
                    });
                    if check {
                        checked.push(terms.len());
                    }
                    let counts = count.then(|| vec![0; table.num_terms()]);
                    terms.push((
                        index,
                        SegmentTerms {
                            column,
                            table,
                            selected,
                            counts,
                        },
                    ));
                }
                Group::Flag { bit, required, .. } => {
                    if *bit >= FLAG_BITS {
                        return Err(tantivy::TantivyError::InvalidArgument(
                            "flag bits are counted by their low FLAG_BITS bits".to_owned(),
                        ));
                    }
                    if check && *required {
                        required_flags |= 1 << bit;
                    }
                    if count {
                        counted_flags.push((index, *bit));
                    }
                }
            }
        }
        let flags = if required_flags != 0 || !counted_flags.is_empty() {
            Some(tables.num::<u64>(reader, FLAGS_COLUMN)?)
        } else {
            None
        };
        let primary = self
            .ranking
            .primary
            .map(|name| tables.num::<u64>(reader, name))
            .transpose()?;
        let salary_columns = match &self.salary {
            Some(columns) => Some((
                tables.num::<f64>(reader, columns.low)?,
                tables.num::<f64>(reader, columns.high)?,
            )),
            None => None,
        };
        // the salaries are counted only by a collector that counts at all
        let salary = match &self.salary {
            Some(columns) if !rank_only && self.counting => {
                let keys = tables.salary_keys(reader, columns.period, columns.low, columns.high)?;
                let counts = vec![0; keys.distinct()];
                Some((keys, counts))
            }
            _ => None,
        };
        let filter = &self.filter;
        let salary_range = match (&salary_columns, filter.salary_from, filter.salary_to) {
            (_, None, None) => None,
            (Some((low, high)), from, to) => Some((
                low.clone(),
                high.clone(),
                from.unwrap_or(f64::NEG_INFINITY),
                to.unwrap_or(f64::INFINITY),
            )),
            (None, ..) => {
                return Err(tantivy::TantivyError::InvalidArgument(
                    "a salary filter without salary columns".to_owned(),
                ));
            }
        };
        let equals = match &filter.equals {
            Some((field, value)) => {
                let table = tables.indexed_str(reader, field)?;
                let ord = table.ord_of(value);
                Some((table, ord))
            }
            None => None,
        };
        if filter.valid_at.is_some() && self.expiry.is_none() {
            return Err(tantivy::TantivyError::InvalidArgument(
                "a validity filter without an expiry column".to_owned(),
            ));
        }
        Ok(FacetedSegmentCollector {
            segment,
            segment_id: reader.segment_id(),
            group_count: self.groups.len(),
            terms,
            checked,
            required_flags,
            counted_flags,
            flag_histogram: vec![0; 1 << FLAG_BITS],
            flag_totals: None,
            flags,
            primary,
            secondary: tables.num::<i64>(reader, self.ranking.secondary)?,
            tie: tables.num::<u64>(reader, self.ranking.tie)?,
            salary,
            expiry: self
                .expiry
                .map(|name| tables.num::<i64>(reader, name))
                .transpose()?,
            earliest_expiry: i64::MAX,
            valid_at: filter.valid_at,
            salary_range,
            equals,
            heap: BinaryHeap::with_capacity(self.top.min(1024) + 1),
            top: self.top,
            total: 0,
            base,
            rank_only,
        })
    }

    fn requires_scoring(&self) -> bool {
        self.scored
    }

    fn collect_segment(
        &self,
        weight: &dyn Weight,
        segment_ord: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<SegmentFruit> {
        let mut segment_collector = self.for_segment(segment_ord, reader)?;
        if self.dense && !segment_collector.rank_only {
            segment_collector.collect_dense(self, reader)?;
        } else if segment_collector.rank_only && self.top > 0 && self.walk {
            let order = self.tables.rank_order(
                reader,
                self.ranking.primary,
                self.ranking.secondary,
                self.ranking.tie,
            )?;
            let alive = reader.alive_bitset();
            let mut kept = 0;
            for &doc in order.iter() {
                if kept == self.top {
                    break;
                }
                if alive.is_none_or(|alive| alive.is_alive(doc)) && segment_collector.admits(doc) {
                    segment_collector.rank(doc, 0.0);
                    kept += 1;
                }
            }
        }
        // counts from the cache and no hits wanted: nothing to read
        else if !(segment_collector.rank_only && self.top == 0) {
            let scoring = self.requires_scoring();
            match (reader.alive_bitset(), scoring) {
                (Some(alive), true) => weight.for_each(reader, &mut |doc, score| {
                    if alive.is_alive(doc) {
                        segment_collector.collect(doc, score);
                    }
                })?,
                (Some(alive), false) => weight.for_each_no_score(reader, &mut |docs| {
                    for &doc in docs {
                        if alive.is_alive(doc) {
                            segment_collector.collect(doc, 0.0);
                        }
                    }
                })?,
                (None, true) => weight.for_each(reader, &mut |doc, score| {
                    segment_collector.collect(doc, score);
                })?,
                (None, false) => weight.for_each_no_score(reader, &mut |docs| {
                    segment_collector.collect_block(docs);
                })?,
            }
        }
        Ok(segment_collector.harvest())
    }

    fn merge_fruits(&self, fruits: Vec<SegmentFruit>) -> tantivy::Result<Collected> {
        let mut hits = Vec::new();
        let mut total = 0;
        let mut earliest_expiry = i64::MAX;
        let mut salary = SalaryDistribution::default();
        let mut per_group: Vec<Vec<SegmentCounts>> =
            self.groups.iter().map(|_| Vec::new()).collect();
        for fruit in fruits {
            hits.extend(fruit.hits);
            total += fruit.total;
            earliest_expiry = earliest_expiry.min(fruit.earliest_expiry);
            fruit.salary.add_to(&mut salary);
            for (merged, segment) in per_group.iter_mut().zip(fruit.counts) {
                merged.push(segment);
            }
        }
        let counts = self
            .groups
            .iter()
            .zip(per_group)
            .map(|(group, segments)| match group {
                Group::Terms {
                    column,
                    selected,
                    limit,
                } => GroupCounts::Terms(merge_terms(&self.tables, column, &segments, selected, *limit)),
                Group::Flag { .. } => GroupCounts::Flag(
                    segments
                        .iter()
                        .map(|counts| match counts {
                            SegmentCounts::Flag(count) => *count,
                            _ => 0,
                        })
                        .sum(),
                ),
            })
            .collect();
        hits.sort_unstable_by(|a, b| b.rank_cmp(a));
        hits.truncate(self.top);
        Ok(Collected {
            hits,
            total,
            counts,
            salary: salary.stats(),
            earliest_expiry,
            scored: self.scored,
        })
    }
}

/// The counts of a group over all segments, by value: each segment's counts added at the
/// global ordinals of its values ([`GlobalOrds`], in value order), and only the values
/// reported copied.
fn merge_terms(
    tables: &TableCache,
    column: &'static str,
    segments: &[SegmentCounts],
    selected: &[String],
    limit: Option<usize>,
) -> BTreeMap<String, u64> {
    let counted: Vec<(SegmentId, &Arc<StrTable>, &[u32])> = segments
        .iter()
        .filter_map(|counts| match counts {
            SegmentCounts::Terms { segment, table, counts } => Some((*segment, table, counts.as_slice())),
            _ => None,
        })
        .collect();
    let ords = tables.global_ords(column, &counted.iter().map(|&(segment, table, _)| (segment, table)).collect::<Vec<_>>());
    let mut merged = vec![0u64; ords.len()];
    for (index, (_, _, counts)) in counted.iter().enumerate() {
        for (&count, &global) in counts.iter().zip(ords.map(index)) {
            merged[global as usize] += u64::from(count);
        }
    }
    let counts = merged
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count != 0)
        .map(|(global, &count)| (ords.value(global as u32), count));
    match limit {
        None => counts.map(|(term, count)| (term.to_owned(), count)).collect(),
        Some(limit) => most_frequent(counts, selected, limit),
    }
}

impl SegmentCollector for FacetedSegmentCollector {
    type Fruit = SegmentFruit;

    fn collect(&mut self, doc: DocId, score: Score) {
        if !self.admits(doc) {
            return;
        }
        if self.rank_only {
            self.rank(doc, score);
            return;
        }
        if let Some(expiry) = &self.expiry {
            let expiry = expiry.get(doc);
            if expiry != i64::MIN {
                self.earliest_expiry = self.earliest_expiry.min(expiry);
            }
        }
        let flags = self.flags.as_ref().map_or(0, |flags| flags.get(doc));
        let mut failures = (self.required_flags & !flags).count_ones();
        if failures > 1 {
            return;
        }
        let mut failed_terms = None;
        for &position in &self.checked {
            if !self.terms[position].1.passes(doc) {
                failures += 1;
                if failures > 1 {
                    return;
                }
                failed_terms = Some(position);
            }
        }
        if failures > 0 {
            // counts only for the group it fails; failing a flag adds nothing (see
            // `flag_histogram`)
            if let Some(position) = failed_terms {
                self.terms[position].1.count(doc);
            }
            return;
        }
        for (_, terms) in &mut self.terms {
            terms.count(doc);
        }
        self.flag_histogram[(flags & FLAG_MASK) as usize] += 1;
        self.total += 1;
        if let Some((keys, counts)) = &mut self.salary
            && let Some(key) = keys.key(doc)
        {
            counts[key as usize] += 1;
        }
        self.rank(doc, score);
    }

    fn harvest(mut self) -> SegmentFruit {
        let base = self.base.take();
        let mut fruit = self.harvest_counted();
        match base {
            None => {}
            Some((entry, None)) => {
                let base = &entry.fruit;
                fruit.counts = base.counts.clone();
                fruit.total = base.total;
                fruit.salary = base.salary.clone();
                fruit.earliest_expiry = base.earliest_expiry;
            }
            Some((entry, Some(group))) => {
                let base = &entry.fruit;
                fruit.counts[group] = base.counts[group].clone();
                fruit.earliest_expiry = fruit.earliest_expiry.min(base.earliest_expiry);
            }
        }
        fruit
    }
}

impl FacetedSegmentCollector {
    /// Whether `doc` meets the [`DocFilter`].
    #[inline]
    fn admits(&self, doc: DocId) -> bool {
        if let (Some(valid_at), Some(expiry)) = (self.valid_at, &self.expiry)
            && expiry.get(doc) < valid_at
        {
            return false;
        }
        if let Some((low, high, from, to)) = &self.salary_range {
            // a document without a salary has NaN there and fails both comparisons
            if !(high.get(doc) >= *from && low.get(doc) <= *to) {
                return false;
            }
        }
        if let Some((table, ord)) = &self.equals {
            match ord {
                Some(ord) if table.ords(doc) == [*ord] => {}
                _ => return false,
            }
        }
        true
    }

    /// Keeps `doc` if it ranks among the best `top` so far.
    fn rank(&mut self, doc: DocId, score: Score) {
        if self.top == 0 {
            return;
        }
        let primary = self.primary.as_ref().map_or(0, |column| column.get(doc));
        // Once the heap is full most documents lose on the first keys already; reading the
        // other rank columns only for the rest keeps browsing everything cheap.
        if self.heap.len() >= self.top
            && let Some(worst) = self.heap.peek()
            && score
                .total_cmp(&worst.0.score)
                .then(primary.cmp(&worst.0.primary))
                == Ordering::Less
        {
            return;
        }
        let hit = RankedHit {
            score,
            primary,
            secondary: self.secondary.get(doc),
            tie: self.tie.get(doc),
            address: DocAddress::new(self.segment, doc),
        };
        if self.heap.len() < self.top {
            self.heap.push(Worst(hit));
        } else if let Some(mut worst) = self.heap.peek_mut()
            && hit.rank_cmp(&worst.0) == Ordering::Greater
        {
            *worst = Worst(hit);
        }
    }

    /// Collects the segment without running the query (which matches everything), by sets:
    /// `admitted` holds the documents alive that meet the [`DocFilter`], each checked group
    /// has the set of documents passing it, and the hits are the intersection of all. A group
    /// counts over the intersection of all sets but its own: by a population count per value
    /// where the column has a bitset per value ([`TableCache::value_bits`]), otherwise
    /// document by document over that set. Ranking walks the segment's rank order for the
    /// first `top` hits.
    ///
    /// The earliest expiry is taken over the documents valid at the instant, a superset of
    /// the admitted ones: the result cache may then drop an entry earlier, never later.
    fn collect_dense(
        &mut self,
        collector: &FacetedCollector,
        reader: &SegmentReader,
    ) -> tantivy::Result<()> {
        let tables = &collector.tables;
        let max_doc = reader.max_doc();
        let mut admitted = match (self.valid_at, &self.expiry) {
            (Some(valid_at), Some(expiry)) => {
                let expiries = expiry.values();
                let mut earliest = i64::MAX;
                let bits = DocBits::from_fn(max_doc, |doc| {
                    let expiry = expiries[doc as usize];
                    let valid = expiry >= valid_at;
                    earliest = earliest.min(if valid { expiry } else { i64::MAX });
                    valid
                });
                self.earliest_expiry = earliest;
                bits
            }
            _ => {
                if let Some(expiry) = &self.expiry {
                    self.earliest_expiry = expiry
                        .values()
                        .iter()
                        .copied()
                        .filter(|&expiry| expiry != i64::MIN)
                        .min()
                        .unwrap_or(i64::MAX);
                }
                DocBits::from_fn(max_doc, |_| true)
            }
        };
        if let Some(alive) = reader.alive_bitset() {
            admitted.retain(|doc| alive.is_alive(doc));
        }
        if let Some((low, high, from, to)) = &self.salary_range {
            let (low, high) = (low.values(), high.values());
            // a document without a salary has NaN there and fails both comparisons
            admitted.retain(|doc| high[doc as usize] >= *from && low[doc as usize] <= *to);
        }
        if let Some((table, ord)) = &self.equals {
            match (ord, table.single()) {
                (None, _) => admitted = DocBits::zeros(max_doc),
                (Some(ord), Some(ords)) => admitted.retain(|doc| ords[doc as usize] == *ord),
                (Some(ord), None) => admitted.retain(|doc| table.ords(doc) == [*ord]),
            }
        }
        // the required flags are a set every group's count is taken over
        if self.required_flags != 0 {
            let flag_bits = tables.flag_bits(reader, FLAGS_COLUMN)?;
            for (bit, bits) in flag_bits.iter().enumerate() {
                if self.required_flags >> bit & 1 != 0 {
                    admitted.intersect(bits);
                }
            }
        }
        // per terms group: the bitset of each of its values, for columns with few values
        let value_bits = self
            .terms
            .iter()
            .map(|(_, terms)| tables.value_bits(reader, terms.column))
            .collect::<tantivy::Result<Vec<_>>>()?;
        // the documents passing each checked terms group, by position in `terms`
        let mut passing: Vec<(usize, DocBits)> = Vec::with_capacity(self.checked.len());
        for &position in &self.checked {
            let terms = &self.terms[position].1;
            let mut bits = DocBits::zeros(max_doc);
            match &value_bits[position] {
                Some(values) => {
                    for ord in terms.selected_ords() {
                        bits.unite(&values[ord as usize]);
                    }
                }
                None => {
                    let field = reader.schema().get_field(terms.column)?;
                    let inverted = reader.inverted_index(field)?;
                    for ord in terms.selected_ords() {
                        let term = Term::from_field_text(field, terms.table.term(ord));
                        if let Some(mut postings) =
                            inverted.read_postings(&term, IndexRecordOption::Basic)?
                        {
                            while postings.doc() != TERMINATED {
                                bits.insert(postings.doc());
                                postings.advance();
                            }
                        }
                    }
                }
            }
            passing.push((position, bits));
        }
        let mut hits = admitted.clone();
        for (_, bits) in &passing {
            hits.intersect(bits);
        }
        // counts over all sets but the group's own, where that differs from the hits
        for (position, ((_, terms), values)) in self.terms.iter_mut().zip(&value_bits).enumerate() {
            if terms.counts.is_none() {
                continue;
            }
            let own = passing.iter().position(|(checked, _)| *checked == position);
            let over = own.map(|own| {
                let mut over = admitted.clone();
                for (other, (_, bits)) in passing.iter().enumerate() {
                    if other != own {
                        over.intersect(bits);
                    }
                }
                over
            });
            let over = over.as_ref().unwrap_or(&hits);
            match (values, &mut terms.counts) {
                (Some(values), Some(counts)) => {
                    for (count, value) in counts.iter_mut().zip(values.iter()) {
                        *count = over.intersection_len(value) as u32;
                    }
                }
                _ => over.for_each(|doc| terms.count(doc)),
            }
        }
        if !self.counted_flags.is_empty() {
            let flag_bits = tables.flag_bits(reader, FLAGS_COLUMN)?;
            self.flag_totals = Some(
                flag_bits
                    .iter()
                    .map(|bits| hits.intersection_len(bits))
                    .collect(),
            );
        }
        self.total = hits.len();
        if let Some((keys, counts)) = &mut self.salary {
            let keys = keys.keys();
            hits.for_each(|doc| {
                let key = keys[doc as usize];
                if key != u32::MAX {
                    counts[key as usize] += 1;
                }
            });
        }
        // walking the rank order finds `top` hits after about `top * max_doc / hits` steps;
        // when hits are rare, ranking each of them costs less
        if self.top > 0 && self.total * 16 < u64::from(max_doc) {
            hits.for_each(|doc| self.rank(doc, 0.0));
        } else if self.top > 0 {
            let order = tables.rank_order(
                reader,
                collector.ranking.primary,
                collector.ranking.secondary,
                collector.ranking.tie,
            )?;
            let mut kept = 0;
            for &doc in order.iter() {
                if kept == self.top {
                    break;
                }
                if hits.contains(doc) {
                    self.rank(doc, 0.0);
                    kept += 1;
                }
            }
        }
        Ok(())
    }

    fn harvest_counted(self) -> SegmentFruit {
        let mut counts = vec![SegmentCounts::FromBase; self.group_count];
        for (index, terms) in self.terms {
            if let Some(counted) = terms.counts {
                counts[index] = SegmentCounts::Terms {
                    segment: self.segment_id,
                    table: terms.table,
                    counts: Arc::new(counted),
                };
            }
        }
        for (index, bit) in self.counted_flags {
            let count = match &self.flag_totals {
                Some(totals) => totals[bit as usize],
                None => (0..1usize << FLAG_BITS)
                    .filter(|flags| flags >> bit & 1 != 0)
                    .map(|flags| self.flag_histogram[flags])
                    .sum(),
            };
            counts[index] = SegmentCounts::Flag(count);
        }
        SegmentFruit {
            earliest_expiry: self.earliest_expiry,
            hits: self.heap.into_iter().map(|w| w.0).collect(),
            total: self.total,
            counts,
            salary: match self.salary {
                Some((keys, counts)) => SegmentSalaries {
                    keys: Some(keys),
                    counts: Arc::new(counts),
                },
                None => SegmentSalaries::default(),
            },
        }
    }
}
