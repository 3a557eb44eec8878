//! Free text to a tantivy query, the same for vacancies and CVs.
//!
//! Every word must match (a job search narrows as one types), in any of the ways a person
//! means it: an inflected form (the stemmed field of each language), the word itself with or
//! without diacritics (the raw field), a word with a typo (fuzzy on the raw field, distance 1
//! from 5 letters, 2 from 9: shorter words have too many neighbours), and, for the last word
//! while it is still being typed, any word starting with it.

use tantivy::Term;
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::tokenizer::TokenizerManager;

use super::analysis;

/// The text fields every document kind has, with their analyzer.
#[derive(Clone, Copy)]
pub(crate) struct TextFields {
    pub et: Field,
    pub en: Field,
    pub ru: Field,
    pub raw: Field,
}

/// Builds the query for `text`, or `None` when it has no words.
pub(crate) fn build(
    text: &str,
    fields: TextFields,
    tokenizers: &TokenizerManager,
) -> Option<Box<dyn Query>> {
    let mut raw = tokenizers
        .get(analysis::RAW)
        .expect("analyzers are registered");
    let mut stemmers = [
        (
            fields.et,
            tokenizers
                .get(analysis::ESTONIAN)
                .expect("analyzers are registered"),
        ),
        (
            fields.en,
            tokenizers
                .get(analysis::ENGLISH)
                .expect("analyzers are registered"),
        ),
        (
            fields.ru,
            tokenizers
                .get(analysis::RUSSIAN)
                .expect("analyzers are registered"),
        ),
    ];
    // Stemmers need the word with its diacritics, so each word is kept in both forms.
    let words: Vec<(String, String)> = lowercase_words(text)
        .into_iter()
        .filter_map(|word| {
            let folded = analysis::terms(&mut raw, &word).into_iter().next()?;
            Some((word, folded))
        })
        .collect();
    let typing_last_word = !text.ends_with(char::is_whitespace);
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    for (position, (original, folded)) in words.iter().enumerate() {
        let is_last = position + 1 == words.len();
        let mut alternatives: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (field, analyzer) in stemmers.iter_mut() {
            for stem in analysis::terms(analyzer, original) {
                let term = Term::from_field_text(*field, &stem);
                alternatives.push((
                    Occur::Should,
                    Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)),
                ));
            }
        }
        let raw_term = Term::from_field_text(fields.raw, folded);
        alternatives.push((
            Occur::Should,
            Box::new(BoostQuery::new(
                Box::new(TermQuery::new(
                    raw_term.clone(),
                    IndexRecordOption::WithFreqs,
                )),
                1.5,
            )),
        ));
        let letters = folded.chars().count();
        let distance = match letters {
            0..5 => 0,
            5..9 => 1,
            _ => 2,
        };
        if distance > 0 {
            alternatives.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(FuzzyTermQuery::new(raw_term.clone(), distance, true)),
                    0.5,
                )),
            ));
        }
        if is_last && typing_last_word {
            alternatives.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(FuzzyTermQuery::new_prefix(raw_term, 0, true)),
                    0.5,
                )),
            ));
        }
        clauses.push((Occur::Must, Box::new(BooleanQuery::new(alternatives))));
    }
    if clauses.is_empty() {
        return None;
    }
    Some(Box::new(BooleanQuery::new(clauses)))
}

/// The words of `text` (split like tantivy's simple tokenizer), lowercased but not folded.
fn lowercase_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}
