//! What an operator watches (issue 36 §4): the alert rules (`deploy/prometheus/alerts.yml`) and the
//! dashboard (`deploy/grafana/vakants.json`) name only metrics a running server exports, so they
//! cannot drift apart from the code; and the gauges and counters behind them say what happened.

use std::collections::BTreeSet;
use std::path::PathBuf;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{AppOptions, spawn_app_with};
use crate::search::{NewVacancy, company, eventually, publish};

fn deploy_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../deploy").join(path)
}

/// Prometheus' own series, which no server exports (it writes them for each scrape).
const PROMETHEUS_OWN: &[&str] = &["up"];

/// Words of PromQL that are not metric names when they stand alone (aggregations are followed by
/// `by`/`without` or by their parenthesis; the binary operators and modifiers).
const KEYWORDS: &[&str] = &[
    "sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values", "bottomk", "topk", "quantile", "limitk",
    "limit_ratio", "and", "or", "unless", "bool", "offset", "inf", "nan", "atan2",
];
/// Modifiers followed by a parenthesised list of label names.
const LABEL_LISTS: &[&str] = &["by", "without", "on", "ignoring", "group_left", "group_right"];

/// The metric names a PromQL expression reads: the identifiers that are not functions (followed
/// by `(`), keywords, label names (inside `{…}` or a `by (…)` list), durations (inside `[…]` or
/// after a number) or strings.
fn metric_names(expr: &str) -> BTreeSet<String> {
    let chars: Vec<char> = expr.chars().collect();
    let mut names = BTreeSet::new();
    let mut i = 0;
    // the end of a bracketed part, skipping quoted strings inside it
    let close = |mut i: usize, open: char, shut: char| -> usize {
        let mut depth = 0;
        while i < chars.len() {
            match chars[i] {
                '"' | '\'' | '`' => {
                    let quote = chars[i];
                    i += 1;
                    while i < chars.len() && chars[i] != quote {
                        i += if chars[i] == '\\' { 2 } else { 1 };
                    }
                }
                c if c == open => depth += 1,
                c if c == shut => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        i
    };
    while i < chars.len() {
        let c = chars[i];
        if matches!(c, '"' | '\'' | '`') {
            i += 1;
            while i < chars.len() && chars[i] != c {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '{' {
            i = close(i, '{', '}');
        } else if c == '[' {
            i = close(i, '[', ']');
        } else if c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit)) {
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '.') {
                i += 1;
            }
        } else if c.is_ascii_alphabetic() || c == '_' || c == ':' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == ':') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let mut next = i;
            while next < chars.len() && chars[next].is_whitespace() {
                next += 1;
            }
            let before = chars[..start].iter().rev().find(|c| !c.is_whitespace()).copied();
            if LABEL_LISTS.contains(&word.as_str()) {
                if chars.get(next) == Some(&'(') {
                    i = close(next, '(', ')');
                }
            } else if chars.get(next) != Some(&'(') && !KEYWORDS.contains(&word.as_str()) && before != Some('$') {
                names.insert(word);
            }
        } else {
            i += 1;
        }
    }
    names
}

/// Every `expr` of the alert rules.
fn rule_exprs() -> Vec<String> {
    let text = std::fs::read_to_string(deploy_file("prometheus/alerts.yml")).unwrap();
    let rules: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let mut exprs = Vec::new();
    for group in rules["groups"].as_sequence().expect("groups") {
        for rule in group["rules"].as_sequence().expect("rules") {
            exprs.push(rule["expr"].as_str().expect("every rule has an expr").to_string());
        }
    }
    exprs
}

/// Every `expr` of the dashboard's queries, wherever a panel keeps them.
fn dashboard_exprs() -> Vec<String> {
    fn walk(value: &Value, found: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                for (key, child) in map {
                    match (key.as_str(), child) {
                        ("expr", Value::String(expr)) => found.push(expr.clone()),
                        _ => walk(child, found),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| walk(item, found)),
            _ => {}
        }
    }
    let dashboard: Value = serde_json::from_slice(&std::fs::read(deploy_file("grafana/vakants.json")).unwrap()).unwrap();
    let mut found = Vec::new();
    walk(&dashboard, &mut found);
    found
}

/// The sample names of a Prometheus text page, and the value of each sample line.
fn samples(page: &str) -> Vec<(String, String, f64)> {
    page.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let name = series.split('{').next()?.to_string();
            Some((name, series.to_string(), value.parse().ok()?))
        })
        .collect()
}

#[test]
fn metric_names_are_told_apart_from_functions_labels_and_durations() {
    let expr = r#"histogram_quantile(0.95, sum by (group, le) (rate(http_request_duration_seconds_bucket{group!~"files|ops", x="a{b}"}[5m])))
        / on (instance) group_left sum without (queue) (vakants_queue_jobs offset 30m) > bool 1e3 and time() - max(x:recorded) > $__interval"#;
    assert_eq!(
        metric_names(expr).into_iter().collect::<Vec<_>>(),
        vec!["http_request_duration_seconds_bucket", "vakants_queue_jobs", "x:recorded"]
    );
}

#[tokio::test]
async fn every_metric_the_alert_rules_and_the_dashboard_name_is_exported_by_a_running_server() {
    let app = spawn_app_with(AppOptions { worker: true, ..AppOptions::default() }).await;
    // a little of everything: searches, a sign-in (its code is a mail), a notification the
    // payment provider did not sign, a 404, and a vacancy indexed by the worker
    app.client.post("/api/open/search", json!({})).await;
    app.client.get("/api/open/no-such-thing").await;
    app.create_user("mari@example.ee", &["APPLICANT"]).await;
    app.client.sign_in("mari@example.ee").await;
    let refused = app.client.post("/api/payment/notify", json!({ "orderToken": "not.a.token" })).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let company_id = company(&app, "Mõõdik OÜ", "12345678").await;
    let vacancy = publish(&app, company_id, NewVacancy::default(), true).await;
    eventually(&app, json!({}), |page| page["content"][0]["vacancyId"] == vacancy.to_string()).await;

    // the search lists the vacancy once the index commits; the batcher records its commit time
    // after the batch's own transaction (what the index holds, the alert matching's rows), a moment later
    let mut page = String::new();
    for _ in 0..100 {
        let response = app.client.http.get(app.client.url("/metrics")).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        page = response.text().await.unwrap();
        if page.lines().any(|line| line.starts_with("vakants_index_last_commit_timestamp_seconds")) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let samples = samples(&page);
    let exported: BTreeSet<&str> = samples.iter().map(|(name, _, _)| name.as_str()).collect();

    let mut named = BTreeSet::new();
    for (source, exprs) in [("deploy/prometheus/alerts.yml", rule_exprs()), ("deploy/grafana/vakants.json", dashboard_exprs())] {
        assert!(exprs.len() >= 10, "{source} has its expressions: {exprs:?}");
        for expr in exprs {
            let names = metric_names(&expr);
            assert!(!names.is_empty(), "{source}: no metric in {expr}");
            for name in names {
                assert!(
                    exported.contains(name.as_str()) || PROMETHEUS_OWN.contains(&name.as_str()),
                    "{source} names {name}, which /metrics does not export (in {expr})"
                );
                named.insert(name);
            }
        }
    }
    // what the issue asks an operator to watch is among what they name
    for needed in [
        "http_requests_total",
        "http_request_duration_seconds_bucket",
        "vakants_queue_jobs",
        "vakants_queue_oldest_waiting_age_seconds",
        "vakants_index_commit_lag_seconds",
        "vakants_index_last_commit_timestamp_seconds",
        "vakants_worker_heartbeat_age_seconds",
        "vakants_postgres_up",
        "vakants_redis_up",
        "vakants_mails_total",
        "vakants_payment_notifications_total",
    ] {
        assert!(named.contains(needed), "the rules or the dashboard watch {needed}");
    }

    // and the values say what happened
    let value = |series: &str| samples.iter().find(|(_, s, _)| s == series).map(|(_, _, v)| *v);
    assert_eq!(value("vakants_postgres_up"), Some(1.0));
    assert_eq!(value("vakants_redis_up"), Some(1.0));
    assert!(value(r#"vakants_mails_total{outcome="sent"}"#).unwrap_or_default() >= 1.0, "the sign-in code was mailed");
    assert!(value(r#"vakants_payment_notifications_total{outcome="rejected"}"#).unwrap_or_default() >= 1.0, "the unsigned notification");
    assert!(value(r#"vakants_index_batches_total{outcome="committed"}"#).unwrap_or_default() >= 1.0, "the vacancy's batch");
    assert_eq!(value(r#"vakants_queue_jobs{queue="vakants.index",state="waiting"}"#), Some(0.0), "nothing waits once it is found");
    let heartbeat = value(r#"vakants_worker_heartbeat_age_seconds{queue="vakants.index"}"#).expect("the index worker's heartbeat");
    assert!(heartbeat < 30.0, "the worker beat lately: {heartbeat}");
    assert!(
        page.lines().any(|line| line.starts_with("http_requests_total{") && line.contains(r#"group="open""#)),
        "requests carry their route group"
    );
}

/// `promtool check rules` and the rules' own unit tests (`promtool test rules`), where
/// Prometheus' tools are installed (Debian: `apt-get install prometheus`); skipped, saying so,
/// where they are not.
#[test]
fn the_alert_rules_pass_promtool_where_it_is_installed() {
    let Ok(version) = std::process::Command::new("promtool").arg("--version").output() else {
        println!("SKIPPED: promtool is not installed (Debian package prometheus)");
        return;
    };
    assert!(version.status.success());
    for args in [["check", "rules", "prometheus/alerts.yml"], ["test", "rules", "prometheus/alerts.test.yml"]] {
        let output = std::process::Command::new("promtool").args(args).current_dir(deploy_file("")).output().unwrap();
        assert!(
            output.status.success(),
            "promtool {args:?}:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
