//! CV rows to [`CvDoc`]s: every list of the CV and the text extracted from its files.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use search::{CvCard, CvDoc};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{Places, Prepared};

/// When a CV is in the CV database: finished, not deleted, and made visible by its owner.
pub const ACTIVE_SQL: &str = "(cv.status = 'ACTIVE' and cv.deleted_at is null and cv.visibility = 'VISIBLE')";

/// The `ref_work_experiences` code for a number of days of employment.
pub fn experience_code(days: i64) -> &'static str {
    match days {
        d if d <= 0 => "NO_EXPERIENCE",
        d if d < 365 => "LESS_THAN_1",
        d if d < 3 * 365 => "FROM_1_TO_2",
        d if d < 6 * 365 => "FROM_3_TO_5",
        _ => "MORE_THAN_5",
    }
}

#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    active: bool,
    updated_at: DateTime<Utc>,
    title: Option<String>,
    firstname: Option<String>,
    lastname: Option<String>,
    about_me: Option<String>,
    city_code: Option<String>,
    work_location: Option<String>,
    work_location_code: Option<String>,
    employment_type_code: Option<String>,
    category_codes: Vec<String>,
    language_codes: Vec<String>,
    language_levels: Vec<String>,
    deleted: bool,
    education_levels: Vec<String>,
    driver_licences: Vec<String>,
    experience_days: i64,
    /// The lists as readable lines, in reading order.
    lines: Vec<String>,
    /// Text extracted from the CV's files (the uploaded PDF CV, certificates, courses, references, portfolio).
    file_texts: Vec<String>,
}

/// Builds the documents of the given CVs; ids that are gone or not in the CV database come back to delete.
#[tracing::instrument(skip_all, fields(count = ids.len()))]
pub async fn prepare(pool: &PgPool, places: &Places, ids: &[Uuid]) -> sqlx::Result<Prepared<CvDoc>> {
    let rows = rows(pool, ids).await?;
    let mut prepared = Prepared::default();
    let found: std::collections::HashSet<Uuid> = rows.iter().map(|r| r.id).collect();
    prepared.deletes.extend(ids.iter().filter(|id| !found.contains(id)));
    for row in rows {
        if !row.active {
            prepared.deletes.push(row.id);
            continue;
        }
        prepared.versions.insert(row.id, row.updated_at);
        prepared.upserts.push(build(row, places));
    }
    Ok(prepared)
}

/// The documents of the given CVs as the index would hold them, whether or not they are in the CV
/// database (a draft, a CV hidden from employers): what a recommendation is made from for its
/// owner, and what a candidate's CV is scored by. Deleted CVs and unknown ids are left out.
#[tracing::instrument(skip_all, fields(count = ids.len()))]
pub async fn documents(pool: &PgPool, places: &Places, ids: &[Uuid]) -> sqlx::Result<Vec<CvDoc>> {
    Ok(rows(pool, ids).await?.into_iter().filter(|row| !row.deleted).map(|row| build(row, places)).collect())
}

async fn rows(pool: &PgPool, ids: &[Uuid]) -> sqlx::Result<Vec<Row>> {
    let sql = format!(
        "select cv.id, {ACTIVE_SQL} as active, cv.deleted_at is not null as deleted, cv.updated_at, cv.title, cv.firstname, cv.lastname, cv.about_me,
                cv.city_code, cv.work_location, cv.work_location_code, cv.employment_type_code,
                array(select category_code from cv_categories x where x.cv_id = cv.id order by category_code) as category_codes,
                array(select language_code from cv_language_skills x where x.cv_id = cv.id order by position, language_code) as language_codes,
                array(select proficiency_code from cv_language_skills x where x.cv_id = cv.id order by position, language_code) as language_levels,
                array(select distinct education_level_code from cv_educations x where x.cv_id = cv.id) as education_levels,
                array(select driver_licence_code from cv_driver_licences x where x.cv_id = cv.id order by driver_licence_code) as driver_licences,
                coalesce((select sum(coalesce(h.end_date, current_date) - h.start_date)
                          from cv_employment_histories h where h.cv_id = cv.id), 0)::int8 as experience_days,
                array(
                    select line from (
                        select 1 as part, position, concat_ws(', ', e.institution, e.speciality, e.graduation_year::text) as line
                            from cv_educations e where e.cv_id = cv.id
                        union all
                        select 2, position, concat_ws('. ', concat_ws(', ', h.occupation, h.company), h.description)
                            from cv_employment_histories h where h.cv_id = cv.id
                        union all
                        select 3, position, s.skill from cv_skills s where s.cv_id = cv.id
                        union all
                        select 4, position, concat_ws(', ', c.title, c.year::text) from cv_certificates c where c.cv_id = cv.id
                        union all
                        select 5, position, concat_ws(', ', c.title, c.organizer) from cv_courses c where c.cv_id = cv.id
                        union all
                        select 6, position, concat_ws(', ', r.name, r.job_title, r.company) from cv_references r where r.cv_id = cv.id
                        union all
                        select 7, position, concat_ws(' ', p.description, p.url) from cv_portfolio_items p where p.cv_id = cv.id
                    ) lists order by part, position
                ) as lines,
                array(
                    select f.extracted_text from files f
                    where f.text_status = 'extracted' and f.extracted_text is not null and f.id in (
                        select cv.pdf_file_id
                        union select file_id from cv_certificates where cv_id = cv.id
                        union select file_id from cv_courses where cv_id = cv.id
                        union select file_id from cv_references where cv_id = cv.id
                        union select pf.file_id from cv_portfolio_files pf join cv_portfolio_items pi on pi.id = pf.portfolio_item_id
                              where pi.cv_id = cv.id)
                ) as file_texts
         from cvs cv where cv.id = any($1)"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(ids).fetch_all(pool).await
}

fn build(row: Row, places: &Places) -> CvDoc {
    let place_codes = places.expand(row.city_code.iter().chain(row.work_location_code.iter()).map(String::as_str));
    let mut text: Vec<String> = Vec::new();
    text.extend(row.title.clone());
    text.push([row.firstname.clone(), row.lastname.clone()].into_iter().flatten().collect::<Vec<_>>().join(" "));
    text.extend(row.work_location.clone());
    text.extend(row.lines.into_iter().filter(|l| !l.trim().is_empty()));
    text.extend(row.about_me.clone());
    text.extend(row.file_texts);
    CvDoc {
        card: CvCard {
            cv_id: row.id,
            title: row.title,
            firstname: row.firstname,
            lastname: row.lastname,
            category_codes: row.category_codes,
            place_codes,
            language_codes: row.language_codes,
            language_levels: row.language_levels,
            education_levels: row.education_levels,
            work_experience: Some(experience_code(row.experience_days).to_string()),
            driver_licences: row.driver_licences,
            employment_types: row.employment_type_code.into_iter().collect(),
            updated_at: row.updated_at,
        },
        text: text.into_iter().filter(|t| !t.trim().is_empty()).collect::<Vec<_>>().join("\n"),
    }
}

/// Every CV of the CV database, for a full rebuild.
pub async fn active_ids(pool: &PgPool) -> sqlx::Result<Vec<Uuid>> {
    let sql = format!("select cv.id from cvs cv where {ACTIVE_SQL} order by cv.id");
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await
}

/// CVs whose index entry is missing, stale, or should not exist any more.
pub async fn out_of_date(pool: &PgPool, limit: i64) -> sqlx::Result<Vec<Uuid>> {
    let sql = format!(
        "select cv.id from cvs cv
         left join search_index_state s on s.doc_kind = 'cv' and s.doc_id = cv.id
         where ({ACTIVE_SQL} and (s.doc_id is null or s.indexed_version < cv.updated_at))
            or (not {ACTIVE_SQL} and s.doc_id is not null)
         union all
         select s.doc_id from search_index_state s
         where s.doc_kind = 'cv' and not exists (select 1 from cvs cv where cv.id = s.doc_id)
         limit $1"
    );
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(limit).fetch_all(pool).await
}

/// CVs changed since `since` that a rebuild did not read as they are now: what it queues again
/// after its swap (see [`crate::vacancies::out_of_date_since`]).
pub async fn out_of_date_since(pool: &PgPool, since: DateTime<Utc>, read: &HashMap<Uuid, DateTime<Utc>>) -> sqlx::Result<Vec<Uuid>> {
    let (ids, versions): (Vec<Uuid>, Vec<DateTime<Utc>>) = read.iter().map(|(id, version)| (*id, *version)).unzip();
    let sql = format!(
        "select cv.id from cvs cv
         left join unnest($2::uuid[], $3::timestamptz[]) as r(id, version) on r.id = cv.id
         where cv.updated_at >= $1
           and (({ACTIVE_SQL} and (r.id is null or r.version < cv.updated_at))
                or (not {ACTIVE_SQL} and r.id is not null))"
    );
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(since).bind(&ids).bind(&versions).fetch_all(pool).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn experience_is_bucketed_by_years() {
        assert_eq!(experience_code(0), "NO_EXPERIENCE");
        assert_eq!(experience_code(200), "LESS_THAN_1");
        assert_eq!(experience_code(800), "FROM_1_TO_2");
        assert_eq!(experience_code(4 * 365), "FROM_3_TO_5");
        assert_eq!(experience_code(10 * 365), "MORE_THAN_5");
    }
}
