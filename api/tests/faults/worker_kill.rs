//! The worker killed with SIGKILL (`vakants worker` beside `vakants serve --no-worker`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::Mutex;

use crate::harness::{self, Client, PrivatePostgres, PrivateRedis, Process, Vakants, found_ids, http_client, search_total};
use crate::postgres_restart::letters;

/// Generated vacancies on top of the demo data: enough for a rebuild to last a moment in a debug
/// build, so the kill lands in the middle of it.
const SCALE: &str = "4000";

/// Jobs of `queue` due for more than 20 s and not finished: those the killed worker held, until
/// they are handed out again (new jobs keep coming as scheduled vacancies go live, so the queue
/// is rarely empty at an instant).
async fn unfinished(pool: &sqlx::PgPool, queue: &str) -> i64 {
    sqlx::query_scalar(
        "select count(*) from apalis.jobs where job_type = $1 and status not in ('Done', 'Failed', 'Killed') and run_at < now() - interval '20 seconds'",
    )
        .bind(queue)
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn status_of(pool: &sqlx::PgPool, id: &str) -> String {
    sqlx::query_scalar("select status from apalis.jobs where id = $1").bind(id).fetch_one(pool).await.unwrap()
}

/// Loses nothing and shows nothing twice: the worker is SIGKILLed while employers publish (in the
/// middle of index batches) and again in the middle of a full rebuild; searches keep answering
/// from the live index meanwhile, the restarted worker takes the orphaned jobs and the rebuild
/// again, every published vacancy is found, and the search total equals the live vacancies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn worker_killed_during_batches_and_a_rebuild_loses_nothing_and_indexes_nothing_twice() {
    crate::skip_without_tools!();
    let postgres = PrivatePostgres::start();
    let redis = PrivateRedis::start();
    let dir = tempfile::tempdir().unwrap();
    let vakants = Vakants::new(postgres.url("vakants"), redis.url(), dir.path().join("data"), dir.path().join("logs"));
    vakants.prepare_with(&["--scale", SCALE]).await;
    vakants.run(&["reindex"]);
    let mut worker: Process = vakants.spawn("worker-1", &["worker"], None);
    let server = vakants.serve("serve", &["--no-worker"]).await;
    let base = server.base.clone();
    let http = http_client();
    let pool = sqlx::PgPool::connect(&vakants.database_url).await.unwrap();
    let live = harness::live_vacancies(&pool).await;
    crate::eventually!(Duration::from_secs(60), "the index holds the seeded vacancies", { search_total(&http, &base).await == harness::live_vacancies(&pool).await });

    // 1. killed in the middle of index batches
    let employer = Arc::new(Client::sign_in(&base, harness::EMPLOYER).await);
    let published = Arc::new(Mutex::new(Vec::<(String, String)>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = tokio::spawn({
        let (employer, published, stop) = (employer.clone(), published.clone(), stop.clone());
        async move {
            for n in 0.. {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let word = format!("{}workerkill{n}", letters(n));
                let id = employer.publish_vacancy(&word).await.expect("writes need no worker");
                published.lock().await.push((id, word));
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
        }
    });
    tokio::time::sleep(Duration::from_secs(3)).await;
    worker.kill();
    let killed_after = published.lock().await.len();
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(published.lock().await.len() > killed_after, "writes go on while the worker is dead");
    assert!(search_total(&http, &base).await >= live, "searches answer from the live index");
    let mut worker = vakants.spawn("worker-2", &["worker"], None);
    tokio::time::sleep(Duration::from_secs(2)).await;
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();
    let published = published.lock().await.clone();
    for (id, word) in &published {
        crate::eventually!(Duration::from_secs(60), &format!("search finds vacancy {id}, published around the kill"), {
            found_ids(&http, &base, word).await.contains(id)
        });
    }
    crate::eventually!(Duration::from_secs(30), "the search total equals the live vacancies (nothing twice)", {
        search_total(&http, &base).await == harness::live_vacancies(&pool).await
    });
    crate::eventually!(Duration::from_secs(60), "no index job is left behind", { unfinished(&pool, domain::platform::jobs::INDEX_QUEUE).await == 0 });

    // 2. killed in the middle of a full rebuild
    let job = worker::RebuildJob { vacancies: true, cvs: true };
    job.queue(&pool, 3).await.unwrap();
    let id: String = sqlx::query_scalar("select id from apalis.jobs where job_type = $1 order by run_at desc limit 1")
        .bind(worker::REBUILD_QUEUE)
        .fetch_one(&pool)
        .await
        .unwrap();
    let started = Instant::now();
    while status_of(&pool, &id).await != "Running" {
        assert!(started.elapsed() < Duration::from_secs(30), "the worker did not take the rebuild: {}", status_of(&pool, &id).await);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = search_total(&http, &base).await;
    worker.kill();
    let status = status_of(&pool, &id).await;
    assert_eq!(status, "Running", "the kill landed in the middle of the rebuild (raise SCALE if the rebuild got done first)");
    // searches keep answering from the live generation, with everything in it (nothing writes it
    // while the worker is dead)
    assert_eq!(search_total(&http, &base).await, before, "searches answer while the rebuild is dead");
    let _worker = vakants.spawn("worker-3", &["worker"], None);
    crate::eventually!(Duration::from_secs(90), "the rebuild is taken again and finishes", { status_of(&pool, &id).await == "Done" });
    // the rebuild queues every row changed in its last minutes again: the worker works through them
    let (mut total, mut live): (u64, u64);
    crate::eventually!(Duration::from_secs(90), &format!("after the rebuild the total ({total}) equals the live vacancies ({live})"), {
        (total, live) = (search_total(&http, &base).await, harness::live_vacancies(&pool).await);
        total == live
    });
    for (id, word) in published.iter().take(5) {
        assert!(found_ids(&http, &base, word).await.contains(id), "vacancy {id} is in the rebuilt index");
    }
    let attempts: i32 = sqlx::query_scalar("select attempts from apalis.jobs where id = $1").bind(&id).fetch_one(&pool).await.unwrap();
    eprintln!("worker kill: {} vacancies published around the kill, {live} live; the rebuild ran {attempts} times", published.len());
    drop(server);
}
