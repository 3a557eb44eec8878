//! Plain data exchanged with the engines: the documents the indexer builds from Postgres rows,
//! and the queries and results the API maps to and from its JSON. The results the API sends as
//! they are (salary histogram bars, CV facet counts, employer names) carry the API's names and
//! OpenAPI schema here; the others are never renamed, as the stored cards keep their field names.
//!
//! A document is split in two: the *card* is stored verbatim and returned in hits (so a result
//! page never goes back to Postgres), the rest only feeds filters, facets and text matching.
//! Codes are the `code` columns of the `ref_*` tables; the engines treat them as opaque strings.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
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
    /// The ad states its pay (an amount or a range, not only "by agreement"): the card and the
    /// page say "pay range given" (issue 35 §4, the pay transparency directive). Filled by the
    /// indexer; cards indexed before the field existed read false (the API then looks at the
    /// salary itself).
    #[serde(default)]
    pub pay_range: bool,
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

impl VacancyCard {
    /// Whether the ad states its pay ("pay range given", the search's "salary stated" filter):
    /// [`Self::pay_range`], or for a card indexed before that field existed, an amount from or
    /// to.
    pub fn states_pay(&self) -> bool {
        self.pay_range || self.salary_from.is_some() || self.salary_to.is_some()
    }
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
    /// `ref_driver_licences` codes of the required driving licences.
    #[serde(default)]
    pub driver_licences: Vec<String>,
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
    /// The `ref_proficiencies` code of each of `language_codes`, in the same order (empty in
    /// cards indexed before the field existed).
    #[serde(default)]
    pub language_levels: Vec<String>,
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
    /// `true` keeps only vacancies that state their pay ([`VacancyCard::states_pay`]).
    #[serde(default)]
    pub salary_stated: bool,
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
            salary_stated: false,
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
    /// Vacancies that state their pay ([`VacancyCard::states_pay`]).
    #[serde(default)]
    pub salary_stated: u64,
    /// Vacancies carrying each flag.
    pub flags: VacancyFlags<u64>,
}

/// Salary statistics of the matching vacancies that state a salary, one entry per salary
/// period: an hourly and a monthly amount are never averaged together. Every figure is in
/// euros of the entry's period. A vacancy's salary is its lower bound (salary_from, else
/// salary_to), its upper bound (salary_to, else salary_from) and their midpoint; the average,
/// the quartiles and the histogram are of the midpoints.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SalaryStats {
    /// A `ref_salary_periods` code; `None` for salaries stated without a period.
    pub period: Option<String>,
    /// How many matching vacancies state a salary in this period.
    pub count: u64,
    /// The lowest lower bound.
    pub min: f64,
    /// The highest upper bound.
    pub max: f64,
    /// The mean of the midpoints.
    pub avg: f64,
    /// The first quartile, the median and the third quartile of the midpoints (linear
    /// interpolation between the two nearest ranks, as a spreadsheet's `PERCENTILE`).
    pub p25: f64,
    pub median: f64,
    pub p75: f64,
    /// The midpoints counted in at most [`SALARY_HISTOGRAM_BUCKETS`] (+1) buckets of one round
    /// width covering the 5th to the 95th percentile; the first bucket also counts every
    /// midpoint below it (its `from` is then `None`), the last every one above (its `to` is
    /// then `None`). Buckets are `[from, to)`, the last `[from, to]`.
    pub histogram: Vec<SalaryBucket>,
}

/// One bar of a salary histogram: `[from, to)`, the last `[from, to]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SalaryBucket {
    /// Null: the bar also counts every salary below `to`.
    pub from: Option<f64>,
    /// Null: the bar also counts every salary above `from`.
    pub to: Option<f64>,
    pub count: u64,
}

/// How many buckets a salary histogram aims at.
pub const SALARY_HISTOGRAM_BUCKETS: usize = 10;

/// How many matching vacancies state each salary (period, lower and upper bound): what an
/// engine counts, in whatever order and split, and turns into [`SalaryStats`] with
/// [`Self::stats`]. The statistics depend only on the counts (the midpoints are sorted before
/// they are summed), so engines that count the same vacancies answer the same figures.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SalaryDistribution {
    periods: Vec<PeriodSalaries>,
}

#[derive(Debug, Clone, PartialEq)]
struct PeriodSalaries {
    period: Option<String>,
    min: f64,
    max: f64,
    /// Midpoints and how many vacancies have each, unsorted, possibly repeated.
    mids: Vec<(f64, u64)>,
}

impl SalaryDistribution {
    /// Adds `count` vacancies stating `low`–`high` per `period`.
    pub fn add(&mut self, period: Option<&str>, low: f64, high: f64, count: u64) {
        if count == 0 || low.is_nan() || high.is_nan() {
            return;
        }
        let index = match self
            .periods
            .iter()
            .position(|p| p.period.as_deref() == period)
        {
            Some(index) => index,
            None => {
                self.periods.push(PeriodSalaries {
                    period: period.map(str::to_owned),
                    min: low,
                    max: high,
                    mids: Vec::new(),
                });
                self.periods.len() - 1
            }
        };
        let salaries = &mut self.periods[index];
        salaries.min = salaries.min.min(low);
        salaries.max = salaries.max.max(high);
        salaries.mids.push(((low + high) / 2.0, count));
    }

    /// The statistics per period, the period most vacancies state first (ties by code, no
    /// period last).
    pub fn stats(&self) -> Vec<SalaryStats> {
        let mut stats: Vec<SalaryStats> = self.periods.iter().map(period_stats).collect();
        stats.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then_with(|| a.period.is_none().cmp(&b.period.is_none()))
                .then_with(|| a.period.cmp(&b.period))
        });
        stats
    }
}

fn period_stats(salaries: &PeriodSalaries) -> SalaryStats {
    let mut sorted = salaries.mids.clone();
    // stable: an engine adding sorted runs (tantivy: one per segment) gets them merged
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut mids: Vec<(f64, u64)> = Vec::with_capacity(sorted.len());
    for (mid, n) in sorted {
        match mids.last_mut() {
            Some((last, count)) if last.total_cmp(&mid).is_eq() => *count += n,
            _ => mids.push((mid, n)),
        }
    }
    let count: u64 = mids.iter().map(|(_, n)| n).sum();
    let sum: f64 = mids.iter().map(|(mid, n)| mid * *n as f64).sum();
    SalaryStats {
        period: salaries.period.clone(),
        count,
        min: salaries.min,
        max: salaries.max,
        avg: sum / count as f64,
        p25: quantile(&mids, count, 0.25),
        median: quantile(&mids, count, 0.5),
        p75: quantile(&mids, count, 0.75),
        histogram: histogram(&mids, count),
    }
}

/// The value at zero-based `rank` of the sorted values `mids` (value, how many times).
fn at_rank(mids: &[(f64, u64)], rank: u64) -> f64 {
    let mut seen = 0;
    for &(mid, n) in mids {
        seen += n;
        if rank < seen {
            return mid;
        }
    }
    mids.last().map_or(f64::NAN, |(mid, _)| *mid)
}

/// The `p` quantile of `count` sorted values, interpolated between the two nearest ranks.
fn quantile(mids: &[(f64, u64)], count: u64, p: f64) -> f64 {
    let h = (count - 1) as f64 * p;
    let below = h.floor();
    let low = at_rank(mids, below as u64);
    let fraction = h - below;
    if fraction == 0.0 {
        return low;
    }
    let high = at_rank(mids, below as u64 + 1);
    low + (high - low) * fraction
}

/// The round width (1, 2, 2.5 or 5 times a power of ten, at least a cent) not below `raw`.
fn round_step(raw: f64) -> f64 {
    let raw = raw.max(0.01);
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|factor| factor * magnitude)
        .find(|step| *step >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * magnitude)
}

fn cents(amount: f64) -> f64 {
    (amount * 100.0).round() / 100.0
}

fn histogram(mids: &[(f64, u64)], count: u64) -> Vec<SalaryBucket> {
    let (Some(&(smallest, _)), Some(&(largest, _))) = (mids.first(), mids.last()) else {
        return Vec::new();
    };
    let low = quantile(mids, count, 0.05);
    let high = quantile(mids, count, 0.95);
    // a spread of nothing (every salary the same) still gets a bucket a round width wide
    let step = round_step(((high - low) / SALARY_HISTOGRAM_BUCKETS as f64).max(high.abs() / 100.0));
    let first = (low / step).floor();
    let mut last = (high / step).ceil();
    if last <= first {
        last = first + 1.0;
    }
    // the edges in cents, and each midpoint placed by them: what the answer shows is the rule
    let mut edges: Vec<f64> = (0..=(last - first) as usize)
        .map(|index| cents((first + index as f64) * step))
        .collect();
    edges.dedup();
    if edges.len() < 2 {
        edges.push(cents(edges[0] + step));
    }
    let buckets = edges.len() - 1;
    let mut counts = vec![0u64; buckets];
    for &(mid, n) in mids {
        // the edges at or below the midpoint, less one: its bucket ([from, to), the last closed)
        let index = edges.partition_point(|edge| *edge <= mid).saturating_sub(1);
        counts[index.min(buckets - 1)] += n;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(index, count)| SalaryBucket {
            from: (index > 0 || smallest >= edges[0]).then_some(edges[index]),
            to: (index + 1 < buckets || largest <= edges[buckets]).then_some(edges[index + 1]),
            count,
        })
        .collect()
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
    /// Per salary period, the period most matching vacancies state first.
    pub salary: Vec<SalaryStats>,
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

/// Facet counts of a CV search, disjunctive like [`VacancyFacets`]; in the API by the names of
/// the CV search's filter.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = CvFacetCounts)]
pub struct CvFacets {
    #[serde(rename = "categoryCode")]
    pub category_codes: BTreeMap<String, u64>,
    #[serde(rename = "cityCode")]
    pub place_codes: BTreeMap<String, u64>,
    #[serde(rename = "languageCode")]
    pub language_codes: BTreeMap<String, u64>,
    #[serde(rename = "educationLevel")]
    pub education_levels: BTreeMap<String, u64>,
    #[serde(rename = "workExperience")]
    pub work_experiences: BTreeMap<String, u64>,
    #[serde(rename = "driverLicence")]
    pub driver_licences: BTreeMap<String, u64>,
    #[serde(rename = "typeOfEmployment")]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = EmployerItem)]
pub struct EmployerName {
    pub business_name: String,
    pub country_code: String,
    pub registry_code: String,
    /// Active vacancies of the company.
    #[serde(rename = "vacanciesCount")]
    pub vacancy_count: u64,
}

/// A page of the employer autocomplete.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = EmployerPage)]
pub struct EmployerNames {
    #[serde(rename = "content")]
    pub names: Vec<EmployerName>,
    pub total_pages: u32,
    #[serde(rename = "totalElements")]
    pub total: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats_of(salaries: &[(Option<&str>, f64, f64)]) -> Vec<SalaryStats> {
        let mut distribution = SalaryDistribution::default();
        for &(period, low, high) in salaries {
            distribution.add(period, low, high, 1);
        }
        distribution.stats()
    }

    #[test]
    fn salaries_of_different_periods_are_never_mixed() {
        let stats = stats_of(&[
            (Some("HOUR"), 7.0, 9.0),
            (Some("MONTH"), 1500.0, 1500.0),
            (Some("MONTH"), 2000.0, 3000.0),
        ]);
        assert_eq!(stats.len(), 2);
        assert_eq!(stats[0].period.as_deref(), Some("MONTH"));
        assert_eq!(
            (stats[0].min, stats[0].max, stats[0].avg),
            (1500.0, 3000.0, 2000.0)
        );
        assert_eq!(stats[1].period.as_deref(), Some("HOUR"));
        assert_eq!(
            (stats[1].count, stats[1].avg, stats[1].median),
            (1, 8.0, 8.0)
        );
    }

    #[test]
    fn the_figures_do_not_depend_on_how_the_counts_come() {
        let salaries: Vec<(Option<&str>, f64, f64)> = (0..200)
            .map(|i| {
                (
                    Some("MONTH"),
                    900.0 + (i * 37 % 113) as f64 * 10.1,
                    1000.0 + (i * 53 % 97) as f64 * 20.3,
                )
            })
            .collect();
        let forward = stats_of(&salaries);
        let mut reversed = salaries.clone();
        reversed.reverse();
        assert_eq!(stats_of(&reversed), forward);
        // the same salaries counted in two parts, as two segments would
        let mut split = SalaryDistribution::default();
        for (index, &(period, low, high)) in salaries.iter().enumerate() {
            split.add(period, low, high, 1);
            if index % 2 == 0 {
                split.add(period, low, high, 0);
            }
        }
        assert_eq!(split.stats(), forward);
    }

    #[test]
    fn quartiles_interpolate_between_ranks() {
        let stats = stats_of(&[
            (None, 1000.0, 1000.0),
            (None, 2000.0, 2000.0),
            (None, 3000.0, 3000.0),
            (None, 4000.0, 4000.0),
        ]);
        assert_eq!(
            (stats[0].p25, stats[0].median, stats[0].p75),
            (1750.0, 2500.0, 3250.0)
        );
    }

    #[test]
    fn the_histogram_has_round_edges_and_open_ends_for_outliers() {
        let mut salaries: Vec<(Option<&str>, f64, f64)> = (0..100)
            .map(|i| {
                (
                    Some("MONTH"),
                    1000.0 + i as f64 * 20.0,
                    1000.0 + i as f64 * 20.0,
                )
            })
            .collect();
        salaries.push((Some("MONTH"), 1.0, 1.0));
        salaries.push((Some("MONTH"), 50_000.0, 50_000.0));
        let histogram = &stats_of(&salaries)[0].histogram;
        assert!(
            histogram.len() <= SALARY_HISTOGRAM_BUCKETS + 1,
            "{histogram:?}"
        );
        assert_eq!(histogram.first().unwrap().from, None, "{histogram:?}");
        assert_eq!(histogram.last().unwrap().to, None, "{histogram:?}");
        assert_eq!(histogram.iter().map(|b| b.count).sum::<u64>(), 102);
        let step = histogram[1].to.unwrap() - histogram[1].from.unwrap();
        assert!(
            [100.0, 200.0, 250.0, 500.0].contains(&step),
            "{histogram:?}"
        );
        for bucket in histogram {
            for edge in [bucket.from, bucket.to].into_iter().flatten() {
                assert_eq!(edge % step, 0.0, "{histogram:?}");
            }
        }
    }

    #[test]
    fn one_salary_gets_one_closed_bucket() {
        let stats = stats_of(&[(Some("HOUR"), 9.5, 9.5), (Some("HOUR"), 9.5, 9.5)]);
        let histogram = &stats[0].histogram;
        assert_eq!(histogram.len(), 1, "{histogram:?}");
        let bucket = &histogram[0];
        assert_eq!(bucket.count, 2);
        assert!(
            bucket.from.unwrap() <= 9.5 && 9.5 <= bucket.to.unwrap(),
            "{bucket:?}"
        );
    }
}
