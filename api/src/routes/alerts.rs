//! Saved searches and job alerts (issue 33 §1; docs/alerts.md). A signed-in person's searches under
//! `/api/user/saved-searches` (only their own: another's id is "not found"); a visitor's under
//! `/api/open/saved-searches`, by e-mail with a confirmation mail first, then through the token of
//! the mails' links: manage, confirm, and the one-click unsubscribe of RFC 8058, which works without
//! signing in and without the anti-forgery header. The rules are in `domain::alerts::saved`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Redirect;
use domain::Locale;
use domain::alerts::mail::confirmation_mail;
use domain::alerts::saved::{self, NewSavedSearch, Owner, SavedSearch, SavedSearchChange, Unsubscribed};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::session::{Ctx, SignedIn};
use crate::state::AppState;

/// The signed-in person's calls, under `/api/user`.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_saved_searches, create_saved_search))
        .routes(routes!(change_saved_search, delete_saved_search))
        .routes(routes!(open_saved_search))
        .routes(routes!(lookup_saved_search))
}

/// A visitor's calls, under `/api/open`.
pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_visitor_saved_search))
        .routes(routes!(confirm_visitor_saved_search))
        .routes(routes!(visitor_saved_searches))
        .routes(routes!(change_visitor_saved_search, delete_visitor_saved_search))
        .routes(routes!(unsubscribe_saved_search_page, unsubscribe_saved_search))
        .routes(routes!(unsubscribe_all_saved_searches_page, unsubscribe_all_saved_searches))
}

fn owner(signed_in: &SignedIn) -> Owner {
    Owner::User(signed_in.session.user_id)
}

/// Handles `GET /api/user/saved-searches`: the person's saved searches, newest first, each with
/// how many of its vacancies are new since they last opened it.
#[utoipa::path(get, path = "/saved-searches", tag = "alerts",
    responses((status = 200, body = Vec<SavedSearch>), (status = 401, body = ErrorBody)))]
async fn list_saved_searches(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<SavedSearch>>> {
    Ok(Json(saved::list(&state.pool, &owner(&signed_in)).await?))
}

/// Handles `POST /api/user/saved-searches`: saves the current search with a name and a frequency;
/// it mails from now on. 400 names the field: `name`, `query`, a filter's field (the search's own
/// rules), `filter` when the same search is already saved, `savedSearches` past 20.
#[utoipa::path(post, path = "/saved-searches", tag = "alerts", request_body = NewSavedSearch,
    responses((status = 201, body = SavedSearch), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn create_saved_search(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<NewSavedSearch>) -> ApiResult<(StatusCode, Json<SavedSearch>)> {
    let (saved, _) = saved::create(&state.pool, &state.reference, state.secret(), &owner(&signed_in), signed_in.context.locale, body).await?;
    Ok((StatusCode::CREATED, Json(saved)))
}

/// Handles `PATCH /api/user/saved-searches/{id}`: renames, changes the frequency, pauses or
/// resumes; what the body leaves out stays.
#[utoipa::path(patch, path = "/saved-searches/{id}", tag = "alerts", params(("id" = Uuid, Path)), request_body = SavedSearchChange,
    responses((status = 200, body = SavedSearch), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no saved search of that id of the caller's")))]
async fn change_saved_search(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>, Json(body): Json<SavedSearchChange>) -> ApiResult<Json<SavedSearch>> {
    Ok(Json(saved::change(&state.pool, &owner(&signed_in), id, body).await?))
}

/// Handles `DELETE /api/user/saved-searches/{id}`.
#[utoipa::path(delete, path = "/saved-searches/{id}", tag = "alerts", params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "no saved search of that id of the caller's")))]
async fn delete_saved_search(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<StatusCode> {
    saved::delete(&state.pool, &owner(&signed_in), id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `POST /api/user/saved-searches/{id}/open`: the person opens the search from their alerts
/// page; what was new counts as seen.
#[utoipa::path(post, path = "/saved-searches/{id}/open", tag = "alerts", params(("id" = Uuid, Path)),
    responses((status = 200, body = SavedSearch), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn open_saved_search(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<SavedSearch>> {
    Ok(Json(saved::open(&state.pool, &owner(&signed_in), id).await?))
}

/// A filter to look up.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LookupRequest {
    #[schema(value_type = domain::vacancies::filter::SearchFilter)]
    pub filter: Value,
}

/// Whether a search is saved already.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LookupAnswer {
    /// The caller's saved search of the same filter; none when not saved.
    pub saved_search_id: Option<Uuid>,
}

/// Handles `POST /api/user/saved-searches/lookup`: whether the caller already saved this search
/// (the same filter, whatever the order of its values): the state of the "Save search" button.
#[utoipa::path(post, path = "/saved-searches/lookup", tag = "alerts", request_body = LookupRequest,
    responses((status = 200, body = LookupAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn lookup_saved_search(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<LookupRequest>) -> ApiResult<Json<LookupAnswer>> {
    Ok(Json(LookupAnswer { saved_search_id: saved::lookup(&state.pool, &owner(&signed_in), &body.filter).await? }))
}

/// A visitor's saved search: the search and the address to mail.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorSavedSearch {
    pub email: String,
    /// The language of the mails; the request's `Accept-Language` when left out.
    pub locale: Option<Locale>,
    #[serde(flatten)]
    pub search: NewSavedSearch,
}

/// Handles `POST /api/open/saved-searches`: a visitor saves a search by e-mail. The confirmation
/// mail goes at once; nothing else is mailed until its link is opened, and an unconfirmed search
/// is deleted after 7 days. Limited per address and per client address (429), so that it cannot
/// be used to mail strangers.
#[utoipa::path(post, path = "/saved-searches", tag = "alerts", request_body = VisitorSavedSearch,
    responses((status = 202, description = "saved, waiting for the confirmation"), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn create_visitor_saved_search(State(state): State<AppState>, Ctx(context): Ctx, Json(body): Json<VisitorSavedSearch>) -> ApiResult<StatusCode> {
    let email = domain::accounts::normalize_email(&body.email)?;
    let ip = context.ip.clone().unwrap_or_default();
    state.limiter.hit("alert-visitor-ip", &ip, state.limits.visitor_alerts_per_ip).await?;
    state.limiter.hit("alert-visitor-email", &email, state.limits.visitor_alerts_per_email).await?;
    let locale = body.locale.unwrap_or(context.locale);
    let name = body.search.name.trim().to_string();
    let (_, token) = saved::create(&state.pool, &state.reference, state.secret(), &Owner::Email(email.clone()), locale, body.search).await?;
    state.mailer.send(confirmation_mail(locale, &email, &name, &state.config.public_url, &token)).await?;
    Ok(StatusCode::ACCEPTED)
}

/// A token of a mail's link.
#[derive(Deserialize, ToSchema)]
pub struct TokenBody {
    pub token: String,
}

/// A visitor's alerts, as the page of a mail's link shows them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorAlerts {
    pub email: String,
    /// The saved search of the link.
    pub saved_search_id: Uuid,
    pub saved_searches: Vec<SavedSearch>,
}

async fn visitor_alerts(state: &AppState, token: &str) -> ApiResult<VisitorAlerts> {
    let (found, email) = saved::visitor_by_token(&state.pool, state.secret(), token).await?;
    let saved_searches = saved::list(&state.pool, &found.owner).await?;
    Ok(VisitorAlerts { email, saved_search_id: found.id, saved_searches })
}

/// Handles `POST /api/open/saved-searches/confirm`: the confirmation link of a visitor's search was
/// opened; it mails from now on. Answers the address's alerts.
#[utoipa::path(post, path = "/saved-searches/confirm", tag = "alerts", request_body = TokenBody,
    responses((status = 200, body = VisitorAlerts), (status = 404, body = ErrorBody, description = "an unknown token, or one of a search already deleted")))]
async fn confirm_visitor_saved_search(State(state): State<AppState>, Json(body): Json<TokenBody>) -> ApiResult<Json<VisitorAlerts>> {
    saved::confirm(&state.pool, state.secret(), &body.token).await?;
    Ok(Json(visitor_alerts(&state, &body.token).await?))
}

/// Handles `GET /api/open/saved-searches/by-token/{token}`: the alerts of the address a mail went
/// to (the manage page of its link).
#[utoipa::path(get, path = "/saved-searches/by-token/{token}", tag = "alerts", params(("token" = String, Path)),
    responses((status = 200, body = VisitorAlerts), (status = 404, body = ErrorBody)))]
async fn visitor_saved_searches(State(state): State<AppState>, Path(token): Path<String>) -> ApiResult<Json<VisitorAlerts>> {
    Ok(Json(visitor_alerts(&state, &token).await?))
}

async fn visitor_owner(state: &AppState, token: &str) -> ApiResult<Owner> {
    Ok(saved::visitor_by_token(&state.pool, state.secret(), token).await?.0.owner)
}

/// Handles `PATCH /api/open/saved-searches/by-token/{token}/{id}`: renames, changes the frequency,
/// pauses or resumes one of the address's searches.
#[utoipa::path(patch, path = "/saved-searches/by-token/{token}/{id}", tag = "alerts", params(("token" = String, Path), ("id" = Uuid, Path)),
    request_body = SavedSearchChange,
    responses((status = 200, body = SavedSearch), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn change_visitor_saved_search(State(state): State<AppState>, Path((token, id)): Path<(String, Uuid)>, Json(body): Json<SavedSearchChange>) -> ApiResult<Json<SavedSearch>> {
    let owner = visitor_owner(&state, &token).await?;
    Ok(Json(saved::change(&state.pool, &owner, id, body).await?))
}

/// Handles `DELETE /api/open/saved-searches/by-token/{token}/{id}`.
#[utoipa::path(delete, path = "/saved-searches/by-token/{token}/{id}", tag = "alerts", params(("token" = String, Path), ("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_visitor_saved_search(State(state): State<AppState>, Path((token, id)): Path<(String, Uuid)>) -> ApiResult<StatusCode> {
    let owner = visitor_owner(&state, &token).await?;
    saved::delete(&state.pool, &owner, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn page_locale(state: &AppState, token: &str) -> Locale {
    saved::by_token(&state.pool, state.secret(), token).await.map(|found| found.locale).unwrap_or_default()
}

/// Handles `GET /api/open/saved-searches/unsubscribe/{token}`: the address of a mail's
/// `List-Unsubscribe` opened in a browser: to the web page that asks to confirm.
#[utoipa::path(get, path = "/saved-searches/unsubscribe/{token}", tag = "alerts", params(("token" = String, Path)),
    responses((status = 303, description = "to `/{lang}/alerts/unsubscribe/{token}`")))]
async fn unsubscribe_saved_search_page(State(state): State<AppState>, Path(token): Path<String>) -> Redirect {
    let lang = page_locale(&state, &token).await.code();
    Redirect::to(&format!("/{lang}/alerts/unsubscribe/{token}"))
}

/// Handles `POST /api/open/saved-searches/unsubscribe/{token}`: one-click unsubscribe of one alert
/// (RFC 8058: a mail client posts `List-Unsubscribe=One-Click`; any body is taken). An account's
/// search is paused, a visitor's deleted. No session or anti-forgery header needed: the token is
/// the authority.
#[utoipa::path(post, path = "/saved-searches/unsubscribe/{token}", tag = "alerts", params(("token" = String, Path)),
    responses((status = 200, body = Unsubscribed), (status = 404, body = ErrorBody)))]
async fn unsubscribe_saved_search(State(state): State<AppState>, Path(token): Path<String>) -> ApiResult<Json<Unsubscribed>> {
    Ok(Json(saved::unsubscribe(&state.pool, state.secret(), &token, false).await?))
}

/// Handles `GET /api/open/saved-searches/unsubscribe-all/{token}`: to the web page that asks to
/// confirm stopping every alert.
#[utoipa::path(get, path = "/saved-searches/unsubscribe-all/{token}", tag = "alerts", params(("token" = String, Path)),
    responses((status = 303, description = "to `/{lang}/alerts/unsubscribe/{token}?all=1`")))]
async fn unsubscribe_all_saved_searches_page(State(state): State<AppState>, Path(token): Path<String>) -> Redirect {
    let lang = page_locale(&state, &token).await.code();
    Redirect::to(&format!("/{lang}/alerts/unsubscribe/{token}?all=1"))
}

/// Handles `POST /api/open/saved-searches/unsubscribe-all/{token}`: one-click unsubscribe of every
/// alert of the token's owner (the account, or the visitor's address).
#[utoipa::path(post, path = "/saved-searches/unsubscribe-all/{token}", tag = "alerts", params(("token" = String, Path)),
    responses((status = 200, body = Unsubscribed), (status = 404, body = ErrorBody)))]
async fn unsubscribe_all_saved_searches(State(state): State<AppState>, Path(token): Path<String>) -> ApiResult<Json<Unsubscribed>> {
    Ok(Json(saved::unsubscribe(&state.pool, state.secret(), &token, true).await?))
}
