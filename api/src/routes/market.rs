//! Courses and the outsource market: employers read the listings with filters; administrators
//! add, edit, hide and delete them. The rules are in `domain::market`.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use domain::market::{self, Filter, Listing, ListingInput, ListingKind};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::SignedIn;
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn employer_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(employer_listings))
}

/// Mounted under `/api/admin`.
pub fn admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_listings, create_listing)).routes(routes!(update_listing, delete_listing))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListingsParams {
    /// COURSE or OUTSOURCE.
    pub kind: Option<String>,
    /// et, en or ru; all when absent.
    pub language: Option<String>,
    /// `free` or `paid`; both when absent.
    pub price: Option<String>,
    /// `upcoming` (dated, beginning today or later) or `anytime` (without dates); both when absent.
    pub when: Option<String>,
}

/// Handles `GET /api/employer/market?kind=COURSE|OUTSOURCE&language=&price=free|paid&when=upcoming|anytime`:
/// the listings of one market an employer sees — not hidden, not over — dated ones by their start,
/// then any-time ones by title.
#[utoipa::path(get, path = "/market", tag = "employer", params(ListingsParams),
    responses((status = 200, body = Vec<Listing>),
        (status = 400, body = ErrorBody, description = "validation naming `kind`, `language`, `price` or `when`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn employer_listings(State(state): State<AppState>, _signed_in: SignedIn, Query(params): Query<ListingsParams>) -> ApiResult<Json<Vec<Listing>>> {
    let filter = Filter::parse(params.kind.as_deref(), params.language.as_deref(), params.price.as_deref(), params.when.as_deref())?;
    Ok(Json(market::visible(&state.pool, &filter, Utc::now()).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KindParam {
    /// COURSE or OUTSOURCE; both when absent.
    pub kind: Option<String>,
}

/// Handles `GET /api/admin/market?kind=`: every listing, hidden and past ones too, newest first.
#[utoipa::path(get, path = "/market", tag = "admin", params(KindParam),
    responses((status = 200, body = Vec<Listing>), (status = 400, body = ErrorBody, description = "validation naming `kind`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn admin_listings(State(state): State<AppState>, _signed_in: SignedIn, Query(params): Query<KindParam>) -> ApiResult<Json<Vec<Listing>>> {
    let kind = match params.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => None,
        Some(kind) => Some(ListingKind::parse(Some(kind))?),
    };
    Ok(Json(market::all(&state.pool, kind).await?))
}

/// Handles `POST /api/admin/market`: adds a listing.
#[utoipa::path(post, path = "/market", tag = "admin", request_body = ListingInput,
    responses((status = 201, body = Listing), (status = 400, body = ErrorBody, description = "validation naming `kind` (COURSE or OUTSOURCE), `title` or `provider` (required, at most 200 \
    characters), `description` (at most 5000), `languageCode` (et, en or ru), `priceCents` (1 to 100 000 000, or null when free), \
    `startsOn` or `endsOn` (YYYY-MM-DD; an end needs a start and is not before it) or `link` (an http or https address)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn create_listing(State(state): State<AppState>, _signed_in: SignedIn, Json(body): Json<ListingInput>) -> ApiResult<(StatusCode, Json<Listing>)> {
    Ok((StatusCode::CREATED, Json(market::create(&state.pool, &body).await?)))
}

/// Handles `PUT /api/admin/market/{id}`: replaces a listing, hiding or showing it with `hidden`.
#[utoipa::path(put, path = "/market/{id}", tag = "admin", request_body = ListingInput, params(("id" = Uuid, Path)),
    responses((status = 200, body = Listing), (status = 400, body = ErrorBody, description = "validation naming `kind` (COURSE or OUTSOURCE), `title` or `provider` (required, at most 200 \
    characters), `description` (at most 5000), `languageCode` (et, en or ru), `priceCents` (1 to 100 000 000, or null when free), \
    `startsOn` or `endsOn` (YYYY-MM-DD; an end needs a start and is not before it) or `link` (an http or https address)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update_listing(State(state): State<AppState>, _signed_in: SignedIn, Path(id): Path<Uuid>, Json(body): Json<ListingInput>) -> ApiResult<Json<Listing>> {
    Ok(Json(market::update(&state.pool, id, &body).await?))
}

/// Handles `DELETE /api/admin/market/{id}`: deletes a listing.
#[utoipa::path(delete, path = "/market/{id}", tag = "admin", params(("id" = Uuid, Path)),
    responses((status = 204, description = "deleted"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete_listing(State(state): State<AppState>, _signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<StatusCode> {
    market::delete(&state.pool, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
