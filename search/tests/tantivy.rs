//! What only the tantivy engine promises: Estonian, English and Russian analysis, snippets on
//! inflected words, and rebuilding an index on disk while it is being read and written.

mod common;

use std::collections::BTreeMap;
use std::time::Duration;

use common::*;
use search::{AccessMode, CvQuery, IndexKind, SearchEngine, TantivyEngine, VacancyQuery};
use uuid::Uuid;

async fn ids_for(engine: &TantivyEngine, text: &str) -> Vec<u128> {
    let query = VacancyQuery {
        text: Some(text.to_owned()),
        now: now(),
        size: 100,
        ..VacancyQuery::default()
    };
    let mut ids: Vec<u128> = engine
        .search_vacancies(query)
        .await
        .unwrap()
        .hits
        .iter()
        .map(|h| h.card.vacancy_id.as_u128())
        .collect();
    ids.sort();
    ids
}

async fn engine_with_titles(
    titles: &[(&'static str, &'static str, &'static str)],
) -> TantivyEngine {
    let engine = TantivyEngine::in_memory().unwrap();
    let docs = titles
        .iter()
        .enumerate()
        .map(|(i, (et, en, ru))| {
            let mut spec = VacancySpec::simple(i as u128 + 1, et);
            spec.occupation = ("0000", et, en, ru);
            vacancy(spec)
        })
        .collect();
    load(&engine, docs, Vec::new()).await;
    engine
}

#[tokio::test]
async fn estonian_inflections_find_each_other() {
    let engine = engine_with_titles(&[
        ("Müüja", "", ""),
        ("Kokk", "", ""),
        ("Autojuht", "", ""),
        ("Töötaja", "", ""),
        ("Raamatupidajad", "", ""),
        ("Arsti abi", "", ""),
    ])
    .await;
    for (query, want) in [
        ("müüja", 1),
        ("müüjat", 1),
        ("müüjad", 1),
        ("müüjaid", 1),
        ("kokk", 2),
        ("koka", 2),
        ("kokad", 2),
        ("autojuhi", 3),
        ("autojuhti", 3),
        ("autojuhid", 3),
        ("töötajat", 4),
        ("töötajad", 4),
        ("tootajad", 4),
        ("raamatupidaja", 5),
        ("raamatupidajat", 5),
        ("arst", 6),
    ] {
        assert_eq!(
            ids_for(&engine, &format!("{query} ")).await,
            vec![want],
            "{query} as a whole word"
        );
    }
}

#[tokio::test]
async fn the_stored_form_is_found_from_any_folding_of_the_query() {
    let engine = engine_with_titles(&[
        ("Töötaja", "", ""),
        ("Tootmisjuht", "", ""),
        ("Õmbleja", "", ""),
    ])
    .await;
    assert_eq!(ids_for(&engine, "tootaja ").await, vec![1]);
    assert_eq!(ids_for(&engine, "TÖÖTAJA ").await, vec![1]);
    assert_eq!(ids_for(&engine, "ombleja ").await, vec![3]);
}

#[tokio::test]
async fn english_and_russian_words_are_stemmed() {
    let engine = engine_with_titles(&[
        ("Autojuht", "Car driver", "Водитель"),
        ("Raamatupidaja", "Accountant", "Бухгалтер"),
    ])
    .await;
    assert_eq!(ids_for(&engine, "drivers ").await, vec![1]);
    assert_eq!(ids_for(&engine, "водителя ").await, vec![1]);
    assert_eq!(ids_for(&engine, "бухгалтеров ").await, vec![2]);
    assert_eq!(ids_for(&engine, "accountants ").await, vec![2]);
}

#[tokio::test]
async fn prefixes_apply_only_to_the_word_being_typed() {
    let engine = engine_with_titles(&[("Müüja", "", ""), ("Müügijuht", "", "")]).await;
    assert_eq!(ids_for(&engine, "mü").await, vec![1, 2]);
    assert_eq!(ids_for(&engine, "müügij").await, vec![2]);
    assert_eq!(
        ids_for(&engine, "müügij ").await,
        Vec::<u128>::new(),
        "a finished word is not a prefix"
    );
}

#[tokio::test]
async fn short_words_get_no_typo_tolerance() {
    let engine = engine_with_titles(&[("Kokk", "", ""), ("Kelner", "", "")]).await;
    assert_eq!(
        ids_for(&engine, "kakk ").await,
        Vec::<u128>::new(),
        "4 letters: exact only"
    );
    assert_eq!(
        ids_for(&engine, "kelmer ").await,
        vec![2],
        "6 letters: one typo"
    );
    assert_eq!(
        ids_for(&engine, "kalmor ").await,
        Vec::<u128>::new(),
        "6 letters: not two"
    );
}

#[tokio::test]
async fn cv_snippets_mark_inflected_forms() {
    let engine = TantivyEngine::in_memory().unwrap();
    load(&engine, Vec::new(), cvs()).await;
    let results = engine
        .search_cvs(CvQuery {
            text: Some("kokk".to_owned()),
            ..CvQuery::default()
        })
        .await
        .unwrap();
    let hit = results
        .hits
        .iter()
        .find(|h| h.card.cv_id == Uuid::from_u128(1))
        .expect("the cook's cv");
    assert!(hit.snippet.contains("<mark>koka</mark>"), "{}", hit.snippet);
}

#[tokio::test]
async fn a_rebuild_on_disk_swaps_in_while_readers_and_the_writer_go_on() {
    let root = tempfile::tempdir().unwrap();
    let writer = TantivyEngine::open(root.path(), AccessMode::Writer).unwrap();
    let reader = TantivyEngine::open(root.path(), AccessMode::Reader).unwrap();
    load_vacancy(&writer, 1, "Müüja").await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(
        ids_for(&reader, "müüja ").await,
        vec![1],
        "the reader sees the writer's commit"
    );

    // `vakants reindex` runs in its own process, opened read-only; it writes only the new
    // generation.
    let reindex = TantivyEngine::open(root.path(), AccessMode::Reader).unwrap();
    let rebuild = reindex.begin_rebuild(IndexKind::Vacancies).unwrap();
    rebuild
        .add_vacancies(&[
            vacancy(VacancySpec::simple(1, "Müüja")),
            vacancy(VacancySpec::simple(2, "Kokk")),
        ])
        .unwrap();
    assert_eq!(
        ids_for(&reader, "kokk ").await,
        Vec::<u128>::new(),
        "invisible until finished"
    );
    rebuild.finish().unwrap();
    assert_eq!(
        ids_for(&reindex, "kokk ").await,
        vec![2],
        "the rebuilding process switches at once"
    );

    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(
        ids_for(&reader, "kokk ").await,
        vec![2],
        "other readers switch within the check interval"
    );
    // The worker switches too and writes into the new generation (the replay of changes made
    // during the rebuild arrives this way).
    load_vacancy(&writer, 3, "Autojuht").await;
    assert_eq!(ids_for(&writer, "autojuht ").await, vec![3]);
    assert_eq!(ids_for(&writer, "kokk ").await, vec![2]);
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(ids_for(&reader, "autojuht ").await, vec![3]);

    // Two more rebuilds: only the live generation and the one before it stay on disk.
    for _ in 0..2 {
        let rebuild = writer.begin_rebuild(IndexKind::Vacancies).unwrap();
        rebuild
            .add_vacancies(&[vacancy(VacancySpec::simple(4, "Kelner"))])
            .unwrap();
        rebuild.finish().unwrap();
    }
    assert_eq!(ids_for(&writer, "kelner ").await, vec![4]);
    assert_eq!(ids_for(&writer, "kokk ").await, Vec::<u128>::new());
    let generations = std::fs::read_dir(root.path().join("vacancies"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("gen-")
        })
        .count();
    assert_eq!(generations, 2);
}

#[tokio::test]
async fn a_reader_cannot_write_and_two_writers_cannot_share_a_directory() {
    let root = tempfile::tempdir().unwrap();
    let reader = TantivyEngine::open(root.path(), AccessMode::Reader).unwrap();
    assert!(
        reader
            .upsert_vacancies(vec![vacancy(VacancySpec::simple(1, "Müüja"))])
            .await
            .is_err()
    );
    let _writer = TantivyEngine::open(root.path(), AccessMode::Writer).unwrap();
    assert!(
        TantivyEngine::open(root.path(), AccessMode::Writer).is_err(),
        "tantivy's writer lock"
    );
}

/// A new index root whose `kind` index ("vacancies" or "cvs") is current at a generation
/// "gen-1" written with another schema; and that index's directory.
fn root_with_foreign_index(kind: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join(kind);
    write_foreign_generation(&dir, "gen-1");
    (root, dir)
}

/// Writes generation `name` of an index with a schema unlike this version's (as an older
/// version would have left it) under `dir` and makes it current.
fn write_foreign_generation(dir: &std::path::Path, name: &str) {
    use tantivy::schema::{STORED, Schema, TEXT};
    let mut builder = Schema::builder();
    let title = builder.add_text_field("title", TEXT | STORED);
    let path = dir.join(name);
    std::fs::create_dir_all(&path).unwrap();
    let index = tantivy::Index::create_in_dir(&path, builder.build()).unwrap();
    let mut writer: tantivy::IndexWriter = index.writer_with_num_threads(1, 15_000_000).unwrap();
    writer
        .add_document(tantivy::doc!(title => "Müüja"))
        .unwrap();
    writer.commit().unwrap();
    drop(writer);
    std::fs::write(dir.join("CURRENT"), name).unwrap();
}

fn current(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join("CURRENT")).unwrap()
}

async fn vacancy_total(engine: &TantivyEngine) -> u64 {
    let query = VacancyQuery {
        now: now(),
        ..VacancyQuery::default()
    };
    engine.search_vacancies(query).await.unwrap().total
}

#[tokio::test]
async fn an_index_with_another_schema_is_replaced_by_an_empty_one_at_open() {
    let (root, dir) = root_with_foreign_index("vacancies");

    let writer = TantivyEngine::open(root.path(), AccessMode::Writer).unwrap();
    assert_eq!(writer.replaced_indexes(), vec![IndexKind::Vacancies]);
    assert_ne!(current(&dir), "gen-1", "the empty generation is current");
    assert!(
        dir.join("gen-1").is_dir(),
        "the old generation stays for processes still reading it"
    );
    assert_eq!(vacancy_total(&writer).await, 0);
    load_vacancy(&writer, 1, "Müüja").await;
    assert_eq!(ids_for(&writer, "müüja ").await, vec![1]);
    drop(writer);

    let writer = TantivyEngine::open(root.path(), AccessMode::Writer).unwrap();
    assert_eq!(writer.replaced_indexes(), Vec::<IndexKind>::new());
    assert_eq!(ids_for(&writer, "müüja ").await, vec![1]);

    // the next rebuild removes the old generation
    let rebuild = writer.begin_rebuild(IndexKind::Vacancies).unwrap();
    rebuild
        .add_vacancies(&[vacancy(VacancySpec::simple(1, "Müüja"))])
        .unwrap();
    rebuild.finish().unwrap();
    assert!(!dir.join("gen-1").exists());
}

#[tokio::test]
async fn a_reader_replaces_an_index_with_another_schema_and_the_next_writer_reports_it() {
    let (root, dir) = root_with_foreign_index("cvs");

    // the API started before the worker
    let reader = TantivyEngine::open(root.path(), AccessMode::Reader).unwrap();
    assert_eq!(reader.replaced_indexes(), vec![IndexKind::Cvs]);
    assert_ne!(current(&dir), "gen-1");
    assert_eq!(
        reader.search_cvs(CvQuery::default()).await.unwrap().total,
        0
    );
    assert_eq!(vacancy_total(&reader).await, 0);

    let writer = TantivyEngine::open(root.path(), AccessMode::Writer).unwrap();
    assert_eq!(
        writer.replaced_indexes(),
        vec![IndexKind::Cvs],
        "the writer, which queues the rebuild, learns of it too"
    );
    load(&writer, Vec::new(), cvs()).await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(
        reader.search_cvs(CvQuery::default()).await.unwrap().total,
        cvs().len() as u64,
        "reader and writer share the new generation"
    );
    drop(writer);
    let writer = TantivyEngine::open(root.path(), AccessMode::Writer).unwrap();
    assert_eq!(writer.replaced_indexes(), Vec::<IndexKind>::new());
}

#[tokio::test]
async fn a_generation_with_another_schema_made_current_later_is_not_switched_to() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("vacancies");
    let writer = TantivyEngine::open(root.path(), AccessMode::Writer).unwrap();
    let reader = TantivyEngine::open(root.path(), AccessMode::Reader).unwrap();
    load_vacancy(&writer, 1, "Müüja").await;

    // a process of another version swaps in its own rebuild
    write_foreign_generation(&dir, "gen-1");
    tokio::time::sleep(Duration::from_millis(700)).await;
    for _ in 0..2 {
        assert_eq!(ids_for(&writer, "müüja ").await, vec![1]);
        assert_eq!(ids_for(&reader, "müüja ").await, vec![1]);
        load_vacancy(&writer, 2, "Kokk").await;
        assert_eq!(ids_for(&writer, "kokk ").await, vec![2]);
        tokio::time::sleep(Duration::from_millis(600)).await;
    }
}

#[tokio::test]
async fn a_damaged_index_is_still_an_error() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("vacancies");
    std::fs::create_dir_all(dir.join("gen-1")).unwrap();
    std::fs::write(dir.join("gen-1").join("meta.json"), "{ not json").unwrap();
    std::fs::write(dir.join("CURRENT"), "gen-1").unwrap();
    assert!(TantivyEngine::open(root.path(), AccessMode::Writer).is_err());
    assert!(TantivyEngine::open(root.path(), AccessMode::Reader).is_err());
    assert_eq!(current(&dir), "gen-1", "nothing was replaced");
}

#[tokio::test]
async fn a_rebuild_of_one_kind_refuses_documents_of_the_other() {
    let engine = TantivyEngine::in_memory().unwrap();
    let rebuild = engine.begin_rebuild(IndexKind::Cvs).unwrap();
    assert!(
        rebuild
            .add_vacancies(&[vacancy(VacancySpec::simple(1, "Müüja"))])
            .is_err()
    );
    rebuild.add_cvs(&cvs()).unwrap();
    rebuild.finish().unwrap();
    let total = engine.search_cvs(CvQuery::default()).await.unwrap().total;
    assert_eq!(total, cvs().len() as u64);
}

/// The shape of a result page as the API receives it (scores and timing blanked).
#[tokio::test]
async fn a_result_page_as_json() {
    let mut cook = VacancySpec::simple(1, "Kokk");
    cook.occupation = ("5120", "Kokk", "Cook", "Повар");
    cook.teaser_et = "Kokk Kohvik Rukis meeskonda".to_owned();
    cook.business_name = "Kohvik Rukis OÜ";
    cook.registry_code = "10000053";
    cook.categories = vec!["FOOD".to_owned()];
    cook.salary_from = Some(1400.0);
    cook.salary_to = Some(1800.0);
    cook.salary_period = Some("MONTH".to_owned());
    cook.pro_level = 2;
    cook.flags.shift_work = true;
    let mut helper = VacancySpec::simple(2, "Köögiabiline");
    helper.occupation = ("9412", "Köögiabiline", "Kitchen helper", "Помощник повара");
    helper.description_et = "Abiks kokale".to_owned();
    helper.categories = vec!["FOOD".to_owned(), "SALES".to_owned()];
    helper.by_agreement = true;
    helper.flags.for_students = true;
    let engine = TantivyEngine::in_memory().unwrap();
    load(
        &engine,
        vec![
            vacancy(cook),
            vacancy(helper),
            vacancy(VacancySpec::simple(3, "Müüja")),
        ],
        Vec::new(),
    )
    .await;
    let query = VacancyQuery {
        text: Some("kokk".to_owned()),
        category_codes: vec!["FOOD".to_owned()],
        now: now(),
        ..VacancyQuery::default()
    };
    let results = engine.search_vacancies(query).await.unwrap();
    insta::assert_json_snapshot!(results, { ".took_ms" => "[took_ms]", ".hits[].score" => "[score]" });
}

#[tokio::test]
async fn cached_results_never_outlive_an_expiry_a_commit_or_a_rebuild() {
    use chrono::Duration as Span;
    let engine = TantivyEngine::in_memory().unwrap();
    let mut soon = VacancySpec::simple(1, "Müüja");
    soon.valid_until = Some(now() + Span::hours(1));
    let mut later = VacancySpec::simple(2, "Müüja");
    later.valid_until = Some(now() + Span::days(10));
    let mut expired = VacancySpec::simple(3, "Müüja");
    expired.valid_until = Some(now() - Span::minutes(30));
    load(
        &engine,
        vec![vacancy(soon), vacancy(later), vacancy(expired)],
        Vec::new(),
    )
    .await;
    let total_at = |at| {
        let engine = engine.clone();
        async move {
            let query = VacancyQuery {
                now: at,
                ..VacancyQuery::default()
            };
            engine.search_vacancies(query).await.unwrap().total
        }
    };
    assert_eq!(total_at(now()).await, 2);
    assert_eq!(total_at(now() + Span::minutes(30)).await, 2);
    assert_eq!(
        total_at(now() + Span::hours(2)).await,
        1,
        "the first expiry ends the cached answer"
    );
    assert_eq!(
        total_at(now() - Span::hours(1)).await,
        3,
        "an earlier now is not answered from the cache"
    );

    engine
        .delete_vacancies(vec![Uuid::from_u128(2)])
        .await
        .unwrap();
    engine.commit().await.unwrap();
    assert_eq!(total_at(now()).await, 1, "a commit ends the cached answer");

    let rebuild = engine.begin_rebuild(IndexKind::Vacancies).unwrap();
    rebuild
        .add_vacancies(&[vacancy(VacancySpec::simple(7, "Kokk"))])
        .unwrap();
    rebuild.finish().unwrap();
    let results = engine
        .search_vacancies(VacancyQuery {
            now: now(),
            ..VacancyQuery::default()
        })
        .await
        .unwrap();
    assert_eq!(
        results
            .hits
            .iter()
            .map(|h| h.card.vacancy_id.as_u128())
            .collect::<Vec<_>>(),
        vec![7]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn searches_keep_answering_while_an_index_is_rebuilt_and_written() {
    let root = tempfile::tempdir().unwrap();
    let writer = TantivyEngine::open(root.path(), AccessMode::Writer).unwrap();
    let reader = TantivyEngine::open(root.path(), AccessMode::Reader).unwrap();
    let corpus = vacancies();
    writer.upsert_vacancies(corpus.clone()).await.unwrap();
    writer.commit().await.unwrap();
    // The reader picks up the first commit within a moment.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let searching = tokio::spawn(async move {
        let mut answers = 0;
        let started = std::time::Instant::now();
        while started.elapsed() < Duration::from_millis(2500) {
            let query = VacancyQuery {
                now: now(),
                text: Some("müüja".to_owned()),
                ..VacancyQuery::default()
            };
            let results = reader
                .search_vacancies(query)
                .await
                .expect("a search during the rebuild");
            assert!(results.total > 0);
            answers += 1;
        }
        answers
    });
    for round in 0..3u128 {
        let rebuild = writer.begin_rebuild(IndexKind::Vacancies).unwrap();
        rebuild.add_vacancies(&corpus).unwrap();
        rebuild.finish().unwrap();
        writer
            .upsert_vacancies(vec![vacancy(VacancySpec::simple(1000 + round, "Müüja"))])
            .await
            .unwrap();
        writer.commit().await.unwrap();
        tokio::time::sleep(Duration::from_millis(600)).await;
    }
    assert!(searching.await.unwrap() > 10);
}

/// Every facet count, the total and the salary count of `query` by brute force.
fn brute_summary(docs: &[search::VacancyDoc], query: &VacancyQuery) -> String {
    let single = |value: &Option<String>| value.iter().cloned().collect::<Vec<_>>();
    let flags: Vec<u64> = (0..7)
        .map(|i| {
            docs.iter()
                .filter(|d| {
                    flag_values(&d.card.flags)[i] && passes(d, query, Some(VacancyGroup::Flag(i)))
                })
                .count() as u64
        })
        .collect();
    let hits: Vec<&search::VacancyDoc> = docs.iter().filter(|d| passes(d, query, None)).collect();
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\nagreement {}\nstated {}\nflags {:?}\ntotal {} salaries {:?}",
        brute_counts(docs, query, VacancyGroup::Category, |d| d
            .category_codes
            .clone()),
        brute_counts(docs, query, VacancyGroup::Place, |d| d.place_codes.clone()),
        brute_counts(docs, query, VacancyGroup::EmploymentType, |d| single(
            &d.employment_type
        )),
        brute_counts(docs, query, VacancyGroup::WorkExperience, |d| single(
            &d.work_experience
        )),
        brute_counts(docs, query, VacancyGroup::Language, |d| d
            .language_codes
            .clone()),
        brute_counts(docs, query, VacancyGroup::BusinessName, |d| vec![
            d.card.business_name.clone()
        ]),
        docs.iter()
            .filter(|d| d.card.by_agreement && passes(d, query, Some(VacancyGroup::ByAgreement)))
            .count(),
        docs.iter()
            .filter(|d| d.card.states_pay() && passes(d, query, Some(VacancyGroup::SalaryStated)))
            .count(),
        flags,
        hits.len(),
        hits.iter()
            .filter(|d| d.card.salary_from.or(d.card.salary_to).is_some())
            .fold(BTreeMap::<Option<String>, u64>::new(), |mut counts, d| {
                *counts.entry(d.card.salary_period.clone()).or_default() += 1;
                counts
            }),
    )
}

fn engine_summary(results: &search::VacancyResults) -> String {
    let f = &results.facets;
    let flags = &f.flags;
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\nagreement {}\nstated {}\nflags {:?}\ntotal {} salaries {:?}",
        f.category_codes,
        f.place_codes,
        f.employment_types,
        f.work_experiences,
        f.language_codes,
        f.business_names,
        f.salary_by_agreement,
        f.salary_stated,
        flag_values(flags),
        results.total,
        results
            .salary
            .iter()
            .map(|s| (s.period.clone(), s.count))
            .collect::<BTreeMap<_, _>>(),
    )
}

#[tokio::test]
async fn counts_kept_per_segment_stay_exact_across_commits_deletions_and_expiry() {
    let engine = TantivyEngine::in_memory().unwrap();
    // the result cache would answer repeated queries before the per-segment counts are used
    engine.set_result_cache_capacity(0);
    let mut docs = vacancies();
    let half = docs.len() / 2;
    load(&engine, docs[..half].to_vec(), Vec::new()).await;
    load(&engine, docs[half..].to_vec(), Vec::new()).await;
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let base = VacancyQuery {
        now: now(),
        size: 5,
        ..VacancyQuery::default()
    };
    let queries = |now| {
        vec![
            VacancyQuery {
                now,
                ..base.clone()
            },
            VacancyQuery {
                now,
                page: 1,
                ..base.clone()
            },
            VacancyQuery {
                now,
                size: 0,
                ..base.clone()
            },
            VacancyQuery {
                now,
                category_codes: s(&["FOOD", "IT"]),
                ..base.clone()
            },
            VacancyQuery {
                now,
                place_codes: s(&["0037"]),
                ..base.clone()
            },
            VacancyQuery {
                now,
                business_names: s(&["Maxima Eesti OÜ"]),
                ..base.clone()
            },
            VacancyQuery {
                now,
                salary_by_agreement: true,
                ..base.clone()
            },
            VacancyQuery {
                now,
                salary_stated: true,
                ..base.clone()
            },
            VacancyQuery {
                now,
                flags: search::VacancyFlags {
                    remote_work: true,
                    ..Default::default()
                },
                ..base.clone()
            },
        ]
    };
    let check = |docs: Vec<search::VacancyDoc>, now| {
        let engine = engine.clone();
        async move {
            for query in queries(now) {
                // twice: computed, then from the kept counts
                for _ in 0..2 {
                    let results = engine.search_vacancies(query.clone()).await.unwrap();
                    assert_eq!(
                        engine_summary(&results),
                        brute_summary(&docs, &query),
                        "{query:?}"
                    );
                    let total = docs.iter().filter(|d| passes(d, &query, None)).count();
                    let on_page = total
                        .saturating_sub(query.page as usize * query.size as usize)
                        .min(query.size as usize);
                    assert_eq!(results.hits.len(), on_page, "{query:?}");
                }
            }
        }
    };
    check(docs.clone(), now()).await;

    // a commit adds a segment and leaves the others' counts in place
    let mut moved = docs[0].clone();
    moved.category_codes = vec!["IT".to_owned()];
    moved.card.business_name = "Maxima Eesti OÜ".to_owned();
    docs[0] = moved.clone();
    engine.upsert_vacancies(vec![moved]).await.unwrap();
    engine.commit().await.unwrap();
    check(docs.clone(), now()).await;

    // a deletion changes its segment
    let gone = docs.remove(1).card.vacancy_id;
    engine.delete_vacancies(vec![gone]).await.unwrap();
    engine.commit().await.unwrap();
    check(docs.clone(), now()).await;

    // a later `now`: the vacancies that expired meanwhile drop out of every count
    let mut expiries: Vec<_> = docs
        .iter()
        .filter_map(|d| d.card.valid_until)
        .filter(|u| *u >= now())
        .collect();
    expiries.sort();
    let later = expiries[expiries.len() / 3] + chrono::Duration::microseconds(1);
    check(docs.clone(), later).await;
    check(docs.clone(), now()).await;
}
