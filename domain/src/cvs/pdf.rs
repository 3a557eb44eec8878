//! A CV as a generated PDF: every section, headings in the reader's language (et, en, ru), codes
//! shown as their labels. The layout is the typst template `domain/templates/cv.typ`
//! ([`typeset`]); this module gathers what it shows ([`data`]). Text is set in DejaVu Sans,
//! embedded and subset by typst, so Estonian, Russian and most other letters render and can be
//! searched and copied.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::cvs::{self, Cv};
use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::locale::Locale;
use crate::platform::typeset;

/// Labels of the codes a CV uses, by (reference table, code), in one language.
#[derive(Clone, Debug, Default)]
pub struct Labels(HashMap<(&'static str, String), String>);

impl Labels {
    /// The label of a code, or the code itself when the list does not know it.
    fn of(&self, table: &'static str, code: &Option<String>) -> Option<String> {
        let code = code.as_ref()?;
        Some(self.0.get(&(table, code.clone())).cloned().unwrap_or_else(|| code.clone()))
    }
}

/// What the document shows: the CV, its labels, and the names of its files.
pub struct CvDocument {
    pub locale: Locale,
    pub cv: Cv,
    pub labels: Labels,
    pub file_names: HashMap<Uuid, String>,
}

const TABLES: [&str; 9] = [
    "ref_genders", "ref_places", "ref_employment_types", "ref_categories", "ref_education_levels", "ref_languages",
    "ref_proficiencies", "ref_skill_levels", "ref_driver_licences",
];

/// Reads the labels and file names a CV needs.
pub async fn prepare(pool: &PgPool, cv: Cv, locale: Locale) -> Result<CvDocument> {
    let mut codes: HashMap<&'static str, Vec<String>> = HashMap::new();
    let mut add = |table: &'static str, code: &Option<String>| {
        if let Some(code) = code {
            codes.entry(table).or_default().push(code.clone());
        }
    };
    add("ref_genders", &cv.gender);
    add("ref_places", &cv.city_code);
    add("ref_places", &cv.work_location_code);
    add("ref_employment_types", &cv.employment_type);
    for category in &cv.categories {
        add("ref_categories", &Some(category.clone()));
    }
    for row in &cv.educations {
        add("ref_education_levels", &row.education_level);
    }
    for row in &cv.language_skills {
        add("ref_languages", &row.language);
        add("ref_proficiencies", &row.proficiency);
    }
    for row in &cv.skills {
        add("ref_skill_levels", &row.level);
    }
    for row in &cv.driver_licences {
        add("ref_driver_licences", &row.driver_licence);
    }
    let column = match locale {
        Locale::Et => "label_et",
        Locale::En => "label_en",
        Locale::Ru => "label_ru",
    };
    let mut labels = HashMap::new();
    for table in TABLES {
        let Some(wanted) = codes.get(table) else { continue };
        // table and column names come from the constants above, never from input
        let sql = format!("select code, coalesce(nullif({column}, ''), label_et) from {table} where code = any($1)");
        let rows: Vec<(String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(wanted).fetch_all(pool).await?;
        labels.extend(rows.into_iter().map(|(code, label)| ((table, code), label)));
    }
    let mut file_ids: Vec<Uuid> = cv.pdf.iter().map(|p| p.file_id).collect();
    file_ids.extend(cv.certificates.iter().filter_map(|r| r.file_id));
    file_ids.extend(cv.courses.iter().filter_map(|r| r.file_id));
    file_ids.extend(cv.references.iter().filter_map(|r| r.file_id));
    file_ids.extend(cv.portfolio.iter().flat_map(|r| r.file_ids.iter().copied()));
    let file_names: HashMap<Uuid, String> = sqlx::query_as::<_, (Uuid, String)>("select id, original_name from files where id = any($1)")
        .bind(&file_ids)
        .fetch_all(pool)
        .await?
        .into_iter()
        .collect();
    Ok(CvDocument { locale, cv, labels: Labels(labels), file_names })
}

/// The generated PDF of the owner's CV and the name to save it under. Another applicant's CV is
/// "not found"; a failure to build the document is "Failed to generate PDF"; when no place comes
/// free in the process's [`typeset::RENDERS`] within its wait, 503 (nothing is laid out).
#[tracing::instrument(skip_all)]
pub async fn generate(pool: &PgPool, owner: Uuid, cv_id: Uuid, locale: Locale) -> Result<(Vec<u8>, String)> {
    let cv = cvs::get(pool, owner, cv_id).await?;
    let document = prepare(pool, cv, locale).await?;
    let name = file_name(&document.cv);
    match typeset::RENDERS.run(move || render(&document)).await {
        Ok(bytes) => Ok((bytes, name)),
        Err(typeset::Refused::Busy) => Err(Error::code(ErrorCode::ServiceUnavailable)),
        Err(typeset::Refused::Failed(detail)) => Err(generation_failed(&detail)),
    }
}

/// What the user is told when the document cannot be built; the detail goes to the log only.
fn generation_failed(detail: &dyn std::fmt::Display) -> Error {
    tracing::error!(error = %detail, "generating a CV PDF failed");
    Error::code(ErrorCode::PdfGenerationFailed)
}

/// `cv-mari-maasikas.pdf`, from the names on the CV (or its title).
pub fn file_name(cv: &Cv) -> String {
    let words = [cv.firstname.as_deref(), cv.lastname.as_deref()].into_iter().flatten().collect::<Vec<_>>().join(" ");
    let words = if words.trim().is_empty() { cv.title.clone().unwrap_or_default() } else { words };
    let slug: String = words
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if slug.is_empty() { "cv.pdf".into() } else { format!("cv-{}.pdf", slug.chars().take(80).collect::<String>()) }
}

fn date(value: Option<NaiveDate>) -> Option<String> {
    value.map(|d| d.format("%d.%m.%Y").to_string())
}

fn join(parts: impl IntoIterator<Item = Option<String>>, separator: &str) -> String {
    parts.into_iter().flatten().filter(|p| !p.trim().is_empty()).collect::<Vec<_>>().join(separator)
}

/// What the template `domain/templates/cv.typ` shows, as JSON: codes turned into labels, dates
/// written out, files named.
pub fn data(document: &CvDocument) -> Value {
    let cv = &document.cv;
    let labels = &document.labels;
    let file = |id: &Option<Uuid>| id.and_then(|id| document.file_names.get(&id)).cloned();
    let name = join([cv.firstname.clone(), cv.lastname.clone()], " ");
    json!({
        "locale": document.locale.code(),
        "documentTitle": join([cv.title.clone(), Some(name.clone())], " — "),
        "title": cv.title,
        "name": name,
        "personal": {
            "email": cv.email,
            "phone": cv.phone_number,
            "dateOfBirth": date(cv.date_of_birth),
            "gender": labels.of("ref_genders", &cv.gender),
            "city": labels.of("ref_places", &cv.city_code),
            "employmentType": labels.of("ref_employment_types", &cv.employment_type),
            "workLocation": cv.work_location.clone().or_else(|| labels.of("ref_places", &cv.work_location_code)),
        },
        "categories": cv.categories.iter().filter_map(|c| labels.of("ref_categories", &Some(c.clone()))).collect::<Vec<_>>(),
        "aboutMe": cv.about_me,
        "educations": cv.educations.iter().map(|row| json!({
            "institution": row.institution,
            "level": labels.of("ref_education_levels", &row.education_level),
            "speciality": row.speciality,
            "graduationYear": row.graduation_year,
            "stillStudying": row.still_studying,
        })).collect::<Vec<_>>(),
        "employment": cv.employment_histories.iter().map(|row| json!({
            "occupation": row.occupation,
            "company": row.company,
            "startDate": date(row.start_date),
            "endDate": date(row.end_date),
            "present": row.present,
            "description": row.description,
        })).collect::<Vec<_>>(),
        "languages": cv.language_skills.iter().map(|row| json!({
            "language": labels.of("ref_languages", &row.language),
            "proficiency": labels.of("ref_proficiencies", &row.proficiency),
        })).collect::<Vec<_>>(),
        "skills": cv.skills.iter().map(|row| json!({
            "skill": row.skill,
            "level": labels.of("ref_skill_levels", &row.level),
        })).collect::<Vec<_>>(),
        "driverLicences": cv.driver_licences.iter().map(|row| json!({
            "licence": labels.of("ref_driver_licences", &row.driver_licence),
            "yearOfIssue": row.year_of_issue,
            "experienceYears": row.experience_years,
        })).collect::<Vec<_>>(),
        "certificates": cv.certificates.iter().map(|row| json!({
            "title": row.title,
            "year": row.year,
            "file": file(&row.file_id),
        })).collect::<Vec<_>>(),
        "courses": cv.courses.iter().map(|row| json!({
            "title": row.title,
            "organizer": row.organizer,
            "file": file(&row.file_id),
        })).collect::<Vec<_>>(),
        "references": cv.references.iter().map(|row| json!({
            "name": row.name,
            "jobTitle": row.job_title,
            "company": row.company,
            "contact": row.contact,
            "file": file(&row.file_id),
        })).collect::<Vec<_>>(),
        "portfolio": cv.portfolio.iter().map(|row| json!({
            "description": row.description,
            "url": row.url,
            "files": row.file_ids.iter().filter_map(|id| file(&Some(*id))).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "attachedCv": cv.pdf.as_ref().map(|pdf| pdf.name.clone()),
    })
}

/// The document as PDF bytes, laid out by the template `domain/templates/cv.typ`.
pub fn render(document: &CvDocument) -> std::result::Result<Vec<u8>, String> {
    typeset::render_pdf(typeset::CV, &data(document), chrono::Utc::now().date_naive())
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::cvs::{CvStatus, EmploymentHistory, LanguageSkill, Visibility};

    fn cv() -> Cv {
        Cv {
            cv_id: Uuid::nil(),
            status: CvStatus::Active,
            visibility: Visibility::Visible,
            title: Some("Kogenud kokk".into()),
            firstname: Some("Mari".into()),
            lastname: Some("Õunapuu-Šmidt".into()),
            email: Some("mari@example.ee".into()),
            phone_number: Some("+37251234567".into()),
            date_of_birth: NaiveDate::from_ymd_opt(1990, 5, 17),
            gender: Some("FEMALE".into()),
            city_code: None,
            employment_type: None,
            work_location: Some("Pärnu".into()),
            work_location_code: None,
            about_me: Some(format!("Töötan köögis üle kümne aasta. Говорю по-русски. {}", "Pikk lause, mis peab murduma. ".repeat(40))),
            categories: vec![],
            educations: vec![],
            employment_histories: vec![EmploymentHistory {
                company: Some("Põhja Köök OÜ".into()),
                occupation: Some("Peakokk".into()),
                start_date: NaiveDate::from_ymd_opt(2018, 7, 1),
                end_date: None,
                present: true,
                description: Some("Menüü koostamine ja öövahetused.".into()),
            }],
            language_skills: vec![LanguageSkill { language: Some("et".into()), proficiency: Some("C2".into()) }],
            skills: vec![],
            driver_licences: vec![],
            certificates: vec![],
            courses: vec![],
            references: vec![],
            portfolio: vec![],
            pdf: None,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    fn document(locale: Locale) -> CvDocument {
        let mut labels = HashMap::new();
        labels.insert(("ref_languages", "et".to_string()), "eesti keel".to_string());
        labels.insert(("ref_genders", "FEMALE".to_string()), "naine".to_string());
        CvDocument { locale, cv: cv(), labels: Labels(labels), file_names: HashMap::new() }
    }

    fn text_of(pdf: &[u8]) -> String {
        pdf_extract::extract_text_from_mem(pdf).expect("the generated PDF reads back")
    }

    #[test]
    fn the_text_reads_back_with_estonian_and_cyrillic_letters() {
        let pdf = render(&document(Locale::Et)).unwrap();
        let text = text_of(&pdf);
        for expected in ["Kogenud kokk", "Õunapuu-Šmidt", "Peakokk", "Põhja Köök OÜ", "Töökogemus", "praegu", "Говорю", "eesti keel", "naine"] {
            assert!(text.contains(expected), "{expected:?} missing from {text:?}");
        }
        assert!(pdf.len() < 200_000, "the fonts are subset: {} bytes", pdf.len());
    }

    #[test]
    fn headings_follow_the_language() {
        assert!(text_of(&render(&document(Locale::En)).unwrap()).contains("Work experience"));
        assert!(text_of(&render(&document(Locale::Ru)).unwrap()).contains("Опыт работы"));
    }

    #[test]
    fn every_section_is_shown_with_its_labels_and_file_names() {
        use crate::cvs::{Certificate, Course, DriverLicence, Education, PortfolioItem, Reference, Skill};
        let file = Uuid::from_u128(7);
        let mut full = document(Locale::En);
        full.file_names.insert(file, "tunnistus.pdf".into());
        full.labels.0.insert(("ref_categories", "CATERING".into()), "Catering".into());
        full.cv.categories = vec!["CATERING".into()];
        full.cv.educations = vec![Education {
            institution: Some("Tallinna Ülikool".into()),
            education_level: None,
            speciality: Some("Kokandus".into()),
            graduation_year: Some(2012),
            still_studying: true,
        }];
        full.cv.skills = vec![Skill { skill: Some("Sushi".into()), level: None }];
        full.cv.driver_licences = vec![DriverLicence { driver_licence: Some("B".into()), year_of_issue: Some(2010), experience_years: Some(12) }];
        full.cv.certificates = vec![Certificate { title: Some("Hügieenikoolitus".into()), year: Some(2020), file_id: Some(file) }];
        full.cv.courses = vec![Course { title: Some("Veinikursus".into()), organizer: Some("Sommeljeede Liit".into()), file_id: None }];
        full.cv.references = vec![Reference {
            name: Some("Jüri Kask".into()),
            job_title: Some("Omanik".into()),
            company: Some("Kask OÜ".into()),
            contact: Some("+3725555".into()),
            file_id: None,
        }];
        full.cv.portfolio = vec![PortfolioItem { description: Some("Pulmamenüü".into()), url: Some("https://example.ee/menu".into()), file_ids: vec![file] }];
        let text = text_of(&render(&full).unwrap());
        for expected in [
            "Categories", "Catering", "Education", "Tallinna Ülikool", "Kokandus, 2012 (still studying)", "Skills", "Sushi",
            "Driver licences", "B, issued 2010, 12 years of experience", "Certificates", "Hügieenikoolitus, 2020, file: tunnistus.pdf",
            "Courses", "Veinikursus, Sommeljeede Liit", "References", "Jüri Kask", "Omanik, Kask OÜ, +3725555", "Portfolio",
            "Pulmamenüü", "https://example.ee/menu", "Date of birth: 17.05.1990", "Gender: naine", "Languages", "eesti keel",
            "Work experience", "01.07.2018 – present",
        ] {
            assert!(text.contains(expected), "{expected:?} missing from {text:?}");
        }
        assert!(!text.contains("City:"), "an empty field is left out: {text:?}");
    }

    #[test]
    fn long_text_flows_onto_more_pages() {
        let mut long = document(Locale::Et);
        long.cv.about_me = Some("Rida.\n".repeat(200));
        let pdf = render(&long).unwrap();
        let pages = lopdf::Document::load_mem(&pdf).unwrap().get_pages().len();
        assert!(pages >= 3, "{pages} pages");
    }

    #[test]
    fn a_failure_is_told_as_failed_to_generate_pdf_without_its_detail() {
        match generation_failed(&"subsetting the font: malformed glyf table") {
            Error::Client { code, message, field } => {
                assert_eq!((code, message.as_ref(), field), (ErrorCode::PdfGenerationFailed, "Failed to generate PDF", None));
                assert_eq!((code.status(), code.as_str()), (500, "pdf_generation_failed"));
            }
            other => panic!("expected the catalogue's error, got {other:?}"),
        }
    }

    #[test]
    fn file_names_come_from_the_names_on_the_cv() {
        assert_eq!(file_name(&cv()), "cv-mari-õunapuu-šmidt.pdf");
        let mut nameless = cv();
        nameless.firstname = None;
        nameless.lastname = None;
        nameless.title = None;
        assert_eq!(file_name(&nameless), "cv.pdf");
    }
}
