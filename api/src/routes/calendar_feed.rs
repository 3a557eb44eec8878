//! The private iCalendar feed of a user (`domain::calendar::feed`): created or rotated and
//! revoked by the user under `/api/user/calendar-feed`, read by calendar programs at
//! `/api/open/calendar/{token}.ics` without a session. Only the token's hash is stored, so the URL
//! is shown once, when made; a revoked or unknown token is 404.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::calendar::feed;
use domain::Error;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::session::SignedIn;
use crate::state::AppState;

/// Mounted under `/api/user`.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(feed_status, create_feed, revoke_feed))
}

/// Mounted under `/api/open`.
pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(read_feed))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedStatus {
    pub active: bool,
    pub created_at: Option<DateTime<Utc>>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedFeed {
    /// The secret address to subscribe to; shown only now.
    pub url: String,
    pub created_at: DateTime<Utc>,
}

/// Handles `GET /api/user/calendar-feed`: whether the user has a feed (its address is not kept).
#[utoipa::path(get, path = "/calendar-feed", tag = "user",
    responses((status = 200, body = FeedStatus), (status = 401, body = ErrorBody)))]
async fn feed_status(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<FeedStatus>> {
    let created_at = feed::status(&state.pool, signed_in.session.user_id).await?;
    Ok(Json(FeedStatus { active: created_at.is_some(), created_at }))
}

/// Handles `POST /api/user/calendar-feed`: makes a new secret feed address, replacing (and so
/// ending) any earlier one.
#[utoipa::path(post, path = "/calendar-feed", tag = "user",
    responses((status = 201, body = CreatedFeed), (status = 401, body = ErrorBody)))]
async fn create_feed(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<(StatusCode, Json<CreatedFeed>)> {
    let token = feed::rotate(&state.pool, signed_in.session.user_id).await?;
    let origin = state.config.public_url.trim_end_matches('/');
    Ok((StatusCode::CREATED, Json(CreatedFeed { url: format!("{origin}/api/open/calendar/{token}.ics"), created_at: Utc::now() })))
}

/// Handles `DELETE /api/user/calendar-feed`: revokes the feed; its address answers 404 from now on.
#[utoipa::path(delete, path = "/calendar-feed", tag = "user",
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "no feed")))]
async fn revoke_feed(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<StatusCode> {
    if feed::revoke(&state.pool, signed_in.session.user_id).await? { Ok(StatusCode::NO_CONTENT) } else { Err(Error::not_found().into()) }
}

/// Handles `GET /api/open/calendar/{token}.ics`: the feed as `text/calendar` (RFC 5545).
#[utoipa::path(get, path = "/calendar/{file}", tag = "open", params(("file" = String, Path, description = "the token followed by `.ics`")),
    responses((status = 200, content_type = "text/calendar", body = String), (status = 404, body = ErrorBody, description = "unknown or revoked")))]
async fn read_feed(State(state): State<AppState>, Path(file): Path<String>) -> ApiResult<Response> {
    let token = file.strip_suffix(".ics").filter(|t| !t.is_empty() && t.len() <= 100).ok_or_else(Error::not_found)?;
    let text = feed::render(&state.pool, token).await?;
    Ok((
        [(header::CONTENT_TYPE, "text/calendar; charset=utf-8"), (header::CACHE_CONTROL, "private, no-store")],
        text,
    )
        .into_response())
}
