//! Running the company (the my-company page): its general information and its staff.
//!
//! Who may: any staff member reads the company, its general information and staff list, and
//! edits the general information (spec 2 section 6 gives the company profile to every EMPLOYER);
//! only the supervisor invites, edits (the job title: a member's name and phone are their own) and
//! removes staff, sees and withdraws the pending invitations and hands the supervisor role over
//! (others get 403). A company the user does not work for is "not found". Nobody joins without
//! accepting (`domain::companies::invitations`, issue 32 item 1).

use axum::extract::State;
use axum::http::StatusCode;
use domain::Error;
use chrono::{DateTime, Utc};
use domain::companies::MODIFIED_SQL;
use domain::companies::profile::{self, CompanyProfileInput};
use domain::companies::invitations::{self, StaffInvitation, StaffInvitationInput};
use domain::companies::staff::{self, StaffMember, StaffMemberInput};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{ActingCompany, SignedIn};
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(acting_company))
        .routes(routes!(save_profile))
        .routes(routes!(staff_list, invite_staff, remove_staff))
        .routes(routes!(edit_staff_member))
        .routes(routes!(staff_invitations))
        .routes(routes!(withdraw_staff_invitation))
        .routes(routes!(hand_over))
        .merge(super::company_branding::router())
}

/// The company the employer acts for, with what its editor needs.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyCompany {
    pub country_code: String,
    pub registry_code: String,
    pub business_name: String,
    pub has_contract: bool,
    /// When the company was registered.
    pub created_at: DateTime<Utc>,
    /// When its data, profile or descriptions last changed.
    pub modified_at: DateTime<Utc>,
    /// Whether the signed-in user is the company's supervisor (runs the staff).
    pub is_supervisor: bool,
    pub profile: CompanyProfileInput,
}

/// The company of the path when the user is on its staff; "not found" otherwise.
pub(crate) async fn company_of(state: &AppState, signed_in: &SignedIn, country_code: &str, registry_code: &str) -> ApiResult<Uuid> {
    Ok(domain::companies::staff_company(&state.pool, signed_in.session.user_id, country_code, registry_code).await?.ok_or_else(Error::not_found)?)
}

async fn load_my_company(state: &AppState, company_id: Uuid, user_id: Uuid) -> ApiResult<MyCompany> {
    let sql = format!("select country_code, registry_code, business_name, has_contract, created_at, {MODIFIED_SQL} from companies c where id = $1");
    let (country_code, registry_code, business_name, has_contract, created_at, modified_at): (String, String, String, bool, DateTime<Utc>, DateTime<Utc>) =
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(company_id)
            .fetch_one(&state.pool)
            .await
            .map_err(Error::from)?;
    Ok(MyCompany {
        country_code,
        registry_code,
        business_name,
        has_contract,
        created_at,
        modified_at,
        is_supervisor: staff::is_supervisor(&state.pool, company_id, user_id).await?,
        profile: profile::load(&state.pool, company_id).await?,
    })
}

/// Handles `GET /api/employer/company`: the company the employer acts for, with its general information.
#[utoipa::path(get, path = "/company", tag = "employer",
    responses((status = 200, body = MyCompany), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not acting for a company")))]
async fn acting_company(State(state): State<AppState>, acting: ActingCompany) -> ApiResult<Json<MyCompany>> {
    Ok(Json(load_my_company(&state, acting.company_id, acting.signed_in.session.user_id).await?))
}

/// Handles `POST /api/employer/companies/{countryCode}/{registryCode}/profile`: replaces the
/// company's general information; the public company page and the search index (through an index
/// job on the same transaction) follow. Audited.
#[utoipa::path(post, path = "/companies/{countryCode}/{registryCode}/profile", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)), request_body = CompanyProfileInput,
    responses((status = 200, body = MyCompany),
        (status = 400, body = ErrorBody, description = "validation, naming the field: `email` (required, not valid), `invoicesEmail`, `contactPhoneNumber` (no country code), `website` and the social links (not http(s)), `categoryCodes[i]`, `companySizeCode`, `ehakCode` (unknown), `descriptions[i].languageCode`/`.content`, `address`, `companyType`, `employerType` (too long)"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "not a company the user works for")))]
async fn save_profile(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Json(body): Json<CompanyProfileInput>,
) -> ApiResult<Json<MyCompany>> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    profile::save(&state.pool, company_id, signed_in.session.user_id, &body, signed_in.context.ip.as_deref()).await?;
    Ok(Json(load_my_company(&state, company_id, signed_in.session.user_id).await?))
}

/// Handles `GET /api/employer/company/{countryCode}/{registryCode}/staff`: the company's staff,
/// the supervisor first.
#[utoipa::path(get, path = "/company/{countryCode}/{registryCode}/staff", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)),
    responses((status = 200, body = Vec<StaffMember>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a company the user works for")))]
async fn staff_list(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
) -> ApiResult<Json<Vec<StaffMember>>> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    Ok(Json(staff::list(&state.pool, company_id).await?))
}

/// Handles `POST /api/employer/company/{countryCode}/{registryCode}/staff`: the supervisor invites
/// an e-mail to the staff. Nothing of the person's account changes until they accept in their own
/// account; the answer is the pending invitation (the e-mail and "invited", nothing of the
/// account). The invitation mail is queued on the same transaction. A second add of a pending
/// e-mail changes nothing and mails nothing. Audited.
#[utoipa::path(post, path = "/company/{countryCode}/{registryCode}/staff", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)), request_body = StaffInvitationInput,
    responses((status = 200, body = StaffInvitation, description = "the pending invitation (the same one for a second add)"),
        (status = 400, body = ErrorBody, description = "validation, naming the field: `email` (required, valid; \"This person is already on the staff\"), `jobTitle` (over 100 characters); any other field, such as `firstname` or `phoneNumber` (a person's name and phone are their own)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an employer, or staff but not the company's supervisor"),
        (status = 404, body = ErrorBody, description = "not a company the user works for")))]
async fn invite_staff(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Json(body): Json<StaffInvitationInput>,
) -> ApiResult<Json<StaffInvitation>> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    let context = &signed_in.context;
    Ok(Json(invitations::invite(&state.pool, company_id, signed_in.session.user_id, context.locale, &body, context.ip.as_deref()).await?))
}

/// Handles `POST /api/employer/company/{countryCode}/{registryCode}/staff/{userId}`: the supervisor
/// edits what the company keeps about a member (the job title). Audited.
#[utoipa::path(post, path = "/company/{countryCode}/{registryCode}/staff/{userId}", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), ("userId" = Uuid, Path)), request_body = StaffMemberInput,
    responses((status = 200, body = StaffMember),
        (status = 400, body = ErrorBody, description = "`jobTitle` over 100 characters, any other field (such as `firstname`), or the user id is not a UUID"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an employer, or staff but not the company's supervisor"),
        (status = 404, body = ErrorBody, description = "not a company the user works for, or not one of its staff")))]
async fn edit_staff_member(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code, user_id)): Path<(String, String, Uuid)>,
    Json(body): Json<StaffMemberInput>,
) -> ApiResult<Json<StaffMember>> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    let ip = signed_in.context.ip.as_deref();
    Ok(Json(staff::edit(&state.pool, company_id, signed_in.session.user_id, user_id, &body, ip).await?))
}

/// Handles `GET /api/employer/company/{countryCode}/{registryCode}/staff/invitations`: the pending
/// invitations, newest first (the supervisor only): e-mail, job title, status "invited".
#[utoipa::path(get, path = "/company/{countryCode}/{registryCode}/staff/invitations", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path)),
    responses((status = 200, body = Vec<StaffInvitation>), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not an employer, or staff but not the company's supervisor"),
        (status = 404, body = ErrorBody, description = "not a company the user works for")))]
async fn staff_invitations(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
) -> ApiResult<Json<Vec<StaffInvitation>>> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    Ok(Json(invitations::pending(&state.pool, company_id, signed_in.session.user_id).await?))
}

/// Handles `DELETE /api/employer/company/{countryCode}/{registryCode}/staff/invitations/{invitationId}`:
/// the supervisor withdraws a pending invitation. Audited.
#[utoipa::path(delete, path = "/company/{countryCode}/{registryCode}/staff/invitations/{invitationId}", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), ("invitationId" = Uuid, Path)),
    responses((status = 204, description = "withdrawn"), (status = 400, body = ErrorBody, description = "the id is not a UUID"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not an employer, or staff but not the company's supervisor"),
        (status = 404, body = ErrorBody, description = "not a company the user works for, or no such pending invitation")))]
async fn withdraw_staff_invitation(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code, invitation_id)): Path<(String, String, Uuid)>,
) -> ApiResult<StatusCode> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    invitations::withdraw(&state.pool, company_id, signed_in.session.user_id, invitation_id, signed_in.context.ip.as_deref()).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StaffMemberParam {
    /// The staff member to remove.
    pub user_id: Uuid,
}

/// Handles `DELETE /api/employer/company/{countryCode}/{registryCode}/staff?userId=`: the
/// supervisor removes a staff member, who loses the company at their next request.
#[utoipa::path(delete, path = "/company/{countryCode}/{registryCode}/staff", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), StaffMemberParam),
    responses((status = 204, description = "removed"),
        (status = 400, body = ErrorBody, description = "`userId`: the supervisor cannot remove themself"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "staff, but not the company's supervisor"),
        (status = 404, body = ErrorBody, description = "not a company the user works for, or no such staff member")))]
async fn remove_staff(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code)): Path<(String, String)>,
    Query(param): Query<StaffMemberParam>,
) -> ApiResult<StatusCode> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    staff::remove(&state.pool, company_id, signed_in.session.user_id, param.user_id, signed_in.context.ip.as_deref()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `POST /api/employer/company/{countryCode}/{registryCode}/staff/supervisor/{userId}`:
/// the supervisor hands the role to a staff member and stays on the staff.
#[utoipa::path(post, path = "/company/{countryCode}/{registryCode}/staff/supervisor/{userId}", tag = "employer",
    params(("countryCode" = String, Path), ("registryCode" = String, Path), ("userId" = Uuid, Path)),
    responses((status = 200, body = StaffMember),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "staff, but not the company's supervisor"),
        (status = 404, body = ErrorBody, description = "not a company the user works for, or not one of its staff")))]
async fn hand_over(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((country_code, registry_code, user_id)): Path<(String, String, Uuid)>,
) -> ApiResult<Json<StaffMember>> {
    let company_id = company_of(&state, &signed_in, &country_code, &registry_code).await?;
    Ok(Json(staff::hand_over(&state.pool, company_id, signed_in.session.user_id, user_id, signed_in.context.ip.as_deref()).await?))
}
