//! Uploaded files: kept under `DATA_DIR/files`, described by a `files` row. A file's type is
//! decided by its content, never by its name.

use std::path::{Path, PathBuf};

use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::crypto;
use crate::error::{Error, Result};
use crate::jobs::{self, ExtractPdfText};

/// The largest PDF CV accepted.
pub const MAX_PDF_BYTES: usize = 10 * 1024 * 1024;

/// Content types recognised by their first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sniffed {
    Pdf,
    Png,
    Jpeg,
}

impl Sniffed {
    pub fn of(bytes: &[u8]) -> Option<Sniffed> {
        if bytes.starts_with(b"%PDF-") {
            Some(Sniffed::Pdf)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Sniffed::Png)
        } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
            Some(Sniffed::Jpeg)
        } else {
            None
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Sniffed::Pdf => "application/pdf",
            Sniffed::Png => "image/png",
            Sniffed::Jpeg => "image/jpeg",
        }
    }
}

/// A local directory of uploaded files, addressed by opaque keys.
#[derive(Clone, Debug)]
pub struct FileStore {
    root: PathBuf,
}

impl FileStore {
    pub fn new(data_dir: &Path) -> Self {
        FileStore { root: data_dir.join("files") }
    }

    fn path(&self, key: &str) -> Result<PathBuf> {
        let safe = key.len() > 4 && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '/');
        if !safe || key.contains("..") {
            return Err(anyhow::anyhow!("invalid storage key").into());
        }
        Ok(self.root.join(key))
    }

    /// Writes the bytes under a new random key and returns the key.
    pub async fn put(&self, bytes: &[u8]) -> Result<String> {
        let name = crypto::random_token(24);
        let key = format!("{}/{}", &name[..2], name);
        let path = self.path(&key)?;
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await.map_err(anyhow::Error::from)?;
        }
        tokio::fs::write(&path, bytes).await.map_err(anyhow::Error::from)?;
        Ok(key)
    }

    /// Deletes stored files; a missing one is not an error (best effort after the rows are gone).
    pub async fn remove_all(&self, keys: &[String]) {
        for key in keys {
            if let Ok(path) = self.path(key) {
                if let Err(err) = tokio::fs::remove_file(&path).await {
                    if err.kind() != std::io::ErrorKind::NotFound {
                        tracing::warn!(error = %err, "could not delete a stored file");
                    }
                }
            }
        }
    }

    pub async fn get(&self, key: &str) -> Result<Vec<u8>> {
        Ok(tokio::fs::read(self.path(key)?).await.map_err(anyhow::Error::from)?)
    }
}

/// Stores a PDF CV for a CV of the owner, replaces the CV's previous PDF, and queues the text
/// extraction on the same transaction.
#[tracing::instrument(skip_all, fields(size = bytes.len()))]
pub async fn attach_cv_pdf(pool: &PgPool, store: &FileStore, owner: Uuid, cv_id: Uuid, name: &str, bytes: &[u8]) -> Result<Uuid> {
    if bytes.len() > MAX_PDF_BYTES {
        return Err(Error::field("file", "The file is too large"));
    }
    if Sniffed::of(bytes) != Some(Sniffed::Pdf) {
        return Err(Error::field("file", "Wrong file: a CV must be a PDF document"));
    }
    let mut tx = pool.begin().await?;
    // the CV row stays locked until the file is recorded, so the check holds when it is written
    let owned: Option<Uuid> = sqlx::query_scalar("select id from cvs where id = $1 and owner_user_id = $2 and deleted_at is null for update")
        .bind(cv_id)
        .bind(owner)
        .fetch_optional(&mut *tx)
        .await?;
    if owned.is_none() {
        return Err(Error::not_found());
    }
    let key = store.put(bytes).await?;
    let file_id = insert_file(&mut tx, owner, "cv_pdf", name, Sniffed::Pdf, bytes, &key, "pending").await?;
    sqlx::query("update cvs set pdf_file_id = $2 where id = $1").bind(cv_id).bind(file_id).execute(&mut *tx).await?;
    jobs::enqueue_extraction(&mut tx, &[ExtractPdfText { file_id, cv_id: Some(cv_id) }]).await?;
    tx.commit().await?;
    Ok(file_id)
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
    }

    #[test]
    fn storage_keys_cannot_leave_the_store() {
        let store = FileStore::new(Path::new("/tmp/x"));
        assert!(store.path("../../etc/passwd").is_err());
        assert!(store.path("ab/abcdef").is_ok());
    }
}
