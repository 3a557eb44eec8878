//! The HTTP face of `domain::Error`: every failure is answered as `{message, code}` with the status
//! of its code. Unexpected failures become a 500 whose detail stays in the log (written by the
//! logging middleware from the `LoggedError` extension), never in the response. Messages are
//! written in English and answered in the request's language by [`in_user_language`].

use axum::extract::rejection::{FormRejection, JsonRejection, PathRejection, QueryRejection};
use axum::body::Body;
use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use domain::platform::error::{Error, ErrorCode};
use domain::platform::locale::Locale;
use domain::platform::messages;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

#[derive(Debug)]
pub struct ApiError(pub Error);

pub type ApiResult<T> = Result<T, ApiError>;

/// The error body every endpoint answers with.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// A message for the user in the request's language (`Accept-Language`, et fallback).
    pub message: String,
    /// A stable machine code from the error table, e.g. `invalid_verification_code`.
    pub code: &'static str,
    /// The request field the message is about, when there is one (a path such as
    /// `educations[1].institution` for a field inside a list).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
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

/// An error answer as the code wrote it, in English: put on the response by [`respond`], read by
/// [`in_user_language`], which writes the body again in the request's language.
#[derive(Clone, Debug)]
pub struct EnglishError {
    pub code: ErrorCode,
    pub message: String,
    pub field: Option<String>,
}

fn respond(code: ErrorCode, message: String, field: Option<String>) -> Response {
    let status = StatusCode::from_u16(code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let english = EnglishError { code, message: message.clone(), field: field.clone() };
    let mut response = (status, axum::Json(ErrorBody { message, code: code.as_str(), field })).into_response();
    response.extensions_mut().insert(english);
    response
}

/// The one place error messages are translated: an error answer (see [`EnglishError`]) gets its
/// message in the language of the request (`Accept-Language`, et fallback, as
/// `RequestContext.locale`) from the catalogue `domain/src/platform/messages.json`; code, field,
/// status and headers stay. A message the catalogue does not know stays English.
pub async fn in_user_language(request: Request, next: Next) -> Response {
    let locale = crate::session::request_locale(request.headers());
    let mut response = next.run(request).await;
    let Some(english) = response.extensions_mut().remove::<EnglishError>() else { return response };
    if locale == Locale::En {
        return response;
    }
    let message = messages::translate(&english.message, locale);
    if message == english.message {
        return response;
    }
    let body = ErrorBody { message: message.into_owned(), code: english.code.as_str(), field: english.field };
    let Ok(bytes) = serde_json::to_vec(&body) else { return response };
    response.headers_mut().remove(header::CONTENT_LENGTH);
    *response.body_mut() = Body::from(bytes);
    response
}

/// The message of a 503 while Postgres cannot be reached (restarting, down, out of connections).
pub const DATABASE_UNAVAILABLE: &str = "Service Unavailable: the database is not answering; nothing was saved, try again in a moment";
/// The Retry-After of that 503, in seconds.
const DATABASE_RETRY_AFTER_SECS: u32 = 5;

/// Whether `err` says Postgres cannot be reached now rather than that the request or the code is
/// wrong: no connection within the pool's wait, a connection lost (I/O, protocol, TLS), or the
/// server shutting down, starting, refusing connections (SQLSTATE class 08, 57P01-57P03, 53300).
pub fn database_unreachable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::WorkerCrashed | sqlx::Error::Io(_) | sqlx::Error::Tls(_) => true,
        sqlx::Error::Protocol(_) => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| code.starts_with("08") || matches!(&*code, "57P01" | "57P02" | "57P03" | "53300")),
        _ => false,
    }
}

/// A 503 `service_unavailable` saying the database does not answer, with Retry-After.
fn unavailable(detail: String) -> Response {
    let mut response = respond(ErrorCode::ServiceUnavailable, DATABASE_UNAVAILABLE.into(), None);
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(DATABASE_RETRY_AFTER_SECS));
    response.extensions_mut().insert(LoggedError(format!("database unreachable: {detail}")));
    response
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self.0 {
            Error::Client { code, message, field } => respond(code, message.into_owned(), field.map(str::to_string)),
            Error::TooManyRequests { retry_after_secs } => {
                let mut response = respond(ErrorCode::TooManyRequests, ErrorCode::TooManyRequests.default_message().into(), None);
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
                response
            }
            Error::Database(ref err) if database_unreachable(err) => unavailable(format!("{err:#}")),
            Error::Internal(ref err) if err.chain().any(|cause| cause.downcast_ref::<sqlx::Error>().is_some_and(database_unreachable)) => {
                unavailable(format!("{err:#}"))
            }
            other => {
                let mut response = respond(ErrorCode::Internal, ErrorCode::Internal.default_message().into(), None);
                response.extensions_mut().insert(LoggedError(format!("{other:#}")));
                response
            }
        }
    }
}

/// Whether `c` is refused in request text: every control character (Unicode `Cc`: NUL, the other
/// C0 codes, DEL and the C1 codes); in JSON bodies tab, line feed and carriage return stay allowed
/// (multi-line text), in path and query strings they are refused too.
fn refused(c: char, in_json: bool) -> bool {
    c.is_control() && !(in_json && matches!(c, '\t' | '\n' | '\r'))
}

fn first_refused(text: &str, in_json: bool) -> Option<char> {
    text.chars().find(|c| refused(*c, in_json))
}

/// The 400 for text holding a refused character, naming where it is.
fn control_character(field: String, c: char) -> Response {
    respond(ErrorCode::Validation, format!("{field} contains a control character (U+{:04X}), which is not accepted", c as u32), Some(field))
}

/// The first string (value or key) of a JSON document holding a refused character: its path in the
/// document (`categoryCode[0]`, `educations[1].institution`; `body` for the document itself) and
/// the character. serde_json refuses documents nested deeper than 128, which bounds the recursion.
fn refused_in_json(value: &Value, path: &mut String) -> Option<(String, char)> {
    let here = |path: &String| if path.is_empty() { "body".to_string() } else { path.clone() };
    match value {
        Value::String(text) => first_refused(text, true).map(|c| (here(path), c)),
        Value::Array(items) => items.iter().enumerate().find_map(|(index, item)| {
            let length = path.len();
            path.push_str(&format!("[{index}]"));
            let found = refused_in_json(item, path);
            path.truncate(length);
            found
        }),
        Value::Object(fields) => fields.iter().find_map(|(key, item)| {
            if let Some(c) = first_refused(key, true) {
                return Some((format!("{} (a key)", here(path)), c));
            }
            let length = path.len();
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(key);
            let found = refused_in_json(item, path);
            path.truncate(length);
            found
        }),
        _ => None,
    }
}

/// The app's JSON body extractor: reads the body as `axum::Json` does (content type, size limit:
/// 413 `payload_too_large`), refuses control characters in any string of it with a 400 naming the
/// field (Postgres refuses NUL in text; nothing of the app needs the others), then reads `T`,
/// answering a mismatch with a 400 whose message names the field.
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(value) = axum::Json::<Value>::from_request(request, state)
            .await
            .map_err(|rejection| ApiError::from(rejection).into_response())?;
        if let Some((field, c)) = refused_in_json(&value, &mut String::new()) {
            return Err(control_character(field, c));
        }
        let mut unknown: Option<String> = None;
        let read = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(value, &mut |path: serde_ignored::Path| {
            unknown.get_or_insert_with(|| field_path(&path));
        }));
        let read = read.map_err(|err| {
            ApiError::invalid(format!("The body does not match what this call expects: {err}")).into_response()
        })?;
        match unknown {
            // a field the call does not know is refused rather than ignored: a misspelt filter
            // (`{"text": …}` for `query`) would otherwise answer as if no filter were given
            Some(field) => Err(respond(ErrorCode::Validation, format!("Unknown field `{field}` in the body"), Some(field))),
            None => Ok(Json(read)),
        }
    }
}

/// A path of `serde_ignored` in the error format's field notation (`educations[1].institution`).
fn field_path(path: &serde_ignored::Path) -> String {
    use serde_ignored::Path;
    match path {
        Path::Root => String::new(),
        Path::Seq { parent, index } => format!("{}[{index}]", field_path(parent)),
        Path::Map { parent, key } => {
            let parent = field_path(parent);
            if parent.is_empty() { key.clone() } else { format!("{parent}.{key}") }
        }
        Path::Some { parent } | Path::NewtypeStruct { parent } | Path::NewtypeVariant { parent } => field_path(parent),
    }
}
impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::Form` with the app's error format: a body that is not a form, or lacks a field, is a 400
/// (axum's own answers are 415 and 422 in plain text).
pub struct Form<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Form<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Form::<T>::from_request(request, state).await {
            Ok(axum::Form(value)) => Ok(Form(value)),
            Err(rejection) => Err(ApiError::from(rejection).into_response()),
        }
    }
}

impl From<FormRejection> for ApiError {
    fn from(rejection: FormRejection) -> Self {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::code(ErrorCode::PayloadTooLarge);
        }
        let message = match rejection {
            FormRejection::InvalidFormContentType(_) => {
                "Expected a form body with Content-Type: application/x-www-form-urlencoded".to_string()
            }
            FormRejection::FailedToDeserializeForm(e) => format!("The form does not match what this call expects: {}", e.body_text()),
            FormRejection::FailedToDeserializeFormBody(e) => format!("The form does not match what this call expects: {}", e.body_text()),
            other => other.body_text(),
        };
        ApiError::invalid(message)
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

/// `axum::extract::Path` with the app's error format; a path parameter holding a control character
/// is a 400 naming the parameter.
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        // a parameter that is not UTF-8 fails here and again, with its message, in `Path` below
        if let Ok(params) = RawPathParams::from_request_parts(parts, state).await {
            for (name, value) in &params {
                if let Some(c) = first_refused(value, false) {
                    return Err(control_character(name.to_string(), c));
                }
            }
        }
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => Err(ApiError::from(rejection).into_response()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::invalid(format!("Wrong path parameter: {}", rejection.body_text()))
    }
}

/// `axum::extract::Query` with the app's error format; a query parameter (name or value) holding a
/// control character is a 400 naming the parameter.
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            if let Some(c) = first_refused(&name, false).or_else(|| first_refused(&value, false)) {
                let name: String = name.chars().filter(|c| !c.is_control()).take(100).collect();
                return Err(control_character(name, c));
            }
        }
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(rejection) => Err(ApiError::from(rejection).into_response()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::invalid(format!("Wrong query parameter: {}", rejection.body_text()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_found_with_their_path() {
        let body = serde_json::json!({"a": "ok\tline\nbreak\r", "list": ["x", {"deep": "a\u{0}b"}]});
        assert_eq!(refused_in_json(&body, &mut String::new()), Some(("list[1].deep".to_string(), '\0')));
        assert_eq!(refused_in_json(&serde_json::json!({"a": ["\u{7f}"]}), &mut String::new()), Some(("a[0]".to_string(), '\u{7f}')));
        assert_eq!(refused_in_json(&serde_json::json!("\u{85}"), &mut String::new()), Some(("body".to_string(), '\u{85}')));
        assert_eq!(refused_in_json(&serde_json::json!({"a": "tab\there é ü"}), &mut String::new()), None);
        assert!(first_refused("a\tb", false).is_some());
    }
}
