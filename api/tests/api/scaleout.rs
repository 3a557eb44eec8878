//! Beyond one machine: several `vakants serve` nodes sharing one Postgres and one Meilisearch,
//! files in object storage (`FILES_URL`) and the read replica of the public pages
//! (`DATABASE_READ_URL`).

use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::cvs::{applicant, full_cv, save_ok, search_until, with};
use crate::helpers::{AppOptions, TestApp, TestClient, free_port, fresh_database, spawn_app_with, vakants_command};
use crate::meili::ThrowAwayMeili;
use crate::publishing::{complete_draft, publish};
use crate::uploads::upload_ok;

/// One `vakants serve` process, killed when dropped.
struct Node {
    child: Child,
    address: String,
    data_dir: std::path::PathBuf,
}

impl Node {
    /// Starts `vakants serve` (with `args`) on the app's database with `env`, a `DATA_DIR` of its
    /// own (the nodes share no disk), and waits until it answers `/healthz`.
    async fn start(app: &TestApp, args: &[&str], env: &[(&'static str, String)]) -> Node {
        let port = free_port();
        let data_dir = std::env::temp_dir().join(format!("vakants-node-{}", Uuid::new_v4().simple()));
        let mut vars: Vec<(&str, String)> = vec![
            ("VAKANTS_MODE", "dev".into()),
            ("DATABASE_URL", app.database_url.clone()),
            ("DATA_DIR", data_dir.display().to_string()),
            ("BIND", format!("127.0.0.1:{port}")),
            ("WEB_DIST", "/nonexistent".into()),
            ("RELAXED_RATE_LIMITS", "true".into()),
            ("RUST_LOG", "warn".into()),
        ];
        vars.extend(env.iter().cloned());
        let child = vakants_command(args, &vars).stdout(Stdio::null()).stderr(Stdio::inherit()).spawn().expect("the vakants binary");
        let node = Node { child, address: format!("http://127.0.0.1:{port}"), data_dir };
        let http = reqwest::Client::new();
        let started = Instant::now();
        loop {
            if let Ok(response) = http.get(format!("{}/healthz", node.address)).send().await {
                if response.status().is_success() {
                    return node;
                }
            }
            assert!(started.elapsed() < Duration::from_secs(60), "vakants {args:?} did not come up");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

fn ids(page: &Value) -> Vec<String> {
    page["content"].as_array().map(|hits| hits.iter().filter_map(|v| v["vacancyId"].as_str().map(str::to_string)).collect()).unwrap_or_default()
}

/// How long after `since` the vacancy `id` was first found by the default search through `node`
/// (polled every 20 ms, for at most 10 s).
async fn found_after(node: &TestClient, id: Uuid, since: Instant) -> Duration {
    loop {
        let response = node.post("/api/open/search", json!({})).await;
        assert_eq!(response.status(), StatusCode::OK);
        let page: Value = response.json().await.unwrap();
        if ids(&page).contains(&id.to_string()) {
            return since.elapsed();
        }
        assert!(since.elapsed() < Duration::from_secs(10), "{id} never became searchable through {}: {page}", node.address);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Publishes a fresh draft of `company_id` through `client` (a contract company: live at once) and
/// answers its id and when the publish was answered.
async fn publish_through(app: &TestApp, client: &TestClient, company_id: Uuid, word: &str) -> (Uuid, Instant) {
    let id = complete_draft(app, company_id, word, None).await;
    let response = publish(client, id, &["VACANCY"]).await;
    let answered = Instant::now();
    assert_eq!(response.status(), StatusCode::OK, "{}", response.text().await.unwrap_or_default());
    (id, answered)
}

/// How soon a write must be searchable through the other node in this test. The target is a
/// second (measured by `bench publish-freshness`, bench/results/*-publish-freshness.md); here the test
/// runs beside the rest of `make test` on 2 cores, where a Meilisearch task took 3.5 s once, so the
/// test checks that the write arrives through the other node promptly, not the figure.
const PROMPTLY: Duration = Duration::from_secs(5);

#[tokio::test]
async fn a_write_through_one_serve_node_is_searchable_through_the_other_promptly() {
    let Some(meili) = ThrowAwayMeili::start("two serve nodes on one Meilisearch").await else {
        return;
    };
    let engine: Vec<(&'static str, String)> = vec![
        ("SEARCH_ENGINE", "meilisearch".into()),
        ("MEILI_URL", meili.url.clone()),
        ("MEILI_INDEX_PREFIX", format!("nodes_{}", Uuid::new_v4().simple())),
    ];
    // the test's own app gives the database and the account helpers; it runs no worker
    let app = spawn_app_with(AppOptions { env: engine.clone(), ..AppOptions::default() }).await;
    // node A runs the worker in its process (as one `vakants serve` does); node B is a bare API node
    let node_a = Node::start(&app, &["serve"], &engine).await;
    let node_b = Node::start(&app, &["serve", "--no-worker"], &engine).await;

    app.create_employer("tiina@example.ee", &[("12345678", "Kahe Sõlme OÜ")]).await;
    let company_id: Uuid = sqlx::query_scalar("update companies set has_contract = true where registry_code = '12345678' returning id")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let through_a = TestClient::new(&node_a.address);
    through_a.sign_in("tiina@example.ee").await;
    // the same browser on the other node: the session lives in Postgres, not in a node
    let through_b = TestClient { address: node_b.address.clone(), http: through_a.http.clone(), jar: through_a.jar.clone() };
    let me: Value = through_b.get("/api/open/me").await.json().await.unwrap();
    assert_eq!(me["username"], "tiina@example.ee", "signed in on A, known on B: {me}");

    // a first write wakes everything up (the worker's first batch, the engine's first documents);
    // what is measured is the steady state
    let (warm_up, answered) = publish_through(&app, &through_a, company_id, "soojendus").await;
    found_after(&through_b, warm_up, answered).await;

    // written through the bare node, found through the other
    let (first, answered) = publish_through(&app, &through_b, company_id, "esimene").await;
    let took = found_after(&through_a, first, answered).await;
    assert!(took <= PROMPTLY, "written through B, searchable through A after {took:?}");
    // and the other way round
    let (second, answered) = publish_through(&app, &through_a, company_id, "teine").await;
    let took_back = found_after(&through_b, second, answered).await;
    assert!(took_back <= PROMPTLY, "written through A, searchable through B after {took_back:?}");
    eprintln!("two serve nodes: B -> A searchable after {took:?}, A -> B after {took_back:?}");
    // neither node keeps an index on its disk: the engine is shared
    assert!(!node_a.data_dir.join("index").exists() && !node_b.data_dir.join("index").exists());
}

#[tokio::test]
async fn files_go_to_the_object_store_of_files_url_and_the_worker_reads_them_there() {
    // in memory: nothing under DATA_DIR, and the worker's PDF extraction reads the same store
    let app = spawn_app_with(AppOptions { worker: true, env: vec![("FILES_URL", "memory://".into())], ..AppOptions::default() }).await;
    assert_eq!(app.files.location(), "memory://");
    app.employer_with_cv_access().await;
    let mari = applicant(&app, "mari@example.ee").await;
    let pdf = fixtures::pdf::text_pdf("Tõstukijuhi tunnistus: torninosturioperaator");
    let certificate = upload_ok(&mari, "kind=certificate&name=kraana.pdf", pdf.clone()).await;
    let downloaded = mari.get(certificate["url"].as_str().unwrap()).await;
    assert_eq!(downloaded.status(), StatusCode::OK);
    assert_eq!(downloaded.headers()["content-length"], pdf.len().to_string().as_str());
    assert_eq!(downloaded.bytes().await.unwrap().to_vec(), pdf);
    let key: String = sqlx::query_scalar("select storage_key from files where id = $1")
        .bind(certificate["fileId"].as_str().unwrap().parse::<Uuid>().unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(app.files.get(&key).await.unwrap(), pdf, "the bytes are in the object store");
    assert!(!app.data_dir.join("files").join(&key).exists(), "nothing written under DATA_DIR/files");
    let id = save_ok(&mari, with(full_cv(), "/certificates/0/fileId", certificate["fileId"].clone())).await["cvId"].as_str().unwrap().to_string();
    search_until(&app, "torninosturioperaator", &[&id]).await;

    // a directory named by file://: the bytes land there
    let dir = std::env::temp_dir().join(format!("vakants-files-{}", Uuid::new_v4().simple()));
    let app = spawn_app_with(AppOptions { env: vec![("FILES_URL", format!("file://{}", dir.display()))], ..AppOptions::default() }).await;
    let jaan = applicant(&app, "jaan@example.ee").await;
    let picture = upload_ok(&jaan, "kind=portfolio&name=tort.png", crate::uploads::png()).await;
    let key: String = sqlx::query_scalar("select storage_key from files where id = $1")
        .bind(picture["fileId"].as_str().unwrap().parse::<Uuid>().unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(std::fs::read(dir.join(&key)).unwrap(), crate::uploads::png());
    assert!(!app.data_dir.join("files").join(&key).exists());
    let response = jaan.get(picture["url"].as_str().unwrap()).await;
    assert_eq!(response.bytes().await.unwrap().to_vec(), crate::uploads::png());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Inserts an active vacancy of a new company straight into `pool`'s database.
async fn vacancy_in(pool: &PgPool, registry_code: &str, name: &str) -> Uuid {
    let company: Uuid = sqlx::query_scalar("insert into companies (registry_code, business_name, ehak_code) values ($1, $2, '0784') returning id")
        .bind(registry_code)
        .bind(name)
        .fetch_one(pool)
        .await
        .unwrap();
    sqlx::query_scalar(
        "insert into vacancies (company_id, status, payment_status, occupation_code, employment_type_code, ehak_code, address,
                                salary_by_agreement, publish_at, valid_until, renewed_at)
         values ($1, 'EXISTS', 'PAID', 'COOK', 'FULL_TIME', '0784', 'Harju maakond, Tallinn', true,
                 now() - interval '1 hour', now() + interval '29 days', now() - interval '1 hour')
         returning id",
    )
    .bind(company)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn public_pages_and_reference_data_read_from_database_read_url() {
    // a "replica" that differs from the primary, so an answer tells which database it came from
    let replica = fresh_database().await;
    let app = spawn_app_with(AppOptions { env: vec![("DATABASE_READ_URL", replica.url.clone())], ..AppOptions::default() }).await;
    let replica_pool = PgPool::connect(&replica.url).await.unwrap();
    let only_on_replica = vacancy_in(&replica_pool, "87654321", "Replika OÜ").await;
    let only_on_primary = vacancy_in(&app.pool, "12345678", "Primaar OÜ").await;
    sqlx::query("update ref_genders set label_et = label_et || ' (replika)'").execute(&replica_pool).await.unwrap();

    // the vacancy page and the company page read the replica
    let page = app.client.get(&format!("/api/open/vacancies/{only_on_replica}")).await;
    assert_eq!(page.status(), StatusCode::OK);
    let page: Value = page.json().await.unwrap();
    assert_eq!(page["company"]["businessName"], "Replika OÜ");
    assert_eq!(app.client.get(&format!("/api/open/vacancies/{only_on_primary}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.client.get("/api/open/companies/EE/87654321").await.status(), StatusCode::OK);
    assert_eq!(app.client.get("/api/open/companies/EE/12345678").await.status(), StatusCode::NOT_FOUND);
    // reference lists too
    let genders: Value = app.client.get("/api/open/genders").await.json().await.unwrap();
    let labels: Vec<&str> = genders.as_array().unwrap().iter().map(|g| g["label"].as_str().unwrap()).collect();
    assert!(!labels.is_empty() && labels.iter().all(|l| l.ends_with("(replika)")), "{labels:?}");
    // writes and the signed-in flows stay on the primary
    let me = app.new_client();
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    me.sign_in("mari@example.ee").await;
    let signed_in: Value = me.get("/api/open/me").await.json().await.unwrap();
    assert_eq!(signed_in["username"], "mari@example.ee", "{signed_in}");
    replica_pool.close().await;
}

#[tokio::test]
async fn without_database_read_url_the_public_pages_read_the_primary() {
    let app = spawn_app_with(AppOptions::default()).await;
    let id = vacancy_in(&app.pool, "12345678", "Primaar OÜ").await;
    assert_eq!(app.client.get(&format!("/api/open/vacancies/{id}")).await.status(), StatusCode::OK);
}
