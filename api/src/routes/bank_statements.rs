//! Administrators upload a bank statement (ISO 20022 camt.053): its booked credits are matched to
//! invoices by reference number (then invoice number), each recorded once, and fully paid invoices
//! marked paid (`domain::billing::bank_statements`). `vakants import-bank-statement FILE` does the
//! same from the command line.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use chrono::Utc;
use domain::Error;
use domain::billing::administration::Actor;
use domain::billing::bank_lines::{self, LineDismissal, LineMatch, LineResolution, UnmatchedLine};
use domain::billing::bank_statements::{self, ImportReport, MAX_STATEMENT_BYTES};
use domain::platform::audit;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::session::SignedIn;
use crate::state::AppState;

/// Room for a multipart body's boundaries and part headers beside the statement.
const MULTIPART_OVERHEAD: usize = 16 * 1024;

/// Mounted under `/api/admin` (ADMIN or SUPERVISOR).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_statement))
        .layer(DefaultBodyLimit::max(
            MAX_STATEMENT_BYTES + MULTIPART_OVERHEAD,
        ))
        .routes(routes!(unmatched_bank_lines))
        .routes(routes!(match_bank_line))
        .routes(routes!(dismiss_bank_line))
}

fn actor(signed_in: &SignedIn) -> Actor<'_> {
    Actor { user_id: signed_in.session.user_id, ip: signed_in.context.ip.as_deref() }
}

/// Handles `GET /api/admin/bank-statements/unmatched`: the statement lines the imports could not
/// match and nobody has resolved yet, oldest first as imported (at most 500), with the reason and the
/// invoice a line names.
#[utoipa::path(get, path = "/bank-statements/unmatched", tag = "admin",
    responses((status = 200, body = Vec<UnmatchedLine>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn unmatched_bank_lines(State(state): State<AppState>) -> ApiResult<Json<Vec<UnmatchedLine>>> {
    Ok(Json(bank_lines::unmatched(&state.pool).await?))
}

/// Handles `POST /api/admin/bank-statements/lines/{id}/match`: matches an unmatched line to an
/// UNPAID invoice by hand; the invoice is paid through `mark_paid` (BANK_TRANSFER, the bank's
/// reference, recorded by the administrator) and what it bought starts. The reason is audited. A
/// line already resolved changes nothing (`resolvedNow: false`).
#[utoipa::path(post, path = "/bank-statements/lines/{id}/match", tag = "admin", params(("id" = Uuid, Path)),
    request_body = LineMatch,
    responses((status = 200, body = LineResolution),
        (status = 400, body = ErrorBody, description = "validation naming `reason` (required, at most 500 characters) or `invoiceId` (paid already, cancelled)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no such line, or no such invoice")))]
async fn match_bank_line(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Json(body): Json<LineMatch>,
) -> ApiResult<Json<LineResolution>> {
    Ok(Json(bank_lines::match_line(&state.pool, actor(&signed_in), id, &body, Utc::now()).await?))
}

/// Handles `POST /api/admin/bank-statements/lines/{id}/dismiss`: takes an unmatched line off the
/// list without paying anything (a refund to make, money that is no invoice's). The reason is
/// audited. A line already resolved changes nothing (`resolvedNow: false`).
#[utoipa::path(post, path = "/bank-statements/lines/{id}/dismiss", tag = "admin", params(("id" = Uuid, Path)),
    request_body = LineDismissal,
    responses((status = 200, body = LineResolution),
        (status = 400, body = ErrorBody, description = "validation naming `reason` (required, at most 500 characters)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no such line")))]
async fn dismiss_bank_line(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(id): Path<Uuid>,
    Json(body): Json<LineDismissal>,
) -> ApiResult<Json<LineResolution>> {
    Ok(Json(bank_lines::dismiss_line(&state.pool, actor(&signed_in), id, &body, Utc::now()).await?))
}

/// The multipart form of a statement upload.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct StatementUpload {
    /// The camt.053 statement: XML, at most 5 MB.
    #[schema(format = Binary, content_media_type = "application/xml")]
    pub file: String,
}

/// Whether a part looks like XML: an XML content type or `.xml` name, and a body that starts with
/// `<` (after a byte-order mark and white space).
fn is_xml(content_type: Option<&str>, name: Option<&str>, bytes: &[u8]) -> bool {
    let declared = content_type.is_some_and(|t| {
        let t = t.to_ascii_lowercase();
        t.starts_with("application/xml") || t.starts_with("text/xml") || t.ends_with("+xml")
    }) || name.is_some_and(|n| n.to_ascii_lowercase().ends_with(".xml"));
    let body = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    declared && body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
}

/// Reads the `file` part: at most [`MAX_STATEMENT_BYTES`], XML.
async fn statement_part(mut form: Multipart) -> ApiResult<Vec<u8>> {
    let unreadable = |_| {
        ApiError(Error::field(
            "file",
            "The upload could not be read; send the statement again as the form's `file`",
        ))
    };
    while let Some(mut field) = form.next_field().await.map_err(unreadable)? {
        if field.name() != Some("file") {
            continue;
        }
        let content_type = field.content_type().map(str::to_string);
        let name = field.file_name().map(str::to_string);
        let mut bytes = Vec::new();
        while let Some(chunk) = field
            .chunk()
            .await
            .map_err(|_| ApiError(Error::field("file", "The file is too large (at most 5 MB)")))?
        {
            if bytes.len() + chunk.len() > MAX_STATEMENT_BYTES {
                return Err(Error::field("file", "The file is too large (at most 5 MB)").into());
            }
            bytes.extend_from_slice(&chunk);
        }
        if !is_xml(content_type.as_deref(), name.as_deref(), &bytes) {
            return Err(
                Error::field("file", "Wrong file: send the camt.053 statement as XML").into(),
            );
        }
        return Ok(bytes);
    }
    Err(Error::field("file", "Send the statement as the form's `file`").into())
}

/// Handles `POST /api/admin/bank-statements` (ADMIN or SUPERVISOR): imports a camt.053 bank
/// statement sent as the `file` of a multipart form (XML, at most 5 MB). Booked credits are matched
/// to invoices by the structured reference (the invoice's reference number), else by an invoice
/// number in the remittance text; each bank transaction is recorded once; a credit of exactly an
/// unpaid invoice's total pays it (BANK_TRANSFER). Answers what matched, what did not and why,
/// and how many credits an earlier import had recorded.
#[utoipa::path(post, path = "/bank-statements", tag = "admin",
    request_body(content = StatementUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = ImportReport),
        (status = 400, body = ErrorBody, description = "`file`: missing, too large, not XML, or not a camt.053 statement"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an administrator")))]
async fn upload_statement(
    State(state): State<AppState>,
    signed_in: SignedIn,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<ImportReport>> {
    let form = form.map_err(|_| {
        Error::field(
            "file",
            "Send the statement as the `file` of a multipart form (multipart/form-data)",
        )
    })?;
    let bytes = statement_part(form).await?;
    let credits = bank_statements::parse(&bytes)?;
    let report = bank_statements::import(&state.pool, &credits, Some(signed_in.session.user_id), Utc::now()).await?;
    let entry = audit::Entry {
        actor_user_id: Some(signed_in.session.user_id),
        action: "bank_statement.import",
        target_user_id: None,
        target_company_id: None,
        details: serde_json::json!({
            "credits": credits.len(),
            "matched": report.matched.iter().map(|credit| &credit.invoice_number).collect::<Vec<_>>(),
            "unmatched": report.unmatched.len(),
            "alreadyImported": report.already_imported,
        }),
        ip: signed_in.context.ip.as_deref(),
    };
    audit::record(&state.pool, entry).await?;
    Ok(Json(report))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_declared_xml_that_starts_like_xml_is_taken() {
        assert!(is_xml(
            Some("application/xml"),
            None,
            b"\xef\xbb\xbf  <?xml version=\"1.0\"?><Document/>"
        ));
        assert!(is_xml(
            Some("application/octet-stream"),
            Some("STATEMENT.XML"),
            b"<Document/>"
        ));
        assert!(!is_xml(
            Some("application/pdf"),
            Some("statement.pdf"),
            b"<Document/>"
        ));
        assert!(!is_xml(Some("text/xml"), None, b"%PDF-1.7"));
    }
}
