//! The fixed query mix, generated from the reference data with a seeded RNG so every engine and
//! every run sees the same queries. Every query asks for a page of 20 with all facet counts and
//! salary stats (that is what the search page does), so the whole mix is "faceted".

use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use search::{CvQuery, VacancyFlags, VacancyQuery};
use serde_json::{Map, Value, json};

use crate::corpus::{self, Reference};

/// The classes of the mix; a share of each (out of 100).
pub const VACANCY_CLASSES: [(&str, u32); 4] = [("browse", 20), ("text", 35), ("filters", 25), ("text+filters", 20)];
pub const CV_CLASSES: [(&str, u32); 3] = [("text", 50), ("filters", 25), ("text+filters", 25)];

/// How many distinct queries the mix holds; a run cycles through them.
pub const DISTINCT: usize = 100;

/// A word of an occupation label as someone would type it: whole, a prefix (as you type) or,
/// for long words, with one typo.
fn typed_word(rng: &mut StdRng, reference: &Reference) -> String {
    loop {
        let occupation = reference.occupations.choose(rng).unwrap();
        let language = *[0usize, 0, 0, 1, 2].choose(rng).unwrap();
        let words: Vec<&str> = occupation.labels[language]
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.chars().count() >= 4)
            .collect();
        let Some(word) = words.choose(rng) else { continue };
        let word = word.to_lowercase();
        let chars: Vec<char> = word.chars().collect();
        return match rng.random_range(0..10) {
            0..=5 => word,
            6..=8 => chars[..chars.len().clamp(4, 5)].iter().collect(),
            _ if chars.len() >= 8 => {
                let mut typo = chars.clone();
                typo.swap(3, 4);
                typo.into_iter().collect()
            }
            _ => word,
        };
    }
}

fn filters(rng: &mut StdRng, reference: &Reference, query: &mut VacancyQuery) {
    let counties = reference.counties();
    let categories = reference.categories();
    let filters = rng.random_range(1..=3);
    for _ in 0..filters {
        match rng.random_range(0..8) {
            0 | 1 => {
                // the big counties most often
                let county = counties[rng.random_range(0..counties.len().min(4))].clone();
                query.place_codes.push(county);
            }
            2 | 3 => {
                let count = rng.random_range(1..=2);
                query.category_codes.extend(categories.choose_multiple(rng, count).cloned());
            }
            4 => query.employment_types.push(["FULL_TIME", "PART_TIME"].choose(rng).unwrap().to_string()),
            5 => {
                query.salary_from = Some(*[1200.0, 1500.0, 2000.0, 2500.0].choose(rng).unwrap());
                query.salary_period = Some("MONTH".into());
            }
            6 => match rng.random_range(0..3) {
                0 => query.flags.for_students = true,
                1 => query.flags.remote_work = true,
                _ => query.flags.shift_work = true,
            },
            _ => query.language_codes.push(["en", "ru"].choose(rng).unwrap().to_string()),
        }
    }
}

fn pick_class(rng: &mut StdRng, classes: &[(&'static str, u32)]) -> &'static str {
    let total: u32 = classes.iter().map(|(_, w)| w).sum();
    let mut roll = rng.random_range(0..total);
    for (class, weight) in classes {
        if roll < *weight {
            return class;
        }
        roll -= weight;
    }
    classes[0].0
}

/// The vacancy mix: (class, query), [`DISTINCT`] of them.
pub fn vacancy_mix(reference: &Reference, seed: u64, now: DateTime<Utc>) -> Vec<(&'static str, VacancyQuery)> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x9E3);
    (0..DISTINCT)
        .map(|_| {
            let class = pick_class(&mut rng, &VACANCY_CLASSES);
            let mut query = VacancyQuery { now, size: 20, ..VacancyQuery::default() };
            match class {
                "browse" => query.page = *[0, 0, 0, 1, 2].choose(&mut rng).unwrap(),
                "text" => query.text = Some(typed_word(&mut rng, reference)),
                "filters" => filters(&mut rng, reference, &mut query),
                _ => {
                    query.text = Some(typed_word(&mut rng, reference));
                    filters(&mut rng, reference, &mut query);
                }
            }
            (class, query)
        })
        .collect()
}

/// The CV-database mix.
pub fn cv_mix(reference: &Reference, seed: u64) -> Vec<(&'static str, CvQuery)> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0xC7);
    let counties = reference.counties();
    let categories = reference.categories();
    (0..DISTINCT)
        .map(|_| {
            let class = pick_class(&mut rng, &CV_CLASSES);
            let mut query = CvQuery { size: 20, ..CvQuery::default() };
            let text = |rng: &mut StdRng| {
                if rng.random_ratio(1, 4) {
                    corpus::SKILLS.choose(rng).unwrap().split(' ').next().unwrap().to_lowercase()
                } else {
                    typed_word(rng, reference)
                }
            };
            if class != "filters" {
                query.text = Some(text(&mut rng));
            }
            if class != "text" {
                for _ in 0..rng.random_range(1..=2) {
                    // every facet the CV-database screen filters by (issue 18)
                    match rng.random_range(0..7) {
                        0 => query.place_codes.push(counties[rng.random_range(0..counties.len().min(4))].clone()),
                        1 => query.category_codes.push(categories.choose(&mut rng).unwrap().clone()),
                        2 => query.driver_licences.push(corpus::LICENCES.choose(&mut rng).unwrap().to_string()),
                        3 => query.education_levels.push(corpus::LEVELS.choose(&mut rng).unwrap().to_string()),
                        4 => query.work_experiences.push(corpus::EXPERIENCE.choose(&mut rng).unwrap().to_string()),
                        5 => query.employment_types.push(corpus::CV_EMPLOYMENT.choose(&mut rng).unwrap().to_string()),
                        _ => query.language_codes.push("ru".into()),
                    }
                }
            }
            (class, query)
        })
        .collect()
}

/// The codes of the lists a vacancy search filters by, as the served database holds them (a code
/// the server does not know is answered 400).
#[derive(Debug, Clone, Default)]
pub struct SearchCodes {
    pub employment_types: Vec<String>,
    pub work_experiences: Vec<String>,
    pub languages: Vec<String>,
    pub salary_periods: Vec<String>,
}

/// One search of the long-tail mix: the body of `POST /api/open/search` and its page.
#[derive(Debug, Clone, PartialEq)]
pub struct HttpSearch {
    pub body: Value,
    pub page: u32,
}

/// The JSON flags of the search page (spec 1 section 2).
const FLAG_PARAMS: [&str; 7] = ["remoteWork", "shiftWork", "forStudents", "forUnderage", "forRetired", "forDisabled", "forForeigners"];

/// What a visitor types, as [`typed_word`], and now and then two words of one label.
fn typed_text(rng: &mut StdRng, reference: &Reference) -> String {
    if rng.random_ratio(1, 5) {
        format!("{} {}", typed_word(rng, reference), typed_word(rng, reference))
    } else {
        typed_word(rng, reference)
    }
}

/// One to three filters of the search page, as a visitor combines them: places (a county, more
/// often a town), categories, employment type, experience, a language, a salary floor per period,
/// a flag, salary by agreement.
fn http_filters(rng: &mut StdRng, reference: &Reference, codes: &SearchCodes, counties: &[String], categories: &[String], body: &mut Map<String, Value>) {
    let push = |body: &mut Map<String, Value>, key: &str, value: &str| {
        let list = body.entry(key).or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut().filter(|list| !list.iter().any(|v| v == value)) {
            list.push(json!(value));
        }
    };
    for _ in 0..rng.random_range(1..=3) {
        match rng.random_range(0..10) {
            0 => push(body, "cityCode", &counties[rng.random_range(0..counties.len())]),
            1 | 2 => push(body, "cityCode", &reference.places.choose(rng).expect("places").code),
            3 | 4 => push(body, "categoryCode", categories.choose(rng).expect("categories")),
            5 if !codes.employment_types.is_empty() => push(body, "typeOfEmployment", codes.employment_types.choose(rng).expect("types")),
            6 if !codes.work_experiences.is_empty() => push(body, "workExperience", codes.work_experiences.choose(rng).expect("experiences")),
            7 if !codes.languages.is_empty() => push(body, "languageCode", codes.languages.choose(rng).expect("languages")),
            8 if !codes.salary_periods.is_empty() => {
                let period = codes.salary_periods.choose(rng).expect("periods");
                let step = if period == "HOUR" { 1.0 } else { 100.0 };
                let floor = if period == "HOUR" { rng.random_range(5..=20) } else { rng.random_range(8..=40) } as f64 * step;
                body.insert("salaryFrom".into(), json!(floor));
                body.insert("salaryPeriod".into(), json!(period));
            }
            9 if rng.random_ratio(1, 6) => {
                body.insert("salaryByAgreement".into(), json!(true));
            }
            _ => {
                body.insert(FLAG_PARAMS.choose(rng).expect("flags").to_string(), json!(true));
            }
        }
    }
}

/// The long-tail mix of `bench http`: `count` distinct vacancy searches as the search page sends
/// them, in the classes and shares of [`VACANCY_CLASSES`] (browsing pages 0–4 and a few filter
/// combinations of its own, words typed whole, as prefixes or with a typo in et/en/ru, one to three
/// filters, words with filters), in the order they are drawn; [`Zipf`] then makes the first the
/// most popular. Deterministic for a seed; distinct as the server's answer cache keys them (the
/// same filters in another order count once).
pub fn long_tail_searches(reference: &Reference, codes: &SearchCodes, seed: u64, count: usize) -> Vec<HttpSearch> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x10_7A11);
    let counties = reference.counties();
    let categories = reference.categories();
    let mut seen = std::collections::HashSet::with_capacity(count);
    let mut searches = Vec::with_capacity(count);
    let mut attempts = 0usize;
    while searches.len() < count {
        attempts += 1;
        assert!(attempts < count * 50, "the reference data gives fewer than {count} distinct searches");
        let mut body = Map::new();
        let class = pick_class(&mut rng, &VACANCY_CLASSES);
        let page = match class {
            "browse" => rng.random_range(0..5),
            _ => *[0, 0, 0, 0, 0, 0, 1, 1, 2].choose(&mut rng).expect("pages"),
        };
        if class.starts_with("text") {
            body.insert("occupation".into(), json!(typed_text(&mut rng, reference)));
        }
        if class.ends_with("filters") {
            http_filters(&mut rng, reference, codes, &counties, &categories, &mut body);
        }
        if class == "browse" && rng.random_ratio(1, 2) {
            // browsing a category page or a town
            if rng.random_ratio(1, 2) {
                body.insert("categoryCode".into(), json!([categories.choose(&mut rng).expect("categories")]));
            } else {
                body.insert("cityCode".into(), json!([reference.places.choose(&mut rng).expect("places").code]));
            }
        }
        for list in body.values_mut().filter_map(Value::as_array_mut) {
            list.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
        }
        let key = format!("{page}:{}", Value::Object(body.clone()));
        if seen.insert(key) {
            searches.push(HttpSearch { body: Value::Object(body), page });
        }
    }
    searches
}

/// Draws ranks `0..n` with probability proportional to `1 / (rank + 1)^exponent`: a few searches
/// are asked often, most rarely (the popularity of words and filters is Zipf-like).
#[derive(Debug, Clone)]
pub struct Zipf {
    /// The cumulative probability up to each rank.
    cdf: Vec<f64>,
    exponent: f64,
}

impl Zipf {
    pub fn new(n: usize, exponent: f64) -> Zipf {
        let mut cdf = Vec::with_capacity(n);
        let mut sum = 0.0;
        for rank in 0..n {
            sum += 1.0 / ((rank + 1) as f64).powf(exponent);
            cdf.push(sum);
        }
        for p in &mut cdf {
            *p /= sum;
        }
        Zipf { cdf, exponent }
    }

    pub fn exponent(&self) -> f64 {
        self.exponent
    }

    pub fn sample(&self, rng: &mut impl Rng) -> usize {
        let roll: f64 = rng.random();
        self.cdf.partition_point(|p| *p < roll).min(self.cdf.len() - 1)
    }

    /// The share of draws that fall on the `top` most popular ranks.
    pub fn share_of_top(&self, top: usize) -> f64 {
        match top {
            0 => 0.0,
            top => self.cdf[top.min(self.cdf.len()) - 1],
        }
    }
}

pub fn has_flags(flags: &VacancyFlags) -> bool {
    flags.for_students
        || flags.for_underage
        || flags.for_disabled
        || flags.for_retired
        || flags.for_foreigners
        || flags.remote_work
        || flags.shift_work
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::{Occupation, Place};

    fn reference() -> Reference {
        let words = ["kokk", "müüja", "autojuht", "programmeerija", "raamatupidaja", "koristaja", "ehitaja", "õpetaja"];
        let occupations = (0..40)
            .map(|i| Occupation {
                code: format!("{i:04}"),
                category: Some(["CATERING", "SALES", "IT", "TRANSPORT"][i % 4].into()),
                labels: [
                    format!("{} {}", words[i % words.len()], words[(i / 8) % words.len()]),
                    format!("worker number{i}"),
                    format!("работник номер{i}"),
                ],
            })
            .collect();
        let places = (0..30)
            .map(|i| Place { code: format!("{:04}", 100 + i), label: format!("Linn {i}"), weight: 1, chain: vec![format!("{:04}", 100 + i), format!("00{:02}", 37 + i % 5), "EE".into()] })
            .collect();
        Reference::new(occupations, places)
    }

    fn codes() -> SearchCodes {
        SearchCodes {
            employment_types: vec!["FULL_TIME".into(), "PART_TIME".into()],
            work_experiences: vec!["NONE".into(), "YEAR".into()],
            languages: vec!["en".into(), "ru".into()],
            salary_periods: vec!["HOUR".into(), "MONTH".into()],
        }
    }

    #[test]
    fn the_long_tail_is_distinct_repeatable_and_uses_only_known_codes() {
        let reference = reference();
        let searches = long_tail_searches(&reference, &codes(), 7, 3000);
        assert_eq!(searches.len(), 3000);
        let keys: std::collections::HashSet<String> = searches.iter().map(|s| format!("{}:{}", s.page, s.body)).collect();
        assert_eq!(keys.len(), 3000, "every search differs from the others");
        assert_eq!(searches, long_tail_searches(&reference, &codes(), 7, 3000), "the same seed draws the same searches");
        let places: Vec<String> = reference.places.iter().flat_map(|p| p.chain.clone()).collect();
        let known = codes();
        for search in &searches {
            for (key, value) in search.body.as_object().unwrap() {
                let allowed: Vec<String> = match key.as_str() {
                    "cityCode" => places.clone(),
                    "categoryCode" => reference.categories(),
                    "typeOfEmployment" => known.employment_types.clone(),
                    "workExperience" => known.work_experiences.clone(),
                    "languageCode" => known.languages.clone(),
                    "salaryPeriod" => {
                        assert!(known.salary_periods.iter().any(|p| value == p), "{search:?}");
                        continue;
                    }
                    "occupation" | "salaryFrom" => continue,
                    flag => {
                        assert!(FLAG_PARAMS.contains(&flag) || flag == "salaryByAgreement", "{search:?}");
                        assert_eq!(value, &json!(true));
                        continue;
                    }
                };
                for code in value.as_array().unwrap() {
                    assert!(allowed.iter().any(|a| code == a), "{key} {code} in {search:?}");
                }
            }
        }
        // every class of the mix is there
        let with_words = searches.iter().filter(|s| s.body.get("occupation").is_some()).count();
        let bare = searches.iter().filter(|s| s.body.as_object().unwrap().is_empty()).count();
        assert!(with_words > 1000 && with_words < 2000, "{with_words} of 3000 with words");
        assert!(bare >= 1 && bare <= 5, "browsing without filters has its five pages: {bare}");
    }

    #[test]
    fn zipf_draws_the_first_ranks_most_and_reaches_the_tail() {
        let zipf = Zipf::new(100_000, 0.75);
        let mut rng = StdRng::seed_from_u64(1);
        let draws: Vec<usize> = (0..200_000).map(|_| zipf.sample(&mut rng)).collect();
        let top = draws.iter().filter(|&&rank| rank < 1024).count() as f64 / draws.len() as f64;
        assert!((top - zipf.share_of_top(1024)).abs() < 0.01, "{top} vs {}", zipf.share_of_top(1024));
        assert!(top < 0.5, "most draws miss the 1024 most popular: {top}");
        let distinct: std::collections::HashSet<usize> = draws.iter().copied().collect();
        assert!(distinct.len() > 50_000, "{} distinct of 200,000 draws", distinct.len());
        assert_eq!(draws.iter().filter(|&&r| r == 0).count() > draws.iter().filter(|&&r| r == 1).count(), true);
        assert_eq!(zipf.share_of_top(100_000), 1.0);
    }
}
