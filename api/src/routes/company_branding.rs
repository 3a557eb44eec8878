//! The acting company's branding (the my-company page's branding tab: logo, cover, gallery, video
//! link, `domain::companies::branding`) with its picture uploads, and its contract flag. Any of the
//! company's staff; anyone else (not an employer, or no longer on the staff) gets 403.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use domain::Error;
use domain::companies::branding::{self, CompanyBranding, CompanyBrandingInput};
use domain::files::{self, MAX_PICTURE_BYTES};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json, Query};
use crate::routes::employer_vacancy_document::{MULTIPART_OVERHEAD, PictureUpload, UploadedPicture, file_part};
use crate::routes::files::count_upload;
use crate::session::ActingCompany;
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_company_branding, save_company_branding))
        .routes(routes!(company_contract))
        .merge(OpenApiRouter::new().routes(routes!(upload_company_picture)).layer(DefaultBodyLimit::max(MAX_PICTURE_BYTES + MULTIPART_OVERHEAD)))
}

const BRANDING_ERRORS: &str = "validation naming the field: `videoUrl` (not an http(s) address of YouTube or Vimeo), \
    `galleryFileIds` (more than 10), `galleryFileIds[i]` (twice, or not found), `logoFileId`, `coverFileId`, \
    `galleryFileIds[i]`: \"The picture was not found: upload it again\" (unknown, of another kind, or not the company's)";

/// Handles `GET /api/employer/companies/company-branding`: the acting company's logo, cover,
/// gallery and video link, as `POST` takes them back.
#[utoipa::path(get, path = "/companies/company-branding", tag = "employer",
    responses((status = 200, body = CompanyBranding), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not an employer, or no longer on the acting company's staff")))]
async fn my_company_branding(State(state): State<AppState>, ActingCompany { company_id, .. }: ActingCompany) -> ApiResult<Json<CompanyBranding>> {
    Ok(Json(branding::load(&state.pool, company_id).await?))
}

/// Handles `POST /api/employer/companies/company-branding`: replaces the acting company's
/// branding (pictures by the ids their upload answered, the gallery in its order); the public
/// company page and the search index (an index job on the same transaction) follow. Audited.
#[utoipa::path(post, path = "/companies/company-branding", tag = "employer", request_body = CompanyBrandingInput,
    responses((status = 200, body = CompanyBranding), (status = 400, body = ErrorBody, description = BRANDING_ERRORS),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not an employer, or no longer on the acting company's staff")))]
async fn save_company_branding(
    State(state): State<AppState>,
    ActingCompany { company_id, signed_in }: ActingCompany,
    Json(body): Json<CompanyBrandingInput>,
) -> ApiResult<Json<CompanyBranding>> {
    let ip = signed_in.context.ip.as_deref();
    Ok(Json(branding::save(&state.pool, company_id, signed_in.session.user_id, &body, ip).await?))
}

/// What a company picture is for.
#[derive(Clone, Copy, ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum CompanyPictureKind {
    /// The logo (`logoFileId`).
    Logo,
    /// The cover of the public page (`coverFileId`).
    Cover,
    /// A gallery picture (`galleryFileIds`).
    Gallery,
}

impl CompanyPictureKind {
    fn parse(text: Option<&str>) -> Result<CompanyPictureKind, Error> {
        match text.map(str::trim) {
            Some("logo") => Ok(CompanyPictureKind::Logo),
            Some("cover") => Ok(CompanyPictureKind::Cover),
            Some("gallery") => Ok(CompanyPictureKind::Gallery),
            _ => Err(Error::field("kind", "Choose what the picture is for: logo, cover or gallery")),
        }
    }

    fn file_kind(self) -> &'static str {
        match self {
            CompanyPictureKind::Logo => "company_logo",
            CompanyPictureKind::Cover => "company_cover",
            CompanyPictureKind::Gallery => "company_gallery",
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompanyPictureParams {
    /// What the picture is for.
    #[param(value_type = Option<CompanyPictureKind>, inline)]
    pub kind: Option<String>,
}

/// Handles `POST /api/employer/companies/company-branding/pictures?kind=`: a logo, cover or
/// gallery picture as the `file` of a multipart form, with the upload rules of the other pictures:
/// PNG or JPG by content, at most 10 MiB and 4096 px a side, stored without its metadata, within
/// the uploader's 200 MiB and 60 uploads an hour. Its id goes into the branding
/// (`POST /companies/company-branding`); a picture no branding uses is deleted a day after its upload.
#[utoipa::path(post, path = "/companies/company-branding/pictures", tag = "employer", params(CompanyPictureParams),
    request_body(content = PictureUpload, content_type = "multipart/form-data"),
    responses((status = 201, body = UploadedPicture),
        (status = 400, body = ErrorBody, description = "`kind`: unknown; `file`: The file is too large, Wrong file (not a PNG or JPG), \
            no `file` part; storage_quota_exceeded (`file`)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "more than 60 uploads in an hour"),
        (status = 507, body = ErrorBody, description = "insufficient_storage: the server's file storage is full; nothing was stored")))]
async fn upload_company_picture(
    State(state): State<AppState>,
    ActingCompany { signed_in, .. }: ActingCompany,
    Query(params): Query<CompanyPictureParams>,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<UploadedPicture>)> {
    let kind = CompanyPictureKind::parse(params.kind.as_deref())?;
    let form = form.map_err(|_| Error::field("file", "Send the picture as the `file` of a multipart form (multipart/form-data)"))?;
    count_upload(&state, &signed_in).await?;
    let (name, bytes) = file_part(form).await?;
    let file_id = files::upload_public_picture(&state.pool, &state.files, signed_in.session.user_id, kind.file_kind(), &name, bytes).await?;
    Ok((StatusCode::CREATED, Json(UploadedPicture { file_id, url: format!("/api/files/{file_id}") })))
}

/// The acting company's contract with Vakants.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyContract {
    /// "Company has a contract" (set by an administrator): the company's orders (publishing a
    /// vacancy, services bought) start at once, before their invoice is paid; the invoices are
    /// still issued and paid as usual. Without a contract an order starts when its invoice is paid
    /// (or at once when there is nothing to pay).
    pub has_contract: bool,
}

/// Handles `GET /api/employer/company/contract`: whether the acting company has a contract, and so
/// whether its orders start before their invoices are paid.
#[utoipa::path(get, path = "/company/contract", tag = "employer",
    responses((status = 200, body = CompanyContract), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not an employer, or no longer on the acting company's staff")))]
async fn company_contract(State(state): State<AppState>, ActingCompany { company_id, .. }: ActingCompany) -> ApiResult<Json<CompanyContract>> {
    let has_contract: bool = sqlx::query_scalar("select has_contract from companies where id = $1").bind(company_id).fetch_one(&state.pool).await.map_err(Error::from)?;
    Ok(Json(CompanyContract { has_contract }))
}
