//! Trust signals (issue 35 §3, §4; docs/moderation.md): what `signals::refresh` stores for a published
//! ad, the near-duplicate detector measured on the demo corpus with planted duplicates, the
//! publishing call's pay-range warning and the cards' "pay range given".

use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, spawn_app};
use crate::publishing::{complete_draft, employer_client, publish};
use crate::search::{eventually, spawn_with_worker};

/// The stored signals of a vacancy: (kind, strong, found), by kind.
async fn stored(app: &TestApp, id: Uuid) -> Vec<(String, bool, Vec<String>)> {
    let rows: Vec<(String, bool, sqlx::types::Json<Vec<String>>)> =
        sqlx::query_as("select kind, strong, found from vacancy_signals where vacancy_id = $1 order by kind")
            .bind(id)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    rows.into_iter().map(|(kind, strong, found)| (kind, strong, found.0)).collect()
}

async fn refresh(app: &TestApp, id: Uuid) -> Vec<domain::signals::Signal> {
    let mut tx = app.pool.begin().await.unwrap();
    let signals = domain::signals::refresh(&mut tx, id).await.unwrap();
    tx.commit().await.unwrap();
    signals
}

fn delta(text: &str) -> String {
    json!({ "ops": [{ "insert": format!("{text}\n") }] }).to_string()
}

/// Sets a vacancy's texts (et, en, ru).
async fn set_texts(app: &TestApp, id: Uuid, texts: [&str; 3]) {
    sqlx::query("delete from vacancy_contents where vacancy_id = $1").bind(id).execute(&app.pool).await.unwrap();
    for (language, text) in ["et", "en", "ru"].into_iter().zip(texts) {
        sqlx::query("insert into vacancy_contents (vacancy_id, language_code, teaser, content) values ($1, $2, 'Töö', $3)")
            .bind(id)
            .bind(language)
            .bind(delta(text))
            .execute(&app.pool)
            .await
            .unwrap();
    }
}

/// A live ad of `company_id` (published an hour ago, paid) for a cook in Tallinn with this salary.
async fn live_ad(app: &TestApp, company_id: Uuid, texts: [&str; 3], salary: Option<(f64, f64)>) -> Uuid {
    let id: Uuid = sqlx::query_scalar(
        "insert into vacancies (company_id, occupation_code, employment_type_code, ehak_code, status, payment_status,
                                salary_from, salary_to, salary_period_code, salary_by_agreement, publish_at, renewed_at, valid_until)
         values ($1, 'COOK', 'FULL_TIME', '0784', 'EXISTS', 'PAID', $2, $3, case when $2::numeric is null then null else 'MONTH' end,
                 $2::numeric is null, now() - interval '1 hour', now() - interval '1 hour', now() + interval '30 days')
         returning id",
    )
    .bind(company_id)
    .bind(salary.map(|s| s.0))
    .bind(salary.map(|s| s.1))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    set_texts(app, id, texts).await;
    id
}

const SCAM_ET: &str = "Ootame oma noorde kollektiivi kokka. Enne tööle asumist tuleb maksta koolituse eest 150 eurot; \
    töövahendid saad kohapealt. Töö toimub vahetustes Tallinna kesklinnas, kus valmistame lõunasööke ja õhtusööke.";
const SCAM_EN: &str = "We are looking for a cook to join our young team. Before you start you pay for the training (150 EUR); \
    the tools are provided on site. Shifts in central Tallinn, where we cook lunches and dinners.";
const SCAM_RU: &str = "Ищем повара в молодой коллектив, только мужчины до 35 лет. Перед началом работы необходима оплата обучения; \
    инструменты выдаются на месте. Смены в центре Таллинна, готовим обеды и ужины.";

#[tokio::test]
async fn refresh_stores_what_a_published_ads_text_questions_salary_and_link_show() {
    let app = spawn_app().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    sqlx::query("insert into company_profiles (company_id, website) values ($1, 'https://www.naide.ee')")
        .bind(company_id)
        .execute(&app.pool)
        .await
        .unwrap();
    // the salary statistics of cooks in Harju county: five live ads at 1500–1700 a month
    for _ in 0..5 {
        live_ad(&app, company_id, ["Kokk.", "Cook.", "Повар."], Some((1500.0, 1700.0))).await;
    }
    let id = complete_draft(&app, company_id, "kokk", None).await;
    set_texts(&app, id, [SCAM_ET, SCAM_EN, SCAM_RU]).await;
    sqlx::query("update vacancies set apply_link = 'https://kiire-too.xyz/apply' where id = $1").bind(id).execute(&app.pool).await.unwrap();
    for (position, question) in ["Milline on teie praegune palk?", "Kas teil on tervisetõend?"].into_iter().enumerate() {
        sqlx::query("insert into vacancy_questions (vacancy_id, question, position) values ($1, $2, $3)")
            .bind(id)
            .bind(question)
            .bind(position as i32)
            .execute(&app.pool)
            .await
            .unwrap();
    }
    assert_eq!(publish(&client, id, &["VACANCY"]).await.status(), 200);

    let signals = refresh(&app, id).await;
    let rows = stored(&app, id).await;
    assert_eq!(rows.len(), signals.len(), "what refresh returns is what it stores");
    let kinds: Vec<&str> = rows.iter().map(|(kind, _, _)| kind.as_str()).collect();
    assert_eq!(kinds, ["DISCRIMINATORY", "NO_PAY_RANGE", "PAY_HISTORY_QUESTION", "SCAM"], "{rows:?}");
    let (_, strong, found) = &rows[0];
    assert!(!strong);
    for words in ["noorde kollektiivi", "young team", "молодой коллектив", "только мужчины", "до 35 лет"] {
        assert!(found.contains(&words.to_string()), "{words} in {found:?}");
    }
    assert_eq!(rows[1], ("NO_PAY_RANGE".into(), false, vec!["salary by agreement".into()]));
    assert_eq!(rows[2], ("PAY_HISTORY_QUESTION".into(), false, vec!["Milline on teie praegune palk?".into()]));
    let (_, strong, found) = &rows[3];
    assert!(strong, "paying for training is strong");
    assert!(found.contains(&"TRAINING_FEE: maksta koolituse eest".to_string()), "{found:?}");
    assert!(found.contains(&"TRAINING_FEE: you pay for the training".to_string()), "{found:?}");
    assert!(found.contains(&"TRAINING_FEE: оплата обучения".to_string()), "{found:?}");
    assert!(found.contains(&"FOREIGN_APPLY_LINK: kiire-too.xyz (naide.ee)".to_string()), "{found:?}");

    // edited: a range far above the cooks' median, the link on the company's site, questions fine
    sqlx::query(
        "update vacancies set salary_by_agreement = false, salary_from = 5000, salary_to = 9000, salary_period_code = 'MONTH',
                apply_link = 'https://tood.naide.ee/kokk' where id = $1",
    )
    .bind(id)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query("delete from vacancy_questions where vacancy_id = $1").bind(id).execute(&app.pool).await.unwrap();
    set_texts(&app, id, ["Kokk Tallinna kesklinna restorani.", "A cook for a restaurant in central Tallinn.", "Повар в ресторан в центре Таллинна."]).await;
    refresh(&app, id).await;
    let rows = stored(&app, id).await;
    assert_eq!(rows.len(), 1, "the earlier signals are replaced: {rows:?}");
    let (kind, strong, found) = &rows[0];
    assert_eq!((kind.as_str(), *strong), ("SCAM", false));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0], "SALARY_FAR_ABOVE: 9000 € (MONTH), median 1600 € of 5 live ads (COOK, Harju maakond)", "{found:?}");

    // another place of the same county (Harku vald beside Tallinn): the county's five ads still
    // count; in Tartu (another county, none there) the country's do
    for (place, where_) in [("0198", "Harju maakond"), ("0793", "EE")] {
        sqlx::query("update vacancies set ehak_code = $2 where id = $1").bind(id).bind(place).execute(&app.pool).await.unwrap();
        refresh(&app, id).await;
        let rows = stored(&app, id).await;
        let expected = format!("SALARY_FAR_ABOVE: 9000 € (MONTH), median 1600 € of 5 live ads (COOK, {where_})");
        assert_eq!(rows[0].2, vec![expected], "in {place}");
    }
    // in Tartu (above) no cook's ad is live, so the country's sample counted; a county with fewer
    // than five counts the country's too, and the country with fewer than five flags nothing
    let tartu = live_ad(&app, company_id, ["Kokk.", "Cook.", "Повар."], Some((900.0, 1100.0))).await;
    sqlx::query("update vacancies set ehak_code = '0793' where id = $1").bind(tartu).execute(&app.pool).await.unwrap();
    refresh(&app, id).await;
    let rows = stored(&app, id).await;
    assert_eq!(rows[0].2, vec!["SALARY_FAR_ABOVE: 9000 € (MONTH), median 1600 € of 6 live ads (COOK, EE)".to_string()]);
    sqlx::query("update vacancies set status = 'ARCHIVED' where company_id = $1 and id <> $2 and id <> $3")
        .bind(company_id)
        .bind(id)
        .bind(tartu)
        .execute(&app.pool)
        .await
        .unwrap();
    refresh(&app, id).await;
    assert!(stored(&app, id).await.is_empty(), "one live ad is no sample");
}

#[tokio::test]
async fn a_copy_of_a_live_ad_is_a_near_duplicate_strong_from_another_company_weak_from_the_same() {
    let app = spawn_app().await;
    let (_, first) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let (_, second) = employer_client(&app, "other@example.ee", "87654321", "Teine OÜ", true).await;
    let text = [
        "Otsime oma meeskonda kogenud laotöötajat, kes komplekteerib tellimusi, võtab vastu kaupa ja hoiab lao korras. \
         Pakume stabiilset tööd, konkurentsivõimelist palka, tasuta parkimist ja sõbralikku kollektiivi.",
        "We are looking for an experienced warehouse worker to pick orders, receive goods and keep the warehouse tidy. \
         We offer stable work, a competitive salary, free parking and a friendly team.",
        "Ищем опытного работника склада для комплектации заказов, приёмки товара и поддержания порядка на складе. \
         Предлагаем стабильную работу, конкурентную зарплату, бесплатную парковку и дружный коллектив.",
    ];
    let original = live_ad(&app, first, text, Some((1500.0, 1800.0))).await;
    let unrelated = live_ad(&app, first, ["Kokk Tallinna kesklinna restorani, vahetustega töö.", "A cook.", "Повар."], Some((1500.0, 1800.0))).await;
    // these two were written straight into the table, not published: the worker's maintenance pass
    // gives such ads their signatures
    domain::signals::backfill(&mut *app.pool.acquire().await.unwrap()).await.unwrap();

    // a repost by the same company: weak
    let reposted = live_ad(&app, first, text, Some((1500.0, 1800.0))).await;
    let signals = refresh(&app, reposted).await;
    let duplicate = signals.iter().find(|s| s.kind == domain::signals::SignalKind::NearDuplicate).expect("a near-duplicate");
    assert!(!duplicate.strong, "a strong one comes from another company: {duplicate:?}");
    assert_eq!(duplicate.found, [original.to_string()]);

    // a copy by another company, lightly edited: strong, and it finds both
    let edited = text.map(|t| t.replace("Pakume", "Meie pakume"));
    let copied = live_ad(&app, second, edited.each_ref().map(String::as_str), Some((1500.0, 1800.0))).await;
    let signals = refresh(&app, copied).await;
    let duplicate = signals.iter().find(|s| s.kind == domain::signals::SignalKind::NearDuplicate).expect("a near-duplicate");
    assert!(duplicate.strong, "another company's copy is strong");
    let mut found = duplicate.found.clone();
    found.sort();
    let mut expected = vec![original.to_string(), reposted.to_string()];
    expected.sort();
    assert_eq!(found, expected);
    assert!(!found.contains(&unrelated.to_string()));
    assert_eq!(stored(&app, reposted).await.iter().filter(|(kind, _, _)| kind == "NEAR_DUPLICATE").count(), 1);
}

/// Judges what a refresh of `id` found: (the planted original found, other pairs right, pairs
/// wrong). A pair other than the planted one is right when the exact Jaccard similarity of the two
/// texts' shingles reaches the threshold.
async fn judge(conn: &mut sqlx::PgConnection, id: Uuid, found: &[String], original: Option<Uuid>) -> (usize, usize, usize) {
    let (mut planted, mut right, mut wrong) = (0, 0, 0);
    let text = domain::signals::text(&mut *conn, id).await.unwrap();
    for other in found {
        let other: Uuid = other.parse().unwrap();
        if Some(other) == original {
            planted += 1;
            continue;
        }
        let other = domain::signals::text(&mut *conn, other).await.unwrap();
        if domain::signals::exact_similarity(&text, &other) >= domain::signals::NEAR_DUPLICATE { right += 1 } else { wrong += 1 }
    }
    (planted, right, wrong)
}

/// The near-duplicate detector on the demo corpus (`fixtures::scale`, the texts the demo data
/// holds) with planted duplicates: copies of live ads, as they are or lightly edited, by the same
/// company (reposts) or another (copies). Every copy is refreshed, and so is a sample of the
/// untouched ads, which must find nothing.
#[tokio::test]
async fn near_duplicates_on_the_demo_corpus_have_high_precision_and_recall() {
    const PLANTED: usize = 40;
    const CLEAN_SAMPLE: i64 = 120;
    let app = spawn_app().await;
    fixtures::scale::generate(&app.pool, 400, fixtures::DEMO_SEED).await.unwrap();
    let mut conn = app.pool.acquire().await.unwrap();
    let backfilled = domain::signals::backfill(&mut conn).await.unwrap();
    drop(conn);
    assert!(backfilled > 300, "the live demo ads get signatures: {backfilled}");

    let live: Vec<(Uuid, Uuid)> = sqlx::query_as(
        "select v.id, v.company_id from vacancies v where v.status = 'EXISTS' and v.payment_status = 'PAID'
           and v.publish_at <= now() and (v.valid_until is null or v.valid_until > now()) order by v.id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let companies: Vec<Uuid> = sqlx::query_scalar("select id from companies order by id").fetch_all(&app.pool).await.unwrap();
    let mut planted = Vec::new();
    for (index, (original, company)) in live.iter().step_by(live.len() / PLANTED).take(PLANTED).enumerate() {
        let other_company = index % 2 == 1;
        let owner = if other_company { *companies.iter().find(|c| *c != company).unwrap() } else { *company };
        // a draft copy: the copies are not live, so each is compared with the live corpus only
        let copy: Uuid = sqlx::query_scalar(
            "insert into vacancies (company_id, occupation_code, employment_type_code, ehak_code, address, salary_from, salary_to,
                                    salary_period_code, salary_by_agreement)
             select $2, occupation_code, employment_type_code, ehak_code, address, salary_from, salary_to, salary_period_code,
                    salary_by_agreement from vacancies where id = $1
             returning id",
        )
        .bind(original)
        .bind(owner)
        .fetch_one(&app.pool)
        .await
        .unwrap();
        let contents: Vec<(String, Option<String>, Option<String>)> =
            sqlx::query_as("select language_code, teaser, content from vacancy_contents where vacancy_id = $1")
                .bind(original)
                .fetch_all(&app.pool)
                .await
                .unwrap();
        for (language, teaser, content) in contents {
            let content = content.map(|content| {
                let mut delta: Value = serde_json::from_str(&content).unwrap();
                let ops = delta["ops"].as_array_mut().unwrap();
                match index % 3 {
                    // as it is
                    0 => {}
                    // a sentence more
                    1 => ops.push(json!({ "insert": "Kandideeri kohe — ootame sind! Apply now. Ждём вас!\n" })),
                    // a contact line changed and a sentence more
                    _ => {
                        ops.insert(0, json!({ "insert": "UUS! NEW! НОВОЕ!\n" }));
                        ops.push(json!({ "insert": "Küsimused: info@firma.ee\n" }));
                    }
                }
                delta.to_string()
            });
            sqlx::query("insert into vacancy_contents (vacancy_id, language_code, teaser, content) values ($1, $2, $3, $4)")
                .bind(copy)
                .bind(language)
                .bind(teaser)
                .bind(content)
                .execute(&app.pool)
                .await
                .unwrap();
        }
        planted.push((copy, *original, other_company));
    }

    // (planted found, other pairs right, pairs wrong); a pair other than the planted one is right
    // when the exact Jaccard similarity of the two texts' shingles reaches the threshold (the demo
    // texts are written from templates: two ads of one company for one occupation can be
    // near-duplicates already)
    let (mut planted_found, mut natural, mut false_positives, mut strong_right) = (0usize, 0usize, 0usize, 0usize);
    let mut conn = app.pool.acquire().await.unwrap();
    for (copy, original, other_company) in &planted {
        let signals = refresh(&app, *copy).await;
        if let Some(signal) = signals.iter().find(|s| s.kind == domain::signals::SignalKind::NearDuplicate) {
            let (p, r, w) = judge(&mut conn, *copy, &signal.found, Some(*original)).await;
            (planted_found, natural, false_positives) = (planted_found + p, natural + r, false_positives + w);
            strong_right += usize::from(signal.strong == *other_company);
        }
    }
    let originals: Vec<Uuid> = planted.iter().map(|(_, original, _)| *original).collect();
    let clean: Vec<Uuid> = sqlx::query_scalar(
        "select s.vacancy_id from vacancy_text_signatures s join vacancies v on v.id = s.vacancy_id
         where v.status = 'EXISTS' and not (s.vacancy_id = any($1)) order by md5(s.vacancy_id::text) limit $2",
    )
    .bind(&originals)
    .bind(CLEAN_SAMPLE)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let mut clean_flagged = 0usize;
    for id in &clean {
        let signals = refresh(&app, *id).await;
        if let Some(signal) = signals.iter().find(|s| s.kind == domain::signals::SignalKind::NearDuplicate) {
            clean_flagged += 1;
            let (_, r, w) = judge(&mut conn, *id, &signal.found, None).await;
            (natural, false_positives) = (natural + r, false_positives + w);
        }
    }
    drop(conn);
    let true_positives = planted_found + natural;
    let precision = true_positives as f64 / (true_positives + false_positives).max(1) as f64;
    let recall = planted_found as f64 / planted.len() as f64;
    println!(
        "near-duplicates: precision {precision:.3}, recall {recall:.3} ({planted_found} of {PLANTED} planted found; {clean_flagged} of {} untouched ads flagged; \
         {natural} other pairs natural duplicates, {false_positives} wrong)",
        clean.len()
    );
    assert!(precision >= 0.95, "precision {precision}");
    assert!(recall >= 0.95, "recall {recall}");
    assert_eq!(strong_right, planted_found, "strong exactly for another company's copy");
}

#[tokio::test]
async fn publishing_without_pay_warns_and_the_card_and_page_say_when_pay_is_given() {
    let app = spawn_with_worker().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;

    let by_agreement = complete_draft(&app, company_id, "kaneelimeister", None).await;
    let answer: Value = publish(&client, by_agreement, &["VACANCY"]).await.json().await.unwrap();
    assert_eq!(answer["displayedState"], "ACTIVE", "a warning never refuses: {answer}");
    assert_eq!(answer["warnings"], json!(["NO_PAY_RANGE"]));

    let with_pay = complete_draft(&app, company_id, "kaneelimeister", None).await;
    sqlx::query("update vacancies set salary_by_agreement = false, salary_from = 1500, salary_to = 2000, salary_period_code = 'MONTH' where id = $1")
        .bind(with_pay)
        .execute(&app.pool)
        .await
        .unwrap();
    let answer: Value = publish(&client, with_pay, &["VACANCY"]).await.json().await.unwrap();
    assert_eq!(answer["displayedState"], "ACTIVE");
    assert!(answer.get("warnings").is_none(), "{answer}");

    let page = eventually(&app, json!({ "occupation": "kaneelimeister" }), |p| p["totalElements"] == 2).await;
    for card in page["content"].as_array().unwrap() {
        let given = card["vacancyId"] == with_pay.to_string();
        assert_eq!(card["payRangeGiven"], given, "{card}");
    }
    for (id, given) in [(with_pay, true), (by_agreement, false)] {
        let detail: Value = client.get(&format!("/api/open/vacancies/{id}")).await.json().await.unwrap();
        assert_eq!(detail["payRangeGiven"], given, "{detail}");
    }
}
