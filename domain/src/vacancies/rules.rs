//! The rules of a vacancy document (spec 2 section 5), at two levels: [`check_draft`] always (what
//! is filled in must be well-formed: types, ranges, lengths, no repeats, salary and age ranges,
//! links, a sanitized text) and [`check_publishable`] to publish (what must be filled in). Codes and
//! files are checked against the database by [`check_references`]. Every failure is a 400
//! `validation` naming the document's field, with list indices (`languages[1].proficiency`).

use std::collections::HashSet;

use sqlx::PgConnection;
use uuid::Uuid;

use super::document::{VacancyContent, VacancyDocument, VacancyDriverLicence, VacancyLanguage, VacancyQuestion};
use crate::platform::rich_text;
use crate::platform::error::{Error, Result, row_field};
use crate::platform::reference::{self, CodeRef};

pub const MAX_TEASER: usize = 85;
/// The largest text of one language, in bytes of its delta.
pub const MAX_CONTENT_BYTES: usize = 100 * 1024;
pub const MAX_CATEGORIES: usize = 10;
pub const MAX_QUESTIONS: usize = 20;
pub const MAX_QUESTION: usize = 500;
pub const MIN_WEIGHT: i32 = 1;
pub const MAX_WEIGHT: i32 = 10;
pub const MAX_GALLERY: usize = 10;
/// Most language and driver licence rows.
pub const MAX_REQUIREMENT_ROWS: usize = 20;
pub const MIN_AGE: i32 = 14;
pub const MAX_AGE: i32 = 100;
pub const MAX_EXPERIENCE_YEARS: i32 = 80;
pub const MAX_URL: usize = 2000;
pub const MAX_ADDRESS: usize = 300;
pub const MAX_AUTO_REPLY: usize = 4000;
/// The largest salary the column holds (numeric(12, 2)).
pub const MAX_SALARY: f64 = 9_999_999_999.99;
/// The languages a vacancy is written in.
pub const CONTENT_LANGUAGES: [&str; 3] = ["et", "en", "ru"];
/// The kinds of files a vacancy may show: its own pictures and the company's (all public).
pub const PICTURE_KINDS: [&str; 6] = ["vacancy_image", "vacancy_cover", "vacancy_gallery", "company_logo", "company_cover", "company_gallery"];

/// A tidied document (text trimmed, blanks made null, the text sanitized) with what is left to
/// check against the database.
#[derive(Debug)]
pub struct Checked {
    pub document: VacancyDocument,
    /// Whether each of `document.contents` holds visible text.
    has_text: Vec<bool>,
    codes: Vec<CodeRef>,
    /// (field, file id) of every picture.
    files: Vec<(&'static str, Uuid)>,
}

impl Checked {
    fn code(&mut self, table: &'static str, field: &'static str, value: &Option<String>) {
        if let Some(value) = value {
            self.codes.push((table, field, value.clone()));
        }
    }
}

/// Trimmed, `None` when blank.
fn tidy(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string)
}

fn at_most(field: &'static str, value: &Option<String>, max: usize) -> Result<()> {
    match value {
        Some(text) if text.chars().count() > max => Err(Error::field(field, format!("The text is longer than {max} characters"))),
        _ => Ok(()),
    }
}

fn at_most_rows(field: &'static str, rows: usize, max: usize) -> Result<()> {
    if rows > max {
        return Err(Error::field(field, format!("At most {max} of these are allowed")));
    }
    Ok(())
}

/// An http or https address (as typed, trimmed), at most [`MAX_URL`] characters.
fn web_address(field: &'static str, value: &Option<String>) -> Result<Option<String>> {
    let Some(text) = tidy(value) else {
        return Ok(None);
    };
    at_most(field, &Some(text.clone()), MAX_URL)?;
    let parsed = url::Url::parse(&text).ok().filter(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
    let lower = text.to_ascii_lowercase();
    let plain = lower.starts_with("http://") || lower.starts_with("https://");
    if parsed.is_none() || !plain || text.chars().any(char::is_whitespace) {
        return Err(Error::field(field, "Enter a web address starting with http:// or https://"));
    }
    Ok(Some(text))
}

fn salary(field: &'static str, value: Option<f64>) -> Result<()> {
    let Some(amount) = value else { return Ok(()) };
    if amount < 0.0 {
        return Err(Error::field(field, "The salary cannot be below zero"));
    }
    if amount > MAX_SALARY {
        return Err(Error::field(field, format!("The salary cannot be above {MAX_SALARY}")));
    }
    if ((amount * 100.0).round() - amount * 100.0).abs() > 1e-6 {
        return Err(Error::field(field, "The salary is given in euros and cents (at most two decimals)"));
    }
    Ok(())
}

fn age(field: &'static str, value: Option<i32>) -> Result<()> {
    match value {
        Some(years) if !(MIN_AGE..=MAX_AGE).contains(&years) => Err(Error::field(field, format!("The age must be between {MIN_AGE} and {MAX_AGE}"))),
        _ => Ok(()),
    }
}

/// The draft rules: everything filled in is well-formed. Answers the tidied document.
pub fn check_draft(input: &VacancyDocument) -> Result<Checked> {
    let mut d = input.clone();
    d.occupation_code = tidy(&input.occupation_code);
    d.employment_type_code = tidy(&input.employment_type_code);
    d.country_code = reference::check_country(input.country_code.trim())?;
    d.ehak_code = tidy(&input.ehak_code);
    d.address = tidy(&input.address);
    at_most("address", &d.address, MAX_ADDRESS)?;
    if d.ads_adr_id.is_some_and(|id| id <= 0) {
        return Err(Error::field("adsAdrId", "The address id is the address's number in the address register: a positive number"));
    }
    check_salary(&mut d)?;
    d.video_url = web_address("videoUrl", &input.video_url)?;
    d.apply_link = web_address("applyLink", &input.apply_link)?;
    d.auto_reply_text = tidy(&input.auto_reply_text);
    at_most("autoReplyText", &d.auto_reply_text, MAX_AUTO_REPLY)?;
    age("minAge", d.min_age)?;
    age("maxAge", d.max_age)?;
    if let (Some(min), Some(max)) = (d.min_age, d.max_age)
        && min > max
    {
        return Err(Error::field("maxAge", "The highest age cannot be below the lowest"));
    }
    d.required_city_code = tidy(&input.required_city_code);
    d.required_gender_code = tidy(&input.required_gender_code);
    d.education_level_code = tidy(&input.education_level_code);
    d.work_experience_code = tidy(&input.work_experience_code);
    d.category_codes = check_categories(&input.category_codes)?;
    let (contents, has_text) = check_contents(&input.contents)?;
    d.contents = contents;
    d.questions = check_questions(&input.questions)?;
    d.languages = check_languages(&input.languages)?;
    d.driver_licences = check_driver_licences(&input.driver_licences)?;
    at_most_rows("galleryFileIds", d.gallery_file_ids.len(), MAX_GALLERY)?;
    let mut seen = HashSet::new();
    if let Some(i) = d.gallery_file_ids.iter().position(|id| !seen.insert(*id)) {
        return Err(Error::field(row_field("galleryFileIds", i, ""), "This picture is already in the gallery"));
    }

    let mut checked = Checked { document: d, has_text, codes: Vec::new(), files: Vec::new() };
    collect_references(&mut checked);
    Ok(checked)
}

/// Salary by agreement leaves no amount or period; an amount needs a period; from ≤ to.
fn check_salary(d: &mut VacancyDocument) -> Result<()> {
    d.salary_period_code = tidy(&d.salary_period_code);
    if d.salary_by_agreement {
        let given =
            [("salaryFrom", d.salary_from.is_some()), ("salaryTo", d.salary_to.is_some()), ("salaryPeriodCode", d.salary_period_code.is_some())];
        if let Some((field, _)) = given.into_iter().find(|(_, set)| *set) {
            return Err(Error::field(field, "With salary by agreement, leave the salary and its period empty"));
        }
        return Ok(());
    }
    salary("salaryFrom", d.salary_from)?;
    salary("salaryTo", d.salary_to)?;
    if let (Some(from), Some(to)) = (d.salary_from, d.salary_to)
        && from > to
    {
        return Err(Error::field("salaryTo", "The salary to cannot be lower than the salary from"));
    }
    if (d.salary_from.is_some() || d.salary_to.is_some()) && d.salary_period_code.is_none() {
        return Err(Error::field("salaryPeriodCode", "Choose the period the salary is for"));
    }
    Ok(())
}

fn check_categories(input: &[String]) -> Result<Vec<String>> {
    at_most_rows("categoryCodes", input.len(), MAX_CATEGORIES)?;
    let mut codes: Vec<String> = Vec::with_capacity(input.len());
    for (i, code) in input.iter().enumerate() {
        let code = code.trim();
        if code.is_empty() {
            return Err(Error::field(row_field("categoryCodes", i, ""), "Choose a category"));
        }
        if codes.iter().any(|c| c == code) {
            return Err(Error::field(row_field("categoryCodes", i, ""), "This category is already chosen"));
        }
        codes.push(code.to_string());
    }
    Ok(codes)
}

/// The texts, each language once; the content sanitized. Answers them with whether each holds text.
fn check_contents(input: &[VacancyContent]) -> Result<(Vec<VacancyContent>, Vec<bool>)> {
    at_most_rows("contents", input.len(), CONTENT_LANGUAGES.len())?;
    let mut contents: Vec<VacancyContent> = Vec::with_capacity(input.len());
    let mut has_text = Vec::with_capacity(input.len());
    for (i, row) in input.iter().enumerate() {
        let field = |name| row_field("contents", i, name);
        let language_code = row.language_code.trim().to_ascii_lowercase();
        if !CONTENT_LANGUAGES.contains(&language_code.as_str()) {
            return Err(Error::field(field("languageCode"), "The language must be et, en or ru"));
        }
        if contents.iter().any(|c| c.language_code == language_code) {
            return Err(Error::field(field("languageCode"), "This language already has its text"));
        }
        let teaser = row.teaser.trim().to_string();
        if teaser.chars().count() > MAX_TEASER {
            return Err(Error::field(field("teaser"), format!("The teaser is longer than {MAX_TEASER} characters")));
        }
        if row.content.len() > MAX_CONTENT_BYTES {
            return Err(Error::field(field("content"), format!("The text is larger than {} KB", MAX_CONTENT_BYTES / 1024)));
        }
        let (content, text) = match row.content.trim() {
            "" => (String::new(), false),
            raw => {
                let clean = rich_text::sanitize(raw)
                    .map_err(|_| Error::field(field("content"), "The text must be a rich-text document (a Quill delta as JSON)"))?;
                (clean.json, clean.has_text)
            }
        };
        contents.push(VacancyContent { language_code, teaser, content });
        has_text.push(text);
    }
    Ok((contents, has_text))
}

fn check_questions(input: &[VacancyQuestion]) -> Result<Vec<VacancyQuestion>> {
    at_most_rows("questions", input.len(), MAX_QUESTIONS)?;
    let mut questions: Vec<VacancyQuestion> = Vec::with_capacity(input.len());
    for (i, row) in input.iter().enumerate() {
        let field = |name| row_field("questions", i, name);
        let question = row.question.trim().to_string();
        if question.is_empty() {
            return Err(Error::field(field("question"), "Write the question"));
        }
        if question.chars().count() > MAX_QUESTION {
            return Err(Error::field(field("question"), format!("The question is longer than {MAX_QUESTION} characters")));
        }
        if questions.iter().any(|q| q.question == question) {
            return Err(Error::field(field("question"), "This question is already asked"));
        }
        if !(MIN_WEIGHT..=MAX_WEIGHT).contains(&row.weight) {
            return Err(Error::field(field("weight"), format!("The weight must be between {MIN_WEIGHT} and {MAX_WEIGHT}")));
        }
        questions.push(VacancyQuestion { question, weight: row.weight });
    }
    Ok(questions)
}

fn check_languages(input: &[VacancyLanguage]) -> Result<Vec<VacancyLanguage>> {
    at_most_rows("languages", input.len(), MAX_REQUIREMENT_ROWS)?;
    let mut languages: Vec<VacancyLanguage> = Vec::with_capacity(input.len());
    for (i, row) in input.iter().enumerate() {
        let field = |name| row_field("languages", i, name);
        let (language, proficiency) = (row.language.trim(), row.proficiency.trim());
        if language.is_empty() {
            return Err(Error::field(field("language"), "Choose the language"));
        }
        if proficiency.is_empty() {
            return Err(Error::field(field("proficiency"), "Choose how well the language is needed"));
        }
        if languages.iter().any(|l| l.language == language) {
            return Err(Error::field(field("language"), "This language is already listed"));
        }
        languages.push(VacancyLanguage { language: language.to_string(), proficiency: proficiency.to_string() });
    }
    Ok(languages)
}

fn check_driver_licences(input: &[VacancyDriverLicence]) -> Result<Vec<VacancyDriverLicence>> {
    at_most_rows("driverLicences", input.len(), MAX_REQUIREMENT_ROWS)?;
    let mut licences: Vec<VacancyDriverLicence> = Vec::with_capacity(input.len());
    for (i, row) in input.iter().enumerate() {
        let field = |name| row_field("driverLicences", i, name);
        let code = row.code.trim();
        if code.is_empty() {
            return Err(Error::field(field("code"), "Choose the driver licence category"));
        }
        if row.experience_years.is_some_and(|y| !(0..=MAX_EXPERIENCE_YEARS).contains(&y)) {
            return Err(Error::field(field("experienceYears"), format!("Years of experience must be between 0 and {MAX_EXPERIENCE_YEARS}")));
        }
        if licences.iter().any(|l| l.code == code) {
            return Err(Error::field(field("code"), "This driver licence category is already listed"));
        }
        licences.push(VacancyDriverLicence { code: code.to_string(), experience_years: row.experience_years });
    }
    Ok(licences)
}

/// The codes and files of a tidied document, each with its field.
fn collect_references(checked: &mut Checked) {
    let d = checked.document.clone();
    checked.code("ref_occupations", "occupationCode", &d.occupation_code);
    for (i, code) in d.category_codes.iter().enumerate() {
        checked.codes.push(("ref_categories", row_field("categoryCodes", i, ""), code.clone()));
    }
    checked.code("ref_employment_types", "employmentTypeCode", &d.employment_type_code);
    checked.code("ref_places", "ehakCode", &d.ehak_code);
    checked.code("ref_salary_periods", "salaryPeriodCode", &d.salary_period_code);
    checked.code("ref_places", "requiredCityCode", &d.required_city_code);
    checked.code("ref_genders", "requiredGenderCode", &d.required_gender_code);
    checked.code("ref_education_levels", "educationLevelCode", &d.education_level_code);
    checked.code("ref_work_experiences", "workExperienceCode", &d.work_experience_code);
    for (i, row) in d.languages.iter().enumerate() {
        checked.codes.push(("ref_languages", row_field("languages", i, "language"), row.language.clone()));
        checked.codes.push(("ref_proficiencies", row_field("languages", i, "proficiency"), row.proficiency.clone()));
    }
    for (i, row) in d.driver_licences.iter().enumerate() {
        checked.codes.push(("ref_driver_licences", row_field("driverLicences", i, "code"), row.code.clone()));
    }
    checked.files.extend(d.image_file_id.map(|id| ("imageFileId", id)));
    checked.files.extend(d.cover_file_id.map(|id| ("coverFileId", id)));
    checked.files.extend(d.gallery_file_ids.iter().enumerate().map(|(i, id)| (row_field("galleryFileIds", i, ""), *id)));
}

/// The publish rules on a document that passed [`check_draft`]: the first missing field fails.
pub fn check_publishable(checked: &Checked) -> Result<()> {
    let d = &checked.document;
    if d.occupation_code.is_none() {
        return Err(Error::field("occupationCode", "Choose the occupation"));
    }
    if d.category_codes.is_empty() {
        return Err(Error::field("categoryCodes", "Choose at least one category"));
    }
    if d.address.is_none() && d.ehak_code.is_none() {
        return Err(Error::field("address", "Enter the address of the workplace"));
    }
    if d.employment_type_code.is_none() {
        return Err(Error::field("employmentTypeCode", "Choose the type of employment"));
    }
    if !d.salary_by_agreement {
        if d.salary_from.is_none() && d.salary_to.is_none() {
            return Err(Error::field("salaryFrom", "Enter the salary, or choose salary by agreement"));
        }
        if d.salary_period_code.is_none() {
            return Err(Error::field("salaryPeriodCode", "Choose the period the salary is for"));
        }
    }
    if d.contents.is_empty() {
        return Err(Error::field("contents", "Write the teaser and the text in at least one language"));
    }
    for (i, (content, has_text)) in d.contents.iter().zip(&checked.has_text).enumerate() {
        if content.teaser.is_empty() {
            return Err(Error::field(row_field("contents", i, "teaser"), "Write the teaser"));
        }
        if !has_text {
            return Err(Error::field(row_field("contents", i, "content"), "Write the text of the vacancy"));
        }
    }
    if d.publish_at.is_none() {
        return Err(Error::field("publishAt", "Choose the date and time of publication"));
    }
    Ok(())
}

/// Checks every code against its reference table, and every picture: one of the vacancy's kinds
/// of picture (or the company's), uploaded by the acting user or another of the company's staff,
/// or already shown by one of the company's vacancies or its branding.
pub async fn check_references(conn: &mut PgConnection, company_id: Uuid, user_id: Uuid, checked: &Checked) -> Result<()> {
    reference::check_each_code(&mut *conn, &checked.codes).await?;
    if checked.files.is_empty() {
        return Ok(());
    }
    let wanted: Vec<Uuid> = checked.files.iter().map(|(_, id)| *id).collect();
    let usable: Vec<Uuid> = sqlx::query_scalar(
        "select f.id from files f where f.id = any($1) and f.kind = any($2) and f.content_type like 'image/%'
           and (f.owner_user_id = $4
                or exists (select 1 from company_staff s where s.company_id = $3 and s.user_id = f.owner_user_id)
                or exists (select 1 from vacancies v where v.company_id = $3 and v.image_file_id = f.id)
                or exists (select 1 from vacancy_branding b join vacancies v on v.id = b.vacancy_id
                           where v.company_id = $3 and b.cover_file_id = f.id)
                or exists (select 1 from vacancy_gallery_images g join vacancies v on v.id = g.vacancy_id
                           where v.company_id = $3 and g.file_id = f.id)
                or exists (select 1 from company_profiles p where p.company_id = $3 and p.logo_file_id = f.id)
                or exists (select 1 from company_branding b where b.company_id = $3 and b.cover_file_id = f.id)
                or exists (select 1 from company_gallery_images g where g.company_id = $3 and g.file_id = f.id))",
    )
    .bind(&wanted)
    .bind(&PICTURE_KINDS[..])
    .bind(company_id)
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    match checked.files.iter().find(|(_, id)| !usable.contains(id)) {
        Some((field, _)) => Err(Error::field(field, "The picture was not found: upload it again")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::ErrorCode;

    fn empty() -> VacancyDocument {
        serde_json::from_value(serde_json::json!({
            "categoryCodes": [], "countryCode": "EE", "salaryByAgreement": false, "remoteWork": false, "shiftWork": false,
            "contents": [], "galleryFileIds": [], "questions": [], "languages": [], "driverLicences": [],
            "cvNotRequired": false, "forDisabled": false, "forForeigners": false, "forRetired": false, "forStudents": false,
            "forUnderage": false
        }))
        .unwrap()
    }

    fn field_of(result: Result<Checked>) -> &'static str {
        match result {
            Err(Error::Client { code: ErrorCode::Validation, field: Some(field), .. }) => field,
            other => panic!("expected a field error, got {other:?}"),
        }
    }

    #[test]
    fn an_empty_draft_passes_the_draft_rules_and_fails_publishing_on_the_occupation() {
        let checked = check_draft(&empty()).unwrap();
        assert!(checked.codes.is_empty() && checked.files.is_empty());
        let err = check_publishable(&checked).unwrap_err();
        assert!(matches!(err, Error::Client { field: Some("occupationCode"), .. }), "{err:?}");
    }

    #[test]
    fn text_is_tidied_and_paths_name_the_rows() {
        let mut d = empty();
        d.occupation_code = Some("  COOK ".into());
        d.address = Some("   ".into());
        d.country_code = "ee".into();
        let checked = check_draft(&d).unwrap();
        assert_eq!(checked.document.occupation_code.as_deref(), Some("COOK"));
        assert_eq!(checked.document.address, None);
        assert_eq!(checked.document.country_code, "EE");

        let mut d = empty();
        d.languages = vec![
            VacancyLanguage { language: "et".into(), proficiency: "C1".into() },
            VacancyLanguage { language: "en".into(), proficiency: " ".into() },
        ];
        assert_eq!(field_of(check_draft(&d)), "languages[1].proficiency");
        d.gallery_file_ids = vec![Uuid::nil(), Uuid::nil()];
        d.languages.clear();
        assert_eq!(field_of(check_draft(&d)), "galleryFileIds[1]");
    }

    #[test]
    fn salary_amounts_need_a_period_and_by_agreement_leaves_none() {
        let mut d = empty();
        d.salary_from = Some(1000.5);
        assert_eq!(field_of(check_draft(&d)), "salaryPeriodCode");
        d.salary_period_code = Some("MONTH".into());
        d.salary_to = Some(900.0);
        assert_eq!(field_of(check_draft(&d)), "salaryTo");
        d.salary_to = Some(1200.123);
        assert_eq!(field_of(check_draft(&d)), "salaryTo");
        d.salary_to = None;
        d.salary_from = Some(-1.0);
        assert_eq!(field_of(check_draft(&d)), "salaryFrom");
        d.salary_from = None;
        d.salary_by_agreement = true;
        assert_eq!(field_of(check_draft(&d)), "salaryPeriodCode");
        d.salary_period_code = None;
        assert!(check_draft(&d).is_ok());
    }
}
