//! Health, readiness and metrics for operators (outside `/api`).

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use domain::platform::crypto;
use domain::platform::error::ErrorCode;

use crate::error::ApiError;
use crate::monitoring;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz)).route("/metrics", get(metrics))
}

/// Handles `GET /healthz`: the process answers.
async fn healthz() -> &'static str {
    "ok"
}

/// Handles `GET /readyz`: Postgres and Redis both answer (each within [`monitoring::PROBE_WAIT`]); 503 with
/// `{"postgres": false, …}` naming the one that does not. Without Redis the app still serves
/// (limits count in-process, live events stay in-process), but a shared deployment has lost its
/// shared limits, so the probe says so.
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    let (postgres, redis_ok) = monitoring::reachability(&state).await;
    let body = serde_json::json!({ "postgres": postgres, "redis": redis_ok });
    let status = if postgres && redis_ok { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, axum::Json(body))
}

/// Handles `GET /metrics`: Prometheus text format, with the queue's and the reachability gauges
/// read at this scrape (`crate::monitoring`). In prod it needs `Authorization: Bearer
/// $METRICS_TOKEN` (401 without it or with another; compared in constant time, over hashes so the
/// length does not leak either) and answers 404 when no token is configured; dev leaves it open.
async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if !state.config.is_dev() {
        let Some(token) = &state.config.metrics_token else {
            return ApiError(domain::Error::not_found()).into_response();
        };
        let given = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
        let allowed = given.is_some_and(|given| {
            crypto::constant_time_eq(&crypto::sha256(token.expose().as_bytes()), &crypto::sha256(given.as_bytes()))
        });
        if !allowed {
            let mut response = ApiError::code(ErrorCode::Unauthorized).into_response();
            response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            return response;
        }
    }
    monitoring::refresh(&state).await;
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], state.metrics.render()).into_response()
}
