//! The HTTP face of `domain::Error`: every failure is answered as `{message, code}` with the status
//! of its code. Unexpected failures become a 500 whose detail stays in the log (written by the
//! logging middleware from the `LoggedError` extension), never in the response.

use axum::extract::{FromRequest, FromRequestParts};
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use domain::error::{Error, ErrorCode};
use serde::Serialize;

#[derive(Debug)]
pub struct ApiError(pub Error);

pub type ApiResult<T> = Result<T, ApiError>;

/// The error body every endpoint answers with.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// A message for the user (English; the web translates by `code`).
    pub message: String,
    /// A stable machine code from the error table, e.g. `invalid_verification_code`.
    pub code: &'static str,
    /// The request field the message is about, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
}

/// Detail of a server-side failure, for the logging middleware.
#[derive(Clone, Debug)]
pub struct LoggedError(pub String);

impl From<Error> for ApiError {
    fn from(err: Error) -> Self {
        ApiError(err)
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        ApiError(err.into())
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(err: anyhow::Error) -> Self {
        ApiError(err.into())
    }
}

impl ApiError {
    pub fn code(code: ErrorCode) -> Self {
        ApiError(Error::code(code))
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        ApiError(Error::with_message(ErrorCode::InvalidRequest, message.into()))
    }
}

fn respond(code: ErrorCode, message: String, field: Option<&'static str>) -> Response {
    let status = StatusCode::from_u16(code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, axum::Json(ErrorBody { message, code: code.as_str(), field })).into_response()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self.0 {
            Error::Client { code, message, field } => respond(code, message.into_owned(), field),
            Error::TooManyRequests { retry_after_secs } => {
                let mut response = respond(ErrorCode::TooManyRequests, ErrorCode::TooManyRequests.default_message().into(), None);
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
                response
            }
            Error::Database(sqlx::Error::PoolTimedOut) => {
                let mut response = respond(ErrorCode::ServiceUnavailable, ErrorCode::ServiceUnavailable.default_message().into(), None);
                response.extensions_mut().insert(LoggedError("database pool timed out".into()));
                response
            }
            other => {
                let mut response = respond(ErrorCode::Internal, ErrorCode::Internal.default_message().into(), None);
                response.extensions_mut().insert(LoggedError(format!("{other:#}")));
                response
            }
        }
    }
}

/// `axum::Json` that answers a body it cannot read in the app's error format.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        let status = rejection.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::code(ErrorCode::PayloadTooLarge);
        }
        let message = match rejection {
            JsonRejection::MissingJsonContentType(_) => "Expected a JSON body with Content-Type: application/json".to_string(),
            JsonRejection::JsonSyntaxError(e) => format!("The body is not valid JSON: {}", e.body_text()),
            JsonRejection::JsonDataError(e) => format!("The body does not match what this call expects: {}", e.body_text()),
            other => other.body_text(),
        };
        ApiError::invalid(message)
    }
}

/// `axum::extract::Path` with the app's error format.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::invalid(format!("Wrong path parameter: {}", rejection.body_text()))
    }
}

/// `axum::extract::Query` with the app's error format.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::invalid(format!("Wrong query parameter: {}", rejection.body_text()))
    }
}
