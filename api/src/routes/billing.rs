//! The public price list of `/prices-and-services`.

use axum::extract::State;
use domain::billing::products::{self, PriceListEntry};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, Json};
use crate::session::Ctx;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

/// Handles `GET /api/open/products`: the products for sale with list prices in euro cents (VAT
/// excluded), in price-list order, labelled in the locale of Accept-Language (et fallback); the
/// additional promotion is listed too while an administrator has not priced it, with
/// `available: false` and no amount (`priceCents` 0).
#[utoipa::path(get, path = "/products", tag = "open", responses((status = 200, body = Vec<PriceListEntry>)))]
async fn list(State(state): State<AppState>, Ctx(context): Ctx) -> ApiResult<Json<Vec<PriceListEntry>>> {
    Ok(Json(products::price_list(&state.pool, context.locale).await?))
}
