//! The seam between the search engines and their callers (worker, API, bench).
//!
//! Writes are batched: `upsert_*`/`delete_*` stage changes and only [`SearchEngine::commit`]
//! makes them visible, because a commit is expensive (segment flush + reader reload) and the
//! worker acknowledges its jobs only after the commit that contains them.

use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::Result;
use crate::IndexKind;
use crate::model::{
    CvDoc, CvQuery, CvResults, EmployerNameQuery, EmployerNames, VacancyDoc, VacancyHit,
    VacancyQuery, VacancyResults,
};
use crate::recommend::{
    CvMatchQuery, CvMatches, MatchProfile, RecommendedVacancy, SimilarVacancyQuery,
    VacancyRecommendationQuery,
};
use crate::SearchError;

/// A search engine holding the vacancy and the CV index.
///
/// Dyn-compatible: the API keeps an `Arc<dyn SearchEngine>` in its state.
#[async_trait]
pub trait SearchEngine: Send + Sync {
    /// Adds or replaces vacancies (by `vacancy_id`). Visible after the next [`Self::commit`].
    async fn upsert_vacancies(&self, docs: Vec<VacancyDoc>) -> Result<()>;

    /// Removes vacancies by id; unknown ids are ignored. Visible after the next commit.
    async fn delete_vacancies(&self, ids: Vec<Uuid>) -> Result<()>;

    /// Adds or replaces CVs (by `cv_id`). Visible after the next [`Self::commit`].
    async fn upsert_cvs(&self, docs: Vec<CvDoc>) -> Result<()>;

    /// Removes CVs by id; unknown ids are ignored. Visible after the next commit.
    async fn delete_cvs(&self, ids: Vec<Uuid>) -> Result<()>;

    /// Makes every staged change of both indexes durable and searchable.
    ///
    /// When it returns `Ok`, a search started afterwards sees the changes, so the worker may
    /// acknowledge the jobs of this batch.
    async fn commit(&self) -> Result<()>;

    /// The vacancy search of `POST /api/open/search`.
    async fn search_vacancies(&self, query: VacancyQuery) -> Result<VacancyResults>;

    /// What the vacancy searches read now: it changes with every commit and every rebuild
    /// swap, so a caller may keep a search's answer for as long as it stays the same (and the
    /// answer's [`VacancyResults::fresh_until`] has not passed). `None` when the engine cannot
    /// tell, and then nothing may be kept.
    fn vacancy_version(&self) -> Option<(u64, u64)> {
        None
    }

    /// The CV-database search of `POST /api/employer/search-cv`.
    async fn search_cvs(&self, query: CvQuery) -> Result<CvResults>;

    /// Business names of employers with active vacancies, for the autocomplete of
    /// `GET /api/open/search/employers/{countryCode}?search`.
    async fn employer_names(&self, query: EmployerNameQuery) -> Result<EmployerNames>;

    /// Active vacancies per category code (the `sizeCount` of `/api/open/categories`);
    /// categories without vacancies are absent.
    async fn vacancy_counts_by_category(&self, now: DateTime<Utc>)
    -> Result<BTreeMap<String, u64>>;

    /// "Vacancies for you": the live vacancies that fit a CV best, with their reasons (see
    /// [`crate::recommend`]). [`SearchError::Unsupported`] on an engine without recommendations.
    async fn recommend_vacancies(
        &self,
        query: VacancyRecommendationQuery,
    ) -> Result<Vec<RecommendedVacancy>> {
        let _ = query;
        Err(SearchError::Unsupported("recommendations"))
    }

    /// "Similar vacancies": live vacancies like one, not itself nor its company's copies.
    async fn similar_vacancies(&self, query: SimilarVacancyQuery) -> Result<Vec<VacancyHit>> {
        let _ = query;
        Err(SearchError::Unsupported("recommendations"))
    }

    /// "CVs for your vacancy": CVs of the CV database that fit a vacancy best, paged.
    async fn match_cvs(&self, query: CvMatchQuery) -> Result<CvMatches> {
        let _ = query;
        Err(SearchError::Unsupported("recommendations"))
    }

    /// The score each of `docs` has for `profile`, as [`Self::match_cvs`] ranks by (also for
    /// CVs not in the CV index), in the order of `docs`.
    async fn score_cvs(&self, profile: MatchProfile, docs: Vec<CvDoc>) -> Result<Vec<f32>> {
        let _ = (profile, docs);
        Err(SearchError::Unsupported("recommendations"))
    }

    /// Starts a full rebuild of one index into a fresh one that searches do not see until
    /// [`IndexRebuild::finish`] swaps it in atomically (tantivy: a new generation on disk;
    /// Meilisearch: a new index and `swap-indexes`). Writes keep going to the live index
    /// meanwhile and are not carried over: the caller re-queues what changed since it started
    /// (see [`crate::TantivyEngine::begin_rebuild`] for the steps).
    async fn begin_rebuild(&self, kind: IndexKind) -> Result<Box<dyn IndexRebuild>>;

    /// The indexes this engine found with another schema at open and started empty, so they
    /// need a full rebuild from Postgres (tantivy after an upgrade that changed a schema).
    fn replaced_indexes(&self) -> Vec<IndexKind> {
        Vec::new()
    }

    /// The engine's name as `SEARCH_ENGINE` spells it (`tantivy`, `meilisearch`).
    fn name(&self) -> &'static str;
}

/// A full rebuild of one index in progress; see [`SearchEngine::begin_rebuild`]. Dropping it
/// without [`IndexRebuild::finish`] leaves the live index as it was.
#[async_trait]
pub trait IndexRebuild: Send {
    /// Adds vacancies to the new index; only for a rebuild of [`IndexKind::Vacancies`].
    async fn add_vacancies(&mut self, docs: Vec<VacancyDoc>) -> Result<()>;

    /// Adds CVs to the new index; only for a rebuild of [`IndexKind::Cvs`].
    async fn add_cvs(&mut self, docs: Vec<CvDoc>) -> Result<()>;

    /// Makes the new index durable and atomically the live one.
    async fn finish(self: Box<Self>) -> Result<()>;
}
