//! Recommendations on tantivy: a [`MatchProfile`] becomes one boolean query over an index,
//! ranked by the faceted collector (which also keeps only live vacancies), and the hits' reasons
//! are read back from the column tables and the postings of the profile's words.
//!
//! The query: `must` (any shared category, or any characteristic word) and `should` every other
//! shared field, each a constant score ([`weights`]); the words score BM25 over the text field,
//! boosted by their weight. Words are chosen as tantivy's `MoreLikeThisQuery` (Lucene's
//! MoreLikeThis) chooses them — term frequency in the profile times the index's idf, the
//! `MAX_WORDS` best — but here, because the reasons name the shared words and a CV outside the
//! index (a candidate's hidden CV) is scored with the very same terms by [`score_cv`].

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use chrono::{DateTime, Utc};
use tantivy::fieldnorm::FieldNormReader;
use tantivy::query::{
    BooleanQuery, Bm25Weight, BoostQuery, ConstScoreQuery, Occur, Query, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption, Value};
use tantivy::tokenizer::{TextAnalyzer, TokenStream};
use tantivy::{DocAddress, DocSet, Searcher, TantivyDocument, Term};

use super::analysis::FoldedWords;
use super::collector::{DocFilter, FacetedCollector, RankedHit, Ranking};
use super::cvs::CvSchema;
use super::tables::TableCache;
use super::vacancies::{VacancySchema, micros};
use crate::model::{CvCard, CvDoc, VacancyCard, VacancyHit};
use crate::recommend::{
    CvMatchQuery, CvMatches, MatchProfile, MatchedCv, Reason, ReasonKind, SimilarVacancyQuery,
    weights,
};
use crate::{Result, SearchError};

/// The fields of one index a profile is matched on: (indexed field, its column's name).
pub(crate) struct MatchFields {
    pub text: Field,
    pub categories: (Field, &'static str),
    pub places: (Field, &'static str),
    pub employment_types: (Field, &'static str),
    pub experience: (Field, &'static str),
    pub languages: (Field, &'static str),
    pub licences: (Field, &'static str),
}

/// One characteristic word of a profile's text.
#[derive(Debug, Clone)]
pub(crate) struct Word {
    pub term: Term,
    pub text: String,
    /// Relative to the most characteristic word (1.0).
    pub weight: f32,
}

/// A profile as a query over one index.
pub(crate) struct ProfileQuery {
    pub query: Box<dyn Query>,
    pub words: Vec<Word>,
}

fn distinct(values: &[String]) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for value in values {
        if !out.contains(&value.as_str()) {
            out.push(value);
        }
    }
    out
}

/// Tantivy's BM25 idf, the one MoreLikeThis ranks words by.
fn idf(doc_freq: u64, docs: u64) -> f32 {
    let x = (docs.saturating_sub(doc_freq) as f32 + 0.5) / (doc_freq as f32 + 0.5);
    (1.0 + x).ln()
}

/// The words of `text` as the index holds them, with how often each occurs.
fn word_counts(text: &str) -> HashMap<String, u32> {
    let mut analyzer = TextAnalyzer::from(FoldedWords::default());
    let mut stream = analyzer.token_stream(text);
    let mut counts: HashMap<String, u32> = HashMap::new();
    while stream.advance() {
        *counts.entry(stream.token().text.clone()).or_default() += 1;
    }
    counts
}

/// The [`weights::MAX_WORDS`] most characteristic words of `text` for the index of `searcher`:
/// frequent in the text, rare in the index (and in it at all), ties by the word.
pub(crate) fn characteristic_words(text: &str, field: Field, searcher: &Searcher) -> Result<Vec<Word>> {
    let docs = searcher.num_docs();
    if docs == 0 {
        return Ok(Vec::new());
    }
    let max_doc_freq = ((docs as f64 * weights::MAX_WORD_SHARE) as u64).max(3);
    let mut scored: Vec<(f32, String, Term)> = Vec::new();
    for (word, count) in word_counts(text) {
        if word.chars().count() < weights::MIN_WORD_CHARS || word.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let term = Term::from_field_text(field, &word);
        let doc_freq = searcher.doc_freq(&term)?;
        if doc_freq == 0 || doc_freq > max_doc_freq {
            continue;
        }
        scored.push((count as f32 * idf(doc_freq, docs), word, term));
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    scored.truncate(weights::MAX_WORDS);
    let best = scored.first().map_or(1.0, |(score, ..)| *score);
    Ok(scored
        .into_iter()
        .map(|(score, text, term)| Word { term, text, weight: score / best })
        .collect())
}

/// A clause scoring `weight` for a document with any of `codes` in `field`.
fn any_of(field: Field, codes: &[&str], weight: f32) -> Option<Box<dyn Query>> {
    if codes.is_empty() {
        return None;
    }
    let terms: Vec<Box<dyn Query>> = codes
        .iter()
        .map(|code| {
            Box::new(TermQuery::new(Term::from_field_text(field, code), IndexRecordOption::Basic)) as Box<dyn Query>
        })
        .collect();
    Some(Box::new(ConstScoreQuery::new(Box::new(BooleanQuery::union(terms)), weight)))
}

/// The query of `profile` over the index of `searcher`, without the documents `exclude` (id
/// terms); `None` when the profile has neither a category nor a word the index knows, so nothing
/// can share its core.
pub(crate) fn profile_query(
    profile: &MatchProfile,
    fields: &MatchFields,
    searcher: &Searcher,
    exclude: Vec<Term>,
) -> Result<Option<ProfileQuery>> {
    let words = characteristic_words(&profile.text, fields.text, searcher)?;
    let mut core: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    if let Some(categories) = any_of(fields.categories.0, &distinct(&profile.category_codes), weights::CATEGORY) {
        core.push((Occur::Should, categories));
    }
    for word in &words {
        core.push((
            Occur::Should,
            Box::new(BoostQuery::new(
                Box::new(TermQuery::new(word.term.clone(), IndexRecordOption::WithFreqs)),
                weights::WORDS * word.weight,
            )),
        ));
    }
    if core.is_empty() {
        return Ok(None);
    }
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, Box::new(BooleanQuery::new(core)))];
    for place in distinct(&profile.place_codes) {
        clauses.extend(any_of(fields.places.0, &[place], weights::PLACE).map(|q| (Occur::Should, q)));
    }
    for language in distinct(&profile.language_codes) {
        clauses.extend(any_of(fields.languages.0, &[language], weights::LANGUAGE).map(|q| (Occur::Should, q)));
    }
    for (field, codes, weight) in [
        (fields.employment_types.0, &profile.employment_types, weights::EMPLOYMENT_TYPE),
        (fields.experience.0, &profile.experience_codes, weights::EXPERIENCE),
        (fields.licences.0, &profile.driver_licences, weights::LICENCE),
    ] {
        clauses.extend(any_of(field, &distinct(codes), weight).map(|q| (Occur::Should, q)));
    }
    for id in exclude {
        clauses.push((Occur::MustNot, Box::new(TermQuery::new(id, IndexRecordOption::Basic))));
    }
    Ok(Some(ProfileQuery { query: Box::new(BooleanQuery::new(clauses)), words }))
}

fn as_strs(values: &[String]) -> Vec<&str> {
    values.iter().map(String::as_str).collect()
}

/// A document's values of the matched fields.
#[derive(Default)]
pub(crate) struct DocValues<'a> {
    pub categories: Vec<&'a str>,
    pub places: Vec<&'a str>,
    pub employment_types: Vec<&'a str>,
    pub experience: Vec<&'a str>,
    pub languages: Vec<&'a str>,
    pub licences: Vec<&'a str>,
}

/// The fields a document shares with `profile`, and what they add to its score.
fn shared_fields(profile: &MatchProfile, values: &DocValues<'_>) -> (Vec<Reason>, f32) {
    let mut reasons = Vec::new();
    let mut score = 0.0;
    let first_shared = |wanted: &[String], have: &[&str]| distinct(wanted).into_iter().find(|w| have.contains(w)).map(str::to_owned);
    if let Some(code) = first_shared(&profile.category_codes, &values.categories) {
        reasons.push(Reason { kind: ReasonKind::Category, values: vec![code] });
        score += weights::CATEGORY;
    }
    let places: Vec<&str> = distinct(&profile.place_codes).into_iter().filter(|p| values.places.contains(p)).collect();
    if let Some(most_specific) = places.first() {
        reasons.push(Reason { kind: ReasonKind::Place, values: vec![most_specific.to_string()] });
        score += weights::PLACE * places.len() as f32;
    }
    if let Some(code) = first_shared(&profile.employment_types, &values.employment_types) {
        reasons.push(Reason { kind: ReasonKind::EmploymentType, values: vec![code] });
        score += weights::EMPLOYMENT_TYPE;
    }
    if let Some(code) = first_shared(&profile.experience_codes, &values.experience) {
        reasons.push(Reason { kind: ReasonKind::Experience, values: vec![code] });
        score += weights::EXPERIENCE;
    }
    for language in distinct(&profile.language_codes) {
        if values.languages.contains(&language) {
            reasons.push(Reason { kind: ReasonKind::Language, values: vec![language.to_owned()] });
            score += weights::LANGUAGE;
        }
    }
    let licences: Vec<String> =
        distinct(&profile.driver_licences).into_iter().filter(|l| values.licences.contains(l)).map(str::to_owned).collect();
    if !licences.is_empty() {
        reasons.push(Reason { kind: ReasonKind::Licence, values: licences });
        score += weights::LICENCE;
    }
    (reasons, score)
}

/// The reasons of each hit (in the hits' order): the fields it shares from the column tables,
/// and the words it holds from the postings of the profile's words.
pub(crate) fn reasons_of(
    profile: &MatchProfile,
    fields: &MatchFields,
    words: &[Word],
    hits: &[RankedHit],
    searcher: &Searcher,
    tables: &TableCache,
) -> Result<Vec<Vec<Reason>>> {
    let mut out = Vec::with_capacity(hits.len());
    // the words each hit holds, segment by segment, each word's postings read once in doc order
    let mut held: HashMap<DocAddress, Vec<String>> = HashMap::new();
    let mut by_segment: HashMap<u32, Vec<u32>> = HashMap::new();
    for hit in hits {
        by_segment.entry(hit.address.segment_ord).or_default().push(hit.address.doc_id);
    }
    for (segment, mut docs) in by_segment {
        docs.sort_unstable();
        let inverted = searcher.segment_reader(segment).inverted_index(fields.text)?;
        for word in words {
            let Some(mut postings) = inverted.read_postings(&word.term, IndexRecordOption::Basic)? else {
                continue;
            };
            for &doc in &docs {
                if postings.doc() <= doc && postings.seek(doc) == doc {
                    held.entry(DocAddress::new(segment, doc)).or_default().push(word.text.clone());
                }
            }
        }
    }
    for hit in hits {
        let reader = searcher.segment_reader(hit.address.segment_ord);
        let doc = hit.address.doc_id;
        let column = |name: &'static str| tables.str(reader, name);
        let tables = [
            column(fields.categories.1)?,
            column(fields.places.1)?,
            column(fields.employment_types.1)?,
            column(fields.experience.1)?,
            column(fields.languages.1)?,
            column(fields.licences.1)?,
        ];
        let values_of = |index: usize| -> Vec<&str> { tables[index].ords(doc).iter().map(|&o| tables[index].term(o)).collect() };
        let values = DocValues {
            categories: values_of(0),
            places: values_of(1),
            employment_types: values_of(2),
            experience: values_of(3),
            languages: values_of(4),
            licences: values_of(5),
        };
        let (mut reasons, _) = shared_fields(profile, &values);
        if let Some(words) = held.remove(&hit.address) {
            reasons.push(Reason { kind: ReasonKind::Words, values: words });
        }
        out.push(reasons);
    }
    Ok(out)
}

/// The scores the CVs would have in [`profile_query`] over the CV index of `searcher` (the same
/// words, weights and BM25 statistics), computed from the documents themselves: for a CV that is
/// not in the index (a candidate's CV hidden from the CV database) as for one that is. A CV
/// sharing no core field scores what its other fields add (the index would not return it).
pub(crate) fn score_cvs(profile: &MatchProfile, words: &[Word], docs: &[CvDoc], searcher: &Searcher) -> Result<Vec<f32>> {
    let bm25: Vec<Bm25Weight> = words
        .iter()
        .map(|word| Bm25Weight::for_terms(searcher, std::slice::from_ref(&word.term)))
        .collect::<tantivy::Result<_>>()?;
    let mut scores = Vec::with_capacity(docs.len());
    for doc in docs {
        let card = &doc.card;
        let values = DocValues {
            categories: as_strs(&card.category_codes),
            places: as_strs(&card.place_codes),
            employment_types: as_strs(&card.employment_types),
            experience: card.work_experience.iter().map(String::as_str).collect(),
            languages: as_strs(&card.language_codes),
            licences: as_strs(&card.driver_licences),
        };
        let (_, mut score) = shared_fields(profile, &values);
        if !words.is_empty() {
            // the text field holds the heading and the text, as the CV index lays them out
            let heading = [&card.title, &card.firstname, &card.lastname]
                .into_iter()
                .flatten()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" ");
            let mut counts = word_counts(&heading);
            let mut length: u32 = counts.values().sum();
            for (word, count) in word_counts(&doc.text) {
                length += count;
                *counts.entry(word).or_default() += count;
            }
            let fieldnorm_id = FieldNormReader::fieldnorm_to_id(length);
            for (word, bm25) in words.iter().zip(&bm25) {
                if let Some(&count) = counts.get(&word.text) {
                    score += weights::WORDS * word.weight * bm25.score(fieldnorm_id, count);
                }
            }
        }
        scores.push(score);
    }
    Ok(scores)
}

impl VacancySchema {
    fn match_fields(&self) -> MatchFields {
        MatchFields {
            text: self.text,
            categories: (self.categories, "category_codes"),
            places: (self.places, "place_codes"),
            employment_types: (self.employment_type, "employment_type"),
            experience: (self.work_experience, "work_experience"),
            languages: (self.languages, "language_codes"),
            licences: (self.licences, "driver_licences"),
        }
    }

    /// The `top` live vacancies (at `now`) best for `profile`, without `exclude`, with their
    /// scores and reasons.
    pub fn recommend(
        &self,
        searcher: &Searcher,
        profile: &MatchProfile,
        exclude: Vec<Term>,
        top: usize,
        now: DateTime<Utc>,
        tables: &Arc<TableCache>,
    ) -> Result<Vec<(VacancyCard, f32, Vec<Reason>)>> {
        let fields = self.match_fields();
        let Some(query) = profile_query(profile, &fields, searcher, exclude)? else {
            return Ok(Vec::new());
        };
        let hits = self.ranked(searcher, query.query.as_ref(), top, now, tables)?;
        let reasons = reasons_of(profile, &fields, &query.words, &hits, searcher, tables)?;
        hits.iter()
            .zip(reasons)
            .map(|(hit, reasons)| Ok((self.card_of(searcher, hit.address)?, hit.score, reasons)))
            .collect()
    }

    /// The live vacancies like `query.vacancy`, without it and its company's copies.
    pub fn similar(
        &self,
        searcher: &Searcher,
        query: &SimilarVacancyQuery,
        tables: &Arc<TableCache>,
    ) -> Result<Vec<VacancyHit>> {
        let source = &query.vacancy.card;
        let profile = MatchProfile::similar_to(&query.vacancy);
        let fields = self.match_fields();
        let size = query.size as usize;
        let Some(built) = profile_query(&profile, &fields, searcher, vec![self.id_term(&source.vacancy_id)])? else {
            return Ok(Vec::new());
        };
        // a company's copies of the vacancy are few; when they fill the first pages, look further
        let mut top = size * 3;
        loop {
            let hits = self.ranked(searcher, built.query.as_ref(), top, query.now, tables)?;
            let mut similar = Vec::new();
            for hit in &hits {
                let card = self.card_of(searcher, hit.address)?;
                if !is_copy(source, &card) {
                    similar.push(VacancyHit { card, score: Some(hit.score) });
                    if similar.len() == size {
                        break;
                    }
                }
            }
            if similar.len() == size || hits.len() < top {
                return Ok(similar);
            }
            top *= 4;
        }
    }

    /// The best `top` live vacancies of `query`, ranked by score (then PRO level, renewal).
    fn ranked(
        &self,
        searcher: &Searcher,
        query: &dyn Query,
        top: usize,
        now: DateTime<Utc>,
        tables: &Arc<TableCache>,
    ) -> Result<Vec<RankedHit>> {
        let collector = FacetedCollector {
            expiry: Some("valid_until"),
            filter: DocFilter { valid_at: Some(micros(now)), ..DocFilter::default() },
            ..FacetedCollector::new(
                tables,
                Vec::new(),
                Ranking { primary: Some("pro_level"), secondary: "renewed_at", tie: "tie" },
                top,
                true,
            )
        };
        Ok(searcher.search(query, &collector)?.hits)
    }
}

/// Whether `card` is the company of `source`'s copy of it: the same company and the same
/// occupation (or, without one, the same title).
fn is_copy(source: &VacancyCard, card: &VacancyCard) -> bool {
    let same_company = source.company_country_code == card.company_country_code
        && source.company_registry_code == card.company_registry_code;
    let same_occupation = match (&source.occupation_code, &card.occupation_code) {
        (Some(a), Some(b)) => a == b,
        _ => source.occupation_labels.et.trim().eq_ignore_ascii_case(card.occupation_labels.et.trim()),
    };
    same_company && same_occupation
}

impl CvSchema {
    fn match_fields(&self) -> MatchFields {
        let [categories, places, languages, _, experience, licences, employment_types] = self.groups;
        MatchFields { text: self.text, categories, places, employment_types, experience, languages, licences }
    }

    /// A page of the CVs best for `query.profile`, with their reasons.
    pub fn matches(&self, searcher: &Searcher, query: &CvMatchQuery, tables: &Arc<TableCache>) -> Result<CvMatches> {
        let started = Instant::now();
        let fields = self.match_fields();
        let Some(built) = profile_query(&query.profile, &fields, searcher, Vec::new())? else {
            return Ok(CvMatches { hits: Vec::new(), total: 0, took_ms: 0 });
        };
        let offset = (query.page as usize).saturating_mul(query.size as usize);
        let collector = FacetedCollector::new(
            tables,
            Vec::new(),
            Ranking { primary: None, secondary: "updated_at", tie: "tie" },
            offset.saturating_add(query.size as usize),
            true,
        );
        let collected = searcher.search(built.query.as_ref(), &collector)?;
        let page: Vec<RankedHit> = collected.hits.into_iter().skip(offset).collect();
        let reasons = reasons_of(&query.profile, &fields, &built.words, &page, searcher, tables)?;
        let mut hits = Vec::with_capacity(page.len());
        for (hit, reasons) in page.iter().zip(reasons) {
            let doc: TantivyDocument = searcher.doc(hit.address)?;
            let card = doc
                .get_first(self.card)
                .and_then(|value| value.as_str())
                .ok_or_else(|| SearchError::Task("a cv without its stored card".to_owned()))?;
            hits.push(MatchedCv { card: serde_json::from_str::<CvCard>(card)?, score: hit.score, reasons });
        }
        Ok(CvMatches { hits, total: collected.total, took_ms: started.elapsed().as_millis() as u64 })
    }

    /// The score of each of `docs` for `profile` (see [`score_cvs`]).
    pub fn scores(&self, searcher: &Searcher, profile: &MatchProfile, docs: &[CvDoc]) -> Result<Vec<f32>> {
        let words = characteristic_words(&profile.text, self.text, searcher)?;
        score_cvs(profile, &words, docs, searcher)
    }
}

impl VacancySchema {
    /// The text-only baseline the relevance bench measures the recommendations against: BM25 of
    /// every word of `text` over the vacancies' text (any word may match, none is boosted, no
    /// field counts), live vacancies only, the best `top`.
    pub fn text_baseline(
        &self,
        searcher: &Searcher,
        text: &str,
        top: usize,
        now: DateTime<Utc>,
        tables: &Arc<TableCache>,
    ) -> Result<Vec<VacancyCard>> {
        let mut words: Vec<String> = word_counts(text).into_keys().collect();
        words.sort();
        let clauses: Vec<(Occur, Box<dyn Query>)> = words
            .iter()
            .map(|word| {
                let term = Term::from_field_text(self.text, word);
                (Occur::Should, Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)) as Box<dyn Query>)
            })
            .collect();
        if clauses.is_empty() {
            return Ok(Vec::new());
        }
        let hits = self.ranked(searcher, &BooleanQuery::new(clauses), top, now, tables)?;
        hits.iter().map(|hit| self.card_of(searcher, hit.address)).collect()
    }
}
