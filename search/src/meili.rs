//! The same search on a Meilisearch server, for deployments that share one search cluster
//! between API nodes instead of keeping a tantivy replica on each.
//!
//! Meilisearch brings its own text analysis (prefix on the last word, typo tolerance, folding
//! of diacritics) but no Estonian stemmer, so inflected Estonian forms match less well than on
//! tantivy. Everything else follows the same rules, and the conformance suite checks it (last
//! run against Meilisearch v1.50.0, with `MEILI_URL` set):
//! - disjunctive facets: one search for the hits plus one per active filter group with that
//!   group's filter left out, sent together;
//! - ranking: the relevance rules first and `sort` last, so PRO level and renewal date only
//!   break ties (without text every document ties);
//! - writes are staged in the engine until `commit`, which sends them in their order and waits
//!   for the server to apply them: Meilisearch has no uncommitted state of its own, and a
//!   document sent at once would become searchable whenever the server got to it;
//! - salary statistics per period: the main search's facet distribution of `salary_key`
//!   (`period|low|high`) counts the hits per distinct salary, which [`SalaryDistribution`]
//!   turns into the same figures as tantivy's (exact up to `MAX_VALUES_PER_FACET` distinct
//!   salaries among the hits);
//! - every word of the text must match (`matchingStrategy: all`), as on tantivy; Meilisearch's
//!   default would drop words from the end until something matches.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use futures::future::try_join_all;
use meilisearch_sdk::client::{Client, SwapIndexes};
use meilisearch_sdk::indexes::Index;
use meilisearch_sdk::search::{MatchingStrategies, SearchResults, Selectors};
use meilisearch_sdk::settings::{
    FacetingSettings, MinWordSizeForTypos, PaginationSetting, Settings, TypoToleranceSettings,
};
use meilisearch_sdk::task_info::TaskInfo;
use meilisearch_sdk::tasks::Task;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::engine::{IndexRebuild, SearchEngine};
use crate::IndexKind;
use crate::model::{
    BUSINESS_NAME_FACET_LIMIT, CvCard, CvDoc, CvFacets, CvHit, CvQuery, CvResults,
    EmployerNameQuery, EmployerNames, SalaryDistribution, VacancyCard, VacancyDoc, VacancyFacets,
    VacancyFlags, VacancyHit, VacancyQuery, VacancyResults, most_frequent,
};
use crate::{Result, SearchError, employers};

/// How long a task may sit in the server's queue before the server starts it.
const TASK_TIMEOUT: Duration = Duration::from_secs(60);
/// How long the server may work on a task once started: a whole corpus sent in one commit
/// (the bench's 100 000 vacancies) is one batch that takes minutes on 2 cores.
const BATCH_TIMEOUT: Duration = Duration::from_secs(30 * 60);
/// How often a waiting commit asks the server about its task.
const POLL_INTERVAL: Duration = Duration::from_millis(20);
/// Enough for every category, place and company; counts beyond it would be cut off.
const MAX_VALUES_PER_FACET: usize = 10_000;
/// Queries sent in one multi-search by the matching of saved searches.
const MATCH_BATCH: usize = 100;
/// Totals are exact up to this many matches.
const MAX_TOTAL_HITS: usize = 10_000_000;
/// The `valid_until` of a vacancy without an end: far beyond any `now`.
const OPEN_ENDED: i64 = 253_402_300_799_000_000;
/// Highlight markers that cannot occur in text; replaced by `<mark>` after HTML escaping.
const MARK_START: &str = "\u{E000}";
const MARK_END: &str = "\u{E001}";

const FLAG_NAMES: [&str; 7] = [
    "for_students",
    "for_underage",
    "for_disabled",
    "for_retired",
    "for_foreigners",
    "remote_work",
    "shift_work",
];

/// A vacancy as a Meilisearch document: the stored card plus flat fields to filter on.
#[derive(Serialize, Deserialize)]
struct MeiliVacancy {
    id: String,
    card: VacancyCard,
    text_et: String,
    text_en: String,
    text_ru: String,
    business_name: String,
    company: String,
    category_codes: Vec<String>,
    place_codes: Vec<String>,
    employment_type: Vec<String>,
    work_experience: Vec<String>,
    language_codes: Vec<String>,
    for_students: bool,
    for_underage: bool,
    for_disabled: bool,
    for_retired: bool,
    for_foreigners: bool,
    remote_work: bool,
    shift_work: bool,
    by_agreement: bool,
    /// [`VacancyCard::states_pay`]: the "salary stated" filter and facet. A document written
    /// before the attribute existed lacks it (filtered and counted as not stating pay until
    /// `vakants reindex`).
    #[serde(default)]
    salary_stated: bool,
    pro_level: u8,
    renewed_at: i64,
    valid_until: i64,
    salary_low: Option<f64>,
    salary_high: Option<f64>,
    salary_period: Option<String>,
    /// The salary as one facet value (see [`salary_key`]): its distribution gives the salary
    /// statistics per period exactly.
    salary_key: Option<String>,
}

/// `period|low|high` (an empty period for none): Rust prints an `f64` in the shortest form
/// that reads back to the same number, so the distribution gives back the exact amounts.
fn salary_key(period: Option<&str>, low: f64, high: f64) -> String {
    format!("{}|{low}|{high}", period.unwrap_or(""))
}

/// The period, lower and upper bound of a [`salary_key`].
fn parse_salary_key(key: &str) -> Option<(Option<&str>, f64, f64)> {
    let mut parts = key.rsplitn(3, '|');
    let high = parts.next()?.parse().ok()?;
    let low = parts.next()?.parse().ok()?;
    let period = parts.next()?;
    Some(((!period.is_empty()).then_some(period), low, high))
}

impl From<&VacancyDoc> for MeiliVacancy {
    fn from(doc: &VacancyDoc) -> Self {
        let card = &doc.card;
        let low = card.salary_from.or(card.salary_to);
        let high = card.salary_to.or(card.salary_from);
        let flags = &card.flags;
        MeiliVacancy {
            id: card.vacancy_id.to_string(),
            card: card.clone(),
            text_et: doc.text.et.clone(),
            text_en: doc.text.en.clone(),
            text_ru: doc.text.ru.clone(),
            business_name: card.business_name.clone(),
            company: employers::company_key(
                &card.company_country_code,
                &card.company_registry_code,
                &card.business_name,
            ),
            category_codes: doc.category_codes.clone(),
            place_codes: doc.place_codes.clone(),
            employment_type: doc.employment_type.iter().cloned().collect(),
            work_experience: doc.work_experience.iter().cloned().collect(),
            language_codes: doc.language_codes.clone(),
            for_students: flags.for_students,
            for_underage: flags.for_underage,
            for_disabled: flags.for_disabled,
            for_retired: flags.for_retired,
            for_foreigners: flags.for_foreigners,
            remote_work: flags.remote_work,
            shift_work: flags.shift_work,
            by_agreement: card.by_agreement,
            salary_stated: card.states_pay(),
            pro_level: card.pro_level,
            renewed_at: card
                .renewed_at
                .or(card.publish_at)
                .map_or(i64::MIN / 2, |t| t.timestamp_micros()),
            valid_until: card
                .valid_until
                .map_or(OPEN_ENDED, |t| t.timestamp_micros()),
            salary_low: low,
            salary_high: high,
            salary_period: card.salary_period.clone(),
            salary_key: low
                .zip(high)
                .map(|(low, high)| salary_key(card.salary_period.as_deref(), low, high)),
        }
    }
}

/// A CV as a Meilisearch document.
#[derive(Serialize, Deserialize)]
struct MeiliCv {
    id: String,
    card: CvCard,
    heading: String,
    body: String,
    category_codes: Vec<String>,
    place_codes: Vec<String>,
    language_codes: Vec<String>,
    education_levels: Vec<String>,
    work_experiences: Vec<String>,
    driver_licences: Vec<String>,
    employment_types: Vec<String>,
    updated_at: i64,
}

impl From<&CvDoc> for MeiliCv {
    fn from(doc: &CvDoc) -> Self {
        let card = &doc.card;
        let heading = [&card.title, &card.firstname, &card.lastname]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" ");
        MeiliCv {
            id: card.cv_id.to_string(),
            card: card.clone(),
            heading,
            body: doc.text.clone(),
            category_codes: card.category_codes.clone(),
            place_codes: card.place_codes.clone(),
            language_codes: card.language_codes.clone(),
            education_levels: card.education_levels.clone(),
            work_experiences: card.work_experience.iter().cloned().collect(),
            driver_licences: card.driver_licences.clone(),
            employment_types: card.employment_types.clone(),
            updated_at: card.updated_at.timestamp_micros(),
        }
    }
}

/// The part of a hit the engine reads back.
#[derive(Deserialize)]
struct Stored<T> {
    card: T,
}

/// A hit of the matching: only the id.
#[derive(Deserialize)]
struct MatchedId {
    id: String,
}

/// A write staged until the next commit.
enum Staged {
    Vacancies(Vec<MeiliVacancy>),
    VacancyDeletes(Vec<String>),
    Cvs(Vec<MeiliCv>),
    CvDeletes(Vec<String>),
}

/// The Meilisearch engine: indexes `<prefix>_vacancies` and `<prefix>_cvs`.
pub struct MeiliEngine {
    client: Client,
    vacancies: Index,
    cvs: Index,
    /// Writes since the last commit, in their order; sent by `commit`.
    staged: Mutex<Vec<Staged>>,
    /// Held while a commit sends, so that concurrent commits send in the order they staged.
    sending: tokio::sync::Mutex<()>,
}

fn meili_error(error: impl std::fmt::Display) -> SearchError {
    SearchError::Meilisearch(error.to_string())
}

impl MeiliEngine {
    /// Connects to the server at `url`, creating or updating both indexes' settings.
    pub async fn connect(url: &str, api_key: Option<&str>, prefix: &str) -> Result<MeiliEngine> {
        let client = Client::new(url, api_key).map_err(meili_error)?;
        let vacancies = client.index(format!("{prefix}_vacancies"));
        let cvs = client.index(format!("{prefix}_cvs"));
        let engine = MeiliEngine {
            client,
            vacancies,
            cvs,
            staged: Mutex::new(Vec::new()),
            sending: tokio::sync::Mutex::new(()),
        };
        for (index, settings) in [
            (&engine.vacancies, vacancy_settings()),
            (&engine.cvs, cv_settings()),
        ] {
            engine.create_with(&index.uid, &settings).await?;
        }
        Ok(engine)
    }

    /// Creates the index `uid` (an existing one is kept) and applies `settings` to it.
    async fn create_with(&self, uid: &str, settings: &Settings) -> Result<()> {
        let created = self
            .client
            .create_index(uid, Some("id"))
            .await
            .map_err(meili_error)?;
        // An index that already exists fails this task; the settings below still apply.
        self.wait(created, false).await?;
        let task = self
            .client
            .index(uid)
            .set_settings(settings)
            .await
            .map_err(meili_error)?;
        self.wait(task, true).await
    }

    /// Waits until the server has applied `task`: [`TASK_TIMEOUT`] for it to start, then
    /// [`BATCH_TIMEOUT`] for it to finish.
    async fn wait(&self, task: TaskInfo, must_succeed: bool) -> Result<()> {
        wait_for(&self.client, &task, must_succeed).await
    }

    fn stage(&self, write: Staged) {
        self.staged
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(write);
    }

    /// Sends one staged write; the server applies the tasks of an index in the order sent.
    async fn send(&self, write: &Staged) -> Result<TaskInfo> {
        match write {
            Staged::Vacancies(docs) => self.vacancies.add_or_replace(docs, Some("id")).await,
            Staged::VacancyDeletes(ids) => self.vacancies.delete_documents(ids).await,
            Staged::Cvs(docs) => self.cvs.add_or_replace(docs, Some("id")).await,
            Staged::CvDeletes(ids) => self.cvs.delete_documents(ids).await,
        }
        .map_err(meili_error)
    }

    async fn search_page<T: serde::de::DeserializeOwned + Send + Sync + 'static>(
        index: &Index,
        request: &Request<'_>,
    ) -> Result<SearchResults<T>> {
        let mut search = index.search();
        search.with_facets(Selectors::Some(request.facets));
        if !request.filter.is_empty() {
            search.with_filter(&request.filter);
        }
        if let Some(text) = request.text {
            search
                .with_query(text)
                .with_matching_strategy(MatchingStrategies::ALL)
                .with_show_ranking_score(true);
        }
        if let Some(sort) = request.sort {
            search.with_sort(sort);
        }
        search
            .with_hits_per_page(request.size)
            .with_page(request.page + 1);
        if request.highlight_body {
            search
                .with_attributes_to_crop(Selectors::Some(&[("body", None)]))
                .with_attributes_to_highlight(Selectors::Some(&["body"]))
                .with_crop_length(30)
                .with_highlight_pre_tag(MARK_START)
                .with_highlight_post_tag(MARK_END);
        }
        search.with_attributes_to_retrieve(Selectors::Some(&["card"]));
        search.execute::<T>().await.map_err(meili_error)
    }
}

/// Waits until the server has applied `task`: [`TASK_TIMEOUT`] for it to start, then
/// [`BATCH_TIMEOUT`] for it to finish.
async fn wait_for(client: &Client, task: &TaskInfo, must_succeed: bool) -> Result<()> {
    let mut since = Instant::now();
    let mut started = false;
    loop {
        match client.get_task(task).await.map_err(meili_error)? {
            Task::Succeeded { .. } => return Ok(()),
            failed @ Task::Failed { .. } if must_succeed => {
                return Err(SearchError::Meilisearch(
                    failed.unwrap_failure().to_string(),
                ));
            }
            Task::Failed { .. } => return Ok(()),
            Task::Processing { .. } if !started => {
                started = true;
                since = Instant::now();
            }
            Task::Enqueued { .. } | Task::Processing { .. } => {}
        }
        let limit = if started { BATCH_TIMEOUT } else { TASK_TIMEOUT };
        if since.elapsed() > limit {
            return Err(SearchError::Meilisearch(format!(
                "task {} not {} within {limit:?}",
                task.task_uid,
                if started { "finished" } else { "started" },
            )));
        }
        tokio::time::sleep(POLL_INTERVAL).await;
    }
}

/// What both indexes share: exact totals, every facet value, typo rules, relevance first.
fn common_settings() -> Settings {
    Settings::new()
        .with_pagination(PaginationSetting {
            max_total_hits: MAX_TOTAL_HITS,
        })
        .with_faceting(FacetingSettings {
            max_values_per_facet: MAX_VALUES_PER_FACET,
            sort_facet_values_by: None,
        })
        .with_typo_tolerance(TypoToleranceSettings {
            enabled: Some(true),
            disable_on_attributes: None,
            disable_on_words: None,
            min_word_size_for_typos: Some(MinWordSizeForTypos {
                one_typo: Some(5),
                two_typos: Some(9),
            }),
            disable_on_numbers: None,
        })
        .with_ranking_rules([
            "words",
            "typo",
            "proximity",
            "attribute",
            "exactness",
            "sort",
        ])
}

fn vacancy_settings() -> Settings {
    common_settings()
        .with_searchable_attributes(["text_et", "text_en", "text_ru", "business_name"])
        .with_filterable_attributes([
            // the matching of saved searches narrows a search to the new vacancies' ids
            "id",
            "category_codes",
            "place_codes",
            "employment_type",
            "work_experience",
            "language_codes",
            "business_name",
            "company",
            "for_students",
            "for_underage",
            "for_disabled",
            "for_retired",
            "for_foreigners",
            "remote_work",
            "shift_work",
            "by_agreement",
            "salary_stated",
            "valid_until",
            "salary_low",
            "salary_high",
            "salary_period",
            "salary_key",
        ])
        .with_sortable_attributes(["pro_level", "renewed_at", "id"])
}

fn cv_settings() -> Settings {
    common_settings()
        .with_searchable_attributes(["heading", "body"])
        .with_filterable_attributes([
            "category_codes",
            "place_codes",
            "language_codes",
            "education_levels",
            "work_experiences",
            "driver_licences",
            "employment_types",
        ])
        .with_sortable_attributes(["updated_at", "id"])
}

/// A full rebuild on Meilisearch: the documents go to a fresh index `<live>_rebuild_<random>`
/// with the live one's settings; `finish` waits for them, swaps the two indexes' contents
/// (`POST /swap-indexes`, atomic for searches) and deletes the fresh index, which then holds
/// the old documents. Writes to the live uid go on meanwhile and land in the old documents;
/// the caller re-queues them after the swap, as with tantivy.
struct MeiliRebuild {
    client: Client,
    kind: IndexKind,
    live: String,
    fresh: Index,
    /// Sent document batches, awaited by `finish`.
    tasks: Vec<TaskInfo>,
}

#[async_trait]
impl IndexRebuild for MeiliRebuild {
    async fn add_vacancies(&mut self, docs: Vec<VacancyDoc>) -> Result<()> {
        if self.kind != IndexKind::Vacancies {
            return Err(SearchError::Misuse(
                "this rebuild is not of the vacancy index",
            ));
        }
        if docs.is_empty() {
            return Ok(());
        }
        let docs: Vec<MeiliVacancy> = docs.iter().map(MeiliVacancy::from).collect();
        let task = self
            .fresh
            .add_or_replace(&docs, Some("id"))
            .await
            .map_err(meili_error)?;
        self.tasks.push(task);
        Ok(())
    }

    async fn add_cvs(&mut self, docs: Vec<CvDoc>) -> Result<()> {
        if self.kind != IndexKind::Cvs {
            return Err(SearchError::Misuse("this rebuild is not of the cv index"));
        }
        if docs.is_empty() {
            return Ok(());
        }
        let docs: Vec<MeiliCv> = docs.iter().map(MeiliCv::from).collect();
        let task = self
            .fresh
            .add_or_replace(&docs, Some("id"))
            .await
            .map_err(meili_error)?;
        self.tasks.push(task);
        Ok(())
    }

    async fn finish(self: Box<Self>) -> Result<()> {
        for task in &self.tasks {
            wait_for(&self.client, task, true).await?;
        }
        let swap = SwapIndexes {
            indexes: (self.live.clone(), self.fresh.uid.clone()),
            rename: None,
        };
        let task = self.client.swap_indexes([&swap]).await.map_err(meili_error)?;
        wait_for(&self.client, &task, true).await?;
        // the fresh uid now names the old documents
        match self.fresh.delete().await {
            Ok(task) => {
                if let Err(error) = wait_for(&self.client, &task, true).await {
                    tracing::warn!(error = %error, "the index swapped out by a rebuild was not deleted");
                }
            }
            Err(error) => tracing::warn!(error = %error, "the index swapped out by a rebuild was not deleted"),
        }
        Ok(())
    }
}

/// One search request: the borrowed parts of a Meilisearch query.
struct Request<'a> {
    text: Option<&'a str>,
    filter: String,
    facets: &'a [&'a str],
    sort: Option<&'a [&'a str]>,
    page: usize,
    size: usize,
    /// Highlight and crop the CV body.
    highlight_body: bool,
}

/// A value list as a filter: `attribute IN ["a", "b"]` (JSON string quoting is Meilisearch's).
fn any_of(attribute: &str, values: &[String]) -> Option<String> {
    if values.is_empty() {
        return None;
    }
    let quoted: Vec<String> = values
        .iter()
        .map(|v| serde_json::to_string(v).expect("a string serialises"))
        .collect();
    Some(format!("{attribute} IN [{}]", quoted.join(", ")))
}

fn all_of(filters: impl IntoIterator<Item = String>) -> String {
    filters
        .into_iter()
        .map(|f| format!("({f})"))
        .collect::<Vec<_>>()
        .join(" AND ")
}

fn counts(
    distribution: &Option<HashMap<String, HashMap<String, usize>>>,
    facet: &str,
) -> BTreeMap<String, u64> {
    distribution
        .as_ref()
        .and_then(|d| d.get(facet))
        .map(|values| {
            values
                .iter()
                .filter(|(_, n)| **n > 0)
                .map(|(k, &n)| (k.clone(), n as u64))
                .collect()
        })
        .unwrap_or_default()
}

fn true_count(distribution: &Option<HashMap<String, HashMap<String, usize>>>, facet: &str) -> u64 {
    counts(distribution, facet)
        .get("true")
        .copied()
        .unwrap_or(0)
}

fn total_pages(total: u64, size: u32) -> u32 {
    if size == 0 {
        return 0;
    }
    u32::try_from(total.div_ceil(u64::from(size))).unwrap_or(u32::MAX)
}

/// A Meilisearch highlight made safe for HTML: escape everything, then turn the private-use
/// markers into `<mark>` tags. Empty when nothing is marked.
fn snippet(formatted: Option<&str>) -> String {
    let Some(text) = formatted.filter(|text| text.contains(MARK_START)) else {
        return String::new();
    };
    let mut escaped = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    escaped
        .replace(MARK_START, "<mark>")
        .replace(MARK_END, "</mark>")
}

/// The vacancy filter groups: (facet attribute, filter of the group if active).
fn vacancy_groups(query: &VacancyQuery) -> Vec<(&'static str, Option<String>)> {
    let flags = &query.flags;
    let required = [
        flags.for_students,
        flags.for_underage,
        flags.for_disabled,
        flags.for_retired,
        flags.for_foreigners,
        flags.remote_work,
        flags.shift_work,
    ];
    let mut groups = vec![
        (
            "category_codes",
            any_of("category_codes", &query.category_codes),
        ),
        ("place_codes", any_of("place_codes", &query.place_codes)),
        (
            "employment_type",
            any_of("employment_type", &query.employment_types),
        ),
        (
            "work_experience",
            any_of("work_experience", &query.work_experiences),
        ),
        (
            "language_codes",
            any_of("language_codes", &query.language_codes),
        ),
        (
            "business_name",
            any_of("business_name", &query.business_names),
        ),
        (
            "by_agreement",
            query
                .salary_by_agreement
                .then(|| "by_agreement = true".to_owned()),
        ),
    ];
    for (name, required) in FLAG_NAMES.iter().zip(required) {
        groups.push((name, required.then(|| format!("{name} = true"))));
    }
    groups.push((
        "salary_stated",
        query
            .salary_stated
            .then(|| "salary_stated = true".to_owned()),
    ));
    groups
}

fn vacancy_base_filters(query: &VacancyQuery) -> Vec<String> {
    let mut filters = vec![format!("valid_until >= {}", query.now.timestamp_micros())];
    if let Some(from) = query.salary_from {
        filters.push(format!("salary_high >= {from}"));
    }
    if let Some(to) = query.salary_to {
        filters.push(format!("salary_low <= {to}"));
    }
    if let Some(period) = &query.salary_period {
        filters.push(format!(
            "salary_period = {}",
            serde_json::to_string(period).expect("a string serialises")
        ));
    }
    filters
}

const VACANCY_FACETS: [&str; 16] = [
    "category_codes",
    "place_codes",
    "employment_type",
    "work_experience",
    "language_codes",
    "business_name",
    "by_agreement",
    "for_students",
    "for_underage",
    "for_disabled",
    "for_retired",
    "for_foreigners",
    "remote_work",
    "shift_work",
    "salary_stated",
    "salary_key",
];
const VACANCY_SORT: [&str; 3] = ["pro_level:desc", "renewed_at:desc", "id:asc"];

const CV_GROUPS: [&str; 7] = [
    "category_codes",
    "place_codes",
    "language_codes",
    "education_levels",
    "work_experiences",
    "driver_licences",
    "employment_types",
];
const CV_SORT: [&str; 2] = ["updated_at:desc", "id:asc"];

fn text_of(text: &Option<String>) -> Option<&str> {
    text.as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

#[async_trait]
impl SearchEngine for MeiliEngine {
    async fn upsert_vacancies(&self, docs: Vec<VacancyDoc>) -> Result<()> {
        if docs.is_empty() {
            return Ok(());
        }
        self.stage(Staged::Vacancies(
            docs.iter().map(MeiliVacancy::from).collect(),
        ));
        Ok(())
    }

    async fn delete_vacancies(&self, ids: Vec<Uuid>) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        self.stage(Staged::VacancyDeletes(
            ids.iter().map(Uuid::to_string).collect(),
        ));
        Ok(())
    }

    async fn upsert_cvs(&self, docs: Vec<CvDoc>) -> Result<()> {
        if docs.is_empty() {
            return Ok(());
        }
        self.stage(Staged::Cvs(docs.iter().map(MeiliCv::from).collect()));
        Ok(())
    }

    async fn delete_cvs(&self, ids: Vec<Uuid>) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        self.stage(Staged::CvDeletes(ids.iter().map(Uuid::to_string).collect()));
        Ok(())
    }

    /// Sends the staged writes in order, then waits until the server has applied them all.
    /// On an error the writes of this commit are dropped (the worker retries their jobs);
    /// those already sent may still be applied.
    async fn commit(&self) -> Result<()> {
        let sending = self.sending.lock().await;
        let staged = std::mem::take(&mut *self.staged.lock().unwrap_or_else(|p| p.into_inner()));
        let mut tasks = Vec::with_capacity(staged.len());
        for write in &staged {
            tasks.push(self.send(write).await?);
        }
        drop(sending);
        drop(staged);
        for task in tasks {
            self.wait(task, true).await?;
        }
        Ok(())
    }

    async fn search_vacancies(&self, query: VacancyQuery) -> Result<VacancyResults> {
        let started = Instant::now();
        let text = text_of(&query.text);
        let base = vacancy_base_filters(&query);
        let groups = vacancy_groups(&query);
        let active = || groups.iter().filter_map(|(_, filter)| filter.clone());
        let main = Request {
            text,
            filter: all_of(base.iter().cloned().chain(active())),
            facets: &VACANCY_FACETS,
            sort: Some(&VACANCY_SORT),
            page: query.page as usize,
            size: query.size as usize,
            highlight_body: false,
        };
        let facet_names: Vec<[&str; 1]> = groups.iter().map(|(name, _)| [*name]).collect();
        let own_group_left_out: Vec<(usize, Request<'_>)> = groups
            .iter()
            .enumerate()
            .filter(|(_, (_, filter))| filter.is_some())
            .map(|(position, _)| {
                let others = groups
                    .iter()
                    .enumerate()
                    .filter(|(other, _)| *other != position)
                    .filter_map(|(_, (_, filter))| filter.clone());
                let request = Request {
                    text,
                    filter: all_of(base.iter().cloned().chain(others)),
                    facets: &facet_names[position],
                    sort: None,
                    page: 0,
                    size: 0,
                    highlight_body: false,
                };
                (position, request)
            })
            .collect();
        let (results, disjunctive) = futures::try_join!(
            Self::search_page::<Stored<VacancyCard>>(&self.vacancies, &main),
            try_join_all(
                own_group_left_out.iter().map(
                    |(_, request)| Self::search_page::<serde_json::Value>(&self.vacancies, request)
                ),
            ),
        )?;
        let mut distributions: Vec<Option<HashMap<String, HashMap<String, usize>>>> = groups
            .iter()
            .map(|_| results.facet_distribution.clone())
            .collect();
        for ((position, _), result) in own_group_left_out.iter().zip(disjunctive) {
            distributions[*position] = result.facet_distribution;
        }
        let terms = |position: usize| counts(&distributions[position], groups[position].0);
        let flag = |position: usize| true_count(&distributions[position], groups[position].0);
        let facets = VacancyFacets {
            category_codes: terms(0),
            place_codes: terms(1),
            employment_types: terms(2),
            work_experiences: terms(3),
            language_codes: terms(4),
            business_names: most_frequent(
                terms(5).iter().map(|(name, count)| (name.as_str(), *count)),
                &query.business_names,
                BUSINESS_NAME_FACET_LIMIT,
            ),
            salary_by_agreement: flag(6),
            flags: VacancyFlags {
                for_students: flag(7),
                for_underage: flag(8),
                for_disabled: flag(9),
                for_retired: flag(10),
                for_foreigners: flag(11),
                remote_work: flag(12),
                shift_work: flag(13),
            },
            salary_stated: flag(14),
        };
        // exact while the hits state at most MAX_VALUES_PER_FACET distinct salaries
        let mut salary = SalaryDistribution::default();
        for (key, count) in counts(&results.facet_distribution, "salary_key") {
            if let Some((period, low, high)) = parse_salary_key(&key) {
                salary.add(period, low, high, count);
            }
        }
        let salary = salary.stats();
        let total = results.total_hits.unwrap_or(0) as u64;
        let hits = results
            .hits
            .into_iter()
            .map(|hit| VacancyHit {
                card: hit.result.card,
                score: text.and(hit.ranking_score.map(|s| s as f32)),
            })
            .collect();
        Ok(VacancyResults {
            hits,
            total,
            total_pages: total_pages(total, query.size),
            facets,
            salary,
            took_ms: started.elapsed().as_millis() as u64,
            fresh_until: None,
        })
    }

    /// The queries run on the live index (where the vacancies are committed already) as
    /// multi-searches of [`MATCH_BATCH`], each with the search's own filter plus
    /// `id IN [the vacancies]`, retrieving ids only.
    async fn match_vacancies(
        &self,
        docs: Vec<VacancyDoc>,
        queries: Vec<VacancyQuery>,
    ) -> Result<Vec<Vec<Uuid>>> {
        if docs.is_empty() || queries.is_empty() {
            return Ok(vec![Vec::new(); queries.len()]);
        }
        let mut ids: Vec<String> = docs
            .iter()
            .map(|doc| doc.card.vacancy_id.to_string())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let among = any_of("id", &ids).expect("at least one id");
        let filters: Vec<String> = queries
            .iter()
            .map(|query| {
                let groups = vacancy_groups(query).into_iter().filter_map(|(_, filter)| filter);
                all_of(
                    vacancy_base_filters(query)
                        .into_iter()
                        .chain(groups)
                        .chain([among.clone()]),
                )
            })
            .collect();
        let mut matched = Vec::with_capacity(queries.len());
        for (queries, filters) in queries.chunks(MATCH_BATCH).zip(filters.chunks(MATCH_BATCH)) {
            let mut multi = self.client.multi_search();
            for (query, filter) in queries.iter().zip(filters) {
                let mut search = self.vacancies.search();
                search
                    .with_filter(filter)
                    .with_limit(ids.len())
                    .with_attributes_to_retrieve(Selectors::Some(&["id"]));
                if let Some(text) = text_of(&query.text) {
                    search
                        .with_query(text)
                        .with_matching_strategy(MatchingStrategies::ALL);
                }
                multi.with_search_query(search);
            }
            let response = multi.execute::<MatchedId>().await.map_err(meili_error)?;
            for result in response.results {
                matched.push(
                    result
                        .hits
                        .into_iter()
                        .filter_map(|hit| Uuid::parse_str(&hit.result.id).ok())
                        .collect(),
                );
            }
        }
        Ok(matched)
    }

    async fn search_cvs(&self, query: CvQuery) -> Result<CvResults> {
        let started = Instant::now();
        let text = text_of(&query.text);
        let selected = [
            &query.category_codes,
            &query.place_codes,
            &query.language_codes,
            &query.education_levels,
            &query.work_experiences,
            &query.driver_licences,
            &query.employment_types,
        ];
        let groups: Vec<Option<String>> = CV_GROUPS
            .iter()
            .zip(selected)
            .map(|(name, values)| any_of(name, values))
            .collect();
        let main = Request {
            text,
            filter: all_of(groups.iter().flatten().cloned()),
            facets: &CV_GROUPS,
            sort: Some(&CV_SORT),
            page: query.page as usize,
            size: query.size as usize,
            highlight_body: true,
        };
        let facet_names: Vec<[&str; 1]> = CV_GROUPS.iter().map(|name| [*name]).collect();
        let own_group_left_out: Vec<(usize, Request<'_>)> = groups
            .iter()
            .enumerate()
            .filter(|(_, filter)| filter.is_some())
            .map(|(position, _)| {
                let others = groups
                    .iter()
                    .enumerate()
                    .filter(|(o, _)| *o != position)
                    .filter_map(|(_, f)| f.clone());
                let request = Request {
                    text,
                    filter: all_of(others),
                    facets: &facet_names[position],
                    sort: None,
                    page: 0,
                    size: 0,
                    highlight_body: false,
                };
                (position, request)
            })
            .collect();
        let (results, disjunctive) = futures::try_join!(
            Self::search_page::<Stored<CvCard>>(&self.cvs, &main),
            try_join_all(
                own_group_left_out
                    .iter()
                    .map(|(_, request)| Self::search_page::<serde_json::Value>(&self.cvs, request)),
            ),
        )?;
        let mut distributions: Vec<Option<HashMap<String, HashMap<String, usize>>>> = CV_GROUPS
            .iter()
            .map(|_| results.facet_distribution.clone())
            .collect();
        for ((position, _), result) in own_group_left_out.iter().zip(disjunctive) {
            distributions[*position] = result.facet_distribution;
        }
        let terms = |position: usize| counts(&distributions[position], CV_GROUPS[position]);
        let facets = CvFacets {
            category_codes: terms(0),
            place_codes: terms(1),
            language_codes: terms(2),
            education_levels: terms(3),
            work_experiences: terms(4),
            driver_licences: terms(5),
            employment_types: terms(6),
        };
        let total = results.total_hits.unwrap_or(0) as u64;
        let hits = results
            .hits
            .into_iter()
            .map(|hit| {
                let formatted = hit
                    .formatted_result
                    .as_ref()
                    .and_then(|f| f.get("body"))
                    .and_then(|b| b.as_str());
                CvHit {
                    snippet: if text.is_some() {
                        snippet(formatted)
                    } else {
                        String::new()
                    },
                    card: hit.result.card,
                    score: text.and(hit.ranking_score.map(|s| s as f32)),
                }
            })
            .collect();
        Ok(CvResults {
            hits,
            total,
            total_pages: total_pages(total, query.size),
            facets,
            took_ms: started.elapsed().as_millis() as u64,
        })
    }

    async fn employer_names(&self, query: EmployerNameQuery) -> Result<EmployerNames> {
        let request = Request {
            text: None,
            filter: format!("valid_until >= {}", query.now.timestamp_micros()),
            facets: &["company"],
            sort: None,
            page: 0,
            size: 0,
            highlight_body: false,
        };
        let results = Self::search_page::<serde_json::Value>(&self.vacancies, &request).await?;
        Ok(employers::page(
            counts(&results.facet_distribution, "company"),
            &query,
        ))
    }

    async fn vacancy_counts_by_category(
        &self,
        now: DateTime<Utc>,
    ) -> Result<BTreeMap<String, u64>> {
        let request = Request {
            text: None,
            filter: format!("valid_until >= {}", now.timestamp_micros()),
            facets: &["category_codes"],
            sort: None,
            page: 0,
            size: 0,
            highlight_body: false,
        };
        let results = Self::search_page::<serde_json::Value>(&self.vacancies, &request).await?;
        Ok(counts(&results.facet_distribution, "category_codes"))
    }

    async fn begin_rebuild(&self, kind: IndexKind) -> Result<Box<dyn IndexRebuild>> {
        let (live, settings) = match kind {
            IndexKind::Vacancies => (&self.vacancies.uid, vacancy_settings()),
            IndexKind::Cvs => (&self.cvs.uid, cv_settings()),
        };
        let fresh = format!("{live}_rebuild_{}", Uuid::new_v4().simple());
        self.create_with(&fresh, &settings).await?;
        Ok(Box::new(MeiliRebuild {
            client: self.client.clone(),
            kind,
            live: live.clone(),
            fresh: self.client.index(fresh),
            tasks: Vec::new(),
        }))
    }

    fn name(&self) -> &'static str {
        "meilisearch"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippets_escape_the_text_but_keep_the_marks() {
        let formatted = format!("a <b> & {MARK_START}kokk{MARK_END} \"x\"");
        assert_eq!(
            snippet(Some(&formatted)),
            "a &lt;b&gt; &amp; <mark>kokk</mark> &quot;x&quot;"
        );
        assert_eq!(snippet(Some("nothing marked")), "");
        assert_eq!(snippet(None), "");
    }

    #[test]
    fn salary_keys_read_back_the_exact_amounts() {
        for (period, low, high) in [
            (Some("MONTH"), 1500.0, 2250.5),
            (Some("HOUR"), 7.35, 0.1 + 0.2),
            (None, 0.0, 1e9),
        ] {
            let key = salary_key(period, low, high);
            assert_eq!(parse_salary_key(&key), Some((period, low, high)), "{key}");
        }
        assert_eq!(parse_salary_key("MONTH|x|1"), None);
    }

    #[test]
    fn filter_values_are_quoted() {
        let values = vec!["Kohvik \"Rukis\" OÜ".to_owned(), "AS".to_owned()];
        assert_eq!(
            any_of("business_name", &values).unwrap(),
            r#"business_name IN ["Kohvik \"Rukis\" OÜ", "AS"]"#
        );
        assert_eq!(any_of("x", &[]), None);
    }
}
