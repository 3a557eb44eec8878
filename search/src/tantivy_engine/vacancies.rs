//! The vacancy index: its schema, how a [`VacancyDoc`] is laid out in it, and the search.
//!
//! The tantivy query holds the words (or matches everything) and, when they are selective, the
//! facet filters; validity, the salary filter and the exact group checks are the collector's
//! (see the collector module).

use std::collections::{BTreeMap, HashMap};
use std::ops::Bound;
use std::sync::Arc;
use std::time::Instant;

use chrono::{DateTime, Utc};
use tantivy::collector::Collector;
use tantivy::query::{
    AllQuery, BooleanQuery, ConstScoreQuery, EnableScoring, Occur, Query, RangeQuery,
};
use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing,
    TextOptions, Value,
};
use tantivy::{DocAddress, Searcher, TantivyDocument, Term};
use uuid::Uuid;

use super::analysis;
use super::cache::{ResultCache, SegmentBaseCache};
use super::kept::{KeptPerSegment, Weigh};
use super::collector::{
    self, BaseCounts, Collected, DocFilter, FLAG_NAMES_FIELD, FacetedCollector, Group, GroupCounts,
    Ranking, SalaryColumns, SegmentBase, SegmentKey,
};
use super::tables::TableCache;
use super::text_query;
use crate::model::{
    BUSINESS_NAME_FACET_LIMIT, EmployerNameQuery, EmployerNames, VacancyCard, VacancyDoc,
    VacancyFacets, VacancyFlags, VacancyHit, VacancyQuery, VacancyResults,
};
use crate::{Result, SearchError, employers};

/// Bits of the `flags` fast field, and their names in the `flag_names` field.
/// The vacancies' cards, parsed, by segment and document, at most 32 MiB. A search's page of
/// hits read each card from the segment's store (an lz4 block decompressed) and parsed its
/// JSON: 8 % of the machine in `bench http --scenarios long-tail` (perf, 2026-12-02), where the
/// first pages of the searches people make list far fewer vacancies than the index holds.
static CARDS: KeptPerSegment<tantivy::DocId, KeptCard> = KeptPerSegment::new(32 << 20);

struct KeptCard {
    card: VacancyCard,
    /// The length of the card's stored JSON, about what its parsed strings hold.
    bytes: usize,
}

impl Weigh for KeptCard {
    fn weigh(&self) -> usize {
        std::mem::size_of::<Self>() + self.bytes
    }
}

const FOR_STUDENTS: u32 = 0;
const FOR_UNDERAGE: u32 = 1;
const FOR_DISABLED: u32 = 2;
const FOR_RETIRED: u32 = 3;
const FOR_FOREIGNERS: u32 = 4;
const REMOTE_WORK: u32 = 5;
const SHIFT_WORK: u32 = 6;
const BY_AGREEMENT: u32 = 7;
const SALARY_STATED: u32 = 8;
const FLAG_NAMES: [&str; collector::FLAG_BITS as usize] = [
    "for_students",
    "for_underage",
    "for_disabled",
    "for_retired",
    "for_foreigners",
    "remote_work",
    "shift_work",
    "by_agreement",
    "salary_stated",
];

#[derive(Clone)]
pub(crate) struct VacancySchema {
    pub schema: Schema,
    id: Field,
    pub card: Field,
    pub text: Field,
    pub categories: Field,
    pub places: Field,
    pub employment_type: Field,
    pub work_experience: Field,
    pub languages: Field,
    pub licences: Field,
    business_name: Field,
    company: Field,
    flags: Field,
    flag_names: Field,
    pro_level: Field,
    renewed_at: Field,
    tie: Field,
    valid_until: Field,
    salary_low: Field,
    salary_high: Field,
    salary_period: Field,
}

pub(crate) fn text_options(analyzer: &str) -> TextOptions {
    TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(analyzer)
            .set_index_option(IndexRecordOption::WithFreqs),
    )
}

/// The one field every searchable text of a document goes into (see the analysis module).
pub(crate) fn text_field(builder: &mut tantivy::schema::SchemaBuilder) -> Field {
    builder.add_text_field("text", text_options(analysis::RAW))
}

/// A stable tie-breaker for ranking: the id's first 8 bytes (random in a v4 uuid).
pub(crate) fn tie_breaker(id: &Uuid) -> u64 {
    let bytes = id.as_bytes();
    u64::from_be_bytes(bytes[..8].try_into().expect("a uuid has 16 bytes"))
}

/// Microseconds since the epoch, the representation of instants in fast fields.
pub(crate) fn micros(instant: DateTime<Utc>) -> i64 {
    instant.timestamp_micros()
}

/// Sorted and deduplicated, because the collector counts each stored value once.
pub(crate) fn distinct(values: &[String]) -> Vec<&str> {
    let mut values: Vec<&str> = values.iter().map(String::as_str).collect();
    values.sort_unstable();
    values.dedup();
    values
}

impl VacancySchema {
    pub fn new() -> VacancySchema {
        let mut builder = Schema::builder();
        // the uuid's 16 bytes: a shorter term than its text, for the term dictionary and deletes
        let id = builder.add_bytes_field("id", INDEXED);
        let card = builder.add_text_field("card", STORED);
        let text = text_field(&mut builder);
        let facet = STRING | FAST;
        VacancySchema {
            id,
            card,
            text,
            categories: builder.add_text_field("category_codes", facet.clone()),
            places: builder.add_text_field("place_codes", facet.clone()),
            employment_type: builder.add_text_field("employment_type", facet.clone()),
            work_experience: builder.add_text_field("work_experience", facet.clone()),
            languages: builder.add_text_field("language_codes", facet.clone()),
            licences: builder.add_text_field("driver_licences", facet.clone()),
            business_name: builder.add_text_field("business_name", facet.clone()),
            company: builder.add_text_field("company", facet),
            flags: builder.add_u64_field(collector::FLAGS_COLUMN, FAST),
            flag_names: builder.add_text_field(FLAG_NAMES_FIELD, STRING),
            pro_level: builder.add_u64_field("pro_level", FAST),
            renewed_at: builder.add_i64_field("renewed_at", FAST),
            tie: builder.add_u64_field("tie", FAST),
            // fast only: the collector reads them from columns, and a range query over a fast
            // field reads the column too (indexing them gave every document terms of its own)
            valid_until: builder.add_i64_field("valid_until", FAST),
            salary_low: builder.add_f64_field("salary_low", FAST),
            salary_high: builder.add_f64_field("salary_high", FAST),
            salary_period: builder.add_text_field("salary_period", STRING),
            schema: builder.build(),
        }
    }

    pub fn id_term(&self, id: &Uuid) -> Term {
        Term::from_field_bytes(self.id, id.as_bytes())
    }

    /// The indexed field of the id's bytes.
    pub fn id_field(&self) -> Field {
        self.id
    }

    pub fn document(&self, doc: &VacancyDoc) -> Result<TantivyDocument> {
        let card = &doc.card;
        let mut out = TantivyDocument::new();
        out.add_bytes(self.id, card.vacancy_id.as_bytes());
        out.add_text(self.card, serde_json::to_string(card)?);
        for text in [
            &doc.text.et,
            &doc.text.en,
            &doc.text.ru,
            &card.business_name,
        ] {
            out.add_text(self.text, text);
        }
        for (field, values) in [
            (self.categories, &doc.category_codes),
            (self.places, &doc.place_codes),
            (self.languages, &doc.language_codes),
            (self.licences, &doc.driver_licences),
        ] {
            for value in distinct(values) {
                out.add_text(field, value);
            }
        }
        for (field, value) in [
            (self.employment_type, &doc.employment_type),
            (self.work_experience, &doc.work_experience),
        ] {
            if let Some(value) = value {
                out.add_text(field, value);
            }
        }
        out.add_text(self.business_name, &card.business_name);
        out.add_text(
            self.company,
            employers::company_key(
                &card.company_country_code,
                &card.company_registry_code,
                &card.business_name,
            ),
        );
        let flags = flag_bits(card);
        out.add_u64(self.flags, flags);
        for (bit, name) in FLAG_NAMES.iter().enumerate() {
            if flags & 1 << bit != 0 {
                out.add_text(self.flag_names, name);
            }
        }
        out.add_u64(self.pro_level, u64::from(card.pro_level));
        out.add_i64(
            self.renewed_at,
            card.renewed_at.or(card.publish_at).map_or(i64::MIN, micros),
        );
        out.add_u64(self.tie, tie_breaker(&card.vacancy_id));
        out.add_i64(self.valid_until, card.valid_until.map_or(i64::MAX, micros));
        let low = card.salary_from.or(card.salary_to);
        let high = card.salary_to.or(card.salary_from);
        if let (Some(low), Some(high)) = (low, high) {
            out.add_f64(self.salary_low, low);
            out.add_f64(self.salary_high, high);
        }
        if let Some(period) = &card.salary_period {
            out.add_text(self.salary_period, period);
        }
        Ok(out)
    }

    /// The text part of a query (validity, salary and the groups are checked by the
    /// collector), and whether it is scored.
    fn base_query(
        &self,
        query: &VacancyQuery,
        searcher: &Searcher,
    ) -> Result<(Box<dyn Query>, bool)> {
        Ok(
            match text_query::build(query.text.as_deref(), self.text, searcher)? {
                Some(text) => (text, true),
                None => (Box::new(AllQuery), false),
            },
        )
    }

    /// The card stored with the vacancy at `address`, parsed once and kept ([`CARDS`]).
    pub(crate) fn card_of(&self, searcher: &Searcher, address: DocAddress) -> Result<VacancyCard> {
        let segment = searcher.segment_reader(address.segment_ord);
        let kept = CARDS.get_or(segment, address.doc_id, || -> Result<KeptCard> {
            let doc: TantivyDocument = searcher.doc(address)?;
            let stored = doc
                .get_first(self.card)
                .and_then(|value| value.as_str())
                .ok_or_else(|| SearchError::Task("a vacancy without its stored card".to_owned()))?;
            Ok(KeptCard { card: serde_json::from_str(stored)?, bytes: stored.len() })
        })?;
        Ok(kept.card.clone())
    }

    pub fn search(
        &self,
        searcher: &Searcher,
        serial: u64,
        query: &VacancyQuery,
        cache: &ResultCache,
        bases: &SegmentBaseCache,
        tables: &Arc<TableCache>,
    ) -> Result<VacancyResults> {
        let started = Instant::now();
        let offset = (query.page as usize).saturating_mul(query.size as usize);
        let top = offset.saturating_add(query.size as usize);
        let key = serde_json::to_string(&VacancyQuery {
            page: 0,
            size: 0,
            now: DateTime::UNIX_EPOCH,
            ..query.clone()
        })?;
        let version = (serial, searcher.generation().generation_id());
        let now = micros(query.now);
        let collected = match cache.get(&key, version, now, top) {
            Some(collected) => collected,
            None => {
                let collected = Arc::new(self.collect(searcher, query, top, bases, tables)?);
                cache.put(key, version, now, collected.clone());
                collected
            }
        };
        let mut hits = Vec::new();
        for hit in collected.hits.iter().skip(offset).take(query.size as usize) {
            hits.push(VacancyHit {
                card: self.card_of(searcher, hit.address)?,
                score: collected.scored.then_some(hit.score),
            });
        }
        // nothing expires: the results hold until the index changes
        let fresh_until = DateTime::from_timestamp_micros(collected.earliest_expiry)
            .or(Some(DateTime::<Utc>::MAX_UTC));
        // the counts can hold a value per company: move them out unless the cache shares them
        let (mut counts, salary, total) = match Arc::try_unwrap(collected) {
            Ok(collected) => (
                collected.counts.into_iter(),
                collected.salary,
                collected.total,
            ),
            Err(shared) => (
                shared.counts.clone().into_iter(),
                shared.salary.clone(),
                shared.total,
            ),
        };
        let mut next_terms = || match counts.next() {
            Some(GroupCounts::Terms(map)) => map,
            _ => BTreeMap::new(),
        };
        let category_codes = next_terms();
        let place_codes = next_terms();
        let employment_types = next_terms();
        let work_experiences = next_terms();
        let language_codes = next_terms();
        let business_names = next_terms();
        let mut next_flag = || match counts.next() {
            Some(GroupCounts::Flag(count)) => count,
            _ => 0,
        };
        let facets = VacancyFacets {
            category_codes,
            place_codes,
            employment_types,
            work_experiences,
            language_codes,
            business_names,
            salary_by_agreement: next_flag(),
            flags: VacancyFlags {
                for_students: next_flag(),
                for_underage: next_flag(),
                for_disabled: next_flag(),
                for_retired: next_flag(),
                for_foreigners: next_flag(),
                remote_work: next_flag(),
                shift_work: next_flag(),
            },
            salary_stated: next_flag(),
        };
        Ok(VacancyResults {
            hits,
            total,
            total_pages: total_pages(total, query.size),
            facets,
            salary,
            took_ms: started.elapsed().as_millis() as u64,
            fresh_until,
        })
    }

    /// Every document of `searcher` that [`Self::search`] would list for `query` on any page,
    /// decided by the same text query and collector rules, without counts or stats.
    pub fn matching(
        &self,
        searcher: &Searcher,
        query: &VacancyQuery,
        tables: &Arc<TableCache>,
    ) -> Result<Vec<tantivy::DocAddress>> {
        let top = searcher.num_docs() as usize;
        if top == 0 {
            return Ok(Vec::new());
        }
        let (tantivy_query, has_text) = self.base_query(query, searcher)?;
        // unscored: the order of the hits does not matter here
        let mut collector = self.collector(query, top, false, tables);
        collector.counting = false;
        // a query with words is run as it is (`with_candidates` would take an unscored one for
        // a query matching everything)
        let tantivy_query = if has_text {
            tantivy_query
        } else {
            with_candidates(tantivy_query, &mut collector, searcher, false)?
        };
        let collected = searcher.search(tantivy_query.as_ref(), &collector)?;
        Ok(collected.hits.into_iter().map(|hit| hit.address).collect())
    }

    /// Runs the query: hits up to `top`, facet counts, salary stats, earliest expiry.
    fn collect(
        &self,
        searcher: &Searcher,
        query: &VacancyQuery,
        top: usize,
        bases: &SegmentBaseCache,
        tables: &Arc<TableCache>,
    ) -> Result<Collected> {
        let (tantivy_query, scored) = self.base_query(query, searcher)?;
        let mut collector = self.collector(query, top, scored, tables);
        let active: Vec<usize> = (0..collector.groups.len())
            .filter(|&index| collector.groups[index].filters())
            .collect();
        let validity_only = !scored
            && query.salary_from.is_none()
            && query.salary_to.is_none()
            && query.salary_period.is_none();
        if validity_only && active.len() <= 1 {
            let segments =
                self.segment_bases(searcher, tantivy_query.as_ref(), query, bases, tables)?;
            let group = active.first().copied();
            let mut group_in_query = false;
            let mut tantivy_query = tantivy_query;
            if let Some(index) = group {
                let (frequency, filter) =
                    collector::group_filter(&collector.groups[index], searcher)?.ok_or(
                        SearchError::Misuse("an active facet group without a filter"),
                    )?;
                if collector::selective(frequency, searcher) {
                    group_in_query = true;
                    tantivy_query = Box::new(BooleanQuery::new(vec![
                        (Occur::Must, tantivy_query),
                        (Occur::Must, Box::new(ConstScoreQuery::new(filter, 0.0))),
                    ]));
                } else {
                    collector.dense = true;
                }
            } else {
                collector.walk = true;
            }
            collector.base = Some(BaseCounts {
                segments,
                group,
                group_in_query,
            });
            return Ok(searcher.search(tantivy_query.as_ref(), &collector)?);
        }
        let tantivy_query = with_candidates(tantivy_query, &mut collector, searcher, scored)?;
        Ok(searcher.search(tantivy_query.as_ref(), &collector)?)
    }

    /// The base counts of every segment of `searcher` for `query.now`, from the cache or
    /// counted now (`base_query` must match everything).
    fn segment_bases(
        &self,
        searcher: &Searcher,
        base_query: &dyn Query,
        query: &VacancyQuery,
        bases: &SegmentBaseCache,
        tables: &Arc<TableCache>,
    ) -> Result<HashMap<SegmentKey, Arc<SegmentBase>>> {
        let now = micros(query.now);
        let counting = self.collector(
            &VacancyQuery {
                now: query.now,
                ..VacancyQuery::default()
            },
            0,
            false,
            tables,
        );
        let mut weight = None;
        let mut segments = HashMap::new();
        for (ordinal, reader) in searcher.segment_readers().iter().enumerate() {
            let key = collector::segment_key(reader);
            let entry = match bases.get(&key, now) {
                Some(entry) => entry,
                None => {
                    if weight.is_none() {
                        weight = Some(
                            base_query.weight(EnableScoring::disabled_from_searcher(searcher))?,
                        );
                    }
                    let weight = weight.as_deref().expect("set above");
                    let fruit = counting.collect_segment(weight, ordinal as u32, reader)?;
                    bases.put(key, now, fruit)
                }
            };
            segments.insert(key, entry);
        }
        Ok(segments)
    }

    /// The collector of `query`'s page (`top` hits) and counts.
    fn collector(
        &self,
        query: &VacancyQuery,
        top: usize,
        scored: bool,
        tables: &Arc<TableCache>,
    ) -> FacetedCollector {
        let flags = &query.flags;
        let groups = vec![
            terms("category_codes", &query.category_codes),
            terms("place_codes", &query.place_codes),
            terms("employment_type", &query.employment_types),
            terms("work_experience", &query.work_experiences),
            terms("language_codes", &query.language_codes),
            Group::Terms {
                column: "business_name",
                selected: query.business_names.clone(),
                limit: Some(BUSINESS_NAME_FACET_LIMIT),
            },
            flag(BY_AGREEMENT, query.salary_by_agreement),
            flag(FOR_STUDENTS, flags.for_students),
            flag(FOR_UNDERAGE, flags.for_underage),
            flag(FOR_DISABLED, flags.for_disabled),
            flag(FOR_RETIRED, flags.for_retired),
            flag(FOR_FOREIGNERS, flags.for_foreigners),
            flag(REMOTE_WORK, flags.remote_work),
            flag(SHIFT_WORK, flags.shift_work),
            flag(SALARY_STATED, query.salary_stated),
        ];
        let ranking = Ranking {
            primary: Some("pro_level"),
            secondary: "renewed_at",
            tie: "tie",
        };
        FacetedCollector {
            expiry: Some("valid_until"),
            salary: Some(SalaryColumns {
                low: "salary_low",
                high: "salary_high",
                period: "salary_period",
            }),
            filter: DocFilter {
                valid_at: Some(micros(query.now)),
                salary_from: query.salary_from,
                salary_to: query.salary_to,
                equals: query
                    .salary_period
                    .clone()
                    .map(|period| ("salary_period", period)),
            },
            ..FacetedCollector::new(tables, groups, ranking, top, scored)
        }
    }
}

impl VacancySchema {
    /// Companies with active vacancies, from the `company` facet ("country/registry/name").
    pub fn employer_names(
        &self,
        searcher: &Searcher,
        query: &EmployerNameQuery,
        tables: &Arc<TableCache>,
    ) -> Result<EmployerNames> {
        let collector = FacetedCollector::new(
            tables,
            vec![terms("company", &[])],
            Ranking {
                primary: None,
                secondary: "renewed_at",
                tie: "tie",
            },
            0,
            false,
        );
        let valid = RangeQuery::new(
            Bound::Included(Term::from_field_i64(self.valid_until, micros(query.now))),
            Bound::Unbounded,
        );
        let collected = searcher.search(&valid, &collector)?;
        let companies = match collected.counts.into_iter().next() {
            Some(GroupCounts::Terms(companies)) => companies,
            _ => BTreeMap::new(),
        };
        Ok(employers::page(companies, query))
    }
}

fn flag(bit: u32, required: bool) -> Group {
    Group::Flag {
        bit,
        name: FLAG_NAMES[bit as usize],
        required,
    }
}

/// Narrows `query` to the documents the collector can count (see [`collector::candidates`]);
/// not a query with words, whose matches are few enough already. A query without words that
/// cannot be narrowed makes every document a candidate: the collector then counts by sets
/// ([`FacetedCollector::dense`]).
pub(crate) fn with_candidates(
    query: Box<dyn Query>,
    collector: &mut FacetedCollector,
    searcher: &Searcher,
    scored: bool,
) -> Result<Box<dyn Query>> {
    if scored {
        return Ok(query);
    }
    Ok(match collector::candidates(&collector.groups, searcher)? {
        Some(candidates) => Box::new(BooleanQuery::new(vec![
            (Occur::Must, query),
            (Occur::Must, Box::new(ConstScoreQuery::new(candidates, 0.0))),
        ])),
        None => {
            collector.dense = true;
            query
        }
    })
}

pub(crate) fn terms(column: &'static str, selected: &[String]) -> Group {
    Group::Terms {
        column,
        selected: selected.to_vec(),
        limit: None,
    }
}

pub(crate) fn total_pages(total: u64, size: u32) -> u32 {
    if size == 0 {
        return 0;
    }
    u32::try_from(total.div_ceil(u64::from(size))).unwrap_or(u32::MAX)
}

fn flag_bits(card: &VacancyCard) -> u64 {
    let flags = &card.flags;
    [
        (flags.for_students, FOR_STUDENTS),
        (flags.for_underage, FOR_UNDERAGE),
        (flags.for_disabled, FOR_DISABLED),
        (flags.for_retired, FOR_RETIRED),
        (flags.for_foreigners, FOR_FOREIGNERS),
        (flags.remote_work, REMOTE_WORK),
        (flags.shift_work, SHIFT_WORK),
        (card.by_agreement, BY_AGREEMENT),
        (card.states_pay(), SALARY_STATED),
    ]
    .into_iter()
    .filter(|(set, _)| *set)
    .fold(0, |bits, (_, bit)| bits | 1 << bit)
}
