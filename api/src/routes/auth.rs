//! Passwordless sign-in: e-mail, then the one-time code or the link of the mail, session.

use axum::Extension;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use domain::accounts::{self, Consents, Me, UserRecord};
use domain::platform::error::{Error, ErrorCode};
use domain::accounts::{otp, sessions};
use domain::platform::mail;
use domain::companies;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{Ctx, RequestContext, SessionChange, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(register))
        .routes(routes!(verify_otp))
        .routes(routes!(sign_in_by_link))
        .routes(routes!(logout))
        .routes(routes!(act_as_company))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    pub email: String,
    #[serde(default)]
    pub terms_of_use: bool,
    #[serde(default)]
    pub data_processing: bool,
    #[serde(default)]
    pub use_of_cookies: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyRequest {
    pub email: String,
    pub code: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkRequest {
    /// The `link` parameter of the sign-in mail's link.
    pub token: String,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VerifyParams {
    /// Keep the session for 30 days instead of until the browser closes (or 12 hours idle).
    #[serde(rename = "remember-me", default)]
    #[param(rename = "remember-me")]
    pub remember_me: bool,
}

/// The HttpOnly cookie that binds the links of sign-in mails to the browser that asked for them: a
/// random nonce whose keyed hash is kept with each link (`domain::accounts::otp`).
pub const SIGN_IN_COOKIE: &str = "vakants_sign_in";
/// Says what the sign-in mail just sent carries: `code` (a code and a link) or `link` (the link
/// alone: the account's daily count of wrong codes is spent, so codes cannot be typed).
pub const SIGN_IN_METHOD_HEADER: &str = "x-sign-in-method";

/// The asking browser's nonce cookie; an API key's request has none (its cookies are ignored).
fn browser_nonce(context: &RequestContext, jar: &CookieJar) -> Option<String> {
    jar.get(SIGN_IN_COOKIE).map(|c| c.value().to_string()).filter(|_| context.api_key.is_none())
}

/// Sends the sign-in mail and answers `true` with the browser's nonce cookie (the one it holds
/// already, so its earlier links keep working, or a new one) and the sign-in method header.
async fn send_sign_in_mail(state: &AppState, user: &UserRecord, context: &RequestContext, jar: &CookieJar) -> ApiResult<Response> {
    let nonce = browser_nonce(context, jar).filter(|n| otp::is_browser_nonce(n)).unwrap_or_else(otp::new_browser_nonce);
    let limits = state.limits.codes_per_account;
    let issued = otp::issue(&state.pool, state.secret(), user.id, context.ip.as_deref(), limits, &nonce).await?;
    let link = mail::sign_in_link(&state.config.public_url, context.locale, &issued.link_token);
    state.mailer.send(mail::sign_in(context.locale, &user.username, issued.code.as_deref(), &link)).await?;
    let cookie = Cookie::build((SIGN_IN_COOKIE, nonce))
        .path("/api/auth")
        .http_only(true)
        .secure(!state.config.is_dev())
        .same_site(SameSite::Lax)
        .max_age(time::Duration::seconds(otp::LINK_LIFETIME.num_seconds()))
        .build();
    let method = if issued.code.is_some() { "code" } else { "link" };
    let mut response = Json(true).into_response();
    let headers = response.headers_mut();
    // an API key's request gets no cookies (session.rs): its links then work in no browser
    if context.api_key.is_none()
        && let Ok(value) = HeaderValue::from_str(&cookie.to_string())
    {
        headers.append(header::SET_COOKIE, value);
    }
    headers.insert(SIGN_IN_METHOD_HEADER, HeaderValue::from_static(method));
    Ok(response)
}

async fn limit_sending(state: &AppState, context: &RequestContext) -> ApiResult<()> {
    let ip = context.ip.as_deref().unwrap_or("unknown");
    state.limiter.hit("send-code", ip, state.limits.send_code_per_ip).await?;
    Ok(())
}

/// Handles `POST /api/auth/login`: sends the sign-in mail (a code and a link, or the link alone)
/// to a known e-mail whose account has given its consents.
#[utoipa::path(post, path = "/login", tag = "auth", request_body = LoginRequest,
    responses(
        (status = 200, body = bool, content_type = "application/json",
            description = "true when the sign-in mail was sent; false when the e-mail is unknown, or its account (made when a company added the person to its staff) has not given the consents yet: register next. With true come the `vakants_sign_in` cookie (HttpOnly; the mail's link works only in the browser holding it) and the `X-Sign-In-Method` header",
            headers(("X-Sign-In-Method" = String, description = "`code`: the mail carries a code and a link; `link`: the link alone, as too many wrong codes were tried for the account today (sign_in_codes_spent)"))),
        (status = 400, body = ErrorBody), (status = 429, body = ErrorBody, description = "resend within a minute from this address, or too many requests; see Retry-After")))]
async fn login(State(state): State<AppState>, Ctx(context): Ctx, jar: CookieJar, Json(body): Json<LoginRequest>) -> ApiResult<Response> {
    limit_sending(&state, &context).await?;
    let username = accounts::normalize_email(&body.email)?;
    let Some(user) = accounts::find_by_username(&state.pool, &username).await? else {
        return Ok(Json(false).into_response());
    };
    if !accounts::has_consents(&state.pool, user.id).await? {
        return Ok(Json(false).into_response());
    }
    send_sign_in_mail(&state, &user, &context, &jar).await
}

/// Handles `POST /api/auth/register`: creates the account (role USER), or records the consents of
/// an account a company made for its staff, and sends the sign-in mail as login does.
#[utoipa::path(post, path = "/register", tag = "auth", request_body = RegisterRequest,
    responses(
        (status = 200, body = bool, content_type = "application/json", description = "the account exists and the sign-in mail was sent, with the cookie and header of login",
            headers(("X-Sign-In-Method" = String, description = "`code` or `link`, as for login"))),
        (status = 400, body = ErrorBody, description = "a consent is missing (consent_required) or the e-mail is not valid"),
        (status = 429, body = ErrorBody)))]
async fn register(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    jar: CookieJar,
    Json(body): Json<RegisterRequest>,
) -> ApiResult<Response> {
    limit_sending(&state, &context).await?;
    let consents = Consents {
        terms_of_use: body.terms_of_use,
        data_processing: body.data_processing,
        use_of_cookies: body.use_of_cookies,
    };
    let user = accounts::register(&state.pool, &body.email, context.locale, consents).await?;
    send_sign_in_mail(&state, &user, &context, &jar).await
}

/// Handles `POST /api/auth/verify-otp`: checks the code and starts a new session.
#[utoipa::path(post, path = "/verify-otp", tag = "auth", params(VerifyParams), request_body = VerifyRequest,
    responses(
        (status = 200, body = Me, description = "signed in; the session and anti-forgery cookies are set"),
        (status = 400, body = ErrorBody, description = "invalid_verification_code or verification_code_expired; sign_in_codes_spent: 100 wrong codes were tried on the account within 24 hours, so no code can be typed — sign in with the link of the mail"),
        (status = 429, body = ErrorBody, description = "too_many_requests, see Retry-After: five wrong codes in a row from this address lock this address for the account for 10 minutes")))]
async fn verify_otp(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    Query(params): Query<VerifyParams>,
    Json(body): Json<VerifyRequest>,
) -> ApiResult<(Extension<SessionChange>, Json<Me>)> {
    let ip = context.ip.as_deref().unwrap_or("unknown");
    state.limiter.hit("verify", ip, state.limits.verify_per_ip).await?;
    let username = accounts::normalize_email(&body.email)?;
    let user = accounts::find_by_username(&state.pool, &username)
        .await?
        .ok_or(Error::code(ErrorCode::InvalidVerificationCode))?;
    otp::verify(&state.pool, state.secret(), user.id, &body.code, context.ip.as_deref()).await?;
    start_session(&state, &context, user.id, params.remember_me).await
}

/// Handles `POST /api/auth/link`: signs in with the link of a sign-in mail, in the browser that
/// asked for the mail (its `vakants_sign_in` cookie).
#[utoipa::path(post, path = "/link", tag = "auth", params(VerifyParams), request_body = LinkRequest,
    responses(
        (status = 200, body = Me, description = "signed in; the link is spent; the session and anti-forgery cookies are set"),
        (status = 400, body = ErrorBody, description = "invalid_sign_in_link (unknown, used or expired), or sign_in_link_other_browser (a live link followed without the cookie of the browser that asked; it stays usable there); field `token`"),
        (status = 429, body = ErrorBody, description = "too_many_requests from this address (shared with verify-otp), see Retry-After")))]
async fn sign_in_by_link(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    jar: CookieJar,
    Query(params): Query<VerifyParams>,
    Json(body): Json<LinkRequest>,
) -> ApiResult<(Extension<SessionChange>, Json<Me>)> {
    let ip = context.ip.as_deref().unwrap_or("unknown");
    state.limiter.hit("verify", ip, state.limits.verify_per_ip).await?;
    let nonce = browser_nonce(&context, &jar);
    let user_id = otp::sign_in_by_link(&state.pool, state.secret(), &body.token, nonce.as_deref(), context.ip.as_deref()).await?;
    start_session(&state, &context, user_id, params.remember_me).await
}

/// A new session for the user who just proved the mailbox, in place of the request's own.
async fn start_session(
    state: &AppState,
    context: &RequestContext,
    user_id: uuid::Uuid,
    remember_me: bool,
) -> ApiResult<(Extension<SessionChange>, Json<Me>)> {
    let company_id = companies::default_company(&state.pool, user_id).await?;
    let mut tx = state.pool.begin().await?;
    if let Some(previous) = &context.session {
        sessions::revoke(&mut *tx, previous.id).await?;
    }
    let issued = sessions::create(
        &mut *tx,
        sessions::NewSession {
            user_id,
            original_user_id: None,
            original_session_remember: None,
            company_id,
            remember_me,
            ip: context.ip.as_deref(),
            user_agent: context.user_agent.as_deref(),
        },
    )
    .await?;
    tx.commit().await?;
    let me = accounts::load_me(&state.pool, user_id, None, company_id).await?;
    Ok((Extension(SessionChange::started(issued)), Json(me)))
}

/// Handles `GET /api/auth/logout`: ends the session (needs the anti-forgery header, as it changes state).
#[utoipa::path(get, path = "/logout", tag = "auth",
    responses((status = 204, description = "signed out; the session cookie is removed"), (status = 403, body = ErrorBody)))]
async fn logout(State(state): State<AppState>, Ctx(context): Ctx) -> ApiResult<(Extension<SessionChange>, StatusCode)> {
    if let Some(session) = &context.session {
        sessions::revoke(&state.pool, session.id).await?;
    }
    Ok((Extension(SessionChange::Ended), StatusCode::NO_CONTENT))
}

/// Handles `POST /api/auth/{countryCode}/{registryCode}`: act for another company the user works for.
#[utoipa::path(post, path = "/{countryCode}/{registryCode}", tag = "auth",
    params(("countryCode" = String, Path, example = "EE"), ("registryCode" = String, Path)),
    responses((status = 200, body = Me), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn act_as_company(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
) -> ApiResult<Json<Me>> {
    let session = &signed_in.session;
    let company_id = companies::staff_company(&state.pool, session.user_id, &country_code, &registry_code)
        .await?
        .ok_or_else(Error::not_found)?;
    sessions::set_company(&state.pool, session.id, company_id).await?;
    let me = accounts::load_me(&state.pool, session.user_id, session.original_user_id, Some(company_id)).await?;
    Ok(Json(me))
}
