//! Benchmarks of the search engines for maintainers: indexing throughput (full rebuild),
//! query latency over a fixed mix of realistic faceted queries, freshness (commit to
//! searchable) and peak memory, for tantivy, the Postgres full-text baseline and (when
//! `MEILI_URL` is set) Meilisearch, on the same in-memory corpus.
//!
//! `main.rs` runs every (engine, size) in a child process of its own (`bench measure …`) so that
//! peak RSS is that of one measurement; [`measure`] is that child's work, also called in-process
//! by the smoke test.

pub mod corpus;
pub mod http_freshness;
pub mod http_load;
pub mod pg;
pub mod queries;
pub mod recommend_latency;
pub mod relevance;
pub mod report;
pub mod soak;

use std::path::Path;
use std::time::{Duration, Instant};

use chrono::Utc;
use search::{AccessMode, IndexKind, SearchEngine, TantivyEngine, VacancyDoc, VacancyQuery};
use serde::{Deserialize, Serialize};

use crate::corpus::Reference;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    Tantivy,
    Postgres,
    Meilisearch,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Tantivy => "tantivy",
            Engine::Postgres => "postgres",
            Engine::Meilisearch => "meilisearch",
        }
    }
    pub fn parse(name: &str) -> anyhow::Result<Engine> {
        Ok(match name {
            "tantivy" => Engine::Tantivy,
            "postgres" | "pg" => Engine::Postgres,
            "meilisearch" | "meili" => Engine::Meilisearch,
            other => anyhow::bail!("unknown engine {other:?} (tantivy, postgres, meilisearch)"),
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Vacancies,
    Cvs,
}

/// One (engine, kind, size) measurement.
#[derive(Debug, Clone)]
pub struct Config {
    pub engine: Engine,
    pub kind: Kind,
    pub size: usize,
    /// Timed query executions (cycling through the fixed mix).
    pub queries: usize,
    /// Freshness probes (vacancies only).
    pub freshness: usize,
    pub seed: u64,
    pub database_url: String,
    /// The Postgres schema the baseline's tables live in (dropped and recreated).
    pub schema: String,
    pub meili_url: Option<String>,
    pub meili_key: Option<String>,
    /// Stop the timed queries after this long, once one full pass of the mix is timed
    /// (a slow baseline at 1M would otherwise take an hour).
    pub query_budget: Duration,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Latency {
    pub samples: usize,
    pub p50_ms: f64,
    pub p95_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl Latency {
    /// Nearest-rank percentiles over every sample.
    pub fn of(mut samples_ms: Vec<f64>) -> Latency {
        if samples_ms.is_empty() {
            return Latency::default();
        }
        samples_ms.sort_by(f64::total_cmp);
        let rank = |p: f64| {
            let n = samples_ms.len();
            let index = ((p * n as f64).ceil() as usize).clamp(1, n) - 1;
            samples_ms[index]
        };
        Latency {
            samples: samples_ms.len(),
            p50_ms: rank(0.50),
            p95_ms: rank(0.95),
            p99_ms: rank(0.99),
            max_ms: samples_ms[samples_ms.len() - 1],
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ClassLatency {
    /// `all` (the whole faceted mix) or one class of it.
    pub class: String,
    #[serde(flatten)]
    pub latency: Latency,
    /// Mean number of matching documents per query of the class.
    pub mean_total: f64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Indexing {
    pub seconds: f64,
    pub docs_per_s: f64,
    /// Input: searchable text plus stored card JSON.
    pub input_mb: f64,
    pub mb_per_s: f64,
    /// On disk after the rebuild (tantivy directory, Postgres table with indexes), when known.
    pub index_mb: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Memory {
    /// VmHWM of the measuring process at the end (corpus included).
    pub peak_rss_mb: f64,
    /// VmRSS right after generating the corpus, before the engine started: subtract it for the
    /// engine's own share.
    pub corpus_rss_mb: f64,
    /// VmHWM of the Postgres backend that did the work (includes touched shared buffers).
    pub server_peak_rss_mb: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Measurement {
    pub engine: Engine,
    pub kind: Kind,
    pub size: usize,
    pub indexing: Indexing,
    pub queries: Vec<ClassLatency>,
    pub freshness: Option<Latency>,
    pub memory: Memory,
    /// The 1-minute load average when the measurement started and ended: other work on the
    /// machine (builds, tests) shares its cores and shows here.
    #[serde(default)]
    pub load_avg: Option<(f64, f64)>,
    pub notes: Vec<String>,
}

/// The 1-minute load average.
pub fn load_avg() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|v| v.parse().ok()))
        .unwrap_or(0.0)
}

impl Measurement {
    pub fn class(&self, class: &str) -> Option<&ClassLatency> {
        self.queries.iter().find(|c| c.class == class)
    }
}

/// `VmHWM`/`VmRSS` of a process, in MiB.
pub fn proc_status_mb(pid: &str, key: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn dir_bytes(path: &Path) -> u64 {
    let mut total = 0;
    if let Ok(entries) = std::fs::read_dir(path) {
        for entry in entries.flatten() {
            let Ok(meta) = entry.metadata() else { continue };
            total += if meta.is_dir() { dir_bytes(&entry.path()) } else { meta.len() };
        }
    }
    total
}

const MB: f64 = 1024.0 * 1024.0;
const CHUNK: usize = 10_000;
const FRESHNESS_TIMEOUT: Duration = Duration::from_secs(10);

enum Backend {
    Tantivy(TantivyEngine, #[allow(dead_code)] tempfile::TempDir),
    Postgres(pg::Pg),
    Meili(Box<search::MeiliEngine>),
}

impl Backend {
    async fn search_vacancies(&self, query: &VacancyQuery) -> anyhow::Result<u64> {
        Ok(match self {
            Backend::Tantivy(engine, _) => engine.search_vacancies_sync(query)?.total,
            Backend::Postgres(pg) => pg.search_vacancies(query).await?,
            Backend::Meili(engine) => engine.search_vacancies(query.clone()).await?.total,
        })
    }

    async fn search_cvs(&self, query: &search::CvQuery) -> anyhow::Result<u64> {
        Ok(match self {
            Backend::Tantivy(engine, _) => engine.search_cvs_sync(query)?.total,
            Backend::Postgres(pg) => pg.search_cvs(query).await?,
            Backend::Meili(engine) => engine.search_cvs(query.clone()).await?.total,
        })
    }

    /// Writes one document and commits it.
    async fn write_one(&self, doc: &VacancyDoc) -> anyhow::Result<()> {
        match self {
            Backend::Tantivy(engine, _) => {
                engine.upsert_vacancies_sync(std::slice::from_ref(doc))?;
                engine.commit_sync()?;
            }
            Backend::Postgres(pg) => pg.copy_vacancies(std::slice::from_ref(doc)).await?,
            Backend::Meili(engine) => {
                engine.upsert_vacancies(vec![doc.clone()]).await?;
                engine.commit().await?;
            }
        }
        Ok(())
    }
}

/// Runs one measurement: generate the corpus, full rebuild, the query mix, freshness probes.
pub async fn measure(config: &Config) -> anyhow::Result<Measurement> {
    let mut notes = Vec::new();
    let load_before = load_avg();
    let pool = sqlx::postgres::PgPoolOptions::new().max_connections(1).connect(&config.database_url).await?;
    let reference = Reference::load(&pool).await?;
    pool.close().await;
    let now = Utc::now();

    // the corpus, before the engine exists
    let (vacancies, cvs) = match config.kind {
        Kind::Vacancies => (corpus::vacancies(&reference, config.size, config.seed, now), Vec::new()),
        Kind::Cvs => (Vec::new(), corpus::cvs(&reference, config.size, config.seed, now)),
    };
    let input_bytes: usize =
        vacancies.iter().map(corpus::vacancy_bytes).sum::<usize>() + cvs.iter().map(corpus::cv_bytes).sum::<usize>();
    let corpus_rss_mb = proc_status_mb("self", "VmRSS:").unwrap_or(0.0);

    // full rebuild
    let started = Instant::now();
    let (backend, index_bytes) = match config.engine {
        Engine::Tantivy => {
            let dir = tempfile::tempdir()?;
            let engine = TantivyEngine::open(dir.path(), AccessMode::Writer)?;
            // time the search itself: the mix repeats its queries, which the result cache
            // would answer from memory
            engine.set_result_cache_capacity(0);
            notes.push("tantivy: result cache turned off (set_result_cache_capacity(0)); the mix repeats its 100 queries".into());
            notes.push("tantivy: the per-segment base counts stay on (the facet counts of the validity filter alone, per segment, kept across commits until a segment changes or its first vacancy expires): browsing and one-facet-filter queries take their counts from them after the warm-up pass, as they do in production after the first search of a segment".into());
            let kind = match config.kind {
                Kind::Vacancies => IndexKind::Vacancies,
                Kind::Cvs => IndexKind::Cvs,
            };
            let rebuild = engine.begin_rebuild(kind)?;
            for chunk in vacancies.chunks(CHUNK) {
                rebuild.add_vacancies(chunk)?;
            }
            for chunk in cvs.chunks(CHUNK) {
                rebuild.add_cvs(chunk)?;
            }
            rebuild.finish()?;
            let bytes = dir_bytes(dir.path());
            (Backend::Tantivy(engine, dir), Some(bytes))
        }
        Engine::Postgres => {
            let pg = pg::Pg::connect(&config.database_url, &config.schema).await?;
            let table = match config.kind {
                Kind::Vacancies => {
                    pg.rebuild_vacancies(&vacancies).await?;
                    "vacancies"
                }
                Kind::Cvs => {
                    pg.rebuild_cvs(&cvs).await?;
                    "cvs"
                }
            };
            let bytes = pg.relation_bytes(table).await?;
            notes.push("postgres: rebuild = create table + COPY + 11 indexes + ANALYZE; 'simple' tsvector over unaccented text: no stemming, no typo tolerance".into());
            (Backend::Postgres(pg), Some(bytes))
        }
        Engine::Meilisearch => {
            let url = config.meili_url.as_deref().ok_or_else(|| anyhow::anyhow!("MEILI_URL is not set"))?;
            let prefix = format!("bench_{}_{}", std::process::id(), config.size);
            let engine = search::MeiliEngine::connect(url, config.meili_key.as_deref(), &prefix).await?;
            for chunk in vacancies.chunks(CHUNK) {
                engine.upsert_vacancies(chunk.to_vec()).await?;
            }
            for chunk in cvs.chunks(CHUNK) {
                engine.upsert_cvs(chunk.to_vec()).await?;
            }
            engine.commit().await?;
            notes.push(format!("meilisearch: indexes {prefix}_* left on the server"));
            (Backend::Meili(Box::new(engine)), None)
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let docs = config.size as f64;
    let input_mb = input_bytes as f64 / MB;
    let indexing = Indexing {
        seconds,
        docs_per_s: docs / seconds,
        input_mb,
        mb_per_s: input_mb / seconds,
        index_mb: index_bytes.map(|b| b as f64 / MB),
    };

    // the query mix: one untimed pass to warm caches, then `queries` timed executions
    let mut per_class: std::collections::BTreeMap<&str, (Vec<f64>, u64)> = Default::default();
    let mut all = Vec::with_capacity(config.queries);
    let mut all_total = 0u64;
    match config.kind {
        Kind::Vacancies => {
            let mix = queries::vacancy_mix(&reference, config.seed, now);
            for (_, query) in &mix {
                backend.search_vacancies(query).await?;
            }
            let budget = Instant::now();
            for (i, (class, query)) in mix.iter().cycle().take(config.queries).enumerate() {
                if i >= mix.len() && budget.elapsed() > config.query_budget {
                    notes.push(format!("{} {}: query budget of {:?} reached after {i} of {} timed queries", config.engine.name(), config.size, config.query_budget, config.queries));
                    break;
                }
                let started = Instant::now();
                let total = backend.search_vacancies(query).await?;
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                let entry = per_class.entry(class).or_default();
                entry.0.push(ms);
                entry.1 += total;
                all.push(ms);
                all_total += total;
            }
        }
        Kind::Cvs => {
            let mix = queries::cv_mix(&reference, config.seed);
            for (_, query) in &mix {
                backend.search_cvs(query).await?;
            }
            let budget = Instant::now();
            for (i, (class, query)) in mix.iter().cycle().take(config.queries).enumerate() {
                if i >= mix.len() && budget.elapsed() > config.query_budget {
                    notes.push(format!("{} {} CVs: query budget of {:?} reached after {i} of {} timed queries", config.engine.name(), config.size, config.query_budget, config.queries));
                    break;
                }
                let started = Instant::now();
                let total = backend.search_cvs(query).await?;
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                let entry = per_class.entry(class).or_default();
                entry.0.push(ms);
                entry.1 += total;
                all.push(ms);
                all_total += total;
            }
        }
    }
    let mut query_latency = vec![ClassLatency {
        class: "all".into(),
        mean_total: all_total as f64 / all.len().max(1) as f64,
        latency: Latency::of(all),
    }];
    for (class, (samples, total)) in per_class {
        query_latency.push(ClassLatency {
            class: class.into(),
            mean_total: total as f64 / samples.len().max(1) as f64,
            latency: Latency::of(samples),
        });
    }

    // freshness: one new vacancy written and committed, then searched for until found
    let freshness = if config.kind == Kind::Vacancies && config.freshness > 0 {
        let mut samples = Vec::with_capacity(config.freshness);
        for n in 0..config.freshness {
            let probe = corpus::probe_vacancy(&reference, n, now);
            let query = VacancyQuery {
                business_names: vec![corpus::probe_name(n)],
                now,
                ..VacancyQuery::default()
            };
            let started = Instant::now();
            backend.write_one(&probe).await?;
            loop {
                if backend.search_vacancies(&query).await? >= 1 {
                    break;
                }
                anyhow::ensure!(started.elapsed() < FRESHNESS_TIMEOUT, "probe {n} not searchable after {FRESHNESS_TIMEOUT:?}");
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            samples.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        Some(Latency::of(samples))
    } else {
        None
    };

    let server_peak_rss_mb = match &backend {
        Backend::Postgres(pg) => {
            let pid = pg.backend_pid().await?;
            proc_status_mb(&pid.to_string(), "VmHWM:")
        }
        _ => None,
    };
    if let Backend::Postgres(pg) = &backend {
        pg.drop_schema().await?;
    }
    let memory = Memory {
        peak_rss_mb: proc_status_mb("self", "VmHWM:").unwrap_or(0.0),
        corpus_rss_mb,
        server_peak_rss_mb,
    };
    drop(backend);
    Ok(Measurement {
        engine: config.engine,
        kind: config.kind,
        size: config.size,
        indexing,
        queries: query_latency,
        freshness,
        memory,
        load_avg: Some((load_before, load_avg())),
        notes,
    })
}

/// Makes sure the bench database exists and carries the reference data (migrations).
pub async fn prepare_database(database_url: &str) -> anyhow::Result<()> {
    let options: sqlx::postgres::PgConnectOptions = database_url.parse()?;
    let name = options.get_database().unwrap_or("vakants_bench").to_string();
    let admin = options.clone().database("postgres");
    let admin = sqlx::postgres::PgPoolOptions::new().max_connections(1).connect_with(admin).await?;
    let exists: bool = sqlx::query_scalar("select exists (select 1 from pg_database where datname = $1)")
        .bind(&name)
        .fetch_one(&admin)
        .await?;
    if !exists {
        let result = sqlx::query(sqlx::AssertSqlSafe(format!("create database \"{name}\""))).execute(&admin).await;
        // a concurrent run may have created it meanwhile
        if let Err(error) = result {
            let again: bool = sqlx::query_scalar("select exists (select 1 from pg_database where datname = $1)")
                .bind(&name)
                .fetch_one(&admin)
                .await?;
            anyhow::ensure!(again, "cannot create database {name}: {error}");
        }
    }
    admin.close().await;
    let pool = sqlx::postgres::PgPoolOptions::new().max_connections(2).connect(database_url).await?;
    domain::platform::db::migrate(&pool).await?;
    pool.close().await;
    Ok(())
}

#[cfg(test)]
mod tests;
