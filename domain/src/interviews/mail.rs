//! Interview mails with an iCalendar attachment ([`super::ics`]).
//!
//! - The applicant is told when invited, when the invitation changes and when the employer
//!   cancels (when the interview's `notify_applicant` is set), and gets the confirmed time when
//!   they accept.
//! - The employer who invited (`created_by_user_id`) is told when the applicant accepts or cancels.
//!
//! Each mail is a job ([`MailInterview`]) queued on the transaction of the change ([`queue`]), so
//! a change is never committed without its mail and no mail goes for a change that rolled back.
//! The job carries the SEQUENCE of its change; the worker ([`send`]) builds the document from the
//! interview as it is then, in the recipient's language.

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Europe::Tallinn;
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::ics::{self, InterviewEvent, Method, State};
use super::{InterviewType, Slot};
use crate::platform::error::Result;
use crate::platform::jobs;
use crate::platform::locale::Locale;
use crate::platform::mail::{Attachment, Mail, Mailer};

/// The queue of interview mails.
pub const QUEUE: &str = "vakants.interview-mail";

/// What happened to the interview.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Change {
    Invited,
    Updated,
    CanceledByEmployer,
    Accepted,
    CanceledByApplicant,
}

/// Who a mail goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Recipient {
    Applicant,
    /// The employer who invited.
    Employer,
}

/// Mail one change of an interview to one party.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailInterview {
    pub interview_id: Uuid,
    pub change: Change,
    pub recipient: Recipient,
    /// The SEQUENCE of this change's document.
    pub sequence: i32,
}

impl Change {
    /// Who hears of the change.
    pub fn recipients(self) -> &'static [Recipient] {
        match self {
            Change::Invited | Change::Updated | Change::CanceledByEmployer => &[Recipient::Applicant],
            Change::Accepted => &[Recipient::Employer, Recipient::Applicant],
            Change::CanceledByApplicant => &[Recipient::Employer],
        }
    }

    fn method(self) -> Method {
        match self {
            Change::CanceledByEmployer | Change::CanceledByApplicant => Method::Cancel,
            _ => Method::Request,
        }
    }
}

/// Queues the mails of a change on the caller's transaction (after the change's own update,
/// whose `ics_sequence` the jobs carry).
pub async fn queue(conn: &mut PgConnection, interview_id: Uuid, change: Change) -> Result<()> {
    let (sequence, notify_applicant, inviter): (i32, bool, Option<Uuid>) =
        sqlx::query_as("select ics_sequence, notify_applicant, created_by_user_id from interviews where id = $1")
            .bind(interview_id)
            .fetch_one(&mut *conn)
            .await?;
    let jobs: Vec<MailInterview> = change
        .recipients()
        .iter()
        .filter(|r| match r {
            Recipient::Applicant => notify_applicant,
            Recipient::Employer => inviter.is_some(),
        })
        .map(|&recipient| MailInterview { interview_id, change, recipient, sequence })
        .collect();
    jobs::push(conn, QUEUE, &jobs).await
}

#[derive(sqlx::FromRow)]
struct Row {
    status: String,
    #[sqlx(rename = "type")]
    interview_type: String,
    duration_minutes: i32,
    starts_at: Option<DateTime<Utc>>,
    link: Option<String>,
    location: Option<String>,
    description: Option<String>,
    reason: Option<String>,
    applicant_message: Option<String>,
    business_name: String,
    label_et: Option<String>,
    label_en: Option<String>,
    label_ru: Option<String>,
    applicant_email: String,
    applicant_locale: String,
    applicant_name: Option<String>,
    employer_email: Option<String>,
    employer_locale: Option<String>,
}

/// Local time in Tallinn, as mails show it: `26.11.2026 10:00`.
pub fn local(t: DateTime<Utc>) -> String {
    t.with_timezone(&Tallinn).format("%d.%m.%Y %H:%M").to_string()
}

fn type_label(t: InterviewType, locale: Locale) -> &'static str {
    match (t, locale) {
        (InterviewType::Office, Locale::Et) => "kontoris",
        (InterviewType::Online, Locale::Et) => "veebis",
        (InterviewType::Other, Locale::Et) => "muu",
        (InterviewType::Office, Locale::En) => "at the office",
        (InterviewType::Online, Locale::En) => "online",
        (InterviewType::Other, Locale::En) => "other",
        (InterviewType::Office, Locale::Ru) => "в офисе",
        (InterviewType::Online, Locale::Ru) => "онлайн",
        (InterviewType::Other, Locale::Ru) => "другое",
    }
}

/// The subject line of a change, in `locale`. `what` names the interview (occupation and company,
/// or for the employer the applicant and the occupation).
pub fn subject(change: Change, recipient: Recipient, locale: Locale, what: &str) -> String {
    use Change as C;
    match (locale, change, recipient) {
        (Locale::Et, C::Invited, _) => format!("Kutse tööintervjuule: {what}"),
        (Locale::Et, C::Updated, _) => format!("Tööintervjuu muutus: {what}"),
        (Locale::Et, C::CanceledByEmployer, _) => format!("Tööintervjuu tühistati: {what}"),
        (Locale::Et, C::Accepted, Recipient::Employer) => format!("Kandidaat kinnitas tööintervjuu: {what}"),
        (Locale::Et, C::Accepted, Recipient::Applicant) => format!("Tööintervjuu on kinnitatud: {what}"),
        (Locale::Et, C::CanceledByApplicant, _) => format!("Kandidaat tühistas tööintervjuu: {what}"),
        (Locale::En, C::Invited, _) => format!("Invitation to a job interview: {what}"),
        (Locale::En, C::Updated, _) => format!("Job interview changed: {what}"),
        (Locale::En, C::CanceledByEmployer, _) => format!("Job interview canceled: {what}"),
        (Locale::En, C::Accepted, Recipient::Employer) => format!("The candidate accepted the interview: {what}"),
        (Locale::En, C::Accepted, Recipient::Applicant) => format!("Job interview confirmed: {what}"),
        (Locale::En, C::CanceledByApplicant, _) => format!("The candidate canceled the interview: {what}"),
        (Locale::Ru, C::Invited, _) => format!("Приглашение на собеседование: {what}"),
        (Locale::Ru, C::Updated, _) => format!("Собеседование изменено: {what}"),
        (Locale::Ru, C::CanceledByEmployer, _) => format!("Собеседование отменено: {what}"),
        (Locale::Ru, C::Accepted, Recipient::Employer) => format!("Кандидат подтвердил собеседование: {what}"),
        (Locale::Ru, C::Accepted, Recipient::Applicant) => format!("Собеседование подтверждено: {what}"),
        (Locale::Ru, C::CanceledByApplicant, _) => format!("Кандидат отменил собеседование: {what}"),
    }
}

struct Texts {
    hello: &'static str,
    intro: &'static str,
    kind: &'static str,
    time: &'static str,
    choose: &'static str,
    place: &'static str,
    link: &'static str,
    message: &'static str,
    attached: &'static str,
}

fn texts(locale: Locale, change: Change, recipient: Recipient) -> Texts {
    use Change as C;
    match locale {
        Locale::Et => Texts {
            hello: "Tere!",
            intro: match (change, recipient) {
                (C::Invited, _) => "Sind kutsutakse tööintervjuule.",
                (C::Updated, _) => "Tööintervjuu andmed muutusid.",
                (C::CanceledByEmployer, _) => "Tööandja tühistas tööintervjuu.",
                (C::Accepted, Recipient::Employer) => "Kandidaat valis tööintervjuu aja.",
                (C::Accepted, Recipient::Applicant) => "Sinu valitud tööintervjuu aeg on kinnitatud.",
                (C::CanceledByApplicant, _) => "Kandidaat tühistas tööintervjuu.",
            },
            kind: "Liik",
            time: "Aeg",
            choose: "Pakutud ajad (vali Vakantsis üks)",
            place: "Asukoht",
            link: "Link",
            message: "Sõnum",
            attached: "Manuses olev kalendrikutse (.ics) lisab intervjuu sinu kalendrisse.",
        },
        Locale::En => Texts {
            hello: "Hello,",
            intro: match (change, recipient) {
                (C::Invited, _) => "you are invited to a job interview.",
                (C::Updated, _) => "the details of your job interview have changed.",
                (C::CanceledByEmployer, _) => "the employer has canceled the job interview.",
                (C::Accepted, Recipient::Employer) => "the candidate has chosen a time for the interview.",
                (C::Accepted, Recipient::Applicant) => "the time you chose for the job interview is confirmed.",
                (C::CanceledByApplicant, _) => "the candidate has canceled the interview.",
            },
            kind: "Type",
            time: "Time",
            choose: "Offered times (choose one on Vakants)",
            place: "Location",
            link: "Link",
            message: "Message",
            attached: "The attached calendar invitation (.ics) adds the interview to your calendar.",
        },
        Locale::Ru => Texts {
            hello: "Здравствуйте!",
            intro: match (change, recipient) {
                (C::Invited, _) => "Вас приглашают на собеседование.",
                (C::Updated, _) => "Данные собеседования изменились.",
                (C::CanceledByEmployer, _) => "Работодатель отменил собеседование.",
                (C::Accepted, Recipient::Employer) => "Кандидат выбрал время собеседования.",
                (C::Accepted, Recipient::Applicant) => "Выбранное вами время собеседования подтверждено.",
                (C::CanceledByApplicant, _) => "Кандидат отменил собеседование.",
            },
            kind: "Тип",
            time: "Время",
            choose: "Предложенное время (выберите в Vakants)",
            place: "Место",
            link: "Ссылка",
            message: "Сообщение",
            attached: "Приложенное приглашение (.ics) добавит собеседование в ваш календарь.",
        },
    }
}

/// The mail and its `.ics` for one job, or none when there is no one to send it to.
pub async fn render(pool: &PgPool, job: &MailInterview) -> Result<Option<(Mail, Attachment)>> {
    let row: Option<Row> = sqlx::query_as(
        "select i.status, i.type, i.duration_minutes, i.starts_at, i.link, i.location, i.description, i.reason,
                i.applicant_message, c.business_name,
                coalesce(o.label_et, v.occupation_label) as label_et, coalesce(o.label_en, v.occupation_label) as label_en,
                coalesce(o.label_ru, v.occupation_label) as label_ru,
                au.username as applicant_email, au.locale as applicant_locale,
                nullif(trim(concat_ws(' ', p.firstname, p.lastname)), '') as applicant_name,
                eu.username as employer_email, eu.locale as employer_locale
         from interviews i join companies c on c.id = i.company_id
         join users au on au.id = i.applicant_user_id and au.deleted_at is null
         left join users eu on eu.id = i.created_by_user_id and eu.deleted_at is null
         left join vacancies v on v.id = i.vacancy_id left join ref_occupations o on o.code = v.occupation_code
         left join profiles p on p.user_id = i.applicant_user_id
         where i.id = $1",
    )
    .bind(job.interview_id)
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let (to, locale) = match job.recipient {
        Recipient::Applicant => (row.applicant_email.clone(), Locale::from_code(&row.applicant_locale).unwrap_or(Locale::Et)),
        Recipient::Employer => match (&row.employer_email, &row.employer_locale) {
            (Some(email), locale) => (email.clone(), locale.as_deref().and_then(Locale::from_code).unwrap_or(Locale::Et)),
            (None, _) => return Ok(None),
        },
    };
    let slots: Vec<Slot> = sqlx::query_as("select id, starts_at, ends_at from interview_slots where interview_id = $1 order by starts_at")
        .bind(job.interview_id)
        .fetch_all(pool)
        .await?;
    let duration = Duration::minutes(row.duration_minutes.into());
    let occupation = match locale {
        Locale::Et => row.label_et.clone(),
        Locale::En => row.label_en.clone(),
        Locale::Ru => row.label_ru.clone(),
    };
    let what = match (job.recipient, &occupation, &row.applicant_name) {
        (Recipient::Employer, Some(occupation), Some(name)) => format!("{name}, {occupation}"),
        (Recipient::Employer, None, Some(name)) => name.clone(),
        (_, Some(occupation), _) => format!("{occupation}, {}", row.business_name),
        _ => row.business_name.clone(),
    };
    let t = texts(locale, job.change, job.recipient);
    let interview_type = super::InterviewType::parse(&row.interview_type)?;
    let mut lines = vec![t.hello.to_string(), String::new(), t.intro.to_string(), String::new(), what.clone()];
    lines.push(format!("{}: {}", t.kind, type_label(interview_type, locale)));
    let (start, state) = match (row.starts_at, row.status.as_str()) {
        (Some(start), _) => {
            lines.push(format!("{}: {} – {}", t.time, local(start), local(start + duration).split(' ').nth(1).unwrap_or_default()));
            (start, State::Confirmed)
        }
        (None, _) => {
            lines.push(format!("{}:", t.choose));
            for slot in &slots {
                lines.push(format!("  {} – {}", local(slot.starts_at), local(slot.ends_at).split(' ').nth(1).unwrap_or_default()));
            }
            (slots.first().map(|s| s.starts_at).unwrap_or_else(Utc::now), State::Tentative)
        }
    };
    if let Some(location) = &row.location {
        lines.push(format!("{}: {location}", t.place));
    }
    if let Some(link) = &row.link {
        lines.push(format!("{}: {link}", t.link));
    }
    if let Some(description) = &row.description {
        lines.push(String::new());
        lines.push(description.clone());
    }
    let message = match job.change {
        Change::CanceledByEmployer | Change::CanceledByApplicant => row.reason.clone(),
        Change::Accepted if job.recipient == Recipient::Employer => row.applicant_message.clone(),
        _ => None,
    };
    if let Some(message) = message {
        lines.push(String::new());
        lines.push(format!("{}: {message}", t.message));
    }
    lines.push(String::new());
    lines.push(t.attached.to_string());
    lines.push(String::new());
    lines.push("Vakants".to_string());
    let description_lines = lines[4..lines.len() - 4].join("\n");

    let method = job.change.method();
    let event = InterviewEvent {
        interview_id: job.interview_id,
        sequence: u32::try_from(job.sequence).unwrap_or_default(),
        state: if method == Method::Cancel { State::Cancelled } else { state },
        summary: what.clone(),
        description: description_lines,
        location: row.location.clone(),
        link: row.link.clone(),
        start,
        end: start + duration,
        organizer: row.employer_email.clone(),
        attendee: Some(row.applicant_email.clone()),
        stamp: Utc::now(),
    };
    let document = ics::interview_message(&event, method);
    let mail = Mail { to, subject: subject(job.change, job.recipient, locale, &what), text: lines.join("\n") };
    let attachment = Attachment {
        name: if method == Method::Cancel { "cancel.ics".into() } else { "invite.ics".into() },
        content_type: format!("text/calendar; charset=utf-8; method={}", method.as_str()),
        bytes: document.into_bytes(),
    };
    Ok(Some((mail, attachment)))
}

/// Sends one interview mail (the worker's job). Answers whether a mail went.
pub async fn send(pool: &PgPool, mailer: &Mailer, job: &MailInterview) -> Result<bool> {
    let Some((mail, attachment)) = render(pool, job).await? else {
        tracing::info!("the interview or its recipient is gone");
        return Ok(false);
    };
    mailer.send_with(mail, vec![attachment]).await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_change_has_a_subject_in_every_language() {
        for locale in Locale::ALL {
            for change in [Change::Invited, Change::Updated, Change::CanceledByEmployer, Change::Accepted, Change::CanceledByApplicant] {
                for &recipient in change.recipients() {
                    assert!(subject(change, recipient, locale, "Kokk").ends_with("Kokk"));
                }
            }
        }
    }

    #[test]
    fn the_applicant_hears_of_the_employers_moves_and_the_employer_of_the_applicants() {
        assert_eq!(Change::Invited.recipients(), [Recipient::Applicant]);
        assert_eq!(Change::CanceledByEmployer.recipients(), [Recipient::Applicant]);
        assert_eq!(Change::CanceledByApplicant.recipients(), [Recipient::Employer]);
        assert!(Change::Accepted.recipients().contains(&Recipient::Employer));
        assert_eq!(Change::CanceledByApplicant.method(), Method::Cancel);
        assert_eq!(Change::Updated.method(), Method::Request);
    }
}
