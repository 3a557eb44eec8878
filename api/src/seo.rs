//! What search engines read besides the pages: `/robots.txt` and the sitemaps. `/sitemap.xml` is
//! an index of chunked sitemaps (at most 10 000 vacancies, i.e. 30 000 URLs, per file, under the
//! 50 000 limit), each URL listed per language with its hreflang alternates and last change.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use chrono::{DateTime, Utc};
use domain::Locale;
use domain::vacancies::ACTIVE_SQL;

use crate::error::ApiError;
use crate::state::AppState;

const CHUNK: i64 = 10_000;
/// Public pages without parameters, after the language segment.
const STATIC_PAGES: [&str; 10] = [
    "",
    "vacancies",
    "categories",
    "companies/EE",
    "about-us",
    "contacts",
    "prices-and-services",
    "partnership-tootukassa",
    "faq-employers",
    "faq-applicants",
];

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap_index))
        .route("/sitemaps/{name}", get(sitemap))
}

/// The public origin of every absolute link (canonical links, sitemaps, JSON-LD, mails):
/// `PUBLIC_URL`, never the request's `Host` header, which the client writes.
pub fn origin(state: &AppState) -> String {
    state.config.public_url.clone()
}

fn xml(body: String) -> Response {
    ([(header::CONTENT_TYPE, "application/xml; charset=utf-8"), (header::CACHE_CONTROL, "public, max-age=3600")], body).into_response()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Handles `GET /robots.txt`.
async fn robots(State(state): State<AppState>) -> Response {
    let origin = origin(&state);
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /*/account/\nDisallow: /*/employer/\nDisallow: /*/admin/\n\
         Disallow: /*/login\nDisallow: /*/logout\nDisallow: /*/application/\nDisallow: /*/notifications/\n\nSitemap: {origin}/sitemap.xml\n"
    );
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

async fn count(state: &AppState, sql: &str) -> Result<i64, ApiError> {
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&state.pool).await?)
}

const VACANCY_COUNT_SQL: &str = "select count(*) from vacancies v join companies c on c.id = v.company_id where ";
const COMPANY_FILTER: &str = "exists (select 1 from vacancies v where v.company_id = c.id and ";

/// Handles `GET /sitemap.xml`: the index of the sitemaps.
async fn sitemap_index(State(state): State<AppState>) -> Result<Response, ApiError> {
    let origin = origin(&state);
    let vacancies = count(&state, &format!("{VACANCY_COUNT_SQL}{ACTIVE_SQL}")).await?;
    let companies = count(&state, &format!("select count(*) from companies c where c.deleted_at is null and {COMPANY_FILTER}{ACTIVE_SQL})")).await?;
    let mut names = vec!["pages.xml".to_string()];
    names.extend((0..(vacancies + CHUNK - 1) / CHUNK).map(|n| format!("vacancies-{n}.xml")));
    names.extend((0..(companies + CHUNK - 1) / CHUNK).map(|n| format!("companies-{n}.xml")));
    let mut body = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for name in names {
        body.push_str(&format!("  <sitemap><loc>{}/sitemaps/{name}</loc></sitemap>\n", escape(&origin)));
    }
    body.push_str("</sitemapindex>\n");
    Ok(xml(body))
}

/// One page in every language, each entry naming the others as alternates.
fn url_entries(out: &mut String, origin: &str, path: &str, lastmod: Option<DateTime<Utc>>) {
    let url = |locale: Locale| escape(&format!("{origin}/{}/{path}", locale.code()));
    for locale in Locale::ALL {
        out.push_str(&format!("  <url><loc>{}</loc>", url(locale)));
        if let Some(at) = lastmod {
            out.push_str(&format!("<lastmod>{}</lastmod>", at.format("%Y-%m-%dT%H:%M:%SZ")));
        }
        for alternate in Locale::ALL {
            out.push_str(&format!("<xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>", alternate.code(), url(alternate)));
        }
        out.push_str(&format!("<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\"/></url>\n", url(Locale::Et)));
    }
}

/// Sitemap chunks are numbered 0 to this; anything else is not a sitemap (404).
const MAX_CHUNK: i64 = 100_000;

/// The number of a sitemap chunk: plain decimal digits (no sign, no spaces), at most [`MAX_CHUNK`].
fn chunk_number(text: &str) -> Option<i64> {
    if text.is_empty() || text.len() > 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i64>().ok().filter(|n| *n <= MAX_CHUNK)
}

/// Handles `GET /sitemaps/{name}`: `pages.xml` (fixed pages, categories, places), `vacancies-N.xml`
/// and `companies-N.xml`.
async fn sitemap(State(state): State<AppState>, Path(name): Path<String>) -> Result<Response, ApiError> {
    let origin = origin(&state);
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    let chunk = |prefix: &str| name.strip_prefix(prefix).and_then(|rest| rest.strip_suffix(".xml")).and_then(chunk_number);
    if name == "pages.xml" {
        for page in STATIC_PAGES {
            url_entries(&mut body, &origin, page, None);
        }
        let categories: Vec<String> = sqlx::query_scalar("select code from ref_categories order by sort_order, code").fetch_all(&state.pool).await?;
        for code in categories {
            url_entries(&mut body, &origin, &format!("vacancies?categoryCode={code}"), None);
        }
        // the landing pages of Estonia and of every place with open vacancies
        let counts = crate::routes::locations::counts(&state).await?;
        let places: Vec<String> = sqlx::query_scalar("select code from ref_places order by kind <> 'country', code").fetch_all(&state.pool).await?;
        for code in places.into_iter().filter(|code| code == "EE" || counts.get(code).is_some_and(|n| *n > 0)) {
            url_entries(&mut body, &origin, &format!("locations/{code}"), None);
        }
    } else if let Some(n) = chunk("vacancies-") {
        let sql = format!(
            "select v.id, greatest(v.updated_at, c.updated_at) from vacancies v join companies c on c.id = v.company_id
             where {ACTIVE_SQL} order by v.id limit $1 offset $2"
        );
        let rows: Vec<(uuid::Uuid, DateTime<Utc>)> =
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(CHUNK).bind(n * CHUNK).fetch_all(&state.pool).await?;
        if rows.is_empty() && n > 0 {
            return Ok(StatusCode::NOT_FOUND.into_response());
        }
        for (id, changed) in rows {
            url_entries(&mut body, &origin, &format!("vacancies/{id}"), Some(changed));
        }
    } else if let Some(n) = chunk("companies-") {
        let sql = format!(
            "select c.country_code, c.registry_code, c.updated_at from companies c where c.deleted_at is null and {COMPANY_FILTER}{ACTIVE_SQL})
             order by c.registry_code limit $1 offset $2"
        );
        let rows: Vec<(String, String, DateTime<Utc>)> =
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(CHUNK).bind(n * CHUNK).fetch_all(&state.pool).await?;
        if rows.is_empty() && n > 0 {
            return Ok(StatusCode::NOT_FOUND.into_response());
        }
        for (country, registry, changed) in rows {
            url_entries(&mut body, &origin, &format!("companies/{country}/{registry}"), Some(changed));
        }
    } else {
        return Ok(StatusCode::NOT_FOUND.into_response());
    }
    body.push_str("</urlset>\n");
    Ok(xml(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sitemap_chunks_are_plain_numbers_up_to_the_maximum() {
        assert_eq!(chunk_number("0"), Some(0));
        assert_eq!(chunk_number("100000"), Some(100_000));
        for junk in ["", "-1", "+1", "100001", "99999999999999999999", " 1", "1a", "0x1"] {
            assert_eq!(chunk_number(junk), None, "{junk:?}");
        }
    }
}
