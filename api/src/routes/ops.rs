//! Health, readiness and metrics for operators (outside `/api`).

use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use domain::platform::crypto;
use domain::platform::error::ErrorCode;

use crate::error::ApiError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz)).route("/metrics", get(metrics))
}

/// Handles `GET /healthz`: the process answers.
async fn healthz() -> &'static str {
    "ok"
}

/// How long `/readyz` waits for each of Postgres and Redis: a load balancer's probe gets its
/// answer in bounded time even while one of them does not answer at all.
const READY_WAIT: Duration = Duration::from_secs(2);

/// Handles `GET /readyz`: Postgres and Redis both answer (each within [`READY_WAIT`]); 503 with
/// `{"postgres": false, …}` naming the one that does not. Without Redis the app still serves
/// (limits count in-process, live events stay in-process), but a shared deployment has lost its
/// shared limits, so the probe says so.
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    let postgres = async {
        let check = sqlx::query_scalar::<_, i32>("select 1").fetch_one(&state.pool);
        matches!(tokio::time::timeout(READY_WAIT, check).await, Ok(Ok(_)))
    };
    let redis = async {
        let ping = state.limiter.link().run(READY_WAIT, |mut redis| async move { redis::cmd("PING").query_async::<String>(&mut redis).await });
        ping.await.is_ok()
    };
    let (postgres, redis_ok) = tokio::join!(postgres, redis);
    let body = serde_json::json!({ "postgres": postgres, "redis": redis_ok });
    let status = if postgres && redis_ok { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, axum::Json(body))
}

/// Handles `GET /metrics`: Prometheus text format. In prod it needs `Authorization: Bearer
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
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], state.metrics.render()).into_response()
}
