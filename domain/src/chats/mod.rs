//! Chats between a company and an applicant (spec 1 section 4, spec 2 sections 1 and 7).
//!
//! One chat per company and applicant (`chats` is unique on the pair): the employer starts it about
//! an application to one of the company's vacancies, or (issue 18) about a CV the company sees
//! through its CV-database access; starting it again answers the same chat. The applicant writes
//! only after the employer has written. The chat is open while the company has access to the
//! applicant's CV ([`open_sql`]) and read-only afterwards: its history stays readable by both sides.
//!
//! Who reads: the applicant, and the staff of the company while they act for it ([`Party`]) who
//! see the applicant's candidacy (the company's supervisor and administrators, the moderators of a
//! vacancy the applicant applied to, and the starter of a chat about a CV of the CV database:
//! [`delegation::sees_applicant_sql`]). Anyone else gets "not found". A message is read when the other side opens the chat (`read_at`);
//! one left unread for [`unread_mail::MAIL_AFTER`] is mailed to its recipient once.

pub mod unread_mail;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use crate::applications::workable_sql;
use crate::companies::cv_database_access_sql;
use crate::delegation;
use crate::files::chat_attachment_url;
use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::locale::Locale;
use crate::platform::sorting::{SortField, Sorting};

/// The longest message, in characters.
pub const MAX_TEXT: usize = 5000;
/// The chat list's page size (spec: "Chat list default 50").
pub const PAGE_SIZE: u32 = 50;

/// Who reads or writes a chat: the applicant, or a member of the company's staff acting for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Party {
    Applicant { user_id: Uuid },
    Employer { user_id: Uuid, company_id: Uuid },
}

impl Party {
    pub fn user_id(self) -> Uuid {
        match self {
            Party::Applicant { user_id } | Party::Employer { user_id, .. } => user_id,
        }
    }

    /// Binds of the chat filters below: ($user, $company): the reader, and for a member of the
    /// staff the company they act for (null for the applicant).
    fn binds(self) -> (Option<Uuid>, Option<Uuid>) {
        match self {
            Party::Applicant { user_id } => (Some(user_id), None),
            Party::Employer { user_id, company_id } => (Some(user_id), Some(company_id)),
        }
    }
}

/// What the employer starts a chat about.
#[derive(Clone, Copy, Debug)]
pub enum Subject {
    /// An application to one of the company's vacancies (not withdrawn, still workable).
    Application(Uuid),
    /// A CV the company sees through its CV-database access (issue 18 adds the call).
    Cv(Uuid),
}

/// Whether the company of chat `c` has access to its applicant's CV now: an application of the
/// applicant to one of its vacancies is still workable ([`workable_sql`]), or the company holds
/// CV-database access while the applicant has a CV finished and visible there.
pub fn open_sql() -> String {
    format!(
        "(exists (select 1 from companies oc where oc.id = c.company_id and oc.deleted_at is null)
          and (exists (select 1 from applications a join vacancies v on v.id = a.vacancy_id
                       where a.applicant_user_id = c.applicant_user_id and v.company_id = c.company_id
                         and a.withdrawn_at is null and a.anonymised_at is null and a.status <> 'DELETED' and {})
               or (exists (select 1 from cvs cv where cv.owner_user_id = c.applicant_user_id and cv.deleted_at is null
                                                  and cv.status = 'ACTIVE' and cv.visibility = 'VISIBLE')
                   and {})))",
        workable_sql("now()"),
        cv_database_access_sql("c.company_id")
    )
}

/// Chat `c` as its reader sees it: the applicant (`$1`, `$2` null) their own; a member of the
/// staff (`$1`) acting for the company (`$2`) its chats with the applicants whose candidacies they
/// see (the one rule of [`crate::delegation`]).
fn visible_to_party() -> String {
    format!(
        "(($2::uuid is null and c.applicant_user_id = $1) or ($2::uuid is not null and c.company_id = $2 and {}))",
        delegation::sees_applicant_sql("c.company_id", "c.applicant_user_id", "$1", "c.application_id", "c.started_by_user_id")
    )
}

/// [`visible_to_party`], where the applicant lists a chat only once the employer has written in it.
fn listed_for_party() -> String {
    format!("({} and ($2::uuid is not null or c.last_message_at is not null))", visible_to_party())
}

/// Message `m` of chat `c` comes from the other side than the reader's (`$2` set: the reader is
/// the company). A message whose author left (null) was written by the company's staff: an
/// applicant's own account going takes the chat with it.
const FROM_OTHER_SIDE: &str = "(case when $2::uuid is not null then coalesce(m.author_user_id = c.applicant_user_id, false)
                                    else m.author_user_id is distinct from c.applicant_user_id end)";

/// A chat in the list, or the head of an open one.
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatSummary {
    pub chat_id: Uuid,
    /// The application the chat was started about (none when started about a CV, or once the
    /// application is deleted).
    pub application_id: Option<Uuid>,
    /// For the applicant the company's name; for the employer the applicant's name.
    pub other_party: String,
    /// The occupation of the vacancy the application answers, in the reader's language.
    pub occupation: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_message_at: Option<DateTime<Utc>>,
    /// The start of the latest message, at most 140 characters.
    pub last_message: Option<String>,
    /// Messages from the other side the reader has not read.
    pub unread: i64,
    /// Whether the company still has access to the applicant's CV; a closed chat is read-only.
    pub open: bool,
    /// Whether the reader may write now: the chat is open and, for the applicant, the employer
    /// has written.
    pub can_write: bool,
}

/// A page of the chat list, newest activity first.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatPage {
    pub content: Vec<ChatSummary>,
    pub total_elements: u64,
    pub total_pages: u32,
    /// Zero-based.
    pub page: u32,
    pub size: u32,
}

#[derive(sqlx::FromRow)]
struct SummaryRow {
    #[sqlx(flatten)]
    summary: ChatSummary,
    total: i64,
}

/// The summary query over the reader's chats, `extra` narrowing it; `$1`/`$2` are the party's
/// binds, `$3` the first free one.
fn summary_sql(locale: Locale, filter: &str, extra: &str, tail: &str) -> String {
    let label = match locale {
        Locale::Et => "o.label_et",
        Locale::En => "o.label_en",
        Locale::Ru => "o.label_ru",
    };
    format!(
        "select c.id as chat_id, c.application_id,
                case when $2::uuid is not null then trim(concat_ws(' ', p.firstname, p.lastname)) else co.business_name end as other_party,
                coalesce({label}, v.occupation_label) as occupation, c.created_at, c.last_message_at,
                (select left(m.body, 140) from chat_messages m where m.chat_id = c.id order by m.created_at desc, m.id desc limit 1) as last_message,
                (select count(*) from chat_messages m where m.chat_id = c.id and m.read_at is null and {FROM_OTHER_SIDE}) as unread,
                {open} as open,
                ({open} and ($2::uuid is not null
                             or exists (select 1 from chat_messages m where m.chat_id = c.id and m.author_user_id is distinct from c.applicant_user_id))) as can_write,
                count(*) over () as total
         from chats c join companies co on co.id = c.company_id
         left join profiles p on p.user_id = c.applicant_user_id
         left join applications a on a.id = c.application_id
         left join vacancies v on v.id = a.vacancy_id
         left join ref_occupations o on o.code = v.occupation_code
         where {filter} {extra}
         {tail}",
        open = open_sql(),
    )
}

/// What the chat list sorts by (`?sort=`): the latest activity (the default, newest first), when
/// the chat began, the unread count (most first) or the other side's name (A to Z).
pub const SORT_FIELDS: &[SortField] = &[
    SortField::desc("lastMessage", "coalesce(c.last_message_at, c.created_at)"),
    SortField::desc("created", "c.created_at"),
    SortField::desc("unread", "unread"),
    SortField::asc("otherParty", "other_party"),
];

/// The reader's chats in `sorting`'s order, `PAGE_SIZE` (or `size`) to a page.
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool, party: Party, locale: Locale, sorting: Sorting, page: u32, size: u32) -> Result<ChatPage> {
    let (applicant, company) = party.binds();
    // the order comes from SORT_FIELDS, never from the request's text
    let tail = format!("order by {} limit $3 offset $4", sorting.order_by("c.id"));
    let sql = summary_sql(locale, &listed_for_party(), "", &tail);
    let rows: Vec<SummaryRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(applicant)
        .bind(company)
        .bind(i64::from(size))
        .bind(i64::from(page) * i64::from(size))
        .fetch_all(pool)
        .await?;
    let total_elements = match rows.first() {
        Some(row) => row.total as u64,
        None => {
            let sql = format!("select count(*) from chats c where {}", listed_for_party());
            let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(applicant).bind(company).fetch_one(pool).await?;
            total as u64
        }
    };
    Ok(ChatPage {
        content: rows.into_iter().map(|row| row.summary).collect(),
        total_pages: total_elements.div_ceil(u64::from(size)) as u32,
        total_elements,
        page,
        size,
    })
}

/// One chat of the reader's; anyone else's is "not found".
#[tracing::instrument(skip_all)]
pub async fn summary(pool: &PgPool, party: Party, locale: Locale, chat_id: Uuid) -> Result<ChatSummary> {
    let (applicant, company) = party.binds();
    let sql = summary_sql(locale, &visible_to_party(), "and c.id = $3", "");
    let row: Option<SummaryRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant).bind(company).bind(chat_id).fetch_optional(pool).await?;
    row.map(|row| row.summary).ok_or_else(Error::not_found)
}

/// The chat of an application, for its applicant or the company whose vacancy it answers: the
/// chat of that company and applicant. "Not found" when there is none, or the application is not
/// the reader's.
#[tracing::instrument(skip_all)]
pub async fn of_application(pool: &PgPool, party: Party, locale: Locale, application_id: Uuid) -> Result<ChatSummary> {
    let (applicant, company) = party.binds();
    let sql = summary_sql(
        locale,
        &visible_to_party(),
        "and exists (select 1 from applications ap join vacancies av on av.id = ap.vacancy_id
                     where ap.id = $3 and ap.status <> 'DELETED' and ap.anonymised_at is null
                       and ap.applicant_user_id = c.applicant_user_id and av.company_id = c.company_id)",
        "",
    );
    let row: Option<SummaryRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant).bind(company).bind(application_id).fetch_optional(pool).await?;
    row.map(|row| row.summary).ok_or_else(Error::not_found)
}

/// A started chat.
#[derive(Clone, Copy, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Started {
    pub chat_id: Uuid,
    /// False when the chat of this company and applicant existed already.
    pub created: bool,
}

/// The employer starts (or finds) the chat with the applicant behind `subject`. An application
/// not to the company's vacancies, of a vacancy whose candidates the staff member does not see
/// ([`delegation`]), withdrawn or anonymised, or a CV the company cannot see: "not
/// found"; an application no longer workable: `chat_read_only`; a CV of the CV database without
/// the company's access to it: `cv_database_access_required`.
#[tracing::instrument(skip_all)]
pub async fn start(pool: &PgPool, company_id: Uuid, staff_user_id: Uuid, subject: Subject) -> Result<Started> {
    let (applicant, application_id) = match subject {
        Subject::Application(application_id) => {
            let sql = format!(
                "select a.applicant_user_id, {} as workable from applications a join vacancies v on v.id = a.vacancy_id
                 where a.id = $1 and v.company_id = $2 and a.withdrawn_at is null and a.anonymised_at is null and a.status <> 'DELETED'
                   and {}",
                workable_sql("now()"),
                delegation::sees_vacancy_sql("v", "$3")
            );
            let row: Option<(Uuid, bool)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(application_id)
                .bind(company_id)
                .bind(staff_user_id)
                .fetch_optional(pool)
                .await?;
            let (applicant, workable) = row.ok_or_else(Error::not_found)?;
            if !workable {
                return Err(Error::code(ErrorCode::ChatReadOnly));
            }
            (applicant, Some(application_id))
        }
        Subject::Cv(cv_id) => {
            let owner: Option<Uuid> = sqlx::query_scalar(
                "select owner_user_id from cvs where id = $1 and deleted_at is null and status = 'ACTIVE' and visibility = 'VISIBLE'",
            )
            .bind(cv_id)
            .fetch_optional(pool)
            .await?;
            let owner = owner.ok_or_else(Error::not_found)?;
            if !crate::companies::has_cv_database_access(pool, company_id).await? {
                return Err(Error::code(ErrorCode::CvDatabaseAccessRequired));
            }
            (owner, None)
        }
    };
    let (chat_id, created): (Uuid, bool) = sqlx::query_as(
        "insert into chats (company_id, applicant_user_id, application_id, started_by_user_id) values ($1, $2, $3, $4)
         on conflict (company_id, applicant_user_id) do update set application_id = coalesce(chats.application_id, excluded.application_id)
         returning id, (xmax = 0)",
    )
    .bind(company_id)
    .bind(applicant)
    .bind(application_id)
    .bind(staff_user_id)
    .fetch_one(pool)
    .await?;
    Ok(Started { chat_id, created })
}

/// A file sent with a message.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageAttachment {
    pub file_id: Uuid,
    pub name: String,
    /// In bytes.
    pub size: i64,
    pub content_type: String,
    /// Where either side downloads it (`GET`).
    pub url: String,
}

/// One message as a reader sees it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessage {
    pub message_id: Uuid,
    /// Plain text; the web makes its links clickable and never reads it as HTML.
    pub text: String,
    pub created_at: DateTime<Utc>,
    /// Written by the reader's side: the applicant, or any of the company's staff.
    pub mine: bool,
    /// When the other side read it.
    pub read_at: Option<DateTime<Utc>>,
    pub attachment: Option<MessageAttachment>,
}

#[derive(sqlx::FromRow)]
struct MessageRow {
    id: Uuid,
    body: String,
    created_at: DateTime<Utc>,
    mine: bool,
    read_at: Option<DateTime<Utc>>,
    file_id: Option<Uuid>,
    file_name: Option<String>,
    file_size: Option<i64>,
    file_type: Option<String>,
}

impl From<MessageRow> for ChatMessage {
    fn from(row: MessageRow) -> Self {
        let attachment = match (row.file_id, row.file_name, row.file_size, row.file_type) {
            (Some(file_id), Some(name), Some(size), Some(content_type)) => {
                Some(MessageAttachment { file_id, name, size, content_type, url: chat_attachment_url(file_id) })
            }
            _ => None,
        };
        ChatMessage { message_id: row.id, text: row.body, created_at: row.created_at, mine: row.mine, read_at: row.read_at, attachment }
    }
}

/// A chat with its messages, oldest first.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    pub chat: ChatSummary,
    pub messages: Vec<ChatMessage>,
}

const MESSAGE_COLUMNS: &str = "m.id, m.body, m.created_at, not {FROM_OTHER_SIDE} as mine, m.read_at,
    f.id as file_id, f.original_name as file_name, f.size_bytes as file_size, f.content_type as file_type";

/// The chat's messages for one of its parties, marking those from the other side read. Answers
/// how many were marked, for the live stream.
#[tracing::instrument(skip_all)]
pub async fn read(pool: &PgPool, party: Party, locale: Locale, chat_id: Uuid) -> Result<(Conversation, u64)> {
    let visible = visible_to_party();
    let (applicant, company) = party.binds();
    let mark = format!(
        "update chat_messages m set read_at = now() from chats c
         where c.id = m.chat_id and m.chat_id = $3 and m.read_at is null and {visible} and {FROM_OTHER_SIDE}"
    );
    let marked = sqlx::query(sqlx::AssertSqlSafe(mark)).bind(applicant).bind(company).bind(chat_id).execute(pool).await?.rows_affected();
    let chat = summary(pool, party, locale, chat_id).await?;
    let sql = format!(
        "select {} from chat_messages m join chats c on c.id = m.chat_id left join files f on f.id = m.attachment_file_id
         where m.chat_id = $3 and {visible} order by m.created_at, m.id",
        MESSAGE_COLUMNS.replace("{FROM_OTHER_SIDE}", FROM_OTHER_SIDE)
    );
    let rows: Vec<MessageRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant).bind(company).bind(chat_id).fetch_all(pool).await?;
    Ok((Conversation { chat, messages: rows.into_iter().map(ChatMessage::from).collect() }, marked))
}

/// A message to send.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewMessage {
    /// Plain text, 1 to 5000 characters (trimmed).
    pub text: String,
    /// A file uploaded with `POST /api/user/upload?kind=chat` by the writer, not yet sent.
    pub attachment_file_id: Option<Uuid>,
}

/// Who a chat belongs to: what the live stream needs to reach both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatParties {
    pub chat_id: Uuid,
    pub company_id: Uuid,
    pub applicant_user_id: Uuid,
}

/// Checks a message's text: trimmed, not empty, at most [`MAX_TEXT`] characters.
pub fn checked_text(text: &str) -> Result<&str> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::field("text", "Write a message"));
    }
    if text.chars().count() > MAX_TEXT {
        return Err(Error::field("text", format!("The message is longer than {MAX_TEXT} characters")));
    }
    Ok(text)
}

/// Sends a message in one of the writer's chats. A chat not theirs: "not found"; bad text or an
/// attachment that is not the writer's unsent upload: 400; a closed chat: `chat_read_only`; the
/// applicant before the employer has written: `chat_not_started`.
#[tracing::instrument(skip_all)]
pub async fn send(pool: &PgPool, party: Party, chat_id: Uuid, new: &NewMessage) -> Result<(ChatMessage, ChatParties)> {
    let visible = visible_to_party();
    let (applicant, company) = party.binds();
    let mut tx = pool.begin().await?;
    let sql = format!(
        "select c.company_id, c.applicant_user_id, {} as open,
                exists (select 1 from chat_messages m where m.chat_id = c.id and m.author_user_id is distinct from c.applicant_user_id) as employer_wrote
         from chats c where c.id = $3 and {visible} for update of c",
        open_sql()
    );
    let row: Option<(Uuid, Uuid, bool, bool)> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant).bind(company).bind(chat_id).fetch_optional(&mut *tx).await?;
    let (company_id, applicant_user_id, open, employer_wrote) = row.ok_or_else(Error::not_found)?;
    let text = checked_text(&new.text)?;
    if let Some(file_id) = new.attachment_file_id {
        let usable: bool = sqlx::query_scalar(
            "select exists (select 1 from files f where f.id = $1 and f.owner_user_id = $2 and f.kind = 'chat_attachment'
                            and not exists (select 1 from chat_messages m where m.attachment_file_id = f.id))",
        )
        .bind(file_id)
        .bind(party.user_id())
        .fetch_one(&mut *tx)
        .await?;
        if !usable {
            return Err(Error::field("attachmentFileId", "Unknown attachment: upload the file with kind chat first"));
        }
    }
    if !open {
        return Err(Error::code(ErrorCode::ChatReadOnly));
    }
    if matches!(party, Party::Applicant { .. }) && !employer_wrote {
        return Err(Error::code(ErrorCode::ChatNotStarted));
    }
    let (id, created_at): (Uuid, DateTime<Utc>) = sqlx::query_as(
        "insert into chat_messages (chat_id, author_user_id, body, attachment_file_id) values ($1, $2, $3, $4) returning id, created_at",
    )
    .bind(chat_id)
    .bind(party.user_id())
    .bind(text)
    .bind(new.attachment_file_id)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("update chats set last_message_at = $2 where id = $1").bind(chat_id).bind(created_at).execute(&mut *tx).await?;
    tx.commit().await?;
    let sql = format!(
        "select {} from chat_messages m join chats c on c.id = m.chat_id left join files f on f.id = m.attachment_file_id where m.id = $3",
        MESSAGE_COLUMNS.replace("{FROM_OTHER_SIDE}", FROM_OTHER_SIDE)
    );
    let row: MessageRow = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant).bind(company).bind(id).fetch_one(pool).await?;
    Ok((ChatMessage::from(row), ChatParties { chat_id, company_id, applicant_user_id }))
}

/// The parties of a chat the reader may read; anyone else's is "not found".
pub async fn parties(pool: &PgPool, party: Party, chat_id: Uuid) -> Result<ChatParties> {
    let visible = visible_to_party();
    let (applicant, company) = party.binds();
    let sql = format!("select c.id, c.company_id, c.applicant_user_id from chats c where c.id = $3 and {visible}");
    let row: Option<(Uuid, Uuid, Uuid)> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(applicant).bind(company).bind(chat_id).fetch_optional(pool).await?;
    let (chat_id, company_id, applicant_user_id) = row.ok_or_else(Error::not_found)?;
    Ok(ChatParties { chat_id, company_id, applicant_user_id })
}

/// A chat attachment as stored.
#[derive(Debug, sqlx::FromRow)]
pub struct AttachmentFile {
    pub storage_key: String,
    pub original_name: String,
    pub content_type: String,
}

/// A chat attachment for its uploader, or for either side of a chat whose message carries it;
/// anyone else: "not found".
pub async fn attachment_for(pool: &PgPool, party: Party, file_id: Uuid) -> Result<AttachmentFile> {
    let visible = visible_to_party();
    let (applicant, company) = party.binds();
    let sql = format!(
        "select f.storage_key, f.original_name, f.content_type from files f
         where f.id = $3 and f.kind = 'chat_attachment'
           and (f.owner_user_id = $4
                or exists (select 1 from chat_messages m join chats c on c.id = m.chat_id
                           where m.attachment_file_id = f.id and {visible}))"
    );
    let row: Option<AttachmentFile> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(applicant)
        .bind(company)
        .bind(file_id)
        .bind(party.user_id())
        .fetch_optional(pool)
        .await?;
    row.ok_or_else(Error::not_found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_trimmed_and_neither_empty_nor_too_long() {
        assert_eq!(checked_text("  Tere!  ").unwrap(), "Tere!");
        assert!(matches!(checked_text(" \n "), Err(Error::Client { field: Some("text"), .. })));
        assert!(checked_text(&"ä".repeat(MAX_TEXT)).is_ok(), "characters count, not bytes");
        let too_long = checked_text(&"a".repeat(MAX_TEXT + 1)).unwrap_err();
        assert!(too_long.to_string().contains("5000"), "{too_long}");
    }
}
