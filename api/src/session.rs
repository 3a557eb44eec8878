//! Sessions and anti-forgery for every `/api` request.
//!
//! The session cookie holds an opaque token; `domain::accounts::sessions` keeps its hash. The anti-forgery
//! token is a signed double-submit value: cookie `XSRF-TOKEN` (readable by the web app) and header
//! `X-XSRF-TOKEN` must be equal and carry a valid signature over the session id, or before sign-in
//! over a random pre-session value kept in its own HttpOnly cookie. It is set on any response whose
//! request lacked a valid one, and required on every write and on the GET calls that change state
//! (logout, impersonation). Requests with `Authorization: Bearer` are an API key's
//! (`domain::companies::api_keys`): their cookies are ignored entirely, so they need no anti-forgery
//! token, and they get no cookies back; an unknown or revoked key is 401 whatever else the request
//! carries, and each key has its own rate limit. What a key may call is decided by `area_guard`
//! (lib.rs) from [`crate::api_keys::KeyScope`].

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use domain::accounts::Role;
use domain::platform::crypto;
use domain::platform::locale::Locale;
use domain::accounts::sessions::{IssuedSession, Session};
use domain::companies::api_keys::{self, KeyCaller};

use crate::error::ApiError;
use crate::state::AppState;

pub const SESSION_COOKIE: &str = "vakants_session";
pub const PRE_SESSION_COOKIE: &str = "vakants_pre";
pub const XSRF_COOKIE: &str = "XSRF-TOKEN";
pub const XSRF_HEADER: &str = "x-xsrf-token";

/// What one request knows about its caller.
#[derive(Clone, Debug)]
pub struct RequestContext {
    pub session: Option<Session>,
    pub locale: Locale,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    /// The company's API key the request came with (`Authorization: Bearer`); then `session` is none.
    pub api_key: Option<KeyCaller>,
}

/// The language of a request: its `Accept-Language`, et when it has none.
pub fn request_locale(headers: &axum::http::HeaderMap) -> Locale {
    headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).map(Locale::from_accept_language).unwrap_or_default()
}

/// Put on a response by a handler that signs someone in or out; the middleware writes the cookies.
#[derive(Clone)]
pub enum SessionChange {
    Started { token: String, id: uuid::Uuid, remember_me: bool },
    Ended,
}

impl SessionChange {
    pub fn started(issued: IssuedSession) -> Self {
        SessionChange::Started { token: issued.token, id: issued.id, remember_me: issued.remember_me }
    }
}

fn xsrf_token(secret: &[u8], binding: &str) -> String {
    let nonce = crypto::random_token(16);
    let mac = crypto::keyed_hash(secret, &[b"xsrf", binding.as_bytes(), nonce.as_bytes()]);
    format!("{nonce}.{}", crypto::b64(&mac))
}

fn xsrf_valid(secret: &[u8], binding: &str, token: &str) -> bool {
    let Some((nonce, mac)) = token.split_once('.') else { return false };
    let Some(mac) = crypto::unb64(mac) else { return false };
    let expected = crypto::keyed_hash(secret, &[b"xsrf", binding.as_bytes(), nonce.as_bytes()]);
    crypto::constant_time_eq(&mac, &expected)
}

/// GET calls that change state and so need the anti-forgery header like a write.
fn is_state_changing_get(path: &str) -> bool {
    path == "/api/auth/logout"
        || path == "/api/admin/be-original"
        || path.starts_with("/api/admin/represent/")
        || (path.starts_with("/api/admin/invoice/") && path.ends_with("/forcedPayment"))
}

/// Calls the spec makes POST or PATCH that change nothing a forged request could abuse: the
/// vacancy search reads, and a view count is deduplicated per visitor. A visitor's very first
/// request may be one of them, before any response has handed out the anti-forgery cookie.
///
/// Also the one-click unsubscribe of an alert mail (RFC 8058: a mail client posts to the
/// `List-Unsubscribe` address with no cookies; the token in the path is the authority), and the
/// calls a payment provider makes, which carry their own authority instead of a session:
/// its notification (`/api/payment/notify`, a token signed with the store's secret key) and, in
/// dev mode, the sandbox provider's page (`/api/dev/payment-sandbox/…`, whose forms post back the
/// signed order, as the provider's own site would).
fn is_harmless_write(method: &Method, path: &str) -> bool {
    (*method == Method::POST
        && (path == "/api/open/search"
            || path == "/api/payment/notify"
            || path.starts_with(PAYMENT_SANDBOX)
            || path.starts_with("/api/open/saved-searches/unsubscribe/")
            || path.starts_with("/api/open/saved-searches/unsubscribe-all/")))
        || (*method == Method::PATCH && path == "/api/open/metrics/vacancy")
}

/// Where the dev sandbox payment provider answers (mounted in dev mode only).
const PAYMENT_SANDBOX: &str = "/api/dev/payment-sandbox/";

/// The client's address: the socket peer, or behind `hops` trusted proxies (`TRUST_PROXY`) the
/// `X-Forwarded-For` entry `hops` places from the right, the one our outermost proxy appended.
/// Entries further left were written by the client and are never taken; with fewer entries than
/// hops, or an entry that is no address, the peer is counted (a shared bucket, never the client's
/// choice).
pub fn client_ip(headers: &HeaderMap, peer: Option<SocketAddr>, trust_proxy: bool, hops: usize) -> Option<String> {
    if trust_proxy && hops > 0 {
        let entries: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect();
        if entries.len() >= hops {
            if let Ok(ip) = entries[entries.len() - hops].parse::<std::net::IpAddr>() {
                return Some(ip.to_string());
            }
        }
    }
    peer.map(|p| p.ip().to_string())
}

fn cookie<'a>(name: &'a str, value: String, http_only: bool, secure: bool) -> Cookie<'a> {
    Cookie::build((name, value)).path("/").http_only(http_only).secure(secure).same_site(SameSite::Lax).build()
}

fn append(headers: &mut HeaderMap, cookie: Cookie<'_>) {
    if let Ok(value) = HeaderValue::from_str(&cookie.to_string()) {
        headers.append(header::SET_COOKIE, value);
    }
}

fn removal(name: &str, secure: bool) -> Cookie<'_> {
    let mut c = cookie(name, String::new(), true, secure);
    c.make_removal();
    c
}

pub async fn middleware(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let secret = state.secret().to_vec();
    let secure = !state.config.is_dev();
    let jar = CookieJar::from_headers(request.headers());
    let bearer = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, credentials)| credentials);
    let api_key = match bearer {
        Some(secret) => match key_caller(&state, secret.trim()).await {
            Ok(caller) => Some(caller),
            Err(err) => return ApiError(err).into_response(),
        },
        None => None,
    };
    let bearer = api_key.is_some();

    let session_cookie = jar.get(SESSION_COOKIE).map(|c| c.value().to_string()).filter(|_| !bearer);
    let session = match &session_cookie {
        Some(token) => match domain::accounts::sessions::find_active(&state.pool, token).await {
            Ok(found) => found,
            Err(err) => return ApiError(err).into_response(),
        },
        None => None,
    };
    let (binding, new_pre_session) = match (&session, jar.get(PRE_SESSION_COOKIE)) {
        (Some(s), _) => (format!("s:{}", s.id), None),
        (None, Some(pre)) if pre.value().len() >= 32 => (format!("p:{}", pre.value()), None),
        (None, _) => {
            let pre = crypto::random_token(32);
            (format!("p:{pre}"), Some(pre))
        }
    };
    let xsrf_ok = jar.get(XSRF_COOKIE).is_some_and(|c| xsrf_valid(&secret, &binding, c.value()));

    let needs_xsrf = (!matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        && !is_harmless_write(request.method(), request.uri().path()))
        || is_state_changing_get(request.uri().path());
    if needs_xsrf && !bearer {
        let header_token = request.headers().get(XSRF_HEADER).and_then(|v| v.to_str().ok());
        let cookie_token = jar.get(XSRF_COOKIE).map(|c| c.value());
        if !(xsrf_ok && header_token.is_some() && header_token == cookie_token) {
            let mut response = ApiError(domain::Error::forbidden()).into_response();
            let headers = response.headers_mut();
            if let Some(pre) = new_pre_session {
                append(headers, cookie(PRE_SESSION_COOKIE, pre, true, secure));
            }
            append(headers, cookie(XSRF_COOKIE, xsrf_token(&secret, &binding), false, secure));
            return response;
        }
    }

    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
    let context = RequestContext {
        locale: request_locale(request.headers()),
        ip: client_ip(request.headers(), peer, state.config.trust_proxy, state.config.trust_proxy_hops),
        user_agent: request.headers().get(header::USER_AGENT).and_then(|v| v.to_str().ok()).map(str::to_string),
        session,
        api_key,
    };
    let stale_session_cookie = session_cookie.is_some() && context.session.is_none();
    // every write made while an administrator acts as someone else is audited, before it runs
    let (method, path) = (request.method().clone(), request.uri().path().to_string());
    let impersonated_write = match begin_impersonated_write(&state, &method, &path, &context).await {
        Ok(audit_id) => audit_id,
        Err(err) => return ApiError(err).into_response(),
    };
    request.extensions_mut().insert(context);

    let mut response = next.run(request).await;
    if let Some(audit_id) = impersonated_write {
        finish_impersonated_write(&state, audit_id, response.status()).await;
    }
    if bearer {
        // an integration keeps no cookies: hand out none
        response.extensions_mut().remove::<SessionChange>();
        return response;
    }
    let change = response.extensions_mut().remove::<SessionChange>();
    let headers = response.headers_mut();
    match change {
        Some(SessionChange::Started { token, id, remember_me }) => {
            let mut session = cookie(SESSION_COOKIE, token, true, secure);
            if remember_me {
                session.set_max_age(time_from_chrono(domain::accounts::sessions::REMEMBER_ME_LIFETIME));
            }
            append(headers, session);
            append(headers, removal(PRE_SESSION_COOKIE, secure));
            append(headers, cookie(XSRF_COOKIE, xsrf_token(&secret, &format!("s:{id}")), false, secure));
        }
        Some(SessionChange::Ended) => {
            let pre = crypto::random_token(32);
            append(headers, removal(SESSION_COOKIE, secure));
            append(headers, cookie(XSRF_COOKIE, xsrf_token(&secret, &format!("p:{pre}")), false, secure));
            append(headers, cookie(PRE_SESSION_COOKIE, pre, true, secure));
        }
        None => {
            if stale_session_cookie {
                append(headers, removal(SESSION_COOKIE, secure));
            }
            if let Some(pre) = new_pre_session {
                append(headers, cookie(PRE_SESSION_COOKIE, pre, true, secure));
            }
            if !xsrf_ok {
                append(headers, cookie(XSRF_COOKIE, xsrf_token(&secret, &binding), false, secure));
            }
        }
    }
    response
}

/// The company an `Authorization: Bearer` key lets in, counted against the key's own rate limit:
/// 401 for anything that is not a live key, 429 past the limit.
async fn key_caller(state: &AppState, secret: &str) -> domain::Result<KeyCaller> {
    let caller = api_keys::authenticate(&state.pool, secret).await?.ok_or_else(domain::Error::unauthorized)?;
    state.limiter.hit("api-key", &caller.key_id.to_string(), state.limits.api_key_requests).await?;
    Ok(caller)
}

fn time_from_chrono(duration: chrono::Duration) -> time::Duration {
    time::Duration::seconds(duration.num_seconds())
}

/// The caller's context; present on every `/api` request.
pub struct Ctx(pub RequestContext);

impl<S: Send + Sync> FromRequestParts<S> for Ctx {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<RequestContext>()
            .cloned()
            .map(Ctx)
            .ok_or_else(|| ApiError(anyhow::anyhow!("session middleware not installed").into()))
    }
}

/// A signed-in caller; 401 otherwise.
pub struct SignedIn {
    pub session: Session,
    pub context: RequestContext,
}

impl<S: Send + Sync> FromRequestParts<S> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Ctx(context) = Ctx::from_request_parts(parts, state).await?;
        let session = context.session.clone().ok_or_else(|| ApiError(domain::Error::unauthorized()))?;
        Ok(SignedIn { session, context })
    }
}

/// Route layer of an area: 401 when not signed in, 403 without one of `roles`.
pub async fn require_any_role(roles: &'static [Role], request: Request, next: Next) -> Response {
    let session = request.extensions().get::<RequestContext>().and_then(|c| c.session.as_ref());
    match session {
        None => ApiError(domain::Error::unauthorized()).into_response(),
        Some(s) if !roles.is_empty() && !roles.iter().any(|r| s.has_role(*r)) => {
            ApiError(domain::Error::forbidden()).into_response()
        }
        Some(_) => next.run(request).await,
    }
}

/// Records `impersonation.write` (who, as whom, method, path) for a POST/PUT/PATCH/DELETE made
/// while acting as another user — before the handler runs, so no such write goes unrecorded (the
/// request fails if the record cannot be written). The two harmless writes (the vacancy search, a
/// view count) are not recorded. Returns the audit row, whose status `finish_impersonated_write` fills in.
async fn begin_impersonated_write(state: &AppState, method: &Method, path: &str, context: &RequestContext) -> domain::Result<Option<i64>> {
    let Some(session) = &context.session else { return Ok(None) };
    let Some(original) = session.original_user_id else { return Ok(None) };
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) || is_harmless_write(method, path) {
        return Ok(None);
    }
    let id: i64 = sqlx::query_scalar(
        "insert into audit_log (actor_user_id, action, target_user_id, target_company_id, details, ip)
         values ($1, 'impersonation.write', $2, $3, $4, $5::inet) returning id",
    )
    .bind(original)
    .bind(session.user_id)
    .bind(session.company_id)
    .bind(serde_json::json!({ "method": method.as_str(), "path": path }))
    .bind(context.ip.as_deref())
    .fetch_one(&state.pool)
    .await?;
    Ok(Some(id))
}

async fn finish_impersonated_write(state: &AppState, audit_id: i64, status: axum::http::StatusCode) {
    let done = sqlx::query("update audit_log set details = details || jsonb_build_object('status', $2::int) where id = $1")
        .bind(audit_id)
        .bind(i32::from(status.as_u16()))
        .execute(&state.pool)
        .await;
    if let Err(err) = done {
        tracing::error!(audit_id, error = %err, "could not record the status of an impersonated write");
    }
}

/// The company the signed-in employer acts for, re-checked against `company_staff` on every
/// request: the session only remembers a choice, and the user may have left the company since.
/// 401 when not signed in, 403 when the session acts for no company or the user is no longer its
/// staff (or the company is deleted).
pub struct ActingCompany {
    pub company_id: uuid::Uuid,
    pub signed_in: SignedIn,
}

impl FromRequestParts<AppState> for ActingCompany {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let signed_in = SignedIn::from_request_parts(parts, state).await?;
        let company_id = acting_company_of(state, &signed_in).await?.ok_or_else(|| ApiError(domain::Error::forbidden()))?;
        Ok(ActingCompany { company_id, signed_in })
    }
}

/// Who acts for a company on the calls an API key may make (`crate::api_keys::KEY_OPERATIONS`):
/// a signed-in employer by [`ActingCompany`]'s rules, or a key of the company, which acts with the
/// rights of the company's supervisor. `user_id` is the person the domain records and checks.
pub struct CompanyCaller {
    pub company_id: uuid::Uuid,
    pub user_id: uuid::Uuid,
    pub context: RequestContext,
}

impl FromRequestParts<AppState> for CompanyCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Ctx(context) = Ctx::from_request_parts(parts, state).await?;
        if let Some(key) = context.api_key {
            return Ok(CompanyCaller { company_id: key.company_id, user_id: key.acting_user_id, context });
        }
        let ActingCompany { company_id, signed_in } = ActingCompany::from_request_parts(parts, state).await?;
        Ok(CompanyCaller { company_id, user_id: signed_in.session.user_id, context })
    }
}

/// The session's company when the user is an EMPLOYER still on its staff; None otherwise.
pub async fn acting_company_of(state: &AppState, signed_in: &SignedIn) -> domain::Result<Option<uuid::Uuid>> {
    let session = &signed_in.session;
    let Some(company_id) = session.company_id.filter(|_| session.has_role(Role::Employer)) else { return Ok(None) };
    Ok(domain::companies::is_staff(&state.pool, session.user_id, company_id).await?.then_some(company_id))
}

/// Whose invoices the signed-in user reads, pays and downloads: the company they act for (while
/// still its staff), else themselves.
pub async fn invoice_owner(state: &AppState, signed_in: &SignedIn) -> domain::Result<domain::billing::invoices::Owner> {
    Ok(domain::billing::invoices::Owner::acting(signed_in.session.user_id, acting_company_of(state, signed_in).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_anti_forgery_token_is_bound_to_its_session() {
        let token = xsrf_token(b"k", "s:one");
        assert!(xsrf_valid(b"k", "s:one", &token));
        assert!(!xsrf_valid(b"k", "s:two", &token));
        assert!(!xsrf_valid(b"other", "s:one", &token));
        assert!(!xsrf_valid(b"k", "s:one", "garbage"));
    }

    #[test]
    fn the_client_address_is_the_trusted_hop_from_the_right() {
        let peer: Option<SocketAddr> = Some("10.0.0.9:5000".parse().unwrap());
        let headers = |value: &str| {
            let mut map = HeaderMap::new();
            map.insert("x-forwarded-for", HeaderValue::from_str(value).unwrap());
            map
        };
        let forwarded = headers("1.1.1.1, 203.0.113.7");
        assert_eq!(client_ip(&forwarded, peer, true, 1).as_deref(), Some("203.0.113.7"));
        assert_eq!(client_ip(&forwarded, peer, true, 2).as_deref(), Some("1.1.1.1"));
        assert_eq!(client_ip(&forwarded, peer, false, 1).as_deref(), Some("10.0.0.9"), "untrusted: the peer");
        assert_eq!(client_ip(&headers("203.0.113.7"), peer, true, 2).as_deref(), Some("10.0.0.9"), "fewer entries than hops");
        assert_eq!(client_ip(&headers("1.1.1.1, nonsense"), peer, true, 1).as_deref(), Some("10.0.0.9"));
        let mut two_lines = headers("6.6.6.6");
        two_lines.append("x-forwarded-for", HeaderValue::from_static("198.51.100.4"));
        assert_eq!(client_ip(&two_lines, peer, true, 1).as_deref(), Some("198.51.100.4"), "header lines count in order");
    }
}
