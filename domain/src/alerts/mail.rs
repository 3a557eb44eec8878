//! The alert mail (issue 33 §1; docs/alerts.md "The mail"): the vacancies an alert matched that it
//! had not matched before, in the owner's language, at most [`MAX_LISTED`] listed.
//!
//! The matching writes its answers as sets (`alert_match_sets`: a vacancy and the serials of the
//! saved searches that list it) and, on the same transaction, makes sure a [`MailPass`] is queued
//! ([`queue_pass`]). The pass ([`mail_matches`]) takes every waiting set and, on one transaction
//! ([`prepare_chunk`]; more only beyond [`PASS_SERIALS`]):
//! - records each vacancy's serials not recorded for it before (`alert_match_record`, the record
//!   of what matched, indexed by serial): a vacancy matched again after an edit is new only for
//!   the saved searches that had not listed it;
//! - inverts the sets to saved search → new vacancies, keeps those open now, and for each search
//!   that may be mailed writes its mail (`alert_mails`: the listed vacancies, newest first, and
//!   how many it covers), and for an account's search its ALERT_MATCH notifications (the listed).
//!
//! Then the prepared mails are sent ([`deliver_unsent`]), up to [`MAILS_PER_TRANSACTION`] on one
//! transaction that locks their rows, reads their recipients and their vacancies in one query each,
//! sends them and sets `sent_at` in one statement (a transaction a mail, a commit and five round
//! trips each, sent ~350 a second). With the dev outbox the outbox rows are written on that
//! transaction, so each mail exists exactly once; with SMTP the mails the relay accepted are marked
//! and a refused one waits for the next pass, and a kill after the relay accepted some of a
//! transaction's mails and before its commit sends those again on the retry (the one residual
//! window). A mail left unsent by a kill is sent by the next pass.
//!
//! Nothing is mailed for a paused or unconfirmed search, an account deleted or off the mailing list
//! (`users.newsletter_opt_in`, the existing opt-out), or a vacancy no longer open when the mail goes.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::saved::{self, Frequency};
use crate::platform::error::Result;
use crate::platform::jobs;
use crate::platform::locale::Locale;
use crate::platform::mail::{Mail, MailHeader, Mailer};
use crate::vacancies::ACTIVE_SQL;

/// The queue of the mail passes.
pub const QUEUE: &str = "vakants.alerts.mail";
/// The most vacancies one mail lists; beyond them it links to the whole search.
pub const MAX_LISTED: usize = 20;
/// Sets one pass transaction takes at most, and the serials they hold at most (beyond the first).
/// A pass is one transaction as long as what waits fits (an alert gets one mail a pass): a
/// window's sets at 1,000 vacancies a minute and 1M saved searches hold ~16M serials, ~64 MB of
/// positions when inverted.
pub const PASS_SETS: i64 = 20_000;
pub const PASS_SERIALS: i64 = 20_000_000;

/// Take every waiting set, record it and prepare and send the mails. It carries nothing: the pass
/// takes what waits when it begins (a job queued by an earlier version with a count of sets reads
/// as this one).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MailPass {}

/// Makes sure a [`MailPass`] waits in the queue, to run `window` from now
/// ([`crate::platform::config::Config::alert_mail_window`]: the matches of that time go out
/// together, so an instant alert gets at most one mail a window however many of its vacancies go
/// live meanwhile, and its mail still comes within a minute), on the caller's transaction (the one
/// that writes the sets or mails, so nothing waits without a pass): none is queued when one is
/// waiting already (it will take these too). Two transactions that both see none queue two; the
/// second finds less or nothing.
pub async fn queue_pass(conn: &mut PgConnection, window: Duration) -> Result<()> {
    if jobs::waiting(conn, QUEUE).await? {
        return Ok(());
    }
    jobs::push_after(conn, QUEUE, &[MailPass {}], window).await
}

/// How long an alert mail's row (what it listed and how many it covered) is kept after it was
/// made: "new since you looked" counts a scheduled mail's unlisted vacancies from it, and nobody
/// comes back to that count after months.
pub const MAILS_KEPT: TimeDelta = TimeDelta::days(90);
/// How long the record of what the alerts matched (instant) and listed (scheduled) is kept for a
/// vacancy after it ended (`valid_until`): a vacancy opened again later than that is new again.
pub const RECORD_KEPT_AFTER_END: TimeDelta = TimeDelta::days(180);

/// What [`purge`] deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PurgedMails {
    pub mails: u64,
    /// Rows of the records (`alert_match_record`, `alert_digest_record`).
    pub records: u64,
}

/// Deletes, as of `now`, the alert mails made more than [`MAILS_KEPT`] ago (sent, or never to be
/// sent) and the records of vacancies ended more than [`RECORD_KEPT_AFTER_END`] ago. Part of the
/// retention pass (`retention::purge_bulk`, the area above this one). The records are looked for
/// only among the vacancies that ended since the end the last pass purged up to
/// (`alert_record_purges`): a vacancy ended before that had its records deleted then, and can get
/// none since (it matches no alert until it is opened again, which moves its end to the future).
#[tracing::instrument(skip_all)]
pub async fn purge(pool: &PgPool, now: DateTime<Utc>) -> Result<PurgedMails> {
    let mails = sqlx::query("delete from alert_mails where created_at < $1").bind(now - MAILS_KEPT).execute(pool).await?.rows_affected();
    let ended_before = now - RECORD_KEPT_AFTER_END;
    let mut tx = pool.begin().await?;
    // locked: two passes at once purge one after the other
    let purged_up_to: Option<DateTime<Utc>> =
        sqlx::query_scalar("select ended_before from alert_record_purges for update").fetch_optional(&mut *tx).await?;
    let mut records = 0;
    if purged_up_to.is_none_or(|done| done < ended_before) {
        for table in ["alert_match_record", "alert_digest_record"] {
            records += sqlx::query(sqlx::AssertSqlSafe(format!(
                "delete from {table} where vacancy_id in
                   (select id from vacancies where valid_until < $1 and ($2::timestamptz is null or valid_until >= $2))"
            )))
            .bind(ended_before)
            .bind(purged_up_to)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        }
        sqlx::query(
            "insert into alert_record_purges (ended_before) values ($1)
             on conflict (only_row) do update set ended_before = excluded.ended_before",
        )
        .bind(ended_before)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(PurgedMails { mails, records })
}

/// Where the alert mails go and what their links need.
pub struct AlertMailer<'a> {
    pub mailer: &'a Mailer,
    /// `PUBLIC_URL`: the origin of the links.
    pub public_url: &'a str,
    /// `APP_SECRET`: the links' tokens derive from it.
    pub secret: &'a [u8],
}

/// When a search may be mailed: confirmed, not paused, and its account (if any) neither deleted nor
/// off the mailing list. `s` is the search, `u` its account (left joined).
pub(super) const MAILABLE_SQL: &str = "(s.confirmed_at is not null and not s.paused
    and (s.user_id is null or (u.id is not null and u.deleted_at is null and u.newsletter_opt_in)))";
/// When an account's search gets its matches in the notification centre: as mailable, whether or
/// not the account is on the mailing list.
pub(super) const NOTIFIABLE_SQL: &str = "(s.confirmed_at is not null and not s.paused and s.user_id is not null and u.id is not null and u.deleted_at is null)";

/// What a pass did.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize)]
pub struct Prepared {
    /// Sets taken (and deleted from the buffer).
    pub sets: usize,
    /// Serials recorded: (saved search, vacancy) pairs not matched before.
    pub recorded: usize,
    /// Mails prepared.
    pub mails: usize,
    /// Vacancies the mails list (at most [`MAX_LISTED`] each).
    pub listed: usize,
    /// ALERT_MATCH notifications written.
    pub notified: usize,
    /// Mails sent.
    pub sent: usize,
    /// The highest set id taken (sets are taken in the order of their ids).
    pub through: i64,
}

impl std::ops::AddAssign for Prepared {
    fn add_assign(&mut self, other: Prepared) {
        self.sets += other.sets;
        self.recorded += other.recorded;
        self.mails += other.mails;
        self.listed += other.listed;
        self.notified += other.notified;
        self.sent += other.sent;
        self.through = self.through.max(other.through);
    }
}

/// Runs a [`MailPass`]: mails a killed pass left unsent, then every set waiting when it began
/// (a set written since queued the next pass, a window later: an alert gets one mail a pass),
/// chunk by chunk, each chunk's mails sent once it is prepared.
#[tracing::instrument(skip_all)]
pub async fn mail_matches(pool: &PgPool, out: &AlertMailer<'_>) -> Result<Prepared> {
    let mut done = Prepared { sent: deliver_unsent(pool, out, None).await?, ..Prepared::default() };
    let Some(through) = last_waiting(pool).await? else { return Ok(done) };
    while let Some(chunk) = prepare_chunk(pool, through).await? {
        done += chunk;
        done.sent += deliver_unsent(pool, out, None).await?;
    }
    Ok(done)
}

/// The highest id among the waiting sets, `None` when none waits: where a pass beginning now ends.
pub async fn last_waiting(pool: &PgPool) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar("select max(id) from alert_match_sets").fetch_one(pool).await?)
}

/// Records and prepares every waiting set without sending (the tests read what was prepared).
pub async fn prepare_all(pool: &PgPool) -> Result<Prepared> {
    let mut done = Prepared::default();
    while let Some(chunk) = prepare_chunk(pool, i64::MAX).await? {
        done += chunk;
    }
    Ok(done)
}

/// One chunk of a pass on a transaction of its own (see the module documentation), of the sets up
/// to id `through`; `None` when none waits (or every waiting one is another transaction's).
/// Killed midway, the transaction rolls back and the sets wait for the next pass.
pub async fn prepare_chunk(pool: &PgPool, through: i64) -> Result<Option<Prepared>> {
    let mut tx = pool.begin().await?;
    let waiting: Vec<(i64, i32)> =
        sqlx::query_as("select id, cardinality(searches) from alert_match_sets where id <= $2 order by id limit $1 for update skip locked")
            .bind(PASS_SETS)
            .bind(through)
            .fetch_all(&mut *tx)
            .await?;
    // the first set whatever its size, then as many as fit
    let mut ids = Vec::with_capacity(waiting.len());
    let mut named = 0i64;
    for (id, size) in waiting {
        if !ids.is_empty() && named + i64::from(size) > PASS_SERIALS {
            break;
        }
        named += i64::from(size);
        ids.push(id);
    }
    if ids.is_empty() {
        tx.rollback().await?;
        return Ok(None);
    }
    let mut taken: Vec<(i64, Uuid, DateTime<Utc>, Vec<i32>)> =
        sqlx::query_as("delete from alert_match_sets where id = any($1) returning id, vacancy_id, matched_at, searches")
            .bind(&ids)
            .fetch_all(&mut *tx)
            .await?;
    taken.sort_unstable_by_key(|(id, ..)| *id);
    let mut vacancies: Vec<Uuid> = taken.iter().map(|(_, vacancy, ..)| *vacancy).collect();
    vacancies.sort_unstable();
    vacancies.dedup();

    // what is new: the serials not recorded for the vacancy before (an earlier pass, or an earlier
    // set of this one)
    let before: Vec<(Uuid, Vec<i32>)> = sqlx::query_as("select vacancy_id, searches from alert_match_record where vacancy_id = any($1)")
        .bind(&vacancies)
        .fetch_all(&mut *tx)
        .await?;
    let mut recorded: HashMap<Uuid, HashSet<i32>> = HashMap::new();
    for (vacancy, serials) in before {
        recorded.entry(vacancy).or_default().extend(serials);
    }
    let mut again: HashSet<Uuid> = HashSet::new();
    let mut seen: HashSet<Uuid> = HashSet::new();
    for (_, vacancy, ..) in &taken {
        if !seen.insert(*vacancy) {
            again.insert(*vacancy);
        }
    }
    let (mut record_vacancies, mut record_times, mut rows) = (Vec::with_capacity(taken.len()), Vec::with_capacity(taken.len()), Vec::with_capacity(taken.len()));
    for (_, vacancy, matched_at, serials) in taken {
        let fresh: Vec<i32> = match recorded.get_mut(&vacancy) {
            Some(known) => serials.into_iter().filter(|serial| known.insert(*serial)).collect(),
            None => {
                if again.contains(&vacancy) {
                    recorded.insert(vacancy, serials.iter().copied().collect());
                }
                serials
            }
        };
        if !fresh.is_empty() {
            record_vacancies.push(vacancy);
            record_times.push(matched_at);
            rows.push(fresh);
        }
    }
    let recorded_count: usize = rows.iter().map(Vec::len).sum();
    super::record(&mut tx, super::Record::Matches, &record_vacancies, &record_times, &rows).await?;
    // the vacancies that may be listed (open now), in the mails' order (newest first), each
    // inverted to its position in that order
    let open: Vec<Uuid> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select v.id from vacancies v join companies c on c.id = v.company_id where v.id = any($1) and {ACTIVE_SQL}
         order by v.publish_at desc nulls last, v.id"
    )))
    .bind(&vacancies)
    .fetch_all(&mut *tx)
    .await?;
    let position: HashMap<Uuid, u32> = open.iter().enumerate().map(|(at, vacancy)| (*vacancy, at as u32)).collect();
    let mut by_search: HashMap<i32, Vec<u32>> = HashMap::new();
    for (vacancy, serials) in record_vacancies.iter().zip(&rows) {
        if let Some(at) = position.get(vacancy) {
            for serial in serials {
                by_search.entry(*serial).or_default().push(*at);
            }
        }
    }
    drop(rows);
    let serials: Vec<i32> = by_search.keys().copied().collect();
    let searches: Vec<(i32, Uuid, Option<Uuid>, bool, bool)> = if serials.is_empty() {
        Vec::new()
    } else {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "select s.serial, s.id, s.user_id, {MAILABLE_SQL}, {NOTIFIABLE_SQL}
             from saved_searches s left join users u on u.id = s.user_id where s.serial = any($1)"
        )))
        .bind(&serials)
        .fetch_all(&mut *tx)
        .await?
    };
    let mut found = Vec::with_capacity(searches.len());
    for (serial, search, user, mailable, notifiable) in searches {
        let Some(mut positions) = by_search.remove(&serial) else { continue };
        positions.sort_unstable();
        positions.dedup();
        let total = positions.len();
        let listed = positions.into_iter().take(MAX_LISTED).map(|at| open[at as usize]).collect();
        found.push(Found { search, user, mailable, notifiable, total, listed });
    }
    let written = write_found(&mut tx, found, false).await?;
    tx.commit().await?;
    // the ids came in ascending order and every one was locked, so all of them were taken
    let taken_through = ids.last().copied().unwrap_or_default();
    Ok(Some(Prepared {
        sets: ids.len(),
        recorded: recorded_count,
        mails: written.mails,
        listed: written.listed,
        notified: written.notified,
        sent: 0,
        through: taken_through,
    }))
}

/// What a saved search found new in a pass or a scheduled run, for [`write_found`].
pub(crate) struct Found {
    pub search: Uuid,
    /// Its account; `None` for a visitor's.
    pub user: Option<Uuid>,
    /// Whether it may be mailed ([`MAILABLE_SQL`]) and gets notifications ([`NOTIFIABLE_SQL`]).
    pub mailable: bool,
    pub notifiable: bool,
    /// How many new vacancies it found.
    pub total: usize,
    /// The ones to list, at most [`MAX_LISTED`], in the mail's order (newest first).
    pub listed: Vec<Uuid>,
}

/// What [`write_found`] wrote.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Written {
    pub mails: usize,
    pub listed: usize,
    pub notified: usize,
}

/// Writes, on the caller's transaction, the mail of each of `found` that may be mailed (its listed
/// vacancies and total) and an account's ALERT_MATCH notifications (the listed ones) whether or
/// not it is on the mailing list. A scheduled run's (`digest`) also writes, for an account off
/// the mailing list, a row that is never sent (its `sent_at` set now): "new since you looked"
/// counts a scheduled run's unlisted vacancies from its rows.
pub(crate) async fn write_found(conn: &mut PgConnection, found: Vec<Found>, digest: bool) -> Result<Written> {
    let (mut mail_ids, mut mail_searches, mut mail_totals, mut mail_unsent, mut mail_lists) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut note_users, mut note_searches, mut note_vacancies) = (Vec::new(), Vec::new(), Vec::new());
    let mut mails = 0;
    for Found { search, user, mailable, notifiable, total, listed } in found {
        if let (true, Some(user)) = (notifiable, user) {
            for vacancy in &listed {
                note_users.push(user);
                note_searches.push(search);
                note_vacancies.push(*vacancy);
            }
        }
        if mailable || (digest && notifiable) {
            mails += usize::from(mailable);
            mail_ids.push(Uuid::new_v4());
            mail_searches.push(search);
            mail_totals.push(i32::try_from(total).map_err(anyhow::Error::from)?);
            mail_unsent.push(mailable);
            mail_lists.push(listed);
        }
    }
    let (listed_all, list_firsts, list_lasts) = super::concatenated(&mail_lists)?;
    if !mail_ids.is_empty() {
        sqlx::query(
            "insert into alert_mails (id, saved_search_id, total, vacancies, digest, sent_at)
             select i, s, t, $4[f:l], $7, case when u then null else now() end
             from unnest($1::uuid[], $2::uuid[], $3::integer[], $5::integer[], $6::integer[], $8::boolean[]) as x (i, s, t, f, l, u)",
        )
        .bind(&mail_ids)
        .bind(&mail_searches)
        .bind(&mail_totals)
        .bind(&listed_all)
        .bind(&list_firsts)
        .bind(&list_lasts)
        .bind(digest)
        .bind(&mail_unsent)
        .execute(&mut *conn)
        .await?;
    }
    if !note_users.is_empty() {
        sqlx::query(
            "insert into notifications (user_id, kind, vacancy_id, saved_search_id)
             select u, 'ALERT_MATCH', v, s from unnest($1::uuid[], $2::uuid[], $3::uuid[]) as x (u, v, s)",
        )
        .bind(&note_users)
        .bind(&note_vacancies)
        .bind(&note_searches)
        .execute(&mut *conn)
        .await?;
    }
    Ok(Written { mails, listed: listed_all.len(), notified: note_users.len() })
}

/// Mails one transaction sends at most. A transaction a mail cost a commit (a wait for the disk)
/// and five round trips per mail: ~300–370 mails a second to the dev outbox. A batch reads its
/// recipients and its vacancies in one query each and marks its mails in one statement.
pub const MAILS_PER_TRANSACTION: usize = 64;
/// Batches sent at the same time, each on its own transaction: a commit waits for the disk (and an
/// SMTP relay answers in its own time), so one batch after another would leave both mostly idle.
const BATCHES_AT_ONCE: usize = 4;

/// Sends the prepared mails not sent yet, oldest first (`at_most` of them, or all), up to
/// [`MAILS_PER_TRANSACTION`] a transaction and [`BATCHES_AT_ONCE`] transactions at a time (a mail
/// another worker is sending is left to it). Answers how many went. A mail the SMTP relay refused
/// stays unsent for the next pass; once every mail of a batch was refused (the relay is down) no
/// further batch starts, and their mails wait for the next pass too.
pub async fn deliver_unsent(pool: &PgPool, out: &AlertMailer<'_>, at_most: Option<i64>) -> Result<usize> {
    use futures::StreamExt;
    use std::sync::atomic::{AtomicBool, Ordering};
    let unsent: Vec<Uuid> = sqlx::query_scalar("select id from alert_mails where sent_at is null order by created_at, id limit $1")
        .bind(at_most)
        .fetch_all(pool)
        .await?;
    // owned chunks: over borrowed ones rustc cannot prove the worker's job future `Send` (a known
    // limit of its inference of higher-ranked lifetimes)
    let chunks: Vec<Vec<Uuid>> = unsent.chunks(MAILS_PER_TRANSACTION).map(<[Uuid]>::to_vec).collect();
    let stop = &AtomicBool::new(false);
    // every batch started runs to its end, also when another one failed (collected, not
    // try-collected): dropped midway, its transaction would roll back the marks of the mails an
    // SMTP relay had accepted
    let batches: Vec<Result<Batch>> = futures::stream::iter(chunks)
        .map(|ids| async move {
            if stop.load(Ordering::Relaxed) {
                return Ok(Batch::default());
            }
            let batch = deliver_batch(pool, out, &ids).await;
            if batch.as_ref().map_or(true, |batch| batch.sent == 0 && batch.failed > 0) {
                stop.store(true, Ordering::Relaxed);
            }
            batch
        })
        .buffer_unordered(BATCHES_AT_ONCE)
        .collect()
        .await;
    // each refused mail was logged with its error by its batch
    let mut sent = 0;
    for batch in batches {
        sent += batch?.sent;
    }
    Ok(sent)
}

/// What one transaction of [`deliver_unsent`] did.
#[derive(Debug, Default)]
struct Batch {
    sent: usize,
    /// Mails the SMTP relay refused, left unsent.
    failed: usize,
}

#[derive(sqlx::FromRow)]
struct Recipient {
    mail_id: Uuid,
    saved_search_id: Uuid,
    to_address: String,
    locale: String,
    name: String,
    query: String,
    frequency: String,
    visitor: bool,
    mailable: bool,
    /// New vacancies the mail covers beyond the ones it lists.
    unlisted: i32,
}

/// One listed vacancy.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Listed {
    pub vacancy_id: Uuid,
    pub occupation: String,
    pub company: String,
}

/// Sends the prepared mails `ids` not sent yet on one transaction. Their rows are locked (a row
/// another transaction holds is skipped and left to it: two workers never both send a mail). A
/// mail whose search may no longer be mailed, or whose listed vacancies all ended, is dropped
/// (deleted). The others are sent, and the ones that went get `sent_at` (and their searches
/// `last_mailed_at`) on the same transaction: with the dev outbox all of them or (on an error)
/// none; with SMTP the ones the relay accepted, the refused ones staying unsent. The saved
/// searches are locked only then, in the order of their ids, so two batches that mail the same
/// searches wait for each other instead of deadlocking (locked from the start they would make a
/// scheduled run, which skips locked searches, pass them over for the whole batch).
async fn deliver_batch(pool: &PgPool, out: &AlertMailer<'_>, ids: &[Uuid]) -> Result<Batch> {
    let mut tx = pool.begin().await?;
    let recipients: Vec<Recipient> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select m.id as mail_id, s.id as saved_search_id, coalesce(u.username, s.email) as to_address,
                coalesce(u.locale, s.locale) as locale, s.name, s.query, s.frequency, s.user_id is null as visitor,
                {MAILABLE_SQL} as mailable, m.total - cardinality(m.vacancies) as unlisted
         from alert_mails m join saved_searches s on s.id = m.saved_search_id left join users u on u.id = s.user_id
         where m.id = any($1) and m.sent_at is null
         order by m.created_at, m.id
         for update of m skip locked"
    )))
    .bind(ids)
    .fetch_all(&mut *tx)
    .await?;
    if recipients.is_empty() {
        tx.rollback().await?;
        return Ok(Batch::default());
    }
    let locales: Vec<Locale> = recipients.iter().map(|recipient| Locale::from_code(&recipient.locale).unwrap_or_default()).collect();
    let (listing, languages): (Vec<Uuid>, Vec<&str>) =
        recipients.iter().zip(&locales).filter(|(recipient, _)| recipient.mailable).map(|(recipient, locale)| (recipient.mail_id, locale.code())).unzip();
    let mut listed: HashMap<Uuid, Vec<Listed>> = HashMap::new();
    if !listing.is_empty() {
        // each mail's vacancies still open, in its list's order, the occupation in its language
        let rows: Vec<(Uuid, Uuid, String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "select m.id, v.id, coalesce(case t.lang when 'et' then o.label_et when 'en' then o.label_en when 'ru' then o.label_ru end,
                                         v.occupation_label, ''),
                    c.business_name
             from unnest($1::uuid[], $2::text[]) as t (mail_id, lang) join alert_mails m on m.id = t.mail_id
             cross join unnest(m.vacancies) with ordinality as l (vacancy_id, position)
             join vacancies v on v.id = l.vacancy_id join companies c on c.id = v.company_id
             left join ref_occupations o on o.code = v.occupation_code
             where {ACTIVE_SQL}
             order by m.id, l.position"
        )))
        .bind(&listing)
        .bind(&languages)
        .fetch_all(&mut *tx)
        .await?;
        for (mail_id, vacancy_id, occupation, company) in rows {
            listed.entry(mail_id).or_default().push(Listed { vacancy_id, occupation, company });
        }
    }
    let (mut dropped, mut sending, mut mails) = (Vec::new(), Vec::with_capacity(recipients.len()), Vec::with_capacity(recipients.len()));
    for (recipient, locale) in recipients.into_iter().zip(locales) {
        let Some(listed) = listed.remove(&recipient.mail_id) else {
            dropped.push(recipient.mail_id);
            continue;
        };
        let total = listed.len() as i64 + i64::from(recipient.unlisted.max(0));
        let token = saved::token_for(out.secret, recipient.saved_search_id);
        let links = Links::new(out.public_url, locale, &token, &recipient.query, recipient.visitor);
        let frequency = Frequency::parse(&recipient.frequency).unwrap_or(Frequency::Instant);
        mails.push((alert_mail(locale, &recipient.to_address, &recipient.name, frequency, &listed, total, &links), unsubscribe_headers(&links)));
        sending.push((recipient.mail_id, recipient.saved_search_id));
    }
    if !dropped.is_empty() {
        sqlx::query("delete from alert_mails where id = any($1)").bind(&dropped).execute(&mut *tx).await?;
    }
    let outcomes = out.mailer.send_all_on(&mut tx, mails).await?;
    let (mut sent, mut mailed, mut failed) = (Vec::with_capacity(sending.len()), Vec::with_capacity(sending.len()), 0);
    for ((mail_id, search), outcome) in sending.into_iter().zip(outcomes) {
        match outcome {
            Ok(()) => {
                sent.push(mail_id);
                mailed.push(search);
            }
            Err(error) => {
                failed += 1;
                tracing::warn!(%mail_id, %error, "alert mail not sent, it waits for the next pass");
            }
        }
    }
    if !sent.is_empty() {
        sqlx::query("update alert_mails set sent_at = now() where id = any($1)").bind(&sent).execute(&mut *tx).await?;
        sqlx::query(
            "update saved_searches set last_mailed_at = now()
             where id in (select id from saved_searches where id = any($1) order by id for no key update)",
        )
        .bind(&mailed)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(Batch { sent: sent.len(), failed })
}

/// The links of an alert's mails.
#[derive(Clone, Debug)]
pub struct Links {
    /// The whole search on `/{lang}/vacancies`.
    pub search: String,
    /// `/{lang}/vacancies`, the base of each vacancy's page.
    pub vacancies: String,
    /// Where the owner manages their alerts: the account's alerts page, or a visitor's page by token.
    pub manage: String,
    /// The web page that confirms stopping this alert, and every alert of the owner.
    pub unsubscribe: String,
    pub unsubscribe_all: String,
    /// The one-click (RFC 8058) addresses: POST stops, GET shows the pages above.
    pub one_click: String,
    pub one_click_all: String,
}

impl Links {
    pub fn new(origin: &str, locale: Locale, token: &str, query: &str, visitor: bool) -> Self {
        let lang = locale.code();
        let search = if query.is_empty() { format!("{origin}/{lang}/vacancies") } else { format!("{origin}/{lang}/vacancies?{query}") };
        let manage = if visitor { format!("{origin}/{lang}/alerts/manage/{token}") } else { format!("{origin}/{lang}/account/my-alerts") };
        Links {
            search,
            vacancies: format!("{origin}/{lang}/vacancies"),
            manage,
            unsubscribe: format!("{origin}/{lang}/alerts/unsubscribe/{token}"),
            unsubscribe_all: format!("{origin}/{lang}/alerts/unsubscribe/{token}?all=1"),
            one_click: format!("{origin}/api/open/saved-searches/unsubscribe/{token}"),
            one_click_all: format!("{origin}/api/open/saved-searches/unsubscribe-all/{token}"),
        }
    }
}

/// `List-Unsubscribe` (this alert, one click) and `List-Unsubscribe-Post` (RFC 8058).
pub fn unsubscribe_headers(links: &Links) -> Vec<MailHeader> {
    vec![
        MailHeader::new("List-Unsubscribe", format!("<{}>", links.one_click)),
        MailHeader::new("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
    ]
}

/// The alert mail: up to [`MAX_LISTED`] of `total` new vacancies, each with its link, the whole
/// search's link when there are more, and the manage and unsubscribe links.
pub fn alert_mail(locale: Locale, to: &str, name: &str, frequency: Frequency, listed: &[Listed], total: i64, links: &Links) -> Mail {
    let lines: Vec<String> = listed
        .iter()
        .map(|v| {
            let occupation = if v.occupation.is_empty() { "—" } else { v.occupation.as_str() };
            format!("- {occupation} · {}\n  {}/{}", v.company, links.vacancies, v.vacancy_id)
        })
        .collect();
    let list = lines.join("\n");
    let more = total - listed.len() as i64;
    let count = total;
    let (subject, intro, more_line, whole, manage, stop, stop_all) = match locale {
        Locale::Et => (
            format!("Vakants: {count} uut tööpakkumist – {name}"),
            match frequency {
                Frequency::Instant => format!("Tere!\n\nSinu salvestatud otsingule „{name}“ lisandus uusi tööpakkumisi:"),
                Frequency::Daily => format!("Tere!\n\nSinu salvestatud otsingule „{name}“ lisandus viimase päeva jooksul uusi tööpakkumisi:"),
                Frequency::Weekly => format!("Tere!\n\nSinu salvestatud otsingule „{name}“ lisandus viimase nädala jooksul uusi tööpakkumisi:"),
            },
            format!("…ja veel {more}. Kõik leiad otsingust:"),
            "Kogu otsing",
            "Halda oma teavitusi",
            "Loobu selle otsingu teavitustest",
            "Loobu kõigist tööpakkumiste teavitustest",
        ),
        Locale::En => (
            format!("Vakants: {count} new vacancies – {name}"),
            match frequency {
                Frequency::Instant => format!("Hello,\n\nnew vacancies match your saved search “{name}”:"),
                Frequency::Daily => format!("Hello,\n\nthese vacancies matching your saved search “{name}” appeared in the last day:"),
                Frequency::Weekly => format!("Hello,\n\nthese vacancies matching your saved search “{name}” appeared in the last week:"),
            },
            format!("…and {more} more. See them all in the search:"),
            "The whole search",
            "Manage your alerts",
            "Stop the alerts of this search",
            "Stop all job alerts",
        ),
        Locale::Ru => (
            format!("Vakants: новых вакансий: {count} – {name}"),
            match frequency {
                Frequency::Instant => format!("Здравствуйте!\n\nПо вашему сохранённому поиску «{name}» появились новые вакансии:"),
                Frequency::Daily => format!("Здравствуйте!\n\nПо вашему сохранённому поиску «{name}» за последний день появились новые вакансии:"),
                Frequency::Weekly => format!("Здравствуйте!\n\nПо вашему сохранённому поиску «{name}» за последнюю неделю появились новые вакансии:"),
            },
            format!("…и ещё {more}. Все они в поиске:"),
            "Весь поиск",
            "Управлять уведомлениями",
            "Отписаться от уведомлений этого поиска",
            "Отписаться от всех уведомлений о вакансиях",
        ),
    };
    let more_text = if more > 0 { format!("\n\n{more_line} {}", links.search) } else { String::new() };
    let text = format!(
        "{intro}\n\n{list}{more_text}\n\n{whole}: {}\n{manage}: {}\n\n{stop}: {}\n{stop_all}: {}\n\nVakants",
        links.search, links.manage, links.unsubscribe, links.unsubscribe_all
    );
    Mail { to: to.to_string(), subject, text }
}

/// The visitor's confirmation mail (double opt-in): nothing is mailed before its link is opened,
/// and an unconfirmed search is deleted after a week.
pub fn confirmation_mail(locale: Locale, to: &str, name: &str, origin: &str, token: &str) -> Mail {
    let link = format!("{origin}/{}/alerts/confirm/{token}", locale.code());
    let (subject, text) = match locale {
        Locale::Et => (
            format!("Vakants: kinnita tööpakkumiste teavitus „{name}“"),
            format!(
                "Tere!\n\nKeegi (loodetavasti sina) soovis sellele aadressile Vakantsi tööpakkumiste teavitusi otsingu „{name}“ kohta.\n\
                 Teavitused hakkavad tulema, kui kinnitad selle lingiga:\n{link}\n\n\
                 Kui sa seda ei soovinud, jäta kiri tähelepanuta: kinnitamata teavitus kustutatakse 7 päeva pärast ja me ei kirjuta sulle enam.\n\nVakants"
            ),
        ),
        Locale::En => (
            format!("Vakants: confirm the job alert “{name}”"),
            format!(
                "Hello,\n\nsomeone (we hope you) asked for Vakants job alerts for the search “{name}” at this address.\n\
                 The alerts start once you confirm with this link:\n{link}\n\n\
                 If it was not you, ignore this e-mail: an unconfirmed alert is deleted after 7 days and we will not write again.\n\nVakants"
            ),
        ),
        Locale::Ru => (
            format!("Vakants: подтвердите уведомления «{name}»"),
            format!(
                "Здравствуйте!\n\nКто-то (надеемся, вы) запросил на этот адрес уведомления Vakants о вакансиях по поиску «{name}».\n\
                 Уведомления начнут приходить, когда вы подтвердите их по этой ссылке:\n{link}\n\n\
                 Если это были не вы, просто проигнорируйте письмо: неподтверждённое уведомление удаляется через 7 дней, и мы больше не напишем.\n\nVakants"
            ),
        ),
    };
    Mail { to: to.to_string(), subject, text }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(n: usize) -> Vec<Listed> {
        (0..n).map(|i| Listed { vacancy_id: Uuid::from_u128(i as u128 + 1), occupation: format!("Kokk {i}"), company: "Näidis OÜ".into() }).collect()
    }

    #[test]
    fn every_language_lists_the_vacancies_with_links_and_the_unsubscribe_links() {
        let links = Links::new("https://vakants.ee", Locale::En, "tok", "occupation=kokk", false);
        assert_eq!(links.search, "https://vakants.ee/en/vacancies?occupation=kokk");
        assert_eq!(links.manage, "https://vakants.ee/en/account/my-alerts");
        for locale in Locale::ALL {
            let links = Links::new("https://vakants.ee", locale, "tok", "occupation=kokk", true);
            let mail = alert_mail(locale, "a@b.ee", "Kokad", Frequency::Weekly, &listed(2), 2, &links);
            assert!(mail.subject.contains("Kokad") && mail.subject.contains('2'), "{locale:?}: {}", mail.subject);
            assert!(mail.text.contains(&format!("https://vakants.ee/{}/vacancies/{}", locale.code(), Uuid::from_u128(1))), "{locale:?}");
            assert!(mail.text.contains(&links.unsubscribe) && mail.text.contains(&links.unsubscribe_all), "{locale:?}");
            assert!(mail.text.contains(&format!("/{}/alerts/manage/tok", locale.code())), "{locale:?}");
            assert!(!mail.text.contains("…"), "{locale:?}: nothing more than listed");
        }
    }

    #[test]
    fn beyond_the_listed_ones_the_mail_says_how_many_more_and_links_the_search() {
        let links = Links::new("https://vakants.ee", Locale::Et, "tok", "", false);
        let mail = alert_mail(Locale::Et, "a@b.ee", "Kõik", Frequency::Instant, &listed(20), 27, &links);
        assert!(mail.text.contains("…ja veel 7. Kõik leiad otsingust: https://vakants.ee/et/vacancies"), "{}", mail.text);
        assert_eq!(mail.text.matches("/et/vacancies/").count(), 20);
    }

    #[test]
    fn the_headers_offer_one_click_unsubscribe_of_this_alert() {
        let links = Links::new("https://vakants.ee", Locale::Ru, "tok", "", true);
        let headers = unsubscribe_headers(&links);
        assert_eq!(headers[0], MailHeader::new("List-Unsubscribe", "<https://vakants.ee/api/open/saved-searches/unsubscribe/tok>"));
        assert_eq!(headers[1], MailHeader::new("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"));
    }

    #[test]
    fn the_confirmation_mail_carries_the_link_in_every_language() {
        for locale in Locale::ALL {
            let mail = confirmation_mail(locale, "a@b.ee", "Kokad", "https://vakants.ee", "tok");
            assert!(mail.text.contains(&format!("https://vakants.ee/{}/alerts/confirm/tok", locale.code())), "{locale:?}");
            assert!(mail.text.contains('7'), "{locale:?}");
        }
    }
}
