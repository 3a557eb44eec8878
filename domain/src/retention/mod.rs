//! Retention, run by the worker: personal data leaves when its period in
//! [`crate::platform::retention`] ends (the table with its reasons is `docs/privacy.md`).
//!
//! A periodic pass ([`queue_due`], from the worker's maintenance) finds the subjects whose time
//! has come and queues one [`RetentionJob`] per subject on [`QUEUE`]: an application (with its
//! answers, comments, links, interviews, the chat about it and the chat's files), a chat nothing
//! holds any more, an inactive account's warning mail, an inactive account's erasure. The same
//! pass deletes in bulk what has no files and no index entries ([`purge_bulk`]: visitors' job
//! alerts left unconfirmed, audit entries past their period, the saved searches' removals past a day,
//! alert mails past 90 days and the alerts' records of vacancies ended half a year ago).
//!
//! Each job is idempotent and resumable. On one transaction it locks its subject and checks that
//! it is still due (a sign-in, a vacancy published again, an earlier run that finished: nothing
//! to do), removes the files' bytes from the store, then deletes the rows, queues the index
//! jobs of what left the search (through the index queue, never writing to the index) and records
//! an audit entry without personal content, and commits. A job killed after the bytes went and
//! before the commit leaves the rows, which still name the same files: its next run removes them
//! again (a missing file is no error) and deletes the rows.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use chrono_tz::Europe::Tallinn;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::files::FileStore;
use crate::mydata;
use crate::platform::audit;
use crate::platform::error::Result;
use crate::platform::jobs::{self, IndexJob};
use crate::platform::locale::Locale;
use crate::platform::mail::{Mail, Mailer};
use crate::platform::retention::{LAST_ACTIVE_SQL, Periods};

/// The queue of retention jobs.
pub const QUEUE: &str = "vakants.retention";
/// At most this many subjects of each kind are queued per pass (the next pass takes the rest).
const PASS_LIMIT: i64 = 1000;

/// One subject whose retention period ended. The job carries only the id; the run reads the
/// current rows and does nothing when the subject is no longer due.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "camelCase")]
pub enum RetentionJob {
    /// An application past its vacancy's workable period and [`Periods::applications`].
    Application(Uuid),
    /// A chat between a company and an applicant who has no application left with it, quiet for
    /// the workable period and [`Periods::applications`].
    Chat(Uuid),
    /// The mail to the owner of an account inactive for [`Periods::inactive_account`] less
    /// [`Periods::inactivity_warning`].
    WarnAccount(Uuid),
    /// The erasure of an account inactive for [`Periods::inactive_account`] whose owner was
    /// warned at least [`Periods::inactivity_warning`] ago.
    Account(Uuid),
}

/// What a retention job needs.
#[derive(Clone)]
pub struct Context {
    pub pool: PgPool,
    pub store: FileStore,
    pub mailer: Mailer,
    /// The site's origin, for the sign-in link of the warning mail.
    pub public_url: String,
    pub periods: Periods,
}

/// What a run of a job did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The subject's data went (or the mail was sent).
    Done,
    /// Nothing to do: the subject is gone already, or no longer due.
    NotDue,
}

/// A period as the seconds of SQL's `make_interval(secs => …)`: exact, whatever the session's
/// time zone does to calendar days.
fn secs(delta: chrono::TimeDelta) -> f64 {
    delta.num_seconds() as f64
}

/// The applications due at `now` (vacancies of type DEFAULT; the CV-database vacancy has its own
/// rule, [`crate::platform::retention::CV_DATABASE_KEPT_AFTER_ACCESS`]), over `a` and `v`.
const APPLICATION_DUE_SQL: &str = "v.type = 'DEFAULT' and v.valid_until is not null and v.valid_until + make_interval(secs => $2) <= $1";

/// A chat is due when no application of its applicant to its company is left and it has been
/// quiet for the applications' whole period; over `c`.
const CHAT_DUE_SQL: &str = "coalesce(c.last_message_at, c.created_at) + make_interval(secs => $2) <= $1
     and not exists (select 1 from applications o join vacancies ov on ov.id = o.vacancy_id
                     where o.applicant_user_id = c.applicant_user_id and ov.company_id = c.company_id)";

/// Accounts the retention may touch: not erased, not an administrator's; over `u`.
const ACCOUNT_SQL: &str =
    "u.deleted_at is null and not exists (select 1 from user_roles r where r.user_id = u.id and r.role in ('ADMIN', 'SUPERVISOR'))";

fn warn_due_sql() -> String {
    format!(
        "{ACCOUNT_SQL} and {LAST_ACTIVE_SQL} + make_interval(secs => $2) <= $1
         and (u.retention_warned_at is null or u.retention_warned_at < {LAST_ACTIVE_SQL})"
    )
}

fn erase_due_sql() -> String {
    format!(
        "{ACCOUNT_SQL} and {LAST_ACTIVE_SQL} + make_interval(secs => $2) <= $1
         and u.retention_warned_at >= {LAST_ACTIVE_SQL} and u.retention_warned_at + make_interval(secs => $3) <= $1"
    )
}

/// The subjects due at `now`, at most [`PASS_LIMIT`] of each kind.
#[tracing::instrument(skip_all)]
pub async fn due(pool: &PgPool, periods: &Periods, now: DateTime<Utc>) -> Result<Vec<RetentionJob>> {
    let kept = secs(periods.application_kept_after_end());
    let sql = format!(
        "select a.id from applications a join vacancies v on v.id = a.vacancy_id where {APPLICATION_DUE_SQL} order by v.valid_until, a.id limit {PASS_LIMIT}"
    );
    let applications: Vec<Uuid> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(now).bind(kept).fetch_all(pool).await?;
    let sql = format!("select c.id from chats c where {CHAT_DUE_SQL} order by c.created_at, c.id limit {PASS_LIMIT}");
    let chats: Vec<Uuid> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(now).bind(kept).fetch_all(pool).await?;
    let sql = format!("select u.id from users u where {} order by u.id limit {PASS_LIMIT}", warn_due_sql());
    let warn: Vec<Uuid> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(secs(periods.inactive_account - periods.inactivity_warning))
        .fetch_all(pool)
        .await?;
    let sql = format!("select u.id from users u where {} order by u.id limit {PASS_LIMIT}", erase_due_sql());
    let erase: Vec<Uuid> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(secs(periods.inactive_account))
        .bind(secs(periods.inactivity_warning))
        .fetch_all(pool)
        .await?;
    Ok(applications
        .into_iter()
        .map(RetentionJob::Application)
        .chain(chats.into_iter().map(RetentionJob::Chat))
        .chain(warn.into_iter().map(RetentionJob::WarnAccount))
        .chain(erase.into_iter().map(RetentionJob::Account))
        .collect())
}

/// The periodic pass: queues a job for each subject due at `now` that has no unfinished job yet
/// (one waiting, running, or failed: a failed one is listed by `vakants jobs` rather than queued
/// again and again). Answers the jobs it queued.
#[tracing::instrument(skip_all)]
pub async fn queue_due(pool: &PgPool, periods: &Periods, now: DateTime<Utc>) -> Result<Vec<RetentionJob>> {
    let due = due(pool, periods, now).await?;
    if due.is_empty() {
        return Ok(due);
    }
    let unfinished: Vec<Vec<u8>> = sqlx::query_scalar("select job from apalis.jobs where job_type = $1 and status <> 'Done'")
        .bind(QUEUE)
        .fetch_all(pool)
        .await?;
    let queued: HashSet<RetentionJob> = unfinished.iter().filter_map(|job| serde_json::from_slice(job).ok()).collect();
    let fresh: Vec<RetentionJob> = due.into_iter().filter(|job| !queued.contains(job)).collect();
    let mut conn = pool.acquire().await?;
    jobs::push(&mut conn, QUEUE, &fresh).await?;
    Ok(fresh)
}

/// What [`purge_bulk`] deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Purged {
    pub unconfirmed_alerts: u64,
    pub audit_entries: u64,
    /// Rows of `saved_search_removals` past [`crate::alerts::matching::REMOVALS_KEPT`].
    pub saved_search_removals: u64,
    /// Alert mails past [`crate::alerts::mail::MAILS_KEPT`], and the alerts' records of vacancies
    /// ended [`crate::alerts::mail::RECORD_KEPT_AFTER_END`] ago.
    pub alert_mails: u64,
    pub alert_records: u64,
}

/// Deletes what has neither files nor index entries in bulk: visitors' job alerts left
/// unconfirmed for [`crate::platform::retention::UNCONFIRMED_ALERT_DAYS`]
/// ([`crate::alerts::saved::purge_unconfirmed`]), audit entries older than [`Periods::audit_log`]
/// the saved searches' removals the matching no longer reads
/// ([`crate::alerts::matching::purge_removals`]), and old alert mails and the alerts' records of
/// long-ended vacancies ([`crate::alerts::mail::purge`]).
#[tracing::instrument(skip_all)]
pub async fn purge_bulk(pool: &PgPool, periods: &Periods, now: DateTime<Utc>) -> Result<Purged> {
    let unconfirmed_alerts = crate::alerts::saved::purge_unconfirmed(pool, now).await?;
    let audit_entries = audit::purge_before(pool, now - periods.audit_log).await?;
    let saved_search_removals = crate::alerts::matching::purge_removals(pool, now).await?;
    let alerts = crate::alerts::mail::purge(pool, now).await?;
    Ok(Purged { unconfirmed_alerts, audit_entries, saved_search_removals, alert_mails: alerts.mails, alert_records: alerts.records })
}

/// Runs one job at `now` (the worker's clock; tests fix it).
#[tracing::instrument(skip_all, fields(job = ?job))]
pub async fn run(ctx: &Context, job: &RetentionJob, now: DateTime<Utc>) -> Result<Outcome> {
    run_with(ctx, job, now, false).await
}

/// What a job killed midway leaves behind: the run of `job` stops after the files' bytes are
/// removed and before its rows go (its transaction rolls back). For the tests of resuming.
pub async fn run_until_files_removed(ctx: &Context, job: &RetentionJob, now: DateTime<Utc>) -> Result<Outcome> {
    run_with(ctx, job, now, true).await
}

async fn run_with(ctx: &Context, job: &RetentionJob, now: DateTime<Utc>, stop_after_files: bool) -> Result<Outcome> {
    if let RetentionJob::WarnAccount(user_id) = job {
        return warn_account(ctx, *user_id, now).await;
    }
    let mut tx = ctx.pool.begin().await?;
    let keys = match job {
        RetentionJob::Application(id) => application_files(&mut tx, &ctx.periods, *id, now).await?,
        RetentionJob::Chat(id) => chat_files(&mut tx, &ctx.periods, *id, now).await?,
        RetentionJob::Account(id) => account_files(&mut tx, &ctx.periods, *id, now).await?,
        RetentionJob::WarnAccount(_) => unreachable!("answered above"),
    };
    let Some(keys) = keys else {
        return Ok(Outcome::NotDue);
    };
    ctx.store.remove_all(&keys).await;
    if stop_after_files {
        tx.rollback().await?;
        return Ok(Outcome::Done);
    }
    match job {
        RetentionJob::Application(id) => delete_application(&mut tx, *id).await?,
        RetentionJob::Chat(id) => delete_chat(&mut tx, *id).await?,
        RetentionJob::Account(id) => {
            mydata::erase_inactive(&mut tx, *id).await?;
        }
        RetentionJob::WarnAccount(_) => unreachable!("answered above"),
    }
    tx.commit().await?;
    Ok(Outcome::Done)
}

/// The chats that go with an application (see [`CHAT_DUE_SQL`]: the applicant has no other
/// application to the company).
async fn chats_of_application(tx: &mut PgConnection, id: Uuid) -> Result<Vec<Uuid>> {
    Ok(sqlx::query_scalar(
        "select c.id from applications a join vacancies v on v.id = a.vacancy_id
         join chats c on c.company_id = v.company_id and c.applicant_user_id = a.applicant_user_id
         where a.id = $1
           and not exists (select 1 from applications o join vacancies ov on ov.id = o.vacancy_id
                           where o.applicant_user_id = a.applicant_user_id and ov.company_id = v.company_id and o.id <> a.id)",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?)
}

/// The storage keys of the chats' attachments.
async fn attachment_keys(tx: &mut PgConnection, chats: &[Uuid]) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "select f.storage_key from chat_messages m join files f on f.id = m.attachment_file_id where m.chat_id = any($1)",
    )
    .bind(chats)
    .fetch_all(&mut *tx)
    .await?)
}

/// Runs `sql` (a `select … for update` of subject `$3`, due by the application period `$2` at `$1`):
/// whether the subject is still there and due, now locked by this transaction.
async fn lock_if_due(tx: &mut PgConnection, sql: String, periods: &Periods, id: Uuid, now: DateTime<Utc>) -> Result<bool> {
    let due: Option<Uuid> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(secs(periods.application_kept_after_end()))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    Ok(due.is_some())
}

/// Locks the application when it is due and answers its files' keys; none when it is gone or
/// not due.
async fn application_files(tx: &mut PgConnection, periods: &Periods, id: Uuid, now: DateTime<Utc>) -> Result<Option<Vec<String>>> {
    let sql = format!("select a.id from applications a join vacancies v on v.id = a.vacancy_id where a.id = $3 and {APPLICATION_DUE_SQL} for update of a");
    if !lock_if_due(tx, sql, periods, id, now).await? {
        return Ok(None);
    }
    let chats = chats_of_application(tx, id).await?;
    Ok(Some(attachment_keys(tx, &chats).await?))
}

/// Deletes the chats with their messages and attachments; answers (chats, files).
async fn erase_chats(tx: &mut PgConnection, chats: &[Uuid]) -> Result<(u64, u64)> {
    let files = sqlx::query(
        "delete from files f using chat_messages m where m.attachment_file_id = f.id and m.chat_id = any($1)",
    )
    .bind(chats)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let chats = sqlx::query("delete from chats where id = any($1)").bind(chats).execute(&mut *tx).await?.rows_affected();
    Ok((chats, files))
}

/// Deletes the application with its answers, comments, links, interviews and the chat about it;
/// a CV its applicant had deleted that only this application still held goes with it (and its
/// index entry, through the queue).
async fn delete_application(tx: &mut PgConnection, id: Uuid) -> Result<()> {
    let (applicant, company, vacancy, cv_id): (Uuid, Uuid, Uuid, Option<Uuid>) = sqlx::query_as(
        "select a.applicant_user_id, v.company_id, v.id, a.cv_id from applications a join vacancies v on v.id = a.vacancy_id where a.id = $1",
    )
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    let chats = chats_of_application(tx, id).await?;
    let (chats, files) = erase_chats(tx, &chats).await?;
    let interviews = sqlx::query("delete from interviews where application_id = $1").bind(id).execute(&mut *tx).await?.rows_affected();
    sqlx::query("delete from applications where id = $1").bind(id).execute(&mut *tx).await?;
    let mut cvs = 0;
    if let Some(cv_id) = cv_id {
        cvs = sqlx::query(
            "delete from cvs where id = $1 and deleted_at is not null and not exists (select 1 from applications where cv_id = $1)",
        )
        .bind(cv_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if cvs > 0 {
            jobs::enqueue_index(tx, &[IndexJob::Cv(cv_id)]).await?;
        }
    }
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: None,
            action: "retention.application",
            target_user_id: Some(applicant),
            target_company_id: Some(company),
            details: json!({ "applicationId": id, "vacancyId": vacancy, "chats": chats, "files": files, "interviews": interviews, "cvs": cvs }),
            ip: None,
        },
    )
    .await?;
    Ok(())
}

/// Locks the chat when it is due and answers its attachments' keys.
async fn chat_files(tx: &mut PgConnection, periods: &Periods, id: Uuid, now: DateTime<Utc>) -> Result<Option<Vec<String>>> {
    let sql = format!("select c.id from chats c where c.id = $3 and {CHAT_DUE_SQL} for update");
    if !lock_if_due(tx, sql, periods, id, now).await? {
        return Ok(None);
    }
    Ok(Some(attachment_keys(tx, &[id]).await?))
}

async fn delete_chat(tx: &mut PgConnection, id: Uuid) -> Result<()> {
    let (applicant, company): (Uuid, Uuid) =
        sqlx::query_as("select applicant_user_id, company_id from chats where id = $1").bind(id).fetch_one(&mut *tx).await?;
    let (chats, files) = erase_chats(tx, &[id]).await?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: None,
            action: "retention.chat",
            target_user_id: Some(applicant),
            target_company_id: Some(company),
            details: json!({ "chatId": id, "chats": chats, "files": files }),
            ip: None,
        },
    )
    .await?;
    Ok(())
}

/// Locks the account when its erasure is due and answers the keys of the files it takes.
async fn account_files(tx: &mut PgConnection, periods: &Periods, id: Uuid, now: DateTime<Utc>) -> Result<Option<Vec<String>>> {
    let sql = format!("select u.id from users u where u.id = $4 and {} for update of u", erase_due_sql());
    let due: Option<Uuid> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(secs(periods.inactive_account))
        .bind(secs(periods.inactivity_warning))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    if due.is_none() {
        return Ok(None);
    }
    Ok(Some(mydata::files_erased_with(tx, id).await?.into_iter().map(|(_, key)| key).collect()))
}

/// Mails the owner of an inactive account, in their language, the day their account will be
/// erased, and records the warning; nothing when the account is no longer due a warning (warned
/// already since their last activity, signed in, erased).
async fn warn_account(ctx: &Context, user_id: Uuid, now: DateTime<Utc>) -> Result<Outcome> {
    let mut tx = ctx.pool.begin().await?;
    let sql = format!("select u.username, u.locale, {LAST_ACTIVE_SQL} from users u where u.id = $3 and {} for update of u", warn_due_sql());
    let due: Option<(String, String, DateTime<Utc>)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(secs(ctx.periods.inactive_account - ctx.periods.inactivity_warning))
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some((email, locale, last_active)) = due else {
        return Ok(Outcome::NotDue);
    };
    sqlx::query("update users set retention_warned_at = $2 where id = $1").bind(user_id).bind(now).execute(&mut *tx).await?;
    let erased_at = ctx.periods.account_erased_at(last_active, Some(now), now);
    let locale = Locale::from_code(&locale).unwrap_or_default();
    ctx.mailer.send(warning_mail(locale, &email, last_active, erased_at, &ctx.public_url)).await?;
    tx.commit().await?;
    Ok(Outcome::Done)
}

/// The warning mail: the last activity, the day of the erasure and the sign-in link that keeps
/// the account. Days are Tallinn's.
pub fn warning_mail(locale: Locale, to: &str, last_active: DateTime<Utc>, erased_at: DateTime<Utc>, origin: &str) -> Mail {
    let day = |at: DateTime<Utc>| at.with_timezone(&Tallinn).format("%d.%m.%Y").to_string();
    let (last, date) = (day(last_active), day(erased_at));
    let link = format!("{origin}/{}/login?email={}", locale.code(), urlencoding(to));
    let (subject, text) = match locale {
        Locale::Et => (
            format!("Vakants: sinu konto kustutatakse {date}"),
            format!(
                "Tere!\n\nSa pole oma Vakantsi kontole ammu sisse loginud (viimati {last}). Isikuandmete kaitseks kustutame \
                 kasutamata konto koos CV-de, kandideerimiste ja failidega {date}.\n\nKui soovid kontot alles hoida, logi \
                 lihtsalt enne seda päeva sisse: {link}\n\nVakants"
            ),
        ),
        Locale::En => (
            format!("Vakants: your account will be deleted on {date}"),
            format!(
                "Hello,\n\nYou have not signed in to your Vakants account for a long time (last on {last}). To protect your \
                 personal data we delete unused accounts, with their CVs, applications and files, on {date}.\n\nTo keep your \
                 account, just sign in before that day: {link}\n\nVakants"
            ),
        ),
        Locale::Ru => (
            format!("Vakants: ваша учётная запись будет удалена {date}"),
            format!(
                "Здравствуйте!\n\nВы давно не входили в свою учётную запись Vakants (последний раз {last}). Чтобы защитить ваши \
                 персональные данные, мы удалим неиспользуемую учётную запись вместе с резюме, откликами и файлами {date}.\n\n\
                 Чтобы сохранить учётную запись, просто войдите до этой даты: {link}\n\nVakants"
            ),
        ),
    };
    Mail { to: to.to_string(), subject, text }
}

/// An e-mail address as a query value.
fn urlencoding(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_serialise_as_tagged_json() {
        let id = Uuid::nil();
        let json = serde_json::to_string(&RetentionJob::WarnAccount(id)).unwrap();
        assert_eq!(json, format!("{{\"kind\":\"warnAccount\",\"id\":\"{id}\"}}"));
        assert_eq!(serde_json::from_str::<RetentionJob>(&json).unwrap(), RetentionJob::WarnAccount(id));
    }

    #[test]
    fn the_warning_names_the_day_in_tallinn_in_each_language() {
        let last = DateTime::parse_from_rfc3339("2024-03-01T10:00:00Z").unwrap().to_utc();
        // 22:30 UTC is already the next day in Tallinn
        let erased = DateTime::parse_from_rfc3339("2026-02-28T22:30:00Z").unwrap().to_utc();
        for (locale, word) in [(Locale::Et, "kustutatakse"), (Locale::En, "deleted"), (Locale::Ru, "удалена")] {
            let mail = warning_mail(locale, "mari+x@example.ee", last, erased, "https://vakants.ee");
            assert!(mail.subject.contains(word) && mail.subject.contains("01.03.2026"), "{}", mail.subject);
            assert!(mail.text.contains("01.03.2024"), "{}", mail.text);
            assert!(mail.text.contains(&format!("https://vakants.ee/{}/login?email=mari%2Bx%40example.ee", locale.code())), "{}", mail.text);
        }
    }
}
