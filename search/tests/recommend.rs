//! Recommendations on tantivy: vacancies for a CV with their reasons, similar vacancies, CVs for
//! a vacancy, and the score of a CV outside the index equal to the one the index ranks by.

mod common;

use chrono::Duration;
use common::*;
use search::{
    CvMatchQuery, MatchProfile, ReasonKind, SimilarVacancyQuery, VacancyRecommendationQuery,
};
use uuid::Uuid;

fn tallinn() -> Vec<String> {
    ["0784", "0037", "EE"].map(str::to_owned).to_vec()
}

fn tartu() -> Vec<String> {
    ["0793", "0079", "EE"].map(str::to_owned).to_vec()
}

fn spec(id: u128, et: &'static str, category: &str, places: Vec<String>) -> VacancySpec {
    let mut spec = VacancySpec::simple(id, et);
    spec.categories = vec![category.to_owned()];
    spec.places = places;
    spec
}

/// A cook's CV in Tallinn, full time, Estonian and English, a B licence.
fn cook_cv() -> search::CvDoc {
    let mut doc = cv(
        Uuid::from_u128(900),
        "Kokk",
        "Mari",
        "Maasikas",
        "Kokk, Põhja Köök OÜ. Soojad road ja sushi. Peakokk, Lõuna Köök OÜ.",
    );
    doc.card.category_codes = vec!["CATERING".to_owned()];
    doc.card.place_codes = tallinn();
    doc.card.employment_types = vec!["FULL_TIME".to_owned()];
    doc.card.work_experience = Some("MORE_THAN_5".to_owned());
    doc.card.language_codes = vec!["et".to_owned(), "en".to_owned()];
    doc.card.language_levels = vec!["NATIVE".to_owned(), "C1".to_owned()];
    doc.card.driver_licences = vec!["B".to_owned()];
    doc
}

fn corpus() -> Vec<search::VacancyDoc> {
    let mut sushi = spec(1, "Kokk", "CATERING", tallinn());
    sushi.teaser_et = "Sushi kokk".to_owned();
    sushi.work_experience = Some("FROM_1_TO_2".to_owned());
    sushi.languages = vec!["et".to_owned(), "en".to_owned()];
    let mut doc_sushi = vacancy(sushi);
    doc_sushi.driver_licences = vec!["B".to_owned(), "C".to_owned()];
    let tartu_cook = spec(2, "Kokk", "CATERING", tartu());
    let mut it = spec(3, "Tarkvaraarendaja", "IT", tallinn());
    it.registry_code = "10000020";
    let mut expired = spec(4, "Kokk", "CATERING", tallinn());
    expired.valid_until = Some(now() - Duration::hours(1));
    let hidden_later = spec(5, "Kokk", "CATERING", tallinn());
    vec![doc_sushi, vacancy(tartu_cook), vacancy(it), vacancy(expired), vacancy(hidden_later)]
}

#[tokio::test]
async fn vacancies_for_a_cv_are_live_ranked_and_explained_without_the_excluded() {
    let engine = tantivy_with(corpus(), Vec::new()).await;
    let query = VacancyRecommendationQuery {
        profile: MatchProfile::of_cv(&cook_cv()),
        exclude: vec![Uuid::from_u128(5)],
        size: 10,
        now: now(),
    };
    let hits = engine.recommend_vacancies(query).await.unwrap();
    let ids: Vec<u128> = hits.iter().map(|h| h.card.vacancy_id.as_u128()).collect();
    assert_eq!(ids, [1, 2], "the Tallinn cook first, the Tartu cook next; not IT, the expired or the excluded");
    let kinds: Vec<(ReasonKind, Vec<String>)> = hits[0].reasons.iter().map(|r| (r.kind, r.values.clone())).collect();
    assert_eq!(
        kinds,
        [
            (ReasonKind::Category, vec!["CATERING".to_owned()]),
            (ReasonKind::Place, vec!["0784".to_owned()]),
            (ReasonKind::EmploymentType, vec!["FULL_TIME".to_owned()]),
            (ReasonKind::Experience, vec!["FROM_1_TO_2".to_owned()]),
            (ReasonKind::Language, vec!["et".to_owned()]),
            (ReasonKind::Language, vec!["en".to_owned()]),
            (ReasonKind::Licence, vec!["B".to_owned()]),
            (ReasonKind::Words, vec!["sushi".to_owned()]),
        ]
    );
    let second: Vec<ReasonKind> = hits[1].reasons.iter().map(|r| r.kind).collect();
    assert!(!second.contains(&ReasonKind::Place) && second.contains(&ReasonKind::Category), "{second:?}");
    assert!(hits[0].score > hits[1].score);
}

#[tokio::test]
async fn a_profile_with_neither_category_nor_known_words_gets_nothing() {
    let engine = tantivy_with(corpus(), Vec::new()).await;
    let mut doc = cook_cv();
    doc.card.category_codes.clear();
    doc.card.title = None;
    doc.text = "qwertyuiop".to_owned();
    let query = VacancyRecommendationQuery { profile: MatchProfile::of_cv(&doc), exclude: Vec::new(), size: 10, now: now() };
    assert!(engine.recommend_vacancies(query).await.unwrap().is_empty(), "place and language alone fit nothing");
}

#[tokio::test]
async fn similar_vacancies_are_live_not_itself_nor_the_companys_copy() {
    let mut docs = corpus();
    // the company's copy of vacancy 1 (same company, same occupation) and another company's cooks
    docs.push(vacancy(spec(6, "Kokk", "CATERING", tallinn())));
    for id in 10..20u128 {
        let mut other = spec(id, "Kokk", "CATERING", tallinn());
        other.registry_code = "10000030";
        other.business_name = "Teine Köök OÜ";
        docs.push(vacancy(other));
    }
    let source = docs[0].clone();
    let engine = tantivy_with(docs, Vec::new()).await;
    let similar = engine.similar_vacancies(SimilarVacancyQuery { vacancy: source, size: 5, now: now() }).await.unwrap();
    let ids: Vec<u128> = similar.iter().map(|h| h.card.vacancy_id.as_u128()).collect();
    assert_eq!(ids.len(), 5, "{ids:?}");
    assert!(ids.iter().all(|id| (10..20).contains(id)), "only the other company's cooks: {ids:?}");
}

#[tokio::test]
async fn cvs_for_a_vacancy_score_as_a_cv_outside_the_index_is_scored() {
    let mut cook = cook_cv();
    cook.card.cv_id = Uuid::from_u128(901);
    let mut waiter = cv(Uuid::from_u128(902), "Ettekandja", "Jaan", "Tamm", "Ettekandja kohvikus. Kokk abiline.");
    waiter.card.category_codes = vec!["CATERING".to_owned()];
    waiter.card.place_codes = tartu();
    let mut coder = cv(Uuid::from_u128(903), "Arendaja", "Kati", "Karu", "Rust ja tarkvara.");
    coder.card.category_codes = vec!["IT".to_owned()];
    let cvs = vec![cook.clone(), waiter.clone(), coder.clone()];
    let vacancy = corpus().remove(0);
    let engine = tantivy_with(Vec::new(), cvs.clone()).await;
    let profile = MatchProfile::of_vacancy(&vacancy);
    let matches = engine.match_cvs(CvMatchQuery { profile: profile.clone(), page: 0, size: 10 }).await.unwrap();
    let ids: Vec<u128> = matches.hits.iter().map(|h| h.card.cv_id.as_u128()).collect();
    assert_eq!(ids, [901, 902]);
    assert_eq!(matches.total, 2);
    let scores = engine.score_cvs(profile, cvs).await.unwrap();
    for hit in &matches.hits {
        let index = [901, 902].iter().position(|id| *id == hit.card.cv_id.as_u128()).unwrap();
        assert!((scores[index] - hit.score).abs() < 1e-3, "{} vs {}", scores[index], hit.score);
    }
    assert!(scores[2] < scores[1], "the coder shares nothing");
}
