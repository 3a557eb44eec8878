//! The company's API keys (the my-company page's tab): any staff member lists them, the supervisor
//! makes and revokes them (others get 403, and so does an administrator acting as the supervisor
//! who tries to make one). A company the user does not work for is "not found".
//! The rules are in `domain::companies::api_keys`; what a key may call, in `crate::api_keys`.

use axum::extract::State;
use axum::http::StatusCode;
use domain::Error;
use domain::companies::api_keys::{self, ApiKey, CreatedApiKey};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::routes::my_company::company_of;
use crate::session::SignedIn;
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(api_key_list)).routes(routes!(create_api_key, revoke_api_key))
}

/// Handles `GET /api/employer/company/{countryCode}/{registryCode}/api_keys`: the company's live
/// keys, newest first: title, prefix, when and by whom made, when last used; never the key itself.
#[utoipa::path(get, path = "/company/{countryCode}/{registryCode}/api_keys", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)),
    responses((status = 200, body = Vec<ApiKey>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a company the user works for")))]
async fn api_key_list(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
) -> ApiResult<Json<Vec<ApiKey>>> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    Ok(Json(api_keys::list(&state.pool, company_id).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct NewApiKey {
    /// What the key is for, 1 to 100 characters.
    pub title: String,
}

/// Handles `POST /api/employer/company/{countryCode}/{registryCode}/api_keys/{keyId}`: the
/// supervisor makes a key with the title under the id the client chose (a fresh UUID, so a retried
/// request cannot make a second key); the answer holds the key (`secret`) this once, it is stored
/// only as its SHA-256. The key lives while its maker is the company's supervisor. Not while an
/// administrator acts as the supervisor (403).
#[utoipa::path(post, path = "/company/{countryCode}/{registryCode}/api_keys/{keyId}", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), ("keyId" = Uuid, Path, description = "a new UUID the client makes")),
    request_body = NewApiKey,
    responses((status = 201, body = CreatedApiKey),
        (status = 400, body = ErrorBody, description = "validation naming `title` (required, at most 100 characters; at most 20 live keys) or `keyId` (taken)"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "staff, but not the company's supervisor; or an administrator acting as the supervisor"),
        (status = 404, body = ErrorBody, description = "not a company the user works for")))]
async fn create_api_key(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code, key_id)): Path<(String, String, Uuid)>,
    Json(body): Json<NewApiKey>,
) -> ApiResult<(StatusCode, Json<CreatedApiKey>)> {
    if signed_in.session.original_user_id.is_some() {
        // a key outlasts the visit: an administrator acting as the supervisor makes none (the
        // refused write is in the audit log as every write made while acting as someone)
        return Err(Error::forbidden().into());
    }
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    let ip = signed_in.context.ip.as_deref();
    let created = api_keys::create(&state.pool, company_id, signed_in.session.user_id, key_id, &body.title, ip).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Handles `DELETE /api/employer/company/{countryCode}/{registryCode}/api_keys/{keyId}`: the
/// supervisor revokes a key; it authenticates nothing from the next request on.
#[utoipa::path(delete, path = "/company/{countryCode}/{registryCode}/api_keys/{keyId}", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), ("keyId" = Uuid, Path)),
    responses((status = 204, description = "revoked"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "staff, but not the company's supervisor"),
        (status = 404, body = ErrorBody, description = "not a company the user works for, or not one of its live keys")))]
async fn revoke_api_key(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code, key_id)): Path<(String, String, Uuid)>,
) -> ApiResult<StatusCode> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    api_keys::revoke(&state.pool, company_id, signed_in.session.user_id, key_id, signed_in.context.ip.as_deref()).await?;
    Ok(StatusCode::NO_CONTENT)
}
