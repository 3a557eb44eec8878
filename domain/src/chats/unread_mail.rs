//! A chat message left unread for [`MAIL_AFTER`] is mailed to its recipient once
//! (`chat_messages.notified_at`). The worker runs [`mail_unread`] every minute with the clock as
//! `now`, so tests drive it with a fixed one.
//!
//! One mail per chat and side covers every message due at that run. The recipient is the
//! applicant, or on the company's side the staff member who started the chat (while still on the
//! staff), else the company's supervisor. Only a recipient on the mailing list gets it, with the
//! opt-out link (`users.newsletter_opt_in`, which the opt-out link turns off); for anyone else the
//! messages are marked handled all the same, so opting in later mails nothing old. The mail
//! names the sender and the count, never the text.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use crate::accounts::notifications::issue_unsubscribe_token;
use crate::platform::error::Result;
use crate::platform::locale::Locale;
use crate::platform::mail::{Mail, Mailer, unsubscribe_footer};

/// How long a message stays unread before it is mailed.
pub const MAIL_AFTER: Duration = Duration::minutes(15);

/// Who gets the mail of one chat's due messages.
#[derive(Debug, sqlx::FromRow)]
struct Recipient {
    user_id: Uuid,
    username: String,
    locale: String,
    mailing_list: bool,
    /// The other side's name: the company's, or the applicant's.
    sender: String,
}

/// Mails every chat's messages unread since before `now - MAIL_AFTER` and not mailed yet, one
/// chat and side per transaction (the messages locked, so two workers mail each once); answers
/// how many mails went. A mail that cannot be sent leaves its messages for the next run.
#[tracing::instrument(skip_all)]
pub async fn mail_unread(pool: &PgPool, mailer: &Mailer, public_url: &str, now: DateTime<Utc>) -> Result<u64> {
    let due_before = now - MAIL_AFTER;
    let mut mailed = 0;
    loop {
        let mut tx = pool.begin().await?;
        let next: Option<(Uuid, bool)> = sqlx::query_as(
            "select m.chat_id, coalesce(m.author_user_id = c.applicant_user_id, false) as to_company
             from chat_messages m join chats c on c.id = m.chat_id
             where m.read_at is null and m.notified_at is null and m.created_at <= $1
             order by m.created_at limit 1 for update of m skip locked",
        )
        .bind(due_before)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((chat_id, to_company)) = next else { break };
        let due: Vec<Uuid> = sqlx::query_scalar(
            "update chat_messages m set notified_at = $4 from chats c
             where c.id = m.chat_id and m.chat_id = $1 and m.read_at is null and m.notified_at is null and m.created_at <= $2
               and coalesce(m.author_user_id = c.applicant_user_id, false) = $3
             returning m.id",
        )
        .bind(chat_id)
        .bind(due_before)
        .bind(to_company)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        if due.is_empty() {
            tx.commit().await?;
            continue;
        }
        let recipient: Option<Recipient> = sqlx::query_as(
            "select u.id as user_id, u.username, u.locale, u.newsletter_opt_in as mailing_list,
                    case when $2 then trim(concat_ws(' ', p.firstname, p.lastname)) else co.business_name end as sender
             from chats c join companies co on co.id = c.company_id
             left join profiles p on p.user_id = c.applicant_user_id
             join users u on u.id = case when not $2 then c.applicant_user_id
                                         when exists (select 1 from company_staff s where s.company_id = c.company_id and s.user_id = c.started_by_user_id)
                                             then c.started_by_user_id
                                         else co.supervisor_user_id end
             where c.id = $1 and u.deleted_at is null",
        )
        .bind(chat_id)
        .bind(to_company)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(recipient) = recipient.filter(|r| r.mailing_list) {
            let token = issue_unsubscribe_token(pool, recipient.user_id).await?;
            mailer.send(unread_mail(&recipient, to_company, chat_id, due.len(), public_url, &token)).await?;
            mailed += 1;
        }
        tx.commit().await?;
    }
    Ok(mailed)
}

fn unread_mail(recipient: &Recipient, to_company: bool, chat_id: Uuid, count: usize, origin: &str, token: &str) -> Mail {
    let locale = Locale::from_code(&recipient.locale).unwrap_or_default();
    let area = if to_company { "employer/account" } else { "account" };
    let link = format!("{origin}/{}/{area}/messages?chat={chat_id}", locale.code());
    let sender = if recipient.sender.is_empty() {
        match locale {
            Locale::Et => "Kandidaat",
            Locale::En => "A candidate",
            Locale::Ru => "Кандидат",
        }
    } else {
        recipient.sender.as_str()
    };
    let (subject, text) = match locale {
        Locale::Et => (
            format!("Vakants: lugemata sõnum ({sender})"),
            format!("Tere!\n\n{sender} saatis sulle Vakantsis sõnumeid, mida sa pole veel lugenud ({count}).\nLoe ja vasta siin: {link}\n\nVakants"),
        ),
        Locale::En => (
            format!("Vakants: unread message from {sender}"),
            format!("Hello,\n\n{sender} has sent you messages on Vakants that you have not read yet ({count}).\nRead and answer them here: {link}\n\nVakants"),
        ),
        Locale::Ru => (
            format!("Vakants: непрочитанное сообщение ({sender})"),
            format!("Здравствуйте!\n\n{sender} отправил(а) вам в Vakants сообщения, которые вы ещё не прочитали ({count}).\nПрочитать и ответить: {link}\n\nVakants"),
        ),
    };
    let footer = unsubscribe_footer(locale, &recipient.username, origin, token);
    Mail { to: recipient.username.clone(), subject, text: format!("{text}\n\n{footer}") }
}
