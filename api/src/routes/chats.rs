//! Chats between a company and an applicant, and the live stream of their events. The employer
//! starts a chat about an application; both sides list, read and write their chats under
//! `/api/user`. The reader's side is decided as for the menu badges: a user acting for a company
//! (an EMPLOYER still on its staff) reads the company's chats, anyone else their own as applicant.
//! A chat not the reader's is "not found". The rules are in [`domain::chats`].

use std::convert::Infallible;
use std::time::Duration;

use axum::body::Body;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::response::sse::{Event, KeepAlive, Sse};
use domain::chats::{self, ChatMessage, ChatPage, ChatSummary, Conversation, NewMessage, Party, Started, Subject};
use domain::files::{FileClass, Sniffed};
use domain::platform::error::ErrorCode;
use domain::platform::filters::Paging;
use domain::platform::sorting::Sorting;
use serde::Deserialize;
use utoipa::IntoParams;
use futures::Stream;
use tokio::sync::broadcast::error::RecvError;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::download::{Disposition, file_response};
use crate::error::{ApiResult, ErrorBody, Json, Path, Query};
use crate::live::{self, ChatEvent, LiveEvent, LiveKind};
use crate::session::{ActingCompany, SignedIn, acting_company_of};
use crate::state::AppState;

/// How often an idle stream sends a comment, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// What a stream refused for its cap says in `Retry-After`: the web opens it again after 30 s.
const STREAM_RETRY_AFTER_SECS: u64 = 30;

/// Mounted under `/api/employer`.
pub fn employer_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(start))
}

/// Mounted under `/api/user`.
pub fn user_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(messages))
        .routes(routes!(send))
        .routes(routes!(of_application))
        .routes(routes!(attachment))
        .routes(routes!(stream))
}

/// The reader's side: the company they act for, or themselves as applicant.
async fn party(state: &AppState, signed_in: &SignedIn) -> domain::Result<Party> {
    let user_id = signed_in.session.user_id;
    Ok(match acting_company_of(state, signed_in).await? {
        Some(company_id) => Party::Employer { user_id, company_id },
        None => Party::Applicant { user_id },
    })
}

/// Handles `POST /api/employer/chats/{id}`: `{id}` is an application to one of the acting
/// company's vacancies or, when it is none, a CV the company sees in the CV database; starts the
/// chat with its applicant, or answers the existing one (one chat per company and applicant): 201
/// when started, 200 when it existed. The applicant sees the chat once the employer has written in
/// it.
#[utoipa::path(post, path = "/chats/{id}", operation_id = "chat_start", tag = "employer", params(("id" = Uuid, Path, description = "the application, or a CV of the CV database")),
    responses((status = 201, body = Started, description = "started"), (status = 200, body = Started, description = "the existing chat"),
        (status = 401, body = ErrorBody),
        (status = 400, body = ErrorBody, description = "chat_read_only: the application is no longer workable"),
        (status = 403, body = ErrorBody, description = "not an employer acting for a company; cv_database_access_required: a CV without the company's access to the database"),
        (status = 404, body = ErrorBody, description = "neither an application to the company's vacancies (not withdrawn or anonymised) nor a CV visible in the database")))]
async fn start(State(state): State<AppState>, acting: ActingCompany, Path(id): Path<Uuid>) -> ApiResult<(StatusCode, Json<Started>)> {
    let user_id = acting.signed_in.session.user_id;
    // ids are UUIDs: one that names no application of the company may name a CV
    let started = match chats::start(&state.pool, acting.company_id, user_id, Subject::Application(id)).await {
        Err(domain::Error::Client { code: ErrorCode::NotFound, .. }) => chats::start(&state.pool, acting.company_id, user_id, Subject::Cv(id)).await?,
        other => other?,
    };
    let status = if started.created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(started)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChatListParams {
    /// `lastMessage` (the latest activity, the default), `created`, `unread` or `otherParty`.
    pub sort: Option<String>,
    /// `asc` or `desc`; newest and most first, names A to Z, when absent.
    pub order: Option<String>,
    /// Zero-based.
    pub page: Option<u32>,
    /// 50 by default, at most 100.
    pub size: Option<u32>,
}

/// Handles `GET /api/user/chats?sort=&order=&page=&size=`: the reader's chats, newest activity
/// first unless sorted otherwise, 50 to a page (`size` up to 100), with the other side's name, the
/// vacancy's occupation, the unread count and whether the chat is open. An applicant sees a chat
/// once the employer has written.
#[utoipa::path(get, path = "/chats", operation_id = "chat_list", tag = "user", params(ChatListParams),
    responses((status = 200, body = ChatPage), (status = 400, body = ErrorBody, description = "`sort` or `order` unknown, `page` or `size` out of range"),
        (status = 401, body = ErrorBody)))]
async fn list(State(state): State<AppState>, signed_in: SignedIn, Query(params): Query<ChatListParams>) -> ApiResult<Json<ChatPage>> {
    let (page, size) = Paging { page: params.page, size: params.size }.resolve(chats::PAGE_SIZE)?;
    let sorting = Sorting::parse(chats::SORT_FIELDS, params.sort.as_deref(), params.order.as_deref())?;
    let party = party(&state, &signed_in).await?;
    Ok(Json(chats::list(&state.pool, party, signed_in.context.locale, sorting, page, size).await?))
}

/// Handles `GET /api/user/chats/{id}/messages`: the chat and all its messages, oldest first; the
/// other side's messages become read.
#[utoipa::path(get, path = "/chats/{id}/messages", operation_id = "chat_messages", tag = "user", params(("id" = Uuid, Path)),
    responses((status = 200, body = Conversation), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not the reader's chat")))]
async fn messages(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<Conversation>> {
    let party = party(&state, &signed_in).await?;
    let (conversation, marked) = chats::read(&state.pool, party, signed_in.context.locale, id).await?;
    if marked > 0 {
        let parties = chats::parties(&state.pool, party, id).await?;
        state.live.publish(LiveEvent { kind: LiveKind::Read, parties });
    }
    Ok(Json(conversation))
}

/// Handles `POST /api/user/chats/{id}`: sends a message (plain text, 1–5000 characters, with an
/// optional attachment uploaded before with `POST /api/user/upload?kind=chat`). Both sides' live
/// streams hear of it.
#[utoipa::path(post, path = "/chats/{id}", operation_id = "chat_send", tag = "user", params(("id" = Uuid, Path)), request_body = NewMessage,
    responses((status = 201, body = ChatMessage),
        (status = 400, body = ErrorBody, description = "`text`: empty or longer than 5000 characters; `attachmentFileId`: not the writer's unsent \
            chat upload; chat_read_only: the company no longer has access to the applicant's CV; chat_not_started: the applicant writes before \
            the employer has (400 rather than 403: the web answers every 403 with its access-denied page)"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "not the writer's chat")))]
async fn send(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>, Json(body): Json<NewMessage>) -> ApiResult<(StatusCode, Json<ChatMessage>)> {
    let party = party(&state, &signed_in).await?;
    let (message, parties) = chats::send(&state.pool, party, id, &body).await?;
    state.live.publish(LiveEvent { kind: LiveKind::Message, parties });
    Ok((StatusCode::CREATED, Json(message)))
}

/// Handles `GET /api/user/chats/application/{id}`: the chat of an application (the chat of its
/// company and applicant), for the applicant or the company whose vacancy it answers.
#[utoipa::path(get, path = "/chats/application/{id}", operation_id = "chat_of_application", tag = "user", params(("id" = Uuid, Path, description = "the application, or a CV of the CV database")),
    responses((status = 200, body = ChatSummary), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "no chat yet, or not the reader's application")))]
async fn of_application(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Json<ChatSummary>> {
    let party = party(&state, &signed_in).await?;
    Ok(Json(chats::of_application(&state.pool, party, signed_in.context.locale, id).await?))
}

/// Handles `GET /api/user/chats/files/{id}`: a chat attachment, for its uploader and for both
/// sides of the chat whose message carries it. Pictures open in the browser; everything else
/// downloads.
#[utoipa::path(get, path = "/chats/files/{id}", operation_id = "chat_attachment", tag = "user", params(("id" = Uuid, Path)),
    responses((status = 200, description = "the file", content_type = "application/octet-stream"), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "unknown, or not the reader's to read")))]
async fn attachment(State(state): State<AppState>, signed_in: SignedIn, Path(id): Path<Uuid>) -> ApiResult<Response> {
    let party = party(&state, &signed_in).await?;
    let file = chats::attachment_for(&state.pool, party, id).await?;
    let stored = state.files.open(&file.storage_key).await.map_err(|_| domain::Error::not_found())?;
    let size = stored.size;
    let disposition = match Sniffed::from_content_type(&file.content_type).map(Sniffed::class) {
        Some(FileClass::Image) => Disposition::Inline,
        _ => Disposition::Attachment,
    };
    let mut response = file_response(&file.content_type, disposition, &file.original_name, Body::from_stream(stored.stream));
    response.headers_mut().insert(axum::http::header::CONTENT_LENGTH, size.into());
    Ok(response)
}

/// Handles `GET /api/user/stream`: the signed-in user's server-sent events. First `event: ready`;
/// then `event: chat` with a [`ChatEvent`] (`kind` message or read, `chatId`) for each chat
/// event of the user's side, from any API process; `event: resync` when events were missed (reload
/// everything); a comment every 15 s keeps it open. The side is fixed when the stream opens
/// (reconnect after switching company); it ends when the server shuts down, after its lifetime
/// (an hour), and within `STREAM_RECHECK_SECS` (30 s) of its session ending or acting for another
/// side (`crate::live`). At most 5 streams per user and 20 per client address in each process: 429
/// past them. Without Redis the stream stays open with this process's events only; clients keep
/// their 30 s badge poll.
#[utoipa::path(get, path = "/stream", operation_id = "user_stream", tag = "user",
    responses((status = 200, content_type = "text/event-stream", body = ChatEvent,
        description = "server-sent events: `ready`, then `chat` (a ChatEvent as JSON) and `resync`"),
        (status = 401, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "the user or the client address holds as many streams as allowed; `Retry-After` says when to try again")))]
async fn stream(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let user_id = signed_in.session.user_id;
    let limits = state.config.streams;
    let slot = state
        .live
        .slots
        .take(user_id, signed_in.context.ip.as_deref(), &limits)
        .ok_or(domain::Error::TooManyRequests { retry_after_secs: STREAM_RETRY_AFTER_SECS })?;
    let company = acting_company_of(&state, &signed_in).await?;
    let receiver = state.live.receiver();
    let ready = futures::stream::once(async { Ok(Event::default().event("ready").data("{}")) });
    let events = futures::stream::unfold((receiver, slot), move |(mut receiver, slot)| async move {
        loop {
            match receiver.recv().await {
                Ok(event) if event.is_for(user_id, company) => {
                    let data = ChatEvent { kind: event.kind, chat_id: event.parties.chat_id };
                    let event = Event::default().event("chat").json_data(data).unwrap_or_default();
                    return Some((Ok(event), (receiver, slot)));
                }
                Ok(_) => continue,
                Err(RecvError::Lagged(_)) => return Some((Ok(Event::default().event("resync").data("{}")), (receiver, slot))),
                Err(RecvError::Closed) => return None,
            }
        }
    });
    let closed = state.live.closed();
    let lapsed = live::lapsed(state.pool.clone(), signed_in.session.id, company, limits.recheck);
    let lifetime = tokio::time::sleep(live::spread_lifetime(limits.lifetime));
    let end = async move {
        tokio::select! {
            () = closed => {}
            () = lapsed => {}
            () = lifetime => {}
        }
    };
    let stream = futures::StreamExt::take_until(futures::StreamExt::chain(ready, events), end);
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}
