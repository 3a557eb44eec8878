//! Security headers on every answer of the server (API, pages, static files, errors, 404s, and the
//! answers other layers make: time-outs, body limits, panics): `X-Content-Type-Options: nosniff`,
//! `Referrer-Policy: strict-origin-when-cross-origin`, HSTS in prod, and on HTML a
//! Content-Security-Policy (`frame-ancestors 'none'`, no inline scripts but those a page names
//! by hash) with `X-Frame-Options: DENY` for older browsers.
//!
//! The web app's pages set their own policy (`page_policy`, with the hashes of the inline scripts
//! the server put into that page, see web.rs); an HTML answer without one gets `POLICY`.

use axum::extract::State;
use axum::http::header::{
    CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderValue, Response};
use base64::Engine;
use sha2::{Digest, Sha256};

/// The HSTS policy of prod: a year, subdomains included (a dev server runs on plain HTTP).
pub const HSTS: &str = "max-age=31536000; includeSubDomains";
pub const REFERRER: &str = "strict-origin-when-cross-origin";

/// The Content-Security-Policy of the app's HTML, before the inline scripts' hashes.
/// - scripts: the app's own files only; a page's inline scripts by their hash (`page_policy`);
/// - styles: `'unsafe-inline'` because Mantine writes its theme variables into a `<style>`
///   element at run time and the server's first screen carries a `<style>` block and `style`
///   attributes (cover images); styles cannot run code;
/// - images: the app's files, `data:` URIs (Leaflet's and Mantine's small icons) and the map's
///   tiles (web/src/features/companies/components/leaflet-map.tsx);
/// - everything else from the app's origin, no plugins, no framing.
pub const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https://tile.openstreetmap.org; font-src 'self' data:; connect-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Whether the server runs in prod (HSTS is sent only there).
#[derive(Clone, Copy, Debug)]
pub struct Mode {
    pub prod: bool,
}

/// The layer's work, for `axum::middleware::map_response_with_state` (lib.rs adds it as the
/// outermost layer). Headers a handler set itself (a page's own policy) are kept.
pub async fn apply<B>(State(mode): State<Mode>, mut response: Response<B>) -> Response<B> {
    let html = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            let v = v.trim_start().to_ascii_lowercase();
            v.starts_with("text/html") || v.starts_with("application/xhtml+xml") || v.starts_with("image/svg+xml")
        });
    let headers = response.headers_mut();
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if !headers.contains_key(REFERRER_POLICY) {
        headers.insert(REFERRER_POLICY, HeaderValue::from_static(REFERRER));
    }
    if mode.prod {
        headers.insert(STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS));
    }
    if html {
        if !headers.contains_key(CONTENT_SECURITY_POLICY) {
            headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
        }
        headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    response
}

/// `POLICY` with the page's inline scripts allowed by hash.
pub fn page_policy(html: &str) -> String {
    let hashes = inline_script_hashes(html);
    if hashes.is_empty() {
        return POLICY.to_string();
    }
    let sources: Vec<String> = hashes.iter().map(|hash| format!("'{hash}'")).collect();
    POLICY.replacen("script-src 'self'", &format!("script-src 'self' {}", sources.join(" ")), 1)
}

/// `sha256-…` of every inline script the browser would run in `html`: `<script>` elements without
/// `src` whose type is JavaScript (none, a JavaScript MIME type or `module`). Data blocks
/// (`application/json`, `application/ld+json`) are not run and need no hash.
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = html;
    while let Some(start) = find_ignore_case(rest, "<script") {
        let after = &rest[start + "<script".len()..];
        // `<scripts>` or `<script-x>` is another element
        if !after.starts_with(|c: char| c == '>' || c.is_ascii_whitespace() || c == '/') {
            rest = after;
            continue;
        }
        let Some(tag_end) = after.find('>') else { break };
        let attributes = &after[..tag_end];
        let body = &after[tag_end + 1..];
        let Some(close) = find_ignore_case(body, "</script") else { break };
        let content = &body[..close];
        if runs(attributes) && !content.is_empty() {
            let digest = Sha256::digest(content.as_bytes());
            hashes.push(format!("sha256-{}", base64::engine::general_purpose::STANDARD.encode(digest)));
        }
        rest = &body[close..];
    }
    hashes.dedup();
    hashes
}

fn find_ignore_case(haystack: &str, needle: &str) -> Option<usize> {
    haystack.as_bytes().windows(needle.len()).position(|window| window.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Whether a `<script>` with these attributes is run inline: no `src`, a JavaScript type.
fn runs(attributes: &str) -> bool {
    let lower = attributes.to_ascii_lowercase();
    let names: Vec<&str> = lower.split(|c: char| c.is_ascii_whitespace()).map(|a| a.split('=').next().unwrap_or("")).collect();
    if names.contains(&"src") {
        return false;
    }
    let Some(at) = lower.find("type=") else { return true };
    let value = lower[at + 5..].trim_start_matches(['"', '\'']);
    let value = value.split(['"', '\'', ' ', '>']).next().unwrap_or("").trim();
    value.is_empty()
        || value == "module"
        || value == "text/javascript"
        || value == "application/javascript"
        || value == "text/ecmascript"
        || value == "application/ecmascript"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(text: &str) -> String {
        format!("sha256-{}", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes())))
    }

    #[test]
    fn only_inline_scripts_that_run_are_hashed() {
        let html = "<head><script type=\"module\" crossorigin src=\"/assets/a.js\"></script>\
            <script type=\"application/ld+json\">{\"a\":1}</script>\
            <script id=\"vakants-initial-data\" type=\"application/json\">[]</script>\
            <script>start()</script><SCRIPT type=\"module\">go()</SCRIPT></head>";
        assert_eq!(inline_script_hashes(html), vec![hash("start()"), hash("go()")]);
    }

    #[test]
    fn a_page_policy_names_its_scripts_and_keeps_the_rest() {
        let policy = page_policy("<script>start()</script>");
        assert!(policy.contains(&format!("script-src 'self' '{}';", hash("start()"))), "{policy}");
        assert!(!policy.split(';').any(|d| d.contains("script-src") && d.contains("unsafe")), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'"));
        assert_eq!(page_policy("<p>no scripts</p>"), POLICY);
    }
}
