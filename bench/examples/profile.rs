//! A small run for profilers: generates a corpus, rebuilds the tantivy index, then runs the
//! query mix a few times, each phase in a function of its own so `valgrind --tool=callgrind
//! --toggle-collect=profile::rebuild` (or `profile::queries`) counts only that phase.
//!
//! `cargo run -p bench --release --example profile -- <size> [repeats] [class or each]`

use std::time::Instant;

use chrono::Utc;
use search::{AccessMode, IndexKind, TantivyEngine, VacancyDoc, VacancyQuery};

#[inline(never)]
fn rebuild(engine: &TantivyEngine, docs: &[VacancyDoc]) {
    let started = Instant::now();
    let cpu_before = cpu_seconds();
    let rebuild = engine.begin_rebuild(IndexKind::Vacancies).unwrap();
    for chunk in docs.chunks(10_000) {
        rebuild.add_vacancies(chunk).unwrap();
    }
    let added = started.elapsed().as_secs_f64();
    rebuild.finish().unwrap();
    eprintln!(
        "rebuild: documents added in {added:.2} s, finished (commit and merge) after {:.2} s; {:.2} s of CPU in all threads",
        started.elapsed().as_secs_f64(),
        cpu_seconds() - cpu_before
    );
}

/// CPU time of this process (all threads, user and system) from /proc: a steadier measure
/// than wall time when other work shares the cores.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // the fields after the command name, which is in parentheses and may hold spaces
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime, fields 14 and 15 of the line (the first after the name is field 3)
    (ticks(11) + ticks(12)) / 100.0
}

#[inline(never)]
fn queries(engine: &TantivyEngine, mix: &[&VacancyQuery], repeats: usize) -> u64 {
    let mut total = 0;
    for _ in 0..repeats {
        for query in mix {
            total += engine.search_vacancies_sync(query).unwrap().total;
        }
    }
    total
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size: usize = args.first().map_or(Ok(10_000), |s| s.parse())?;
    let repeats: usize = args.get(1).map_or(Ok(1), |s| s.parse())?;
    let class = args.get(2).cloned();
    let database_url = std::env::var("BENCH_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/vakants_bench".into());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let reference = runtime.block_on(async {
        bench::prepare_database(&database_url).await?;
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .connect(&database_url)
            .await?;
        bench::corpus::Reference::load(&pool).await
    })?;
    let now = Utc::now();
    let docs = bench::corpus::vacancies(&reference, size, 42, now);
    let dir = tempfile::tempdir()?;
    let engine = TantivyEngine::open(dir.path(), AccessMode::Writer)?;
    engine.set_result_cache_capacity(0);
    let started = Instant::now();
    rebuild(&engine, &docs);
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "rebuild: {size} docs in {seconds:.2} s ({:.0} docs/s)",
        size as f64 / seconds
    );
    let all = bench::queries::vacancy_mix(&reference, 42, now);
    // `each`: every class on its own, on the same index
    let classes: Vec<Option<String>> = match class.as_deref() {
        Some("each") => bench::queries::VACANCY_CLASSES.iter().map(|(c, _)| Some(c.to_string())).collect(),
        _ => vec![class],
    };
    for class in classes {
        let mix: Vec<&VacancyQuery> = all
            .iter()
            .filter(|(c, _)| class.as_deref().is_none_or(|class| class == *c))
            .map(|(_, q)| q)
            .collect();
        eprintln!("class {}:", class.as_deref().unwrap_or("all"));
        time_mix(&engine, &mix, repeats);
    }
    Ok(())
}

/// Times `mix`: all of it `repeats` times, then the fastest repeat of each query.
fn time_mix(engine: &TantivyEngine, mix: &[&VacancyQuery], repeats: usize) {
    let started = Instant::now();
    let total = queries(engine, mix, repeats);
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "queries: {} in {seconds:.2} s ({:.2} ms each), total matches {total}",
        mix.len() * repeats,
        seconds * 1000.0 / (mix.len() * repeats) as f64
    );
    // the fastest of the repeats of each query: robust against other work on the machine
    let mut fastest: Vec<f64> = mix
        .iter()
        .map(|query| {
            (0..repeats.max(1))
                .map(|_| {
                    let started = Instant::now();
                    engine.search_vacancies_sync(query).unwrap();
                    started.elapsed().as_secs_f64() * 1000.0
                })
                .fold(f64::MAX, f64::min)
        })
        .collect();
    if std::env::var_os("PROFILE_SLOWEST").is_some() {
        let mut ranked: Vec<(f64, &VacancyQuery)> = fastest.iter().copied().zip(mix.iter().copied()).collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (ms, query) in ranked.iter().take(8) {
            eprintln!("{ms:.2} ms: text {:?} cat {:?} place {:?} type {:?} lang {:?} salary {:?}/{:?} flags {:?}", query.text, query.category_codes, query.place_codes, query.employment_types, query.language_codes, query.salary_from, query.salary_period, query.flags);
        }
    }
    let mean = fastest.iter().sum::<f64>() / fastest.len() as f64;
    fastest.sort_by(f64::total_cmp);
    let at = |q: f64| fastest[((fastest.len() as f64 * q).ceil() as usize).clamp(1, fastest.len()) - 1];
    eprintln!(
        "fastest of {repeats} per query: mean {mean:.2} ms, p50 {:.2}, p95 {:.2}, max {:.2}",
        at(0.5),
        at(0.95),
        at(1.0)
    );
}
