//! Administrator calls. `be-original` is mounted beside the admin area, not inside it: while an
//! administrator acts as someone else the session carries that user's roles, and the way back must
//! stay open.

use axum::Extension;
use axum::extract::State;
use domain::accounts::{self, Me, Role};
use domain::platform::error::{Error, ErrorCode};
use domain::accounts::sessions::{self, Session};
use domain::companies::{CompanyClaim, Decider};
use domain::companies;
use domain::platform::audit;
use chrono::{DateTime, Utc};
use domain::vacancies::ACTIVE_SQL;
use domain::companies::MODIFIED_SQL;
use domain::platform::sorting::{SortField, Sorting};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::routes::pages::{PageParams, total_pages};
use crate::session::{RequestContext, SessionChange, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(represent))
        .routes(routes!(search_companies))
        .routes(routes!(set_has_contract))
        .routes(routes!(company_claims))
        .routes(routes!(approve_claim))
        .routes(routes!(reject_claim))
}

/// Routes of `/api/admin` open to any signed-in user.
pub fn way_back_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(be_original))
}

/// Whether an administrator with `actor_roles` may act as a user with `target_roles`: nobody acts
/// as a supervisor, and only a supervisor acts as an administrator.
fn may_represent(actor_roles: &[Role], target_roles: &[Role]) -> bool {
    if target_roles.contains(&Role::Supervisor) {
        return false;
    }
    if target_roles.contains(&Role::Admin) {
        return actor_roles.contains(&Role::Supervisor);
    }
    true
}

async fn switch_session(
    state: &AppState,
    current: &Session,
    context: &RequestContext,
    new: sessions::NewSession<'_>,
    entry: audit::Entry<'_>,
) -> ApiResult<(Extension<SessionChange>, Json<Me>)> {
    let (user_id, original_user_id, company_id) = (new.user_id, new.original_user_id, new.company_id);
    let mut tx = state.pool.begin().await?;
    sessions::revoke(&mut *tx, current.id).await?;
    let issued = sessions::create(&mut *tx, new).await?;
    audit::record(&mut *tx, audit::Entry { ip: context.ip.as_deref(), ..entry }).await?;
    tx.commit().await?;
    let me = accounts::load_me(&state.pool, user_id, original_user_id, company_id).await?;
    Ok((Extension(SessionChange::started(issued)), Json(me)))
}

/// Which company to act for while representing an employer.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RepresentParams {
    /// With `registryCode`: act for this company of the user's (else their first by name).
    pub country_code: Option<String>,
    pub registry_code: Option<String>,
}

/// Handles `GET /api/admin/represent/{username}?countryCode&registryCode`: act as another user
/// (recorded in the audit log; the session is rotated), for the company named when it is theirs
/// ("log in as the company"). Needs the anti-forgery header, as it changes state.
#[utoipa::path(get, path = "/represent/{username}", tag = "admin",
    params(("username" = String, Path, description = "the e-mail of the user to act as"), RepresentParams),
    responses((status = 200, body = Me, description = "now acting as the user; originalUser names the administrator"),
        (status = 400, body = ErrorBody, description = "cannot_represent: Can't login as another user"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such user, or the company named is not theirs")))]
async fn represent(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(username): Path<String>,
    Query(params): Query<RepresentParams>,
) -> ApiResult<(Extension<SessionChange>, Json<Me>)> {
    let current = &signed_in.session;
    let username = accounts::normalize_email(&username)?;
    let target = accounts::find_by_username(&state.pool, &username).await?.ok_or_else(Error::not_found)?;
    let target_roles = accounts::roles_of(&state.pool, target.id).await?;
    if current.original_user_id.is_some() || target.id == current.user_id || !may_represent(&current.roles, &target_roles) {
        return Err(Error::code(ErrorCode::CannotRepresent).into());
    }
    let company_id = match (&params.country_code, &params.registry_code) {
        (Some(country_code), Some(registry_code)) => {
            Some(companies::staff_company(&state.pool, target.id, country_code, registry_code).await?.ok_or_else(Error::not_found)?)
        }
        _ => companies::default_company(&state.pool, target.id).await?,
    };
    let new = sessions::NewSession {
        user_id: target.id,
        original_user_id: Some(current.user_id),
        original_session_remember: Some(current.remember_me),
        company_id,
        remember_me: false,
        ip: signed_in.context.ip.as_deref(),
        user_agent: signed_in.context.user_agent.as_deref(),
    };
    let entry = audit::Entry {
        actor_user_id: Some(current.user_id),
        action: "impersonation.start",
        target_user_id: Some(target.id),
        target_company_id: company_id,
        details: serde_json::json!({ "username": target.username }),
        ip: None,
    };
    switch_session(&state, current, &signed_in.context, new, entry).await
}

/// Handles `GET /api/admin/be-original`: return from acting as another user to one's own account
/// (recorded in the audit log; the session is rotated).
#[utoipa::path(get, path = "/be-original", tag = "admin",
    responses((status = 200, body = Me), (status = 400, body = ErrorBody, description = "not acting as another user"),
        (status = 401, body = ErrorBody)))]
async fn be_original(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<(Extension<SessionChange>, Json<Me>)> {
    let current = &signed_in.session;
    let original: Uuid = current
        .original_user_id
        .ok_or_else(|| Error::with_message(ErrorCode::Validation, "You are not acting as another user"))?;
    let company_id = companies::default_company(&state.pool, original).await?;
    let new = sessions::NewSession {
        user_id: original,
        original_user_id: None,
        original_session_remember: None,
        company_id,
        remember_me: current.original_session_remember.unwrap_or(false),
        ip: signed_in.context.ip.as_deref(),
        user_agent: signed_in.context.user_agent.as_deref(),
    };
    let entry = audit::Entry {
        actor_user_id: Some(original),
        action: "impersonation.end",
        target_user_id: Some(current.user_id),
        target_company_id: None,
        details: serde_json::json!({}),
        ip: None,
    };
    switch_session(&state, current, &signed_in.context, new, entry).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompanySearch {
    /// Part of the business name or the start of the registry code; empty lists every company.
    pub search: Option<String>,
    /// `created` (registered, the default), `modified`, `name`, `registryCode` or `activeVacancies`.
    pub sort: Option<String>,
    /// `asc` or `desc`; dates and counts largest first and texts A to Z when absent.
    pub order: Option<String>,
    /// Zero-based.
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub size: Option<u32>,
}

/// What the administrators' company list sorts by (`?sort=`); the first is the default.
const COMPANY_SORT_FIELDS: &[SortField] = &[
    SortField::desc("created", "c.created_at"),
    SortField::desc("modified", "modified_at"),
    SortField::asc("name", "lower(c.business_name) collate \"et-x-icu\""),
    SortField::asc("registryCode", "c.registry_code"),
    SortField::desc("activeVacancies", "active_vacancies"),
];

/// A company as the administrators' list shows it.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct AdminCompany {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub address: Option<String>,
    /// The e-mail of the company's supervisor, whom "log in as the company" acts as.
    pub supervisor: Option<String>,
    pub staff_count: i64,
    /// Vacancies open now.
    pub active_vacancies: i64,
    pub has_contract: bool,
    pub created_at: DateTime<Utc>,
    /// When its data or profile last changed.
    pub modified_at: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCompanyPage {
    pub content: Vec<AdminCompany>,
    pub total_pages: u32,
    pub total_elements: i64,
}

/// Handles `GET /api/admin/company/{countryCode}?search&sort&order&page&size`: the registered
/// companies, newest first unless sorted otherwise, found by a part of the name or the start of the
/// registry code.
#[utoipa::path(get, path = "/company/{countryCode}", tag = "admin", params(("countryCode" = String, Path), CompanySearch),
    responses((status = 200, body = AdminCompanyPage), (status = 400, body = ErrorBody, description = "validation naming `search`, `sort`, `order`, `page` or `size`"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn search_companies(
    State(state): State<AppState>,
    Path(country_code): Path<String>,
    Query(params): Query<CompanySearch>,
) -> ApiResult<Json<AdminCompanyPage>> {
    let (page, size) = PageParams { page: params.page, size: params.size }.resolve(20)?;
    let search = params.search.as_deref().map(str::trim).unwrap_or_default();
    if search.chars().count() > 100 {
        return Err(Error::field("search", "The search is too long (at most 100 characters)").into());
    }
    let sorting = Sorting::parse(COMPANY_SORT_FIELDS, params.sort.as_deref(), params.order.as_deref())?;
    let pattern = format!("%{}%", search.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    // the order comes from the checked choices (COMPANY_SORT_FIELDS), never from the request's text
    let sql = format!(
        "select * from (
             select c.id, c.country_code, c.registry_code, c.business_name, c.address, u.username as supervisor,
                    (select count(*) from company_staff s where s.company_id = c.id) as staff_count,
                    (select count(*) from vacancies v where v.company_id = c.id and {ACTIVE_SQL}) as active_vacancies,
                    c.has_contract, c.created_at, {MODIFIED_SQL} as modified_at, count(*) over () as total
             from companies c left join users u on u.id = c.supervisor_user_id and u.deleted_at is null
             where c.country_code = upper($1) and c.deleted_at is null
               and ($2 = '' or c.business_name ilike $3 or starts_with(c.registry_code, $2))) c
         order by {order_by}
         limit $4 offset $5",
        order_by = sorting.order_by("c.id"),
    );
    let rows: Vec<AdminCompanyRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&country_code)
        .bind(search)
        .bind(&pattern)
        .bind(size)
        .bind(page * size)
        .fetch_all(&state.pool)
        .await?;
    let total = rows.first().map(|row| row.total).unwrap_or(0);
    Ok(Json(AdminCompanyPage {
        total_pages: total_pages(total, size),
        total_elements: total,
        content: rows.into_iter().map(|row| row.company).collect(),
    }))
}

#[derive(sqlx::FromRow)]
struct AdminCompanyRow {
    #[sqlx(flatten)]
    company: AdminCompany,
    total: i64,
}

/// Handles `PATCH /api/admin/company/{countryCode}/{registryCode}/hasContract` with `true` or
/// `false` as the body: the "Company has a contract" flag (recorded in the audit log).
#[utoipa::path(patch, path = "/company/{countryCode}/{registryCode}/hasContract", tag = "admin",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)), request_body = bool,
    responses((status = 204), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_has_contract(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Json(has_contract): Json<bool>,
) -> ApiResult<axum::http::StatusCode> {
    let mut tx = state.pool.begin().await?;
    let company: Option<Uuid> = sqlx::query_scalar(
        "update companies set has_contract = $3, updated_at = now()
         where country_code = upper($1) and registry_code = $2 and deleted_at is null returning id",
    )
    .bind(&country_code)
    .bind(&registry_code)
    .bind(has_contract)
    .fetch_optional(&mut *tx)
    .await?;
    let company = company.ok_or_else(Error::not_found)?;
    audit::record(
        &mut *tx,
        audit::Entry {
            actor_user_id: Some(signed_in.session.user_id),
            action: "company.has_contract",
            target_user_id: None,
            target_company_id: Some(company),
            details: serde_json::json!({ "hasContract": has_contract }),
            ip: signed_in.context.ip.as_deref(),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// Handles `GET /api/admin/company-claims`: the claims on companies waiting for a decision, oldest
/// first (at most 200). A claim on a company that has a supervisor names them: they decide it too.
#[utoipa::path(get, path = "/company-claims", tag = "admin",
    responses((status = 200, body = Vec<CompanyClaim>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn company_claims(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<CompanyClaim>>> {
    Ok(Json(companies::pending_claims(&state.pool, Decider::Administrator(signed_in.session.user_id)).await?))
}

/// The body of a rejection.
#[derive(Deserialize, ToSchema, Default)]
pub struct ClaimDecisionRequest {
    /// Told to the claimant in the decision mail; at most 500 characters.
    #[serde(default)]
    pub reason: Option<String>,
}

/// Decides a claim and mails the claimant (in their language) once it is stored.
pub(crate) async fn decide_and_tell(
    state: &AppState,
    signed_in: &SignedIn,
    decider: Decider,
    claim_id: Uuid,
    approve: bool,
    reason: Option<&str>,
) -> ApiResult<axum::http::StatusCode> {
    let decision = companies::decide_claim(&state.pool, decider, claim_id, approve, reason, signed_in.context.ip.as_deref()).await?;
    let mail = domain::platform::mail::company_claim_decided(
        decision.locale,
        &decision.claim.username,
        &decision.claim.business_name,
        approve,
        decision.reason.as_deref(),
    );
    if let Err(err) = state.mailer.send(mail).await {
        // the decision stands; the claimant sees it at the next sign-in
        tracing::error!(error = %err, claim_id = %claim_id, "could not send the claim decision mail");
    }
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// Handles `POST /api/admin/company-claims/{id}/approve`: the claimant joins the company's staff
/// (as its supervisor when it has none) and becomes an EMPLOYER; they get an e-mail. Audited.
#[utoipa::path(post, path = "/company-claims/{id}/approve", tag = "admin", params(("id" = Uuid, Path)),
    responses((status = 204, description = "approved"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such waiting claim")))]
async fn approve_claim(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<axum::http::StatusCode> {
    let decider = Decider::Administrator(signed_in.session.user_id);
    decide_and_tell(&state, &signed_in, decider, id, true, None).await
}

/// Handles `POST /api/admin/company-claims/{id}/reject` with `{reason?}`: the claim is declined and
/// the claimant gets an e-mail (with the reason). Audited.
#[utoipa::path(post, path = "/company-claims/{id}/reject", tag = "admin", params(("id" = Uuid, Path)), request_body = ClaimDecisionRequest,
    responses((status = 204, description = "rejected"), (status = 400, body = ErrorBody, description = "`reason` too long"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such waiting claim")))]
async fn reject_claim(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Json(body): Json<ClaimDecisionRequest>,
) -> ApiResult<axum::http::StatusCode> {
    let decider = Decider::Administrator(signed_in.session.user_id);
    decide_and_tell(&state, &signed_in, decider, id, false, body.reason.as_deref()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nobody_acts_as_a_supervisor_and_only_supervisors_act_as_admins() {
        assert!(may_represent(&[Role::Admin], &[Role::User, Role::Applicant]));
        assert!(!may_represent(&[Role::Admin], &[Role::User, Role::Admin]));
        assert!(may_represent(&[Role::Supervisor], &[Role::User, Role::Admin]));
        assert!(!may_represent(&[Role::Supervisor], &[Role::User, Role::Supervisor]));
    }
}
