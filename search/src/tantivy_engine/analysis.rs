//! Text analysis shared by indexing and querying.
//!
//! Every searchable text is indexed once, into one field, as its words lowercased and folded
//! ("Töötajad" -> "tootajad"): [`FoldedWords`]. That term is what the as-you-type prefix and the
//! typo-tolerant (fuzzy) matching work on, and it is the only work indexing does per word.
//!
//! Inflections are matched at query time instead ([`Stemmers`] and the text query module): a
//! query word's stem in each language (Snowball's Estonian, English and Russian stemmers) is
//! compared with the stems of the indexed terms that could share it, and every term that does
//! joins the query. Stemming at index time meant a second field per text, analysed a second
//! time, which took a third of a full rebuild.
//!
//! Stems are taken of the folded word on both sides ("töötaja" and "tootaja" both stem from
//! "tootaja"), so a word meets its inflections whichever way a person types its letters.

use std::borrow::Cow;
use std::sync::LazyLock;

use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, RawTokenizer, Stemmer, TextAnalyzer, Token, TokenStream,
    Tokenizer, TokenizerManager,
};

/// Lowercased and folded words of any language: the analyzer of every indexed text.
pub(crate) const RAW: &str = "vakants_raw";

/// Words this long or longer are noise (URLs, hashes) and are dropped, as tantivy's
/// `RemoveLongFilter` with this limit drops them.
const MAX_TOKEN_BYTES: usize = 60;

/// Registers the analyzer on an index's tokenizer manager.
pub(crate) fn register(manager: &TokenizerManager) {
    manager.register(RAW, TextAnalyzer::from(FoldedWords::default()));
}

/// The languages whose inflections a query matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Lang {
    Estonian,
    English,
    Russian,
}

impl Lang {
    pub(crate) const ALL: [Lang; 3] = [Lang::Estonian, Lang::English, Lang::Russian];
}

/// The stemmers of the three languages, over folded words.
pub(crate) struct Stemmers {
    english: TextAnalyzer,
    russian: TextAnalyzer,
}

impl Stemmers {
    pub(crate) fn new() -> Stemmers {
        let stemmer = |language| {
            TextAnalyzer::builder(RawTokenizer::default())
                .filter(Stemmer::new(language))
                .build()
        };
        Stemmers {
            english: stemmer(Language::English),
            russian: stemmer(Language::Russian),
        }
    }

    /// The stem of `word` (a term of the index: lowercased and folded) in `lang`, folded.
    pub(crate) fn stem(&mut self, lang: Lang, word: &str) -> String {
        let stem = match lang {
            Lang::Estonian => estonian_stem(word).into_owned(),
            Lang::English => first_term(&mut self.english, word),
            Lang::Russian => first_term(&mut self.russian, word),
        };
        if stem.is_ascii() {
            return stem;
        }
        let mut folded = String::with_capacity(stem.len());
        fold_into(&stem, &mut folded);
        folded
    }
}

fn first_term(analyzer: &mut TextAnalyzer, word: &str) -> String {
    let mut stream = analyzer.token_stream(word);
    if stream.advance() {
        stream.token().text.clone()
    } else {
        String::new()
    }
}

/// Splits text into words (runs of alphanumeric characters, as tantivy's
/// [`SimpleTokenizer`](tantivy::tokenizer::SimpleTokenizer)), drops the overlong ones and
/// lowercases and folds the rest in the same pass: the terms of tantivy's chain
/// `SimpleTokenizer`, `RemoveLongFilter`, `LowerCaser`, `AsciiFoldingFilter`, without its
/// three copies of every word. Both of those filters work one character at a time, so a
/// table of what they make of each character gives the same result.
#[derive(Clone, Default)]
pub(crate) struct FoldedWords {
    token: Token,
}

pub(crate) struct FoldedWordStream<'a> {
    text: &'a str,
    offset: usize,
    token: &'a mut Token,
}

impl Tokenizer for FoldedWords {
    type TokenStream<'a> = FoldedWordStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> FoldedWordStream<'a> {
        self.token.reset();
        FoldedWordStream {
            text,
            offset: 0,
            token: &mut self.token,
        }
    }
}

impl TokenStream for FoldedWordStream<'_> {
    fn advance(&mut self) -> bool {
        let bytes = self.text.as_bytes();
        let out = &mut self.token.text;
        loop {
            // to the start of the next word
            let mut at = self.offset;
            let start = loop {
                let Some(&byte) = bytes.get(at) else {
                    self.offset = at;
                    return false;
                };
                if byte < 0x80 {
                    if byte.is_ascii_alphanumeric() {
                        break at;
                    }
                    at += 1;
                } else {
                    let c = self.text[at..].chars().next().expect("at a char boundary");
                    if is_alphanumeric(c) {
                        break at;
                    }
                    at += c.len_utf8();
                }
            };
            // the word, lowercased and folded as it is read: runs of ASCII letters and digits
            // are copied whole and lowercased in place
            out.clear();
            loop {
                let run = at;
                while bytes.get(at).is_some_and(u8::is_ascii_alphanumeric) {
                    at += 1;
                }
                if at > run {
                    let from = out.len();
                    out.push_str(&self.text[run..at]);
                    out[from..].make_ascii_lowercase();
                }
                match bytes.get(at) {
                    Some(&byte) if byte >= 0x80 => {
                        let c = self.text[at..].chars().next().expect("at a char boundary");
                        if !is_alphanumeric(c) {
                            break;
                        }
                        fold_char_into(c, out);
                        at += c.len_utf8();
                    }
                    _ => break,
                }
            }
            self.offset = at;
            // a dropped word still takes its position, as with tantivy's filter
            self.token.position = self.token.position.wrapping_add(1);
            if at - start >= MAX_TOKEN_BYTES {
                continue;
            }
            self.token.offset_from = start;
            self.token.offset_to = at;
            return true;
        }
    }

    fn token(&self) -> &Token {
        self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        self.token
    }
}

/// Appends `word` lowercased and folded to `out`.
fn fold_into(word: &str, out: &mut String) {
    for c in word.chars() {
        fold_char_into(c, out);
    }
}

fn fold_char_into(c: char, out: &mut String) {
    let code = c as u32;
    if code < 0x80 {
        out.push(c.to_ascii_lowercase());
    } else if code < 0x10000 {
        let (from, to) = FOLDED.spans[code as usize];
        out.push_str(&FOLDED.text[from as usize..to as usize]);
    } else {
        out.push_str(&fold_char(c, &mut ascii_folding()));
    }
}

/// What lowercasing and then folding make of each character of the Basic Multilingual Plane.
struct FoldTable {
    text: String,
    spans: Vec<(u32, u32)>,
}

static FOLDED: LazyLock<FoldTable> = LazyLock::new(|| {
    let mut text = String::new();
    let mut spans = Vec::with_capacity(0x10000);
    let mut folding = ascii_folding();
    for code in 0..0x10000u32 {
        let from = text.len() as u32;
        if let Some(c) = char::from_u32(code) {
            text.push_str(&fold_char(c, &mut folding));
        }
        spans.push((from, text.len() as u32));
    }
    FoldTable { text, spans }
});

/// One character through tantivy's `LowerCaser` (the standard library's lowercase of each
/// character) and `AsciiFoldingFilter` (`folding`, made by [`ascii_folding`]).
fn fold_char(c: char, folding: &mut TextAnalyzer) -> String {
    let lower: String = c.to_lowercase().collect();
    if lower.is_ascii() {
        return lower;
    }
    first_term(folding, &lower)
}

fn ascii_folding() -> TextAnalyzer {
    TextAnalyzer::builder(RawTokenizer::default())
        .filter(AsciiFoldingFilter)
        .build()
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
    use tantivy::tokenizer::{LowerCaser, RemoveLongFilter, SimpleTokenizer};

    use super::*;

    fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<(String, usize, usize, usize)> {
        let mut stream = analyzer.token_stream(text);
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

    /// Tantivy's own chain, which [`FoldedWords`] does in one pass.
    fn plain_chain() -> TextAnalyzer {
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .build()
    }

    #[test]
    fn folded_words_are_the_terms_of_tantivys_chain() {
        let long = "x".repeat(MAX_TOKEN_BYTES);
        let text = format!(
            "Müüja-kassapidaja (0,5 kohta)! Продавец—кассир №1; ÆSIR Straße naïve café ½ Ⅻ \
             𝔘𝔫𝔦 😀x y\u{301}z İstanbul ΣΊΣΥΦΟΣ {long} {}ä ok  ",
            &long[1..]
        );
        let mut folded = TextAnalyzer::from(FoldedWords::default());
        let mut plain = plain_chain();
        assert_eq!(tokens(&mut folded, &text), tokens(&mut plain, &text));
        // every character, inside a word
        for code in 0..0x11000u32 {
            if let Some(c) = char::from_u32(code) {
                assert_eq!(is_alphanumeric(c), c.is_alphanumeric(), "{code:x}");
                let word = format!("a{c}Z{c}");
                assert_eq!(
                    tokens(&mut folded, &word),
                    tokens(&mut plain, &word),
                    "{code:x}"
                );
            }
        }
    }

    #[test]
    fn inflections_share_a_stem_whichever_way_the_letters_are_typed() {
        let mut stemmers = Stemmers::new();
        let mut stem = |lang, word: &str| {
            let mut folded = String::new();
            fold_into(word, &mut folded);
            stemmers.stem(lang, &folded)
        };
        for (lang, words) in [
            (
                Lang::Estonian,
                &["töötaja", "töötajad", "tootajat", "töötajale"][..],
            ),
            (Lang::Estonian, &["kokk", "koka", "kokad"][..]),
            (Lang::Estonian, &["autojuht", "autojuhi", "autojuhid"][..]),
            (Lang::English, &["drivers", "driver", "DRIVERS"][..]),
            (Lang::Russian, &["продавца", "продавцом", "ПРОДАВЦЫ"][..]),
        ] {
            let stems: Vec<String> = words.iter().map(|word| stem(lang, word)).collect();
            assert!(
                stems.iter().all(|s| s == &stems[0]),
                "{lang:?} {words:?} -> {stems:?}"
            );
        }
        assert_ne!(stem(Lang::Estonian, "kokk"), stem(Lang::Estonian, "kook"));
    }
}
