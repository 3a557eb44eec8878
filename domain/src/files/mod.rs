//! Uploaded files: kept under `DATA_DIR/files`, described by a `files` row. A file's type is
//! decided by its content, never by its name.

pub mod avatars;

use std::path::Path;
use std::sync::Arc;

use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::memory::InMemory;
use object_store::path::Path as ObjectPath;
use object_store::prefix::PrefixStore;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::platform::crypto;
use crate::platform::error::{Error, ErrorCode, Result};
use crate::platform::jobs::{self, ExtractPdfText};

/// The largest PDF CV accepted, and the largest file of a certificate, course or reference.
pub const MAX_PDF_BYTES: usize = 10 * 1024 * 1024;
/// The largest portfolio file (it may be a video).
pub const MAX_PORTFOLIO_BYTES: usize = 50 * 1024 * 1024;
/// The most one user's stored files (of every kind) may take together.
pub const STORAGE_QUOTA_BYTES: i64 = 200 * 1024 * 1024;
/// How long a file no row refers to is kept: an upload waits this long for the CV that will use
/// it to be saved, then [`purge_unreferenced`] deletes it.
pub const UNREFERENCED_GRACE: chrono::Duration = chrono::Duration::days(1);
/// Files deleted per statement by [`purge_unreferenced`].
const PURGE_BATCH: i64 = 500;
/// How much of a zip container's index entry is read to tell an office document's type.
const MAX_CONTAINER_ENTRY_BYTES: u64 = 256 * 1024;
/// How far into a media file a marker (the Matroska doc type, an Ogg codec header) is looked for.
const MEDIA_HEADER_BYTES: usize = 4096;

/// Content types recognised by their content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sniffed {
    Pdf,
    Png,
    Jpeg,
    /// Word 97–2003 (an OLE2 compound file with a `WordDocument` stream).
    Doc,
    /// Word 2007+ (an OOXML zip container).
    Docx,
    /// PowerPoint 97–2003 (an OLE2 compound file with a `PowerPoint Document` stream).
    Ppt,
    Pptx,
    /// OpenDocument text (a zip container whose `mimetype` entry says so).
    Odt,
    Mp4,
    Mov,
    Webm,
    Mkv,
    Avi,
    OggVideo,
    Mp3,
    M4a,
    Ogg,
    Wav,
    Flac,
}

/// What a recognised file is, for the rules of what each upload accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileClass {
    Pdf,
    Image,
    /// Word, PowerPoint or OpenDocument text.
    Document,
    Video,
    Audio,
}

fn ascii_utf16(text: &str) -> Vec<u8> {
    text.bytes().flat_map(|b| [b, 0]).collect()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// An OOXML or ODF document by the entry that names its type; any other zip is not accepted.
fn office_container(bytes: &[u8]) -> Option<Sniffed> {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).ok()?;
    let mut read_entry = |name: &str| -> Option<String> {
        let entry = archive.by_name(name).ok()?;
        let mut text = String::new();
        entry.take(MAX_CONTAINER_ENTRY_BYTES).read_to_string(&mut text).ok()?;
        Some(text)
    };
    if let Some(mimetype) = read_entry("mimetype") {
        return (mimetype.trim() == "application/vnd.oasis.opendocument.text").then_some(Sniffed::Odt);
    }
    let types = read_entry("[Content_Types].xml")?;
    if types.contains("application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml") {
        Some(Sniffed::Docx)
    } else if types.contains("application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml")
        || types.contains("application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml")
    {
        Some(Sniffed::Pptx)
    } else {
        None
    }
}

/// An ISO base media file (MP4, QuickTime, M4A) by the major brand of its `ftyp` box.
fn iso_media(bytes: &[u8]) -> Option<Sniffed> {
    if bytes.len() < 12 || &bytes[4..8] != b"ftyp" {
        return None;
    }
    match &bytes[8..12] {
        b"M4A " | b"M4B " => Some(Sniffed::M4a),
        b"qt  " => Some(Sniffed::Mov),
        b"isom" | b"iso2" | b"iso4" | b"iso5" | b"iso6" | b"mp41" | b"mp42" | b"avc1" | b"M4V " | b"dash" | b"mmp4"
        | b"MSNV" | b"3gp4" | b"3gp5" | b"3g2a" => Some(Sniffed::Mp4),
        _ => None,
    }
}

/// An MPEG audio frame header: the sync bits, then a layer, version, bit rate and sample rate
/// that exist (so JPEG's `FF D8` and AAC's `FF F1` are not taken for MP3).
fn mpeg_audio_frame(bytes: &[u8]) -> bool {
    bytes.len() >= 4
        && bytes[0] == 0xff
        && bytes[1] & 0xe0 == 0xe0
        && (bytes[1] >> 3) & 0b11 != 0b01
        && (bytes[1] >> 1) & 0b11 != 0b00
        && bytes[2] >> 4 != 0b1111
        && bytes[2] >> 4 != 0
        && (bytes[2] >> 2) & 0b11 != 0b11
}

impl Sniffed {
    /// The type of a file by its content; `None` for anything not accepted anywhere.
    pub fn of(bytes: &[u8]) -> Option<Sniffed> {
        let head = &bytes[..bytes.len().min(MEDIA_HEADER_BYTES)];
        if bytes.starts_with(b"%PDF-") {
            Some(Sniffed::Pdf)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Sniffed::Png)
        } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
            Some(Sniffed::Jpeg)
        } else if bytes.starts_with(b"PK\x03\x04") {
            office_container(bytes)
        } else if bytes.starts_with(&[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) {
            if contains(bytes, &ascii_utf16("WordDocument")) {
                Some(Sniffed::Doc)
            } else if contains(bytes, &ascii_utf16("PowerPoint Document")) {
                Some(Sniffed::Ppt)
            } else {
                None
            }
        } else if let Some(media) = iso_media(bytes) {
            Some(media)
        } else if bytes.starts_with(&[0x1a, 0x45, 0xdf, 0xa3]) {
            if contains(head, b"webm") {
                Some(Sniffed::Webm)
            } else if contains(head, b"matroska") {
                Some(Sniffed::Mkv)
            } else {
                None
            }
        } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") {
            match &bytes[8..12] {
                b"WAVE" => Some(Sniffed::Wav),
                b"AVI " => Some(Sniffed::Avi),
                _ => None,
            }
        } else if bytes.starts_with(b"OggS") {
            if contains(head, b"\x80theora") { Some(Sniffed::OggVideo) } else { Some(Sniffed::Ogg) }
        } else if bytes.starts_with(b"fLaC") {
            Some(Sniffed::Flac)
        } else if bytes.starts_with(b"ID3") || mpeg_audio_frame(bytes) {
            Some(Sniffed::Mp3)
        } else {
            None
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Sniffed::Pdf => "application/pdf",
            Sniffed::Png => "image/png",
            Sniffed::Jpeg => "image/jpeg",
            Sniffed::Doc => "application/msword",
            Sniffed::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            Sniffed::Ppt => "application/vnd.ms-powerpoint",
            Sniffed::Pptx => "application/vnd.openxmlformats-officedocument.presentationml.presentation",
            Sniffed::Odt => "application/vnd.oasis.opendocument.text",
            Sniffed::Mp4 => "video/mp4",
            Sniffed::Mov => "video/quicktime",
            Sniffed::Webm => "video/webm",
            Sniffed::Mkv => "video/x-matroska",
            Sniffed::Avi => "video/x-msvideo",
            Sniffed::OggVideo => "video/ogg",
            Sniffed::Mp3 => "audio/mpeg",
            Sniffed::M4a => "audio/mp4",
            Sniffed::Ogg => "audio/ogg",
            Sniffed::Wav => "audio/wav",
            Sniffed::Flac => "audio/flac",
        }
    }

    /// The usual file name extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Sniffed::Pdf => "pdf",
            Sniffed::Png => "png",
            Sniffed::Jpeg => "jpg",
            Sniffed::Doc => "doc",
            Sniffed::Docx => "docx",
            Sniffed::Ppt => "ppt",
            Sniffed::Pptx => "pptx",
            Sniffed::Odt => "odt",
            Sniffed::Mp4 => "mp4",
            Sniffed::Mov => "mov",
            Sniffed::Webm => "webm",
            Sniffed::Mkv => "mkv",
            Sniffed::Avi => "avi",
            Sniffed::OggVideo => "ogv",
            Sniffed::Mp3 => "mp3",
            Sniffed::M4a => "m4a",
            Sniffed::Ogg => "ogg",
            Sniffed::Wav => "wav",
            Sniffed::Flac => "flac",
        }
    }

    pub fn class(self) -> FileClass {
        match self {
            Sniffed::Pdf => FileClass::Pdf,
            Sniffed::Png | Sniffed::Jpeg => FileClass::Image,
            Sniffed::Doc | Sniffed::Docx | Sniffed::Ppt | Sniffed::Pptx | Sniffed::Odt => FileClass::Document,
            Sniffed::Mp4 | Sniffed::Mov | Sniffed::Webm | Sniffed::Mkv | Sniffed::Avi | Sniffed::OggVideo => FileClass::Video,
            Sniffed::Mp3 | Sniffed::M4a | Sniffed::Ogg | Sniffed::Wav | Sniffed::Flac => FileClass::Audio,
        }
    }

    const ALL: [Sniffed; 19] = [
        Sniffed::Pdf, Sniffed::Png, Sniffed::Jpeg, Sniffed::Doc, Sniffed::Docx, Sniffed::Ppt, Sniffed::Pptx, Sniffed::Odt,
        Sniffed::Mp4, Sniffed::Mov, Sniffed::Webm, Sniffed::Mkv, Sniffed::Avi, Sniffed::OggVideo, Sniffed::Mp3,
        Sniffed::M4a, Sniffed::Ogg, Sniffed::Wav, Sniffed::Flac,
    ];

    /// The type a stored content type stands for.
    pub fn from_content_type(content_type: &str) -> Option<Sniffed> {
        Sniffed::ALL.into_iter().find(|s| s.content_type() == content_type)
    }
}

/// Where uploaded files live, addressed by opaque keys, through the `object_store` crate: a local
/// directory (`DATA_DIR/files` by default, or `FILES_URL=file:///path`), an S3-compatible bucket
/// (`FILES_URL=s3://bucket/prefix`, credentials and endpoint from the usual `AWS_*` variables) or
/// memory (tests, `FILES_URL=memory://` in dev mode). Every node of a deployment with several
/// API processes must use the same store: S3, or one shared directory.
#[derive(Clone)]
pub struct FileStore {
    store: Arc<dyn ObjectStore>,
    /// Where the files are, for logs and errors (never a credential).
    location: Arc<str>,
    /// The directory of a store on local disk (`vakants restore` fills a directory beside it and
    /// renames it into place); none for S3 and memory.
    local_root: Option<Arc<Path>>,
}

impl std::fmt::Debug for FileStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileStore").field("location", &self.location).finish()
    }
}

/// A stored file opened for streaming.
pub struct OpenedFile {
    pub size: u64,
    pub stream: futures::stream::BoxStream<'static, std::io::Result<bytes::Bytes>>,
}

/// A failed call of the file store: no space left (or quota) on a local directory is the user's
/// clear 507 (the local store writes to a staging file and leaves no partial file), anything else
/// an internal error.
fn store_error(error: object_store::Error) -> Error {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&error);
    while let Some(err) = source {
        if let Some(io) = err.downcast_ref::<std::io::Error>()
            && matches!(io.kind(), std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded)
        {
            tracing::error!(error = %error, "the file store is full: uploads are refused until space is freed");
            return Error::code(ErrorCode::InsufficientStorage);
        }
        source = err.source();
    }
    anyhow::Error::from(error).into()
}

/// A local directory as an object store, created if missing; keys are paths under it.
fn local_dir(root: &Path) -> Arc<dyn ObjectStore> {
    // `LocalFileSystem::new_with_prefix` wants the directory to exist already (it canonicalises
    // it); the store creates parents of each file it writes, so start with the directory itself
    if let Err(err) = std::fs::create_dir_all(root) {
        tracing::warn!(error = %err, dir = %root.display(), "could not create the file directory");
    }
    match LocalFileSystem::new_with_prefix(root) {
        Ok(store) => Arc::new(store),
        // the first write will say what is wrong with the directory
        Err(_) => Arc::new(PrefixStore::new(LocalFileSystem::new(), root.to_string_lossy().trim_start_matches('/').to_string())),
    }
}

impl FileStore {
    /// Files under `data_dir/files` on local disk (the default).
    pub fn new(data_dir: &Path) -> Self {
        FileStore::local(&data_dir.join("files"))
    }

    /// Files under a directory on local disk, created if missing.
    pub fn local(root: &Path) -> Self {
        FileStore { store: local_dir(root), location: root.display().to_string().into(), local_root: Some(root.into()) }
    }

    /// Files in memory, gone with the process: tests and throw-away dev runs.
    pub fn in_memory() -> Self {
        FileStore { store: Arc::new(InMemory::new()), location: "memory://".into(), local_root: None }
    }

    /// Any object store (a test's, a wrapped one) behind the same calls.
    pub fn with_store(store: Arc<dyn ObjectStore>, location: &str) -> Self {
        FileStore { store, location: location.into(), local_root: None }
    }

    /// The store of `FILES_URL`, or `DATA_DIR/files` when it is unset.
    pub fn from_config(config: &crate::platform::config::Config) -> Result<Self> {
        let Some(url) = config.files_url.as_deref() else {
            return Ok(FileStore::new(&config.data_dir));
        };
        if url == "memory://" {
            return Ok(FileStore::in_memory());
        }
        if let Some(path) = url.strip_prefix("file://") {
            let root = Path::new(path);
            return Ok(FileStore { location: url.into(), ..FileStore::local(root) });
        }
        if let Some(rest) = url.strip_prefix("s3://") {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            let s3 = AmazonS3Builder::from_env()
                .with_bucket_name(bucket)
                .build()
                .map_err(|e| anyhow::anyhow!("FILES_URL {url}: {e}"))?;
            let prefix = prefix.trim_matches('/');
            let store: Arc<dyn ObjectStore> =
                if prefix.is_empty() { Arc::new(s3) } else { Arc::new(PrefixStore::new(s3, prefix.to_string())) };
            return Ok(FileStore { store, location: url.into(), local_root: None });
        }
        Err(anyhow::anyhow!("FILES_URL {url:?} is neither s3://, file:// nor memory://").into())
    }

    /// Where the files are (`DATA_DIR/files`, the `FILES_URL`), for logs.
    pub fn location(&self) -> &str {
        &self.location
    }

    /// The directory of a store on local disk (`DATA_DIR/files`, `FILES_URL=file://…`); none for
    /// S3 and memory.
    pub fn local_root(&self) -> Option<&Path> {
        self.local_root.as_deref()
    }

    /// The keys of up to `limit` stored files, in no particular order (a restore checks that the
    /// store it fills is empty; a test compares what a store holds).
    pub async fn keys(&self, limit: usize) -> Result<Vec<String>> {
        use futures::TryStreamExt;
        let mut listed = self.store.list(None);
        let mut keys = Vec::new();
        while keys.len() < limit
            && let Some(meta) = listed.try_next().await.map_err(store_error)?
        {
            keys.push(meta.location.to_string());
        }
        Ok(keys)
    }

    /// Writes the bytes under the given key, replacing what is there (`vakants restore` puts each
    /// file back under the key its row names).
    pub async fn put_at(&self, key: &str, bytes: Vec<u8>) -> Result<()> {
        let path = self.path(key)?;
        self.store.put(&path, PutPayload::from(bytes)).await.map_err(store_error)?;
        Ok(())
    }

    fn path(&self, key: &str) -> Result<ObjectPath> {
        let safe = key.len() > 4 && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '/');
        if !safe || key.contains("..") || key.starts_with('/') || key.contains("//") {
            return Err(anyhow::anyhow!("invalid storage key").into());
        }
        ObjectPath::parse(key).map_err(|_| anyhow::anyhow!("invalid storage key").into())
    }

    /// Writes the bytes under a new random key and returns the key. A full disk (or quota) is
    /// [`ErrorCode::InsufficientStorage`] (507) and leaves no partial file behind.
    pub async fn put(&self, bytes: &[u8]) -> Result<String> {
        let name = crypto::random_token(24);
        let key = format!("{}/{}", &name[..2], name);
        let path = self.path(&key)?;
        self.store.put(&path, PutPayload::from(bytes.to_vec())).await.map_err(store_error)?;
        Ok(key)
    }

    /// Deletes stored files; a missing one is not an error (best effort after the rows are gone).
    pub async fn remove_all(&self, keys: &[String]) {
        for key in keys {
            if let Ok(path) = self.path(key) {
                match self.store.delete(&path).await {
                    Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                    Err(err) => tracing::warn!(error = %err, "could not delete a stored file"),
                }
            }
        }
    }

    pub async fn get(&self, key: &str) -> Result<Vec<u8>> {
        let found = self.store.get(&self.path(key)?).await.map_err(store_error)?;
        Ok(found.bytes().await.map_err(store_error)?.to_vec())
    }

    /// Opens a stored file to stream it.
    pub async fn open(&self, key: &str) -> Result<OpenedFile> {
        use futures::TryStreamExt;
        let found = self.store.get(&self.path(key)?).await.map_err(store_error)?;
        let size = found.meta.size;
        let stream = found.into_stream().map_err(std::io::Error::other);
        Ok(OpenedFile { size, stream: Box::pin(stream) })
    }

    /// Opens a stored file for reading on a blocking thread (the data export copies them); it
    /// streams from the store through the runtime of the caller's `spawn_blocking`.
    pub fn open_blocking(&self, key: &str) -> Result<impl std::io::Read + use<>> {
        let runtime = tokio::runtime::Handle::try_current().map_err(anyhow::Error::from)?;
        let opened = runtime.block_on(self.open(key))?;
        let reader = tokio_util::io::StreamReader::new(opened.stream);
        Ok(tokio_util::io::SyncIoBridge::new_with_handle(reader, runtime))
    }

    /// Whether a stored file is there.
    pub async fn exists(&self, key: &str) -> bool {
        match self.path(key) {
            Ok(path) => self.store.head(&path).await.is_ok(),
            Err(_) => false,
        }
    }
}

/// Stores the CV's own file for a CV of the owner (a PDF, or a picture: a scanned or
/// photographed CV, PNG or JPEG, by content), replaces the CV's previous one, and for a PDF
/// queues the text extraction on the same transaction (a picture's text is not read:
/// `text_status` `not_applicable`). The previous file is erased unless a CV row still uses it.
#[tracing::instrument(skip_all, fields(size = bytes.len()))]
pub async fn attach_cv_file(pool: &PgPool, store: &FileStore, owner: Uuid, cv_id: Uuid, name: &str, bytes: &[u8]) -> Result<Uuid> {
    if bytes.len() > MAX_PDF_BYTES {
        return Err(Error::field("file", "The file is too large"));
    }
    let sniffed = match Sniffed::of(bytes) {
        Some(sniffed @ (Sniffed::Pdf | Sniffed::Png | Sniffed::Jpeg)) => sniffed,
        _ => return Err(Error::field("file", "Wrong file: a CV must be a PDF document or a picture (PNG or JPEG)")),
    };
    let mut tx = pool.begin().await?;
    // the CV row stays locked until the file is recorded, so the check holds when it is written
    let previous: Option<Option<Uuid>> =
        sqlx::query_scalar("select pdf_file_id from cvs where id = $1 and owner_user_id = $2 and deleted_at is null for update")
            .bind(cv_id)
            .bind(owner)
            .fetch_optional(&mut *tx)
            .await?;
    let Some(previous) = previous else {
        return Err(Error::not_found());
    };
    check_quota(&mut tx, owner, bytes.len(), true).await?;
    let key = store.put(bytes).await?;
    let written = async {
        let pdf = sniffed == Sniffed::Pdf;
        let text_status = if pdf { "pending" } else { "not_applicable" };
        let file_id = insert_file(&mut tx, owner, "cv_pdf", name, sniffed, bytes, &key, text_status).await?;
        sqlx::query("update cvs set pdf_file_id = $2 where id = $1").bind(cv_id).bind(file_id).execute(&mut *tx).await?;
        if pdf {
            jobs::enqueue_extraction(&mut tx, &[ExtractPdfText { file_id, cv_id: Some(cv_id) }]).await?;
        }
        let replaced = erase_unreferenced(&mut tx, owner, previous.as_slice()).await?;
        tx.commit().await?;
        Ok::<_, Error>((file_id, replaced))
    }
    .await;
    match written {
        Ok((file_id, replaced)) => {
            store.remove_all(&replaced).await;
            Ok(file_id)
        }
        Err(err) => {
            store.remove_all(std::slice::from_ref(&key)).await;
            Err(err)
        }
    }
}

/// The `files.kind` of everything that belongs to CVs: their PDFs and the files of their rows.
pub const CV_FILE_KINDS: [&str; 5] = ["cv_pdf", "cv_certificate", "cv_course", "cv_reference", "cv_portfolio"];

/// Deletes the rows of the owner's CV files among `candidates` that no CV still in use refers to
/// (as its PDF or in a row), and answers their storage keys: the caller removes the bytes once
/// its transaction has committed. A file a live CV still uses is kept.
pub async fn erase_unreferenced(conn: &mut PgConnection, owner: Uuid, candidates: &[Uuid]) -> Result<Vec<String>> {
    if candidates.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_scalar(
        "delete from files f where f.id = any($1) and f.owner_user_id = $2 and f.kind = any($3)
           and not exists (select 1 from cvs cv where cv.pdf_file_id = f.id and cv.deleted_at is null)
           and not exists (select 1 from cv_certificates r join cvs cv on cv.id = r.cv_id where r.file_id = f.id and cv.deleted_at is null)
           and not exists (select 1 from cv_courses r join cvs cv on cv.id = r.cv_id where r.file_id = f.id and cv.deleted_at is null)
           and not exists (select 1 from cv_references r join cvs cv on cv.id = r.cv_id where r.file_id = f.id and cv.deleted_at is null)
           and not exists (select 1 from cv_portfolio_files pf join cv_portfolio_items pi on pi.id = pf.portfolio_item_id
                           join cvs cv on cv.id = pi.cv_id where pf.file_id = f.id and cv.deleted_at is null)
         returning f.storage_key",
    )
    .bind(candidates)
    .bind(owner)
    .bind(&CV_FILE_KINDS[..])
    .fetch_all(conn)
    .await?)
}

fn quota_exceeded() -> Error {
    Error::Client {
        code: ErrorCode::StorageQuotaExceeded,
        message: format!(
            "Your files would take more than {} MB of storage; delete files you no longer need first",
            STORAGE_QUOTA_BYTES / (1024 * 1024)
        )
        .into(),
        field: Some("file"),
    }
}

/// Fails with `storage_quota_exceeded` when `adding` more bytes would take the owner's stored
/// files over [`STORAGE_QUOTA_BYTES`]. On a transaction that then records the file, pass
/// `lock`: the owner's uploads are serialized until it ends, so two at once cannot both pass.
pub async fn check_quota(conn: &mut PgConnection, owner: Uuid, adding: usize, lock: bool) -> Result<()> {
    if lock {
        sqlx::query("select pg_advisory_xact_lock(hashtextextended('vakants.files.quota:' || $1::text, 0))")
            .bind(owner)
            .execute(&mut *conn)
            .await?;
    }
    let used: i64 = sqlx::query_scalar("select coalesce(sum(size_bytes), 0)::bigint from files where owner_user_id = $1")
        .bind(owner)
        .fetch_one(&mut *conn)
        .await?;
    if used.saturating_add(adding as i64) > STORAGE_QUOTA_BYTES {
        return Err(quota_exceeded());
    }
    Ok(())
}

/// The columns that refer to `files` rows, as (table, column), both quoted for SQL. They are read
/// from the database's foreign keys, so a table added later keeps its files without a change here.
pub async fn referencing_columns(pool: &PgPool) -> Result<Vec<(String, String)>> {
    Ok(sqlx::query_as(
        "select c.conrelid::regclass::text, quote_ident(a.attname::text)
         from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
         where c.contype = 'f' and c.confrelid = 'files'::regclass
         order by 1, 2",
    )
    .fetch_all(pool)
    .await?)
}

/// Deletes the files stored before `cutoff` that no row refers to (through any foreign key to
/// `files`: a CV's PDF or row, a profile's picture or its thumbnail, a company's logo, an
/// invoice…), the rows first and then their bytes; answers how many went. A file in use is kept
/// however old it is, and so is one a transaction is just linking (its row is locked and skipped).
#[tracing::instrument(skip_all)]
pub async fn purge_unreferenced(pool: &PgPool, store: &FileStore, cutoff: chrono::DateTime<chrono::Utc>) -> Result<u64> {
    let columns = referencing_columns(pool).await?;
    let unreferenced: String = columns
        .iter()
        .map(|(table, column)| format!(" and not exists (select 1 from {table} r where r.{column} = f.id)"))
        .collect();
    let sql = format!(
        "delete from files where id in (select f.id from files f where f.created_at < $1{unreferenced}
                                         order by f.created_at limit $2 for update skip locked)
         returning storage_key"
    );
    let mut deleted = 0;
    loop {
        let keys: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())).bind(cutoff).bind(PURGE_BATCH).fetch_all(pool).await?;
        store.remove_all(&keys).await;
        deleted += keys.len() as u64;
        if (keys.len() as i64) < PURGE_BATCH {
            return Ok(deleted);
        }
    }
}

/// What an applicant uploads for a CV (`POST /api/user/upload?kind=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum UploadKind {
    /// The file of a certificate row: a PDF or a PNG/JPG picture.
    Certificate,
    /// The file of a course row: a PDF or a PNG/JPG picture.
    Course,
    /// The file of a reference row: a PDF or a PNG/JPG picture.
    Reference,
    /// A file of a portfolio item: Word, PowerPoint, PDF, ODT, video, audio or a PNG/JPG picture.
    Portfolio,
    /// A CV document: a PDF or a PNG/JPG picture.
    Cv,
    /// A chat message's attachment: a PDF, a PNG/JPG picture or a Word, PowerPoint or ODT document.
    Chat,
}

impl UploadKind {
    pub fn parse(text: &str) -> Option<UploadKind> {
        match text.trim() {
            "certificate" => Some(UploadKind::Certificate),
            "course" => Some(UploadKind::Course),
            "reference" => Some(UploadKind::Reference),
            "portfolio" => Some(UploadKind::Portfolio),
            "cv" => Some(UploadKind::Cv),
            "chat" => Some(UploadKind::Chat),
            _ => None,
        }
    }

    /// The `files.kind` the upload is stored as.
    pub fn file_kind(self) -> &'static str {
        match self {
            UploadKind::Certificate => "cv_certificate",
            UploadKind::Course => "cv_course",
            UploadKind::Reference => "cv_reference",
            UploadKind::Portfolio => "cv_portfolio",
            UploadKind::Cv => "cv_pdf",
            UploadKind::Chat => "chat_attachment",
        }
    }

    pub fn max_bytes(self) -> usize {
        match self {
            UploadKind::Portfolio => MAX_PORTFOLIO_BYTES,
            _ => MAX_PDF_BYTES,
        }
    }

    /// Spec 1 section 5: a CV file is a PDF or an image (PNG or JPG); a portfolio also takes Word,
    /// PowerPoint, ODT, video and audio.
    pub fn accepts(self, sniffed: Sniffed) -> bool {
        match self {
            UploadKind::Portfolio => true,
            UploadKind::Chat => matches!(sniffed.class(), FileClass::Pdf | FileClass::Image | FileClass::Document),
            _ => matches!(sniffed.class(), FileClass::Pdf | FileClass::Image),
        }
    }

    pub fn wrong_file_message(self) -> &'static str {
        match self {
            UploadKind::Portfolio => {
                "Wrong file: a portfolio file must be a Word, PowerPoint, PDF or ODT document, a video, an audio recording or a PNG or JPG picture"
            }
            UploadKind::Chat => "Wrong file: an attachment must be a PDF, Word, PowerPoint or ODT document or a PNG or JPG picture",
            _ => "Wrong file: it must be a PDF document or a PNG or JPG picture",
        }
    }
}

/// An uploaded file as its owner sees it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedFile {
    pub file_id: Uuid,
    /// The name the user gave it.
    pub name: String,
    /// In bytes.
    pub size: i64,
    /// Decided by the content, e.g. `image/png` for a PNG named `scan.pdf`.
    pub content_type: String,
    /// Where to download it (`GET`).
    pub url: String,
}

/// Where a CV file is downloaded.
pub fn download_url(file_id: Uuid) -> String {
    format!("/api/user/files/{file_id}")
}

/// Where a chat attachment is downloaded (by its uploader, and by both sides of the chat once a
/// message carries it).
pub fn chat_attachment_url(file_id: Uuid) -> String {
    format!("/api/user/chats/files/{file_id}")
}

/// Stores a file for the applicant's CV rows, or a chat attachment. The type is decided by the content and must be one
/// the kind accepts; pictures are decoded and encoded again so no metadata survives; a PDF's
/// text is read by the worker for the CV-database search.
#[tracing::instrument(skip_all, fields(kind = ?kind, size = bytes.len()))]
pub async fn upload_cv_file(pool: &PgPool, store: &FileStore, owner: Uuid, kind: UploadKind, name: &str, bytes: Vec<u8>) -> Result<UploadedFile> {
    if bytes.len() > kind.max_bytes() {
        return Err(Error::field("file", "The file is too large"));
    }
    let sniffed = match Sniffed::of(&bytes) {
        Some(sniffed) if kind.accepts(sniffed) => sniffed,
        _ => return Err(Error::field("file", kind.wrong_file_message())),
    };
    let (file_id, size) = store_upload(pool, store, owner, kind.file_kind(), name, sniffed, bytes).await?;
    let stored: String = sqlx::query_scalar("select original_name from files where id = $1").bind(file_id).fetch_one(pool).await?;
    Ok(UploadedFile {
        file_id,
        name: stored,
        size: size as i64,
        content_type: sniffed.content_type().to_string(),
        url: if kind == UploadKind::Chat { chat_attachment_url(file_id) } else { download_url(file_id) },
    })
}

/// The largest public picture: a vacancy's picture, cover or gallery image, a company's logo,
/// cover or gallery image.
pub const MAX_PICTURE_BYTES: usize = MAX_PDF_BYTES;

/// The `files.kind`s of vacancies' and companies' pictures, which anyone may see (`GET /api/files/{id}`).
pub const PUBLIC_PICTURE_KINDS: [&str; 6] = ["vacancy_image", "vacancy_cover", "vacancy_gallery", "company_logo", "company_cover", "company_gallery"];

/// Stores a vacancy's or a company's picture (`kind` one of [`PUBLIC_PICTURE_KINDS`]): a PNG or
/// JPG by its content, at most [`MAX_PICTURE_BYTES`], decoded and encoded again so no metadata
/// survives, within the uploader's storage quota. Answers the file's id.
#[tracing::instrument(skip_all, fields(kind, size = bytes.len()))]
pub async fn upload_public_picture(pool: &PgPool, store: &FileStore, owner: Uuid, kind: &str, name: &str, bytes: Vec<u8>) -> Result<Uuid> {
    if !PUBLIC_PICTURE_KINDS.contains(&kind) {
        return Err(anyhow::anyhow!("not a public picture kind: {kind}").into());
    }
    if bytes.len() > MAX_PICTURE_BYTES {
        return Err(Error::field("file", "The file is too large"));
    }
    let sniffed = match Sniffed::of(&bytes) {
        Some(sniffed @ (Sniffed::Png | Sniffed::Jpeg)) => sniffed,
        _ => return Err(Error::field("file", "Wrong file: a picture must be a PNG or JPG image")),
    };
    Ok(store_upload(pool, store, owner, kind, name, sniffed, bytes).await?.0)
}

/// Writes an accepted upload: a picture is encoded again first; the bytes go to the store and the
/// row (with a PDF's text extraction job) to the database within the owner's quota, and the bytes
/// are removed again when the row cannot be written. Answers the file's id and stored size.
async fn store_upload(pool: &PgPool, store: &FileStore, owner: Uuid, kind: &str, name: &str, sniffed: Sniffed, bytes: Vec<u8>) -> Result<(Uuid, usize)> {
    // a cheap look first, so a user over the quota costs no decoding or writing
    check_quota(&mut *pool.acquire().await?, owner, bytes.len(), false).await?;
    let bytes = if sniffed.class() == FileClass::Image {
        crate::files::avatars::decode_bounded(move || crate::files::avatars::reencode(&bytes, sniffed)).await??
    } else {
        bytes
    };
    let name = name.trim();
    let name = if name.is_empty() { format!("file.{}", sniffed.extension()) } else { name.to_string() };
    // only a CV's PDFs are read for the CV-database search
    let pdf = sniffed == Sniffed::Pdf && CV_FILE_KINDS.contains(&kind);
    let key = store.put(&bytes).await?;
    let written = async {
        let mut tx = pool.begin().await?;
        check_quota(&mut tx, owner, bytes.len(), true).await?;
        let text_status = if pdf { "pending" } else { "not_applicable" };
        let file_id = insert_file(&mut tx, owner, kind, &name, sniffed, &bytes, &key, text_status).await?;
        if pdf {
            jobs::enqueue_extraction(&mut tx, &[ExtractPdfText { file_id, cv_id: None }]).await?;
        }
        tx.commit().await?;
        Ok::<_, Error>(file_id)
    }
    .await;
    match written {
        Ok(file_id) => Ok((file_id, bytes.len())),
        Err(err) => {
            store.remove_all(std::slice::from_ref(&key)).await;
            Err(err)
        }
    }
}

/// A stored file to send.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StoredFile {
    pub id: Uuid,
    pub original_name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub storage_key: String,
}

impl StoredFile {
    /// The name to save it under: the user's name, with the extension of its real type.
    pub fn download_name(&self) -> String {
        let extension = Sniffed::from_content_type(&self.content_type).map(Sniffed::extension);
        let name: String = self.original_name.chars().filter(|c| !c.is_control() && !matches!(c, '/' | '\\')).collect();
        let name = name.trim();
        let Some(extension) = extension else { return name.to_string() };
        let stem = match name.rsplit_once('.') {
            Some((_, current)) if current.eq_ignore_ascii_case(extension)
                || (extension == "jpg" && current.eq_ignore_ascii_case("jpeg")) => return name.to_string(),
            Some((stem, _)) if !stem.is_empty() => stem,
            _ => name,
        };
        if stem.is_empty() { format!("file.{extension}") } else { format!("{stem}.{extension}") }
    }
}

#[allow(clippy::too_many_arguments)]
pub async fn insert_file(
    conn: &mut PgConnection,
    owner: Uuid,
    kind: &str,
    name: &str,
    sniffed: Sniffed,
    bytes: &[u8],
    key: &str,
    text_status: &str,
) -> Result<Uuid> {
    let original_name: String = name.chars().filter(|c| !c.is_control()).take(200).collect();
    Ok(sqlx::query_scalar(
        "insert into files (owner_user_id, kind, original_name, content_type, size_bytes, storage_key, sha256, text_status)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id",
    )
    .bind(owner)
    .bind(kind)
    .bind(original_name)
    .bind(sniffed.content_type())
    .bind(bytes.len() as i64)
    .bind(key)
    .bind(crypto::sha256(bytes))
    .bind(text_status)
    .fetch_one(conn)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_decided_by_content() {
        assert_eq!(Sniffed::of(b"%PDF-1.7 ..."), Some(Sniffed::Pdf));
        assert_eq!(Sniffed::of(b"\x89PNG\r\n\x1a\nrest"), Some(Sniffed::Png));
        assert_eq!(Sniffed::of(&[0xff, 0xd8, 0xff, 0xe0]), Some(Sniffed::Jpeg));
        assert_eq!(Sniffed::of(b"MZ executable renamed to cv.pdf"), None);
        assert_eq!(Sniffed::of(b"<html><script>alert(1)</script>"), None);
        assert_eq!(Sniffed::of(b""), None);
    }

    /// A zip with the given (name, content) entries, deflated like office suites write them.
    pub(crate) fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        use std::io::Write;
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (name, content) in entries {
            let method = if *name == "mimetype" { zip::CompressionMethod::Stored } else { zip::CompressionMethod::Deflated };
            zip.start_file(*name, zip::write::SimpleFileOptions::default().compression_method(method)).unwrap();
            zip.write_all(content).unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    fn content_types(main: &str) -> Vec<u8> {
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="{main}"/></Types>"#
        )
        .into_bytes()
    }

    pub(crate) fn docx() -> Vec<u8> {
        zip_of(&[
            ("[Content_Types].xml", &content_types("application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml")),
            ("word/document.xml", b"<w:document/>"),
        ])
    }

    #[test]
    fn office_documents_are_told_apart_by_what_their_container_says() {
        assert_eq!(Sniffed::of(&docx()), Some(Sniffed::Docx));
        let pptx = zip_of(&[(
            "[Content_Types].xml",
            &content_types("application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"),
        )]);
        assert_eq!(Sniffed::of(&pptx), Some(Sniffed::Pptx));
        let xlsx = zip_of(&[("[Content_Types].xml", &content_types("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"))]);
        assert_eq!(Sniffed::of(&xlsx), None, "a spreadsheet is not accepted");
        let odt = zip_of(&[("mimetype", b"application/vnd.oasis.opendocument.text"), ("content.xml", b"<office:document-content/>")]);
        assert_eq!(Sniffed::of(&odt), Some(Sniffed::Odt));
        let ods = zip_of(&[("mimetype", b"application/vnd.oasis.opendocument.spreadsheet")]);
        assert_eq!(Sniffed::of(&ods), None);
        assert_eq!(Sniffed::of(&zip_of(&[("evil.exe", b"MZ")])), None, "any other zip is refused");
        assert_eq!(Sniffed::of(b"PK\x03\x04 not really a zip"), None);

        let ole = |stream: &str| [&[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1][..], &[0; 500], &ascii_utf16(stream)].concat();
        assert_eq!(Sniffed::of(&ole("WordDocument")), Some(Sniffed::Doc));
        assert_eq!(Sniffed::of(&ole("PowerPoint Document")), Some(Sniffed::Ppt));
        assert_eq!(Sniffed::of(&ole("Workbook")), None, "an old Excel file is not accepted");
    }

    #[test]
    fn video_and_audio_are_recognised_by_their_headers() {
        let ftyp = |brand: &[u8; 4]| [&[0, 0, 0, 0x18][..], b"ftyp", brand, &[0, 0, 0, 0], b"isommp41"].concat();
        assert_eq!(Sniffed::of(&ftyp(b"isom")), Some(Sniffed::Mp4));
        assert_eq!(Sniffed::of(&ftyp(b"mp42")), Some(Sniffed::Mp4));
        assert_eq!(Sniffed::of(&ftyp(b"qt  ")), Some(Sniffed::Mov));
        assert_eq!(Sniffed::of(&ftyp(b"M4A ")), Some(Sniffed::M4a));
        assert_eq!(Sniffed::of(&ftyp(b"heic")), None, "a HEIC photo is not one of the accepted pictures");
        let ebml = |doc_type: &[u8]| [&[0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84][..], doc_type, &[0; 16]].concat();
        assert_eq!(Sniffed::of(&ebml(b"webm")), Some(Sniffed::Webm));
        assert_eq!(Sniffed::of(&ebml(b"matroska")), Some(Sniffed::Mkv));
        assert_eq!(Sniffed::of(b"RIFF\x24\x00\x00\x00WAVEfmt "), Some(Sniffed::Wav));
        assert_eq!(Sniffed::of(b"RIFF\x24\x00\x00\x00AVI LIST"), Some(Sniffed::Avi));
        assert_eq!(Sniffed::of(b"RIFF\x24\x00\x00\x00WEBPVP8 "), None);
        assert_eq!(Sniffed::of(b"OggS\x00\x02\x00\x00\x01vorbis"), Some(Sniffed::Ogg));
        assert_eq!(Sniffed::of(b"OggS\x00\x02\x00\x00\x80theora"), Some(Sniffed::OggVideo));
        assert_eq!(Sniffed::of(b"fLaC\x00\x00\x00\x22"), Some(Sniffed::Flac));
        assert_eq!(Sniffed::of(b"ID3\x04\x00\x00\x00\x00\x00\x00"), Some(Sniffed::Mp3));
        assert_eq!(Sniffed::of(&[0xff, 0xfb, 0x90, 0x64, 0x00]), Some(Sniffed::Mp3), "an MPEG-1 layer III frame");
        assert_eq!(Sniffed::of(&[0xff, 0xf1, 0x50, 0x80, 0x00]), None, "AAC in ADTS is not MP3");
        assert_eq!(Sniffed::of(&[0xff, 0xd8, 0xff, 0xdb]), Some(Sniffed::Jpeg), "a JPEG is not taken for MP3");
        for sniffed in Sniffed::ALL {
            assert_eq!(Sniffed::from_content_type(sniffed.content_type()), Some(sniffed));
        }
    }

    #[test]
    fn each_upload_kind_takes_what_the_spec_allows() {
        for kind in [UploadKind::Certificate, UploadKind::Course, UploadKind::Reference, UploadKind::Cv] {
            assert!(kind.accepts(Sniffed::Pdf) && kind.accepts(Sniffed::Png) && kind.accepts(Sniffed::Jpeg));
            assert!(!kind.accepts(Sniffed::Docx) && !kind.accepts(Sniffed::Mp4) && !kind.accepts(Sniffed::Mp3));
            assert_eq!(kind.max_bytes(), MAX_PDF_BYTES);
        }
        for sniffed in Sniffed::ALL {
            assert!(UploadKind::Portfolio.accepts(sniffed), "{sniffed:?}");
        }
        assert_eq!(UploadKind::Portfolio.max_bytes(), MAX_PORTFOLIO_BYTES);
        assert_eq!(UploadKind::parse("portfolio"), Some(UploadKind::Portfolio));
        assert_eq!(UploadKind::parse("avatar"), None);
    }

    #[test]
    fn download_names_carry_the_extension_of_the_real_type() {
        let file = |name: &str, content_type: &str| StoredFile {
            id: Uuid::nil(),
            original_name: name.into(),
            content_type: content_type.into(),
            size_bytes: 1,
            storage_key: "ab/abcdef".into(),
        };
        assert_eq!(file("scan.pdf", "image/png").download_name(), "scan.png");
        assert_eq!(file("Tunnistus.PDF", "application/pdf").download_name(), "Tunnistus.PDF");
        assert_eq!(file("photo.jpeg", "image/jpeg").download_name(), "photo.jpeg");
        assert_eq!(file("notes", "application/vnd.oasis.opendocument.text").download_name(), "notes.odt");
        assert_eq!(file("../x/../evil.exe", "video/mp4").download_name(), "..x..evil.mp4");
        assert_eq!(file("", "audio/mpeg").download_name(), "file.mp3");
    }

    #[test]
    fn storage_keys_cannot_leave_the_store() {
        let store = FileStore::new(Path::new("/tmp/x"));
        assert!(store.path("../../etc/passwd").is_err());
        assert!(store.path("ab/abcdef").is_ok());
    }
}
