//! The `vakants` command: serve, migrate, seed, import-registry.

use std::path::PathBuf;

use anyhow::Context;
use api::{Application, BuildOptions};
use clap::{Parser, Subcommand};
use domain::config::Config;
use search::{AccessMode, TantivyEngine};
use tokio::sync::watch;
use tracing_subscriber::EnvFilter;

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
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Load the Business Register's open-data CSV (semicolon-separated "lihtandmed" file).
    ImportRegistry { file: PathBuf },
    /// Print the OpenAPI document (as served at /api/openapi.json) without connecting to anything.
    Openapi,
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

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Command::Openapi = cli.command {
        let (_, openapi) = api::api_router(true);
        println!("{}", openapi.to_pretty_json()?);
        return Ok(());
    }
    let config = Config::from_env()?;
    init_logging(&config);
    match cli.command {
        Command::Serve { no_worker } => {
            let bind = config.bind;
            let index_access = if no_worker { AccessMode::Reader } else { AccessMode::Writer };
            let options = BuildOptions { index_access, ..BuildOptions::default() };
            let state = api::build_state(config, options).await.context("connecting to postgres and redis")?;
            let (stop_tx, stop_rx) = watch::channel(false);
            let worker = (!no_worker).then(|| tokio::spawn(worker::run(state.pool.clone(), state.search.clone(), stop_rx.clone())));
            let app = Application::bind(state, bind).await.with_context(|| format!("binding {bind}"))?;
            tracing::info!(address = %bind, build = api::BUILD_VERSION, "vakants is serving on http://{bind}");
            let mut stopped = stop_rx.clone();
            tokio::spawn(shutdown_signal(stop_tx));
            app.serve(async move {
                let _ = stopped.wait_for(|stop| *stop).await;
            })
            .await?;
            if let Some(worker) = worker {
                worker.await??;
            }
        }
        Command::Worker => {
            let pool = domain::db::connect(config.database_url.expose(), 10).await?;
            let index = api::index_dir(&config);
            let engine = tokio::task::spawn_blocking(move || TantivyEngine::open(&index, AccessMode::Writer)).await??;
            let (stop_tx, stop_rx) = watch::channel(false);
            tokio::spawn(shutdown_signal(stop_tx));
            worker::run(pool, std::sync::Arc::new(engine), stop_rx).await?;
        }
        Command::Migrate => {
            domain::db::ensure_database(config.database_url.expose()).await?;
            let pool = domain::db::connect(config.database_url.expose(), 2).await?;
            domain::db::migrate(&pool).await?;
            tracing::info!("migrations applied");
        }
        Command::Seed { scale, seed } => {
            let pool = domain::db::connect(config.database_url.expose(), 2).await?;
            let report = fixtures::seed(&pool).await?;
            tracing::info!(rows = report.register_rows, vacancies = report.vacancies_added, "demo data loaded");
            if let Some(count) = scale {
                let started = std::time::Instant::now();
                let added = fixtures::scale::generate(&pool, count, seed).await?;
                tracing::info!(companies = added.companies, vacancies = added.vacancies, seconds = started.elapsed().as_secs_f64(), "scaled data loaded");
            }
            println!("Demo accounts (sign in with the code from the dev outbox, /api/dev/outbox?to=EMAIL):");
            for (email, role) in report.accounts {
                println!("  {email:<26} {}", role.as_str());
            }
        }
        Command::ImportRegistry { file } => {
            let pool = domain::db::connect(config.database_url.expose(), 2).await?;
            let reader = std::fs::File::open(&file).with_context(|| format!("opening {}", file.display()))?;
            let rows = domain::registry::parse(reader)?;
            let written = domain::registry::import(&pool, &rows).await?;
            println!("imported {written} companies from {}", file.display());
        }
        Command::Openapi => unreachable!("handled before configuration"),
    }
    Ok(())
}
