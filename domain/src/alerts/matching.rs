//! How matches come to exist: which vacancies went live, and which saved searches list them.
//!
//! 1. **Went live** ([`record_live`]): after each index commit the batcher hands over the
//!    vacancies it upserted and deleted. A vacancy whose matchable part ([`match_hash`]) is new
//!    or changed gets its `vacancy_live_events` row (its `went_live_at` kept for an edit) and a
//!    [`MatchJob`], on the transaction that records what the index holds; a vacancy that left
//!    the index loses its row, so showing it again counts as going live again. A renewal, or an
//!    edit of something no search matches, changes no hash and queues nothing.
//! 2. **Instant** ([`match_instant`], the job): the candidate INSTANT saved searches are those
//!    whose anchors the vacancies carry ([`super::anchors`]); each one's filter becomes the
//!    search's query by the search's own function ([`vacancy_query`]), once per version of the
//!    saved search ([`QueryCache`]), and the engine decides
//!    ([`SearchEngine::match_vacancies`]). The run writes one row per vacancy, the serials of the
//!    saved searches that list it (`alert_match_sets`), and an [`ExpandJob`] on the same
//!    transaction. Saved searches with the same filter are one query for the engine.
//! 3. **Daily and weekly** ([`match_digests`]): at the run's mark ([`digest_mark`]) every due
//!    saved search of the frequency is matched against the vacancies that went live (or changed)
//!    since its `matched_until`, in one engine call per chunk, and `matched_until` moves to the
//!    mark on the chunk's transaction; its matches are written as the instant run's are.
//! 4. **Expand** ([`expand_matches`], the [`ExpandJob`]): on a transaction of its own, the sets
//!    become `alert_matches` pairs, at most once ever per saved search and vacancy, the alerts
//!    that gained one ask for their mail ([`super::mail::queue_mails`]), and the sets are deleted.
//!    A vacancy matched by thousands of saved searches costs the run one row, and the pairs
//!    (tens of microseconds each in Postgres) are written off the path from going live to the
//!    match being recorded.
//!
//! Every step is idempotent: a job or run killed midway is run again and writes the same rows,
//! and the primary key of `alert_matches` keeps a pair from being listed twice.

use std::collections::{BTreeSet, HashMap};
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use chrono::{DateTime, Datelike, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Europe::Tallinn;
use lru::LruCache;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::anchors;
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

/// The queue of the jobs that turn the matching's sets into pairs and mail jobs ([`expand_matches`]).
pub const EXPAND_QUEUE: &str = "vakants.alerts.expand";

/// A match run wrote sets (`alert_match_sets`): expand them. The job expands every set waiting,
/// its own among them unless an earlier job took them; `sets` says how many its run wrote.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExpandJob {
    pub sets: usize,
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

/// A saved search as the matching reads it.
struct Candidate {
    /// `saved_searches.serial`: how the sets name it.
    serial: i32,
    prepared: Arc<Prepared>,
    matched_until: DateTime<Utc>,
}

/// A saved search's query with what the matching derives from it once: the key under which equal
/// queries are run once ([`run_queries`]) and its code groups for the prefilter
/// ([`anchors::could_match`]).
struct Prepared {
    query: VacancyQuery,
    /// The first 16 bytes of the SHA-256 of the query's JSON: a million cached queries keep 16
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
        let groups = anchors::groups_of_query(&query);
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
async fn candidates(pool: &PgPool, reference: &ReferenceCache, rows: Vec<(Uuid, i32, serde_json::Value, DateTime<Utc>)>) -> Result<Vec<Candidate>> {
    let mut candidates = Vec::with_capacity(rows.len());
    for (id, serial, filter, matched_until) in rows {
        if let Some(query) = convert(pool, reference, id, filter).await? {
            candidates.push(Candidate { serial, prepared: Arc::new(Prepared::new(query)?), matched_until });
        }
    }
    Ok(candidates)
}

/// How many instant saved searches' queries a [`QueryCache`] keeps at least; it grows to twice
/// the largest run's candidates ([`QueryCache::candidates`]).
pub const QUERY_CACHE_CAPACITY: usize = 200_000;

/// The instant saved searches' filters converted to queries, kept between match jobs (the worker
/// holds one), so that a job converts only the saved searches that are new or changed since an
/// earlier job converted them: converting checks every code against the reference lists and was
/// most of a job's time besides the engine's.
///
/// The cache grows to twice the most candidates a run has met, so that it holds every instant
/// saved search a run can meet and a run over a backlog (which meets most of them) converts
/// none again: an LRU smaller than that set is emptied by every such run (at 1M saved searches a
/// 200,000-entry cache converted ~400,000 filters a run). An entry is a few hundred bytes.
///
/// An entry is keyed by the saved search's id and used only while the row's `updated_at` is the
/// one it was converted at: every change of a saved search moves `updated_at` (the API's, and a
/// trigger for any statement that changes `filter`), so a changed search is converted again; a
/// deleted one is no longer among the job's candidates and is never looked up (it leaves as the
/// least recently used). The reference lists change only by migration, that is with a new worker
/// and an empty cache.
pub struct QueryCache {
    entries: Mutex<LruCache<Uuid, CachedQuery>>,
}

struct CachedQuery {
    updated_at: DateTime<Utc>,
    /// `None`: the filter does not convert ([`convert`] logged why); skipped until it changes.
    query: Option<Arc<Prepared>>,
}

impl Default for QueryCache {
    fn default() -> Self {
        Self::with_capacity(QUERY_CACHE_CAPACITY)
    }
}

impl QueryCache {
    pub fn with_capacity(capacity: usize) -> Self {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        Self { entries: Mutex::new(LruCache::new(capacity)) }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, LruCache<Uuid, CachedQuery>> {
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The queries of `rows` (id, serial, `updated_at`) at `now`: from the cache where its entry
    /// is of that `updated_at`, the others read and converted now (and kept). Answers the
    /// candidates and how many were converted.
    async fn candidates(&self, pool: &PgPool, reference: &ReferenceCache, rows: &[(Uuid, i32, DateTime<Utc>)], now: DateTime<Utc>) -> Result<(Vec<Candidate>, usize)> {
        let stale: Vec<Uuid> = {
            let mut entries = self.entries();
            if rows.len() * 2 > entries.cap().get() {
                entries.resize(NonZeroUsize::new(rows.len() * 2).unwrap_or(NonZeroUsize::MIN));
            }
            rows.iter().filter(|(id, _, updated_at)| entries.get(id).is_none_or(|entry| entry.updated_at != *updated_at)).map(|(id, _, _)| *id).collect()
        };
        let mut fresh = HashMap::with_capacity(stale.len());
        if !stale.is_empty() {
            // the filter and the `updated_at` it goes with, read together
            let read: Vec<(Uuid, serde_json::Value, DateTime<Utc>)> =
                sqlx::query_as("select id, filter, updated_at from saved_searches where id = any($1)").bind(&stale).fetch_all(pool).await?;
            for (id, filter, updated_at) in read {
                let query = match convert(pool, reference, id, filter).await? {
                    Some(query) => Some(Arc::new(Prepared::new(query)?)),
                    None => None,
                };
                fresh.insert(id, (updated_at, query));
            }
        }
        let converted = fresh.len();
        let mut entries = self.entries();
        let mut candidates = Vec::with_capacity(rows.len());
        for (id, serial, _) in rows {
            // a search deleted since the candidates were read has no row left: not matched
            let query = match fresh.remove(id) {
                Some((updated_at, query)) => {
                    entries.put(*id, CachedQuery { updated_at, query: query.clone() });
                    query
                }
                None => entries.get(id).and_then(|entry| entry.query.clone()),
            };
            if let Some(prepared) = query {
                candidates.push(Candidate { serial: *serial, prepared, matched_until: now });
            }
        }
        Ok((candidates, converted))
    }
}

/// The vacancies each candidate's query lists among `docs` at `now`, asking the engine once per
/// distinct query, and only for the queries one of `docs` could match by their code groups
/// ([`anchors::VacancyTerms::could_any_match`]; the others list nothing): many saved searches hold the same filter
/// (one category, one county), and the engine's cost is per query.
async fn run_queries(engine: &dyn SearchEngine, docs: Vec<VacancyDoc>, candidates: &[Candidate], now: DateTime<Utc>) -> Result<(Vec<Vec<Uuid>>, usize)> {
    if docs.is_empty() || candidates.is_empty() {
        return Ok((vec![Vec::new(); candidates.len()], 0));
    }
    let terms = anchors::VacancyTerms::of(&docs);
    let mut distinct: HashMap<[u8; 16], usize> = HashMap::new();
    let mut queries: Vec<VacancyQuery> = Vec::new();
    let mut positions = Vec::with_capacity(candidates.len());
    for candidate in candidates {
        let prepared = &candidate.prepared;
        if !terms.could_any_match(&prepared.groups) {
            positions.push(None);
            continue;
        }
        let position = *distinct.entry(prepared.key).or_insert_with(|| {
            queries.push(VacancyQuery { now, ..prepared.query.clone() });
            queries.len() - 1
        });
        positions.push(Some(position));
    }
    let run = queries.len();
    let answers = engine.match_vacancies(docs, queries).await.map_err(anyhow::Error::from)?;
    Ok((positions.into_iter().map(|position| position.map(|p| answers[p].clone()).unwrap_or_default()).collect(), run))
}

/// Each candidate with each vacancy [`run_queries`] found it lists (`matched`, in the candidates'
/// order).
fn listed(candidates: &[Candidate], matched: Vec<Vec<Uuid>>) -> impl Iterator<Item = (&Candidate, Uuid)> {
    candidates.iter().zip(matched).flat_map(|(candidate, vacancies)| vacancies.into_iter().map(move |vacancy| (candidate, vacancy)))
}

/// Writes a run's matches, one row per vacancy with the serials of the saved searches that list
/// it, and queues their [`ExpandJob`], on the caller's transaction. Answers the pairs written, the
/// distinct saved searches among them and the highest set id written.
async fn write_sets<'a>(conn: &mut PgConnection, pairs: impl Iterator<Item = (&'a Candidate, Uuid)>, now: DateTime<Utc>) -> Result<(usize, usize, Option<i64>)> {
    let mut by_vacancy: HashMap<Uuid, Vec<i32>> = HashMap::new();
    for (candidate, vacancy) in pairs {
        by_vacancy.entry(vacancy).or_default().push(candidate.serial);
    }
    if by_vacancy.is_empty() {
        return Ok((0, 0, None));
    }
    let mut alerts = std::collections::HashSet::new();
    let mut vacancies = Vec::with_capacity(by_vacancy.len());
    // every row's serials one after another in one array (sent in binary), each row its bounds
    let mut serials_of_all = Vec::new();
    let (mut firsts, mut lasts) = (Vec::with_capacity(by_vacancy.len()), Vec::with_capacity(by_vacancy.len()));
    for (vacancy, mut serials) in by_vacancy {
        serials.sort_unstable();
        serials.dedup();
        alerts.extend(serials.iter().copied());
        vacancies.push(vacancy);
        firsts.push(i32::try_from(serials_of_all.len() + 1).map_err(anyhow::Error::from)?);
        serials_of_all.extend(serials);
        lasts.push(i32::try_from(serials_of_all.len()).map_err(anyhow::Error::from)?);
    }
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
    jobs::push(&mut *conn, EXPAND_QUEUE, &[ExpandJob { sets: vacancies.len() }]).await?;
    Ok((written, alerts.len(), last))
}

/// Sets one expansion transaction takes at most, and the saved searches they name at most (beyond
/// the first set): a set may name tens of thousands, and a transaction of millions of pairs would
/// hold its sets, and the mails of all of them, for minutes.
pub const EXPAND_CHUNK: i64 = 100;
pub const EXPAND_PAIRS: i64 = 200_000;

/// What [`expand_matches`] did.
#[derive(Debug, Default, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Expanded {
    /// Sets taken (and deleted).
    pub sets: usize,
    /// (saved search, vacancy) pairs inserted: not matched before, the saved search still there.
    pub pairs: usize,
    /// Saved searches that gained a pair (their mail was asked for).
    pub alerts: usize,
    /// The highest set id taken (sets are taken in the order of their ids).
    pub through: i64,
}

impl std::ops::AddAssign for Expanded {
    fn add_assign(&mut self, other: Expanded) {
        self.sets += other.sets;
        self.pairs += other.pairs;
        self.alerts += other.alerts;
        self.through = self.through.max(other.through);
    }
}

/// Expands every waiting set (`alert_match_sets`) into the alerts' matches: in chunks of
/// [`EXPAND_CHUNK`] sets and [`EXPAND_PAIRS`] pairs, each on a transaction of its own that
/// deletes the sets (taken `for update skip locked`, so two workers share them), inserts the
/// pairs not matched before
/// (`on conflict do nothing`: at most once ever per saved search and vacancy; a saved search
/// deleted since has no serial left and gets nothing) and asks for the mails of the saved
/// searches that gained one. Killed midway, a chunk's transaction rolls back and its sets wait.
#[tracing::instrument(skip_all)]
pub async fn expand_matches(pool: &PgPool) -> Result<Expanded> {
    let mut done = Expanded::default();
    while let Some(chunk) = expand_chunk(pool).await? {
        done += chunk;
    }
    Ok(done)
}

/// One chunk of [`expand_matches`] on a transaction of its own; `None` when no set waits (or
/// every waiting one is another transaction's).
pub async fn expand_chunk(pool: &PgPool) -> Result<Option<Expanded>> {
    let mut tx = pool.begin().await?;
    let waiting: Vec<(i64, i32)> =
        sqlx::query_as("select id, cardinality(searches) from alert_match_sets order by id limit $1 for update skip locked")
            .bind(EXPAND_CHUNK)
            .fetch_all(&mut *tx)
            .await?;
    // the first set whatever its size, then as many as fit
    let mut ids = Vec::with_capacity(waiting.len());
    let mut named = 0i64;
    for (id, size) in waiting {
        if !ids.is_empty() && named + i64::from(size) > EXPAND_PAIRS {
            break;
        }
        named += i64::from(size);
        ids.push(id);
    }
    if ids.is_empty() {
        tx.rollback().await?;
        return Ok(None);
    }
    let (pairs, gained): (i64, Vec<Uuid>) = sqlx::query_as(
        "with taken as (
             delete from alert_match_sets where id = any($1)
             returning id, vacancy_id, matched_at, searches),
         inserted as (
             insert into alert_matches (saved_search_id, vacancy_id, matched_at)
             select s.id, t.vacancy_id, t.matched_at
             from taken t cross join lateral unnest(t.searches) as u (serial)
             join saved_searches s on s.serial = u.serial
             on conflict do nothing
             returning saved_search_id)
         select (select count(*) from inserted), array(select distinct saved_search_id from inserted)",
    )
    .bind(&ids)
    .fetch_one(&mut *tx)
    .await?;
    super::mail::queue_mails(&mut tx, &gained).await?;
    tx.commit().await?;
    // the ids came in ascending order and every one was locked, so all of them were taken
    let through = ids.last().copied().unwrap_or_default();
    Ok(Some(Expanded { sets: ids.len(), pairs: pairs as usize, alerts: gained.len(), through }))
}

/// What one matching did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Matched {
    /// Saved searches considered (the candidates of the anchors' prefilter).
    pub searches: usize,
    /// Distinct queries the engine ran (after the code groups' prefilter and equal filters merged).
    pub queries: usize,
    /// Saved searches whose filter was converted to a query now (the instant matching keeps the
    /// others' from an earlier job: [`QueryCache`]).
    pub converted: usize,
    /// (saved search, vacancy) pairs written now (in the sets, one row per vacancy; the
    /// expansion leaves out the pairs matched before).
    pub pairs: usize,
    /// Distinct saved searches among them.
    pub alerts: usize,
    /// Time spent in the engine's matching (reported by `bench alerts`).
    pub engine: std::time::Duration,
    /// Time spent writing the sets and queueing their expansion.
    pub writing: std::time::Duration,
    /// The highest set id written (`None`: no set), which the expansion reaches when it has
    /// recorded this matching's pairs (`bench alerts` times that).
    pub last_set: Option<i64>,
}

impl std::ops::AddAssign for Matched {
    fn add_assign(&mut self, other: Matched) {
        self.searches += other.searches;
        self.queries += other.queries;
        self.converted += other.converted;
        self.pairs += other.pairs;
        self.alerts += other.alerts;
        self.engine += other.engine;
        self.writing += other.writing;
        self.last_set = self.last_set.max(other.last_set);
    }
}

/// The instant matching of vacancies that went live: `docs` are their current documents (only
/// the ones still live); `queries` keeps the saved searches' queries from one job to the next.
/// The matches' sets and their [`ExpandJob`] are written on a transaction of its own. See the
/// module documentation.
pub async fn match_instant(
    pool: &PgPool,
    reference: &ReferenceCache,
    engine: &dyn SearchEngine,
    queries: &QueryCache,
    docs: Vec<VacancyDoc>,
    now: DateTime<Utc>,
) -> Result<Matched> {
    // a run that claimed nothing: the same matching and commit over the given documents
    PendingRun { tx: pool.begin().await?, ids: Vec::new() }.finish(pool, reference, engine, queries, docs, now).await
}

/// One run of the instant matching over the vacancies waiting for it, begun by [`claim_run`]:
/// on its own transaction it holds the claimed vacancies ([`claim_pending`]);
/// [`PendingRun::finish`] matches their documents, writes the matches' sets and their expand job
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
    /// Matches `docs` (the claimed vacancies' documents) and commits; `pool` reads the saved searches.
    pub async fn finish(
        mut self,
        pool: &PgPool,
        reference: &ReferenceCache,
        engine: &dyn SearchEngine,
        queries: &QueryCache,
        docs: Vec<VacancyDoc>,
        now: DateTime<Utc>,
    ) -> Result<Matched> {
        let matched = match_instant_on(&mut self.tx, pool, reference, engine, queries, docs, now).await?;
        self.tx.commit().await?;
        Ok(matched)
    }
}

/// [`match_instant`] writing on the caller's transaction; `pool` reads the saved searches.
#[tracing::instrument(skip_all, fields(vacancies = docs.len()))]
async fn match_instant_on(
    tx: &mut PgConnection,
    pool: &PgPool,
    reference: &ReferenceCache,
    engine: &dyn SearchEngine,
    queries: &QueryCache,
    docs: Vec<VacancyDoc>,
    now: DateTime<Utc>,
) -> Result<Matched> {
    if docs.is_empty() {
        return Ok(Matched::default());
    }
    let terms: BTreeSet<String> = docs.iter().flat_map(anchors::of_vacancy).collect();
    let terms: Vec<String> = terms.into_iter().collect();
    let rows: Vec<(Uuid, i32, DateTime<Utc>)> = sqlx::query_as(
        "select id, serial, updated_at from saved_searches
         where frequency = 'INSTANT' and confirmed_at is not null and not paused and anchors && $1",
    )
    .bind(&terms)
    .fetch_all(pool)
    .await?;
    let (candidates, converted) = queries.candidates(pool, reference, &rows, now).await?;
    let started = Instant::now();
    let (matched, run) = run_queries(engine, docs, &candidates, now).await?;
    let engine = started.elapsed();
    let started = Instant::now();
    let (pairs, alerts, last_set) = write_sets(&mut *tx, listed(&candidates, matched), now).await?;
    let writing = started.elapsed();
    Ok(Matched { searches: candidates.len(), queries: run, converted, pairs, alerts, engine, writing, last_set })
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

/// The earliest `matched_until` among the saved searches of `digest` due at `mark`, `None`
/// when none is due.
pub async fn earliest_due(pool: &PgPool, digest: Digest, mark: DateTime<Utc>) -> Result<Option<DateTime<Utc>>> {
    Ok(sqlx::query_scalar(
        "select min(matched_until) from saved_searches
         where frequency = $1 and confirmed_at is not null and not paused and matched_until < $2",
    )
    .bind(digest.frequency())
    .bind(mark)
    .fetch_one(pool)
    .await?)
}

/// The scheduled run of `digest` at `now`: every saved search due at [`digest_mark`] is matched
/// against `docs` (the current documents of the vacancies [`changed_between`] its
/// `matched_until` and the mark, loaded by the caller from `changed`, (id, when) pairs), in
/// chunks of [`DIGEST_CHUNK`], each on a transaction of its own that writes the matches' sets and
/// their [`ExpandJob`] and moves `matched_until` to the mark. Saved searches another run holds are
/// skipped; a run killed midway leaves the rest due, and a second run at the same mark finds
/// nothing due.
#[tracing::instrument(skip_all, fields(digest = ?digest, vacancies = docs.len()))]
pub async fn match_digests(
    pool: &PgPool,
    reference: &ReferenceCache,
    engine: &dyn SearchEngine,
    digest: Digest,
    docs: Vec<VacancyDoc>,
    changed: &[(Uuid, DateTime<Utc>)],
    now: DateTime<Utc>,
) -> Result<Matched> {
    let mark = digest_mark(digest, now);
    let when: HashMap<Uuid, DateTime<Utc>> = changed.iter().copied().collect();
    let mut done = Matched::default();
    loop {
        let mut tx = pool.begin().await?;
        let rows: Vec<(Uuid, i32, serde_json::Value, DateTime<Utc>)> = sqlx::query_as(
            "select id, serial, filter, matched_until from saved_searches
             where frequency = $1 and confirmed_at is not null and not paused and matched_until < $2
             order by id limit $3 for update skip locked",
        )
        .bind(digest.frequency())
        .bind(mark)
        .bind(DIGEST_CHUNK)
        .fetch_all(&mut *tx)
        .await?;
        if rows.is_empty() {
            return Ok(done);
        }
        let ids: Vec<Uuid> = rows.iter().map(|(id, _, _, _)| *id).collect();
        let candidates = candidates(pool, reference, rows).await?;
        let started = Instant::now();
        let (matched, run) = run_queries(engine, docs.clone(), &candidates, now).await?;
        let engine_time = started.elapsed();
        let new = listed(&candidates, matched)
            // only what changed after this search was last matched
            .filter(|(candidate, vacancy)| when.get(vacancy).is_some_and(|at| *at > candidate.matched_until));
        let started = Instant::now();
        let (pairs, alerts, last_set) = write_sets(&mut tx, new, now).await?;
        sqlx::query("update saved_searches set matched_until = $2 where id = any($1)").bind(&ids).bind(mark).execute(&mut *tx).await?;
        tx.commit().await?;
        done += Matched {
            searches: candidates.len(),
            queries: run,
            converted: candidates.len(),
            pairs,
            alerts,
            engine: engine_time,
            writing: started.elapsed(),
            last_set,
        };
    }
}
