//! The invited person's side of staff invitations (issue 32 item 1), mounted under `/api/user`
//! for any signed-in account: the pending invitations to the account's e-mail, accept and
//! decline. Only the account whose username is the invited e-mail sees or answers an invitation;
//! anyone else's is "not found". An administrator acting as the user answers nothing (403): joining
//! a company is the person's own decision. The rules are in `domain::companies::invitations`.

use axum::extract::State;
use axum::http::StatusCode;
use domain::Error;
use domain::accounts::{self, Me, sessions};
use domain::companies::invitations::{self, MyStaffInvitation};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::session::SignedIn;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(my_invitations)).routes(routes!(accept)).routes(routes!(decline))
}

/// 403 while an administrator acts as the user.
fn the_person_themself(signed_in: &SignedIn) -> ApiResult<()> {
    if signed_in.session.original_user_id.is_some() {
        return Err(Error::forbidden().into());
    }
    Ok(())
}

/// Handles `GET /api/user/staff-invitations`: the pending invitations to the user's e-mail, newest first.
#[utoipa::path(get, path = "/staff-invitations", tag = "user",
    responses((status = 200, body = Vec<MyStaffInvitation>), (status = 401, body = ErrorBody)))]
async fn my_invitations(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<MyStaffInvitation>>> {
    Ok(Json(invitations::mine(&state.pool, signed_in.session.user_id).await?))
}

/// Handles `POST /api/user/staff-invitations/{invitationId}/accept`: the user joins the company's
/// staff (EMPLOYER role) and acts for it from now on. Their profile stays as it is. Audited.
#[utoipa::path(post, path = "/staff-invitations/{invitationId}/accept", tag = "user",
    params(("invitationId" = Uuid, Path)),
    responses((status = 200, body = Me, description = "joined; the session acts for the company"),
        (status = 400, body = ErrorBody, description = "the id is not a UUID"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "an administrator acting as the user"),
        (status = 404, body = ErrorBody, description = "no pending invitation of that id to the user's e-mail (another's, answered, withdrawn or expired)")))]
async fn accept(State(state): State<AppState>, signed_in: SignedIn, Path(invitation_id): Path<Uuid>) -> ApiResult<Json<Me>> {
    the_person_themself(&signed_in)?;
    let session = &signed_in.session;
    let (company_id, _) = invitations::accept(&state.pool, session.user_id, invitation_id, signed_in.context.ip.as_deref()).await?;
    sessions::set_company(&state.pool, session.id, company_id).await?;
    Ok(Json(accounts::load_me(&state.pool, session.user_id, session.original_user_id, Some(company_id)).await?))
}

/// Handles `POST /api/user/staff-invitations/{invitationId}/decline`: the invitation is deleted;
/// nothing else changes. Audited.
#[utoipa::path(post, path = "/staff-invitations/{invitationId}/decline", tag = "user",
    params(("invitationId" = Uuid, Path)),
    responses((status = 204, description = "declined"),
        (status = 400, body = ErrorBody, description = "the id is not a UUID"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "an administrator acting as the user"),
        (status = 404, body = ErrorBody, description = "no pending invitation of that id to the user's e-mail (another's, answered, withdrawn or expired)")))]
async fn decline(State(state): State<AppState>, signed_in: SignedIn, Path(invitation_id): Path<Uuid>) -> ApiResult<StatusCode> {
    the_person_themself(&signed_in)?;
    invitations::decline(&state.pool, signed_in.session.user_id, invitation_id, signed_in.context.ip.as_deref()).await?;
    Ok(StatusCode::NO_CONTENT)
}
