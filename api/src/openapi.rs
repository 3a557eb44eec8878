//! The OpenAPI document's frame; every route adds itself through `utoipa_axum::routes!`.

use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Vakants API",
        description = "The job marketplace's HTTP API. Base path `/api`, camelCase JSON.\n\n\
            **Errors** are `{message, code, field?}`: 400 (message of the server, `code` from the error table), \
            401 `Unauthorized`, 403 `Access denied`, 404 `Not found`, 413 for a body over 1 MiB, 429 with \
            `Retry-After`, 503 `Service Unavailable`.\n\n\
            **Sessions** are an HttpOnly cookie set by `POST /api/auth/verify-otp`. **Anti-forgery**: every \
            POST/PUT/PATCH/DELETE, and the GET calls that change state (`/auth/logout`, `/admin/represent/…`, \
            `/admin/be-original`), must send the `XSRF-TOKEN` cookie's value in the `X-XSRF-TOKEN` header; any \
            response hands out the cookie when it is missing. **Languages**: labels follow `Accept-Language` \
            (et, en, ru; et fallback). Every response carries `x-build-version`.\n\n\
            **Areas**: `/open` everyone, `/user` signed in, `/applicant` APPLICANT, `/employer` EMPLOYER, \
            `/admin` ADMIN or SUPERVISOR. Not signed in: 401; wrong role: 403.",
    ),
    components(schemas(crate::error::ErrorBody)),
    tags(
        (name = "auth", description = "Passwordless sign-in"),
        (name = "open", description = "Public calls"),
        (name = "reference", description = "Code lists labelled in the request's language"),
        (name = "search", description = "Vacancy search, categories and the employer autocomplete"),
        (name = "pages", description = "What the public vacancy and company pages load"),
        (name = "user", description = "Any signed-in user: profile, badges, calendar"),
        (name = "applicant", description = "Applicants: favourites, applications and interviews"),
        (name = "employer", description = "Employers"),
        (name = "admin", description = "Administrators and supervisors"),
        (name = "dev", description = "Dev mode only"),
    )
)]
pub struct ApiDoc;
