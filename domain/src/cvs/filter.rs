//! The CV-database search's request: checked, and turned into the search engine's query.

use search::CvQuery;
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::companies;
use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::filters::{DEFAULT_PAGE_SIZE, MAX_TEXT, Paging, check_list, one_or_many, text_param};
use crate::platform::reference::{CodeList, FilterCodes, ReferenceCache};

/// The CV-database search; at least one criterion is needed.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct CvSearchRequest {
    /// Free text over the whole CV, including the text of uploaded PDF files.
    pub search: Option<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub category_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub city_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub language_code: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub education_level: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub work_experience: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub driver_licence: Vec<String>,
    #[serde(deserialize_with = "one_or_many")]
    #[schema(value_type = Vec<String>)]
    pub type_of_employment: Vec<String>,
}

/// The search engine's query for one page of the CV database, for a company with an active
/// CV-database service (403 `cv_database_access_required` without); a 400 names the first field
/// that breaks a rule, or is `search_criteria_required` when the request asks for nothing.
#[tracing::instrument(skip_all)]
pub async fn cv_query(pool: &PgPool, reference: &ReferenceCache, company_id: Uuid, paging: &Paging, request: CvSearchRequest) -> Result<CvQuery> {
    if !companies::has_cv_database_access(pool, company_id).await? {
        return Err(Error::code(ErrorCode::CvDatabaseAccessRequired));
    }
    let (page, size) = paging.resolve(DEFAULT_PAGE_SIZE)?;
    check_list("cityCode", &request.city_code)?;
    check_list("categoryCode", &request.category_code)?;
    check_list("languageCode", &request.language_code)?;
    check_list("educationLevel", &request.education_level)?;
    check_list("workExperience", &request.work_experience)?;
    check_list("driverLicence", &request.driver_licence)?;
    check_list("typeOfEmployment", &request.type_of_employment)?;
    let text = text_param("search", request.search, MAX_TEXT)?;
    reference.check_codes(pool, "cityCode", FilterCodes::Places, &request.city_code).await?;
    reference.check_codes(pool, "categoryCode", FilterCodes::Categories, &request.category_code).await?;
    reference.check_codes(pool, "languageCode", FilterCodes::List(CodeList::Languages), &request.language_code).await?;
    reference.check_codes(pool, "educationLevel", FilterCodes::List(CodeList::EducationLevels), &request.education_level).await?;
    reference.check_codes(pool, "workExperience", FilterCodes::List(CodeList::WorkExperiences), &request.work_experience).await?;
    reference.check_codes(pool, "driverLicence", FilterCodes::List(CodeList::DriverLicences), &request.driver_licence).await?;
    reference.check_codes(pool, "typeOfEmployment", FilterCodes::List(CodeList::EmploymentTypes), &request.type_of_employment).await?;
    let query = CvQuery {
        text,
        category_codes: request.category_code,
        place_codes: request.city_code,
        language_codes: request.language_code,
        education_levels: request.education_level,
        work_experiences: request.work_experience,
        driver_licences: request.driver_licence,
        employment_types: request.type_of_employment,
        page,
        size,
    };
    if !query.has_criteria() {
        return Err(Error::code(ErrorCode::SearchCriteriaRequired));
    }
    Ok(query)
}
