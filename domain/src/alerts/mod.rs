//! Saved searches and job alerts (issue 33; docs/alerts.md).
//!
//! A saved search is the vacancy search's filter ([`crate::vacancies::filter::SearchFilter`]) kept
//! with a name and a frequency. The matching runs that filter, as the search engine runs it, over
//! the vacancies that went live (or changed in what a search matches), so an alert and a search
//! never disagree; `prefilter` lets a run's vacancies meet only the saved searches they could
//! match. `saved` is what the owner does with their searches (and a visitor's double
//! opt-in, tokens and unsubscribing); `mail` the alert mail, sent once per match.

use crate::platform::error::Result;

pub mod matching;
pub mod prefilter;
pub mod mail;
pub mod saved;

/// A record, per vacancy, of the saved searches (their serials) it went to: the instant alerts'
/// matches ([`Record::Matches`]) or the daily and weekly lists ([`Record::Digests`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Record {
    Matches,
    Digests,
}

/// Writes, in one statement, a row of `record` per vacancy: the serials of `rows` at the
/// vacancy's position, at its time in `times`.
pub(crate) async fn record(
    conn: &mut sqlx::PgConnection,
    record: Record,
    vacancies: &[uuid::Uuid],
    times: &[chrono::DateTime<chrono::Utc>],
    rows: &[Vec<i32>],
) -> Result<()> {
    if vacancies.is_empty() {
        return Ok(());
    }
    let (serials_of_all, firsts, lasts) = concatenated(rows)?;
    let (table, time) = match record {
        Record::Matches => ("alert_match_record", "matched_at"),
        Record::Digests => ("alert_digest_record", "listed_at"),
    };
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "insert into {table} (vacancy_id, {time}, searches)
         select v, t, $3[f:l] from unnest($1::uuid[], $2::timestamptz[], $4::integer[], $5::integer[]) as r (v, t, f, l)"
    )))
    .bind(vacancies)
    .bind(times)
    .bind(&serials_of_all)
    .bind(&firsts)
    .bind(&lasts)
    .execute(conn)
    .await?;
    Ok(())
}

/// Rows of values (a set's serials, a mail's listed vacancies) as one array (sent in binary) and
/// each row's bounds in it: `[first, last]`, 1-based as Postgres slices.
pub(crate) fn concatenated<T: Copy>(rows: &[Vec<T>]) -> Result<(Vec<T>, Vec<i32>, Vec<i32>)> {
    let mut all = Vec::with_capacity(rows.iter().map(Vec::len).sum());
    let (mut firsts, mut lasts) = (Vec::with_capacity(rows.len()), Vec::with_capacity(rows.len()));
    for row in rows {
        firsts.push(i32::try_from(all.len() + 1).map_err(anyhow::Error::from)?);
        all.extend_from_slice(row);
        lasts.push(i32::try_from(all.len()).map_err(anyhow::Error::from)?);
    }
    Ok((all, firsts, lasts))
}
