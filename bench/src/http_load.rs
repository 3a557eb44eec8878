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
//! - `vacancy-page`: `GET /et/vacancies/{id}`, the server-painted page, over 200 live vacancies.
//!
//! Per scenario it reports requests/s, p50/p95/p99, the bytes of an answer as sent (compressed),
//! errors (a failed request or a non-2xx answer), the answers the search cache gave, and the
//! resident memory of `vakants serve` afterwards (its peak is reported too). The load generator
//! runs on the same machine, so it shares the cores with the server.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::ensure;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::Latency;
use crate::http_freshness::{Vakants, free_address, recreate_database, visitor_searches, wait_for_health, wait_for_the_index};
use crate::report::Machine;

/// Targets of issue 20 on the 2-core machine.
const TARGET_SEARCH_RPS: f64 = 5_000.0;
const TARGET_SEARCH_P99_MS: f64 = 20.0;
const TARGET_PAGE_RPS: f64 = 3_000.0;
const TARGET_RSS_MB: f64 = 500.0;
/// Vacancy pages the page scenario cycles through.
const PAGES: usize = 200;

pub struct Args {
    pub vakants_bin: PathBuf,
    pub database_url: String,
    pub web_dist: PathBuf,
    pub scale: usize,
    pub cvs: usize,
    pub connections: usize,
    pub seconds: u64,
    pub out: PathBuf,
}

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
    /// Answers marked `x-search-cache: hit`.
    pub cache_hits: u64,
    /// Resident memory of `vakants serve` after the scenario.
    pub rss_mb: f64,
    pub target_rps: f64,
    pub target_p99_ms: Option<f64>,
    pub met: bool,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct HttpReport {
    pub machine: Machine,
    pub command: String,
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
    body: Option<Vec<u8>>,
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
    recreate_database(&args.database_url).await?;
    let data_dir = tempfile::tempdir()?;
    let vakants = Vakants { bin: &args.vakants_bin, database_url: &args.database_url, data_dir: data_dir.path() };
    eprintln!("== migrate, seed ({} vacancies, {} CVs) and rebuild the index", args.scale, args.cvs);
    vakants.run(&["migrate"])?;
    let started = Instant::now();
    let (scale, cvs) = (args.scale.to_string(), args.cvs.to_string());
    let mut seed = vec!["seed", "--scale", scale.as_str()];
    if args.cvs > 0 {
        seed.extend(["--cvs", cvs.as_str()]);
    }
    vakants.run(&seed)?;
    vakants.run(&["reindex"])?;
    eprintln!("   seeded and indexed in {:.0} s", started.elapsed().as_secs_f64());

    let bind = free_address()?;
    let base = format!("http://{bind}");
    eprintln!("== serve on {base}");
    let server = vakants.serve(&bind, &[("WEB_DIST", args.web_dist.as_path())])?;
    let pid = server.0.id();
    let http = reqwest::Client::builder().build()?;
    wait_for_health(&http, &base).await?;
    let indexed = wait_for_the_index(&http, &base).await?;
    eprintln!("   {indexed} vacancies searchable");

    let searches: Vec<Request> = visitor_searches()
        .into_iter()
        .map(|body| Request { post: true, path: "/api/open/search".into(), body: Some(body.to_string().into_bytes()) })
        .collect();
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

    let mut scenarios = Vec::new();
    for (name, request, requests, target_rps, target_p99_ms) in [
        ("search-mix", "POST /api/open/search (8 searches)", searches, TARGET_SEARCH_RPS, Some(TARGET_SEARCH_P99_MS)),
        ("vacancy-page", "GET /et/vacancies/{id} (200 vacancies)", pages, TARGET_PAGE_RPS, None),
    ] {
        eprintln!("== {name}: {} connections, {} s", args.connections, args.seconds);
        drive(&base, &requests, args.connections, Duration::from_secs(args.seconds.div_ceil(5))).await;
        let (elapsed, outcome) = drive(&base, &requests, args.connections, Duration::from_secs(args.seconds)).await;
        let requests_done = outcome.latencies_ms.len() as u64;
        let latency = Latency::of(outcome.latencies_ms);
        let requests_per_s = requests_done as f64 / elapsed;
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
            rss_mb: memory_mb(pid, "VmRSS"),
            target_rps,
            target_p99_ms,
            met: outcome.errors == 0 && requests_per_s >= target_rps && target_p99_ms.is_none_or(|t| latency.p99_ms <= t),
            latency,
        };
        eprintln!(
            "   {:.0} requests/s, p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, {:.0} bytes per answer, {} errors, RSS {:.0} MB",
            scenario.requests_per_s,
            scenario.latency.p50_ms,
            scenario.latency.p95_ms,
            scenario.latency.p99_ms,
            scenario.bytes_per_answer,
            scenario.errors,
            scenario.rss_mb
        );
        scenarios.push(scenario);
    }
    let rss_peak_mb = memory_mb(pid, "VmHWM");
    drop(server);
    let report = HttpReport {
        machine,
        command,
        indexed_vacancies: indexed,
        met: scenarios.iter().all(|s| s.met) && rss_peak_mb <= TARGET_RSS_MB,
        scenarios,
        rss_peak_mb,
        target_rss_mb: TARGET_RSS_MB,
    };
    write(&report, &args.out)?;
    Ok(report)
}

#[derive(Default)]
struct Outcome {
    latencies_ms: Vec<f64>,
    bytes: u64,
    errors: u64,
    cache_hits: u64,
}

/// `connections` keep-alive connections, each sending the requests in turn (starting at its own
/// offset) back to back until `duration` has passed; answers wait for their whole body.
async fn drive(base: &str, requests: &[Request], connections: usize, duration: Duration) -> (f64, Outcome) {
    let started = Instant::now();
    let deadline = started + duration;
    let mut tasks = Vec::new();
    for connection in 0..connections {
        let (base, requests) = (base.to_owned(), requests.to_vec());
        tasks.push(tokio::spawn(async move {
            // a client of its own: one connection, kept alive
            let http = reqwest::Client::builder().pool_max_idle_per_host(1).build().expect("an HTTP client");
            let mut outcome = Outcome::default();
            let mut next = connection;
            while Instant::now() < deadline {
                let request = &requests[next % requests.len()];
                next += 1;
                let url = format!("{base}{}", request.path);
                let builder = if request.post { http.post(url).header("content-type", "application/json") } else { http.get(url) };
                let builder = match &request.body {
                    Some(body) => builder.body(body.clone()),
                    None => builder,
                };
                let sent = Instant::now();
                let answer = builder.header("accept-encoding", "br, gzip").send().await;
                let Ok(response) = answer else {
                    outcome.errors += 1;
                    continue;
                };
                let ok = response.status().is_success();
                let hit = response.headers().get("x-search-cache").is_some_and(|v| v == "hit");
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
        "# HTTP throughput ({})\n\n`{}`\n\n{} ({} cores, {:.0} GiB), {}, load average {:.1} at the start, commit {}. \
         {} live vacancies in the index. The load generator ran on the same cores as `vakants serve`. \
         Raw figures: [{json_name}]({json_name}).\n\n\
         | scenario | connections | requests/s | p50 ms | p95 ms | p99 ms | bytes/answer | errors | cache hits | RSS MB | target | met |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n",
        &m.date[..10],
        report.command,
        m.cpu_model,
        m.cores,
        m.ram_gib,
        m.os,
        m.load_avg,
        m.git,
        report.indexed_vacancies
    );
    for s in &report.scenarios {
        let target = match s.target_p99_ms {
            Some(p99) => format!("≥ {:.0}/s, p99 ≤ {p99:.0} ms", s.target_rps),
            None => format!("≥ {:.0}/s", s.target_rps),
        };
        text.push_str(&format!(
            "| {} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.0} | {} | {} | {:.0} | {target} | {} |\n",
            s.name,
            s.connections,
            s.requests_per_s,
            s.latency.p50_ms,
            s.latency.p95_ms,
            s.latency.p99_ms,
            s.bytes_per_answer,
            s.errors,
            s.cache_hits,
            s.rss_mb,
            if s.met { "yes" } else { "no" }
        ));
    }
    text.push_str(&format!(
        "\nPeak RSS of `vakants serve`: {:.0} MB (target ≤ {:.0} MB): {}.\n",
        report.rss_peak_mb,
        report.target_rss_mb,
        if report.rss_peak_mb <= report.target_rss_mb { "met" } else { "missed" }
    ));
    text
}
