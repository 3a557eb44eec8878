//! `bench soak`: a steady request rate of mixed traffic against a served `vakants` for a long
//! while (issue 20, "Faults": 1,000 requests/s for 10 minutes, 0 5xx, p99 ≤ 100 ms, flat memory).
//!
//! Set-up as `bench http` (its own database, `vakants seed --scale N`, `vakants reindex`, `vakants
//! serve` in dev mode on a free port, the index settled). Then an open-loop generator sends
//! `--rate` requests a second, whatever the answers take (a request is started on its schedule,
//! not after the previous answer, so a slow server cannot slow the load down and hide its
//! latency), in this mix:
//!
//! | share | request |
//! |---|---|
//! | 55 % | `POST /api/open/search`, the visitors' eight searches |
//! | 30 % | the vacancy page: `GET /et/vacancies/{id}` (server-painted) over 200 live vacancies |
//! | 10 % | an applicant's write: `POST` / `DELETE /api/applicant/favourites-vacancies` in turn |
//! | 5 % | `GET /api/applicant/favourites-vacancies` (a signed-in read) |
//!
//! plus a whole sign-in (`/api/open/me`, `POST /api/auth/login`, the dev outbox, `POST
//! /api/auth/verify-otp`) started every `--sign-in-every-ms` (default 1 s), rotating over the
//! seed's accounts (an account is sent a code at most once a minute), each of its calls counted as a
//! request; the applicant's calls share one session of the demo applicant. Every 5 s it samples the resident memory of
//! `vakants serve`. It reports 5xx, other non-2xx answers and failed requests, p50/p95/p99 per kind
//! and overall, the memory samples and their growth after the first minute.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, ensure};
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::{Mutex, Semaphore};

use crate::Latency;
use crate::http_freshness::{Vakants, free_address, recreate_database, visitor_searches, wait_for_health, wait_for_the_index};
use crate::http_load::memory_mb;
use crate::report::Machine;

/// The targets of issue 20's soak.
const TARGET_P99_MS: f64 = 100.0;
/// Memory counts as flat when its last samples are at most this much above those after the first
/// minute (caches filled).
const FLAT_GROWTH: f64 = 0.10;
/// Requests in flight at most; beyond it a request is counted as failed rather than queued. Well
/// above what a stall of a few seconds at 1,000 requests/s holds, so that a slow answer is measured
/// as slow (its latency in the tail) rather than counted as failed by the generator itself.
const IN_FLIGHT: usize = 4096;
/// How often the memory of `vakants serve` is sampled.
const RSS_EVERY: Duration = Duration::from_secs(5);
/// How long the generator's HTTP clients keep an idle connection: below the server's 10 s
/// (`HEADER_READ_TIMEOUT_SECS`), as docs/deploy.md asks of a reverse proxy. With reqwest's default
/// (90 s) a request now and then goes out on a connection the server is closing and gets a reset
/// (the 20-minute soak of 2026-11-28: one search in 1.2 million): the keep-alive race every HTTP/1.1
/// client must avoid or retry, not a request the server failed.
const CLIENT_IDLE: Duration = Duration::from_secs(5);
/// The demo applicant whose session makes the applicant's writes.
const APPLICANT: &str = "applicant@vakants.test";

pub struct Args {
    pub vakants_bin: PathBuf,
    pub database_url: String,
    pub web_dist: PathBuf,
    pub scale: usize,
    pub rate: u32,
    pub seconds: u64,
    pub sign_in_every_ms: u64,
    pub out: PathBuf,
}

#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct Traffic {
    pub name: String,
    pub requests: u64,
    pub server_errors: u64,
    pub other_non_2xx: u64,
    pub failed: u64,
    pub latency: Latency,
}

/// Requests that got no answer for one reason (see [`why`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Failure {
    pub kind: String,
    pub why: String,
    pub count: u64,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct RssSample {
    pub seconds: f64,
    pub rss_mb: f64,
    /// The anonymous part of the resident memory (the heap: what a leak grows); the rest is
    /// file-backed, mostly the memory-mapped index, pages the kernel may drop and read again.
    #[serde(default)]
    pub anon_mb: f64,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct SoakReport {
    pub machine: Machine,
    pub command: String,
    pub indexed_vacancies: u64,
    pub target_rate: u32,
    pub seconds: f64,
    pub requests: u64,
    pub requests_per_s: f64,
    pub server_errors: u64,
    pub other_non_2xx: u64,
    pub failed: u64,
    pub latency: Latency,
    pub kinds: Vec<Traffic>,
    /// Why the failed requests got no answer, grouped (empty when none failed).
    #[serde(default)]
    pub failures: Vec<Failure>,
    pub rss: Vec<RssSample>,
    /// Growth of the resident memory over the run (see [`growth`]).
    pub rss_growth: f64,
    /// Growth of its anonymous part (the heap), which the flat-memory target judges: the
    /// file-backed rest grows as searches touch more of the memory-mapped index, and is page cache.
    #[serde(default)]
    pub anon_growth: f64,
    pub rss_peak_mb: f64,
    pub target_p99_ms: f64,
    pub met: bool,
}

/// One request of the mix.
#[derive(Clone)]
enum Call {
    Search(Value),
    Page(String),
    Favourite { vacancy: String, add: bool },
    Favourites,
}

impl Call {
    fn kind(&self) -> &'static str {
        match self {
            Call::Search(_) => "search",
            Call::Page(_) => "vacancy-page",
            Call::Favourite { .. } => "applicant-write",
            Call::Favourites => "applicant-read",
        }
    }
}

/// One answer: its kind, status (0: no answer) and time; without an answer, why (see [`why`]).
struct Sample {
    kind: &'static str,
    status: u16,
    ms: f64,
    error: Option<String>,
}

/// Unanswered requests printed on stderr as they happen, at most; the report counts them all.
const PRINTED_FAILURES: usize = 20;

/// Why a request got no (whole) answer, in words that group alike failures: the phase (`send`,
/// `body`, `timeout`, `connect`) and the innermost cause of reqwest's error chain (hyper's
/// "connection closed before message completed", an I/O error…), without the URL.
fn why(phase: &str, error: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = error;
    while let Some(source) = cause.source() {
        cause = source;
    }
    let phase = if error.is_timeout() {
        "timeout"
    } else if error.is_connect() {
        "connect"
    } else {
        phase
    };
    let text = cause.to_string();
    let text = match error.url() {
        Some(url) => text.replace(url.as_str(), "…"),
        None => text,
    };
    format!("{phase}: {text}")
}

/// Sends `request` and reads its whole body: the status and the body, or (status 0) why there was
/// no whole answer.
async fn answer(request: reqwest::RequestBuilder) -> (u16, Bytes, Option<String>) {
    match request.send().await {
        Ok(response) => {
            let status = response.status().as_u16();
            match response.bytes().await {
                Ok(body) => (status, body, None),
                Err(error) => (0, Bytes::new(), Some(why("body", &error))),
            }
        }
        Err(error) => (0, Bytes::new(), Some(why("send", &error))),
    }
}

/// A signed-in client (cookie jar, anti-forgery token).
#[derive(Clone)]
struct Session {
    http: reqwest::Client,
    xsrf: String,
}

fn xsrf_of(jar: &reqwest::cookie::Jar, base: &str) -> anyhow::Result<String> {
    use reqwest::cookie::CookieStore;
    let header = jar.cookies(&base.parse()?).context("no cookies")?;
    header.to_str()?.split("; ").find_map(|pair| pair.strip_prefix("XSRF-TOKEN=").map(str::to_owned)).context("no XSRF-TOKEN cookie")
}

/// Signs `email` in through the dev outbox, recording each call as a `sign-in` sample.
async fn sign_in(base: &str, email: &str, samples: &Mutex<Vec<Sample>>) -> anyhow::Result<Session> {
    let jar = Arc::new(reqwest::cookie::Jar::default());
    let http =
        reqwest::Client::builder().cookie_provider(jar.clone()).timeout(Duration::from_secs(30)).pool_idle_timeout(CLIENT_IDLE).build()?;
    let timed = |request: reqwest::RequestBuilder| async move {
        let sent = Instant::now();
        let (status, body, error) = answer(request).await;
        samples.lock().await.push(Sample { kind: "sign-in", status, ms: sent.elapsed().as_secs_f64() * 1000.0, error });
        ensure!((200..300).contains(&status), "a sign-in call answered {status}");
        Ok(body)
    };
    timed(http.get(format!("{base}/api/open/me"))).await?;
    let token = xsrf_of(&jar, base)?;
    timed(http.post(format!("{base}/api/auth/login")).header("x-xsrf-token", &token).json(&json!({ "email": email }))).await?;
    let outbox = timed(http.get(format!("{base}/api/dev/outbox?to={email}"))).await?;
    let mails: Value = serde_json::from_slice(&outbox)?;
    // the newest code: the outbox lists the mails newest first
    let code = mails
        .as_array()
        .context("the dev outbox answers a list")?
        .iter()
        .map(|mail| mail["subject"].as_str().unwrap_or_default().chars().filter(char::is_ascii_digit).collect::<String>())
        .find(|digits| digits.len() == 6)
        .context("no sign-in code in the dev outbox")?;
    timed(http.post(format!("{base}/api/auth/verify-otp")).header("x-xsrf-token", &token).json(&json!({ "email": email, "code": code }))).await?;
    timed(http.get(format!("{base}/api/open/me"))).await?;
    Ok(Session { xsrf: xsrf_of(&jar, base)?, http })
}

pub async fn run(args: Args, command: String) -> anyhow::Result<SoakReport> {
    ensure!(args.vakants_bin.is_file(), "{} not found: build it first (cargo build --release --bin vakants)", args.vakants_bin.display());
    ensure!(
        args.web_dist.join("index.html").is_file(),
        "{} holds no built web app: build it first (cd web && npm ci && npx vite build) or pass --web-dist",
        args.web_dist.display()
    );
    ensure!(args.rate > 0 && args.seconds > 0, "--rate and --seconds must be positive");
    let machine = Machine::describe();
    recreate_database(&args.database_url).await?;
    let data_dir = tempfile::tempdir()?;
    let vakants = Vakants { bin: &args.vakants_bin, database_url: &args.database_url, data_dir: data_dir.path() };
    eprintln!("== migrate, seed ({} vacancies) and rebuild the index", args.scale);
    vakants.run(&["migrate"])?;
    vakants.run(&["seed", "--scale", &args.scale.to_string()])?;
    vakants.run(&["reindex"])?;
    let bind = free_address()?;
    let base = format!("http://{bind}");
    eprintln!("== serve on {base}");
    let server = vakants.serve(&bind, &[("WEB_DIST", args.web_dist.as_path())]).await?;
    let pid = server.0.id();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .pool_max_idle_per_host(IN_FLIGHT)
        .pool_idle_timeout(CLIENT_IDLE)
        .build()?;
    wait_for_health(&http, &base).await?;
    let indexed = wait_for_the_index(&http, &base, &args.database_url).await?;
    eprintln!("   {indexed} vacancies searchable");

    let first: Value = http.post(format!("{base}/api/open/search?size=100")).json(&json!({})).send().await?.json().await?;
    let mut vacancies: Vec<String> =
        first["content"].as_array().into_iter().flatten().filter_map(|c| c["vacancyId"].as_str().map(str::to_owned)).collect();
    let second: Value = http.post(format!("{base}/api/open/search?page=1&size=100")).json(&json!({})).send().await?.json().await?;
    vacancies.extend(second["content"].as_array().into_iter().flatten().filter_map(|c| c["vacancyId"].as_str().map(str::to_owned)));
    ensure!(!vacancies.is_empty(), "no vacancy to open");

    let samples = Arc::new(Mutex::new(Vec::<Sample>::with_capacity(args.rate as usize * args.seconds as usize + 1024)));
    // one applicant's session makes the writes (a session serves many requests at once), and the
    // sign-ins rotate over every other account of the seed: an account is sent a code at most once
    // a minute, so a sign-in a second needs more than 60 of them
    let applicants = [sign_in(&base, APPLICANT, &Mutex::new(Vec::new())).await?];
    let accounts: Vec<String> = {
        let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&args.database_url).await?;
        sqlx::query_scalar("select username from users where deleted_at is null and username <> $1 order by username")
            .bind(APPLICANT)
            .fetch_all(&mut conn)
            .await?
    };
    let per_minute = 60_000 / args.sign_in_every_ms.max(1);
    ensure!(
        accounts.len() as u64 > per_minute,
        "{} accounts to sign in, fewer than the {per_minute} sign-ins a minute (each account is sent a code at most once a minute): raise --scale",
        accounts.len()
    );
    let accounts = Arc::new(accounts);
    let mut mix: Vec<Call> = Vec::new();
    let searches = visitor_searches();
    for i in 0..100 {
        let vacancy = vacancies[i % vacancies.len()].clone();
        mix.push(match i % 20 {
            0..=10 => Call::Search(searches[i % searches.len()].clone()),
            11..=16 => Call::Page(vacancy),
            17 => Call::Favourite { vacancy, add: true },
            18 => Call::Favourite { vacancy: vacancies[(i + 19) % vacancies.len()].clone(), add: false },
            _ => Call::Favourites,
        });
    }

    eprintln!("== soak: {} requests/s for {} s", args.rate, args.seconds);
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let limit = Arc::new(Semaphore::new(IN_FLIGHT));
    let printed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    // memory samples
    let rss = Arc::new(Mutex::new(Vec::<RssSample>::new()));
    let sampling = tokio::spawn({
        let rss = rss.clone();
        async move {
            while Instant::now() < deadline {
                let (rss_mb, anon_mb) = (memory_mb(pid, "VmRSS"), memory_mb(pid, "RssAnon"));
                rss.lock().await.push(RssSample { seconds: started.elapsed().as_secs_f64(), rss_mb, anon_mb });
                tokio::time::sleep(RSS_EVERY).await;
            }
        }
    });
    // sign-ins on their own schedule
    let signing = tokio::spawn({
        let (samples, base, accounts) = (samples.clone(), base.clone(), accounts.clone());
        let every = Duration::from_millis(args.sign_in_every_ms.max(1));
        async move {
            let mut tick = tokio::time::interval(every);
            let mut n = 0usize;
            let mut running = Vec::new();
            while Instant::now() < deadline {
                tick.tick().await;
                let (samples, base) = (samples.clone(), base.clone());
                let email = accounts[n % accounts.len()].clone();
                n += 1;
                running.push(tokio::spawn(async move {
                    let _ = sign_in(&base, &email, &samples).await;
                }));
            }
            for task in running {
                let _ = task.await;
            }
        }
    });
    // the open-loop schedule: request k starts at k / rate seconds
    let period = Duration::from_secs_f64(1.0 / f64::from(args.rate));
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut tasks = tokio::task::JoinSet::new();
    let mut k = 0usize;
    while Instant::now() < deadline {
        tick.tick().await;
        let call = mix[k % mix.len()].clone();
        let session = applicants[k % applicants.len()].clone();
        k += 1;
        let Ok(permit) = limit.clone().try_acquire_owned() else {
            let error = Some(format!("not sent: {IN_FLIGHT} requests already in flight"));
            samples.lock().await.push(Sample { kind: call.kind(), status: 0, ms: 0.0, error });
            continue;
        };
        let (http, base, samples, printed) = (http.clone(), base.clone(), samples.clone(), printed.clone());
        tasks.spawn(async move {
            let request = match &call {
                Call::Search(body) => http.post(format!("{base}/api/open/search")).json(body),
                Call::Page(id) => http.get(format!("{base}/et/vacancies/{id}")),
                Call::Favourite { vacancy, add } => {
                    let url = format!("{base}/api/applicant/favourites-vacancies");
                    let request = if *add {
                        session.http.post(url).json(&json!({ "vacancyId": vacancy }))
                    } else {
                        session.http.delete(format!("{url}?vacancyId={vacancy}"))
                    };
                    request.header("x-xsrf-token", &session.xsrf)
                }
                Call::Favourites => session.http.get(format!("{base}/api/applicant/favourites-vacancies")),
            };
            let sent = Instant::now();
            // a request without an answer says why (connect, timeout, a closed connection…)
            let (status, _, error) = answer(request.header("accept-encoding", "br, gzip")).await;
            let ms = sent.elapsed().as_secs_f64() * 1000.0;
            if let Some(error) = &error
                && printed.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < PRINTED_FAILURES
            {
                eprintln!("no answer ({}, after {ms:.0} ms): {error}", call.kind());
            }
            samples.lock().await.push(Sample { kind: call.kind(), status, ms, error });
            drop(permit);
        });
        // reap finished tasks now and then so the set stays small
        while tasks.try_join_next().is_some() {}
    }
    while tasks.join_next().await.is_some() {}
    signing.await?;
    sampling.await?;
    let elapsed = started.elapsed().as_secs_f64();
    let rss_peak_mb = memory_mb(pid, "VmHWM");
    drop(server);

    let samples = std::mem::take(&mut *samples.lock().await);
    let rss = std::mem::take(&mut *rss.lock().await);
    let report = summarize(machine, command, indexed, &args, elapsed, samples, rss, rss_peak_mb);
    write(&report, &args.out)?;
    Ok(report)
}

#[allow(clippy::too_many_arguments)]
fn summarize(
    machine: Machine,
    command: String,
    indexed: u64,
    args: &Args,
    elapsed: f64,
    samples: Vec<Sample>,
    rss: Vec<RssSample>,
    rss_peak_mb: f64,
) -> SoakReport {
    let mut kinds: Vec<Traffic> = Vec::new();
    let mut all_ms = Vec::new();
    let mut per_kind: std::collections::BTreeMap<&'static str, (Traffic, Vec<f64>)> = Default::default();
    for sample in &samples {
        let (kind, ms) = per_kind.entry(sample.kind).or_insert_with(|| (Traffic { name: sample.kind.into(), ..Traffic::default() }, Vec::new()));
        kind.requests += 1;
        match sample.status {
            0 => kind.failed += 1,
            500..=599 => kind.server_errors += 1,
            200..=299 => {
                ms.push(sample.ms);
                all_ms.push(sample.ms);
            }
            _ => kind.other_non_2xx += 1,
        }
    }
    let mut failures: std::collections::BTreeMap<(&'static str, &str), u64> = Default::default();
    for sample in &samples {
        if let Some(error) = &sample.error {
            *failures.entry((sample.kind, error.as_str())).or_default() += 1;
        }
    }
    let failures: Vec<Failure> =
        failures.into_iter().map(|((kind, why), count)| Failure { kind: kind.into(), why: why.into(), count }).collect();
    for (_, (mut kind, ms)) in per_kind {
        kind.latency = Latency::of(ms);
        kinds.push(kind);
    }
    let sum = |f: fn(&Traffic) -> u64| kinds.iter().map(f).sum::<u64>();
    let (requests, server_errors, other_non_2xx, failed) =
        (sum(|k| k.requests), sum(|k| k.server_errors), sum(|k| k.other_non_2xx), sum(|k| k.failed));
    let latency = Latency::of(all_ms);
    let rss_growth = growth(&rss, |r| r.rss_mb);
    let anon_growth = growth(&rss, |r| r.anon_mb);
    SoakReport {
        machine,
        command,
        indexed_vacancies: indexed,
        target_rate: args.rate,
        seconds: elapsed,
        requests,
        requests_per_s: requests as f64 / elapsed,
        server_errors,
        other_non_2xx,
        failed,
        met: server_errors == 0 && failed == 0 && latency.p99_ms <= TARGET_P99_MS && anon_growth <= FLAT_GROWTH,
        latency,
        kinds,
        failures,
        rss,
        rss_growth,
        anon_growth,
        rss_peak_mb,
        target_p99_ms: TARGET_P99_MS,
    }
}

/// How much the memory grew: the mean of the last fifth of the samples over the mean of those
/// of the second fifth (the first fills caches), minus one; 0 with fewer than 5 samples.
/// `of` picks the figure: the resident memory or its anonymous part.
pub fn growth(rss: &[RssSample], of: fn(&RssSample) -> f64) -> f64 {
    if rss.len() < 5 {
        return 0.0;
    }
    let fifth = rss.len() / 5;
    let mean = |s: &[RssSample]| s.iter().map(of).sum::<f64>() / s.len() as f64;
    let early = mean(&rss[fifth..2 * fifth]);
    let late = mean(&rss[rss.len() - fifth..]);
    if early > 0.0 { late / early - 1.0 } else { 0.0 }
}

fn write(report: &SoakReport, out: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(out)?;
    let stem = format!("{}-soak", &report.machine.date[..10]);
    std::fs::write(out.join(format!("{stem}.json")), serde_json::to_string_pretty(report)? + "\n")?;
    std::fs::write(out.join(format!("{stem}.md")), markdown(report, &format!("{stem}.json")))?;
    eprintln!("results in {}", out.join(format!("{stem}.md")).display());
    Ok(())
}

pub fn markdown(report: &SoakReport, json_name: &str) -> String {
    let m = &report.machine;
    let mut text = format!(
        "# Soak ({})\n\n`{}`\n\n{} ({} cores, {:.0} GiB), {}, load average {:.1} at the start, commit {}. {} live vacancies. \
         The load generator ran on the same cores as `vakants serve`. Raw figures: [{json_name}]({json_name}).\n\n\
         {:.0} s at a scheduled {} requests/s: {} requests ({:.0}/s), **{} 5xx**, {} other non-2xx, {} failed \
         (no answer, or more than {IN_FLIGHT} in flight); p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms (target ≤ {:.0} ms), \
         max {:.0} ms. Memory, from the second to the last fifth of the run: anonymous (the heap) {:+.1} % (flat: ≤ {:.0} %), \
         resident {:+.1} % (with the file-backed pages of the memory-mapped index); peak resident {:.0} MB. \
         Targets: **{}**.\n\n\
         | kind | requests | 5xx | other non-2xx | failed | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        &m.date[..10],
        report.command,
        m.cpu_model,
        m.cores,
        m.ram_gib,
        m.os,
        m.load_avg,
        m.git,
        report.indexed_vacancies,
        report.seconds,
        report.target_rate,
        report.requests,
        report.requests_per_s,
        report.server_errors,
        report.other_non_2xx,
        report.failed,
        report.latency.p50_ms,
        report.latency.p95_ms,
        report.latency.p99_ms,
        report.target_p99_ms,
        report.latency.max_ms,
        report.anon_growth * 100.0,
        FLAT_GROWTH * 100.0,
        report.rss_growth * 100.0,
        report.rss_peak_mb,
        if report.met { "met" } else { "missed" }
    );
    for k in &report.kinds {
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} | {:.1} | {:.1} | {:.1} | {:.0} |\n",
            k.name, k.requests, k.server_errors, k.other_non_2xx, k.failed, k.latency.p50_ms, k.latency.p95_ms, k.latency.p99_ms, k.latency.max_ms
        ));
    }
    if !report.failures.is_empty() {
        text.push_str("\nWhy the failed requests got no answer:\n\n| kind | why | requests |\n|---|---|---:|\n");
        for f in &report.failures {
            text.push_str(&format!("| {} | {} | {} |\n", f.kind, f.why.replace('|', "\\|"), f.count));
        }
    }
    text.push_str("\nMemory of `vakants serve` over the run:\n\n| s | resident MB | anonymous MB |\n|---:|---:|---:|\n");
    for sample in &report.rss {
        text.push_str(&format!("| {:.0} | {:.0} | {:.0} |\n", sample.seconds, sample.rss_mb, sample.anon_mb));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_growth_compares_the_last_fifth_with_the_second() {
        let flat: Vec<RssSample> = (0..10).map(|i| RssSample { seconds: i as f64, rss_mb: if i < 2 { 50.0 } else { 100.0 }, anon_mb: 0.0 }).collect();
        assert_eq!(growth(&flat, |r| r.rss_mb), 0.0, "the first fifth (warm-up) does not count");
        let growing: Vec<RssSample> = (0..10).map(|i| RssSample { seconds: i as f64, rss_mb: 100.0 + 10.0 * i as f64, anon_mb: 0.0 }).collect();
        let g = growth(&growing, |r| r.rss_mb);
        assert!((g - (185.0 / 125.0 - 1.0)).abs() < 1e-9, "{g}");
        assert_eq!(growth(&growing[..3], |r| r.rss_mb), 0.0);
    }

    #[test]
    fn failed_requests_are_counted_and_grouped_by_why() {
        let machine = Machine::describe();
        let args = Args {
            vakants_bin: "v".into(),
            database_url: "d".into(),
            web_dist: "w".into(),
            scale: 1,
            rate: 10,
            seconds: 1,
            sign_in_every_ms: 1000,
            out: "o".into(),
        };
        let closed = || Some("send: connection closed before message completed".to_owned());
        let samples = vec![
            Sample { kind: "search", status: 200, ms: 5.0, error: None },
            Sample { kind: "search", status: 0, ms: 1.0, error: closed() },
            Sample { kind: "search", status: 0, ms: 2.0, error: closed() },
            Sample { kind: "vacancy-page", status: 0, ms: 30000.0, error: Some("timeout: operation timed out".into()) },
            Sample { kind: "vacancy-page", status: 503, ms: 3.0, error: None },
        ];
        let report = summarize(machine, "c".into(), 1, &args, 1.0, samples, Vec::new(), 1.0);
        assert_eq!((report.requests, report.failed, report.server_errors), (5, 3, 1));
        assert!(!report.met);
        let failures: Vec<(&str, &str, u64)> = report.failures.iter().map(|f| (f.kind.as_str(), f.why.as_str(), f.count)).collect();
        assert_eq!(
            failures,
            [
                ("search", "send: connection closed before message completed", 2),
                ("vacancy-page", "timeout: operation timed out", 1)
            ]
        );
        let text = markdown(&report, "x.json");
        assert!(text.contains("| search | send: connection closed before message completed | 2 |"), "{text}");
    }
}
