//! The vacancy's auto-reply: when a vacancy has an auto-reply text, applying to it queues a mail of
//! that text to the applicant, on the application's own transaction ([`queue`]); the worker sends
//! it once ([`mail_auto_reply`]) in the applicant's language (`users.locale`), with a translated
//! subject naming the company and the occupation.

use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::platform::error::Result;
use crate::platform::jobs;
use crate::platform::locale::Locale;
use crate::platform::mail::{self, Mailer};

/// The queue of auto-reply mails.
pub const AUTO_REPLY_QUEUE: &str = "vakants.auto-reply-mail";

/// Mail the vacancy's auto-reply to the applicant of this application.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailAutoReply {
    pub application_id: Uuid,
}

/// Queues the auto-reply of the vacancy on the caller's transaction when the vacancy has one
/// (a blank text is none); answers whether it did.
pub async fn queue(conn: &mut PgConnection, vacancy_id: Uuid, application_id: Uuid) -> Result<bool> {
    let has_text: bool = sqlx::query_scalar("select coalesce(btrim(auto_reply_text), '') <> '' from vacancies where id = $1")
        .bind(vacancy_id)
        .fetch_optional(&mut *conn)
        .await?
        .unwrap_or(false);
    if has_text {
        jobs::push(conn, AUTO_REPLY_QUEUE, &[MailAutoReply { application_id }]).await?;
    }
    Ok(has_text)
}

/// Sends the auto-reply of the application's vacancy, as the vacancy says it now. Answers whether
/// a mail went out: nothing is sent when the application or the text is gone since, or when the
/// applicant withdrew it meanwhile.
#[tracing::instrument(skip_all, fields(application = %application_id))]
pub async fn mail_auto_reply(pool: &PgPool, mailer: &Mailer, application_id: Uuid) -> Result<bool> {
    type Row = (String, String, Option<String>, String, String, String, String);
    let row: Option<Row> = sqlx::query_as(
        "select u.username, u.locale, nullif(btrim(v.auto_reply_text), ''), c.business_name,
                coalesce(o.label_et, v.occupation_label, ''), coalesce(o.label_en, v.occupation_label, ''),
                coalesce(o.label_ru, v.occupation_label, '')
         from applications a join users u on u.id = a.applicant_user_id join vacancies v on v.id = a.vacancy_id
         join companies c on c.id = v.company_id left join ref_occupations o on o.code = v.occupation_code
         where a.id = $1 and a.withdrawn_at is null and a.anonymised_at is null and u.deleted_at is null",
    )
    .bind(application_id)
    .fetch_optional(pool)
    .await?;
    let Some((to, locale, Some(text), company, et, en, ru)) = row else { return Ok(false) };
    let locale = Locale::from_code(&locale).unwrap_or_default();
    let occupation = match locale {
        Locale::Et => et,
        Locale::En => en,
        Locale::Ru => ru,
    };
    mailer.send(mail::auto_reply(locale, &to, &occupation, &company, &text)).await?;
    Ok(true)
}
