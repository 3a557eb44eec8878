//! A smoke-sized run in-process (no child processes): every engine that needs nothing but
//! Postgres, a few hundred documents, and the shape of what the report makes of it.

use std::time::Duration;

use crate::report::{self, Machine, Report};
use crate::*;

fn config(engine: Engine, kind: Kind, size: usize) -> Config {
    Config {
        engine,
        kind,
        size,
        queries: 20,
        freshness: 3,
        seed: 7,
        database_url: std::env::var("BENCH_DATABASE_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/vakants_bench".into()),
        schema: format!("bench_test_{}", std::process::id()),
        meili_url: None,
        meili_key: None,
        query_budget: Duration::from_secs(30),
    }
}

#[test]
fn a_smoke_run_measures_every_engine_and_reports_the_targets() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let base = config(Engine::Tantivy, Kind::Vacancies, 300);
        prepare_database(&base.database_url).await.unwrap();
        let mut measurements = Vec::new();
        for (engine, kind, size) in [
            (Engine::Tantivy, Kind::Vacancies, 300),
            (Engine::Postgres, Kind::Vacancies, 300),
            (Engine::Tantivy, Kind::Cvs, 100),
            (Engine::Postgres, Kind::Cvs, 100),
        ] {
            let m = measure(&config(engine, kind, size)).await.unwrap();
            assert_eq!(m.size, size);
            assert!(m.indexing.docs_per_s > 0.0 && m.indexing.input_mb > 0.0);
            let all = m.class("all").expect("the whole mix");
            assert_eq!(all.latency.samples, 20);
            assert!(all.latency.p50_ms <= all.latency.p95_ms && all.latency.p95_ms <= all.latency.p99_ms);
            assert!(all.mean_total > 0.0, "{engine:?} {kind:?}: the mix finds something");
            assert!(m.queries.len() > 2, "per-class latencies");
            match kind {
                Kind::Vacancies => assert_eq!(m.freshness.as_ref().unwrap().samples, 3),
                Kind::Cvs => assert!(m.freshness.is_none()),
            }
            assert!(m.memory.peak_rss_mb >= m.memory.corpus_rss_mb && m.memory.peak_rss_mb > 0.0);
            measurements.push(m);
        }
        // both engines see the same corpus and queries: browse-all matches everything
        let totals: Vec<f64> =
            measurements.iter().filter(|m| m.kind == Kind::Vacancies).map(|m| m.class("browse").unwrap().mean_total).collect();
        assert_eq!(totals, vec![300.0, 300.0]);
        let targets = report::targets(&measurements);
        assert_eq!(targets.len(), 5);
        assert!(targets.iter().any(|t| t.status == "not measured"), "100k and 1M are not in a smoke run");
        let report = Report {
            machine: Machine::describe(),
            command: "test".into(),
            queries_per_measurement: 20,
            freshness_probes: 3,
            seed: 7,
            measurements,
            skipped: vec!["meilisearch: skipped, MEILI_URL is not set".into()],
            targets,
        };
        assert!(report.machine.cores >= 1);
        let json = serde_json::to_string(&report).unwrap();
        let back: Report = serde_json::from_str(&json).unwrap();
        assert_eq!(back.measurements.len(), 4);
        let md = report::markdown(&report, "x.json", "x.svg");
        assert!(md.contains("| tantivy | 300 vacancies |") && md.contains("| postgres | 100 CVs |"));
        let svg = report::svg(&report);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    });
}
