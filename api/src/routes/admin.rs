//! Administrator calls. `be-original` is mounted beside the admin area, not inside it: while an
//! administrator acts as someone else the session carries that user's roles, and the way back must
//! stay open.

use axum::Extension;
use axum::extract::State;
use domain::accounts::{self, Me, Role};
use domain::error::{Error, ErrorCode};
use domain::sessions::{self, Session};
use domain::{audit, companies};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::session::{RequestContext, SessionChange, SignedIn};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(represent))
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

/// Handles `GET /api/admin/represent/{username}`: act as another user (recorded in the audit log;
/// the session is rotated). Needs the anti-forgery header, as it changes state.
#[utoipa::path(get, path = "/represent/{username}", tag = "admin",
    params(("username" = String, Path, description = "the e-mail of the user to act as")),
    responses((status = 200, body = Me, description = "now acting as the user; originalUser names the administrator"),
        (status = 400, body = ErrorBody, description = "cannot_represent: Can't login as another user"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn represent(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(username): Path<String>,
) -> ApiResult<(Extension<SessionChange>, Json<Me>)> {
    let current = &signed_in.session;
    let username = accounts::normalize_email(&username)?;
    let target = accounts::find_by_username(&state.pool, &username).await?.ok_or_else(Error::not_found)?;
    let target_roles = accounts::roles_of(&state.pool, target.id).await?;
    if current.original_user_id.is_some() || target.id == current.user_id || !may_represent(&current.roles, &target_roles) {
        return Err(Error::code(ErrorCode::CannotRepresent).into());
    }
    let company_id = companies::default_company(&state.pool, target.id).await?;
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
