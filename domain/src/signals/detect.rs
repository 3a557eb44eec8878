//! The detectors behind [`super::refresh`] (docs/moderation.md "## Signals"). Each reads what the
//! vacancy holds now — its texts in every language, its screening questions, its salary and
//! apply link — and says what it found; none blocks. The text detectors are plain functions over
//! the words (tested in every language below); the near-duplicate and the salary detectors also
//! read the other live ads.

use sqlx::PgConnection;
use uuid::Uuid;

use super::words::{self, LISTS};
use super::{Signal, SignalKind, minhash};
use crate::platform::error::Result;

/// When an ad is live, as `vacancies::ACTIVE_SQL` says (this area uses `platform` only, so the
/// rule is repeated here): published, paid or under contract, not expired, of a live company.
const LIVE_SQL: &str = "(v.status = 'EXISTS' and v.type = 'DEFAULT' and v.payment_status = 'PAID'
    and v.publish_at is not null and v.publish_at <= now()
    and (v.valid_until is null or v.valid_until > now()) and c.deleted_at is null)";

/// The most near-duplicates a signal lists.
const MAX_DUPLICATES: usize = 20;
/// The most ads sharing a band with a text whose signatures are compared with its own.
const CANDIDATES: i64 = 500;
/// A salary is far above the statistics when its upper bound is this many times the median.
pub(super) const FAR_ABOVE: f64 = 2.5;
/// The fewest live ads a median is taken from.
pub(super) const MIN_SAMPLE: i64 = 5;

/// Hosts of application systems that companies link to for applying: a link there is not a
/// foreign domain.
const APPLICATION_SYSTEMS: [&str; 14] = [
    "teamtailor.com",
    "recruitee.com",
    "workable.com",
    "greenhouse.io",
    "lever.co",
    "smartrecruiters.com",
    "personio.com",
    "personio.de",
    "bamboohr.com",
    "jobylon.com",
    "breezy.hr",
    "cv.ee",
    "cvkeskus.ee",
    "linkedin.com",
];

/// Scam patterns, as the first word of each `found` entry of a SCAM signal.
pub(super) mod pattern {
    /// Applicants pay for training, equipment, registration (strong).
    pub const TRAINING_FEE: &str = "TRAINING_FEE";
    /// Pay in gift cards or crypto, or buying gift cards (strong).
    pub const GIFT_CARDS_CRYPTO: &str = "GIFT_CARDS_CRYPTO";
    /// A messenger is the only contact the text gives (weak).
    pub const MESSENGER_ONLY: &str = "MESSENGER_ONLY";
    /// Applying happens on a domain that is not the company's (weak).
    pub const FOREIGN_APPLY_LINK: &str = "FOREIGN_APPLY_LINK";
    /// The salary is far above the live ads of its occupation and place (weak).
    pub const SALARY_FAR_ABOVE: &str = "SALARY_FAR_ABOVE";
}

pub(super) async fn detect(conn: &mut PgConnection, vacancy_id: Uuid) -> Result<Vec<Signal>> {
    let facts: Option<Facts> = sqlx::query_as(
        "select v.company_id, v.occupation_code, v.ehak_code, v.salary_from::float8, v.salary_to::float8,
                v.salary_period_code, v.apply_link
         from vacancies v where v.id = $1",
    )
    .bind(vacancy_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(facts) = facts else { return Ok(Vec::new()) };
    let text = text_of(&mut *conn, &[vacancy_id]).await?.pop().map(|(_, text)| text).unwrap_or_default();
    let questions: Vec<String> =
        sqlx::query_scalar("select question from vacancy_questions where vacancy_id = $1 order by position")
            .bind(vacancy_id)
            .fetch_all(&mut *conn)
            .await?;

    let mut signals = Vec::new();
    if let Some(signal) = near_duplicates(&mut *conn, vacancy_id, facts.company_id, &text).await? {
        signals.push(signal);
    }
    let mut scam = scam_in_text(&text);
    if let Some(link) = &facts.apply_link {
        let company_domains = company_domains(&mut *conn, facts.company_id).await?;
        scam.extend(foreign_apply_link(link, &company_domains));
    }
    scam.extend(salary_far_above(&mut *conn, vacancy_id, &facts).await?);
    if !scam.is_empty() {
        signals.push(scam_signal(scam));
    }
    signals.extend(discriminatory(&text));
    signals.extend(pay_history(&questions));
    signals.extend(no_pay_range(facts.salary_from, facts.salary_to));
    Ok(signals)
}

#[derive(sqlx::FromRow)]
struct Facts {
    company_id: Uuid,
    occupation_code: Option<String>,
    ehak_code: Option<String>,
    salary_from: Option<f64>,
    salary_to: Option<f64>,
    salary_period_code: Option<String>,
    apply_link: Option<String>,
}

/// The plain text of a Quill delta as stored (`platform::rich_text`), anything else as it is.
fn delta_text(stored: &str) -> String {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(stored) else { return stored.to_string() };
    let ops = value.get("ops").or(Some(&value)).and_then(|ops| ops.as_array());
    match ops {
        Some(ops) => ops.iter().filter_map(|op| op.get("insert").and_then(|i| i.as_str())).collect(),
        None => stored.to_string(),
    }
}

/// The text job seekers read of each vacancy: its teasers and descriptions in et, en, ru order.
pub(super) async fn text_of(conn: &mut PgConnection, vacancy_ids: &[Uuid]) -> Result<Vec<(Uuid, String)>> {
    let rows: Vec<(Uuid, Option<String>, Option<String>)> = sqlx::query_as(
        "select vacancy_id, teaser, content from vacancy_contents where vacancy_id = any($1)
         order by vacancy_id, case language_code when 'et' then 0 when 'en' then 1 else 2 end",
    )
    .bind(vacancy_ids)
    .fetch_all(&mut *conn)
    .await?;
    let mut texts: Vec<(Uuid, String)> = vacancy_ids.iter().map(|id| (*id, String::new())).collect();
    for (id, teaser, content) in rows {
        if let Some((_, text)) = texts.iter_mut().find(|(t, _)| *t == id) {
            for part in [teaser, content.map(|c| delta_text(&c))].into_iter().flatten() {
                text.push_str(&part);
                text.push('\n');
            }
        }
    }
    Ok(texts)
}

async fn store_signature(conn: &mut PgConnection, vacancy_id: Uuid, signature: Option<&[i64]>) -> Result<()> {
    match signature {
        Some(signature) => {
            sqlx::query(
                "insert into vacancy_text_signatures (vacancy_id, minhash, bands) values ($1, $2, $3)
                 on conflict (vacancy_id) do update set minhash = excluded.minhash, bands = excluded.bands, computed_at = now()",
            )
            .bind(vacancy_id)
            .bind(minhash::to_bytes(signature))
            .bind(minhash::bands(signature))
            .execute(&mut *conn)
            .await?;
        }
        None => {
            sqlx::query("delete from vacancy_text_signatures where vacancy_id = $1").bind(vacancy_id).execute(&mut *conn).await?;
        }
    }
    Ok(())
}

/// Computes the signatures of at most `limit` live ads that have none; returns how many.
pub(super) async fn backfill(conn: &mut PgConnection, limit: i64) -> Result<u64> {
    let ids: Vec<Uuid> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select v.id from vacancies v join companies c on c.id = v.company_id
         where {LIVE_SQL} and not exists (select 1 from vacancy_text_signatures s where s.vacancy_id = v.id)
         order by v.id limit $1"
    )))
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    let mut done = 0;
    for chunk in ids.chunks(200) {
        for (id, text) in text_of(&mut *conn, chunk).await? {
            let signature = minhash::signature(&text);
            // a text too short for a signature still counts as done: store an empty one
            store_signature(&mut *conn, id, Some(signature.as_deref().unwrap_or(&[]))).await?;
            done += 1;
        }
    }
    Ok(done)
}

/// NEAR_DUPLICATE: live ads whose text is nearly this one's (estimated Jaccard similarity of word
/// shingles at least [`minhash::NEAR_DUPLICATE`]); strong when one is another company's (a copied
/// ad), weak when all are this company's (a repost). Found: their ids, the most similar first.
async fn near_duplicates(conn: &mut PgConnection, vacancy_id: Uuid, company_id: Uuid, text: &str) -> Result<Option<Signal>> {
    let signature = minhash::signature(text);
    store_signature(&mut *conn, vacancy_id, signature.as_deref()).await?;
    let Some(signature) = signature else { return Ok(None) };
    // the bands' index first, always (`materialized`): a text shares a band with few others, while
    // the planner, with the statistics of a bulk load not yet analysed, walked every live ad and
    // probed its signature (0.3–1.6 s a publish at 100k ads, with the invoice number's lock held;
    // bench/results/2026-11-29-http-long-tail-writes.md); and at most CANDIDATES of them, so a
    // text posted in thousands of copies costs no more than that
    let candidates: Vec<(Uuid, Uuid, Vec<u8>)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "with near as materialized (
             select vacancy_id, minhash from vacancy_text_signatures
             where bands && $1 and vacancy_id <> $2 limit $3)
         select s.vacancy_id, v.company_id, s.minhash from near s
         join vacancies v on v.id = s.vacancy_id join companies c on c.id = v.company_id
         where {LIVE_SQL}"
    )))
    .bind(minhash::bands(&signature))
    .bind(vacancy_id)
    .bind(CANDIDATES)
    .fetch_all(&mut *conn)
    .await?;
    let mut near: Vec<(f64, Uuid, bool)> = candidates
        .into_iter()
        .map(|(id, company, other)| (minhash::similarity(&signature, &minhash::from_bytes(&other)), id, company != company_id))
        .filter(|(similarity, _, _)| *similarity >= minhash::NEAR_DUPLICATE)
        .collect();
    if near.is_empty() {
        return Ok(None);
    }
    near.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    near.truncate(MAX_DUPLICATES);
    Ok(Some(Signal {
        kind: SignalKind::NearDuplicate,
        strong: near.iter().any(|(_, _, other_company)| *other_company),
        found: near.iter().map(|(_, id, _)| id.to_string()).collect(),
    }))
}

fn scam_signal(found: Vec<String>) -> Signal {
    let strong = found.iter().any(|f| f.starts_with(pattern::TRAINING_FEE) || f.starts_with(pattern::GIFT_CARDS_CRYPTO));
    Signal { kind: SignalKind::Scam, strong, found }
}

/// The scam patterns of a text: paying for training or equipment, pay in gift cards or crypto,
/// a messenger as the only contact (a messenger named or linked and no e-mail address). Each
/// entry is the pattern and the words found (`TRAINING_FEE: maksta koolituse eest`).
pub(super) fn scam_in_text(text: &str) -> Vec<String> {
    let words = words::words(text);
    let mut found = Vec::new();
    for (name, list) in [(pattern::TRAINING_FEE, &LISTS.training_fee), (pattern::GIFT_CARDS_CRYPTO, &LISTS.gift_cards_crypto)] {
        found.extend(words::find_any(list.all(), &words).into_iter().map(|hit| format!("{name}: {hit}")));
    }
    let lower = text.to_lowercase();
    let mut messengers = words::find_any(&LISTS.messengers, &words);
    for link in ["t.me/", "wa.me/", "telegram.me/", "viber.click/"] {
        if lower.contains(link) && !messengers.iter().any(|m| m == link) {
            messengers.push(link.to_string());
        }
    }
    if !messengers.is_empty() && !has_email(text) {
        found.extend(messengers.into_iter().map(|m| format!("{}: {m}", pattern::MESSENGER_ONLY)));
    }
    found
}

/// Whether a text gives an e-mail address (`name@host.tld`; a messenger handle `@name` is not one).
fn has_email(text: &str) -> bool {
    text.split(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '(' | ')' | ',' | ';' | '"' | '\''))
        .any(|token| match token.split_once('@') {
            Some((local, host)) => {
                let host = host.trim_end_matches(['.', ':', '!', '?']);
                !local.is_empty() && host.contains('.') && !host.starts_with('.') && !host.ends_with('.')
            }
            None => false,
        })
}

/// The host of a web address or the domain of an e-mail address, lowercased, without a leading
/// `www.` (as `companies::domain_of` and the `register_*_domain` SQL functions read them).
pub(super) fn host_of(address: &str) -> Option<String> {
    let address = address.trim().to_lowercase();
    let host = match address.split_once("://") {
        Some((_, rest)) => rest.split(['/', '?', '#']).next().unwrap_or(""),
        None => address.rsplit_once('@').map(|(_, domain)| domain).unwrap_or(&address),
    };
    let host = host.rsplit_once('@').map(|(_, h)| h).unwrap_or(host);
    let host = host.split(':').next().unwrap_or("").trim_end_matches('.');
    let host = host.strip_prefix("www.").unwrap_or(host);
    host.contains('.').then(|| host.to_string())
}

fn same_site(host: &str, domain: &str) -> bool {
    host == domain || host.ends_with(&format!(".{domain}")) || domain.ends_with(&format!(".{host}"))
}

/// FOREIGN_APPLY_LINK: the apply link's host is none of the company's domains (its website and
/// e-mail in its profile and in the Business Register) nor a subdomain of one, nor an application
/// system's. Nothing is said when the company gives no domain to compare with.
pub(super) fn foreign_apply_link(link: &str, company_domains: &[String]) -> Option<String> {
    let host = host_of(link)?;
    if company_domains.is_empty()
        || company_domains.iter().any(|domain| same_site(&host, domain))
        || APPLICATION_SYSTEMS.iter().any(|system| same_site(&host, system) && host.len() >= system.len())
    {
        return None;
    }
    Some(format!("{}: {host} ({})", pattern::FOREIGN_APPLY_LINK, company_domains.join(", ")))
}

async fn company_domains(conn: &mut PgConnection, company_id: Uuid) -> Result<Vec<String>> {
    let addresses: Vec<Option<String>> = sqlx::query_scalar(
        "select unnest(array[p.website, p.email, b.website, b.email])
         from companies c
         left join company_profiles p on p.company_id = c.id
         left join business_register b on b.country_code = c.country_code and b.registry_code = c.registry_code
         where c.id = $1",
    )
    .bind(company_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut domains: Vec<String> = addresses.into_iter().flatten().filter_map(|a| host_of(&a)).collect();
    domains.sort();
    domains.dedup();
    Ok(domains)
}

/// SALARY_FAR_ABOVE: the salary's upper bound (salary_to, else salary_from) is more than
/// [`FAR_ABOVE`] times the median of the live ads of the same occupation and salary period — in
/// the same county when it has [`MIN_SAMPLE`] of them, else in the whole country. The median is
/// the one of the search's salary statistics (`search::SalaryStats`): of each ad's midpoint of its
/// lower and upper bound.
async fn salary_far_above(conn: &mut PgConnection, vacancy_id: Uuid, facts: &Facts) -> Result<Option<String>> {
    let (Some(occupation), Some(upper)) = (&facts.occupation_code, facts.salary_to.or(facts.salary_from)) else {
        return Ok(None);
    };
    // The county of the ad's place (walked up from it) and the places in that county (walked down
    // from it): a live ad is "here" when its place is one of them. One pass over the live ads of
    // the occupation counts both samples. (It walked up from every place and looked each live
    // ad's county up in that list: 3-4 ms a publish or edit at 100k ads, the dearest statement
    // while employers write, bench/results/2026-12-02-http-long-tail-writes-statements.md.)
    let (here, here_median, all, all_median, county): (i64, Option<f64>, i64, Option<f64>, Option<String>) =
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "with recursive up (code, kind, parent_code, label) as (
                 select code, kind, parent_code, label_et from ref_places where code = $3
                 union all
                 select p.code, p.kind, p.parent_code, p.label_et from up join ref_places p on p.code = up.parent_code
                 where up.kind <> 'county'
             ),
             mine as (select code, label from up where kind = 'county'),
             down (code) as (
                 select code from mine
                 union all
                 select p.code from down join ref_places p on p.parent_code = down.code
             ),
             live as materialized (
                 select (coalesce(v.salary_from, v.salary_to) + coalesce(v.salary_to, v.salary_from))::float8 / 2 as midpoint,
                        v.ehak_code in (select code from down) as here
                 from vacancies v
                 -- the company looked up per ad (a few hundred by its key) rather than every
                 -- company hashed, as the planner would for a join: a scalar subquery, because a
                 -- plain or `left join lateral` one is flattened into that same join
                 cross join lateral (select (select deleted_at from companies where id = v.company_id) as deleted_at) c
                 where {LIVE_SQL} and v.id <> $1 and v.occupation_code = $2
                   and v.salary_period_code is not distinct from $4
                   and coalesce(v.salary_from, v.salary_to) is not null
             )
             select count(*) filter (where here), percentile_cont(0.5) within group (order by midpoint) filter (where here),
                    count(*), percentile_cont(0.5) within group (order by midpoint), (select label from mine)
             from live"
        )))
        .bind(vacancy_id)
        .bind(occupation)
        .bind(&facts.ehak_code)
        .bind(&facts.salary_period_code)
        .fetch_one(&mut *conn)
        .await?;
    let (count, median, county) = if here >= MIN_SAMPLE { (here, here_median, county) } else { (all, all_median, None) };
    let Some(median) = median else { return Ok(None) };
    Ok(far_above(upper, median, count).then(|| {
        let period = facts.salary_period_code.as_deref().unwrap_or("-");
        let place = county.unwrap_or_else(|| "EE".into());
        format!("{}: {upper:.0} € ({period}), median {median:.0} € of {count} live ads ({occupation}, {place})", pattern::SALARY_FAR_ABOVE)
    }))
}

pub(super) fn far_above(upper: f64, median: f64, count: i64) -> bool {
    count >= MIN_SAMPLE && median > 0.0 && upper > FAR_ABOVE * median
}

/// DISCRIMINATORY (weak): the words of the lists found in the text — an age or sex preference,
/// "young team" — for a person to judge.
pub(super) fn discriminatory(text: &str) -> Option<Signal> {
    let found = words::find_any(LISTS.discriminatory.all(), &words::words(text));
    (!found.is_empty()).then_some(Signal { kind: SignalKind::Discriminatory, strong: false, found })
}

/// What the pay-history list finds in one screening question (the wizard runs the same list).
pub fn asks_pay_history(question: &str) -> Vec<String> {
    words::find_any(LISTS.pay_history.all(), &words::words(question))
}

/// PAY_HISTORY_QUESTION (weak): screening questions asking about current or past pay, which the
/// pay transparency directive (EU 2023/970, art. 5(2)) forbids. Found: the questions.
pub(super) fn pay_history(questions: &[String]) -> Option<Signal> {
    let found: Vec<String> = questions.iter().filter(|q| !asks_pay_history(q).is_empty()).cloned().collect();
    (!found.is_empty()).then_some(Signal { kind: SignalKind::PayHistoryQuestion, strong: false, found })
}

/// NO_PAY_RANGE (weak): the ad states no pay (salary by agreement, or nothing).
pub(super) fn no_pay_range(salary_from: Option<f64>, salary_to: Option<f64>) -> Option<Signal> {
    (salary_from.is_none() && salary_to.is_none()).then(|| Signal {
        kind: SignalKind::NoPayRange,
        strong: false,
        found: vec!["salary by agreement".into()],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scam(text: &str) -> Vec<String> {
        scam_in_text(text)
    }

    fn kinds(found: &[String]) -> Vec<&str> {
        let mut kinds: Vec<&str> = found.iter().map(|f| f.split(':').next().unwrap()).collect();
        kinds.dedup();
        kinds
    }

    #[test]
    fn paying_for_training_or_equipment_is_a_strong_scam_pattern_in_every_language() {
        for text in [
            "Enne tööle asumist tuleb maksta koolituse eest 150 eurot.",
            "Koolitustasu 99 € tasutakse esimesel päeval.",
            "Varustuse eest tuleb maksta 80 eurot.",
            "Before you start you pay for the training (200 EUR), refunded after three months.",
            "A small registration fee of 49 EUR secures your place.",
            "You pay for your equipment before the first shift.",
            "Перед началом работы необходима оплата обучения — 150 евро.",
            "Плата за оборудование вычитается из первой зарплаты.",
            "Требуется небольшой взнос за форму.",
        ] {
            let found = scam(text);
            assert_eq!(kinds(&found), [pattern::TRAINING_FEE], "{text}: {found:?}");
            assert!(scam_signal(found).strong, "{text}");
        }
    }

    #[test]
    fn training_the_employer_pays_for_is_no_scam_pattern() {
        for text in [
            "Pakume tasuta koolitust ja tasustatud sisseelamisperioodi.",
            "Tööandja maksab koolituse eest ja annab tööriided.",
            "Paid training and all equipment provided by the company.",
            "We pay for your training and certificates, and the company pays for the equipment.",
            "Бесплатное обучение, оплачиваемый отпуск, форма за счёт работодателя.",
            "Оплачиваемое обучение и оборудование предоставляется.",
        ] {
            assert!(scam(text).is_empty(), "{text}: {:?}", scam(text));
        }
    }

    #[test]
    fn pay_in_gift_cards_or_crypto_is_a_strong_scam_pattern_in_every_language() {
        for text in [
            "Palk makstakse krüptorahas iga nädal.",
            "Tasu kinkekaartidega, osta kinkekaart ja saada kood.",
            "You will be paid in gift cards weekly.",
            "Salary in USDT, paid to your crypto wallet.",
            "Оплата в криптовалюте каждую неделю.",
            "Нужно купить подарочные карты и прислать коды.",
        ] {
            let found = scam(text);
            assert_eq!(kinds(&found), [pattern::GIFT_CARDS_CRYPTO], "{text}: {found:?}");
            assert!(scam_signal(found).strong, "{text}");
        }
        for text in [
            "Sünnipäeval kingime kinkekaardi.",
            "Blockchain and cryptography engineer for our payment platform.",
            "Подарочная карта на день рождения и ДМС.",
        ] {
            assert!(scam(text).is_empty(), "{text}: {:?}", scam(text));
        }
    }

    #[test]
    fn a_messenger_as_the_only_contact_is_a_weak_scam_pattern_in_every_language() {
        for text in [
            "Kandideerimiseks kirjuta Telegrami: @tookoht_kiire",
            "Apply only via WhatsApp +372 5555 1234.",
            "Пишите в телеграм t.me/rabota_bystro",
        ] {
            let found = scam(text);
            assert_eq!(kinds(&found), [pattern::MESSENGER_ONLY], "{text}: {found:?}");
            assert!(!scam_signal(found).strong, "{text}");
        }
        for text in [
            "Küsimused: personal@firma.ee või WhatsApp +372 5555 1234.",
            "Questions to jobs@company.com, or ask us on WhatsApp.",
            "Вопросы: hr@firma.ee или Telegram @firma_hr.",
            "Saada CV aadressile tood@firma.ee.",
        ] {
            assert!(scam(text).is_empty(), "{text}: {:?}", scam(text));
        }
    }

    #[test]
    fn an_apply_link_off_the_companys_domains_is_a_weak_scam_pattern() {
        let domains = vec!["firma.ee".to_string(), "firma-grupp.com".to_string()];
        let found = foreign_apply_link("https://fast-jobs.xyz/apply?id=1", &domains).unwrap();
        assert_eq!(found, "FOREIGN_APPLY_LINK: fast-jobs.xyz (firma.ee, firma-grupp.com)");
        assert!(!scam_signal(vec![found]).strong);
        for link in [
            "https://www.firma.ee/karjaar",
            "https://careers.firma-grupp.com/jobs/12",
            "https://firma.teamtailor.com/jobs/1",
            "https://www.cv.ee/et/vacancy/1",
        ] {
            assert_eq!(foreign_apply_link(link, &domains), None, "{link}");
        }
        // nothing to compare with
        assert_eq!(foreign_apply_link("https://fast-jobs.xyz/apply", &[]), None);
        assert_eq!(host_of("mailto-less@Firma.EE"), Some("firma.ee".into()));
        assert_eq!(host_of("https://user@WWW.Firma.ee:8443/x"), Some("firma.ee".into()));
    }

    #[test]
    fn a_salary_is_far_above_past_two_and_a_half_medians_of_enough_ads() {
        assert!(far_above(5000.0, 1800.0, 12));
        assert!(!far_above(4000.0, 1800.0, 12));
        assert!(!far_above(9000.0, 1800.0, MIN_SAMPLE - 1));
        assert!(!far_above(9000.0, 0.0, 12));
    }

    #[test]
    fn age_and_sex_preferences_are_listed_for_a_person_in_every_language() {
        for (text, expected) in [
            ("Ootame oma noorde kollektiivi ainult mehi vanuses 20-35.", vec!["noorde kollektiivi", "ainult mehi", "vanuses 20 35"]),
            ("Sobib kuni 35-aastastele, ainult naised.", vec!["kuni 35 aastastele", "ainult naised"]),
            ("Join our young and dynamic team! Men only, under 35 years old.", vec!["young and dynamic", "men only", "under 35 years old"]),
            ("We prefer women for this role.", vec!["we prefer women"]),
            ("В молодой коллектив требуются только женщины до 35 лет.", vec!["только женщины", "молодой коллектив", "до 35 лет", "женщины до 35"]),
            ("Ищем мужчину не старше 40.", vec!["не старше 40", "ищем мужчину"]),
        ] {
            let signal = discriminatory(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(signal.kind, SignalKind::Discriminatory);
            assert!(!signal.strong);
            let mut found = signal.found.clone();
            let mut expected: Vec<String> = expected.into_iter().map(String::from).collect();
            found.sort();
            expected.sort();
            assert_eq!(found, expected, "{text}");
        }
        for text in [
            "Ootame meeskonda nii mehi kui naisi, vanus ei ole oluline. Töökogemus kuni 2 aastat sobib.",
            "We welcome applicants of every age and gender; at least 2 years of experience.",
            "Приглашаем мужчин и женщин любого возраста, опыт от 1 года.",
        ] {
            assert_eq!(discriminatory(text), None, "{text}");
        }
    }

    #[test]
    fn screening_questions_about_current_or_past_pay_are_found_in_every_language() {
        let asking = [
            "Milline on teie praegune palk?",
            "Kui palju te praegu teenite?",
            "Mis oli teie eelmise töökoha palk?",
            "What is your current salary?",
            "How much did you earn in your last job?",
            "Please state your salary history.",
            "Какая у вас текущая зарплата?",
            "Сколько вы зарабатываете сейчас?",
            "Какой был оклад на предыдущем месте работы? Укажите предыдущий оклад.",
        ];
        for question in asking {
            assert!(!asks_pay_history(question).is_empty(), "{question}");
        }
        let fine = [
            "Milline on teie palgasoov?",
            "Kas teil on B-kategooria juhiload?",
            "What are your salary expectations?",
            "When could you start?",
            "Какие у вас ожидания по зарплате?",
            "Есть ли у вас опыт работы с клиентами?",
        ];
        for question in fine {
            assert!(asks_pay_history(question).is_empty(), "{question}: {:?}", asks_pay_history(question));
        }
        let questions: Vec<String> = asking.iter().take(1).chain(fine.iter().take(1)).map(|q| q.to_string()).collect();
        let signal = pay_history(&questions).unwrap();
        assert_eq!((signal.kind, signal.strong, signal.found), (SignalKind::PayHistoryQuestion, false, vec![asking[0].to_string()]));
        assert_eq!(pay_history(&questions[1..]), None);
    }

    #[test]
    fn no_pay_range_is_a_weak_signal_of_an_ad_stating_no_salary() {
        let signal = no_pay_range(None, None).unwrap();
        assert_eq!((signal.kind, signal.strong), (SignalKind::NoPayRange, false));
        assert_eq!(no_pay_range(Some(1500.0), None), None);
        assert_eq!(no_pay_range(None, Some(2500.0)), None);
        assert_eq!(no_pay_range(Some(1500.0), Some(2500.0)), None);
    }

    #[test]
    fn a_delta_is_read_as_its_inserted_text() {
        assert_eq!(delta_text(r#"{"ops":[{"insert":"Tere "},{"insert":"maailm","attributes":{"bold":true}},{"insert":"\n"}]}"#), "Tere maailm\n");
        assert_eq!(delta_text("plain"), "plain");
    }
}
