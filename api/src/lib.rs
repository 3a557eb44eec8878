//! The `vakants` HTTP API: routes by area, extractors, error mapping, OpenAPI, static web serving.

pub mod api_keys;
pub mod backup;
pub mod download;
pub mod error;
pub mod live;
pub mod monitoring;
pub mod openapi;
pub mod rate_limit;
pub mod redis_link;
pub mod routes;
pub mod search_cache;
pub mod security_headers;
pub mod seo;
pub mod session;
pub mod state;
pub mod web;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use domain::accounts::Role;
use domain::platform::config::Config;
use domain::platform::mail::Mailer;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use search::{AccessMode, MeiliEngine, SearchEngine, TantivyEngine};
use domain::platform::config::SearchEngineConfig;
use anyhow::Context;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::error::{ApiError, LoggedError};
use crate::rate_limit::{RateLimiter, RateLimits};
use crate::state::AppState;

/// The build this server runs; sent as `x-build-version` on every API response so the web can ask
/// for a reload when it differs from the build the page was loaded with.
pub const BUILD_VERSION: &str = match option_env!("VAKANTS_BUILD_VERSION") {
    Some(v) => v,
    None => env!("CARGO_PKG_VERSION"),
};
pub const BUILD_VERSION_HEADER: &str = "x-build-version";
/// Largest JSON body accepted; uploads have their own limits.
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;
/// Largest body of the open and sign-in calls (the searches allow
/// [`routes::search::SEARCH_BODY_LIMIT`]).
pub const OPEN_BODY_LIMIT: usize = 16 * 1024;

/// Which roles each area of the API needs (spec 1 section 6, spec 2 section 6). An empty list means
/// "signed in". The guard runs before routing inside the area, so an unknown path of a guarded area
/// answers 401/403 like a known one and reveals nothing.
const AREAS: [(&str, &[Role]); 4] = [
    ("/api/user/", &[]),
    ("/api/applicant/", &[Role::Applicant]),
    ("/api/employer/", &[Role::Employer]),
    ("/api/admin/", &[Role::Admin, Role::Supervisor]),
];
const OPEN_ADMIN_PATHS: [&str; 1] = ["/api/admin/be-original"];
/// Paths inside an area that any signed-in account calls: an applicant's own invoice is paid online
/// as a company's is, and the return page asks that payment's state (the handler finds the payer).
const ANY_ACCOUNT_PREFIXES: [&str; 1] = ["/api/employer/payment/"];

/// The area's role check; a request with an API key (no session) passes into an area only to the
/// operations of the key's scope (`api_keys::KEY_OPERATIONS`), and gets 403 for any other, known or
/// not. Outside the areas (open, sign-in, files) a key's request is an anonymous one.
async fn area_guard(State(scope): State<Arc<api_keys::KeyScope>>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    let with_key = request.extensions().get::<session::RequestContext>().is_some_and(|c| c.api_key.is_some());
    if with_key {
        let in_area = OPEN_ADMIN_PATHS.contains(&path.as_str()) || AREAS.iter().any(|(prefix, _)| path.starts_with(prefix));
        let matched = request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_string());
        if in_area && !matched.is_some_and(|m| scope.allows(request.method(), &m)) {
            return ApiError(domain::Error::forbidden()).into_response();
        }
        return next.run(request).await;
    }
    if OPEN_ADMIN_PATHS.contains(&path.as_str()) || ANY_ACCOUNT_PREFIXES.iter().any(|prefix| path.starts_with(prefix)) {
        return session::require_any_role(&[], request, next).await;
    }
    match AREAS.iter().find(|(prefix, _)| path.starts_with(prefix)) {
        Some((_, roles)) => session::require_any_role(roles, request, next).await,
        None => next.run(request).await,
    }
}

/// Records request metrics and logs server-side failures with the request id.
async fn observe(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let route = request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_string()).unwrap_or_else(|| "unmatched".into());
    let request_id = request
        .extensions()
        .get::<RequestId>()
        .and_then(|id| id.header_value().to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    let group = monitoring::route_group(&route);
    metrics::counter!("http_requests_total", "method" => method.to_string(), "route" => route.clone(), "group" => group, "status" => status)
        .increment(1);
    metrics::histogram!("http_request_duration_seconds", "method" => method.to_string(), "route" => route.clone(), "group" => group)
        .record(started.elapsed().as_secs_f64());
    if let Some(LoggedError(detail)) = response.extensions_mut().remove::<LoggedError>() {
        tracing::error!(request_id = %request_id, method = %method, route = %route, error = %detail, "request failed");
    }
    response
}

/// What the logs say a request asked for: its route template (`/api/open/calendar/{file}`), or a
/// page's pattern, never the path or query it came with — those carry calendar-feed, unsubscribe
/// and sign-in tokens.
fn logged_route(request: &Request) -> String {
    match request.extensions().get::<MatchedPath>() {
        Some(matched) => matched.as_str().to_string(),
        None => web::page_pattern(request.uri().path()).unwrap_or_else(|| "web".to_string()),
    }
}

async fn build_version_header(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .insert(HeaderName::from_static(BUILD_VERSION_HEADER), HeaderValue::from_static(BUILD_VERSION));
    response
}

/// The calls that may take longer than `REQUEST_TIMEOUT_SECS`: uploads (up to 50 MiB from a slow
/// line) and the personal-data export (reads every file of the user).
fn is_long_call(method: &axum::http::Method, path: &str) -> bool {
    let upload = *method == axum::http::Method::POST
        && (path.starts_with("/api/user/upload")
            || (path.starts_with("/api/applicant/cv/") && path.ends_with("/pdf"))
            || path == "/api/employer/vacancies/vacancy-branding");
    upload || (*method == axum::http::Method::GET && path == "/api/user/my-data")
}

/// Answers 503 `service_unavailable` (the app's error body) when a request is not answered within
/// `REQUEST_TIMEOUT_SECS` (30 s), or `UPLOAD_TIMEOUT_SECS` (120 s) for [`is_long_call`]s; the
/// handler is dropped (a transaction in it rolls back). Hand-written around `tokio::time::timeout`
/// rather than tower-http's `TimeoutLayer`, which answers an empty body and has one bound per layer
/// while the upload routes sit in several nested routers.
async fn time_limit(State(config): State<Arc<Config>>, request: Request, next: Next) -> Response {
    let bound = if is_long_call(request.method(), request.uri().path()) { config.upload_timeout } else { config.request_timeout };
    match tokio::time::timeout(bound, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            let mut response = ApiError::code(domain::platform::error::ErrorCode::ServiceUnavailable).into_response();
            response.extensions_mut().insert(LoggedError(format!("request not answered within {} s", bound.as_secs())));
            response
        }
    }
}

/// Answers smaller than this go uncompressed: the encoding's framing would eat the gain.
pub const COMPRESS_ABOVE: u16 = 1024;

/// The media types worth compressing: text that the server writes. Files (images, PDFs,
/// archives) are already compressed or binary, and the live stream (`text/event-stream`) must
/// reach the browser event by event, so neither is listed.
const COMPRESSIBLE: [&str; 11] = [
    "application/json",
    "application/manifest+json",
    "text/html",
    "text/plain",
    "text/css",
    "text/javascript",
    "application/javascript",
    "image/svg+xml",
    "application/xml",
    "text/xml",
    "text/calendar",
];

fn compressible(headers: &axum::http::HeaderMap) -> bool {
    let Some(content_type) = headers.get(axum::http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = content_type.split(';').next().unwrap_or("").trim();
    COMPRESSIBLE.iter().any(|t| essence.eq_ignore_ascii_case(t))
}

/// br or gzip, as the client accepts, for text answers of at least [`COMPRESS_ABOVE`] bytes.
pub fn compression() -> CompressionLayer<impl tower_http::compression::Predicate> {
    use tower_http::compression::Predicate;
    use tower_http::compression::predicate::SizeAbove;
    let text = |_: axum::http::StatusCode, _: axum::http::Version, headers: &axum::http::HeaderMap, _: &axum::http::Extensions| compressible(headers);
    CompressionLayer::new().compress_when(SizeAbove::new(COMPRESS_ABOVE).and(text))
}

async fn api_not_found() -> ApiError {
    ApiError(domain::Error::not_found())
}

/// The API's routes with their OpenAPI description.
pub fn api_router(dev_mode: bool) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let mut router = OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .nest("/api/auth", routes::auth::router().layer(DefaultBodyLimit::max(OPEN_BODY_LIMIT)))
        .nest("/api/open", routes::open::router().merge(routes::search::open_router()).merge(routes::pages::open_router()).merge(routes::applicant::open_router()).merge(routes::locations::open_router()).merge(routes::calendar_feed::open_router()).merge(routes::cv_base::open_router()).merge(routes::recommendations::open_router()).merge(routes::alerts::open_router()).merge(routes::moderation::open_router()).layer(DefaultBodyLimit::max(OPEN_BODY_LIMIT)))
        .nest("/api/applicant", routes::applicant::router().merge(routes::cvs::applicant_router()).merge(routes::interviews::applicant_router()).merge(routes::employer_billing::applicant_router()).merge(routes::cv_base::applicant_router()))
        .nest("/api/files", routes::pages::files_router())
        .nest("/api/payment", routes::payments::open_router().layer(DefaultBodyLimit::max(OPEN_BODY_LIMIT)))
        .nest("/api/user", routes::payments::user_router().merge(routes::user::router()).merge(routes::cvs::user_router()).merge(routes::calendar::user_router()).merge(routes::calendar_feed::user_router()).merge(routes::files::router()).merge(routes::mydata::router()).merge(routes::applicant::user_router()).merge(routes::invoices::router()).merge(routes::invoice_documents::router()).merge(routes::employer_applications::user_router()).merge(routes::chats::user_router()).merge(routes::recommendations::user_router()).merge(routes::alerts::user_router()).merge(routes::moderation::user_router()))
        .nest("/api/employer", routes::companies::router().merge(routes::search::employer_router()).merge(routes::cv_base::router()).merge(routes::employer_interviews::router()).merge(routes::working_hours::router()).merge(routes::employer_vacancies::router()).merge(routes::employer_vacancy_document::router()).merge(routes::employer_billing::router()).merge(routes::payments::employer_router()).merge(routes::employer_applications::router()).merge(routes::chats::employer_router()).merge(routes::my_company::router()).merge(routes::api_keys::router()).merge(routes::recommendations::employer_router()).merge(routes::market::employer_router()))
        .nest("/api/admin", routes::admin::router().merge(routes::admin::way_back_router()).merge(routes::bank_statements::router()).merge(routes::admin_billing::router()).merge(routes::admin_audit::router()).merge(routes::admin_administrators::router()).merge(routes::admin_people::router()).merge(routes::admin_dashboard::router()).merge(routes::admin_companies::router()).merge(routes::market::admin_router()).merge(routes::moderation::admin_router()));
    if dev_mode {
        router = router.nest("/api/dev", routes::dev::router().merge(routes::payment_sandbox::router()));
    }
    let (router, mut doc) = router.split_for_parts();
    openapi::declare_common_responses(&mut doc);
    api_keys::mark_key_operations(&mut doc);
    (router, doc)
}

/// The whole app: API, operator endpoints and the built web app.
pub fn router(state: AppState) -> Router {
    let (api, openapi) = api_router(state.config.is_dev());
    let key_scope = Arc::new(api_keys::scope(&openapi));
    let prod = !state.config.is_dev();
    let openapi = Arc::new(openapi);
    let openapi_json = {
        let doc = openapi.clone();
        get(move || async move { axum::Json(doc.as_ref().clone()) })
    };
    let api = api
        .route("/api/openapi.json", openapi_json)
        .merge(openapi::docs_router())
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .layer(middleware::from_fn_with_state(key_scope, area_guard))
        .layer(middleware::from_fn_with_state(state.clone(), session::middleware))
        .layer(middleware::from_fn(build_version_header))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT));

    let web = web::router(&state);

    Router::new()
        .merge(api)
        .merge(routes::ops::router())
        .merge(seo::router())
        .fallback_service(web)
        .layer(middleware::from_fn_with_state(state.config.clone(), time_limit))
        .layer(middleware::from_fn(observe))
        // inside compression: it writes an error's body again, in the request's language
        .layer(middleware::from_fn(error::in_user_language))
        .layer(compression())
        .layer(CatchPanicLayer::custom(|_| {
            let mut response = ApiError(anyhow::anyhow!("handler panicked").into()).into_response();
            response.extensions_mut().remove::<LoggedError>();
            tracing::error!("handler panicked");
            response
        }))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(TraceLayer::new_for_http().make_span_with(|request: &Request| {
            let request_id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("");
            tracing::info_span!("http", method = %request.method(), route = %logged_route(request), request_id = %request_id)
        }))
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(state)
        // OUTERMOST, keep it last: security headers on every answer, those of the layers above included
        .layer(middleware::map_response_with_state(security_headers::Mode { prod }, security_headers::apply))
}

/// How often the recorder's upkeep runs (the exporter's own default when it installs itself).
pub const METRICS_UPKEEP: Duration = Duration::from_secs(5);

/// The name of the thread that runs the recorder's upkeep.
pub const METRICS_UPKEEP_THREAD: &str = "metrics-upkeep";

/// The process-wide Prometheus recorder (installed once, shared by every app in the process).
///
/// A recorder made with `build_recorder` keeps every histogram observation in a pending buffer
/// until something drains it: a scrape of `/metrics` or `PrometheusHandle::run_upkeep`. Without
/// a scraper the buffer grows by a value per request, without bound (the crate's documentation;
/// metrics-rs/metrics#467), so a thread of its own drains it every [`METRICS_UPKEEP`]: a thread
/// rather than a task, because tests build many runtimes in one process and a task would end
/// with the first. (It is not what grows the heap in `bench soak` after minute 7: that growth
/// stayed, more slowly, once this thread was in; see bench/results/2026-11-28-soak.md.)
pub fn metrics_handle() -> PrometheusHandle {
    static HANDLE: std::sync::OnceLock<PrometheusHandle> = std::sync::OnceLock::new();
    HANDLE
        .get_or_init(|| {
            // buckets rather than the exporter's default summaries: quantiles over several
            // nodes and any window come from buckets (`histogram_quantile` in the alert rules)
            let builder = PrometheusBuilder::new()
                .set_buckets(monitoring::LATENCY_BUCKETS)
                .expect("the latency buckets are not empty");
            let recorder = builder.build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_ok() {
                monitoring::register();
            }
            let upkeep = handle.clone();
            let started = std::thread::Builder::new().name(METRICS_UPKEEP_THREAD.into()).spawn(move || {
                loop {
                    std::thread::sleep(METRICS_UPKEEP);
                    upkeep.run_upkeep();
                }
            });
            if let Err(err) = started {
                tracing::error!(error = %err, "the metrics upkeep thread did not start: histograms grow until /metrics is scraped");
            }
            handle
        })
        .clone()
}

pub struct BuildOptions {
    pub redis_prefix: String,
    pub limits: RateLimits,
    pub max_connections: u32,
    /// Writer when this process runs the index worker; Reader when another process does.
    pub index_access: AccessMode,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            redis_prefix: "vakants:".into(),
            limits: RateLimits::default(),
            max_connections: 21,
            index_access: AccessMode::Writer,
        }
    }
}

/// Where the search indexes live.
pub fn index_dir(config: &Config) -> std::path::PathBuf {
    config.data_dir.join("index")
}

/// Opens the search engine of `SEARCH_ENGINE`: the tantivy index under `DATA_DIR/index` (as the
/// writer when this process runs the worker, otherwise as a reader), or the Meilisearch server
/// every node shares (`access` does not matter there: any node may write, the worker does).
pub async fn open_engine(config: &Config, access: AccessMode) -> anyhow::Result<Arc<dyn SearchEngine>> {
    match &config.search_engine {
        SearchEngineConfig::Tantivy => {
            let index = index_dir(config);
            let engine = tokio::task::spawn_blocking(move || TantivyEngine::open(&index, access)).await??;
            Ok(Arc::new(engine))
        }
        SearchEngineConfig::Meilisearch { url, key, index_prefix } => {
            let engine = MeiliEngine::connect(url, key.as_ref().map(|k| k.expose()), index_prefix)
                .await
                .with_context(|| format!("connecting to Meilisearch at {url} (SEARCH_ENGINE=meilisearch)"))?;
            Ok(Arc::new(engine))
        }
    }
}

pub async fn build_state(config: Config, options: BuildOptions) -> anyhow::Result<AppState> {
    let pool = domain::platform::db::connect(config.database_url.expose(), options.max_connections).await?;
    let read_pool = match &config.database_read_url {
        Some(url) => domain::platform::db::connect(url.expose(), options.max_connections)
            .await
            .context("connecting to the read replica (DATABASE_READ_URL)")?,
        None => pool.clone(),
    };
    let redis_client = redis::Client::open(config.redis_url.expose())?;
    let redis = redis_link::RedisLink::new(redis_client.clone());
    // Redis answers at start (a misconfigured URL is found now); later outages are survived
    redis.connection().await.ok_or_else(|| anyhow::anyhow!("redis does not answer"))?;
    let live = live::Live::start(redis_client, redis.clone(), &options.redis_prefix);
    let mailer = Mailer::from_config(&config, pool.clone())?;
    let limits = if config.relaxed_rate_limits { options.limits.relaxed() } else { options.limits };
    let files = domain::files::FileStore::from_config(&config)?;
    let engine = open_engine(&config, options.index_access).await?;
    let (seller, defaulted) = domain::billing::seller::Seller::from_env()?;
    if !config.is_dev() {
        for variable in defaulted {
            tracing::warn!(variable, "the seller's detail on invoices is the built-in default: set it");
        }
    }
    Ok(AppState::new(state::AppStateParts {
        seller: Arc::new(seller),
        search: engine,
        files,
        pool,
        read_pool,
        limiter: RateLimiter::new(redis, options.redis_prefix),
        live,
        limits: Arc::new(limits),
        payments: domain::billing::provider::from_config(&config, config.bind),
        config: Arc::new(config),
        mailer,
        metrics: metrics_handle(),
        reference: domain::platform::reference::ReferenceCache::default(),
        search_cache: search_cache::SearchCache::default(),
    }))
}

/// File descriptors kept out of the connection limit for everything else the process opens:
/// Postgres and Redis connections, files being read or written, the PDF child processes' pipes,
/// the search index. The reserve is this many, or an eighth of the descriptor limit when that is more.
pub const DESCRIPTOR_RESERVE: u64 = 256;
/// The fewest connections the server serves, however low the descriptor limit.
const MIN_CONNECTIONS: usize = 16;

/// The process's soft limit of open file descriptors (`RLIMIT_NOFILE`), raised to its hard limit
/// first when `raise` (as `vakants serve` does at start: the soft limit is often 1024 while the
/// hard one allows far more). None when it cannot be read.
pub fn descriptor_limit(raise: bool) -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit only read or write the struct they are given
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return None;
    }
    if raise && limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            limit = raised;
        }
    }
    Some(limit.rlim_cur)
}

/// How many client connections the server holds at once: the descriptor limit less its reserve
/// ([`DESCRIPTOR_RESERVE`]), so the process runs out of connection slots before it runs out of
/// descriptors, or `CONNECTION_LIMIT` when that is lower. (Unknown descriptors count as the
/// common soft limit of 1024.)
pub fn connection_limit(configured: Option<usize>, descriptors: Option<u64>) -> usize {
    let descriptors = descriptors.unwrap_or(1024);
    let free = descriptors.saturating_sub(DESCRIPTOR_RESERVE.max(descriptors / 8));
    let by_descriptors = usize::try_from(free).unwrap_or(usize::MAX).max(MIN_CONNECTIONS);
    configured.map_or(by_descriptors, |configured| configured.min(by_descriptors))
}

/// What a connection past the limit gets before it is closed: a 503 in the error format.
fn refusal() -> Vec<u8> {
    use domain::platform::error::ErrorCode;
    let body = serde_json::json!({ "message": ErrorCode::ServiceUnavailable.default_message(), "code": ErrorCode::ServiceUnavailable.as_str() }).to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: {REFUSED_RETRY_AFTER_SECS}\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The Retry-After of a refused connection, in seconds.
const REFUSED_RETRY_AFTER_SECS: u64 = 5;

/// A bound, ready-to-serve app; `port()` tells where (tests bind port 0).
pub struct Application {
    listener: TcpListener,
    state: AppState,
}

impl Application {
    /// Binds `address`; in dev mode the sandbox payment provider is then the app's own at the
    /// address it got (port 0 picks one).
    pub async fn bind(mut state: AppState, address: SocketAddr) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(address).await?;
        state.parts_mut().payments = domain::billing::provider::from_config(&state.config, listener.local_addr()?);
        Ok(Application { listener, state })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` resolves, then stops accepting, lets in-flight requests finish for
    /// `SHUTDOWN_GRACE_SECS` (8 s) and drops the connections still open. Each connection has
    /// `HEADER_READ_TIMEOUT_SECS` (10 s) to send a request head, which also bounds how long an idle
    /// keep-alive connection stays open (hyper starts the timer whenever it waits for a head).
    /// At most [`connection_limit`] connections are open at once: one past it is answered 503
    /// (best effort, without reading it) and closed at once, so descriptors never run out and the
    /// connections already open keep being served.
    pub async fn serve(self, shutdown: impl std::future::Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
        use hyper_util::server::conn::auto;
        use tower::ServiceExt;

        let config = self.state.config.clone();
        let live = self.state.live.clone();
        let app = router(self.state);
        let mut builder = auto::Builder::new(TokioExecutor::new()).http1_only();
        builder.http1().timer(TokioTimer::new()).header_read_timeout(config.header_read_timeout).keep_alive(true);
        // an unlimited descriptor limit must not ask the semaphore for more than it counts
        let limit = connection_limit(config.connection_limit, descriptor_limit(false)).min(tokio::sync::Semaphore::MAX_PERMITS);
        let slots = Arc::new(tokio::sync::Semaphore::new(limit));
        let refusal = refusal();
        let mut refusals_logged_at: Option<Instant> = None;
        tracing::info!(connection_limit = limit, "accepting connections");
        let graceful = hyper_util::server::graceful::GracefulShutdown::new();
        // connection tasks: aborted when the set is shut down after the grace period
        let mut connections = tokio::task::JoinSet::new();
        let mut shutdown = std::pin::pin!(shutdown);
        loop {
            tokio::select! {
                accepted = self.listener.accept() => {
                    let (stream, peer) = match accepted {
                        Ok(accepted) => accepted,
                        Err(err) => {
                            // e.g. out of file descriptors: wait rather than spin
                            tracing::warn!(error = %err, "accepting a connection failed");
                            tokio::time::sleep(Duration::from_secs(1)).await;
                            continue;
                        }
                    };
                    let Ok(slot) = slots.clone().try_acquire_owned() else {
                        // full: answer without reading and close, rather than let it wait unserved
                        let _ = stream.try_write(&refusal);
                        drop(stream);
                        metrics::counter!("http_connections_refused_total").increment(1);
                        if refusals_logged_at.is_none_or(|at| at.elapsed() >= Duration::from_secs(60)) {
                            refusals_logged_at = Some(Instant::now());
                            tracing::warn!(connection_limit = limit, %peer, "connection limit reached: new connections are refused (logged once a minute)");
                        }
                        continue;
                    };
                    let _ = stream.set_nodelay(true);
                    let app = app.clone();
                    let service = hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
                        request.extensions_mut().insert(ConnectInfo(peer));
                        app.clone().oneshot(request)
                    });
                    let connection = graceful.watch(builder.serve_connection_with_upgrades(TokioIo::new(stream), service).into_owned());
                    connections.spawn(async move {
                        let _slot = slot;
                        if let Err(err) = connection.await {
                            tracing::debug!(error = %err, %peer, "connection ended with an error");
                        }
                    });
                }
                Some(_) = connections.join_next(), if !connections.is_empty() => {}
                () = &mut shutdown => break,
            }
        }
        drop(self.listener);
        // live streams never finish on their own: end them so they do not hold the grace period
        live.close();
        let open = connections.len();
        tracing::info!(connections = open, grace_secs = config.shutdown_grace.as_secs(), "shutting down: no new connections");
        if tokio::time::timeout(config.shutdown_grace, graceful.shutdown()).await.is_err() {
            tracing::warn!(connections = connections.len(), "connections still open after the grace period are dropped");
        }
        connections.shutdown().await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connection_limit_keeps_a_reserve_of_descriptors() {
        assert_eq!(connection_limit(None, Some(1024)), 768, "a reserve of 256");
        assert_eq!(connection_limit(None, Some(65_536)), 57_344, "an eighth of a large limit");
        assert_eq!(connection_limit(Some(3), Some(65_536)), 3, "configured lower");
        assert_eq!(connection_limit(Some(100_000), Some(1024)), 768, "never past the descriptors");
        assert_eq!(connection_limit(None, Some(100)), MIN_CONNECTIONS);
        assert_eq!(connection_limit(None, None), 768);
    }
}
