//! The alert mail (issue 33 §1; docs/alerts.md): the vacancies an alert matched and no mail of it
//! listed yet, in the owner's language, each vacancy at most once ever per alert.
//!
//! The matching's expansion ([`super::matching::expand_matches`]) records matches in
//! `alert_matches` and queues a [`MailAlert`] on its transaction ([`queue_mails`]); the worker
//! runs [`mail_alert`]. Nothing twice after a kill:
//! one transaction creates the `alert_mails` row and points the listed matches at it; a second
//! one locks that row, sends and sets `sent_at`. With the dev outbox the outbox row is written on
//! that second transaction, so the mail exists exactly once; with SMTP a kill after the relay
//! accepted the mail and before the commit sends it again on the retry (the one residual window).
//! A row left unsent by a kill is sent first by the next job of its alert.
//!
//! Nothing is mailed for a paused or unconfirmed search, an account deleted or off the mailing list
//! (`users.newsletter_opt_in`, the existing opt-out), or a vacancy no longer open when the mail goes.

use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::saved::{self, Frequency};
use crate::platform::error::Result;
use crate::platform::jobs;
use crate::platform::locale::Locale;
use crate::platform::mail::{Mail, MailHeader, Mailer};
use crate::vacancies::ACTIVE_SQL;

/// The queue of alert mails.
pub const QUEUE: &str = "vakants.alert-mail";
/// The most vacancies one mail lists; beyond them it links to the whole search.
pub const MAX_LISTED: i64 = 20;

/// Mail what is new for one saved search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailAlert {
    pub saved_search_id: Uuid,
}

/// Queues one mail job per saved search (repeats dropped), on the caller's transaction: the one
/// that records the matches (instant or daily and weekly alike), so a match is never recorded
/// without its mail job. An alert with nothing new when its job runs sends nothing.
pub async fn queue_mails(conn: &mut PgConnection, saved_search_ids: &[Uuid]) -> Result<()> {
    let mut ids = saved_search_ids.to_vec();
    ids.sort();
    ids.dedup();
    let jobs: Vec<MailAlert> = ids.into_iter().map(|saved_search_id| MailAlert { saved_search_id }).collect();
    jobs::push(conn, QUEUE, &jobs).await
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
const MAILABLE_SQL: &str = "(s.confirmed_at is not null and not s.paused
    and (s.user_id is null or (u.id is not null and u.deleted_at is null and u.newsletter_opt_in)))";

/// Runs one [`MailAlert`]: first a mail a killed run left unsent, then one of what is new. Answers
/// how many mails went.
#[tracing::instrument(skip_all, fields(saved_search = %job.saved_search_id))]
pub async fn mail_alert(pool: &PgPool, out: &AlertMailer<'_>, job: &MailAlert) -> Result<u32> {
    let mut sent = 0;
    let unsent: Vec<Uuid> = sqlx::query_scalar("select id from alert_mails where saved_search_id = $1 and sent_at is null order by created_at")
        .bind(job.saved_search_id)
        .fetch_all(pool)
        .await?;
    for mail_id in unsent {
        sent += u32::from(deliver(pool, out, mail_id).await?);
    }
    if let Some(mail_id) = prepare(pool, job.saved_search_id).await? {
        sent += u32::from(deliver(pool, out, mail_id).await?);
    }
    Ok(sent)
}

/// The first transaction: a new `alert_mails` row for the search's unmailed matches whose vacancy
/// is open, pointed at by them. None when the search may not be mailed or nothing is new.
async fn prepare(pool: &PgPool, saved_search_id: Uuid) -> Result<Option<Uuid>> {
    let mut tx = pool.begin().await?;
    let mailable: Option<bool> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select {MAILABLE_SQL} from saved_searches s left join users u on u.id = s.user_id where s.id = $1 for update of s"
    )))
    .bind(saved_search_id)
    .fetch_optional(&mut *tx)
    .await?;
    if mailable != Some(true) {
        return Ok(None);
    }
    let mail_id: Uuid = sqlx::query_scalar("insert into alert_mails (saved_search_id) values ($1) returning id")
        .bind(saved_search_id)
        .fetch_one(&mut *tx)
        .await?;
    let marked = sqlx::query(sqlx::AssertSqlSafe(format!(
        "update alert_matches am set mail_id = $2
         from vacancies v join companies c on c.id = v.company_id
         where am.saved_search_id = $1 and am.mail_id is null and v.id = am.vacancy_id and {ACTIVE_SQL}"
    )))
    .bind(saved_search_id)
    .bind(mail_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if marked == 0 {
        tx.rollback().await?;
        return Ok(None);
    }
    tx.commit().await?;
    Ok(Some(mail_id))
}

#[derive(sqlx::FromRow)]
struct Recipient {
    saved_search_id: Uuid,
    to_address: String,
    locale: String,
    name: String,
    query: String,
    frequency: String,
    visitor: bool,
    mailable: bool,
}

/// One listed vacancy.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Listed {
    pub vacancy_id: Uuid,
    pub occupation: String,
    pub company: String,
}

/// The second transaction: sends the prepared mail once. A mail whose search may no longer be
/// mailed, or whose vacancies all ended, is dropped (its matches count as never mailed).
async fn deliver(pool: &PgPool, out: &AlertMailer<'_>, mail_id: Uuid) -> Result<bool> {
    let mut tx = pool.begin().await?;
    let recipient: Option<Recipient> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select s.id as saved_search_id, coalesce(u.username, s.email) as to_address, coalesce(u.locale, s.locale) as locale,
                s.name, s.query, s.frequency, s.user_id is null as visitor, {MAILABLE_SQL} as mailable
         from alert_mails m join saved_searches s on s.id = m.saved_search_id left join users u on u.id = s.user_id
         where m.id = $1 and m.sent_at is null for update of m"
    )))
    .bind(mail_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(recipient) = recipient else { return Ok(false) };
    let locale = Locale::from_code(&recipient.locale).unwrap_or_default();
    let label = match locale {
        Locale::Et => "o.label_et",
        Locale::En => "o.label_en",
        Locale::Ru => "o.label_ru",
    };
    let (listed, total): (Vec<Listed>, i64) = if recipient.mailable {
        let listed: Vec<Listed> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "select v.id as vacancy_id, coalesce({label}, v.occupation_label, '') as occupation, c.business_name as company
             from alert_matches am join vacancies v on v.id = am.vacancy_id join companies c on c.id = v.company_id
             left join ref_occupations o on o.code = v.occupation_code
             where am.saved_search_id = $3 and am.mail_id = $1 and {ACTIVE_SQL}
             order by v.publish_at desc, v.id limit $2"
        )))
        .bind(mail_id)
        .bind(MAX_LISTED)
        .bind(recipient.saved_search_id)
        .fetch_all(&mut *tx)
        .await?;
        let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "select count(*) from alert_matches am join vacancies v on v.id = am.vacancy_id join companies c on c.id = v.company_id
             where am.saved_search_id = $2 and am.mail_id = $1 and {ACTIVE_SQL}"
        )))
        .bind(mail_id)
        .bind(recipient.saved_search_id)
        .fetch_one(&mut *tx)
        .await?;
        (listed, total)
    } else {
        (Vec::new(), 0)
    };
    if listed.is_empty() {
        sqlx::query("delete from alert_mails where id = $1").bind(mail_id).execute(&mut *tx).await?;
        tx.commit().await?;
        return Ok(false);
    }
    let token = saved::token_for(out.secret, recipient.saved_search_id);
    let links = Links::new(out.public_url, locale, &token, &recipient.query, recipient.visitor);
    let frequency = Frequency::parse(&recipient.frequency).unwrap_or(Frequency::Instant);
    let mail = alert_mail(locale, &recipient.to_address, &recipient.name, frequency, &listed, total, &links);
    let headers = unsubscribe_headers(&links);
    out.mailer.send_on(&mut tx, mail, Vec::new(), headers).await?;
    sqlx::query("update alert_mails set sent_at = now() where id = $1").bind(mail_id).execute(&mut *tx).await?;
    sqlx::query("update saved_searches set last_mailed_at = now() where id = $1").bind(recipient.saved_search_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(true)
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
