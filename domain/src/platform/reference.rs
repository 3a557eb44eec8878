//! Reference code lists with labels in the reader's locale (et fallback).

use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use sqlx::{PgConnection, PgPool};

use crate::platform::error::{Error, Result};
use crate::platform::locale::Locale;

/// The countries whose companies, addresses and vacancies the app knows.
pub const SUPPORTED_COUNTRIES: [&str; 1] = ["EE"];

/// A supported country code, upper-cased; any other is a 400 naming `countryCode`.
pub fn check_country(country_code: &str) -> Result<String> {
    let upper = country_code.to_ascii_uppercase();
    if SUPPORTED_COUNTRIES.contains(&upper.as_str()) {
        Ok(upper)
    } else {
        Err(Error::field("countryCode", format!("Country {country_code:?} is not supported; use EE")))
    }
}

/// The code lists served under `/api/open/…`.
#[derive(Clone, Copy, Debug)]
pub enum CodeList {
    SalaryPeriods,
    EmploymentTypes,
    Languages,
    Proficiencies,
    EducationLevels,
    DriverLicences,
    Genders,
    WorkExperiences,
    SkillLevels,
    CompanySizes,
}

impl CodeList {
    fn table(self) -> &'static str {
        match self {
            CodeList::SalaryPeriods => "ref_salary_periods",
            CodeList::EmploymentTypes => "ref_employment_types",
            CodeList::Languages => "ref_languages",
            CodeList::Proficiencies => "ref_proficiencies",
            CodeList::EducationLevels => "ref_education_levels",
            CodeList::DriverLicences => "ref_driver_licences",
            CodeList::Genders => "ref_genders",
            CodeList::WorkExperiences => "ref_work_experiences",
            CodeList::SkillLevels => "ref_skill_levels",
            CodeList::CompanySizes => "ref_company_sizes",
        }
    }
}

/// The SQL expression of a reference table's label in `locale` (et fallback), for table alias `alias`.
pub fn label_sql(locale: Locale, alias: &str) -> String {
    format!("coalesce(nullif({alias}.{}, ''), {alias}.label_et)", label_column(locale))
}

fn label_column(locale: Locale) -> &'static str {
    match locale {
        Locale::Et => "label_et",
        Locale::En => "label_en",
        Locale::Ru => "label_ru",
    }
}

pub struct CodeLabel {
    pub code: String,
    pub label: String,
}

/// One code list in its configured order, labelled in `locale` (falling back to et).
#[tracing::instrument(skip_all)]
pub async fn list(pool: &PgPool, list: CodeList, locale: Locale) -> Result<Vec<CodeLabel>> {
    // table and column names come from the closed enums above, never from input
    let sql = format!(
        "select code, coalesce(nullif({}, ''), label_et) from {} order by sort_order, code",
        label_column(locale),
        list.table()
    );
    let rows: Vec<(String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?;
    Ok(rows.into_iter().map(|(code, label)| CodeLabel { code, label }).collect())
}

/// A place to choose as a work location.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct City {
    /// The place's name in the reader's locale.
    pub address: String,
    /// The official EHAK code.
    pub code: String,
    pub country_code: String,
}

/// Estonia's municipalities and towns: Tallinn first, then names containing "linn" in
/// alphabetical order, then all others alphabetically (Estonian collation).
#[tracing::instrument(skip_all)]
pub async fn cities(pool: &PgPool, country_code: &str, locale: Locale) -> Result<Vec<City>> {
    let sql = format!(
        "select coalesce(nullif({label}, ''), label_et) as address, code, country_code from ref_places
         where country_code = upper($1) and kind in ('municipality', 'city')
         order by (label_et = 'Tallinn') desc, (label_et ilike '%linn%') desc,
                  coalesce(nullif({label}, ''), label_et) collate \"et-x-icu\", code",
        label = label_column(locale)
    );
    let rows: Vec<(String, String, String)> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(country_code).fetch_all(pool).await?;
    Ok(rows
        .into_iter()
        .map(|(address, code, country_code)| City { address, code, country_code })
        .collect())
}

/// Code lists a search filter may name, besides the plain [`CodeList`]s.
#[derive(Clone, Copy, Debug)]
pub enum FilterCodes {
    Categories,
    Places,
    List(CodeList),
}

impl FilterCodes {
    fn table(self) -> &'static str {
        match self {
            FilterCodes::Categories => "ref_categories",
            FilterCodes::Places => "ref_places",
            FilterCodes::List(list) => list.table(),
        }
    }
}

/// Every list a filter may name, for [`ReferenceCache`] to hold.
const FILTER_LISTS: [FilterCodes; 12] = [
    FilterCodes::Categories,
    FilterCodes::Places,
    FilterCodes::List(CodeList::SalaryPeriods),
    FilterCodes::List(CodeList::EmploymentTypes),
    FilterCodes::List(CodeList::Languages),
    FilterCodes::List(CodeList::Proficiencies),
    FilterCodes::List(CodeList::EducationLevels),
    FilterCodes::List(CodeList::DriverLicences),
    FilterCodes::List(CodeList::Genders),
    FilterCodes::List(CodeList::WorkExperiences),
    FilterCodes::List(CodeList::SkillLevels),
    FilterCodes::List(CodeList::CompanySizes),
];

/// How long a [`ReferenceCache`] snapshot is used before it is read again.
pub const REFERENCE_TTL: Duration = Duration::from_secs(300);
/// A code the snapshot does not know is looked up again in Postgres, but at most this often.
const RECHECK_AFTER: Duration = Duration::from_secs(5);

/// The reference data a search needs, read from Postgres in one go.
pub struct ReferenceSnapshot {
    loaded: Instant,
    codes: HashMap<&'static str, HashSet<String>>,
    /// Salary period labels by code, per locale (in [`Locale::ALL`] order).
    periods: [Arc<HashMap<String, String>>; 3],
}

impl ReferenceSnapshot {
    /// Whether the list knows the code.
    pub fn knows(&self, list: FilterCodes, code: &str) -> bool {
        self.codes.get(list.table()).is_some_and(|codes| codes.contains(code))
    }

    /// Salary period labels by code in `locale` (et fallback).
    pub fn period_labels(&self, locale: Locale) -> Arc<HashMap<String, String>> {
        let index = Locale::ALL.iter().position(|l| *l == locale).unwrap_or(0);
        self.periods[index].clone()
    }
}

/// The reference tables (codes and labels) kept in memory, so that a search makes no Postgres
/// round trip for them. They change only by migration (no screen edits them), so the snapshot is
/// read again when it is [`REFERENCE_TTL`] old; a code it does not know is looked up in Postgres
/// before it is refused (at most every [`RECHECK_AFTER`], with a fresh snapshot), so a code added
/// by a migration while the server runs is accepted at once; a removed one is still accepted (and
/// finds nothing) until the next read. Cheap to clone (shared inside).
#[derive(Clone, Default)]
pub struct ReferenceCache {
    snapshot: Arc<RwLock<Option<Arc<ReferenceSnapshot>>>>,
    /// Held while a snapshot is read, so that concurrent requests wait for one read.
    loading: Arc<tokio::sync::Mutex<()>>,
}

impl ReferenceCache {
    fn current(&self, max_age: Duration) -> Option<Arc<ReferenceSnapshot>> {
        let snapshot = self.snapshot.read().unwrap_or_else(|p| p.into_inner());
        snapshot.as_ref().filter(|s| s.loaded.elapsed() < max_age).cloned()
    }

    /// The snapshot, read from Postgres when none is younger than `max_age`.
    async fn fresh(&self, pool: &PgPool, max_age: Duration) -> Result<Arc<ReferenceSnapshot>> {
        if let Some(snapshot) = self.current(max_age) {
            return Ok(snapshot);
        }
        let _loading = self.loading.lock().await;
        if let Some(snapshot) = self.current(max_age) {
            return Ok(snapshot);
        }
        let snapshot = Arc::new(load_snapshot(pool).await?);
        *self.snapshot.write().unwrap_or_else(|p| p.into_inner()) = Some(snapshot.clone());
        Ok(snapshot)
    }

    /// The snapshot in use (read on first use and every [`REFERENCE_TTL`]).
    pub async fn snapshot(&self, pool: &PgPool) -> Result<Arc<ReferenceSnapshot>> {
        self.fresh(pool, REFERENCE_TTL).await
    }

    /// Forgets the snapshot: the next use reads the tables again.
    pub fn invalidate(&self) {
        *self.snapshot.write().unwrap_or_else(|p| p.into_inner()) = None;
    }

    /// Refuses the first code of `codes` that the list does not know, naming the field.
    pub async fn check_codes(&self, pool: &PgPool, field: &'static str, list: FilterCodes, codes: &[String]) -> Result<()> {
        if codes.is_empty() {
            return Ok(());
        }
        let snapshot = self.snapshot(pool).await?;
        let Some(unknown) = codes.iter().find(|c| !snapshot.knows(list, c)) else {
            return Ok(());
        };
        // not known to the snapshot: a migration may have added it since
        let snapshot = self.fresh(pool, RECHECK_AFTER).await?;
        if snapshot.knows(list, unknown) {
            return Box::pin(self.check_codes(pool, field, list, codes)).await;
        }
        Err(Error::field(field, format!("Unknown code {unknown:?} in {field}")))
    }

    /// Labels of salary periods by code, in `locale`.
    pub async fn period_labels(&self, pool: &PgPool, locale: Locale) -> Result<Arc<HashMap<String, String>>> {
        Ok(self.snapshot(pool).await?.period_labels(locale))
    }
}

async fn period_labels(pool: &PgPool, locale: Locale) -> Result<Arc<HashMap<String, String>>> {
    Ok(Arc::new(list(pool, CodeList::SalaryPeriods, locale).await?.into_iter().map(|c| (c.code, c.label)).collect()))
}

async fn load_snapshot(pool: &PgPool) -> Result<ReferenceSnapshot> {
    let mut codes = HashMap::new();
    for list in FILTER_LISTS {
        let sql = format!("select code from {}", list.table());
        let known: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?;
        codes.insert(list.table(), known.into_iter().collect());
    }
    let periods = [
        period_labels(pool, Locale::ALL[0]).await?,
        period_labels(pool, Locale::ALL[1]).await?,
        period_labels(pool, Locale::ALL[2]).await?,
    ];
    Ok(ReferenceSnapshot { loaded: Instant::now(), codes, periods })
}

/// A category with its labels and icon, for `/api/open/categories`.
pub struct Category {
    pub code: String,
    pub label: String,
    pub icon_code: String,
}

pub async fn categories(pool: &PgPool, locale: Locale) -> Result<Vec<Category>> {
    let sql = format!(
        "select code, coalesce(nullif({}, ''), label_et), icon_code from ref_categories order by sort_order, code",
        label_column(locale)
    );
    let rows: Vec<(String, String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?;
    Ok(rows.into_iter().map(|(code, label, icon_code)| Category { code, label, icon_code }).collect())
}

/// The occupations of every category, labelled, for `/api/open/categories/extended`.
pub async fn occupations_by_category(pool: &PgPool, locale: Locale) -> Result<Vec<(String, CodeLabel)>> {
    let sql = format!(
        "select category_code, code, coalesce(nullif({}, ''), label_et) from ref_occupations
         where category_code is not null order by category_code, 3",
        label_column(locale)
    );
    let rows: Vec<(String, String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?;
    Ok(rows.into_iter().map(|(category, code, label)| (category, CodeLabel { code, label })).collect())
}

/// A code to look for in a reference table: (table, the request field naming it, the code). The
/// table is always one of the constant `ref_…` names of the caller's rules, never input.
pub type CodeRef = (&'static str, &'static str, String);

/// Checks every code against its reference table, one query per table; the first unknown code
/// fails with its field: "Unknown value: choose one from the list".
pub async fn check_each_code(conn: &mut PgConnection, codes: &[CodeRef]) -> Result<()> {
    let mut by_table: HashMap<&'static str, Vec<String>> = HashMap::new();
    for (table, _, code) in codes {
        by_table.entry(table).or_default().push(code.clone());
    }
    let mut known: HashSet<(&'static str, String)> = HashSet::new();
    for (table, codes) in by_table {
        let found: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select code from {table} where code = any($1)")))
            .bind(&codes)
            .fetch_all(&mut *conn)
            .await?;
        known.extend(found.into_iter().map(|code| (table, code)));
    }
    match codes.iter().find(|(table, _, code)| !known.contains(&(*table, code.clone()))) {
        Some((_, field, _)) => Err(Error::field(field, "Unknown value: choose one from the list")),
        None => Ok(()),
    }
}
