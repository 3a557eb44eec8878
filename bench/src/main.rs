//! `cargo run -p bench --release -- [--sizes 10000,100000,1000000] [--cvs 100000] …`
//!
//! Every (engine, corpus) is measured in a child process (`bench measure …`, hidden) so its
//! peak RSS is its own. Results go to `<out>/<date>-<host>.json`, `<out>/<date>-<host>.svg` and
//! `<out>/README.md`.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use bench::report::{self, Machine, Report};
use bench::{Config, Engine, Kind, Measurement};
use clap::{Parser, Subcommand};

/// The allocator of `vakants` (`api/src/main.rs`): what the bench runs in-process (the alerts'
/// matching, the engines) allocates as the server and the worker do.
#[global_allocator]
static ALLOCATOR: domain::platform::allocator::Allocator = domain::platform::allocator::Allocator;

const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/vakants_bench";

#[derive(Parser)]
#[command(about = "Search benchmarks: tantivy vs Postgres full-text vs Meilisearch", args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(clap::Args)]
struct RunArgs {
    /// Vacancy corpus sizes (0 skips vacancies: `--sizes 0 --cvs 100000` measures the CV rows only).
    #[arg(long, value_delimiter = ',', default_value = "10000,100000")]
    sizes: Vec<usize>,
    /// CV corpus size (0 skips CVs).
    #[arg(long, default_value_t = 100_000)]
    cvs: usize,
    /// Timed queries per measurement.
    #[arg(long, default_value_t = 1000)]
    queries: usize,
    /// Freshness probes per vacancy measurement.
    #[arg(long, default_value_t = 50)]
    freshness: usize,
    /// Stop timing queries after this many seconds per measurement (after one full pass of the mix).
    #[arg(long, default_value_t = 180)]
    query_budget_secs: u64,
    #[arg(long, value_delimiter = ',', default_value = "tantivy,postgres,meilisearch")]
    engines: Vec<String>,
    #[arg(long, default_value_t = 42)]
    seed: u64,
    #[arg(long, env = "BENCH_DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    database_url: String,
    #[arg(long, env = "MEILI_URL")]
    meili_url: Option<String>,
    #[arg(long, env = "MEILI_MASTER_KEY")]
    meili_key: Option<String>,
    /// Where the results go; default bench/results, or a temp dir for runs below 10k documents.
    #[arg(long)]
    out: Option<PathBuf>,
    /// A run of a few seconds (CI): --sizes 500 --cvs 200 --queries 20 --freshness 5.
    #[arg(long)]
    smoke: bool,
    /// Earlier results (JSON) to carry into this report: their measurements are kept unless
    /// this run measures the same engine and corpus again (to add 1M to a 10k/100k run).
    #[arg(long)]
    merge: Vec<PathBuf>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Publish freshness through HTTP: a served `vakants` with `--scale` generated vacancies,
    /// searching visitors, and an employer publishing; writes
    /// `<out>/<date>-publish-freshness.{json,md}`.
    PublishFreshness {
        /// The `vakants` binary (a release build).
        #[arg(long, default_value_os_t = bench::default_vakants_bin())]
        vakants_bin: PathBuf,
        #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/vakants_bench_http")]
        database_url: String,
        #[arg(long, default_value_t = 100_000)]
        scale: usize,
        #[arg(long, default_value_t = 50)]
        probes: usize,
        #[arg(long, default_value_t = 4)]
        load_clients: usize,
        #[arg(long, default_value_os_t = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/results")))]
        out: PathBuf,
    },
    /// The whole server's throughput through HTTP: seeds `--scale` vacancies and `--cvs` CVs,
    /// rebuilds the index, serves a release `vakants` and drives the visitors' search mix, the
    /// server-painted vacancy page, and the search mix again while an employer publishes and edits
    /// vacancies (freshness of each write); writes `<out>/<date>-http.{json,md}`.
    Http(bench::http_load::Args),
    /// A steady request rate of mixed traffic (searches, vacancy pages, sign-ins, applicant
    /// writes) against a served `vakants` for a long while: 5xx, p50/p95/p99 and the memory of
    /// `vakants serve` over time; writes `<out>/<date>-soak.{json,md}`.
    Soak {
        /// The `vakants` binary (a release build for the committed figures).
        #[arg(long, default_value_os_t = bench::default_vakants_bin())]
        vakants_bin: PathBuf,
        #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/vakants_bench_http")]
        database_url: String,
        /// The built web app (`cd web && npx vite build`), for the server-painted pages.
        #[arg(long, default_value_os_t = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist")))]
        web_dist: PathBuf,
        #[arg(long, default_value_t = 10_000)]
        scale: usize,
        /// Requests started per second, whatever the answers take.
        #[arg(long, default_value_t = 1000)]
        rate: u32,
        #[arg(long, default_value_t = 600)]
        seconds: u64,
        /// A whole sign-in (five calls) starts this often.
        #[arg(long, default_value_t = 1000)]
        sign_in_every_ms: u64,
        #[arg(long, default_value_os_t = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/results")))]
        out: PathBuf,
    },
    /// The matching of saved searches (issue 33): instant matching while vacancies go live at
    /// `--rate` a minute with 100k and 1M saved searches, and a daily run over all of them;
    /// writes `<out>/<date>-alerts.{json,md}` (again after each step, so that a stopped run keeps
    /// the figures of the steps it finished).
    Alerts {
        #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/vakants_bench_alerts")]
        database_url: String,
        /// Saved-search counts (ascending; the instant matching is measured at each).
        #[arg(long, value_delimiter = ',', default_value = "100000,1000000")]
        searches: Vec<usize>,
        /// Vacancies going live a minute.
        #[arg(long, default_value_t = 1000.0)]
        rate: f64,
        /// Seconds of vacancies going live per count.
        #[arg(long, default_value_t = 30)]
        seconds: u64,
        /// The day's new vacancies of the daily run (0 skips it).
        #[arg(long, default_value_t = 5000)]
        daily_vacancies: usize,
        /// How long a mail pass waits after it is queued, as the worker's `ALERT_MAIL_WINDOW_MS`.
        #[arg(long, default_value_t = domain::platform::config::DEFAULT_ALERT_MAIL_WINDOW.as_millis() as u64)]
        mail_window_ms: u64,
        #[arg(long, default_value_t = 42)]
        seed: u64,
        #[arg(long, default_value_os_t = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/results")))]
        out: PathBuf,
    },
    /// nDCG@10 of the recommendations ("for you", "similar") and of a text-only baseline on the
    /// judged set of `bench/relevance/`; writes `<out>/<date>-relevance.{json,md}`. With
    /// `--generate`, first writes the judged set afresh from the reference data of `database_url`
    /// (the corpus and the judgements by the rules of `bench/relevance/README.md`).
    Relevance {
        #[arg(long)]
        generate: bool,
        #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/vakants_bench")]
        database_url: String,
        #[arg(long, default_value_os_t = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/results")))]
        out: PathBuf,
    },
    /// The latency of the recommendation calls in the engine ("for you", "similar", "CVs for a
    /// vacancy") at `--vacancies` / `--cvs`; writes `<out>/<date>-recommendations.{json,md}`.
    Recommendations {
        #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/vakants_bench")]
        database_url: String,
        #[arg(long, default_value_t = 100_000)]
        vacancies: usize,
        #[arg(long, default_value_t = 100_000)]
        cvs: usize,
        /// Timed calls of each kind.
        #[arg(long, default_value_t = 500)]
        queries: usize,
        #[arg(long, default_value_os_t = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/results")))]
        out: PathBuf,
    },
    /// Rewrites the SVG and README.md next to a results JSON.
    #[command(hide = true)]
    Render { json: PathBuf },
    /// One measurement; prints its JSON on the last line of stdout.
    #[command(hide = true)]
    Measure {
        #[arg(long)]
        engine: String,
        #[arg(long)]
        kind: String,
        #[arg(long)]
        size: usize,
        #[arg(long)]
        queries: usize,
        #[arg(long)]
        freshness: usize,
        #[arg(long)]
        query_budget_secs: u64,
        #[arg(long)]
        seed: u64,
        #[arg(long)]
        database_url: String,
        #[arg(long)]
        schema: String,
        #[arg(long, env = "MEILI_URL")]
        meili_url: Option<String>,
        #[arg(long, env = "MEILI_MASTER_KEY")]
        meili_key: Option<String>,
    },
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    match cli.command {
        Some(Cmd::PublishFreshness { vakants_bin, database_url, scale, probes, load_clients, out }) => {
            let command = format!("cargo run -p bench --release -- {}", std::env::args().skip(1).collect::<Vec<_>>().join(" "));
            // the visitors' load and the probes run side by side
            let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
            let args = bench::http_freshness::Args { vakants_bin, database_url, scale, probes, load_clients, out };
            let report = runtime.block_on(bench::http_freshness::run(args, command))?;
            eprintln!(
                "publish -> found: p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms ({} not found); searches meanwhile p99 {:.1} ms at {:.0}/s",
                report.freshness.p50_ms,
                report.freshness.p95_ms,
                report.freshness.max_ms,
                report.probes_not_found,
                report.visitor_searches.p99_ms,
                report.visitor_searches_per_s
            );
            anyhow::ensure!(report.met, "the target p95 <= {} ms was not met", report.target_p95_ms);
            Ok(())
        }
        Some(Cmd::Http(args)) => {
            let command = format!("cargo run -p bench --release -- {}", std::env::args().skip(1).collect::<Vec<_>>().join(" "));
            // the generator's connections on both cores, as the server's
            let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
            let report = runtime.block_on(bench::http_load::run(args, command))?;
            anyhow::ensure!(report.met, "a target of issues 20 and 33 was missed: see the results file");
            Ok(())
        }
        Some(Cmd::Soak { vakants_bin, database_url, web_dist, scale, rate, seconds, sign_in_every_ms, out }) => {
            let command = format!("cargo run -p bench --release -- {}", std::env::args().skip(1).collect::<Vec<_>>().join(" "));
            let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
            let args = bench::soak::Args { vakants_bin, database_url, web_dist, scale, rate, seconds, sign_in_every_ms, out };
            let report = runtime.block_on(bench::soak::run(args, command))?;
            eprintln!(
                "{} requests ({:.0}/s), {} 5xx, {} failed, p99 {:.1} ms, memory growth: anonymous {:+.1} %, resident {:+.1} %",
                report.requests,
                report.requests_per_s,
                report.server_errors,
                report.failed,
                report.latency.p99_ms,
                report.anon_growth * 100.0,
                report.rss_growth * 100.0
            );
            anyhow::ensure!(report.met, "a soak target was missed: see the results file");
            Ok(())
        }
        Some(Cmd::Measure {
            engine,
            kind,
            size,
            queries,
            freshness,
            query_budget_secs,
            seed,
            database_url,
            schema,
            meili_url,
            meili_key,
        }) => {
            let config = Config {
                engine: Engine::parse(&engine)?,
                kind: if kind == "cvs" { Kind::Cvs } else { Kind::Vacancies },
                size,
                queries,
                freshness,
                seed,
                database_url,
                schema,
                meili_url,
                meili_key,
                query_budget: Duration::from_secs(query_budget_secs),
            };
            let measurement = runtime.block_on(bench::measure(&config))?;
            println!("{}", serde_json::to_string(&measurement)?);
            Ok(())
        }
        Some(Cmd::Alerts { database_url, searches, rate, seconds, daily_vacancies, mail_window_ms, seed, out }) => {
            let command = format!("cargo run -p bench --release -- {}", std::env::args().skip(1).collect::<Vec<_>>().join(" "));
            // the matching spreads over both cores itself (search::TantivyEngine::match_vacancies_sync)
            let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
            let mail_window = std::time::Duration::from_millis(mail_window_ms);
            let args = bench::alerts::Args { database_url, searches, rate, seconds, daily_vacancies, mail_window, seed, out };
            let report = runtime.block_on(bench::alerts::run(args, command))?;
            anyhow::ensure!(report.met, "a target of issue 33 was missed: see the results file");
            Ok(())
        }
        Some(Cmd::Relevance { generate, database_url, out }) => {
            let dir = bench::relevance::dir();
            if generate {
                let reference = runtime.block_on(async {
                    let pool = sqlx::PgPool::connect(&database_url).await?;
                    bench::corpus::Reference::load(&pool).await
                })?;
                bench::relevance::write(&dir, &bench::relevance::generate(reference))?;
            }
            let set = bench::relevance::read(&dir)?;
            let evaluation = bench::relevance::evaluate(&set)?;
            let machine = bench::report::Machine::describe();
            let (json, md) = bench::relevance::report(&evaluation, &machine.git);
            let stem = format!("{}-relevance", &machine.date[..10]);
            std::fs::create_dir_all(&out)?;
            std::fs::write(out.join(format!("{stem}.json")), json)?;
            std::fs::write(out.join(format!("{stem}.md")), &md)?;
            println!("{md}");
            Ok(())
        }
        Some(Cmd::Recommendations { database_url, vacancies, cvs, queries, out }) => {
            let command = format!("cargo run -p bench --release -- {}", std::env::args().skip(1).collect::<Vec<_>>().join(" "));
            let reference = runtime.block_on(async {
                let pool = sqlx::PgPool::connect(&database_url).await?;
                bench::corpus::Reference::load(&pool).await
            })?;
            let report = bench::recommend_latency::run(&reference, vacancies, cvs, queries, command)?;
            let stem = format!("{}-recommendations", &report.machine.date[..10]);
            let md = bench::recommend_latency::markdown(&report);
            std::fs::create_dir_all(&out)?;
            std::fs::write(out.join(format!("{stem}.json")), serde_json::to_string_pretty(&report)?)?;
            std::fs::write(out.join(format!("{stem}.md")), &md)?;
            println!("{md}");
            Ok(())
        }
        Some(Cmd::Render { json }) => {
            // rewrite the plot and README.md of a results file (after editing its notes by hand)
            let report: Report = serde_json::from_str(&std::fs::read_to_string(&json)?)?;
            let dir = json.parent().map(PathBuf::from).unwrap_or_default();
            let stem = json.file_stem().and_then(|s| s.to_str()).unwrap_or("results").to_string();
            let (json_name, svg_name) = (format!("{stem}.json"), format!("{stem}.svg"));
            std::fs::write(dir.join(&svg_name), report::svg(&report))?;
            std::fs::write(dir.join("README.md"), report::markdown(&report, &json_name, &svg_name))?;
            Ok(())
        }
        None => runtime.block_on(run(cli.run)),
    }
}

async fn run(mut args: RunArgs) -> anyhow::Result<()> {
    let command = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    if args.smoke {
        args.sizes = vec![500];
        args.cvs = 200;
        args.queries = 20;
        args.freshness = 5;
    }
    let mut engines = Vec::new();
    for name in &args.engines {
        engines.push(Engine::parse(name)?);
    }
    let mut skipped = Vec::new();
    if engines.contains(&Engine::Meilisearch) && args.meili_url.is_none() {
        engines.retain(|e| *e != Engine::Meilisearch);
        let message = "meilisearch: skipped, MEILI_URL is not set".to_string();
        eprintln!("{message}");
        skipped.push(message);
    }
    bench::prepare_database(&args.database_url).await?;
    let machine = Machine::describe();
    let schema = format!("bench_run_{}", std::process::id());
    let exe = std::env::current_exe()?;

    let mut jobs: Vec<(Engine, Kind, usize)> = Vec::new();
    for size in args.sizes.iter().filter(|&&size| size > 0) {
        for engine in &engines {
            jobs.push((*engine, Kind::Vacancies, *size));
        }
    }
    if args.cvs > 0 {
        for engine in &engines {
            jobs.push((*engine, Kind::Cvs, args.cvs));
        }
    }
    let mut measurements: Vec<Measurement> = Vec::new();
    for (engine, kind, size) in jobs {
        let kind_name = if kind == Kind::Cvs { "cvs" } else { "vacancies" };
        eprintln!("== {} {} {kind_name}", engine.name(), report::size_label(size));
        let mut command = Command::new(&exe);
        command
            .args(["measure", "--engine", engine.name(), "--kind", kind_name])
            .args(["--size", &size.to_string(), "--queries", &args.queries.to_string()])
            .args(["--freshness", &args.freshness.to_string(), "--seed", &args.seed.to_string()])
            .args(["--query-budget-secs", &args.query_budget_secs.to_string()])
            .args(["--database-url", &args.database_url, "--schema", &schema])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some(url) = &args.meili_url {
            command.args(["--meili-url", url]);
        }
        let output = command.output()?;
        let stdout = String::from_utf8_lossy(&output.stdout);
        let parsed = stdout.lines().last().and_then(|l| serde_json::from_str::<Measurement>(l).ok());
        match (output.status.success(), parsed) {
            (true, Some(m)) => {
                let all = m.class("all").map(|a| &a.latency);
                eprintln!(
                    "   rebuild {:.0} docs/s ({:.1} MB/s, {:.1} s); queries p50 {:.2} p95 {:.2} p99 {:.2} ms; freshness p95 {}; peak RSS {:.0} MB",
                    m.indexing.docs_per_s,
                    m.indexing.mb_per_s,
                    m.indexing.seconds,
                    all.map(|a| a.p50_ms).unwrap_or(0.0),
                    all.map(|a| a.p95_ms).unwrap_or(0.0),
                    all.map(|a| a.p99_ms).unwrap_or(0.0),
                    m.freshness.as_ref().map(|f| format!("{:.1} ms", f.p95_ms)).unwrap_or_else(|| "–".into()),
                    m.memory.peak_rss_mb
                );
                measurements.push(m);
            }
            _ => {
                let message = format!("{} {} {kind_name}: failed ({})", engine.name(), size, output.status);
                eprintln!("   {message}");
                skipped.push(message);
            }
        }
    }

    let mut merged_commands = Vec::new();
    for path in &args.merge {
        let earlier: Report = serde_json::from_str(&std::fs::read_to_string(path)?)?;
        merged_commands.push(earlier.command.clone());
        for m in earlier.measurements {
            if !measurements.iter().any(|x| x.engine == m.engine && x.kind == m.kind && x.size == m.size) {
                measurements.push(m);
            }
        }
        for s in earlier.skipped {
            if !skipped.contains(&s) {
                skipped.push(s);
            }
        }
    }
    measurements.sort_by_key(|m| (m.kind == Kind::Cvs, m.size, m.engine as u8));
    let targets = report::targets(&measurements);
    let report = Report {
        machine,
        command: std::iter::once(format!("cargo run -p bench --release -- {command}"))
            .chain(merged_commands.into_iter().map(|c| format!("(merged from) {c}")))
            .collect::<Vec<_>>()
            .join("; "),
        queries_per_measurement: args.queries,
        freshness_probes: args.freshness,
        seed: args.seed,
        measurements,
        skipped,
        targets,
    };
    let tiny = args.sizes.iter().all(|s| *s < 10_000);
    let out = args.out.clone().unwrap_or_else(|| {
        if tiny {
            std::env::temp_dir().join("vakants-bench")
        } else {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("results")
        }
    });
    std::fs::create_dir_all(&out)?;
    let stem = format!("{}-{}", &report.machine.date[..10], report.machine.host);
    let json_name = format!("{stem}.json");
    let svg_name = format!("{stem}.svg");
    std::fs::write(out.join(&json_name), serde_json::to_string_pretty(&report)? + "\n")?;
    std::fs::write(out.join(&svg_name), report::svg(&report))?;
    std::fs::write(out.join("README.md"), report::markdown(&report, &json_name, &svg_name))?;
    eprintln!("\nresults in {}", out.display());
    for t in &report.targets {
        eprintln!("  {:<75} {:<13} {}", t.name, t.status, t.detail);
    }
    anyhow::ensure!(!report.measurements.is_empty(), "no measurement succeeded");
    Ok(())
}
