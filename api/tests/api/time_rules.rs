//! The vacancy time rules (issue 15, spec 2 section 4) driven with a fixed clock, and their effect
//! on the search through the real index pipeline.

use std::time::Duration;

use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use domain::vacancies::states::{RENEWS_EVERY, RUNS_FOR};
use domain::vacancies::time_rules::{finish_ended, go_live, renew_active};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{TestApp, spawn_app};
use crate::publishing::{self, complete_draft, employer_client};
use crate::search::{NewVacancy, company, eventually, publish, spawn_with_worker};

/// How far ahead a test's vacancy ends or renews when the real clock must pass it: long enough
/// for the worker to start and index it first.
const SOON: TimeDelta = TimeDelta::seconds(8);

fn ids(page: &Value) -> Vec<String> {
    page["content"].as_array().unwrap().iter().map(|v| v["vacancyId"].as_str().unwrap().to_string()).collect()
}

/// A fixed instant an hour ago, to the second: the day a test vacancy went live.
fn published() -> DateTime<Utc> {
    (Utc::now() - TimeDelta::hours(1)).duration_trunc(TimeDelta::seconds(1)).unwrap()
}

async fn vacancy_running(app: &TestApp, publish_at: DateTime<Utc>) -> Uuid {
    let company_id = company(app, "Põhja Köök OÜ", "12345678").await;
    let run = NewVacancy { publish_at: Some(publish_at), valid_until: Some(publish_at + RUNS_FOR), ..NewVacancy::default() };
    publish(app, company_id, run, true).await
}

async fn times(app: &TestApp, id: Uuid) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
    sqlx::query_as("select valid_until, renewed_at, finished_at from vacancies where id = $1").bind(id).fetch_one(&app.pool).await.unwrap()
}

async fn index_jobs_of(app: &TestApp, id: Uuid) -> i64 {
    let job = serde_json::to_vec(&domain::platform::jobs::IndexJob::Vacancy(id)).unwrap();
    sqlx::query_scalar("select count(*) from apalis.jobs where job_type = $1 and job = $2")
        .bind(domain::platform::jobs::INDEX_QUEUE)
        .bind(job)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_vacancy_runs_twenty_nine_days_and_finishes_on_the_thirtieth_once() {
    let app = spawn_app().await;
    let day_0 = published();
    let id = vacancy_running(&app, day_0).await;
    assert_eq!(index_jobs_of(&app, id).await, 1, "the publishing write's job");

    assert_eq!(finish_ended(&app.pool, day_0 + TimeDelta::days(29)).await.unwrap(), 0, "still running on day 29");
    assert_eq!(times(&app, id).await.2, None);

    assert_eq!(finish_ended(&app.pool, day_0 + TimeDelta::days(30)).await.unwrap(), 1, "finished on day 30");
    let (valid_until, _, finished_at) = times(&app, id).await;
    assert_eq!(finished_at, valid_until, "finished when its run ended, however late the job ran");
    assert_eq!(index_jobs_of(&app, id).await, 2, "finishing queued its index job");

    assert_eq!(finish_ended(&app.pool, day_0 + TimeDelta::days(30)).await.unwrap(), 0, "a second run changes nothing");
    assert_eq!(finish_ended(&app.pool, day_0 + TimeDelta::days(31)).await.unwrap(), 0, "nor a later one");
    assert_eq!(index_jobs_of(&app, id).await, 2);
}

#[tokio::test]
async fn a_finished_vacancy_leaves_the_index_with_the_job_not_the_reconciliation() {
    let app = spawn_with_worker().await;
    // its run ends a few seconds from now: searchable until then
    let ends = (Utc::now() + SOON).duration_trunc(TimeDelta::seconds(1)).unwrap();
    let id = vacancy_running(&app, ends - RUNS_FOR).await;
    eventually(&app, json!({}), |p| ids(p) == vec![id.to_string()]).await;
    // the engine read as of just before the end: whether the document is still held at all
    let in_index = || async {
        let query = search::VacancyQuery { now: ends - TimeDelta::seconds(1), ..search::VacancyQuery::default() };
        app.index.search_vacancies(query).await.unwrap().hits.iter().any(|hit| hit.card.vacancy_id == id)
    };
    assert!(in_index().await);
    // the reconciliation ran when the worker started and comes back only after a minute
    tokio::time::sleep((ends - Utc::now()).to_std().unwrap_or_default() + Duration::from_millis(200)).await;

    // the cron tick may have done it a moment ago: either way it is done once
    let finished = finish_ended(&app.pool, Utc::now()).await.unwrap();
    assert!(finished <= 1);
    assert_eq!(times(&app, id).await.2, Some(ends));
    assert_eq!(finish_ended(&app.pool, Utc::now()).await.unwrap(), 0, "a second run changes nothing");

    let mut gone = false;
    for _ in 0..50 {
        if !in_index().await {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(gone, "the finishing job's index batch removed the document");
    let page = eventually(&app, json!({}), |p| p["totalElements"] == 0).await;
    assert!(ids(&page).is_empty());
}

#[tokio::test]
async fn a_vacancy_is_renewed_on_day_7_and_14_and_not_between() {
    let app = spawn_app().await;
    let day_0 = published();
    let id = vacancy_running(&app, day_0).await;

    assert_eq!(renew_active(&app.pool, day_0 + TimeDelta::days(6)).await.unwrap(), 0, "nothing before the first week");
    assert_eq!(times(&app, id).await.1, Some(day_0));

    assert_eq!(renew_active(&app.pool, day_0 + TimeDelta::days(7)).await.unwrap(), 1);
    assert_eq!(times(&app, id).await.1, Some(day_0 + TimeDelta::days(7)));
    assert_eq!(index_jobs_of(&app, id).await, 2, "renewal queued its index job");
    assert_eq!(renew_active(&app.pool, day_0 + TimeDelta::days(7)).await.unwrap(), 0, "a second run changes nothing");

    assert_eq!(renew_active(&app.pool, day_0 + TimeDelta::days(8)).await.unwrap(), 0, "day 8 is still the week of day 7");
    assert_eq!(times(&app, id).await.1, Some(day_0 + TimeDelta::days(7)));

    // a job that missed day 14 by some hours still renews to the mark, not to its own clock
    assert_eq!(renew_active(&app.pool, day_0 + TimeDelta::days(14) + TimeDelta::hours(5)).await.unwrap(), 1);
    assert_eq!(times(&app, id).await.1, Some(day_0 + TimeDelta::days(14)));
    assert_eq!(index_jobs_of(&app, id).await, 3);

    assert_eq!(renew_active(&app.pool, day_0 + TimeDelta::days(30)).await.unwrap(), 0, "an ended vacancy is not renewed");
    assert_eq!(times(&app, id).await.1, Some(day_0 + TimeDelta::days(14)));
}

#[tokio::test]
async fn a_renewed_vacancy_is_lifted_in_the_default_order() {
    let app = spawn_with_worker().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    // its first renewal mark is a few seconds from now (nothing can renew it before), and will be
    // later than the newer one's going live
    let mark = (Utc::now() + SOON).duration_trunc(TimeDelta::seconds(1)).unwrap();
    let older_at = mark - RENEWS_EVERY;
    let older = publish(&app, company_id, NewVacancy { publish_at: Some(older_at), ..NewVacancy::default() }, true).await;
    let newer = publish(&app, company_id, NewVacancy { publish_at: Some(Utc::now() - TimeDelta::hours(2)), ..NewVacancy::default() }, true).await;
    eventually(&app, json!({}), |p| ids(p) == vec![newer.to_string(), older.to_string()]).await;
    assert_eq!(renew_active(&app.pool, Utc::now()).await.unwrap(), 0, "not before its mark");
    tokio::time::sleep((mark - Utc::now()).to_std().unwrap_or_default() + Duration::from_millis(200)).await;

    // the cron tick may have done it a moment ago: either way it is done once
    assert!(renew_active(&app.pool, Utc::now()).await.unwrap() <= 1);
    assert_eq!(renew_active(&app.pool, Utc::now()).await.unwrap(), 0, "a second run changes nothing");
    let renewed_at = times(&app, older).await.1.unwrap();
    assert_eq!(renewed_at, older_at + RENEWS_EVERY);

    eventually(&app, json!({}), |p| ids(p) == vec![older.to_string(), newer.to_string()]).await;
}

#[tokio::test]
async fn the_cron_schedule_runs_both_rules() {
    let app = spawn_app().await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let now = Utc::now().duration_trunc(TimeDelta::seconds(1)).unwrap();
    let ended_at = now - TimeDelta::seconds(1);
    let ended = publish(&app, company_id, NewVacancy { publish_at: Some(ended_at - RUNS_FOR), valid_until: Some(ended_at), ..NewVacancy::default() }, true).await;
    let week_old_at = now - RENEWS_EVERY - TimeDelta::minutes(1);
    let week_old = publish(&app, company_id, NewVacancy { publish_at: Some(week_old_at), ..NewVacancy::default() }, true).await;

    // the worker's schedule is every minute; every second here
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let every_second = std::str::FromStr::from_str("* * * * * *").unwrap();
    let clock = tokio::spawn(worker::time_rules::run(app.pool.clone(), every_second, move || {
        let mut stopped = stopped.clone();
        async move {
            let _ = stopped.wait_for(|s| *s).await;
            Ok(())
        }
    }));
    let mut done = (None, None);
    for _ in 0..100 {
        done = (times(&app, ended).await.2, times(&app, week_old).await.1);
        if done == (Some(ended_at), Some(week_old_at + RENEWS_EVERY)) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(done, (Some(ended_at), Some(week_old_at + RENEWS_EVERY)), "(finished_at, renewed_at)");
    stop.send(true).unwrap();
    clock.await.unwrap().unwrap();
}

async fn application_to(app: &TestApp, vacancy_id: Uuid) -> Uuid {
    let applicant: Uuid = sqlx::query_scalar("insert into users (username) values ('applicant-' || gen_random_uuid() || '@example.ee') returning id")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    sqlx::query_scalar("insert into applications (vacancy_id, applicant_user_id) values ($1, $2) returning id")
        .bind(vacancy_id)
        .bind(applicant)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn applications_stay_workable_thirty_days_after_the_vacancy_ends() {
    let app = spawn_app().await;
    let day_0 = published();
    let id = vacancy_running(&app, day_0).await;
    let application = application_to(&app, id).await;
    let ended = day_0 + RUNS_FOR;
    let workable = |now| domain::applications::workable(&app.pool, id, now);

    assert_eq!(workable(day_0 + TimeDelta::days(3)).await.unwrap(), vec![application], "while the vacancy runs");
    assert_eq!(workable(ended + TimeDelta::days(29)).await.unwrap(), vec![application], "29 days after the end");
    assert_eq!(workable(ended + TimeDelta::days(31)).await.unwrap(), Vec::<Uuid>::new(), "31 days after the end");

    // finishing changes nothing of it: the rule reads the end of the run
    finish_ended(&app.pool, ended).await.unwrap();
    assert_eq!(workable(ended + TimeDelta::days(29)).await.unwrap(), vec![application]);
    assert_eq!(workable(ended + TimeDelta::days(31)).await.unwrap(), Vec::<Uuid>::new());
}

#[tokio::test]
async fn a_paid_vacancy_waiting_for_its_publish_time_goes_to_the_index_at_that_minute_once() {
    let app = spawn_app().await;
    let (client, company_id) = employer_client(&app, "boss@example.ee", "12345678", "Näide OÜ", true).await;
    let id = complete_draft(&app, company_id, "kokk", Some(3600)).await;
    assert_eq!(publishing::published(&client, id, &["VACANCY"]).await["displayedState"], "WAITING_FOR_PUBLICATION");
    let (other_client, other_company) = employer_client(&app, "muu@example.ee", "11111116", "Muu OÜ", false).await;
    let unpaid = complete_draft(&app, other_company, "kokk", Some(3600)).await;
    assert_eq!(publishing::published(&other_client, unpaid, &["VACANCY"]).await["displayedState"], "WAITING_FOR_PAYMENT");
    let publish_at: DateTime<Utc> =
        sqlx::query_scalar("select publish_at from vacancies where id = $1").bind(id).fetch_one(&app.pool).await.unwrap();
    assert_eq!(index_jobs_of(&app, id).await, 1, "the publishing write's job");

    assert_eq!(go_live(&app.pool, publish_at - TimeDelta::minutes(1)).await.unwrap(), 0, "a minute early");
    assert_eq!(times(&app, id).await.1, None);

    assert_eq!(go_live(&app.pool, publish_at).await.unwrap(), 1, "at its minute, and not the unpaid one");
    assert_eq!(times(&app, id).await.1, Some(publish_at), "went live at its publish time");
    assert_eq!(index_jobs_of(&app, id).await, 2, "going live queued its index job");
    assert_eq!(index_jobs_of(&app, unpaid).await, 1);

    assert_eq!(go_live(&app.pool, publish_at).await.unwrap(), 0, "a second run changes nothing");
    assert_eq!(go_live(&app.pool, publish_at + TimeDelta::minutes(1)).await.unwrap(), 0, "nor a later one");
    assert_eq!(index_jobs_of(&app, id).await, 2);
    // its weeks count from going live
    assert_eq!(renew_active(&app.pool, publish_at + RENEWS_EVERY - TimeDelta::seconds(1)).await.unwrap(), 0);
    assert_eq!(renew_active(&app.pool, publish_at + RENEWS_EVERY).await.unwrap(), 1);
}
