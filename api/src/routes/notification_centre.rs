//! The notification centre under `/api/user`: the events behind the menu's badges, newest first,
//! each marked read by its reader. What a user reads follows the badges: the rows addressed to
//! them, and while acting for a company, the company's rows whose object they see.

use axum::extract::State;
use axum::http::StatusCode;
use domain::accounts::notifications::{self, UserNotificationPage};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{SignedIn, acting_company_of};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_notifications))
        .routes(routes!(unread_notifications))
        .routes(routes!(mark_notification_read))
        .routes(routes!(mark_all_notifications_read))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// Zero-based.
    pub page: Option<u32>,
    /// 1 to 100; 20 by default.
    pub size: Option<u32>,
}

/// Handles `GET /api/user/notifications?page=&size=`: a page of the user's notifications, newest
/// first, with the unread count. Subjects (a vacancy's title) come in the request's language.
#[utoipa::path(get, path = "/notifications", tag = "user", params(PageParams),
    responses((status = 200, body = UserNotificationPage), (status = 400, body = ErrorBody, description = "validation naming `size`"),
        (status = 401, body = ErrorBody)))]
async fn list_notifications(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<PageParams>) -> ApiResult<Json<UserNotificationPage>> {
    let company = acting_company_of(&state, &signed_in).await?;
    Ok(Json(
        notifications::list(&state.pool, signed_in.session.user_id, company, signed_in.context.locale, params.page, params.size).await?,
    ))
}

#[derive(Serialize, ToSchema)]
pub struct UnreadCount {
    pub unread: i64,
}

/// Handles `GET /api/user/notifications/unread`: how many notifications the user has not opened
/// (the header's bell; polled with the badges).
#[utoipa::path(get, path = "/notifications/unread", tag = "user",
    responses((status = 200, body = UnreadCount), (status = 401, body = ErrorBody)))]
async fn unread_notifications(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<UnreadCount>> {
    let company = acting_company_of(&state, &signed_in).await?;
    Ok(Json(UnreadCount { unread: notifications::unread_count(&state.pool, signed_in.session.user_id, company).await? }))
}

/// Handles `POST /api/user/notifications/{id}/read`: the user opened the notification (again is
/// fine). Answers the unread count.
#[utoipa::path(post, path = "/notifications/{id}/read", tag = "user", params(("id" = Uuid, Path)),
    responses((status = 200, body = UnreadCount), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a notification the user reads")))]
async fn mark_notification_read(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<UnreadCount>> {
    let company = acting_company_of(&state, &signed_in).await?;
    let user = signed_in.session.user_id;
    notifications::mark_read(&state.pool, user, company, id).await?;
    Ok(Json(UnreadCount { unread: notifications::unread_count(&state.pool, user, company).await? }))
}

/// Handles `POST /api/user/notifications/read-all`: marks everything the user reads as read.
#[utoipa::path(post, path = "/notifications/read-all", tag = "user",
    responses((status = 204, description = "all read"), (status = 401, body = ErrorBody)))]
async fn mark_all_notifications_read(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<StatusCode> {
    let company = acting_company_of(&state, &signed_in).await?;
    notifications::mark_all_read(&state.pool, signed_in.session.user_id, company).await?;
    Ok(StatusCode::NO_CONTENT)
}
