//! The state every handler shares.

use std::sync::Arc;

use domain::billing::provider::PaymentProvider;
use domain::billing::seller::Seller;
use domain::platform::config::Config;
use domain::files::FileStore;
use domain::platform::mail::Mailer;
use domain::platform::reference::ReferenceCache;
use metrics_exporter_prometheus::PrometheusHandle;
use search::SearchEngine;
use sqlx::PgPool;

use crate::rate_limit::{RateLimiter, RateLimits};
use crate::search_cache::SearchCache;

/// The state every handler shares: one `Arc`, so that the clone axum makes for each extractor and
/// layer of each request is one reference count (cloning the parts, a dozen `Arc`s and pools, was
/// ~2 % of the machine in the long-tail search benchmark). Its parts are read through `Deref`.
#[derive(Clone)]
pub struct AppState(Arc<AppStateParts>);

impl AppState {
    pub fn new(parts: AppStateParts) -> AppState {
        AppState(Arc::new(parts))
    }

    /// The parts to change before the state is shared (a copy of them if it already is).
    pub fn parts_mut(&mut self) -> &mut AppStateParts {
        Arc::make_mut(&mut self.0)
    }
}

impl std::ops::Deref for AppState {
    type Target = AppStateParts;

    fn deref(&self) -> &AppStateParts {
        &self.0
    }
}

#[derive(Clone)]
pub struct AppStateParts {
    /// The Postgres pool: source of truth for everything.
    pub pool: PgPool,
    /// The pool of the read-heavy public pages (vacancy page, company page, reference data):
    /// a replica's when `DATABASE_READ_URL` is set, otherwise the same pool as `pool`. It may
    /// lag behind `pool` by the replica's delay, so nothing that must read its own write uses it.
    pub read_pool: PgPool,
    /// Redis-backed counters for per-IP limits.
    pub limiter: RateLimiter,
    /// The limits the limiter enforces (tests lower them).
    pub limits: Arc<RateLimits>,
    /// Typed configuration; secrets inside never print.
    pub config: Arc<Config>,
    /// Where e-mail goes: SMTP or the dev outbox.
    pub mailer: Mailer,
    /// Renders `/metrics`.
    pub metrics: PrometheusHandle,
    /// Vacancy and CV search (`SEARCH_ENGINE`); the in-process worker writes through and
    /// rebuilds the same engine.
    pub search: Arc<dyn SearchEngine>,
    /// Uploaded files: DATA_DIR/files, or the object store of `FILES_URL`.
    pub files: FileStore,
    /// The online payment provider; none when online payments are off.
    pub payments: Option<Arc<dyn PaymentProvider>>,
    /// The seller's details and bank account (`SELLER_*`).
    pub seller: Arc<Seller>,
    /// Chat events to the users' live streams, across processes through Redis pub/sub.
    pub live: crate::live::Live,
    /// The reference tables a search needs (codes, salary period labels), in memory.
    pub reference: ReferenceCache,
    /// Visitors' search answers, kept until the index changes.
    pub search_cache: SearchCache,
}

impl AppStateParts {
    pub fn secret(&self) -> &[u8] {
        self.config.app_secret.expose().as_bytes()
    }

    /// The payment provider as the billing flow takes it.
    pub fn payment_provider(&self) -> Option<&dyn PaymentProvider> {
        self.payments.as_deref()
    }
}
