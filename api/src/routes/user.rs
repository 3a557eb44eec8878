//! Calls of any signed-in user: the profile and registration steps of sign-in.

use axum::extract::State;
use domain::accounts::{self, Me, ProfileInput};
use domain::accounts::notifications::{self, BadgeCounts, BadgeKind};
use axum::http::StatusCode;
use domain::companies::{self, Registration};
use domain::accounts::sessions;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::session::SignedIn;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(update_profile))
        .routes(routes!(register_applicant))
        .routes(routes!(register_company))
        .routes(routes!(badge_counts, mark_seen))
        .routes(routes!(upload_avatar, delete_avatar))
        .merge(super::staff_invitations::router())
        .merge(super::notification_centre::router())
}

async fn current_me(state: &AppState, signed_in: &SignedIn, company_id: Option<uuid::Uuid>) -> ApiResult<Json<Me>> {
    let session = &signed_in.session;
    Ok(Json(accounts::load_me(&state.pool, session.user_id, session.original_user_id, company_id).await?))
}

/// Handles `POST /api/user/profile`: first name, last name and phone (with country code) are
/// required; gender and date of birth optional. A phone of just "+372" counts as empty.
#[utoipa::path(post, path = "/profile", tag = "user", request_body = ProfileInput,
    responses((status = 200, body = Me), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn update_profile(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<ProfileInput>) -> ApiResult<Json<Me>> {
    accounts::update_profile(&state.pool, signed_in.session.user_id, &body).await?;
    current_me(&state, &signed_in, signed_in.session.company_id).await
}

/// Handles `POST /api/user/register-applicant`: the user becomes an APPLICANT (needs a complete profile).
#[utoipa::path(post, path = "/register-applicant", tag = "user",
    responses((status = 200, body = Me), (status = 400, body = ErrorBody, description = "profile_incomplete"), (status = 401, body = ErrorBody)))]
async fn register_applicant(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Me>> {
    accounts::register_applicant(&state.pool, signed_in.session.user_id).await?;
    current_me(&state, &signed_in, signed_in.session.company_id).await
}

/// Handles `POST /api/user/companies/{countryCode}/{registryCode}/register`: claims a company of
/// the Business Register. Accepted at once (200) when the user's verified e-mail is at the domain
/// of the company's e-mail or website in the register and no one supervises the company yet: the
/// user becomes its supervisor and an EMPLOYER acting for it. Otherwise the claim waits (202, the
/// company in `pendingClaims`) for the company's supervisor, or an administrator when there is
/// none; the user gets an e-mail on the decision.
#[utoipa::path(post, path = "/companies/{countryCode}/{registryCode}/register", tag = "user",
    params(("countryCode" = String, Path, example = "EE"), ("registryCode" = String, Path)),
    responses((status = 200, body = Me, description = "the user represents the company now"),
        (status = 202, body = Me, description = "the claim waits for approval; `pendingClaims` lists it"),
        (status = 400, body = ErrorBody, description = "profile_incomplete"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "company_not_found: not in the Business Register")))]
async fn register_company(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
) -> ApiResult<(StatusCode, Json<Me>)> {
    let session = &signed_in.session;
    match companies::register(&state.pool, session.user_id, &country_code, &registry_code, signed_in.context.ip.as_deref()).await? {
        Registration::Registered(company_id) => {
            sessions::set_company(&state.pool, session.id, company_id).await?;
            Ok((StatusCode::OK, current_me(&state, &signed_in, Some(company_id)).await?))
        }
        Registration::Pending(_) => Ok((StatusCode::ACCEPTED, current_me(&state, &signed_in, session.company_id).await?)),
    }
}

/// The company an employer acts for (while still on its staff) counts for the badges; anyone
/// else counts for themselves.
async fn badge_owner(state: &AppState, signed_in: &SignedIn) -> ApiResult<Option<uuid::Uuid>> {
    Ok(crate::session::acting_company_of(state, signed_in).await?)
}

/// Handles `GET /api/user/menu-notifications`: the menu's badge counts (polled every 30 s).
#[utoipa::path(get, path = "/menu-notifications", tag = "user",
    responses((status = 200, body = BadgeCounts), (status = 401, body = ErrorBody)))]
async fn badge_counts(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<BadgeCounts>> {
    Ok(Json(notifications::badge_counts(&state.pool, signed_in.session.user_id, badge_owner(&state, &signed_in).await?).await?))
}

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct SeenRequest {
    pub kind: BadgeKind,
}

/// Handles `PATCH /api/user/menu-notifications`: the user opened a part of their area; its badge
/// starts counting again from now. Answers the new counts.
#[utoipa::path(patch, path = "/menu-notifications", tag = "user", request_body = SeenRequest,
    responses((status = 200, body = BadgeCounts), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn mark_seen(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<SeenRequest>) -> ApiResult<Json<BadgeCounts>> {
    let owner = badge_owner(&state, &signed_in).await?;
    notifications::mark_seen(&state.pool, signed_in.session.user_id, owner, body.kind).await?;
    Ok(Json(notifications::badge_counts(&state.pool, signed_in.session.user_id, owner).await?))
}

#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PictureName {
    /// The picture's file name as the user chose it.
    pub name: Option<String>,
}

/// Handles `POST /api/user/upload/avatar?name=`: the body is a PNG or JPG picture (by content, at
/// most 5 MiB and 4096 px a side). It is stored without its metadata; a thumbnail follows shortly.
#[utoipa::path(post, path = "/upload/avatar", tag = "user", params(PictureName),
    request_body(content = String, content_type = "image/png", description = "the picture's bytes (PNG or JPG)"),
    responses((status = 200, body = Me), (status = 400, body = ErrorBody, description = "The file is too large; Wrong file; too many pixels"),
        (status = 401, body = ErrorBody), (status = 429, body = ErrorBody, description = "more than 60 uploads in an hour"),
        (status = 507, body = ErrorBody, description = "insufficient_storage: the server's file storage is full; nothing was stored")))]
async fn upload_avatar(
    State(state): State<AppState>,
    signed_in: SignedIn,
    crate::error::Query(params): crate::error::Query<PictureName>,
    headers: axum::http::HeaderMap,
    body: axum::body::Body,
) -> ApiResult<Json<Me>> {
    crate::routes::files::count_upload(&state, &signed_in).await?;
    let bytes = crate::routes::files::read_body(&headers, body, domain::files::avatars::MAX_AVATAR_BYTES).await?;
    let name = params.name.as_deref().map(str::trim).filter(|n| !n.is_empty()).unwrap_or("avatar");
    domain::files::avatars::upload(&state.pool, &state.files, signed_in.session.user_id, name, bytes).await?;
    current_me(&state, &signed_in, signed_in.session.company_id).await
}

/// Handles `DELETE /api/user/upload/avatar`: removes the profile picture (initials show instead).
#[utoipa::path(delete, path = "/upload/avatar", tag = "user", responses((status = 200, body = Me), (status = 401, body = ErrorBody)))]
async fn delete_avatar(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Me>> {
    domain::files::avatars::remove(&state.pool, &state.files, signed_in.session.user_id).await?;
    current_me(&state, &signed_in, signed_in.session.company_id).await
}
