//! `bench recommendations`: the latency of the three recommendation calls in the engine
//! (tantivy, in memory, result cache off), at `--vacancies` vacancies and `--cvs` CVs of the
//! bench corpus: "for you" (a CV's profile over the vacancies), "similar" (a vacancy's) and
//! "CVs for a vacancy" (a vacancy's profile over the CVs, first page of 20). Each call is
//! different (profiles of distinct corpus CVs and vacancies, none repeated), one after another on
//! one thread; targets from issue 33 §4: p99 ≤ 10 ms for the first two, ≤ 20 ms for the third.

use std::time::Instant;

use chrono::Utc;
use search::{CvMatchQuery, MatchProfile, SimilarVacancyQuery, TantivyEngine, VacancyRecommendationQuery};
use serde::{Deserialize, Serialize};

use crate::corpus::{self, Reference};
use crate::report::Machine;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Latency {
    pub call: String,
    pub samples: usize,
    pub p50_ms: f64,
    pub p95_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub target_p99_ms: f64,
    pub met: bool,
    /// The mean number of hits a call returned.
    pub mean_hits: f64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LatencyReport {
    pub machine: Machine,
    pub command: String,
    pub vacancies: usize,
    pub cvs: usize,
    pub index_seconds: f64,
    pub calls: Vec<Latency>,
}

fn latency(call: &str, mut samples: Vec<f64>, hits: usize, target: f64) -> Latency {
    samples.sort_by(f64::total_cmp);
    let at = |p: f64| samples[((samples.len() as f64 * p).ceil() as usize).clamp(1, samples.len()) - 1];
    let p99 = at(0.99);
    Latency {
        call: call.into(),
        samples: samples.len(),
        p50_ms: at(0.50),
        p95_ms: at(0.95),
        p99_ms: p99,
        max_ms: *samples.last().unwrap_or(&0.0),
        target_p99_ms: target,
        met: p99 <= target,
        mean_hits: hits as f64 / samples.len().max(1) as f64,
    }
}

fn timed<T>(work: impl FnOnce() -> anyhow::Result<T>) -> anyhow::Result<(f64, T)> {
    let started = Instant::now();
    let out = work()?;
    Ok((started.elapsed().as_secs_f64() * 1000.0, out))
}

pub fn run(reference: &Reference, vacancies: usize, cvs: usize, queries: usize, command: String) -> anyhow::Result<LatencyReport> {
    let now = Utc::now();
    let machine = Machine::describe();
    let vacancy_docs = corpus::vacancies(reference, vacancies, 7, now);
    let cv_docs = corpus::cvs(reference, cvs, 8, now);
    let engine = TantivyEngine::in_memory()?;
    engine.set_result_cache_capacity(0);
    let started = Instant::now();
    for chunk in vacancy_docs.chunks(10_000) {
        engine.upsert_vacancies_sync(chunk)?;
    }
    for chunk in cv_docs.chunks(10_000) {
        engine.upsert_cvs_sync(chunk)?;
    }
    engine.commit_sync()?;
    let index_seconds = started.elapsed().as_secs_f64();
    // a warm-up pass reads every column table once, as a running server has
    for cv in cv_docs.iter().take(20) {
        let query = VacancyRecommendationQuery { profile: MatchProfile::of_cv(cv), exclude: Vec::new(), size: 20, now };
        engine.recommend_vacancies_sync(&query)?;
    }
    for vacancy in vacancy_docs.iter().take(20) {
        engine.match_cvs_sync(&CvMatchQuery { profile: MatchProfile::of_vacancy(vacancy), page: 0, size: 20 })?;
    }
    let (mut for_you, mut similar, mut matches) = (Vec::new(), Vec::new(), Vec::new());
    let (mut for_you_hits, mut similar_hits, mut match_hits) = (0, 0, 0);
    for cv in cv_docs.iter().skip(20).take(queries) {
        let query = VacancyRecommendationQuery { profile: MatchProfile::of_cv(cv), exclude: Vec::new(), size: 20, now };
        let (ms, hits) = timed(|| Ok(engine.recommend_vacancies_sync(&query)?))?;
        for_you.push(ms);
        for_you_hits += hits.len();
    }
    for vacancy in vacancy_docs.iter().skip(20).take(queries) {
        let query = SimilarVacancyQuery { vacancy: vacancy.clone(), size: 5, now };
        let (ms, hits) = timed(|| Ok(engine.similar_vacancies_sync(&query)?))?;
        similar.push(ms);
        similar_hits += hits.len();
        let query = CvMatchQuery { profile: MatchProfile::of_vacancy(vacancy), page: 0, size: 20 };
        let (ms, page) = timed(|| Ok(engine.match_cvs_sync(&query)?))?;
        matches.push(ms);
        match_hits += page.hits.len();
    }
    Ok(LatencyReport {
        machine,
        command,
        vacancies,
        cvs,
        index_seconds,
        calls: vec![
            latency("for you (CV → 20 vacancies)", for_you, for_you_hits, 10.0),
            latency("similar (vacancy → 5 vacancies)", similar, similar_hits, 10.0),
            latency("CVs for a vacancy (→ 20 CVs)", matches, match_hits, 20.0),
        ],
    })
}

pub fn markdown(report: &LatencyReport) -> String {
    let m = &report.machine;
    let mut md = format!(
        "# Recommendation latency\n\n`{}` — commit `{}`, {} ({} cores, {} GiB), load average {:.1} at the start, {}.\n\n\
         {} vacancies and {} CVs of the bench corpus indexed in memory in {:.1} s; every call a different profile \
         (distinct corpus CVs and vacancies), one at a time on one thread, the engine's result cache off, after a \
         warm-up of 20 calls each. Targets: issue 33 §4.\n\n\
         | call | samples | p50 ms | p95 ms | p99 ms | max ms | mean hits | target p99 | met |\n|---|---:|---:|---:|---:|---:|---:|---:|---|\n",
        report.command, m.git, m.cpu_model, m.cores, m.ram_gib, m.load_avg, m.date, report.vacancies, report.cvs, report.index_seconds
    );
    for c in &report.calls {
        md.push_str(&format!(
            "| {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.1} | {} ms | {} |\n",
            c.call, c.samples, c.p50_ms, c.p95_ms, c.p99_ms, c.max_ms, c.mean_hits, c.target_p99_ms, if c.met { "yes" } else { "no" }
        ));
    }
    md
}
