//! The shared rules of the search requests (the vacancy search, the CV database, the employer
//! autocomplete): lists of codes, free text and paging.

use std::collections::HashSet;

use serde::{Deserialize, Deserializer};
use utoipa::IntoParams;

use crate::platform::error::{Error, Result};

/// Results per page unless asked otherwise.
pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;
/// Results beyond this many are not paged to (ask a narrower question).
pub const MAX_RESULT_WINDOW: u64 = 10_000;
/// Longest free text of a search (`occupation`, the CV search's `search`).
pub const MAX_TEXT: usize = 200;
/// Longest text of the employer autocomplete.
pub const MAX_EMPLOYER_SEARCH: usize = 100;
/// Most values of one list filter (after removing blanks and repeats).
pub const MAX_FILTER_VALUES: usize = 100;
/// Longest value of a list filter, in characters.
pub const MAX_FILTER_VALUE_CHARS: usize = 200;

/// A filter group arrives as one code, a comma-separated list, or an array; values are trimmed,
/// blanks dropped and repeats removed (first occurrence kept) in linear time. How many values and
/// how long each may be is checked by [`check_list`], which names the field.
pub fn one_or_many<'de, D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    let values = match Option::<OneOrMany>::deserialize(deserializer)? {
        None => Vec::new(),
        Some(OneOrMany::One(text)) => text.split(',').map(str::to_string).collect(),
        Some(OneOrMany::Many(list)) => list,
    };
    let mut seen: HashSet<String> = HashSet::with_capacity(values.len());
    let mut clean: Vec<String> = Vec::new();
    for value in values.into_iter().map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) {
        if seen.insert(value.clone()) {
            clean.push(value);
        }
    }
    Ok(clean)
}

/// At most [`MAX_FILTER_VALUES`] values of at most [`MAX_FILTER_VALUE_CHARS`] characters each.
pub fn check_list(field: &'static str, values: &[String]) -> Result<()> {
    if values.len() > MAX_FILTER_VALUES {
        return Err(Error::field(field, format!("{field} takes at most {MAX_FILTER_VALUES} values, not {}", values.len())));
    }
    if values.iter().any(|v| v.chars().count() > MAX_FILTER_VALUE_CHARS) {
        return Err(Error::field(field, format!("A value of {field} is longer than {MAX_FILTER_VALUE_CHARS} characters")));
    }
    Ok(())
}

/// Free text, trimmed; blank is none, longer than `max` characters is refused.
pub fn text_param(field: &'static str, text: Option<String>, max: usize) -> Result<Option<String>> {
    let text = text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    if text.as_ref().is_some_and(|t| t.chars().count() > max) {
        return Err(Error::field(field, format!("{field} is longer than {max} characters")));
    }
    Ok(text)
}

/// The page of a search's results.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    /// Zero-based.
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub size: Option<u32>,
}

impl Paging {
    /// The page and its size, with `default_size` when none is asked for; a page past
    /// [`MAX_RESULT_WINDOW`] is refused.
    pub fn resolve(&self, default_size: u32) -> Result<(u32, u32)> {
        let page = self.page.unwrap_or(0);
        let size = self.size.unwrap_or(default_size);
        if size == 0 || size > MAX_PAGE_SIZE {
            return Err(Error::field("size", format!("Page size must be between 1 and {MAX_PAGE_SIZE}")));
        }
        if (page as u64 + 1) * size as u64 > MAX_RESULT_WINDOW {
            return Err(Error::field("page", format!("Page {page} is out of range: results are paged up to {MAX_RESULT_WINDOW}")));
        }
        Ok((page, size))
    }
}
