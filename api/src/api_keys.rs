//! What an API key may call. One list of operations ([`KEY_OPERATIONS`]) both marks them in the
//! OpenAPI document (security `bearer`) and, as [`KeyScope`], lets a key through the area guard
//! (lib.rs) to them only: everything else of the signed-in areas answers a key 403. The handlers of
//! those operations take [`crate::session::CompanyCaller`], which accepts the key's company.

use std::collections::HashSet;

use axum::http::Method;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, Http, HttpAuthScheme, SecurityRequirement, SecurityScheme};
use utoipa::openapi::path::Operation;
use utoipa::openapi::{OpenApi, PathItem};

/// The employer's vacancy and application calls, by operation id (the handlers' names): the list,
/// the document (create, read, replace, delete, copy, preview, autocomplete), the status call that
/// publishes, hides and archives, what publishing buys, and the candidates (list, one, rating and
/// verdict, status). Not the picture upload (an upload counts against a person's quota), the
/// moderator and CV-database calls, comments (a person's notes), nor anything of the account,
/// staff, keys, billing, CV database or chat.
pub const KEY_OPERATIONS: [&str; 15] = [
    "my_vacancies",
    "create_vacancy",
    "get_vacancy",
    "put_vacancy",
    "delete_vacancy",
    "copy_vacancy",
    "preview_vacancy",
    "autocomplete",
    "set_status",
    "products",
    "quote",
    "candidate_list",
    "open_candidate",
    "judge_candidate",
    "set_application_status",
];

/// The security schemes' names in the document.
pub const SESSION_SCHEME: &str = "session";
pub const BEARER_SCHEME: &str = "bearer";

/// The (method, path) pairs an API key may call, paths as the router matches them
/// (`/api/employer/vacancies/{id}`).
#[derive(Clone, Debug, Default)]
pub struct KeyScope(HashSet<(Method, String)>);

impl KeyScope {
    pub fn allows(&self, method: &Method, path: &str) -> bool {
        let method = if *method == Method::HEAD { Method::GET } else { method.clone() };
        self.0.contains(&(method, path.to_string()))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The operations of a path item with their methods.
fn operations(item: &PathItem) -> [(Method, Option<&Operation>); 5] {
    [
        (Method::GET, item.get.as_ref()),
        (Method::POST, item.post.as_ref()),
        (Method::PUT, item.put.as_ref()),
        (Method::PATCH, item.patch.as_ref()),
        (Method::DELETE, item.delete.as_ref()),
    ]
}

fn is_key_operation(operation: &Operation) -> bool {
    operation.operation_id.as_deref().is_some_and(|id| KEY_OPERATIONS.contains(&id))
}

/// Where [`KEY_OPERATIONS`] are in the document.
pub fn scope(doc: &OpenApi) -> KeyScope {
    let mut scope = HashSet::new();
    for (path, item) in &doc.paths.paths {
        for (method, operation) in operations(item) {
            if operation.is_some_and(is_key_operation) {
                scope.insert((method, path.clone()));
            }
        }
    }
    KeyScope(scope)
}

/// Declares the two ways in (the session cookie, an API key) and marks [`KEY_OPERATIONS`] as
/// taking either. Panics when an operation of the list is not in the document: a renamed handler
/// must not quietly drop out of the keys' scope.
pub fn mark_key_operations(doc: &mut OpenApi) {
    let components = doc.components.get_or_insert_with(Default::default);
    let session = ApiKey::Cookie(ApiKeyValue::with_description(
        crate::session::SESSION_COOKIE,
        "The session of a signed-in user (`POST /api/auth/verify-otp`); writes also need the `X-XSRF-TOKEN` header.",
    ));
    components.add_security_scheme(SESSION_SCHEME, SecurityScheme::ApiKey(session));
    let mut bearer = Http::new(HttpAuthScheme::Bearer);
    bearer.bearer_format = Some("vk_…".into());
    bearer.description = Some(
        "A company's API key (`vk_…`, made by its supervisor on the my-company page, tab API keys): acts as the company, \
         without cookies or anti-forgery header, on the calls marked with it only."
            .into(),
    );
    components.add_security_scheme(BEARER_SCHEME, SecurityScheme::Http(bearer));

    let mut found = HashSet::new();
    for item in doc.paths.paths.values_mut() {
        for operation in [item.get.as_mut(), item.post.as_mut(), item.put.as_mut(), item.patch.as_mut(), item.delete.as_mut()].into_iter().flatten() {
            if is_key_operation(operation) {
                found.extend(operation.operation_id.clone());
                let either = [SESSION_SCHEME, BEARER_SCHEME].map(|name| SecurityRequirement::new(name, Vec::<String>::new()));
                operation.security = Some(either.into());
            }
        }
    }
    let missing: Vec<&str> = KEY_OPERATIONS.iter().filter(|id| !found.contains(**id)).copied().collect();
    assert!(missing.is_empty(), "API-key operations missing from the OpenAPI document: {missing:?}");
}
