//! "My data": everything the service holds about a user, exported as a zip (`data.json` plus their
//! files), and the erasure of an account. Erasure keeps what others rightly hold: employers keep
//! the applications they received (anonymised), and invoices stay as the accounting law requires.

use std::io::{Seek, SeekFrom, Write};

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::platform::audit;
use crate::cvs::{self, Cv};
use crate::platform::error::{Error, Result};
use crate::files::{CV_FILE_KINDS, FileStore, StoredFile};
use crate::platform::jobs::{self, IndexJob};
use crate::platform::retention::{self, Periods};

/// The kinds of file that are the user's own and go into the export: the profile picture, CV
/// files, chat attachments and invoice PDFs.
const EXPORTED_KINDS: [&str; 8] =
    ["avatar", "cv_pdf", "cv_certificate", "cv_course", "cv_reference", "cv_portfolio", "chat_attachment", "invoice_pdf"];

/// One query's rows as a JSON array (`[]` when none); `sql` selects one column of JSON objects.
async fn rows(conn: &mut PgConnection, sql: &'static str, user_id: Uuid) -> Result<Value> {
    let wrapped = format!("select coalesce(json_agg(x), '[]'::json) from ({sql}) t(x)");
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(wrapped)).bind(user_id).fetch_one(conn).await?)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExportedCv {
    #[serde(flatten)]
    cv: Cv,
    /// When the applicant deleted it (employers keep received CVs for the retention periods).
    deleted_at: Option<DateTime<Utc>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExportedFile {
    file_id: Uuid,
    kind: String,
    name: String,
    content_type: String,
    size: i64,
    created_at: DateTime<Utc>,
    /// Where it is in the archive; null when its bytes are no longer on the server.
    path: Option<String>,
}

/// A name safe in any archive tool: letters, digits, `.`, `-` and `_`.
fn archive_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .take(120)
        .collect();
    let clean = clean.trim_start_matches('.');
    if clean.is_empty() { "file".into() } else { clean.to_string() }
}

/// The data of the export, without the files' bytes.
async fn collect(pool: &PgPool, user_id: Uuid, periods: &Periods) -> Result<(Value, Vec<(StoredFile, Option<String>)>)> {
    let mut conn = pool.acquire().await?;
    let account: Option<Value> = sqlx::query_scalar(
        "select json_build_object(
             'userId', u.id, 'email', u.username, 'locale', u.locale, 'createdAt', u.created_at,
             'lastLoginAt', u.last_login_at,
             'roles', coalesce((select json_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '[]'::json))
         from users u where u.id = $1 and u.deleted_at is null",
    )
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?;
    let account = account.ok_or_else(Error::unauthorized)?;
    let profile: Value = sqlx::query_scalar(
        "select coalesce((select json_build_object('firstname', p.firstname, 'lastname', p.lastname, 'phoneNumber', p.phone_number,
                                                   'gender', p.gender_code, 'dateOfBirth', p.date_of_birth, 'avatarFileId', p.avatar_file_id)
                          from profiles p where p.user_id = $1), '{}'::json)",
    )
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await?;
    let consents: Value = sqlx::query_scalar(
        "select json_build_object('termsOfUseAcceptedAt', terms_of_use_accepted_at, 'dataProcessingAcceptedAt', data_processing_accepted_at,
                                  'useOfCookiesAcceptedAt', use_of_cookies_accepted_at, 'newsletterOptIn', newsletter_opt_in)
         from users where id = $1",
    )
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await?;
    let sessions = rows(
        &mut conn,
        "select json_build_object('sessionId', s.id, 'createdAt', s.created_at, 'lastSeenAt', s.last_seen_at, 'expiresAt', s.expires_at,
                                  'endedAt', s.revoked_at, 'rememberMe', s.remember_me, 'ip', host(s.ip), 'userAgent', s.user_agent,
                                  'company', c.business_name, 'byAdministrator', s.original_user_id is not null)
         from sessions s left join companies c on c.id = s.company_id where s.user_id = $1 order by s.created_at desc",
        user_id,
    )
    .await?;
    let companies = rows(
        &mut conn,
        "select json_build_object('countryCode', c.country_code, 'registryCode', c.registry_code, 'businessName', c.business_name,
                                  'administrator', s.is_administrator, 'supervisor', c.supervisor_user_id = s.user_id, 'since', s.created_at)
         from company_staff s join companies c on c.id = s.company_id where s.user_id = $1 order by c.business_name",
        user_id,
    )
    .await?;
    let applications = rows(
        &mut conn,
        "select json_build_object('applicationId', a.id, 'vacancyId', a.vacancy_id,
                                  'occupation', coalesce(o.label_et, v.occupation_label), 'company', c.business_name,
                                  'cvId', a.cv_id, 'coverLetter', a.cover_letter, 'source', a.source, 'status', a.status,
                                  'verdict', a.verdict, 'createdAt', a.created_at, 'withdrawnAt', a.withdrawn_at,
                                  'answers', coalesce((select json_agg(json_build_object('question', q.question, 'answer', q.answer) order by q.created_at)
                                                       from application_answers q where q.application_id = a.id), '[]'::json))
         from applications a join vacancies v on v.id = a.vacancy_id join companies c on c.id = v.company_id
         left join ref_occupations o on o.code = v.occupation_code
         where a.applicant_user_id = $1 order by a.created_at desc",
        user_id,
    )
    .await?;
    let favourites = rows(
        &mut conn,
        "select json_build_object('vacancyId', f.vacancy_id, 'occupation', coalesce(o.label_et, v.occupation_label),
                                  'company', c.business_name, 'savedAt', f.created_at)
         from favourite_vacancies f join vacancies v on v.id = f.vacancy_id join companies c on c.id = v.company_id
         left join ref_occupations o on o.code = v.occupation_code where f.user_id = $1 order by f.created_at desc",
        user_id,
    )
    .await?;
    let saved_searches = rows(
        &mut conn,
        "select json_build_object('savedSearchId', s.id, 'name', s.name, 'filter', s.filter, 'query', s.query,
                                  'frequency', s.frequency, 'paused', s.paused, 'createdAt', s.created_at,
                                  'lastLookedAt', s.last_looked_at, 'lastMailedAt', s.last_mailed_at)
         from saved_searches s where s.user_id = $1 order by s.created_at desc",
        user_id,
    )
    .await?;
    let interviews = rows(
        &mut conn,
        "select json_build_object('interviewId', i.id, 'company', c.business_name, 'vacancyId', i.vacancy_id,
                                  'occupation', coalesce(o.label_et, v.occupation_label), 'applicationId', i.application_id,
                                  'type', i.type, 'durationMinutes', i.duration_minutes, 'startsAt', i.starts_at, 'link', i.link,
                                  'location', i.location, 'description', i.description, 'reason', i.reason,
                                  'conclusionMessage', i.conclusion_message, 'status', i.status, 'applicantMessage', i.applicant_message,
                                  'acceptedAt', i.accepted_at, 'canceledAt', i.canceled_at, 'completedAt', i.completed_at, 'createdAt', i.created_at,
                                  'slots', coalesce((select json_agg(json_build_object('startsAt', s.starts_at, 'endsAt', s.ends_at) order by s.starts_at)
                                                     from interview_slots s where s.interview_id = i.id), '[]'::json))
         from interviews i join companies c on c.id = i.company_id left join vacancies v on v.id = i.vacancy_id
         left join ref_occupations o on o.code = v.occupation_code
         where i.applicant_user_id = $1 order by i.created_at desc",
        user_id,
    )
    .await?;
    let calendar_events = rows(
        &mut conn,
        "select json_build_object('eventId', e.id, 'name', e.name, 'description', e.description, 'startsAt', e.starts_at,
                                  'endsAt', e.ends_at, 'allDay', e.all_day, 'recurrenceRule', e.recurrence_rule,
                                  'recurrenceUntil', e.recurrence_until, 'timeZone', e.time_zone)
         from calendar_events e where e.owner_user_id = $1 order by e.starts_at",
        user_id,
    )
    .await?;
    let working_hours = rows(
        &mut conn,
        "select json_build_object('weekday', h.weekday, 'startTime', h.start_time, 'endTime', h.end_time)
         from user_working_hours h where h.user_id = $1 order by h.weekday",
        user_id,
    )
    .await?;
    let chats = rows(
        &mut conn,
        "select json_build_object('chatId', ch.id, 'company', c.business_name, 'applicationId', ch.application_id,
                                  'messages', coalesce((select json_agg(json_build_object('fromMe', m.author_user_id = $1, 'body', m.body,
                                                                                          'attachmentFileId', m.attachment_file_id,
                                                                                          'sentAt', m.created_at, 'readAt', m.read_at)
                                                                        order by m.created_at)
                                                        from chat_messages m where m.chat_id = ch.id), '[]'::json))
         from chats ch join companies c on c.id = ch.company_id where ch.applicant_user_id = $1 order by ch.created_at",
        user_id,
    )
    .await?;
    let seen = rows(
        &mut conn,
        "select json_build_object('kind', s.kind, 'seenAt', s.seen_at) from menu_notification_seen s where s.user_id = $1 order by s.kind",
        user_id,
    )
    .await?;
    let notification_items = rows(
        &mut conn,
        "select json_build_object('kind', n.kind, 'payload', n.payload, 'createdAt', n.created_at,
                                  'readAt', (select r.read_at from notification_reads r where r.notification_id = n.id and r.user_id = $1))
         from notifications n where n.user_id = $1 order by n.created_at desc",
        user_id,
    )
    .await?;
    let invoices = rows(
        &mut conn,
        "select json_build_object('invoiceId', i.id, 'number', i.number, 'referenceNumber', i.reference_number, 'buyerName', i.buyer_name,
                                  'buyerRegistryCode', i.buyer_registry_code, 'buyerVatNumber', i.buyer_vat_number,
                                  'buyerAddress', i.buyer_address, 'buyerEmail', i.buyer_email, 'issuedOn', i.issued_on, 'dueOn', i.due_on,
                                  'status', i.status, 'currency', i.currency, 'subtotalCents', i.subtotal_cents, 'vatCents', i.vat_cents,
                                  'totalCents', i.total_cents, 'paidAt', i.paid_at, 'cancelledAt', i.cancelled_at,
                                  'lines', coalesce((select json_agg(json_build_object('description', l.description, 'quantity', l.quantity,
                                                                                       'unitPriceCents', l.unit_price_cents, 'discount', l.discount,
                                                                                       'vatRateBasisPoints', l.vat_rate_bp,
                                                                                       'lineTotalCents', l.line_total_cents, 'vatCents', l.vat_cents)
                                                                     order by l.position)
                                                     from invoice_lines l where l.invoice_id = i.id), '[]'::json))
         from invoices i where i.user_id = $1 and i.deleted_at is null order by i.issued_on desc, i.number",
        user_id,
    )
    .await?;

    let retention = kept_until(&mut conn, user_id, periods).await?;
    let cv_rows: Vec<(Uuid, Option<DateTime<Utc>>)> =
        sqlx::query_as("select id, deleted_at from cvs where owner_user_id = $1 order by created_at").bind(user_id).fetch_all(&mut *conn).await?;
    drop(conn);
    let mut cvs_out = Vec::new();
    for (id, deleted_at) in cv_rows {
        if let Some(cv) = cvs::load(pool, id).await? {
            cvs_out.push(ExportedCv { cv, deleted_at });
        }
    }

    let stored: Vec<(StoredFile, String, DateTime<Utc>)> = sqlx::query_as::<_, (Uuid, String, String, i64, String, String, DateTime<Utc>)>(
        "select id, original_name, content_type, size_bytes, storage_key, kind, created_at from files
         where owner_user_id = $1 and kind = any($2) order by created_at, id",
    )
    .bind(user_id)
    .bind(&EXPORTED_KINDS[..])
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|(id, original_name, content_type, size_bytes, storage_key, kind, created_at)| {
        (StoredFile { id, original_name, content_type, size_bytes, storage_key }, kind, created_at)
    })
    .collect();
    let mut files = Vec::new();
    let mut listed = Vec::new();
    for (file, kind, created_at) in stored {
        let path = format!("files/{}-{}", file.id, archive_name(&file.download_name()));
        listed.push(ExportedFile {
            file_id: file.id,
            kind,
            name: file.original_name.clone(),
            content_type: file.content_type.clone(),
            size: file.size_bytes,
            created_at,
            path: Some(path.clone()),
        });
        files.push((file, Some(path)));
    }

    let data = json!({
        "exportedAt": Utc::now(),
        "account": account,
        "profile": profile,
        "consents": consents,
        "sessions": sessions,
        "companies": companies,
        "cvs": cvs_out,
        "applications": applications,
        "favouriteVacancies": favourites,
        "savedSearches": saved_searches,
        "interviews": interviews,
        "calendarEvents": calendar_events,
        "workingHours": working_hours,
        "chats": chats,
        "notifications": { "newsletterOptIn": consents["newsletterOptIn"], "menuSeen": seen, "items": notification_items },
        "invoices": invoices,
        "files": listed,
        "retention": retention,
    });
    Ok((data, files))
}

/// A finished export: a zip in an anonymous temporary file, read from its start.
pub struct Export {
    pub file: std::fs::File,
    pub size: u64,
}

/// Everything the service holds about the user as a zip: `data.json` (with `retention`: what is
/// kept and until when, [`kept_until`]) and `files/` (profile
/// picture, CV PDFs and row files, chat attachments, invoice PDFs). Built in a temporary file, so
/// large portfolios never sit in memory. A file whose bytes are gone is listed with `path: null`.
#[tracing::instrument(skip_all)]
pub async fn export(pool: &PgPool, store: &FileStore, user_id: Uuid, periods: &Periods) -> Result<Export> {
    let (mut data, files) = collect(pool, user_id, periods).await?;
    let mut present = Vec::new();
    for (index, (file, path)) in files.into_iter().enumerate() {
        if store.exists(&file.storage_key).await {
            present.push((file, path));
        } else {
            tracing::warn!(file = %file.id, "an exported file's bytes are missing");
            data["files"][index]["path"] = Value::Null;
        }
    }
    let store = store.clone();
    let built = tokio::task::spawn_blocking(move || -> Result<Export> {
        use zip::CompressionMethod;
        use zip::write::SimpleFileOptions;
        let zip_error = |e: zip::result::ZipError| Error::from(anyhow::anyhow!("writing the export: {e}"));
        let io_error = |e: std::io::Error| Error::from(anyhow::anyhow!("writing the export: {e}"));
        let mut zip = zip::ZipWriter::new(tempfile::tempfile().map_err(io_error)?);
        let deflated = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
        // pictures, PDFs, office files and media are compressed already
        let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored).large_file(true);
        zip.start_file("data.json", deflated).map_err(zip_error)?;
        let json = serde_json::to_vec_pretty(&data).map_err(anyhow::Error::from)?;
        zip.write_all(&json).map_err(io_error)?;
        for (file, path) in present {
            let Some(path) = path else { continue };
            let mut source = store.open_blocking(&file.storage_key)?;
            zip.start_file(path, stored).map_err(zip_error)?;
            std::io::copy(&mut source, &mut zip).map_err(io_error)?;
        }
        let mut file = zip.finish().map_err(zip_error)?;
        let size = file.seek(SeekFrom::End(0)).map_err(io_error)?;
        file.seek(SeekFrom::Start(0)).map_err(io_error)?;
        Ok(Export { file, size })
    })
    .await
    .map_err(anyhow::Error::from)??;
    Ok(built)
}

/// What an erasure did, for the audit log.
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Erased {
    pub cvs: usize,
    pub files: usize,
    pub applications_anonymised: u64,
    pub interviews_anonymised: u64,
    pub company_memberships: u64,
}

/// Deletes the user's account once the typed e-mail matches theirs (case and surrounding spaces do
/// not matter). In one transaction: every session ends; CVs and their files are erased (and leave
/// the CV database); the profile picture, favourites, saved searches, calendar, working hours, notifications and
/// chats go; applications and interviews stay for the employers without the applicant's CV, cover
/// letter, answers or messages (upcoming interviews are cancelled); company memberships end;
/// invoices stay. The user row becomes a tombstone that cannot sign in, so the address may
/// register again. The files' bytes are removed after the commit. The supervisor of a company
/// that has other staff is refused (400 naming `company`, the message naming the company) until
/// they hand the role over; a sole supervisor may leave (the company stays, unsupervised).
#[tracing::instrument(skip_all)]
pub async fn delete_account(pool: &PgPool, store: &FileStore, user_id: Uuid, typed_email: &str, ip: Option<&str>) -> Result<Erased> {
    let typed = typed_email.trim().to_lowercase();
    if typed.is_empty() {
        return Err(Error::field("email", "Type your e-mail address to confirm"));
    }
    let mut tx = pool.begin().await?;
    let username: Option<String> = sqlx::query_scalar("select username from users where id = $1 and deleted_at is null for update")
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
    let username = username.ok_or_else(Error::unauthorized)?;
    if typed != username {
        return Err(Error::field("email", "The e-mail address does not match your account"));
    }
    // a company whose supervisor leaves while colleagues stay would have no one to manage its staff
    let supervised: Option<String> = sqlx::query_scalar(
        "select c.business_name from companies c
         where c.supervisor_user_id = $1 and c.deleted_at is null
           and exists (select 1 from company_staff s where s.company_id = c.id and s.user_id <> $1)
         order by c.business_name limit 1",
    )
    .bind(user_id)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(company) = supervised {
        return Err(Error::field("company", format!("You are the supervisor of {company}: hand the role over to a colleague first")));
    }
    let (erased, keys) = erase(&mut tx, user_id, Some(user_id), "account.delete", ip).await?;
    tx.commit().await?;
    store.remove_all(&keys).await;
    Ok(erased)
}

/// An administrator deletes an applicant's account once the applicant's username (e-mail) is typed:
/// what the applicant's own deletion does ([`delete_account`]), audited as
/// `applicant.delete` by the administrator. A wrong username is a 400 naming `username` ("Wrong
/// username"); an account that is not an applicant's, or is an administrator's, is refused with
/// "Failed to delete applicant {username}"; an unknown id is "not found".
#[tracing::instrument(skip_all, fields(%applicant_id))]
pub async fn delete_applicant(
    pool: &PgPool,
    store: &FileStore,
    admin_id: Uuid,
    applicant_id: Uuid,
    typed_username: &str,
    ip: Option<&str>,
) -> Result<Erased> {
    let mut tx = pool.begin().await?;
    let found: Option<(String, bool, bool)> = sqlx::query_as(
        "select u.username,
                exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'APPLICANT'),
                exists (select 1 from user_roles r where r.user_id = u.id and r.role in ('ADMIN', 'SUPERVISOR'))
         from users u where u.id = $1 and u.deleted_at is null for update",
    )
    .bind(applicant_id)
    .fetch_optional(&mut *tx)
    .await?;
    let (username, applicant, administrator) = found.ok_or_else(Error::not_found)?;
    if typed_username.trim().to_lowercase() != username {
        return Err(Error::field("username", "Wrong username"));
    }
    if !applicant || administrator {
        return Err(Error::field("username", format!("Failed to delete applicant {username}")));
    }
    let (erased, keys) = erase(&mut tx, applicant_id, Some(admin_id), "applicant.delete", ip).await?;
    tx.commit().await?;
    store.remove_all(&keys).await;
    Ok(erased)
}

/// The files an erasure of the user removes, as (id, storage key): their CV files, profile
/// picture and its thumbnail, and every attachment of their chats. The retention job removes
/// their bytes before the erasure's transaction, so a job stopped between the two finishes on its
/// next run (the rows still name the same files).
pub async fn files_erased_with(conn: &mut PgConnection, user_id: Uuid) -> Result<Vec<(Uuid, String)>> {
    Ok(sqlx::query_as(
        "select f.id, f.storage_key from files f
         where f.id in (select id from files where owner_user_id = $1 and (kind = any($2) or kind in ('avatar', 'avatar_thumbnail'))
                        union select m.attachment_file_id from chat_messages m join chats c on c.id = m.chat_id
                              where c.applicant_user_id = $1 and m.attachment_file_id is not null)",
    )
    .bind(user_id)
    .bind(&CV_FILE_KINDS[..])
    .fetch_all(conn)
    .await?)
}

/// Erases an account nobody signed in to for the retention period, on the caller's transaction
/// (the user row locked by the caller): what the owner's own deletion does, recorded as
/// `retention.account` by the system. Answers what went and the storage keys to remove.
pub async fn erase_inactive(tx: &mut PgConnection, user_id: Uuid) -> Result<(Erased, Vec<String>)> {
    erase(tx, user_id, None, "retention.account", None).await
}

/// What the service keeps of the user and until when, for the export: the table of rules with
/// the periods in force, and each kept item (the account, applications, CVs in a company's
/// CV-database vacancy, sessions) with the time it goes (`keptUntil`; null while its clock has not started:
/// a vacancy still running, CV-database access that has no end yet).
async fn kept_until(conn: &mut PgConnection, user_id: Uuid, periods: &Periods) -> Result<Value> {
    let (last_active, warned_at): (DateTime<Utc>, Option<DateTime<Utc>>) =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("select {}, u.retention_warned_at from users u where u.id = $1", retention::LAST_ACTIVE_SQL)))
            .bind(user_id)
            .fetch_one(&mut *conn)
            .await?;
    let account_until = periods.account_erased_at(last_active, warned_at, Utc::now());
    let applications: Value = sqlx::query_scalar(
        "select coalesce(json_agg(json_build_object('kind', 'application', 'id', a.id, 'keptUntil', v.valid_until + make_interval(secs => $2))
                                  order by a.created_at), '[]'::json)
         from applications a join vacancies v on v.id = a.vacancy_id where a.applicant_user_id = $1 and v.type = 'DEFAULT'",
    )
    .bind(user_id)
    .bind(periods.application_kept_after_end().num_seconds() as f64)
    .fetch_one(&mut *conn)
    .await?;
    let additions: Value = sqlx::query_scalar(
        "select coalesce(json_agg(json_build_object('kind', 'cvDatabaseAddition', 'id', a.id, 'keptUntil',
                     (select case when bool_or(s.ends_at is null) then null
                                  else greatest(a.created_at, max(s.ends_at)) + make_interval(secs => $2) end
                      from services s where s.company_id = v.company_id and s.type = 'CV' and s.status in ('ACTIVE', 'WAITING', 'FINISHED')))
                     order by a.created_at), '[]'::json)
         from applications a join vacancies v on v.id = a.vacancy_id where a.applicant_user_id = $1 and v.type = 'CV_BASE'",
    )
    .bind(user_id)
    .bind(retention::CV_DATABASE_KEPT_AFTER_ACCESS.num_seconds() as f64)
    .fetch_one(&mut *conn)
    .await?;
    let sessions: Value = sqlx::query_scalar(
        "select coalesce(json_agg(json_build_object('kind', 'session', 'id', s.id,
                                                    'keptUntil', least(s.expires_at, coalesce(s.revoked_at, s.expires_at)) + make_interval(secs => $2))
                                  order by s.created_at), '[]'::json)
         from sessions s where s.user_id = $1",
    )
    .bind(user_id)
    .bind(retention::ENDED_SIGN_IN_KEPT.num_seconds() as f64)
    .fetch_one(&mut *conn)
    .await?;
    let mut items = vec![json!({ "kind": "account", "id": user_id, "keptUntil": account_until, "lastActiveAt": last_active })];
    for list in [applications, additions, sessions] {
        if let Value::Array(list) = list {
            items.extend(list);
        }
    }
    Ok(json!({ "rules": retention::rules(periods), "items": items }))
}

/// Erases the account on the caller's transaction (its row locked by the caller) and records
/// `action` by `actor`; answers what went and the storage keys to remove after the commit.
async fn erase(tx: &mut PgConnection, user_id: Uuid, actor: Option<Uuid>, action: &str, ip: Option<&str>) -> Result<(Erased, Vec<String>)> {
    let mut erased = Erased::default();

    let cv_ids: Vec<Uuid> = sqlx::query_scalar("select id from cvs where owner_user_id = $1").bind(user_id).fetch_all(&mut *tx).await?;
    erased.cvs = cv_ids.len();
    let doomed_files: Vec<Uuid> = files_erased_with(tx, user_id).await?.into_iter().map(|(id, _)| id).collect();
    let username: String = sqlx::query_scalar("select username from users where id = $1").bind(user_id).fetch_one(&mut *tx).await?;
    audit::redact_about(&mut *tx, user_id, &username).await?;

    sqlx::query("delete from cvs where owner_user_id = $1").bind(user_id).execute(&mut *tx).await?;
    let index_jobs: Vec<IndexJob> = cv_ids.iter().copied().map(IndexJob::Cv).collect();
    jobs::enqueue_index(tx, &index_jobs).await?;

    sqlx::query("delete from application_answers where application_id in (select id from applications where applicant_user_id = $1)")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    erased.applications_anonymised = sqlx::query(
        "update applications set cv_id = null, cover_letter = null, anonymised_at = coalesce(anonymised_at, now())
         where applicant_user_id = $1",
    )
    .bind(user_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    erased.interviews_anonymised = sqlx::query(
        "update interviews set applicant_message = null,
             status = case when status in ('INVITED', 'ACCEPTED') and (starts_at is null or starts_at > now()) then 'CANCELED' else status end,
             canceled_at = case when status in ('INVITED', 'ACCEPTED') and (starts_at is null or starts_at > now()) then now() else canceled_at end,
             canceled_by_user_id = case when status in ('INVITED', 'ACCEPTED') and (starts_at is null or starts_at > now()) then $1 else canceled_by_user_id end
         where applicant_user_id = $1",
    )
    .bind(user_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    for sql in [
        "delete from chats where applicant_user_id = $1",
        "delete from favourite_vacancies where user_id = $1",
        "delete from vacancy_hidden_for_user where user_id = $1",
        "delete from saved_searches where user_id = $1",
        "delete from calendar_events where owner_user_id = $1",
        "delete from user_working_hours where user_id = $1",
        "delete from notifications where user_id = $1",
        "delete from notification_reads where user_id = $1",
        "delete from menu_notification_seen where user_id = $1",
        "delete from unsubscribe_tokens where user_id = $1",
        "delete from vacancy_moderators where user_id = $1",
        "update companies set supervisor_user_id = null where supervisor_user_id = $1",
        "delete from sessions where user_id = $1 or original_user_id = $1",
        "delete from one_time_codes where user_id = $1",
        "delete from otp_failures where user_id = $1",
        "delete from otp_client_locks where user_id = $1",
        "delete from user_roles where user_id = $1",
        "update profiles set firstname = null, lastname = null, phone_number = null, gender_code = null, date_of_birth = null,
             avatar_file_id = null where user_id = $1",
        "update users set username = 'deleted-' || id || '@deleted.invalid', deleted_at = now(), newsletter_opt_in = false,
             last_login_at = null where id = $1",
    ] {
        sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
    }
    erased.company_memberships =
        sqlx::query("delete from company_staff where user_id = $1").bind(user_id).execute(&mut *tx).await?.rows_affected();
    crate::companies::api_keys::revoke_lapsed(tx, crate::companies::api_keys::Lapsed::MadeBy(user_id), actor.unwrap_or(user_id), "maker_deleted", ip).await?;
    let keys: Vec<String> = sqlx::query_scalar("delete from files where id = any($1) returning storage_key")
        .bind(&doomed_files)
        .fetch_all(&mut *tx)
        .await?;
    erased.files = keys.len();
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: actor,
            action,
            target_user_id: Some(user_id),
            target_company_id: None,
            details: serde_json::to_value(&erased).map_err(anyhow::Error::from)?,
            ip,
        },
    )
    .await?;
    Ok((erased, keys))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archive_names_stay_inside_their_folder() {
        assert_eq!(archive_name("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(archive_name("Sõidutunnistus 2024.pdf"), "Sõidutunnistus_2024.pdf");
        assert_eq!(archive_name(""), "file");
    }

    #[test]
    fn every_kind_of_cv_file_is_exported() {
        for kind in CV_FILE_KINDS {
            assert!(EXPORTED_KINDS.contains(&kind), "{kind}");
        }
    }
}
