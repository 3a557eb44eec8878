//! A quick timing of the tantivy engine on synthetic vacancies: bulk indexing through a
//! rebuild, then latency percentiles of a few faceted queries. The real benchmarks (Postgres
//! and Meilisearch baselines, freshness, memory) live in `bench/`; this is for checking a
//! change to the engine in a minute.
//!
//! `cargo run -p search --release --example timing -- [vacancies, default 10000]`

use std::time::Instant;

use chrono::{Duration, Utc};
use search::{
    IndexKind, Localized, TantivyEngine, Teaser, VacancyCard, VacancyDoc, VacancyFlags,
    VacancyQuery,
};
use uuid::Uuid;

const OCCUPATIONS: [(&str, &str, &str); 8] = [
    ("Müüja", "Shop assistant", "Продавец"),
    ("Kokk", "Cook", "Повар"),
    ("Autojuht", "Car driver", "Водитель"),
    ("Raamatupidaja", "Accountant", "Бухгалтер"),
    ("Koristaja", "Cleaner", "Уборщик"),
    ("Tarkvaraarendaja", "Software developer", "Разработчик"),
    ("Hooldaja", "Care worker", "Сиделка"),
    ("Laotöötaja", "Warehouse worker", "Кладовщик"),
];
const CATEGORIES: [&str; 12] = [
    "SALES",
    "FOOD",
    "TRANSPORT",
    "FINANCE",
    "IT",
    "CARE",
    "LOGISTICS",
    "BUILD",
    "EDU",
    "HEALTH",
    "ADMIN",
    "CLEANING",
];
const COUNTIES: [&str; 15] = [
    "0037", "0039", "0044", "0049", "0051", "0057", "0059", "0065", "0067", "0070", "0074", "0078",
    "0082", "0084", "0086",
];

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

fn synthetic(rng: &mut Rng, i: usize) -> VacancyDoc {
    let (et, en, ru) = OCCUPATIONS[rng.below(OCCUPATIONS.len())];
    let county = COUNTIES[rng.below(COUNTIES.len())];
    let municipality = format!("{}{}", &county[..2], 10 + rng.below(8));
    let city = format!("{municipality}{}", rng.below(20));
    let company = rng.below(2000);
    let from = 800.0 + (rng.below(40) * 50) as f64;
    let description = format!(
        "Otsime oma meeskonda {} inimest. Pakume head palka, koolitust ja sõbralikku kollektiivi. \
         Töö asukoht on linnas {city}. Kandideeri kohe! Ootame ka õpilasi ja pensionäre.",
        et.to_lowercase()
    );
    VacancyDoc {
        card: VacancyCard {
            vacancy_id: Uuid::from_u64_pair(rng.next(), i as u64),
            occupation_code: Some(format!("{}", 1000 + rng.below(8000))),
            occupation_labels: Localized {
                et: et.to_owned(),
                en: en.to_owned(),
                ru: ru.to_owned(),
            },
            business_name: format!("Ettevõte {company} OÜ"),
            company_registry_code: format!("{:08}", 10_000_000 + company),
            company_country_code: "EE".to_owned(),
            company_logo_url: None,
            address: Some(format!("Tänav {}, {city}", rng.below(100))),
            salary_from: Some(from),
            salary_to: rng.chance(60).then_some(from + 500.0),
            salary_period: Some("MONTH".to_owned()),
            by_agreement: false,
            pay_range: true,
            pro_level: if rng.chance(10) {
                1 + rng.below(3) as u8
            } else {
                0
            },
            is_branded: rng.chance(5),
            cover_url: None,
            cv_not_required: rng.chance(30),
            teasers: vec![Teaser {
                language_code: "et".to_owned(),
                content: format!("{et} meie meeskonda"),
            }],
            flags: VacancyFlags {
                for_students: rng.chance(20),
                for_underage: rng.chance(5),
                for_disabled: rng.chance(10),
                for_retired: rng.chance(10),
                for_foreigners: rng.chance(20),
                remote_work: rng.chance(15),
                shift_work: rng.chance(25),
            },
            publish_at: Some(Utc::now() - Duration::hours(rng.below(700) as i64)),
            renewed_at: Some(Utc::now() - Duration::hours(rng.below(700) as i64)),
            valid_until: Some(Utc::now() + Duration::days(1 + rng.below(30) as i64)),
        },
        category_codes: vec![CATEGORIES[rng.below(CATEGORIES.len())].to_owned()],
        place_codes: vec![city, municipality, county.to_owned(), "EE".to_owned()],
        employment_type: Some(["FULL_TIME", "PART_TIME", "TEMPORARY"][rng.below(3)].to_owned()),
        work_experience: Some(["NONE", "UP_TO_1", "1_TO_3", "OVER_3"][rng.below(4)].to_owned()),
        language_codes: vec!["et".to_owned()],
        driver_licences: Vec::new(),
        text: Localized {
            et: format!("{et} {description}"),
            en: en.to_owned(),
            ru: ru.to_owned(),
        },
    }
}

/// CPU time this process has used, from /proc (Linux), so that the average per query stays
/// meaningful on a machine busy with other work; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() -> search::Result<()> {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    let mut rng = Rng(42);
    let docs: Vec<VacancyDoc> = (0..count).map(|i| synthetic(&mut rng, i)).collect();
    let engine = TantivyEngine::in_memory()?;

    let started = Instant::now();
    let rebuild = engine.begin_rebuild(IndexKind::Vacancies)?;
    for chunk in docs.chunks(1000) {
        rebuild.add_vacancies(chunk)?;
    }
    rebuild.finish()?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "indexed {count} vacancies in {seconds:.2} s ({:.0} docs/s)",
        count as f64 / seconds
    );

    // Time the search itself; the result cache would answer the repetitions.
    engine.set_result_cache_capacity(0);
    let now = Utc::now();
    let base = VacancyQuery {
        now,
        ..VacancyQuery::default()
    };
    let queries: Vec<(&str, VacancyQuery)> = vec![
        ("browse all, facets", base.clone()),
        (
            "text 'müüja'",
            VacancyQuery {
                text: Some("müüja".to_owned()),
                ..base.clone()
            },
        ),
        (
            "prefix 'raamat'",
            VacancyQuery {
                text: Some("raamat".to_owned()),
                ..base.clone()
            },
        ),
        (
            "typo 'raamatupidja'",
            VacancyQuery {
                text: Some("raamatupidja ".to_owned()),
                ..base.clone()
            },
        ),
        (
            "county + 2 categories + flag + salary",
            VacancyQuery {
                place_codes: vec!["0037".to_owned()],
                category_codes: vec!["SALES".to_owned(), "IT".to_owned()],
                flags: VacancyFlags {
                    for_students: true,
                    ..VacancyFlags::default()
                },
                salary_from: Some(1200.0),
                ..base.clone()
            },
        ),
        (
            "text + filters, page 5",
            VacancyQuery {
                text: Some("kokk".to_owned()),
                place_codes: vec!["0037".to_owned(), "0078".to_owned()],
                page: 5,
                ..base.clone()
            },
        ),
    ];
    println!(
        "{:<40} {:>8} {:>9} {:>9} {:>9}",
        "query", "total", "p50 ms", "p95 ms", "p99 ms"
    );
    for (name, query) in queries {
        let mut samples = Vec::new();
        let mut total = 0;
        let cpu_before = cpu_seconds();
        for _ in 0..200 {
            let started = Instant::now();
            total = engine.search_vacancies_sync(&query)?.total;
            samples.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        let cpu_ms = cpu_seconds()
            .zip(cpu_before)
            .map_or(f64::NAN, |(after, before)| {
                (after - before) * 1000.0 / 200.0
            });
        samples.sort_by(f64::total_cmp);
        println!(
            "{name:<40} {total:>8} {:>9.2} {:>9.2} {:>9.2} {cpu_ms:>10.2}",
            percentile(&samples, 0.5),
            percentile(&samples, 0.95),
            percentile(&samples, 0.99)
        );
    }
    engine.set_result_cache_capacity(256);
    let query = VacancyQuery {
        now,
        ..VacancyQuery::default()
    };
    engine.search_vacancies_sync(&query)?;
    let started = Instant::now();
    for _ in 0..200 {
        engine.search_vacancies_sync(&query)?;
    }
    let cached_ms = started.elapsed().as_secs_f64() * 1000.0 / 200.0;
    println!("browse all, facets, from the result cache: {cached_ms:.3} ms average");
    Ok(())
}
