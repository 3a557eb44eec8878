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
use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::Bound;
use std::sync::{Arc, LazyLock, Mutex, OnceLock, RwLock};

use tantivy::postings::TermInfo;
use tantivy::query::{
    AutomatonWeight, BitSetDocSet, BooleanQuery, BoostQuery, ConstScorer, DfaWrapper,
    EnableScoring, Explanation, FuzzyTermQuery, Occur, Query, Scorer, TermQuery, Weight,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::tokenizer::{TextAnalyzer, TokenStream};
use tantivy::{BitSet, DocId, DocSet, Score, Searcher, SegmentReader, Term};

use super::analysis::{FoldedWords, Lang, Stemmers};
use super::kept::{KeptPerSegment, Weigh};
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
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    for word in query_words(text) {
        let term = Term::from_field_text(field, &word.text);
        let mut alternatives: Vec<(Occur, Box<dyn Query>)> = vec![(
            Occur::Should,
            Box::new(BoostQuery::new(
                Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs)),
                1.5,
            )),
        )];
        for inflection in inflections(searcher, &term, &word.text)? {
            // the prefix query below matches these already; a term query of its own for each
            // would add one more pass over a large posting list to the union
            if word.prefixed && inflection.starts_with(word.text.as_str()) {
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
        if word.distance > 0 {
            alternatives.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(ExpandedTermQuery { term: term.clone(), distance: word.distance, prefix: false }),
                    0.5,
                )),
            ));
        }
        if word.prefixed {
            alternatives.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(ExpandedTermQuery { term, distance: 0, prefix: true }),
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

/// The typos (`distance` > 0) or the continuations (`prefix`) of a word, matched as tantivy's
/// [`FuzzyTermQuery`] matches them (same automaton, same documents, every one scored `boost`),
/// with the terms the automaton accepts in a segment kept across searches ([`EXPANSIONS`]).
///
/// Building the Levenshtein automaton and streaming a segment's term dictionary through it
/// was the dearest part of an uncached search with words (perf of `bench http`'s long-tail mix,
/// 2026-12-01: `tantivy_fst`'s stream 10 % of the machine, the automaton's construction 1.7 %),
/// and the words people type repeat far more than whole searches do: the answer cache misses,
/// the expansion of each word hits.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct ExpandedTermQuery {
    term: Term,
    distance: u8,
    prefix: bool,
}

impl Weigh for ExpandedTermQuery {
    fn weigh(&self) -> usize {
        std::mem::size_of::<Self>() - std::mem::size_of::<Term>() + self.term.weigh()
    }
}

/// Bytes each [`KeptPerSegment`] holds at most. Bounded by bytes rather than entries: the long
/// tail of searches asks for tens of thousands of distinct words, each in every segment (a
/// search's words differ more than its segments), and 8,192 entries kept only the most popular:
/// re-expanding the others (the automaton built and run over the term dictionary) was a tenth
/// of the machine in `bench http --scenarios long-tail`. A word's entry is typically a few hundred
/// bytes, so this keeps about a hundred thousand.
const KEPT_BYTES: usize = 48 << 20;

/// The term infos of the terms a segment's dictionary holds that an [`ExpandedTermQuery`]'s
/// automaton accepts.
static EXPANSIONS: KeptPerSegment<ExpandedTermQuery, Vec<TermInfo>> = KeptPerSegment::new(KEPT_BYTES);

/// A segment's terms sharing a stem with a word (the term of the word), see [`inflections`].
static INFLECTIONS: KeptPerSegment<Term, Vec<String>> = KeptPerSegment::new(KEPT_BYTES);

impl Query for ExpandedTermQuery {
    fn weight(&self, _scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(ExpandedTermWeight {
            query: self.clone(),
            automaton: OnceLock::new(),
        }))
    }
}

struct ExpandedTermWeight {
    query: ExpandedTermQuery,
    /// Built on the first segment whose expansion is not kept.
    automaton: OnceLock<AutomatonWeight<DfaWrapper>>,
}

impl ExpandedTermWeight {
    /// The term infos of the terms of `reader`'s segment the automaton accepts, kept or found now.
    fn term_infos(&self, reader: &SegmentReader) -> tantivy::Result<Arc<Vec<TermInfo>>> {
        EXPANSIONS.get_or(reader, self.query.clone(), || {
            let weight = match self.automaton.get() {
                Some(weight) => weight,
                None => {
                    let ExpandedTermQuery { term, distance, prefix } = &self.query;
                    let fuzzy = if *prefix {
                        FuzzyTermQuery::new_prefix(term.clone(), *distance, true)
                    } else {
                        FuzzyTermQuery::new(term.clone(), *distance, true)
                    };
                    let weight = AutomatonWeight::new(term.field(), fuzzy.automaton()?);
                    self.automaton.get_or_init(|| weight)
                }
            };
            weight.get_match_term_infos(reader)
        })
    }
}

impl Weight for ExpandedTermWeight {
    /// As tantivy's `AutomatonWeight::scorer`: the documents of every accepted term, one score.
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let infos = self.term_infos(reader)?;
        let inverted = reader.inverted_index(self.query.term.field())?;
        let mut documents = BitSet::with_max_value(reader.max_doc());
        for info in infos.iter() {
            let mut postings =
                inverted.read_block_postings_from_terminfo(info, IndexRecordOption::Basic)?;
            loop {
                let docs = postings.docs();
                if docs.is_empty() {
                    break;
                }
                for &doc in docs {
                    documents.insert(doc);
                }
                postings.advance();
            }
        }
        Ok(Box::new(ConstScorer::new(BitSetDocSet::from(documents), boost)))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let mut scorer = self.scorer(reader, 1.0)?;
        if scorer.seek(doc) == doc {
            Ok(Explanation::new("ExpandedTermScorer", 1.0))
        } else {
            Err(tantivy::TantivyError::InvalidArgument(
                "Document does not exist".to_owned(),
            ))
        }
    }
}

/// A word of a query and how it may match: the word itself, an inflection, a typo of up to
/// `distance` edits (a transposition is one), and, when `prefixed`, any word it begins.
struct QueryWord {
    text: String,
    distance: u8,
    prefixed: bool,
}

/// The words of `text` with their rules (see the module documentation): every one must match.
fn query_words(text: &str) -> Vec<QueryWord> {
    let words = folded_words(text);
    let typing_last_word = !text.ends_with(char::is_whitespace);
    let count = words.len();
    words
        .into_iter()
        .enumerate()
        .map(|(position, text)| QueryWord {
            distance: match text.chars().count() {
                0..5 => 0,
                5..9 => 1,
                _ => 2,
            },
            prefixed: position + 1 == count && typing_last_word,
            text,
        })
        .collect()
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

/// The other terms of the field of `term` (`word`'s) in any segment of `searcher` that share a
/// stem with `word` in one of the languages.
///
/// A stem is the word less its ending, at most changed in its last letter ("happy" ->
/// "happi"), so the candidates are the terms starting with the stem less its last letter (the
/// whole stem when it is short), read in order from each segment's term dictionary. What a
/// segment holds for a word is kept across searches ([`INFLECTIONS`]), as the expansions of
/// [`ExpandedTermQuery`] are and for the same reason: reading the dictionary around a stem was
/// the other half of the term dictionary streaming in the long-tail profile.
fn inflections(searcher: &Searcher, term: &Term, word: &str) -> Result<BTreeSet<String>> {
    let mut found = BTreeSet::new();
    for segment in searcher.segment_readers() {
        let terms = INFLECTIONS.get_or(segment, term.clone(), || {
            segment_inflections(segment, term.field(), word)
        })?;
        found.extend(terms.iter().cloned());
    }
    Ok(found)
}

/// [`inflections`] in one segment, read from its term dictionary, in term order.
fn segment_inflections(segment: &SegmentReader, field: Field, word: &str) -> Result<Vec<String>> {
    let dictionary = segment.inverted_index(field)?;
    with_stems(|stems| {
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
        Ok(found.into_iter().collect())
    })
}

/// `then` with a view of the stems ([`StemLookup`]): concurrent searches read the shared memory
/// together; the stems this one had to compute are added after it, under the write lock for
/// only that long.
fn with_stems<R>(then: impl FnOnce(&mut StemLookup<'_>) -> R) -> R {
    let remembered = STEMS
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut stems = StemLookup {
        remembered: &remembered,
        learned: Default::default(),
    };
    let result = then(&mut stems);
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
    result
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

/// The terms of a small index's text field, kept so that a query's words can be checked against
/// them before its query is built: [`Vocabulary::could_match`] answers `false` only when a word
/// of the text matches none of the terms in any of the ways [`build`] lets it (itself, an
/// inflection, a typo, a prefix), that is when the query lists no document of the index.
///
/// The matching of saved searches asks it first: most saved searches' words are in none of a
/// few new vacancies, and building their queries (stems read from the term dictionary, a
/// Levenshtein automaton per word) was most of a match run's time. A `true` decides nothing:
/// the query itself does.
///
/// Typos are found by deletion neighbourhoods (the idea of SymSpell): two words within `d`
/// edits, a transposition counting one, become the same word when at most `d` letters are
/// deleted from each, so the terms are kept with up to one letter deleted and, while the
/// vocabulary is small, with up to two; a query word is looked up with the same deletions.
pub(crate) struct Vocabulary {
    terms: BTreeSet<String>,
    /// The terms of 4 letters or more (a word of 5 within one edit) with up to one letter deleted.
    one_deleted: HashSet<String>,
    /// The terms of 7 letters or more (a word of 9 within two edits) with up to two deleted;
    /// `None` for a vocabulary over [`TWO_DELETED_TERMS`] (a day's vacancies), where every
    /// word allowed two edits could match.
    two_deleted: Option<HashSet<String>>,
    /// The terms' stems, per language in the order of [`Lang::ALL`].
    stems: [HashSet<String>; 3],
    /// What was answered for a word (with whether it is prefixed): many queries share words.
    answered: Mutex<HashMap<(String, bool), bool>>,
}

/// Terms above which a [`Vocabulary`] keeps no two-deletion neighbourhoods (about 40 strings a
/// term: memory and time that a large batch would not win back).
const TWO_DELETED_TERMS: usize = 20_000;

impl Vocabulary {
    /// The terms of `field` in every segment of `searcher`.
    pub(crate) fn of(searcher: &Searcher, field: Field) -> Result<Vocabulary> {
        let mut terms = BTreeSet::new();
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted.terms().stream()?;
            while stream.advance() {
                if let Ok(term) = std::str::from_utf8(stream.key()) {
                    terms.insert(term.to_owned());
                }
            }
        }
        let mut one_deleted = HashSet::new();
        let mut two_deleted = (terms.len() <= TWO_DELETED_TERMS).then(HashSet::new);
        for term in &terms {
            let letters = term.chars().count();
            if letters >= 4 {
                one_deleted.extend(deletions(term, 1));
            }
            if let Some(two_deleted) = two_deleted.as_mut()
                && letters >= 7
            {
                two_deleted.extend(deletions(term, 2));
            }
        }
        let stems = with_stems(|lookup| {
            let mut stems: [HashSet<String>; 3] = Default::default();
            for (index, lang) in Lang::ALL.into_iter().enumerate() {
                for term in &terms {
                    lookup.with(lang, term, |stem| stems[index].insert(stem.to_owned()));
                }
            }
            stems
        });
        Ok(Vocabulary {
            terms,
            one_deleted,
            two_deleted,
            stems,
            answered: Mutex::new(HashMap::new()),
        })
    }

    /// Whether a query for `text` could list a document of the index: `false` when one of its
    /// words matches no term (see the type's documentation); no text, or no words, lists all.
    pub(crate) fn could_match(&self, text: Option<&str>) -> bool {
        let Some(text) = text else {
            return true;
        };
        query_words(text).iter().all(|word| {
            let key = (word.text.clone(), word.prefixed);
            if let Some(answer) = self.answered().get(&key) {
                return *answer;
            }
            let answer = self.word_could_match(word);
            self.answered().insert(key, answer);
            answer
        })
    }

    fn answered(&self) -> std::sync::MutexGuard<'_, HashMap<(String, bool), bool>> {
        self.answered
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn word_could_match(&self, word: &QueryWord) -> bool {
        let text = word.text.as_str();
        if self.terms.contains(text) {
            return true;
        }
        if word.prefixed
            && self
                .terms
                .range::<str, _>((Bound::Included(text), Bound::Unbounded))
                .next()
                .is_some_and(|term| term.starts_with(text))
        {
            return true;
        }
        let typo = match word.distance {
            0 => false,
            1 => deletions(text, 1).any(|key| self.one_deleted.contains(&key)),
            _ => match &self.two_deleted {
                Some(two_deleted) => deletions(text, 2).any(|key| two_deleted.contains(&key)),
                None => true,
            },
        };
        typo || with_stems(|lookup| {
            Lang::ALL.into_iter().enumerate().any(|(index, lang)| {
                lookup.with(lang, text, |stem| self.stems[index].contains(stem))
            })
        })
    }
}

/// `word` and every word made of it by deleting up to `most` letters (some more than once).
fn deletions(word: &str, most: usize) -> impl Iterator<Item = String> {
    let mut found = vec![word.to_owned()];
    let mut last = vec![word.to_owned()];
    for _ in 0..most {
        let mut next = Vec::new();
        for word in &last {
            for (at, letter) in word.char_indices() {
                let mut shorter = String::with_capacity(word.len());
                shorter.push_str(&word[..at]);
                shorter.push_str(&word[at + letter.len_utf8()..]);
                next.push(shorter);
            }
        }
        next.sort_unstable();
        next.dedup();
        found.extend(next.iter().cloned());
        last = next;
    }
    found.into_iter()
}

#[cfg(test)]
mod tests {
    use tantivy::schema::Schema;
    use tantivy::{Index, TantivyDocument};

    use super::super::analysis;
    use super::super::vacancies::text_options;
    use super::*;

    /// An index of one text field holding `texts`, analysed as the vacancies' text is.
    fn index_of(texts: &[&str]) -> (Searcher, Field) {
        let mut schema = Schema::builder();
        let field = schema.add_text_field("text", text_options(analysis::RAW));
        let index = Index::create_in_ram(schema.build());
        analysis::register(index.tokenizers());
        let mut writer = index.writer_with_num_threads(1, 15_000_000).expect("a writer");
        for text in texts {
            let mut doc = TantivyDocument::new();
            doc.add_text(field, text);
            writer.add_document(doc).expect("added");
        }
        writer.commit().expect("committed");
        let searcher = index.reader().expect("a reader").searcher();
        (searcher, field)
    }

    /// Whether the query built for `text` lists a document of `searcher`.
    fn lists(searcher: &Searcher, field: Field, text: &str) -> bool {
        build(Some(text), field, searcher)
            .expect("built")
            .is_none_or(|query| query.count(searcher).expect("counted") > 0)
    }

    #[test]
    fn the_vocabulary_lets_through_every_word_the_query_would_match_and_stops_the_others() {
        let texts = [
            "Tarkvaraarendaja Tallinnas, töötajad vajalikud",
            "Müügiesindaja ja klienditeenindaja",
            "Senior developers wanted",
            "Повар в ресторан",
        ];
        let (searcher, field) = index_of(&texts);
        let vocabulary = Vocabulary::of(&searcher, field).expect("a vocabulary");
        let cases = [
            "tarkvaraarendaja ",
            "TARKVARAARENDAJAT ",
            "tarkvaraarnedaja ",
            "tarkvaraaredaja ",
            "tarkvarxxrendaja ",
            "tootaja ",
            "töötajaid ",
            "müügiesin",
            "müügiesindajad ",
            "klienditeenindja ",
            "developer ",
            "develo",
            "devleopers ",
            "повара ",
            "повр",
            "kokk ",
            "arendaja ",
            "tallinn ",
            "tallinna ",
            "talinnas ",
            "raamatupidaja ",
            "senior kokk ",
            "senior developer ",
            "ja ",
            "jx ",
            "wanted developers",
            "   ",
        ];
        for text in cases {
            let listed = lists(&searcher, field, text);
            let could = vocabulary.could_match(Some(text));
            assert!(could || !listed, "the vocabulary stopped {text:?}, which the query lists");
            // asked again, the remembered answer is the same
            assert_eq!(vocabulary.could_match(Some(text)), could, "{text:?}");
        }
        for stopped in ["kokk ", "raamatupidaja ", "senior kokk ", "jx "] {
            assert!(!vocabulary.could_match(Some(stopped)), "{stopped:?} matches no term");
        }
        assert!(vocabulary.could_match(None));
    }

    #[test]
    fn deletions_reach_every_word_two_edits_away_from_both_sides() {
        let within = |a: &str, b: &str, most: usize| {
            let keys: HashSet<String> = deletions(a, most).collect();
            deletions(b, most).any(|key| keys.contains(&key))
        };
        assert!(within("arendaja", "arnedaja", 1), "a transposition is one edit");
        assert!(within("arendaja", "arendajad", 1), "an insertion");
        assert!(within("arendaja", "arendja", 1), "a deletion");
        assert!(within("arendaja", "arendaka", 1), "a substitution");
        assert!(within("raamatupidaja", "raamatupidajad", 2));
        assert!(within("raamatupidaja", "raamatupdiajaa", 2));
        assert!(!within("arendaja", "kokk", 1));
    }
}
