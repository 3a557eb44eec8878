//! The public price list of `/prices-and-services`.

use axum::extract::State;
use domain::billing::products::{self, Product};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, Json};
use crate::session::Ctx;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

/// Handles `GET /api/open/products`: the active products with list prices in euro cents (VAT
/// excluded), in price-list order, labelled in the locale of Accept-Language (et fallback).
#[utoipa::path(get, path = "/products", tag = "open", responses((status = 200, body = Vec<Product>)))]
async fn list(State(state): State<AppState>, Ctx(context): Ctx) -> ApiResult<Json<Vec<Product>>> {
    Ok(Json(products::active(&state.pool, context.locale).await?))
}
