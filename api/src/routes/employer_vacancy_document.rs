//! The employer's vacancy document (`domain::vacancies::document`): create, read, replace, delete
//! and copy it, preview it as the public page shows it, and the calls around it (the autocomplete,
//! a moderator, a picture upload, the CV-database vacancy). All of the acting company's staff only;
//! another company's vacancy, or a deleted one, is "not found".

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::Error;
use domain::billing::orders::InvoiceSummary;
use domain::files::{self, MAX_PICTURE_BYTES};
use domain::vacancies::document::{self, Deleted, OwnedVacancy, Posted, VacancyDocument};
use domain::vacancies::employer_list::{self, StatusChange};
use domain::delegation::{self, VacancyModerator};
use domain::vacancies::employer_tools::{self, VacancySuggestion};
use domain::vacancies::states::Displayed;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};
use crate::routes::files::count_upload;
use crate::routes::pages::{DetailOf, VacancyDetail, vacancy_detail};
use crate::session::{ActingCompany, CompanyCaller, Ctx};
use crate::state::AppState;

/// Mounted under `/api/employer`, beside `employer_vacancies`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_vacancy))
        .routes(routes!(get_vacancy, put_vacancy, delete_vacancy))
        .routes(routes!(copy_vacancy))
        .routes(routes!(preview_vacancy))
        .routes(routes!(autocomplete))
        .routes(routes!(assign_moderator, remove_moderator))
        .routes(routes!(cv_base))
        .merge(OpenApiRouter::new().routes(routes!(upload_picture)).layer(DefaultBodyLimit::max(MAX_PICTURE_BYTES + MULTIPART_OVERHEAD)))
}

/// Room for a multipart body's boundaries and part headers beside the picture itself.
pub(crate) const MULTIPART_OVERHEAD: usize = 16 * 1024;

/// A vacancy as its owner edits it: the document (`VacancyDocument`'s fields) and what only the
/// system changes. `PUT /vacancies/{id}` ignores the read-only fields, so sending this back
/// changes nothing.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployerVacancyDetail {
    #[serde(flatten)]
    pub document: VacancyDocument,
    pub id: Uuid,
    /// DEFAULT or CV_BASE.
    #[serde(rename = "type")]
    pub kind: String,
    /// The stored status: TEMPORARY, EXISTS, HIDDEN or ARCHIVED.
    pub status: String,
    /// The state the employer sees, derived from the stored facts and the clock.
    pub displayed_state: Displayed,
    /// PRO level, 0 (none) to 5.
    pub pro_level: i16,
    /// Whether branding was bought: the public page then shows the cover, gallery and video.
    pub is_branded: bool,
    #[schema(required = true)]
    pub valid_until: Option<DateTime<Utc>>,
    /// The occupation in the request's language, or the CV-database vacancy's label.
    #[schema(required = true)]
    pub occupation_label: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The invoice of the vacancy's newest order, when there is one.
    #[schema(required = true)]
    pub invoice: Option<InvoiceSummary>,
    /// The integration's own id of the vacancy, when it gave one.
    pub external_id: Option<String>,
    /// The staff member the vacancy is delegated to (its moderator), when it is.
    #[schema(required = true)]
    pub moderator: Option<VacancyModerator>,
    /// Whether the caller may change or remove the moderator: the supervisor and staff with the
    /// administrator tag.
    pub may_delegate: bool,
}

/// What `POST /vacancies/create` and `PUT /vacancies/{id}` take: the document, and optionally the
/// integration's own id of the vacancy.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VacancyPost {
    #[serde(flatten)]
    pub document: VacancyDocument,
    /// The caller's own id of the vacancy (at most 200 characters), unique among the company's
    /// vacancies: creating with an id a vacancy of the company already has replaces that vacancy's
    /// document instead (200), so an integration re-posts its vacancy as an update. Left out or
    /// null, `PUT` keeps the stored one.
    #[serde(default)]
    pub external_id: Option<String>,
}

async fn detail(state: &AppState, company_id: Uuid, user_id: Uuid, id: Uuid, locale: domain::Locale) -> ApiResult<EmployerVacancyDetail> {
    let vacancy: OwnedVacancy = document::load(&state.pool, company_id, id, locale, Utc::now()).await?;
    let moderator = delegation::moderators_of(&state.pool, &[id]).await?.remove(&id);
    let may_delegate = delegation::may_delegate(&state.pool, company_id, user_id).await?;
    Ok(EmployerVacancyDetail {
        id: vacancy.id,
        kind: employer_list::kind_str(vacancy.facts.kind).to_string(),
        status: vacancy.facts.status.as_str().to_string(),
        displayed_state: vacancy.displayed,
        pro_level: vacancy.pro_level,
        is_branded: vacancy.is_branded,
        valid_until: vacancy.facts.valid_until,
        occupation_label: vacancy.occupation_label,
        created_at: vacancy.created_at,
        updated_at: vacancy.updated_at,
        document: vacancy.document,
        invoice: vacancy.invoice,
        external_id: vacancy.external_id,
        moderator,
        may_delegate,
    })
}

/// What every document call may answer with a 400, by field.
const DOCUMENT_ERRORS: &str = "validation naming the field (with list indices), e.g. `occupationCode`, `categoryCodes[0]`, \
    `countryCode`, `address`, `adsAdrId`, `salaryFrom`, `salaryTo` (below from), `salaryPeriodCode` (an amount without a \
    period, or one with salary by agreement), `contents[0].languageCode`, `contents[0].teaser` (over 85 characters), \
    `contents[0].content` (not a Quill delta, over 100 KB), `questions[2].question`, `questions[2].weight` (1 to 10), \
    `minAge`/`maxAge` (14 to 100, min ≤ max), `languages[1].proficiency`, `driverLicences[0].code`, `imageFileId`, \
    `coverFileId`, `galleryFileIds[3]` (not a picture of this company), `videoUrl`, `applyLink` (http or https), `externalId` \
    (over 200 characters; on `PUT`, held by another vacancy of the company); an \
    unknown code: \"Unknown value: choose one from the list\"";

/// Handles `POST /api/employer/vacancies/create`: a new draft (TEMPORARY) of the acting company
/// from the document; a draft may be incomplete, but what it holds must pass the draft rules. With
/// an `externalId` one of the company's vacancies already has, that vacancy's document is replaced
/// instead (as `PUT /vacancies/{id}` does) and the answer is 200.
#[utoipa::path(post, path = "/vacancies/create", tag = "employer", request_body = VacancyPost,
    responses((status = 201, body = EmployerVacancyDetail, description = "a new draft"),
        (status = 200, body = EmployerVacancyDetail, description = "the company's vacancy with this `externalId`, its document replaced"),
        (status = 400, body = ErrorBody, description = DOCUMENT_ERRORS),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not an employer, or no longer on the acting company's staff")))]
async fn create_vacancy(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, user_id, .. }: CompanyCaller,
    Json(body): Json<VacancyPost>,
) -> ApiResult<(StatusCode, Json<EmployerVacancyDetail>)> {
    let (status, id) = match document::create_or_replace(&state.pool, company_id, user_id, body.external_id.as_deref(), &body.document).await? {
        Posted::Created(id) => (StatusCode::CREATED, id),
        Posted::Replaced(id) => (StatusCode::OK, id),
    };
    Ok((status, Json(detail(&state, company_id, user_id, id, context.locale).await?)))
}

/// Handles `GET /api/employer/vacancies/{id}`: one of the acting company's vacancies with its
/// document, as `PUT` takes it back.
#[utoipa::path(get, path = "/vacancies/{id}", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 200, body = EmployerVacancyDetail), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted")))]
async fn get_vacancy(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, user_id, .. }: CompanyCaller,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<EmployerVacancyDetail>> {
    Ok(Json(detail(&state, company_id, user_id, id, context.locale).await?))
}

/// Handles `PUT /api/employer/vacancies/{id}`: replaces the document (read-only fields of the GET
/// answer are ignored). A published vacancy (anything but a draft) must stay publishable, and keeps
/// its publish date. An `externalId` given becomes the vacancy's.
#[utoipa::path(put, path = "/vacancies/{id}", tag = "employer", params(("id" = Uuid, Path)), request_body = VacancyPost,
    responses((status = 200, body = EmployerVacancyDetail),
        (status = 400, body = ErrorBody, description = DOCUMENT_ERRORS),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted")))]
async fn put_vacancy(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, user_id, .. }: CompanyCaller,
    Path(id): Path<Uuid>,
    Json(body): Json<VacancyPost>,
) -> ApiResult<Json<EmployerVacancyDetail>> {
    document::update(&state.pool, company_id, user_id, id, body.external_id.as_deref(), &body.document).await?;
    Ok(Json(detail(&state, company_id, user_id, id, context.locale).await?))
}

/// Handles `DELETE /api/employer/vacancies/{id}`: a draft is removed for good; any other vacancy
/// takes the DELETED status through the transition table (as `PUT /vacancies/{id}/status` with
/// `DELETED`), and shows nowhere afterwards.
#[utoipa::path(delete, path = "/vacancies/{id}", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 204, description = "deleted"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted already")))]
async fn delete_vacancy(
    State(state): State<AppState>,
    CompanyCaller { company_id, user_id, .. }: CompanyCaller,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    if document::delete_draft(&state.pool, company_id, id).await? == Deleted::NeedsStatus {
        let delete = StatusChange { status: "DELETED", product_codes: None };
        employer_list::change_status(&state.pool, company_id, user_id, id, delete, Utc::now()).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `PATCH /api/employer/vacancies/{id}/copy`: a new draft with the vacancy's document,
/// without its publish date, run, PRO level, branding purchase or payment.
#[utoipa::path(patch, path = "/vacancies/{id}/copy", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 201, body = EmployerVacancyDetail),
        (status = 400, body = ErrorBody, description = "validation naming `type`: the CV-database vacancy has no document to copy"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted")))]
async fn copy_vacancy(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, user_id, .. }: CompanyCaller,
    Path(id): Path<Uuid>,
) -> ApiResult<(StatusCode, Json<EmployerVacancyDetail>)> {
    let copy = document::copy(&state.pool, company_id, user_id, id).await?;
    Ok((StatusCode::CREATED, Json(detail(&state, company_id, user_id, copy, context.locale).await?)))
}

/// Handles `GET /api/employer/vacancies/{id}/preview`: the vacancy as its public page shows it
/// (`GET /api/open/vacancies/{id}`'s answer), in any state but deleted, so the editor previews it
/// with the public page's components.
#[utoipa::path(get, path = "/vacancies/{id}/preview", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 200, body = VacancyDetail), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted")))]
async fn preview_vacancy(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, .. }: CompanyCaller,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<VacancyDetail>> {
    Ok(Json(vacancy_detail(&state, &context, id, DetailOf::Owner(company_id)).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AutocompleteParams {
    /// Part of the vacancy's occupation (any case), at most 100 characters; blank for the newest.
    pub search: Option<String>,
}

/// Handles `GET /api/employer/vacancies/autocomplete?search=`: the acting company's vacancies whose
/// occupation (in the request's language) or CV-database label holds the text, newest change
/// first, at most 20.
#[utoipa::path(get, path = "/vacancies/autocomplete", tag = "employer", params(AutocompleteParams),
    responses((status = 200, body = Vec<VacancySuggestion>),
        (status = 400, body = ErrorBody, description = "validation naming `search`: longer than 100 characters"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn autocomplete(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    CompanyCaller { company_id, .. }: CompanyCaller,
    Query(params): Query<AutocompleteParams>,
) -> ApiResult<Json<Vec<VacancySuggestion>>> {
    Ok(Json(employer_tools::autocomplete(&state.pool, company_id, params.search, context.locale, Utc::now()).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct ModeratorRequest {
    /// The e-mail address of a member of the company's staff.
    pub username: String,
}

/// Handles `POST /api/employer/vacancies/{id}/moderators {username}`: delegates the vacancy to a
/// member of the acting company's staff, in place of the one before; answers the moderator. Only
/// the supervisor and staff with the administrator tag delegate.
#[utoipa::path(post, path = "/vacancies/{id}/moderators", tag = "employer", params(("id" = Uuid, Path)), request_body = ModeratorRequest,
    responses((status = 200, body = VacancyModerator),
        (status = 400, body = ErrorBody, description = "validation naming `username`: blank, or \"Wrong username\" (not on the company's staff)"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not the company's supervisor nor a member of its staff with the administrator tag"),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted")))]
async fn assign_moderator(
    State(state): State<AppState>,
    ActingCompany { company_id, signed_in }: ActingCompany,
    Path(id): Path<Uuid>,
    Json(body): Json<ModeratorRequest>,
) -> ApiResult<Json<VacancyModerator>> {
    let user_id = signed_in.session.user_id;
    Ok(Json(employer_tools::assign_moderator(&state.pool, company_id, id, user_id, &body.username).await?))
}

/// Handles `DELETE /api/employer/vacancies/{id}/moderators`: takes the delegation off the vacancy
/// (then only the supervisor and the administrators see its candidates). Only the supervisor and
/// staff with the administrator tag.
#[utoipa::path(delete, path = "/vacancies/{id}/moderators", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 204, description = "delegated to nobody (also when it was not delegated)"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not the company's supervisor nor a member of its staff with the administrator tag"),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, or deleted")))]
async fn remove_moderator(
    State(state): State<AppState>,
    ActingCompany { company_id, signed_in }: ActingCompany,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    employer_tools::remove_moderator(&state.pool, company_id, id, signed_in.session.user_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvBaseRequest {
    /// The CV-database vacancy's name, at most 200 characters.
    pub occupation_label: String,
}

/// Handles `POST /api/employer/vacancies/cv-base {occupationLabel}`: the acting company's
/// CV-database vacancy of that name (any case), made when it does not exist yet.
#[utoipa::path(post, path = "/vacancies/cv-base", tag = "employer", request_body = CvBaseRequest,
    responses((status = 200, body = EmployerVacancyDetail),
        (status = 400, body = ErrorBody, description = "validation naming `occupationLabel`: blank or longer than 200 characters"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn cv_base(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    ActingCompany { company_id, signed_in }: ActingCompany,
    Json(body): Json<CvBaseRequest>,
) -> ApiResult<Json<EmployerVacancyDetail>> {
    let user_id = signed_in.session.user_id;
    let id = employer_tools::cv_base(&state.pool, company_id, user_id, &body.occupation_label).await?;
    Ok(Json(detail(&state, company_id, user_id, id, context.locale).await?))
}

/// What a picture is for.
#[derive(Clone, Copy, ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum PictureKind {
    /// The vacancy's picture (`imageFileId`).
    Image,
    /// The branding cover (`coverFileId`).
    Cover,
    /// A branding gallery picture (`galleryFileIds`).
    Gallery,
}

impl PictureKind {
    fn parse(text: Option<&str>) -> Result<PictureKind, Error> {
        match text.map(str::trim) {
            Some("image") => Ok(PictureKind::Image),
            Some("cover") => Ok(PictureKind::Cover),
            Some("gallery") => Ok(PictureKind::Gallery),
            _ => Err(Error::field("kind", "Choose what the picture is for: image, cover or gallery")),
        }
    }

    fn file_kind(self) -> &'static str {
        match self {
            PictureKind::Image => "vacancy_image",
            PictureKind::Cover => "vacancy_cover",
            PictureKind::Gallery => "vacancy_gallery",
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PictureParams {
    /// What the picture is for.
    #[param(value_type = Option<PictureKind>, inline)]
    pub kind: Option<String>,
}

/// The multipart form of a picture upload.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PictureUpload {
    /// The picture: PNG or JPG, at most 10 MiB and 4096 px a side.
    #[schema(format = Binary, content_media_type = "application/octet-stream")]
    pub file: String,
}

/// An uploaded picture.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedPicture {
    /// The id to put into the document (`imageFileId`, `coverFileId`, `galleryFileIds`).
    pub file_id: Uuid,
    /// Where anyone sees it.
    pub url: String,
}

/// Reads the `file` part of a multipart form; its name is the picture's name.
pub(crate) async fn file_part(mut form: Multipart) -> ApiResult<(String, Vec<u8>)> {
    let unreadable = |_| ApiError(Error::field("file", "The upload could not be read; send the picture again as the form's `file`"));
    while let Some(field) = form.next_field().await.map_err(unreadable)? {
        if field.name() == Some("file") {
            let name = field.file_name().unwrap_or("picture").to_string();
            let bytes = field.bytes().await.map_err(|_| ApiError(Error::field("file", "The file is too large")))?;
            return Ok((name, bytes.to_vec()));
        }
    }
    Err(Error::field("file", "Send the picture as the form's `file`").into())
}

/// Handles `POST /api/employer/vacancies/vacancy-branding?kind=`: a picture of a vacancy (its image,
/// branding cover or a gallery picture) as the `file` of a multipart form, with the upload rules
/// of the other pictures: PNG or JPG by content, at most 10 MiB and 4096 px a side, stored without
/// its metadata, within the uploader's 200 MiB and 60 uploads an hour. Its id goes into the
/// document; a picture no vacancy uses is deleted a day after its upload.
#[utoipa::path(post, path = "/vacancies/vacancy-branding", tag = "employer", params(PictureParams),
    request_body(content = PictureUpload, content_type = "multipart/form-data"),
    responses((status = 201, body = UploadedPicture),
        (status = 400, body = ErrorBody, description = "`kind`: unknown; `file`: The file is too large, Wrong file (not a PNG or JPG), \
            no `file` part; storage_quota_exceeded (`file`)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "more than 60 uploads in an hour"),
        (status = 507, body = ErrorBody, description = "insufficient_storage: the server's file storage is full; nothing was stored")))]
async fn upload_picture(
    State(state): State<AppState>,
    ActingCompany { signed_in, .. }: ActingCompany,
    Query(params): Query<PictureParams>,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<UploadedPicture>)> {
    let kind = PictureKind::parse(params.kind.as_deref())?;
    let form = form.map_err(|_| Error::field("file", "Send the picture as the `file` of a multipart form (multipart/form-data)"))?;
    count_upload(&state, &signed_in).await?;
    let (name, bytes) = file_part(form).await?;
    let owner = signed_in.session.user_id;
    let file_id = files::upload_public_picture(&state.pool, &state.files, owner, kind.file_kind(), &name, bytes).await?;
    Ok((StatusCode::CREATED, Json(UploadedPicture { file_id, url: format!("/api/files/{file_id}") })))
}
