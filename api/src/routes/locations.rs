//! Location landing pages: Estonia (`EE`), its counties, municipalities and towns by their EHAK
//! codes. A page names the place and its parents, counts the open vacancies there (a county
//! counts the vacancies of its towns) and lists the places inside it that have vacancies.

use std::collections::BTreeMap;

use axum::extract::State;
use chrono::Utc;
use domain::Locale;
use domain::platform::error::Error;
use domain::platform::reference::label_sql;
use search::VacancyQuery;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiResult, ErrorBody, Json, Path};
use crate::session::Ctx;
use crate::state::AppState;

pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(location))
}

#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Place {
    pub code: String,
    /// country, county, municipality or city
    pub kind: String,
    pub label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceCount {
    #[serde(flatten)]
    pub place: Place,
    pub vacancy_count: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    #[serde(flatten)]
    pub place: Place,
    /// From the country down to the direct parent.
    pub parents: Vec<Place>,
    /// Open vacancies here, including those of the places inside.
    pub vacancy_count: u64,
    /// The places directly inside that have open vacancies, most vacancies first.
    pub children: Vec<PlaceCount>,
}

/// A place and its parents (nearest last), or None for an unknown code.
pub async fn place_chain(state: &AppState, locale: Locale, code: &str) -> Result<Option<Vec<Place>>, Error> {
    if code.is_empty() || code.len() > 16 || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Ok(None);
    }
    let sql = format!(
        "with recursive chain as (
             select p.code, p.kind, p.parent_code, {label} as label, 0 as depth from ref_places p where p.code = $1
             union all
             select p.code, p.kind, p.parent_code, {label}, chain.depth + 1 from ref_places p join chain on p.code = chain.parent_code
             where chain.depth < 8
         )
         select code, kind, label from chain order by depth desc",
        label = label_sql(locale, "p")
    );
    let rows: Vec<(String, String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(code).fetch_all(&state.pool).await?;
    if rows.is_empty() {
        return Ok(None);
    }
    Ok(Some(rows.into_iter().map(|(code, kind, label)| Place { code, kind, label }).collect()))
}

/// Open vacancies per place code, every vacancy counted in its place and each ancestor (the
/// search index's place facet of an unfiltered search).
pub async fn counts(state: &AppState) -> Result<BTreeMap<String, u64>, Error> {
    let query = VacancyQuery { size: 0, now: Utc::now(), ..VacancyQuery::default() };
    let results = state.search.search_vacancies(query).await.map_err(anyhow::Error::from)?;
    Ok(results.facets.place_codes)
}

/// The landing page's content for `code`, or None for an unknown code.
pub async fn location_of(state: &AppState, locale: Locale, code: &str) -> Result<Option<Location>, Error> {
    let Some(mut chain) = place_chain(state, locale, code).await? else { return Ok(None) };
    let place = chain.pop().expect("the chain holds the place itself");
    let counts = counts(state).await?;
    let sql = format!("select p.code, p.kind, {} from ref_places p where p.parent_code = $1", label_sql(locale, "p"));
    let inside: Vec<(String, String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(&place.code).fetch_all(&state.pool).await?;
    let mut children: Vec<PlaceCount> = inside
        .into_iter()
        .filter_map(|(code, kind, label)| {
            let vacancy_count = counts.get(&code).copied().unwrap_or(0);
            (vacancy_count > 0).then_some(PlaceCount { place: Place { code, kind, label }, vacancy_count })
        })
        .collect();
    children.sort_by(|a, b| b.vacancy_count.cmp(&a.vacancy_count).then_with(|| a.place.label.cmp(&b.place.label)));
    let vacancy_count = counts.get(&place.code).copied().unwrap_or(0);
    Ok(Some(Location { place, parents: chain, vacancy_count, children }))
}

/// Handles `GET /api/open/locations/{code}`: a location landing page (`EE` for Estonia, otherwise
/// an EHAK code of a county, municipality or town).
#[utoipa::path(get, path = "/locations/{code}", tag = "open", params(("code" = String, Path, description = "EE or an EHAK code")),
    responses((status = 200, body = Location), (status = 404, body = ErrorBody, description = "no such place")))]
async fn location(State(state): State<AppState>, Ctx(context): Ctx, Path(code): Path<String>) -> ApiResult<Json<Location>> {
    match location_of(&state, context.locale, &code).await? {
        Some(location) => Ok(Json(location)),
        None => Err(Error::not_found().into()),
    }
}
