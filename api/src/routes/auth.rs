//! Passwordless sign-in: e-mail, one-time code, session.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use domain::accounts::{self, Consents, Me, UserRecord};
use domain::platform::error::{Error, ErrorCode};
use domain::accounts::{otp, sessions};
use domain::platform::mail;
use domain::{Locale, companies};
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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VerifyParams {
    /// Keep the session for 30 days instead of until the browser closes (or 12 hours idle).
    #[serde(rename = "remember-me", default)]
    #[param(rename = "remember-me")]
    pub remember_me: bool,
}

async fn send_code(state: &AppState, user: &UserRecord, locale: Locale, ip: Option<&str>) -> ApiResult<()> {
    let code = otp::issue(&state.pool, state.secret(), user.id, ip, state.limits.codes_per_account).await?;
    state.mailer.send(mail::sign_in_code(locale, &user.username, &code)).await?;
    Ok(())
}

async fn limit_sending(state: &AppState, context: &RequestContext) -> ApiResult<()> {
    let ip = context.ip.as_deref().unwrap_or("unknown");
    state.limiter.hit("send-code", ip, state.limits.send_code_per_ip).await?;
    Ok(())
}

/// Handles `POST /api/auth/login`: sends a sign-in code to a known e-mail whose account has given its consents.
#[utoipa::path(post, path = "/login", tag = "auth", request_body = LoginRequest,
    responses(
        (status = 200, body = bool, content_type = "application/json", description = "true when a code was sent; false when the e-mail is unknown, or its account (made when a company added the person to its staff) has not given the consents yet: register next"),
        (status = 400, body = ErrorBody), (status = 429, body = ErrorBody, description = "resend within a minute from this address, or too many requests; see Retry-After")))]
async fn login(State(state): State<AppState>, Ctx(context): Ctx, Json(body): Json<LoginRequest>) -> ApiResult<Json<bool>> {
    limit_sending(&state, &context).await?;
    let username = accounts::normalize_email(&body.email)?;
    let Some(user) = accounts::find_by_username(&state.pool, &username).await? else {
        return Ok(Json(false));
    };
    if !accounts::has_consents(&state.pool, user.id).await? {
        return Ok(Json(false));
    }
    send_code(&state, &user, context.locale, context.ip.as_deref()).await?;
    Ok(Json(true))
}

/// Handles `POST /api/auth/register`: creates the account (role USER), or records the consents of
/// an account a company made for its staff, and sends a sign-in code.
#[utoipa::path(post, path = "/register", tag = "auth", request_body = RegisterRequest,
    responses(
        (status = 200, body = bool, content_type = "application/json", description = "the account exists and a code was sent"),
        (status = 400, body = ErrorBody, description = "a consent is missing (consent_required) or the e-mail is not valid"),
        (status = 429, body = ErrorBody)))]
async fn register(State(state): State<AppState>, Ctx(context): Ctx, Json(body): Json<RegisterRequest>) -> ApiResult<Json<bool>> {
    limit_sending(&state, &context).await?;
    let consents = Consents {
        terms_of_use: body.terms_of_use,
        data_processing: body.data_processing,
        use_of_cookies: body.use_of_cookies,
    };
    let user = accounts::register(&state.pool, &body.email, context.locale, consents).await?;
    send_code(&state, &user, context.locale, context.ip.as_deref()).await?;
    Ok(Json(true))
}

/// Handles `POST /api/auth/verify-otp`: checks the code and starts a new session.
#[utoipa::path(post, path = "/verify-otp", tag = "auth", params(VerifyParams), request_body = VerifyRequest,
    responses(
        (status = 200, body = Me, description = "signed in; the session and anti-forgery cookies are set"),
        (status = 400, body = ErrorBody, description = "invalid_verification_code or verification_code_expired"),
        (status = 429, body = ErrorBody, description = "too_many_requests, see Retry-After: five wrong codes in a row from this address lock this address for the account for 10 minutes; 100 wrong codes on the account within 24 hours lock its sign-in")))]
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

    let company_id = companies::default_company(&state.pool, user.id).await?;
    let mut tx = state.pool.begin().await?;
    if let Some(previous) = &context.session {
        sessions::revoke(&mut *tx, previous.id).await?;
    }
    let issued = sessions::create(
        &mut *tx,
        sessions::NewSession {
            user_id: user.id,
            original_user_id: None,
            original_session_remember: None,
            company_id,
            remember_me: params.remember_me,
            ip: context.ip.as_deref(),
            user_agent: context.user_agent.as_deref(),
        },
    )
    .await?;
    tx.commit().await?;
    let me = accounts::load_me(&state.pool, user.id, None, company_id).await?;
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
