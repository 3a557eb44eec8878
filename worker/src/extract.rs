//! Text extraction from uploaded PDF files, bounded in size and time. A file that cannot give its
//! text (encrypted, malformed, scanned, too big, too slow) is marked "text unavailable" with the
//! reason and the job ends done: such a file never fails the job, so it never stalls the queue.
//! Jobs fail (and are retried, then listed by `vakants jobs`) only when the file store or the
//! database do.

use std::time::Duration;

use apalis::prelude::*;
use domain::files::{FileStore, MAX_PDF_BYTES};
use domain::jobs::{self, ExtractPdfText, IndexJob};
use sqlx::PgPool;

/// Longest time one extraction may take.
pub const EXTRACT_TIMEOUT: Duration = Duration::from_secs(20);
/// Extracted text beyond this is cut (a CV is a few pages).
pub const MAX_TEXT_CHARS: usize = 200_000;

#[derive(Debug, PartialEq)]
pub enum Outcome {
    Extracted(String),
    Unavailable(String),
}

/// Extracts the text of a PDF on a blocking thread. A panic inside the PDF parser is contained;
/// past the time limit the job stops waiting (the parser's thread is left to finish on its own).
pub async fn extract_text(bytes: Vec<u8>) -> Outcome {
    if bytes.len() > MAX_PDF_BYTES {
        return Outcome::Unavailable(format!("the file is larger than {} MB", MAX_PDF_BYTES / (1024 * 1024)));
    }
    let parsing = tokio::task::spawn_blocking(move || pdf_extract::extract_text_from_mem(&bytes));
    match tokio::time::timeout(EXTRACT_TIMEOUT, parsing).await {
        Err(_) => Outcome::Unavailable(format!("reading the text took longer than {} s", EXTRACT_TIMEOUT.as_secs())),
        Ok(Err(_panicked)) => Outcome::Unavailable("the file is damaged and could not be read".into()),
        Ok(Ok(Err(error))) => {
            let detail = error.to_string();
            if detail.to_lowercase().contains("encrypt") || detail.to_lowercase().contains("decrypt") {
                Outcome::Unavailable("the file is encrypted".into())
            } else {
                Outcome::Unavailable(format!("the file could not be read: {detail}"))
            }
        }
        Ok(Ok(Ok(text))) => {
            let clean = text.split_whitespace().collect::<Vec<_>>().join(" ");
            if clean.is_empty() {
                Outcome::Unavailable("the file has no text (a scanned image?)".into())
            } else {
                Outcome::Extracted(clean.chars().take(MAX_TEXT_CHARS).collect())
            }
        }
    }
}

pub async fn handle(job: ExtractPdfText, pool: Data<PgPool>, files: Data<FileStore>) -> Result<(), BoxDynError> {
    let file: Option<String> = sqlx::query_scalar("select storage_key from files where id = $1")
        .bind(job.file_id)
        .fetch_optional(&*pool)
        .await?;
    let Some(key) = file else {
        tracing::info!(file = %job.file_id, "file deleted before its text was read");
        return Ok(());
    };
    let bytes = files.get(&key).await.map_err(|e| format!("{e:#}"))?;
    let outcome = extract_text(bytes).await;
    let mut tx = pool.begin().await?;
    match &outcome {
        Outcome::Extracted(text) => {
            sqlx::query("update files set text_status = 'extracted', extracted_text = $2, text_unavailable_reason = null where id = $1")
                .bind(job.file_id)
                .bind(text)
                .execute(&mut *tx)
                .await?;
        }
        Outcome::Unavailable(reason) => {
            tracing::info!(file = %job.file_id, reason = %reason, "pdf text unavailable");
            sqlx::query("update files set text_status = 'unavailable', extracted_text = null, text_unavailable_reason = $2 where id = $1")
                .bind(job.file_id)
                .bind(reason)
                .execute(&mut *tx)
                .await?;
        }
    }
    // the CV named by the job, and every CV whose rows use the file, learn of its text
    let mut cvs: Vec<uuid::Uuid> = sqlx::query_scalar(
        "select cv_id from cv_certificates where file_id = $1
         union select cv_id from cv_courses where file_id = $1
         union select cv_id from cv_references where file_id = $1
         union select pi.cv_id from cv_portfolio_files pf join cv_portfolio_items pi on pi.id = pf.portfolio_item_id where pf.file_id = $1
         union select id from cvs where pdf_file_id = $1",
    )
    .bind(job.file_id)
    .fetch_all(&mut *tx)
    .await?;
    cvs.extend(job.cv_id.filter(|id| !cvs.contains(id)));
    let index_jobs: Vec<IndexJob> = cvs.into_iter().map(IndexJob::Cv).collect();
    jobs::enqueue_index(&mut tx, &index_jobs).await.map_err(|e| format!("{e:#}"))?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn garbage_is_unavailable_not_an_error() {
        let outcome = extract_text(b"%PDF-1.4\n this is not really a pdf".to_vec()).await;
        assert!(matches!(outcome, Outcome::Unavailable(_)), "{outcome:?}");
    }

    #[tokio::test]
    async fn an_oversized_file_is_refused_before_parsing() {
        let outcome = extract_text(vec![b' '; MAX_PDF_BYTES + 1]).await;
        assert_eq!(outcome, Outcome::Unavailable("the file is larger than 10 MB".into()));
    }
}
