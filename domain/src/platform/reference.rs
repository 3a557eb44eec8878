//! Reference code lists with labels in the reader's locale (et fallback).

use serde::Serialize;
use std::collections::{HashMap, HashSet};

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

/// Refuses the first code of `codes` that the list does not know, naming the field.
pub async fn check_codes(pool: &PgPool, field: &'static str, list: FilterCodes, codes: &[String]) -> Result<()> {
    if codes.is_empty() {
        return Ok(());
    }
    let sql = format!("select code from {} where code = any($1)", list.table());
    let known: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(codes).fetch_all(pool).await?;
    match codes.iter().find(|c| !known.contains(c)) {
        Some(unknown) => Err(Error::field(field, format!("Unknown code {unknown:?} in {field}"))),
        None => Ok(()),
    }
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

/// Labels of salary periods by code, in `locale`.
pub async fn period_labels(pool: &PgPool, locale: Locale) -> Result<std::collections::HashMap<String, String>> {
    Ok(list(pool, CodeList::SalaryPeriods, locale).await?.into_iter().map(|c| (c.code, c.label)).collect())
}
