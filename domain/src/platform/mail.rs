//! Outgoing e-mail: SMTP through lettre when `MAIL_URL` is set, otherwise the dev outbox
//! (logged, stored, and readable at `/api/dev/outbox` in dev mode).
//!
//! Sign-in codes are delivered inside the request rather than through the job queue: a queued job
//! would have to keep the code in clear text, and the code must exist only as a hash at rest.

use lettre::message::{Mailbox, MultiPart, SinglePart, header::ContentType};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};

use crate::platform::config::Config;
use crate::platform::error::Result;
use crate::platform::locale::Locale;

#[derive(Clone, Debug)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
}

/// A header a mail carries beyond From, To and Subject, such as an alert mail's `List-Unsubscribe`
/// and `List-Unsubscribe-Post` (RFC 8058). The dev outbox keeps them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailHeader {
    pub name: String,
    pub value: String,
}

impl MailHeader {
    pub fn new(name: &str, value: impl Into<String>) -> Self {
        MailHeader { name: name.to_string(), value: value.into() }
    }
}

/// Stores mails, each with what the outbox keeps of its attachments and its headers, in the dev
/// outbox on the caller's connection (or transaction), in one statement and in their order: a
/// caller that marks them sent on the same transaction has each in the outbox exactly once.
pub async fn store_in_outbox(conn: &mut PgConnection, mails: &[(&Mail, &[OutboxAttachment], &[MailHeader])]) -> Result<()> {
    if mails.is_empty() {
        return Ok(());
    }
    let (mut to, mut subject, mut body, mut attachments, mut headers) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for &(mail, kept, extra) in mails {
        tracing::info!(to = %mail.to, subject = %mail.subject, body = %mail.text, attachments = kept.len(), "dev outbox: mail stored");
        to.push(mail.to.as_str());
        subject.push(mail.subject.as_str());
        body.push(mail.text.as_str());
        attachments.push(sqlx::types::Json(kept));
        headers.push(sqlx::types::Json(extra));
    }
    sqlx::query(
        "insert into dev_outbox (to_address, subject, body_text, attachments, headers)
         select m.to_address, m.subject, m.body_text, m.attachments, m.headers
         from unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::jsonb[]) with ordinality
              as m (to_address, subject, body_text, attachments, headers, position)
         order by m.position",
    )
    .bind(&to)
    .bind(&subject)
    .bind(&body)
    .bind(&attachments)
    .bind(&headers)
    .execute(conn)
    .await?;
    Ok(())
}

/// A file sent with a mail.
#[derive(Clone, Debug)]
pub struct Attachment {
    pub name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

#[derive(Clone)]
pub enum Mailer {
    Outbox { pool: PgPool },
    Smtp { transport: AsyncSmtpTransport<Tokio1Executor>, from: Mailbox },
}

impl Mailer {
    pub fn from_config(config: &Config, pool: PgPool) -> anyhow::Result<Self> {
        match &config.mail_url {
            None => Ok(Mailer::Outbox { pool }),
            Some(url) => Ok(Mailer::Smtp {
                transport: AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose())?.build(),
                from: config.mail_from.parse()?,
            }),
        }
    }

    #[tracing::instrument(skip_all)]
    pub async fn send(&self, mail: Mail) -> Result<()> {
        self.send_with(mail, Vec::new()).await
    }

    /// Sends a mail with files attached (the dev outbox keeps their names, types and sizes);
    /// counted in [`crate::platform::metrics::MAILS`] by outcome.
    #[tracing::instrument(skip_all, fields(attachments = attachments.len()))]
    pub async fn send_with(&self, mail: Mail, attachments: Vec<Attachment>) -> Result<()> {
        self.counted(mail, attachments, Vec::new()).await
    }

    /// Sends a mail with extra headers (SMTP: raw headers of the message; the dev outbox keeps them).
    #[tracing::instrument(skip_all, fields(headers = headers.len()))]
    pub async fn send_with_headers(&self, mail: Mail, headers: Vec<MailHeader>) -> Result<()> {
        self.counted(mail, Vec::new(), headers).await
    }

    /// Sends a mail as part of the caller's transaction `conn`, which then marks it sent: the dev
    /// outbox stores it on `conn`, so it exists exactly once whatever kills the caller; SMTP sends
    /// it now (a kill after the relay accepted it and before the commit sends it again on the
    /// retry, the one residual window).
    #[tracing::instrument(skip_all, fields(attachments = attachments.len(), headers = headers.len()))]
    pub async fn send_on(&self, conn: &mut PgConnection, mail: Mail, attachments: Vec<Attachment>, headers: Vec<MailHeader>) -> Result<()> {
        let delivered = match self {
            Mailer::Outbox { .. } => store_in_outbox(conn, &[(&mail, &kept(&attachments), &headers)]).await,
            Mailer::Smtp { .. } => self.deliver(mail, attachments, headers).await,
        };
        count(&delivered);
        delivered
    }

    /// Sends several mails (each with its headers) as part of the caller's transaction `conn`,
    /// which then marks the ones that went; answers each mail's outcome, in order. The dev outbox
    /// stores them on `conn`: a failure is the transaction's and is the answer's error (the
    /// caller's transaction then rolls back and none of them exists). SMTP sends them now, one
    /// after another: a mail the relay accepted cannot be taken back, so a refused one does not
    /// stop the others and the caller marks exactly the ones accepted (a kill after the relay
    /// accepted some and before the commit sends those again on the retry).
    #[tracing::instrument(skip_all, fields(mails = mails.len()))]
    pub async fn send_all_on(&self, conn: &mut PgConnection, mails: Vec<(Mail, Vec<MailHeader>)>) -> Result<Vec<Result<()>>> {
        match self {
            Mailer::Outbox { .. } => {
                let stored = store_in_outbox(conn, &mails.iter().map(|(mail, headers)| (mail, &[][..], &headers[..])).collect::<Vec<_>>()).await;
                mails.iter().for_each(|_| count(&stored));
                stored.map(|()| mails.iter().map(|_| Ok(())).collect())
            }
            Mailer::Smtp { .. } => {
                let mut outcomes = Vec::with_capacity(mails.len());
                for (mail, headers) in mails {
                    outcomes.push(self.send_on(conn, mail, Vec::new(), headers).await);
                }
                Ok(outcomes)
            }
        }
    }

    async fn counted(&self, mail: Mail, attachments: Vec<Attachment>, headers: Vec<MailHeader>) -> Result<()> {
        let delivered = self.deliver(mail, attachments, headers).await;
        count(&delivered);
        delivered
    }

    async fn deliver(&self, mail: Mail, attachments: Vec<Attachment>, headers: Vec<MailHeader>) -> Result<()> {
        match self {
            Mailer::Outbox { pool } => {
                let mut conn = pool.acquire().await?;
                store_in_outbox(&mut conn, &[(&mail, &kept(&attachments), &headers)]).await
            }
            Mailer::Smtp { transport, from } => {
                let mut builder = lettre::Message::builder()
                    .from(from.clone())
                    .to(mail.to.parse().map_err(|e| anyhow::anyhow!("recipient address: {e}"))?)
                    .subject(mail.subject);
                for header in headers {
                    let name = lettre::message::header::HeaderName::new_from_ascii(header.name)
                        .map_err(|e| anyhow::anyhow!("mail header name: {e}"))?;
                    builder = builder.raw_header(lettre::message::header::HeaderValue::new(name, header.value));
                }
                let message = if attachments.is_empty() {
                    builder.header(ContentType::TEXT_PLAIN).body(mail.text)
                } else {
                    let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(mail.text));
                    for attachment in attachments {
                        let content_type = ContentType::parse(&attachment.content_type)
                            .map_err(|e| anyhow::anyhow!("attachment content type: {e}"))?;
                        parts = parts.singlepart(lettre::message::Attachment::new(attachment.name).body(attachment.bytes, content_type));
                    }
                    builder.multipart(parts)
                }
                .map_err(|e| anyhow::anyhow!("building mail: {e}"))?;
                transport.send(message).await.map_err(|e| anyhow::anyhow!("smtp delivery: {e}"))?;
                Ok(())
            }
        }
    }
}

fn count(delivered: &Result<()>) {
    let outcome = if delivered.is_ok() { "sent" } else { "failed" };
    metrics::counter!(crate::platform::metrics::MAILS, "outcome" => outcome).increment(1);
}

/// What the dev outbox keeps of attachments: names, types and sizes, and the text of a small
/// calendar file.
fn kept(attachments: &[Attachment]) -> Vec<OutboxAttachment> {
    attachments
        .iter()
        .map(|a| OutboxAttachment {
            name: a.name.clone(),
            content_type: a.content_type.clone(),
            size_bytes: a.bytes.len() as i64,
            text: (a.content_type.starts_with("text/calendar") && a.bytes.len() <= 64 * 1024).then(|| String::from_utf8_lossy(&a.bytes).into_owned()),
        })
        .collect()
}

/// The sign-in mail in the user's language: the code and the link (`link`, a full URL that works
/// only in the browser that asked), or the link alone once the account's codes are spent (`code`
/// none). Only a mail with a code has six digits in its subject.
pub fn sign_in(locale: Locale, to: &str, code: Option<&str>, link: &str) -> Mail {
    let (subject, text) = match (locale, code) {
        (Locale::Et, Some(code)) => (
            format!("Vakantsi sisselogimiskood: {code}"),
            format!(
                "Tere!\n\nSinu sisselogimiskood on {code}.\nKood kehtib 10 minutit ja seda saab kasutada ühe korra.\n\n\
                 Võid sisse logida ka selle lingiga, samas brauseris, kus koodi küsisid (kehtib 15 minutit, ühe korra):\n{link}\n\n\
                 Kui sa ei proovinud Vakantsi sisse logida, võid selle kirja tähelepanuta jätta.\n\nVakants"
            ),
        ),
        (Locale::Et, None) => (
            "Vakantsi sisselogimislink".to_string(),
            format!(
                "Tere!\n\nSinu kontole sisestati täna liiga palju valesid koode, seega ei saa sisselogimiskoode praegu kasutada.\n\
                 Logi sisse selle lingiga, samas brauseris, kus sisselogimist küsisid (kehtib 15 minutit, ühe korra):\n{link}\n\n\
                 Keegi võib proovida sinu koode ära arvata; seda linki ta kasutada ei saa. \
                 Kui sa ei proovinud Vakantsi sisse logida, võid selle kirja tähelepanuta jätta.\n\nVakants"
            ),
        ),
        (Locale::En, Some(code)) => (
            format!("Your Vakants sign-in code: {code}"),
            format!(
                "Hello,\n\nyour sign-in code is {code}.\nIt is valid for 10 minutes and can be used once.\n\n\
                 You can also sign in with this link, in the browser where you asked for the code (valid for 15 minutes, once):\n{link}\n\n\
                 If you did not try to sign in to Vakants, you can ignore this e-mail.\n\nVakants"
            ),
        ),
        (Locale::En, None) => (
            "Your Vakants sign-in link".to_string(),
            format!(
                "Hello,\n\ntoo many wrong codes were tried for your account today, so sign-in codes cannot be used for now.\n\
                 Sign in with this link, in the browser where you asked to sign in (valid for 15 minutes, once):\n{link}\n\n\
                 Someone may be trying to guess your codes; they cannot use this link. \
                 If you did not try to sign in to Vakants, you can ignore this e-mail.\n\nVakants"
            ),
        ),
        (Locale::Ru, Some(code)) => (
            format!("Код входа в Vakants: {code}"),
            format!(
                "Здравствуйте!\n\nВаш код входа: {code}.\nКод действует 10 минут и может быть использован один раз.\n\n\
                 Можно также войти по этой ссылке в том браузере, где вы запросили код (действует 15 минут, один раз):\n{link}\n\n\
                 Если вы не пытались войти в Vakants, просто проигнорируйте это письмо.\n\nVakants"
            ),
        ),
        (Locale::Ru, None) => (
            "Ссылка для входа в Vakants".to_string(),
            format!(
                "Здравствуйте!\n\nСегодня для вашей учётной записи было введено слишком много неверных кодов, \
                 поэтому коды входа сейчас использовать нельзя.\n\
                 Войдите по этой ссылке в том браузере, где вы запросили вход (действует 15 минут, один раз):\n{link}\n\n\
                 Возможно, кто-то пытается подобрать ваш код; воспользоваться этой ссылкой он не сможет. \
                 Если вы не пытались войти в Vakants, просто проигнорируйте это письмо.\n\nVakants"
            ),
        ),
    };
    Mail { to: to.to_string(), subject, text }
}

/// The link of a sign-in mail: the sign-in page in the mail's language, which posts the token
/// (`origin` has no final slash).
pub fn sign_in_link(origin: &str, locale: Locale, token: &str) -> String {
    format!("{origin}/{}/login?link={token}", locale.code())
}

/// The confirmation of a sent application, with the link that opens it (`origin` has no final slash).
/// Its subject names the vacancy and carries no code, so tests reading codes from the outbox skip it.
pub fn application_sent(
    locale: Locale,
    to: &str,
    occupation: &str,
    company: &str,
    origin: &str,
    link_id: uuid::Uuid,
    unsubscribe_token: Option<&str>,
) -> Mail {
    let link = format!("{origin}/{}/application/{link_id}", locale.code());
    let (subject, text) = match locale {
        Locale::Et => (
            format!("Sinu kandideerimine: {occupation}"),
            format!(
                "Tere!\n\nSinu kandideerimine ametikohale {occupation} ({company}) on tööandjale saadetud.\n\
                 Kandideerimist näed siin (sisselogituna): {link}\n\nVakants"
            ),
        ),
        Locale::En => (
            format!("Your application: {occupation}"),
            format!(
                "Hello,\n\nyour application for {occupation} ({company}) has been sent to the employer.\n\
                 See your application here (signed in): {link}\n\nVakants"
            ),
        ),
        Locale::Ru => (
            format!("Ваш отклик: {occupation}"),
            format!(
                "Здравствуйте!\n\nВаш отклик на вакансию «{occupation}» ({company}) отправлен работодателю.\n\
                 Посмотреть отклик (после входа): {link}\n\nVakants"
            ),
        ),
    };
    let text = match unsubscribe_token {
        Some(token) => format!("{text}\n\n{}", unsubscribe_footer(locale, to, origin, token)),
        None => text,
    };
    Mail { to: to.to_string(), subject, text }
}

/// The vacancy's auto-reply to an applicant: the employer's own `text`, under a subject naming the
/// company and the occupation.
pub fn auto_reply(locale: Locale, to: &str, occupation: &str, company: &str, text: &str) -> Mail {
    let (subject, intro) = match locale {
        Locale::Et => (
            format!("{company} vastas su kandideerimisele: {occupation}"),
            format!("Tere!\n\n{company} saatis sinu kandideerimisele ametikohale {occupation} selle vastuse:"),
        ),
        Locale::En => (
            format!("{company} replied to your application: {occupation}"),
            format!("Hello,\n\n{company} sent this reply to your application for {occupation}:"),
        ),
        Locale::Ru => (
            format!("{company} ответила на ваш отклик: {occupation}"),
            format!("Здравствуйте!\n\n{company} отправила этот ответ на ваш отклик на вакансию «{occupation}»:"),
        ),
    };
    Mail { to: to.to_string(), subject, text: format!("{intro}\n\n{text}\n\nVakants") }
}

/// The invitation to a company's staff: the supervisor invited the address; the person signs in
/// with it and accepts or declines (`answer_url` signs in first and lands on their invitations).
pub fn staff_invitation(locale: Locale, to: &str, company: &str, answer_url: &str) -> Mail {
    let (subject, text) = match locale {
        Locale::Et => (
            format!("Vakants: kutse ettevõtte {company} töötajaks"),
            format!(
                "Tere!\n\nEttevõtte {company} haldur kutsub sind Vakantsis ettevõtte töötajate hulka. \
                 Logi sisse selle e-posti aadressiga (kui sul kontot veel pole, loome selle) ning võta kutse vastu või \
                 keeldu sellest. Enne vastuvõtmist ei näe ettevõte sinust muud kui e-posti aadressi.\n\n{answer_url}\n\nVakants"
            ),
        ),
        Locale::En => (
            format!("Vakants: an invitation to join the staff of {company}"),
            format!(
                "Hello,\n\nthe supervisor of {company} invites you to join the company's staff on Vakants. \
                 Sign in with this e-mail address (we will create your account if you have none yet), then accept or \
                 decline the invitation. Until you accept, the company sees nothing of you but this e-mail address.\n\n{answer_url}\n\nVakants"
            ),
        ),
        Locale::Ru => (
            format!("Vakants: приглашение в сотрудники компании {company}"),
            format!(
                "Здравствуйте!\n\nАдминистратор компании {company} приглашает вас в сотрудники компании в Vakants. \
                 Войдите с этим адресом электронной почты (если учётной записи ещё нет, мы её создадим) и примите \
                 приглашение или откажитесь от него. Пока вы не приняли приглашение, компания видит только этот адрес.\n\n{answer_url}\n\nVakants"
            ),
        ),
    };
    Mail { to: to.to_string(), subject, text }
}

/// The decision on a claim to represent `company`, to the claimant. `reason` is the decider's note.
pub fn company_claim_decided(locale: Locale, to: &str, company: &str, approved: bool, reason: Option<&str>) -> Mail {
    let (subject, text) = match (locale, approved) {
        (Locale::Et, true) => (
            format!("Vakants: saad esindada ettevõtet {company}"),
            format!("Tere!\n\nSinu taotlus esindada Vakantsis ettevõtet {company} on kinnitatud. Logi sisse, et jätkata.\n"),
        ),
        (Locale::Et, false) => (
            format!("Vakants: taotlus esindada ettevõtet {company} lükati tagasi"),
            format!("Tere!\n\nSinu taotlust esindada Vakantsis ettevõtet {company} ei kinnitatud.\n"),
        ),
        (Locale::En, true) => (
            format!("Vakants: you may now represent {company}"),
            format!("Hello,\n\nyour request to represent {company} on Vakants has been approved. Sign in to continue.\n"),
        ),
        (Locale::En, false) => (
            format!("Vakants: your request to represent {company} was declined"),
            format!("Hello,\n\nyour request to represent {company} on Vakants has not been approved.\n"),
        ),
        (Locale::Ru, true) => (
            format!("Vakants: вы можете представлять компанию {company}"),
            format!("Здравствуйте!\n\nВаш запрос представлять компанию {company} в Vakants одобрен. Войдите, чтобы продолжить.\n"),
        ),
        (Locale::Ru, false) => (
            format!("Vakants: запрос представлять компанию {company} отклонён"),
            format!("Здравствуйте!\n\nВаш запрос представлять компанию {company} в Vakants не одобрен.\n"),
        ),
    };
    let note = match (reason, locale) {
        (Some(reason), Locale::Et) => format!("\nPõhjendus: {reason}\n"),
        (Some(reason), Locale::En) => format!("\nReason: {reason}\n"),
        (Some(reason), Locale::Ru) => format!("\nПричина: {reason}\n"),
        (None, _) => String::new(),
    };
    Mail { to: to.to_string(), subject, text: format!("{text}{note}\nVakants") }
}

/// The mailing-list opt-out line of a mail to `username` (an e-mail address, percent-encoded in the link).
pub fn unsubscribe_footer(locale: Locale, username: &str, origin: &str, token: &str) -> String {
    let user: String = username
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'@' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    let link = format!("{origin}/{}/notifications/unsubscribe/{user}/{token}", locale.code());
    match locale {
        Locale::Et => format!("Ei soovi Vakantsi uudiskirja? Loobu siin: {link}"),
        Locale::En => format!("Do not want the Vakants newsletter? Unsubscribe here: {link}"),
        Locale::Ru => format!("Не хотите получать рассылку Vakants? Откажитесь здесь: {link}"),
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxMail {
    pub to: String,
    pub subject: String,
    pub text: String,
    /// The files the mail carried (their bytes are not kept).
    pub attachments: Vec<OutboxAttachment>,
    /// The headers beyond From, To and Subject (`List-Unsubscribe`, …).
    pub headers: Vec<MailHeader>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// What the dev outbox keeps of an attached file.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxAttachment {
    pub name: String,
    pub content_type: String,
    pub size_bytes: i64,
    /// The content of a small text attachment (an iCalendar `.ics`), so tests and developers can
    /// read it; none for binary files such as PDFs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// The dev outbox for one address, newest first.
pub async fn outbox_for(pool: &PgPool, to: &str) -> Result<Vec<OutboxMail>> {
    type Row = (String, String, String, sqlx::types::Json<Vec<OutboxAttachment>>, sqlx::types::Json<Vec<MailHeader>>, chrono::DateTime<chrono::Utc>);
    let rows: Vec<Row> = sqlx::query_as(
        "select to_address, subject, body_text, attachments, headers, created_at from dev_outbox
         where lower(to_address) = lower($1) order by id desc limit 50",
    )
    .bind(to.trim())
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(to, subject, text, attachments, headers, created_at)| OutboxMail {
            to,
            subject,
            text,
            attachments: attachments.0,
            headers: headers.0,
            created_at,
        })
        .collect())
}

#[cfg(test)]
mod unsubscribe_tests {
    use super::*;

    #[test]
    fn the_opt_out_link_percent_encodes_the_address_and_speaks_the_language() {
        let line = unsubscribe_footer(Locale::En, "mari+jobs@example.ee", "https://vakants.ee", "abc123");
        assert!(line.ends_with("https://vakants.ee/en/notifications/unsubscribe/mari%2Bjobs@example.ee/abc123"), "{line}");
        assert!(unsubscribe_footer(Locale::Et, "a@b.ee", "https://x", "t").starts_with("Ei soovi Vakantsi uudiskirja?"));
        let mail = application_sent(Locale::Ru, "a@b.ee", "Повар", "Firma", "https://x", uuid::Uuid::nil(), None);
        assert!(!mail.text.contains("unsubscribe"));
    }
}

#[cfg(test)]
mod sign_in_tests {
    use super::*;

    #[test]
    fn every_language_carries_the_link_and_only_a_mail_with_a_code_has_digits_in_its_subject() {
        let link = sign_in_link("https://vakants.ee", Locale::Ru, "tok_en-42");
        assert_eq!(link, "https://vakants.ee/ru/login?link=tok_en-42");
        for locale in Locale::ALL {
            let with_code = sign_in(locale, "a@b.ee", Some("012345"), &link);
            assert!(with_code.subject.contains("012345") && with_code.text.contains("012345"), "{locale:?}");
            assert!(with_code.text.contains(&link), "{locale:?}");
            let link_only = sign_in(locale, "a@b.ee", None, &link);
            assert!(!link_only.subject.chars().any(|c| c.is_ascii_digit()), "{locale:?}: {}", link_only.subject);
            assert!(link_only.text.contains(&link), "{locale:?}");
            assert_ne!(link_only.text, with_code.text);
        }
    }
}
