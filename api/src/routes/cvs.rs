//! CV calls: the applicant saves, lists and deletes their CVs and their uploaded PDF; a signed-in
//! user reads a CV. Every call by id answers "not found" for someone else's CV, so ids do not leak.

use axum::body::Body;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use domain::cvs::{self, Cv, CvInput, CvPdf, CvSummary};
use domain::files::MAX_PDF_BYTES;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::download::{Disposition, file_response};
use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::SignedIn;
use crate::state::AppState;

/// Under `/api/applicant`.
pub fn applicant_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(save_cv))
        .routes(routes!(my_cvs))
        .routes(routes!(delete_cv))
        .routes(routes!(generated_pdf, upload_pdf, delete_pdf))
}

/// Under `/api/user`.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_cv))
}

/// Handles `POST /api/applicant/cv`: creates a CV, or replaces the applicant's CV `cvId` with every
/// list. `draft: true` keeps it a draft (required fields not enforced); otherwise every rule of a
/// finished CV applies. A failed save changes nothing. The CV database learns of the change.
#[utoipa::path(post, path = "/cv", tag = "applicant", request_body = CvInput,
    responses((status = 200, body = Cv),
        (status = 400, body = ErrorBody, description = "validation: `field` names the field, e.g. `educations[1].institution`"),
        (status = 404, body = ErrorBody, description = "`cvId` is not one of the applicant's CVs")))]
async fn save_cv(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<CvInput>) -> ApiResult<Json<Cv>> {
    let owner = signed_in.session.user_id;
    let id = cvs::save(&state.pool, &state.files, owner, &body).await?;
    Ok(Json(cvs::get(&state.pool, owner, id).await?))
}

/// Handles `GET /api/applicant/cv/my`: the applicant's CVs, most recently changed first.
#[utoipa::path(get, path = "/cv/my", tag = "applicant",
    responses((status = 200, body = Vec<CvSummary>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn my_cvs(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<CvSummary>>> {
    Ok(Json(cvs::mine(&state.pool, signed_in.session.user_id).await?))
}

/// Handles `DELETE /api/applicant/cv/{id}`: deletes the applicant's CV; it leaves the CV database.
#[utoipa::path(delete, path = "/cv/{id}", tag = "applicant", params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody, description = "not one of the applicant's CVs")))]
async fn delete_cv(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<StatusCode> {
    cvs::delete(&state.pool, &state.files, signed_in.session.user_id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadName {
    /// The file's name as the user chose it (shown in "my CVs").
    pub name: Option<String>,
}

/// Handles `POST /api/applicant/cv/{id}/pdf?name=`: the body is the CV's file itself, a PDF or a
/// picture (PNG, JPEG; at most 10 MiB, checked by content). It replaces the CV's file; a PDF's
/// text becomes searchable in the CV database.
#[utoipa::path(post, path = "/cv/{id}/pdf", tag = "applicant", params(("id" = Uuid, Path), UploadName),
    request_body(content = String, content_type = "application/pdf", description = "the file's bytes: a PDF, PNG or JPEG"),
    responses((status = 201, body = CvPdf),
        (status = 400, body = ErrorBody, description = "The file is too large; Wrong file (not a PDF, PNG or JPEG by its content); \
            storage_quota_exceeded (`file`): the user's files would take more than 200 MiB"),
        (status = 404, body = ErrorBody, description = "not one of the applicant's CVs"),
        (status = 429, body = ErrorBody, description = "more than 60 uploads in an hour"),
        (status = 507, body = ErrorBody, description = "insufficient_storage: the server's file storage is full; nothing was stored")))]
async fn upload_pdf(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Query(params): Query<UploadName>,
    headers: axum::http::HeaderMap,
    body: Body,
) -> ApiResult<(StatusCode, Json<CvPdf>)> {
    let owner = signed_in.session.user_id;
    crate::routes::files::count_upload(&state, &signed_in).await?;
    let bytes = crate::routes::files::read_body(&headers, body, MAX_PDF_BYTES).await?;
    let name = params.name.as_deref().map(str::trim).filter(|n| !n.is_empty()).unwrap_or("cv.pdf");
    domain::files::attach_cv_file(&state.pool, &state.files, owner, id, name, &bytes).await?;
    let pdf = cvs::pdf(&state.pool, owner, id).await?.ok_or_else(domain::Error::not_found)?;
    Ok((StatusCode::CREATED, Json(pdf)))
}

/// Handles `DELETE /api/applicant/cv/{id}/pdf`: removes the CV's uploaded PDF.
#[utoipa::path(delete, path = "/cv/{id}/pdf", tag = "applicant", params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody, description = "not one of the applicant's CVs")))]
async fn delete_pdf(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<StatusCode> {
    cvs::remove_pdf(&state.pool, &state.files, signed_in.session.user_id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `GET /api/applicant/cv/{id}/pdf`: the applicant's CV as a generated PDF (every section,
/// headings in the language of `Accept-Language`), downloaded as `cv-<first>-<last>.pdf`. Another
/// applicant's CV is "not found"; a failure to build the document answers 500 "Failed to generate PDF".
/// Each user lays out at most `RateLimits::pdf_renders_per_user` (30 an hour) before 429, and the
/// process at most `typeset::MAX_CONCURRENT_RENDERS` at a time (503 after waiting 10 s for a place).
#[utoipa::path(get, path = "/cv/{id}/pdf", tag = "applicant", params(("id" = Uuid, Path)),
    responses((status = 200, description = "the PDF, as an attachment", content_type = "application/pdf"),
        (status = 404, body = ErrorBody, description = "not one of the applicant's CVs"),
        (status = 429, body = ErrorBody, description = "too_many_requests: more CV PDFs than the hourly rate"),
        (status = 500, body = ErrorBody, description = "pdf_generation_failed: Failed to generate PDF"),
        (status = 503, body = ErrorBody, description = "service_unavailable: every place for laying out documents stayed taken")))]
async fn generated_pdf(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Response> {
    state.limiter.hit("cv-pdf", &signed_in.session.user_id.to_string(), state.limits.pdf_renders_per_user).await?;
    let (bytes, name) = domain::cvs::pdf::generate(&state.pool, signed_in.session.user_id, id, signed_in.context.locale).await?;
    Ok(file_response("application/pdf", Disposition::Attachment, &name, bytes))
}

/// Handles `GET /api/user/cv/{id}`: the whole CV, for its owner and for an employer who may read
/// it: a company that received an application with it (not withdrawn), or one with an active
/// CV-database service while the CV is finished and visible there. Anyone else gets "not found".
#[utoipa::path(get, path = "/cv/{id}", tag = "user", params(("id" = Uuid, Path)),
    responses((status = 200, body = Cv), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_cv(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<Cv>> {
    Ok(Json(cvs::get_for(&state.pool, &crate::routes::files::viewer(&signed_in), id).await?))
}
