//! A quick timing of the tantivy engine on synthetic vacancies: bulk indexing through a
//! rebuild, then latency percentiles of a few faceted queries. The real benchmarks (Postgres
//! and Meilisearch baselines, freshness, memory) live in `bench/`; this is for checking a
//! change to the engine in a minute.
//!
//! `cargo run -p search --release --example timing -- [vacancies, default 10000]`
//!
//! The vacancies are drawn as the matching's property test draws them (`search::testsuite`).

use std::time::Instant;

use chrono::Utc;
use search::testsuite::{Rng, VacancyDraw, random_vacancy};
use search::{IndexKind, TantivyEngine, VacancyDoc, VacancyFlags, VacancyQuery};

const OCCUPATIONS: [&str; 8] = [
    "Müüja",
    "Kokk",
    "Autojuht",
    "Raamatupidaja",
    "Koristaja",
    "Tarkvaraarendaja",
    "Hooldaja",
    "Laotöötaja",
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

/// What the synthetic vacancies are drawn from: the occupations' texts, the categories, 15
/// counties with 8 municipalities of 20 places each, 2,000 companies.
fn draw() -> VacancyDraw {
    let texts = OCCUPATIONS
        .iter()
        .map(|et| {
            format!(
                "{et} meie meeskonda. Otsime oma meeskonda {} inimest. Pakume head palka, koolitust ja \
                 sõbralikku kollektiivi. Kandideeri kohe! Ootame ka õpilasi ja pensionäre.",
                et.to_lowercase()
            )
        })
        .collect();
    let mut places = Vec::new();
    for county in COUNTIES {
        for m in 0..8 {
            let municipality = format!("{}{}", &county[..2], 10 + m);
            for c in 0..20 {
                places.push(vec![format!("{municipality}{c}"), municipality.clone(), county.to_owned(), "EE".to_owned()]);
            }
        }
    }
    let strings = |values: &[&str]| values.iter().map(|v| v.to_string()).collect::<Vec<_>>();
    VacancyDraw {
        texts,
        categories: strings(&CATEGORIES),
        places,
        employment: strings(&["FULL_TIME", "PART_TIME", "TEMPORARY"]),
        experience: strings(&["NONE", "UP_TO_1", "1_TO_3", "OVER_3"]),
        languages: strings(&["et", "en", "ru"]),
        periods: strings(&["MONTH"]),
        businesses: (0..2000).map(|company| format!("Ettevõte {company} OÜ")).collect(),
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
    let draw = draw();
    let now = Utc::now();
    let docs: Vec<VacancyDoc> = (0..count).map(|_| random_vacancy(&mut rng, &draw, now)).collect();
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
