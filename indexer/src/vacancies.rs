//! Vacancy rows to [`VacancyDoc`]s.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use search::{Localized, Teaser, VacancyCard, VacancyDoc, VacancyFlags};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{Places, Prepared, text};

pub use domain::vacancies::ACTIVE_SQL;

#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    active: bool,
    updated_at: DateTime<Utc>,
    occupation_code: Option<String>,
    label_et: Option<String>,
    label_en: Option<String>,
    label_ru: Option<String>,
    business_name: String,
    registry_code: String,
    country_code: String,
    logo_file_id: Option<Uuid>,
    address: Option<String>,
    ehak_code: Option<String>,
    salary_from: Option<f64>,
    salary_to: Option<f64>,
    salary_period_code: Option<String>,
    salary_by_agreement: bool,
    pro_level: i16,
    is_branded: bool,
    cover_file_id: Option<Uuid>,
    cv_not_required: bool,
    for_students: bool,
    for_underage: bool,
    for_disabled: bool,
    for_retired: bool,
    for_foreigners: bool,
    remote_work: bool,
    shift_work: bool,
    publish_at: Option<DateTime<Utc>>,
    renewed_at: Option<DateTime<Utc>>,
    valid_until: Option<DateTime<Utc>>,
    employment_type_code: Option<String>,
    work_experience_code: Option<String>,
    category_codes: Vec<String>,
    language_codes: Vec<String>,
    driver_licences: Vec<String>,
}

/// Builds the documents of the given vacancies; ids that are gone or not active come back to delete.
#[tracing::instrument(skip_all, fields(count = ids.len()))]
pub async fn prepare(pool: &PgPool, places: &Places, ids: &[Uuid]) -> sqlx::Result<Prepared<VacancyDoc>> {
    let (rows, mut contents_by_vacancy) = rows(pool, ids, true).await?;
    let mut prepared = Prepared::default();
    let found: std::collections::HashSet<Uuid> = rows.iter().map(|r| r.id).collect();
    prepared.deletes.extend(ids.iter().filter(|id| !found.contains(id)));
    for row in rows {
        if !row.active {
            prepared.deletes.push(row.id);
            continue;
        }
        let contents = contents_by_vacancy.remove(&row.id).unwrap_or_default();
        prepared.versions.insert(row.id, row.updated_at);
        prepared.upserts.push(build(row, contents, places));
    }
    Ok(prepared)
}

/// The documents of the given vacancies as the index would hold them, whether or not they are
/// live (an ended vacancy still has candidates to find CVs for); unknown ids are left out.
#[tracing::instrument(skip_all, fields(count = ids.len()))]
pub async fn documents(pool: &PgPool, places: &Places, ids: &[Uuid]) -> sqlx::Result<Vec<VacancyDoc>> {
    let (rows, mut contents_by_vacancy) = rows(pool, ids, false).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let contents = contents_by_vacancy.remove(&row.id).unwrap_or_default();
            build(row, contents, places)
        })
        .collect())
}

type Contents = HashMap<Uuid, Vec<(String, Option<String>, Option<String>)>>;

/// The rows of the vacancies, with their contents (only the active ones' when `active_only`).
async fn rows(pool: &PgPool, ids: &[Uuid], active_only: bool) -> sqlx::Result<(Vec<Row>, Contents)> {
    let sql = format!(
        "select v.id, {ACTIVE_SQL} as active, greatest(v.updated_at, c.updated_at) as updated_at,
                v.occupation_code,
                coalesce(o.label_et, v.occupation_label) as label_et,
                coalesce(o.label_en, v.occupation_label) as label_en,
                coalesce(o.label_ru, v.occupation_label) as label_ru,
                c.business_name, c.registry_code, c.country_code, p.logo_file_id,
                v.address, v.ehak_code, v.salary_from::float8 as salary_from, v.salary_to::float8 as salary_to,
                v.salary_period_code, v.salary_by_agreement, v.pro_level, v.is_branded, b.cover_file_id, v.cv_not_required,
                v.for_students, v.for_underage, v.for_disabled, v.for_retired, v.for_foreigners, v.remote_work, v.shift_work,
                v.publish_at, coalesce(v.renewed_at, v.publish_at) as renewed_at, v.valid_until,
                v.employment_type_code, v.work_experience_code,
                array(select category_code from vacancy_categories vc where vc.vacancy_id = v.id order by category_code) as category_codes,
                array(select language_code from vacancy_language_requirements vl where vl.vacancy_id = v.id order by position) as language_codes,
                array(select driver_licence_code from vacancy_driver_licences vd where vd.vacancy_id = v.id order by driver_licence_code) as driver_licences
         from vacancies v
         join companies c on c.id = v.company_id
         left join company_profiles p on p.company_id = c.id
         left join ref_occupations o on o.code = v.occupation_code
         left join vacancy_branding b on b.vacancy_id = v.id
         where v.id = any($1)"
    );
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(ids).fetch_all(pool).await?;
    let active: Vec<Uuid> = rows.iter().filter(|r| r.active || !active_only).map(|r| r.id).collect();
    let contents: Vec<(Uuid, String, Option<String>, Option<String>)> = sqlx::query_as(
        "select vacancy_id, language_code, teaser, content from vacancy_contents where vacancy_id = any($1) order by language_code",
    )
    .bind(&active)
    .fetch_all(pool)
    .await?;
    let mut contents_by_vacancy: Contents = HashMap::new();
    for (id, language, teaser, content) in contents {
        contents_by_vacancy.entry(id).or_default().push((language, teaser, content));
    }
    Ok((rows, contents_by_vacancy))
}

fn build(row: Row, contents: Vec<(String, Option<String>, Option<String>)>, places: &Places) -> VacancyDoc {
    let label_et = row.label_et.unwrap_or_default();
    let labels = Localized {
        en: row.label_en.unwrap_or_else(|| label_et.clone()),
        ru: row.label_ru.unwrap_or_else(|| label_et.clone()),
        et: label_et,
    };
    let mut text = Localized { et: labels.et.clone(), en: labels.en.clone(), ru: labels.ru.clone() };
    let mut teasers = Vec::new();
    for (language, teaser, content) in contents {
        let body = [teaser.clone().unwrap_or_default(), content.as_deref().map(text::delta_to_text).unwrap_or_default()].join("\n");
        let target = match language.as_str() {
            "en" => &mut text.en,
            "ru" => &mut text.ru,
            _ => &mut text.et,
        };
        target.push('\n');
        target.push_str(&body);
        if let Some(content) = teaser.filter(|t| !t.is_empty()) {
            teasers.push(Teaser { language_code: language, content });
        }
    }
    VacancyDoc {
        card: VacancyCard {
            vacancy_id: row.id,
            occupation_code: row.occupation_code,
            occupation_labels: labels,
            business_name: row.business_name,
            company_registry_code: row.registry_code,
            company_country_code: row.country_code,
            company_logo_url: row.logo_file_id.map(|id| format!("/api/files/{id}")),
            address: row.address,
            salary_from: row.salary_from,
            salary_to: row.salary_to,
            salary_period: row.salary_period_code,
            by_agreement: row.salary_by_agreement,
            pay_range: row.salary_from.is_some() || row.salary_to.is_some(),
            pro_level: row.pro_level.clamp(0, 5) as u8,
            is_branded: row.is_branded,
            cover_url: row.cover_file_id.filter(|_| row.is_branded).map(|id| format!("/api/files/{id}")),
            cv_not_required: row.cv_not_required,
            teasers,
            flags: VacancyFlags {
                for_students: row.for_students,
                for_underage: row.for_underage,
                for_disabled: row.for_disabled,
                for_retired: row.for_retired,
                for_foreigners: row.for_foreigners,
                remote_work: row.remote_work,
                shift_work: row.shift_work,
            },
            publish_at: row.publish_at,
            renewed_at: row.renewed_at,
            valid_until: row.valid_until,
        },
        category_codes: row.category_codes,
        place_codes: row.ehak_code.as_deref().map(|c| places.with_ancestors(c)).unwrap_or_default(),
        employment_type: row.employment_type_code,
        work_experience: row.work_experience_code,
        language_codes: row.language_codes,
        driver_licences: row.driver_licences,
        text,
    }
}

/// The vacancies of a company (when its name or logo changes, all of them are re-indexed).
pub async fn ids_of_company(pool: &PgPool, company_id: Uuid) -> sqlx::Result<Vec<Uuid>> {
    sqlx::query_scalar("select id from vacancies where company_id = $1").bind(company_id).fetch_all(pool).await
}

/// Every active vacancy, for a full rebuild.
pub async fn active_ids(pool: &PgPool) -> sqlx::Result<Vec<Uuid>> {
    let sql = format!("select v.id from vacancies v join companies c on c.id = v.company_id where {ACTIVE_SQL} order by v.id");
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await
}

/// Vacancies whose index entry is missing, stale, or should not exist any more.
pub async fn out_of_date(pool: &PgPool, limit: i64) -> sqlx::Result<Vec<Uuid>> {
    let sql = format!(
        "select v.id from vacancies v join companies c on c.id = v.company_id
         left join search_index_state s on s.doc_kind = 'vacancy' and s.doc_id = v.id
         where ({ACTIVE_SQL} and (s.doc_id is null or s.indexed_version < greatest(v.updated_at, c.updated_at)))
            or (not {ACTIVE_SQL} and s.doc_id is not null)
         union all
         select s.doc_id from search_index_state s
         where s.doc_kind = 'vacancy' and not exists (select 1 from vacancies v where v.id = s.doc_id)
         limit $1"
    );
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(limit).fetch_all(pool).await
}

/// Vacancies changed since `since` that a rebuild did not read as they are now: changed after it
/// read them (`read` holds the version of each document it wrote), or made live or hidden
/// meanwhile. What a rebuild queues again after its swap. It compares with `read`, not with
/// `search_index_state`: a batch of the running worker may record its own versions after the
/// rebuild reset that table, for documents it wrote into the index being replaced. A row the
/// rebuild read as it is now is left alone, so a rebuild just after a bulk load does not index
/// every row a second time.
pub async fn out_of_date_since(pool: &PgPool, since: DateTime<Utc>, read: &HashMap<Uuid, DateTime<Utc>>) -> sqlx::Result<Vec<Uuid>> {
    let (ids, versions): (Vec<Uuid>, Vec<DateTime<Utc>>) = read.iter().map(|(id, version)| (*id, *version)).unzip();
    let sql = format!(
        "select v.id from vacancies v join companies c on c.id = v.company_id
         left join unnest($2::uuid[], $3::timestamptz[]) as r(id, version) on r.id = v.id
         where greatest(v.updated_at, c.updated_at) >= $1
           and (({ACTIVE_SQL} and (r.id is null or r.version < greatest(v.updated_at, c.updated_at)))
                or (not {ACTIVE_SQL} and r.id is not null))"
    );
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(since).bind(&ids).bind(&versions).fetch_all(pool).await
}
