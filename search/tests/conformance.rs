//! The behaviour every engine must have, run against tantivy always and against Meilisearch
//! when `MEILI_URL` points at a server.

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::Duration;
use common::*;
use search::{CvQuery, EmployerNameQuery, SearchEngine, VacancyDoc, VacancyFlags, VacancyQuery};
use uuid::Uuid;

/// Every engine under test, each loaded with `vacancies` and `cvs`.
async fn engines(
    vacancies: Vec<VacancyDoc>,
    cvs: Vec<search::CvDoc>,
) -> Vec<(&'static str, Arc<dyn SearchEngine>)> {
    let mut engines = vec![(
        "tantivy",
        tantivy_with(vacancies.clone(), cvs.clone()).await,
    )];
    match meili::engine(vacancies, cvs).await {
        Some(engine) => engines.push(("meilisearch", engine)),
        None => eprintln!("conformance: MEILI_URL is not set, Meilisearch SKIPPED (tantivy only)"),
    }
    engines
}

mod meili {
    use super::*;

    /// A Meilisearch engine on `MEILI_URL` with the corpus, under index names unique to the
    /// test process so parallel tests do not see each other's documents.
    pub async fn engine(
        vacancies: Vec<VacancyDoc>,
        cvs: Vec<search::CvDoc>,
    ) -> Option<Arc<dyn SearchEngine>> {
        let url = std::env::var("MEILI_URL").ok()?;
        let key = std::env::var("MEILI_MASTER_KEY").ok();
        let prefix = format!(
            "conformance_{}_{}",
            std::process::id(),
            Uuid::new_v4().simple()
        );
        let engine = search::MeiliEngine::connect(&url, key.as_deref(), &prefix)
            .await
            .expect("meilisearch reachable at MEILI_URL");
        load(&engine, vacancies, cvs).await;
        Some(Arc::new(engine))
    }
}

async fn corpus_engines() -> (Vec<VacancyDoc>, Vec<(&'static str, Arc<dyn SearchEngine>)>) {
    let docs = vacancies();
    let engines = engines(docs.clone(), cvs()).await;
    (docs, engines)
}

fn query() -> VacancyQuery {
    VacancyQuery {
        now: now(),
        size: 1000,
        ..VacancyQuery::default()
    }
}

fn ids(results: &search::VacancyResults) -> Vec<Uuid> {
    results.hits.iter().map(|hit| hit.card.vacancy_id).collect()
}

fn sorted(mut ids: Vec<Uuid>) -> Vec<Uuid> {
    ids.sort();
    ids
}

/// The ids brute force says `query` (without text) matches.
fn expected(docs: &[VacancyDoc], query: &VacancyQuery) -> Vec<Uuid> {
    sorted(
        docs.iter()
            .filter(|doc| passes(doc, query, None))
            .map(|doc| doc.card.vacancy_id)
            .collect(),
    )
}

async fn assert_filter(
    docs: &[VacancyDoc],
    engines: &[(&str, Arc<dyn SearchEngine>)],
    query: VacancyQuery,
) {
    let want = expected(docs, &query);
    assert!(
        !want.is_empty(),
        "the fixture should have matches for {query:?}"
    );
    assert!(
        want.len() < docs.len(),
        "the filter should exclude something: {query:?}"
    );
    for (name, engine) in engines {
        let results = engine.search_vacancies(query.clone()).await.unwrap();
        assert_eq!(sorted(ids(&results)), want, "{name}: {query:?}");
        assert_eq!(
            results.total,
            want.len() as u64,
            "{name}: total of {query:?}"
        );
    }
}

#[tokio::test]
async fn browsing_returns_every_vacancy_still_valid() {
    let (docs, engines) = corpus_engines().await;
    let expired = docs
        .iter()
        .filter(|d| d.card.valid_until.is_some_and(|u| u < now()))
        .count();
    assert!(expired > 0, "the fixture has expired vacancies");
    for (name, engine) in &engines {
        let results = engine.search_vacancies(query()).await.unwrap();
        assert_eq!(results.total as usize, docs.len() - expired, "{name}");
        assert_eq!(sorted(ids(&results)), expected(&docs, &query()), "{name}");
    }
}

#[tokio::test]
async fn each_filter_group_keeps_exactly_the_matching_vacancies() {
    let (docs, engines) = corpus_engines().await;
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let queries = vec![
        VacancyQuery {
            category_codes: s(&["FOOD"]),
            ..query()
        },
        VacancyQuery {
            category_codes: s(&["FOOD", "IT"]),
            ..query()
        },
        VacancyQuery {
            place_codes: s(&["8130"]),
            ..query()
        },
        // a county finds the vacancies in all its towns
        VacancyQuery {
            place_codes: s(&["0037"]),
            ..query()
        },
        VacancyQuery {
            employment_types: s(&["PART_TIME"]),
            ..query()
        },
        VacancyQuery {
            work_experiences: s(&["NONE", "UP_TO_1"]),
            ..query()
        },
        VacancyQuery {
            language_codes: s(&["ru"]),
            ..query()
        },
        VacancyQuery {
            business_names: s(&["Maxima Eesti OÜ"]),
            ..query()
        },
        VacancyQuery {
            salary_from: Some(2500.0),
            ..query()
        },
        VacancyQuery {
            salary_to: Some(1200.0),
            ..query()
        },
        VacancyQuery {
            salary_from: Some(1500.0),
            salary_to: Some(2000.0),
            ..query()
        },
        VacancyQuery {
            salary_period: Some("HOUR".to_owned()),
            ..query()
        },
        VacancyQuery {
            salary_by_agreement: true,
            ..query()
        },
        VacancyQuery {
            salary_stated: true,
            ..query()
        },
        VacancyQuery {
            salary_stated: true,
            salary_period: Some("HOUR".to_owned()),
            category_codes: s(&["FOOD", "IT"]),
            ..query()
        },
        VacancyQuery {
            flags: VacancyFlags {
                for_students: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
        VacancyQuery {
            flags: VacancyFlags {
                for_underage: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
        VacancyQuery {
            flags: VacancyFlags {
                for_disabled: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
        VacancyQuery {
            flags: VacancyFlags {
                for_retired: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
        VacancyQuery {
            flags: VacancyFlags {
                for_foreigners: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
        VacancyQuery {
            flags: VacancyFlags {
                remote_work: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
        VacancyQuery {
            flags: VacancyFlags {
                shift_work: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
        // groups combine with AND
        VacancyQuery {
            category_codes: s(&["SALES", "FOOD"]),
            place_codes: s(&["0037"]),
            flags: VacancyFlags {
                shift_work: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
    ];
    for query in queries {
        assert_filter(&docs, &engines, query).await;
    }
}

#[tokio::test]
async fn facet_counts_leave_out_only_their_own_group() {
    let (docs, engines) = corpus_engines().await;
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let queries = vec![
        query(),
        VacancyQuery {
            category_codes: s(&["FOOD", "IT"]),
            place_codes: s(&["0037"]),
            ..query()
        },
        VacancyQuery {
            employment_types: s(&["FULL_TIME"]),
            language_codes: s(&["en"]),
            flags: VacancyFlags {
                for_students: true,
                remote_work: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
        VacancyQuery {
            business_names: s(&["Rimi Eesti Food AS", "Bolt Technology OÜ"]),
            work_experiences: s(&["NONE"]),
            salary_from: Some(1000.0),
            ..query()
        },
        VacancyQuery {
            salary_by_agreement: true,
            category_codes: s(&["SALES"]),
            ..query()
        },
        VacancyQuery {
            salary_stated: true,
            place_codes: s(&["0037"]),
            flags: VacancyFlags {
                shift_work: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
        VacancyQuery {
            salary_stated: true,
            salary_by_agreement: true,
            text: Some("kokk".to_owned()),
            ..query()
        },
    ];
    let single = |value: &Option<String>| value.iter().cloned().collect::<Vec<_>>();
    for query in queries {
        let want_categories = brute_counts(&docs, &query, VacancyGroup::Category, |d| {
            d.category_codes.clone()
        });
        let want_places = brute_counts(&docs, &query, VacancyGroup::Place, |d| {
            d.place_codes.clone()
        });
        let want_types = brute_counts(&docs, &query, VacancyGroup::EmploymentType, |d| {
            single(&d.employment_type)
        });
        let want_experience = brute_counts(&docs, &query, VacancyGroup::WorkExperience, |d| {
            single(&d.work_experience)
        });
        let want_languages = brute_counts(&docs, &query, VacancyGroup::Language, |d| {
            d.language_codes.clone()
        });
        let want_names = brute_counts(&docs, &query, VacancyGroup::BusinessName, |d| {
            vec![d.card.business_name.clone()]
        });
        let want_agreement = docs
            .iter()
            .filter(|d| d.card.by_agreement && passes(d, &query, Some(VacancyGroup::ByAgreement)))
            .count();
        let want_stated = docs
            .iter()
            .filter(|d| {
                (d.card.salary_from.is_some() || d.card.salary_to.is_some())
                    && passes(d, &query, Some(VacancyGroup::SalaryStated))
            })
            .count();
        let want_flags: Vec<u64> = (0..7)
            .map(|i| {
                docs.iter()
                    .filter(|d| {
                        flag_values(&d.card.flags)[i]
                            && passes(d, &query, Some(VacancyGroup::Flag(i)))
                    })
                    .count() as u64
            })
            .collect();
        for (name, engine) in &engines {
            let facets = engine.search_vacancies(query.clone()).await.unwrap().facets;
            assert_eq!(
                facets.category_codes, want_categories,
                "{name}: categories of {query:?}"
            );
            assert_eq!(
                facets.place_codes, want_places,
                "{name}: places of {query:?}"
            );
            assert_eq!(
                facets.employment_types, want_types,
                "{name}: employment types of {query:?}"
            );
            assert_eq!(
                facets.work_experiences, want_experience,
                "{name}: experience of {query:?}"
            );
            assert_eq!(
                facets.language_codes, want_languages,
                "{name}: languages of {query:?}"
            );
            assert_eq!(
                facets.business_names, want_names,
                "{name}: business names of {query:?}"
            );
            assert_eq!(
                facets.salary_by_agreement, want_agreement as u64,
                "{name}: by agreement of {query:?}"
            );
            assert_eq!(
                facets.salary_stated, want_stated as u64,
                "{name}: salary stated of {query:?}"
            );
            let flags = &facets.flags;
            let got = vec![
                flags.for_students,
                flags.for_underage,
                flags.for_disabled,
                flags.for_retired,
                flags.for_foreigners,
                flags.remote_work,
                flags.shift_work,
            ];
            assert_eq!(got, want_flags, "{name}: flags of {query:?}");
        }
    }
}

/// The quantile `p` of sorted `values`, interpolated between the two nearest ranks (written
/// here again so the test does not trust the engine's function).
fn brute_quantile(values: &[f64], p: f64) -> f64 {
    let h = (values.len() - 1) as f64 * p;
    let (below, fraction) = (h.floor() as usize, h - h.floor());
    if fraction == 0.0 {
        values[below]
    } else {
        values[below] + (values[below + 1] - values[below]) * fraction
    }
}

/// Checks every engine's salary statistics of `query` against the salaries of the documents
/// it matches, grouped by period by brute force, and the engines against each other.
async fn assert_salary_stats(
    docs: &[VacancyDoc],
    engines: &[(&'static str, Arc<dyn SearchEngine>)],
    query: &VacancyQuery,
) {
    let mut first: Option<Vec<search::SalaryStats>> = None;
    for (name, engine) in engines {
        let results = engine.search_vacancies(query.clone()).await.unwrap();
        // with words the hits (all of them: the page holds the corpus) say what matches
        let hits = ids(&results);
        let matches = |doc: &VacancyDoc| match &query.text {
            Some(_) => hits.contains(&doc.card.vacancy_id),
            None => passes(doc, query, None),
        };
        let mut by_period: BTreeMap<Option<String>, Vec<(f64, f64)>> = BTreeMap::new();
        for doc in docs.iter().filter(|d| matches(d)) {
            let low = doc.card.salary_from.or(doc.card.salary_to);
            let high = doc.card.salary_to.or(doc.card.salary_from);
            if let (Some(low), Some(high)) = (low, high) {
                by_period
                    .entry(doc.card.salary_period.clone())
                    .or_default()
                    .push((low, high));
            }
        }
        let stats = results.salary;
        let periods: Vec<Option<String>> = stats.iter().map(|s| s.period.clone()).collect();
        let mut distinct = periods.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            periods.len(),
            "{name}: a period twice in {periods:?}"
        );
        assert_eq!(
            distinct,
            by_period.keys().cloned().collect::<Vec<_>>(),
            "{name}: periods of {query:?}"
        );
        assert!(
            stats.windows(2).all(|pair| pair[0].count >= pair[1].count),
            "{name}: the most stated period first: {periods:?}"
        );
        for stat in &stats {
            let salaries = &by_period[&stat.period];
            let mut mids: Vec<f64> = salaries.iter().map(|(l, h)| (l + h) / 2.0).collect();
            mids.sort_by(f64::total_cmp);
            let what = format!("{name}: {:?} of {query:?}", stat.period);
            assert_eq!(stat.count, salaries.len() as u64, "{what}");
            let min = salaries.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
            let max = salaries
                .iter()
                .map(|s| s.1)
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!((stat.min, stat.max), (min, max), "{what}");
            let avg = mids.iter().sum::<f64>() / mids.len() as f64;
            assert!(
                (stat.avg - avg).abs() < 1e-6,
                "{what}: avg {} vs {avg}",
                stat.avg
            );
            assert_eq!(stat.p25, brute_quantile(&mids, 0.25), "{what}: p25");
            assert_eq!(stat.median, brute_quantile(&mids, 0.5), "{what}: median");
            assert_eq!(stat.p75, brute_quantile(&mids, 0.75), "{what}: p75");
            // every midpoint in the bucket whose edges hold it
            let buckets = &stat.histogram;
            assert!(
                !buckets.is_empty() && buckets.len() <= search::SALARY_HISTOGRAM_BUCKETS + 1,
                "{what}: {buckets:?}"
            );
            let mut want = vec![0u64; buckets.len()];
            for mid in &mids {
                let index = buckets
                    .iter()
                    .position(|b| {
                        let last = std::ptr::eq(b, buckets.last().unwrap());
                        b.from.is_none_or(|from| *mid >= from)
                            && b.to.is_none_or(|to| *mid < to || (last && *mid <= to))
                    })
                    .unwrap_or_else(|| panic!("{what}: {mid} in no bucket of {buckets:?}"));
                want[index] += 1;
            }
            let got: Vec<u64> = buckets.iter().map(|b| b.count).collect();
            assert_eq!(got, want, "{what}: {buckets:?}");
            for pair in buckets.windows(2) {
                assert_eq!(
                    pair[0].to, pair[1].from,
                    "{what}: buckets meet: {buckets:?}"
                );
            }
        }
        match &first {
            None => first = Some(stats),
            Some(first) => assert_eq!(
                &stats, first,
                "{name} and the first engine differ on {query:?}"
            ),
        }
    }
}

#[tokio::test]
async fn salary_stats_are_per_period_over_the_matching_vacancies() {
    let (docs, engines) = corpus_engines().await;
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let queries = [
        // browsing (the per-segment counts), one broad group (by sets), one selective group
        // (in the query), two groups, words, the salary filters, a flag
        query(),
        VacancyQuery {
            category_codes: s(&["FINANCE"]),
            ..query()
        },
        VacancyQuery {
            place_codes: s(&["0037"]),
            ..query()
        },
        VacancyQuery {
            category_codes: s(&["IT", "FOOD"]),
            language_codes: s(&["en"]),
            ..query()
        },
        VacancyQuery {
            text: Some("kokk".to_owned()),
            ..query()
        },
        VacancyQuery {
            salary_period: Some("HOUR".to_owned()),
            ..query()
        },
        VacancyQuery {
            salary_from: Some(1500.0),
            salary_to: Some(3000.0),
            ..query()
        },
        VacancyQuery {
            flags: VacancyFlags {
                for_students: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
    ];
    for query in &queries {
        assert_salary_stats(&docs, &engines, query).await;
    }
}

#[tokio::test]
async fn hourly_and_monthly_salaries_are_never_averaged_together() {
    let salaries: [(Option<f64>, Option<f64>, Option<&str>); 9] = [
        (Some(7.0), Some(10.0), Some("HOUR")),
        (Some(12.0), None, Some("HOUR")),
        (None, Some(9.0), Some("HOUR")),
        (Some(1200.0), Some(1500.0), Some("MONTH")),
        (Some(2000.0), None, Some("MONTH")),
        (Some(3000.0), Some(3400.0), Some("MONTH")),
        (Some(1800.0), Some(2000.0), Some("MONTH")),
        (Some(500.0), Some(500.0), None),
        (None, None, None),
    ];
    let docs: Vec<VacancyDoc> = salaries
        .iter()
        .enumerate()
        .map(|(i, (from, to, period))| {
            vacancy(VacancySpec {
                salary_from: *from,
                salary_to: *to,
                salary_period: period.map(str::to_owned),
                ..VacancySpec::simple(0x5A1A_0000 + i as u128, "Müüja")
            })
        })
        .collect();
    let engines = engines(docs.clone(), Vec::new()).await;
    assert_salary_stats(&docs, &engines, &query()).await;
    for (name, engine) in &engines {
        let stats = engine.search_vacancies(query()).await.unwrap().salary;
        let periods: Vec<Option<&str>> = stats.iter().map(|s| s.period.as_deref()).collect();
        assert_eq!(periods, [Some("MONTH"), Some("HOUR"), None], "{name}");
        let (month, hour) = (&stats[0], &stats[1]);
        assert_eq!((hour.count, hour.min, hour.max), (3, 7.0, 12.0), "{name}");
        assert_eq!(hour.avg, (8.5 + 12.0 + 9.0) / 3.0, "{name}");
        assert_eq!(hour.median, 9.0, "{name}");
        assert_eq!(
            (month.count, month.min, month.max),
            (4, 1200.0, 3400.0),
            "{name}"
        );
        // midpoints 1350, 1900, 2000, 3200
        assert_eq!(month.median, 1950.0, "{name}");
        assert_eq!(
            month.avg,
            (1350.0 + 1900.0 + 2000.0 + 3200.0) / 4.0,
            "{name}"
        );
        assert_eq!(
            month.histogram.iter().map(|b| b.count).sum::<u64>(),
            4,
            "{name}"
        );
        assert_eq!((stats[2].count, stats[2].median), (1, 500.0), "{name}");
    }
}

#[tokio::test]
async fn without_text_pro_level_then_renewal_orders_and_pages_are_stable() {
    let (docs, engines) = corpus_engines().await;
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // browsing everything, filters most vacancies pass, and filters few pass (the tantivy
    // engine ranks each of those differently)
    let queries = [
        query(),
        VacancyQuery {
            language_codes: s(&["et"]),
            ..query()
        },
        VacancyQuery {
            salary_from: Some(1000.0),
            employment_types: s(&["FULL_TIME", "PART_TIME"]),
            ..query()
        },
        VacancyQuery {
            category_codes: s(&["IT"]),
            flags: VacancyFlags {
                remote_work: true,
                ..VacancyFlags::default()
            },
            ..query()
        },
    ];
    for query in queries {
        let mut want: Vec<&VacancyDoc> = docs.iter().filter(|d| passes(d, &query, None)).collect();
        assert!(
            !want.is_empty(),
            "the fixture should have matches for {query:?}"
        );
        want.sort_by(|a, b| {
            (b.card.pro_level, b.card.renewed_at).cmp(&(a.card.pro_level, a.card.renewed_at))
        });
        for (name, engine) in &engines {
            let all = engine.search_vacancies(query.clone()).await.unwrap();
            let got: Vec<(u8, _)> = all
                .hits
                .iter()
                .map(|h| (h.card.pro_level, h.card.renewed_at))
                .collect();
            let want_keys: Vec<(u8, _)> = want
                .iter()
                .map(|d| (d.card.pro_level, d.card.renewed_at))
                .collect();
            assert_eq!(got, want_keys, "{name}: order of {query:?}");
            let mut paged = Vec::new();
            for page in 0..all.total.div_ceil(20) as u32 {
                let results = engine
                    .search_vacancies(VacancyQuery {
                        page,
                        size: 20,
                        ..query.clone()
                    })
                    .await
                    .unwrap();
                assert_eq!(results.total_pages as u64, all.total.div_ceil(20), "{name}");
                paged.extend(ids(&results));
            }
            assert_eq!(
                paged,
                ids(&all),
                "{name}: pages of {query:?} concatenate to the full order"
            );
        }
    }
}

#[tokio::test]
async fn a_page_beyond_the_end_is_empty_with_the_right_total() {
    let (docs, engines) = corpus_engines().await;
    let total = expected(&docs, &query()).len() as u64;
    for (name, engine) in &engines {
        let last = (total.div_ceil(20) - 1) as u32;
        let results = engine
            .search_vacancies(VacancyQuery {
                page: last,
                size: 20,
                ..query()
            })
            .await
            .unwrap();
        assert_eq!(
            results.hits.len() as u64,
            total - 20 * u64::from(last),
            "{name}: last page"
        );
        let beyond = engine
            .search_vacancies(VacancyQuery {
                page: last + 1,
                size: 20,
                ..query()
            })
            .await
            .unwrap();
        assert!(beyond.hits.is_empty(), "{name}");
        assert_eq!(beyond.total, total, "{name}");
        assert_eq!(beyond.total_pages, last + 1, "{name}");
        let counts_only = engine
            .search_vacancies(VacancyQuery { size: 0, ..query() })
            .await
            .unwrap();
        assert!(counts_only.hits.is_empty(), "{name}");
        assert_eq!(counts_only.total, total, "{name}");
    }
}

/// A small corpus where the text decides.
fn text_corpus() -> Vec<VacancyDoc> {
    let mut docs = vec![
        vacancy(VacancySpec::simple(1, "Müüja")),
        vacancy(VacancySpec::simple(2, "Raamatupidaja")),
        vacancy(VacancySpec::simple(3, "Töötaja laos")),
        vacancy(VacancySpec::simple(4, "Koristaja")),
        vacancy(VacancySpec::simple(5, "Tarkvaraarendaja")),
    ];
    let mut expired = VacancySpec::simple(6, "Müüja");
    expired.valid_until = Some(now() - Duration::minutes(1));
    docs.push(vacancy(expired));
    docs
}

async fn text_ids(engine: &dyn SearchEngine, text: &str) -> Vec<u128> {
    let query = VacancyQuery {
        text: Some(text.to_owned()),
        ..query()
    };
    let results = engine.search_vacancies(query).await.unwrap();
    let mut ids: Vec<u128> = results
        .hits
        .iter()
        .map(|h| h.card.vacancy_id.as_u128())
        .collect();
    ids.sort();
    ids
}

#[tokio::test]
async fn text_matches_words_with_folded_letters_prefixes_and_typos() {
    let engines = engines(text_corpus(), Vec::new()).await;
    for (name, engine) in &engines {
        let engine = engine.as_ref();
        assert_eq!(
            text_ids(engine, "müüja").await,
            vec![1],
            "{name}: exact, expired left out"
        );
        assert_eq!(text_ids(engine, "MÜÜJA").await, vec![1], "{name}: case");
        assert_eq!(
            text_ids(engine, "muuja").await,
            vec![1],
            "{name}: folded query"
        );
        assert_eq!(
            text_ids(engine, "tootaja").await,
            vec![3],
            "{name}: folded query"
        );
        assert_eq!(
            text_ids(engine, "raamatup").await,
            vec![2],
            "{name}: prefix of the last word"
        );
        assert_eq!(
            text_ids(engine, "raamatupidja").await,
            vec![2],
            "{name}: one typo"
        );
        assert_eq!(
            text_ids(engine, "tarkvaraarndaa").await,
            vec![5],
            "{name}: two typos in a long word"
        );
        assert_eq!(
            text_ids(engine, "töötaja laos").await,
            vec![3],
            "{name}: all words"
        );
        assert_eq!(
            text_ids(engine, "koristaja laos").await,
            Vec::<u128>::new(),
            "{name}: every word must match"
        );
        assert_eq!(
            text_ids(engine, "   ").await,
            vec![1, 2, 3, 4, 5],
            "{name}: blank text browses"
        );
    }
}

#[tokio::test]
async fn with_text_relevance_comes_before_pro_level() {
    let mut strong = VacancySpec::simple(1, "Kokk");
    strong.description_et = "Kokk köögis, kokk ja kokk.".to_owned();
    let mut weak_pro = VacancySpec::simple(2, "Abiline");
    weak_pro.description_et =
        "Köögiabiline, vahel ka kokk, palju muid ülesandeid ja pikk kirjeldus \
        mis räägib paljudest asjadest peale köögi ja veel rohkem sõnu siia juurde"
            .to_owned();
    weak_pro.pro_level = 3;
    let mut equal_a = VacancySpec::simple(3, "Kelner");
    equal_a.pro_level = 0;
    let mut equal_b = VacancySpec::simple(4, "Kelner");
    equal_b.pro_level = 2;
    let mut equal_c = VacancySpec::simple(5, "Kelner");
    equal_c.pro_level = 2;
    equal_c.renewed_at = now() - Duration::hours(1);
    let docs = vec![
        vacancy(strong),
        vacancy(weak_pro),
        vacancy(equal_a),
        vacancy(equal_b),
        vacancy(equal_c),
    ];
    for (name, engine) in &engines(docs, Vec::new()).await {
        let kokk = VacancyQuery {
            text: Some("kokk".to_owned()),
            ..query()
        };
        let got: Vec<u128> = engine
            .search_vacancies(kokk)
            .await
            .unwrap()
            .hits
            .iter()
            .map(|h| h.card.vacancy_id.as_u128())
            .collect();
        assert_eq!(got, vec![1, 2], "{name}: relevance first");
        let kelner = VacancyQuery {
            text: Some("kelner".to_owned()),
            ..query()
        };
        let got: Vec<u128> = engine
            .search_vacancies(kelner)
            .await
            .unwrap()
            .hits
            .iter()
            .map(|h| h.card.vacancy_id.as_u128())
            .collect();
        assert_eq!(
            got,
            vec![5, 4, 3],
            "{name}: equal relevance falls back to PRO level, then renewal"
        );
    }
}

#[tokio::test]
async fn upserting_replaces_and_deleting_removes() {
    for (name, engine) in &engines(text_corpus(), Vec::new()).await {
        let mut renamed = VacancySpec::simple(1, "Kassapidaja");
        renamed.pro_level = 1;
        engine
            .upsert_vacancies(vec![vacancy(renamed)])
            .await
            .unwrap();
        engine
            .delete_vacancies(vec![Uuid::from_u128(2), Uuid::from_u128(999)])
            .await
            .unwrap();
        if *name == "meilisearch" {
            // The server applies writes in the background (a one-document task takes ~1 s
            // on a busy 2-core machine): give writes sent before the commit time to show.
            tokio::time::sleep(std::time::Duration::from_secs(3)).await;
        }
        assert_eq!(
            text_ids(engine.as_ref(), "raamatupidaja").await,
            vec![2],
            "{name}: not visible before commit"
        );
        engine.commit().await.unwrap();
        assert_eq!(
            text_ids(engine.as_ref(), "müüja").await,
            Vec::<u128>::new(),
            "{name}: old text gone"
        );
        assert_eq!(
            text_ids(engine.as_ref(), "kassapidaja").await,
            vec![1],
            "{name}: new text found"
        );
        assert_eq!(
            text_ids(engine.as_ref(), "raamatupidaja").await,
            Vec::<u128>::new(),
            "{name}: deleted"
        );
        let total = engine.search_vacancies(query()).await.unwrap().total;
        assert_eq!(total, 4, "{name}: one document per id");
    }
}

#[tokio::test]
async fn employer_names_match_anywhere_with_prefixes_first_in_pages_of_ten() {
    let mut docs = Vec::new();
    for i in 0..14u128 {
        let mut spec = VacancySpec::simple(100 + i, "Müüja");
        spec.registry_code = Box::leak(format!("2000{i:04}").into_boxed_str());
        spec.business_name = Box::leak(format!("Ehitus {i:02} OÜ").into_boxed_str());
        docs.push(vacancy(spec));
    }
    let mut inner = VacancySpec::simple(1, "Müüja");
    inner.registry_code = "30000001";
    inner.business_name = "Tallinna Ehitus AS";
    docs.push(vacancy(inner));
    let mut twice = VacancySpec::simple(2, "Kokk");
    twice.registry_code = "30000001";
    twice.business_name = "Tallinna Ehitus AS";
    docs.push(vacancy(twice));
    let mut expired = VacancySpec::simple(3, "Kokk");
    expired.registry_code = "30000002";
    expired.business_name = "Vana Ehitus OÜ";
    expired.valid_until = Some(now() - Duration::days(1));
    docs.push(vacancy(expired));
    for (name, engine) in &engines(docs, Vec::new()).await {
        let ask = |search: &str, page: u32| EmployerNameQuery {
            country_code: "EE".to_owned(),
            search: search.to_owned(),
            page,
            now: now(),
        };
        let first = engine.employer_names(ask("ehitus", 0)).await.unwrap();
        assert_eq!(first.total, 15, "{name}: the expired company is left out");
        assert_eq!(first.total_pages, 2, "{name}");
        assert_eq!(first.names.len(), 10, "{name}");
        assert_eq!(first.names[0].business_name, "Ehitus 00 OÜ", "{name}");
        let second = engine.employer_names(ask("ehitus", 1)).await.unwrap();
        let last = second.names.last().unwrap();
        assert_eq!(
            last.business_name, "Tallinna Ehitus AS",
            "{name}: contains after starts-with"
        );
        assert_eq!(last.vacancy_count, 2, "{name}: distinct per company");
        assert_eq!(last.registry_code, "30000001", "{name}");
        let other_country = engine
            .employer_names(EmployerNameQuery {
                country_code: "LV".to_owned(),
                ..ask("", 0)
            })
            .await
            .unwrap();
        assert_eq!(other_country.total, 0, "{name}");
    }
}

#[tokio::test]
async fn category_counts_count_active_vacancies() {
    let (docs, engines) = corpus_engines().await;
    let mut want: BTreeMap<String, u64> = BTreeMap::new();
    for doc in docs.iter().filter(|d| passes(d, &query(), None)) {
        let mut codes = doc.category_codes.clone();
        codes.sort();
        codes.dedup();
        for code in codes {
            *want.entry(code).or_default() += 1;
        }
    }
    for (name, engine) in &engines {
        assert_eq!(
            engine.vacancy_counts_by_category(now()).await.unwrap(),
            want,
            "{name}"
        );
    }
}

fn cv_query() -> CvQuery {
    CvQuery {
        size: 1000,
        ..CvQuery::default()
    }
}

#[tokio::test]
async fn cv_search_finds_text_anywhere_in_the_cv_with_a_highlighted_snippet() {
    let engines = engines(Vec::new(), cvs()).await;
    for (name, engine) in &engines {
        let results = engine
            .search_cvs(CvQuery {
                text: Some("tantivy".to_owned()),
                ..cv_query()
            })
            .await
            .unwrap();
        assert_eq!(results.hits.len(), 1, "{name}");
        assert_eq!(results.hits[0].card.cv_id, Uuid::from_u128(2), "{name}");
        assert!(
            results.hits[0].snippet.contains("<mark>tantivy</mark>"),
            "{name}: {}",
            results.hits[0].snippet
        );
        let by_name = engine
            .search_cvs(CvQuery {
                text: Some("Maasikas".to_owned()),
                ..cv_query()
            })
            .await
            .unwrap();
        assert_eq!(by_name.hits.len(), 1, "{name}: names are searchable");
        let russian = engine
            .search_cvs(CvQuery {
                text: Some("водителем".to_owned()),
                ..cv_query()
            })
            .await
            .unwrap();
        assert_eq!(russian.hits.len(), 1, "{name}: cyrillic");
        assert_eq!(russian.hits[0].card.cv_id, Uuid::from_u128(3), "{name}");
    }
}

#[tokio::test]
async fn cv_snippets_escape_html() {
    let evil = cv(
        Uuid::from_u128(50),
        "Designer",
        "Eve",
        "Doe",
        "I write <script>alert(1)</script> and design posters & logos",
    );
    for (name, engine) in &engines(Vec::new(), vec![evil]).await {
        let results = engine
            .search_cvs(CvQuery {
                text: Some("posters".to_owned()),
                ..cv_query()
            })
            .await
            .unwrap();
        let snippet = &results.hits[0].snippet;
        assert!(snippet.contains("&lt;script&gt;"), "{name}: {snippet}");
        assert!(!snippet.contains("<script>"), "{name}: {snippet}");
        assert!(
            snippet.contains("<mark>posters</mark>"),
            "{name}: {snippet}"
        );
    }
}

#[tokio::test]
async fn cv_filters_and_disjunctive_facets_match_brute_force() {
    let docs = cvs();
    let engines = engines(Vec::new(), docs.clone()).await;
    let query = CvQuery {
        category_codes: vec!["FOOD".to_owned(), "IT".to_owned()],
        language_codes: vec!["en".to_owned()],
        driver_licences: vec!["B".to_owned()],
        ..cv_query()
    };
    type Values = fn(&search::CvCard) -> Vec<String>;
    let groups: [(Values, &Vec<String>); 7] = [
        (|c| c.category_codes.clone(), &query.category_codes),
        (|c| c.place_codes.clone(), &query.place_codes),
        (|c| c.language_codes.clone(), &query.language_codes),
        (|c| c.education_levels.clone(), &query.education_levels),
        (
            |c| c.work_experience.iter().cloned().collect(),
            &query.work_experiences,
        ),
        (|c| c.driver_licences.clone(), &query.driver_licences),
        (|c| c.employment_types.clone(), &query.employment_types),
    ];
    let passes = |card: &search::CvCard, except: Option<usize>| {
        groups.iter().enumerate().all(|(i, (values, selected))| {
            Some(i) == except
                || selected.is_empty()
                || values(card).iter().any(|v| selected.contains(v))
        })
    };
    let want_ids = sorted(
        docs.iter()
            .filter(|d| passes(&d.card, None))
            .map(|d| d.card.cv_id)
            .collect(),
    );
    assert!(!want_ids.is_empty());
    let want_counts: Vec<BTreeMap<String, u64>> = (0..7)
        .map(|g| {
            let mut counts = BTreeMap::new();
            for doc in docs.iter().filter(|d| passes(&d.card, Some(g))) {
                let mut values = groups[g].0(&doc.card);
                values.sort();
                values.dedup();
                for value in values {
                    *counts.entry(value).or_default() += 1;
                }
            }
            counts
        })
        .collect();
    for (name, engine) in &engines {
        let results = engine.search_cvs(query.clone()).await.unwrap();
        let got = sorted(results.hits.iter().map(|h| h.card.cv_id).collect());
        assert_eq!(got, want_ids, "{name}");
        let f = &results.facets;
        let got_counts = vec![
            f.category_codes.clone(),
            f.place_codes.clone(),
            f.language_codes.clone(),
            f.education_levels.clone(),
            f.work_experiences.clone(),
            f.driver_licences.clone(),
            f.employment_types.clone(),
        ];
        assert_eq!(got_counts, want_counts, "{name}");
    }
}

#[tokio::test]
async fn cvs_without_text_come_most_recently_updated_first() {
    let docs = cvs();
    let mut want: Vec<_> = docs.iter().map(|d| d.card.updated_at).collect();
    want.sort_by(|a, b| b.cmp(a));
    for (name, engine) in &engines(Vec::new(), docs.clone()).await {
        let results = engine.search_cvs(cv_query()).await.unwrap();
        let got: Vec<_> = results.hits.iter().map(|h| h.card.updated_at).collect();
        assert_eq!(got, want, "{name}");
        assert_eq!(results.total, docs.len() as u64, "{name}");
        engine.delete_cvs(vec![Uuid::from_u128(1)]).await.unwrap();
        engine.commit().await.unwrap();
        assert_eq!(
            engine.search_cvs(cv_query()).await.unwrap().total,
            docs.len() as u64 - 1,
            "{name}"
        );
    }
}

#[tokio::test]
async fn the_business_name_facet_lists_the_most_frequent_companies_and_the_selected_ones() {
    // 150 companies; company i has 1 + i % 4 vacancies
    let names: Vec<&'static str> = (0..150)
        .map(|i| &*Box::leak(format!("Firma {i:03} OÜ").into_boxed_str()))
        .collect();
    let mut docs = Vec::new();
    for (i, name) in names.iter().enumerate() {
        for copy in 0..=i % 4 {
            let mut spec = VacancySpec::simple((i * 10 + copy) as u128 + 1, "müüja");
            spec.business_name = name;
            spec.categories = vec![if i % 2 == 0 { "SALES" } else { "IT" }.to_owned()];
            docs.push(vacancy(spec));
        }
    }
    // tantivy also in three segments, so the counts of one company are summed across segments
    let split = tantivy_with(Vec::new(), Vec::new()).await;
    for segment in docs.chunks(docs.len() / 3 + 1) {
        load(split.as_ref(), segment.to_vec(), Vec::new()).await;
    }
    let mut engines = engines(docs.clone(), Vec::new()).await;
    engines.push(("tantivy in segments", split));
    let count = |i: usize| 1 + (i % 4) as u64;
    // the expected top 100: highest count first, then by name
    let top = |keep: &dyn Fn(usize) -> bool, selected: &[usize]| {
        let mut ranked: Vec<usize> = (0..names.len()).filter(|&i| keep(i)).collect();
        ranked.sort_by(|&a, &b| count(b).cmp(&count(a)).then(names[a].cmp(names[b])));
        let mut want: std::collections::BTreeMap<String, u64> = ranked
            .iter()
            .filter(|i| !selected.contains(i))
            .take(search::BUSINESS_NAME_FACET_LIMIT)
            .map(|&i| (names[i].to_owned(), count(i)))
            .collect();
        want.extend(selected.iter().map(|&i| (names[i].to_owned(), count(i))));
        want
    };
    let base = VacancyQuery {
        now: now(),
        size: 5,
        ..VacancyQuery::default()
    };
    for (name, engine) in &engines {
        // browsing (counts kept per segment), twice
        for _ in 0..2 {
            let results = engine.search_vacancies(base.clone()).await.unwrap();
            assert_eq!(results.facets.business_names, top(&|_| true, &[]), "{name}");
            assert_eq!(results.total, docs.len() as u64, "{name}");
        }
        // a selected company with one vacancy is listed although 100 others have more
        let selected = VacancyQuery {
            business_names: vec![names[148].to_owned()],
            ..base.clone()
        };
        let results = engine.search_vacancies(selected.clone()).await.unwrap();
        assert_eq!(
            results.facets.business_names,
            top(&|_| true, &[148]),
            "{name}"
        );
        assert_eq!(results.total, 1, "{name}");
        // counted, with another group filtering (only even companies are SALES)
        let counted = VacancyQuery {
            category_codes: vec!["SALES".to_owned()],
            ..selected
        };
        let results = engine.search_vacancies(counted).await.unwrap();
        assert_eq!(
            results.facets.business_names,
            top(&|i| i % 2 == 0, &[148]),
            "{name}"
        );
        assert_eq!(results.total, 1, "{name}");
        // the employer list still sees every company
        let employers = engine
            .employer_names(EmployerNameQuery {
                country_code: "EE".to_owned(),
                search: String::new(),
                page: 0,
                now: now(),
            })
            .await
            .unwrap();
        assert_eq!(employers.total, names.len() as u64, "{name}");
    }
}

/// Words a saved search may hold: the corpus' own words, inflected Estonian forms of them, the
/// English and Russian titles, words without their diacritics, typos and unfinished prefixes.
const MATCH_WORDS: [&str; 30] = [
    "müüja", "müüjat", "muujale", "kokk", "kokka", "kokad", "autojuht", "autojuhti",
    "raamatupidaja", "raamatupidajaid", "koristaja", "koristajat", "tarkvaraarendaja",
    "tarkvaraarendajaid", "hooldaja", "hooldajat", "laotöötaja", "laotootajad", "meeskonda",
    "inimest", "cook", "driver", "developer", "повар", "водитель", "autojuxt", "raamatupidja",
    "koristjaa", "tarkv", "hool",
];

/// A random saved search over the corpus' codes and words: mostly one to three filters, some
/// with words, salary bounds and flags.
fn random_saved_search(rng: &mut Rng) -> VacancyQuery {
    let mut query = query();
    let pick_some = |rng: &mut Rng, values: &[&str]| -> Vec<String> {
        let mut picked: Vec<String> = (0..1 + rng.below(2))
            .map(|_| rng.pick(values).to_string())
            .collect();
        picked.dedup();
        picked
    };
    for _ in 0..1 + rng.below(3) {
        match rng.below(9) {
            0 | 1 => query.category_codes = pick_some(rng, &CATEGORIES),
            2 => {
                let chain = rng.pick(&PLACES);
                query.place_codes = vec![rng.pick(chain).to_string()];
            }
            3 => query.employment_types = pick_some(rng, &EMPLOYMENT_TYPES),
            4 => query.work_experiences = pick_some(rng, &EXPERIENCES),
            5 => query.language_codes = pick_some(rng, &LANGUAGES),
            6 => query.business_names = vec![rng.pick(&COMPANIES).1.to_owned()],
            7 => {
                let from = (800 + rng.below(30) * 100) as f64;
                if rng.chance(50) {
                    query.salary_from = Some(from);
                } else {
                    query.salary_to = Some(from + 500.0);
                }
                if rng.chance(30) {
                    query.salary_period = Some(rng.pick(&PERIODS).to_string());
                }
            }
            _ => match rng.below(5) {
                0 => query.flags.remote_work = true,
                1 => query.flags.for_students = true,
                2 => query.flags.shift_work = true,
                3 => query.salary_stated = true,
                _ => query.salary_by_agreement = true,
            },
        }
    }
    if rng.chance(40) {
        let mut words: Vec<&str> = (0..1 + rng.below(2)).map(|_| *rng.pick(&MATCH_WORDS)).collect();
        words.dedup();
        let mut text = words.join(" ");
        // a finished last word (no prefix) as often as one still being typed
        if rng.chance(50) {
            text.push(' ');
        }
        query.text = Some(text);
    }
    query
}

#[tokio::test]
async fn matching_lists_exactly_what_the_search_lists_among_the_new_vacancies() {
    let (docs, engines) = corpus_engines().await;
    let mut rng = Rng(33);
    for round in 0..6 {
        // the "new" vacancies: a random tenth of the corpus, expired ones included
        let new: Vec<VacancyDoc> = docs.iter().filter(|_| rng.chance(10)).cloned().collect();
        let new_ids: std::collections::BTreeSet<Uuid> =
            new.iter().map(|doc| doc.card.vacancy_id).collect();
        let queries: Vec<VacancyQuery> = (0..60).map(|_| random_saved_search(&mut rng)).collect();
        for (name, engine) in &engines {
            let matched = engine
                .match_vacancies(new.clone(), queries.clone())
                .await
                .unwrap();
            assert_eq!(matched.len(), queries.len(), "{name}: one answer per query");
            let mut nonempty = 0;
            for (query, matched) in queries.iter().zip(matched) {
                let listed = engine.search_vacancies(query.clone()).await.unwrap();
                assert!(listed.total < 1000, "one page holds every hit");
                let want: Vec<Uuid> = sorted(
                    ids(&listed)
                        .into_iter()
                        .filter(|id| new_ids.contains(id))
                        .collect(),
                );
                nonempty += usize::from(!want.is_empty());
                assert_eq!(sorted(matched), want, "{name}, round {round}: {query:?}");
            }
            assert!(nonempty > 5, "{name}, round {round}: the queries match something ({nonempty})");
        }
    }
}
