//! The fixed query mix, generated from the reference data with a seeded RNG so every engine and
//! every run sees the same queries. Every query asks for a page of 20 with all facet counts and
//! salary stats (that is what the search page does), so the whole mix is "faceted".

use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use search::{CvQuery, VacancyFlags, VacancyQuery};

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

pub fn has_flags(flags: &VacancyFlags) -> bool {
    flags.for_students
        || flags.for_underage
        || flags.for_disabled
        || flags.for_retired
        || flags.for_foreigners
        || flags.remote_work
        || flags.shift_work
}
