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
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::mem;
use std::sync::LazyLock;

use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RawTokenizer, RemoveLongFilter, Stemmer,
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
///
/// Each word goes through the same steps as before (lowercase, stem, fold), but the steps after
/// splitting are remembered per word ([`Memoized`]): a text repeats its words, stemming is the
/// dearest step of indexing, and the result of a word does not depend on its neighbours.
pub(crate) fn register(manager: &TokenizerManager) {
    manager.register(
        ESTONIAN,
        words(
            TextAnalyzer::builder(RawTokenizer::default())
                .filter(LowerCaser)
                .filter(EstonianStemmer)
                .filter(AsciiFoldingFilter)
                .build(),
        ),
    );
    manager.register(ENGLISH, stemmed(Language::English));
    manager.register(RUSSIAN, stemmed(Language::Russian));
    manager.register(
        RAW,
        words(
            TextAnalyzer::builder(RawTokenizer::default())
                .filter(LowerCaser)
                .filter(AsciiFoldingFilter)
                .build(),
        ),
    );
}

fn stemmed(language: Language) -> TextAnalyzer {
    words(
        TextAnalyzer::builder(RawTokenizer::default())
            .filter(LowerCaser)
            .filter(Stemmer::new(language))
            .filter(AsciiFoldingFilter)
            .build(),
    )
}

/// Splits text into words, drops the overlong ones and turns each into its term with `word`
/// (an analyzer over one word, which it returns as one token).
fn words(word: TextAnalyzer) -> TextAnalyzer {
    TextAnalyzer::builder(WordTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(Memoized { word })
        .build()
}

/// Tantivy's [`SimpleTokenizer`](tantivy::tokenizer::SimpleTokenizer) (words are runs of alphanumeric characters), with the
/// alphanumeric test of the Basic Multilingual Plane looked up in a table: for letters beyond
/// ASCII (õ, ä, Cyrillic) the standard library searches its Unicode tables, which took a tenth
/// of the indexing time.
#[derive(Clone, Default)]
pub(crate) struct WordTokenizer {
    token: Token,
}

pub(crate) struct WordStream<'a> {
    text: &'a str,
    chars: std::str::CharIndices<'a>,
    token: &'a mut Token,
}

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = WordStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> WordStream<'a> {
        self.token.reset();
        WordStream {
            text,
            chars: text.char_indices(),
            token: &mut self.token,
        }
    }
}

impl TokenStream for WordStream<'_> {
    fn advance(&mut self) -> bool {
        self.token.text.clear();
        self.token.position = self.token.position.wrapping_add(1);
        while let Some((offset_from, c)) = self.chars.next() {
            if is_alphanumeric(c) {
                let offset_to = (&mut self.chars)
                    .find(|(_, c)| !is_alphanumeric(*c))
                    .map_or(self.text.len(), |(offset, _)| offset);
                self.token.offset_from = offset_from;
                self.token.offset_to = offset_to;
                self.token.text.push_str(&self.text[offset_from..offset_to]);
                return true;
            }
        }
        false
    }

    fn token(&self) -> &Token {
        self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        self.token
    }
}

/// `char::is_alphanumeric`, from a bit table for the Basic Multilingual Plane.
fn is_alphanumeric(c: char) -> bool {
    static BMP: LazyLock<Vec<u64>> = LazyLock::new(|| {
        let mut bits = vec![0u64; 0x10000 / 64];
        for code in 0..0x10000u32 {
            if char::from_u32(code).is_some_and(char::is_alphanumeric) {
                bits[(code / 64) as usize] |= 1 << (code % 64);
            }
        }
        bits
    });
    let code = c as u32;
    if code < 0x80 {
        c.is_ascii_alphanumeric()
    } else if code < 0x10000 {
        BMP[(code / 64) as usize] & (1 << (code % 64)) != 0
    } else {
        c.is_alphanumeric()
    }
}

/// Words remembered per analyzer instance before the memory is cleared (an indexing thread
/// holds one instance per segment it writes).
const MEMOIZED_WORDS: usize = 100_000;

/// A token filter that replaces each token's text with what the `word` analyzer makes of it,
/// remembering the results.
#[derive(Clone)]
pub(crate) struct Memoized {
    word: TextAnalyzer,
}

impl TokenFilter for Memoized {
    type Tokenizer<T: Tokenizer> = MemoizedFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> MemoizedFilter<T> {
        MemoizedFilter {
            inner: tokenizer,
            word: self.word,
            terms: HashMap::default(),
        }
    }
}

#[derive(Clone)]
pub(crate) struct MemoizedFilter<T> {
    inner: T,
    word: TextAnalyzer,
    terms: Terms,
}

/// Words and their terms. Keyed with a multiply-rotate hash (as rustc's FxHash): SipHash took
/// a twentieth of the indexing time, and the map only ever holds one analyzer's own words.
type Terms = HashMap<String, String, BuildHasherDefault<WordHasher>>;

#[derive(Default, Clone, Copy)]
pub(crate) struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(last) ^ rest.len() as u64);
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl<T: Tokenizer> Tokenizer for MemoizedFilter<T> {
    type TokenStream<'a> = MemoizedStream<'a, T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        MemoizedStream {
            tail: self.inner.token_stream(text),
            word: &mut self.word,
            terms: &mut self.terms,
        }
    }
}

pub(crate) struct MemoizedStream<'a, T> {
    tail: T,
    word: &'a mut TextAnalyzer,
    terms: &'a mut Terms,
}

impl<T: TokenStream> TokenStream for MemoizedStream<'_, T> {
    fn advance(&mut self) -> bool {
        if !self.tail.advance() {
            return false;
        }
        let token = self.tail.token_mut();
        if let Some(term) = self.terms.get(token.text.as_str()) {
            token.text.clone_from(term);
            return true;
        }
        let mut stream = self.word.token_stream(&token.text);
        let term = if stream.advance() {
            stream.token().text.clone()
        } else {
            String::new()
        };
        drop(stream);
        if self.terms.len() >= MEMOIZED_WORDS {
            self.terms.clear();
        }
        let word = mem::replace(&mut token.text, term.clone());
        self.terms.insert(word, term);
        true
    }

    fn token(&self) -> &Token {
        self.tail.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.tail.token_mut()
    }
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

#[cfg(test)]
mod tests {
    use tantivy::tokenizer::SimpleTokenizer;

    use super::*;

    fn tokens<T: Tokenizer>(mut tokenizer: T, text: &str) -> Vec<(String, usize, usize, usize)> {
        let mut stream = tokenizer.token_stream(text);
        let mut out = Vec::new();
        while stream.advance() {
            let token = stream.token();
            out.push((
                token.text.clone(),
                token.offset_from,
                token.offset_to,
                token.position,
            ));
        }
        out
    }

    #[test]
    fn words_are_split_as_tantivys_simple_tokenizer_splits_them() {
        let text =
            "Müüja-kassapidaja (0,5 kohta)! Продавец—кассир №1; naïve café ½ Ⅻ 𝔘𝔫𝔦 😀x y\u{301}z  ";
        assert_eq!(
            tokens(WordTokenizer::default(), text),
            tokens(SimpleTokenizer::default(), text)
        );
        for code in 0..0x11000u32 {
            if let Some(c) = char::from_u32(code) {
                assert_eq!(is_alphanumeric(c), c.is_alphanumeric(), "{code:x}");
            }
        }
    }

    #[test]
    fn memoized_analyzers_give_the_terms_of_the_plain_chain() {
        let manager = TokenizerManager::default();
        register(&manager);
        let mut plain_et = TextAnalyzer::builder(tantivy::tokenizer::SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
            .filter(LowerCaser)
            .filter(EstonianStemmer)
            .filter(AsciiFoldingFilter)
            .build();
        let mut plain_ru = TextAnalyzer::builder(tantivy::tokenizer::SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
            .filter(LowerCaser)
            .filter(Stemmer::new(Language::Russian))
            .filter(AsciiFoldingFilter)
            .build();
        let text =
            "Autojuhid ja autojuhte otsime; KOKK kokad kokka. Продавцы продавца ПРОДАВЕЦ ёлка";
        let mut et = manager.get(ESTONIAN).unwrap();
        let mut ru = manager.get(RUSSIAN).unwrap();
        // twice: the second pass is answered from memory
        for _ in 0..2 {
            assert_eq!(terms(&mut et, text), terms(&mut plain_et, text));
            assert_eq!(terms(&mut ru, text), terms(&mut plain_ru, text));
        }
    }
}
