//! Free text to a tantivy query, the same for vacancies and CVs.
//!
//! Every word must match (a job search narrows as one types), in any of the ways a person
//! means it: the word itself with or without diacritics, an inflected form of it in Estonian,
//! English or Russian, a word with a typo (fuzzy, distance 1 from 5 letters, 2 from 9: shorter
//! words have too many neighbours), and, for the last word while it is still being typed, any
//! word starting with it.
//!
//! The index holds each word once, folded (see the analysis module); inflections are found
//! here, in the term dictionaries of the searched segments: the terms near the query word's
//! stem whose own stem is the same join the query as terms of their own.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::sync::{LazyLock, RwLock};

use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::tokenizer::{TextAnalyzer, TokenStream};
use tantivy::{Searcher, Term};

use super::analysis::{FoldedWords, Lang, Stemmers};
use crate::Result;

/// Builds the query for `text` over the text `field` of `searcher`'s index, or `None` when
/// there is no text or it has no words.
pub(crate) fn build(
    text: Option<&str>,
    field: Field,
    searcher: &Searcher,
) -> Result<Option<Box<dyn Query>>> {
    let Some(text) = text else {
        return Ok(None);
    };
    let words = folded_words(text);
    let typing_last_word = !text.ends_with(char::is_whitespace);
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    for (position, word) in words.iter().enumerate() {
        let is_last = position + 1 == words.len();
        let term = Term::from_field_text(field, word);
        let mut alternatives: Vec<(Occur, Box<dyn Query>)> = vec![(
            Occur::Should,
            Box::new(BoostQuery::new(
                Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs)),
                1.5,
            )),
        )];
        let prefixed = is_last && typing_last_word;
        for inflection in inflections(searcher, field, word)? {
            // the prefix query below matches these already; a term query of its own for each
            // would add one more pass over a large posting list to the union
            if prefixed && inflection.starts_with(word.as_str()) {
                continue;
            }
            alternatives.push((
                Occur::Should,
                Box::new(TermQuery::new(
                    Term::from_field_text(field, &inflection),
                    IndexRecordOption::WithFreqs,
                )),
            ));
        }
        let distance = match word.chars().count() {
            0..5 => 0,
            5..9 => 1,
            _ => 2,
        };
        if distance > 0 {
            alternatives.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(FuzzyTermQuery::new(term.clone(), distance, true)),
                    0.5,
                )),
            ));
        }
        if prefixed {
            alternatives.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(FuzzyTermQuery::new_prefix(term, 0, true)),
                    0.5,
                )),
            ));
        }
        clauses.push((Occur::Must, Box::new(BooleanQuery::new(alternatives))));
    }
    if clauses.is_empty() {
        return Ok(None);
    }
    Ok(Some(Box::new(BooleanQuery::new(clauses))))
}

/// The words of `text` as the index holds them (lowercased, folded).
fn folded_words(text: &str) -> Vec<String> {
    let mut analyzer = TextAnalyzer::from(FoldedWords::default());
    let mut stream = analyzer.token_stream(text);
    let mut words = Vec::new();
    while stream.advance() {
        words.push(stream.token().text.clone());
    }
    words
}

/// The other terms of `field` in any segment of `searcher` that share a stem with `word` in
/// one of the languages.
///
/// A stem is the word less its ending, at most changed in its last letter ("happy" ->
/// "happi"), so the candidates are the terms starting with the stem less its last letter (the
/// whole stem when it is short), read in order from each segment's term dictionary.
fn inflections(searcher: &Searcher, field: Field, word: &str) -> Result<BTreeSet<String>> {
    let dictionaries = searcher
        .segment_readers()
        .iter()
        .map(|segment| segment.inverted_index(field))
        .collect::<tantivy::Result<Vec<_>>>()?;
    // concurrent searches read the shared memory together; the stems this one had to compute
    // are added after it, under the write lock for only that long
    let remembered = STEMS
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut stems = StemLookup {
        remembered: &remembered,
        learned: Default::default(),
    };
    let mut found = BTreeSet::new();
    for lang in Lang::ALL {
        let stem = stems.with(lang, word, str::to_owned);
        let prefix = match stem.char_indices().nth(3) {
            // four letters or more: all but the last
            Some(_) => &stem[..stem.char_indices().last().map_or(0, |(at, _)| at)],
            None => stem.as_str(),
        };
        if prefix.is_empty() {
            continue;
        }
        for dictionary in &dictionaries {
            let mut terms = dictionary
                .terms()
                .range()
                .ge(prefix.as_bytes())
                .into_stream()?;
            while terms.advance() {
                let key = terms.key();
                if !key.starts_with(prefix.as_bytes()) {
                    break;
                }
                let Ok(term) = std::str::from_utf8(key) else {
                    continue;
                };
                if term != word
                    && !found.contains(term)
                    && stems.with(lang, term, |other| other == stem)
                {
                    found.insert(term.to_owned());
                }
            }
        }
    }
    let learned = stems.learned;
    drop(remembered);
    if learned.iter().any(|stems| !stems.is_empty()) {
        let mut stems = STEMS
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for (stems, learned) in stems.iter_mut().zip(learned) {
            if stems.len() + learned.len() > REMEMBERED_STEMS {
                stems.clear();
            }
            stems.extend(learned);
        }
    }
    Ok(found)
}

/// One search's view of the stems: the shared memory, and what the search stemmed itself.
struct StemLookup<'a> {
    remembered: &'a [HashMap<String, String>; 3],
    learned: [HashMap<String, String>; 3],
}

impl StemLookup<'_> {
    /// `then` of `term`'s stem in `lang`, remembered or stemmed now (and then learned).
    fn with<R>(&mut self, lang: Lang, term: &str, then: impl FnOnce(&str) -> R) -> R {
        let index = lang as usize;
        if let Some(stem) = self.remembered[index]
            .get(term)
            .or_else(|| self.learned[index].get(term))
        {
            return then(stem);
        }
        let stem = STEMMERS.with(|stemmers| stemmers.borrow_mut().stem(lang, term));
        let result = then(&stem);
        self.learned[index].insert(term.to_owned(), stem);
        result
    }
}

/// Stems of indexed terms (term -> stem, per language in the order of [`Lang::ALL`]),
/// remembered across searches: a term dictionary is read in the same neighbourhoods again and
/// again, and stemming is the dear part of reading it. Stems depend on the word alone, so one
/// memory serves every index of the process.
static STEMS: LazyLock<RwLock<[HashMap<String, String>; 3]>> = LazyLock::new(Default::default);

thread_local! {
    /// The stemmers of the thread (they keep state between words, so are not shared).
    static STEMMERS: RefCell<Stemmers> = RefCell::new(Stemmers::new());
}

/// Terms remembered per language before that language's memory is cleared: about 110 bytes
/// each, so at most ~16 MB for the three; the terms near common query words are read again
/// soon after a clear.
const REMEMBERED_STEMS: usize = 50_000;
