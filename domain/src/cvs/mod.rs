//! Applicants' CVs: several per applicant, saved whole by the wizard (as a draft mid-way or as a
//! finished CV), soft-deleted, and re-indexed for the CV database on the transaction of every write.
//!
//! Every rule is checked before anything is written, so a failed save loses nothing already saved.

pub mod favourites;
pub mod filter;
pub mod pdf;
pub mod to_vacancy;
pub mod views;

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::accounts::{normalize_email, normalize_phone};
use crate::platform::error::{Error, Result, row_field};
use crate::files::{self, FileStore, Sniffed, UploadKind};
use crate::platform::jobs::{self, IndexJob};
use crate::platform::reference;

/// Longest title, name, institution, company, skill and other one-line field.
pub const MAX_SHORT_TEXT: usize = 100;
/// Longest about-me, job description and portfolio description.
pub const MAX_LONG_TEXT: usize = 4000;
pub const MAX_URL: usize = 500;
/// Most rows in one list of a CV (and most categories).
pub const MAX_ROWS: usize = 30;
pub const MAX_PORTFOLIO_FILES: usize = 10;
/// The youngest age at which a person may publish a CV.
pub const MIN_AGE_YEARS: u32 = 14;
pub const EARLIEST_YEAR: i32 = 1900;
/// How far ahead the graduation year of someone still studying may be.
pub const MAX_STUDY_YEARS_AHEAD: i32 = 10;

/// Whether employers find the CV in the CV database.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Visibility {
    #[default]
    Visible,
    Hidden,
}

impl Visibility {
    fn as_str(self) -> &'static str {
        match self {
            Visibility::Visible => "VISIBLE",
            Visibility::Hidden => "HIDDEN",
        }
    }

    fn from_db(value: &str) -> Self {
        if value == "HIDDEN" { Visibility::Hidden } else { Visibility::Visible }
    }
}

/// DRAFT while the wizard is unfinished; only an ACTIVE (and visible) CV is in the CV database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum CvStatus {
    Draft,
    Active,
}

impl CvStatus {
    fn from_db(value: &str) -> Self {
        if value == "ACTIVE" { CvStatus::Active } else { CvStatus::Draft }
    }
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Education {
    /// A `ref_education_levels` code.
    pub education_level: Option<String>,
    pub institution: Option<String>,
    pub speciality: Option<String>,
    pub graduation_year: Option<i32>,
    /// The graduation year is then the expected one and may lie ahead.
    #[serde(default)]
    pub still_studying: bool,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmploymentHistory {
    pub company: Option<String>,
    pub occupation: Option<String>,
    pub start_date: Option<NaiveDate>,
    /// Required unless `present`.
    pub end_date: Option<NaiveDate>,
    /// Still working there.
    #[serde(default)]
    pub present: bool,
    pub description: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CvLanguageSkill)]
pub struct LanguageSkill {
    /// A `ref_languages` code, e.g. `et`.
    pub language: Option<String>,
    /// A `ref_proficiencies` code, e.g. `B2`.
    pub proficiency: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Skill {
    pub skill: Option<String>,
    /// A `ref_skill_levels` code.
    pub level: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CvDriverLicence)]
pub struct DriverLicence {
    /// A `ref_driver_licences` code, e.g. `B`.
    pub driver_licence: Option<String>,
    pub year_of_issue: Option<i32>,
    pub experience_years: Option<i32>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Certificate {
    pub title: Option<String>,
    pub year: Option<i32>,
    /// An uploaded file of the applicant.
    pub file_id: Option<Uuid>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Course {
    pub title: Option<String>,
    pub organizer: Option<String>,
    pub file_id: Option<Uuid>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reference {
    pub name: Option<String>,
    pub company: Option<String>,
    pub job_title: Option<String>,
    pub contact: Option<String>,
    pub file_id: Option<Uuid>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortfolioItem {
    pub description: Option<String>,
    /// Starts with `http://` or `https://`.
    pub url: Option<String>,
    /// Uploaded files of the applicant.
    #[serde(default)]
    pub file_ids: Vec<Uuid>,
}

/// A whole CV as the wizard sends it: every list replaces what was saved before.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvInput {
    /// The applicant's CV to replace; left out to create a new one.
    pub cv_id: Option<Uuid>,
    /// Save unfinished (status DRAFT): the required fields of a finished CV are not enforced, the
    /// rules of what is filled in are. A draft is never in the CV database.
    #[serde(default)]
    pub draft: bool,
    pub title: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    /// With the country code (+372 …); a bare "+372" counts as empty.
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    /// A `ref_genders` code.
    pub gender: Option<String>,
    /// A `ref_places` code.
    pub city_code: Option<String>,
    /// A `ref_employment_types` code.
    pub employment_type: Option<String>,
    /// Where the applicant wants to work, as text; `workLocationCode` is its `ref_places` code.
    pub work_location: Option<String>,
    pub work_location_code: Option<String>,
    pub about_me: Option<String>,
    #[serde(default)]
    pub visibility: Visibility,
    /// `ref_categories` codes; at least one for a finished CV.
    #[serde(default)]
    pub categories: Vec<String>,
    #[serde(default)]
    pub educations: Vec<Education>,
    #[serde(default)]
    pub employment_histories: Vec<EmploymentHistory>,
    #[serde(default)]
    pub language_skills: Vec<LanguageSkill>,
    #[serde(default)]
    pub skills: Vec<Skill>,
    #[serde(default)]
    pub driver_licences: Vec<DriverLicence>,
    #[serde(default)]
    pub certificates: Vec<Certificate>,
    #[serde(default)]
    pub courses: Vec<Course>,
    #[serde(default)]
    pub references: Vec<Reference>,
    #[serde(default)]
    pub portfolio: Vec<PortfolioItem>,
}

/// The uploaded file of a CV: a PDF or a picture (PNG, JPEG).
#[derive(Clone, Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvPdf {
    pub file_id: Uuid,
    pub name: String,
    pub size_bytes: i64,
    /// A PDF: `pending` until its text is read for the CV-database search, then `extracted` or
    /// `unavailable`; a picture: `not_applicable` (its text is not read).
    pub text_status: String,
}

/// A whole saved CV.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cv {
    pub cv_id: Uuid,
    pub status: CvStatus,
    pub visibility: Visibility,
    pub title: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub email: Option<String>,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    pub gender: Option<String>,
    pub city_code: Option<String>,
    pub employment_type: Option<String>,
    pub work_location: Option<String>,
    pub work_location_code: Option<String>,
    pub about_me: Option<String>,
    pub categories: Vec<String>,
    pub educations: Vec<Education>,
    pub employment_histories: Vec<EmploymentHistory>,
    pub language_skills: Vec<LanguageSkill>,
    pub skills: Vec<Skill>,
    pub driver_licences: Vec<DriverLicence>,
    pub certificates: Vec<Certificate>,
    pub courses: Vec<Course>,
    pub references: Vec<Reference>,
    pub portfolio: Vec<PortfolioItem>,
    pub pdf: Option<CvPdf>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// One line of "my CVs".
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CvSummary {
    pub cv_id: Uuid,
    pub title: Option<String>,
    pub status: CvStatus,
    pub visibility: Visibility,
    pub pdf: Option<CvPdf>,
    pub updated_at: DateTime<Utc>,
}

/// Trimmed text, `None` when blank, at most `max` characters.
fn text(value: &Option<String>, field: &'static str, max: usize) -> Result<Option<String>> {
    let Some(value) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > max {
        return Err(Error::field(field, format!("The text is longer than {max} characters")));
    }
    Ok(Some(value.to_string()))
}

fn code(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string)
}

fn require<T>(value: &Option<T>, field: &'static str, message: &'static str) -> Result<()> {
    match value {
        Some(_) => Ok(()),
        None => Err(Error::field(field, message)),
    }
}

fn year(value: Option<i32>, field: &'static str, latest: i32) -> Result<Option<i32>> {
    match value {
        Some(y) if !(EARLIEST_YEAR..=latest).contains(&y) => {
            Err(Error::field(field, format!("Wrong year: it must be between {EARLIEST_YEAR} and {latest}")))
        }
        other => Ok(other),
    }
}

fn date_in_past(value: Option<NaiveDate>, field: &'static str, today: NaiveDate) -> Result<Option<NaiveDate>> {
    let earliest = NaiveDate::from_ymd_opt(EARLIEST_YEAR, 1, 1).expect("a valid date");
    match value {
        Some(d) if d < earliest => Err(Error::field(field, format!("The date must be later than {earliest}"))),
        Some(d) if d > today => Err(Error::field(field, "The date cannot be in the future")),
        other => Ok(other),
    }
}

fn too_many(list: &'static str, rows: usize) -> Result<()> {
    if rows > MAX_ROWS {
        return Err(Error::field(list, format!("A CV can hold at most {MAX_ROWS} of these")));
    }
    Ok(())
}

/// A tidied CV with what is left to check against the database.
#[derive(Debug)]
struct Checked {
    cv: CvInput,
    /// (reference table, field path, code)
    codes: Vec<(&'static str, &'static str, String)>,
    /// (field path, file id, portfolio row) of files that must be the owner's CV uploads; rows
    /// other than the portfolio take a PDF or a picture only
    files: Vec<(&'static str, Uuid, bool)>,
}

impl Checked {
    fn code(&mut self, table: &'static str, field: &'static str, value: &Option<String>) {
        if let Some(value) = value {
            self.codes.push((table, field, value.clone()));
        }
    }
}

/// (index in the request, index in the tidied list) of each kept row.
#[derive(Default)]
struct RowIndexes {
    educations: Vec<(usize, usize)>,
    language_skills: Vec<(usize, usize)>,
    skills: Vec<(usize, usize)>,
    driver_licences: Vec<(usize, usize)>,
    certificates: Vec<(usize, usize)>,
    courses: Vec<(usize, usize)>,
    references: Vec<(usize, usize)>,
    portfolio: Vec<(usize, usize)>,
}

/// Checks and tidies a CV: trims text, drops rows left wholly empty (a wizard's unused row), and
/// applies every rule of a finished CV unless it is a draft. Field paths name the request's rows.
fn validate(input: &CvInput, today: NaiveDate) -> Result<Checked> {
    let this_year = today.year();
    let finished = !input.draft;
    let mut checked = Checked {
        cv: CvInput { cv_id: input.cv_id, draft: input.draft, visibility: input.visibility, ..CvInput::default() },
        codes: Vec::new(),
        files: Vec::new(),
    };
    let cv = &mut checked.cv;
    let mut row_indexes = RowIndexes::default();

    cv.title = text(&input.title, "title", MAX_SHORT_TEXT)?;
    cv.firstname = text(&input.firstname, "firstname", MAX_SHORT_TEXT)?;
    cv.lastname = text(&input.lastname, "lastname", MAX_SHORT_TEXT)?;
    cv.email = match input.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        Some(email) => Some(normalize_email(email)?),
        None => None,
    };
    cv.phone_number = normalize_phone(input.phone_number.as_deref())?;
    if let Some(born) = input.date_of_birth {
        let earliest = NaiveDate::from_ymd_opt(EARLIEST_YEAR, 1, 1).expect("a valid date");
        let latest = today.checked_sub_months(Months::new(12 * MIN_AGE_YEARS)).unwrap_or(today);
        if born < earliest {
            return Err(Error::field("dateOfBirth", format!("The date of birth must be later than {earliest}")));
        }
        if born > latest {
            return Err(Error::field("dateOfBirth", format!("You must be at least {MIN_AGE_YEARS} years old")));
        }
    }
    cv.date_of_birth = input.date_of_birth;
    cv.gender = code(&input.gender);
    cv.city_code = code(&input.city_code);
    cv.employment_type = code(&input.employment_type);
    cv.work_location = text(&input.work_location, "workLocation", MAX_SHORT_TEXT)?;
    cv.work_location_code = code(&input.work_location_code);
    cv.about_me = text(&input.about_me, "aboutMe", MAX_LONG_TEXT)?;
    too_many("categories", input.categories.len())?;
    for category in input.categories.iter().map(|c| c.trim()).filter(|c| !c.is_empty()) {
        if !cv.categories.iter().any(|c| c == category) {
            cv.categories.push(category.to_string());
        }
    }

    if finished {
        if cv.categories.is_empty() {
            return Err(Error::field("categories", "Choose at least one category"));
        }
        require(&cv.date_of_birth, "dateOfBirth", "Enter your date of birth")?;
        require(&cv.gender, "gender", "Choose your gender")?;
        require(&cv.employment_type, "employmentType", "Choose the type of employment you are looking for")?;
        if cv.work_location.is_none() && cv.work_location_code.is_none() {
            return Err(Error::field("workLocation", "Choose where you would like to work"));
        }
        require(&cv.title, "title", "Enter a title for the CV")?;
        require(&cv.firstname, "firstname", "Enter your first name")?;
        require(&cv.lastname, "lastname", "Enter your last name")?;
    }

    too_many("educations", input.educations.len())?;
    for (i, row) in input.educations.iter().enumerate() {
        let field = |name| row_field("educations", i, name);
        let clean = Education {
            education_level: code(&row.education_level),
            institution: text(&row.institution, field("institution"), MAX_SHORT_TEXT)?,
            speciality: text(&row.speciality, field("speciality"), MAX_SHORT_TEXT)?,
            graduation_year: row.graduation_year,
            still_studying: row.still_studying,
        };
        if clean.education_level.is_none() && clean.institution.is_none() && clean.speciality.is_none() && clean.graduation_year.is_none() {
            continue;
        }
        require(&clean.education_level, field("educationLevel"), "Choose the level of education")?;
        require(&clean.institution, field("institution"), "Enter the school or institution")?;
        require(&clean.graduation_year, field("graduationYear"), "Enter the year of graduation")?;
        let latest = if clean.still_studying { this_year + MAX_STUDY_YEARS_AHEAD } else { this_year };
        year(clean.graduation_year, field("graduationYear"), latest)?;
        cv.educations.push(clean);
        row_indexes.educations.push((i, cv.educations.len() - 1));
    }

    too_many("employmentHistories", input.employment_histories.len())?;
    for (i, row) in input.employment_histories.iter().enumerate() {
        let field = |name| row_field("employmentHistories", i, name);
        let mut clean = EmploymentHistory {
            company: text(&row.company, field("company"), MAX_SHORT_TEXT)?,
            occupation: text(&row.occupation, field("occupation"), MAX_SHORT_TEXT)?,
            start_date: date_in_past(row.start_date, field("startDate"), today)?,
            end_date: if row.present { None } else { date_in_past(row.end_date, field("endDate"), today)? },
            present: row.present,
            description: text(&row.description, field("description"), MAX_LONG_TEXT)?,
        };
        if clean.company.is_none() && clean.occupation.is_none() && clean.start_date.is_none() && clean.end_date.is_none()
            && clean.description.is_none() && !clean.present
        {
            continue;
        }
        require(&clean.company, field("company"), "Enter the company")?;
        require(&clean.occupation, field("occupation"), "Enter the occupation")?;
        require(&clean.start_date, field("startDate"), "Enter the start date")?;
        if !clean.present {
            require(&clean.end_date, field("endDate"), "Enter the end date, or mark the job as your present one")?;
        }
        if let (Some(start), Some(end)) = (clean.start_date, clean.end_date)
            && end < start
        {
            return Err(Error::field(field("endDate"), "The end date cannot be earlier than the start date"));
        }
        clean.end_date = clean.end_date.filter(|_| !clean.present);
        cv.employment_histories.push(clean);
    }

    too_many("languageSkills", input.language_skills.len())?;
    for (i, row) in input.language_skills.iter().enumerate() {
        let field = |name| row_field("languageSkills", i, name);
        let clean = LanguageSkill { language: code(&row.language), proficiency: code(&row.proficiency) };
        if clean.language.is_none() && clean.proficiency.is_none() {
            continue;
        }
        require(&clean.language, field("language"), "Choose the language")?;
        require(&clean.proficiency, field("proficiency"), "Choose how well you know the language")?;
        if cv.language_skills.iter().any(|l| l.language == clean.language) {
            return Err(Error::field(field("language"), "This language is already listed"));
        }
        cv.language_skills.push(clean);
        row_indexes.language_skills.push((i, cv.language_skills.len() - 1));
    }

    too_many("skills", input.skills.len())?;
    for (i, row) in input.skills.iter().enumerate() {
        let field = |name| row_field("skills", i, name);
        let clean = Skill { skill: text(&row.skill, field("skill"), MAX_SHORT_TEXT)?, level: code(&row.level) };
        if clean.skill.is_none() && clean.level.is_none() {
            continue;
        }
        require(&clean.skill, field("skill"), "Enter the skill")?;
        require(&clean.level, field("level"), "Choose the level of the skill")?;
        cv.skills.push(clean);
        row_indexes.skills.push((i, cv.skills.len() - 1));
    }

    too_many("driverLicences", input.driver_licences.len())?;
    for (i, row) in input.driver_licences.iter().enumerate() {
        let field = |name| row_field("driverLicences", i, name);
        let clean = DriverLicence {
            driver_licence: code(&row.driver_licence),
            year_of_issue: year(row.year_of_issue, field("yearOfIssue"), this_year)?,
            experience_years: row.experience_years,
        };
        if clean.driver_licence.is_none() && clean.year_of_issue.is_none() && clean.experience_years.is_none() {
            continue;
        }
        require(&clean.driver_licence, field("driverLicence"), "Choose the driver licence category")?;
        require(&clean.year_of_issue, field("yearOfIssue"), "Enter the year of issue")?;
        if clean.experience_years.is_some_and(|y| !(0..=80).contains(&y)) {
            return Err(Error::field(field("experienceYears"), "Years of experience must be between 0 and 80"));
        }
        if cv.driver_licences.iter().any(|d| d.driver_licence == clean.driver_licence) {
            return Err(Error::field(field("driverLicence"), "This driver licence category is already listed"));
        }
        cv.driver_licences.push(clean);
        row_indexes.driver_licences.push((i, cv.driver_licences.len() - 1));
    }

    too_many("certificates", input.certificates.len())?;
    for (i, row) in input.certificates.iter().enumerate() {
        let field = |name| row_field("certificates", i, name);
        let clean = Certificate {
            title: text(&row.title, field("title"), MAX_SHORT_TEXT)?,
            year: year(row.year, field("year"), this_year)?,
            file_id: row.file_id,
        };
        if clean.title.is_none() && clean.year.is_none() && clean.file_id.is_none() {
            continue;
        }
        require(&clean.title, field("title"), "Enter the title of the certificate")?;
        require(&clean.year, field("year"), "Enter the year of the certificate")?;
        cv.certificates.push(clean);
        row_indexes.certificates.push((i, cv.certificates.len() - 1));
    }

    too_many("courses", input.courses.len())?;
    for (i, row) in input.courses.iter().enumerate() {
        let field = |name| row_field("courses", i, name);
        let clean = Course {
            title: text(&row.title, field("title"), MAX_SHORT_TEXT)?,
            organizer: text(&row.organizer, field("organizer"), MAX_SHORT_TEXT)?,
            file_id: row.file_id,
        };
        if clean.title.is_none() && clean.organizer.is_none() && clean.file_id.is_none() {
            continue;
        }
        require(&clean.title, field("title"), "Enter the title of the course")?;
        require(&clean.organizer, field("organizer"), "Enter the organizer of the course")?;
        cv.courses.push(clean);
        row_indexes.courses.push((i, cv.courses.len() - 1));
    }

    too_many("references", input.references.len())?;
    for (i, row) in input.references.iter().enumerate() {
        let field = |name| row_field("references", i, name);
        let clean = Reference {
            name: text(&row.name, field("name"), MAX_SHORT_TEXT)?,
            company: text(&row.company, field("company"), MAX_SHORT_TEXT)?,
            job_title: text(&row.job_title, field("jobTitle"), MAX_SHORT_TEXT)?,
            contact: text(&row.contact, field("contact"), MAX_SHORT_TEXT)?,
            file_id: row.file_id,
        };
        if clean.name.is_none() && clean.company.is_none() && clean.job_title.is_none() && clean.contact.is_none() && clean.file_id.is_none() {
            continue;
        }
        require(&clean.name, field("name"), "Enter the name of the reference")?;
        cv.references.push(clean);
        row_indexes.references.push((i, cv.references.len() - 1));
    }

    too_many("portfolio", input.portfolio.len())?;
    for (i, row) in input.portfolio.iter().enumerate() {
        let field = |name| row_field("portfolio", i, name);
        let clean = PortfolioItem {
            description: text(&row.description, field("description"), MAX_LONG_TEXT)?,
            url: text(&row.url, field("url"), MAX_URL)?,
            file_ids: row.file_ids.iter().fold(Vec::new(), |mut ids, id| {
                if !ids.contains(id) {
                    ids.push(*id);
                }
                ids
            }),
        };
        if clean.description.is_none() && clean.url.is_none() && clean.file_ids.is_empty() {
            continue;
        }
        if let Some(url) = &clean.url {
            let lower = url.to_ascii_lowercase();
            if !(lower.starts_with("http://") || lower.starts_with("https://")) || url.chars().any(char::is_whitespace) {
                return Err(Error::field(field("url"), "Enter a web address starting with http:// or https://"));
            }
        }
        if clean.file_ids.len() > MAX_PORTFOLIO_FILES {
            return Err(Error::field(field("fileIds"), format!("A portfolio item can hold at most {MAX_PORTFOLIO_FILES} files")));
        }
        cv.portfolio.push(clean);
        row_indexes.portfolio.push((i, cv.portfolio.len() - 1));
    }

    let cv = checked.cv.clone();
    for category in &cv.categories {
        checked.codes.push(("ref_categories", "categories", category.clone()));
    }
    checked.code("ref_genders", "gender", &cv.gender);
    checked.code("ref_employment_types", "employmentType", &cv.employment_type);
    checked.code("ref_places", "cityCode", &cv.city_code);
    checked.code("ref_places", "workLocationCode", &cv.work_location_code);
    for (i, row) in &row_indexes.educations {
        let row = &cv.educations[*row];
        checked.code("ref_education_levels", row_field("educations", *i, "educationLevel"), &row.education_level);
    }
    for (i, row) in &row_indexes.language_skills {
        let row = &cv.language_skills[*row];
        checked.code("ref_languages", row_field("languageSkills", *i, "language"), &row.language);
        checked.code("ref_proficiencies", row_field("languageSkills", *i, "proficiency"), &row.proficiency);
    }
    for (i, row) in &row_indexes.skills {
        checked.code("ref_skill_levels", row_field("skills", *i, "level"), &cv.skills[*row].level);
    }
    for (i, row) in &row_indexes.driver_licences {
        checked.code("ref_driver_licences", row_field("driverLicences", *i, "driverLicence"), &cv.driver_licences[*row].driver_licence);
    }
    for (i, row) in &row_indexes.certificates {
        checked.files.extend(cv.certificates[*row].file_id.map(|f| (row_field("certificates", *i, "fileId"), f, false)));
    }
    for (i, row) in &row_indexes.courses {
        checked.files.extend(cv.courses[*row].file_id.map(|f| (row_field("courses", *i, "fileId"), f, false)));
    }
    for (i, row) in &row_indexes.references {
        checked.files.extend(cv.references[*row].file_id.map(|f| (row_field("references", *i, "fileId"), f, false)));
    }
    for (i, row) in &row_indexes.portfolio {
        checked.files.extend(cv.portfolio[*row].file_ids.iter().map(|f| (row_field("portfolio", *i, "fileIds"), *f, true)));
    }
    Ok(checked)
}

/// Checks every code against its reference table and every file against the owner's uploads.
async fn check_references(conn: &mut PgConnection, owner: Uuid, checked: &Checked) -> Result<()> {
    reference::check_each_code(&mut *conn, &checked.codes).await?;
    if checked.files.is_empty() {
        return Ok(());
    }
    let wanted: Vec<Uuid> = checked.files.iter().map(|(_, id, _)| *id).collect();
    let owned: HashMap<Uuid, String> = sqlx::query_as::<_, (Uuid, String)>(
        "select id, content_type from files where id = any($1) and owner_user_id = $2 and kind = any($3)",
    )
    .bind(&wanted)
    .bind(owner)
    .bind(&files::CV_FILE_KINDS[..])
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    for (field, id, portfolio) in &checked.files {
        let Some(content_type) = owned.get(id) else {
            return Err(Error::field(field, "The file was not found: upload it again"));
        };
        let kind = if *portfolio { UploadKind::Portfolio } else { UploadKind::Certificate };
        if !Sniffed::from_content_type(content_type).is_some_and(|sniffed| kind.accepts(sniffed)) {
            return Err(Error::field(field, kind.wrong_file_message()));
        }
    }
    Ok(())
}

/// Every file a CV uses: its PDF and the files of its rows.
async fn file_ids_of(conn: &mut PgConnection, id: Uuid) -> Result<Vec<Uuid>> {
    Ok(sqlx::query_scalar(
        "select pdf_file_id from cvs where id = $1 and pdf_file_id is not null
         union select file_id from cv_certificates where cv_id = $1 and file_id is not null
         union select file_id from cv_courses where cv_id = $1 and file_id is not null
         union select file_id from cv_references where cv_id = $1 and file_id is not null
         union select pf.file_id from cv_portfolio_files pf join cv_portfolio_items pi on pi.id = pf.portfolio_item_id where pi.cv_id = $1",
    )
    .bind(id)
    .fetch_all(conn)
    .await?)
}

/// Creates a CV of the applicant, or replaces one of theirs (`cvId`) with every list, in one
/// transaction that also queues its re-indexing. Another applicant's CV is "not found".
#[tracing::instrument(skip_all, fields(cv_id = ?input.cv_id, draft = input.draft))]
pub async fn save(pool: &PgPool, store: &FileStore, owner: Uuid, input: &CvInput) -> Result<Uuid> {
    let checked = validate(input, Utc::now().date_naive())?;
    let mut tx = pool.begin().await?;
    check_references(&mut tx, owner, &checked).await?;
    let cv = checked.cv;
    let files_before = match cv.cv_id {
        Some(id) => file_ids_of(&mut tx, id).await?,
        None => Vec::new(),
    };
    let status = if cv.draft { "DRAFT" } else { "ACTIVE" };
    let id: Uuid = match cv.cv_id {
        Some(_) => sqlx::query_scalar(
            "update cvs set status = $3, visibility = $4, title = $5, firstname = $6, lastname = $7, email = $8,
                    phone_number = $9, date_of_birth = $10, gender_code = $11, city_code = $12, employment_type_code = $13,
                    work_location = $14, work_location_code = $15, about_me = $16
             where id = $1 and owner_user_id = $2 and deleted_at is null returning id",
        ),
        None => sqlx::query_scalar(
            "insert into cvs (id, owner_user_id, status, visibility, title, firstname, lastname, email, phone_number, date_of_birth,
                              gender_code, city_code, employment_type_code, work_location, work_location_code, about_me)
             values (coalesce($1, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id",
        ),
    }
    .bind(cv.cv_id)
    .bind(owner)
    .bind(status)
    .bind(cv.visibility.as_str())
    .bind(&cv.title)
    .bind(&cv.firstname)
    .bind(&cv.lastname)
    .bind(&cv.email)
    .bind(&cv.phone_number)
    .bind(cv.date_of_birth)
    .bind(&cv.gender)
    .bind(&cv.city_code)
    .bind(&cv.employment_type)
    .bind(&cv.work_location)
    .bind(&cv.work_location_code)
    .bind(&cv.about_me)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(Error::not_found)?;

    replace_lists(&mut tx, id, &cv).await?;
    // a row file the CV no longer uses is erased, unless another CV of the applicant uses it
    let dropped = files::erase_unreferenced(&mut tx, owner, &files_before).await?;
    // the employers who opened an application sent with this CV see it flagged as updated
    sqlx::query("update applications set change_flag = 'UPDATED' where cv_id = $1 and change_flag = 'NONE' and withdrawn_at is null")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    jobs::enqueue_index(&mut tx, &[IndexJob::Cv(id)]).await?;
    tx.commit().await?;
    store.remove_all(&dropped).await;
    Ok(id)
}

async fn replace_lists(conn: &mut PgConnection, id: Uuid, cv: &CvInput) -> Result<()> {
    for table in [
        "cv_categories", "cv_educations", "cv_employment_histories", "cv_language_skills", "cv_skills", "cv_driver_licences",
        "cv_certificates", "cv_courses", "cv_references", "cv_portfolio_items",
    ] {
        sqlx::query(sqlx::AssertSqlSafe(format!("delete from {table} where cv_id = $1"))).bind(id).execute(&mut *conn).await?;
    }
    for category in &cv.categories {
        sqlx::query("insert into cv_categories (cv_id, category_code) values ($1, $2)").bind(id).bind(category).execute(&mut *conn).await?;
    }
    for (position, row) in cv.educations.iter().enumerate() {
        sqlx::query(
            "insert into cv_educations (cv_id, education_level_code, institution, speciality, graduation_year, still_studying, position)
             values ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(&row.education_level)
        .bind(&row.institution)
        .bind(&row.speciality)
        .bind(row.graduation_year.map(|y| y as i16))
        .bind(row.still_studying)
        .bind(position as i32)
        .execute(&mut *conn)
        .await?;
    }
    for (position, row) in cv.employment_histories.iter().enumerate() {
        sqlx::query(
            "insert into cv_employment_histories (cv_id, company, occupation, start_date, end_date, present, description, position)
             values ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id)
        .bind(&row.company)
        .bind(&row.occupation)
        .bind(row.start_date)
        .bind(row.end_date)
        .bind(row.present)
        .bind(&row.description)
        .bind(position as i32)
        .execute(&mut *conn)
        .await?;
    }
    for (position, row) in cv.language_skills.iter().enumerate() {
        sqlx::query("insert into cv_language_skills (cv_id, language_code, proficiency_code, position) values ($1, $2, $3, $4)")
            .bind(id)
            .bind(&row.language)
            .bind(&row.proficiency)
            .bind(position as i32)
            .execute(&mut *conn)
            .await?;
    }
    for (position, row) in cv.skills.iter().enumerate() {
        sqlx::query("insert into cv_skills (cv_id, skill, skill_level_code, position) values ($1, $2, $3, $4)")
            .bind(id)
            .bind(&row.skill)
            .bind(&row.level)
            .bind(position as i32)
            .execute(&mut *conn)
            .await?;
    }
    for row in &cv.driver_licences {
        sqlx::query("insert into cv_driver_licences (cv_id, driver_licence_code, year_of_issue, experience_years) values ($1, $2, $3, $4)")
            .bind(id)
            .bind(&row.driver_licence)
            .bind(row.year_of_issue.map(|y| y as i16))
            .bind(row.experience_years.map(|y| y as i16))
            .execute(&mut *conn)
            .await?;
    }
    for (position, row) in cv.certificates.iter().enumerate() {
        sqlx::query("insert into cv_certificates (cv_id, title, year, file_id, position) values ($1, $2, $3, $4, $5)")
            .bind(id)
            .bind(&row.title)
            .bind(row.year.map(|y| y as i16))
            .bind(row.file_id)
            .bind(position as i32)
            .execute(&mut *conn)
            .await?;
    }
    for (position, row) in cv.courses.iter().enumerate() {
        sqlx::query("insert into cv_courses (cv_id, title, organizer, file_id, position) values ($1, $2, $3, $4, $5)")
            .bind(id)
            .bind(&row.title)
            .bind(&row.organizer)
            .bind(row.file_id)
            .bind(position as i32)
            .execute(&mut *conn)
            .await?;
    }
    for (position, row) in cv.references.iter().enumerate() {
        sqlx::query(
            "insert into cv_references (cv_id, name, company, job_title, contact, file_id, position) values ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(&row.name)
        .bind(&row.company)
        .bind(&row.job_title)
        .bind(&row.contact)
        .bind(row.file_id)
        .bind(position as i32)
        .execute(&mut *conn)
        .await?;
    }
    for (position, row) in cv.portfolio.iter().enumerate() {
        let item: Uuid =
            sqlx::query_scalar("insert into cv_portfolio_items (cv_id, description, url, position) values ($1, $2, $3, $4) returning id")
                .bind(id)
                .bind(&row.description)
                .bind(&row.url)
                .bind(position as i32)
                .fetch_one(&mut *conn)
                .await?;
        for (file_position, file_id) in row.file_ids.iter().enumerate() {
            sqlx::query("insert into cv_portfolio_files (portfolio_item_id, file_id, position) values ($1, $2, $3)")
                .bind(item)
                .bind(file_id)
                .bind(file_position as i32)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}

#[derive(sqlx::FromRow)]
struct CvRow {
    id: Uuid,
    status: String,
    visibility: String,
    title: Option<String>,
    firstname: Option<String>,
    lastname: Option<String>,
    email: Option<String>,
    phone_number: Option<String>,
    date_of_birth: Option<NaiveDate>,
    gender_code: Option<String>,
    city_code: Option<String>,
    employment_type_code: Option<String>,
    work_location: Option<String>,
    work_location_code: Option<String>,
    about_me: Option<String>,
    pdf_file_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

async fn pdf_of(pool: &PgPool, file_id: Option<Uuid>) -> Result<Option<CvPdf>> {
    let Some(file_id) = file_id else { return Ok(None) };
    Ok(sqlx::query_as("select id as file_id, original_name as name, size_bytes, text_status from files where id = $1")
        .bind(file_id)
        .fetch_optional(pool)
        .await?)
}

/// The uploaded PDF of the owner's CV.
pub async fn pdf(pool: &PgPool, owner: Uuid, id: Uuid) -> Result<Option<CvPdf>> {
    let file_id: Option<Uuid> = sqlx::query_scalar("select pdf_file_id from cvs where id = $1 and owner_user_id = $2 and deleted_at is null")
        .bind(id)
        .bind(owner)
        .fetch_optional(pool)
        .await?
        .ok_or_else(Error::not_found)?;
    pdf_of(pool, file_id).await
}

/// The whole CV of its owner; anyone else's (or a deleted one) is "not found".
#[tracing::instrument(skip_all)]
pub async fn get(pool: &PgPool, owner: Uuid, id: Uuid) -> Result<Cv> {
    let owned: bool = sqlx::query_scalar("select exists (select 1 from cvs where id = $1 and owner_user_id = $2 and deleted_at is null)")
        .bind(id)
        .bind(owner)
        .fetch_one(pool)
        .await?;
    if !owned {
        return Err(Error::not_found());
    }
    load(pool, id).await?.ok_or_else(Error::not_found)
}

/// A whole CV by id, deleted or not, with no check of who asks: callers decide that.
#[tracing::instrument(skip_all)]
pub async fn load(pool: &PgPool, id: Uuid) -> Result<Option<Cv>> {
    let row: Option<CvRow> = sqlx::query_as("select * from cvs where id = $1").bind(id).fetch_optional(pool).await?;
    let Some(row) = row else { return Ok(None) };
    let categories = sqlx::query_scalar("select category_code from cv_categories where cv_id = $1 order by created_at, category_code")
        .bind(id)
        .fetch_all(pool)
        .await?;
    let educations = sqlx::query_as(
        "select education_level_code as education_level, institution, speciality, graduation_year::int4 as graduation_year, still_studying
         from cv_educations where cv_id = $1 order by position",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let employment_histories = sqlx::query_as(
        "select company, occupation, start_date, end_date, present, description from cv_employment_histories where cv_id = $1 order by position",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let language_skills = sqlx::query_as(
        "select language_code as language, proficiency_code as proficiency from cv_language_skills where cv_id = $1 order by position",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let skills = sqlx::query_as("select skill, skill_level_code as level from cv_skills where cv_id = $1 order by position")
        .bind(id)
        .fetch_all(pool)
        .await?;
    let driver_licences = sqlx::query_as(
        "select driver_licence_code as driver_licence, year_of_issue::int4 as year_of_issue, experience_years::int4 as experience_years
         from cv_driver_licences where cv_id = $1 order by created_at, driver_licence_code",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let certificates = sqlx::query_as("select title, year::int4 as year, file_id from cv_certificates where cv_id = $1 order by position")
        .bind(id)
        .fetch_all(pool)
        .await?;
    let courses = sqlx::query_as("select title, organizer, file_id from cv_courses where cv_id = $1 order by position")
        .bind(id)
        .fetch_all(pool)
        .await?;
    let references =
        sqlx::query_as("select name, company, job_title, contact, file_id from cv_references where cv_id = $1 order by position")
            .bind(id)
            .fetch_all(pool)
            .await?;
    let portfolio = sqlx::query_as(
        "select description, url,
                array(select file_id from cv_portfolio_files f where f.portfolio_item_id = p.id order by f.position) as file_ids
         from cv_portfolio_items p where cv_id = $1 order by position",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    Ok(Some(Cv {
        cv_id: row.id,
        status: CvStatus::from_db(&row.status),
        visibility: Visibility::from_db(&row.visibility),
        title: row.title,
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        phone_number: row.phone_number,
        date_of_birth: row.date_of_birth,
        gender: row.gender_code,
        city_code: row.city_code,
        employment_type: row.employment_type_code,
        work_location: row.work_location,
        work_location_code: row.work_location_code,
        about_me: row.about_me,
        categories,
        educations,
        employment_histories,
        language_skills,
        skills,
        driver_licences,
        certificates,
        courses,
        references,
        portfolio,
        pdf: pdf_of(pool, row.pdf_file_id).await?,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }))
}

/// The applicant's CVs, most recently changed first.
#[tracing::instrument(skip_all)]
pub async fn mine(pool: &PgPool, owner: Uuid) -> Result<Vec<CvSummary>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        id: Uuid,
        title: Option<String>,
        status: String,
        visibility: String,
        updated_at: DateTime<Utc>,
        file_id: Option<Uuid>,
        name: Option<String>,
        size_bytes: Option<i64>,
        text_status: Option<String>,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "select cv.id, cv.title, cv.status, cv.visibility, cv.updated_at, f.id as file_id, f.original_name as name, f.size_bytes, f.text_status
         from cvs cv left join files f on f.id = cv.pdf_file_id
         where cv.owner_user_id = $1 and cv.deleted_at is null order by cv.updated_at desc, cv.id",
    )
    .bind(owner)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| CvSummary {
            cv_id: row.id,
            title: row.title,
            status: CvStatus::from_db(&row.status),
            visibility: Visibility::from_db(&row.visibility),
            pdf: match (row.file_id, row.name, row.size_bytes, row.text_status) {
                (Some(file_id), Some(name), Some(size_bytes), Some(text_status)) => Some(CvPdf { file_id, name, size_bytes, text_status }),
                _ => None,
            },
            updated_at: row.updated_at,
        })
        .collect())
}

/// Soft-deletes the applicant's CV and takes it out of the CV database; its files are erased
/// (rows and bytes) unless another CV of the applicant still uses them.
#[tracing::instrument(skip_all)]
pub async fn delete(pool: &PgPool, store: &FileStore, owner: Uuid, id: Uuid) -> Result<()> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query("update cvs set deleted_at = now() where id = $1 and owner_user_id = $2 and deleted_at is null")
        .bind(id)
        .bind(owner)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Err(Error::not_found());
    }
    let used = file_ids_of(&mut tx, id).await?;
    let erased = files::erase_unreferenced(&mut tx, owner, &used).await?;
    jobs::enqueue_index(&mut tx, &[IndexJob::Cv(id)]).await?;
    tx.commit().await?;
    store.remove_all(&erased).await;
    Ok(())
}

/// Removes the uploaded PDF of the applicant's CV (its text leaves the CV database with it); the
/// file is erased unless a CV row still uses it.
#[tracing::instrument(skip_all)]
pub async fn remove_pdf(pool: &PgPool, store: &FileStore, owner: Uuid, id: Uuid) -> Result<()> {
    let mut tx = pool.begin().await?;
    let file_id: Option<Option<Uuid>> =
        sqlx::query_scalar("select pdf_file_id from cvs where id = $1 and owner_user_id = $2 and deleted_at is null for update")
            .bind(id)
            .bind(owner)
            .fetch_optional(&mut *tx)
            .await?;
    let Some(file_id) = file_id else {
        return Err(Error::not_found());
    };
    sqlx::query("update cvs set pdf_file_id = null where id = $1").bind(id).execute(&mut *tx).await?;
    let erased = files::erase_unreferenced(&mut tx, owner, file_id.as_slice()).await?;
    jobs::enqueue_index(&mut tx, &[IndexJob::Cv(id)]).await?;
    tx.commit().await?;
    store.remove_all(&erased).await;
    Ok(())
}

/// Who is reading: a signed-in user, and the company they act for when they are an employer.
#[derive(Clone, Copy, Debug)]
pub struct Viewer {
    pub user_id: Uuid,
    pub company_id: Option<Uuid>,
}

/// The one rule of who may read a CV (and so its files and its PDF): its owner; a member of the
/// staff of an employer's company that received an application with it (not withdrawn, not
/// anonymised) who sees that vacancy's candidates ([`crate::delegation`]); or a company with an active
/// CV-database service, while the CV is finished and visible there. A deleted CV is no one's.
#[tracing::instrument(skip_all)]
pub async fn may_view(pool: &PgPool, viewer: &Viewer, id: Uuid) -> Result<bool> {
    let row: Option<(Uuid, String, String)> =
        sqlx::query_as("select owner_user_id, status, visibility from cvs where id = $1 and deleted_at is null")
            .bind(id)
            .fetch_optional(pool)
            .await?;
    let Some((owner, status, visibility)) = row else { return Ok(false) };
    if owner == viewer.user_id {
        return Ok(true);
    }
    let Some(company_id) = viewer.company_id else { return Ok(false) };
    let staff: bool = sqlx::query_scalar(
        "select exists (select 1 from company_staff s join companies c on c.id = s.company_id
                        where s.company_id = $1 and s.user_id = $2 and c.deleted_at is null)",
    )
    .bind(company_id)
    .bind(viewer.user_id)
    .fetch_one(pool)
    .await?;
    if !staff {
        return Ok(false);
    }
    let sql = format!(
        "select exists (select 1 from applications a join vacancies v on v.id = a.vacancy_id
                        where a.cv_id = $1 and v.company_id = $2 and a.withdrawn_at is null
                          and a.anonymised_at is null and a.status <> 'DELETED' and {})",
        crate::delegation::sees_vacancy_sql("v", "$3")
    );
    let applied: bool = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
    .bind(id)
    .bind(company_id)
    .bind(viewer.user_id)
    .fetch_one(pool)
    .await?;
    if applied {
        return Ok(true);
    }
    Ok(status == "ACTIVE" && visibility == "VISIBLE" && crate::companies::has_cv_database_access(pool, company_id).await?)
}

/// A CV for anyone [`may_view`] lets read it; for anyone else "not found".
pub async fn get_for(pool: &PgPool, viewer: &Viewer, id: Uuid) -> Result<Cv> {
    if !may_view(pool, viewer, id).await? {
        return Err(Error::not_found());
    }
    load(pool, id).await?.ok_or_else(Error::not_found)
}

/// A CV file for a viewer: its owner, or someone who may read a CV that uses it (the rule of
/// [`may_view`]). Anything else, including files that are no CV's, is "not found".
#[tracing::instrument(skip_all)]
pub async fn file_for(pool: &PgPool, viewer: &Viewer, file_id: Uuid) -> Result<files::StoredFile> {
    let file: files::StoredFile = sqlx::query_as(
        "select id, original_name, content_type, size_bytes, storage_key from files where id = $1 and kind = any($2)",
    )
    .bind(file_id)
    .bind(&files::CV_FILE_KINDS[..])
    .fetch_optional(pool)
    .await?
    .ok_or_else(Error::not_found)?;
    let owner: Option<Uuid> = sqlx::query_scalar("select owner_user_id from files where id = $1").bind(file_id).fetch_one(pool).await?;
    if owner == Some(viewer.user_id) {
        return Ok(file);
    }
    let cvs: Vec<Uuid> = sqlx::query_scalar(
        "select cv.id from cvs cv where cv.deleted_at is null and (
             cv.pdf_file_id = $1
             or exists (select 1 from cv_certificates r where r.cv_id = cv.id and r.file_id = $1)
             or exists (select 1 from cv_courses r where r.cv_id = cv.id and r.file_id = $1)
             or exists (select 1 from cv_references r where r.cv_id = cv.id and r.file_id = $1)
             or exists (select 1 from cv_portfolio_files pf join cv_portfolio_items pi on pi.id = pf.portfolio_item_id
                        where pi.cv_id = cv.id and pf.file_id = $1))",
    )
    .bind(file_id)
    .fetch_all(pool)
    .await?;
    for cv in cvs {
        if may_view(pool, viewer, cv).await? {
            return Ok(file);
        }
    }
    Err(Error::not_found())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
    }

    fn field_of(err: Error) -> (&'static str, String) {
        match err {
            Error::Client { field: Some(field), message, .. } => (field, message.into_owned()),
            other => panic!("expected a field error, got {other:?}"),
        }
    }

    #[test]
    fn a_draft_needs_none_of_the_required_fields() {
        let cv = validate(&CvInput { draft: true, title: Some("  ".into()), ..CvInput::default() }, today()).unwrap();
        assert_eq!(cv.cv.title, None);
    }

    #[test]
    fn wholly_empty_rows_are_dropped_and_paths_name_the_request_row() {
        let input = CvInput {
            draft: true,
            educations: vec![Education::default(), Education { institution: Some("TTÜ".into()), ..Education::default() }],
            ..CvInput::default()
        };
        let (field, message) = field_of(validate(&input, today()).unwrap_err());
        assert_eq!(field, "educations[1].educationLevel");
        assert_eq!(message, "Choose the level of education");
    }

    #[test]
    fn the_youngest_date_of_birth_is_fourteen_years_back() {
        let young = CvInput { draft: true, date_of_birth: NaiveDate::from_ymd_opt(2012, 11, 22), ..CvInput::default() };
        assert_eq!(field_of(validate(&young, today()).unwrap_err()).0, "dateOfBirth");
        let fourteen = CvInput { draft: true, date_of_birth: NaiveDate::from_ymd_opt(2012, 11, 21), ..CvInput::default() };
        assert!(validate(&fourteen, today()).is_ok());
    }

    #[test]
    fn a_present_job_keeps_no_end_date() {
        let input = CvInput {
            draft: true,
            employment_histories: vec![EmploymentHistory {
                company: Some("Näide OÜ".into()),
                occupation: Some("Kokk".into()),
                start_date: NaiveDate::from_ymd_opt(2020, 1, 1),
                end_date: NaiveDate::from_ymd_opt(2019, 1, 1),
                present: true,
                description: None,
            }],
            ..CvInput::default()
        };
        assert_eq!(validate(&input, today()).unwrap().cv.employment_histories[0].end_date, None);
    }
}
