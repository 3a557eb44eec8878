//! Typed configuration from environment variables. `VAKANTS_MODE` has no default: a server that
//! forgot it must not come up in dev mode (dev outbox, built-in secret, cookies without `Secure`).
//! Dev mode has defaults that make a local run work; prod mode requires its secrets and addresses.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// A value that must never reach a log line: `Debug` and `Display` print a placeholder.
#[derive(Clone)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Dev,
    Prod,
}

/// The secret a dev-mode server uses when `APP_SECRET` is unset; prod mode refuses to start without one.
const DEV_APP_SECRET: &str = "vakants-dev-secret-not-for-production-use-0123456789";
const MIN_SECRET_LEN: usize = 32;
/// The payment provider keys of a dev-mode server without `MONTONIO_*`: its own sandbox's.
const DEV_PROVIDER_ACCESS_KEY: &str = "vakants-dev-sandbox";
const DEV_PROVIDER_SECRET: &str = "vakants-dev-sandbox-secret-not-for-production-0123456789";

/// The online payment provider's store keys (Montonio's Stargate API).
#[derive(Clone, Debug)]
pub struct PaymentProviderConfig {
    /// The store's access key (`MONTONIO_ACCESS_KEY`).
    pub access_key: String,
    /// The store's secret key, which signs orders and notifications (`MONTONIO_SECRET_KEY`).
    pub secret_key: Secret,
    /// The API's base URL (`MONTONIO_URL`, e.g. `https://stargate.montonio.com/api`); none in dev
    /// mode means the app's own sandbox at the address it listens on.
    pub url: Option<String>,
}

/// Which search engine serves and indexes (`SEARCH_ENGINE`).
#[derive(Clone, Debug)]
pub enum SearchEngineConfig {
    /// The embedded tantivy index under `DATA_DIR/index` (default): one machine.
    Tantivy,
    /// A Meilisearch server shared by every API node and the worker.
    Meilisearch {
        /// `MEILI_URL`, e.g. `http://127.0.0.1:7700`.
        url: String,
        /// `MEILI_KEY`: the master key or an API key allowed to manage indexes; none for a
        /// server without a master key.
        key: Option<Secret>,
        /// `MEILI_INDEX_PREFIX` (default `vakants`): the indexes are `<prefix>_vacancies` and
        /// `<prefix>_cvs`, so several deployments can share one server.
        index_prefix: String,
    },
}

impl SearchEngineConfig {
    pub fn name(&self) -> &'static str {
        match self {
            SearchEngineConfig::Tantivy => "tantivy",
            SearchEngineConfig::Meilisearch { .. } => "meilisearch",
        }
    }
}

fn search_engine(get: &impl Fn(&str) -> Option<String>) -> Result<SearchEngineConfig, ConfigError> {
    match get("SEARCH_ENGINE").as_deref().map(str::trim) {
        None | Some("tantivy") => Ok(SearchEngineConfig::Tantivy),
        Some("meilisearch") => {
            let url = get("MEILI_URL").map(|u| u.trim_end_matches('/').to_string()).filter(|u| !u.is_empty()).ok_or(ConfigError::Missing {
                name: "MEILI_URL",
                reason: "the Meilisearch server's address (e.g. http://127.0.0.1:7700) when SEARCH_ENGINE=meilisearch",
            })?;
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(ConfigError::Invalid { name: "MEILI_URL", reason: format!("{url:?} must start with http:// or https://") });
            }
            let index_prefix = get("MEILI_INDEX_PREFIX").unwrap_or_else(|| "vakants".into());
            if index_prefix.is_empty() || !index_prefix.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                return Err(ConfigError::Invalid { name: "MEILI_INDEX_PREFIX", reason: format!("{index_prefix:?} may hold only letters, digits, - and _") });
            }
            Ok(SearchEngineConfig::Meilisearch { url, key: get("MEILI_KEY").map(Secret::new), index_prefix })
        }
        Some(other) => Err(ConfigError::Invalid { name: "SEARCH_ENGINE", reason: format!("{other:?} is neither tantivy nor meilisearch") }),
    }
}

/// `FILES_URL`: where uploaded files go. Unset: `DATA_DIR/files` on local disk.
fn files_url(get: &impl Fn(&str) -> Option<String>, mode: Mode) -> Result<Option<String>, ConfigError> {
    let Some(url) = get("FILES_URL").map(|u| u.trim().to_string()).filter(|u| !u.is_empty()) else {
        return Ok(None);
    };
    let accepted = if let Some(rest) = url.strip_prefix("s3://") {
        !rest.is_empty() && !rest.starts_with('/')
    } else if let Some(path) = url.strip_prefix("file://") {
        path.starts_with('/')
    } else {
        // in memory: gone when the process ends, so only for a dev run or a test
        url == "memory://" && mode == Mode::Dev
    };
    if !accepted {
        return Err(ConfigError::Invalid {
            name: "FILES_URL",
            reason: format!("{url:?} is neither s3://bucket[/prefix] nor file:///absolute/path (memory:// in dev mode only)"),
        });
    }
    Ok(Some(url))
}

#[derive(Clone, Debug)]
pub struct Config {
    /// Postgres connection string (`DATABASE_URL`).
    pub database_url: Secret,
    /// A read-only Postgres (a streaming replica) for read-heavy public pages: the vacancy page,
    /// the company page and the reference data loads (`DATABASE_READ_URL`); unset, they use the
    /// main pool. Everything that must read its own writes stays on `DATABASE_URL`.
    pub database_read_url: Option<Secret>,
    /// The search engine (`SEARCH_ENGINE=tantivy|meilisearch`, `MEILI_URL`, `MEILI_KEY`,
    /// `MEILI_INDEX_PREFIX`).
    pub search_engine: SearchEngineConfig,
    /// Where uploaded files go (`FILES_URL`: `s3://bucket/prefix` through object_store, with the
    /// usual `AWS_*` variables, or `file:///path`); unset: `DATA_DIR/files`.
    pub files_url: Option<String>,
    /// Redis connection string (`REDIS_URL`).
    pub redis_url: Secret,
    /// Root of everything the server keeps on disk: uploaded files, search indexes (`DATA_DIR`).
    pub data_dir: PathBuf,
    /// Address the HTTP server listens on (`BIND`).
    pub bind: SocketAddr,
    /// `dev` enables the mail outbox endpoint and plain-HTTP cookies; `prod` requires real secrets (`VAKANTS_MODE`).
    pub mode: Mode,
    /// SMTP relay as `smtp://user:pass@host:port` or `smtps://…`; unset sends mail to the dev outbox (`MAIL_URL`).
    pub mail_url: Option<Secret>,
    /// Sender address of outgoing mail (`MAIL_FROM`).
    pub mail_from: String,
    /// Key for one-time-code hashes and anti-forgery tokens (`APP_SECRET`, at least 32 bytes).
    pub app_secret: Secret,
    /// Directory of the built web app to serve (`WEB_DIST`).
    pub web_dist: PathBuf,
    /// Take the client address from `X-Forwarded-For` (only behind a trusted proxy) (`TRUST_PROXY`).
    pub trust_proxy: bool,
    /// How many proxies of our own stand in front of the server (`TRUST_PROXY_HOPS`, default 1):
    /// the client address is the `X-Forwarded-For` entry this many places from the right, the one
    /// the outermost trusted proxy appended. Entries left of it are the client's own say.
    pub trust_proxy_hops: usize,
    /// The public origin of every absolute link (mails, canonical URLs, sitemaps, JSON-LD,
    /// robots.txt), without a final slash (`PUBLIC_URL`; required in prod and `https://`; dev
    /// default `http://{BIND}`). Never taken from the request's `Host` header.
    pub public_url: String,
    /// Bearer token `/metrics` requires in prod (`METRICS_TOKEN`); unset in prod, `/metrics` answers
    /// 404. Dev leaves `/metrics` open.
    pub metrics_token: Option<Secret>,
    /// Dev only (`RELAXED_RATE_LIMITS=true`): the per-IP sign-in limits ×100, for the browser
    /// journeys that sign in many times from one address. Refused in prod.
    pub relaxed_rate_limits: bool,
    /// How long a client may take to send a request head; also how long an idle keep-alive
    /// connection stays open (`HEADER_READ_TIMEOUT_SECS`, 10).
    pub header_read_timeout: Duration,
    /// How long a request may take before it is answered 503 (`REQUEST_TIMEOUT_SECS`, 30).
    pub request_timeout: Duration,
    /// The same for the upload calls, which read up to 50 MiB (`UPLOAD_TIMEOUT_SECS`, 120).
    pub upload_timeout: Duration,
    /// After SIGTERM, how long in-flight requests may finish before their connections are dropped
    /// (`SHUTDOWN_GRACE_SECS`, 8; the process ends within this plus 2 s).
    pub shutdown_grace: Duration,
    /// The live streams' bounds (`STREAMS_PER_USER`, `STREAMS_PER_ADDRESS`, `STREAM_LIFETIME_SECS`,
    /// `STREAM_RECHECK_SECS`).
    pub streams: StreamLimits,
    /// The most client connections the server holds at once (`CONNECTION_LIMIT`); past it a new
    /// connection is answered 503 and closed. Unset: the file-descriptor limit less a reserve
    /// (`api::connection_limit`).
    pub connection_limit: Option<usize>,
    /// The online payment provider (`MONTONIO_ACCESS_KEY`, `MONTONIO_SECRET_KEY`, `MONTONIO_URL`);
    /// none when online payments are off (prod without the keys). Dev mode without them uses the
    /// app's own sandbox.
    pub payment_provider: Option<PaymentProviderConfig>,
    /// The retention periods an operator may change (`RETENTION_*_DAYS`; see
    /// [`crate::platform::retention`] and `docs/privacy.md`).
    pub retention: crate::platform::retention::Periods,
    /// How long a queued alert mail pass waits before it mails (`ALERT_MAIL_WINDOW_MS`, 20 000;
    /// 0 mails at once): the alerts' mail pass (`alerts::mail::queue_pass`).
    pub alert_mail_window: Duration,
}

/// Bounds of the live streams (`GET /api/user/stream`), counted in each process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamLimits {
    /// Streams one user may hold open at once (`STREAMS_PER_USER`, 5).
    pub per_user: usize,
    /// Streams one client address may hold open at once (`STREAMS_PER_ADDRESS`, 20).
    pub per_address: usize,
    /// The longest a stream stays open; the browser then opens it again (`STREAM_LIFETIME_SECS`, 3600).
    pub lifetime: Duration,
    /// How often an open stream checks that its session still stands and still acts for the same
    /// company (`STREAM_RECHECK_SECS`, 30).
    pub recheck: Duration,
}

impl Default for StreamLimits {
    fn default() -> Self {
        StreamLimits { per_user: 5, per_address: 20, lifetime: Duration::from_secs(3600), recheck: Duration::from_secs(30) }
    }
}

/// How long a queued alert mail pass waits unless `ALERT_MAIL_WINDOW_MS` says otherwise.
pub const DEFAULT_ALERT_MAIL_WINDOW: Duration = Duration::from_secs(20);

/// A duration in milliseconds, 0 allowed.
fn milliseconds(get: &impl Fn(&str) -> Option<String>, name: &'static str, default: Duration) -> Result<Duration, ConfigError> {
    match get(name) {
        None => Ok(default),
        Some(value) => value
            .parse::<u64>()
            .map(Duration::from_millis)
            .map_err(|_| ConfigError::Invalid { name, reason: format!("{value:?} is not a number of milliseconds") }),
    }
}

fn count(get: &impl Fn(&str) -> Option<String>, name: &'static str, default: usize) -> Result<usize, ConfigError> {
    match get(name) {
        None => Ok(default),
        Some(value) => match value.parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(ConfigError::Invalid { name, reason: format!("{value:?} is not a positive number") }),
        },
    }
}

fn stream_limits(get: &impl Fn(&str) -> Option<String>) -> Result<StreamLimits, ConfigError> {
    let defaults = StreamLimits::default();
    Ok(StreamLimits {
        per_user: count(get, "STREAMS_PER_USER", defaults.per_user)?,
        per_address: count(get, "STREAMS_PER_ADDRESS", defaults.per_address)?,
        lifetime: seconds(get, "STREAM_LIFETIME_SECS", defaults.lifetime.as_secs())?,
        recheck: seconds(get, "STREAM_RECHECK_SECS", defaults.recheck.as_secs())?,
    })
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{name} is not valid: {reason}")]
    Invalid { name: &'static str, reason: String },
    #[error("{name} must be set: {reason}")]
    Missing { name: &'static str, reason: &'static str },
    #[error("APP_SECRET must be set to at least {MIN_SECRET_LEN} bytes in prod mode")]
    MissingSecret,
}

fn seconds(get: &impl Fn(&str) -> Option<String>, name: &'static str, default: u64) -> Result<Duration, ConfigError> {
    match get(name) {
        None => Ok(Duration::from_secs(default)),
        Some(value) => match value.parse::<u64>() {
            Ok(secs) if secs > 0 => Ok(Duration::from_secs(secs)),
            _ => Err(ConfigError::Invalid { name, reason: format!("{value:?} is not a positive number of seconds") }),
        },
    }
}

/// The payment provider of `MONTONIO_*`: both keys or neither; in prod an `https://` URL is required
/// with them, and without them online payments are off; dev mode without them uses the sandbox.
fn payment_provider(get: &impl Fn(&str) -> Option<String>, mode: Mode) -> Result<Option<PaymentProviderConfig>, ConfigError> {
    let url = get("MONTONIO_URL").map(|u| u.trim_end_matches('/').to_string()).filter(|u| !u.is_empty());
    if let Some(url) = &url
        && !(url.starts_with("https://") || (mode == Mode::Dev && url.starts_with("http://")))
    {
        return Err(ConfigError::Invalid { name: "MONTONIO_URL", reason: format!("{url:?} must be an https:// URL (http:// only in dev mode)") });
    }
    match (get("MONTONIO_ACCESS_KEY"), get("MONTONIO_SECRET_KEY")) {
        (Some(access_key), Some(secret)) => {
            if url.is_none() && mode == Mode::Prod {
                return Err(ConfigError::Missing {
                    name: "MONTONIO_URL",
                    reason: "the Stargate API's base URL (https://stargate.montonio.com/api) when online payments are on (prod mode)",
                });
            }
            Ok(Some(PaymentProviderConfig { access_key, secret_key: Secret::new(secret), url }))
        }
        (None, None) if mode == Mode::Dev => Ok(Some(PaymentProviderConfig {
            access_key: DEV_PROVIDER_ACCESS_KEY.into(),
            secret_key: Secret::new(DEV_PROVIDER_SECRET),
            url,
        })),
        (None, None) => Ok(None),
        (Some(_), None) => Err(ConfigError::Missing { name: "MONTONIO_SECRET_KEY", reason: "it goes with MONTONIO_ACCESS_KEY" }),
        (None, Some(_)) => Err(ConfigError::Missing { name: "MONTONIO_ACCESS_KEY", reason: "it goes with MONTONIO_SECRET_KEY" }),
    }
}

/// `get`, with `VAKANTS_MODE` meaning dev when unset.
fn dev_by_default(get: impl Fn(&str) -> Option<String>) -> impl Fn(&str) -> Option<String> {
    move |name| match get(name) {
        None if name == "VAKANTS_MODE" => Some("dev".into()),
        value => value,
    }
}

impl Config {
    /// The configuration of `vakants serve` and `vakants worker`: `VAKANTS_MODE` must be set.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
    }

    /// The configuration of the operator commands that neither serve nor send mail (`migrate`,
    /// `seed`, `import-registry`, `reindex`, `jobs`): they only use the database and `DATA_DIR`, so
    /// an unset `VAKANTS_MODE` means dev here (a set one is checked as for the server).
    pub fn from_env_for_tools() -> Result<Self, ConfigError> {
        Self::from_lookup(dev_by_default(|name| std::env::var(name).ok().filter(|v| !v.is_empty())))
    }

    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let mode = match get("VAKANTS_MODE").as_deref() {
            None => {
                return Err(ConfigError::Missing {
                    name: "VAKANTS_MODE",
                    reason: "say `prod` for a deployment or `dev` for a local run (dev exposes everyone's sign-in codes)",
                });
            }
            Some("dev") => Mode::Dev,
            Some("prod") => Mode::Prod,
            Some(other) => {
                return Err(ConfigError::Invalid { name: "VAKANTS_MODE", reason: format!("{other:?} is neither dev nor prod") });
            }
        };
        let bind_text = get("BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let bind: SocketAddr = bind_text
            .parse()
            .map_err(|e| ConfigError::Invalid { name: "BIND", reason: format!("{e}") })?;
        let app_secret = match (get("APP_SECRET"), mode) {
            (Some(s), _) if s.len() >= MIN_SECRET_LEN => Secret::new(s),
            (Some(_), _) => return Err(ConfigError::MissingSecret),
            (None, Mode::Dev) => Secret::new(DEV_APP_SECRET),
            (None, Mode::Prod) => return Err(ConfigError::MissingSecret),
        };
        let public_url = match (get("PUBLIC_URL").map(|u| u.trim_end_matches('/').to_string()).filter(|u| !u.is_empty()), mode) {
            (Some(url), Mode::Prod) if !url.starts_with("https://") || url.len() <= "https://".len() => {
                return Err(ConfigError::Invalid { name: "PUBLIC_URL", reason: format!("{url:?} must be an https:// origin in prod mode") });
            }
            (Some(url), _) if !(url.starts_with("https://") || url.starts_with("http://")) => {
                return Err(ConfigError::Invalid { name: "PUBLIC_URL", reason: format!("{url:?} must start with https:// or http://") });
            }
            (Some(url), _) => url,
            (None, Mode::Dev) => format!("http://{bind_text}"),
            (None, Mode::Prod) => {
                return Err(ConfigError::Missing {
                    name: "PUBLIC_URL",
                    reason: "the https:// origin of the site, for links in mails, canonical URLs and sitemaps (prod mode)",
                });
            }
        };
        let mail_url = get("MAIL_URL").map(Secret::new);
        if mail_url.is_none() && mode == Mode::Prod {
            return Err(ConfigError::Missing {
                name: "MAIL_URL",
                reason: "an SMTP relay such as smtp://user:pass@host:587; without it mail (sign-in codes) would only be logged (prod mode)",
            });
        }
        let relaxed_rate_limits = match get("RELAXED_RATE_LIMITS").as_deref() {
            None | Some("0" | "false") => false,
            Some("1" | "true") if mode == Mode::Dev => true,
            Some("1" | "true") => {
                return Err(ConfigError::Invalid { name: "RELAXED_RATE_LIMITS", reason: "is for dev mode only (browser journeys); unset it in prod".into() });
            }
            Some(other) => return Err(ConfigError::Invalid { name: "RELAXED_RATE_LIMITS", reason: format!("{other:?} is neither true nor false") }),
        };
        let trust_proxy_hops = match get("TRUST_PROXY_HOPS") {
            None => 1,
            Some(value) => match value.parse::<usize>() {
                Ok(hops @ 1..=16) => hops,
                _ => return Err(ConfigError::Invalid { name: "TRUST_PROXY_HOPS", reason: format!("{value:?} is not a number from 1 to 16") }),
            },
        };
        let payment_provider = payment_provider(&get, mode)?;
        Ok(Config {
            database_url: Secret::new(get("DATABASE_URL").unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/vakants".into())),
            database_read_url: get("DATABASE_READ_URL").map(Secret::new),
            search_engine: search_engine(&get)?,
            files_url: files_url(&get, mode)?,
            redis_url: Secret::new(get("REDIS_URL").unwrap_or_else(|| "redis://127.0.0.1:6379".into())),
            data_dir: get("DATA_DIR").unwrap_or_else(|| "./data".into()).into(),
            bind,
            mode,
            mail_url,
            mail_from: get("MAIL_FROM").unwrap_or_else(|| "Vakants <no-reply@vakants.ee>".into()),
            app_secret,
            web_dist: get("WEB_DIST").unwrap_or_else(|| "./web/dist".into()).into(),
            trust_proxy: matches!(get("TRUST_PROXY").as_deref(), Some("1" | "true")),
            trust_proxy_hops,
            public_url,
            metrics_token: get("METRICS_TOKEN").map(Secret::new),
            relaxed_rate_limits,
            header_read_timeout: seconds(&get, "HEADER_READ_TIMEOUT_SECS", 10)?,
            request_timeout: seconds(&get, "REQUEST_TIMEOUT_SECS", 30)?,
            upload_timeout: seconds(&get, "UPLOAD_TIMEOUT_SECS", 120)?,
            shutdown_grace: seconds(&get, "SHUTDOWN_GRACE_SECS", 8)?,
            streams: stream_limits(&get)?,
            connection_limit: get("CONNECTION_LIMIT").map(|_| count(&get, "CONNECTION_LIMIT", 1)).transpose()?,
            payment_provider,
            retention: crate::platform::retention::Periods::from_lookup(&get)
                .map_err(|invalid| ConfigError::Invalid { name: invalid.name, reason: invalid.reason })?,
            alert_mail_window: milliseconds(&get, "ALERT_MAIL_WINDOW_MS", DEFAULT_ALERT_MAIL_WINDOW)?,
        })
    }

    pub fn is_dev(&self) -> bool {
        self.mode == Mode::Dev
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |key| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.to_string())
    }

    const PROD: [(&str, &str); 4] = [
        ("VAKANTS_MODE", "prod"),
        ("APP_SECRET", "0123456789abcdef0123456789abcdef"),
        ("PUBLIC_URL", "https://vakants.ee/"),
        ("MAIL_URL", "smtp://u:p@mail.example:587"),
    ];

    fn prod_without(name: &str) -> Vec<(&'static str, &'static str)> {
        PROD.iter().copied().filter(|(k, _)| *k != name).collect()
    }

    #[test]
    fn dev_defaults_make_a_local_run_work() {
        let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev")])).unwrap();
        assert_eq!(config.bind.to_string(), "127.0.0.1:8080");
        assert!(config.is_dev());
        assert!(config.mail_url.is_none());
        assert_eq!(config.public_url, "http://127.0.0.1:8080");
        assert_eq!(config.trust_proxy_hops, 1);
        assert_eq!(config.header_read_timeout, Duration::from_secs(10));
        assert_eq!(config.request_timeout, Duration::from_secs(30));
        assert_eq!(config.upload_timeout, Duration::from_secs(120));
        assert_eq!(config.shutdown_grace, Duration::from_secs(8));
        assert!(!config.relaxed_rate_limits);
    }

    #[test]
    fn the_server_refuses_to_start_without_an_explicit_mode() {
        let err = Config::from_lookup(|_| None).unwrap_err();
        assert!(matches!(err, ConfigError::Missing { name: "VAKANTS_MODE", .. }), "{err}");
        assert!(err.to_string().contains("VAKANTS_MODE"));
        let err = Config::from_lookup(lookup(&[("VAKANTS_MODE", "production")])).unwrap_err();
        assert!(err.to_string().contains("VAKANTS_MODE"));
    }

    #[test]
    fn tools_default_to_dev_but_check_an_explicit_prod() {
        assert!(Config::from_lookup(dev_by_default(|_| None)).unwrap().is_dev());
        let err = Config::from_lookup(dev_by_default(lookup(&prod_without("MAIL_URL")))).unwrap_err();
        assert!(matches!(err, ConfigError::Missing { name: "MAIL_URL", .. }), "{err}");
    }

    #[test]
    fn prod_mode_refuses_to_start_without_a_secret() {
        let err = Config::from_lookup(lookup(&prod_without("APP_SECRET"))).unwrap_err();
        assert!(matches!(err, ConfigError::MissingSecret));
        let mut short = prod_without("APP_SECRET");
        short.push(("APP_SECRET", "too-short"));
        assert!(matches!(Config::from_lookup(lookup(&short)).unwrap_err(), ConfigError::MissingSecret));
    }

    #[test]
    fn prod_mode_requires_an_https_public_url() {
        let err = Config::from_lookup(lookup(&prod_without("PUBLIC_URL"))).unwrap_err();
        assert!(matches!(err, ConfigError::Missing { name: "PUBLIC_URL", .. }), "{err}");
        let mut plain = prod_without("PUBLIC_URL");
        plain.push(("PUBLIC_URL", "http://vakants.ee"));
        let err = Config::from_lookup(lookup(&plain)).unwrap_err();
        assert!(matches!(err, ConfigError::Invalid { name: "PUBLIC_URL", .. }), "{err}");
        let config = Config::from_lookup(lookup(&PROD)).unwrap();
        assert_eq!(config.public_url, "https://vakants.ee");
    }

    #[test]
    fn prod_mode_requires_a_mail_relay() {
        let err = Config::from_lookup(lookup(&prod_without("MAIL_URL"))).unwrap_err();
        assert!(matches!(err, ConfigError::Missing { name: "MAIL_URL", .. }), "{err}");
    }

    #[test]
    fn relaxed_rate_limits_are_for_dev_only() {
        let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("RELAXED_RATE_LIMITS", "true")])).unwrap();
        assert!(config.relaxed_rate_limits);
        let mut prod = PROD.to_vec();
        prod.push(("RELAXED_RATE_LIMITS", "true"));
        let err = Config::from_lookup(lookup(&prod)).unwrap_err();
        assert!(matches!(err, ConfigError::Invalid { name: "RELAXED_RATE_LIMITS", .. }), "{err}");
    }

    #[test]
    fn proxy_hops_and_timeouts_are_checked() {
        let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("TRUST_PROXY_HOPS", "2"), ("HEADER_READ_TIMEOUT_SECS", "2")])).unwrap();
        assert_eq!(config.trust_proxy_hops, 2);
        assert_eq!(config.header_read_timeout, Duration::from_secs(2));
        let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev")])).unwrap();
        assert_eq!(config.alert_mail_window, Duration::from_secs(20));
        let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("ALERT_MAIL_WINDOW_MS", "0")])).unwrap();
        assert_eq!(config.alert_mail_window, Duration::ZERO, "0 mails at once");
        for (name, value) in [
            ("TRUST_PROXY_HOPS", "0"),
            ("TRUST_PROXY_HOPS", "x"),
            ("REQUEST_TIMEOUT_SECS", "0"),
            ("SHUTDOWN_GRACE_SECS", "-1"),
            ("ALERT_MAIL_WINDOW_MS", "20s"),
        ] {
            let err = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), (name, value)])).unwrap_err();
            assert!(err.to_string().contains(name), "{err}");
        }
    }

    #[test]
    fn stream_and_connection_limits_default_and_are_checked() {
        let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev")])).unwrap();
        assert_eq!(config.streams, StreamLimits { per_user: 5, per_address: 20, lifetime: Duration::from_secs(3600), recheck: Duration::from_secs(30) });
        assert_eq!(config.connection_limit, None, "from the descriptor limit");
        let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("STREAMS_PER_USER", "2"), ("CONNECTION_LIMIT", "500")])).unwrap();
        assert_eq!((config.streams.per_user, config.connection_limit), (2, Some(500)));
        for (name, value) in [("STREAMS_PER_USER", "0"), ("STREAMS_PER_ADDRESS", "x"), ("STREAM_LIFETIME_SECS", "0"), ("STREAM_RECHECK_SECS", "-1"), ("CONNECTION_LIMIT", "0")] {
            let err = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), (name, value)])).unwrap_err();
            assert!(err.to_string().contains(name), "{err}");
        }
    }

    #[test]
    fn online_payments_need_both_keys_and_in_prod_an_https_url() {
        let dev = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev")])).unwrap();
        let sandbox = dev.payment_provider.expect("dev pays in its own sandbox");
        assert_eq!(sandbox.url, None);
        assert!(Config::from_lookup(lookup(&PROD)).unwrap().payment_provider.is_none(), "prod without keys: online payments off");
        let mut prod = PROD.to_vec();
        prod.push(("MONTONIO_ACCESS_KEY", "access"));
        let err = Config::from_lookup(lookup(&prod)).unwrap_err();
        assert!(matches!(err, ConfigError::Missing { name: "MONTONIO_SECRET_KEY", .. }), "{err}");
        prod.push(("MONTONIO_SECRET_KEY", "montonio-hunter4"));
        let err = Config::from_lookup(lookup(&prod)).unwrap_err();
        assert!(matches!(err, ConfigError::Missing { name: "MONTONIO_URL", .. }), "{err}");
        prod.push(("MONTONIO_URL", "http://stargate.example/api"));
        let err = Config::from_lookup(lookup(&prod)).unwrap_err();
        assert!(matches!(err, ConfigError::Invalid { name: "MONTONIO_URL", .. }), "{err}");
        prod.pop();
        prod.push(("MONTONIO_URL", "https://stargate.montonio.com/api/"));
        let config = Config::from_lookup(lookup(&prod)).unwrap();
        let provider = config.payment_provider.clone().unwrap();
        assert_eq!(provider.url.as_deref(), Some("https://stargate.montonio.com/api"));
        assert!(!format!("{config:?}").contains("montonio-hunter4"), "the secret key never prints");
    }

    #[test]
    fn the_search_engine_is_chosen_at_run_time() {
        let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev")])).unwrap();
        assert!(matches!(config.search_engine, SearchEngineConfig::Tantivy));
        let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("SEARCH_ENGINE", "meilisearch"), ("MEILI_URL", "http://127.0.0.1:7700/"), ("MEILI_KEY", "meili-hunter5")])).unwrap();
        let SearchEngineConfig::Meilisearch { url, key, index_prefix } = &config.search_engine else { panic!("meilisearch chosen") };
        assert_eq!(url, "http://127.0.0.1:7700");
        assert_eq!(key.as_ref().unwrap().expose(), "meili-hunter5");
        assert_eq!(index_prefix, "vakants");
        assert!(!format!("{config:?}").contains("meili-hunter5"), "the key never prints");
        let err = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("SEARCH_ENGINE", "elastic")])).unwrap_err();
        assert!(matches!(err, ConfigError::Invalid { name: "SEARCH_ENGINE", .. }), "{err}");
        assert!(err.to_string().contains("neither tantivy nor meilisearch"), "{err}");
        let err = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("SEARCH_ENGINE", "meilisearch")])).unwrap_err();
        assert!(matches!(err, ConfigError::Missing { name: "MEILI_URL", .. }), "{err}");
        let err = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("SEARCH_ENGINE", "meilisearch"), ("MEILI_URL", "127.0.0.1:7700")])).unwrap_err();
        assert!(matches!(err, ConfigError::Invalid { name: "MEILI_URL", .. }), "{err}");
    }

    #[test]
    fn files_go_to_disk_unless_an_object_store_is_named() {
        assert_eq!(Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev")])).unwrap().files_url, None);
        for good in ["s3://vakants-files/prod", "s3://bucket", "file:///srv/files"] {
            let config = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("FILES_URL", good)])).unwrap();
            assert_eq!(config.files_url.as_deref(), Some(good));
        }
        for bad in ["s3://", "gs://bucket", "file://relative", "/srv/files"] {
            let err = Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("FILES_URL", bad)])).unwrap_err();
            assert!(matches!(err, ConfigError::Invalid { name: "FILES_URL", .. }), "{bad}: {err}");
        }
        assert!(Config::from_lookup(lookup(&[("VAKANTS_MODE", "dev"), ("FILES_URL", "memory://")])).is_ok());
        let mut prod = PROD.to_vec();
        prod.push(("FILES_URL", "memory://"));
        assert!(Config::from_lookup(lookup(&prod)).is_err(), "files in memory would be lost on restart");
    }

    #[test]
    fn secrets_never_print() {
        let mut pairs = PROD.to_vec();
        pairs.retain(|(k, _)| *k != "MAIL_URL");
        pairs.push(("MAIL_URL", "smtp://u:hunter2@host"));
        pairs.push(("METRICS_TOKEN", "metrics-hunter3"));
        pairs.push(("DATABASE_READ_URL", "postgres://reader:hunter6@replica/vakants"));
        let config = Config::from_lookup(lookup(&pairs)).unwrap();
        let printed = format!("{config:?}");
        assert!(!printed.contains("hunter2") && !printed.contains("hunter3") && !printed.contains("hunter6"));
        assert!(!printed.contains("0123456789abcdef"));
    }
}
