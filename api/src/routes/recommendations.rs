//! Recommendations (issue 33 §2, §3): "vacancies for you" from the applicant's CV with "not for
//! me", "similar vacancies" on a vacancy page, and "CVs for your vacancy" from the CV database.
//! The engine ranks and explains ([`search::recommend`]); the profile is built from Postgres as the
//! indexer builds a document, and the reasons get their labels in every interface language.
//! On an engine without recommendations (Meilisearch) the lists are empty.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::accounts::Role;
use domain::applications::candidates::{Candidate, Staff};
use domain::platform::error::Error;
use domain::platform::filters::Paging;
use domain::recommendations::{self as recommend, CodeKind, wording};
use search::{CvMatchQuery, MatchProfile, Reason, ReasonKind, SearchError, SimilarVacancyQuery, VacancyRecommendationQuery};
use serde::{Deserialize, Serialize};
use tokio::sync::OnceCell;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::routes::search::{Labels, VacancyListItem, favourites_among, list_items};
use crate::session::{ActingCompany, Ctx, SignedIn};
use crate::state::AppState;

/// Mounted under `/api/user`.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(for_you)).routes(routes!(hide)).routes(routes!(unhide))
}

/// Mounted under `/api/open`.
pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(similar))
}

/// Mounted under `/api/employer`.
pub fn employer_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(cv_matches))
}

/// Similar vacancies on a vacancy page.
const SIMILAR: u32 = 5;

/// The place hierarchy, read once: a profile's places carry their municipality and county.
static PLACES: OnceCell<indexer::Places> = OnceCell::const_new();

async fn places(state: &AppState) -> Result<&'static indexer::Places, Error> {
    Ok(PLACES.get_or_try_init(|| indexer::Places::load(&state.read_pool)).await?)
}

/// An engine without recommendations answers as if nothing fit.
fn supported<T>(answer: search::Result<T>, empty: T) -> Result<T, Error> {
    match answer {
        Ok(value) => Ok(value),
        Err(SearchError::Unsupported(_)) => Ok(empty),
        Err(error) => Err(anyhow::Error::from(error).into()),
    }
}

/// Which field a recommendation shares with the CV or the vacancy.
#[derive(Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RecommendationReasonKind {
    Category,
    Place,
    EmploymentType,
    Experience,
    Language,
    Licence,
    Words,
}

/// Why a vacancy or a CV was recommended, in every interface language: "IT", "Tallinn",
/// "English C1", "Driving licence B", "Words: cook, sushi".
#[derive(Serialize, ToSchema)]
pub struct RecommendationReason {
    pub kind: RecommendationReasonKind,
    pub label: Labels,
}

fn kind_of(kind: ReasonKind) -> RecommendationReasonKind {
    match kind {
        ReasonKind::Category => RecommendationReasonKind::Category,
        ReasonKind::Place => RecommendationReasonKind::Place,
        ReasonKind::EmploymentType => RecommendationReasonKind::EmploymentType,
        ReasonKind::Experience => RecommendationReasonKind::Experience,
        ReasonKind::Language => RecommendationReasonKind::Language,
        ReasonKind::Licence => RecommendationReasonKind::Licence,
        ReasonKind::Words => RecommendationReasonKind::Words,
    }
}

fn labels(l: recommend::Labels) -> Labels {
    Labels { et: l.et, en: l.en, ru: l.ru }
}

/// The reasons of several hits with their labels; `levels[i]` holds the language levels of the
/// CV of hit `i` (the applicant's for every vacancy, each CV's own for CVs).
async fn explain(state: &AppState, hits: &[&[Reason]], levels: &[HashMap<String, String>]) -> Result<Vec<Vec<RecommendationReason>>, Error> {
    let mut codes: Vec<(CodeKind, String)> = Vec::new();
    for reasons in hits {
        for reason in reasons.iter() {
            let kind = match reason.kind {
                ReasonKind::Category => CodeKind::Category,
                ReasonKind::Place => CodeKind::Place,
                ReasonKind::EmploymentType => CodeKind::EmploymentType,
                ReasonKind::Experience => CodeKind::Experience,
                ReasonKind::Language => CodeKind::Language,
                ReasonKind::Licence | ReasonKind::Words => continue,
            };
            codes.extend(reason.values.iter().map(|v| (kind, v.clone())));
        }
    }
    for levels in levels {
        codes.extend(levels.values().map(|level| (CodeKind::Proficiency, level.clone())));
    }
    let known = recommend::code_labels(&state.read_pool, &codes).await?;
    let label = |kind: CodeKind, code: &str| {
        known.get(&(kind, code.to_owned())).cloned().unwrap_or_else(|| recommend::Labels { et: code.into(), en: code.into(), ru: code.into() })
    };
    Ok(hits
        .iter()
        .enumerate()
        .map(|(index, reasons)| {
            reasons
                .iter()
                .filter_map(|reason| {
                    let first = reason.values.first()?;
                    let text = match reason.kind {
                        ReasonKind::Category => label(CodeKind::Category, first),
                        ReasonKind::Place => label(CodeKind::Place, first),
                        ReasonKind::EmploymentType => label(CodeKind::EmploymentType, first),
                        ReasonKind::Experience => wording::experience(&label(CodeKind::Experience, first), first),
                        ReasonKind::Language => {
                            let level = levels.get(index).and_then(|levels| levels.get(first));
                            let level_label = level.map(|code| label(CodeKind::Proficiency, code));
                            wording::language(&label(CodeKind::Language, first), level.map(String::as_str), level_label.as_ref())
                        }
                        ReasonKind::Licence => wording::licences(&reason.values),
                        ReasonKind::Words => wording::words(&reason.values),
                    };
                    Some(RecommendationReason { kind: kind_of(reason.kind), label: labels(text) })
                })
                .collect()
        })
        .collect())
}

/// A CV's language levels by language code.
fn levels_of(card: &search::CvCard) -> HashMap<String, String> {
    card.language_codes.iter().cloned().zip(card.language_levels.iter().cloned()).collect()
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ForYouParams {
    /// One of the applicant's CVs; the most recently updated finished one when absent.
    pub cv_id: Option<Uuid>,
    /// 1 to 50; 20 when absent.
    pub size: Option<u32>,
}

/// A vacancy for the applicant and why.
#[derive(Serialize, ToSchema)]
pub struct RecommendedVacancyItem {
    pub vacancy: VacancyListItem,
    pub reasons: Vec<RecommendationReason>,
}

/// "Vacancies for you".
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recommendations {
    /// The CV they were made from; null when the applicant has no finished CV (and no items).
    pub cv_id: Option<Uuid>,
    pub items: Vec<RecommendedVacancyItem>,
}

/// Handles `GET /api/user/recommendations?cvId&size`: the live vacancies that fit the
/// applicant's CV best (its categories, places, employment type, experience, languages, driving
/// licences and words, PDF text included), each with why; never one the applicant applied to or
/// hid ("not for me"). Without a finished CV: `{cvId: null, items: []}`.
#[utoipa::path(get, path = "/recommendations", tag = "applicant", params(ForYouParams),
    responses((status = 200, body = Recommendations),
        (status = 400, body = ErrorBody, description = "size: not 1 to 50; cvId: not a uuid"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an applicant"),
        (status = 404, body = ErrorBody, description = "cvId is not one of the applicant's CVs")))]
async fn for_you(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<ForYouParams>) -> ApiResult<Json<Recommendations>> {
    let user_id = applicant(&signed_in)?;
    let size = params.size.unwrap_or(20);
    if !(1..=50).contains(&size) {
        return Err(Error::field("size", "size must be from 1 to 50").into());
    }
    let Some(cv_id) = recommend::profile_cv(&state.pool, user_id, params.cv_id).await? else {
        return Ok(Json(Recommendations { cv_id: None, items: Vec::new() }));
    };
    let places = places(&state).await?;
    let Some(cv) = indexer::cvs::documents(&state.pool, places, &[cv_id]).await?.pop() else {
        return Ok(Json(Recommendations { cv_id: None, items: Vec::new() }));
    };
    let exclude = recommend::excluded_vacancies(&state.pool, user_id).await?;
    let query = VacancyRecommendationQuery { profile: MatchProfile::of_cv(&cv), exclude, size, now: Utc::now() };
    let hits = supported(state.search.recommend_vacancies(query).await, Vec::new())?;
    let levels = vec![levels_of(&cv.card); hits.len()];
    let reasons = explain(&state, &hits.iter().map(|h| h.reasons.as_slice()).collect::<Vec<_>>(), &levels).await?;
    let ids: Vec<Uuid> = hits.iter().map(|h| h.card.vacancy_id).collect();
    let favourites = favourites_among(&state, &signed_in.context, &ids).await?;
    let cards = list_items(&state, hits.into_iter().map(|h| h.card).collect(), &favourites, signed_in.context.locale).await?;
    Ok(Json(Recommendations {
        cv_id: Some(cv_id),
        items: cards.into_iter().zip(reasons).map(|(vacancy, reasons)| RecommendedVacancyItem { vacancy, reasons }).collect(),
    }))
}

/// The signed-in applicant; 403 for anyone else.
fn applicant(signed_in: &SignedIn) -> Result<Uuid, Error> {
    if !signed_in.session.has_role(Role::Applicant) {
        return Err(Error::forbidden());
    }
    Ok(signed_in.session.user_id)
}

/// A vacancy to hide from "for you".
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HideVacancy {
    pub vacancy_id: Uuid,
}

/// Handles `POST /api/user/recommendations/hidden {vacancyId}`: "not for me", the vacancy leaves
/// the applicant's recommendations (hiding it again changes nothing).
#[utoipa::path(post, path = "/recommendations/hidden", tag = "applicant", request_body = HideVacancy,
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "not an applicant"), (status = 404, body = ErrorBody, description = "no such vacancy")))]
async fn hide(State(state): State<AppState>, signed_in: SignedIn, Json(body): Json<HideVacancy>) -> ApiResult<StatusCode> {
    recommend::hide(&state.pool, applicant(&signed_in)?, body.vacancy_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Handles `DELETE /api/user/recommendations/hidden/{vacancyId}`: undoes "not for me".
#[utoipa::path(delete, path = "/recommendations/hidden/{vacancyId}", tag = "applicant", params(("vacancyId" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an applicant")))]
async fn unhide(State(state): State<AppState>, signed_in: SignedIn, Path(vacancy_id): Path<Uuid>) -> ApiResult<StatusCode> {
    recommend::unhide(&state.pool, applicant(&signed_in)?, vacancy_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Vacancies like one.
#[derive(Serialize, ToSchema)]
pub struct SimilarVacancies {
    pub items: Vec<VacancyListItem>,
}

/// Handles `GET /api/open/vacancies/{id}/similar`: up to five live vacancies most like a public
/// one (its categories, place, employment type, experience, languages, licences and words), not
/// itself and not its company's copies of it (the same company and occupation).
#[utoipa::path(get, path = "/vacancies/{id}/similar", tag = "open", params(("id" = Uuid, Path)),
    responses((status = 200, body = SimilarVacancies), (status = 404, body = ErrorBody, description = "no such public vacancy")))]
async fn similar(State(state): State<AppState>, Ctx(context): Ctx, Path(id): Path<Uuid>) -> ApiResult<Json<SimilarVacancies>> {
    let places = places(&state).await?;
    let Some(vacancy) = indexer::vacancies::prepare(&state.read_pool, places, &[id]).await?.upserts.pop() else {
        return Err(Error::not_found().into());
    };
    let query = SimilarVacancyQuery { vacancy, size: SIMILAR, now: Utc::now() };
    let hits = supported(state.search.similar_vacancies(query).await, Vec::new())?;
    let ids: Vec<Uuid> = hits.iter().map(|h| h.card.vacancy_id).collect();
    let favourites = favourites_among(&state, &context, &ids).await?;
    let items = list_items(&state, hits.into_iter().map(|h| h.card).collect(), &favourites, context.locale).await?;
    Ok(Json(SimilarVacancies { items }))
}

/// What a CV for a vacancy shows to everyone: no name, no contacts.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvMatchSummary {
    pub title: Option<String>,
    pub category_codes: Vec<String>,
    /// City and work-location codes with their municipalities and counties.
    pub place_codes: Vec<String>,
    pub work_experience: Option<String>,
    pub language_codes: Vec<String>,
    pub updated_at: DateTime<Utc>,
}

/// Who the CV is, for a company with CV-database access.
#[derive(Serialize, ToSchema)]
pub struct CvMatchPerson {
    pub firstname: Option<String>,
    pub lastname: Option<String>,
}

/// A CV of the CV database for the vacancy.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvMatchItem {
    pub cv_id: Uuid,
    pub reasons: Vec<RecommendationReason>,
    /// The CV's owner is already a candidate of the vacancy.
    pub already_candidate: bool,
    pub summary: CvMatchSummary,
    /// Only with CV-database access; null without it.
    pub person: Option<CvMatchPerson>,
}

/// A page of CVs for a vacancy, the best first.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvMatchPage {
    /// Whether the acting company has CV-database access (names shown, CVs can be added).
    pub access: bool,
    /// CVs that fit at all.
    pub total: u64,
    pub items: Vec<CvMatchItem>,
}

/// Handles `GET /api/employer/vacancies/{id}/cv-matches?page&size`: the visible CVs of the CV
/// database that fit one of the company's vacancies best, each with why; names only with
/// CV-database access. Add one with `POST /api/employer/vacancies/{id}/cvs`.
#[utoipa::path(get, path = "/vacancies/{id}/cv-matches", tag = "employer", params(("id" = Uuid, Path), Paging),
    responses((status = 200, body = CvMatchPage), (status = 400, body = ErrorBody, description = "page or size out of range"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "not an employer acting for a company"),
        (status = 404, body = ErrorBody, description = "not a vacancy of the acting company, deleted, or (for a moderator) not delegated to them")))]
async fn cv_matches(
    State(state): State<AppState>,
    ActingCompany { company_id, signed_in }: ActingCompany,
    Path(id): Path<Uuid>,
    Query(paging): Query<Paging>,
) -> ApiResult<Json<CvMatchPage>> {
    let (page, size) = paging.resolve(20)?;
    let staff = Staff { user_id: signed_in.session.user_id, company_id };
    recommend::vacancy_for_staff(&state.pool, staff, id).await?;
    let places = places(&state).await?;
    let vacancy = indexer::vacancies::documents(&state.pool, places, &[id]).await?.pop().ok_or_else(Error::not_found)?;
    let access = domain::companies::has_cv_database_access(&state.pool, company_id).await?;
    let query = CvMatchQuery { profile: MatchProfile::of_vacancy(&vacancy), page, size };
    let empty = search::CvMatches { hits: Vec::new(), total: 0, took_ms: 0 };
    let matches = supported(state.search.match_cvs(query).await, empty)?;
    let levels: Vec<HashMap<String, String>> = matches.hits.iter().map(|h| levels_of(&h.card)).collect();
    let reasons = explain(&state, &matches.hits.iter().map(|h| h.reasons.as_slice()).collect::<Vec<_>>(), &levels).await?;
    let ids: Vec<Uuid> = matches.hits.iter().map(|h| h.card.cv_id).collect();
    let candidates = recommend::already_candidates(&state.pool, id, &ids).await?;
    let items = matches
        .hits
        .into_iter()
        .zip(reasons)
        .map(|(hit, reasons)| {
            let card = hit.card;
            CvMatchItem {
                cv_id: card.cv_id,
                reasons,
                already_candidate: candidates.contains(&card.cv_id),
                person: access.then(|| CvMatchPerson { firstname: card.firstname.clone(), lastname: card.lastname.clone() }),
                summary: CvMatchSummary {
                    title: card.title,
                    category_codes: card.category_codes,
                    place_codes: card.place_codes,
                    work_experience: card.work_experience,
                    language_codes: card.language_codes,
                    updated_at: card.updated_at,
                },
            }
        })
        .collect();
    Ok(Json(CvMatchPage { access, total: matches.total, items }))
}

/// Orders candidates best match first (`sort=match`): by the score their CV has for the vacancy,
/// the one "CVs for your vacancy" ranks by, ties in the given order; candidates without a CV (or
/// whose CV is gone) last. `ascending` turns the scored part around. On an engine without
/// recommendations the order stays.
pub(crate) async fn by_match(state: &AppState, vacancy_id: Uuid, rows: Vec<Candidate>, ascending: bool) -> Result<Vec<Candidate>, Error> {
    let places = places(state).await?;
    let Some(vacancy) = indexer::vacancies::documents(&state.pool, places, &[vacancy_id]).await?.pop() else {
        return Ok(rows);
    };
    let cv_ids: Vec<Uuid> = rows.iter().filter_map(|c| c.cv_id).collect();
    let docs = indexer::cvs::documents(&state.pool, places, &cv_ids).await?;
    let ids: Vec<Uuid> = docs.iter().map(|d| d.card.cv_id).collect();
    let Some(scores) = supported(state.search.score_cvs(MatchProfile::of_vacancy(&vacancy), docs).await.map(Some), None)? else {
        return Ok(rows);
    };
    let score_of: HashMap<Uuid, f32> = ids.into_iter().zip(scores).collect();
    let mut keyed: Vec<(Option<f32>, Candidate)> =
        rows.into_iter().map(|row| (row.cv_id.and_then(|cv| score_of.get(&cv).copied()), row)).collect();
    keyed.sort_by(|(a, _), (b, _)| match (a, b) {
        (Some(a), Some(b)) if ascending => a.total_cmp(b),
        (Some(a), Some(b)) => b.total_cmp(a),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    Ok(keyed.into_iter().map(|(_, row)| row).collect())
}
