//! The word lists of the signals (`words.json`, one file for every language) and the matcher that
//! finds their phrases in a text.
//!
//! A text is read as its words: lowercased, `ё` as `е`, split at every character that is not a
//! letter or a digit and where letters meet digits ("35-aastased" and "35aastased" are both
//! `35 aastased`). A phrase is words separated by spaces; a word ending in `*` matches every word
//! starting so (Estonian and Russian inflect: `palga*` finds "palga", "palgaga"), a lone `*` any one
//! word and `#` any number. No regular expressions: the lists stay readable for the people who
//! keep them, and the same rules run in the browser (`web/src/features/vacancy-editor/payHistory.ts`).

use std::sync::LazyLock;

use serde::Deserialize;

/// The lists as `words.json` holds them.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct WordLists {
    pub pay_history: PerLanguage,
    pub discriminatory: PerLanguage,
    pub training_fee: PerLanguage,
    pub gift_cards_crypto: PerLanguage,
    pub messengers: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct PerLanguage {
    pub et: Vec<String>,
    pub en: Vec<String>,
    pub ru: Vec<String>,
}

impl PerLanguage {
    /// Every language's phrases: a text in one language may quote another, and an ad's languages
    /// are not always the ones it is labelled with.
    pub fn all(&self) -> impl Iterator<Item = &String> {
        self.et.iter().chain(&self.en).chain(&self.ru)
    }
}

pub(super) const SOURCE: &str = include_str!("words.json");

pub(super) static LISTS: LazyLock<WordLists> =
    LazyLock::new(|| serde_json::from_str(SOURCE).expect("domain/src/signals/words.json is valid"));

/// The words of a text (see the module's comment).
pub(super) fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut current_is_digit = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        let c = if c == 'ё' { 'е' } else { c };
        if c.is_alphanumeric() {
            let is_digit = c.is_ascii_digit();
            if !current.is_empty() && is_digit != current_is_digit {
                out.push(std::mem::take(&mut current));
            }
            current_is_digit = is_digit;
            current.push(c);
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

fn word_matches(pattern: &str, word: &str) -> bool {
    match pattern {
        "*" => true,
        "#" => word.chars().all(|c| c.is_ascii_digit()),
        _ => match pattern.strip_suffix('*') {
            Some(prefix) => word.starts_with(prefix),
            None => pattern == word,
        },
    }
}

/// Where a phrase occurs in `text` (the words of a text), as the words found joined by spaces;
/// each occurrence once.
pub(super) fn find_phrase(phrase: &str, text: &[String]) -> Vec<String> {
    let pattern: Vec<String> = phrase.split_whitespace().map(|w| w.to_lowercase().replace('ё', "е")).collect();
    if pattern.is_empty() || pattern.len() > text.len() {
        return Vec::new();
    }
    let mut found = Vec::new();
    for start in 0..=text.len() - pattern.len() {
        let window = &text[start..start + pattern.len()];
        if pattern.iter().zip(window).all(|(p, w)| word_matches(p, w)) {
            let words = window.join(" ");
            if !found.contains(&words) {
                found.push(words);
            }
        }
    }
    found
}

/// What any of `phrases` finds in `text`, each distinct finding once, in the order found.
pub(super) fn find_any<'a>(phrases: impl IntoIterator<Item = &'a String>, text: &[String]) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for phrase in phrases {
        for hit in find_phrase(phrase, text) {
            if !found.contains(&hit) {
                found.push(hit);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_read_as_lowercase_words_split_where_letters_meet_digits() {
        assert_eq!(words("Kuni 35-aastased, NOOR kollektiiv!"), ["kuni", "35", "aastased", "noor", "kollektiiv"]);
        assert_eq!(words("до35 лет; Ёлка"), ["до", "35", "лет", "елка"]);
    }

    #[test]
    fn a_phrase_matches_prefixes_numbers_and_any_word() {
        let text = words("Palun kirjutage oma praeguse palga suurus. Alla 30 aastased.");
        assert_eq!(find_phrase("praegu* palga*", &text), ["praeguse palga"]);
        assert_eq!(find_phrase("alla # aastas*", &text), ["alla 30 aastased"]);
        assert_eq!(find_phrase("kirjutage * praegu*", &text), ["kirjutage oma praeguse"]);
        assert!(find_phrase("praegu* palk*", &text).is_empty());
        assert!(find_phrase("alla # aastat", &text).is_empty());
    }

    #[test]
    fn every_phrase_of_the_lists_is_well_formed() {
        let lists = &*LISTS;
        let every = lists
            .pay_history
            .all()
            .chain(lists.discriminatory.all())
            .chain(lists.training_fee.all())
            .chain(lists.gift_cards_crypto.all())
            .chain(&lists.messengers);
        for phrase in every {
            assert_eq!(phrase, &phrase.to_lowercase(), "{phrase}: lowercase");
            for word in phrase.split(' ') {
                let stem = word.strip_suffix('*').unwrap_or(word);
                assert!(
                    word == "*" || word == "#" || (!stem.is_empty() && stem.chars().all(char::is_alphanumeric)),
                    "{phrase}: `{word}` is a word, a word*, * or #"
                );
                // a word the reader splits in two would never match
                assert!(word == "#" || words(stem).len() <= 1, "{phrase}: `{word}` mixes letters and digits");
            }
        }
    }

    /// The wizard warns about pay-history questions with a copy of the list (the web app is built
    /// on its own): the copy must say what this one says.
    #[test]
    fn the_web_apps_copy_of_the_pay_history_list_is_this_one() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/features/vacancy-editor/payHistoryWords.json");
        let copy: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).expect(path)).unwrap();
        let source: serde_json::Value = serde_json::from_str(SOURCE).unwrap();
        assert_eq!(copy, source["payHistory"], "copy payHistory of domain/src/signals/words.json to {path}");
    }
}
