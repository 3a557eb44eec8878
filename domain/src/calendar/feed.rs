//! A private iCalendar feed per user, read by calendar programs from a secret URL
//! (`/api/open/calendar/{token}.ics`). Only the SHA-256 of the token is kept; creating a new one
//! replaces (rotates) the old, revoking deletes it, and an unknown or revoked token is "not found".
//!
//! The feed lists the user's own events (recurring ones with their RRULE) and their interviews:
//! as an applicant their own, as an employer the ones they run (invited) for a company whose staff
//! they are at the time of the fetch: a feed is read long after it was made, so what it shows is
//! decided at each fetch, and someone who left a company (or whose company is deleted) sees none
//! of its interviews, its applicants' names and addresses included. An
//! interview keeps the UID and SEQUENCE of its mails, so a program that imported a mail's `.ics`
//! sees the same event.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use crate::interviews::ics::{self, InterviewEvent, OwnEvent, State};
use crate::platform::crypto;
use crate::platform::error::{Error, Result};

/// Bytes of randomness in a token.
const TOKEN_BYTES: usize = 32;

/// Whether the user has a feed, and since when.
pub async fn status(pool: &PgPool, user: Uuid) -> Result<Option<DateTime<Utc>>> {
    Ok(sqlx::query_scalar("select created_at from calendar_feeds where user_id = $1").bind(user).fetch_optional(pool).await?)
}

/// Creates the user's feed token, replacing any earlier one. Answers the token (shown once).
pub async fn rotate(pool: &PgPool, user: Uuid) -> Result<String> {
    let token = crypto::random_token(TOKEN_BYTES);
    sqlx::query(
        "insert into calendar_feeds (user_id, token_hash) values ($1, $2)
         on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now()",
    )
    .bind(user)
    .bind(crypto::sha256(token.as_bytes()))
    .execute(pool)
    .await?;
    Ok(token)
}

/// Revokes the user's feed. Answers whether there was one.
pub async fn revoke(pool: &PgPool, user: Uuid) -> Result<bool> {
    Ok(sqlx::query("delete from calendar_feeds where user_id = $1").bind(user).execute(pool).await?.rows_affected() > 0)
}

#[derive(sqlx::FromRow)]
struct InterviewRow {
    id: Uuid,
    status: String,
    duration_minutes: i32,
    starts_at: Option<DateTime<Utc>>,
    first_slot: Option<DateTime<Utc>>,
    ics_sequence: i32,
    link: Option<String>,
    location: Option<String>,
    description: Option<String>,
    business_name: String,
    occupation: Option<String>,
    applicant_name: Option<String>,
    as_applicant: bool,
    applicant_email: String,
    employer_email: Option<String>,
    updated_at: DateTime<Utc>,
}

/// The feed of the token's user, as `text/calendar`; an unknown token is "not found". It lists
/// what its owner may see now, read at every fetch: their interviews as applicant, and the
/// interviews they invited while they are on that company's staff and see its candidates
/// ([`crate::delegation::sees_interview_sql`]); leaving the company or losing the vacancy's
/// delegation takes them out of the next fetch.
pub async fn render(pool: &PgPool, token: &str) -> Result<String> {
    let user: Option<Uuid> = sqlx::query_scalar(
        "select f.user_id from calendar_feeds f join users u on u.id = f.user_id and u.deleted_at is null where f.token_hash = $1",
    )
    .bind(crypto::sha256(token.as_bytes()))
    .fetch_optional(pool)
    .await?;
    let user = user.ok_or_else(Error::not_found)?;
    let sql = format!(
        "select i.id, i.status, i.duration_minutes, i.starts_at,
                (select min(s.starts_at) from interview_slots s where s.interview_id = i.id) as first_slot,
                i.ics_sequence, i.link, i.location, i.description, c.business_name,
                coalesce(case fu.locale when 'en' then o.label_en when 'ru' then o.label_ru else o.label_et end,
                         v.occupation_label) as occupation,
                nullif(trim(concat_ws(' ', p.firstname, p.lastname)), '') as applicant_name,
                i.applicant_user_id = $1 as as_applicant, au.username as applicant_email, eu.username as employer_email,
                i.updated_at
         from interviews i join companies c on c.id = i.company_id
         join users au on au.id = i.applicant_user_id
         left join users eu on eu.id = i.created_by_user_id
         left join vacancies v on v.id = i.vacancy_id left join ref_occupations o on o.code = v.occupation_code
         left join profiles p on p.user_id = i.applicant_user_id
         join users fu on fu.id = $1
         where (i.applicant_user_id = $1
                or (i.created_by_user_id = $1 and c.deleted_at is null
                    and exists (select 1 from company_staff s where s.company_id = i.company_id and s.user_id = $1)
                    and {sees}))
           and i.updated_at > now() - interval '400 days'
         order by i.created_at",
        sees = crate::delegation::sees_interview_sql("i", "$1"),
    );
    let rows: Vec<InterviewRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
    .bind(user)
    .fetch_all(pool)
    .await?;
    let interviews: Vec<InterviewEvent> = rows
        .into_iter()
        .filter_map(|row| {
            let start = row.starts_at.or(row.first_slot)?;
            let state = match row.status.as_str() {
                "CANCELED" => State::Cancelled,
                "INVITED" => State::Tentative,
                _ => State::Confirmed,
            };
            let what = match (&row.occupation, &row.applicant_name, row.as_applicant) {
                (Some(o), Some(name), false) => format!("{name}, {o}"),
                (None, Some(name), false) => name.clone(),
                (Some(o), _, _) => format!("{o}, {}", row.business_name),
                _ => row.business_name.clone(),
            };
            Some(InterviewEvent {
                interview_id: row.id,
                sequence: u32::try_from(row.ics_sequence).unwrap_or_default(),
                state,
                summary: what,
                description: row.description.unwrap_or_default(),
                location: row.location,
                link: row.link,
                start,
                end: start + Duration::minutes(row.duration_minutes.into()),
                organizer: row.employer_email,
                attendee: Some(row.applicant_email),
                stamp: row.updated_at,
            })
        })
        .collect();
    let events: Vec<OwnEvent> = sqlx::query_as::<_, (Uuid, String, Option<String>, DateTime<Utc>, DateTime<Utc>, Option<String>, DateTime<Utc>)>(
        "select id, name, description, starts_at, ends_at, recurrence_rule, updated_at from calendar_events
         where owner_user_id = $1 and (ends_at > now() - interval '400 days' or recurrence_rule is not null)
         order by starts_at",
    )
    .bind(user)
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|(event_id, name, description, start, end, recurrence, stamp)| OwnEvent { event_id, name, description, start, end, recurrence, stamp })
    .collect();
    Ok(ics::feed("Vakants", &interviews, &events))
}
