//! The vacancy search's filter: the query parameters of `/vacancies` as `POST /api/open/search`
//! takes them, checked, and turned into the search engine's query.

use chrono::Utc;
use search::{VacancyFlags, VacancyQuery};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::platform::error::{Error, Result};
use crate::platform::filters::{MAX_TEXT, check_list, one_or_many, text_param};
use crate::platform::reference::{CodeList, FilterCodes, ReferenceCache};

/// The filter model of the vacancy search: the query parameters of `/vacancies` (page excluded).
#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchFilter {
    /// Free text (occupation, company, description), matched as you type and with typo tolerance.
    pub occupation: Option<String>,
    /// EHAK codes; a county or municipality finds the vacancies of its towns.
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub city_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub category_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub type_of_employment: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub work_experience: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub language_code: Vec<String>,
    /// Exact business names, as the employer autocomplete offers them.
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub business_name: Vec<String>,
    pub salary_from: Option<f64>,
    pub salary_to: Option<f64>,
    pub salary_period: Option<String>,
    pub salary_by_agreement: Option<bool>,
    /// Only ads that state their pay (an amount from, to or both): "salary stated" (issue 35 §4).
    pub salary_stated: Option<bool>,
    pub shift_work: Option<bool>,
    pub remote_work: Option<bool>,
    pub for_students: Option<bool>,
    pub for_underage: Option<bool>,
    pub for_retired: Option<bool>,
    pub for_disabled: Option<bool>,
    pub for_foreigners: Option<bool>,
}

fn check_salary(field: &'static str, value: Option<f64>) -> Result<()> {
    match value {
        Some(v) if !v.is_finite() || v < 0.0 => Err(Error::field(field, "Salary must be a number of at least 0")),
        _ => Ok(()),
    }
}

/// The search engine's query for one page of the filter's vacancies, as of now; a 400 names the
/// first field that breaks a rule: too many or too long values, too long a text, a negative
/// salary, salary from above salary to, or a code its list does not know.
#[tracing::instrument(skip_all)]
pub async fn vacancy_query(pool: &PgPool, reference: &ReferenceCache, filter: SearchFilter, page: u32, size: u32) -> Result<VacancyQuery> {
    check_list("cityCode", &filter.city_code)?;
    check_list("categoryCode", &filter.category_code)?;
    check_list("typeOfEmployment", &filter.type_of_employment)?;
    check_list("workExperience", &filter.work_experience)?;
    check_list("languageCode", &filter.language_code)?;
    check_list("businessName", &filter.business_name)?;
    let text = text_param("occupation", filter.occupation, MAX_TEXT)?;
    check_salary("salaryFrom", filter.salary_from)?;
    check_salary("salaryTo", filter.salary_to)?;
    if let (Some(from), Some(to)) = (filter.salary_from, filter.salary_to)
        && from > to
    {
        return Err(Error::field("salaryFrom", "Salary from cannot be above salary to"));
    }
    reference.check_codes(pool, "cityCode", FilterCodes::Places, &filter.city_code).await?;
    reference.check_codes(pool, "categoryCode", FilterCodes::Categories, &filter.category_code).await?;
    reference.check_codes(pool, "typeOfEmployment", FilterCodes::List(CodeList::EmploymentTypes), &filter.type_of_employment).await?;
    reference.check_codes(pool, "workExperience", FilterCodes::List(CodeList::WorkExperiences), &filter.work_experience).await?;
    reference.check_codes(pool, "languageCode", FilterCodes::List(CodeList::Languages), &filter.language_code).await?;
    let salary_period = filter.salary_period.map(|p| p.trim().to_string()).filter(|p| !p.is_empty());
    reference.check_codes(pool, "salaryPeriod", FilterCodes::List(CodeList::SalaryPeriods), salary_period.as_slice()).await?;
    let by_agreement = filter.salary_by_agreement.unwrap_or(false);
    Ok(VacancyQuery {
        text,
        category_codes: filter.category_code,
        place_codes: filter.city_code,
        employment_types: filter.type_of_employment,
        work_experiences: filter.work_experience,
        language_codes: filter.language_code,
        business_names: filter.business_name,
        // salary by agreement clears the salary inputs
        salary_from: filter.salary_from.filter(|_| !by_agreement),
        salary_to: filter.salary_to.filter(|_| !by_agreement),
        salary_period: salary_period.filter(|_| !by_agreement),
        salary_by_agreement: by_agreement,
        salary_stated: filter.salary_stated.unwrap_or(false),
        flags: VacancyFlags {
            for_students: filter.for_students.unwrap_or(false),
            for_underage: filter.for_underage.unwrap_or(false),
            for_disabled: filter.for_disabled.unwrap_or(false),
            for_retired: filter.for_retired.unwrap_or(false),
            for_foreigners: filter.for_foreigners.unwrap_or(false),
            remote_work: filter.remote_work.unwrap_or(false),
            shift_work: filter.shift_work.unwrap_or(false),
        },
        page,
        size,
        now: Utc::now(),
    })
}
