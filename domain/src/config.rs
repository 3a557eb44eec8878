//! Typed configuration from environment variables, with defaults that make a local run work.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

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

#[derive(Clone, Debug)]
pub struct Config {
    /// Postgres connection string (`DATABASE_URL`).
    pub database_url: Secret,
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
    /// The public origin for canonical links and sitemaps, e.g. `https://vakants.ee`; unset means
    /// the request's own host (`PUBLIC_URL`).
    pub public_url: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{name} is not valid: {reason}")]
    Invalid { name: &'static str, reason: String },
    #[error("APP_SECRET must be set to at least {MIN_SECRET_LEN} bytes in prod mode")]
    MissingSecret,
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
    }

    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let mode = match get("VAKANTS_MODE").as_deref() {
            None | Some("dev") => Mode::Dev,
            Some("prod") => Mode::Prod,
            Some(other) => {
                return Err(ConfigError::Invalid { name: "VAKANTS_MODE", reason: format!("{other:?} is neither dev nor prod") });
            }
        };
        let bind = get("BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let bind = bind
            .parse()
            .map_err(|e| ConfigError::Invalid { name: "BIND", reason: format!("{e}") })?;
        let app_secret = match (get("APP_SECRET"), mode) {
            (Some(s), _) if s.len() >= MIN_SECRET_LEN => Secret::new(s),
            (Some(_), _) => return Err(ConfigError::MissingSecret),
            (None, Mode::Dev) => Secret::new(DEV_APP_SECRET),
            (None, Mode::Prod) => return Err(ConfigError::MissingSecret),
        };
        Ok(Config {
            database_url: Secret::new(get("DATABASE_URL").unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/vakants".into())),
            redis_url: Secret::new(get("REDIS_URL").unwrap_or_else(|| "redis://127.0.0.1:6379".into())),
            data_dir: get("DATA_DIR").unwrap_or_else(|| "./data".into()).into(),
            bind,
            mode,
            mail_url: get("MAIL_URL").map(Secret::new),
            mail_from: get("MAIL_FROM").unwrap_or_else(|| "Vakants <no-reply@vakants.ee>".into()),
            app_secret,
            web_dist: get("WEB_DIST").unwrap_or_else(|| "./web/dist".into()).into(),
            trust_proxy: matches!(get("TRUST_PROXY").as_deref(), Some("1" | "true")),
            public_url: get("PUBLIC_URL").map(|u| u.trim_end_matches('/').to_string()).filter(|u| !u.is_empty()),
        })
    }

    pub fn is_dev(&self) -> bool {
        self.mode == Mode::Dev
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_make_a_local_run_work() {
        let config = Config::from_lookup(|_| None).unwrap();
        assert_eq!(config.bind.to_string(), "127.0.0.1:8080");
        assert!(config.is_dev());
        assert!(config.mail_url.is_none());
    }

    #[test]
    fn prod_mode_refuses_to_start_without_a_secret() {
        let err = Config::from_lookup(|k| (k == "VAKANTS_MODE").then(|| "prod".to_string())).unwrap_err();
        assert!(matches!(err, ConfigError::MissingSecret));
    }

    #[test]
    fn secrets_never_print() {
        let config = Config::from_lookup(|k| (k == "MAIL_URL").then(|| "smtp://u:hunter2@host".to_string())).unwrap();
        assert!(!format!("{config:?}").contains("hunter2"));
    }
}
