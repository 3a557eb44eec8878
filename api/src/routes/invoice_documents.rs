//! An invoice's documents: its PDF and its e-invoice (UBL, Peppol BIS Billing 3.0). The staff of
//! the acting company read its invoices; a user acting for no company reads their own company-less
//! ones; any other invoice is "not found", so ids do not leak.

use axum::extract::State;
use axum::response::Response;
use domain::billing::documents;
use domain::platform::locale::Locale;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::download::{Disposition, file_response};
use crate::error::{ApiResult, ErrorBody, Path, Query};
use crate::session::{SignedIn, invoice_owner};
use crate::state::AppState;

/// Under `/api/user`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(invoice_pdf))
        .routes(routes!(invoice_xml))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PdfParams {
    /// The document's language, `et`, `en` or `ru`; the language of `Accept-Language` when absent.
    lang: Option<String>,
}

/// Handles `GET /api/user/invoices/{id}/pdf`: the invoice as a PDF in the language asked for,
/// generated on its first reading in that language and kept unchanged from then on, downloaded as
/// `arve-2026-000123.pdf` (`invoice-…`, `счёт-…`). A failure to build it answers 500 "Failed to
/// generate PDF".
#[utoipa::path(get, path = "/invoices/{id}/pdf", tag = "user", params(("id" = Uuid, Path), PdfParams),
    responses((status = 200, description = "the PDF, as an attachment", content_type = "application/pdf"),
        (status = 400, body = ErrorBody, description = "validation: `lang` is not et, en or ru"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not an invoice of the acting company (or the user's own)"),
        (status = 500, body = ErrorBody, description = "pdf_generation_failed: Failed to generate PDF")))]
async fn invoice_pdf(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Query(params): Query<PdfParams>,
) -> ApiResult<Response> {
    let locale = match params.lang.as_deref() {
        None => signed_in.context.locale,
        Some(code) => Locale::from_code(code)
            .ok_or_else(|| domain::Error::field("lang", "The language must be et, en or ru"))?,
    };
    let reader = invoice_owner(&state, &signed_in).await?;
    let pdf = documents::invoice_pdf(
        &state.pool,
        &state.files,
        &state.seller,
        reader,
        id,
        locale,
    )
    .await?;
    Ok(file_response(
        "application/pdf",
        Disposition::Attachment,
        &pdf.name,
        pdf.bytes,
    ))
}

/// Handles `GET /api/user/invoices/{id}/xml`: the invoice as an e-invoice, UBL 2.1 in the Peppol
/// BIS Billing 3.0 profile (EN 16931), downloaded as `arve-2026-000123.xml`.
#[utoipa::path(get, path = "/invoices/{id}/xml", tag = "user", params(("id" = Uuid, Path)),
    responses((status = 200, description = "the UBL invoice, as an attachment", content_type = "application/xml"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not an invoice of the acting company (or the user's own)")))]
async fn invoice_xml(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
) -> ApiResult<Response> {
    let reader = invoice_owner(&state, &signed_in).await?;
    let xml = documents::invoice_ubl(&state.pool, &state.seller, reader, id).await?;
    Ok(file_response(
        "application/xml",
        Disposition::Attachment,
        &xml.name,
        xml.bytes,
    ))
}
