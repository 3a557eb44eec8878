//! Health, readiness and metrics for operators (outside `/api`).

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz)).route("/metrics", get(metrics))
}

/// Handles `GET /healthz`: the process answers.
async fn healthz() -> &'static str {
    "ok"
}

/// Handles `GET /readyz`: Postgres and Redis both answer.
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    let postgres = sqlx::query_scalar::<_, i32>("select 1").fetch_one(&state.pool).await.is_ok();
    let mut redis = state.limiter.connection();
    let redis_ok = redis::cmd("PING").query_async::<String>(&mut redis).await.is_ok();
    let body = serde_json::json!({ "postgres": postgres, "redis": redis_ok });
    let status = if postgres && redis_ok { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, axum::Json(body))
}

/// Handles `GET /metrics`: Prometheus text format.
async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    ([(axum::http::header::CONTENT_TYPE, "text/plain; version=0.0.4")], state.metrics.render())
}
