//! The audit log for administrators: every administrator's write and every "log in as", with who,
//! when, what and the target (`domain::platform::audit`). Mounted under `/api/admin`.

use axum::extract::State;
use chrono::NaiveDate;
use domain::platform::audit::{self, AuditPage, Filter};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(audit_log))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// An action or the start of one: `invoice.` finds every invoice action.
    pub action: Option<String>,
    /// Part of the e-mail of who acted.
    pub actor: Option<String>,
    /// Part of the target user's e-mail or the target company's name, or the start of its registry code.
    pub target: Option<String>,
    /// Only the entries about this company (`companyId` of `GET /api/admin/company/{countryCode}/{registryCode}`).
    pub company_id: Option<Uuid>,
    /// Only the entries this user made or that were about them.
    pub user_id: Option<Uuid>,
    /// Recorded on or after this day (ISO date, UTC).
    pub from: Option<NaiveDate>,
    /// Recorded on or before this day (ISO date, UTC).
    pub to: Option<NaiveDate>,
    /// Zero-based.
    pub page: Option<u32>,
    /// 50 by default, at most 200.
    pub size: Option<u32>,
}

/// Handles `GET /api/admin/audit?action&actor&target&companyId&userId&from&to&page&size`: the audit log, newest first.
#[utoipa::path(get, path = "/audit", tag = "admin", params(AuditParams),
    responses((status = 200, body = AuditPage),
        (status = 400, body = ErrorBody, description = "validation naming `size`, `action`, `actor`, `target` (at most 100 characters) or `to` (before `from`)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn audit_log(State(state): State<AppState>, Query(params): Query<AuditParams>) -> ApiResult<Json<AuditPage>> {
    let filter = Filter {
        action: params.action.as_deref(),
        actor: params.actor.as_deref(),
        target: params.target.as_deref(),
        company_id: params.company_id,
        user_id: params.user_id,
        from: params.from,
        to: params.to,
        page: params.page,
        size: params.size,
    };
    Ok(Json(audit::list(&state.pool, &filter).await?))
}
