//! The fixture corpus every engine is tested on, a brute-force evaluator of the filter rules
//! to check the engines' counts against, and the list of engines to run the suite on.

#![allow(dead_code)] // each test binary uses a different part of this module

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use search::{
    CvCard, CvDoc, Localized, SearchEngine, TantivyEngine, Teaser, VacancyCard, VacancyDoc,
    VacancyFlags, VacancyQuery,
};
use uuid::Uuid;

/// The instant the fixture is "now" at.
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
}

pub use search::testsuite::Rng;

/// (code, et, en, ru) occupations used by the generated vacancies.
pub const OCCUPATIONS: [(&str, &str, &str, &str); 8] = [
    ("5223", "Müüja", "Shop assistant", "Продавец"),
    ("5120", "Kokk", "Cook", "Повар"),
    ("8322", "Autojuht", "Car driver", "Водитель"),
    ("2411", "Raamatupidaja", "Accountant", "Бухгалтер"),
    ("9112", "Koristaja", "Cleaner", "Уборщик"),
    (
        "2512",
        "Tarkvaraarendaja",
        "Software developer",
        "Разработчик программного обеспечения",
    ),
    ("5321", "Hooldaja", "Care worker", "Сиделец"),
    (
        "9333",
        "Laotöötaja",
        "Warehouse worker",
        "Складской работник",
    ),
];

pub const CATEGORIES: [&str; 5] = ["SALES", "FOOD", "TRANSPORT", "FINANCE", "IT"];
/// Place chains: city, municipality, county, country.
pub const PLACES: [[&str; 4]; 4] = [
    ["0298", "0784", "0037", "EE"], // a Tallinn district, Tallinn, Harju county
    ["8130", "0793", "0079", "EE"], // Tartu, Tartu municipality, Tartu county
    ["6157", "0624", "0068", "EE"], // Pärnu
    ["1301", "0198", "0037", "EE"], // Harku municipality, Harju county
];
pub const EMPLOYMENT_TYPES: [&str; 3] = ["FULL_TIME", "PART_TIME", "TEMPORARY"];
pub const EXPERIENCES: [&str; 3] = ["NONE", "UP_TO_1", "1_TO_3"];
pub const LANGUAGES: [&str; 3] = ["et", "en", "ru"];
pub const COMPANIES: [(&str, &str); 5] = [
    ("10000018", "Rimi Eesti Food AS"),
    ("10000024", "Maxima Eesti OÜ"),
    ("10000030", "Bolt Technology OÜ"),
    ("10000047", "Tallinna Vesi AS"),
    ("10000053", "Kohvik Rukis OÜ"),
];
pub const PERIODS: [&str; 2] = ["MONTH", "HOUR"];

/// The vacancy corpus: a few hand-written vacancies that the text tests refer to by their
/// occupation, and generated ones that make the counts interesting. Some are expired.
pub fn vacancies() -> Vec<VacancyDoc> {
    let mut rng = Rng(7);
    let mut docs = Vec::new();
    for i in 0..240 {
        let (code, et, en, ru) = *rng.pick(&OCCUPATIONS);
        let places = rng.pick(&PLACES);
        let (registry_code, business_name) = *rng.pick(&COMPANIES);
        let mut categories = vec![CATEGORIES[(i % CATEGORIES.len() as u64) as usize].to_owned()];
        if rng.chance(30) {
            categories.push(rng.pick(&CATEGORIES).to_string());
        }
        let mut languages = vec!["et".to_owned()];
        if rng.chance(40) {
            languages.push(rng.pick(&LANGUAGES[1..]).to_string());
        }
        let by_agreement = rng.chance(15);
        let (salary_from, salary_to, salary_period) = if by_agreement || rng.chance(10) {
            (None, None, None)
        } else {
            let from = (800 + rng.below(30) * 100) as f64;
            let to = from + (rng.below(10) * 100) as f64;
            match rng.below(3) {
                0 => (Some(from), None, Some(rng.pick(&PERIODS).to_string())),
                1 => (None, Some(to), Some(rng.pick(&PERIODS).to_string())),
                _ => (Some(from), Some(to), Some(rng.pick(&PERIODS).to_string())),
            }
        };
        let renewed_at = now() - Duration::hours(rng.below(24 * 40) as i64);
        let valid_until = match rng.below(10) {
            0 => Some(now() - Duration::days(1)),
            1 => None,
            _ => Some(now() + Duration::days(1 + rng.below(30) as i64)),
        };
        let flags = VacancyFlags {
            for_students: rng.chance(30),
            for_underage: rng.chance(10),
            for_disabled: rng.chance(10),
            for_retired: rng.chance(15),
            for_foreigners: rng.chance(25),
            remote_work: rng.chance(20),
            shift_work: rng.chance(25),
        };
        let id = Uuid::from_u64_pair(rng.next(), rng.next());
        docs.push(vacancy(VacancySpec {
            id,
            occupation: (code, et, en, ru),
            teaser_et: format!("{et} {business_name} meeskonda"),
            description_et: format!(
                "Otsime {} inimest. Töö on {}.",
                et.to_lowercase(),
                places[0]
            ),
            registry_code,
            business_name,
            categories,
            places: places.iter().map(|p| p.to_string()).collect(),
            employment_type: Some(rng.pick(&EMPLOYMENT_TYPES).to_string()),
            work_experience: Some(rng.pick(&EXPERIENCES).to_string()),
            languages,
            salary_from,
            salary_to,
            salary_period,
            by_agreement,
            pro_level: if rng.chance(20) {
                1 + rng.below(3) as u8
            } else {
                0
            },
            renewed_at,
            valid_until,
            flags,
        }));
    }
    docs
}

pub struct VacancySpec {
    pub id: Uuid,
    pub occupation: (&'static str, &'static str, &'static str, &'static str),
    pub teaser_et: String,
    pub description_et: String,
    pub registry_code: &'static str,
    pub business_name: &'static str,
    pub categories: Vec<String>,
    pub places: Vec<String>,
    pub employment_type: Option<String>,
    pub work_experience: Option<String>,
    pub languages: Vec<String>,
    pub salary_from: Option<f64>,
    pub salary_to: Option<f64>,
    pub salary_period: Option<String>,
    pub by_agreement: bool,
    pub pro_level: u8,
    pub renewed_at: DateTime<Utc>,
    pub valid_until: Option<DateTime<Utc>>,
    pub flags: VacancyFlags,
}

impl VacancySpec {
    /// A plain active vacancy with the given id and Estonian title; tests adjust the rest.
    pub fn simple(id: u128, et: &'static str) -> VacancySpec {
        VacancySpec {
            id: Uuid::from_u128(id),
            occupation: ("0000", et, et, et),
            teaser_et: String::new(),
            description_et: String::new(),
            registry_code: "10000018",
            business_name: "Rimi Eesti Food AS",
            categories: vec!["SALES".to_owned()],
            places: vec![
                "0298".to_owned(),
                "0784".to_owned(),
                "0037".to_owned(),
                "EE".to_owned(),
            ],
            employment_type: Some("FULL_TIME".to_owned()),
            work_experience: None,
            languages: vec!["et".to_owned()],
            salary_from: None,
            salary_to: None,
            salary_period: None,
            by_agreement: false,
            pro_level: 0,
            renewed_at: now() - Duration::days(1),
            valid_until: Some(now() + Duration::days(10)),
            flags: VacancyFlags::default(),
        }
    }
}

pub fn vacancy(spec: VacancySpec) -> VacancyDoc {
    let (code, et, en, ru) = spec.occupation;
    VacancyDoc {
        card: VacancyCard {
            vacancy_id: spec.id,
            occupation_code: Some(code.to_owned()),
            occupation_labels: Localized {
                et: et.to_owned(),
                en: en.to_owned(),
                ru: ru.to_owned(),
            },
            business_name: spec.business_name.to_owned(),
            company_registry_code: spec.registry_code.to_owned(),
            company_country_code: "EE".to_owned(),
            company_logo_url: None,
            address: Some("Tallinn, Harju maakond".to_owned()),
            salary_from: spec.salary_from,
            salary_to: spec.salary_to,
            salary_period: spec.salary_period,
            by_agreement: spec.by_agreement,
            pay_range: spec.salary_from.is_some() || spec.salary_to.is_some(),
            pro_level: spec.pro_level,
            is_branded: false,
            cover_url: None,
            cv_not_required: false,
            teasers: vec![Teaser {
                language_code: "et".to_owned(),
                content: spec.teaser_et.clone(),
            }],
            flags: spec.flags,
            publish_at: Some(spec.renewed_at),
            renewed_at: Some(spec.renewed_at),
            valid_until: spec.valid_until,
        },
        category_codes: spec.categories,
        place_codes: spec.places,
        employment_type: spec.employment_type,
        work_experience: spec.work_experience,
        language_codes: spec.languages,
        driver_licences: Vec::new(),
        text: Localized {
            et: format!("{et} {} {}", spec.teaser_et, spec.description_et),
            en: en.to_owned(),
            ru: ru.to_owned(),
        },
    }
}

/// A filter group of the vacancy search, for the brute-force evaluator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VacancyGroup {
    Category,
    Place,
    EmploymentType,
    WorkExperience,
    Language,
    BusinessName,
    ByAgreement,
    SalaryStated,
    Flag(usize),
}

/// A document's flags, or the facet counts of the flags, in one order.
pub fn flag_values<T: Copy>(flags: &VacancyFlags<T>) -> [T; 7] {
    [
        flags.for_students,
        flags.for_underage,
        flags.for_disabled,
        flags.for_retired,
        flags.for_foreigners,
        flags.remote_work,
        flags.shift_work,
    ]
}

fn any_of(selected: &[String], values: &[String]) -> bool {
    selected.is_empty() || values.iter().any(|v| selected.contains(v))
}

/// Whether `doc` passes the non-text filters of `query`, ignoring the group `except`.
pub fn passes(doc: &VacancyDoc, query: &VacancyQuery, except: Option<VacancyGroup>) -> bool {
    let card = &doc.card;
    if card.valid_until.is_some_and(|until| until < query.now) {
        return false;
    }
    let low = card.salary_from.or(card.salary_to);
    let high = card.salary_to.or(card.salary_from);
    if let Some(from) = query.salary_from
        && !high.is_some_and(|high| high >= from)
    {
        return false;
    }
    if let Some(to) = query.salary_to
        && !low.is_some_and(|low| low <= to)
    {
        return false;
    }
    if let Some(period) = &query.salary_period
        && card.salary_period.as_ref() != Some(period)
    {
        return false;
    }
    let single = |value: &Option<String>| value.iter().cloned().collect::<Vec<_>>();
    let groups: Vec<(VacancyGroup, bool)> = vec![
        (
            VacancyGroup::Category,
            any_of(&query.category_codes, &doc.category_codes),
        ),
        (
            VacancyGroup::Place,
            any_of(&query.place_codes, &doc.place_codes),
        ),
        (
            VacancyGroup::EmploymentType,
            any_of(&query.employment_types, &single(&doc.employment_type)),
        ),
        (
            VacancyGroup::WorkExperience,
            any_of(&query.work_experiences, &single(&doc.work_experience)),
        ),
        (
            VacancyGroup::Language,
            any_of(&query.language_codes, &doc.language_codes),
        ),
        (
            VacancyGroup::BusinessName,
            any_of(
                &query.business_names,
                std::slice::from_ref(&card.business_name),
            ),
        ),
        (
            VacancyGroup::ByAgreement,
            !query.salary_by_agreement || card.by_agreement,
        ),
        (
            VacancyGroup::SalaryStated,
            !query.salary_stated || card.salary_from.is_some() || card.salary_to.is_some(),
        ),
    ];
    let required = flag_values(&query.flags);
    let has = flag_values(&card.flags);
    let flag_groups = (0..7).map(|i| (VacancyGroup::Flag(i), !required[i] || has[i]));
    groups
        .into_iter()
        .chain(flag_groups)
        .all(|(group, ok)| ok || Some(group) == except)
}

/// Facet counts of one multi-valued group by brute force.
pub fn brute_counts(
    docs: &[VacancyDoc],
    query: &VacancyQuery,
    group: VacancyGroup,
    values: impl Fn(&VacancyDoc) -> Vec<String>,
) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for doc in docs.iter().filter(|doc| passes(doc, query, Some(group))) {
        let mut seen = values(doc);
        seen.sort();
        seen.dedup();
        for value in seen {
            *counts.entry(value).or_default() += 1;
        }
    }
    counts
}

/// CVs: a few hand-written ones for text and snippets, generated ones for counts.
pub fn cvs() -> Vec<CvDoc> {
    let mut rng = Rng(11);
    let mut docs = vec![
        cv(
            Uuid::from_u128(1),
            "Kogenud kokk",
            "Mari",
            "Maasikas",
            "Töötasin 5 aastat restoranis Kohvik Rukis koka ametikohal. Oskan valmistada Eesti ja Itaalia toite. \
             Juhiload B-kategooria.",
        ),
        cv(
            Uuid::from_u128(2),
            "Senior software developer",
            "John",
            "Smith",
            "Experienced Rust and TypeScript developer. Built search engines with tantivy. \
             PDF: Curriculum vitae, references available on request.",
        ),
        cv(
            Uuid::from_u128(3),
            "Водитель категории C",
            "Иван",
            "Петров",
            "Работал водителем грузовика 10 лет. Знаю эстонский язык на уровне B1.",
        ),
    ];
    for (i, doc) in docs.iter_mut().enumerate() {
        doc.card.category_codes = vec![["FOOD", "IT", "TRANSPORT"][i].to_owned()];
        doc.card.place_codes = PLACES[i].iter().map(|p| p.to_string()).collect();
        doc.card.language_codes = vec![["et", "en", "ru"][i].to_owned()];
    }
    for i in 0..120u64 {
        let (_, et, en, _) = *rng.pick(&OCCUPATIONS);
        let mut doc = cv(
            Uuid::from_u64_pair(rng.next(), rng.next()),
            et,
            "Test",
            &format!("Isik{i}"),
            &format!("Töökogemus: {et}, {en}. Haridus ja kursused."),
        );
        doc.card.category_codes = vec![rng.pick(&CATEGORIES).to_string()];
        doc.card.place_codes = rng.pick(&PLACES).iter().map(|p| p.to_string()).collect();
        doc.card.language_codes = vec!["et".to_owned()];
        if rng.chance(50) {
            doc.card
                .language_codes
                .push(rng.pick(&LANGUAGES[1..]).to_string());
        }
        doc.card.education_levels = vec![rng.pick(&["BASIC", "SECONDARY", "HIGHER"]).to_string()];
        doc.card.work_experience = Some(rng.pick(&EXPERIENCES).to_string());
        if rng.chance(40) {
            doc.card.driver_licences = vec!["B".to_owned()];
        }
        doc.card.employment_types = vec![rng.pick(&EMPLOYMENT_TYPES).to_string()];
        doc.card.updated_at = now() - Duration::hours(rng.below(1000) as i64);
        docs.push(doc);
    }
    docs
}

pub fn cv(id: Uuid, title: &str, firstname: &str, lastname: &str, text: &str) -> CvDoc {
    CvDoc {
        card: CvCard {
            cv_id: id,
            title: Some(title.to_owned()),
            firstname: Some(firstname.to_owned()),
            lastname: Some(lastname.to_owned()),
            category_codes: Vec::new(),
            place_codes: Vec::new(),
            language_codes: Vec::new(),
            language_levels: Vec::new(),
            education_levels: Vec::new(),
            work_experience: None,
            driver_licences: Vec::new(),
            employment_types: Vec::new(),
            updated_at: now() - Duration::days(1),
        },
        text: text.to_owned(),
    }
}

/// A tantivy engine in memory holding `vacancies` and `cvs`, committed.
pub async fn tantivy_with(vacancies: Vec<VacancyDoc>, cvs: Vec<CvDoc>) -> Arc<dyn SearchEngine> {
    let engine = TantivyEngine::in_memory().expect("an in-memory index");
    load(&engine, vacancies, cvs).await;
    Arc::new(engine)
}

/// Indexes and commits one vacancy of [`VacancySpec::simple`].
pub async fn load_vacancy(engine: &dyn SearchEngine, id: u128, title: &'static str) {
    load(
        engine,
        vec![vacancy(VacancySpec::simple(id, title))],
        Vec::new(),
    )
    .await;
}

pub async fn load(engine: &dyn SearchEngine, vacancies: Vec<VacancyDoc>, cvs: Vec<CvDoc>) {
    engine
        .upsert_vacancies(vacancies)
        .await
        .expect("vacancies indexed");
    engine.upsert_cvs(cvs).await.expect("cvs indexed");
    engine.commit().await.expect("committed");
}
