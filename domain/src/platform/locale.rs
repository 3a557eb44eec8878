//! The three interface languages; et is the fallback.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    #[default]
    Et,
    En,
    Ru,
}

impl Locale {
    pub const ALL: [Locale; 3] = [Locale::Et, Locale::En, Locale::Ru];

    pub fn code(self) -> &'static str {
        match self {
            Locale::Et => "et",
            Locale::En => "en",
            Locale::Ru => "ru",
        }
    }

    /// The language of a URL's first segment, `/{lang}/…`: exactly a code of [`Locale::ALL`]
    /// (the codes the web router gives its page routes; `EN` is not one), unlike [`Locale::from_code`],
    /// which reads a user's choice loosely.
    pub fn from_path_segment(segment: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|locale| locale.code() == segment)
    }

    pub fn from_code(code: &str) -> Option<Self> {
        match code.trim().to_ascii_lowercase().as_str() {
            "et" => Some(Locale::Et),
            "en" => Some(Locale::En),
            "ru" => Some(Locale::Ru),
            _ => None,
        }
    }

    /// Picks the best supported language of an `Accept-Language` header by quality, et when none fits.
    pub fn from_accept_language(header: &str) -> Self {
        let mut best: Option<(Locale, f32)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let quality = pieces
                .find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()))
                .unwrap_or(1.0);
            let primary = tag.split('-').next().unwrap_or("");
            if let Some(locale) = Locale::from_code(primary)
                && best.is_none_or(|(_, q)| quality > q)
            {
                best = Some((locale, quality));
            }
        }
        best.map(|(l, _)| l).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_supported_language() {
        assert_eq!(Locale::from_accept_language("ru-RU,ru;q=0.9,en;q=0.8"), Locale::Ru);
        assert_eq!(Locale::from_accept_language("de-DE,en;q=0.5"), Locale::En);
        assert_eq!(Locale::from_accept_language("fr"), Locale::Et);
        assert_eq!(Locale::from_accept_language("et;q=0.2, en;q=0.9"), Locale::En);
        assert_eq!(Locale::from_accept_language(""), Locale::Et);
    }

    #[test]
    fn a_path_segment_is_a_language_only_as_its_exact_code() {
        assert_eq!(Locale::from_path_segment("ru"), Some(Locale::Ru));
        assert_eq!(Locale::from_path_segment("EN"), None);
        assert_eq!(Locale::from_path_segment(" et"), None);
        assert_eq!(Locale::from_code(" EN"), Some(Locale::En), "a user's choice is read loosely");
    }
}
