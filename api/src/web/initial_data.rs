//! The API answers a public page's first screen needs, put into the page itself. A visitor's
//! browser would otherwise ask for them only after the app's scripts ran: one more round trip (two
//! on a vacancy page) before anything is shown. The answers come from the API itself, called in
//! the process exactly as the page will call it, and the web app uses an answer only when its own
//! request is the same (method, path, query, body, language) and the page is fresh; anything else
//! goes to the server as usual. Only for visitors without a session: a signed-in user's answers
//! may be personal, and their pages stay as they were.

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use domain::Locale;
use serde_json::{Map, Value, json};
use tower::ServiceExt;
use uuid::Uuid;

use crate::session::SESSION_COOKIE;

/// Spec 1 section 2: the search page's parameters.
const LIST_KEYS: [&str; 6] = ["categoryCode", "cityCode", "typeOfEmployment", "workExperience", "languageCode", "businessName"];
const FLAG_KEYS: [&str; 9] = ["shiftWork", "salaryByAgreement", "salaryStated", "forStudents", "forUnderage", "forRetired", "forDisabled", "forForeigners", "remoteWork"];
/// The search page's page size (`VacancySearch`'s default).
const SEARCH_PAGE_SIZE: u32 = 20;
/// Largest answer put into a page; a bigger one is left for the browser to ask for.
const MAX_ANSWER_BYTES: usize = 256 * 1024;

/// One API call of a page and its answer.
struct Call {
    method: Method,
    /// Path and query, as the web app's client writes them.
    url: String,
    body: Option<Value>,
}

/// What the page embeds: the `<script>` with the answers and `<link>` preloads for images the
/// first screen shows (a branded vacancy's cover).
#[derive(Default)]
pub struct InitialData {
    pub script: String,
    pub links: String,
    /// The search page's filter and answer, when in.
    pub search: Option<(Value, Value)>,
    /// A vacancy page's vacancy and branding, when in.
    pub vacancy: Option<Value>,
    pub branding: Option<Value>,
}

pub fn is_guest(headers: &HeaderMap) -> bool {
    !headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .any(|pair| pair.trim().split_once('=').is_some_and(|(name, value)| name == SESSION_COOKIE && !value.is_empty()))
}

/// A number the way the web app reads one from the address: finite and not negative.
fn read_number(value: &str) -> Option<f64> {
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    value.parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0)
}

/// The search page's address as the web app reads it (`parseSearchParams` in
/// web/src/shared/vacancies/search-state.ts): the filter body and the zero-based page.
pub fn search_of_query(query: &str) -> (Map<String, Value>, u32) {
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let first = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let mut filter = Map::new();
    if let Some(occupation) = first("occupation").map(str::trim).filter(|v| !v.is_empty()) {
        filter.insert("occupation".into(), json!(occupation));
    }
    for key in LIST_KEYS {
        let mut codes: Vec<String> = Vec::new();
        for (_, value) in pairs.iter().filter(|(k, _)| k == key) {
            let parts: Vec<&str> = if key == "businessName" { vec![value.as_str()] } else { value.split(',').collect() };
            for code in parts.into_iter().map(str::trim).filter(|c| !c.is_empty()) {
                if !codes.iter().any(|c| c == code) {
                    codes.push(code.to_string());
                }
            }
        }
        if !codes.is_empty() {
            filter.insert(key.into(), json!(codes));
        }
    }
    for key in ["salaryFrom", "salaryTo"] {
        if let Some(number) = first(key).and_then(read_number) {
            filter.insert(key.into(), json!(number));
        }
    }
    if let Some(period) = first("salaryPeriod").map(str::trim).filter(|v| !v.is_empty()) {
        filter.insert("salaryPeriod".into(), json!(period));
    }
    for key in FLAG_KEYS {
        if first(key).is_some_and(|v| v != "false") {
            filter.insert(key.into(), json!(true));
        }
    }
    let page = first("page").and_then(read_number).filter(|n| n.fract() == 0.0 && *n > 0.0 && *n <= u32::MAX as f64).map(|n| n as u32).unwrap_or(0);
    (filter, page)
}

/// Calls the API in the process; the answer's JSON when it is a 200 of a sensible size.
async fn answer(api: &Router, locale: Locale, call: &Call) -> Option<Value> {
    let mut request = Request::builder().method(call.method.clone()).uri(&call.url).header(header::ACCEPT_LANGUAGE, locale.code());
    let body = match &call.body {
        Some(body) => {
            request = request.header(header::CONTENT_TYPE, "application/json");
            Body::from(body.to_string())
        }
        None => Body::empty(),
    };
    let response = api.clone().oneshot(request.body(body).ok()?).await.ok()?;
    if response.status() != StatusCode::OK {
        return None;
    }
    let bytes = axum::body::to_bytes(response.into_body(), MAX_ANSWER_BYTES).await.ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// The calls and answers for a page below `/{lang}` (`rest`, no slashes at the ends) with its query.
pub async fn for_page(api: &Router, locale: Locale, rest: &str, query: &str) -> InitialData {
    let segments: Vec<&str> = rest.split('/').collect();
    let mut entries = Vec::new();
    let mut out = InitialData::default();
    match segments.as_slice() {
        ["vacancies"] => {
            let (filter, page) = search_of_query(query);
            let call = Call { method: Method::POST, url: format!("/api/open/search?page={page}&size={SEARCH_PAGE_SIZE}"), body: Some(Value::Object(filter)) };
            if let Some(data) = answer(api, locale, &call).await {
                // the first card's cover is on the first screen
                if let Some(cover) = data.pointer("/content/0/cover/url").and_then(Value::as_str) {
                    out.links.push_str(&format!("\n    <link rel=\"preload\" as=\"image\" href=\"{}\" />", super::escape(cover)));
                }
                out.search = Some((call.body.clone().unwrap_or_default(), data.clone()));
                entries.push((call, data));
            }
        }
        ["vacancies", id] if id.parse::<Uuid>().is_ok() => {
            let call = Call { method: Method::GET, url: format!("/api/open/vacancies/{id}"), body: None };
            if let Some(data) = answer(api, locale, &call).await {
                let branded = data.get("isBranded").and_then(Value::as_bool).unwrap_or(false);
                out.vacancy = Some(data.clone());
                entries.push((call, data));
                if branded {
                    let call = Call { method: Method::GET, url: format!("/api/open/vacancies/{id}/vacancy-branding"), body: None };
                    if let Some(data) = answer(api, locale, &call).await {
                        if let Some(cover) = data.pointer("/cover/url").and_then(Value::as_str) {
                            out.links.push_str(&format!("\n    <link rel=\"preload\" as=\"image\" href=\"{}\" />", super::escape(cover)));
                        }
                        out.branding = Some(data.clone());
                        entries.push((call, data));
                    }
                }
            }
        }
        _ => {}
    }
    if entries.is_empty() {
        return out;
    }
    let list: Vec<Value> = entries
        .into_iter()
        .map(|(call, data)| json!({ "method": call.method.as_str(), "url": call.url, "body": call.body, "language": locale.code(), "data": data }))
        .collect();
    let json = super::json_for_html(&Value::Array(list));
    out.script = format!("\n    <script id=\"vakants-initial-data\" type=\"application/json\">{json}</script>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_address_reads_like_the_web_app_reads_it() {
        let (filter, page) = search_of_query(
            "occupation=+kokk+&cityCode=0784,%200296,0784&businessName=A,%20B&businessName=C&salaryFrom=1200&salaryTo=-5&remoteWork=true&forStudents=false&shiftWork&page=2",
        );
        assert_eq!(
            Value::Object(filter),
            json!({
                "occupation": "kokk",
                "cityCode": ["0784", "0296"],
                "businessName": ["A, B", "C"],
                "salaryFrom": 1200.0,
                "remoteWork": true,
                "shiftWork": true,
            })
        );
        assert_eq!(page, 2);
    }

    #[test]
    fn a_page_that_is_not_a_positive_whole_number_is_the_first() {
        for query in ["", "page=0", "page=1.5", "page=-1", "page=abc"] {
            assert_eq!(search_of_query(query).1, 0, "{query}");
        }
    }

    #[test]
    fn only_a_session_cookie_makes_a_visitor_signed_in() {
        let mut headers = HeaderMap::new();
        assert!(is_guest(&headers));
        headers.insert(header::COOKIE, "XSRF-TOKEN=abc; vakants_pre=xyz".parse().unwrap());
        assert!(is_guest(&headers));
        headers.insert(header::COOKIE, "XSRF-TOKEN=abc; vakants_session=s3cr3t".parse().unwrap());
        assert!(!is_guest(&headers));
    }
}
