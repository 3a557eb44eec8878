//! `bench relevance`: how good the recommendations are, on a judged set kept in the repository
//! (`bench/relevance/`, its rules in `bench/relevance/README.md`), as nDCG@10 of the ranking
//! ("vacancies for you" from a CV, "similar vacancies" from a vacancy) beside a plain text-only
//! baseline (BM25 of the whole text, no field counting).
//!
//! The corpus is generated once from the reference data (`bench relevance --generate`, seeded)
//! and stored with the judgements, so the set does not move when the generator changes; the
//! judgements follow only from the stated rules ([`cv_grade`], [`vacancy_grade`]), never from a
//! ranking.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, TimeZone, Utc};
use search::{CvDoc, MatchProfile, SimilarVacancyQuery, TantivyEngine, VacancyDoc, VacancyRecommendationQuery};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::corpus::{self, Reference};

/// Where the judged set lives.
pub fn dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/relevance"))
}

/// The cut-off of nDCG.
pub const CUTOFF: usize = 10;
/// Vacancies and CVs of the judged corpus.
const VACANCIES: usize = 500;
const CVS: usize = 50;
/// The vacancies whose similar vacancies are judged.
const SIMILAR_QUERIES: usize = 30;
/// Occupations kept per category, so that an occupation has several vacancies.
const OCCUPATIONS_PER_CATEGORY: usize = 2;

/// The instant the corpus is "now" at.
pub fn corpus_now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 29, 8, 0, 0).unwrap()
}

/// The judged corpus.
#[derive(Serialize, Deserialize)]
pub struct Corpus {
    pub now: DateTime<Utc>,
    pub vacancies: Vec<VacancyDoc>,
    pub cvs: Vec<CvDoc>,
}

/// Generates the corpus from the reference data: the first occupations of each category (by
/// code), [`VACANCIES`] vacancies and [`CVS`] CVs of the bench generator.
pub fn generate(reference: Reference) -> Corpus {
    let mut kept: HashMap<String, usize> = HashMap::new();
    let mut keep = std::collections::HashSet::new();
    for occupation in &reference.occupations {
        let Some(category) = &occupation.category else { continue };
        let count = kept.entry(category.clone()).or_default();
        if *count < OCCUPATIONS_PER_CATEGORY {
            *count += 1;
            keep.insert(occupation.code.clone());
        }
    }
    let reference = reference.with_occupations(|o| keep.contains(&o.code));
    let now = corpus_now();
    Corpus { now, vacancies: corpus::vacancies(&reference, VACANCIES, 33, now), cvs: corpus::cvs(&reference, CVS, 34, now) }
}

/// The county of a place chain (town, municipality, county, country): the one before the country.
fn county(chain: &[String]) -> Option<&str> {
    match chain {
        [.., county, country] if country.chars().all(|c| c.is_ascii_alphabetic()) => Some(county),
        [only] => Some(only),
        _ => None,
    }
}

fn shares(a: &[String], b: &[String]) -> bool {
    a.iter().any(|x| b.contains(x))
}

/// The rule of a CV→vacancy judgement (README): 3 the CV's occupation (its title) in the CV's
/// county; 2 the CV's occupation in another county, or the CV's category in its county; 1 the
/// CV's category elsewhere; 0 anything else (a place or a language alone is not a fit).
pub fn cv_grade(cv: &CvDoc, vacancy: &VacancyDoc) -> u8 {
    let occupation = cv.card.title.as_deref().is_some_and(|title| title.eq_ignore_ascii_case(&vacancy.card.occupation_labels.et));
    let category = shares(&cv.card.category_codes, &vacancy.category_codes);
    let same_county = county(&cv.card.place_codes).is_some() && county(&cv.card.place_codes) == county(&vacancy.place_codes);
    match (occupation, category, same_county) {
        (true, _, true) => 3,
        (true, _, false) | (false, true, true) => 2,
        (false, true, false) => 1,
        _ => 0,
    }
}

/// Whether `other` is `source` itself or its company's copy (never shown as similar).
fn is_copy(source: &VacancyDoc, other: &VacancyDoc) -> bool {
    source.card.vacancy_id == other.card.vacancy_id
        || (source.card.company_registry_code == other.card.company_registry_code && source.card.occupation_code == other.card.occupation_code)
}

/// The rule of a vacancy→vacancy judgement, the same as [`cv_grade`] with the source vacancy's
/// occupation; the vacancy itself and its company's copies are 0 (never shown).
pub fn vacancy_grade(source: &VacancyDoc, other: &VacancyDoc) -> u8 {
    if is_copy(source, other) {
        return 0;
    }
    let occupation = source.card.occupation_code.is_some() && source.card.occupation_code == other.card.occupation_code;
    let category = shares(&source.category_codes, &other.category_codes);
    let same_county = county(&source.place_codes).is_some() && county(&source.place_codes) == county(&other.place_codes);
    match (occupation, category, same_county) {
        (true, _, true) => 3,
        (true, _, false) | (false, true, true) => 2,
        (false, true, false) => 1,
        _ => 0,
    }
}

/// One judged pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    pub query: Uuid,
    pub doc: Uuid,
    pub grade: u8,
}

/// Judges by the rules: every pair of a query with a grade above 0, and for each query the five
/// first (by id) of the documents graded 0, so the set also says what does not fit.
pub fn judge(corpus: &Corpus) -> (Vec<Judgement>, Vec<Judgement>) {
    fn pairs<Q>(queries: &[Q], query_id: impl Fn(&Q) -> Uuid, docs: &[VacancyDoc], grade: impl Fn(&Q, &VacancyDoc) -> u8) -> Vec<Judgement> {
        let mut out = Vec::new();
        for query in queries {
            let mut zeros: Vec<Uuid> = Vec::new();
            for doc in docs {
                let g = grade(query, doc);
                if g > 0 {
                    out.push(Judgement { query: query_id(query), doc: doc.card.vacancy_id, grade: g });
                } else if query_id(query) != doc.card.vacancy_id {
                    zeros.push(doc.card.vacancy_id);
                }
            }
            zeros.sort();
            out.extend(zeros.into_iter().take(5).map(|doc| Judgement { query: query_id(query), doc, grade: 0 }));
        }
        out
    }
    let cv_pairs = pairs(&corpus.cvs, |cv| cv.card.cv_id, &corpus.vacancies, cv_grade);
    let similar_pairs =
        pairs(&corpus.vacancies[..SIMILAR_QUERIES], |v| v.card.vacancy_id, &corpus.vacancies, vacancy_grade);
    (cv_pairs, similar_pairs)
}

fn write_judgements(path: &Path, judgements: &[Judgement]) -> anyhow::Result<()> {
    let mut text = String::from("query\tdoc\tgrade\n");
    for j in judgements {
        text.push_str(&format!("{}\t{}\t{}\n", j.query, j.doc, j.grade));
    }
    std::fs::write(path, text)?;
    Ok(())
}

fn read_judgements(path: &Path) -> anyhow::Result<Vec<Judgement>> {
    let text = std::fs::read_to_string(path)?;
    text.lines()
        .skip(1)
        .filter(|line| !line.is_empty())
        .map(|line| {
            let mut parts = line.split('\t');
            let mut next = || parts.next().ok_or_else(|| anyhow::anyhow!("a short line in {}: {line}", path.display()));
            Ok(Judgement { query: next()?.parse()?, doc: next()?.parse()?, grade: next()?.parse()? })
        })
        .collect()
}

/// Writes the corpus and both judgement files under `dir`.
pub fn write(dir: &Path, corpus: &Corpus) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("corpus.json"), serde_json::to_vec(corpus)?)?;
    let (cv_pairs, similar_pairs) = judge(corpus);
    write_judgements(&dir.join("cv-vacancy.tsv"), &cv_pairs)?;
    write_judgements(&dir.join("vacancy-vacancy.tsv"), &similar_pairs)?;
    Ok(())
}

/// The judged set as stored.
pub struct JudgedSet {
    pub corpus: Corpus,
    pub cv_pairs: Vec<Judgement>,
    pub similar_pairs: Vec<Judgement>,
}

pub fn read(dir: &Path) -> anyhow::Result<JudgedSet> {
    Ok(JudgedSet {
        corpus: serde_json::from_slice(&std::fs::read(dir.join("corpus.json"))?)?,
        cv_pairs: read_judgements(&dir.join("cv-vacancy.tsv"))?,
        similar_pairs: read_judgements(&dir.join("vacancy-vacancy.tsv"))?,
    })
}

/// nDCG at [`CUTOFF`] of a ranked list against the graded judgements of its query (unjudged
/// documents count 0); `None` when the query has nothing relevant.
pub fn ndcg(ranked: &[Uuid], grades: &HashMap<Uuid, u8>) -> Option<f64> {
    let gain = |grade: u8| f64::from((1u32 << grade) - 1);
    let dcg: f64 = ranked.iter().take(CUTOFF).enumerate().map(|(i, doc)| gain(grades.get(doc).copied().unwrap_or(0)) / (i as f64 + 2.0).log2()).sum();
    let mut ideal: Vec<u8> = grades.values().copied().filter(|g| *g > 0).collect();
    ideal.sort_unstable_by(|a, b| b.cmp(a));
    let idcg: f64 = ideal.iter().take(CUTOFF).enumerate().map(|(i, g)| gain(*g) / (i as f64 + 2.0).log2()).sum();
    (idcg > 0.0).then(|| dcg / idcg)
}

fn by_query(judgements: &[Judgement]) -> HashMap<Uuid, HashMap<Uuid, u8>> {
    let mut out: HashMap<Uuid, HashMap<Uuid, u8>> = HashMap::new();
    for j in judgements {
        out.entry(j.query).or_default().insert(j.doc, j.grade);
    }
    out
}

/// The mean nDCG@10 of one task for the ranking and the baseline.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Scores {
    pub queries: usize,
    pub pairs: usize,
    pub ranking: f64,
    pub baseline: f64,
}

/// Both tasks' scores.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Evaluation {
    pub for_you: Scores,
    pub similar: Scores,
}

fn mean(values: &[f64]) -> f64 {
    if values.is_empty() { 0.0 } else { values.iter().sum::<f64>() / values.len() as f64 }
}

/// Indexes the corpus in memory and scores the ranking and the baseline on both tasks.
pub fn evaluate(set: &JudgedSet) -> anyhow::Result<Evaluation> {
    let corpus = &set.corpus;
    let engine = TantivyEngine::in_memory()?;
    engine.upsert_vacancies_sync(&corpus.vacancies)?;
    engine.commit_sync()?;
    let now = corpus.now;

    let judged = by_query(&set.cv_pairs);
    let (mut ranking, mut baseline) = (Vec::new(), Vec::new());
    for cv in &corpus.cvs {
        let Some(grades) = judged.get(&cv.card.cv_id) else { continue };
        let query = VacancyRecommendationQuery { profile: MatchProfile::of_cv(cv), exclude: Vec::new(), size: CUTOFF as u32, now };
        let ranked: Vec<Uuid> = engine.recommend_vacancies_sync(&query)?.iter().map(|h| h.card.vacancy_id).collect();
        let text = [cv.card.title.as_deref().unwrap_or_default(), &cv.text].join("\n");
        let plain: Vec<Uuid> = engine.text_baseline_sync(&text, CUTOFF, now)?.iter().map(|c| c.vacancy_id).collect();
        if let (Some(r), Some(b)) = (ndcg(&ranked, grades), ndcg(&plain, grades)) {
            ranking.push(r);
            baseline.push(b);
        }
    }
    let for_you = Scores { queries: ranking.len(), pairs: set.cv_pairs.len(), ranking: mean(&ranking), baseline: mean(&baseline) };

    let judged = by_query(&set.similar_pairs);
    let by_id: HashMap<Uuid, &VacancyDoc> = corpus.vacancies.iter().map(|v| (v.card.vacancy_id, v)).collect();
    let (mut ranking, mut baseline) = (Vec::new(), Vec::new());
    for source in &corpus.vacancies {
        let Some(grades) = judged.get(&source.card.vacancy_id) else { continue };
        let query = SimilarVacancyQuery { vacancy: source.clone(), size: CUTOFF as u32, now };
        let ranked: Vec<Uuid> = engine.similar_vacancies_sync(&query)?.iter().map(|h| h.card.vacancy_id).collect();
        // the baseline is held to the same rule: not the vacancy itself nor its company's copies
        let text = [source.text.et.as_str(), &source.text.en, &source.text.ru].join("\n");
        let plain: Vec<Uuid> = engine
            .text_baseline_sync(&text, CUTOFF * 4, now)?
            .iter()
            .map(|c| c.vacancy_id)
            .filter(|id| by_id.get(id).is_none_or(|other| !is_copy(source, other)))
            .take(CUTOFF)
            .collect();
        if let (Some(r), Some(b)) = (ndcg(&ranked, grades), ndcg(&plain, grades)) {
            ranking.push(r);
            baseline.push(b);
        }
    }
    let similar = Scores { queries: ranking.len(), pairs: set.similar_pairs.len(), ranking: mean(&ranking), baseline: mean(&baseline) };
    Ok(Evaluation { for_you, similar })
}

/// The report of a run: JSON and a Markdown table.
pub fn report(evaluation: &Evaluation, commit: &str) -> (String, String) {
    let json = serde_json::to_string_pretty(&serde_json::json!({
        "commit": commit,
        "cutoff": CUTOFF,
        "judgedSet": "bench/relevance (rules in its README.md)",
        "forYou": evaluation.for_you,
        "similar": evaluation.similar,
    }))
    .unwrap_or_default();
    let row = |name: &str, s: &Scores| format!("| {name} | {} | {} | {:.3} | {:.3} |\n", s.queries, s.pairs, s.ranking, s.baseline);
    let md = format!(
        "# Relevance: nDCG@{CUTOFF}\n\nCommit `{commit}`. The judged set of `bench/relevance/` (its rules in its README), \
         the ranking of `search::recommend` beside a text-only baseline (BM25 of every word of the CV's or the vacancy's \
         text over the vacancies' text, no field counting, live vacancies only; for similar vacancies without the vacancy \
         itself and its company's copies, as the ranking).\n\n\
         | task | queries | judged pairs | ranking | text-only baseline |\n|---|---|---|---|---|\n{}{}",
        row("vacancies for you (CV → vacancy)", &evaluation.for_you),
        row("similar vacancies (vacancy → vacancy)", &evaluation.similar),
    );
    (json, md)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ndcg_is_one_for_the_ideal_order_and_less_otherwise() {
        let ids: Vec<Uuid> = (1..=4).map(Uuid::from_u128).collect();
        let grades: HashMap<Uuid, u8> = [(ids[0], 3), (ids[1], 2), (ids[2], 0)].into_iter().collect();
        assert_eq!(ndcg(&[ids[0], ids[1]], &grades), Some(1.0));
        let swapped = ndcg(&[ids[1], ids[0]], &grades).unwrap();
        assert!(swapped < 1.0 && swapped > 0.5, "{swapped}");
        assert_eq!(ndcg(&[ids[3]], &grades), Some(0.0));
        assert_eq!(ndcg(&[ids[0]], &HashMap::new()), None);
    }

    #[test]
    fn the_judgements_are_the_rules_applied_to_the_stored_corpus() {
        let set = read(&dir()).expect("the judged set in bench/relevance");
        let (cv_pairs, similar_pairs) = judge(&set.corpus);
        assert_eq!(cv_pairs, set.cv_pairs, "cv-vacancy.tsv is what the rules say");
        assert_eq!(similar_pairs, set.similar_pairs, "vacancy-vacancy.tsv is what the rules say");
        assert!(set.cv_pairs.len() >= 200 && set.similar_pairs.len() >= 100);
    }

    #[test]
    fn the_ranking_beats_the_text_only_baseline_on_the_judged_set() {
        let set = read(&dir()).expect("the judged set in bench/relevance");
        let evaluation = evaluate(&set).unwrap();
        for (task, scores) in [("for you", &evaluation.for_you), ("similar", &evaluation.similar)] {
            assert!(scores.queries >= 20, "{task}: {scores:?}");
            assert!(scores.ranking >= scores.baseline, "{task}: the ranking fell below the text-only baseline: {scores:?}");
        }
    }
}
