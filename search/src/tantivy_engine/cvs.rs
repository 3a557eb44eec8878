//! The CV index: the whole CV text (with its PDF text) in the text field, whichever language it
//! is written in (inflections are matched at query time), and a stored copy to cut snippets from.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use tantivy::query::{AllQuery, Query};
use tantivy::schema::{FAST, Field, INDEXED, STORED, STRING, Schema, Value};
use tantivy::snippet::SnippetGenerator;
use tantivy::{Searcher, TantivyDocument, Term};
use uuid::Uuid;

use super::collector::{FacetedCollector, GroupCounts, Ranking};
use super::tables::TableCache;
use super::text_query;
use super::vacancies::{
    distinct, micros, terms, text_field, tie_breaker, total_pages, with_candidates,
};
use crate::model::{CvCard, CvDoc, CvFacets, CvHit, CvQuery, CvResults};
use crate::{Result, SearchError};

/// Characters of CV text around the match that a snippet shows.
const SNIPPET_CHARS: usize = 200;

#[derive(Clone)]
pub(crate) struct CvSchema {
    pub schema: Schema,
    id: Field,
    pub card: Field,
    body: Field,
    pub text: Field,
    pub groups: [(Field, &'static str); 7],
    updated_at: Field,
    tie: Field,
}

const GROUP_COLUMNS: [&str; 7] = [
    "category_codes",
    "place_codes",
    "language_codes",
    "education_levels",
    "work_experiences",
    "driver_licences",
    "employment_types",
];

impl CvSchema {
    pub fn new() -> CvSchema {
        let mut builder = Schema::builder();
        // the uuid's 16 bytes: a shorter term than its text, for the term dictionary and deletes
        let id = builder.add_bytes_field("id", INDEXED);
        let card = builder.add_text_field("card", STORED);
        let body = builder.add_text_field("body", STORED);
        let text = text_field(&mut builder);
        let groups = GROUP_COLUMNS.map(|name| (builder.add_text_field(name, STRING | FAST), name));
        CvSchema {
            id,
            card,
            body,
            text,
            groups,
            updated_at: builder.add_i64_field("updated_at", FAST),
            tie: builder.add_u64_field("tie", FAST),
            schema: builder.build(),
        }
    }

    pub fn id_term(&self, id: &Uuid) -> Term {
        Term::from_field_bytes(self.id, id.as_bytes())
    }

    pub fn document(&self, doc: &CvDoc) -> Result<TantivyDocument> {
        let card = &doc.card;
        let mut out = TantivyDocument::new();
        out.add_bytes(self.id, card.cv_id.as_bytes());
        out.add_text(self.card, serde_json::to_string(card)?);
        out.add_text(self.body, &doc.text);
        let heading = [&card.title, &card.firstname, &card.lastname]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" ");
        out.add_text(self.text, &heading);
        out.add_text(self.text, &doc.text);
        let experience: Vec<String> = card.work_experience.iter().cloned().collect();
        let values: [&Vec<String>; 7] = [
            &card.category_codes,
            &card.place_codes,
            &card.language_codes,
            &card.education_levels,
            &experience,
            &card.driver_licences,
            &card.employment_types,
        ];
        for ((field, _), values) in self.groups.iter().zip(values) {
            for value in distinct(values) {
                out.add_text(*field, value);
            }
        }
        out.add_i64(self.updated_at, micros(card.updated_at));
        out.add_u64(self.tie, tie_breaker(&card.cv_id));
        Ok(out)
    }

    pub fn search(
        &self,
        searcher: &Searcher,
        query: &CvQuery,
        tables: &Arc<TableCache>,
    ) -> Result<CvResults> {
        let started = Instant::now();
        let text = text_query::build(query.text.as_deref(), self.text, searcher)?;
        let scored = text.is_some();
        let tantivy_query: Box<dyn Query> = text.unwrap_or_else(|| Box::new(AllQuery));
        let offset = (query.page as usize).saturating_mul(query.size as usize);
        let selected: [&Vec<String>; 7] = [
            &query.category_codes,
            &query.place_codes,
            &query.language_codes,
            &query.education_levels,
            &query.work_experiences,
            &query.driver_licences,
            &query.employment_types,
        ];
        let mut collector = FacetedCollector::new(
            tables,
            self.groups
                .iter()
                .zip(selected)
                .map(|((_, column), values)| terms(column, values))
                .collect(),
            Ranking {
                primary: None,
                secondary: "updated_at",
                tie: "tie",
            },
            offset.saturating_add(query.size as usize),
            scored,
        );
        let tantivy_query = with_candidates(tantivy_query, &mut collector, searcher, scored)?;
        let collected = searcher.search(tantivy_query.as_ref(), &collector)?;
        let snippets = if scored {
            Some(self.snippet_generator(searcher, tantivy_query.as_ref())?)
        } else {
            None
        };
        let mut hits = Vec::new();
        for hit in collected.hits.iter().skip(offset) {
            let doc: TantivyDocument = searcher.doc(hit.address)?;
            let stored = |field: Field| {
                doc.get_first(field)
                    .and_then(|value| value.as_str())
                    .unwrap_or_default()
            };
            let card = stored(self.card);
            if card.is_empty() {
                return Err(SearchError::Task("a cv without its stored card".to_owned()));
            }
            let card: CvCard = serde_json::from_str(card)?;
            let body = stored(self.body);
            let snippet = snippets
                .as_ref()
                .map(|generator| generator.snippet(body))
                .filter(|snippet| !snippet.highlighted().is_empty())
                .map(|mut snippet| {
                    snippet.set_snippet_prefix_postfix("<mark>", "</mark>");
                    snippet.to_html()
                })
                .unwrap_or_default();
            hits.push(CvHit {
                card,
                snippet,
                score: scored.then_some(hit.score),
            });
        }
        let mut counts = collected.counts.into_iter().map(|counts| match counts {
            GroupCounts::Terms(map) => map,
            GroupCounts::Flag(_) => BTreeMap::new(),
        });
        let mut next = || counts.next().unwrap_or_default();
        let facets = CvFacets {
            category_codes: next(),
            place_codes: next(),
            language_codes: next(),
            education_levels: next(),
            work_experiences: next(),
            driver_licences: next(),
            employment_types: next(),
        };
        Ok(CvResults {
            hits,
            total: collected.total,
            total_pages: total_pages(collected.total, query.size),
            facets,
            took_ms: started.elapsed().as_millis() as u64,
        })
    }

    /// The snippet generator: it marks the words of the text that are terms of the query, the
    /// words as typed and the inflections the query found.
    fn snippet_generator(
        &self,
        searcher: &Searcher,
        query: &dyn Query,
    ) -> Result<SnippetGenerator> {
        let mut generator = SnippetGenerator::create(searcher, query, self.text)?;
        generator.set_max_num_chars(SNIPPET_CHARS);
        Ok(generator)
    }
}
