//! Reporting and moderation of vacancies (issue 35 §1–2, `domain::moderation`): anyone's report of
//! an ad (`/api/open/vacancies/{id}/reports`), a signed-in reporter's reports with their outcome
//! (`/api/user/vacancy-reports`), and the administrators' queue, rules and decisions
//! (`/api/admin/moderation…`, every decision audited; a rejection or take-down mailed to the
//! company in its language).

use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use domain::moderation::decisions::{self, Decided, Decider};
use domain::moderation::queue::{self, QueueItem};
use domain::moderation::refunds::{self, RefundDue};
use domain::moderation::reports::{self, MyReport, ReportReason, Reporter, Submitted};
use domain::moderation::rules::{self, Rules};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::session::{Ctx, SignedIn};
use crate::state::AppState;

/// Mounted under `/api/open`.
pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(report))
}

/// Mounted under `/api/user`.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(my_reports))
}

/// Mounted under `/api/admin`.
pub fn admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(moderation_queue))
        .routes(routes!(moderation_item))
        .routes(routes!(get_rules, set_rules))
        .routes(routes!(approve))
        .routes(routes!(reject))
        .routes(routes!(take_down))
        .routes(routes!(dismiss_reports))
        .routes(routes!(refunds_due))
        .routes(routes!(refund_made))
}

/// A report of an ad.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportRequest {
    pub reason: ReportReason,
    /// Optional; at most 1000 characters.
    #[serde(default)]
    pub text: Option<String>,
}

/// The answer to a report.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportAnswer {
    /// False when the same reporter (account, else address) had reported the ad already: it counts once.
    pub counted: bool,
}

/// Handles `POST /api/open/vacancies/{id}/reports`: anyone reports an ad with a public page.
/// Limited per client address and, signed in, per account (429 with Retry-After); the same
/// reporter's second report of the ad counts once (answered 200 with `counted` false).
#[utoipa::path(post, path = "/vacancies/{id}/reports", tag = "open", params(("id" = Uuid, Path)), request_body = ReportRequest,
    responses((status = 201, body = ReportAnswer, description = "reported"), (status = 200, body = ReportAnswer, description = "reported already: counted once"),
        (status = 400, body = ErrorBody, description = "validation naming `reason` or `text` (over 1000 characters)"),
        (status = 404, body = ErrorBody, description = "no public ad with this id"), (status = 429, body = ErrorBody)))]
async fn report(
    State(state): State<AppState>,
    Ctx(context): Ctx,
    Path(id): Path<Uuid>,
    Json(body): Json<ReportRequest>,
) -> ApiResult<(StatusCode, Json<ReportAnswer>)> {
    let ip = context.ip.clone().unwrap_or_default();
    state.limiter.hit("report-ip", &ip, state.limits.reports_per_ip).await?;
    let user_id = context.session.as_ref().map(|session| session.user_id);
    if let Some(user_id) = user_id {
        state.limiter.hit("report-account", &user_id.to_string(), state.limits.reports_per_account).await?;
    }
    let reporter = Reporter { user_id, ip: context.ip.as_deref() };
    let submitted = reports::submit(&state.pool, id, reporter, body.reason, body.text.as_deref()).await?;
    Ok(match submitted {
        Submitted::New => (StatusCode::CREATED, Json(ReportAnswer { counted: true })),
        Submitted::Again => (StatusCode::OK, Json(ReportAnswer { counted: false })),
    })
}

/// Handles `GET /api/user/vacancy-reports`: the signed-in user's reports of ads with their
/// outcome, newest first (at most 100).
#[utoipa::path(get, path = "/vacancy-reports", tag = "user",
    responses((status = 200, body = Vec<MyReport>), (status = 401, body = ErrorBody)))]
async fn my_reports(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<MyReport>>> {
    Ok(Json(reports::mine(&state.pool, signed_in.session.user_id, signed_in.context.locale).await?))
}

/// Handles `GET /api/admin/moderation`: the queue — ads waiting for review, live ads not yet
/// reviewed and reported ads —, newest report first, each with its open reports, the company's
/// history and the ad's signals (at most 100).
#[utoipa::path(get, path = "/moderation", tag = "admin",
    responses((status = 200, body = Vec<QueueItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn moderation_queue(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Json<Vec<QueueItem>>> {
    Ok(Json(queue::list(&state.pool, signed_in.context.locale).await?))
}

/// Handles `GET /api/admin/moderation/vacancies/{id}`: one ad as the queue shows it (its admin
/// view), in the queue or not.
#[utoipa::path(get, path = "/moderation/vacancies/{id}", tag = "admin", params(("id" = Uuid, Path)),
    responses((status = 200, body = QueueItem), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn moderation_item(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<QueueItem>> {
    Ok(Json(queue::one(&state.pool, id, signed_in.context.locale).await?))
}

/// Handles `GET /api/admin/moderation/rules`: which publications wait for review.
#[utoipa::path(get, path = "/moderation/rules", tag = "admin",
    responses((status = 200, body = Rules), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn get_rules(State(state): State<AppState>) -> ApiResult<Json<Rules>> {
    Ok(Json(rules::current(&mut *state.pool.acquire().await.map_err(domain::Error::from)?).await?))
}

/// Handles `PUT /api/admin/moderation/rules`: sets them for the next publications and edits. Audited.
#[utoipa::path(put, path = "/moderation/rules", tag = "admin", request_body = Rules,
    responses((status = 200, body = Rules), (status = 400, body = ErrorBody, description = "validation naming `firstAdsWithoutContract`"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn set_rules(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<Rules>) -> ApiResult<Json<Rules>> {
    Ok(Json(rules::set(&state.pool, signed_in.session.user_id, signed_in.context.ip.as_deref(), body).await?))
}

fn decider(signed_in: &SignedIn) -> Decider<'_> {
    Decider { user_id: signed_in.session.user_id, ip: signed_in.context.ip.as_deref() }
}

/// A rejection's or take-down's reason, told to the company.
#[derive(Deserialize, ToSchema)]
pub struct ReasonRequest {
    /// Required; at most 1000 characters.
    pub reason: String,
}

/// Mails the company what was decided, once it is stored; a failed mail is logged, the decision stands.
async fn tell(state: &AppState, decided: &Decided) {
    let reason = decided.reason.as_deref().unwrap_or_default();
    for (to, locale) in &decided.recipients {
        let mail = decisions::decision_mail(*locale, to, &decided.title, decided.told, reason);
        if let Err(err) = state.mailer.send(mail).await {
            tracing::error!(error = %err, vacancy_id = %decided.vacancy_id, "could not send the moderation decision mail");
        }
    }
}

/// Handles `POST /api/admin/moderation/vacancies/{id}/approve`: the ad may be live (one that waited
/// goes live now, with its full run); its open reports are closed. Audited.
#[utoipa::path(post, path = "/moderation/vacancies/{id}/approve", tag = "admin", params(("id" = Uuid, Path)),
    responses((status = 204, description = "approved"), (status = 400, body = ErrorBody, description = "validation naming `vacancyId`: rejected or taken down"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn approve(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<StatusCode> {
    decisions::approve(&state.pool, decider(&signed_in), id, Utc::now()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `POST /api/admin/moderation/vacancies/{id}/reject`: an ad not yet reviewed is rejected
/// with the reason. One that never went live goes back to the company's drafts and its order is
/// withdrawn (an unpaid invoice cancelled, nothing charged; a paid one recorded as a refund due);
/// one that went live (reviewed after) leaves the search at once and its run ends, its invoice as
/// it is. The company is mailed. Audited.
#[utoipa::path(post, path = "/moderation/vacancies/{id}/reject", tag = "admin", params(("id" = Uuid, Path)), request_body = ReasonRequest,
    responses((status = 204, description = "rejected"), (status = 400, body = ErrorBody, description = "validation naming `reason` or `vacancyId` (a draft, or already approved, rejected or taken down)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn reject(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>, Json(body): Json<ReasonRequest>) -> ApiResult<StatusCode> {
    let decided = decisions::reject(&state.pool, decider(&signed_in), id, &body.reason, Utc::now()).await?;
    tell(&state, &decided).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `POST /api/admin/moderation/vacancies/{id}/take-down`: a published ad leaves the search
/// and its public page at once, with the reason; the company is mailed. Audited.
#[utoipa::path(post, path = "/moderation/vacancies/{id}/take-down", tag = "admin", params(("id" = Uuid, Path)), request_body = ReasonRequest,
    responses((status = 204, description = "taken down"), (status = 400, body = ErrorBody, description = "validation naming `reason` or `vacancyId` (not published)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn take_down(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>, Json(body): Json<ReasonRequest>) -> ApiResult<StatusCode> {
    let decided = decisions::take_down(&state.pool, decider(&signed_in), id, &body.reason, Utc::now()).await?;
    tell(&state, &decided).await;
    Ok(StatusCode::NO_CONTENT)
}

/// How many reports a dismissal closed.
#[derive(Serialize, ToSchema)]
pub struct Dismissed {
    pub dismissed: u64,
}

/// Handles `POST /api/admin/moderation/vacancies/{id}/dismiss-reports`: closes the ad's open
/// reports; the ad stays as it is. Audited.
#[utoipa::path(post, path = "/moderation/vacancies/{id}/dismiss-reports", tag = "admin", params(("id" = Uuid, Path)),
    responses((status = 200, body = Dismissed), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn dismiss_reports(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<Dismissed>> {
    let dismissed = decisions::dismiss_reports(&state.pool, decider(&signed_in), id, Utc::now()).await?;
    Ok(Json(Dismissed { dismissed }))
}

/// Handles `GET /api/admin/moderation/refunds`: the PAID invoices of ads rejected before they went
/// live whose money is still to be paid back (billing has no credit notes), oldest first.
#[utoipa::path(get, path = "/moderation/refunds", tag = "admin",
    responses((status = 200, body = Vec<RefundDue>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn refunds_due(State(state): State<AppState>) -> ApiResult<Json<Vec<RefundDue>>> {
    Ok(Json(refunds::open(&state.pool).await?))
}

/// Handles `POST /api/admin/moderation/refunds/{invoiceId}/made`: records that the refund of the
/// invoice was made (it leaves the list). Audited.
#[utoipa::path(post, path = "/moderation/refunds/{invoiceId}/made", tag = "admin", params(("invoiceId" = Uuid, Path)),
    responses((status = 204, description = "recorded"), (status = 400, body = ErrorBody, description = "validation naming `invoiceId`: already recorded"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "no refund due for this invoice")))]
async fn refund_made(State(state): State<AppState>, signed_in: SignedIn, Path(invoice_id): Path<Uuid>) -> ApiResult<StatusCode> {
    refunds::mark_made(&state.pool, decider(&signed_in), invoice_id, Utc::now()).await?;
    Ok(StatusCode::NO_CONTENT)
}
