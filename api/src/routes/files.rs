//! The files of CV rows: an applicant uploads them (type decided by content, per kind), and the
//! owner, or an employer who may read a CV that uses them, downloads them. Anyone else gets "not
//! found", so file ids do not leak.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::Response;
use domain::Error;
use domain::accounts::Role;
use domain::cvs::{self, Viewer};
use domain::files::{self, FileClass, Sniffed, UploadKind, UploadedFile};
use futures::StreamExt;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::download::{Disposition, file_response};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};
use crate::session::SignedIn;
use crate::state::AppState;

/// Under `/api/user`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload)).routes(routes!(download))
}

/// Who reads: the signed-in user, with the company they act for when they are an employer.
pub fn viewer(signed_in: &SignedIn) -> Viewer {
    let session = &signed_in.session;
    Viewer { user_id: session.user_id, company_id: session.company_id.filter(|_| session.has_role(Role::Employer)) }
}

/// Counts an upload against the user's hourly rate (`RateLimits::uploads_per_user`, 60 an hour by
/// default); past it the call answers 429 before the body is read.
pub(crate) async fn count_upload(state: &AppState, signed_in: &SignedIn) -> ApiResult<()> {
    state.limiter.hit("upload", &signed_in.session.user_id.to_string(), state.limits.uploads_per_user).await?;
    Ok(())
}

/// Reads an upload's body into one buffer of its announced size, refusing it ("The file is too
/// large") as soon as it passes `max`. The bytes are copied once, from the connection into this
/// buffer; `to_bytes(..).to_vec()` held them twice.
pub(crate) async fn read_body(headers: &HeaderMap, body: Body, max: usize) -> ApiResult<Vec<u8>> {
    let too_large = || ApiError(Error::field("file", "The file is too large"));
    let announced = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
    if announced.is_some_and(|length| length > max) {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(announced.unwrap_or(0));
    let mut chunks = body.into_data_stream();
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.map_err(|_| ApiError(Error::field("file", "The upload was interrupted; send the file again")))?;
        if bytes.len() + chunk.len() > max {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadParams {
    /// What the file is for; decides which types and sizes are accepted.
    #[param(value_type = Option<UploadKind>, inline)]
    pub kind: Option<String>,
    /// The file's name as the user chose it.
    pub name: Option<String>,
}

/// Handles `POST /api/user/upload?kind=&name=`: the body is the file itself, as with the CV's PDF.
/// Its type is decided by its content, never by its name: `certificate`, `course`, `reference` and
/// `cv` take a PDF or a PNG/JPG picture (at most 10 MiB); `portfolio` also takes Word (.doc, .docx),
/// PowerPoint (.ppt, .pptx), ODT, video (MP4, MOV, WebM, MKV, AVI, Ogg) and audio (MP3, M4A, Ogg,
/// WAV, FLAC) (at most 50 MiB); `chat` takes a PDF, a PNG/JPG picture or a Word, PowerPoint or ODT
/// document (at most 10 MiB). Pictures are stored without their metadata. Answers the file; its
/// `fileId` goes into the CV's rows (`fileId`, `fileIds`) when the CV is saved, or into a chat
/// message (`attachmentFileId`).
///
/// Limits: a user's stored files take at most 200 MiB together (`storage_quota_exceeded`), a
/// user uploads at most 60 files an hour (429, with this call's siblings: the profile picture and
/// a CV's PDF), and a file no CV row refers to is deleted a day after its upload.
#[utoipa::path(post, path = "/upload", tag = "user", params(UploadParams),
    request_body(content = String, content_type = "application/octet-stream", description = "the file's bytes"),
    responses((status = 201, body = UploadedFile),
        (status = 400, body = ErrorBody, description = "`kind`: unknown kind; `file`: The file is too large, or Wrong file (a type the kind does not take); \
            storage_quota_exceeded (`file`): the user's files would take more than 200 MiB"),
        (status = 401, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "more than 60 uploads in an hour"),
        (status = 507, body = ErrorBody, description = "insufficient_storage: the server's file storage is full; nothing was stored")))]
async fn upload(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Query(params): Query<UploadParams>,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<(StatusCode, Json<UploadedFile>)> {
    let kind = match params.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => return Err(Error::field("kind", "Choose what the file is for: certificate, course, reference, portfolio, cv or chat").into()),
        Some(kind) => UploadKind::parse(kind)
            .ok_or_else(|| Error::field("kind", "Unknown kind of file: choose certificate, course, reference, portfolio, cv or chat"))?,
    };
    count_upload(&state, &signed_in).await?;
    let bytes = read_body(&headers, body, kind.max_bytes()).await?;
    let name = params.name.unwrap_or_default();
    let uploaded = files::upload_cv_file(&state.pool, &state.files, signed_in.session.user_id, kind, &name, bytes).await?;
    Ok((StatusCode::CREATED, Json(uploaded)))
}

/// Handles `GET /api/user/files/{id}`: a CV file (a row's file or a CV's PDF) with its type and
/// name. Its owner reads it, and so does an employer who may read a CV that uses it (a company
/// that received an application with the CV, or one with CV-database access while the CV is
/// there). Pictures open in the browser; everything else downloads.
#[utoipa::path(get, path = "/files/{id}", tag = "user", params(("id" = Uuid, Path)),
    responses((status = 200, description = "the file", content_type = "application/octet-stream"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "unknown, or not the caller's to read")))]
async fn download(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Response> {
    let file = cvs::file_for(&state.pool, &viewer(&signed_in), id).await?;
    let stored = state.files.open(&file.storage_key).await.map_err(|_| Error::not_found())?;
    let size = stored.size;
    let body = Body::from_stream(stored.stream);
    let disposition = match Sniffed::from_content_type(&file.content_type).map(Sniffed::class) {
        Some(FileClass::Image) => Disposition::Inline,
        _ => Disposition::Attachment,
    };
    let mut response = file_response(&file.content_type, disposition, &file.download_name(), body);
    response.headers_mut().insert(axum::http::header::CONTENT_LENGTH, size.into());
    Ok(response)
}
