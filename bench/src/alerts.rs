//! `bench alerts`: the matching of saved searches (issue 33 §4) with 100k and 1M saved searches.
//!
//! - **Instant**: vacancies go live at `--rate` a minute, in the batcher's 200 ms batches; each
//!   batch runs what the worker runs after its index commit, `record_live` (the match hash, the
//!   live rows, the waiting rows, the match job), and the one match worker, whenever it is free,
//!   runs what a match job runs: it claims every waiting vacancy and matches them in one run
//!   (`claim_run`, `PendingRun::finish`: the saved searches changed since the last run read into
//!   the worker's `InstantSearches`, the code groups' prefilter over its distinct queries, the
//!   engine over the run's vacancies in memory, one row a matched vacancy and the mail pass
//!   queued on the claiming transaction). A batch that
//!   comes while a run is busy waits for the next run: its first time runs from its commit to
//!   the end of the run that matched it, which is also when its mail pass is queued. Beside the
//!   runs the mail pass runs as the worker's does, a window after it is queued (`prepare_chunk`:
//!   the record and each alert's mail prepared): the second time runs from the batch's commit to
//!   its run's sets taken, i.e. its mails prepared. Then a sample of the prepared mails is sent
//!   to the dev outbox (`deliver_unsent`), for the mails sent a second. Not included: the queue's hops
//!   (apalis' notification and fetch, a few ms) and
//!   loading the documents from Postgres (the bench hands over the documents it generated).
//! - **Daily**: every saved search DAILY and due, and a day's `--daily-vacancies` new vacancies:
//!   one `match_digests` run (chunks of 50 000 saved searches, each an engine call over the
//!   day's vacancies and a transaction that writes each alert's mail), timed with the process'
//!   memory.
//!
//! Saved searches are drawn like real ones: mostly one to three filters (category, place,
//! employment type, experience, language, salary, a flag, rarely a company), a third with
//! words (occupation titles, inflected or cut short as one types).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use domain::alerts::mail;
use domain::alerts::matching::{self, Digest, InstantSearches};
use domain::platform::reference::ReferenceCache;
use domain::vacancies::filter::{SearchFilter, vacancy_query};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use search::{SearchEngine, TantivyEngine, VacancyDoc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::corpus::{self, Reference};
use crate::report::Machine;
use crate::{Latency, proc_status_mb};

pub struct Args {
    pub database_url: String,
    /// Saved-search counts to measure the instant matching at (ascending; each adds to the last).
    pub searches: Vec<usize>,
    /// Vacancies going live a minute.
    pub rate: f64,
    /// Seconds of going live per measurement.
    pub seconds: u64,
    /// New vacancies of the daily run.
    pub daily_vacancies: usize,
    /// How long a mail pass waits after it is queued (the worker's `ALERT_MAIL_WINDOW_MS`).
    pub mail_window: Duration,
    pub seed: u64,
    pub out: PathBuf,
}

#[derive(Clone, Serialize)]
pub struct InstantRun {
    pub saved_searches: usize,
    pub batches: usize,
    pub vacancies: usize,
    /// Commit of a batch to its match run committed (the matches written, their mail pass queued), ms.
    pub latency: Latency,
    /// Match runs (a run takes every batch committed while the previous one was busy).
    pub runs: usize,
    /// Mean saved searches a run considered: those whose query went to the engine (one of the
    /// run's vacancies could match it by its code groups).
    pub mean_candidates: f64,
    /// Mean distinct queries a run asked the engine (after the code groups' prefilter and equal
    /// filters merged).
    pub mean_queries: f64,
    pub pairs: usize,
    /// Mean time a run spent in the engine's matching, and writing its matches' sets, ms.
    pub mean_engine_ms: f64,
    pub mean_writing_ms: f64,
    /// The saved searches read and converted before the step, as the worker reads them when it
    /// starts (`InstantSearches::refresh`), and how long that took, ms (not within the latencies).
    pub warmed: usize,
    pub warming_ms: f64,
    pub target_p95_ms: f64,
    pub met: bool,
    /// Commit of a batch to the mails of its matches prepared: its run committed and the mail
    /// pass, running beside the match runs as the worker's does (a window after it is queued),
    /// took its sets, ms. A batch whose sets were not taken [`PASS_GRACE`] after the last run is counted
    /// at that time (a lower bound) in `mail_censored`.
    pub to_mails: Latency,
    pub mail_censored: usize,
    /// What the mail pass did during the step.
    pub passes: Passes,
}

/// What the mail pass did during an instant step.
#[derive(Clone, Serialize)]
pub struct Passes {
    /// Sets (one a matched vacancy) taken, serials recorded, mails prepared and vacancies listed.
    #[serde(flatten)]
    pub done: mail::Prepared,
    /// Sets left at the end.
    pub sets_left: usize,
    /// Time spent in the pass' transactions, and the mails prepared and pairs recorded a second of it.
    pub busy_seconds: f64,
    pub mails_per_second: f64,
    pub pairs_per_second: f64,
    /// Prepared mails sent to the dev outbox after the step (at most [`SEND_SAMPLE`]), and how
    /// many a second.
    pub sent: usize,
    pub sent_per_second: f64,
}

/// How long the mail pass may run on after the last match run before the step ends.
const PASS_GRACE: Duration = Duration::from_secs(120);
/// Prepared mails sent after a step to time the sending.
const SEND_SAMPLE: i64 = 10_000;

/// The mail pass beside the match runs: takes every set as it comes (`prepare_chunk`, the
/// worker's), and records when each set id was passed.
#[derive(Default)]
struct MailPasses {
    /// (time since the step started, highest set id taken by then), in order.
    passed: Vec<(Duration, i64)>,
    done: mail::Prepared,
    busy: Duration,
}

/// Shared with the step, which reads what was done even when it stops the passes midway. As in
/// the worker, a pass begins a window (`--mail-window-ms`, the worker's `ALERT_MAIL_WINDOW_MS`) after the first
/// set written since the last pass began, and takes every set then waiting.
async fn mail_beside(pool: PgPool, window: Duration, started: Instant, stop: Arc<AtomicBool>, shared: Arc<std::sync::Mutex<MailPasses>>) -> anyhow::Result<()> {
    let mut last_pass: Option<Instant> = None;
    loop {
        let waiting: bool = sqlx::query_scalar("select exists (select 1 from alert_match_sets)").fetch_one(&pool).await?;
        if !waiting {
            if stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            // the worker's pass is queued by the run that writes the first set; a few ms of polling stand in
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        }
        // queued now (none waits), it runs a window later, or a window after the last one began
        // if that one was queued within the window before it
        let due = Instant::now() + window;
        let due = last_pass.map_or(due, |last| due.max(last + window));
        tokio::time::sleep_until(due.into()).await;
        last_pass = Some(Instant::now());
        // the sets waiting when it begins (a run after that queues the next pass)
        let Some(through) = mail::last_waiting(&pool).await? else { continue };
        loop {
            let began = Instant::now();
            let Some(chunk) = mail::prepare_chunk(&pool, through).await? else { break };
            let mut passes = shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            passes.busy += began.elapsed();
            passes.done += chunk;
            let through = passes.done.through;
            passes.passed.push((started.elapsed(), through));
        }
    }
}

#[derive(Serialize)]
pub struct DailyRun {
    pub saved_searches: usize,
    pub vacancies: usize,
    pub seconds: f64,
    /// Of them in the engine, and writing the mails, notifications and the record of what they
    /// list (the rest: reading and converting the saved searches, the chunks' transactions).
    pub engine_seconds: f64,
    pub writing_seconds: f64,
    /// (saved search, vacancy) pairs found new, the saved searches among them, and the mails
    /// prepared (one per alert, at most 20 listed).
    pub pairs: usize,
    pub alerts: usize,
    pub mails: usize,
    /// The bench process' resident memory before the run and its peak at the end, MiB.
    pub rss_before_mb: f64,
    pub rss_peak_mb: f64,
    pub target_seconds: f64,
    pub met: bool,
}

#[derive(Serialize)]
pub struct AlertsReport {
    pub machine: Machine,
    pub command: String,
    pub rate_per_minute: f64,
    pub instant: Vec<InstantRun>,
    pub daily: Option<DailyRun>,
    pub notes: Vec<String>,
    pub met: bool,
}

/// The p95 targets of issue 33: 1 s at 100k saved searches, 5 s at 1M.
fn instant_target_ms(searches: usize) -> f64 {
    if searches <= 100_000 { 1000.0 } else { 5000.0 }
}

const DAILY_TARGET_SECONDS: f64 = 60.0;
const INSERT_CHUNK: usize = 10_000;

/// What saved searches are drawn from.
struct Draw<'a> {
    reference: &'a Reference,
    categories: Vec<String>,
    counties: Vec<String>,
    /// Occupation titles (et).
    words: Vec<String>,
    businesses: Vec<String>,
}

/// A saved search's filter drawn like real searches.
fn random_filter(rng: &mut StdRng, draw: &Draw<'_>) -> Value {
    let (reference, words, businesses) = (draw.reference, &draw.words, &draw.businesses);
    let mut filter = serde_json::Map::new();
    let groups = match rng.random_range(0..100) {
        0..5 => 0,
        5..55 => 1,
        55..85 => 2,
        _ => 3,
    };
    for _ in 0..groups {
        match rng.random_range(0..100) {
            0..35 => {
                let categories = &draw.categories;
                let mut picked = vec![categories.choose(rng).unwrap().clone()];
                if rng.random_ratio(1, 4) {
                    picked.push(categories.choose(rng).unwrap().clone());
                }
                filter.insert("categoryCode".into(), json!(picked));
            }
            35..65 => {
                // a county or a town, as people pick them
                let code = if rng.random_ratio(1, 2) { draw.counties.choose(rng).unwrap().clone() } else { reference.place(rng).code.clone() };
                filter.insert("cityCode".into(), json!([code]));
            }
            65..75 => {
                let employment = ["FULL_TIME", "PART_TIME", "TEMPORARY", "SEASONAL"].choose(rng).unwrap();
                filter.insert("typeOfEmployment".into(), json!([employment]));
            }
            75..80 => {
                let language = ["en", "ru", "fi", "de"].choose(rng).unwrap();
                filter.insert("languageCode".into(), json!([language]));
            }
            80..90 => {
                filter.insert("salaryFrom".into(), json!(rng.random_range(10..40) * 100));
                filter.insert("salaryPeriod".into(), json!("MONTH"));
            }
            90..98 => {
                let flag = ["remoteWork", "shiftWork", "forStudents", "forForeigners"].choose(rng).unwrap();
                filter.insert((*flag).into(), json!(true));
            }
            _ => {
                filter.insert("businessName".into(), json!([businesses.choose(rng).unwrap()]));
            }
        }
    }
    if groups == 0 || rng.random_ratio(1, 3) {
        let word = words.choose(rng).unwrap().to_lowercase();
        let text = match rng.random_range(0..4) {
            // as typed: an unfinished word
            0 if word.chars().count() > 5 => word.chars().take(word.chars().count() - 2).collect(),
            // an inflected form
            1 => format!("{word}t "),
            _ => format!("{word} "),
        };
        filter.insert("occupation".into(), json!(text));
    }
    Value::Object(filter)
}

/// Inserts `count` saved searches of `frequency`, confirmed, each passing the search's rules,
/// saved and last changed a day ago: the worker meets saved searches made over time, and its
/// reads of what changed (`InstantSearches`) read again what changed in the last minutes.
async fn insert_saved_searches(pool: &PgPool, draw: &Draw<'_>, reference_cache: &ReferenceCache, count: usize, frequency: &str, rng: &mut StdRng) -> anyhow::Result<()> {
    let mut left = count;
    while left > 0 {
        let n = left.min(INSERT_CHUNK);
        left -= n;
        let mut filters = Vec::with_capacity(n);
        let mut emails = Vec::with_capacity(n);
        while filters.len() < n {
            let filter = random_filter(rng, draw);
            let parsed: SearchFilter = serde_json::from_value(filter.clone())?;
            if vacancy_query(pool, reference_cache, parsed, 0, 0).await.is_err() {
                continue;
            }
            filters.push(filter);
            emails.push(format!("alert-{}@bench.test", Uuid::new_v4().simple()));
        }
        sqlx::query(
            "insert into saved_searches (email, name, filter, frequency, confirmed_at, token_hash, matched_until, created_at, updated_at)
             select e, 'Bench', f, $3, now() - interval '1 day', decode(md5(e), 'hex'), now(), now() - interval '1 day', now() - interval '1 day'
             from unnest($1::text[], $2::jsonb[]) as t (e, f)",
        )
        .bind(&emails)
        .bind(&filters)
        .bind(frequency)
        .execute(pool)
        .await?;
    }
    Ok(())
}

/// Vacancy rows for the documents' ids (the matches refer to them, the mails list them).
async fn insert_vacancy_rows(pool: &PgPool, docs: &[VacancyDoc]) -> anyhow::Result<()> {
    let company: Uuid = sqlx::query_scalar("insert into companies (registry_code, business_name) values ('90000001', 'Bench OÜ') returning id").fetch_one(pool).await?;
    for chunk in docs.chunks(INSERT_CHUNK) {
        let ids: Vec<Uuid> = chunk.iter().map(|doc| doc.card.vacancy_id).collect();
        // open (published and paid), so that the mails list them
        sqlx::query(
            "insert into vacancies (id, company_id, status, type, payment_status, publish_at)
             select id, $2, 'EXISTS', 'DEFAULT', 'PAID', now() - interval '1 hour' from unnest($1::uuid[]) as t (id)",
        )
        .bind(&ids)
        .bind(company)
        .execute(pool)
        .await?;
    }
    Ok(())
}

async fn clean(pool: &PgPool) -> anyhow::Result<()> {
    sqlx::query("truncate alert_match_record, alert_digest_record, alert_digest_runs, alert_mails, saved_searches, vacancy_live_events, alert_match_pending, alert_match_sets, saved_search_removals cascade").execute(pool).await?;
    sqlx::query("delete from dev_outbox where to_address like 'alert-%@bench.test'").execute(pool).await?;
    sqlx::query("truncate vacancies, companies cascade").execute(pool).await?;
    sqlx::query("delete from apalis.jobs where job_type = any($1)")
        .bind(vec![matching::MATCH_QUEUE, mail::QUEUE])
        .execute(pool)
        .await?;
    Ok(())
}

/// The instant matching over the saved searches now in the database, as the worker runs it: the
/// batcher commits a batch every 200 ms (`record_live`: the live rows, the waiting rows, the match
/// job), and the one match worker, whenever it is free, claims every waiting vacancy and matches
/// them in one run on the claiming transaction (`claim_run`, `PendingRun::finish`, as the
/// worker's match job). A batch's time runs from its commit to the end of the run that matched it.
async fn instant(pool: &PgPool, reference: &ReferenceCache, engine: &dyn SearchEngine, docs: &[VacancyDoc], args: &Args, searches: usize) -> anyhow::Result<InstantRun> {
    let window = Duration::from_millis(200);
    let per_batch = args.rate / 60.0 * window.as_secs_f64();
    let batch_count = (args.seconds as f64 / window.as_secs_f64()) as usize;
    // the batches: their commit times and vacancies
    let mut batches: Vec<(Duration, &[VacancyDoc])> = Vec::with_capacity(batch_count);
    let (mut taken, mut owed) = (0usize, 0.0);
    for batch in 0..batch_count {
        owed += per_batch;
        let n = (owed as usize).min(docs.len() - taken);
        owed -= n as f64;
        if n > 0 {
            batches.push((window * batch as u32, &docs[taken..taken + n]));
            taken += n;
        }
    }
    let by_id: HashMap<Uuid, &VacancyDoc> = docs[..taken].iter().map(|doc| (doc.card.vacancy_id, doc)).collect();
    // held across the runs, as the worker holds it across match jobs, and warmed as the worker
    // warms it when it starts
    let kept = InstantSearches::default();
    let warming = Instant::now();
    let warmed = kept.refresh(pool, reference).await?;
    let warming_ms = warming.elapsed().as_secs_f64() * 1000.0;
    let started = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let shared = Arc::new(std::sync::Mutex::new(MailPasses::default()));
    let passes_task = tokio::spawn(mail_beside(pool.clone(), args.mail_window, started, stop.clone(), shared.clone()));
    let mut latencies = Vec::with_capacity(batches.len());
    // per batch: its commit, its run's end and the run's highest set id
    let mut ends: Vec<(Duration, Duration, Option<i64>)> = Vec::with_capacity(batches.len());
    let (mut runs, mut candidates, mut distinct, mut pairs) = (0usize, 0usize, 0usize, 0usize);
    let (mut engine_time, mut writing) = (Duration::ZERO, Duration::ZERO);
    let mut next = 0;
    while next < batches.len() {
        // commit every batch whose time has come (while a run was busy, the batcher went on)
        let now = started.elapsed();
        if batches[next].0 > now {
            tokio::time::sleep(batches[next].0 - now).await;
        }
        let first = next;
        while next < batches.len() && batches[next].0 <= started.elapsed() {
            let mut tx = pool.begin().await?;
            matching::record_live(&mut tx, batches[next].1, &[], Utc::now()).await?;
            tx.commit().await?;
            next += 1;
        }
        // one run over every waiting vacancy, the worker's, with the documents the bench generated
        let matched = match matching::claim_run(pool).await? {
            Some(run) => {
                let live: Vec<VacancyDoc> = run.ids.iter().filter_map(|id| by_id.get(id).map(|doc| (*doc).clone())).collect();
                run.finish(matching::MatchContext { pool, reference, engine, mail_window: args.mail_window }, &kept, live, Utc::now()).await?
            }
            None => matching::Matched::default(),
        };
        let end = started.elapsed();
        for (committed, _) in &batches[first..next] {
            latencies.push((end - *committed).as_secs_f64() * 1000.0);
            ends.push((*committed, end, matched.last_set));
        }
        runs += 1;
        candidates += matched.searches;
        distinct += matched.queries;
        pairs += matched.pairs;
        engine_time += matched.engine;
        writing += matched.writing;
    }
    // the mail pass runs on until it has passed the last set, or for PASS_GRACE
    let last_set = ends.iter().filter_map(|(_, _, set)| *set).max();
    let grace = started.elapsed() + PASS_GRACE;
    while let Some(last) = last_set {
        let through = shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).done.through;
        if through >= last || passes_task.is_finished() || started.elapsed() > grace {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let cutoff = started.elapsed();
    // stop it at once if the time is up (a chunk midway rolls back): what is left is counted as left
    if last_set.is_some_and(|_| cutoff > grace) {
        passes_task.abort();
        let _ = passes_task.await;
    } else {
        passes_task.await??;
    }
    let passed_by = std::mem::take(&mut *shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
    let passed = passed_by.passed.as_slice();
    let (mut to_mail, mut censored) = (Vec::with_capacity(ends.len()), 0);
    for (committed, end, set) in &ends {
        let at = match set {
            None => Some(*end),
            Some(set) => passed.iter().find(|(_, through)| through >= set).map(|(at, _)| *at),
        };
        let at = at.unwrap_or_else(|| {
            censored += 1;
            cutoff
        });
        to_mail.push((at - *committed).as_secs_f64() * 1000.0);
    }
    let sets_left: i64 = sqlx::query_scalar("select count(*) from alert_match_sets").fetch_one(pool).await?;
    let (done, busy) = (passed_by.done, passed_by.busy);
    // sending: a sample of the prepared mails to the dev outbox, as the worker sends them
    let mailer = domain::platform::mail::Mailer::Outbox { pool: pool.clone() };
    let out = mail::AlertMailer { mailer: &mailer, public_url: "https://vakants.bench", secret: b"bench-secret-bench-secret-bench-secret" };
    let sending = Instant::now();
    let sent = mail::deliver_unsent(pool, &out, Some(SEND_SAMPLE)).await?;
    let sending = sending.elapsed();
    let passes = Passes {
        mails_per_second: done.mails as f64 / busy.as_secs_f64().max(1e-9),
        pairs_per_second: done.recorded as f64 / busy.as_secs_f64().max(1e-9),
        done,
        sets_left: sets_left as usize,
        busy_seconds: busy.as_secs_f64(),
        sent,
        sent_per_second: sent as f64 / sending.as_secs_f64().max(1e-9),
    };
    // the next step starts from an empty buffer, record and queue
    sqlx::query("truncate alert_match_sets, alert_match_record, alert_mails").execute(pool).await?;
    sqlx::query("delete from dev_outbox where to_address like 'alert-%@bench.test'").execute(pool).await?;
    sqlx::query("delete from apalis.jobs where job_type = any($1)").bind(vec![mail::QUEUE]).execute(pool).await?;
    let latency = Latency::of(latencies);
    let to_mails = Latency::of(to_mail);
    let target = instant_target_ms(searches);
    Ok(InstantRun {
        saved_searches: searches,
        batches: latency.samples,
        vacancies: taken,
        runs,
        mean_candidates: candidates as f64 / runs.max(1) as f64,
        mean_queries: distinct as f64 / runs.max(1) as f64,
        pairs,
        mean_engine_ms: engine_time.as_secs_f64() * 1000.0 / runs.max(1) as f64,
        mean_writing_ms: writing.as_secs_f64() * 1000.0 / runs.max(1) as f64,
        warmed,
        warming_ms,
        met: latency.p95_ms <= target,
        target_p95_ms: target,
        latency,
        to_mails,
        mail_censored: censored,
        passes,
    })
}

pub async fn run(args: Args, command: String) -> anyhow::Result<AlertsReport> {
    crate::prepare_database(&args.database_url).await?;
    let machine = Machine::describe();
    let pool = sqlx::postgres::PgPoolOptions::new().max_connections(4).connect(&args.database_url).await?;
    clean(&pool).await?;
    let reference = Reference::load(&pool).await?;
    let reference_cache = ReferenceCache::default();
    let now = Utc::now();
    let instant_count = (args.rate / 60.0 * args.seconds as f64).ceil() as usize + 10;
    let docs = corpus::vacancies(&reference, instant_count * args.searches.len() + args.daily_vacancies, args.seed, now);
    insert_vacancy_rows(&pool, &docs).await?;
    let draw = Draw {
        reference: &reference,
        categories: reference.categories(),
        counties: reference.counties(),
        words: reference.occupations.iter().map(|o| o.labels[0].clone()).collect(),
        businesses: docs.iter().take(500).map(|doc| doc.card.business_name.clone()).collect(),
    };
    let engine = TantivyEngine::in_memory()?;
    let mut rng = StdRng::seed_from_u64(args.seed);
    let mut notes = vec![
        "tantivy engine; one match worker, each run taking every vacancy waiting (alert_match_pending); the queue's hop (a few ms) and loading the documents from Postgres are not included".to_string(),
        "a run's transaction writes one row per matched vacancy (the serials of the saved searches that list it) and queues the mail pass (one waiting pass takes the sets of every run before it): the first table times a batch's commit to that run's commit, i.e. its mail job queued; the mail pass runs beside the runs as the worker's does, a window (--mail-window-ms, the worker's ALERT_MAIL_WINDOW_MS) after it is queued (the record and each alert's mail prepared) and the second table times a batch's commit to its run's sets taken, i.e. its mails prepared (a batch not taken 120 s after the last run counts at that time, a lower bound); after the step a sample of the prepared mails is sent to the dev outbox as the worker sends them (deliver_unsent: 64 a transaction, four transactions at a time); the daily run writes each alert's mail itself (one a run, at most 20 listed, and the record of what it lists), so its seconds include the mails prepared".to_string(),
        format!("the mail pass' window in this run: {} ms", args.mail_window.as_millis()),
    ];
    let mut instant_runs = Vec::new();
    let mut have = 0;
    let mut offset = 0;
    for &searches in &args.searches {
        eprintln!("== {searches} instant saved searches: inserting {}", searches - have);
        insert_saved_searches(&pool, &draw, &reference_cache, searches - have, "INSTANT", &mut rng).await?;
        have = searches;
        sqlx::query("analyze saved_searches").execute(&pool).await?;
        let run = instant(&pool, &reference_cache, &engine, &docs[offset..offset + instant_count], &args, searches).await?;
        offset += instant_count;
        eprintln!(
            "   {} batches, {} vacancies, {} runs: p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms (target p95 {:.0} ms); {:.0} candidates and {:.0} engine queries a run; {} pairs; engine {:.0} ms and writing {:.0} ms a run; to the mails prepared p95 {:.0} ms ({} batches not taken in time), passes {} pairs recorded and {} mails prepared in {:.1} s ({:.0} mails/s), {} sets left, {} sent ({:.0}/s)",
            run.batches,
            run.vacancies,
            run.runs,
            run.latency.p50_ms,
            run.latency.p95_ms,
            run.latency.max_ms,
            run.target_p95_ms,
            run.mean_candidates,
            run.mean_queries,
            run.pairs,
            run.mean_engine_ms,
            run.mean_writing_ms,
            run.to_mails.p95_ms,
            run.mail_censored,
            run.passes.done.recorded,
            run.passes.done.mails,
            run.passes.busy_seconds,
            run.passes.mails_per_second,
            run.passes.sets_left,
            run.passes.sent,
            run.passes.sent_per_second
        );
        instant_runs.push(run);
        // written after every step, so that a run stopped later (1M saved searches take long on 2
        // cores) keeps the figures of the steps it finished
        let partial = AlertsReport {
            machine: machine.clone(),
            command: command.clone(),
            rate_per_minute: args.rate,
            instant: instant_runs.clone(),
            daily: None,
            notes: [notes.clone(), vec![format!("partial: written after the {searches} step; the run was still going")]].concat(),
            met: false,
        };
        write_report(&args.out, &partial)?;
    }
    let daily = if args.daily_vacancies > 0 && have > 0 {
        eprintln!("== daily run: {have} saved searches, {} vacancies", args.daily_vacancies);
        let day = &docs[offset..offset + args.daily_vacancies];
        let mark = matching::digest_mark(Digest::Daily, now);
        let since = mark - TimeDelta::days(1);
        sqlx::query("update saved_searches set frequency = 'DAILY', matched_until = $1").bind(since).execute(&pool).await?;
        sqlx::query("truncate vacancy_live_events").execute(&pool).await?;
        let changed: Vec<(Uuid, DateTime<Utc>)> = day
            .iter()
            .enumerate()
            .map(|(i, doc)| (doc.card.vacancy_id, since + TimeDelta::seconds(1 + (i as i64 * 86_000 / day.len() as i64))))
            .collect();
        let (ids, times): (Vec<Uuid>, Vec<DateTime<Utc>>) = changed.iter().copied().unzip();
        sqlx::query("insert into vacancy_live_events (vacancy_id, went_live_at, match_hash, updated_at) select id, at, '\\x00', at from unnest($1::uuid[], $2::timestamptz[]) as t (id, at)")
            .bind(&ids)
            .bind(&times)
            .execute(&pool)
            .await?;
        sqlx::query("analyze saved_searches").execute(&pool).await?;
        let rss_before = proc_status_mb("self", "VmRSS").unwrap_or(0.0);
        let started = Instant::now();
        let matched = matching::match_digests(
            matching::MatchContext { pool: &pool, reference: &reference_cache, engine: &engine, mail_window: args.mail_window },
            Digest::Daily,
            day.to_vec(),
            &changed,
            mark + TimeDelta::minutes(1),
        )
        .await?;
        let seconds = started.elapsed().as_secs_f64();
        let run = DailyRun {
            saved_searches: matched.searches,
            vacancies: day.len(),
            seconds,
            engine_seconds: matched.engine.as_secs_f64(),
            writing_seconds: matched.writing.as_secs_f64(),
            pairs: matched.pairs,
            alerts: matched.alerts,
            mails: matched.mails,
            rss_before_mb: rss_before,
            rss_peak_mb: proc_status_mb("self", "VmHWM").unwrap_or(0.0),
            target_seconds: DAILY_TARGET_SECONDS,
            met: seconds <= DAILY_TARGET_SECONDS,
        };
        eprintln!(
            "   {:.1} s (engine {:.1} s, writing {:.1} s), {} pairs, {} alerts, {} mails, peak RSS {:.0} MiB",
            run.seconds, run.engine_seconds, run.writing_seconds, run.pairs, run.alerts, run.mails, run.rss_peak_mb
        );
        Some(run)
    } else {
        None
    };
    let by_count: HashMap<usize, bool> = instant_runs.iter().map(|r| (r.saved_searches, r.met)).collect();
    if by_count.values().any(|met| !met) {
        notes.push("an instant target was missed: see the figures".into());
    }
    let met = instant_runs.iter().all(|r| r.met) && daily.as_ref().is_none_or(|d| d.met);
    let report = AlertsReport { machine, command, rate_per_minute: args.rate, instant: instant_runs, daily, notes, met };
    write_report(&args.out, &report)?;
    clean(&pool).await?;
    Ok(report)
}

/// Writes `<out>/<date>-alerts.{json,md}`.
fn write_report(out: &std::path::Path, report: &AlertsReport) -> anyhow::Result<()> {
    std::fs::create_dir_all(out)?;
    let stem = format!("{}-alerts", &report.machine.date[..10]);
    std::fs::write(out.join(format!("{stem}.json")), serde_json::to_string_pretty(report)? + "\n")?;
    std::fs::write(out.join(format!("{stem}.md")), markdown(report))?;
    Ok(())
}

fn markdown(report: &AlertsReport) -> String {
    let m = &report.machine;
    let mut out = format!(
        "# Alert matching ({})\n\n{} · {} cores · {:.0} GiB · load {:.2} at start · `{}` · {}\n\n`{}`\n\n",
        &m.date[..10],
        m.cpu_model,
        m.cores,
        m.ram_gib,
        m.load_avg,
        m.git,
        m.rustc,
        report.command
    );
    out.push_str(&format!(
        "## Instant: vacancies going live at {:.0} a minute (200 ms batches)\n\nCommit of a batch to its match run committed (its matches recorded, one row a vacancy, and the mail pass queued: the issue's \"alert job queued\"):\n\n| saved searches | batches | vacancies | runs | candidates a run | engine queries a run | pairs | engine ms a run | writing ms a run | p50 ms | p95 ms | max ms | target p95 | met | read first (saved searches, s) |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
        report.rate_per_minute
    ));
    for run in &report.instant {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {:.0} | {:.0} | {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} ms | {} | {}, {:.1} |\n",
            run.saved_searches,
            run.batches,
            run.vacancies,
            run.runs,
            run.mean_candidates,
            run.mean_queries,
            run.pairs,
            run.mean_engine_ms,
            run.mean_writing_ms,
            run.latency.p50_ms, run.latency.p95_ms, run.latency.max_ms, run.target_p95_ms, if run.met { "yes" } else { "**no**" },
            run.warmed, run.warming_ms / 1000.0
        ));
    }
    out.push_str("\n### Commit to the mails prepared (the mail pass beside the runs, a window after it is queued: the record and each alert's mail)\n\n| saved searches | p50 ms | p95 ms | max ms | batches not taken in time | sets | pairs recorded | mails prepared | vacancies listed | pass s | mails/s | pairs/s | sets left | sent (sample) | sent/s |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for run in &report.instant {
        let (e, l) = (&run.passes, &run.to_mails);
        out.push_str(&format!(
            "| {} | {:.0} | {:.0} | {:.0} | {} | {} | {} | {} | {} | {:.1} | {:.0} | {:.0} | {} | {} | {:.0} |\n",
            run.saved_searches,
            l.p50_ms,
            l.p95_ms,
            l.max_ms,
            run.mail_censored,
            e.done.sets,
            e.done.recorded,
            e.done.mails,
            e.done.listed,
            e.busy_seconds,
            e.mails_per_second,
            e.pairs_per_second,
            e.sets_left,
            e.sent,
            e.sent_per_second
        ));
    }
    if let Some(daily) = &report.daily {
        out.push_str(&format!(
            "\n## Daily run\n\n| saved searches | new vacancies | seconds | engine s | writing s | pairs | alerts | mails | RSS before MiB | peak RSS MiB | target | met |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n| {} | {} | {:.1} | {:.1} | {:.1} | {} | {} | {} | {:.0} | {:.0} | {:.0} s | {} |\n",
            daily.saved_searches, daily.vacancies, daily.seconds, daily.engine_seconds, daily.writing_seconds, daily.pairs, daily.alerts, daily.mails, daily.rss_before_mb, daily.rss_peak_mb, daily.target_seconds, if daily.met { "yes" } else { "**no**" }
        ));
    }
    out.push_str("\n## Notes\n\n");
    for note in &report.notes {
        out.push_str(&format!("- {note}\n"));
    }
    out
}
