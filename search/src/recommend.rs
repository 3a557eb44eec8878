//! Recommendations: "vacancies for you" from a CV, "similar vacancies" from a vacancy, and "CVs
//! for your vacancy" from a vacancy. Each is a query built from a [`MatchProfile`] and run on the
//! same indexes (and the same analysis) as a search.
//!
//! How a document is scored against a profile (the same for all three, see `docs/search.md`):
//! a document must share a category with the profile or one of the profile's characteristic
//! words (the *core*); then every field it shares adds a fixed amount ([`weights`]) and the words
//! add their BM25 score, scaled. Each hit says which fields it shares ([`Reason`]).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::model::{CvCard, CvDoc, VacancyCard, VacancyDoc};

/// The `ref_work_experiences` codes from the least to the most experience.
pub const EXPERIENCE_ORDER: [&str; 5] =
    ["NO_EXPERIENCE", "LESS_THAN_1", "FROM_1_TO_2", "FROM_3_TO_5", "MORE_THAN_5"];

/// What each shared field adds to a document's score, and how the words count. Fixed from
/// first principles before the judged set was written (see `bench/relevance/README.md`): the
/// category is what a job seeker looks for first, the place whether they can get there, the
/// rest tells apart vacancies of the same kind.
pub mod weights {
    /// Sharing any category.
    pub const CATEGORY: f32 = 3.0;
    /// Per place level shared (town, municipality, county; never the country).
    pub const PLACE: f32 = 0.75;
    /// The employment type (full time, part time…).
    pub const EMPLOYMENT_TYPE: f32 = 1.0;
    /// The experience fits (the CV has at least what the vacancy asks).
    pub const EXPERIENCE: f32 = 0.5;
    /// Per language both name.
    pub const LANGUAGE: f32 = 0.5;
    /// Any driving licence both name.
    pub const LICENCE: f32 = 1.0;
    /// The words: the BM25 score of each characteristic word times its relative weight
    /// (1 for the most characteristic, less for the others, as Lucene's MoreLikeThis), times this.
    pub const WORDS: f32 = 0.5;
    /// At most this many characteristic words of the profile's text.
    pub const MAX_WORDS: usize = 25;
    /// A word in more than this share of the documents characterises nothing.
    pub const MAX_WORD_SHARE: f64 = 0.3;
    /// Words shorter than this (in characters) are left out.
    pub const MIN_WORD_CHARS: usize = 3;
}

/// What a recommendation is made from: a CV (for vacancies) or a vacancy (for CVs or similar
/// vacancies). Codes are those of the reference tables; an empty list matches nothing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MatchProfile {
    pub category_codes: Vec<String>,
    /// Place codes, the most specific first (a town, then its municipality and county); the
    /// country is never matched on.
    pub place_codes: Vec<String>,
    pub employment_types: Vec<String>,
    /// The `ref_work_experiences` codes a document may have to count as fitting.
    pub experience_codes: Vec<String>,
    pub language_codes: Vec<String>,
    pub driver_licences: Vec<String>,
    /// The text whose characteristic words are looked for.
    pub text: String,
}

/// Whether a place code names a country (`EE`): every document shares it, so it tells nothing.
fn is_country(code: &str) -> bool {
    !code.is_empty() && code.chars().all(|c| c.is_ascii_alphabetic())
}

fn places(codes: &[String]) -> Vec<String> {
    codes.iter().filter(|c| !is_country(c)).cloned().collect()
}

fn experience_rank(code: &str) -> Option<usize> {
    EXPERIENCE_ORDER.iter().position(|c| *c == code)
}

impl MatchProfile {
    /// A CV, matched against vacancies: a vacancy fits its experience when it asks for no more
    /// than the CV has.
    pub fn of_cv(doc: &CvDoc) -> MatchProfile {
        let card = &doc.card;
        let experience_codes = match card.work_experience.as_deref().and_then(experience_rank) {
            Some(rank) => EXPERIENCE_ORDER[..=rank].iter().map(|c| c.to_string()).collect(),
            None => Vec::new(),
        };
        let text = [card.title.as_deref().unwrap_or_default(), &doc.text].join("\n");
        MatchProfile {
            category_codes: card.category_codes.clone(),
            place_codes: places(&card.place_codes),
            employment_types: card.employment_types.clone(),
            experience_codes,
            language_codes: card.language_codes.clone(),
            driver_licences: card.driver_licences.clone(),
            text,
        }
    }

    /// A vacancy, matched against CVs: a CV fits its experience when it has at least what the
    /// vacancy asks for.
    pub fn of_vacancy(doc: &VacancyDoc) -> MatchProfile {
        let experience_codes = match doc.work_experience.as_deref().and_then(experience_rank) {
            Some(rank) => EXPERIENCE_ORDER[rank..].iter().map(|c| c.to_string()).collect(),
            None => Vec::new(),
        };
        MatchProfile {
            experience_codes,
            ..MatchProfile::similar_to(doc)
        }
    }

    /// A vacancy, matched against other vacancies: the same experience asked.
    pub fn similar_to(doc: &VacancyDoc) -> MatchProfile {
        MatchProfile {
            category_codes: doc.category_codes.clone(),
            place_codes: places(&doc.place_codes),
            employment_types: doc.employment_type.iter().cloned().collect(),
            experience_codes: doc.work_experience.iter().cloned().collect(),
            language_codes: doc.language_codes.clone(),
            driver_licences: doc.driver_licences.clone(),
            text: [doc.text.et.as_str(), &doc.text.en, &doc.text.ru].join("\n"),
        }
    }
}

/// Which field a recommended document shares with the profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReasonKind {
    Category,
    Place,
    EmploymentType,
    Experience,
    Language,
    Licence,
    Words,
}

/// One reason a document was recommended: the kind and the shared values (a category code; the
/// most specific shared place code; the employment type; the document's experience code; one
/// language code; the shared licence codes; the shared words as the index holds them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reason {
    pub kind: ReasonKind,
    pub values: Vec<String>,
}

/// Live vacancies for a profile (a CV).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VacancyRecommendationQuery {
    pub profile: MatchProfile,
    /// Vacancies never to recommend (applied to, hidden).
    pub exclude: Vec<Uuid>,
    pub size: u32,
    /// Vacancies whose `valid_until` is before this are not live.
    pub now: DateTime<Utc>,
}

/// A recommended vacancy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecommendedVacancy {
    pub card: VacancyCard,
    pub score: f32,
    /// In the order of [`ReasonKind`]; words last.
    pub reasons: Vec<Reason>,
}

/// Live vacancies like a vacancy: not itself, not the same company's copy of it (the same
/// company and the same occupation or title).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimilarVacancyQuery {
    pub vacancy: VacancyDoc,
    pub size: u32,
    pub now: DateTime<Utc>,
}

/// CVs of the CV database for a profile (a vacancy).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CvMatchQuery {
    pub profile: MatchProfile,
    /// Zero-based.
    pub page: u32,
    pub size: u32,
}

/// A CV for a vacancy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchedCv {
    pub card: CvCard,
    pub score: f32,
    pub reasons: Vec<Reason>,
}

/// One page of CVs for a vacancy, the best first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CvMatches {
    pub hits: Vec<MatchedCv>,
    /// CVs that fit at all (share the core).
    pub total: u64,
    pub took_ms: u64,
}
