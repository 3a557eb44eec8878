//! The user messages of errors in et and ru. English stays the source text in the code
//! (`Error::field(field, "…")`); `messages.json` maps each English message to its translations.
//! A message built with `format!` is listed as its template: the format string with each
//! placeholder written as `{name}` (`{0}`, `{1}`… for unnamed ones, in order), and the
//! translations use the same placeholders in whatever order their language needs. A value put
//! into a placeholder that is itself in the catalogue (a state such as `archived`) is translated
//! as well, and a more specific template (`The link is longer than {max} characters`) wins over
//! the general one it is an instance of (`The {what} is longer than {max} characters`).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::Deserialize;

use crate::platform::locale::Locale;

#[derive(Debug, Deserialize)]
struct Translations {
    et: String,
    ru: String,
}

/// A piece of a template: literal text or a placeholder's name.
#[derive(Debug, PartialEq)]
enum Piece {
    Text(String),
    Hole(String),
}

struct Catalogue {
    exact: HashMap<String, Translations>,
    templates: Vec<(Vec<Piece>, Translations)>,
}

/// Splits a catalogue template into its literal text and `{name}` placeholders.
fn pieces(template: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let Some(length) = rest[start..].find('}') else { break };
        if start > 0 {
            pieces.push(Piece::Text(rest[..start].to_string()));
        }
        pieces.push(Piece::Hole(rest[start + 1..start + length].to_string()));
        rest = &rest[start + length + 1..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest.to_string()));
    }
    pieces
}

/// Whether `text` is an instance of the template `pieces`, with the placeholder values in
/// `found`; each placeholder takes the shortest text that lets the rest match.
fn instance<'p, 't>(pieces: &'p [Piece], text: &'t str, found: &mut Vec<(&'p str, &'t str)>) -> bool {
    let Some((first, rest)) = pieces.split_first() else { return text.is_empty() };
    match first {
        Piece::Text(literal) => text.strip_prefix(literal.as_str()).is_some_and(|after| instance(rest, after, found)),
        Piece::Hole(name) => {
            // a value ends where the text after it starts, or anywhere when a placeholder follows
            let ends: Vec<usize> = match rest.first() {
                Some(Piece::Text(literal)) => text.match_indices(literal.as_str()).map(|(at, _)| at).collect(),
                _ => text.char_indices().map(|(at, _)| at).chain(std::iter::once(text.len())).collect(),
            };
            for end in ends {
                found.push((name.as_str(), &text[..end]));
                if instance(rest, &text[end..], found) {
                    return true;
                }
                found.pop();
            }
            false
        }
    }
}

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let entries: BTreeMap<String, Translations> =
            serde_json::from_str(include_str!("messages.json")).expect("messages.json is a map of message to {et, ru}");
        let mut exact = HashMap::new();
        let mut templates = Vec::new();
        for (english, translations) in entries {
            let template = pieces(&english);
            if template.iter().any(|piece| matches!(piece, Piece::Hole(_))) {
                templates.push((template, translations));
            } else {
                exact.insert(english, translations);
            }
        }
        // the template with the most literal text first, so a specific one wins over a general one
        templates.sort_by_key(|(pieces, _)| {
            std::cmp::Reverse(pieces.iter().map(|piece| if let Piece::Text(text) = piece { text.len() } else { 0 }).sum::<usize>())
        });
        Catalogue { exact, templates }
    })
}

impl Translations {
    /// The text in `locale`; none for English, the source text.
    fn get(&self, locale: Locale) -> Option<&str> {
        match locale {
            Locale::Et => Some(&self.et),
            Locale::Ru => Some(&self.ru),
            Locale::En => None,
        }
    }
}

/// `message` in `locale`: the catalogue's translation, or the English text when it has none (and
/// for English).
pub fn translate(message: &str, locale: Locale) -> Cow<'_, str> {
    if locale == Locale::En {
        return Cow::Borrowed(message);
    }
    let catalogue = catalogue();
    let known = |text: &str| catalogue.exact.get(text).and_then(|translations| translations.get(locale));
    if let Some(translation) = known(message) {
        return Cow::Owned(translation.to_string());
    }
    for (template, translations) in &catalogue.templates {
        let mut found = Vec::new();
        if instance(template, message, &mut found)
            && let Some(translation) = translations.get(locale)
        {
            let mut text = translation.to_string();
            for (name, value) in found {
                // a value that is itself in the catalogue (a state, a label) is translated too
                text = text.replace(&format!("{{{name}}}"), known(value).unwrap_or(value));
            }
            return Cow::Owned(text);
        }
    }
    Cow::Borrowed(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    /// The catalogue template of a Rust format string: `{}` becomes `{0}`, `{1}`…, a format
    /// spec (`{c:04X}`, `{:?}`) is dropped, `{{`/`}}` stay literal braces.
    fn template_of(format: &str) -> String {
        let mut template = String::new();
        let mut unnamed = 0;
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '{' if chars.peek() == Some(&'{') => {
                    chars.next();
                    template.push('{');
                }
                '}' if chars.peek() == Some(&'}') => {
                    chars.next();
                    template.push('}');
                }
                '{' => {
                    let mut inside = String::new();
                    for c in chars.by_ref() {
                        if c == '}' {
                            break;
                        }
                        inside.push(c);
                    }
                    let name = inside.split(':').next().unwrap_or("").trim().to_string();
                    let name = if name.is_empty() {
                        unnamed += 1;
                        (unnamed - 1).to_string()
                    } else {
                        name
                    };
                    template.push_str(&format!("{{{name}}}"));
                }
                c => template.push(c),
            }
        }
        template
    }

    /// The value of a Rust string literal starting at `text` (after its opening quote), and the
    /// rest after the closing quote.
    fn string_literal(text: &str) -> (String, &str) {
        let mut value = String::new();
        let mut chars = text.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => return (value, &text[i + 1..]),
                '\\' => match chars.next() {
                    Some((_, 'n')) => value.push('\n'),
                    Some((_, 't')) => value.push('\t'),
                    Some((j, '\n')) => {
                        // a line continuation: the next line's leading blanks are dropped
                        let rest = &text[j + 1..];
                        let skipped = rest.len() - rest.trim_start().len();
                        for _ in 0..skipped {
                            chars.next();
                        }
                    }
                    Some((_, other)) => value.push(other),
                    None => break,
                },
                c => value.push(c),
            }
        }
        (value, "")
    }

    /// The top-level arguments of the call whose text starts right after its opening parenthesis.
    fn call_arguments(text: &str) -> Vec<&str> {
        let mut arguments = Vec::new();
        let (mut depth, mut start, mut in_string, mut escaped) = (0usize, 0usize, false, false);
        for (i, c) in text.char_indices() {
            if in_string {
                match c {
                    _ if escaped => escaped = false,
                    '\\' => escaped = true,
                    '"' => in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => in_string = true,
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' if depth == 0 => {
                    arguments.push(text[start..i].trim());
                    return arguments;
                }
                ')' | ']' | '}' => depth -= 1,
                ',' if depth == 0 => {
                    arguments.push(text[start..i].trim());
                    start = i + 1;
                }
                _ => {}
            }
        }
        arguments
    }

    /// The message an argument spells out: a literal, or the template of a `format!` literal.
    fn message_of(argument: &str) -> Option<String> {
        let argument = argument.trim_end_matches(".into()").trim_end_matches(".to_string()");
        if let Some(literal) = argument.strip_prefix('"') {
            return Some(template_of(&string_literal(literal).0));
        }
        let inside = argument.strip_prefix("format!(")?.trim_start();
        Some(template_of(&string_literal(inside.strip_prefix('"')?).0))
    }

    /// The calls that carry a user message, and which argument it is: the error's constructors,
    /// `respond` of the HTTP layer, and the helpers of the areas that take a message.
    const CALLS: [(&str, usize); 8] = [
        ("Error::field(", 1),
        ("Error::with_message(", 1),
        ("ApiError::invalid(", 0),
        ("respond(ErrorCode::", 1),
        ("refuse(", 0),
        ("require(", 2),
        ("not_changeable(", 0),
        ("refused_token(", 0),
    ];

    /// The functions whose every literal is a user message.
    const MESSAGE_TABLES: [&str; 2] = ["pub fn default_message(self)", "pub fn wrong_file_message(self)"];

    /// The value of `const NAME: &str = "…";` in `source`.
    fn constant(source: &str, name: &str) -> Option<String> {
        let start = source.find(&format!("const {name}: &str = \""))? + name.len() + 16;
        Some(string_literal(&source[start..]).0)
    }

    fn rust_files(folder: &Path, files: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, files);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                files.push(path);
            }
        }
    }

    /// Every literal message of an error site under domain/src and api/src, with where it is.
    fn source_messages() -> BTreeMap<String, String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        rust_files(&root.join("src"), &mut files);
        rust_files(&root.join("../api/src"), &mut files);
        let mut messages = BTreeMap::new();
        // this file names the calls it looks for
        files.retain(|file| !file.ends_with("platform/messages.rs"));
        for file in files {
            let source = std::fs::read_to_string(&file).unwrap();
            for (call, position) in CALLS {
                for (at, _) in source.match_indices(call) {
                    let arguments = call_arguments(&source[at + call.len()..]);
                    let Some(argument) = arguments.get(position) else { continue };
                    let named = argument.chars().all(|c| c.is_ascii_uppercase() || c == '_') && !argument.is_empty();
                    let message = if named { constant(&source, argument) } else { message_of(argument) };
                    if let Some(message) = message {
                        let line = source[..at].lines().count();
                        messages.entry(message).or_insert_with(|| format!("{}:{line}", file.display()));
                    }
                }
            }
            for table in MESSAGE_TABLES {
                let Some(start) = source.find(table) else { continue };
                let body = &source[start..];
                let mut rest = &body[..body.find("\n    }\n").unwrap_or(body.len())];
                while let Some(quote) = rest.find('"') {
                    let (message, remaining) = string_literal(&rest[quote + 1..]);
                    messages.entry(message).or_insert_with(|| format!("{}: {table}", file.display()));
                    rest = remaining;
                }
            }
        }
        messages
    }

    #[test]
    fn messages_of_the_error_sites_have_et_and_ru() {
        let catalogue: BTreeMap<String, Translations> = serde_json::from_str(include_str!("messages.json")).unwrap();
        let sources = source_messages();
        assert!(sources.len() > 100, "the scan finds the error sites ({} found)", sources.len());
        let missing: Vec<String> =
            sources.iter().filter(|(message, _)| !catalogue.contains_key(*message)).map(|(message, at)| format!("{at}: {message:?}")).collect();
        assert!(missing.is_empty(), "{} messages have no et and ru in messages.json:\n{}", missing.len(), missing.join("\n"));
    }

    #[test]
    fn messages_translations_are_written_and_keep_the_placeholders() {
        let catalogue: BTreeMap<String, Translations> = serde_json::from_str(include_str!("messages.json")).unwrap();
        let holes = |text: &str| -> BTreeSet<String> {
            pieces(text).into_iter().filter_map(|piece| if let Piece::Hole(name) = piece { Some(name) } else { None }).collect()
        };
        for (english, translations) in &catalogue {
            for translation in [&translations.et, &translations.ru] {
                assert!(!translation.trim().is_empty(), "{english:?} has an empty translation");
                assert_eq!(holes(translation), holes(english), "{translation:?} keeps the placeholders of {english:?}");
            }
        }
    }

    #[test]
    fn messages_are_translated_exactly_and_by_template() {
        assert_eq!(translate("A field is not valid", Locale::En), "A field is not valid");
        assert_eq!(translate("A field is not valid", Locale::Et), "Väli ei ole korrektne");
        assert_eq!(translate("A field is not valid", Locale::Ru), "Поле заполнено неверно");
        assert_eq!(
            translate("title contains a control character (U+0000), which is not accepted", Locale::Et),
            "Väli title sisaldab juhtmärki (U+0000), mida ei aktsepteerita"
        );
        assert_eq!(translate("The link is longer than 500 characters", Locale::Et), "Link on pikem kui 500 märki", "the specific template wins");
        assert_eq!(translate("The venue is longer than 500 characters", Locale::Et), "Väli „venue” on pikem kui 500 märki");
        assert_eq!(
            translate("A vacancy that is archived cannot be published", Locale::Ru),
            "Вакансию в состоянии «в архиве» нельзя перевести в состояние «опубликована»",
            "values in the catalogue are translated too"
        );
        assert_eq!(translate("a message no one wrote", Locale::Ru), "a message no one wrote");
    }

    #[test]
    fn messages_templates_are_read_from_format_strings() {
        assert_eq!(template_of("{field} must be at most {MAX} characters"), "{field} must be at most {MAX} characters");
        assert_eq!(template_of("wrong {} and {:?}, U+{c:04X}"), "wrong {0} and {1}, U+{c}");
        assert_eq!(message_of("format!(\"a {b}\", b = 1)"), Some("a {b}".to_string()));
        assert_eq!(call_arguments("\"title\", format!(\"a, {}\", (1, 2)))"), vec!["\"title\"", "format!(\"a, {}\", (1, 2))"]);
    }
}
