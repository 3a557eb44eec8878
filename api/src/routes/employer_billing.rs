//! What an employer can buy and has bought: the acting company's product offers at its prices,
//! the CV-database offer with its access, and its services; and the applicant's own services.

use axum::extract::State;
use chrono::Utc;
use domain::billing::catalog::{self, CvBaseOffer, ProductOffer};
use domain::billing::premium::{self, PremiumServices};
use domain::billing::services::{self, Holder, ServiceItem};
use domain::billing::shared::ServiceStatus;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json, Query};
use crate::session::{ActingCompany, Ctx, SignedIn};
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(product_offers))
        .routes(routes!(cv_base_offer))
        .routes(routes!(company_services))
        .routes(routes!(premium_services))
}

/// Mounted under `/api/applicant`.
pub fn applicant_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(applicant_services))
}

/// Handles `GET /api/employer/products`: every active product the acting company can buy, at its
/// price (its own price, else the list price, less its discount), in price-list order, labelled in
/// the request's language.
#[utoipa::path(get, path = "/products", tag = "employer",
    responses((status = 200, body = Vec<ProductOffer>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn product_offers(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    ActingCompany { company_id, .. }: ActingCompany,
) -> ApiResult<Json<Vec<ProductOffer>>> {
    Ok(Json(
        catalog::offers(&state.pool, company_id, context.locale).await?,
    ))
}

/// Handles `GET /api/employer/products/cv-base`: the buy-access dialog of the CV database — the
/// price of a day (buy 1 to `maxDays`), the discounted week while the company has an active
/// vacancy, and the company's access now.
#[utoipa::path(get, path = "/products/cv-base", tag = "employer",
    responses((status = 200, body = CvBaseOffer), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "the price list sells no CV-database days")))]
async fn cv_base_offer(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    ActingCompany { company_id, .. }: ActingCompany,
) -> ApiResult<Json<CvBaseOffer>> {
    Ok(Json(
        catalog::cv_base(&state.pool, company_id, context.locale, Utc::now()).await?,
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ServicesParams {
    /// ACTIVE, WAITING, UNPAID, FINISHED or CANCELLED; all when absent.
    pub status: Option<String>,
}

/// Handles `GET /api/employer/services?status=`: the acting company's services, active first,
/// then waiting, unpaid, finished and cancelled, newest first within each.
#[utoipa::path(get, path = "/services", tag = "employer", params(ServicesParams),
    responses((status = 200, body = Vec<ServiceItem>), (status = 400, body = ErrorBody, description = "validation naming `status`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn company_services(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    ActingCompany { company_id, .. }: ActingCompany,
    Query(params): Query<ServicesParams>,
) -> ApiResult<Json<Vec<ServiceItem>>> {
    let status = ServiceStatus::filter(params.status.as_deref())?;
    Ok(Json(
        services::list(
            &state.pool,
            Holder::Company(company_id),
            status,
            context.locale,
        )
        .await?,
    ))
}

/// Handles `GET /api/applicant/services?status=`: the applicant's own services, in the order of
/// the employer's list.
#[utoipa::path(get, path = "/services", tag = "applicant", params(ServicesParams),
    responses((status = 200, body = Vec<ServiceItem>), (status = 400, body = ErrorBody, description = "validation naming `status`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn applicant_services(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Query(params): Query<ServicesParams>,
) -> ApiResult<Json<Vec<ServiceItem>>> {
    let status = ServiceStatus::filter(params.status.as_deref())?;
    Ok(Json(
        services::list(
            &state.pool,
            Holder::User(signed_in.session.user_id),
            status,
            signed_in.context.locale,
        )
        .await?,
    ))
}

/// Handles `GET /api/employer/premium-services`: the premium services page of the acting company —
/// every product it may buy beyond publishing (PRO levels, branding, packages, additional
/// promotion, CV-database days) at its own prices and discount, its services running or paid and
/// waiting (with their end), its CV-database access and the vacancies extras can be bought for.
/// Buying is `POST /api/user/invoices`.
#[utoipa::path(get, path = "/premium-services", tag = "employer",
    responses((status = 200, body = PremiumServices), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn premium_services(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    ActingCompany { company_id, .. }: ActingCompany,
) -> ApiResult<Json<PremiumServices>> {
    Ok(Json(premium::page(&state.pool, company_id, context.locale, Utc::now()).await?))
}
