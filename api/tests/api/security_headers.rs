//! Security headers on every kind of answer, the pages' Content-Security-Policy, the API reference
//! served from the app's own origin, and JSON embedded in HTML (issue 14, items 5 and 12).

use base64::Engine;
use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::helpers::{AppOptions, spawn_app_with};
use crate::search::{NewVacancy, company, publish};

const HSTS: &str = "max-age=31536000; includeSubDomains";

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).map(|v| v.to_str().unwrap())
}

/// The headers every answer carries, and HSTS exactly when `prod`.
fn assert_common(what: &str, headers: &HeaderMap, prod: bool) {
    assert_eq!(header(headers, "x-content-type-options"), Some("nosniff"), "{what}");
    assert_eq!(header(headers, "referrer-policy"), Some("strict-origin-when-cross-origin"), "{what}");
    assert_eq!(header(headers, "strict-transport-security"), prod.then_some(HSTS), "{what}");
}

/// A directive of a policy (`script-src`), its sources.
fn directive<'a>(policy: &'a str, name: &str) -> Vec<&'a str> {
    policy
        .split(';')
        .map(str::trim)
        .find_map(|d| d.strip_prefix(name).filter(|rest| rest.is_empty() || rest.starts_with(' ')))
        .map(|rest| rest.split_whitespace().collect())
        .unwrap_or_default()
}

/// The `sha256-…` sources of the inline scripts in `html` that a browser runs (no `src`, no data type).
fn inline_script_hashes(html: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    for part in html.split("<script").skip(1) {
        let (attributes, rest) = part.split_once('>').unwrap();
        let content = rest.split("</script>").next().unwrap();
        if attributes.contains("src=") || attributes.contains("application/json") || attributes.contains("application/ld+json") {
            continue;
        }
        let digest = Sha256::digest(content.as_bytes());
        hashes.push(format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest)));
    }
    hashes
}

#[tokio::test]
async fn every_kind_of_answer_carries_the_security_headers_and_hsts_only_in_prod() {
    for prod in [false, true] {
        let dir = crate::web::dist();
        let app = spawn_app_with(AppOptions { prod, web_dist: Some(dir.clone()), ..AppOptions::default() }).await;
        let get = |path: &'static str| {
            let client = app.client.http.clone();
            let url = app.client.url(path);
            async move { client.get(url).send().await.unwrap() }
        };

        let page = get("/en/contacts").await;
        assert_eq!(page.status(), StatusCode::OK);
        assert_common("a page", page.headers(), prod);
        let policy = header(page.headers(), "content-security-policy").expect("a page has a policy").to_string();
        assert_eq!(header(page.headers(), "x-frame-options"), Some("DENY"));
        assert_eq!(directive(&policy, "frame-ancestors"), ["'none'"]);
        assert_eq!(directive(&policy, "default-src"), ["'self'"]);
        assert_eq!(directive(&policy, "object-src"), ["'none'"]);
        assert!(directive(&policy, "img-src").contains(&"https://tile.openstreetmap.org"), "{policy}");
        assert!(!directive(&policy, "script-src").iter().any(|s| s.contains("unsafe")), "{policy}");

        let json = get("/api/open/languages").await;
        assert_eq!(json.status(), StatusCode::OK, "a JSON answer");
        assert_common("a JSON answer", json.headers(), prod);

        let api_missing = get("/api/open/nothing-here").await;
        assert_eq!(api_missing.status(), StatusCode::NOT_FOUND);
        assert_common("the API's 404", api_missing.headers(), prod);

        let page_missing = get("/en/no-such-page").await;
        assert_eq!(page_missing.status(), StatusCode::NOT_FOUND);
        assert_common("a missing page", page_missing.headers(), prod);
        assert!(header(page_missing.headers(), "content-security-policy").unwrap().contains("frame-ancestors 'none'"));

        let asset = get("/assets/index-abc123.js").await;
        assert_eq!(asset.status(), StatusCode::OK);
        assert_common("a static asset", asset.headers(), prod);
        let asset_missing = get("/assets/index-gone.js").await;
        assert_eq!(asset_missing.status(), StatusCode::NOT_FOUND);
        assert_common("a missing asset", asset_missing.headers(), prod);

        let unauthorized = get("/api/user/me").await;
        assert_eq!(unauthorized.status(), StatusCode::UNAUTHORIZED);
        assert_common("a 401", unauthorized.headers(), prod);

        let health = get("/healthz").await;
        assert_common("the health check", health.headers(), prod);
        std::fs::remove_dir_all(dir).ok();
    }
}

#[tokio::test]
async fn a_page_allows_exactly_its_own_inline_scripts_by_hash() {
    let dir = crate::web::dist();
    let app = spawn_app_with(AppOptions { web_dist: Some(dir.clone()), ..AppOptions::default() }).await;
    let company_id = company(&app, "Põhja Köök OÜ", "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;

    // pages the server paints a first screen of carry an inline starter; the others carry none
    for path in ["/en/".to_string(), "/en/vacancies".to_string(), format!("/en/vacancies/{id}"), "/en/contacts".to_string()] {
        let response = app.client.http.get(app.client.url(&path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let policy = header(response.headers(), "content-security-policy").unwrap().to_string();
        let html = response.text().await.unwrap();
        let scripts = directive(&policy, "script-src");
        assert_eq!(scripts[0], "'self'", "{path}: {policy}");
        let mut allowed: Vec<String> = scripts[1..].iter().map(|s| s.to_string()).collect();
        let mut carried = inline_script_hashes(&html);
        allowed.sort();
        carried.sort();
        assert_eq!(allowed, carried, "{path}: the policy names the page's inline scripts, nothing else");
        if path != "/en/contacts" {
            assert_eq!(carried.len(), 1, "{path}: the first screen's starter");
        }
        assert!(!scripts.iter().any(|s| s.contains("unsafe")), "{path}: {policy}");
    }
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn text_in_json_embedded_in_a_page_cannot_end_its_script_or_open_a_comment() {
    let dir = crate::web::dist();
    let app = spawn_app_with(AppOptions { web_dist: Some(dir.clone()), ..AppOptions::default() }).await;
    let name = "Köök </script><!-- <script>alert(1)</script> & Co";
    let company_id = company(&app, name, "12345678").await;
    let id = publish(&app, company_id, NewVacancy::default(), true).await;

    let html = app.client.http.get(app.client.url(&format!("/en/vacancies/{id}"))).send().await.unwrap().text().await.unwrap();

    assert!(!html.contains("<!--"), "no comment opens in the page: {html}");
    assert!(!html.contains("<script>alert"), "{html}");
    let mut blocks = 0;
    for (marker, read) in [
        ("<script type=\"application/ld+json\">", "/hiringOrganization/name"),
        ("<script id=\"vakants-initial-data\" type=\"application/json\">", "/0/data/company/businessName"),
    ] {
        let json = html.split(marker).nth(1).unwrap_or_else(|| panic!("{marker} in {html}")).split("</script>").next().unwrap();
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'), "{json}");
        let value: Value = serde_json::from_str(json).unwrap();
        assert_eq!(value.pointer(read).and_then(Value::as_str), Some(name), "{marker}: {value}");
        blocks += 1;
    }
    assert_eq!(blocks, 2);
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn the_api_reference_is_served_from_the_app_s_origin_only() {
    // without the web app's build the page says how to get it and points at the document
    let app = spawn_app_with(AppOptions::default()).await;
    let response = app.client.get("/api/docs").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert!(response.text().await.unwrap().contains("/api/openapi.json"));

    let dir = crate::web::dist();
    std::fs::write(dir.join("assets/scalar-api-reference-1.2.3.js"), "window.Scalar = {};\n").unwrap();
    let app = spawn_app_with(AppOptions { web_dist: Some(dir.clone()), ..AppOptions::default() }).await;

    let response = app.client.get("/api/docs").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_common("the docs", response.headers(), false);
    let policy = header(response.headers(), "content-security-policy").unwrap().to_string();
    assert!(header(response.headers(), "content-type").unwrap().starts_with("text/html"));
    let html = response.text().await.unwrap();
    assert!(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"), "nothing from elsewhere: {html}");
    assert!(!policy.contains("http") && !policy.contains("unsafe-eval"), "{policy}");
    assert_eq!(directive(&policy, "script-src"), ["'self'"], "no inline script: {policy}");
    assert_eq!(directive(&policy, "connect-src"), ["'self'"]);
    assert_eq!(directive(&policy, "frame-ancestors"), ["'none'"]);

    let sources: Vec<&str> = html.split("<script src=\"").skip(1).map(|s| s.split('"').next().unwrap()).collect();
    assert_eq!(sources, ["/api/docs/start.js", "/assets/scalar-api-reference-1.2.3.js"]);
    for source in sources {
        let script = app.client.get(source).await;
        assert_eq!(script.status(), StatusCode::OK, "{source}");
        assert!(header(script.headers(), "content-type").unwrap().contains("javascript"), "{source}");
        assert_common(source, script.headers(), false);
    }
    let start = app.client.get("/api/docs/start.js").await.text().await.unwrap();
    assert!(start.contains("url: '/api/openapi.json'") && start.contains("withDefaultFonts: false") && start.contains("jitless: true"), "{start}");
    assert_eq!(app.client.get("/api/openapi.json").await.status(), StatusCode::OK);
    std::fs::remove_dir_all(dir).ok();
}
