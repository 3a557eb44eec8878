//! One pass over the documents that match the text and the non-faceted filters computes the
//! page of hits, the disjunctive facet counts and the salary stats together.
//!
//! The facet filters are deliberately *not* part of the tantivy query: for every document the
//! collector checks each group against its fast-field values and keeps a bitmask of the groups
//! the document fails. A document failing none is a hit and counts for every group; a document
//! failing exactly one group counts only for that group (that is what "the other groups'
//! filters applied, not its own" means); a document failing two or more is skipped. This costs
//! one fast-field read per group per candidate instead of one query per group.
//!
//! Codes are compared as segment-local term ordinals, resolved once per segment.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::sync::Arc;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{Column, StrColumn};
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery, TermSetQuery, Weight};
use tantivy::schema::{IndexRecordOption, Schema};
use tantivy::{DocAddress, DocId, Score, SegmentOrdinal, SegmentReader, Term};

use super::cache::{SegmentBase, SegmentKey};

/// A facet filter group.
pub(crate) enum Group {
    /// A multi-valued string fast field; a document passes when it has any selected value
    /// (or when nothing is selected). Facet counts are per value.
    Terms {
        column: &'static str,
        selected: Vec<String>,
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

/// A query that keeps only the documents that can count at all: with `k` active groups, those
/// failing at most one of them (that is, passing at least `k - 1`). The collector still decides
/// exactly; this only spares it most of the documents when two or more groups filter. `None`
/// when it would keep everything (fewer than two active groups).
pub(crate) fn candidates(
    groups: &[Group],
    schema: &Schema,
) -> tantivy::Result<Option<Box<dyn Query>>> {
    let mut clauses: Vec<Box<dyn Query>> = Vec::new();
    for group in groups {
        if let Some(filter) = group_filter(group, schema)? {
            clauses.push(filter);
        }
    }
    if clauses.len() < 2 {
        return Ok(None);
    }
    let minimum = clauses.len() - 1;
    let clauses = clauses
        .into_iter()
        .map(|clause| (Occur::Should, clause))
        .collect();
    Ok(Some(Box::new(BooleanQuery::with_minimum_required_clauses(
        clauses, minimum,
    ))))
}

/// The documents that pass `group`, as a query; `None` when the group does not filter.
pub(crate) fn group_filter(
    group: &Group,
    schema: &Schema,
) -> tantivy::Result<Option<Box<dyn Query>>> {
    Ok(match group {
        Group::Terms { column, selected } if !selected.is_empty() => {
            let field = schema.get_field(column)?;
            let terms = selected
                .iter()
                .map(|value| Term::from_field_text(field, value));
            Some(Box::new(TermSetQuery::new(terms)))
        }
        Group::Flag {
            name,
            required: true,
            ..
        } => {
            let term = Term::from_field_text(schema.get_field(FLAG_NAMES_FIELD)?, name);
            Some(Box::new(TermQuery::new(term, IndexRecordOption::Basic)))
        }
        _ => None,
    })
}

impl Group {
    pub fn filters(&self) -> bool {
        match self {
            Group::Terms { selected, .. } => !selected.is_empty(),
            Group::Flag { required, .. } => *required,
        }
    }
}

/// Counts taken from [`SegmentBaseCache`] instead of counting, for a query whose only filter
/// besides validity is at most one facet group.
pub(crate) struct BaseCounts {
    /// An entry for every segment of the searcher.
    pub segments: HashMap<SegmentKey, Arc<SegmentBase>>,
    /// `None`: no group filters, so the counts, the total and the salary stats are all the
    /// base ones and the collector only ranks. `Some(g)`: only group `g` filters, and does so in
    /// the tantivy query; its counts (every base document fails no other group) are the base
    /// ones, the rest is counted over the documents the query yields.
    pub group: Option<usize>,
}

/// Fast fields that order hits: `primary` desc (if any), `secondary` desc, `tie` asc.
pub(crate) struct Ranking {
    pub primary: Option<&'static str>,
    pub secondary: &'static str,
    pub tie: &'static str,
}

/// Fast fields holding a document's lowest and highest salary.
pub(crate) struct SalaryColumns {
    pub low: &'static str,
    pub high: &'static str,
}

/// The key of a segment in [`SegmentBaseCache`].
pub(crate) fn segment_key(reader: &SegmentReader) -> SegmentKey {
    (reader.segment_id(), reader.delete_opstamp())
}

/// The u64 bitmask fast field of [`Group::Flag`].
pub(crate) const FLAGS_COLUMN: &str = "flags";

pub(crate) struct FacetedCollector {
    pub groups: Vec<Group>,
    /// An i64 fast field whose smallest value over all collected documents is reported as
    /// [`Collected::earliest_expiry`].
    pub expiry: Option<&'static str>,
    pub ranking: Ranking,
    /// How many top hits to keep (offset + page size).
    pub top: usize,
    pub scored: bool,
    pub salary: Option<SalaryColumns>,
    pub base: Option<BaseCounts>,
}

/// Counts of one group: per value for [`Group::Terms`], a single count for [`Group::Flag`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum GroupCounts {
    Terms(BTreeMap<String, u64>),
    Flag(u64),
}

#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct SalaryAccumulator {
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub sum_mid: f64,
    pub count: u64,
}

impl SalaryAccumulator {
    fn add(&mut self, low: f64, high: f64) {
        self.min = Some(self.min.map_or(low, |m| m.min(low)));
        self.max = Some(self.max.map_or(high, |m| m.max(high)));
        self.sum_mid += (low + high) / 2.0;
        self.count += 1;
    }

    fn merge(&mut self, other: &SalaryAccumulator) {
        if let Some(min) = other.min {
            self.min = Some(self.min.map_or(min, |m| m.min(min)));
        }
        if let Some(max) = other.max {
            self.max = Some(self.max.map_or(max, |m| m.max(max)));
        }
        self.sum_mid += other.sum_mid;
        self.count += other.count;
    }
}

/// What the collector returns.
pub(crate) struct Collected {
    /// The best `top` hits, best first.
    pub hits: Vec<RankedHit>,
    pub total: u64,
    /// In the order of [`FacetedCollector::groups`].
    pub counts: Vec<GroupCounts>,
    pub salary: SalaryAccumulator,
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

enum SegmentGroup {
    Terms {
        column: Option<StrColumn>,
        /// Sorted ordinals of the selected values present in this segment.
        selected: Vec<u64>,
        /// Whether the group filters at all (something was selected, even if absent here).
        filtering: bool,
        counts: Vec<u32>,
        values: Vec<u64>,
    },
    Flag {
        mask: u64,
        required: bool,
        count: u64,
    },
    /// Counted by [`BaseCounts`]: passes, counts nothing here.
    FromBase,
}

pub(crate) struct FacetedSegmentCollector {
    segment: SegmentOrdinal,
    groups: Vec<SegmentGroup>,
    flags: Option<Column<u64>>,
    primary: Option<Column<u64>>,
    secondary: Column<i64>,
    tie: Column<u64>,
    salary: Option<(Column<f64>, Column<f64>)>,
    expiry: Option<Column<i64>>,
    earliest_expiry: i64,
    heap: BinaryHeap<Worst>,
    top: usize,
    total: u64,
    salary_acc: SalaryAccumulator,
    /// With [`BaseCounts`]: this segment's entry, and whether the collector only ranks.
    base: Option<(Arc<SegmentBase>, Option<usize>)>,
    rank_only: bool,
}

#[derive(Clone)]
pub(crate) struct SegmentFruit {
    pub earliest_expiry: i64,
    hits: Vec<RankedHit>,
    total: u64,
    counts: Vec<GroupCounts>,
    salary: SalaryAccumulator,
}

impl Collector for FacetedCollector {
    type Fruit = Collected;
    type Child = FacetedSegmentCollector;

    fn for_segment(
        &self,
        segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<FacetedSegmentCollector> {
        let fast = reader.fast_fields();
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
        let mut groups = Vec::with_capacity(self.groups.len());
        let mut needs_flags = false;
        for (index, group) in self.groups.iter().enumerate() {
            if rank_only || base.as_ref().is_some_and(|(_, g)| *g == Some(index)) {
                groups.push(SegmentGroup::FromBase);
                continue;
            }
            match group {
                Group::Terms { column, selected } => {
                    let column = fast.str(column)?;
                    let mut ords = Vec::new();
                    if let Some(column) = &column {
                        for value in selected {
                            if let Some(ord) = column.dictionary().term_ord(value)? {
                                ords.push(ord);
                            }
                        }
                    }
                    ords.sort_unstable();
                    let num_terms = column.as_ref().map_or(0, |c| c.num_terms());
                    groups.push(SegmentGroup::Terms {
                        column,
                        selected: ords,
                        filtering: !selected.is_empty(),
                        counts: vec![0; num_terms],
                        values: Vec::new(),
                    });
                }
                Group::Flag { bit, required, .. } => {
                    needs_flags = true;
                    groups.push(SegmentGroup::Flag {
                        mask: 1 << bit,
                        required: *required,
                        count: 0,
                    });
                }
            }
        }
        let flags = if needs_flags {
            Some(fast.u64(FLAGS_COLUMN)?)
        } else {
            None
        };
        let primary = self
            .ranking
            .primary
            .map(|name| fast.u64(name))
            .transpose()?;
        let salary = match &self.salary {
            Some(columns) => Some((fast.f64(columns.low)?, fast.f64(columns.high)?)),
            None => None,
        };
        Ok(FacetedSegmentCollector {
            segment,
            groups,
            flags,
            primary,
            secondary: fast.i64(self.ranking.secondary)?,
            tie: fast.u64(self.ranking.tie)?,
            salary,
            expiry: self.expiry.map(|name| fast.i64(name)).transpose()?,
            earliest_expiry: i64::MAX,
            heap: BinaryHeap::with_capacity(self.top.min(1024) + 1),
            top: self.top,
            total: 0,
            salary_acc: SalaryAccumulator::default(),
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
        // counts from the cache and no hits wanted: nothing to read
        if !(segment_collector.rank_only && self.top == 0) {
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
        let mut salary = SalaryAccumulator::default();
        let mut counts: Vec<GroupCounts> = self
            .groups
            .iter()
            .map(|group| match group {
                Group::Terms { .. } => GroupCounts::Terms(BTreeMap::new()),
                Group::Flag { .. } => GroupCounts::Flag(0),
            })
            .collect();
        for fruit in fruits {
            hits.extend(fruit.hits);
            total += fruit.total;
            earliest_expiry = earliest_expiry.min(fruit.earliest_expiry);
            salary.merge(&fruit.salary);
            for (merged, segment) in counts.iter_mut().zip(fruit.counts) {
                match (merged, segment) {
                    // a facet can hold a value per company: keep the first segment's map
                    // instead of copying it entry by entry
                    (GroupCounts::Terms(merged), GroupCounts::Terms(segment))
                        if merged.is_empty() =>
                    {
                        *merged = segment;
                    }
                    (GroupCounts::Terms(merged), GroupCounts::Terms(segment)) => {
                        for (value, count) in segment {
                            *merged.entry(value).or_default() += count;
                        }
                    }
                    (GroupCounts::Flag(merged), GroupCounts::Flag(segment)) => *merged += segment,
                    _ => unreachable!("group kinds are fixed by the collector"),
                }
            }
        }
        hits.sort_unstable_by(|a, b| b.rank_cmp(a));
        hits.truncate(self.top);
        Ok(Collected {
            hits,
            total,
            counts,
            salary,
            earliest_expiry,
            scored: self.scored,
        })
    }
}

impl SegmentCollector for FacetedSegmentCollector {
    type Fruit = SegmentFruit;

    fn collect(&mut self, doc: DocId, score: Score) {
        if self.rank_only {
            self.rank(doc, score);
            return;
        }
        if let Some(expiry) = self.expiry.as_ref().and_then(|c| c.first(doc)) {
            self.earliest_expiry = self.earliest_expiry.min(expiry);
        }
        let flags = self.flags.as_ref().and_then(|c| c.first(doc)).unwrap_or(0);
        let mut failed: u64 = 0;
        let mut failures = 0;
        for (index, group) in self.groups.iter_mut().enumerate() {
            let passes = match group {
                SegmentGroup::Terms {
                    column,
                    selected,
                    filtering,
                    values,
                    ..
                } => {
                    values.clear();
                    if let Some(column) = column {
                        values.extend(column.term_ords(doc));
                    }
                    !*filtering || values.iter().any(|v| selected.binary_search(v).is_ok())
                }
                SegmentGroup::Flag { mask, required, .. } => !*required || flags & *mask != 0,
                SegmentGroup::FromBase => true,
            };
            if !passes {
                failed |= 1 << index;
                failures += 1;
                if failures > 1 {
                    return;
                }
            }
        }
        for (index, group) in self.groups.iter_mut().enumerate() {
            if failed != 0 && failed != 1 << index {
                continue;
            }
            match group {
                SegmentGroup::Terms { counts, values, .. } => {
                    for &ord in values.iter() {
                        counts[ord as usize] += 1;
                    }
                }
                SegmentGroup::Flag { mask, count, .. } => {
                    if flags & *mask != 0 {
                        *count += 1;
                    }
                }
                SegmentGroup::FromBase => {}
            }
        }
        if failed != 0 {
            return;
        }
        self.total += 1;
        if let Some((low, high)) = &self.salary
            && let (Some(low), Some(high)) = (low.first(doc), high.first(doc))
        {
            self.salary_acc.add(low, high);
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
    /// Keeps `doc` if it ranks among the best `top` so far.
    fn rank(&mut self, doc: DocId, score: Score) {
        if self.top == 0 {
            return;
        }
        let primary = self
            .primary
            .as_ref()
            .and_then(|c| c.first(doc))
            .unwrap_or(0);
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
            secondary: self.secondary.first(doc).unwrap_or(i64::MIN),
            tie: self.tie.first(doc).unwrap_or(0),
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

    fn harvest_counted(self) -> SegmentFruit {
        let counts = self
            .groups
            .into_iter()
            .map(|group| match group {
                SegmentGroup::Terms { column, counts, .. } => {
                    let mut entries = Vec::new();
                    if let Some(column) = column {
                        let ords: Vec<u64> = (0..counts.len() as u64)
                            .filter(|&ord| counts[ord as usize] > 0)
                            .collect();
                        entries.reserve(ords.len());
                        let mut found = ords.iter();
                        // Resolving the ordinals in one sorted sweep decodes each dictionary
                        // block once; looking them up one by one decoded a block per value.
                        let resolved = column.dictionary().sorted_ords_to_term_cb(&ords, |bytes| {
                            if let Some(&ord) = found.next() {
                                let value = String::from_utf8_lossy(bytes).into_owned();
                                entries.push((value, u64::from(counts[ord as usize])));
                            }
                        });
                        if let Err(error) = resolved {
                            tracing::error!(%error, "facet values could not be read");
                        }
                    }
                    // the sweep yields the values in order, which a BTreeMap builds from in
                    // one go
                    GroupCounts::Terms(entries.into_iter().collect())
                }
                SegmentGroup::Flag { count, .. } => GroupCounts::Flag(count),
                // replaced by the caller
                SegmentGroup::FromBase => GroupCounts::Flag(0),
            })
            .collect();
        SegmentFruit {
            earliest_expiry: self.earliest_expiry,
            hits: self.heap.into_iter().map(|w| w.0).collect(),
            total: self.total,
            counts,
            salary: self.salary_acc,
        }
    }
}
