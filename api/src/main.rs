//! The `vakants` command: serve, migrate, seed, import-registry, import-bank-statement, backup, restore.

use std::path::PathBuf;

use anyhow::Context;
use api::{Application, BuildOptions};
use clap::{Parser, Subcommand};
use domain::platform::config::Config;
use search::AccessMode;
use tokio::sync::watch;
use tracing_subscriber::EnvFilter;

/// jemalloc rather than glibc's malloc: with glibc's default arenas (eight per core) the resident
/// memory kept growing under steady load while the live heap stayed flat (memory freed in one
/// thread's arena and held there), and limiting glibc to a few arenas made the threads wait for
/// each other under load: the writes of `bench http` took seconds. With jemalloc the writes were
/// fast again and the memory stayed as small as with four glibc arenas, flat in the soak
/// (`bench/results/2026-11-28-http-allocators.md`, `2026-11-28-soak-jemalloc.md`). Small zeroed
/// allocations are zeroed by writing them rather than by jemalloc's page purge
/// ([`domain::platform::allocator`]).
#[global_allocator]
static ALLOCATOR: domain::platform::allocator::Allocator = domain::platform::allocator::Allocator;

/// Connections of `vakants worker`: each of the worker's queues (eleven, with the alerts' matching
/// and retention) keeps one busy polling (apalis' pollers spin on a pool that has too few), the
/// batcher, the time rules, the alerts' scheduled runs and the reminders take the rest.
const WORKER_CONNECTIONS: u32 = 19;

#[derive(Parser)]
#[command(name = "vakants", version = api::BUILD_VERSION, about = "Vakants job marketplace")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web app; the worker runs in the same process unless --no-worker.
    Serve {
        #[arg(long)]
        no_worker: bool,
    },
    /// Run the worker alone (index pipeline and maintenance), for a `serve --no-worker` beside it.
    Worker,
    /// Create the database if needed and apply migrations.
    Migrate,
    /// Load demo data (idempotent): a Business Register sample, demo accounts for every role and
    /// demo vacancies; `--scale N` adds N more generated vacancies (deterministic for `--seed`).
    Seed {
        #[arg(long)]
        scale: Option<usize>,
        /// Also add this many generated applicants with CVs and PDF files (the PDFs' text stored
        /// with them as extraction would store it, not queued for extraction: see fixtures::cvs).
        #[arg(long)]
        cvs: Option<usize>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Load the Business Register's open-data CSV (semicolon-separated "lihtandmed" file).
    ImportRegistry { file: PathBuf },
    /// Import a bank statement (ISO 20022 camt.053 XML): booked credits pay the invoices whose
    /// reference number (or invoice number) they quote; each bank transaction is recorded once.
    ImportBankStatement { file: PathBuf },
    /// Print the OpenAPI document (as served at /api/openapi.json) without connecting to anything.
    Openapi,
    /// Rebuild the search indexes from Postgres into a fresh generation and swap it in while
    /// searches keep answering. Runs here when no worker holds the index, otherwise asks the
    /// running worker through the job queue and waits.
    Reindex {
        /// Only the vacancy index.
        #[arg(long, conflicts_with = "cvs")]
        vacancies: bool,
        /// Only the CV index.
        #[arg(long)]
        cvs: bool,
    },
    /// List jobs that failed all their attempts.
    Jobs,
    /// Write a backup of everything that is not derived into DIR (new or empty): the database
    /// (pg_dump, one snapshot), the uploaded files of that snapshot and a manifest with their
    /// checksums and the schema version (docs/deploy.md).
    Backup { dir: PathBuf },
    /// Bring a backup back into an empty database and an empty file store, after checking its
    /// checksums and schema version, then rebuild the search indexes. Stop the servers first.
    Restore { dir: PathBuf },
    /// Read a PDF on stdin and write its text on stdout. The worker runs this in a child process
    /// with CPU-time and memory limits, so a hostile file cannot take the server down.
    ExtractPdf,
}

fn init_logging(config: &Config) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if config.is_dev() {
        builder.init();
    } else {
        builder.json().init();
    }
}

async fn shutdown_signal(tx: watch::Sender<bool>) {
    let ctrl_c = tokio::signal::ctrl_c();
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("signal handler");
    tokio::select! {
        _ = ctrl_c => {},
        _ = term.recv() => {},
    }
    let _ = tx.send(true);
}

/// What SIGTERM leaves the worker beyond the HTTP grace period (8 s + 2 s: under 10 s in all).
const STOP_MARGIN: std::time::Duration = std::time::Duration::from_millis(1500);

/// Waits for the stopping worker until `bound` after `since`; a job still running then is left to
/// its queue (apalis runs it again once its heartbeat lapses).
async fn finish_worker(worker: tokio::task::JoinHandle<anyhow::Result<()>>, bound: std::time::Duration, since: std::time::Instant) -> anyhow::Result<()> {
    let left = bound.saturating_sub(since.elapsed());
    match tokio::time::timeout(left, worker).await {
        Ok(joined) => joined?,
        Err(_) => {
            tracing::warn!(bound_secs = bound.as_secs_f64(), "the worker did not stop in time; its running job is left to the queue");
            Ok(())
        }
    }
}

/// Ends the process now that serving and the worker have stopped: returning from `main` would
/// wait for every blocking task (a PDF parse, an index commit that outlived its bound) without
/// limit, and SIGTERM must end the process in bounded time.
fn exit_now() -> ! {
    tracing::info!("stopped");
    std::process::exit(0)
}

/// Asks the worker that holds the index to rebuild it, and waits for the outcome.
async fn reindex_through_worker(pool: &sqlx::PgPool, job: &worker::RebuildJob, open_error: &str) -> anyhow::Result<()> {
    let id = job.queue(pool, 1).await?;
    println!("the index is held by a running worker; asked it to rebuild");
    let started = std::time::Instant::now();
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        let status: Option<String> = sqlx::query_scalar(
            "select status from apalis.jobs where job_type = $1 and ($2::text is null or id = $2) order by run_at desc limit 1",
        )
        .bind(worker::REBUILD_QUEUE)
        .bind(&id)
        .fetch_optional(pool)
        .await?;
        match status.as_deref() {
            Some("Done") => {
                println!("rebuilt by the worker in {:.1} s", started.elapsed().as_secs_f64());
                return Ok(());
            }
            Some("Failed" | "Killed") => anyhow::bail!("the worker's rebuild failed; see `vakants jobs`"),
            Some("Pending") if started.elapsed().as_secs() > 15 => {
                anyhow::bail!("no worker picked up the rebuild, and the index could not be opened here: {open_error}")
            }
            _ => {}
        }
    }
}

/// Rebuilds the indexes `job` names: here when the index can be opened as its writer (no worker
/// holds it; always for Meilisearch), otherwise through the running worker.
async fn reindex(config: &Config, pool: &sqlx::PgPool, job: worker::RebuildJob) -> anyhow::Result<()> {
    // tantivy: the index can be opened as the writer here only when no worker holds it;
    // Meilisearch: always (the rebuild goes to a fresh index and swaps it in)
    match api::open_engine(config, AccessMode::Writer).await {
        Ok(engine) => {
            // an index opened here with another schema was started empty: rebuild it too
            let job = job.including(&engine.replaced_indexes());
            let report = worker::rebuild(pool, engine.as_ref(), &job).await?;
            println!(
                "rebuilt: {} vacancies, {} CVs; {} changes replayed; {} waiting index jobs covered by the rebuild",
                report.vacancies, report.cvs, report.replayed, report.covered
            );
            Ok(())
        }
        Err(open_error) => reindex_through_worker(pool, &job, &format!("{open_error:#}")).await,
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Command::ExtractPdf = cli.command {
        std::process::exit(worker::extract::child_main());
    }
    if let Command::Openapi = cli.command {
        let (_, openapi) = api::api_router(true);
        println!("{}", openapi.to_pretty_json()?);
        return Ok(());
    }
    // serving and the worker need an explicit VAKANTS_MODE; the other commands only touch the
    // database and DATA_DIR
    let config = match cli.command {
        Command::Serve { .. } | Command::Worker => Config::from_env()?,
        _ => Config::from_env_for_tools()?,
    };
    init_logging(&config);
    match cli.command {
        Command::Serve { no_worker } => {
            let bind = config.bind;
            let grace = config.shutdown_grace;
            let index_access = if no_worker { AccessMode::Reader } else { AccessMode::Writer };
            let options = BuildOptions { index_access, ..BuildOptions::default() };
            // a connection costs a descriptor: take what the hard limit allows (connection_limit)
            let descriptors = api::descriptor_limit(true);
            tracing::info!(descriptors, "open file limit");
            let state = api::build_state(config, options).await.context("connecting to postgres and redis")?;
            let (stop_tx, stop_rx) = watch::channel(false);
            let mailing = worker::Mailing {
                mailer: state.mailer.clone(),
                seller: (*state.seller).clone(),
                public_url: state.config.public_url.clone(),
                app_secret: state.config.app_secret.clone(),
                retention: state.config.retention,
                alert_mail_window: state.config.alert_mail_window,
            };
            let worker = (!no_worker).then(|| tokio::spawn(worker::run(state.pool.clone(), state.search.clone(), state.files.clone(), mailing, stop_rx.clone())));
            let reminders = worker::billing::Reminders {
                pool: state.pool.clone(),
                mailer: state.mailer.clone(),
                seller: state.seller.clone(),
                public_url: state.config.public_url.clone(),
            };
            let _reminding = (!no_worker).then(|| tokio::spawn(reminders.run(worker::billing::every_hour(), stop_rx.clone())));
            let unread_mail = worker::chats::UnreadMail {
                pool: state.pool.clone(),
                mailer: state.mailer.clone(),
                public_url: state.config.public_url.clone(),
            };
            let _mailing_unread = (!no_worker).then(|| tokio::spawn(unread_mail.run(worker::time_rules::every_minute(), stop_rx.clone())));
            let app = Application::bind(state, bind).await.with_context(|| format!("binding {bind}"))?;
            tracing::info!(address = %bind, build = api::BUILD_VERSION, "vakants is serving on http://{bind}");
            let mut stopped = stop_rx.clone();
            tokio::spawn(shutdown_signal(stop_tx));
            let signalled = std::sync::Arc::new(std::sync::OnceLock::new());
            let mark = signalled.clone();
            app.serve(async move {
                let _ = stopped.wait_for(|stop| *stop).await;
                let _ = mark.set(std::time::Instant::now());
            })
            .await?;
            // the HTTP side took at most the grace period; the worker (told at the same signal)
            // finishes its current batch within what is left of grace + 2 s
            if let Some(worker) = worker {
                let since = signalled.get().copied().unwrap_or_else(std::time::Instant::now);
                finish_worker(worker, grace + STOP_MARGIN, since).await?;
            }
            exit_now();
        }
        Command::Worker => {
            let pool = domain::platform::db::connect(config.database_url.expose(), WORKER_CONNECTIONS).await?;
            let engine = api::open_engine(&config, AccessMode::Writer).await?;
            let files = domain::files::FileStore::from_config(&config)?;
            let (stop_tx, mut stop_rx) = watch::channel(false);
            tokio::spawn(shutdown_signal(stop_tx));
            let seller = std::sync::Arc::new(domain::billing::seller::Seller::from_env()?.0);
            let mailer = domain::platform::mail::Mailer::from_config(&config, pool.clone())?;
            let reminders = worker::billing::Reminders {
                mailer: mailer.clone(),
                pool: pool.clone(),
                seller: seller.clone(),
                public_url: config.public_url.clone(),
            };
            let _reminding = tokio::spawn(reminders.run(worker::billing::every_hour(), stop_rx.clone()));
            let unread_mail = worker::chats::UnreadMail { pool: pool.clone(), mailer: mailer.clone(), public_url: config.public_url.clone() };
            let _mailing_unread = tokio::spawn(unread_mail.run(worker::time_rules::every_minute(), stop_rx.clone()));
            let mailing = worker::Mailing {
                mailer,
                seller: (*seller).clone(),
                public_url: config.public_url.clone(),
                app_secret: config.app_secret.clone(),
                retention: config.retention,
                alert_mail_window: config.alert_mail_window,
            };
            let worker = tokio::spawn(worker::run(pool, engine, files, mailing, stop_rx.clone()));
            let _ = stop_rx.wait_for(|stop| *stop).await;
            finish_worker(worker, config.shutdown_grace + STOP_MARGIN, std::time::Instant::now()).await?;
            exit_now();
        }
        Command::Migrate => {
            domain::platform::db::ensure_database(config.database_url.expose()).await?;
            let pool = domain::platform::db::connect(config.database_url.expose(), 2).await?;
            domain::platform::db::migrate(&pool).await?;
            tracing::info!("migrations applied");
        }
        Command::Seed { scale, cvs, seed } => {
            let pool = domain::platform::db::connect(config.database_url.expose(), 2).await?;
            let files = domain::files::FileStore::from_config(&config)?;
            let report = fixtures::seed(&pool, &files).await?;
            // the demo applicant's saved searches: their mails' link tokens derive from this server's secret
            let alerts = fixtures::alerts::seed_demo(&pool, config.app_secret.expose().as_bytes(), fixtures::DEMO_ACCOUNTS[0].0).await?;
            tracing::info!(
                rows = report.register_rows,
                vacancies = report.vacancies_added,
                cvs = report.cvs_added,
                demo_vacancies = report.demo_vacancies_added,
                interviews = report.interviews_added,
                applications = report.activity.applications,
                chats = report.activity.chats,
                employer_interviews = report.activity.interviews,
                cv_access = report.activity.cv_access,
                saved_searches = alerts,
                "demo data loaded"
            );
            if let Some(count) = cvs {
                let started = std::time::Instant::now();
                let added = fixtures::cvs::generate(&pool, &files, count, seed, fixtures::cvs::PdfText::Known).await?;
                tracing::info!(cvs = added.cvs, seconds = started.elapsed().as_secs_f64(), "generated CVs loaded");
            }
            if let Some(count) = scale {
                let started = std::time::Instant::now();
                let added = fixtures::scale::generate(&pool, count, seed).await?;
                tracing::info!(companies = added.companies, vacancies = added.vacancies, seconds = started.elapsed().as_secs_f64(), "scaled data loaded");
                // their near-duplicate signatures now, as the demo's (`fixtures::seed`): left to the
                // worker's maintenance pass, they were computed while `bench http` measured
                let started = std::time::Instant::now();
                let signed = domain::signals::backfill(&mut *pool.acquire().await?).await?;
                tracing::info!(vacancies = signed, seconds = started.elapsed().as_secs_f64(), "near-duplicate signatures computed");
            }
            // a bulk load: the planner needs the tables' statistics now (autovacuum analyses them
            // later, or never where it is off, as on the CI machines); without them the
            // near-duplicate check of a publish walked every live ad (docs/moderation.md)
            sqlx::query("analyze").execute(&pool).await?;
            println!("Demo accounts (sign in with the code from the dev outbox, /api/dev/outbox?to=EMAIL):");
            for (email, role) in report.accounts {
                println!("  {email:<26} {}", role.as_str());
            }
        }
        Command::ImportRegistry { file } => {
            let pool = domain::platform::db::connect(config.database_url.expose(), 2).await?;
            let reader = std::fs::File::open(&file).with_context(|| format!("opening {}", file.display()))?;
            let rows = domain::companies::registry::parse(reader)?;
            let written = domain::companies::registry::import(&pool, &rows).await?;
            println!("imported {written} companies from {}", file.display());
        }
        Command::ImportBankStatement { file } => {
            let bytes = std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            anyhow::ensure!(
                bytes.len() <= domain::billing::bank_statements::MAX_STATEMENT_BYTES,
                "{} is larger than 5 MB, the largest statement accepted",
                file.display()
            );
            let credits = domain::billing::bank_statements::parse(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            let pool = domain::platform::db::connect(config.database_url.expose(), 2).await?;
            let report = domain::billing::bank_statements::import(&pool, &credits, None, chrono::Utc::now()).await?;
            println!(
                "{}: {} credits paid invoices, {} unmatched, {} imported before",
                file.display(),
                report.matched.len(),
                report.unmatched.len(),
                report.already_imported
            );
            for credit in &report.matched {
                println!("  paid    {:<20} {:>10} cents  invoice {}", credit.entry_reference, credit.amount_cents, credit.invoice_number);
            }
            for credit in &report.unmatched {
                println!(
                    "  unmatched {:<18} {:>10} cents  {:?}  {}  {}",
                    credit.entry_reference,
                    credit.amount_cents,
                    credit.reason,
                    credit.debtor_name.as_deref().unwrap_or("-"),
                    credit.remittance.as_deref().unwrap_or("")
                );
            }
        }
        Command::Openapi => unreachable!("handled before configuration"),
        Command::ExtractPdf => unreachable!("handled before configuration"),
        Command::Reindex { vacancies, cvs } => {
            let job = worker::RebuildJob { vacancies: vacancies || !cvs, cvs: cvs || !vacancies };
            let pool = domain::platform::db::connect(config.database_url.expose(), 4).await?;
            reindex(&config, &pool, job).await?;
        }
        Command::Backup { dir } => {
            let files = domain::files::FileStore::from_config(&config)?;
            let report = api::backup::backup(config.database_url.expose(), &files, &dir).await?;
            println!(
                "backed up into {}: the database at schema version {} ({} bytes dumped) and {} files ({} bytes) in {:.1} s",
                dir.display(),
                report.schema_version,
                report.dump_bytes,
                report.files,
                report.file_bytes,
                report.seconds
            );
        }
        Command::Restore { dir } => {
            let files = domain::files::FileStore::from_config(&config)?;
            let report = api::backup::restore(config.database_url.expose(), &files, &dir).await?;
            println!(
                "restored the backup of {} (schema version {}) and {} files in {:.1} s; rebuilding the search indexes",
                report.created_at.to_rfc3339(),
                report.schema_version,
                report.files,
                report.seconds
            );
            let pool = domain::platform::db::connect(config.database_url.expose(), 4).await?;
            reindex(&config, &pool, worker::RebuildJob { vacancies: true, cvs: true }).await?;
        }
        Command::Jobs => {
            let pool = domain::platform::db::connect(config.database_url.expose(), 2).await?;
            let failed = domain::platform::jobs::failed(&pool).await?;
            if failed.is_empty() {
                println!("no failed jobs");
            }
            for job in failed {
                println!("{}  {}  attempts {}  {}  {}", job.id, job.queue, job.attempts, job.payload, job.error.unwrap_or_default());
            }
        }
    }
    Ok(())
}
