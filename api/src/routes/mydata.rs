//! "My data": a signed-in user downloads everything the service holds about them, or deletes
//! their account.

use axum::Extension;
use axum::body::Body;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use domain::Error;
use domain::mydata::{self, Export};
use serde::Deserialize;
use tokio_util::io::ReaderStream;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::download::{Disposition, file_response};
use crate::error::{ApiResult, ErrorBody, Json};
use crate::session::{SessionChange, SignedIn};
use crate::state::AppState;

/// Under `/api/user`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(my_data)).routes(routes!(delete_account))
}

/// Handles `GET /api/user/my-data`: a zip of everything the service holds about the user:
/// `data.json` (account and profile, consents, sessions without their tokens, company
/// memberships, CVs in full, applications with answers, favourite vacancies, interviews, calendar
/// events, working hours, chats, notification settings and notifications, invoices, and a list of
/// files) and `files/` (profile picture, CV PDFs and row files, chat attachments, invoice PDFs).
/// At most 5 exports an hour per user. Not while an administrator acts as the user.
#[utoipa::path(get, path = "/my-data", tag = "user",
    responses((status = 200, description = "the archive, as an attachment", content_type = "application/zip"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "an administrator acting as the user"),
        (status = 429, body = ErrorBody, description = "too many exports; `Retry-After` says when to try again")))]
async fn my_data(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Response> {
    if signed_in.session.original_user_id.is_some() {
        // an administrator acting as the user does not take the user's data home
        return Err(Error::forbidden().into());
    }
    let user_id = signed_in.session.user_id;
    state.limiter.hit("my-data", &user_id.to_string(), state.limits.my_data_per_user).await?;
    let Export { file, size } = mydata::export(&state.pool, &state.files, user_id, &state.config.retention).await?;
    let body = Body::from_stream(ReaderStream::new(tokio::fs::File::from_std(file)));
    let name = format!("vakants-my-data-{}.zip", chrono::Utc::now().format("%Y-%m-%d"));
    let mut response = file_response("application/zip", Disposition::Attachment, &name, body);
    response.headers_mut().insert(axum::http::header::CONTENT_LENGTH, size.into());
    Ok(response)
}

#[derive(Deserialize, ToSchema)]
pub struct DeleteAccountRequest {
    /// The account's e-mail address, typed again to confirm (case does not matter).
    pub email: String,
}

/// Handles `DELETE /api/user/account`: deletes the signed-in user's account once `email` matches
/// it. Every session ends (the session cookie is cleared); CVs and their files are erased and leave
/// the CV database; the profile picture, favourites, saved searches, calendar events, working hours, notifications,
/// notification settings and chats are erased; applications and interviews stay for the employers,
/// anonymised (no CV, cover letter, answers or messages; shown as a deleted applicant; upcoming
/// interviews cancelled); company memberships end; invoices are kept as the law requires. The
/// e-mail address may register again. Not while an administrator acts as the user.
#[utoipa::path(delete, path = "/account", tag = "user", request_body = DeleteAccountRequest,
    responses((status = 204, description = "deleted; signed out"),
        (status = 400, body = ErrorBody, description = "`email`: empty, or not the account's address"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "an administrator acting as the user")))]
async fn delete_account(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Json(body): Json<DeleteAccountRequest>,
) -> ApiResult<(Extension<SessionChange>, StatusCode)> {
    if signed_in.session.original_user_id.is_some() {
        return Err(Error::forbidden().into());
    }
    mydata::delete_account(&state.pool, &state.files, signed_in.session.user_id, &body.email, signed_in.context.ip.as_deref())
        .await?;
    Ok((Extension(SessionChange::Ended), StatusCode::NO_CONTENT))
}
