//! A vacancy's text: a Quill delta (`{"ops":[…]}`) as a JSON string, sanitized on save so that what
//! is stored holds text inserts and a fixed set of formats only.
//!
//! A small typed serde model rather than a crate: the Quill delta crates on crates.io
//! (`quill-delta-rs`, `quill-delta`, `serialize-quill-delta`) model operational transforms
//! (compose, diff) and keep every attribute as free JSON, so the whitelist below would be written
//! against `serde_json::Value` either way. Reading the ops into [`Op`] and writing only the kept
//! attributes of [`Attributes`] is the whitelist itself.
//!
//! Kept: text inserts (newlines included); `bold`, `italic`, `underline`, `strike`, `blockquote`
//! (when `true`), `header` 1–3, `list` ordered or bullet, and `link` to an http, https or mailto
//! address. Dropped: embeds (images, videos, formulas), `retain` and `delete` ops, every other
//! attribute (colours, fonts, scripts, classes) and any other link. The public page renders the
//! result (`web/src/shared/lib/delta.ts`, which shows strike, blockquote and mailto links as plain
//! text), and the indexer reads its inserts (`indexer/src/text.rs`).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The longest link kept, in characters.
const MAX_LINK: usize = 2000;

#[derive(Deserialize)]
#[serde(untagged)]
enum Stored {
    Delta { ops: Vec<Op> },
    Ops(Vec<Op>),
}

#[derive(Deserialize)]
struct Op {
    insert: Option<Value>,
    attributes: Option<serde_json::Map<String, Value>>,
}

#[derive(Serialize)]
struct Delta<'a> {
    ops: &'a [CleanOp],
}

#[derive(Serialize, PartialEq)]
struct CleanOp {
    insert: String,
    #[serde(skip_serializing_if = "Attributes::is_empty")]
    attributes: Attributes,
}

#[derive(Default, Serialize, PartialEq)]
struct Attributes {
    #[serde(skip_serializing_if = "Option::is_none")]
    bold: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    italic: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    underline: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    strike: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    link: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    header: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    list: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    blockquote: Option<bool>,
}

impl Attributes {
    fn is_empty(&self) -> bool {
        *self == Attributes::default()
    }

    fn kept(raw: &serde_json::Map<String, Value>) -> Attributes {
        let flag = |name: &str| (raw.get(name) == Some(&Value::Bool(true))).then_some(true);
        Attributes {
            bold: flag("bold"),
            italic: flag("italic"),
            underline: flag("underline"),
            strike: flag("strike"),
            link: raw.get("link").and_then(Value::as_str).and_then(safe_link),
            header: raw.get("header").and_then(Value::as_u64).filter(|h| (1..=3).contains(h)).map(|h| h as u8),
            list: match raw.get("list").and_then(Value::as_str) {
                Some("ordered") => Some("ordered"),
                Some("bullet") => Some("bullet"),
                _ => None,
            },
            blockquote: flag("blockquote"),
        }
    }
}

/// The link as the URL parser writes it, when it is an http, https or mailto address.
fn safe_link(href: &str) -> Option<String> {
    let href = href.trim();
    if href.chars().count() > MAX_LINK {
        return None;
    }
    let url = url::Url::parse(href).ok()?;
    matches!(url.scheme(), "http" | "https" | "mailto").then(|| url.to_string())
}

/// A sanitized text.
#[derive(Debug, PartialEq)]
pub struct Sanitized {
    /// The delta to store: `{"ops":[…]}`.
    pub json: String,
    /// Whether it holds any visible text (not only blanks and line breaks).
    pub has_text: bool,
}

/// The text could not be read as a Quill delta.
#[derive(Debug, PartialEq)]
pub struct NotADelta;

/// Sanitizes a stored or submitted delta: `{"ops":[…]}` or a bare list of ops. Anything else,
/// JSON or not, is [`NotADelta`]. Sanitizing a sanitized text gives the same text.
pub fn sanitize(raw: &str) -> Result<Sanitized, NotADelta> {
    let ops = match serde_json::from_str::<Stored>(raw).map_err(|_| NotADelta)? {
        Stored::Delta { ops } | Stored::Ops(ops) => ops,
    };
    let clean: Vec<CleanOp> = ops
        .into_iter()
        .filter_map(|op| {
            let Some(Value::String(insert)) = op.insert else {
                return None;
            };
            let attributes = op.attributes.as_ref().map(Attributes::kept).unwrap_or_default();
            (!insert.is_empty()).then_some(CleanOp { insert, attributes })
        })
        .collect();
    let has_text = clean.iter().any(|op| !op.insert.trim().is_empty());
    let json = serde_json::to_string(&Delta { ops: &clean }).map_err(|_| NotADelta)?;
    Ok(Sanitized { json, has_text })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_the_kept_formats_stay() {
        let raw = r#"{"ops":[{"insert":"Tere "},{"insert":"maailm","attributes":{"bold":true,"italic":true,"color":"red"}},
            {"insert":"\n","attributes":{"header":2}},{"insert":"üks"},{"insert":"\n","attributes":{"list":"bullet"}},
            {"insert":"link","attributes":{"link":"https://vakants.ee/x"}},{"insert":"\n"}]}"#;
        let clean = sanitize(raw).unwrap();
        assert_eq!(
            clean.json,
            r#"{"ops":[{"insert":"Tere "},{"insert":"maailm","attributes":{"bold":true,"italic":true}},{"insert":"\n","attributes":{"header":2}},{"insert":"üks"},{"insert":"\n","attributes":{"list":"bullet"}},{"insert":"link","attributes":{"link":"https://vakants.ee/x"}},{"insert":"\n"}]}"#
        );
        assert!(clean.has_text);
        assert_eq!(sanitize(&clean.json).unwrap(), clean, "sanitizing twice changes nothing");
    }

    #[test]
    fn embeds_scripts_and_unsafe_links_go() {
        let raw = r#"[{"insert":{"image":"https://evil.example/x.png"}},{"insert":"<script>alert(1)</script>",
            "attributes":{"script":"super","link":"javascript:alert(1)"}},{"insert":"mail","attributes":{"link":"mailto:a@b.ee"}},
            {"retain":3},{"delete":1},{"insert":"x","attributes":{"header":6,"list":"checked","bold":"yes"}}]"#;
        let clean = sanitize(raw).unwrap();
        assert_eq!(
            clean.json, r#"{"ops":[{"insert":"<script>alert(1)</script>"},{"insert":"mail","attributes":{"link":"mailto:a@b.ee"}},{"insert":"x"}]}"#,
            "the text of a script op is kept as text (the page escapes it), its attributes are not"
        );
    }

    #[test]
    fn what_is_not_a_delta_is_refused_and_blank_text_is_no_text() {
        assert_eq!(sanitize("plain words"), Err(NotADelta));
        assert_eq!(sanitize(r#"{"text":"x"}"#), Err(NotADelta));
        assert_eq!(sanitize(r#""x""#), Err(NotADelta));
        assert!(!sanitize(r#"{"ops":[{"insert":"  \n"}]}"#).unwrap().has_text);
    }
}
