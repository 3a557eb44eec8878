//! The matching of saved searches on tantivy: which of a few new vacancies each of many queries
//! would list.
//!
//! The vacancies go into an index of their own in memory, built with the live index's schema
//! and the same document code ([`VacancySchema::document`]), and every query runs there through
//! the search's own text query and collector ([`VacancySchema::matching`]), keeping only which
//! documents are hits. Whether a query lists a document depends on that document alone (its
//! words, the terms its words share a stem with, its codes, flags, salary and end), never on the
//! other documents of the index, so the small index gives the same answer for them as the live
//! one, at the cost of the new vacancies' size instead of the whole corpus'.
//!
//! Before a query is built, its words are looked up in the new vacancies' words
//! ([`Vocabulary`]): a query one of whose words matches none of them, in any of the ways the
//! text query matches a word, lists none of them and is not run. Most saved searches with words
//! end there; the query decides every other one, its words and its filters each run once for all
//! the queries that share them ([`MatchIndex::run`]).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use chrono::{DateTime, Utc};

use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocSet, Index, IndexWriter, ReloadPolicy, Searcher, TERMINATED, TantivyDocument};
use uuid::Uuid;

use super::analysis;
use super::bits::DocBits;
use super::tables::TableCache;
use super::text_query::Vocabulary;
use super::vacancies::VacancySchema;
use crate::Result;
use crate::model::{VacancyDoc, VacancyQuery};

/// The writer's memory for the small index (tantivy's least is 15 MB a thread); a day's new
/// vacancies fit in a segment or a few.
const WRITER_BYTES: usize = 64 * 1024 * 1024;
/// Below this many queries per thread, a thread of its own costs more than it saves.
const QUERIES_PER_THREAD: usize = 256;

/// The new vacancies indexed in memory, and the vacancy id of each document.
struct MatchIndex {
    searcher: Searcher,
    /// The vacancy id of each document, by its place among all segments' documents (a segment's
    /// documents start at its entry of `offsets`).
    ids: Vec<Uuid>,
    offsets: Vec<usize>,
    tables: Arc<TableCache>,
    /// The field of the vacancies' words, which [`Vocabulary`] reads.
    text: Field,
    /// The words of the new vacancies: a query with a word none of them has is not run. Built on
    /// the first query with words ([`MatchIndex::vocabulary`]): a run of filters alone (most of
    /// the daily chunks) never needs it.
    vocabulary: OnceLock<Vocabulary>,
}

impl MatchIndex {
    fn build(schema: &VacancySchema, docs: &[VacancyDoc]) -> Result<MatchIndex> {
        let index = Index::create_in_ram(schema.schema.clone());
        analysis::register(index.tokenizers());
        let mut writer: IndexWriter<TantivyDocument> =
            index.writer_with_num_threads(1, WRITER_BYTES)?;
        for doc in docs {
            // a vacancy given twice is indexed once, as the live index keeps it
            writer.delete_term(schema.id_term(&doc.card.vacancy_id));
            writer.add_document(schema.document(doc)?)?;
        }
        writer.commit()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let searcher = reader.searcher();
        let field = schema.id_field();
        let mut ids = Vec::new();
        let mut offsets = Vec::with_capacity(searcher.segment_readers().len());
        for segment in searcher.segment_readers() {
            offsets.push(ids.len());
            let mut segment_ids = vec![Uuid::nil(); segment.max_doc() as usize];
            let inverted = segment.inverted_index(field)?;
            let mut terms = inverted.terms().stream()?;
            while terms.advance() {
                let id = Uuid::from_slice(terms.key())
                    .map_err(|_| crate::SearchError::Task("a vacancy id of another length".to_owned()))?;
                let mut postings =
                    inverted.read_postings_from_terminfo(terms.value(), IndexRecordOption::Basic)?;
                while postings.doc() != TERMINATED {
                    segment_ids[postings.doc() as usize] = id;
                    postings.advance();
                }
            }
            ids.extend(segment_ids);
        }
        Ok(MatchIndex {
            text: schema.text,
            vocabulary: OnceLock::new(),
            searcher,
            ids,
            offsets,
            tables: Arc::new(TableCache::new()),
        })
    }

    /// The new vacancies' words, built on first use (two threads meeting here may both build
    /// it; one is kept, both are equal).
    fn vocabulary(&self) -> Result<&Vocabulary> {
        if let Some(vocabulary) = self.vocabulary.get() {
            return Ok(vocabulary);
        }
        let built = Vocabulary::of(&self.searcher, self.text)?;
        Ok(self.vocabulary.get_or_init(|| built))
    }

    /// The documents the search lists for `query`, by place.
    fn hits(&self, schema: &VacancySchema, query: &VacancyQuery) -> Result<DocBits> {
        let mut bits = DocBits::zeros(self.places());
        for address in schema.matching(&self.searcher, query, &self.tables)? {
            bits.insert((self.offsets[address.segment_ord as usize] + address.doc_id as usize) as u32);
        }
        Ok(bits)
    }

    /// The documents of all segments.
    fn places(&self) -> u32 {
        self.ids.len() as u32
    }

    /// Each query's hits. A query lists what both its words and its filters list (the search's
    /// conjunction, unscored here), so each distinct text and each distinct filter among the
    /// queries is run once, alone, and a query's hits are where the two meet: many saved searches
    /// share their words with others of other filters, and their filters with others of other
    /// words. Words are looked at first: words none of the vacancies could match
    /// ([`Vocabulary`]), or that the search finds in none of them, end the query before its
    /// filter is run.
    fn run(&self, schema: &VacancySchema, queries: &[VacancyQuery]) -> Result<Vec<Vec<Uuid>>> {
        // `None`: the words list no vacancy
        let mut texts: HashMap<(&str, DateTime<Utc>), Option<DocBits>> = HashMap::new();
        let mut filters: HashMap<FilterKey<'_>, DocBits> = HashMap::new();
        let mut both = DocBits::zeros(self.places());
        let mut answers = Vec::with_capacity(queries.len());
        for query in queries {
            let words = match query.text.as_deref() {
                Some(text) => {
                    let key = (text, query.now);
                    if !texts.contains_key(&key) {
                        let hits = if self.vocabulary()?.could_match(Some(text)) {
                            let alone = VacancyQuery { text: Some(text.to_owned()), now: query.now, ..VacancyQuery::default() };
                            Some(self.hits(schema, &alone)?).filter(|hits| !hits.is_empty())
                        } else {
                            None
                        };
                        texts.insert(key, hits);
                    }
                    match &texts[&key] {
                        Some(hits) => Some(hits),
                        None => {
                            answers.push(Vec::new());
                            continue;
                        }
                    }
                }
                None => None,
            };
            let key = FilterKey::of(query);
            if !filters.contains_key(&key) {
                let alone = VacancyQuery { text: None, page: 0, size: 0, ..query.clone() };
                filters.insert(key.clone(), self.hits(schema, &alone)?);
            }
            let filtered = &filters[&key];
            answers.push(match words {
                Some(words) => {
                    both.copy_from(filtered);
                    both.intersect(words);
                    self.listed(&both)
                }
                None => self.listed(filtered),
            });
        }
        Ok(answers)
    }

    fn listed(&self, bits: &DocBits) -> Vec<Uuid> {
        bits.iter().map(|place| self.ids[place as usize]).collect()
    }
}

/// Everything of a query but its words, page and size: equal keys, equal filters. Spelled out
/// field by field so that a new field of [`VacancyQuery`] does not compile until it is here.
#[derive(Clone, PartialEq, Eq, Hash)]
struct FilterKey<'a> {
    codes: [&'a [String]; 6],
    salary: (Option<u64>, Option<u64>, Option<&'a str>, bool, bool),
    flags: [bool; 7],
    now: DateTime<Utc>,
}

impl<'a> FilterKey<'a> {
    fn of(query: &'a VacancyQuery) -> FilterKey<'a> {
        let VacancyQuery {
            text: _,
            category_codes,
            place_codes,
            employment_types,
            work_experiences,
            language_codes,
            business_names,
            salary_from,
            salary_to,
            salary_period,
            salary_by_agreement,
            salary_stated,
            flags,
            page: _,
            size: _,
            now,
        } = query;
        let crate::model::VacancyFlags {
            for_students,
            for_underage,
            for_disabled,
            for_retired,
            for_foreigners,
            remote_work,
            shift_work,
        } = flags;
        FilterKey {
            codes: [category_codes, place_codes, employment_types, work_experiences, language_codes, business_names],
            salary: (
                salary_from.map(f64::to_bits),
                salary_to.map(f64::to_bits),
                salary_period.as_deref(),
                *salary_by_agreement,
                *salary_stated,
            ),
            flags: [*for_students, *for_underage, *for_disabled, *for_retired, *for_foreigners, *remote_work, *shift_work],
            now: *now,
        }
    }
}

/// For each query, the ids among `docs` that the search would list; see
/// [`crate::SearchEngine::match_vacancies`]. Large query sets are split over the cores.
pub(crate) fn match_vacancies(
    schema: &VacancySchema,
    docs: &[VacancyDoc],
    queries: &[VacancyQuery],
) -> Result<Vec<Vec<Uuid>>> {
    if docs.is_empty() || queries.is_empty() {
        return Ok(vec![Vec::new(); queries.len()]);
    }
    let index = MatchIndex::build(schema, docs)?;
    let threads = std::thread::available_parallelism()
        .map_or(1, |cores| cores.get())
        .min(queries.len().div_ceil(QUERIES_PER_THREAD));
    if threads <= 1 {
        return index.run(schema, queries);
    }
    let chunk = queries.len().div_ceil(threads);
    let index = &index;
    std::thread::scope(|scope| {
        let running: Vec<_> = queries
            .chunks(chunk)
            .map(|part| scope.spawn(move || index.run(schema, part)))
            .collect();
        let mut matched = Vec::with_capacity(queries.len());
        for thread in running {
            let part = thread
                .join()
                .map_err(|_| crate::SearchError::Task("a matching thread panicked".to_owned()))??;
            matched.extend(part);
        }
        Ok(matched)
    })
}
