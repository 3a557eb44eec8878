//! The embedded engine: two tantivy indexes (vacancies, CVs) under one directory.
//!
//! Tantivy is synchronous and a search or commit can take milliseconds of CPU, so the async
//! trait methods move the work to `spawn_blocking`; the synchronous methods are public too for
//! callers that already run on a blocking thread (the reindex command, benchmarks).

mod analysis;
mod bits;
mod cache;
mod collector;
mod cvs;
mod handle;
mod kept;
mod matching;
mod recommend;
mod tables;
mod text_query;
mod vacancies;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

pub use bits::DocBits;
pub use handle::AccessMode;

use self::cache::{ResultCache, SegmentBaseCache};
use self::cvs::CvSchema;
use self::handle::{Generation, IndexHandle};
use self::tables::TableCache;
use self::vacancies::VacancySchema;
use crate::engine::{IndexRebuild, SearchEngine};
use crate::model::{
    CvDoc, CvQuery, CvResults, EmployerNameQuery, EmployerNames, VacancyDoc, VacancyHit,
    VacancyQuery, VacancyResults,
};
use crate::recommend::{
    CvMatchQuery, CvMatches, MatchProfile, RecommendedVacancy, SimilarVacancyQuery,
    VacancyRecommendationQuery,
};
use crate::{Result, SearchError};

/// Keeps only the column tables of the segments `searcher` searches.
fn retain_tables(tables: &TableCache, searcher: &tantivy::Searcher) {
    let live: Vec<_> = searcher
        .segment_readers()
        .iter()
        .map(|reader| reader.segment_id())
        .collect();
    tables.retain(&live);
}

/// Which of the two indexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexKind {
    Vacancies,
    Cvs,
}

struct Inner {
    vacancy_schema: VacancySchema,
    results: ResultCache,
    /// Base counts of the vacancy index's segments.
    segment_bases: SegmentBaseCache,
    /// In-memory copies of the columns the searches read, per index.
    vacancy_tables: Arc<TableCache>,
    cv_tables: Arc<TableCache>,
    cv_schema: CvSchema,
    vacancies: IndexHandle,
    cvs: IndexHandle,
}

/// The tantivy engine. Cheap to clone (shared inside).
#[derive(Clone)]
pub struct TantivyEngine {
    inner: Arc<Inner>,
}

impl TantivyEngine {
    /// Opens (or creates) the indexes under `root` (`<root>/vacancies`, `<root>/cvs`).
    ///
    /// Exactly one process opens a root as [`AccessMode::Writer`] (the worker); the API opens
    /// it as [`AccessMode::Reader`] and sees the writer's commits within a moment.
    ///
    /// An index written with another schema is replaced by an empty one rather than refused;
    /// see [`TantivyEngine::replaced_indexes`].
    pub fn open(root: &Path, mode: AccessMode) -> Result<TantivyEngine> {
        let vacancy_schema = VacancySchema::new();
        let cv_schema = CvSchema::new();
        let vacancies =
            IndexHandle::open(vacancy_schema.schema.clone(), root.join("vacancies"), mode)?;
        let cvs = IndexHandle::open(cv_schema.schema.clone(), root.join("cvs"), mode)?;
        Ok(TantivyEngine::of(vacancy_schema, cv_schema, vacancies, cvs))
    }

    /// Indexes in memory, writable; for tests and benchmarks.
    pub fn in_memory() -> Result<TantivyEngine> {
        let vacancy_schema = VacancySchema::new();
        let cv_schema = CvSchema::new();
        let vacancies = IndexHandle::in_memory(vacancy_schema.schema.clone())?;
        let cvs = IndexHandle::in_memory(cv_schema.schema.clone())?;
        Ok(TantivyEngine::of(vacancy_schema, cv_schema, vacancies, cvs))
    }

    fn of(
        vacancy_schema: VacancySchema,
        cv_schema: CvSchema,
        vacancies: IndexHandle,
        cvs: IndexHandle,
    ) -> TantivyEngine {
        TantivyEngine {
            inner: Arc::new(Inner {
                vacancy_schema,
                results: ResultCache::new(),
                segment_bases: SegmentBaseCache::new(),
                vacancy_tables: Arc::new(TableCache::new()),
                cv_tables: Arc::new(TableCache::new()),
                cv_schema,
                vacancies,
                cvs,
            }),
        }
    }

    /// The indexes that [`TantivyEngine::open`] found written with another schema (by a
    /// version of the code before an upgrade that changed it) and replaced by an empty one, so
    /// they need a full rebuild from Postgres; searches answer from the empty index until it
    /// is done. The worker queues that rebuild when it starts.
    ///
    /// A writer also reports an index that a reader (the API, started first) replaced before
    /// it opened it; each replacement is reported by one writer's open only, so a writer that
    /// opens the index later (a restart) reports nothing. Always empty in memory.
    pub fn replaced_indexes(&self) -> Vec<IndexKind> {
        [IndexKind::Vacancies, IndexKind::Cvs]
            .into_iter()
            .filter(|&kind| self.handle(kind).replaced())
            .collect()
    }

    /// Stages vacancies (replacing any with the same id).
    pub fn upsert_vacancies_sync(&self, docs: &[VacancyDoc]) -> Result<()> {
        let inner = &self.inner;
        inner.vacancies.live()?.stage(|writer| {
            for doc in docs {
                let document = inner.vacancy_schema.document(doc)?;
                writer.delete_term(inner.vacancy_schema.id_term(&doc.card.vacancy_id));
                writer.add_document(document)?;
            }
            Ok(())
        })
    }

    pub fn delete_vacancies_sync(&self, ids: &[Uuid]) -> Result<()> {
        self.inner.vacancies.live()?.stage(|writer| {
            for id in ids {
                writer.delete_term(self.inner.vacancy_schema.id_term(id));
            }
            Ok(())
        })
    }

    /// Stages CVs (replacing any with the same id).
    pub fn upsert_cvs_sync(&self, docs: &[CvDoc]) -> Result<()> {
        let inner = &self.inner;
        inner.cvs.live()?.stage(|writer| {
            for doc in docs {
                let document = inner.cv_schema.document(doc)?;
                writer.delete_term(inner.cv_schema.id_term(&doc.card.cv_id));
                writer.add_document(document)?;
            }
            Ok(())
        })
    }

    pub fn delete_cvs_sync(&self, ids: &[Uuid]) -> Result<()> {
        self.inner.cvs.live()?.stage(|writer| {
            for id in ids {
                writer.delete_term(self.inner.cv_schema.id_term(id));
            }
            Ok(())
        })
    }

    /// Commits both indexes and reloads this process's readers.
    pub fn commit_sync(&self) -> Result<()> {
        self.inner.vacancies.live()?.commit()?;
        self.inner.cvs.live()?.commit()?;
        Ok(())
    }

    pub fn search_vacancies_sync(&self, query: &VacancyQuery) -> Result<VacancyResults> {
        let generation = self.inner.vacancies.live()?;
        let searcher = generation.reader.searcher();
        retain_tables(&self.inner.vacancy_tables, &searcher);
        let schema = &self.inner.vacancy_schema;
        schema.search(
            &searcher,
            generation.serial,
            query,
            &self.inner.results,
            &self.inner.segment_bases,
            &self.inner.vacancy_tables,
        )
    }

    /// For each query, the ids among `docs` that the vacancy search would list (see
    /// [`SearchEngine::match_vacancies`]); `docs` need not be in the live index.
    pub fn match_vacancies_sync(
        &self,
        docs: &[VacancyDoc],
        queries: &[VacancyQuery],
    ) -> Result<Vec<Vec<Uuid>>> {
        matching::match_vacancies(&self.inner.vacancy_schema, docs, queries)
    }

    pub fn search_cvs_sync(&self, query: &CvQuery) -> Result<CvResults> {
        let searcher = self.inner.cvs.live()?.reader.searcher();
        retain_tables(&self.inner.cv_tables, &searcher);
        self.inner
            .cv_schema
            .search(&searcher, query, &self.inner.cv_tables)
    }

    pub fn employer_names_sync(&self, query: &EmployerNameQuery) -> Result<EmployerNames> {
        let searcher = self.inner.vacancies.live()?.reader.searcher();
        retain_tables(&self.inner.vacancy_tables, &searcher);
        self.inner
            .vacancy_schema
            .employer_names(&searcher, query, &self.inner.vacancy_tables)
    }

    pub fn vacancy_counts_by_category_sync(
        &self,
        now: DateTime<Utc>,
    ) -> Result<BTreeMap<String, u64>> {
        let query = VacancyQuery {
            size: 0,
            now,
            ..VacancyQuery::default()
        };
        Ok(self.search_vacancies_sync(&query)?.facets.category_codes)
    }

    /// Live vacancies for a CV, the best first, with their reasons (see [`crate::recommend`]).
    pub fn recommend_vacancies_sync(
        &self,
        query: &VacancyRecommendationQuery,
    ) -> Result<Vec<RecommendedVacancy>> {
        let searcher = self.inner.vacancies.live()?.reader.searcher();
        retain_tables(&self.inner.vacancy_tables, &searcher);
        let schema = &self.inner.vacancy_schema;
        let exclude = query.exclude.iter().map(|id| schema.id_term(id)).collect();
        let hits = schema.recommend(
            &searcher,
            &query.profile,
            exclude,
            query.size as usize,
            query.now,
            &self.inner.vacancy_tables,
        )?;
        Ok(hits
            .into_iter()
            .map(|(card, score, reasons)| RecommendedVacancy { card, score, reasons })
            .collect())
    }

    /// Live vacancies like a vacancy (see [`SimilarVacancyQuery`]), the most similar first.
    pub fn similar_vacancies_sync(&self, query: &SimilarVacancyQuery) -> Result<Vec<VacancyHit>> {
        let searcher = self.inner.vacancies.live()?.reader.searcher();
        retain_tables(&self.inner.vacancy_tables, &searcher);
        self.inner
            .vacancy_schema
            .similar(&searcher, query, &self.inner.vacancy_tables)
    }

    /// CVs of the CV database for a vacancy's profile, the best first, with their reasons.
    pub fn match_cvs_sync(&self, query: &CvMatchQuery) -> Result<CvMatches> {
        let searcher = self.inner.cvs.live()?.reader.searcher();
        retain_tables(&self.inner.cv_tables, &searcher);
        self.inner
            .cv_schema
            .matches(&searcher, query, &self.inner.cv_tables)
    }

    /// The relevance bench's text-only baseline: live vacancies by the BM25 of every word of
    /// `text`, without field boosts (see `bench relevance`).
    pub fn text_baseline_sync(
        &self,
        text: &str,
        size: usize,
        now: DateTime<Utc>,
    ) -> Result<Vec<crate::model::VacancyCard>> {
        let searcher = self.inner.vacancies.live()?.reader.searcher();
        retain_tables(&self.inner.vacancy_tables, &searcher);
        self.inner
            .vacancy_schema
            .text_baseline(&searcher, text, size, now, &self.inner.vacancy_tables)
    }

    /// The score each CV has for `profile`, as [`Self::match_cvs_sync`] ranks by, also for CVs
    /// that are not in the CV index.
    pub fn score_cvs_sync(&self, profile: &MatchProfile, docs: &[CvDoc]) -> Result<Vec<f32>> {
        let searcher = self.inner.cvs.live()?.reader.searcher();
        self.inner.cv_schema.scores(&searcher, profile, docs)
    }

    /// How many recent vacancy results to keep (default 256; 0 turns the cache off, which
    /// benchmarks do to time the search itself). Cached results are exact: see the cache's
    /// module documentation.
    pub fn set_result_cache_capacity(&self, capacity: usize) {
        self.inner.results.set_capacity(capacity);
    }

    /// Starts a full rebuild of one index into a fresh generation, invisible to searches
    /// until [`Rebuild::finish`].
    ///
    /// Changes keep flowing into the live index meanwhile and are not carried over, so the
    /// caller must make sure the new index sees them:
    /// 1. note `started = now() - margin` from the database clock *before* reading the first
    ///    row (the margin covers transactions that set `updated_at` earlier but committed
    ///    later; their longest runtime is enough);
    /// 2. add every current document with [`Rebuild::add_vacancies`] / [`Rebuild::add_cvs`];
    /// 3. [`Rebuild::finish`] — from now on every process searches and writes the new index;
    /// 4. re-queue the index jobs of every row with `updated_at >= started` (including rows
    ///    deleted or hidden since, which the jobs turn into deletions).
    ///
    /// Between 3 and 4 the new index can lag by those few changes for a moment, never lose
    /// them; the periodic reconciliation covers a crash between 3 and 4.
    pub fn begin_rebuild(&self, kind: IndexKind) -> Result<Rebuild> {
        let generation = self.handle(kind).new_generation()?;
        Ok(Rebuild {
            engine: self.clone(),
            kind,
            generation,
        })
    }

    fn handle(&self, kind: IndexKind) -> &IndexHandle {
        match kind {
            IndexKind::Vacancies => &self.inner.vacancies,
            IndexKind::Cvs => &self.inner.cvs,
        }
    }

    async fn blocking<T, F>(&self, work: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&TantivyEngine) -> Result<T> + Send + 'static,
    {
        let engine = self.clone();
        tokio::task::spawn_blocking(move || work(&engine)).await?
    }
}

/// A full rebuild of one index in progress; see [`TantivyEngine::begin_rebuild`].
/// Dropping it without [`Rebuild::finish`] abandons the new generation.
pub struct Rebuild {
    engine: TantivyEngine,
    kind: IndexKind,
    generation: Generation,
}

impl Rebuild {
    /// Adds vacancies to the new index; only for a rebuild of [`IndexKind::Vacancies`].
    pub fn add_vacancies(&self, docs: &[VacancyDoc]) -> Result<()> {
        if self.kind != IndexKind::Vacancies {
            return Err(SearchError::Misuse(
                "this rebuild is not of the vacancy index",
            ));
        }
        let schema = &self.engine.inner.vacancy_schema;
        self.generation.stage(|writer| {
            for doc in docs {
                writer.delete_term(schema.id_term(&doc.card.vacancy_id));
                writer.add_document(schema.document(doc)?)?;
            }
            Ok(())
        })
    }

    /// Adds CVs to the new index; only for a rebuild of [`IndexKind::Cvs`].
    pub fn add_cvs(&self, docs: &[CvDoc]) -> Result<()> {
        if self.kind != IndexKind::Cvs {
            return Err(SearchError::Misuse("this rebuild is not of the cv index"));
        }
        let schema = &self.engine.inner.cv_schema;
        self.generation.stage(|writer| {
            for doc in docs {
                writer.delete_term(schema.id_term(&doc.card.cv_id));
                writer.add_document(schema.document(doc)?)?;
            }
            Ok(())
        })
    }

    /// Commits the new index and atomically makes it the live one.
    pub fn finish(self) -> Result<()> {
        self.engine.handle(self.kind).swap_in(self.generation)
    }
}

#[async_trait]
impl SearchEngine for TantivyEngine {
    async fn upsert_vacancies(&self, docs: Vec<VacancyDoc>) -> Result<()> {
        self.blocking(move |engine| engine.upsert_vacancies_sync(&docs))
            .await
    }

    async fn delete_vacancies(&self, ids: Vec<Uuid>) -> Result<()> {
        self.blocking(move |engine| engine.delete_vacancies_sync(&ids))
            .await
    }

    async fn upsert_cvs(&self, docs: Vec<CvDoc>) -> Result<()> {
        self.blocking(move |engine| engine.upsert_cvs_sync(&docs))
            .await
    }

    async fn delete_cvs(&self, ids: Vec<Uuid>) -> Result<()> {
        self.blocking(move |engine| engine.delete_cvs_sync(&ids))
            .await
    }

    async fn commit(&self) -> Result<()> {
        self.blocking(|engine| engine.commit_sync()).await
    }

    fn vacancy_version(&self) -> Option<(u64, u64)> {
        let generation = self.inner.vacancies.live().ok()?;
        let searcher = generation.reader.searcher();
        Some((generation.serial, searcher.generation().generation_id()))
    }

    async fn search_vacancies(&self, query: VacancyQuery) -> Result<VacancyResults> {
        self.blocking(move |engine| engine.search_vacancies_sync(&query))
            .await
    }

    async fn match_vacancies(
        &self,
        docs: Vec<VacancyDoc>,
        queries: Vec<VacancyQuery>,
    ) -> Result<Vec<Vec<Uuid>>> {
        self.blocking(move |engine| engine.match_vacancies_sync(&docs, &queries))
            .await
    }

    async fn search_cvs(&self, query: CvQuery) -> Result<CvResults> {
        self.blocking(move |engine| engine.search_cvs_sync(&query))
            .await
    }

    async fn employer_names(&self, query: EmployerNameQuery) -> Result<EmployerNames> {
        self.blocking(move |engine| engine.employer_names_sync(&query))
            .await
    }

    async fn vacancy_counts_by_category(
        &self,
        now: DateTime<Utc>,
    ) -> Result<BTreeMap<String, u64>> {
        self.blocking(move |engine| engine.vacancy_counts_by_category_sync(now))
            .await
    }

    async fn recommend_vacancies(
        &self,
        query: VacancyRecommendationQuery,
    ) -> Result<Vec<RecommendedVacancy>> {
        self.blocking(move |engine| engine.recommend_vacancies_sync(&query))
            .await
    }

    async fn similar_vacancies(&self, query: SimilarVacancyQuery) -> Result<Vec<VacancyHit>> {
        self.blocking(move |engine| engine.similar_vacancies_sync(&query))
            .await
    }

    async fn match_cvs(&self, query: CvMatchQuery) -> Result<CvMatches> {
        self.blocking(move |engine| engine.match_cvs_sync(&query))
            .await
    }

    async fn score_cvs(&self, profile: MatchProfile, docs: Vec<CvDoc>) -> Result<Vec<f32>> {
        self.blocking(move |engine| engine.score_cvs_sync(&profile, &docs))
            .await
    }

    async fn begin_rebuild(&self, kind: IndexKind) -> Result<Box<dyn IndexRebuild>> {
        let rebuild = self.blocking(move |engine| TantivyEngine::begin_rebuild(engine, kind)).await?;
        Ok(Box::new(BlockingRebuild { rebuild: Some(rebuild) }))
    }

    fn replaced_indexes(&self) -> Vec<IndexKind> {
        TantivyEngine::replaced_indexes(self)
    }

    fn name(&self) -> &'static str {
        "tantivy"
    }
}

/// A [`Rebuild`] whose writes run on the blocking pool, behind the engine-neutral trait.
struct BlockingRebuild {
    /// `None` only while a write has it on the blocking pool.
    rebuild: Option<Rebuild>,
}

impl BlockingRebuild {
    async fn with<F>(&mut self, work: F) -> Result<()>
    where
        F: FnOnce(&Rebuild) -> Result<()> + Send + 'static,
    {
        let rebuild = self
            .rebuild
            .take()
            .ok_or(SearchError::Misuse("a failed rebuild cannot go on"))?;
        let rebuild = tokio::task::spawn_blocking(move || work(&rebuild).map(|()| rebuild)).await??;
        self.rebuild = Some(rebuild);
        Ok(())
    }
}

#[async_trait]
impl IndexRebuild for BlockingRebuild {
    async fn add_vacancies(&mut self, docs: Vec<VacancyDoc>) -> Result<()> {
        self.with(move |rebuild| rebuild.add_vacancies(&docs)).await
    }

    async fn add_cvs(&mut self, docs: Vec<CvDoc>) -> Result<()> {
        self.with(move |rebuild| rebuild.add_cvs(&docs)).await
    }

    async fn finish(mut self: Box<Self>) -> Result<()> {
        let rebuild = self
            .rebuild
            .take()
            .ok_or(SearchError::Misuse("a failed rebuild cannot go on"))?;
        tokio::task::spawn_blocking(move || rebuild.finish()).await?
    }
}
