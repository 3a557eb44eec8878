//! The employer's candidates: a vacancy's candidate list, one candidate (opening it clears its
//! change flag), rating, verdict and answer assessments, the status call on the one transition
//! table (`domain::applications::candidates::TRANSITIONS`) and the staff's comments. The rules, and
//! who sees which vacancy's candidates, are in `domain::applications::candidates`; another
//! company's, an undelegated or a no longer workable candidate is "not found".

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::applications::candidates::{
    self, ApplicationStatus, Assessment, Candidate, CandidateDetail, ChangeFlag, Comment, Judgement, ListFilter, ListParams, Rating, Staff,
    Verdict,
};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::session::{ActingCompany, CompanyCaller};
use crate::state::AppState;

/// Mounted under `/api/employer`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(candidate_list))
        .routes(routes!(open_candidate, judge_candidate))
        .routes(routes!(candidate_comments, add_candidate_comment, delete_candidate_comment))
}

/// Mounted under `/api/user`: the status call the spec places there.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(set_application_status))
}

fn staff(acting: &ActingCompany) -> Staff {
    Staff { user_id: acting.signed_in.session.user_id, company_id: acting.company_id }
}

/// The staff a company's caller (a signed-in employer or the company's API key) counts as.
fn caller_staff(caller: &CompanyCaller) -> Staff {
    Staff { user_id: caller.user_id, company_id: caller.company_id }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CandidateListParams {
    /// TEMPORARY, EXISTS, HIDDEN or ARCHIVED; every one of them when absent.
    pub application_status: Option<String>,
    /// SUITABLE, POSSIBLY_SUITABLE, NOT_SUITABLE, or NONE for the candidates without a verdict.
    pub verdict: Option<String>,
    /// NOT_KNOWN, POSITIVE, NEGATIVE or NEUTRAL.
    pub rating: Option<String>,
    /// 0 to 100: candidates with at least this score (those without a score are left out).
    pub min_score: Option<String>,
    /// yyyy-MM-dd: applied on or after this day (Europe/Tallinn).
    pub from: Option<String>,
    /// yyyy-MM-dd: applied on or before this day (Europe/Tallinn).
    pub to: Option<String>,
    /// date (the default), score, rating (positive, neutral, not known, negative) or verdict
    /// (suitable, possibly suitable, not suitable, none), or match (best match first: the score
    /// of the candidate's CV for the vacancy, as `cv-matches` ranks; candidates without a CV
    /// last); candidates without a score sort last.
    pub sort: Option<String>,
    /// desc (the default) or asc.
    pub order: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateApplicant {
    pub user_id: Uuid,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
}

/// The CV sent with the application; read it whole at `GET /api/user/cv/{cvId}` and its files at
/// `GET /api/user/files/{id}` (the CV access rules).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateCv {
    pub cv_id: Uuid,
    pub title: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// One candidate of a vacancy.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateItem {
    pub application_id: Uuid,
    pub vacancy_id: Uuid,
    pub applicant: CandidateApplicant,
    /// None for an application sent without a CV (or whose CV was deleted since).
    pub cv: Option<CandidateCv>,
    pub cover_letter: Option<String>,
    pub status: ApplicationStatus,
    /// None until the employer gives one.
    pub verdict: Option<Verdict>,
    pub rating: Rating,
    pub change_flag: ChangeFlag,
    /// The company's staff added the CV from the CV database (`POST /api/employer/vacancies/{id}/cvs`);
    /// the applicant did not apply.
    pub added_from_cv_database: bool,
    /// 0 to 100 from the assessed answers and their weights (docs/candidates.md); none while no
    /// answer is assessed.
    pub score: Option<i32>,
    pub answers_count: i64,
    pub comments_count: i64,
    /// When the applicant applied.
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn parsed<T>(text: &str, parse: fn(&str) -> Option<T>) -> domain::Result<T> {
    parse(text).ok_or_else(|| anyhow::anyhow!("stored value {text} unknown").into())
}

impl TryFrom<Candidate> for CandidateItem {
    type Error = domain::Error;

    fn try_from(c: Candidate) -> domain::Result<Self> {
        Ok(CandidateItem {
            application_id: c.id,
            vacancy_id: c.vacancy_id,
            applicant: CandidateApplicant { user_id: c.applicant_user_id, firstname: c.firstname, lastname: c.lastname },
            cv: c.cv_id.filter(|_| c.cv_updated_at.is_some()).map(|cv_id| CandidateCv { cv_id, title: c.cv_title, updated_at: c.cv_updated_at }),
            cover_letter: c.cover_letter,
            status: parsed(&c.status, ApplicationStatus::parse)?,
            verdict: c.verdict.as_deref().map(|v| parsed(v, Verdict::parse)).transpose()?,
            rating: parsed(&c.rating, Rating::parse)?,
            change_flag: parsed(&c.change_flag, ChangeFlag::parse)?,
            added_from_cv_database: c.source == "CV_BASE",
            score: c.score,
            answers_count: c.answers_count,
            comments_count: c.comments_count,
            created_at: c.created_at,
            updated_at: c.updated_at,
        })
    }
}

/// An answer with its question's weight and the employer's assessment.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateAnswerView {
    pub answer_id: Uuid,
    /// The question as asked when the application was sent.
    pub question: String,
    pub answer: String,
    /// The question's weight when the application was sent.
    pub weight: i32,
    pub assessment: Option<Assessment>,
}

/// One candidate in full.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateView {
    pub candidate: CandidateItem,
    pub answers: Vec<CandidateAnswerView>,
}

impl TryFrom<CandidateDetail> for CandidateView {
    type Error = domain::Error;

    fn try_from(d: CandidateDetail) -> domain::Result<Self> {
        let answers = d
            .answers
            .into_iter()
            .map(|a| {
                Ok(CandidateAnswerView {
                    answer_id: a.id,
                    question: a.question,
                    answer: a.answer,
                    weight: a.weight,
                    assessment: a.assessment.as_deref().map(|s| parsed(s, Assessment::parse)).transpose()?,
                })
            })
            .collect::<domain::Result<_>>()?;
        Ok(CandidateView { candidate: d.candidate.try_into()?, answers })
    }
}

/// Handles `GET /api/employer/vacancies/{id}/applications`: the candidates of one of the acting
/// company's vacancies that are still workable (30 days after the vacancy ends), filtered and
/// sorted by the parameters; the newest application first by default. Withdrawn, anonymised and
/// deleted applications are not listed.
#[utoipa::path(get, path = "/vacancies/{id}/applications", tag = "employer", params(("id" = Uuid, Path), CandidateListParams),
    responses((status = 200, body = Vec<CandidateItem>),
        (status = 400, body = ErrorBody, description = "validation naming the parameter: applicationStatus, verdict, rating, minScore, from, to, sort (date, score, rating, verdict or match) or order"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an employer acting for a company"),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, deleted, or (for a moderator) not delegated to them")))]
async fn candidate_list(
    State(state): State<AppState>,
    caller: CompanyCaller,
    Path(id): Path<Uuid>,
    Query(p): Query<CandidateListParams>,
) -> ApiResult<Json<Vec<CandidateItem>>> {
    let filter = ListFilter::parse(&ListParams {
        application_status: p.application_status.as_deref(),
        verdict: p.verdict.as_deref(),
        rating: p.rating.as_deref(),
        min_score: p.min_score.as_deref(),
        from: p.from.as_deref(),
        to: p.to.as_deref(),
        sort: p.sort.as_deref(),
        order: p.order.as_deref(),
    })?;
    let mut rows = candidates::list(&state.pool, caller_staff(&caller), id, &filter, Utc::now()).await?;
    if filter.sort == Some(candidates::SortBy::Match) {
        rows = crate::routes::recommendations::by_match(&state, id, rows, filter.ascending).await?;
    }
    Ok(Json(rows.into_iter().map(CandidateItem::try_from).collect::<domain::Result<_>>()?))
}

/// Handles `GET /api/employer/applications/{id}`: one candidate in full; opening it clears its
/// change flag (NEW or UPDATED becomes NONE).
#[utoipa::path(get, path = "/applications/{id}", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 200, body = CandidateView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a live, workable application to a vacancy the caller sees")))]
async fn open_candidate(State(state): State<AppState>, caller: CompanyCaller, Path(id): Path<Uuid>) -> ApiResult<Json<CandidateView>> {
    Ok(Json(candidates::open(&state.pool, caller_staff(&caller), id, Utc::now()).await?.try_into()?))
}

/// A field that tells "left out" (outer `None`) from `null` (`Some(None)`).
fn present<'de, T: Deserialize<'de>, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerAssessment {
    pub answer_id: Uuid,
    /// GOOD, PARTLY or POOR; null clears it.
    pub assessment: Option<Assessment>,
}

/// What to change; what is left out stays as it is.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JudgementRequest {
    pub rating: Option<Rating>,
    /// SUITABLE, POSSIBLY_SUITABLE or NOT_SUITABLE; null clears it. The applicant sees it as match,
    /// probable match or no match.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Verdict>)]
    pub verdict: Option<Option<Verdict>>,
    #[serde(default)]
    pub answers: Vec<AnswerAssessment>,
}

/// Handles `PATCH /api/employer/applications/{id}`: rates the candidate, gives or clears the
/// verdict and assesses answers (which makes the score); answers the candidate.
#[utoipa::path(patch, path = "/applications/{id}", tag = "employer", params(("id" = Uuid, Path)), request_body = JudgementRequest,
    responses((status = 200, body = CandidateView),
        (status = 400, body = ErrorBody, description = "an unknown rating, verdict or assessment (the message names it); answers naming an answer of another application"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a live, workable application to a vacancy the caller sees")))]
async fn judge_candidate(
    State(state): State<AppState>,
    caller: CompanyCaller,
    Path(id): Path<Uuid>,
    Json(body): Json<JudgementRequest>,
) -> ApiResult<Json<CandidateView>> {
    let judgement = Judgement {
        rating: body.rating,
        verdict: body.verdict,
        assessments: body.answers.into_iter().map(|a| (a.answer_id, a.assessment)).collect(),
    };
    Ok(Json(candidates::judge(&state.pool, caller_staff(&caller), id, &judgement, Utc::now()).await?.try_into()?))
}

#[derive(Deserialize, ToSchema)]
pub struct StatusChangeRequest {
    /// EXISTS, HIDDEN, ARCHIVED or DELETED, as the transition table allows.
    pub status: String,
}

/// Handles `PATCH /api/user/applications/{id}/status`: the employer moves an application of the
/// acting company's vacancy by the one transition table (docs/candidates.md): answers the
/// candidate, or 204 once deleted. The applicant withdraws with `DELETE /api/applicant/applications/{id}` instead.
#[utoipa::path(patch, path = "/applications/{id}/status", tag = "employer", params(("id" = Uuid, Path)), request_body = StatusChangeRequest,
    responses((status = 200, body = CandidateView), (status = 204, description = "deleted"),
        (status = 400, body = ErrorBody, description = "validation naming `status`: an unknown status, or a move the table refuses (the message names it)"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an employer acting for a company"),
        (status = 404, body = ErrorBody, description = "not a live, workable application to a vacancy the caller sees")))]
async fn set_application_status(
    State(state): State<AppState>,
    caller: CompanyCaller,
    Path(id): Path<Uuid>,
    Json(body): Json<StatusChangeRequest>,
) -> ApiResult<Response> {
    match candidates::change_status(&state.pool, caller_staff(&caller), id, &body.status, Utc::now()).await? {
        Some(detail) => Ok(Json(CandidateView::try_from(detail)?).into_response()),
        None => Ok(StatusCode::NO_CONTENT.into_response()),
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentAuthor {
    pub user_id: Option<Uuid>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    /// The author's e-mail address; none once the author's account is gone.
    pub username: Option<String>,
}

/// A comment of the company's staff; the applicant never sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationComment {
    pub comment_id: Uuid,
    pub author: CommentAuthor,
    pub body: String,
    pub created_at: DateTime<Utc>,
    /// Whether the caller may delete it: their own, or any for the supervisor and administrators.
    pub deletable: bool,
}

impl From<Comment> for ApplicationComment {
    fn from(c: Comment) -> Self {
        ApplicationComment {
            comment_id: c.id,
            author: CommentAuthor { user_id: c.author_user_id, firstname: c.author_firstname, lastname: c.author_lastname, username: c.author_username },
            body: c.body,
            created_at: c.created_at,
            deletable: c.deletable,
        }
    }
}

/// Handles `GET /api/employer/applications/{id}/comments`: the staff's comments, oldest first.
#[utoipa::path(get, path = "/applications/{id}/comments", tag = "employer", params(("id" = Uuid, Path)),
    responses((status = 200, body = Vec<ApplicationComment>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn candidate_comments(State(state): State<AppState>, acting: ActingCompany, Path(id): Path<Uuid>) -> ApiResult<Json<Vec<ApplicationComment>>> {
    Ok(Json(candidates::comments(&state.pool, staff(&acting), id, Utc::now()).await?.into_iter().map(Into::into).collect()))
}

#[derive(Deserialize, ToSchema)]
pub struct NewComment {
    /// 1 to 2000 characters.
    pub body: String,
}

/// Handles `POST /api/employer/applications/{id}/comments`: adds a comment of the caller.
#[utoipa::path(post, path = "/applications/{id}/comments", tag = "employer", params(("id" = Uuid, Path)), request_body = NewComment,
    responses((status = 201, body = ApplicationComment),
        (status = 400, body = ErrorBody, description = "validation naming `body`: empty or longer than 2000 characters"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn add_candidate_comment(
    State(state): State<AppState>,
    acting: ActingCompany,
    Path(id): Path<Uuid>,
    Json(body): Json<NewComment>,
) -> ApiResult<(StatusCode, Json<ApplicationComment>)> {
    let comment = candidates::add_comment(&state.pool, staff(&acting), id, &body.body, Utc::now()).await?;
    Ok((StatusCode::CREATED, Json(comment.into())))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CommentRef {
    pub comment_id: Uuid,
}

/// Handles `DELETE /api/employer/applications/{id}/comments?commentId=`: deletes a comment — the
/// caller's own, or any for the company's supervisor and administrators.
#[utoipa::path(delete, path = "/applications/{id}/comments", tag = "employer", params(("id" = Uuid, Path), CommentRef),
    responses((status = 204), (status = 400, body = ErrorBody, description = "commentId missing or not an id"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not a comment of this application the caller may delete")))]
async fn delete_candidate_comment(
    State(state): State<AppState>,
    acting: ActingCompany,
    Path(id): Path<Uuid>,
    Query(params): Query<CommentRef>,
) -> ApiResult<StatusCode> {
    candidates::delete_comment(&state.pool, staff(&acting), id, params.comment_id, Utc::now()).await?;
    Ok(StatusCode::NO_CONTENT)
}
