//! The one error type of the business layer, and the exhaustive table of error codes: each code has
//! one HTTP status and one user message. The web maps `code` to its translated text.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// The request body or parameters could not be read (malformed JSON, wrong type, unknown value).
    InvalidRequest,
    /// A field failed validation; the message names the field.
    Validation,
    ConsentRequired,
    InvalidVerificationCode,
    VerificationCodeExpired,
    ProfileIncomplete,
    CompanyAlreadyRegistered,
    CompanyNotFound,
    CannotRepresent,
    SearchCriteriaRequired,
    CvDatabaseAccessRequired,
    AlreadyApplied,
    /// The CV's owner is already a candidate of the vacancy an employer adds the CV to; the
    /// message names the vacancy.
    CvAlreadyAdded,
    /// An interview's duration is not positive, too long, or does not fit the chosen time or a slot.
    WrongInterviewDuration,
    /// A time range ends before it starts, lies in the past, overlaps another or is too long.
    WrongPeriod,
    /// The interview's status does not allow the change (e.g. accepting a canceled one).
    InterviewNotChangeable,
    PayloadTooLarge,
    /// The CV's PDF could not be generated (a server-side failure, logged).
    PdfGenerationFailed,
    Unauthorized,
    AccessDenied,
    NotFound,
    TooManyRequests,
    ServiceUnavailable,
    Internal,
    /// A calendar query whose period holds more occurrences of recurring events than one answer
    /// may carry; the field is the period's end.
    TooManyOccurrences,
    /// An upload that would take the user's stored files over their storage quota.
    StorageQuotaExceeded,
    /// The server's file storage (DATA_DIR) is full: nothing was stored (507).
    InsufficientStorage,
    /// A chat whose company no longer has access to the applicant's CV: it can be read, not written.
    ChatReadOnly,
    /// The applicant writes in a chat before the employer has written in it.
    ChatNotStarted,
    /// The account's daily count of wrong sign-in codes is spent: no code can be typed, sign-in
    /// goes through the link of the mail.
    SignInCodesSpent,
    /// A sign-in link that is unknown, used or expired.
    InvalidSignInLink,
    /// A live sign-in link followed in another browser than the one that asked for it.
    SignInLinkOtherBrowser,
}

impl ErrorCode {
    pub fn status(self) -> u16 {
        use ErrorCode::*;
        match self {
            InvalidRequest | Validation | ConsentRequired | InvalidVerificationCode | VerificationCodeExpired
            | ProfileIncomplete | CompanyAlreadyRegistered | CannotRepresent | SearchCriteriaRequired
            | AlreadyApplied | CvAlreadyAdded | WrongInterviewDuration | WrongPeriod | InterviewNotChangeable => 400,
            TooManyOccurrences | StorageQuotaExceeded => 400,
            // 400, not 403: the web sends every 403 to the "access denied" page; these show in the chat
            ChatReadOnly | ChatNotStarted => 400,
            SignInCodesSpent | InvalidSignInLink | SignInLinkOtherBrowser => 400,
            Unauthorized => 401,
            AccessDenied | CvDatabaseAccessRequired => 403,
            NotFound | CompanyNotFound => 404,
            PayloadTooLarge => 413,
            TooManyRequests => 429,
            Internal | PdfGenerationFailed => 500,
            ServiceUnavailable => 503,
            InsufficientStorage => 507,
        }
    }

    pub fn as_str(self) -> &'static str {
        use ErrorCode::*;
        match self {
            InvalidRequest => "invalid_request",
            Validation => "validation",
            ConsentRequired => "consent_required",
            InvalidVerificationCode => "invalid_verification_code",
            VerificationCodeExpired => "verification_code_expired",
            ProfileIncomplete => "profile_incomplete",
            CompanyAlreadyRegistered => "company_already_registered",
            CompanyNotFound => "company_not_found",
            CannotRepresent => "cannot_represent",
            SearchCriteriaRequired => "search_criteria_required",
            AlreadyApplied => "already_applied",
            CvAlreadyAdded => "cv_already_added",
            WrongInterviewDuration => "wrong_interview_duration",
            WrongPeriod => "wrong_period",
            InterviewNotChangeable => "interview_not_changeable",
            CvDatabaseAccessRequired => "cv_database_access_required",
            PayloadTooLarge => "payload_too_large",
            PdfGenerationFailed => "pdf_generation_failed",
            Unauthorized => "unauthorized",
            AccessDenied => "access_denied",
            NotFound => "not_found",
            TooManyRequests => "too_many_requests",
            ServiceUnavailable => "service_unavailable",
            Internal => "internal",
            TooManyOccurrences => "too_many_occurrences",
            StorageQuotaExceeded => "storage_quota_exceeded",
            InsufficientStorage => "insufficient_storage",
            ChatReadOnly => "chat_read_only",
            ChatNotStarted => "chat_not_started",
            SignInCodesSpent => "sign_in_codes_spent",
            InvalidSignInLink => "invalid_sign_in_link",
            SignInLinkOtherBrowser => "sign_in_link_other_browser",
        }
    }

    /// The user message of the spec's catalogue, in English: the API answers it in the request's
    /// language (`platform::messages`), and the web translates by code where it has a text.
    pub fn default_message(self) -> &'static str {
        use ErrorCode::*;
        match self {
            InvalidRequest => "The request could not be read",
            Validation => "A field is not valid",
            ConsentRequired => "Registration without acceptance of the terms of use is not possible",
            InvalidVerificationCode | VerificationCodeExpired => "Invalid verification code",
            ProfileIncomplete => "First name, last name and phone are required",
            CompanyAlreadyRegistered => {
                "This company is already registered. Please contact support to be added as a user of the company"
            }
            CompanyNotFound => "Company with this name not found",
            CannotRepresent => "Can't login as another user",
            SearchCriteriaRequired => "Please select at least one search criteria",
            AlreadyApplied => "This position has already been applied",
            CvAlreadyAdded => "This user has already been added to the vacancy",
            WrongInterviewDuration => "Wrong duration of interview",
            WrongPeriod => "Wrong period",
            InterviewNotChangeable => "This interview can no longer be changed",
            CvDatabaseAccessRequired => {
                "Searching the CV database needs an active CV-database service: buy access for a number of days"
            }
            PayloadTooLarge => "The request body is too large",
            PdfGenerationFailed => "Failed to generate PDF",
            Unauthorized => "Unauthorized",
            AccessDenied => "Access denied",
            NotFound => "Not found",
            TooManyRequests => "Too many requests, please try again later",
            ServiceUnavailable => "Service Unavailable",
            Internal => "Unknown error",
            TooManyOccurrences => "The period holds too many occurrences of recurring events; choose a shorter period",
            StorageQuotaExceeded => "Your files take up all of your storage; delete files you no longer need first",
            InsufficientStorage => "The server has no space left to store files; nothing was saved, try again later",
            ChatReadOnly => "This chat is read-only: the employer no longer has access to the applicant's CV",
            ChatNotStarted => "You can write once the employer has written to you",
            SignInCodesSpent => {
                "Too many wrong codes were tried for this account today; sign in with the link in the e-mail we sent"
            }
            InvalidSignInLink => "This sign-in link was used or has expired; ask for a new one",
            SignInLinkOtherBrowser => "Open the sign-in link in the browser where you asked to sign in, or ask for a new one here",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An expected failure the user can act on: status, code and message come from the code table.
    #[error("{message}")]
    Client { code: ErrorCode, message: Cow<'static, str>, field: Option<&'static str> },
    #[error("too many requests, retry after {retry_after_secs} s")]
    TooManyRequests { retry_after_secs: u64 },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn code(code: ErrorCode) -> Self {
        Error::Client { code, message: Cow::Borrowed(code.default_message()), field: None }
    }

    pub fn with_message(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        Error::Client { code, message: message.into(), field: None }
    }

    /// A validation failure on one named field.
    pub fn field(field: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Error::Client { code: ErrorCode::Validation, message: message.into(), field: Some(field) }
    }

    /// A failure of `code`'s own message about one named field.
    pub fn code_on(code: ErrorCode, field: &'static str) -> Self {
        Error::Client { code, message: Cow::Borrowed(code.default_message()), field: Some(field) }
    }

    pub fn not_found() -> Self {
        Error::code(ErrorCode::NotFound)
    }

    pub fn unauthorized() -> Self {
        Error::code(ErrorCode::Unauthorized)
    }

    pub fn forbidden() -> Self {
        Error::code(ErrorCode::AccessDenied)
    }
}

/// The path of a field in a list row, e.g. `educations[1].institution`, as the `'static` name a
/// field error carries; an empty `field` names the row itself (`galleryFileIds[3]`). Callers cap
/// their lists before any path is made, so the interned set is small and bounded.
pub fn row_field(list: &'static str, index: usize, field: &'static str) -> &'static str {
    type Paths = HashMap<(&'static str, usize, &'static str), &'static str>;
    static PATHS: OnceLock<Mutex<Paths>> = OnceLock::new();
    let mut paths = PATHS.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    paths.entry((list, index, field)).or_insert_with(|| {
        let path = if field.is_empty() { format!("{list}[{index}]") } else { format!("{list}[{index}].{field}") };
        Box::leak(path.into_boxed_str())
    })
}
