//! The corpus, generated in memory and deterministically (seeded RNG) from the real reference
//! data of the bench database: occupations with their labels and categories, EHAK places with
//! their parents. Proportions follow `fixtures::scale` and `fixtures::cvs` (70 % of vacancies in
//! their company's town, Tallinn weighing 60 and Tartu 15, 20 % salary by agreement, 1 in 8
//! hourly, 20 % PRO, flags at 3–20 %, ...). Descriptions are several sentences per language,
//! drawn from pools, so the index is not trivially small.

use chrono::{DateTime, Duration, Utc};
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, IteratorRandom};
use rand::{Rng, SeedableRng};
use search::{CvCard, CvDoc, Localized, Teaser, VacancyCard, VacancyDoc, VacancyFlags};
use sqlx::PgPool;
use uuid::Uuid;

pub struct Occupation {
    pub code: String,
    pub category: Option<String>,
    /// et, en, ru.
    pub labels: [String; 3],
}

pub struct Place {
    pub code: String,
    pub label: String,
    pub weight: u32,
    /// The code and its ancestors, nearest first (town, municipality, county, EE).
    pub chain: Vec<String>,
}

/// The reference data the corpus is built from.
pub struct Reference {
    pub occupations: Vec<Occupation>,
    pub places: Vec<Place>,
    total_weight: u32,
}

impl Reference {
    pub async fn load(pool: &PgPool) -> anyhow::Result<Reference> {
        let rows: Vec<(String, Option<String>, String, String, String)> = sqlx::query_as(
            "select code, category_code, label_et, label_en, label_ru from ref_occupations order by code",
        )
        .fetch_all(pool)
        .await?;
        let occupations: Vec<Occupation> = rows
            .into_iter()
            .map(|(code, category, et, en, ru)| Occupation { code, category, labels: [et, en, ru] })
            .collect();
        let tree = indexer::Places::load(pool).await?;
        let rows: Vec<(String, String)> = sqlx::query_as(
            "select code, label_et from ref_places where kind in ('city', 'municipality') order by code",
        )
        .fetch_all(pool)
        .await?;
        let places: Vec<Place> = rows
            .into_iter()
            .map(|(code, label)| {
                // as in fixtures::scale: the big towns weigh more, as jobs do
                let weight = match label.as_str() {
                    "Tallinn" => 60,
                    "Tartu" | "Tartu linn" => 15,
                    "Pärnu" | "Pärnu linn" | "Narva" => 6,
                    _ => 1,
                };
                let chain = tree.with_ancestors(&code);
                Place { code, label, weight, chain }
            })
            .collect();
        anyhow::ensure!(
            !occupations.is_empty() && !places.is_empty(),
            "reference data is missing in the bench database (migrations not applied?)"
        );
        Ok(Reference::new(occupations, places))
    }

    pub fn new(occupations: Vec<Occupation>, places: Vec<Place>) -> Reference {
        let total_weight = places.iter().map(|p| p.weight).sum();
        Reference { occupations, places, total_weight }
    }

    /// The same places with only the occupations `keep` keeps (the relevance corpus: fewer
    /// occupations, so that each has several vacancies and CVs).
    pub fn with_occupations(self, keep: impl Fn(&Occupation) -> bool) -> Reference {
        Reference { occupations: self.occupations.into_iter().filter(|o| keep(o)).collect(), ..self }
    }

    /// A place drawn by its weight.
    pub fn place(&self, rng: &mut StdRng) -> &Place {
        let mut roll = rng.random_range(0..self.total_weight);
        for place in &self.places {
            if roll < place.weight {
                return place;
            }
            roll -= place.weight;
        }
        &self.places[self.places.len() - 1]
    }

    /// County codes (the place one below `EE` in a chain), most frequent first.
    pub fn counties(&self) -> Vec<String> {
        let mut weights: std::collections::BTreeMap<String, u32> = Default::default();
        for place in &self.places {
            if place.chain.len() >= 2 {
                *weights.entry(place.chain[place.chain.len() - 2].clone()).or_default() += place.weight;
            }
        }
        let mut counties: Vec<(String, u32)> = weights.into_iter().collect();
        counties.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        counties.into_iter().map(|(c, _)| c).collect()
    }

    pub fn categories(&self) -> Vec<String> {
        let mut categories: Vec<String> = self.occupations.iter().filter_map(|o| o.category.clone()).collect();
        categories.sort();
        categories.dedup();
        categories
    }
}

const NAME_FIRST: [&str; 20] = [
    "Põhja", "Lõuna", "Balti", "Tallinna", "Tartu", "Eesti", "Mere", "Metsa", "Kivi", "Päikese", "Rohe", "Ida", "Lääne",
    "Nordic", "Baltic", "Viru", "Saare", "Emajõe", "Kalev", "Toompea",
];
const NAME_SECOND: [&str; 20] = [
    "Puit", "Ehitus", "Logistika", "Tarkvara", "Kaubandus", "Teenused", "Transport", "Energia", "Toit", "Meedia",
    "Tehnika", "Kinnisvara", "Metall", "Mööbel", "Haldus", "Turva", "Puhastus", "Tervis", "Digital", "Systems",
];
const STREETS: [&str; 12] =
    ["Narva mnt", "Pärnu mnt", "Tartu mnt", "Riia", "Rüütli", "Lossi", "Kesk", "Pikk", "Vabaduse pst", "Tööstuse", "Sadama", "Jaama"];
pub const EMPLOYMENT: [(&str, u32); 8] = [
    ("FULL_TIME", 55),
    ("PART_TIME", 15),
    ("PERMANENT", 10),
    ("FIXED_TERM", 6),
    ("TEMPORARY", 4),
    ("SEASONAL", 4),
    ("INTERNSHIP", 3),
    ("FREELANCE", 3),
];
pub const EXPERIENCE: [&str; 5] = ["NO_EXPERIENCE", "LESS_THAN_1", "FROM_1_TO_2", "FROM_3_TO_5", "MORE_THAN_5"];
const SECOND_LANGUAGES: [&str; 4] = ["en", "ru", "fi", "de"];

const ET_SENTENCES: [&str; 14] = [
    "Pakume konkurentsivõimelist palka, koolitusi ja toetavat meeskonda.",
    "Ootame sinult vastutustundlikkust, täpsust ja head suhtlemisoskust.",
    "Tööaeg on paindlik ning võimalik on kokku leppida ka osalise tööajaga.",
    "Kasuks tuleb varasem töökogemus samas valdkonnas, kuid väljaõppe tagame kohapeal.",
    "Meie kasvavas ettevõttes on sul võimalik areneda ja võtta vastutust.",
    "Pakume tervisesporti, sooduslõunat ja tasuta parkimist töökoha juures.",
    "Igapäevased tööülesanded hõlmavad klientide nõustamist ja dokumentide korrastamist.",
    "Eesti keele oskus on vajalik, vene või inglise keele oskus tuleb kasuks.",
    "Töö toimub graafiku alusel, vahetuste pikkus on kaheksa kuni kaksteist tundi.",
    "Uuel töötajal on esimesel kuul kõrval kogenud mentor.",
    "Ootame kandideerima ka õpilasi, pensionäre ja vähenenud töövõimega inimesi.",
    "Kandideerimiseks saada oma CV ja lühike motivatsioonikiri.",
    "Ettevõte tegutseb Eesti turul üle kümne aasta ning teenindab nii era- kui ärikliente.",
    "Tööriided, vajalikud töövahendid ja ohutuskoolitus on tööandja poolt.",
];
const EN_SENTENCES: [&str; 12] = [
    "We offer a competitive salary, training and a supportive team.",
    "We expect responsibility, accuracy and good communication skills.",
    "Working hours are flexible and part-time work can be agreed.",
    "Previous experience in the field is an advantage, but we provide on-the-job training.",
    "Our growing company gives you room to develop and take responsibility.",
    "We offer sports compensation, subsidised lunch and free parking at the workplace.",
    "Daily tasks include advising customers and keeping documents in order.",
    "Estonian is required; Russian or English is an advantage.",
    "Work is done in shifts of eight to twelve hours according to a schedule.",
    "A new colleague has an experienced mentor during the first month.",
    "Students, retired people and people with reduced work ability are welcome to apply.",
    "To apply, send your CV and a short cover letter.",
];
const RU_SENTENCES: [&str; 12] = [
    "Мы предлагаем конкурентную зарплату, обучение и дружный коллектив.",
    "Ожидаем ответственности, точности и хороших коммуникативных навыков.",
    "Гибкий рабочий график, возможна работа на неполный рабочий день.",
    "Опыт работы в данной сфере будет преимуществом, обучение на месте.",
    "В нашей растущей компании у вас будет возможность развиваться.",
    "Компенсация спорта, льготные обеды и бесплатная парковка у места работы.",
    "Ежедневные задачи включают консультирование клиентов и работу с документами.",
    "Требуется знание эстонского языка, знание русского или английского будет плюсом.",
    "Работа по графику, смены от восьми до двенадцати часов.",
    "В первый месяц новому сотруднику помогает опытный наставник.",
    "Приглашаем также студентов, пенсионеров и людей с ограниченной трудоспособностью.",
    "Для участия в конкурсе отправьте своё резюме и короткое мотивационное письмо.",
];

fn teaser(text: String) -> String {
    const MAX: usize = 85;
    if text.chars().count() <= MAX {
        return text;
    }
    let cut: String = text.chars().take(MAX - 1).collect();
    let cut = cut.rsplit_once(' ').map(|(head, _)| head.to_string()).unwrap_or(cut);
    format!("{cut}…")
}

fn weighted_code(rng: &mut StdRng, table: &[(&'static str, u32)]) -> &'static str {
    let total: u32 = table.iter().map(|(_, w)| w).sum();
    let mut roll = rng.random_range(0..total);
    for (code, weight) in table {
        if roll < *weight {
            return code;
        }
        roll -= weight;
    }
    table[0].0
}

fn sentences(rng: &mut StdRng, pool: &[&str]) -> String {
    let count = rng.random_range(4..=7);
    pool.iter().choose_multiple(rng, count).into_iter().copied().collect::<Vec<_>>().join(" ")
}

struct Company {
    name: String,
    registry_code: String,
    address: String,
    place: usize,
}

/// `count` active vacancies; `now` is the instant their dates are relative to.
pub fn vacancies(reference: &Reference, count: usize, seed: u64, now: DateTime<Utc>) -> Vec<VacancyDoc> {
    let mut rng = StdRng::seed_from_u64(seed);
    let company_count = (count / 10).max(1);
    let companies: Vec<Company> = (0..company_count)
        .map(|_| {
            let first_digit = if rng.random_ratio(1, 20) { 8 } else { 1 };
            let code = fixtures::scale::registry_code(&mut rng, first_digit);
            let form = if first_digit == 8 { "MTÜ" } else if rng.random_ratio(1, 5) { "AS" } else { "OÜ" };
            let name = format!(
                "{} {} {form} {}",
                NAME_FIRST.choose(&mut rng).unwrap(),
                NAME_SECOND.choose(&mut rng).unwrap(),
                &code[4..]
            );
            let place = reference.place(&mut rng);
            let index = reference.places.iter().position(|p| p.code == place.code).unwrap();
            let address = format!("{}, {} {}", place.label, STREETS.choose(&mut rng).unwrap(), rng.random_range(1..150));
            Company { name, registry_code: code, address, place: index }
        })
        .collect();
    (0..count).map(|_| vacancy(&mut rng, reference, &companies, now)).collect()
}

fn vacancy(rng: &mut StdRng, reference: &Reference, companies: &[Company], now: DateTime<Utc>) -> VacancyDoc {
    let id = Uuid::from_u128(rng.random());
    let company = companies.choose(rng).unwrap();
    let occupation = reference.occupations.choose(rng).unwrap();
    let place = if rng.random_ratio(7, 10) { &reference.places[company.place] } else { reference.place(rng) };
    let remote = rng.random_ratio(12, 100);
    let by_agreement = rng.random_ratio(2, 10);
    let (salary_from, salary_to, period) = if by_agreement {
        (None, None, None)
    } else if rng.random_ratio(1, 8) {
        let from = rng.random_range(7..20) as f64;
        (Some(from), Some(from + rng.random_range(0..8) as f64), Some("HOUR"))
    } else {
        let from = (rng.random_range(900..4000) / 50 * 50) as f64;
        let to = if rng.random_ratio(3, 4) { Some(from + (rng.random_range(0..1500) / 50 * 50) as f64) } else { None };
        (Some(from), to, Some("MONTH"))
    };
    let age_days = rng.random_range(0..30);
    let publish_at = now - Duration::days(age_days) - Duration::minutes(rng.random_range(0..1440));
    let renewed_at = publish_at + Duration::days((age_days / 7) * 7);
    let valid_until = publish_at + Duration::days(30);
    let pro_level = if rng.random_ratio(8, 10) { 0 } else { rng.random_range(1..=5) };
    let flags = VacancyFlags {
        shift_work: rng.random_ratio(15, 100),
        for_students: rng.random_ratio(20, 100),
        for_underage: rng.random_ratio(5, 100),
        for_disabled: rng.random_ratio(15, 100),
        for_retired: rng.random_ratio(10, 100),
        for_foreigners: rng.random_ratio(10, 100),
        remote_work: remote,
    };
    let cv_not_required = rng.random_ratio(20, 100);
    let [et, en, ru] = &occupation.labels;
    let company_name = &company.name;
    let teasers = vec![
        Teaser { language_code: "et".into(), content: teaser(format!("{company_name} otsib oma meeskonda: {}", et.to_lowercase())) },
        Teaser { language_code: "en".into(), content: teaser(format!("{company_name} is hiring: {en}")) },
        Teaser { language_code: "ru".into(), content: teaser(format!("{company_name} ищет сотрудника: {}", ru.to_lowercase())) },
    ];
    let remote_et = if remote { " Võimalik on ka kaugtöö." } else { "" };
    let remote_en = if remote { " Remote work is possible." } else { "" };
    let remote_ru = if remote { " Возможна удалённая работа." } else { "" };
    let text = Localized {
        et: format!(
            "{et}\n{}\n{company_name} otsib oma kasvavasse meeskonda kogenud kolleegi ametikohale {}. Töökoht asub: {}.{remote_et} {}",
            teasers[0].content,
            et.to_lowercase(),
            place.label,
            sentences(rng, &ET_SENTENCES)
        ),
        en: format!(
            "{en}\n{}\n{company_name} is looking for a {} to join its growing team. The workplace is in {}.{remote_en} {}",
            teasers[1].content,
            en.to_lowercase(),
            place.label,
            sentences(rng, &EN_SENTENCES)
        ),
        ru: format!(
            "{ru}\n{}\n{company_name} ищет в свою команду сотрудника на должность «{ru}». Место работы: {}.{remote_ru} {}",
            teasers[2].content,
            place.label,
            sentences(rng, &RU_SENTENCES)
        ),
    };
    let mut language_codes = vec!["et".to_string()];
    if rng.random_ratio(1, 2) {
        language_codes.push(SECOND_LANGUAGES.choose(rng).unwrap().to_string());
    }
    VacancyDoc {
        card: VacancyCard {
            vacancy_id: id,
            occupation_code: Some(occupation.code.clone()),
            occupation_labels: Localized { et: et.clone(), en: en.clone(), ru: ru.clone() },
            business_name: company.name.clone(),
            company_registry_code: company.registry_code.clone(),
            company_country_code: "EE".into(),
            company_logo_url: None,
            address: Some(if rng.random_ratio(7, 10) { company.address.clone() } else { place.label.clone() }),
            salary_from,
            salary_to,
            salary_period: period.map(str::to_string),
            by_agreement,
            pay_range: salary_from.is_some() || salary_to.is_some(),
            pro_level,
            is_branded: rng.random_ratio(1, 10),
            cover_url: None,
            cv_not_required,
            teasers,
            flags,
            publish_at: Some(publish_at),
            renewed_at: Some(renewed_at),
            valid_until: Some(valid_until),
        },
        category_codes: occupation.category.iter().cloned().collect(),
        place_codes: place.chain.clone(),
        employment_type: Some(weighted_code(rng, &EMPLOYMENT).to_string()),
        work_experience: Some(EXPERIENCE.choose(rng).unwrap().to_string()),
        language_codes,
        // from the id, not the generator, so the rest of the corpus stays as it was
        driver_licences: if id.as_bytes()[15] % 5 == 0 { vec!["B".to_string()] } else { Vec::new() },
        text,
    }
}

/// A vacancy that is not in the corpus, found by its unique business name (freshness probes).
pub fn probe_vacancy(reference: &Reference, n: usize, now: DateTime<Utc>) -> VacancyDoc {
    let mut rng = StdRng::seed_from_u64(0xF4E5 + n as u64);
    let company = Company {
        name: probe_name(n),
        registry_code: "10000001".into(),
        address: "Tallinn".into(),
        place: 0,
    };
    let mut doc = vacancy(&mut rng, reference, std::slice::from_ref(&company), now);
    doc.card.valid_until = Some(now + Duration::days(30));
    doc
}

pub fn probe_name(n: usize) -> String {
    format!("Värskuse Proov {n} OÜ")
}

const FIRST_NAMES: [&str; 24] = [
    "Mari", "Kati", "Liis", "Kadri", "Triin", "Anu", "Kristiina", "Maria", "Jaan", "Peeter", "Andres", "Toomas", "Rasmus",
    "Martin", "Marko", "Siim", "Olga", "Jelena", "Natalja", "Irina", "Sergei", "Dmitri", "Aleksei", "Andrei",
];
const LAST_NAMES: [&str; 20] = [
    "Tamm", "Saar", "Sepp", "Mägi", "Kask", "Kukk", "Rebane", "Ilves", "Pärn", "Koppel", "Lepik", "Kuusk", "Ivanov",
    "Smirnov", "Kuznetsov", "Popov", "Vassiljev", "Petrov", "Sokolov", "Mihhailov",
];
const SCHOOLS: [&str; 8] = [
    "Tartu Ülikool", "Tallinna Tehnikaülikool", "Tallinna Ülikool", "Eesti Maaülikool", "Tallinna Polütehnikum",
    "Tartu Kutsehariduskeskus", "Ida-Virumaa Kutsehariduskeskus", "Pärnumaa Kutsehariduskeskus",
];
pub const SKILLS: [&str; 16] = [
    "Excel", "klienditeenindus", "meeskonnatöö", "SAP", "AutoCAD", "Python", "raamatupidamine", "müügioskus",
    "tõstukijuhtimine", "keevitus", "projektijuhtimine", "eesti keel", "vene keel", "inglise keel", "kassatöö", "logistika",
];
pub const LEVELS: [&str; 6] = ["SECONDARY", "VOCATIONAL_SECONDARY", "APPLIED_HIGHER", "BACHELOR", "MASTER", "BASIC"];
const LANGUAGES: [&str; 4] = ["et", "en", "ru", "fi"];
pub const LICENCES: [&str; 3] = ["B", "C", "CE"];
pub const CV_EMPLOYMENT: [&str; 3] = ["FULL_TIME", "PART_TIME", "PERMANENT"];
const HISTORY_SENTENCES: [&str; 8] = [
    "Vastutasin igapäevaste tööülesannete ja meeskonna koordineerimise eest.",
    "Nõustasin kliente ning koostasin pakkumisi ja aruandeid.",
    "Juhendasin uusi töötajaid ja parandasin tööprotsesse.",
    "Töötasin vahetustega ning tagasin kvaliteedinõuete täitmise.",
    "Osalesin mitmes arendusprojektis ja suhtlesin partneritega.",
    "Haldasin laoseisu, tellimusi ja tarneid.",
    "Tegelesin dokumentatsiooni ja eelarve jälgimisega.",
    "Hoolitsesin seadmete hoolduse ja tööohutuse eest.",
];

/// `count` CVs visible to the CV database; `now` is the instant their dates are relative to.
pub fn cvs(reference: &Reference, count: usize, seed: u64, now: DateTime<Utc>) -> Vec<CvDoc> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0xC5);
    (0..count).map(|_| cv(&mut rng, reference, now)).collect()
}

fn cv(rng: &mut StdRng, reference: &Reference, now: DateTime<Utc>) -> CvDoc {
    let first = *FIRST_NAMES.choose(rng).unwrap();
    let last = *LAST_NAMES.choose(rng).unwrap();
    let occupation = reference.occupations.choose(rng).unwrap();
    let place = reference.place(rng);
    let title = occupation.labels[0].clone();
    let about = format!(
        "Olen {} kogemusega {}. Otsin tööd piirkonnas {}. Hindan head meeskonda ja arenguvõimalusi.",
        ["vähese", "mõne aasta", "pikaajalise"].choose(rng).unwrap(),
        occupation.labels[0].to_lowercase(),
        place.label
    );
    let school = *SCHOOLS.choose(rng).unwrap();
    let level = LEVELS.choose(rng).unwrap().to_string();
    let graduated = rng.random_range(1980..2025);
    let mut lines = vec![title.clone(), format!("{first} {last}"), format!("Haridus: {school}, {graduated}")];
    let jobs_held = rng.random_range(0..4);
    for _ in 0..jobs_held {
        let other = reference.occupations.choose(rng).unwrap();
        let employer = format!("{} {} OÜ", NAME_FIRST.choose(rng).unwrap(), NAME_SECOND.choose(rng).unwrap());
        let details: Vec<&str> = HISTORY_SENTENCES.iter().copied().choose_multiple(rng, 2);
        lines.push(format!(
            "{}, {employer}. Töötasin ametikohal {}. {}",
            other.labels[0],
            other.labels[0].to_lowercase(),
            details.join(" ")
        ));
    }
    let experience = match jobs_held {
        0 => "NO_EXPERIENCE",
        1 => ["LESS_THAN_1", "FROM_1_TO_2"].choose(rng).unwrap(),
        2 => "FROM_3_TO_5",
        _ => "MORE_THAN_5",
    };
    let languages: Vec<String> = LANGUAGES.iter().take(rng.random_range(1..=3)).map(|l| l.to_string()).collect();
    let mut skills: Vec<&str> = SKILLS.iter().copied().choose_multiple(rng, 3);
    skills.sort();
    lines.push(format!("Oskused: {}", skills.join(", ")));
    let licences: Vec<String> = if rng.random_ratio(6, 10) { vec![LICENCES.choose(rng).unwrap().to_string()] } else { vec![] };
    if let Some(licence) = licences.first() {
        lines.push(format!("Juhiload: {licence}"));
    }
    lines.push(about.clone());
    // the text extracted from the uploaded PDF CV repeats the CV in its own words
    lines.push(format!("{first} {last} – elulookirjeldus. {title}. {about} Haridus: {school}. Oskused: {}.", skills.join(", ")));
    CvDoc {
        card: CvCard {
            cv_id: Uuid::from_u128(rng.random()),
            title: Some(title),
            firstname: Some(first.into()),
            lastname: Some(last.into()),
            category_codes: occupation.category.iter().cloned().collect(),
            place_codes: place.chain.clone(),
            language_levels: languages.iter().map(|_| "B2".to_string()).collect(),
            language_codes: languages,
            education_levels: vec![level],
            work_experience: Some(experience.to_string()),
            driver_licences: licences,
            employment_types: vec![CV_EMPLOYMENT.choose(rng).unwrap().to_string()],
            updated_at: now - Duration::minutes(rng.random_range(0..60 * 24 * 365)),
        },
        text: lines.join("\n"),
    }
}

/// Bytes of input a document stands for: its searchable text plus its stored card as JSON.
pub fn vacancy_bytes(doc: &VacancyDoc) -> usize {
    doc.text.et.len() + doc.text.en.len() + doc.text.ru.len() + serde_json::to_vec(&doc.card).map(|v| v.len()).unwrap_or(0)
}

pub fn cv_bytes(doc: &CvDoc) -> usize {
    doc.text.len() + serde_json::to_vec(&doc.card).map(|v| v.len()).unwrap_or(0)
}
