//! The matching of saved searches (docs/alerts.md, "Matching"): vacancies going live are matched
//! against the instant alerts within moments, each (alert, vacancy) pair once ever, nothing lost
//! when the worker is killed; the daily and weekly runs on a fixed clock; and the matching's
//! answer is the search's answer, on whichever engine the tests run.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use domain::alerts::matching::{self, Digest, InstantSearches, MATCH_QUEUE};
use domain::alerts::mail;
use domain::platform::jobs::{self, INDEX_QUEUE, IndexJob};
use domain::platform::reference::ReferenceCache;
use domain::vacancies::employer_list::{StatusChange, change_status};
use search::testsuite::{Rng, VacancyDraw, random_vacancy};
use search::{VacancyDoc, VacancyQuery};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{AppOptions, StreamedVacancy, TestApp, spawn_app_with, start_worker, stream_vacancies};
use crate::publishing::{complete_draft, employer_client, published};
use crate::search::spawn_with_worker;

/// A saved search as the alerts API stores it (inserted directly), its filter checked by the
/// search's rules.
async fn saved_search(app: &TestApp, filter: Value, frequency: &str, confirmed: bool, paused: bool) -> Uuid {
    domain::vacancies::filter::vacancy_query(&app.pool, &ReferenceCache::default(), serde_json::from_value(filter.clone()).unwrap(), 0, 0)
        .await
        .unwrap();
    sqlx::query_scalar(
        "insert into saved_searches (email, name, filter, frequency, confirmed_at, paused, token_hash)
         values ('alert-' || gen_random_uuid() || '@example.ee', 'Minu otsing', $1, $2, case when $3 then now() end, $4, gen_random_uuid()::text::bytea)
         returning id",
    )
    .bind(&filter)
    .bind(frequency)
    .bind(confirmed)
    .bind(paused)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

/// The alerts' matches as recorded, once every set the matching wrote is taken by a mail pass:
/// here (as the worker's pass does, without sending) or, for a set a running worker's pass holds,
/// by it. A set still waiting after 10 s is a failure of its own, not a wrong list of pairs.
async fn pairs(app: &TestApp) -> Vec<(Uuid, Uuid)> {
    let mut waiting: i64 = 0;
    for _ in 0..400 {
        mail::prepare_all(&app.pool).await.unwrap();
        waiting = sqlx::query_scalar("select count(*) from alert_match_sets").fetch_one(&app.pool).await.unwrap();
        if waiting == 0 {
            // the scheduled runs' matches are their mails' lists (these tests' lists are short)
            return sqlx::query_as(
                "select s.id, r.vacancy_id from alert_match_record r cross join unnest(r.searches) as u (serial)
                 join saved_searches s on s.serial = u.serial
                 union
                 select m.saved_search_id, l.vacancy_id from alert_mails m cross join unnest(m.vacancies) as l (vacancy_id) where m.digest
                 order by 1, 2",
            )
            .fetch_all(&app.pool)
            .await
            .unwrap();
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("{waiting} sets still waiting for a mail pass after 10 s");
}

async fn match_jobs(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1").bind(MATCH_QUEUE).fetch_one(&app.pool).await.unwrap()
}

/// Waits until no index, match or mail pass job is waiting or running: what was queued has been
/// matched and its matches recorded.
async fn settled(app: &TestApp) {
    for _ in 0..300 {
        let busy: i64 = sqlx::query_scalar("select count(*) from apalis.jobs where job_type = any($1) and status not in ('Done', 'Failed', 'Killed')")
            .bind(vec![INDEX_QUEUE, MATCH_QUEUE, mail::QUEUE])
            .fetch_one(&app.pool)
            .await
            .unwrap();
        if busy == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the index and match jobs never finished");
}

async fn pairs_until(app: &TestApp, check: impl Fn(&[(Uuid, Uuid)]) -> bool) -> Vec<(Uuid, Uuid)> {
    let mut last = Vec::new();
    for _ in 0..200 {
        last = pairs(app).await;
        if check(last.as_slice()) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the alert matches never reached the expected state: {last:?}");
}

async fn went_live_at(app: &TestApp, vacancy: Uuid) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    sqlx::query_as("select went_live_at, updated_at from vacancy_live_events where vacancy_id = $1").bind(vacancy).fetch_optional(&app.pool).await.unwrap()
}

async fn reindex(app: &TestApp, vacancy: Uuid) {
    let mut conn = app.pool.acquire().await.unwrap();
    jobs::enqueue_index(&mut conn, &[IndexJob::Vacancy(vacancy)]).await.unwrap();
}

#[tokio::test]
async fn an_instant_alert_gets_a_published_vacancy_once_and_neither_a_renewal_nor_an_edit_that_changes_nothing() {
    let app = spawn_with_worker().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let cooks = saved_search(&app, json!({ "categoryCode": ["CATERING"], "occupation": "Trühvlimeistri " }), "INSTANT", true, false).await;
    let it = saved_search(&app, json!({ "categoryCode": ["IT"] }), "INSTANT", true, false).await;
    let paused = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", true, true).await;
    let unconfirmed = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", false, false).await;
    let daily = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "DAILY", true, false).await;
    let other_words = saved_search(&app, json!({ "occupation": "marsipan" }), "INSTANT", true, false).await;
    let id = complete_draft(&app, company_id, "trühvlimeister", None).await;

    published(&client, id, &["VACANCY"]).await;

    // an inflected form of the word, typed to its end, and the category: a match
    let found = pairs_until(&app, |pairs| !pairs.is_empty()).await;
    settled(&app).await;
    assert_eq!(pairs(&app).await, vec![(cooks, id)], "{found:?}");
    for not_matched in [it, paused, unconfirmed, daily, other_words] {
        assert!(!pairs(&app).await.iter().any(|(search, _)| *search == not_matched));
    }
    let (live_since, _) = went_live_at(&app, id).await.expect("went live");
    assert_eq!(match_jobs(&app).await, 1);

    // a renewal, a new PRO level and an index job with nothing changed: nothing to match
    sqlx::query("update vacancies set renewed_at = now(), pro_level = 2 where id = $1").bind(id).execute(&app.pool).await.unwrap();
    reindex(&app, id).await;
    reindex(&app, id).await;
    settled(&app).await;
    assert_eq!(match_jobs(&app).await, 1, "a renewal queues no matching");
    assert_eq!(went_live_at(&app, id).await.unwrap().0, live_since);

    // an edit adding a category makes it match the IT alert, and only that one is new
    sqlx::query("insert into vacancy_categories (vacancy_id, category_code) values ($1, 'IT')").bind(id).execute(&app.pool).await.unwrap();
    reindex(&app, id).await;
    pairs_until(&app, |pairs| pairs.len() == 2).await;
    settled(&app).await;
    assert_eq!(match_jobs(&app).await, 2);
    let mut want = vec![(cooks, id), (it, id)];
    want.sort();
    assert_eq!(pairs(&app).await, want);
    let (edited_live_since, edited_at) = went_live_at(&app, id).await.unwrap();
    assert_eq!(edited_live_since, live_since, "an edit keeps when it went live");
    assert!(edited_at > live_since);

    // hidden: it left the index and its live row; shown again: it went live again, and a search
    // saved meanwhile gets it, while the pairs already there are not inserted twice
    let user_id: Uuid = sqlx::query_scalar("select id from users where username = 'boss@example.ee'").fetch_one(&app.pool).await.unwrap();
    change_status(&app.pool, company_id, user_id, id, StatusChange { status: "HIDDEN", product_codes: None }, Utc::now()).await.unwrap();
    settled(&app).await;
    assert_eq!(went_live_at(&app, id).await, None, "a hidden vacancy is not live");
    let meanwhile = saved_search(&app, json!({ "cityCode": ["0784"] }), "INSTANT", true, false).await;
    change_status(&app.pool, company_id, user_id, id, StatusChange { status: "EXISTS", product_codes: None }, Utc::now()).await.unwrap();
    pairs_until(&app, |pairs| pairs.len() == 3).await;
    settled(&app).await;
    assert_eq!(match_jobs(&app).await, 3, "showing it again is going live again");
    assert!(went_live_at(&app, id).await.unwrap().0 > live_since);
    let mut want = vec![(cooks, id), (it, id), (meanwhile, id)];
    want.sort();
    assert_eq!(pairs(&app).await, want, "each (alert, vacancy) pair once ever");
}

#[tokio::test]
async fn a_vacancy_waiting_for_its_publish_time_is_matched_when_it_goes_live() {
    let app = spawn_with_worker().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let cooks = saved_search(&app, json!({ "occupation": "kondiitrimeister" }), "INSTANT", true, false).await;
    let id = complete_draft(&app, company_id, "kondiitrimeister", Some(3600)).await;
    published(&client, id, &["VACANCY"]).await;
    settled(&app).await;
    assert_eq!(pairs(&app).await, vec![], "not live before its publish time");
    assert_eq!(went_live_at(&app, id).await, None);

    // time passes: the stored times move back instead, as the index reads the real clock
    sqlx::query("update vacancies set publish_at = publish_at - interval '1 hour 1 minute', valid_until = valid_until - interval '1 hour 1 minute' where id = $1")
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    domain::vacancies::time_rules::go_live(&app.pool, Utc::now()).await.unwrap();

    assert_eq!(pairs_until(&app, |pairs| !pairs.is_empty()).await, vec![(cooks, id)]);
}

const KILL_CATEGORIES: [&str; 3] = ["CATERING", "IT", "SALES"];
const KILL_WORDS: [&str; 4] = ["kokk", "keevitaja", "müüja", "programmeerija"];

#[tokio::test]
async fn killing_the_worker_while_vacancies_go_live_loses_no_match_and_repeats_none() {
    if crate::meili::skip_on_meilisearch("alert_matching::killing_the_worker…", "the worker process opens the tantivy index of the test's data directory") {
        return;
    }
    let app = spawn_app_with(AppOptions { index_reader: true, ..AppOptions::default() }).await;
    let company: Uuid = sqlx::query_scalar("insert into companies (registry_code, business_name, ehak_code) values ('12345678', 'Kiire OÜ', '0784') returning id")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let mut searches = Vec::new();
    for category in KILL_CATEGORIES {
        searches.push(saved_search(&app, json!({ "categoryCode": [category] }), "INSTANT", true, false).await);
    }
    for word in KILL_WORDS {
        searches.push(saved_search(&app, json!({ "occupation": word }), "INSTANT", true, false).await);
        searches.push(saved_search(&app, json!({ "occupation": word, "remoteWork": true }), "INSTANT", true, false).await);
    }
    searches.push(saved_search(&app, json!({ "salaryFrom": 2000, "cityCode": ["0784"] }), "INSTANT", true, false).await);
    searches.push(saved_search(&app, json!({}), "INSTANT", true, false).await);

    let mut worker = start_worker(&app);
    const COUNT: usize = 300;
    let writes = stream_vacancies(&app.pool, company, COUNT, |i| StreamedVacancy {
        category: Some(KILL_CATEGORIES[i % KILL_CATEGORIES.len()]),
        teaser: Some(format!("Otsime: {}", KILL_WORDS[i % KILL_WORDS.len()])),
        salary_from: Some(1000.0 + (i % 7) as f64 * 250.0),
        remote_work: i % 3 == 0,
    });
    // kill it once some, but not all, of the vacancies went live: in the middle of batches and jobs
    for _ in 0..300 {
        let live: i64 = sqlx::query_scalar("select count(*) from vacancy_live_events").fetch_one(&app.pool).await.unwrap();
        if live > 0 && (live as usize) < COUNT {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    worker.start_kill().unwrap();
    worker.wait().await.unwrap();
    writes.await.unwrap();
    let live_before: i64 = sqlx::query_scalar("select count(*) from vacancy_live_events").fetch_one(&app.pool).await.unwrap();
    assert!((live_before as usize) < COUNT, "the kill came before the end ({live_before} live)");

    let _restarted = start_worker(&app);
    let mut live = 0;
    for _ in 0..600 {
        live = sqlx::query_scalar::<_, i64>("select count(*) from vacancy_live_events").fetch_one(&app.pool).await.unwrap();
        if live as usize == COUNT {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(live as usize, COUNT, "every vacancy went live after the restart");
    settled(&app).await;

    // what each alert must hold: its search, run now over the whole index
    let reference = ReferenceCache::default();
    let mut want = BTreeSet::new();
    for search in &searches {
        let filter: Value = sqlx::query_scalar("select filter from saved_searches where id = $1").bind(search).fetch_one(&app.pool).await.unwrap();
        let query = domain::vacancies::filter::vacancy_query(&app.pool, &reference, serde_json::from_value(filter).unwrap(), 0, 1000).await.unwrap();
        let listed = app.index.search_vacancies(query).await.unwrap();
        assert!(listed.total < 1000);
        want.extend(listed.hits.iter().map(|hit| (*search, hit.card.vacancy_id)));
    }
    let got = pairs(&app).await;
    let got_set: BTreeSet<(Uuid, Uuid)> = got.iter().copied().collect();
    assert_eq!(got.len(), got_set.len());
    assert_eq!(got_set.len(), want.len(), "every expected pair, and no other");
    assert!(got_set == want, "the alerts hold exactly what their searches list");
    assert!(want.len() > COUNT, "the searches match plenty ({})", want.len());
}

/// Publishes a vacancy of `category` holding `word` through the worker's pipeline, and waits until
/// it went live.
async fn live_vacancy(app: &TestApp, company_id: Uuid, category: &'static str, word: &'static str) -> Uuid {
    let id = crate::search::publish(
        app,
        company_id,
        crate::search::NewVacancy { category, teaser_et: word, ..crate::search::NewVacancy::default() },
        true,
    )
    .await;
    for _ in 0..200 {
        if went_live_at(app, id).await.is_some() {
            return id;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the vacancy never went live");
}

/// An app without a worker, a catering company, and a [`worker::alerts::Matcher`] of its own (the
/// worker's would race it): the instant matching driven by the test named `test`. `None` (the test
/// skipped, saying so) on Meilisearch: it matches among the vacancies of its live index, which
/// only a worker fills.
async fn matcher_without_worker(test: &str) -> Option<(TestApp, Uuid, worker::alerts::Matcher)> {
    if crate::meili::skip_on_meilisearch(test, "the vacancies are not in Meilisearch's live index without a worker") {
        return None;
    }
    let app = crate::helpers::spawn_app().await;
    let company_id = crate::search::company(&app, "Põhja Köök OÜ", "12345678").await;
    let matcher = matcher_of(&app).await;
    Some((app, company_id, matcher))
}

/// A [`worker::alerts::Matcher`] of the test's own over `app`'s engine, mailing at once (no window).
async fn matcher_of(app: &TestApp) -> worker::alerts::Matcher {
    worker::alerts::Matcher {
        engine: app.index.clone(),
        places: indexer::Places::load(&app.pool).await.unwrap(),
        reference: ReferenceCache::default(),
        searches: Arc::new(InstantSearches::default()),
        mail_window: Duration::ZERO,
    }
}

/// The worker's [`InstantSearches`]: a saved search's filter is converted once per version of it;
/// each run reads what changed since the last, so a changed filter is converted again before it
/// matches anything, a deleted or paused search matches nothing (whatever statement deleted or
/// paused it) and a new one matches from the next run. Matched without the worker (its own
/// searches would race these), so on tantivy only: Meilisearch matches among the vacancies of its
/// live index, which only a worker fills.
#[tokio::test]
async fn the_instant_matching_converts_a_search_once_per_version_and_never_uses_a_stale_or_deleted_one() {
    let Some((app, company_id, matcher)) = matcher_without_worker("alert_matching::the_instant_matching_converts…").await else {
        return;
    };
    let vacancy = |teaser_et: &'static str| {
        crate::search::publish(&app, company_id, crate::search::NewVacancy { category: "CATERING", teaser_et, ..crate::search::NewVacancy::default() }, true)
    };
    let instant = |id: Uuid| {
        let matcher = matcher.clone();
        let pool = app.pool.clone();
        async move { matcher.instant(&pool, &[id], Utc::now()).await.unwrap() }
    };
    let caterers = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", true, false).await;
    let bakers = saved_search(&app, json!({ "categoryCode": ["CATERING"], "occupation": "pagar" }), "INSTANT", true, false).await;

    let baker = vacancy("Ootame pagarit").await;
    let first = instant(baker).await;
    assert_eq!((first.searches, first.converted), (2, 2), "{first:?}");
    let cook = vacancy("Ootame kokka").await;
    let second = instant(cook).await;
    assert_eq!((second.searches, second.converted), (2, 0), "the queries are kept: {second:?}");
    assert_eq!(pairs(&app).await.into_iter().collect::<BTreeSet<_>>(), BTreeSet::from([(caterers, baker), (bakers, baker), (caterers, cook)]));

    // the filter changes by a statement that does not name updated_at: the trigger moves it
    let before: DateTime<Utc> = sqlx::query_scalar("select updated_at from saved_searches where id = $1").bind(caterers).fetch_one(&app.pool).await.unwrap();
    sqlx::query("update saved_searches set filter = $2 where id = $1")
        .bind(caterers)
        .bind(json!({ "categoryCode": ["CATERING"], "occupation": "keevitaja" }))
        .execute(&app.pool)
        .await
        .unwrap();
    let after: DateTime<Utc> = sqlx::query_scalar("select updated_at from saved_searches where id = $1").bind(caterers).fetch_one(&app.pool).await.unwrap();
    assert_ne!(before, after);
    // and a deleted search is not matched however its cached query would answer
    sqlx::query("delete from saved_searches where id = $1").bind(bakers).execute(&app.pool).await.unwrap();
    let other_baker = vacancy("Ootame pagarit ja kokka").await;
    let third = instant(other_baker).await;
    assert_eq!((third.searches, third.converted, third.pairs), (1, 1, 0), "{third:?}");
    let welder = vacancy("Ootame keevitajat").await;
    let fourth = instant(welder).await;
    assert_eq!((fourth.searches, fourth.converted, fourth.pairs), (1, 0, 1), "{fourth:?}");
    assert_eq!(pairs(&app).await.into_iter().collect::<BTreeSet<_>>(), BTreeSet::from([(caterers, baker), (caterers, cook), (caterers, welder)]));

    // a search saved since matches from the next run; one paused by a statement that does not
    // name updated_at (the trigger moves it) no longer does
    let welders = saved_search(&app, json!({ "categoryCode": ["CATERING"], "occupation": "keevitaja" }), "INSTANT", true, false).await;
    sqlx::query("update saved_searches set paused = true where id = $1").bind(caterers).execute(&app.pool).await.unwrap();
    let other_welder = vacancy("Ootame keevitajat ja kokka").await;
    let fifth = instant(other_welder).await;
    assert_eq!((fifth.searches, fifth.converted, fifth.pairs), (1, 1, 1), "{fifth:?}");
    assert!(pairs(&app).await.contains(&(welders, other_welder)));
    assert!(!pairs(&app).await.contains(&(caterers, other_welder)), "a paused search matched");
    assert_eq!(matcher.searches.counts().await, (1, 1), "the paused and the deleted searches are not kept");
}

/// The worker reads every active instant saved search when it starts
/// ([`InstantSearches::refresh`]), so that its first run converts none: a paused, a daily and an
/// unconfirmed one are left out, and a search changed after that is converted again by the run
/// after it. On tantivy only, as the test above.
#[tokio::test]
async fn the_searches_read_at_the_start_leave_the_first_run_nothing_to_convert_but_what_changed_since() {
    let Some((app, company_id, matcher)) = matcher_without_worker("alert_matching::the_searches_read_at_the_start…").await else {
        return;
    };
    let caterers = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", true, false).await;
    let bakers = saved_search(&app, json!({ "categoryCode": ["CATERING"], "occupation": "pagar" }), "INSTANT", true, false).await;
    let cooks = saved_search(&app, json!({ "categoryCode": ["CATERING"], "occupation": "kokk" }), "INSTANT", true, false).await;
    saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", true, true).await;
    saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "DAILY", true, false).await;
    saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", false, false).await;
    assert_eq!(matcher.searches.refresh(&app.pool, &matcher.reference).await.unwrap(), 3, "the three active instant searches");
    assert_eq!(matcher.searches.counts().await, (3, 3));

    sqlx::query("update saved_searches set filter = $2 where id = $1")
        .bind(cooks)
        .bind(json!({ "categoryCode": ["CATERING"], "occupation": "pagar" }))
        .execute(&app.pool)
        .await
        .unwrap();
    let baker = crate::search::publish(&app, company_id, crate::search::NewVacancy { category: "CATERING", teaser_et: "Ootame pagarit", ..crate::search::NewVacancy::default() }, true).await;
    let first = matcher.instant(&app.pool, &[baker], Utc::now()).await.unwrap();
    assert_eq!((first.searches, first.converted), (3, 1), "only the search changed since is converted: {first:?}");
    assert_eq!(matcher.searches.counts().await, (3, 2), "the bakers' and the cooks' queries are now one");
    assert_eq!(pairs(&app).await.into_iter().collect::<BTreeSet<_>>(), BTreeSet::from([(caterers, baker), (bakers, baker), (cooks, baker)]));
}

/// The hourly read of every active instant saved search drops one that the reads of changes
/// missed (its removal not recorded within their margin, as a transaction longer than it would
/// leave it), and keeps the others without converting them again; between two such reads, the
/// reads of changes keep what they were not told of. Two kept sets side by side: the worker's
/// (read in full hourly) and one read in full at every refresh.
#[tokio::test]
async fn the_full_read_drops_a_search_the_reads_of_changes_missed_and_converts_nothing_unchanged() {
    let Some((app, _, matcher)) = matcher_without_worker("alert_matching::the_full_read_drops…").await else {
        return;
    };
    let hourly = InstantSearches::default();
    let always = InstantSearches::reading_all_every(Duration::ZERO);
    let caterers = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", true, false).await;
    saved_search(&app, json!({ "categoryCode": ["CATERING"], "occupation": "pagar" }), "INSTANT", true, false).await;
    for kept in [&hourly, &always] {
        assert_eq!(kept.refresh(&app.pool, &matcher.reference).await.unwrap(), 2);
        assert_eq!(kept.counts().await, (2, 2));
    }
    // deleted, and its removal gone as if recorded before the reads' margin
    sqlx::query("delete from saved_searches where id = $1").bind(caterers).execute(&app.pool).await.unwrap();
    sqlx::query("delete from saved_search_removals where saved_search_id = $1").bind(caterers).execute(&app.pool).await.unwrap();

    assert_eq!(hourly.refresh(&app.pool, &matcher.reference).await.unwrap(), 0);
    assert_eq!(hourly.counts().await, (2, 2), "a read of changes is not told of the removal");
    assert_eq!(always.refresh(&app.pool, &matcher.reference).await.unwrap(), 0, "the unchanged search is not converted again");
    assert_eq!(always.counts().await, (1, 1), "the full read dropped the deleted search");
}

/// A match run takes every vacancy waiting, whichever job's they were: two batches recorded
/// while no run was busy are matched by one run, and the next run finds nothing. A run whose
/// transaction does not commit (a worker killed midway) leaves them waiting. On tantivy only,
/// as the test above.
#[tokio::test]
async fn a_match_run_takes_every_waiting_vacancy_and_an_unfinished_run_leaves_them_waiting() {
    let Some((app, company_id, matcher)) = matcher_without_worker("alert_matching::a_match_run_takes_every_waiting_vacancy…").await else {
        return;
    };
    let vacancy = |teaser_et: &'static str| {
        crate::search::publish(&app, company_id, crate::search::NewVacancy { category: "CATERING", teaser_et, ..crate::search::NewVacancy::default() }, true)
    };
    let caterers = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", true, false).await;
    let it = saved_search(&app, json!({ "categoryCode": ["IT"], "cityCode": ["0784"] }), "INSTANT", true, false).await;
    let (baker, cook) = (vacancy("Ootame pagarit").await, vacancy("Ootame kokka").await);
    let places = indexer::Places::load(&app.pool).await.unwrap();
    // two batches, each recorded as the batcher records it
    for id in [baker, cook] {
        let docs = indexer::vacancies::prepare(&app.pool, &places, &[id]).await.unwrap().upserts;
        let mut tx = app.pool.begin().await.unwrap();
        assert_eq!(matching::record_live(&mut tx, &docs, &[], Utc::now()).await.unwrap(), vec![id]);
        tx.commit().await.unwrap();
    }
    let waiting = || async { sqlx::query_scalar::<_, i64>("select count(*) from alert_match_pending").fetch_one(&app.pool).await.unwrap() };
    assert_eq!(waiting().await, 2);

    // a run that never commits: the rows come back
    {
        let mut tx = app.pool.begin().await.unwrap();
        let mut claimed = matching::claim_pending(&mut tx).await.unwrap();
        claimed.sort();
        let mut expected = vec![baker, cook];
        expected.sort();
        assert_eq!(claimed, expected);
        tx.rollback().await.unwrap();
    }
    assert_eq!(waiting().await, 2, "a run that did not commit leaves its vacancies waiting");
    assert!(pairs(&app).await.is_empty());

    let run = matcher.pending(&app.pool, Utc::now()).await.unwrap();
    // the IT search's place group meets both vacancies, its category group neither: the code
    // groups leave it out, so one engine query, for the caterers
    assert_eq!((run.searches, run.queries, run.pairs, run.alerts), (1, 1, 2, 1), "{run:?}");
    assert_eq!(pairs(&app).await.into_iter().collect::<BTreeSet<_>>(), BTreeSet::from([(caterers, baker), (caterers, cook)]));
    assert!(!pairs(&app).await.iter().any(|(search, _)| *search == it));
    assert_eq!(waiting().await, 0);
    let again = matcher.pending(&app.pool, Utc::now()).await.unwrap();
    assert_eq!(again, matching::Matched::default(), "nothing is left for the next job");
}

/// A run writes one row per vacancy, the serials of the saved searches that list it, and queues
/// one mail pass; the pass records the rows, each (saved search, vacancy) once ever, prepares one
/// mail per saved search that gained a vacancy, leaves out a saved search deleted meanwhile, and
/// empties the buffer. On tantivy only, as the tests above.
#[tokio::test]
async fn a_run_writes_one_row_per_vacancy_and_the_mail_pass_records_each_pair_once_with_its_mail() {
    let Some((app, company_id, matcher)) = matcher_without_worker("alert_matching::a_run_writes_one_row_per_vacancy…").await else {
        return;
    };
    let caterers = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", true, false).await;
    let everything = saved_search(&app, json!({}), "INSTANT", true, false).await;
    let deleted = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "INSTANT", true, false).await;
    let it = saved_search(&app, json!({ "categoryCode": ["IT"] }), "INSTANT", true, false).await;
    let baker = crate::search::publish(&app, company_id, crate::search::NewVacancy { category: "CATERING", teaser_et: "Ootame pagarit", ..crate::search::NewVacancy::default() }, true).await;
    let passes_queued = || {
        let pool = app.pool.clone();
        async move { sqlx::query_scalar::<_, i64>("select count(*) from apalis.jobs where job_type = $1").bind(mail::QUEUE).fetch_one(&pool).await.unwrap() }
    };
    let mails = || {
        let pool = app.pool.clone();
        async move {
            sqlx::query_as::<_, (Uuid, Vec<Uuid>, i32)>("select saved_search_id, vacancies, total from alert_mails order by saved_search_id").fetch_all(&pool).await.unwrap()
        }
    };

    let run = matcher.instant(&app.pool, &[baker], Utc::now()).await.unwrap();
    assert_eq!((run.pairs, run.alerts), (3, 3), "{run:?}");
    let sets: Vec<(Uuid, Vec<i32>)> = sqlx::query_as("select vacancy_id, searches from alert_match_sets").fetch_all(&app.pool).await.unwrap();
    let serials: Vec<i32> = sqlx::query_scalar("select serial from saved_searches where id = any($1) order by serial")
        .bind(vec![caterers, everything, deleted])
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(sets, vec![(baker, serials)], "one row for the vacancy, its saved searches in order");
    assert_eq!(passes_queued().await, 1, "the run queued the mail pass on its transaction");
    assert!(mails().await.is_empty(), "the mails are the pass' to prepare");

    // a second run while the pass waits queues no second pass: the waiting one takes both
    let cook = crate::search::publish(&app, company_id, crate::search::NewVacancy { category: "CATERING", teaser_et: "Ootame kokka", ..crate::search::NewVacancy::default() }, true).await;
    matcher.instant(&app.pool, &[cook], Utc::now()).await.unwrap();
    assert_eq!(passes_queued().await, 1);

    sqlx::query("delete from saved_searches where id = $1").bind(deleted).execute(&app.pool).await.unwrap();
    let prepared = mail::prepare_all(&app.pool).await.unwrap();
    assert_eq!((prepared.sets, prepared.recorded, prepared.mails, prepared.listed), (2, 6, 2, 4), "{prepared:?}");
    assert_eq!(
        pairs(&app).await.into_iter().collect::<BTreeSet<_>>(),
        BTreeSet::from([(caterers, baker), (everything, baker), (caterers, cook), (everything, cook)])
    );
    let prepared_mails = mails().await;
    let mut want = vec![(caterers, 2), (everything, 2)];
    want.sort();
    assert_eq!(prepared_mails.iter().map(|(search, _, total)| (*search, *total)).collect::<Vec<_>>(), want, "one mail per alert for both vacancies");
    assert!(prepared_mails.iter().all(|(_, listed, _)| listed.iter().collect::<BTreeSet<_>>() == BTreeSet::from([&baker, &cook])));
    let left: i64 = sqlx::query_scalar("select count(*) from alert_match_sets").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0, "the buffer is empty once the pass took it");
    assert!(!pairs(&app).await.iter().any(|(search, _)| *search == it));

    // matched again (as after an edit): a new row, but nothing new for the alerts and no mail
    let again = matcher.instant(&app.pool, &[baker], Utc::now()).await.unwrap();
    assert_eq!(again.pairs, 2);
    let prepared = mail::prepare_all(&app.pool).await.unwrap();
    assert_eq!((prepared.sets, prepared.recorded, prepared.mails), (1, 0, 0), "{prepared:?}");
    assert_eq!(mails().await.len(), 2, "no mail prepared again");
    assert_eq!(mail::prepare_all(&app.pool).await.unwrap(), mail::Prepared::default());
}

/// The next time of `digest` after `after`, a minute into it: the runs' fixed clock.
fn next_run(digest: Digest, after: DateTime<Utc>) -> DateTime<Utc> {
    let mut at = after;
    loop {
        at += TimeDelta::hours(1);
        let mark = matching::digest_mark(digest, at);
        if mark > after {
            return mark + TimeDelta::minutes(1);
        }
    }
}

/// The number of mails in the dev outbox to `to` once it reaches `count`, or after ten seconds.
async fn outbox_reaches(app: &TestApp, to: &str, count: i64) -> i64 {
    let mut sent = 0i64;
    for _ in 0..200 {
        sent = sqlx::query_scalar("select count(*) from dev_outbox where to_address = $1").bind(to).fetch_one(&app.pool).await.unwrap();
        if sent >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    sent
}

async fn set_matched_until(app: &TestApp, search: Uuid, at: DateTime<Utc>) {
    sqlx::query("update saved_searches set matched_until = $2 where id = $1").bind(search).bind(at).execute(&app.pool).await.unwrap();
}

async fn matched_until(app: &TestApp, search: Uuid) -> DateTime<Utc> {
    sqlx::query_scalar("select matched_until from saved_searches where id = $1").bind(search).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn the_daily_and_weekly_runs_match_what_went_live_since_each_search_s_last_run_once() {
    let app = spawn_with_worker().await;
    let company_id = crate::search::company(&app, "Põhja Köök OÜ", "12345678").await;
    let matcher = matcher_of(&app).await;
    let before = Utc::now() - TimeDelta::seconds(1);
    let daily = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "DAILY", true, false).await;
    let daily_words = saved_search(&app, json!({ "occupation": "pagar" }), "DAILY", true, false).await;
    let weekly = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "WEEKLY", true, false).await;
    let paused = saved_search(&app, json!({}), "DAILY", true, true).await;
    let instant = saved_search(&app, json!({ "occupation": "pagar" }), "INSTANT", true, false).await;
    for search in [daily, daily_words, weekly, paused] {
        set_matched_until(&app, search, before).await;
    }
    // as stored (to the microsecond)
    let before = matched_until(&app, paused).await;
    // one that was matched up to a moment after the first vacancy went live
    let cook = live_vacancy(&app, company_id, "CATERING", "Ootame kokka").await;
    let late_daily = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "DAILY", true, false).await;
    let baker = live_vacancy(&app, company_id, "CATERING", "Ootame pagarit").await;
    let hidden = live_vacancy(&app, company_id, "CATERING", "Ootame pagarit ka siia").await;
    settled(&app).await;
    assert_eq!(pairs(&app).await, vec![(instant, baker), (instant, hidden)].into_iter().collect::<BTreeSet<_>>().into_iter().collect::<Vec<_>>());
    let late_since = went_live_at(&app, cook).await.unwrap().0;
    set_matched_until(&app, late_daily, late_since).await;
    // one that left the index before the run: never listed
    change_status(&app.pool, company_id, Uuid::nil(), hidden, StatusChange { status: "HIDDEN", product_codes: None }, Utc::now()).await.unwrap();
    settled(&app).await;
    let instant_pairs = pairs(&app).await.len();

    // before the daily mark: nothing due
    let day = next_run(Digest::Daily, Utc::now());
    let early = matcher.digests(&app.pool, Digest::Daily, day - TimeDelta::minutes(2)).await.unwrap();
    assert_eq!(early.pairs, 0, "{early:?}");
    let recorded: DateTime<Utc> = sqlx::query_scalar("select mark from alert_digest_runs where digest = 'DAILY'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(recorded, matching::digest_mark(Digest::Daily, day - TimeDelta::minutes(2)), "nothing due: the next minutes need not read the saved searches");

    let done = matcher.digests(&app.pool, Digest::Daily, day).await.unwrap();
    assert_eq!(done.searches, 3, "the three unpaused daily searches were due: {done:?}");
    let got: HashMap<Uuid, BTreeSet<Uuid>> = pairs(&app).await.into_iter().fold(HashMap::new(), |mut by, (search, vacancy)| {
        by.entry(search).or_default().insert(vacancy);
        by
    });
    assert_eq!(got[&daily], BTreeSet::from([cook, baker]));
    assert_eq!(got[&daily_words], BTreeSet::from([baker]));
    assert_eq!(got[&late_daily], BTreeSet::from([baker]), "only what went live after its last run");
    assert!(!got.contains_key(&weekly) && !got.contains_key(&paused));
    let mark = matching::digest_mark(Digest::Daily, day);
    for search in [daily, daily_words, late_daily] {
        assert_eq!(matched_until(&app, search).await, mark);
    }
    assert_eq!(matched_until(&app, paused).await, before, "a paused search is not run");

    // the same run again (a second worker, a restart): nothing due, nothing twice
    let again = matcher.digests(&app.pool, Digest::Daily, day + TimeDelta::minutes(5)).await.unwrap();
    assert_eq!(again, matching::Matched::default());
    assert_eq!(pairs(&app).await.len(), instant_pairs + 4);

    // a run interrupted after some searches: the rest are still due and the next one finishes them
    let next_day = day + TimeDelta::days(1);
    let newer = live_vacancy(&app, company_id, "CATERING", "Ootame kondiitrit").await;
    settled(&app).await;
    // it went live after the first run (whose clock is ahead of the real one)
    let after_first = matching::digest_mark(Digest::Daily, day) + TimeDelta::hours(1);
    sqlx::query("update vacancy_live_events set went_live_at = $2, updated_at = $2 where vacancy_id = $1").bind(newer).bind(after_first).execute(&app.pool).await.unwrap();
    set_matched_until(&app, daily, matching::digest_mark(Digest::Daily, next_day)).await;
    let resumed = matcher.digests(&app.pool, Digest::Daily, next_day).await.unwrap();
    assert_eq!(resumed.searches, 2, "the searches the interrupted run had not finished: {resumed:?}");
    let got = pairs(&app).await;
    assert!(got.contains(&(late_daily, newer)));
    assert!(!got.contains(&(daily, newer)), "the finished one is not run again");

    // the weekly run at its Monday mark
    let week = next_run(Digest::Weekly, day + TimeDelta::days(2));
    let weekly_done = matcher.digests(&app.pool, Digest::Weekly, week).await.unwrap();
    assert_eq!(weekly_done.searches, 1);
    let got = pairs(&app).await;
    let weekly_got: BTreeSet<Uuid> = got.iter().filter(|(search, _)| *search == weekly).map(|(_, v)| *v).collect();
    assert_eq!(weekly_got, BTreeSet::from([cook, baker, newer]));
}

/// A scheduled run prepares one mail per alert itself: the newest twenty of what it found listed
/// and the rest counted; what it listed is recorded, so an edit does not list it again while an
/// unlisted one edited is new; "new since you looked" counts the unlisted ones too; an account off
/// the mailing list gets its notifications and no mail.
#[tokio::test]
async fn a_scheduled_run_mails_each_alert_once_listing_the_newest_twenty_and_never_one_again() {
    let app = spawn_with_worker().await;
    let company_id = crate::search::company(&app, "Põhja Köök OÜ", "12345678").await;
    let matcher = matcher_of(&app).await;
    app.client.sign_in("mari@example.ee").await;
    let saved = app
        .client
        .post("/api/user/saved-searches", json!({ "name": "Kokad", "frequency": "DAILY", "query": "categoryCode=CATERING", "filter": { "categoryCode": ["CATERING"] } }))
        .await;
    assert_eq!(saved.status(), reqwest::StatusCode::CREATED);
    let saved: Value = saved.json().await.unwrap();
    let account: Uuid = saved["id"].as_str().unwrap().parse().unwrap();
    let visitor = saved_search(&app, json!({ "categoryCode": ["CATERING"] }), "DAILY", true, false).await;
    let before = Utc::now() - TimeDelta::seconds(1);
    for search in [account, visitor] {
        set_matched_until(&app, search, before).await;
    }
    sqlx::query("update saved_searches set last_looked_at = $2 where id = $1").bind(account).bind(before).execute(&app.pool).await.unwrap();
    sqlx::query("update users set newsletter_opt_in = false where username = 'mari@example.ee'").execute(&app.pool).await.unwrap();
    let mut vacancies = Vec::new();
    for _ in 0..22 {
        vacancies.push(live_vacancy(&app, company_id, "CATERING", "Ootame kokka").await);
    }
    settled(&app).await;

    let day = next_run(Digest::Daily, Utc::now());
    let done = matcher.digests(&app.pool, Digest::Daily, day).await.unwrap();
    assert_eq!((done.alerts, done.pairs, done.mails), (2, 44, 1), "two alerts found 22 each; one may be mailed: {done:?}");
    let newest: Vec<Uuid> = sqlx::query_scalar("select id from vacancies where id = any($1) order by publish_at desc nulls last, id")
        .bind(&vacancies)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    type MailRow = (i32, Vec<Uuid>, bool, bool);
    let mail_of = |search: Uuid| {
        let pool = app.pool.clone();
        async move {
            sqlx::query_as::<_, MailRow>("select total, vacancies, digest, sent_at is not null from alert_mails where saved_search_id = $1 order by created_at")
                .bind(search)
                .fetch_all(&pool)
                .await
                .unwrap()
        }
    };
    let visitor_mails = mail_of(visitor).await;
    assert_eq!(visitor_mails.len(), 1, "one mail a run");
    let (total, listed, digest, _) = &visitor_mails[0];
    assert_eq!((*total, listed.as_slice(), *digest), (22, &newest[..20], true), "the newest twenty listed, all counted");
    let account_mails = mail_of(account).await;
    assert_eq!(account_mails.len(), 1);
    assert_eq!((account_mails[0].0, account_mails[0].3), (22, true), "off the mailing list: a row never sent");
    let notified: i64 = sqlx::query_scalar("select count(*) from notifications where kind = 'ALERT_MATCH' and saved_search_id = $1")
        .bind(account)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(notified, 20, "the listed ones in the notification centre");
    let to: String = sqlx::query_scalar("select email from saved_searches where id = $1").bind(visitor).fetch_one(&app.pool).await.unwrap();
    assert_eq!(outbox_reaches(&app, &to, 1).await, 1, "the worker's mail pass sends the visitor's mail");
    let list: Value = app.client.get("/api/user/saved-searches").await.json().await.unwrap();
    assert_eq!(list[0]["newCount"], 22, "20 listed and open, 2 counted by the mail");

    // the next day: a listed vacancy and an unlisted one edited after the run
    let (listed_one, unlisted_one) = (newest[0], newest[21]);
    let after_first = matching::digest_mark(Digest::Daily, day) + TimeDelta::hours(1);
    sqlx::query("update vacancy_live_events set updated_at = $2 where vacancy_id = any($1)")
        .bind(vec![listed_one, unlisted_one])
        .bind(after_first)
        .execute(&app.pool)
        .await
        .unwrap();
    let next_day = matcher.digests(&app.pool, Digest::Daily, day + TimeDelta::days(1)).await.unwrap();
    assert_eq!((next_day.alerts, next_day.pairs), (2, 2), "only the unlisted one is new again: {next_day:?}");
    let visitor_mails = mail_of(visitor).await;
    assert_eq!(visitor_mails.len(), 2);
    assert_eq!((visitor_mails[1].0, visitor_mails[1].1.as_slice()), (1, &[unlisted_one][..]), "a listed vacancy is never listed again");
    // the worker's mail pass holds the visitor's row while it sends (a run skips a row held, and
    // the next minute's run takes it): let it finish before the runs below count the due ones
    assert_eq!(outbox_reaches(&app, &to, 2).await, 2, "the worker's mail pass sends the second mail");

    // a saved search due again after its run finished (resumed, say) waits for the next mark: the
    // finished run is recorded, and the tick does not read the saved searches again until then
    let second_mark = matching::digest_mark(Digest::Daily, day + TimeDelta::days(1));
    set_matched_until(&app, visitor, second_mark - TimeDelta::hours(2)).await;
    let same_mark = matcher.digests(&app.pool, Digest::Daily, day + TimeDelta::days(1) + TimeDelta::minutes(5)).await.unwrap();
    assert_eq!(same_mark, matching::Matched::default());
    let third_day = matcher.digests(&app.pool, Digest::Daily, day + TimeDelta::days(2)).await.unwrap();
    assert_eq!(third_day.searches, 2, "both at the next mark: {third_day:?}");
    assert_eq!(matched_until(&app, visitor).await, matching::digest_mark(Digest::Daily, day + TimeDelta::days(2)));
}

/// Texts of the random vacancies: Estonian sentences of job ads.
const TEXTS: [&str; 10] = [
    "Ootame oma meeskonda kogenud kokka, kes armastab toiduvalmistamist",
    "Otsime müüjat kauplusesse, kus töö on vahetustega",
    "Autojuht kaupade vedamiseks üle Eesti, vajalik C-kategooria juhiluba",
    "Raamatupidaja pearaamatu pidamiseks ja aruannete koostamiseks",
    "Koristaja kontoriruumidesse, töö õhtuti",
    "Tarkvaraarendaja veebirakenduste arendamiseks, Rust ja TypeScript",
    "Hooldaja hooldekodusse, vajalik empaatia ja kannatlikkus",
    "Laotöötaja kaupade komplekteerimiseks ja laadimiseks",
    "Keevitaja metallitöökotta, kogemus MIG/MAG keevitusega",
    "Pagar ja kondiiter hommikusse vahetusse, värsked saiakesed",
];
/// Words of the random saved searches: the texts' words, inflected forms, other languages' titles,
/// words without diacritics, typos and unfinished prefixes.
const WORDS: [&str; 24] = [
    "kokk", "kokad", "müüja", "muujat", "autojuhti", "raamatupidajaid", "koristajale", "tarkvaraarendajad",
    "hooldajat", "laotöötajad", "keevitajat", "pagarid", "kondiitrit", "meeskond", "vahetusega", "autojuxt",
    "raamatupidja", "keevitja", "tarkv", "hool", "kaup", "kogenud", "Rust", "juhiluba",
];

async fn codes(app: &TestApp, table: &str) -> Vec<String> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select code from {table} order by code"))).fetch_all(&app.pool).await.unwrap()
}

/// A saved search's filter drawn like real ones: mostly one to three filters, some with words.
fn random_filter(rng: &mut Rng, codes: &VacancyDraw) -> Value {
    let mut filter = serde_json::Map::new();
    for _ in 0..1 + rng.below(3) {
        match rng.below(9) {
            0 | 1 => {
                filter.insert("categoryCode".into(), json!(rng.some(&codes.categories, 2)));
            }
            2 => {
                let chain = rng.pick(&codes.places).clone();
                filter.insert("cityCode".into(), json!([rng.pick(&chain)]));
            }
            3 => {
                filter.insert("typeOfEmployment".into(), json!(rng.some(&codes.employment, 2)));
            }
            4 => {
                filter.insert("workExperience".into(), json!(rng.some(&codes.experience, 2)));
            }
            5 => {
                filter.insert("languageCode".into(), json!(rng.some(&codes.languages, 2)));
            }
            6 => {
                filter.insert("businessName".into(), json!([rng.pick(&codes.businesses)]));
            }
            7 => {
                let from = (800 + rng.below(20) * 100) as f64;
                // one bound: two drawn apart could cross, which the search refuses
                filter.remove("salaryFrom");
                filter.remove("salaryTo");
                if rng.chance(50) {
                    filter.insert("salaryFrom".into(), json!(from));
                } else {
                    filter.insert("salaryTo".into(), json!(from + 500.0));
                }
                if rng.chance(30) {
                    filter.insert("salaryPeriod".into(), json!(rng.pick(&codes.periods)));
                }
            }
            _ => {
                let flag = *rng.pick(&["remoteWork", "shiftWork", "forStudents", "forForeigners", "salaryByAgreement", "salaryStated"]);
                filter.insert(flag.into(), json!(true));
            }
        }
    }
    if rng.chance(35) {
        let mut words: Vec<&str> = (0..1 + rng.below(2)).map(|_| *rng.pick(&WORDS)).collect();
        words.dedup();
        let mut text = words.join(" ");
        if rng.chance(50) {
            text.push(' ');
        }
        filter.insert("occupation".into(), json!(text));
    }
    Value::Object(filter)
}

#[tokio::test]
async fn matching_answers_exactly_what_the_search_lists_among_the_new_vacancies() {
    let app = crate::helpers::spawn_app().await;
    let now = Utc::now();
    let ehak: Vec<(String, Option<String>)> = sqlx::query_as("select code, parent_code from ref_places order by code").fetch_all(&app.pool).await.unwrap();
    let parents: HashMap<String, Option<String>> = ehak.iter().cloned().collect();
    let chain = |code: &str| {
        let mut chain = vec![code.to_owned()];
        while let Some(Some(parent)) = parents.get(chain.last().unwrap()) {
            chain.push(parent.clone());
        }
        chain
    };
    let places: Vec<Vec<String>> = ehak.iter().step_by(ehak.len().div_ceil(12)).map(|(code, _)| chain(code)).collect();
    let codes = VacancyDraw {
        texts: TEXTS.iter().map(|text| text.to_string()).collect(),
        categories: codes(&app, "ref_categories").await,
        places,
        employment: codes(&app, "ref_employment_types").await,
        experience: codes(&app, "ref_work_experiences").await,
        languages: codes(&app, "ref_languages").await.into_iter().take(6).collect(),
        periods: codes(&app, "ref_salary_periods").await,
        businesses: vec!["Näide OÜ".into(), "Põhja Köök OÜ".into(), "Kiire Transport AS".into()],
    };
    let reference = ReferenceCache::default();
    let mut rng = Rng(33);
    // the live index: earlier vacancies the matching must not list
    let earlier: Vec<VacancyDoc> = (0..60).map(|_| random_vacancy(&mut rng, &codes, now)).collect();
    app.index.upsert_vacancies(earlier).await.unwrap();
    app.index.commit().await.unwrap();
    let mut listed_any = 0;
    for round in 0..4 {
        let new: Vec<VacancyDoc> = (0..30).map(|_| random_vacancy(&mut rng, &codes, now)).collect();
        // Meilisearch matches on the live index, where the batcher committed the vacancies first
        app.index.upsert_vacancies(new.clone()).await.unwrap();
        app.index.commit().await.unwrap();
        let new_ids: BTreeSet<Uuid> = new.iter().map(|doc| doc.card.vacancy_id).collect();
        let mut filters = Vec::new();
        let mut queries: Vec<VacancyQuery> = Vec::new();
        for _ in 0..50 {
            let filter = random_filter(&mut rng, &codes);
            let mut query = domain::vacancies::filter::vacancy_query(&app.pool, &reference, serde_json::from_value(filter.clone()).unwrap(), 0, 1000)
                .await
                .unwrap_or_else(|e| panic!("{filter}: {e}"));
            query.now = now;
            filters.push(filter);
            queries.push(query);
        }
        let matched = app.index.match_vacancies(new.clone(), queries.clone()).await.unwrap();
        assert_eq!(matched.len(), queries.len());
        for ((filter, query), matched) in filters.iter().zip(&queries).zip(matched) {
            let listed = app.index.search_vacancies(query.clone()).await.unwrap();
            assert!(listed.total < 1000, "one page holds every hit");
            let want: BTreeSet<Uuid> = listed.hits.iter().map(|hit| hit.card.vacancy_id).filter(|id| new_ids.contains(id)).collect();
            listed_any += usize::from(!want.is_empty());
            let got: BTreeSet<Uuid> = matched.into_iter().collect();
            assert_eq!(got, want, "round {round}, saved search {filter}");
        }
    }
    assert!(listed_any > 20, "the random searches list something often enough ({listed_any})");
}

fn instant_at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

#[test]
fn the_daily_mark_is_the_last_seven_o_clock_in_tallinn_and_the_weekly_one_on_a_monday() {
    // winter: Tallinn is UTC+2; 2026-11-30 is a Monday
    assert_eq!(matching::digest_mark(Digest::Daily, instant_at("2026-11-27T06:00:00Z")), instant_at("2026-11-27T05:00:00Z"));
    assert_eq!(matching::digest_mark(Digest::Daily, instant_at("2026-11-27T04:59:59Z")), instant_at("2026-11-26T05:00:00Z"));
    assert_eq!(matching::digest_mark(Digest::Weekly, instant_at("2026-11-29T12:00:00Z")), instant_at("2026-11-23T05:00:00Z"));
    assert_eq!(matching::digest_mark(Digest::Weekly, instant_at("2026-11-30T05:00:00Z")), instant_at("2026-11-30T05:00:00Z"));
    // summer: UTC+3
    assert_eq!(matching::digest_mark(Digest::Daily, instant_at("2026-07-01T12:00:00Z")), instant_at("2026-07-01T04:00:00Z"));
}

#[test]
fn the_match_hash_ignores_ranking_dates_and_images_but_not_what_a_search_matches() {
    let doc: VacancyDoc = serde_json::from_value(serde_json::json!({
        "card": {
            "vacancy_id": Uuid::nil(), "occupation_code": "COOK",
            "occupation_labels": {"et": "Kokk", "en": "Cook", "ru": "Повар"},
            "business_name": "Näide OÜ", "company_registry_code": "12345678", "company_country_code": "EE",
            "company_logo_url": null, "address": null, "salary_from": 1500.0, "salary_to": null,
            "salary_period": "MONTH", "by_agreement": false, "pro_level": 0, "is_branded": false,
            "cover_url": null, "cv_not_required": false, "teasers": [],
            "flags": {"for_students": false, "for_underage": false, "for_disabled": false, "for_retired": false,
                      "for_foreigners": false, "remote_work": false, "shift_work": false},
            "publish_at": null, "renewed_at": null, "valid_until": null
        },
        "category_codes": ["CATERING"], "place_codes": ["0784", "0037", "EE"], "employment_type": "FULL_TIME",
        "work_experience": null, "language_codes": ["et"],
        "text": {"et": "Kokk", "en": "Cook", "ru": "Повар"}
    }))
    .unwrap();
    let hash = matching::match_hash(&doc);
    let mut renewed = doc.clone();
    renewed.card.pro_level = 3;
    renewed.card.renewed_at = Some(Utc::now());
    renewed.card.valid_until = Some(Utc::now());
    renewed.card.company_logo_url = Some("/api/files/x".into());
    renewed.card.cover_url = Some("/api/files/y".into());
    renewed.category_codes = vec!["CATERING".into(), "CATERING".into()];
    assert_eq!(matching::match_hash(&renewed), hash, "a renewal or a new logo changes nothing a search matches");
    let mut edited = doc.clone();
    edited.category_codes.push("IT".into());
    assert_ne!(matching::match_hash(&edited), hash);
    let mut remote = doc.clone();
    remote.card.flags.remote_work = true;
    assert_ne!(matching::match_hash(&remote), hash);
    let mut worded = doc;
    worded.text.et.push_str(" ja abikokk");
    assert_ne!(matching::match_hash(&worded), hash);
}
