//! The OpenAPI document's frame; every route adds itself through `utoipa_axum::routes!`.

use utoipa::OpenApi;
use utoipa::openapi::path::Operation;
use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Vakants API",
        description = "The job marketplace's HTTP API. Base path `/api`, camelCase JSON.\n\n\
            **Errors** are `{message, code, field?}`: 400 (message of the server, `code` from the error table), \
            401 `Unauthorized`, 403 `Access denied`, 404 `Not found`, 413 `payload_too_large` for a body over \
            its limit (64 KiB for the two searches, 16 KiB for the other `/open` and `/auth` calls, 1 MiB elsewhere; \
            uploads have their own), 429 with `Retry-After`, 503 `Service Unavailable`. Text holding a control \
            character (NUL and the like; tab and line breaks are fine in bodies) is a 400 naming the field.\n\n\
            **Sessions** are an HttpOnly cookie set by `POST /api/auth/verify-otp`. **Anti-forgery**: every \
            POST/PUT/PATCH/DELETE, and the GET calls that change state (`/auth/logout`, `/admin/represent/…`, \
            `/admin/be-original`), must send the `XSRF-TOKEN` cookie's value in the `X-XSRF-TOKEN` header; any \
            response hands out the cookie when it is missing. **Languages**: labels follow `Accept-Language` \
            (et, en, ru; et fallback). Every response carries `x-build-version`.\n\n\
            **Areas**: `/open` everyone, `/user` signed in, `/applicant` APPLICANT, `/employer` EMPLOYER, \
            `/admin` ADMIN or SUPERVISOR. Not signed in: 401; wrong role: 403.\n\n\
            **API keys**: the operations marked with the `bearer` scheme (the employer's vacancy and application \
            calls) also take a company's key, `Authorization: Bearer vk_…`, made by its supervisor on the \
            my-company page: no cookies and no anti-forgery header, 300 calls a minute per key; an unknown or \
            revoked key is 401, any other call of the signed-in areas 403.",
    ),
    components(schemas(crate::error::ErrorBody)),
    tags(
        (name = "auth", description = "Passwordless sign-in"),
        (name = "open", description = "Public calls"),
        (name = "reference", description = "Code lists labelled in the request's language"),
        (name = "search", description = "Vacancy search, categories and the employer autocomplete"),
        (name = "pages", description = "What the public vacancy and company pages load"),
        (name = "user", description = "Any signed-in user: profile, badges, calendar"),
        (name = "alerts", description = "Saved searches and job alerts: a signed-in person's, a visitor's by e-mail, and the links of the alert mails"),
        (name = "applicant", description = "Applicants: favourites, applications and interviews"),
        (name = "employer", description = "Employers"),
        (name = "admin", description = "Administrators and supervisors"),
        (name = "payment", description = "Payment methods and the payment provider's notifications"),
        (name = "dev", description = "Dev mode only"),
    )
)]
pub struct ApiDoc;

/// The API reference at `/api/docs`: Scalar's standalone bundle, copied into the web app's build
/// (`assets/scalar-api-reference-<version>.js`, see web/vite.config.ts) and served from this
/// origin like the app's other files, started by `/api/docs/start.js` on `/api/openapi.json`.
/// Nothing is loaded from elsewhere: the page runs offline, under `DOCS_POLICY`.
pub fn docs_router() -> axum::Router<crate::state::AppState> {
    axum::Router::new().route("/api/docs", axum::routing::get(docs_page)).route("/api/docs/start.js", axum::routing::get(docs_start))
}

/// The bundle's name prefix in the build's `assets` folder.
pub const DOCS_BUNDLE_PREFIX: &str = "scalar-api-reference-";

/// The docs page's Content-Security-Policy: scripts, styles, fonts and calls from this origin only
/// (Scalar's styles are inline, as the app's own are; see security_headers.rs).
pub const DOCS_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Scalar's start, loaded before the bundle: zod (Scalar's validation) is told not to try
/// `Function('')` to see whether it may compile code (the policy forbids eval: the attempt would be
/// reported as a violation, and zod then runs without it anyway), and once the page is parsed
/// Scalar starts on `#app` (an element `#api-reference` would start it a second time, with the
/// defaults) with this server's document, no fonts from Scalar's CDN, no telemetry, no AI agent, no
/// toolbar of Scalar's hosted services (it shows itself on localhost).
const DOCS_START: &str = "globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });\n\
document.addEventListener('DOMContentLoaded', function () {\n\
  Scalar.createApiReference('#app', {\n\
    url: '/api/openapi.json',\n\
    withDefaultFonts: false,\n\
    telemetry: false,\n\
    agent: { disabled: true },\n\
    mcp: { disabled: true },\n\
    showDeveloperTools: 'never',\n\
    showToolbar: 'never',\n\
  });\n\
});\n";

/// The bundle's file name in `dist/assets`, when the web app is built.
async fn docs_bundle(dist: &std::path::Path) -> Option<String> {
    let mut entries = tokio::fs::read_dir(dist.join("assets")).await.ok()?;
    let mut found = None;
    while let Ok(Some(entry)) = entries.next_entry().await {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with(DOCS_BUNDLE_PREFIX) && name.ends_with(".js") && found.as_ref().is_none_or(|f: &String| name > *f) {
            found = Some(name);
        }
    }
    found
}

async fn docs_page(axum::extract::State(state): axum::extract::State<crate::state::AppState>) -> axum::response::Response {
    use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
    use axum::http::{HeaderValue, StatusCode};
    use axum::response::IntoResponse;

    let (status, body) = match docs_bundle(&state.config.web_dist).await {
        Some(bundle) => (
            StatusCode::OK,
            format!(
                "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"utf-8\" />\n    \
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n    <title>Vakants API reference</title>\n    \
<link rel=\"icon\" type=\"image/svg+xml\" href=\"/favicon.svg\" />\n  </head>\n  <body>\n    <div id=\"app\"></div>\n    \
<script src=\"/api/docs/start.js\"></script>\n    <script src=\"/assets/{bundle}\"></script>\n  </body>\n</html>\n"
            ),
        ),
        None => (
            StatusCode::NOT_FOUND,
            "<!doctype html>\n<html lang=\"en\">\n  <head><meta charset=\"utf-8\" /><title>Vakants API reference</title></head>\n  \
<body><p>The API reference is part of the web app's build: run <code>npm run build</code> in web/. \
The OpenAPI document is at <a href=\"/api/openapi.json\">/api/openapi.json</a>.</p></body>\n</html>\n"
                .to_string(),
        ),
    };
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(DOCS_POLICY));
    response
}

async fn docs_start() -> impl axum::response::IntoResponse {
    use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
    ([(CONTENT_TYPE, "text/javascript; charset=utf-8"), (CACHE_CONTROL, "no-cache")], DOCS_START)
}

/// Paths under these prefixes answer 401 to a visitor and 403 to a wrong role (see `AREAS` in lib.rs).
const SIGNED_IN_PREFIXES: [&str; 4] = ["/api/user/", "/api/applicant/", "/api/employer/", "/api/admin/"];
/// The sign-in calls; every other `/api/auth` call needs a session.
const OPEN_AUTH_PATHS: [&str; 3] = ["/api/auth/login", "/api/auth/register", "/api/auth/verify-otp"];

/// Declares on every operation the error answers any call can give, so that the document lists
/// every status the server really answers with (a route declares its own when it says more):
/// 400 (unreadable or invalid input, a control character, a malformed id in the path), 404 when
/// the path carries an id, 413 when there is a body, 429 (rate limits), 401 and 403 behind sign-in,
/// and 403 for the writes (anti-forgery check).
pub fn declare_common_responses(doc: &mut utoipa::openapi::OpenApi) {
    for (path, item) in doc.paths.paths.iter_mut() {
        let signed_in = SIGNED_IN_PREFIXES.iter().any(|p| path.starts_with(p))
            || (path.starts_with("/api/auth/") && !OPEN_AUTH_PATHS.contains(&path.as_str()));
        let has_path_params = path.contains('{');
        let operations = [
            (false, item.get.as_mut()),
            (false, item.head.as_mut()),
            (true, item.post.as_mut()),
            (true, item.put.as_mut()),
            (true, item.patch.as_mut()),
            (true, item.delete.as_mut()),
        ];
        for (write, operation) in operations {
            let Some(operation) = operation else { continue };
            let mut declared: Vec<(&str, &str)> = vec![
                ("400", "The request is not valid: the message (and `field`) say what"),
                ("429", "Too many requests: wait for `Retry-After` seconds"),
            ];
            if has_path_params {
                declared.push(("404", "Not found"));
            }
            if operation.request_body.is_some() {
                declared.push(("413", "payload_too_large: the body is over this call's limit"));
            }
            if signed_in {
                declared.push(("401", "Not signed in"));
            }
            if signed_in || write || path == "/api/auth/logout" {
                declared.push(("403", "Access denied: a role this call needs, or the anti-forgery header is missing"));
            }
            for (status, description) in declared {
                declare(operation, status, description);
            }
        }
    }
}

fn declare(operation: &mut Operation, status: &str, description: &str) {
    operation.responses.responses.entry(status.to_string()).or_insert_with(|| {
        ResponseBuilder::new()
            .description(description)
            .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build())
            .build()
            .into()
    });
}
