//! `bench http`: the whole server's throughput, measured through HTTP against a served `vakants`
//! (issue 20, "Throughput").
//!
//! One command makes its own database, loads the demo data, `--scale` generated vacancies and
//! `--cvs` generated CVs with `vakants seed`, rebuilds the index (`vakants reindex`), serves it
//! (`vakants serve`, dev mode, its own data directory and port) and, once the index holds every
//! live vacancy, drives each scenario with `--connections` keep-alive connections that send
//! requests back to back for `--seconds` (after a warm-up of a fifth of that):
//!
//! - `search-mix`: `POST /api/open/search` cycling through the visitors' mix of eight searches
//!   (browsing, facets, words, a salary), as a browser sends it (`Accept-Encoding: br, gzip`);
//! - `vacancy-page`: `GET /et/vacancies/{id}`, the server-painted page, over 200 live vacancies;
//! - `long-tail` (issue 33 §4): searches drawn from `--long-tail` distinct ones (100,000 by
//!   default: words typed whole, as prefixes or with typos, filters and their combinations, pages;
//!   [`crate::queries::long_tail_searches`]) with Zipf-like popularity (`--zipf`), so that most of
//!   them miss the server's answer cache: the engine, the answer's serialization and its
//!   compression, not the cache, are measured; the report gives the cache's hit rate beside it;
//! - `long-tail-while-writing`: the long-tail mix while the employer writes, as below;
//! - `search-while-writing` (issue 20, "Write while searching"): the search mix again, while an
//!   open-loop writer (write *k* starts at *k / `--write-rate`* seconds, whatever the earlier ones
//!   take) has the demo employer publish a new vacancy (`POST /api/employer/vacancies/create`,
//!   then `PUT /api/employer/vacancies/{id}/status` with `EXISTS`) and edit a published one
//!   (`PUT /api/employer/vacancies/{id}`, its text replaced) in turn, each write's text holding a
//!   word of its own. Every write's freshness is measured as `bench publish-freshness` measures
//!   it: from sending the publish or edit call until a search for the word (its own client,
//!   every 10 ms, not counted in the scenario's searches) lists the vacancy. An edit takes a
//!   vacancy no other write is probing (published beforehand, or by an earlier write of the
//!   scenario); when there is none, a publish is made instead.
//!
//! `--scenarios` runs some of them only; `--accept-encoding` sets what the clients accept (a
//! browser's `br, gzip` by default).
//!
//! Per scenario it reports requests/s, p50/p95/p99, the bytes of an answer as sent (compressed),
//! errors (a failed request or a non-2xx answer), the answers the search cache gave, and the
//! resident memory of `vakants serve` afterwards (its peak is reported too); for the writes, those
//! attempted, succeeded and failed, the rate reached, the write call's latency and the freshness
//! p50/p95/p99/max. The load generator runs on the same machine, so it shares the cores with the
//! server.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::ensure;
use bytes::Bytes;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::Latency;
use crate::http_freshness::{
    Employer, PROBE_PREFIXES, Poll, ServerBuild, Vakants, find, free_address, give_the_employer_a_contract, probe_prefix, recreate_database, visitor_searches,
    wait_for_health, wait_for_the_index,
};
use crate::queries::{SearchCodes, Zipf, long_tail_searches};
use crate::report::Machine;

/// Targets of issue 20 on the 2-core machine.
const TARGET_SEARCH_RPS: f64 = 5_000.0;
const TARGET_SEARCH_P99_MS: f64 = 20.0;
const TARGET_PAGE_RPS: f64 = 3_000.0;
const TARGET_RSS_MB: f64 = 500.0;
/// Answers the server's search cache keeps (`api::search_cache::CAPACITY`), for the report.
const SERVER_ANSWER_CACHE: usize = 1024;
/// Issue 33 §4: the long-tail mix at 100k vacancies, with and without the employer's writes.
const TARGET_LONG_TAIL_RPS: f64 = 2_000.0;
/// Issue 20, "Write while searching": freshness p95 ≤ 1 s (and the search p99 still ≤ 20 ms).
const TARGET_FRESHNESS_P95_MS: f64 = 1000.0;
/// Vacancy pages the page scenario cycles through.
const PAGES: usize = 200;
/// Vacancies published before `search-while-writing` starts, for its first edits.
const EDIT_POOL: usize = 20;
/// Between two searches of a write's freshness probe, until the freshness target has passed.
const WRITE_POLL: Duration = Duration::from_millis(10);

/// The arguments of `bench http`.
#[derive(clap::Args)]
pub struct Args {
    /// The `vakants` binary (a release build).
    #[arg(long, default_value_os_t = crate::default_vakants_bin())]
    pub vakants_bin: PathBuf,
    #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/vakants_bench_http")]
    pub database_url: String,
    /// The built web app (`cd web && npx vite build`), for the server-painted pages.
    #[arg(long, default_value_os_t = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist")))]
    pub web_dist: PathBuf,
    #[arg(long, default_value_t = 100_000)]
    pub scale: usize,
    #[arg(long, default_value_t = 100_000)]
    pub cvs: usize,
    /// Keep-alive connections sending requests back to back.
    #[arg(long, default_value_t = 16)]
    pub connections: usize,
    /// Measured seconds per scenario (after a warm-up of a fifth of it).
    #[arg(long, default_value_t = 30)]
    pub seconds: u64,
    /// Writes a second (publishes and edits in turn) in `search-while-writing` and
    /// `long-tail-while-writing`.
    #[arg(long, default_value_t = 20.0)]
    pub write_rate: f64,
    /// Between two searches of a write's freshness probe once the freshness target (1 s) has
    /// passed, in ms. A write found later is a miss however late, so it needs no 10 ms steps, and
    /// such steps from every late write load the server themselves: at 20 writes/s and 10 s late,
    /// some 200 probes search at once. 10 polls as the runs before 2026-12-03's did.
    #[arg(long, default_value_t = 100)]
    pub write_poll_late_ms: u64,
    /// Distinct searches of the long-tail mix.
    #[arg(long, default_value_t = 100_000)]
    pub long_tail: usize,
    /// The exponent of the long-tail mix's Zipf-like popularity (lower: a longer tail).
    #[arg(long, default_value_t = 0.75)]
    pub zipf: f64,
    /// The scenarios to run, comma-separated (default: all): search-mix, vacancy-page,
    /// search-while-writing, long-tail, long-tail-while-writing.
    #[arg(long, value_delimiter = ',')]
    pub scenarios: Vec<String>,
    /// What the clients accept: a browser's `br, gzip`, or `gzip`, or `identity`.
    #[arg(long, default_value = "br, gzip")]
    pub accept_encoding: String,
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Keep the database and the index for the next run: the data directory to use (a fresh one
    /// each run without it). A run given a directory that an earlier run finished seeding (it
    /// holds `seeded`) with the same `--scale` and `--cvs` skips the seeding and the index
    /// rebuild, so that runs of one build against another compare the same data in minutes.
    #[arg(long)]
    pub keep_data: Option<PathBuf>,
    #[arg(long, default_value_os_t = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/results")))]
    pub out: PathBuf,
}

/// Every scenario, in the order they run.
pub const SCENARIOS: [&str; 5] = ["search-mix", "vacancy-page", "search-while-writing", "long-tail", "long-tail-while-writing"];

#[derive(Debug, Serialize, Deserialize)]
pub struct Scenario {
    pub name: String,
    pub request: String,
    pub connections: usize,
    pub seconds: f64,
    pub requests: u64,
    pub requests_per_s: f64,
    pub latency: Latency,
    /// Mean body bytes of an answer as sent (compressed when the server compressed it).
    pub bytes_per_answer: f64,
    pub errors: u64,
    /// Answers marked `x-search-cache: hit` (a search) or `x-page-cache: hit` (a vacancy page).
    pub cache_hits: u64,
    /// `cache_hits` over the answers.
    #[serde(default)]
    pub cache_hit_rate: f64,
    /// The distinct requests the scenario draws from, and how (`cycle`, or `zipf <exponent>`).
    #[serde(default)]
    pub distinct_requests: usize,
    #[serde(default)]
    pub order: String,
    /// What the clients accepted (`Accept-Encoding`).
    #[serde(default)]
    pub accept_encoding: String,
    /// Resident memory of `vakants serve` after the scenario.
    pub rss_mb: f64,
    /// Of which anonymous (heap, stacks: `RssAnon`); the rest is mostly the index's files mapped
    /// into memory (`RssFile`), which the kernel may drop and read again.
    #[serde(default)]
    pub rss_anon_mb: f64,
    /// None where the scenario has no throughput target (`search-while-writing`).
    pub target_rps: Option<f64>,
    pub target_p99_ms: Option<f64>,
    /// The employer's writes made meanwhile (`search-while-writing`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub writes: Option<Writes>,
    pub met: bool,
}

/// The writes of `search-while-writing` and how soon a search found each.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Writes {
    /// Writes scheduled a second (open loop).
    pub target_per_s: f64,
    pub attempted: u64,
    /// Writes whose calls all succeeded.
    pub succeeded: u64,
    /// Writes a call of which failed (or whose probe's search did).
    pub errors: u64,
    /// The first failure, as the bench saw it.
    pub first_error: Option<String>,
    /// New vacancies published (create, then publish).
    pub publishes: u64,
    /// Published vacancies edited.
    pub edits: u64,
    /// Succeeded writes a second: over the scenario's seconds, or until the last write call
    /// answered when that was later.
    pub per_s: f64,
    /// The call that starts the freshness clock: the publish (`PUT …/{id}/status`) or the edit
    /// (`PUT …/{id}`).
    pub write_call: Latency,
    /// Creating the draft a publish publishes (`POST …/create`), before the clock starts.
    pub create_call: Latency,
    /// From sending the write call until a search for its word lists the vacancy.
    pub freshness: Latency,
    pub freshness_publish: Latency,
    pub freshness_edit: Latency,
    /// Succeeded writes whose vacancy no search listed within 10 s.
    pub not_found: u64,
    /// The searches the writes' freshness probes sent (not counted in the scenario's requests),
    /// a second over the writer's run: the server answered these beside the scenario's.
    #[serde(default)]
    pub probe_searches: u64,
    #[serde(default)]
    pub probe_searches_per_s: f64,
    /// The probes' poll once the freshness target had passed, ms (10 before 2026-12-03).
    #[serde(default)]
    pub poll_late_ms: u64,
    pub target_freshness_p95_ms: f64,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct HttpReport {
    pub machine: Machine,
    pub command: String,
    /// The `vakants` binary measured; `machine.git` is the bench client's build.
    #[serde(default)]
    pub server: ServerBuild,
    pub indexed_vacancies: u64,
    pub scenarios: Vec<Scenario>,
    /// The peak resident memory of `vakants serve` over the run (VmHWM).
    pub rss_peak_mb: f64,
    pub target_rss_mb: f64,
    pub met: bool,
}

/// One request of a scenario, ready to send.
#[derive(Clone)]
struct Request {
    post: bool,
    path: String,
    body: Option<Bytes>,
}

/// The requests of a scenario and the order the connections send them in.
#[derive(Clone)]
struct Requests {
    list: Arc<Vec<Request>>,
    /// `None`: each connection cycles through the list from its own offset; else each draws from
    /// it by popularity with a seeded generator of its own.
    zipf: Option<(Arc<Zipf>, u64)>,
}

impl Requests {
    fn order(&self) -> String {
        match &self.zipf {
            None => "cycle".into(),
            Some((zipf, _)) => format!("zipf {}", zipf.exponent()),
        }
    }
}

/// The long-tail searches as requests, the first the most popular.
async fn long_tail_requests(database_url: &str, distinct: usize, seed: u64) -> anyhow::Result<Vec<Request>> {
    let pool = sqlx::postgres::PgPoolOptions::new().max_connections(1).connect(database_url).await?;
    let reference = crate::corpus::Reference::load(&pool).await?;
    let codes = |table: &'static str| {
        let pool = pool.clone();
        async move { sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(format!("select code from {table} order by code"))).fetch_all(&pool).await }
    };
    let codes = SearchCodes {
        employment_types: codes("ref_employment_types").await?,
        work_experiences: codes("ref_work_experiences").await?,
        languages: codes("ref_languages").await?,
        salary_periods: codes("ref_salary_periods").await?,
    };
    pool.close().await;
    Ok(long_tail_searches(&reference, &codes, seed, distinct)
        .into_iter()
        .map(|search| Request {
            post: true,
            path: format!("/api/open/search?page={}", search.page),
            body: Some(Bytes::from(search.body.to_string())),
        })
        .collect())
}

pub async fn run(args: Args, command: String) -> anyhow::Result<HttpReport> {
    ensure!(
        args.vakants_bin.is_file(),
        "{} not found: build it first (cargo build --release --bin vakants) or pass --vakants-bin",
        args.vakants_bin.display()
    );
    ensure!(
        args.web_dist.join("index.html").is_file(),
        "{} holds no built web app: build it first (cd web && npm ci && npx vite build) or pass --web-dist",
        args.web_dist.display()
    );
    let machine = Machine::describe();
    let temporary = tempfile::tempdir()?;
    let keep = args.keep_data.is_some();
    let data_dir = args.keep_data.clone().unwrap_or_else(|| temporary.path().to_owned());
    let seeded_marker = data_dir.join("seeded");
    let seeded_as = format!("scale {} cvs {} database {}\n", args.scale, args.cvs, args.database_url);
    let vakants = Vakants { bin: &args.vakants_bin, database_url: &args.database_url, data_dir: &data_dir };
    if keep && std::fs::read_to_string(&seeded_marker).is_ok_and(|marker| marker == seeded_as) {
        eprintln!("== the data of an earlier run in {} ({})", data_dir.display(), seeded_as.trim());
        // a new build may bring migrations
        vakants.run(&["migrate"])?;
    } else {
        recreate_database(&args.database_url).await?;
        if keep {
            let _ = std::fs::remove_dir_all(&data_dir);
            std::fs::create_dir_all(&data_dir)?;
        }
        eprintln!("== migrate, seed ({} vacancies, {} CVs) and rebuild the index", args.scale, args.cvs);
        vakants.run(&["migrate"])?;
        let started = Instant::now();
        let (scale, cvs) = (args.scale.to_string(), args.cvs.to_string());
        let mut seed = vec!["seed", "--scale", scale.as_str()];
        if args.cvs > 0 {
            seed.extend(["--cvs", cvs.as_str()]);
        }
        vakants.run(&seed)?;
        // search-while-writing publishes as the demo employer: live at once with a contract
        give_the_employer_a_contract(&args.database_url).await?;
        vakants.run(&["reindex"])?;
        eprintln!("   seeded and indexed in {:.0} s", started.elapsed().as_secs_f64());
        if keep {
            std::fs::write(&seeded_marker, &seeded_as)?;
        }
    }

    let bind = free_address()?;
    let base = format!("http://{bind}");
    eprintln!("== serve on {base}");
    let server = vakants.serve(&bind, &[("WEB_DIST", args.web_dist.as_path())]).await?;
    let pid = server.0.id();
    let http = reqwest::Client::builder().build()?;
    wait_for_health(&http, &base).await?;
    let indexed = wait_for_the_index(&http, &base, &args.database_url).await?;
    eprintln!("   {indexed} vacancies searchable");

    let wanted = |name: &str| args.scenarios.is_empty() || args.scenarios.iter().any(|s| s == name);
    for name in &args.scenarios {
        ensure!(SCENARIOS.contains(&name.as_str()), "unknown scenario {name}: one of {}", SCENARIOS.join(", "));
    }
    let searches: Vec<Request> = visitor_searches()
        .into_iter()
        .map(|body| Request { post: true, path: "/api/open/search".into(), body: Some(Bytes::from(body.to_string())) })
        .collect();
    let searches = Requests { list: Arc::new(searches), zipf: None };
    let long_tail = if wanted("long-tail") || wanted("long-tail-while-writing") {
        let list = long_tail_requests(&args.database_url, args.long_tail, args.seed).await?;
        let zipf = Arc::new(Zipf::new(list.len(), args.zipf));
        eprintln!(
            "   long tail: {} distinct searches, Zipf exponent {}: the {} most asked make {:.0} % of the draws",
            list.len(),
            args.zipf,
            SERVER_ANSWER_CACHE,
            100.0 * zipf.share_of_top(SERVER_ANSWER_CACHE)
        );
        Requests { list: Arc::new(list), zipf: Some((zipf, args.seed)) }
    } else {
        Requests { list: Arc::new(Vec::new()), zipf: None }
    };
    let mut pages = Vec::new();
    for page in 0.. {
        let answer: Value = http.post(format!("{base}/api/open/search?page={page}&size=100")).json(&json!({})).send().await?.json().await?;
        let ids: Vec<String> = answer["content"].as_array().into_iter().flatten().filter_map(|c| c["vacancyId"].as_str().map(str::to_owned)).collect();
        if ids.is_empty() {
            break;
        }
        pages.extend(ids.into_iter().map(|id| Request { post: false, path: format!("/et/vacancies/{id}"), body: None }));
        if pages.len() >= PAGES {
            break;
        }
    }
    ensure!(!pages.is_empty(), "no vacancy to open");
    let pages = Requests { list: Arc::new(pages), zipf: None };

    // the employer of search-while-writing, with published vacancies to edit
    let writing_scenarios = ["search-while-writing", "long-tail-while-writing"].into_iter().filter(|name| wanted(name)).count();
    let scheduled_writes = (args.write_rate * args.seconds as f64).ceil() as usize * writing_scenarios;
    ensure!(args.write_rate > 0.0, "--write-rate must be positive");
    ensure!(args.write_poll_late_ms > 0, "--write-poll-late-ms must be positive");
    ensure!(
        EDIT_POOL + scheduled_writes <= PROBE_PREFIXES,
        "{scheduled_writes} writes: at most {} fit the probes' distinct words; lower --write-rate or --seconds",
        PROBE_PREFIXES - EDIT_POOL
    );
    let employer = Arc::new(Employer::demo(&base).await?);
    let mut editable = VecDeque::new();
    for n in 0..EDIT_POOL {
        let id = employer.create(&write_word(n)).await?;
        employer.publish(&id).await?;
        editable.push_back(id);
    }

    let long_tail_request = format!("POST /api/open/search ({} distinct searches, Zipf-like)", long_tail.list.len());
    let long_tail_writing = format!("{long_tail_request} while publishing and editing vacancies");
    let mut scenarios = Vec::new();
    let mut words_used = 0;
    for (name, request, requests, target_rps, target_p99_ms, writing) in [
        ("search-mix", "POST /api/open/search (8 searches)", &searches, Some(TARGET_SEARCH_RPS), Some(TARGET_SEARCH_P99_MS), false),
        ("vacancy-page", "GET /et/vacancies/{id} (200 vacancies)", &pages, Some(TARGET_PAGE_RPS), None, false),
        (
            "search-while-writing",
            "POST /api/open/search (8 searches) while publishing and editing vacancies",
            &searches,
            None,
            Some(TARGET_SEARCH_P99_MS),
            true,
        ),
        ("long-tail", long_tail_request.as_str(), &long_tail, Some(TARGET_LONG_TAIL_RPS), Some(TARGET_SEARCH_P99_MS), false),
        ("long-tail-while-writing", long_tail_writing.as_str(), &long_tail, Some(TARGET_LONG_TAIL_RPS), Some(TARGET_SEARCH_P99_MS), true),
    ] {
        if !wanted(name) {
            continue;
        }
        let writing = writing.then(|| format!(", {} writes/s", args.write_rate));
        eprintln!("== {name}: {} connections, {} s{}", args.connections, args.seconds, writing.as_deref().unwrap_or_default());
        let accept = args.accept_encoding.as_str();
        drive(&base, requests, accept, args.connections, Duration::from_secs(args.seconds.div_ceil(5))).await;
        let measured = Duration::from_secs(args.seconds);
        let ((elapsed, outcome), writes) = if writing.is_some() {
            let pool = std::mem::take(&mut editable);
            let poll = Poll {
                every: WRITE_POLL,
                slower_after: Duration::from_millis(TARGET_FRESHNESS_P95_MS as u64),
                slower: Duration::from_millis(args.write_poll_late_ms),
            };
            let writer = write_while_searching(employer.clone(), &base, args.write_rate, measured, pool, words_used, poll);
            let (searched, (written, pool, used)) = tokio::join!(drive(&base, requests, accept, args.connections, measured), writer);
            editable = pool;
            words_used = used;
            (searched, Some(written))
        } else {
            (drive(&base, requests, accept, args.connections, measured).await, None)
        };
        let requests_done = outcome.latencies_ms.len() as u64;
        let latency = Latency::of(outcome.latencies_ms);
        let requests_per_s = requests_done as f64 / elapsed;
        let writes_met = writes
            .as_ref()
            .is_none_or(|w| w.succeeded > 0 && w.errors == 0 && w.not_found == 0 && w.freshness.p95_ms <= w.target_freshness_p95_ms);
        let scenario = Scenario {
            name: name.into(),
            request: request.into(),
            connections: args.connections,
            seconds: elapsed,
            requests: requests_done,
            requests_per_s,
            bytes_per_answer: outcome.bytes as f64 / requests_done.max(1) as f64,
            errors: outcome.errors,
            cache_hits: outcome.cache_hits,
            cache_hit_rate: outcome.cache_hits as f64 / requests_done.max(1) as f64,
            distinct_requests: requests.list.len(),
            order: requests.order(),
            accept_encoding: args.accept_encoding.clone(),
            rss_mb: memory_mb(pid, "VmRSS"),
            rss_anon_mb: memory_mb(pid, "RssAnon"),
            target_rps,
            target_p99_ms,
            met: outcome.errors == 0
                && target_rps.is_none_or(|t| requests_per_s >= t)
                && target_p99_ms.is_none_or(|t| latency.p99_ms <= t)
                && writes_met,
            writes,
            latency,
        };
        eprintln!(
            "   {:.0} requests/s, p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, {:.0} bytes per answer, {} errors, cache hits {:.1} %, RSS {:.0} MB ({:.0} MB anonymous)",
            scenario.requests_per_s,
            scenario.latency.p50_ms,
            scenario.latency.p95_ms,
            scenario.latency.p99_ms,
            scenario.bytes_per_answer,
            scenario.errors,
            100.0 * scenario.cache_hit_rate,
            scenario.rss_mb,
            scenario.rss_anon_mb
        );
        if let Some(w) = &scenario.writes {
            eprintln!(
                "   writes: {} attempted ({} publishes, {} edits), {} succeeded, {} errors, {:.1}/s; write call p50 {:.0} ms, p95 {:.0} ms; \
                 freshness p50 {:.0} ms, p95 {:.0} ms, p99 {:.0} ms, max {:.0} ms ({} not found)",
                w.attempted,
                w.publishes,
                w.edits,
                w.succeeded,
                w.errors,
                w.per_s,
                w.write_call.p50_ms,
                w.write_call.p95_ms,
                w.freshness.p50_ms,
                w.freshness.p95_ms,
                w.freshness.p99_ms,
                w.freshness.max_ms,
                w.not_found
            );
            if let Some(error) = &w.first_error {
                eprintln!("   first write error: {error}");
            }
        }
        scenarios.push(scenario);
    }
    let rss_peak_mb = memory_mb(pid, "VmHWM");
    drop(server);
    let report = HttpReport {
        machine,
        command,
        server: vakants.build(),
        indexed_vacancies: indexed,
        met: scenarios.iter().all(|s| s.met) && rss_peak_mb <= TARGET_RSS_MB,
        scenarios,
        rss_peak_mb,
        target_rss_mb: TARGET_RSS_MB,
    };
    write(&report, &args.out)?;
    Ok(report)
}

/// The word the text of write `n` holds: distinct leading letters for every write (see
/// [`probe_prefix`]), and unlike `publish-freshness`'s words.
fn write_word(n: usize) -> String {
    format!("{}write{}", probe_prefix(n), std::process::id())
}

/// One write of [`write_while_searching`].
struct Written {
    edit: bool,
    /// The draft's creation (publishes only), ms.
    create_ms: Option<f64>,
    /// The call that starts the clock, ms.
    call_ms: f64,
    /// When that call answered, from the writer's start.
    answered: Duration,
    /// Until a search listed the vacancy, ms; None when none did within the probe's time.
    freshness_ms: Option<f64>,
    /// The searches its probe sent, and when the probe ended, from the writer's start.
    probe_searches: u64,
    probed: Duration,
}

/// The open-loop writer of `search-while-writing`: write *k* starts at *k / `rate`* seconds
/// until `duration` has passed, a publish of a new vacancy and an edit of one from `editable` in
/// turn (a publish when none is free); each write is then searched for, by its word, every
/// [`WRITE_POLL`] with a client of its own, and its vacancy goes (back) to `editable`. Waits for
/// every probe. Write *k* holds the word of `first_word + k`; returns the figures, the vacancies
/// free to edit afterwards and the next unused word.
async fn write_while_searching(
    employer: Arc<Employer>,
    base: &str,
    rate: f64,
    duration: Duration,
    editable: VecDeque<String>,
    first_word: usize,
    poll: Poll,
) -> (Writes, VecDeque<String>, usize) {
    let editable = Arc::new(Mutex::new(editable));
    let probes = reqwest::Client::builder().build().expect("an HTTP client");
    let started = Instant::now();
    let deadline = started + duration;
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / rate));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut tasks = tokio::task::JoinSet::new();
    let (mut attempted, mut done_writes) = (0u64, Vec::new());
    for k in 0.. {
        tick.tick().await;
        if Instant::now() >= deadline {
            break;
        }
        let target = if k % 2 == 1 { editable.lock().expect("the editable vacancies").pop_front() } else { None };
        let (employer, base, probes, editable) = (employer.clone(), base.to_owned(), probes.clone(), editable.clone());
        tasks.spawn(async move {
            let word = write_word(EDIT_POOL + first_word + k);
            let edit = target.is_some();
            let mut create_ms = None;
            let id = match target {
                Some(id) => id,
                None => {
                    let sent = Instant::now();
                    let id = employer.create(&word).await?;
                    create_ms = Some(sent.elapsed().as_secs_f64() * 1000.0);
                    id
                }
            };
            let sent = Instant::now();
            let call = if edit { employer.update(&id, &word).await } else { employer.publish(&id).await };
            let call_ms = sent.elapsed().as_secs_f64() * 1000.0;
            let answered = started.elapsed();
            if let Err(error) = call {
                // an edit refused leaves its vacancy as it was: it may be edited again
                if edit {
                    editable.lock().expect("the editable vacancies").push_back(id);
                }
                return Err(error);
            }
            let probe = find(&probes, &base, &word, &id, sent, poll).await;
            editable.lock().expect("the editable vacancies").push_back(id);
            let probe = probe?;
            let freshness_ms = probe.found.map(|found| found.as_secs_f64() * 1000.0);
            anyhow::Ok(Written { edit, create_ms, call_ms, answered, freshness_ms, probe_searches: probe.searches, probed: started.elapsed() })
        });
        attempted += 1;
        // reap finished writes now and then so the set stays small
        while let Some(done) = tasks.try_join_next() {
            done_writes.push(done);
        }
    }
    while let Some(done) = tasks.join_next().await {
        done_writes.push(done);
    }
    let free = std::mem::take(&mut *editable.lock().expect("the editable vacancies"));
    let mut writes = summarize_writes(rate, duration, attempted, done_writes);
    writes.poll_late_ms = poll.slower.as_millis() as u64;
    (writes, free, first_word + attempted as usize)
}

/// The figures of [`write_while_searching`]'s writes.
fn summarize_writes(
    rate: f64,
    duration: Duration,
    attempted: u64,
    done: Vec<Result<anyhow::Result<Written>, tokio::task::JoinError>>,
) -> Writes {
    let mut writes = Writes { target_per_s: rate, attempted, target_freshness_p95_ms: TARGET_FRESHNESS_P95_MS, ..Writes::default() };
    let (mut calls, mut creates, mut fresh, mut fresh_publish, mut fresh_edit) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut last_answer, mut last_probe) = (Duration::ZERO, Duration::ZERO);
    for outcome in done {
        let written = match outcome.map_err(anyhow::Error::from).and_then(|written| written) {
            Ok(written) => written,
            Err(error) => {
                writes.errors += 1;
                writes.first_error.get_or_insert_with(|| format!("{error:#}"));
                continue;
            }
        };
        writes.succeeded += 1;
        if written.edit {
            writes.edits += 1;
        } else {
            writes.publishes += 1;
        }
        calls.push(written.call_ms);
        creates.extend(written.create_ms);
        last_answer = last_answer.max(written.answered);
        last_probe = last_probe.max(written.probed);
        writes.probe_searches += written.probe_searches;
        match written.freshness_ms {
            Some(ms) => {
                fresh.push(ms);
                if written.edit { fresh_edit.push(ms) } else { fresh_publish.push(ms) }
            }
            None => writes.not_found += 1,
        }
    }
    // the writes were started over `duration`; a server that falls behind answers later
    writes.per_s = writes.succeeded as f64 / last_answer.max(duration).as_secs_f64();
    writes.probe_searches_per_s = writes.probe_searches as f64 / last_probe.max(duration).as_secs_f64();
    writes.write_call = Latency::of(calls);
    writes.create_call = Latency::of(creates);
    writes.freshness = Latency::of(fresh);
    writes.freshness_publish = Latency::of(fresh_publish);
    writes.freshness_edit = Latency::of(fresh_edit);
    writes
}

#[derive(Default)]
struct Outcome {
    latencies_ms: Vec<f64>,
    bytes: u64,
    errors: u64,
    cache_hits: u64,
}

/// How many times [`drive`] has been called: each call draws other requests.
static DRIVES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// `connections` keep-alive connections, each sending requests back to back until `duration` has
/// passed: in turn (starting at its own offset), or drawn by popularity; answers wait for their
/// whole body.
async fn drive(base: &str, requests: &Requests, accept_encoding: &str, connections: usize, duration: Duration) -> (f64, Outcome) {
    let round = DRIVES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let started = Instant::now();
    let deadline = started + duration;
    let mut tasks = Vec::new();
    for connection in 0..connections {
        let (base, requests, accept_encoding) = (base.to_owned(), requests.clone(), accept_encoding.to_owned());
        tasks.push(tokio::spawn(async move {
            // a client of its own: one connection, kept alive
            let http = reqwest::Client::builder().pool_max_idle_per_host(1).build().expect("an HTTP client");
            let mut outcome = Outcome::default();
            let mut next = connection;
            // a sequence of its own per seed, round and connection: repeatable, and a warm-up does
            // not ask in advance what the measurement will ask
            let mut rng = requests.zipf.as_ref().map(|(_, seed)| StdRng::seed_from_u64(seed ^ (round << 40) ^ (connection as u64) << 20));
            while Instant::now() < deadline {
                let index = match (&requests.zipf, rng.as_mut()) {
                    (Some((zipf, _)), Some(rng)) => zipf.sample(rng),
                    _ => next % requests.list.len(),
                };
                let request = &requests.list[index];
                next += 1;
                let url = format!("{base}{}", request.path);
                let builder = if request.post { http.post(url).header("content-type", "application/json") } else { http.get(url) };
                let builder = match &request.body {
                    Some(body) => builder.body(body.clone()),
                    None => builder,
                };
                let sent = Instant::now();
                let answer = builder.header("accept-encoding", accept_encoding.as_str()).send().await;
                let Ok(response) = answer else {
                    outcome.errors += 1;
                    continue;
                };
                let ok = response.status().is_success();
                let hit = ["x-search-cache", "x-page-cache"].iter().any(|name| response.headers().get(*name).is_some_and(|v| v == "hit"));
                match response.bytes().await {
                    Ok(body) if ok => {
                        outcome.latencies_ms.push(sent.elapsed().as_secs_f64() * 1000.0);
                        outcome.bytes += body.len() as u64;
                        outcome.cache_hits += u64::from(hit);
                    }
                    _ => outcome.errors += 1,
                }
            }
            outcome
        }));
    }
    let mut all = Outcome::default();
    for task in tasks {
        if let Ok(outcome) = task.await {
            all.latencies_ms.extend(outcome.latencies_ms);
            all.bytes += outcome.bytes;
            all.errors += outcome.errors;
            all.cache_hits += outcome.cache_hits;
        } else {
            all.errors += 1;
        }
    }
    (started.elapsed().as_secs_f64(), all)
}

/// A memory figure of the process from `/proc/<pid>/status` (`VmRSS`, `VmHWM`), in MB; 0 where
/// there is no `/proc`.
pub(crate) fn memory_mb(pid: u32, field: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.trim_start_matches(':').trim().strip_suffix("kB")?.trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn write(report: &HttpReport, out: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(out)?;
    let stem = format!("{}-http", &report.machine.date[..10]);
    std::fs::write(out.join(format!("{stem}.json")), serde_json::to_string_pretty(report)? + "\n")?;
    std::fs::write(out.join(format!("{stem}.md")), markdown(report, &format!("{stem}.json")))?;
    eprintln!("results in {}", out.join(format!("{stem}.md")).display());
    Ok(())
}

pub fn markdown(report: &HttpReport, json_name: &str) -> String {
    let m = &report.machine;
    let mut text = format!(
        "# HTTP throughput ({})\n\n`{}`\n\n{} ({} cores, {:.0} GiB), {}, load average {:.1} at the start, the bench at commit {}. \
         The server: `{}` ({}, written {}). {} live vacancies in the index. The load generator ran on the same cores as `vakants serve`. \
         Raw figures: [{json_name}]({json_name}).\n\n\
         | scenario | connections | requests/s | p50 ms | p95 ms | p99 ms | bytes/answer | errors | cache hits (rate) | RSS MB (anonymous) | target | met |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n",
        &m.date[..10],
        report.command,
        m.cpu_model,
        m.cores,
        m.ram_gib,
        m.os,
        m.load_avg,
        m.git,
        report.server.bin,
        if report.server.version.is_empty() { "version unknown" } else { &report.server.version },
        if report.server.modified.is_empty() { "at an unknown time" } else { &report.server.modified },
        report.indexed_vacancies
    );
    for s in &report.scenarios {
        let target = [
            s.target_rps.map(|rps| format!("≥ {rps:.0}/s")),
            s.target_p99_ms.map(|p99| format!("p99 ≤ {p99:.0} ms")),
            s.writes.as_ref().map(|w| format!("freshness p95 ≤ {:.0} ms", w.target_freshness_p95_ms)),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ");
        text.push_str(&format!(
            "| {} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.0} | {} | {} ({:.1} %) | {:.0} ({:.0}) | {target} | {} |\n",
            s.name,
            s.connections,
            s.requests_per_s,
            s.latency.p50_ms,
            s.latency.p95_ms,
            s.latency.p99_ms,
            s.bytes_per_answer,
            s.errors,
            s.cache_hits,
            100.0 * s.cache_hit_rate,
            s.rss_mb,
            s.rss_anon_mb,
            if s.met { "yes" } else { "no" }
        ));
    }
    text.push_str("\n| scenario | requests | distinct | order | Accept-Encoding |\n|---|---|---|---|---|\n");
    for s in &report.scenarios {
        text.push_str(&format!("| {} | {} | {} | {} | {} |\n", s.name, s.request, s.distinct_requests, s.order, s.accept_encoding));
    }
    text.push_str(&format!(
        "\nPeak RSS of `vakants serve`: {:.0} MB (target ≤ {:.0} MB): {}.\n",
        report.rss_peak_mb,
        report.target_rss_mb,
        if report.rss_peak_mb <= report.target_rss_mb { "met" } else { "missed" }
    ));
    for s in &report.scenarios {
        let Some(w) = &s.writes else { continue };
        text.push_str(&format!(
            "\n## Writes during `{}`\n\n\
             The demo employer (its company with a contract, so a publish goes live at once) published a new vacancy \
             (`POST /api/employer/vacancies/create`, then `PUT /api/employer/vacancies/{{id}}/status`) and edited a published one \
             (`PUT /api/employer/vacancies/{{id}}`) in turn, {:.0} writes/s scheduled open-loop, each text holding a word of its own; \
             freshness runs from sending the publish or edit call until a search for the word lists the vacancy (polled every {} ms, \
             every {} ms once {:.0} ms had passed, by a client of its own: {} probe searches, {:.0}/s, answered beside the ones above \
             and not counted in them). {} writes attempted ({} publishes, {} edits), {} succeeded, **{} errors**, \
             {:.1} writes/s reached, {} not found within 10 s. Freshness target: p95 ≤ {:.0} ms.\n\n\
             | | samples | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|\n",
            s.name,
            w.target_per_s,
            WRITE_POLL.as_millis(),
            w.poll_late_ms,
            w.target_freshness_p95_ms,
            w.probe_searches,
            w.probe_searches_per_s,
            w.attempted,
            w.publishes,
            w.edits,
            w.succeeded,
            w.errors,
            w.per_s,
            w.not_found,
            w.target_freshness_p95_ms
        ));
        for (name, l) in [
            ("write → found by search", &w.freshness),
            ("publish → found", &w.freshness_publish),
            ("edit → found", &w.freshness_edit),
            ("the write call (publish or edit)", &w.write_call),
            ("creating the draft of a publish", &w.create_call),
        ] {
            text.push_str(&format!("| {name} | {} | {:.1} | {:.1} | {:.1} | {:.1} |\n", l.samples, l.p50_ms, l.p95_ms, l.p99_ms, l.max_ms));
        }
        if let Some(error) = &w.first_error {
            text.push_str(&format!("\nThe first failed write: `{}`.\n", error.replace('`', "'")));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(edit: bool, answered_s: f64, freshness_ms: Option<f64>) -> Result<anyhow::Result<Written>, tokio::task::JoinError> {
        Ok(Ok(Written {
            edit,
            create_ms: (!edit).then_some(5.0),
            call_ms: 10.0,
            answered: Duration::from_secs_f64(answered_s),
            freshness_ms,
            probe_searches: 30,
            probed: Duration::from_secs_f64(answered_s + 0.5),
        }))
    }

    #[test]
    fn writes_count_publishes_edits_errors_and_the_rate_reached() {
        let done = vec![
            written(false, 0.1, Some(300.0)),
            written(true, 0.2, Some(200.0)),
            written(false, 0.3, None),
            Ok(Err(anyhow::anyhow!("editing answered 400"))),
        ];
        let w = summarize_writes(20.0, Duration::from_secs(1), 4, done);
        assert_eq!((w.attempted, w.succeeded, w.errors, w.publishes, w.edits, w.not_found), (4, 3, 1, 2, 1, 1));
        assert_eq!(w.first_error.as_deref(), Some("editing answered 400"));
        assert_eq!((w.freshness.samples, w.freshness_publish.samples, w.freshness_edit.samples), (2, 1, 1));
        assert_eq!((w.write_call.samples, w.create_call.samples), (3, 2));
        assert_eq!(w.freshness.max_ms, 300.0);
        assert!((w.per_s - 3.0).abs() < 1e-9, "{}", w.per_s);
        // the probes' searches over the writer's run, until the last probe ended (0.8 s, within the second)
        assert_eq!(w.probe_searches, 90);
        assert!((w.probe_searches_per_s - 90.0).abs() < 1e-9, "{}", w.probe_searches_per_s);
        // a write call answered after the scenario's seconds stretches the window
        let late = summarize_writes(20.0, Duration::from_secs(1), 1, vec![written(true, 2.0, Some(100.0))]);
        assert!((late.per_s - 0.5).abs() < 1e-9, "{}", late.per_s);
        assert!((late.probe_searches_per_s - 12.0).abs() < 1e-9, "a probe ending at 2.5 s: {}", late.probe_searches_per_s);
    }

    #[test]
    fn the_report_shows_the_writes_and_their_targets() {
        let latency = Latency::of(vec![1.0, 2.0, 3.0]);
        let scenario = |name: &str, target_rps: Option<f64>, writes: Option<Writes>| Scenario {
            name: name.into(),
            request: "POST /api/open/search (8 searches)".into(),
            connections: 16,
            seconds: 30.0,
            requests: 3,
            requests_per_s: 0.1,
            latency: latency.clone(),
            bytes_per_answer: 100.0,
            errors: 0,
            cache_hits: 0,
            cache_hit_rate: 0.0,
            distinct_requests: 8,
            order: "cycle".into(),
            accept_encoding: "br, gzip".into(),
            rss_mb: 100.0,
            rss_anon_mb: 60.0,
            target_rps,
            target_p99_ms: Some(TARGET_SEARCH_P99_MS),
            writes,
            met: false,
        };
        let mut writes =
            summarize_writes(20.0, Duration::from_secs(1), 2, vec![written(false, 0.1, Some(300.0)), written(true, 0.2, Some(200.0))]);
        writes.poll_late_ms = 100;
        let report = HttpReport {
            machine: Machine::describe(),
            command: "test".into(),
            server: ServerBuild { bin: "target/release/vakants".into(), version: "vakants 1a2b3c4".into(), modified: "2026-12-03T10:00:00Z".into() },
            indexed_vacancies: 300,
            scenarios: vec![scenario("search-mix", Some(TARGET_SEARCH_RPS), None), scenario("search-while-writing", None, Some(writes))],
            rss_peak_mb: 100.0,
            target_rss_mb: TARGET_RSS_MB,
            met: false,
        };
        let md = markdown(&report, "x.json");
        assert!(md.contains("The server: `target/release/vakants` (vakants 1a2b3c4, written 2026-12-03T10:00:00Z)."), "{md}");
        assert!(md.contains("| ≥ 5000/s, p99 ≤ 20 ms | no |"), "{md}");
        assert!(md.contains("| p99 ≤ 20 ms, freshness p95 ≤ 1000 ms | no |"), "{md}");
        assert!(md.contains("## Writes during `search-while-writing`") && md.contains("| write → found by search | 2 |"), "{md}");
        assert!(md.contains("every 100 ms once 1000 ms had passed, by a client of its own: 60 probe searches, 60/s"), "{md}");
        // the JSON carries the writes where there are some, and reads back
        let json = serde_json::to_value(&report).unwrap();
        assert!(json["scenarios"][0].get("writes").is_none());
        assert_eq!(json["scenarios"][1]["writes"]["edits"], 1);
        assert_eq!(json["server"]["version"], "vakants 1a2b3c4");
        let back: HttpReport = serde_json::from_value(json).unwrap();
        assert_eq!(back.scenarios[1].writes.as_ref().unwrap().freshness.samples, 2);
    }
}
