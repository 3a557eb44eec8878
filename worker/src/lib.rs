//! Background work beside the API: the index pipeline, the vacancy time rules ([`time_rules`], on
//! apalis' cron support) and periodic maintenance.
//!
//! Index jobs come from apalis' Postgres queue ([`domain::platform::jobs::INDEX_QUEUE`]), pushed on the
//! same transaction as the change they describe. Each job hands its id to one batcher, which
//! gathers ids for at most [`BATCH_WINDOW`], builds the documents from the current rows, writes
//! them, commits the index once and only then lets the jobs of that batch finish; apalis
//! acknowledges a job when it finishes. A crash before the commit leaves the jobs unacknowledged,
//! so apalis hands them out again (orphaned jobs are re-queued after missed heartbeats), and the
//! periodic reconciliation catches anything else that drifted.
//!
//! The matching of saved searches ([`alerts`]) follows the index: a batch that made vacancies go
//! live queues a match job ([`domain::alerts::matching::MATCH_QUEUE`]) on the transaction that
//! records its commit, and the daily and weekly runs go on a schedule beside the time rules. A
//! run writes one row per matched vacancy and makes sure a mail pass
//! ([`domain::alerts::mail::QUEUE`]) is queued, which records them and mails the alerts.

pub mod alerts;
pub mod alert_mail;
pub mod auto_reply_mail;
pub mod batcher;
pub mod billing;
pub mod chats;
pub mod extract;
pub mod interview_mail;
pub mod invoice_mail;
pub mod maintenance;
pub mod rebuild;
pub mod retention;
pub mod staff_invitation_mail;
pub mod thumbnail;
pub mod time_rules;

use std::sync::Arc;
use std::time::Duration;

use apalis::prelude::*;
use apalis_postgres::{Config as QueueConfig, PostgresStorage};
use domain::alerts::matching::{MATCH_QUEUE, MatchJob};
use domain::files::avatars::{MakeThumbnail, THUMBNAIL_QUEUE};
use domain::alerts::mail::{MailPass, QUEUE as ALERT_MAIL_QUEUE};
use domain::applications::auto_reply::{AUTO_REPLY_QUEUE, MailAutoReply};
use domain::billing::documents::{MAIL_QUEUE, MailInvoice};
use domain::interviews::mail::{MailInterview, QUEUE as INTERVIEW_MAIL_QUEUE};
use domain::billing::seller::Seller;
use domain::companies::invitations::{INVITATION_QUEUE, MailStaffInvitation};
use domain::files::FileStore;
use domain::platform::mail::Mailer;
use domain::platform::jobs::{EXTRACT_QUEUE, ExtractPdfText, INDEX_QUEUE, IndexJob};
use search::SearchEngine;
use sqlx::PgPool;
use tokio::sync::{mpsc, oneshot, watch};

pub use batcher::{BATCH_IDLE, BATCH_WINDOW, Batcher, MAX_BATCH};
pub use rebuild::{REBUILD_QUEUE, RebuildJob, RebuildReport, rebuild};

/// How often a worker tells the queue it is alive; after two missed beats its jobs go back to the queue.
pub const HEARTBEAT: Duration = Duration::from_secs(5);
/// How many jobs the worker takes from the queue at once.
const FETCH_BATCH: usize = 500;
/// PDF extractions at the same time (CPU-bound).
const EXTRACT_CONCURRENCY: usize = 2;
/// Attempts of the rebuild queued for an index replaced for its schema (a failure is listed by
/// `vakants jobs`).
const REPLACED_REBUILD_ATTEMPTS: usize = 3;

/// One job waiting for the commit that contains it.
pub struct Pending {
    pub job: IndexJob,
    pub done: Option<oneshot::Sender<Result<(), String>>>,
}

async fn handle_index_job(job: IndexJob, batcher: Data<mpsc::Sender<Pending>>) -> Result<(), BoxDynError> {
    let (done, committed) = oneshot::channel();
    batcher.send(Pending { job, done: Some(done) }).await.map_err(|_| "the batcher stopped")?;
    committed.await.map_err(|_| "the batcher dropped the job")??;
    Ok(())
}

/// The engine as the rebuild worker's data (a named type: apalis' handler bounds do not take a
/// trait object there).
#[derive(Clone)]
struct RebuildEngine(Engine);

async fn handle_rebuild(job: RebuildJob, pool: Data<PgPool>, engine: Data<RebuildEngine>) -> Result<(), BoxDynError> {
    let report = rebuild::rebuild(&pool, (*engine).0.as_ref(), &job).await.map_err(|e| format!("{e:#}"))?;
    tracing::info!(vacancies = report.vacancies, cvs = report.cvs, replayed = report.replayed, covered = report.covered, "index rebuilt");
    Ok(())
}

fn stop_signal(shutdown: &watch::Receiver<bool>) -> impl std::future::Future<Output = Result<(), std::io::Error>> + use<> {
    let mut stop = shutdown.clone();
    async move {
        let _ = stop.wait_for(|s| *s).await;
        Ok(())
    }
}

/// The engine the worker writes through (`SEARCH_ENGINE`: tantivy, opened as the writer, or
/// Meilisearch).
pub type Engine = Arc<dyn SearchEngine>;

/// Queues a full rebuild of the indexes that the engine found with another schema
/// and started empty (after an upgrade that changed a schema); the rebuild worker of [`run`]
/// does it. Returns the job, or `None` when no index was replaced.
pub async fn queue_rebuild_of_replaced(pool: &PgPool, engine: &dyn SearchEngine) -> anyhow::Result<Option<RebuildJob>> {
    let replaced = engine.replaced_indexes();
    if replaced.is_empty() {
        return Ok(None);
    }
    let job = RebuildJob::default().including(&replaced);
    job.queue(pool, REPLACED_REBUILD_ATTEMPTS).await?;
    tracing::info!(vacancies = job.vacancies, cvs = job.cvs, "an index had another schema and started empty: queued a full rebuild");
    Ok(Some(job))
}

/// What the worker's mails and retention need: where mail goes, the seller on the invoices, the
/// site's origin for links and the retention periods.
#[derive(Clone)]
pub struct Mailing {
    pub mailer: Mailer,
    pub seller: Seller,
    /// `PUBLIC_URL`: the origin of the links in mails.
    pub public_url: String,
    /// `APP_SECRET`: the alert mails' link tokens derive from it (`domain::alerts::saved::token_for`).
    pub app_secret: domain::platform::config::Secret,
    /// The retention periods (`RETENTION_*_DAYS`): when the maintenance pass queues retention
    /// jobs, and the day the warning mail names.
    pub retention: domain::platform::retention::Periods,
    /// How long a queued alert mail pass waits (`ALERT_MAIL_WINDOW_MS`).
    pub alert_mail_window: Duration,
}

/// Runs the index pipeline, rebuilds asked through the queue, invoice mails and maintenance until
/// `shutdown` turns true. This process must hold the index as its writer.
///
/// An index the engine found with another schema at open is rebuilt first thing: the rebuild is
/// queued here and done by the rebuild worker below, while everything else starts as usual.
pub async fn run(pool: PgPool, engine: Engine, files: FileStore, mailing: Mailing, shutdown: watch::Receiver<bool>) -> anyhow::Result<()> {
    let places = indexer::Places::load(&pool).await?;
    if let Err(error) = queue_rebuild_of_replaced(&pool, engine.as_ref()).await {
        // the replacement is reported once, so say what to do instead of failing the worker
        tracing::error!(error = %format!("{error:#}"), "could not queue the rebuild of an index replaced for its schema; run `vakants reindex`");
    }
    let (sender, receiver) = mpsc::channel::<Pending>(FETCH_BATCH * 4);
    let batcher = Batcher::new(pool.clone(), engine.clone(), places.clone());
    let matcher = alerts::Matcher {
        engine: engine.clone(),
        places,
        reference: domain::platform::reference::ReferenceCache::default(),
        searches: Arc::default(),
        mail_window: mailing.alert_mail_window,
    };
    let batching = tokio::spawn(batcher.run(receiver));
    // the instant saved searches read and converted before the first match jobs need them
    tokio::spawn({
        let (pool, matcher) = (pool.clone(), matcher.clone());
        async move {
            let started = std::time::Instant::now();
            match matcher.searches.refresh(&pool, &matcher.reference).await {
                Ok(converted) => {
                    let (searches, queries) = matcher.searches.counts().await;
                    let ms = started.elapsed().as_millis() as u64;
                    tracing::info!(converted, searches, queries, ms, "the instant saved searches are read (searches kept, distinct queries)")
                }
                Err(error) => tracing::warn!(error = %format!("{error:#}"), "could not read the instant saved searches ahead; the first match job reads them"),
            }
        }
    });
    let maintenance = tokio::spawn(maintenance::run(pool.clone(), files.clone(), sender.clone(), mailing.retention, shutdown.clone()));

    // every queue's worker under one apalis monitor, which builds a worker again when it stops on
    // an error (its queue unreachable: Postgres restarting or down) until the worker stops; the
    // pool's acquire timeout paces the attempts while Postgres is away
    let restarting = shutdown.clone();
    let monitor = Monitor::new().should_restart(move |worker, error| {
        let stopping = *restarting.borrow();
        if !stopping {
            tracing::warn!(worker = worker.name(), error = %error, restarts = worker.restarts(), "a queue worker stopped on an error; starting it again");
        }
        !stopping
    });
    let index_worker = {
        let (pool, sender) = (pool.clone(), sender.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default()
                .queue(INDEX_QUEUE)
                .batch_size(FETCH_BATCH)
                .heartbeat_interval(HEARTBEAT)
                .missed_heartbeats(2);
            let backend = PostgresStorage::<IndexJob>::new(&pool).with_config(config).with_pubsub();
            WorkerBuilder::new(format!("vakants-index-{}", uuid::Uuid::new_v4().simple())).backend(backend).data(sender.clone()).build(handle_index_job)
        }
    };
    let rebuild_worker = {
        let (pool, engine) = (pool.clone(), engine.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(REBUILD_QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-rebuild-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<RebuildJob>::new(&pool).with_config(config))
                .data(pool.clone())
                .data(RebuildEngine(engine.clone()))
                .build(handle_rebuild)
        }
    };
    let extract_worker = {
        let (pool, files) = (pool.clone(), files.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(EXTRACT_QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-extract-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<ExtractPdfText>::new(&pool).with_config(config))
                .concurrency(EXTRACT_CONCURRENCY)
                .data(pool.clone())
                .data(files.clone())
                .build(extract::handle)
        }
    };
    let invoice_mail_worker = {
        let (pool, files, mailing) = (pool.clone(), files.clone(), mailing.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(MAIL_QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-invoice-mail-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<MailInvoice>::new(&pool).with_config(config))
                .data(pool.clone())
                .data(files.clone())
                .data(mailing.mailer.clone())
                .data(mailing.seller.clone())
                .build(invoice_mail::handle)
        }
    };
    let interview_mail_worker = {
        let (pool, mailer) = (pool.clone(), mailing.mailer.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(INTERVIEW_MAIL_QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-interview-mail-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<MailInterview>::new(&pool).with_config(config))
                .data(pool.clone())
                .data(mailer.clone())
                .build(interview_mail::handle)
        }
    };
    let auto_reply_worker = {
        let (pool, mailer) = (pool.clone(), mailing.mailer.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(AUTO_REPLY_QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-auto-reply-mail-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<MailAutoReply>::new(&pool).with_config(config))
                .data(pool.clone())
                .data(mailer.clone())
                .build(auto_reply_mail::handle)
        }
    };
    let invitation_worker = {
        let (pool, mailing) = (pool.clone(), mailing.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(INVITATION_QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-staff-invitation-mail-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<MailStaffInvitation>::new(&pool).with_config(config))
                .data(pool.clone())
                .data(mailing.clone())
                .build(staff_invitation_mail::handle)
        }
    };
    let alert_mail_worker = {
        let (pool, mailing) = (pool.clone(), mailing.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(ALERT_MAIL_QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-alert-mail-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<MailPass>::new(&pool).with_config(config).with_pubsub())
                .data(pool.clone())
                .data(mailing.clone())
                .build(alert_mail::handle)
        }
    };
    let thumbnail_worker = {
        let (pool, files) = (pool.clone(), files.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(THUMBNAIL_QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-thumbnail-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<MakeThumbnail>::new(&pool).with_config(config))
                .concurrency(EXTRACT_CONCURRENCY)
                .data(pool.clone())
                .data(files.clone())
                .build(thumbnail::handle)
        }
    };
    let match_worker = {
        let (pool, matcher) = (pool.clone(), matcher.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(MATCH_QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-alerts-match-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<MatchJob>::new(&pool).with_config(config).with_pubsub())
                .data(pool.clone())
                .data(matcher.clone())
                .build(alerts::handle)
        }
    };
    let retention_worker = {
        let (pool, files, mailing) = (pool.clone(), files.clone(), mailing.clone());
        move |_restarts: usize| {
            let config = QueueConfig::default().queue(domain::retention::QUEUE).heartbeat_interval(HEARTBEAT).missed_heartbeats(2);
            WorkerBuilder::new(format!("vakants-retention-{}", uuid::Uuid::new_v4().simple()))
                .backend(PostgresStorage::<domain::retention::RetentionJob>::new(&pool).with_config(config))
                .data(pool.clone())
                .data(files.clone())
                .data(mailing.clone())
                .build(retention::handle)
        }
    };
    let monitor = monitor
        .register(index_worker)
        .register(match_worker)
        .register(rebuild_worker)
        .register(extract_worker)
        .register(invoice_mail_worker)
        .register(interview_mail_worker)
        .register(auto_reply_worker)
        .register(invitation_worker)
        .register(alert_mail_worker)
        .register(thumbnail_worker)
        .register(retention_worker);
    // the batcher ends once every sender is gone: the index worker's (held by the monitor) and
    // the maintenance's
    drop(sender);
    let clock = time_rules::run(pool.clone(), time_rules::every_minute(), || stop_signal(&shutdown));
    let digests = alerts::run_schedule(pool.clone(), matcher, mailing.clone(), || stop_signal(&shutdown));
    tracing::info!("index worker started");
    let (queues, timing, digesting) = tokio::join!(monitor.run_with_signal(stop_signal(&shutdown)), clock, digests);
    timing?;
    digesting?;
    queues.map_err(|e| anyhow::anyhow!("queue workers: {e}"))?;
    maintenance.await?;
    batching.await?;
    tracing::info!("index worker stopped");
    Ok(())
}
