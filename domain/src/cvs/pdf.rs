//! A CV as a generated PDF: every section, headings in the reader's language (et, en, ru), codes
//! shown as their labels. Text is set in DejaVu Sans (embedded, subset to the glyphs used, as a
//! CID font with a ToUnicode map), so Estonian, Russian and most other letters render and can be
//! searched and copied.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use chrono::NaiveDate;
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, StringFormat, dictionary};
use sqlx::PgPool;
use uuid::Uuid;

use crate::cvs::{self, Cv};
use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::locale::Locale;

static REGULAR_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 50.0;
const BODY_SIZE: f32 = 10.0;
const LINE_SPACING: f32 = 1.4;

/// The headings and words of the document.
#[derive(Clone, Copy)]
enum Word {
    Personal,
    Email,
    Phone,
    DateOfBirth,
    Gender,
    City,
    EmploymentType,
    WorkLocation,
    Categories,
    AboutMe,
    Education,
    StillStudying,
    Employment,
    Present,
    Languages,
    Skills,
    DriverLicences,
    Issued,
    Certificates,
    Courses,
    References,
    Portfolio,
    File,
    AttachedCv,
}

fn word(locale: Locale, word: Word) -> &'static str {
    use Word::*;
    match (locale, word) {
        (Locale::Et, Personal) => "Isikuandmed",
        (Locale::En, Personal) => "Personal details",
        (Locale::Ru, Personal) => "Личные данные",
        (Locale::Et, Email) => "E-post",
        (Locale::En, Email) => "E-mail",
        (Locale::Ru, Email) => "Эл. почта",
        (Locale::Et, Phone) => "Telefon",
        (Locale::En, Phone) => "Phone",
        (Locale::Ru, Phone) => "Телефон",
        (Locale::Et, DateOfBirth) => "Sünniaeg",
        (Locale::En, DateOfBirth) => "Date of birth",
        (Locale::Ru, DateOfBirth) => "Дата рождения",
        (Locale::Et, Gender) => "Sugu",
        (Locale::En, Gender) => "Gender",
        (Locale::Ru, Gender) => "Пол",
        (Locale::Et, City) => "Elukoht",
        (Locale::En, City) => "City",
        (Locale::Ru, City) => "Город",
        (Locale::Et, EmploymentType) => "Töö liik",
        (Locale::En, EmploymentType) => "Type of employment",
        (Locale::Ru, EmploymentType) => "Тип занятости",
        (Locale::Et, WorkLocation) => "Soovitud töökoht",
        (Locale::En, WorkLocation) => "Preferred work location",
        (Locale::Ru, WorkLocation) => "Желаемое место работы",
        (Locale::Et, Categories) => "Valdkonnad",
        (Locale::En, Categories) => "Categories",
        (Locale::Ru, Categories) => "Сферы деятельности",
        (Locale::Et, AboutMe) => "Minust",
        (Locale::En, AboutMe) => "About me",
        (Locale::Ru, AboutMe) => "Обо мне",
        (Locale::Et, Education) => "Haridus",
        (Locale::En, Education) => "Education",
        (Locale::Ru, Education) => "Образование",
        (Locale::Et, StillStudying) => "õpin praegu",
        (Locale::En, StillStudying) => "still studying",
        (Locale::Ru, StillStudying) => "учусь сейчас",
        (Locale::Et, Employment) => "Töökogemus",
        (Locale::En, Employment) => "Work experience",
        (Locale::Ru, Employment) => "Опыт работы",
        (Locale::Et, Present) => "praegu",
        (Locale::En, Present) => "present",
        (Locale::Ru, Present) => "по настоящее время",
        (Locale::Et, Languages) => "Keeleoskus",
        (Locale::En, Languages) => "Languages",
        (Locale::Ru, Languages) => "Знание языков",
        (Locale::Et, Skills) => "Oskused",
        (Locale::En, Skills) => "Skills",
        (Locale::Ru, Skills) => "Навыки",
        (Locale::Et, DriverLicences) => "Juhiload",
        (Locale::En, DriverLicences) => "Driver licences",
        (Locale::Ru, DriverLicences) => "Водительские права",
        (Locale::Et, Issued) => "välja antud",
        (Locale::En, Issued) => "issued",
        (Locale::Ru, Issued) => "выданы",
        (Locale::Et, Certificates) => "Sertifikaadid",
        (Locale::En, Certificates) => "Certificates",
        (Locale::Ru, Certificates) => "Сертификаты",
        (Locale::Et, Courses) => "Koolitused",
        (Locale::En, Courses) => "Courses",
        (Locale::Ru, Courses) => "Курсы",
        (Locale::Et, References) => "Soovitajad",
        (Locale::En, References) => "References",
        (Locale::Ru, References) => "Рекомендатели",
        (Locale::Et, Portfolio) => "Portfoolio",
        (Locale::En, Portfolio) => "Portfolio",
        (Locale::Ru, Portfolio) => "Портфолио",
        (Locale::Et, File) => "fail",
        (Locale::En, File) => "file",
        (Locale::Ru, File) => "файл",
        (Locale::Et, AttachedCv) => "Lisatud CV",
        (Locale::En, AttachedCv) => "Attached CV",
        (Locale::Ru, AttachedCv) => "Прикреплённое резюме",
    }
}

fn experience_years(locale: Locale, years: i32) -> String {
    match locale {
        Locale::Et => format!("kogemus {years} a"),
        Locale::En => format!("{years} years of experience"),
        Locale::Ru => format!("стаж {years} г."),
    }
}

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
/// "not found"; a failure to build the document is "Failed to generate PDF".
#[tracing::instrument(skip_all)]
pub async fn generate(pool: &PgPool, owner: Uuid, cv_id: Uuid, locale: Locale) -> Result<(Vec<u8>, String)> {
    let cv = cvs::get(pool, owner, cv_id).await?;
    let document = prepare(pool, cv, locale).await?;
    let name = file_name(&document.cv);
    match tokio::task::spawn_blocking(move || render(&document)).await {
        Ok(Ok(bytes)) => Ok((bytes, name)),
        Ok(Err(detail)) => Err(generation_failed(&detail)),
        Err(panicked) => Err(generation_failed(&panicked)),
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

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Face {
    Regular,
    Bold,
}

struct FontData {
    bytes: &'static [u8],
    face: ttf_parser::Face<'static>,
    /// PDF base name of the subset; the tag is fixed because only one subset per document exists.
    base_name: &'static str,
}

fn font(face: Face) -> std::result::Result<&'static FontData, String> {
    static REGULAR: OnceLock<std::result::Result<FontData, String>> = OnceLock::new();
    static BOLD: OnceLock<std::result::Result<FontData, String>> = OnceLock::new();
    let (cell, bytes, base_name) = match face {
        Face::Regular => (&REGULAR, REGULAR_TTF, "VAKREG+DejaVuSans"),
        Face::Bold => (&BOLD, BOLD_TTF, "VAKBLD+DejaVuSans-Bold"),
    };
    cell.get_or_init(|| {
        ttf_parser::Face::parse(bytes, 0)
            .map(|face| FontData { bytes, face, base_name })
            .map_err(|e| format!("reading the embedded font: {e}"))
    })
    .as_ref()
    .map_err(Clone::clone)
}

impl FontData {
    fn glyph(&self, c: char) -> Option<u16> {
        self.face.glyph_index(c).map(|g| g.0).filter(|g| *g != 0)
    }

    /// Text with every character the font lacks shown as `?`.
    fn printable(&self, text: &str) -> String {
        text.chars().map(|c| if c == ' ' || self.glyph(c).is_some() { c } else { '?' }).collect()
    }

    fn width(&self, text: &str, size: f32) -> f32 {
        let units = self.face.units_per_em() as f32;
        text.chars()
            .map(|c| self.glyph(c).and_then(|g| self.face.glyph_hor_advance(ttf_parser::GlyphId(g))).unwrap_or(0) as f32)
            .sum::<f32>()
            * size
            / units
    }
}

/// One line of text, placed.
struct Line {
    face: Face,
    size: f32,
    x: f32,
    text: String,
}

/// Lines flowed onto A4 pages.
struct Layout {
    pages: Vec<Vec<(f32, Line)>>,
    y: f32,
}

impl Layout {
    fn new() -> Self {
        Layout { pages: vec![Vec::new()], y: PAGE_HEIGHT - MARGIN }
    }

    fn space(&mut self, points: f32) {
        if self.y < PAGE_HEIGHT - MARGIN {
            self.y -= points;
        }
    }

    /// Wraps `text` (paragraphs on new lines) to the column at `indent` and adds its lines.
    fn text(&mut self, face: Face, size: f32, indent: f32, text: &str) -> std::result::Result<(), String> {
        let data = font(face)?;
        let width = PAGE_WIDTH - 2.0 * MARGIN - indent;
        for paragraph in text.lines() {
            let paragraph = data.printable(paragraph.trim_end());
            let mut line = String::new();
            for word in paragraph.split_whitespace() {
                let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
                if data.width(&candidate, size) <= width || line.is_empty() {
                    line = candidate;
                } else {
                    self.line(face, size, indent, std::mem::take(&mut line));
                    line = word.to_string();
                }
                // a single word wider than the column is cut where it overflows
                while data.width(&line, size) > width && line.chars().count() > 1 {
                    let mut cut = String::new();
                    for c in line.chars() {
                        if data.width(&format!("{cut}{c}"), size) > width {
                            break;
                        }
                        cut.push(c);
                    }
                    let rest: String = line.chars().skip(cut.chars().count().max(1)).collect();
                    let cut = if cut.is_empty() { line.chars().take(1).collect() } else { cut };
                    self.line(face, size, indent, cut);
                    line = rest;
                }
            }
            self.line(face, size, indent, line);
        }
        Ok(())
    }

    fn line(&mut self, face: Face, size: f32, indent: f32, text: String) {
        let height = size * LINE_SPACING;
        if self.y - height < MARGIN {
            self.pages.push(Vec::new());
            self.y = PAGE_HEIGHT - MARGIN;
        }
        self.y -= height;
        let y = self.y + (height - size) / 2.0;
        self.pages.last_mut().expect("a page").push((y, Line { face, size, x: MARGIN + indent, text }));
    }
}

fn date(value: Option<NaiveDate>) -> Option<String> {
    value.map(|d| d.format("%d.%m.%Y").to_string())
}

fn join(parts: impl IntoIterator<Item = Option<String>>, separator: &str) -> String {
    parts.into_iter().flatten().filter(|p| !p.trim().is_empty()).collect::<Vec<_>>().join(separator)
}

/// The document as placed lines.
fn lay_out(document: &CvDocument) -> std::result::Result<Layout, String> {
    let cv = &document.cv;
    let locale = document.locale;
    let labels = &document.labels;
    let w = |x| word(locale, x);
    let file_note = |id: &Option<Uuid>| {
        id.and_then(|id| document.file_names.get(&id)).map(|name| format!("{}: {name}", w(Word::File)))
    };
    let mut layout = Layout::new();
    let heading = |layout: &mut Layout, text: &str| -> std::result::Result<(), String> {
        layout.space(10.0);
        layout.text(Face::Bold, 12.5, 0.0, text)?;
        layout.space(2.0);
        Ok(())
    };

    if let Some(title) = &cv.title {
        layout.text(Face::Bold, 18.0, 0.0, title)?;
    }
    let name = join([cv.firstname.clone(), cv.lastname.clone()], " ");
    if !name.is_empty() {
        layout.text(Face::Bold, 14.0, 0.0, &name)?;
    }

    let personal: Vec<(Word, Option<String>)> = vec![
        (Word::Email, cv.email.clone()),
        (Word::Phone, cv.phone_number.clone()),
        (Word::DateOfBirth, date(cv.date_of_birth)),
        (Word::Gender, labels.of("ref_genders", &cv.gender)),
        (Word::City, labels.of("ref_places", &cv.city_code)),
        (Word::EmploymentType, labels.of("ref_employment_types", &cv.employment_type)),
        (
            Word::WorkLocation,
            cv.work_location.clone().or_else(|| labels.of("ref_places", &cv.work_location_code)),
        ),
    ];
    if personal.iter().any(|(_, v)| v.is_some()) {
        heading(&mut layout, w(Word::Personal))?;
        for (label, value) in personal {
            if let Some(value) = value {
                layout.text(Face::Regular, BODY_SIZE, 0.0, &format!("{}: {value}", w(label)))?;
            }
        }
    }
    if !cv.categories.is_empty() {
        heading(&mut layout, w(Word::Categories))?;
        let names: Vec<Option<String>> = cv.categories.iter().map(|c| labels.of("ref_categories", &Some(c.clone()))).collect();
        layout.text(Face::Regular, BODY_SIZE, 0.0, &join(names, ", "))?;
    }
    if let Some(about) = &cv.about_me {
        heading(&mut layout, w(Word::AboutMe))?;
        layout.text(Face::Regular, BODY_SIZE, 0.0, about)?;
    }
    if !cv.educations.is_empty() {
        heading(&mut layout, w(Word::Education))?;
        for row in &cv.educations {
            layout.text(Face::Bold, BODY_SIZE, 0.0, &join([row.institution.clone()], ""))?;
            let year = row.graduation_year.map(|y| if row.still_studying { format!("{y} ({})", w(Word::StillStudying)) } else { y.to_string() });
            layout.text(
                Face::Regular,
                BODY_SIZE,
                0.0,
                &join([labels.of("ref_education_levels", &row.education_level), row.speciality.clone(), year], ", "),
            )?;
            layout.space(3.0);
        }
    }
    if !cv.employment_histories.is_empty() {
        heading(&mut layout, w(Word::Employment))?;
        for row in &cv.employment_histories {
            layout.text(Face::Bold, BODY_SIZE, 0.0, &join([row.occupation.clone(), row.company.clone()], ", "))?;
            let end = if row.present { Some(w(Word::Present).to_string()) } else { date(row.end_date) };
            layout.text(Face::Regular, BODY_SIZE, 0.0, &join([date(row.start_date), end], " – "))?;
            if let Some(description) = &row.description {
                layout.text(Face::Regular, BODY_SIZE, 12.0, description)?;
            }
            layout.space(3.0);
        }
    }
    if !cv.language_skills.is_empty() {
        heading(&mut layout, w(Word::Languages))?;
        for row in &cv.language_skills {
            let line = join([labels.of("ref_languages", &row.language), labels.of("ref_proficiencies", &row.proficiency)], ": ");
            layout.text(Face::Regular, BODY_SIZE, 0.0, &line)?;
        }
    }
    if !cv.skills.is_empty() {
        heading(&mut layout, w(Word::Skills))?;
        for row in &cv.skills {
            layout.text(Face::Regular, BODY_SIZE, 0.0, &join([row.skill.clone(), labels.of("ref_skill_levels", &row.level)], ": "))?;
        }
    }
    if !cv.driver_licences.is_empty() {
        heading(&mut layout, w(Word::DriverLicences))?;
        for row in &cv.driver_licences {
            let issued = row.year_of_issue.map(|y| format!("{} {y}", w(Word::Issued)));
            let experience = row.experience_years.map(|y| experience_years(locale, y));
            layout.text(Face::Regular, BODY_SIZE, 0.0, &join([labels.of("ref_driver_licences", &row.driver_licence), issued, experience], ", "))?;
        }
    }
    if !cv.certificates.is_empty() {
        heading(&mut layout, w(Word::Certificates))?;
        for row in &cv.certificates {
            let line = join([row.title.clone(), row.year.map(|y| y.to_string()), file_note(&row.file_id)], ", ");
            layout.text(Face::Regular, BODY_SIZE, 0.0, &line)?;
        }
    }
    if !cv.courses.is_empty() {
        heading(&mut layout, w(Word::Courses))?;
        for row in &cv.courses {
            layout.text(Face::Regular, BODY_SIZE, 0.0, &join([row.title.clone(), row.organizer.clone(), file_note(&row.file_id)], ", "))?;
        }
    }
    if !cv.references.is_empty() {
        heading(&mut layout, w(Word::References))?;
        for row in &cv.references {
            layout.text(Face::Bold, BODY_SIZE, 0.0, &join([row.name.clone()], ""))?;
            let details = join([row.job_title.clone(), row.company.clone(), row.contact.clone(), file_note(&row.file_id)], ", ");
            if !details.is_empty() {
                layout.text(Face::Regular, BODY_SIZE, 0.0, &details)?;
            }
            layout.space(3.0);
        }
    }
    if !cv.portfolio.is_empty() {
        heading(&mut layout, w(Word::Portfolio))?;
        for row in &cv.portfolio {
            if let Some(description) = &row.description {
                layout.text(Face::Regular, BODY_SIZE, 0.0, description)?;
            }
            if let Some(url) = &row.url {
                layout.text(Face::Regular, BODY_SIZE, 0.0, url)?;
            }
            for file in &row.file_ids {
                if let Some(note) = file_note(&Some(*file)) {
                    layout.text(Face::Regular, BODY_SIZE, 12.0, &note)?;
                }
            }
            layout.space(3.0);
        }
    }
    if let Some(pdf) = &cv.pdf {
        heading(&mut layout, w(Word::AttachedCv))?;
        layout.text(Face::Regular, BODY_SIZE, 0.0, &pdf.name)?;
    }
    Ok(layout)
}

/// The glyphs one face uses in the document, renumbered for its subset.
struct Subset {
    remapper: subsetter::GlyphRemapper,
    /// new glyph id -> (the character it shows, advance in 1/1000 em)
    glyphs: BTreeMap<u16, (char, i64)>,
}

impl Subset {
    fn new() -> Self {
        Subset { remapper: subsetter::GlyphRemapper::new(), glyphs: BTreeMap::new() }
    }

    /// The text as 2-byte glyph ids of the subset.
    fn encode(&mut self, data: &FontData, text: &str) -> Vec<u8> {
        let units = data.face.units_per_em() as f32;
        let mut out = Vec::with_capacity(text.len() * 2);
        for c in text.chars() {
            let Some(old) = data.glyph(c) else { continue };
            let new = self.remapper.remap(old);
            let advance = data.face.glyph_hor_advance(ttf_parser::GlyphId(old)).unwrap_or(0) as f32;
            self.glyphs.entry(new).or_insert((c, (advance * 1000.0 / units).round() as i64));
            out.extend_from_slice(&new.to_be_bytes());
        }
        out
    }
}

fn utf16_hex(c: char) -> String {
    let mut units = [0u16; 2];
    c.encode_utf16(&mut units).iter().map(|u| format!("{u:04X}")).collect()
}

/// The ToUnicode CMap: which characters the glyph ids stand for, so the text can be extracted.
fn to_unicode(glyphs: &BTreeMap<u16, (char, i64)>) -> String {
    let mut cmap = String::from(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
         /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
         1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
    );
    let entries: Vec<_> = glyphs.iter().collect();
    for chunk in entries.chunks(100) {
        cmap.push_str(&format!("{} beginbfchar\n", chunk.len()));
        for (gid, (c, _)) in chunk {
            cmap.push_str(&format!("<{gid:04X}> <{}>\n", utf16_hex(*c)));
        }
        cmap.push_str("endbfchar\n");
    }
    cmap.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    cmap
}

fn compressed(dict: Dictionary, content: Vec<u8>) -> Stream {
    let mut stream = Stream::new(dict, content);
    // lopdf keeps the stream as it is when compressing does not pay
    let _ = stream.compress();
    stream
}

/// Embeds one subset font as a Type0 font with a CIDFontType2 descendant; answers its id.
fn embed_font(doc: &mut Document, data: &FontData, subset: &Subset) -> std::result::Result<ObjectId, String> {
    let program = subsetter::subset(data.bytes, 0, &subset.remapper).map_err(|e| format!("subsetting the font: {e}"))?;
    let length = program.len() as i64;
    let font_file = doc.add_object(compressed(dictionary! { "Length1" => length }, program));
    let face = &data.face;
    let scale = |v: i16| (v as f32 * 1000.0 / face.units_per_em() as f32).round() as i64;
    let bbox = face.global_bounding_box();
    let descriptor = doc.add_object(dictionary! {
        "Type" => "FontDescriptor",
        "FontName" => Object::Name(data.base_name.as_bytes().to_vec()),
        "Flags" => 32,
        "FontBBox" => vec![scale(bbox.x_min).into(), scale(bbox.y_min).into(), scale(bbox.x_max).into(), scale(bbox.y_max).into()],
        "ItalicAngle" => 0,
        "Ascent" => scale(face.ascender()),
        "Descent" => scale(face.descender()),
        "CapHeight" => scale(face.capital_height().unwrap_or(face.ascender())),
        "StemV" => 80,
        "FontFile2" => font_file,
    });
    let mut widths = Vec::new();
    for (gid, (_, advance)) in &subset.glyphs {
        widths.push(Object::Integer(*gid as i64));
        widths.push(Object::Array(vec![Object::Integer(*advance)]));
    }
    let descendant = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "CIDFontType2",
        "BaseFont" => Object::Name(data.base_name.as_bytes().to_vec()),
        "CIDSystemInfo" => dictionary! {
            "Registry" => Object::string_literal("Adobe"),
            "Ordering" => Object::string_literal("Identity"),
            "Supplement" => 0,
        },
        "FontDescriptor" => descriptor,
        "DW" => 600,
        "W" => widths,
        "CIDToGIDMap" => "Identity",
    });
    let cmap = doc.add_object(compressed(dictionary! {}, to_unicode(&subset.glyphs).into_bytes()));
    Ok(doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type0",
        "BaseFont" => Object::Name(data.base_name.as_bytes().to_vec()),
        "Encoding" => "Identity-H",
        "DescendantFonts" => vec![descendant.into()],
        "ToUnicode" => cmap,
    }))
}

/// A PDF text string: UTF-16BE with its byte-order mark.
fn text_string(text: &str) -> Object {
    let mut bytes = vec![0xfe, 0xff];
    for unit in text.encode_utf16() {
        bytes.extend_from_slice(&unit.to_be_bytes());
    }
    Object::String(bytes, StringFormat::Hexadecimal)
}

/// The document as PDF bytes.
pub fn render(document: &CvDocument) -> std::result::Result<Vec<u8>, String> {
    let layout = lay_out(document)?;
    let mut subsets: BTreeMap<Face, Subset> = BTreeMap::new();
    let mut doc = Document::with_version("1.7");
    let pages_id = doc.new_object_id();
    let mut contents = Vec::new();
    for page in &layout.pages {
        let mut ops = String::new();
        for (y, line) in page {
            if line.text.is_empty() {
                continue;
            }
            let data = font(line.face)?;
            let glyphs = subsets.entry(line.face).or_insert_with(Subset::new).encode(data, &line.text);
            let hex: String = glyphs.iter().map(|b| format!("{b:02X}")).collect();
            let name = match line.face {
                Face::Regular => "F1",
                Face::Bold => "F2",
            };
            ops.push_str(&format!("BT /{name} {:.1} Tf {:.2} {:.2} Td <{hex}> Tj ET\n", line.size, line.x, y));
        }
        contents.push(ops.into_bytes());
    }
    let mut fonts = Dictionary::new();
    for (face, subset) in &subsets {
        let id = embed_font(&mut doc, font(*face)?, subset)?;
        fonts.set(if *face == Face::Regular { "F1" } else { "F2" }, id);
    }
    let resources = doc.add_object(dictionary! { "Font" => fonts });
    let mut kids = Vec::new();
    for content in contents {
        let content_id = doc.add_object(compressed(dictionary! {}, content));
        let page_id = doc.add_object(dictionary! { "Type" => "Page", "Parent" => pages_id, "Contents" => content_id });
        kids.push(page_id.into());
    }
    let count = kids.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => kids, "Count" => count, "Resources" => resources,
            "MediaBox" => vec![0.into(), 0.into(), PAGE_WIDTH.into(), PAGE_HEIGHT.into()],
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let cv = &document.cv;
    let title = join([cv.title.clone(), Some(join([cv.firstname.clone(), cv.lastname.clone()], " "))], " — ");
    let info = doc.add_object(dictionary! { "Title" => text_string(&title), "Producer" => text_string("Vakants") });
    doc.trailer.set("Info", info);
    let mut out = Vec::new();
    doc.save_to(&mut out).map_err(|e| format!("writing the PDF: {e}"))?;
    Ok(out)
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
