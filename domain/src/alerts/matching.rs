//! How matches come to exist: which vacancies went live, and which saved searches list them.
//!
//! 1. **Went live** ([`record_live`]): after each index commit the batcher hands over the
//!    vacancies it upserted and deleted. A vacancy whose matchable part ([`match_hash`]) is new
//!    or changed gets its `vacancy_live_events` row (its `went_live_at` kept for an edit) and a
//!    [`MatchJob`], on the transaction that records what the index holds; a vacancy that left
//!    the index loses its row, so showing it again counts as going live again. A renewal, or an
//!    edit of something no search matches, changes no hash and queues nothing.
//! 2. **Instant** ([`match_instant`], the job): the worker keeps the active INSTANT saved
//!    searches in memory ([`InstantSearches`]), each one's filter turned into the search's query
//!    by the search's own function ([`vacancy_query`]) once per version of the saved search, and
//!    equal queries kept once with the saved searches that hold them; a run first reads what
//!    changed since the last. Every distinct query that one of the vacancies could match by its
//!    code groups ([`super::prefilter`]) goes to the engine, which decides
//!    ([`SearchEngine::match_vacancies`]). The run writes one row per vacancy, the serials of the
//!    saved searches that list it (`alert_match_sets`), and makes sure a mail pass is queued
//!    ([`super::mail::queue_pass`]) on the same transaction.
//! 3. **Daily and weekly** ([`match_digests`]): at the run's mark ([`digest_mark`]) every due
//!    saved search of the frequency is matched against the vacancies that went live (or changed)
//!    since its `matched_until`, in one engine call per chunk, and `matched_until` moves to the
//!    mark on the chunk's transaction. The run holds each saved search's vacancies, so it writes
//!    each alert's mail itself (one a run) and records what the mails listed
//!    (`alert_digest_record`), without sets.
//! 4. **Mail** ([`super::mail`]): the pass records the instant runs' sets (`alert_match_record`:
//!    a saved search is matched to a vacancy once ever) and prepares each alert's mail, and sends
//!    every prepared mail. A vacancy matched by thousands of saved searches costs the run one row.
//!
//! Every step is idempotent: a job or run killed midway is run again and writes the same rows,
//! and the record keeps a vacancy from being new twice for a saved search.

use std::collections::HashMap;
use std::time::Instant;

use chrono::{DateTime, Datelike, NaiveTime, TimeDelta, TimeZone, Utc, Weekday};
use chrono_tz::Europe::Tallinn;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::prefilter;
use crate::platform::error::Result;
use crate::platform::jobs;
use crate::platform::reference::ReferenceCache;
use crate::vacancies::filter::{SearchFilter, vacancy_query};
use search::{SearchEngine, VacancyDoc, VacancyQuery};

/// The queue of instant matching jobs.
pub const MATCH_QUEUE: &str = "vakants.alerts.match";

/// Vacancies that went live (or changed in what a search matches) in one index batch: match them
/// against the instant saved searches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchJob {
    pub vacancy_ids: Vec<Uuid>,
}

/// Saved searches matched in one engine call and one transaction by the daily and weekly runs.
pub const DIGEST_CHUNK: i64 = 50_000;

/// Sorted and deduplicated: the order and repetition of codes mean nothing to a search.
fn sorted(values: &[String]) -> Vec<&str> {
    let mut values: Vec<&str> = values.iter().map(String::as_str).collect();
    values.sort_unstable();
    values.dedup();
    values
}

/// A hash of what a saved search can match in a vacancy's document: its texts, codes, business
/// name, occupation, salary and flags, not its ranking (PRO level, renewal), dates or images.
/// Equal hashes: no search can tell the two versions apart (its end date aside, which a live
/// vacancy is within).
pub fn match_hash(doc: &VacancyDoc) -> Vec<u8> {
    let card = &doc.card;
    let matchable = serde_json::json!({
        "text": [&doc.text.et, &doc.text.en, &doc.text.ru],
        "occupation": [&card.occupation_code, &card.occupation_labels.et, &card.occupation_labels.en, &card.occupation_labels.ru],
        "business": &card.business_name,
        "categories": sorted(&doc.category_codes),
        "places": sorted(&doc.place_codes),
        "languages": sorted(&doc.language_codes),
        "employment": &doc.employment_type,
        "experience": &doc.work_experience,
        "salary": [card.salary_from, card.salary_to],
        "period": &card.salary_period,
        "byAgreement": card.by_agreement,
        "flags": &card.flags,
    });
    Sha256::digest(matchable.to_string().as_bytes()).to_vec()
}

/// Records which of a batch's vacancies went live or changed in what a search matches, and
/// queues their [`MatchJob`], on the caller's transaction (the one that records what the index
/// holds, after the index commit): see the module documentation. `upserts` are the documents
/// the index now holds, `deletes` the vacancies it no longer holds. Answers the ids queued.
#[tracing::instrument(skip_all, fields(upserts = upserts.len(), deletes = deletes.len()))]
pub async fn record_live(conn: &mut PgConnection, upserts: &[VacancyDoc], deletes: &[Uuid], now: DateTime<Utc>) -> Result<Vec<Uuid>> {
    if !deletes.is_empty() {
        sqlx::query("delete from vacancy_live_events where vacancy_id = any($1)").bind(deletes).execute(&mut *conn).await?;
    }
    if upserts.is_empty() {
        return Ok(Vec::new());
    }
    let mut hashes: HashMap<Uuid, Vec<u8>> = HashMap::new();
    for doc in upserts {
        hashes.insert(doc.card.vacancy_id, match_hash(doc));
    }
    let (ids, hashes): (Vec<Uuid>, Vec<Vec<u8>>) = hashes.into_iter().unzip();
    let changed: Vec<Uuid> = sqlx::query_scalar(
        "insert into vacancy_live_events as e (vacancy_id, went_live_at, match_hash, updated_at)
         select id, $3, hash, $3 from unnest($1::uuid[], $2::bytea[]) as t (id, hash)
         on conflict (vacancy_id) do update set match_hash = excluded.match_hash, updated_at = excluded.updated_at
           where e.match_hash <> excluded.match_hash
         returning vacancy_id",
    )
    .bind(&ids)
    .bind(&hashes)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    if !changed.is_empty() {
        sqlx::query("insert into alert_match_pending (vacancy_id) select unnest($1::uuid[])").bind(&changed).execute(&mut *conn).await?;
        jobs::push(&mut *conn, MATCH_QUEUE, &[MatchJob { vacancy_ids: changed.clone() }]).await?;
    }
    Ok(changed)
}

/// Vacancies one instant match run claims at most.
pub const PENDING_CHUNK: i64 = 5_000;

/// Claims the vacancies waiting for the instant matching (every one another run does not hold,
/// up to [`PENDING_CHUNK`]), on the caller's transaction: their rows are deleted when it commits
/// and come back for the next run when it does not (a run killed midway). Answers the distinct
/// ids, oldest first.
pub async fn claim_pending(conn: &mut PgConnection) -> Result<Vec<Uuid>> {
    let rows: Vec<Uuid> = sqlx::query_scalar(
        "delete from alert_match_pending where id in (
             select id from alert_match_pending order by id limit $1 for update skip locked)
         returning vacancy_id",
    )
    .bind(PENDING_CHUNK)
    .fetch_all(&mut *conn)
    .await?;
    let mut seen = std::collections::HashSet::with_capacity(rows.len());
    Ok(rows.into_iter().filter(|id| seen.insert(*id)).collect())
}

/// A saved search of a scheduled run as the matching reads it.
struct Candidate {
    id: Uuid,
    /// `saved_searches.serial`: how the sets and records name it.
    serial: i32,
    prepared: Prepared,
    matched_until: DateTime<Utc>,
    /// Its account (`None`: a visitor's), and whether it may be mailed and gets notifications
    /// ([`super::mail::Found`]).
    user: Option<Uuid>,
    mailable: bool,
    notifiable: bool,
}

/// A due saved search as a scheduled run reads it: id, serial, filter, `matched_until`, account,
/// mailable, notifiable.
type DueRow = (Uuid, i32, serde_json::Value, DateTime<Utc>, Option<Uuid>, bool, bool);

/// A saved search's query with what the matching derives from it once: the key under which equal
/// queries are run once ([`run_queries`]) and its code groups for the prefilter
/// ([`prefilter::could_match`]).
struct Prepared {
    query: VacancyQuery,
    /// The first 16 bytes of the SHA-256 of the query's JSON: a million kept queries keep 16
    /// bytes each instead of their JSON.
    key: [u8; 16],
    groups: Vec<Vec<String>>,
}

impl Prepared {
    fn new(query: VacancyQuery) -> Result<Prepared> {
        // `now` is set per run, and equal filters must give equal keys whenever converted
        let json = serde_json::to_vec(&VacancyQuery { now: DateTime::UNIX_EPOCH, ..query.clone() }).map_err(anyhow::Error::from)?;
        let mut key = [0; 16];
        key.copy_from_slice(&Sha256::digest(&json)[..16]);
        let groups = prefilter::groups_of_query(&query);
        Ok(Prepared { query, key, groups })
    }
}

/// A saved search's filter as the search's query, by the search's own function: `None` (logged)
/// when the filter cannot be read or no longer passes its rules (a code removed from its list).
async fn convert(pool: &PgPool, reference: &ReferenceCache, id: Uuid, filter: serde_json::Value) -> Result<Option<VacancyQuery>> {
    let filter: SearchFilter = match serde_json::from_value(filter) {
        Ok(filter) => filter,
        Err(error) => {
            tracing::warn!(saved_search = %id, error = %error, "a saved search's filter cannot be read; not matched");
            return Ok(None);
        }
    };
    match vacancy_query(pool, reference, filter, 0, 0).await {
        Ok(query) => Ok(Some(query)),
        Err(crate::Error::Client { message, .. }) => {
            tracing::warn!(saved_search = %id, error = %message, "a saved search's filter breaks the search's rules; not matched");
            Ok(None)
        }
        Err(error) => Err(error),
    }
}

/// The saved searches' filters as the search's queries ([`convert`]); a filter that does not
/// convert is left out.
async fn candidates(pool: &PgPool, reference: &ReferenceCache, rows: Vec<DueRow>) -> Result<Vec<Candidate>> {
    let mut candidates = Vec::with_capacity(rows.len());
    for (id, serial, filter, matched_until, user, mailable, notifiable) in rows {
        if let Some(query) = convert(pool, reference, id, filter).await? {
            candidates.push(Candidate { id, serial, prepared: Prepared::new(query)?, matched_until, user, mailable, notifiable });
        }
    }
    Ok(candidates)
}

/// How far back each read of what changed goes before the last one: a saved search changed by a
/// transaction that began before the last read and committed after it is read again by the next.
/// The API changes a saved search in one short statement.
const CHANGES_MARGIN: TimeDelta = TimeDelta::minutes(5);
/// How often [`InstantSearches`] reads every active instant saved search again (and drops what it
/// missed, if anything): its reads of what changed are exact but for a transaction longer than
/// [`CHANGES_MARGIN`].
const RELOAD_EVERY: std::time::Duration = std::time::Duration::from_secs(3600);
/// Saved searches read at a time when all are read.
const LOAD_CHUNK: i64 = 10_000;
/// How long the removals are kept for the reads of what changed (the retention pass deletes older
/// ones: [`purge_removals`]).
pub const REMOVALS_KEPT: TimeDelta = TimeDelta::days(1);

/// Deletes the rows of `saved_search_removals` older than [`REMOVALS_KEPT`] at `now`: every
/// worker's reads of what changed go back only to its last read (read at least hourly, less
/// [`CHANGES_MARGIN`]). Answers how many. Part of the retention pass
/// (`retention::purge_bulk`, the area above this one).
pub async fn purge_removals(pool: &PgPool, now: DateTime<Utc>) -> Result<u64> {
    let deleted = sqlx::query("delete from saved_search_removals where removed_at < $1").bind(now - REMOVALS_KEPT).execute(pool).await?;
    Ok(deleted.rows_affected())
}

/// The active instant saved searches (confirmed, not paused), each distinct query once with the
/// serials of the saved searches that hold it, kept in the worker's memory from one match run to
/// the next (the worker holds one).
///
/// A run does not ask Postgres which saved searches a vacancy could match: at 1M saved searches
/// that was ~750,000 rows a run, and each one's query was looked up again. It reads what changed
/// since its last read ([`InstantSearches::refresh`]): the rows whose `updated_at` moved (every
/// change of a filter, frequency, pause or confirmation moves it: the API sets it and a trigger
/// does for any other statement) and the rows deleted (`saved_search_removals`, written by a
/// trigger), from [`CHANGES_MARGIN`] before the last read. Then every distinct query that one of
/// the run's vacancies could match by its code groups ([`prefilter::VacancyTerms`]) goes to the
/// engine once, and its answer counts for every saved search holding it.
///
/// A saved search's filter is converted to the search's query when it is first read and again
/// only when its `updated_at` moved: converting checks every code against the reference lists.
/// The reference lists change only by migration, that is with a new worker. The first run (or
/// [`InstantSearches::refresh`] called at the worker's start) and one run an hour read them all
/// ([`RELOAD_EVERY`], 10,000 a read, the filters only of the ones new or changed). That read
/// (~2 s at 1M) holds nothing: the runs go on meanwhile with what is kept, and only the
/// comparison with what is kept waits for them.
pub struct InstantSearches {
    kept: tokio::sync::Mutex<Kept>,
    /// Held by the one refresh reading every saved search; another one due meanwhile reads only
    /// what changed.
    reloading: tokio::sync::Mutex<()>,
    /// How often every saved search is read again: [`RELOAD_EVERY`] but in tests.
    reload_every: std::time::Duration,
}

impl Default for InstantSearches {
    fn default() -> Self {
        InstantSearches::reading_all_every(RELOAD_EVERY)
    }
}

#[derive(Default)]
struct Kept {
    /// The database's clock when the last read of changes began; `None` before the first.
    read_at: Option<DateTime<Utc>>,
    /// When every saved search was last read.
    loaded_at: Option<Instant>,
    searches: HashMap<Uuid, KeptSearch>,
    queries: HashMap<[u8; 16], SharedQuery>,
}

struct KeptSearch {
    serial: i32,
    updated_at: DateTime<Utc>,
    /// Its query's key in [`Kept::queries`]; `None`: the filter does not convert ([`convert`]
    /// logged why), and the search is skipped until it changes.
    key: Option<[u8; 16]>,
}

/// A distinct query and the saved searches that hold it.
struct SharedQuery {
    prepared: Prepared,
    serials: Vec<i32>,
}

/// A saved search as read: id, serial, `updated_at`.
type Row = (Uuid, i32, DateTime<Utc>);

impl InstantSearches {
    /// Kept saved searches read in full again every `reload_every` (the worker's: [`RELOAD_EVERY`],
    /// the [`Default`]); a test makes every refresh a full read with zero.
    pub fn reading_all_every(reload_every: std::time::Duration) -> Self {
        InstantSearches { kept: Default::default(), reloading: Default::default(), reload_every }
    }

    /// Brings the saved searches up to date (see the type's documentation). Answers how many
    /// filters were converted. The worker calls it once when it starts, so that its first run
    /// does not convert every saved search while the vacancies going live pile up behind it.
    pub async fn refresh(&self, pool: &PgPool, reference: &ReferenceCache) -> Result<usize> {
        // before the first read of every saved search, wait for one under way (the worker's
        // start); later, a refresh that meets one under way reads only what changed
        let first = self.kept.lock().await.read_at.is_none();
        let reloading = if first { Some(self.reloading.lock().await) } else { self.reloading.try_lock().ok() };
        if reloading.is_none() || !self.kept.lock().await.reload_due(self.reload_every) {
            return self.kept.lock().await.read_changes(pool, reference).await;
        }
        let (read_at, rows) = read_all(pool).await?;
        let mut kept = self.kept.lock().await;
        let converted = kept.keep_only(pool, reference, read_at, &rows).await?;
        // what changed while every row was read (a run may have kept it already, or a row read
        // above may be older than what is kept): read again from `read_at`
        Ok(converted + kept.read_changes(pool, reference).await?)
    }

    /// How many saved searches and distinct queries are kept.
    pub async fn counts(&self) -> (usize, usize) {
        let kept = self.kept.lock().await;
        (kept.searches.len(), kept.queries.len())
    }
}

/// Every active instant saved search (10,000 a read), and the database's clock before the first read.
async fn read_all(pool: &PgPool) -> Result<(DateTime<Utc>, Vec<Row>)> {
    let read_at: DateTime<Utc> = sqlx::query_scalar("select now()").fetch_one(pool).await?;
    let (mut all, mut after) = (Vec::new(), Uuid::nil());
    loop {
        let rows: Vec<Row> = sqlx::query_as(
            "select id, serial, updated_at from saved_searches
             where frequency = 'INSTANT' and confirmed_at is not null and not paused and id > $1
             order by id limit $2",
        )
        .bind(after)
        .bind(LOAD_CHUNK)
        .fetch_all(pool)
        .await?;
        let Some(last) = rows.last() else { break };
        after = last.0;
        all.extend(rows);
    }
    Ok((read_at, all))
}

impl Kept {
    /// Whether every saved search is to be read ([`read_all`]): never yet, or not for `every`.
    fn reload_due(&self, every: std::time::Duration) -> bool {
        self.read_at.is_none() || self.loaded_at.is_none_or(|at| at.elapsed() >= every)
    }

    /// Keeps `rows` (every active instant saved search as read at `read_at`: [`read_all`]),
    /// converting the filters of the ones new or changed, and drops the kept ones not among them.
    /// The next read of changes goes back to `read_at`.
    async fn keep_only(&mut self, pool: &PgPool, reference: &ReferenceCache, read_at: DateTime<Utc>, rows: &[Row]) -> Result<usize> {
        let seen: std::collections::HashSet<Uuid> = rows.iter().map(|(id, _, _)| *id).collect();
        let gone: Vec<Uuid> = self.searches.keys().filter(|id| !seen.contains(*id)).copied().collect();
        for id in gone {
            self.remove(id);
        }
        let stale: Vec<Uuid> = rows
            .iter()
            .filter(|(id, _, updated_at)| self.searches.get(id).is_none_or(|kept| kept.updated_at != *updated_at))
            .map(|(id, _, _)| *id)
            .collect();
        let mut converted = 0;
        for chunk in stale.chunks(LOAD_CHUNK as usize) {
            // the filter read with the `updated_at` it goes with: a change since the rows were
            // read is kept at its own `updated_at`
            let read: Vec<ReadSearch> = sqlx::query_as(
                "select id, serial, filter, updated_at, frequency = 'INSTANT' and confirmed_at is not null and not paused
                 from saved_searches where id = any($1)",
            )
            .bind(chunk)
            .fetch_all(pool)
            .await?;
            converted += self.put(pool, reference, read).await?;
        }
        self.read_at = Some(read_at);
        self.loaded_at = Some(Instant::now());
        Ok(converted)
    }

    /// Reads the saved searches changed or removed since the last read (less
    /// [`CHANGES_MARGIN`]): an active instant one is kept (converted again if its `updated_at`
    /// moved), any other dropped.
    async fn read_changes(&mut self, pool: &PgPool, reference: &ReferenceCache) -> Result<usize> {
        let since = self.read_at.map_or(DateTime::UNIX_EPOCH, |at| at - CHANGES_MARGIN);
        let read_at: DateTime<Utc> = sqlx::query_scalar("select now()").fetch_one(pool).await?;
        let changed: Vec<ReadSearch> = sqlx::query_as(
            "select id, serial, filter, updated_at, frequency = 'INSTANT' and confirmed_at is not null and not paused
             from saved_searches where updated_at >= $1",
        )
        .bind(since)
        .fetch_all(pool)
        .await?;
        let removed: Vec<Uuid> =
            sqlx::query_scalar("select saved_search_id from saved_search_removals where removed_at >= $1").bind(since).fetch_all(pool).await?;
        for id in removed {
            self.remove(id);
        }
        let changed = changed
            .into_iter()
            .filter(|(id, _, _, updated_at, instant)| !instant || self.searches.get(id).is_none_or(|kept| kept.updated_at != *updated_at))
            .collect();
        let converted = self.put(pool, reference, changed).await?;
        self.read_at = Some(read_at);
        Ok(converted)
    }

    /// Keeps each of `read` that is an active instant saved search, converting its filter, and
    /// drops the others. Answers how many were converted.
    async fn put(&mut self, pool: &PgPool, reference: &ReferenceCache, read: Vec<ReadSearch>) -> Result<usize> {
        let mut converted = 0;
        for (id, serial, filter, updated_at, instant) in read {
            self.remove(id);
            if !instant {
                continue;
            }
            let prepared = match convert(pool, reference, id, filter).await? {
                Some(query) => Some(Prepared::new(query)?),
                None => None,
            };
            converted += 1;
            let key = prepared.map(|prepared| {
                let key = prepared.key;
                self.queries.entry(key).or_insert_with(|| SharedQuery { prepared, serials: Vec::new() }).serials.push(serial);
                key
            });
            self.searches.insert(id, KeptSearch { serial, updated_at, key });
        }
        Ok(converted)
    }

    fn remove(&mut self, id: Uuid) {
        let Some(KeptSearch { serial, key: Some(key), .. }) = self.searches.remove(&id) else {
            return;
        };
        if let Some(shared) = self.queries.get_mut(&key) {
            shared.serials.retain(|kept| *kept != serial);
            if shared.serials.is_empty() {
                self.queries.remove(&key);
            }
        }
    }
}

/// A saved search as read with its filter: id, serial, filter, `updated_at`, and whether it is an
/// active instant one.
type ReadSearch = (Uuid, i32, serde_json::Value, DateTime<Utc>, bool);

/// The vacancies among `docs` each of `queries` (distinct) lists at `now`, asking the engine in one
/// call, and only for the queries one of `docs` could match by their code groups
/// ([`prefilter::VacancyTerms::could_any_match`]); `None` for the others, which list nothing.
/// Answers them in the order of `queries`, and how many the engine ran.
async fn run_queries(engine: &dyn SearchEngine, docs: Vec<VacancyDoc>, queries: &[&Prepared], now: DateTime<Utc>) -> Result<(Vec<Option<Vec<Uuid>>>, usize)> {
    if docs.is_empty() {
        return Ok((vec![None; queries.len()], 0));
    }
    let mut terms = prefilter::VacancyTerms::of(&docs);
    let mut asked = Vec::new();
    let positions: Vec<Option<usize>> = queries
        .iter()
        .map(|prepared| {
            terms.could_any_match(&prepared.groups).then(|| {
                asked.push(VacancyQuery { now, ..prepared.query.clone() });
                asked.len() - 1
            })
        })
        .collect();
    let run = asked.len();
    if run == 0 {
        return Ok((vec![None; queries.len()], 0));
    }
    let mut answers = engine.match_vacancies(docs, asked).await.map_err(anyhow::Error::from)?;
    Ok((positions.into_iter().map(|position| position.map(|p| std::mem::take(&mut answers[p]))).collect(), run))
}

/// The serials of the saved searches that list each vacancy, from (serial, vacancy) pairs.
fn by_vacancy(pairs: impl Iterator<Item = (i32, Uuid)>) -> HashMap<Uuid, Vec<i32>> {
    let mut by_vacancy: HashMap<Uuid, Vec<i32>> = HashMap::new();
    for (serial, vacancy) in pairs {
        by_vacancy.entry(vacancy).or_default().push(serial);
    }
    by_vacancy
}

/// Writes a run's matches ([`by_vacancy`]), one row per vacancy with the serials of the saved
/// searches that list it, and makes sure a mail pass is queued ([`super::mail::queue_pass`]), on
/// the caller's transaction, to run `mail_window` from now. Answers the pairs written, the distinct
/// saved searches among them and the highest set id written.
async fn write_sets(
    conn: &mut PgConnection,
    by_vacancy: HashMap<Uuid, Vec<i32>>,
    now: DateTime<Utc>,
    mail_window: std::time::Duration,
) -> Result<(usize, usize, Option<i64>)> {
    if by_vacancy.is_empty() {
        return Ok((0, 0, None));
    }
    let mut alerts = std::collections::HashSet::new();
    let mut vacancies = Vec::with_capacity(by_vacancy.len());
    let mut rows = Vec::with_capacity(by_vacancy.len());
    for (vacancy, mut serials) in by_vacancy {
        serials.sort_unstable();
        serials.dedup();
        alerts.extend(serials.iter().copied());
        vacancies.push(vacancy);
        rows.push(serials);
    }
    // every row's serials one after another in one array (sent in binary), each row its bounds
    let (serials_of_all, firsts, lasts) = super::concatenated(&rows)?;
    let written = serials_of_all.len();
    let last: Option<i64> = sqlx::query_scalar(
        "with written as (
             insert into alert_match_sets (vacancy_id, matched_at, searches)
             select v, $3, $2[f:l] from unnest($1::uuid[], $4::integer[], $5::integer[]) as t (v, f, l)
             returning id)
         select max(id) from written",
    )
    .bind(&vacancies)
    .bind(&serials_of_all)
    .bind(now)
    .bind(&firsts)
    .bind(&lasts)
    .fetch_one(&mut *conn)
    .await?;
    super::mail::queue_pass(&mut *conn, mail_window).await?;
    Ok((written, alerts.len(), last))
}

/// What one matching did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Matched {
    /// Saved searches considered: for the instant matching, those whose query went to the engine
    /// (one of the vacancies could match it by its code groups); for a scheduled run, every one
    /// due.
    pub searches: usize,
    /// Distinct queries the engine ran (after the code groups' prefilter and equal filters merged).
    pub queries: usize,
    /// Saved searches whose filter was converted to a query now (the instant matching keeps the
    /// others' from an earlier job: [`InstantSearches`]).
    pub converted: usize,
    /// (saved search, vacancy) pairs found: for the instant matching, written in the sets (one
    /// row per vacancy; the mail pass leaves out the pairs matched before); for a scheduled run,
    /// new to their saved search (of which the mails list at most 20 each).
    pub pairs: usize,
    /// Distinct saved searches among them.
    pub alerts: usize,
    /// Mails prepared (by a scheduled run; the instant matching leaves them to the mail pass).
    pub mails: usize,
    /// Time spent in the engine's matching (reported by `bench alerts`).
    pub engine: std::time::Duration,
    /// Time spent writing: the sets and the mail pass (instant); the mails, notifications and record (scheduled).
    pub writing: std::time::Duration,
    /// The highest set id written (`None`: no set), which the mail pass reaches when it has
    /// prepared this matching's mails (`bench alerts` times that).
    pub last_set: Option<i64>,
}

impl std::ops::AddAssign for Matched {
    fn add_assign(&mut self, other: Matched) {
        self.searches += other.searches;
        self.queries += other.queries;
        self.converted += other.converted;
        self.pairs += other.pairs;
        self.alerts += other.alerts;
        self.mails += other.mails;
        self.engine += other.engine;
        self.writing += other.writing;
        self.last_set = self.last_set.max(other.last_set);
    }
}

/// What a matching run works with: the pool (the saved searches, the sets, the mails), the
/// reference lists (a saved search's filter is checked as the search checks it), the engine, and
/// how long a mail pass it queues waits ([`super::mail::queue_pass`]).
#[derive(Clone, Copy)]
pub struct MatchContext<'a> {
    pub pool: &'a PgPool,
    pub reference: &'a ReferenceCache,
    pub engine: &'a dyn SearchEngine,
    pub mail_window: std::time::Duration,
}

/// The instant matching of vacancies that went live: `docs` are their current documents (only
/// the ones still live); `searches` keeps the instant saved searches from one job to the next.
/// The matches' sets (and the mail pass) are written on a transaction of its own. See the
/// module documentation.
pub async fn match_instant(cx: MatchContext<'_>, searches: &InstantSearches, docs: Vec<VacancyDoc>, now: DateTime<Utc>) -> Result<Matched> {
    // a run that claimed nothing: the same matching and commit over the given documents
    PendingRun { tx: cx.pool.begin().await?, ids: Vec::new() }.finish(cx, searches, docs, now).await
}

/// One run of the instant matching over the vacancies waiting for it, begun by [`claim_run`]:
/// on its own transaction it holds the claimed vacancies ([`claim_pending`]);
/// [`PendingRun::finish`] matches their documents, writes the matches' sets (and the mail pass)
/// and commits. Dropped unfinished (a worker killed midway), the transaction rolls back and the
/// vacancies wait for the next run.
pub struct PendingRun {
    tx: sqlx::Transaction<'static, sqlx::Postgres>,
    /// The claimed vacancies: the caller loads their current documents (the worker builds them
    /// from their rows, leaving out the ones no longer live).
    pub ids: Vec<Uuid>,
}

/// Begins a [`PendingRun`] over every waiting vacancy; `None` when none waits.
pub async fn claim_run(pool: &PgPool) -> Result<Option<PendingRun>> {
    let mut tx = pool.begin().await?;
    let ids = claim_pending(&mut tx).await?;
    Ok((!ids.is_empty()).then_some(PendingRun { tx, ids }))
}

impl PendingRun {
    /// Matches `docs` (the claimed vacancies' documents) and commits; the context's pool reads
    /// the saved searches.
    pub async fn finish(mut self, cx: MatchContext<'_>, searches: &InstantSearches, docs: Vec<VacancyDoc>, now: DateTime<Utc>) -> Result<Matched> {
        let matched = match_instant_on(&mut self.tx, cx, searches, docs, now).await?;
        self.tx.commit().await?;
        Ok(matched)
    }
}

/// [`match_instant`] writing on the caller's transaction; the context's pool reads the saved
/// searches. The
/// kept saved searches are held while the run reads and matches them (runs of two match jobs take
/// turns there).
#[tracing::instrument(skip_all, fields(vacancies = docs.len()))]
async fn match_instant_on(tx: &mut PgConnection, cx: MatchContext<'_>, searches: &InstantSearches, docs: Vec<VacancyDoc>, now: DateTime<Utc>) -> Result<Matched> {
    let MatchContext { pool, reference, engine, mail_window } = cx;
    if docs.is_empty() {
        return Ok(Matched::default());
    }
    let converted = searches.refresh(pool, reference).await?;
    let kept = searches.kept.lock().await;
    let shared: Vec<&SharedQuery> = kept.queries.values().collect();
    let prepared: Vec<&Prepared> = shared.iter().map(|query| &query.prepared).collect();
    let started = Instant::now();
    let (matched, run) = run_queries(engine, docs, &prepared, now).await?;
    let engine = started.elapsed();
    let considered: usize = shared.iter().zip(&matched).filter(|(_, answer)| answer.is_some()).map(|(query, _)| query.serials.len()).sum();
    let started = Instant::now();
    let listed = by_vacancy(shared.iter().zip(&matched).flat_map(|(query, answer)| {
        answer.iter().flatten().flat_map(move |vacancy| query.serials.iter().map(move |serial| (*serial, *vacancy)))
    }));
    drop(shared);
    drop(kept);
    let (pairs, alerts, last_set) = write_sets(&mut *tx, listed, now, mail_window).await?;
    let writing = started.elapsed();
    Ok(Matched { searches: considered, queries: run, converted, pairs, alerts, mails: 0, engine, writing, last_set })
}

/// The frequencies of the scheduled runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Digest {
    Daily,
    Weekly,
}

impl Digest {
    fn frequency(self) -> &'static str {
        match self {
            Digest::Daily => "DAILY",
            Digest::Weekly => "WEEKLY",
        }
    }
}

/// When the runs happen: 07:00 in Tallinn, daily; on Mondays for the weekly one.
pub const DIGEST_TIME: NaiveTime = NaiveTime::from_hms_opt(7, 0, 0).expect("a valid time");

/// The latest run time of `digest` at or before `now`: a saved search whose `matched_until` is
/// before it is due.
pub fn digest_mark(digest: Digest, now: DateTime<Utc>) -> DateTime<Utc> {
    let local = now.with_timezone(&Tallinn);
    let mut day = local.date_naive();
    loop {
        let due_day = digest == Digest::Daily || day.weekday() == Weekday::Mon;
        if due_day {
            // 07:00 exists every day in Tallinn (the clock changes at 03:00/04:00)
            if let Some(at) = Tallinn.from_local_datetime(&day.and_time(DIGEST_TIME)).earliest() {
                let at = at.with_timezone(&Utc);
                if at <= now {
                    return at;
                }
            }
        }
        day = day.pred_opt().expect("a day before any date of this era");
    }
}

/// The vacancies the scheduled runs may list: those that went live or changed after `since` and
/// up to `until`, as (id, when); the caller loads their current documents.
pub async fn changed_between(pool: &PgPool, since: DateTime<Utc>, until: DateTime<Utc>) -> Result<Vec<(Uuid, DateTime<Utc>)>> {
    Ok(sqlx::query_as(
        "select vacancy_id, greatest(went_live_at, updated_at) from vacancy_live_events
         where greatest(went_live_at, updated_at) > $1 and greatest(went_live_at, updated_at) <= $2",
    )
    .bind(since)
    .bind(until)
    .fetch_all(pool)
    .await?)
}

/// When a saved search `s` is due for the scheduled run of frequency `$1` at mark `$2`.
const DUE_SQL: &str = "s.frequency = $1 and s.confirmed_at is not null and not s.paused and s.matched_until < $2";

/// The earliest `matched_until` among the saved searches of `digest` due at `mark`, `None`
/// when none is due. A run recorded as finished at `mark` (`alert_digest_runs`) answers `None`
/// without reading the saved searches: they have no index on `matched_until` (a run's moves of
/// it are heap-only updates), so the worker's minute tick reads them once a run. A saved search
/// that becomes due after its run finished (resumed, or made daily) is matched at the next mark.
pub async fn earliest_due(pool: &PgPool, digest: Digest, mark: DateTime<Utc>) -> Result<Option<DateTime<Utc>>> {
    let finished: bool = sqlx::query_scalar("select exists (select 1 from alert_digest_runs where digest = $1 and mark >= $2)")
        .bind(digest.frequency())
        .bind(mark)
        .fetch_one(pool)
        .await?;
    if finished {
        return Ok(None);
    }
    let earliest: Option<DateTime<Utc>> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select min(s.matched_until) from saved_searches s where {DUE_SQL}")))
        .bind(digest.frequency())
        .bind(mark)
        .fetch_one(pool)
        .await?;
    if earliest.is_none() {
        // nothing due at this mark (every saved search newer than it, say): the next minutes need
        // not read them again
        finish_run(pool, digest, mark, Finished::Known).await?;
    }
    Ok(earliest)
}

/// Whether the caller of [`finish_run`] knows that no saved search is left due.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Finished {
    /// It has just read that none is due.
    Known,
    /// It ran out of saved searches to take, some of which another run may hold.
    ToCheck,
}

/// Records the run of `digest` at `mark` finished: at once when that is [`Finished::Known`],
/// otherwise only when no saved search of it is left due (one another run holds, not committed
/// yet, still is: that run records it when it ends, and if it is killed the next minute's run
/// takes what it left).
async fn finish_run(pool: &PgPool, digest: Digest, mark: DateTime<Utc>, finished: Finished) -> Result<()> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "insert into alert_digest_runs (digest, mark)
         select $1, $2 where $3 or not exists (select 1 from saved_searches s where {DUE_SQL})
         on conflict (digest) do update set mark = greatest(alert_digest_runs.mark, excluded.mark)"
    )))
    .bind(digest.frequency())
    .bind(mark)
    .bind(finished == Finished::Known)
    .execute(pool)
    .await?;
    Ok(())
}

/// A listed vacancy of a scheduled run: its position in the mails' order, when it changed, and
/// the saved searches whose scheduled mail listed it before.
type Hit<'a> = (u32, DateTime<Utc>, Option<&'a std::collections::HashSet<i32>>);

/// One distinct query's answer in a scheduled run, shared by the saved searches that hold it.
struct Answer<'a> {
    hits: Vec<Hit<'a>>,
    /// When the first of them changed, and whether a scheduled mail listed any before: as a rule
    /// every hit is new for every holder, and nothing is filtered.
    earliest: DateTime<Utc>,
    listed_before: bool,
    /// All hits in the mails' order (else only the first [`super::mail::MAX_LISTED`]).
    sorted: bool,
}

impl<'a> Answer<'a> {
    /// `None` when it lists none of the run's vacancies. Orders only the first ones.
    fn new(mut hits: Vec<Hit<'a>>) -> Option<Self> {
        let earliest = hits.iter().map(|hit| hit.1).min()?;
        let listed_before = hits.iter().any(|hit| hit.2.is_some());
        let sorted = hits.len() <= super::mail::MAX_LISTED;
        if sorted {
            hits.sort_unstable_by_key(|hit| hit.0);
        } else {
            hits.select_nth_unstable_by_key(super::mail::MAX_LISTED - 1, |hit| hit.0);
            hits[..super::mail::MAX_LISTED].sort_unstable_by_key(|hit| hit.0);
        }
        Some(Answer { hits, earliest, listed_before, sorted })
    }

    /// What is new for the saved search `serial` last matched until `matched_until` (changed
    /// since, and not listed by its scheduled mails before): how many, and the first
    /// [`super::mail::MAX_LISTED`] positions in the mails' order.
    fn new_for(&mut self, serial: i32, matched_until: DateTime<Utc>) -> (usize, Vec<u32>) {
        if self.earliest > matched_until && !self.listed_before {
            return (self.hits.len(), self.hits.iter().take(super::mail::MAX_LISTED).map(|hit| hit.0).collect());
        }
        if !self.sorted {
            self.hits.sort_unstable_by_key(|hit| hit.0);
            self.sorted = true;
        }
        let mut fresh = self
            .hits
            .iter()
            .filter(|(_, changed_at, listed)| *changed_at > matched_until && listed.is_none_or(|serials| !serials.contains(&serial)));
        let first: Vec<u32> = fresh.by_ref().take(super::mail::MAX_LISTED).map(|hit| hit.0).collect();
        (first.len() + fresh.count(), first)
    }
}

/// The scheduled run of `digest` at `now`: every saved search due at [`digest_mark`] is matched
/// against `docs` (the current documents of the vacancies [`changed_between`] its
/// `matched_until` and the mark, loaded by the caller from `changed`, (id, when) pairs), in
/// chunks of [`DIGEST_CHUNK`], each on a transaction of its own that writes each alert's mail
/// (its new vacancies, newest first, at most [`super::mail::MAX_LISTED`] listed, and how many),
/// an account's notifications, the record of what was listed (`alert_digest_record`), queues the
/// mail pass that sends them and moves `matched_until` to the mark. A saved search gets one mail
/// a run: the run holds each one's vacancies, so nothing goes through the sets and the pass's
/// inversion (at 1M saved searches a day's run finds ~238M pairs). A vacancy a scheduled mail of
/// the search listed before (edited or shown again since) is not new for it. Saved searches
/// another run holds are skipped; a run killed midway leaves the rest due, and a second run at
/// the same mark finds nothing due.
#[tracing::instrument(skip_all, fields(digest = ?digest, vacancies = docs.len()))]
pub async fn match_digests(cx: MatchContext<'_>, digest: Digest, docs: Vec<VacancyDoc>, changed: &[(Uuid, DateTime<Utc>)], now: DateTime<Utc>) -> Result<Matched> {
    let MatchContext { pool, reference, engine, mail_window } = cx;
    let mark = digest_mark(digest, now);
    let when: HashMap<Uuid, DateTime<Utc>> = changed.iter().copied().collect();
    // the mails' order (newest first), each vacancy its position in it
    let mut order: Vec<(Option<DateTime<Utc>>, Uuid)> = docs.iter().map(|doc| (doc.card.publish_at, doc.card.vacancy_id)).collect();
    order.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let order: Vec<Uuid> = order.into_iter().map(|(_, vacancy)| vacancy).collect();
    let position: HashMap<Uuid, u32> = order.iter().enumerate().map(|(at, vacancy)| (*vacancy, at as u32)).collect();
    // what scheduled mails listed before, of these vacancies (ones edited or shown again since)
    let listed_before: Vec<(Uuid, Vec<i32>)> = sqlx::query_as("select vacancy_id, searches from alert_digest_record where vacancy_id = any($1)")
        .bind(&order)
        .fetch_all(pool)
        .await?;
    let mut before: HashMap<Uuid, std::collections::HashSet<i32>> = HashMap::new();
    for (vacancy, serials) in listed_before {
        before.entry(vacancy).or_default().extend(serials);
    }
    let mut done = Matched::default();
    // the saved searches in the order of their ids, each chunk after the last one's
    let mut after = Uuid::nil();
    loop {
        let mut tx = pool.begin().await?;
        let rows: Vec<DueRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "select s.id, s.serial, s.filter, s.matched_until, s.user_id, {}, {}
             from saved_searches s left join users u on u.id = s.user_id
             where {DUE_SQL} and s.id > $4
             order by s.id limit $3 for update of s skip locked",
            super::mail::MAILABLE_SQL,
            super::mail::NOTIFIABLE_SQL
        )))
        .bind(digest.frequency())
        .bind(mark)
        .bind(DIGEST_CHUNK)
        .bind(after)
        .fetch_all(&mut *tx)
        .await?;
        let Some(last) = rows.last() else {
            tx.rollback().await?;
            finish_run(pool, digest, mark, Finished::ToCheck).await?;
            return Ok(done);
        };
        after = last.0;
        let ids: Vec<Uuid> = rows.iter().map(|row| row.0).collect();
        let candidates = candidates(pool, reference, rows).await?;
        // each distinct query once, with the saved searches that hold it
        let mut position_of: HashMap<[u8; 16], usize> = HashMap::new();
        let mut distinct: Vec<(&Prepared, Vec<usize>)> = Vec::new();
        for (at, candidate) in candidates.iter().enumerate() {
            let position = *position_of.entry(candidate.prepared.key).or_insert_with(|| {
                distinct.push((&candidate.prepared, Vec::new()));
                distinct.len() - 1
            });
            distinct[position].1.push(at);
        }
        let prepared: Vec<&Prepared> = distinct.iter().map(|(prepared, _)| *prepared).collect();
        let started = Instant::now();
        let (matched, run) = run_queries(engine, docs.clone(), &prepared, now).await?;
        let engine_time = started.elapsed();
        let started = Instant::now();
        let (mut pairs, mut alerts) = (0, 0);
        let mut found = Vec::new();
        let mut record: HashMap<u32, Vec<i32>> = HashMap::new();
        for ((_, holders), answer) in distinct.iter().zip(matched) {
            let hits = answer.iter().flatten().filter_map(|vacancy| Some((*position.get(vacancy)?, *when.get(vacancy)?, before.get(vacancy)))).collect();
            let Some(mut answer) = Answer::new(hits) else { continue };
            for holder in holders {
                let candidate = &candidates[*holder];
                let (total, first) = answer.new_for(candidate.serial, candidate.matched_until);
                if total == 0 {
                    continue;
                }
                pairs += total;
                alerts += 1;
                if !candidate.mailable && !candidate.notifiable {
                    continue;
                }
                for at in &first {
                    record.entry(*at).or_default().push(candidate.serial);
                }
                let listed = first.into_iter().map(|at| order[at as usize]).collect();
                let Candidate { id, user, mailable, notifiable, .. } = *candidate;
                found.push(super::mail::Found { search: id, user, mailable, notifiable, total, listed });
            }
        }
        let written = super::mail::write_found(&mut tx, found, true).await?;
        let (vacancies, rows): (Vec<Uuid>, Vec<Vec<i32>>) = record.into_iter().map(|(at, serials)| (order[at as usize], serials)).unzip();
        super::record(&mut tx, super::Record::Digests, &vacancies, &vec![now; vacancies.len()], &rows).await?;
        if written.mails > 0 {
            super::mail::queue_pass(&mut tx, mail_window).await?;
        }
        sqlx::query("update saved_searches set matched_until = $2 where id = any($1)").bind(&ids).bind(mark).execute(&mut *tx).await?;
        tx.commit().await?;
        done += Matched {
            searches: candidates.len(),
            queries: run,
            converted: candidates.len(),
            pairs,
            alerts,
            mails: written.mails,
            engine: engine_time,
            writing: started.elapsed(),
            last_set: None,
        };
    }
}
