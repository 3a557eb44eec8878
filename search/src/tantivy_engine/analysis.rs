//! Text analysis shared by indexing and querying.
//!
//! Every searchable text goes into four fields: one per language, stemmed with that language's
//! Snowball stemmer so inflections meet ("müüjad" and "müüjat" both become "müüja"), and a
//! `raw` field that is only lowercased and folded, which carries the as-you-type prefix and the
//! typo-tolerant (fuzzy) matching: fuzzy and prefix matching on stems would match unrelated
//! words whose stems happen to be close.
//!
//! Folding runs *after* stemming: the Estonian stemmer needs the real letters to recognise
//! endings, and folding afterwards puts "töötaja" and "tootaja" on the same term whichever of
//! the two a person types.

use std::borrow::Cow;
use std::mem;

use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer,
    TextAnalyzer, Token, TokenFilter, TokenStream, Tokenizer, TokenizerManager,
};

/// Stemmed Estonian text.
pub(crate) const ESTONIAN: &str = "vakants_et";
/// Stemmed English text.
pub(crate) const ENGLISH: &str = "vakants_en";
/// Stemmed Russian text.
pub(crate) const RUSSIAN: &str = "vakants_ru";
/// Lowercased and folded words of any language.
pub(crate) const RAW: &str = "vakants_raw";

/// Words longer than this are noise (URLs, hashes) and are dropped.
const MAX_TOKEN_BYTES: usize = 60;

/// Registers the analyzers on an index's tokenizer manager.
pub(crate) fn register(manager: &TokenizerManager) {
    manager.register(
        ESTONIAN,
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
            .filter(LowerCaser)
            .filter(EstonianStemmer)
            .filter(AsciiFoldingFilter)
            .build(),
    );
    manager.register(ENGLISH, stemmed(Language::English));
    manager.register(RUSSIAN, stemmed(Language::Russian));
    manager.register(
        RAW,
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .build(),
    );
}

fn stemmed(language: Language) -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(Stemmer::new(language))
        .filter(AsciiFoldingFilter)
        .build()
}

/// Runs `analyzer` over `text` and returns the terms it produces.
pub(crate) fn terms(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// Snowball's Estonian stemmer as a tantivy token filter (tantivy ships no Estonian stemmer).
///
/// Snowball strips case endings but leaves consonant gradation alone, so "kokk"/"koka" and
/// "autojuht"/"autojuhi" would stay apart; [`estonian_stem`] evens out the stem's end on top.
#[derive(Clone, Copy)]
pub(crate) struct EstonianStemmer;

impl TokenFilter for EstonianStemmer {
    type Tokenizer<T: Tokenizer> = EstonianStemmerFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> Self::Tokenizer<T> {
        EstonianStemmerFilter { inner: tokenizer }
    }
}

#[derive(Clone)]
pub(crate) struct EstonianStemmerFilter<T> {
    inner: T,
}

impl<T: Tokenizer> Tokenizer for EstonianStemmerFilter<T> {
    type TokenStream<'a> = EstonianStemmerStream<T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        EstonianStemmerStream {
            tail: self.inner.token_stream(text),
        }
    }
}

pub(crate) struct EstonianStemmerStream<T> {
    tail: T,
}

impl<T: TokenStream> TokenStream for EstonianStemmerStream<T> {
    fn advance(&mut self) -> bool {
        if !self.tail.advance() {
            return false;
        }
        let token = self.tail.token_mut();
        let stemmed = match estonian_stem(&token.text) {
            Cow::Borrowed(_) => return true,
            Cow::Owned(stemmed) => stemmed,
        };
        let _ = mem::replace(&mut token.text, stemmed);
        true
    }

    fn token(&self) -> &Token {
        self.tail.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.tail.token_mut()
    }
}

/// Stems one lowercased Estonian word: Snowball, then a final stem vowel (a, e, i, u) is
/// dropped, a final double consonant is merged and a final "t" after a consonant is dropped,
/// each only while at least three letters remain ("koka", "kokk" -> "kok"; "autojuhi",
/// "autojuht" -> "autojuh"; "arsti", "arst" -> "ars"). The stem is a search key, not a word:
/// indexing and querying go through the same steps, so only the meeting matters.
pub(crate) fn estonian_stem(word: &str) -> Cow<'_, str> {
    let stem = waken_snowball::stem(waken_snowball::Algorithm::Estonian, word);
    let mut chars: Vec<char> = stem.chars().collect();
    let original_len = chars.len();
    if chars.len() > 3 && matches!(chars.last(), Some('a' | 'e' | 'i' | 'u')) {
        chars.pop();
    }
    let n = chars.len();
    if n > 3 && chars[n - 1] == chars[n - 2] && is_consonant(chars[n - 1]) {
        chars.pop();
    }
    let n = chars.len();
    if n > 3 && chars[n - 1] == 't' && is_consonant(chars[n - 2]) {
        chars.pop();
    }
    if chars.len() == original_len {
        return stem;
    }
    Cow::Owned(chars.into_iter().collect())
}

fn is_consonant(c: char) -> bool {
    c.is_alphabetic() && !"aeiouõäöüy".contains(c)
}
