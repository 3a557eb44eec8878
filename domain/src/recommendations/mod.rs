//! Recommendations around the search engine's ([`search::recommend`]): the SQL of "vacancies for
//! you" (which CV they are made from, which vacancies never to show: applied to or hidden with
//! "not for me"), of the employer's "CVs for your vacancy" (who may ask, who is already a
//! candidate) and the labels of the reasons in every interface language.

use std::collections::{HashMap, HashSet};

use sqlx::PgPool;
use uuid::Uuid;

use crate::applications::candidates::{self, Staff};
use crate::platform::error::{Error, Result};

/// The CV "for you" is made from: `cv_id` when it is one of the user's own CVs (not deleted;
/// "not found" otherwise), else the user's most recently updated finished CV (`None` without one).
#[tracing::instrument(skip_all)]
pub async fn profile_cv(pool: &PgPool, user_id: Uuid, cv_id: Option<Uuid>) -> Result<Option<Uuid>> {
    match cv_id {
        Some(id) => {
            let own: Option<Uuid> = sqlx::query_scalar("select id from cvs where id = $1 and owner_user_id = $2 and deleted_at is null")
                .bind(id)
                .bind(user_id)
                .fetch_optional(pool)
                .await?;
            own.map(Some).ok_or_else(Error::not_found)
        }
        None => Ok(sqlx::query_scalar(
            "select id from cvs where owner_user_id = $1 and deleted_at is null and status = 'ACTIVE' order by updated_at desc, id limit 1",
        )
        .bind(user_id)
        .fetch_optional(pool)
        .await?),
    }
}

/// The vacancies never recommended to the user: every one they applied to (withdrawn too) and
/// every one they hid.
#[tracing::instrument(skip_all)]
pub async fn excluded_vacancies(pool: &PgPool, user_id: Uuid) -> Result<Vec<Uuid>> {
    Ok(sqlx::query_scalar(
        "select vacancy_id from applications where applicant_user_id = $1
         union select vacancy_id from vacancy_hidden_for_user where user_id = $1",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?)
}

/// "Not for me": hides the vacancy from the user's recommendations; hiding it again changes
/// nothing. An unknown or deleted vacancy is "not found".
#[tracing::instrument(skip_all)]
pub async fn hide(pool: &PgPool, user_id: Uuid, vacancy_id: Uuid) -> Result<()> {
    let known: bool = sqlx::query_scalar("select exists (select 1 from vacancies where id = $1 and status <> 'DELETED')")
        .bind(vacancy_id)
        .fetch_one(pool)
        .await?;
    if !known {
        return Err(Error::not_found());
    }
    sqlx::query("insert into vacancy_hidden_for_user (user_id, vacancy_id) values ($1, $2) on conflict do nothing")
        .bind(user_id)
        .bind(vacancy_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Undoes [`hide`]; a vacancy that is not hidden stays as it is.
#[tracing::instrument(skip_all)]
pub async fn unhide(pool: &PgPool, user_id: Uuid, vacancy_id: Uuid) -> Result<()> {
    sqlx::query("delete from vacancy_hidden_for_user where user_id = $1 and vacancy_id = $2")
        .bind(user_id)
        .bind(vacancy_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Whether the staff member may see CVs for the vacancy: the one rule of who sees a vacancy's
/// candidates (its company's, not deleted, delegated to a moderator); "not found" otherwise.
pub async fn vacancy_for_staff(pool: &PgPool, staff: Staff, vacancy_id: Uuid) -> Result<()> {
    candidates::vacancy_seen(pool, staff, vacancy_id).await
}

/// Which of `cv_ids` belong to someone already a candidate of the vacancy (applied, or added
/// from the CV database, and not deleted from the list).
#[tracing::instrument(skip_all)]
pub async fn already_candidates(pool: &PgPool, vacancy_id: Uuid, cv_ids: &[Uuid]) -> Result<HashSet<Uuid>> {
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "select cv.id from cvs cv where cv.id = any($2) and exists (
             select 1 from applications a where a.vacancy_id = $1 and a.applicant_user_id = cv.owner_user_id
               and a.withdrawn_at is null and a.status <> 'DELETED')",
    )
    .bind(vacancy_id)
    .bind(cv_ids)
    .fetch_all(pool)
    .await?;
    Ok(ids.into_iter().collect())
}

/// A label in every interface language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    pub et: String,
    pub en: String,
    pub ru: String,
}

impl Labels {
    fn each(&self, f: impl Fn(&str, usize) -> String) -> Labels {
        Labels { et: f(&self.et, 0), en: f(&self.en, 1), ru: f(&self.ru, 2) }
    }
}

/// The reference lists a reason's codes come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CodeKind {
    Category,
    Place,
    EmploymentType,
    Experience,
    Language,
    Proficiency,
}

impl CodeKind {
    fn table(self) -> &'static str {
        match self {
            CodeKind::Category => "ref_categories",
            CodeKind::Place => "ref_places",
            CodeKind::EmploymentType => "ref_employment_types",
            CodeKind::Experience => "ref_work_experiences",
            CodeKind::Language => "ref_languages",
            CodeKind::Proficiency => "ref_proficiencies",
        }
    }
}

/// The labels (et, en, ru; et where one is empty) of the given codes, per list; unknown codes
/// are absent.
#[tracing::instrument(skip_all)]
pub async fn code_labels(pool: &PgPool, codes: &[(CodeKind, String)]) -> Result<HashMap<(CodeKind, String), Labels>> {
    let mut out = HashMap::new();
    for kind in [CodeKind::Category, CodeKind::Place, CodeKind::EmploymentType, CodeKind::Experience, CodeKind::Language, CodeKind::Proficiency] {
        let wanted: Vec<&str> = codes.iter().filter(|(k, _)| *k == kind).map(|(_, code)| code.as_str()).collect();
        if wanted.is_empty() {
            continue;
        }
        let sql = format!(
            "select code, label_et, coalesce(nullif(label_en, ''), label_et), coalesce(nullif(label_ru, ''), label_et)
             from {} where code = any($1)",
            kind.table()
        );
        let rows: Vec<(String, String, String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(&wanted).fetch_all(pool).await?;
        for (code, et, en, ru) in rows {
            out.insert((kind, code), Labels { et, en, ru });
        }
    }
    Ok(out)
}

/// The words of the interface around a reason's values.
pub mod wording {
    use super::Labels;

    /// "Experience: 1–2 years" (the experience a vacancy asks, which the CV has).
    pub fn experience(label: &Labels, code: &str) -> Labels {
        if code == "NO_EXPERIENCE" {
            return label.clone();
        }
        label.each(|text, lang| format!("{}: {text}", ["Kogemus", "Experience", "Опыт"][lang]))
    }

    /// "English C1", "Eesti (emakeel)": the language with the CV's level.
    pub fn language(language: &Labels, level_code: Option<&str>, level: Option<&Labels>) -> Labels {
        match (level_code, level) {
            (Some("NATIVE"), Some(native)) => language.each(|text, lang| {
                let native = [&native.et, &native.en, &native.ru][lang].to_lowercase();
                format!("{text} ({native})")
            }),
            (Some(code), _) => language.each(|text, _| format!("{text} {code}")),
            (None, _) => language.clone(),
        }
    }

    /// "Driving licence B, C".
    pub fn licences(codes: &[String]) -> Labels {
        let codes = codes.join(", ");
        Labels { et: format!("Juhiluba {codes}"), en: format!("Driving licence {codes}"), ru: format!("Водительские права {codes}") }
    }

    /// "Words: cook, sushi" (at most three, as the index holds them).
    pub fn words(words: &[String]) -> Labels {
        let words = words.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
        Labels { et: format!("Sõnad: {words}"), en: format!("Words: {words}"), ru: format!("Слова: {words}") }
    }
}

#[cfg(test)]
mod tests {
    use super::wording;
    use super::*;

    fn labels(et: &str, en: &str, ru: &str) -> Labels {
        Labels { et: et.into(), en: en.into(), ru: ru.into() }
    }

    #[test]
    fn a_language_reason_carries_the_cvs_level() {
        let english = labels("Inglise", "English", "Английский");
        assert_eq!(wording::language(&english, Some("C1"), None).en, "English C1");
        let native = labels("Emakeel", "Native", "Родной язык");
        assert_eq!(wording::language(&english, Some("NATIVE"), Some(&native)).et, "Inglise (emakeel)");
        assert_eq!(wording::language(&english, None, None).ru, "Английский");
    }

    #[test]
    fn experience_and_words_are_worded_in_each_language() {
        let years = labels("1–2 aastat", "1–2 years", "1–2 года");
        assert_eq!(wording::experience(&years, "FROM_1_TO_2").en, "Experience: 1–2 years");
        let none = labels("Töökogemus pole nõutud", "No experience required", "Опыт работы не требуется");
        assert_eq!(wording::experience(&none, "NO_EXPERIENCE"), none);
        let words = wording::words(&["kokk".into(), "sushi".into(), "road".into(), "kala".into()]);
        assert_eq!(words.ru, "Слова: kokk, sushi, road");
    }
}
