//! One company in the back office (issue 19): its screen (staff, vacancies and services at a
//! glance), deleting it once its registry number is typed, and the administrators' comments on it.
//! Rules in `domain::admin::companies`. Mounted under `/api/admin`.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::admin::companies::{self, Comment, DeletedCompany};
use domain::billing::services::{self, Holder, ServiceItem};
use domain::companies::MODIFIED_SQL;
use domain::companies::staff::{self, StaffMember};
use domain::platform::error::Error;
use domain::vacancies::employer_list::{self, TabFilter};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::routes::employer_applications::CommentAuthor;
use crate::routes::employer_vacancies::{EmployerVacancy, VacancyTabCounts};
use crate::session::SignedIn;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_company, delete_company))
        .routes(routes!(company_comments, add_company_comment, delete_company_comment))
}

/// How many of the company's latest vacancies its screen lists.
const LATEST_VACANCIES: u32 = 10;

/// A company as its back-office screen shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCompanyDetail {
    /// Filters the audit log to the company's own entries (`GET /api/admin/audit?companyId=`).
    pub company_id: Uuid,
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub address: Option<String>,
    /// The e-mail of the company's supervisor, whom "log in as the company" acts as.
    pub supervisor: Option<String>,
    pub has_contract: bool,
    pub created_at: DateTime<Utc>,
    /// When its data, profile or descriptions last changed.
    pub modified_at: DateTime<Utc>,
    /// The staff, the supervisor first.
    pub staff: Vec<StaffMember>,
    /// How many vacancies each tab of the company's "my vacancies" holds.
    pub vacancy_counts: VacancyTabCounts,
    /// The latest vacancies (at most 10), newest change first.
    pub vacancies: Vec<EmployerVacancy>,
    /// Its services: active first, then waiting, unpaid, finished and cancelled.
    pub services: Vec<ServiceItem>,
}

#[derive(sqlx::FromRow)]
struct CompanyRow {
    id: Uuid,
    country_code: String,
    registry_code: String,
    business_name: String,
    address: Option<String>,
    supervisor: Option<String>,
    has_contract: bool,
    created_at: DateTime<Utc>,
    modified_at: DateTime<Utc>,
}

/// Handles `GET /api/admin/company/{countryCode}/{registryCode}`: the company's screen — its
/// staff and supervisor, vacancy counts and latest vacancies, and services.
#[utoipa::path(get, path = "/company/{countryCode}/{registryCode}", tag = "admin",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)),
    responses((status = 200, body = AdminCompanyDetail), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such company, or it was deleted")))]
async fn admin_company(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
) -> ApiResult<Json<AdminCompanyDetail>> {
    let sql = format!(
        "select c.id, c.country_code, c.registry_code, c.business_name, c.address, u.username as supervisor, c.has_contract, c.created_at,
                {MODIFIED_SQL} as modified_at
         from companies c left join users u on u.id = c.supervisor_user_id and u.deleted_at is null
         where c.country_code = upper($1) and c.registry_code = $2 and c.deleted_at is null"
    );
    let company: Option<CompanyRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
    .bind(&country_code)
    .bind(&registry_code)
    .fetch_optional(&state.pool)
    .await?;
    let company = company.ok_or_else(Error::not_found)?;
    let locale = signed_in.context.locale;
    let staff = staff::list(&state.pool, company.id).await?;
    let vacancies = employer_list::list(&state.pool, company.id, locale, TabFilter::All, None, (0, LATEST_VACANCIES), Utc::now()).await?;
    let services = services::list(&state.pool, Holder::Company(company.id), None, locale).await?;
    Ok(Json(AdminCompanyDetail {
        company_id: company.id,
        country_code: company.country_code,
        registry_code: company.registry_code,
        business_name: company.business_name,
        address: company.address,
        supervisor: company.supervisor,
        has_contract: company.has_contract,
        created_at: company.created_at,
        modified_at: company.modified_at,
        staff,
        vacancy_counts: vacancies.counts.into(),
        vacancies: vacancies.rows.into_iter().map(EmployerVacancy::from).collect(),
        services,
    }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TypedRegistryNumber {
    /// The company's registry number as the administrator typed it to confirm.
    pub registry_number: Option<String>,
}

/// Handles `DELETE /api/admin/company/{countryCode}/{registryCode}?registryNumber=`: deletes the
/// company once its registry number is typed. Its vacancies leave the search, its people keep
/// their own accounts (off its staff), its invoices stay for the accounts. Audited.
#[utoipa::path(delete, path = "/company/{countryCode}/{registryCode}", tag = "admin",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), TypedRegistryNumber),
    responses((status = 200, body = DeletedCompany, description = "deleted: what went and what stayed"),
        (status = 400, body = ErrorBody, description = "validation naming `registryNumber`: \"Failed to delete company data\" (a wrong entry; nothing changes)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such company, or it was deleted already")))]
async fn delete_company(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Query(params): Query<TypedRegistryNumber>,
) -> ApiResult<Json<DeletedCompany>> {
    let typed = params.registry_number.unwrap_or_default();
    let deleted =
        companies::delete(&state.pool, signed_in.session.user_id, &country_code, &registry_code, &typed, signed_in.context.ip.as_deref()).await?;
    Ok(Json(deleted))
}

/// A comment of the back office on a company; the company never sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyComment {
    pub comment_id: Uuid,
    pub author: CommentAuthor,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

impl From<Comment> for CompanyComment {
    fn from(c: Comment) -> Self {
        CompanyComment {
            comment_id: c.id,
            author: CommentAuthor { user_id: c.author_user_id, firstname: c.author_firstname, lastname: c.author_lastname, username: c.author_username },
            body: c.body,
            created_at: c.created_at,
        }
    }
}

/// Handles `GET /api/admin/company/{countryCode}/{registryCode}/comments`: the back office's
/// comments on the company, newest first.
#[utoipa::path(get, path = "/company/{countryCode}/{registryCode}/comments", tag = "admin",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)),
    responses((status = 200, body = Vec<CompanyComment>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such company")))]
async fn company_comments(
    State(state): State<AppState>,
    Path((country_code, registry_code)): Path<(String, String)>,
) -> ApiResult<Json<Vec<CompanyComment>>> {
    Ok(Json(companies::comments(&state.pool, &country_code, &registry_code).await?.into_iter().map(Into::into).collect()))
}

#[derive(Deserialize, ToSchema)]
pub struct NewCompanyComment {
    /// 1 to 2000 characters.
    pub body: String,
}

/// Handles `POST /api/admin/company/{countryCode}/{registryCode}/comments`: adds the
/// administrator's comment. Audited.
#[utoipa::path(post, path = "/company/{countryCode}/{registryCode}/comments", tag = "admin",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)), request_body = NewCompanyComment,
    responses((status = 201, body = CompanyComment),
        (status = 400, body = ErrorBody, description = "validation naming `body`: empty or longer than 2000 characters"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such company")))]
async fn add_company_comment(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Json(body): Json<NewCompanyComment>,
) -> ApiResult<(StatusCode, Json<CompanyComment>)> {
    let comment = companies::add_comment(
        &state.pool,
        signed_in.session.user_id,
        &country_code,
        &registry_code,
        &body.body,
        signed_in.context.ip.as_deref(),
    )
    .await?;
    Ok((StatusCode::CREATED, Json(comment.into())))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CompanyCommentRef {
    pub comment_id: Uuid,
}

/// Handles `DELETE /api/admin/company/{countryCode}/{registryCode}/comments?commentId=`: deletes a
/// comment on the company. Audited with the removed text.
#[utoipa::path(delete, path = "/company/{countryCode}/{registryCode}/comments", tag = "admin",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), CompanyCommentRef),
    responses((status = 204), (status = 400, body = ErrorBody, description = "commentId missing or not an id"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such company, or not a comment on it")))]
async fn delete_company_comment(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Query(params): Query<CompanyCommentRef>,
) -> ApiResult<StatusCode> {
    companies::delete_comment(
        &state.pool,
        signed_in.session.user_id,
        &country_code,
        &registry_code,
        params.comment_id,
        signed_in.context.ip.as_deref(),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
