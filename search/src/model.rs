//! Plain data exchanged with the engines: the documents the indexer builds from Postgres rows,
//! and the queries and results the API maps to and from its JSON.
//!
//! A document is split in two: the *card* is stored verbatim and returned in hits (so a result
//! page never goes back to Postgres), the rest only feeds filters, facets and text matching.
//! Codes are the `code` columns of the `ref_*` tables; the engines treat them as opaque strings.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// A value per interface language.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Localized<T> {
    pub et: T,
    pub en: T,
    pub ru: T,
}

/// The flags a vacancy can carry. As a [`VacancyDoc`] field they say what the vacancy offers;
/// as a [`VacancyQuery`] field `true` means "must have"; in [`VacancyFacets`] they are counts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VacancyFlags<T = bool> {
    pub for_students: T,
    pub for_underage: T,
    pub for_disabled: T,
    pub for_retired: T,
    pub for_foreigners: T,
    pub remote_work: T,
    pub shift_work: T,
}

/// A teaser (max 85 characters) in one language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Teaser {
    /// `et`, `en` or `ru`.
    pub language_code: String,
    pub content: String,
}

/// What a vacancy card shows (spec 1 section 3, "Vacancy list item"), stored in the index and
/// returned as is in hits. `isFavorite` and `new` are per-viewer or per-request and are computed
/// by the API, not stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VacancyCard {
    pub vacancy_id: Uuid,
    pub occupation_code: Option<String>,
    /// The occupation title per locale (for a CV_BASE vacancy, its free `occupation_label`).
    pub occupation_labels: Localized<String>,
    pub business_name: String,
    pub company_registry_code: String,
    pub company_country_code: String,
    pub company_logo_url: Option<String>,
    /// Comma-separated address as entered.
    pub address: Option<String>,
    /// Euros.
    pub salary_from: Option<f64>,
    /// Euros.
    pub salary_to: Option<f64>,
    /// A `ref_salary_periods` code.
    pub salary_period: Option<String>,
    pub by_agreement: bool,
    /// PRO level: the number of premium stars, 0 for none.
    pub pro_level: u8,
    pub is_branded: bool,
    /// A branded vacancy's cover (`/api/files/{id}`), the card's background. Cards indexed
    /// before the field existed have none; the API looks those up.
    #[serde(default)]
    pub cover_url: Option<String>,
    /// Applying without a CV is allowed ("fast apply").
    pub cv_not_required: bool,
    pub teasers: Vec<Teaser>,
    pub flags: VacancyFlags,
    pub publish_at: Option<DateTime<Utc>>,
    /// When the vacancy was last renewed (or published); the second ranking key.
    pub renewed_at: Option<DateTime<Utc>>,
    /// `None` means open-ended.
    pub valid_until: Option<DateTime<Utc>>,
}

/// A vacancy as indexed. The indexer builds one for every active vacancy (status EXISTS,
/// published, paid, not expired) and deletes the document when the vacancy stops being active;
/// the engines still filter on `valid_until` so an expired vacancy disappears on time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VacancyDoc {
    pub card: VacancyCard,
    /// `ref_categories` codes.
    pub category_codes: Vec<String>,
    /// The vacancy's EHAK place code and every ancestor (city, municipality, county, `EE`),
    /// so that a filter on a county finds the vacancies in its towns. Filled by the indexer.
    pub place_codes: Vec<String>,
    /// A `ref_employment_types` code.
    pub employment_type: Option<String>,
    /// A `ref_work_experiences` code (the required experience).
    pub work_experience: Option<String>,
    /// `ref_languages` codes of the required languages.
    pub language_codes: Vec<String>,
    /// Searchable plain text per language: the occupation label in that language, the teaser
    /// and the description (the rich-text delta flattened to plain text). Each language is
    /// analysed with its own stemmer; a query searches all three.
    pub text: Localized<String>,
}

/// What a CV hit shows in the CV-database list; stored in the index.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CvCard {
    pub cv_id: Uuid,
    pub title: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub category_codes: Vec<String>,
    pub place_codes: Vec<String>,
    pub language_codes: Vec<String>,
    pub education_levels: Vec<String>,
    pub work_experience: Option<String>,
    pub driver_licences: Vec<String>,
    pub employment_types: Vec<String>,
    pub updated_at: DateTime<Utc>,
}

/// A CV as indexed. Only CVs that are ACTIVE, not deleted and VISIBLE to the CV database are
/// indexed; the indexer deletes the document when any of that stops being true.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CvDoc {
    /// Filter and facet values come from the card: `category_codes` (`ref_categories`),
    /// `place_codes` (city and work-location EHAK codes with all their ancestors),
    /// `language_codes`, `education_levels` (`ref_education_levels`), `work_experience`
    /// (the `ref_work_experiences` code the indexer computes from the employment histories),
    /// `driver_licences` and `employment_types`.
    pub card: CvCard,
    /// Everything searchable, in reading order: title, names, the lists (education,
    /// employment histories with descriptions, skills, certificates, courses, references,
    /// portfolio), about me, and the text extracted from the uploaded PDF files. Snippets are
    /// cut from this text.
    pub text: String,
}

/// Filters shared by every page of one search. Inside a group values are OR-ed, groups are
/// AND-ed; an empty group does not filter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VacancyQuery {
    /// The `occupation` parameter: free text, matched as you type (prefix on the last word)
    /// and with typo tolerance on longer words.
    pub text: Option<String>,
    pub category_codes: Vec<String>,
    /// `cityCode`: any EHAK code; a county or municipality finds the vacancies in its towns.
    pub place_codes: Vec<String>,
    pub employment_types: Vec<String>,
    pub work_experiences: Vec<String>,
    pub language_codes: Vec<String>,
    /// Exact business names (from the employer autocomplete).
    pub business_names: Vec<String>,
    /// Keeps vacancies whose upper bound (salary_to, else salary_from) is at least this.
    pub salary_from: Option<f64>,
    /// Keeps vacancies whose lower bound (salary_from, else salary_to) is at most this.
    pub salary_to: Option<f64>,
    /// Keeps vacancies with exactly this salary period.
    pub salary_period: Option<String>,
    /// `true` keeps only vacancies with salary by agreement.
    pub salary_by_agreement: bool,
    /// Each `true` flag must be set on the vacancy.
    pub flags: VacancyFlags,
    /// Zero-based.
    pub page: u32,
    /// Hits per page; 0 returns only counts, facets and stats.
    pub size: u32,
    /// Vacancies whose `valid_until` is before this instant are not returned.
    pub now: DateTime<Utc>,
}

impl Default for VacancyQuery {
    fn default() -> Self {
        VacancyQuery {
            text: None,
            category_codes: Vec::new(),
            place_codes: Vec::new(),
            employment_types: Vec::new(),
            work_experiences: Vec::new(),
            language_codes: Vec::new(),
            business_names: Vec::new(),
            salary_from: None,
            salary_to: None,
            salary_period: None,
            salary_by_agreement: false,
            flags: VacancyFlags::default(),
            page: 0,
            size: 20,
            now: Utc::now(),
        }
    }
}

/// A vacancy in a result page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VacancyHit {
    pub card: VacancyCard,
    /// Text relevance; `None` when the query had no text.
    pub score: Option<f32>,
}

/// How many business names [`VacancyFacets::business_names`] reports besides the selected ones
/// (Meilisearch's default `maxValuesPerFacet`).
pub const BUSINESS_NAME_FACET_LIMIT: usize = 100;

/// The `limit` most frequent of `counts` (ties: the first by value) and every selected value;
/// `counts` must come in value order. Keeps a heap of `limit` whose top is the one to drop
/// next, and copies only the values it returns.
pub(crate) fn most_frequent<'a>(
    counts: impl Iterator<Item = (&'a str, u64)>,
    selected: &[String],
    limit: usize,
) -> BTreeMap<String, u64> {
    use std::cmp::Reverse;
    let mut best: std::collections::BinaryHeap<Reverse<(u64, Reverse<&str>)>> =
        std::collections::BinaryHeap::with_capacity(limit + 1);
    let mut out = BTreeMap::new();
    for (term, count) in counts {
        if selected.iter().any(|value| value == term) {
            out.insert(term.to_owned(), count);
            continue;
        }
        if best.len() == limit {
            // values come in order, so one as frequent as the worst kept ranks after it
            match best.peek() {
                Some(Reverse((worst, _))) if count > *worst => {
                    best.pop();
                }
                _ => continue,
            }
        }
        best.push(Reverse((count, Reverse(term))));
    }
    out.extend(
        best.into_iter()
            .map(|Reverse((count, Reverse(term)))| (term.to_owned(), count)),
    );
    out
}

/// Facet counts per filter group, each computed with every *other* group's filter applied but
/// not its own (disjunctive faceting), so a UI can show how many results choosing one more
/// value of a group would add. Values with a count of zero are absent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct VacancyFacets {
    pub category_codes: BTreeMap<String, u64>,
    pub place_codes: BTreeMap<String, u64>,
    pub employment_types: BTreeMap<String, u64>,
    pub work_experiences: BTreeMap<String, u64>,
    pub language_codes: BTreeMap<String, u64>,
    /// The [`BUSINESS_NAME_FACET_LIMIT`] most frequent companies (ties by name) and every
    /// selected one: a large index holds tens of thousands of companies, more than any
    /// interface lists (names are found with the employer autocomplete).
    pub business_names: BTreeMap<String, u64>,
    /// Vacancies with salary by agreement.
    pub salary_by_agreement: u64,
    /// Vacancies carrying each flag.
    pub flags: VacancyFlags<u64>,
}

/// Salary statistics over all matching vacancies that state a salary (in euros, whatever their
/// period: filter by `salary_period` for comparable numbers).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SalaryStats {
    /// The lowest lower bound (salary_from, else salary_to).
    pub min: Option<f64>,
    /// The highest upper bound (salary_to, else salary_from).
    pub max: Option<f64>,
    /// The mean of each vacancy's midpoint.
    pub avg: Option<f64>,
    /// How many matching vacancies state a salary.
    pub count: u64,
}

/// One page of vacancy search results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VacancyResults {
    /// Ranked: relevance (with text), then PRO level, then renewal date, newest first.
    pub hits: Vec<VacancyHit>,
    /// Matching vacancies over all pages.
    pub total: u64,
    pub total_pages: u32,
    pub facets: VacancyFacets,
    pub salary: SalaryStats,
    /// Time spent in the engine.
    pub took_ms: u64,
    /// The results stay right until this instant at the latest, the first `valid_until` among
    /// the matching vacancies (for callers that keep them); `None` when the engine cannot tell.
    pub fresh_until: Option<DateTime<Utc>>,
}

/// A CV-database search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CvQuery {
    /// Free text over the whole CV, including extracted PDF text.
    pub text: Option<String>,
    pub category_codes: Vec<String>,
    pub place_codes: Vec<String>,
    pub language_codes: Vec<String>,
    pub education_levels: Vec<String>,
    pub work_experiences: Vec<String>,
    pub driver_licences: Vec<String>,
    pub employment_types: Vec<String>,
    /// Zero-based.
    pub page: u32,
    pub size: u32,
}

impl Default for CvQuery {
    fn default() -> Self {
        CvQuery {
            text: None,
            category_codes: Vec::new(),
            place_codes: Vec::new(),
            language_codes: Vec::new(),
            education_levels: Vec::new(),
            work_experiences: Vec::new(),
            driver_licences: Vec::new(),
            employment_types: Vec::new(),
            page: 0,
            size: 20,
        }
    }
}

impl CvQuery {
    /// Whether the query asks for anything; the API rejects a CV search without any criterion.
    pub fn has_criteria(&self) -> bool {
        self.text.as_deref().is_some_and(|t| !t.trim().is_empty())
            || !self.category_codes.is_empty()
            || !self.place_codes.is_empty()
            || !self.language_codes.is_empty()
            || !self.education_levels.is_empty()
            || !self.work_experiences.is_empty()
            || !self.driver_licences.is_empty()
            || !self.employment_types.is_empty()
    }
}

/// A CV in a result page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CvHit {
    pub card: CvCard,
    /// Where the text matched: HTML-escaped CV text with the matched words in
    /// `<mark>…</mark>`. Empty when the query had no text or only fuzzy/prefix matches.
    pub snippet: String,
    pub score: Option<f32>,
}

/// Facet counts of a CV search, disjunctive like [`VacancyFacets`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CvFacets {
    pub category_codes: BTreeMap<String, u64>,
    pub place_codes: BTreeMap<String, u64>,
    pub language_codes: BTreeMap<String, u64>,
    pub education_levels: BTreeMap<String, u64>,
    pub work_experiences: BTreeMap<String, u64>,
    pub driver_licences: BTreeMap<String, u64>,
    pub employment_types: BTreeMap<String, u64>,
}

/// One page of CV search results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CvResults {
    /// Ranked: relevance (with text), then most recently updated.
    pub hits: Vec<CvHit>,
    pub total: u64,
    pub total_pages: u32,
    pub facets: CvFacets,
    pub took_ms: u64,
}

/// The employer autocomplete: names of companies with active vacancies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmployerNameQuery {
    /// The company country (`EE`).
    pub country_code: String,
    /// Matched case-insensitively anywhere in the business name; names starting with it come
    /// first. Empty lists every employer.
    pub search: String,
    /// Zero-based; pages have [`EmployerNameQuery::PAGE_SIZE`] names.
    pub page: u32,
    /// Vacancies past their `valid_until` do not count.
    pub now: DateTime<Utc>,
}

impl EmployerNameQuery {
    /// Names per page of the autocomplete.
    pub const PAGE_SIZE: usize = 10;
}

/// One employer in the autocomplete.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmployerName {
    pub business_name: String,
    pub country_code: String,
    pub registry_code: String,
    /// Active vacancies of the company.
    pub vacancy_count: u64,
}

/// A page of the employer autocomplete.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmployerNames {
    pub names: Vec<EmployerName>,
    pub total: u64,
    pub total_pages: u32,
}
