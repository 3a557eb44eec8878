//! Random vacancies for tests and timings (feature `testsuite`): a small deterministic generator
//! and a vacancy drawn from given texts and codes, so that the API's matching property test and
//! `examples/timing.rs` draw their vacancies the same way.

use chrono::{DateTime, TimeDelta, Utc};
use uuid::Uuid;

use crate::{Localized, VacancyCard, VacancyDoc, VacancyFlags};

/// A small deterministic generator (splitmix64): a failing case is the same on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// One to `most` of `items`, sorted, without repeats.
    pub fn some(&mut self, items: &[String], most: usize) -> Vec<String> {
        let mut picked: Vec<String> = (0..1 + self.below(most)).map(|_| self.pick(items).clone()).collect();
        picked.sort();
        picked.dedup();
        picked
    }
}

/// What a random vacancy is drawn from.
pub struct VacancyDraw {
    /// Its Estonian text, one of these.
    pub texts: Vec<String>,
    pub categories: Vec<String>,
    /// Places, each with its ancestors (as a vacancy is indexed).
    pub places: Vec<Vec<String>>,
    pub employment: Vec<String>,
    pub experience: Vec<String>,
    pub languages: Vec<String>,
    pub periods: Vec<String>,
    pub businesses: Vec<String>,
}

/// A vacancy drawn from `draw` that went live an hour before `now`: a salary of either bound,
/// both, none or by agreement, random flags, one or two categories and languages, and a tenth of
/// them already ended at `now`.
pub fn random_vacancy(rng: &mut Rng, draw: &VacancyDraw, now: DateTime<Utc>) -> VacancyDoc {
    let et = rng.pick(&draw.texts).clone();
    let by_agreement = rng.chance(15);
    let (salary_from, salary_to) = match (by_agreement, rng.below(4)) {
        (true, _) | (_, 0) => (None, None),
        (_, 1) => (Some((800 + rng.below(20) * 100) as f64), None),
        (_, 2) => (None, Some((1200 + rng.below(20) * 100) as f64)),
        _ => {
            let from = (800 + rng.below(20) * 100) as f64;
            (Some(from), Some(from + (rng.below(10) * 100) as f64))
        }
    };
    VacancyDoc {
        card: VacancyCard {
            vacancy_id: Uuid::from_u64_pair(rng.next(), rng.next()),
            occupation_code: None,
            occupation_labels: Localized { et: String::new(), en: String::new(), ru: String::new() },
            business_name: rng.pick(&draw.businesses).clone(),
            company_registry_code: "12345678".into(),
            company_country_code: "EE".into(),
            company_logo_url: None,
            address: None,
            salary_from,
            salary_to,
            salary_period: (salary_from.is_some() || salary_to.is_some()).then(|| rng.pick(&draw.periods).clone()),
            by_agreement,
            pay_range: salary_from.is_some() || salary_to.is_some(),
            pro_level: rng.below(3) as u8,
            is_branded: false,
            cover_url: None,
            cv_not_required: false,
            teasers: vec![],
            flags: VacancyFlags {
                for_students: rng.chance(30),
                for_underage: rng.chance(10),
                for_disabled: rng.chance(10),
                for_retired: rng.chance(15),
                for_foreigners: rng.chance(25),
                remote_work: rng.chance(25),
                shift_work: rng.chance(25),
            },
            publish_at: Some(now - TimeDelta::hours(1)),
            renewed_at: Some(now - TimeDelta::hours(1)),
            // a few ended already: no search lists them
            valid_until: Some(if rng.chance(10) { now - TimeDelta::hours(1) } else { now + TimeDelta::days(20) }),
        },
        category_codes: rng.some(&draw.categories, 2),
        place_codes: rng.pick(&draw.places).clone(),
        employment_type: Some(rng.pick(&draw.employment).clone()),
        work_experience: Some(rng.pick(&draw.experience).clone()),
        language_codes: rng.some(&draw.languages, 2),
        driver_licences: Vec::new(),
        text: Localized { et, en: String::new(), ru: String::new() },
    }
}
