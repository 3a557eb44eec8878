//! `bench publish-freshness`: how long after an employer publishes a vacancy a visitor's search
//! finds it, measured end to end through HTTP against a running `vakants serve`.
//!
//! The run makes its own database, loads the demo data and `--scale` generated vacancies with
//! `vakants seed`, serves it (dev mode, its own data directory and port), waits for the index to
//! hold every live vacancy, signs the demo employer in through the dev outbox, gives the acting
//! company a contract (so publishing makes the vacancy live at once, as spec 2 section 4 says for
//! contract companies), and then, while `--load-clients` visitors search without pause:
//!
//! 1. creates a complete vacancy (`POST /api/employer/vacancies/create`) whose text holds a word
//!    of its own;
//! 2. publishes it (`PUT /api/employer/vacancies/{id}/status` with `EXISTS` and `VACANCY`) — the
//!    clock starts when this request is sent;
//! 3. searches for its word (`POST /api/open/search`) every few milliseconds until the answer
//!    lists the vacancy's id — the clock stops when that answer arrives.
//!
//! The freshness is what a job seeker would see: the publish call, the index job on its
//! transaction, the worker's batch and commit, the reader's reload and the search itself.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection};

use crate::Latency;
use crate::report::Machine;

/// The demo employer `vakants seed` makes (README).
const EMPLOYER: &str = "employer@vakants.test";
/// The target of the employer-vacancies issue.
const TARGET_P95_MS: f64 = 500.0;
/// A probe not found within this long counts as a failure.
const PROBE_TIMEOUT: Duration = Duration::from_secs(10);
/// Between two searches of a probe.
const POLL_INTERVAL: Duration = Duration::from_millis(5);

/// What a visitor searches while the probes run: browsing, facets, words, a salary.
pub(crate) fn visitor_searches() -> Vec<Value> {
    vec![
        json!({}),
        json!({ "occupation": "kokk" }),
        json!({ "categoryCode": ["CATERING"] }),
        json!({ "occupation": "müüja", "cityCode": ["0784"] }),
        json!({ "occupation": "developer" }),
        json!({ "typeOfEmployment": ["FULL_TIME"], "remoteWork": true }),
        json!({ "occupation": "водитель" }),
        json!({ "salaryFrom": 1500.0, "salaryPeriod": "MONTH" }),
    ]
}

pub struct Args {
    pub vakants_bin: PathBuf,
    pub database_url: String,
    pub scale: usize,
    pub probes: usize,
    pub load_clients: usize,
    pub out: PathBuf,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct FreshnessReport {
    pub machine: Machine,
    pub command: String,
    /// Live vacancies in the index when the probes began.
    pub indexed_vacancies: u64,
    pub probes: usize,
    /// Probes whose vacancy was not found within 10 s.
    pub probes_not_found: usize,
    /// From sending the publish call to the first search answer that lists the vacancy.
    pub freshness: Latency,
    /// The publish call alone (`PUT …/status`).
    pub publish_call: Latency,
    /// The visitors' searches while the probes ran.
    pub visitor_searches: Latency,
    pub visitor_searches_per_s: f64,
    pub visitor_errors: u64,
    pub load_clients: usize,
    pub target_p95_ms: f64,
    pub met: bool,
}

pub async fn run(args: Args, command: String) -> anyhow::Result<FreshnessReport> {
    ensure!(
        args.vakants_bin.is_file(),
        "{} not found: build it first (cargo build --release --bin vakants) or pass --vakants-bin",
        args.vakants_bin.display()
    );
    let machine = Machine::describe();
    recreate_database(&args.database_url).await?;
    let data_dir = tempfile::tempdir()?;
    let vakants = Vakants { bin: &args.vakants_bin, database_url: &args.database_url, data_dir: data_dir.path() };
    eprintln!("== migrate and seed ({} generated vacancies)", args.scale);
    vakants.run(&["migrate"])?;
    let started = Instant::now();
    vakants.run(&["seed", "--scale", &args.scale.to_string()])?;
    eprintln!("   seeded in {:.0} s", started.elapsed().as_secs_f64());
    give_the_employer_a_contract(&args.database_url).await?;

    let bind = free_address()?;
    let base = format!("http://{bind}");
    eprintln!("== serve on {base}");
    let server = vakants.serve(&bind, &[]).await?;
    let visitor = reqwest::Client::builder().build()?;
    wait_for_health(&visitor, &base).await?;
    let indexed = wait_for_the_index(&visitor, &base, &args.database_url).await?;
    eprintln!("   {indexed} vacancies searchable");

    let employer = Employer::demo(&base).await?;

    // the visitors
    let stop = Arc::new(AtomicBool::new(false));
    let mut visitors = Vec::new();
    for client in 0..args.load_clients {
        let (http, base, stop) = (visitor.clone(), base.clone(), stop.clone());
        visitors.push(tokio::spawn(async move {
            let searches = visitor_searches();
            let (mut samples, mut errors) = (Vec::new(), 0u64);
            let mut next = client;
            while !stop.load(Ordering::Relaxed) {
                let started = Instant::now();
                let answer = http.post(format!("{base}/api/open/search")).json(&searches[next % searches.len()]).send().await;
                let ok = match answer {
                    Ok(response) => response.status().is_success() && response.bytes().await.is_ok(),
                    Err(_) => false,
                };
                if ok {
                    samples.push(started.elapsed().as_secs_f64() * 1000.0);
                } else {
                    errors += 1;
                }
                next += 1;
            }
            (samples, errors)
        }));
    }

    eprintln!("== {} probes under {} searching visitors", args.probes, args.load_clients);
    let load_started = Instant::now();
    let (mut freshness, mut publish_calls, mut not_found) = (Vec::new(), Vec::new(), 0);
    for probe in 0..args.probes {
        // a word no generated text holds, different in its first letters for every probe so
        // the as-you-type and typo-tolerant matching cannot take one probe for another
        let word = format!("{}fresh{}", probe_prefix(probe), std::process::id());
        let id = employer.create(&word).await?;
        let sent = Instant::now();
        employer.publish(&id).await?;
        publish_calls.push(sent.elapsed().as_secs_f64() * 1000.0);
        match find(&visitor, &base, &word, &id, sent, Poll::steady(POLL_INTERVAL)).await?.found {
            Some(found) => freshness.push(found.as_secs_f64() * 1000.0),
            None => not_found += 1,
        }
        // visitors keep searching between probes, as on a live board
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let elapsed = load_started.elapsed().as_secs_f64();
    let (mut searches, mut errors) = (Vec::new(), 0);
    for visitor in visitors {
        let (samples, failed) = visitor.await?;
        searches.extend(samples);
        errors += failed;
    }
    drop(server);

    let freshness = Latency::of(freshness);
    let report = FreshnessReport {
        machine,
        command,
        indexed_vacancies: indexed,
        probes: args.probes,
        probes_not_found: not_found,
        met: not_found == 0 && freshness.p95_ms <= TARGET_P95_MS,
        freshness,
        publish_call: Latency::of(publish_calls),
        visitor_searches_per_s: searches.len() as f64 / elapsed,
        visitor_searches: Latency::of(searches),
        visitor_errors: errors,
        load_clients: args.load_clients,
        target_p95_ms: TARGET_P95_MS,
    };
    write(&report, &args.out)?;
    Ok(report)
}

/// Three letters per probe (`aaa`, `aab`, … `zzz`): distinct leading letters for 17 576 probes.
pub(crate) const PROBE_PREFIXES: usize = 26 * 26 * 26;

/// The leading letters of probe `n` (see [`PROBE_PREFIXES`]).
pub(crate) fn probe_prefix(n: usize) -> String {
    let mut rest = n;
    let mut letters = [b'a'; 3];
    for letter in letters.iter_mut().rev() {
        *letter = b'a' + (rest % 26) as u8;
        rest /= 26;
    }
    String::from_utf8_lossy(&letters).into_owned()
}

/// How a freshness probe polls: every `every` until `slower_after` has passed since its write,
/// then every `slower`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Poll {
    pub every: Duration,
    pub slower_after: Duration,
    pub slower: Duration,
}

impl Poll {
    pub(crate) const fn steady(every: Duration) -> Self {
        Poll { every, slower_after: PROBE_TIMEOUT, slower: every }
    }
}

/// What one freshness probe saw.
pub(crate) struct Probe {
    /// From `sent` until a search listed the vacancy; `None` when [`PROBE_TIMEOUT`] passed first.
    pub found: Option<Duration>,
    /// The searches it sent.
    pub searches: u64,
}

/// Searches for `word` as `poll` says until the answer lists vacancy `id`.
pub(crate) async fn find(http: &reqwest::Client, base: &str, word: &str, id: &str, sent: Instant, poll: Poll) -> anyhow::Result<Probe> {
    let mut searches = 0;
    while sent.elapsed() < PROBE_TIMEOUT {
        searches += 1;
        let answer: Value = http
            .post(format!("{base}/api/open/search"))
            .json(&json!({ "occupation": word }))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let listed = answer["content"]
            .as_array()
            .is_some_and(|hits| hits.iter().any(|hit| hit["vacancyId"].as_str() == Some(id)));
        if listed {
            return Ok(Probe { found: Some(sent.elapsed()), searches });
        }
        tokio::time::sleep(if sent.elapsed() < poll.slower_after { poll.every } else { poll.slower }).await;
    }
    Ok(Probe { found: None, searches })
}

/// The signed-in demo employer: a cookie jar and the anti-forgery header, like the web app. One
/// session serves concurrent calls (`bench http`'s writer shares it between its writes).
pub(crate) struct Employer {
    http: reqwest::Client,
    base: String,
    xsrf: String,
}

impl Employer {
    /// Signs the demo employer (`employer@vakants.test`) in; its companies need a contract
    /// ([`give_the_employer_a_contract`]) for a publish to go live at once.
    pub(crate) async fn demo(base: &str) -> anyhow::Result<Employer> {
        Employer::sign_in(base, EMPLOYER).await
    }

    async fn sign_in(base: &str, email: &str) -> anyhow::Result<Employer> {
        let jar = Arc::new(reqwest::cookie::Jar::default());
        let http = reqwest::Client::builder().cookie_provider(jar.clone()).build()?;
        http.get(format!("{base}/api/open/me")).send().await?.error_for_status()?;
        let xsrf = |jar: &reqwest::cookie::Jar| -> anyhow::Result<String> {
            use reqwest::cookie::CookieStore;
            let header = jar.cookies(&base.parse()?).context("no cookies")?;
            header
                .to_str()?
                .split("; ")
                .find_map(|pair| pair.strip_prefix("XSRF-TOKEN=").map(str::to_owned))
                .context("no XSRF-TOKEN cookie")
        };
        let token = xsrf(&jar)?;
        http.post(format!("{base}/api/auth/login"))
            .header("x-xsrf-token", &token)
            .json(&json!({ "email": email }))
            .send()
            .await?
            .error_for_status()?;
        let mails: Value = http.get(format!("{base}/api/dev/outbox?to={email}")).send().await?.error_for_status()?.json().await?;
        let code = mails
            .as_array()
            .context("the dev outbox answers a list")?
            .iter()
            .map(|mail| mail["subject"].as_str().unwrap_or_default().chars().filter(char::is_ascii_digit).collect::<String>())
            .find(|digits| digits.len() == 6)
            .context("no sign-in code in the dev outbox")?;
        http.post(format!("{base}/api/auth/verify-otp"))
            .header("x-xsrf-token", &token)
            .json(&json!({ "email": email, "code": code }))
            .send()
            .await?
            .error_for_status()?;
        // signing in starts a new session with a token of its own
        http.get(format!("{base}/api/open/me")).send().await?.error_for_status()?;
        let xsrf = xsrf(&jar)?;
        Ok(Employer { http, base: base.to_owned(), xsrf })
    }

    /// Sends `body` to `path` with the session and its anti-forgery header; the answer's JSON,
    /// or an error naming `call` when the status is not a success.
    async fn send(&self, method: reqwest::Method, path: &str, body: &Value, call: &str) -> anyhow::Result<Value> {
        let response =
            self.http.request(method, format!("{}{path}", self.base)).header("x-xsrf-token", &self.xsrf).json(body).send().await?;
        let status = response.status();
        let body: Value = response.json().await?;
        ensure!(status.is_success(), "{call} answered {status}: {body}");
        Ok(body)
    }

    /// A complete cook's vacancy whose text holds `word`, publishable as it is; its id.
    pub(crate) async fn create(&self, word: &str) -> anyhow::Result<String> {
        let body = self.send(reqwest::Method::POST, "/api/employer/vacancies/create", &document(word), "create").await?;
        body["id"].as_str().map(str::to_owned).context("the created vacancy has no id")
    }

    /// Publishes draft `id` (`EXISTS` with `VACANCY`): live at once for a contract company.
    pub(crate) async fn publish(&self, id: &str) -> anyhow::Result<()> {
        let status = json!({ "status": "EXISTS", "productCodes": ["VACANCY"] });
        let body = self.send(reqwest::Method::PUT, &format!("/api/employer/vacancies/{id}/status"), &status, "publishing").await?;
        ensure!(body["displayedState"] == "ACTIVE", "a contract company's vacancy goes live at once: {body}");
        Ok(())
    }

    /// Edits vacancy `id` (`PUT /api/employer/vacancies/{id}`): its document replaced by
    /// [`document`]'s, whose text holds `word` (a published vacancy stays publishable and live).
    pub(crate) async fn update(&self, id: &str, word: &str) -> anyhow::Result<()> {
        let body = self.send(reqwest::Method::PUT, &format!("/api/employer/vacancies/{id}"), &document(word), "editing").await?;
        ensure!(body["displayedState"] == "ACTIVE", "an edited live vacancy stays live: {body}");
        Ok(())
    }
}

/// A complete cook's vacancy document (`VacancyDocument`) whose text holds `word`, publishable as
/// it is (a published vacancy keeps its stored publish time on `PUT`).
fn document(word: &str) -> Value {
    let text = json!({ "ops": [{ "insert": format!("Köök otsib kokka, märksõna {word}.\n") }] }).to_string();
    let publish_at = (chrono::Utc::now() - chrono::TimeDelta::minutes(1)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    json!({
        "occupationCode": "COOK", "categoryCodes": ["CATERING"], "employmentTypeCode": "FULL_TIME",
        "countryCode": "EE", "ehakCode": "0784", "address": "Harju maakond, Tallinn, Narva mnt 5",
        "salaryFrom": 1500.0, "salaryTo": 2000.0, "salaryPeriodCode": "MONTH", "salaryByAgreement": false,
        "remoteWork": false, "shiftWork": false,
        "contents": [{ "languageCode": "et", "teaser": "Ootame kokka", "content": text }],
        "galleryFileIds": [], "publishAt": publish_at, "questions": [], "languages": [], "driverLicences": [],
        "cvNotRequired": false, "forDisabled": false, "forForeigners": false, "forRetired": false,
        "forStudents": false, "forUnderage": false
    })
}

/// Kills `vakants serve` when the run ends, however it ends.
pub(crate) struct Server(pub(crate) Child);

/// The `vakants` binary under test, with the database and data directory of one bench run.
pub(crate) struct Vakants<'a> {
    pub(crate) bin: &'a Path,
    pub(crate) database_url: &'a str,
    pub(crate) data_dir: &'a Path,
}

/// Which `vakants` binary a run measured: its own `--version` (the commit when it was built with
/// `VAKANTS_BUILD_VERSION=$(git rev-parse --short HEAD)`, as bench/README.md says) and when the
/// file was written, since the bench's own `git` names only the bench's build.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ServerBuild {
    pub bin: String,
    pub version: String,
    pub modified: String,
}

impl Vakants<'_> {
    /// The build of the binary this runs (see [`ServerBuild`]).
    pub(crate) fn build(&self) -> ServerBuild {
        let version = Command::new(self.bin)
            .arg("--version")
            .output()
            .ok()
            .filter(|output| output.status.success())
            .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string())
            .unwrap_or_default();
        let modified = std::fs::metadata(self.bin)
            .and_then(|meta| meta.modified())
            .map(|time| chrono::DateTime::<chrono::Utc>::from(time).to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
            .unwrap_or_default();
        ServerBuild { bin: self.bin.display().to_string(), version, modified }
    }

    fn command(&self) -> Command {
        let mut command = Command::new(self.bin);
        command
            .env("DATABASE_URL", self.database_url)
            .env("DATA_DIR", self.data_dir)
            .env("VAKANTS_MODE", "dev")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null());
        command
    }

    /// Runs a one-shot command (`migrate`, `seed …`, `reindex`) to its end.
    pub(crate) fn run(&self, arguments: &[&str]) -> anyhow::Result<()> {
        let status = self.command().args(arguments).status()?;
        ensure!(status.success(), "vakants {} failed: {status}", arguments.join(" "));
        Ok(())
    }

    /// Brings the database's statistics up to date ([`analyze`]) and starts `vakants serve` on
    /// `bind` with relaxed sign-in limits (and `extra` variables); it stops when the answer is
    /// dropped. Every bench that serves starts here, so none measures the plans of stale statistics.
    pub(crate) async fn serve(&self, bind: &str, extra: &[(&str, &Path)]) -> anyhow::Result<Server> {
        analyze(self.database_url).await?;
        let mut command = self.command();
        command.arg("serve").env("BIND", bind).env("RELAXED_RATE_LIMITS", "true").stderr(Stdio::inherit());
        for (name, value) in extra {
            command.env(name, value);
        }
        Ok(Server(command.spawn()?))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub(crate) fn free_address() -> anyhow::Result<String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(listener.local_addr()?.to_string())
}

pub(crate) async fn wait_for_health(http: &reqwest::Client, base: &str) -> anyhow::Result<()> {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if let Ok(response) = http.get(format!("{base}/healthz")).send().await
            && response.status().is_success()
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    bail!("vakants serve did not answer /healthz within 60 s")
}

/// Waits until the index holds what it will hold and its queue is empty: the browse-all count
/// unchanged for 3 s, and no index job of `vakants seed`'s bulk load still waiting in the queue
/// (`vakants reindex` builds the whole index before the server starts, but the jobs the seed
/// queued are still handed to the worker afterwards, one per row; a write measured while that
/// backlog drains waits behind it).
pub(crate) async fn wait_for_the_index(http: &reqwest::Client, base: &str, database_url: &str) -> anyhow::Result<u64> {
    let started = Instant::now();
    let mut db = sqlx::PgConnection::connect(database_url).await?;
    let (mut last, mut steady_since) = (0, Instant::now());
    while started.elapsed() < Duration::from_secs(900) {
        let answer: Value = http.post(format!("{base}/api/open/search")).json(&json!({})).send().await?.json().await?;
        let total = answer["totalElements"].as_u64().unwrap_or(0);
        if total != last {
            (last, steady_since) = (total, Instant::now());
        } else if total > 0 && steady_since.elapsed() >= Duration::from_secs(3) {
            let waiting: i64 = sqlx::query_scalar(
                "select count(*) from apalis.jobs where job_type = 'vakants.index' and status not in ('Done', 'Failed', 'Killed')",
            )
            .fetch_one(&mut db)
            .await?;
            if waiting == 0 {
                return Ok(total);
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    bail!("the index did not settle within 15 minutes (last count {last})")
}

pub(crate) async fn recreate_database(url: &str) -> anyhow::Result<()> {
    let options: PgConnectOptions = url.parse()?;
    let name = options.get_database().context("the database URL names no database")?.to_owned();
    ensure!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "unexpected database name {name}");
    let mut admin = options.database("postgres").connect().await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("drop database if exists {name} with (force)"))).execute(&mut admin).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("create database {name}"))).execute(&mut admin).await?;
    admin.close().await?;
    Ok(())
}

/// Brings the planner's statistics up to date, as autovacuum would have in a deployment by the
/// time of a run; where it is off (the CI machines) the statistics would otherwise be those of
/// the seeding, and a stale plan, not the build, could decide a comparison
/// (bench/results/2026-12-03-http-writes-queue-fetch.md).
async fn analyze(url: &str) -> anyhow::Result<()> {
    let mut conn = url.parse::<PgConnectOptions>()?.connect().await?;
    sqlx::raw_sql("analyze").execute(&mut conn).await?;
    conn.close().await?;
    Ok(())
}

/// Gives every company the demo employer is on the staff of a contract, so that its publishes go
/// live at once (spec 2 section 4); before `vakants serve` starts.
pub(crate) async fn give_the_employer_a_contract(url: &str) -> anyhow::Result<()> {
    let mut conn = sqlx::PgConnection::connect(url).await?;
    let companies = sqlx::query(
        "update companies set has_contract = true
         where id in (select s.company_id from company_staff s join users u on u.id = s.user_id where u.username = $1)",
    )
    .bind(EMPLOYER)
    .execute(&mut conn)
    .await?
    .rows_affected();
    ensure!(companies > 0, "{EMPLOYER} is on no company's staff");
    Ok(())
}

fn write(report: &FreshnessReport, out: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(out)?;
    let stem = format!("{}-publish-freshness", &report.machine.date[..10]);
    std::fs::write(out.join(format!("{stem}.json")), serde_json::to_string_pretty(report)? + "\n")?;
    std::fs::write(out.join(format!("{stem}.md")), markdown(report, &format!("{stem}.json")))?;
    eprintln!("results in {}", out.join(format!("{stem}.md")).display());
    Ok(())
}

pub fn markdown(report: &FreshnessReport, json_name: &str) -> String {
    let m = &report.machine;
    let row = |name: &str, l: &Latency| {
        format!("| {name} | {} | {:.1} | {:.1} | {:.1} | {:.1} |\n", l.samples, l.p50_ms, l.p95_ms, l.p99_ms, l.max_ms)
    };
    let mut md = String::new();
    md.push_str("# Publish freshness through HTTP\n\n");
    md.push_str(&format!(
        "From the moment an employer's publish call (`PUT /api/employer/vacancies/{{id}}/status`, contract company) is sent \
         until a visitor's `POST /api/open/search` lists the vacancy, with {} visitors searching without pause. \
         Target: p95 ≤ {:.0} ms — **{}**.\n\n",
        report.load_clients,
        report.target_p95_ms,
        if report.met { "met" } else { "not met" }
    ));
    md.push_str(&format!(
        "{} vacancies in the index; {} probes, {} not found within 10 s. Data: [{json_name}]({json_name}).\n\n",
        report.indexed_vacancies, report.probes, report.probes_not_found
    ));
    md.push_str("| | samples | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|\n");
    md.push_str(&row("publish → found by search", &report.freshness));
    md.push_str(&row("the publish call alone", &report.publish_call));
    md.push_str(&row("visitors' searches meanwhile", &report.visitor_searches));
    md.push_str(&format!(
        "\nVisitors: {:.0} searches/s, {} errors.\n\n",
        report.visitor_searches_per_s, report.visitor_errors
    ));
    md.push_str(&format!(
        "Machine: {} ({} cores, {:.0} GiB), {}, {}, load {:.2} at the start; commit {}.\n\nCommand: `{}`\n",
        m.cpu_model, m.cores, m.ram_gib, m.os, m.rustc, m.load_avg, m.git, report.command
    ));
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_differ_in_their_first_letters() {
        assert_eq!(probe_prefix(0), "aaa");
        assert_eq!(probe_prefix(27), "abb");
        let prefixes: std::collections::HashSet<String> = (0..500).map(probe_prefix).collect();
        assert_eq!(prefixes.len(), 500);
    }
}
