//! Text extraction from uploaded PDF files, in a child process: `vakants extract-pdf` reads the
//! PDF on stdin and writes its text on stdout, under limits set before it starts (15 s of CPU
//! time, 1 GiB of address space, no core file) and killed after 20 s. A hostile file (a
//! compression bomb, an object graph that loops) costs the child, never the server: the parser
//! once ran on a thread of the server, where a time-out abandoned it but let it run on, with no
//! memory bound.
//!
//! A file that cannot give its text (encrypted, malformed, scanned, too big, too slow, too
//! hungry) is marked "text unavailable" with the reason and the job ends done: such a file never
//! fails the job, so it never stalls the queue. Jobs fail (and are retried, then listed by
//! `vakants jobs`) only when the file store or the database do, or the extractor cannot be
//! started at all.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::RwLock;
use std::time::Duration;

use apalis::prelude::*;
use domain::files::{FileStore, MAX_PDF_BYTES};
use domain::platform::jobs::{self, ExtractPdfText, IndexJob};
use sqlx::PgPool;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Longest (wall) time one extraction may take; the child is killed then.
pub const EXTRACT_TIMEOUT: Duration = Duration::from_secs(20);
/// CPU time the child may use (`RLIMIT_CPU`); past it the kernel stops it.
pub const CPU_LIMIT_SECS: u64 = 15;
/// Address space the child may map (`RLIMIT_AS`); an allocation past it fails and the child aborts.
pub const MEMORY_LIMIT_BYTES: u64 = 1024 * 1024 * 1024;
/// Extracted text beyond this is cut (a CV is a few pages).
pub const MAX_TEXT_CHARS: usize = 200_000;
/// The most read from the child's stdout: the longest text in UTF-8.
const MAX_OUTPUT_BYTES: u64 = (MAX_TEXT_CHARS * 4) as u64;
/// The most of the child's stderr kept for the reason.
const MAX_ERROR_BYTES: u64 = 4096;
/// The child's exit code for an encrypted file; 1 is any other unreadable file.
const EXIT_ENCRYPTED: i32 = 2;
/// The subcommand of `vakants` the child runs.
pub const SUBCOMMAND: &str = "extract-pdf";

static PROGRAM: RwLock<Option<PathBuf>> = RwLock::new(None);

/// Runs `<path> extract-pdf` as the extractor from now on; by default it is the running
/// executable (`vakants`). Tests, whose executable is the test harness, point it at the built
/// `vakants`.
pub fn use_program(path: impl Into<PathBuf>) {
    *PROGRAM.write().unwrap_or_else(|e| e.into_inner()) = Some(path.into());
}

fn program() -> std::io::Result<PathBuf> {
    match PROGRAM.read().unwrap_or_else(|e| e.into_inner()).clone() {
        Some(path) => Ok(path),
        None => std::env::current_exe(),
    }
}

#[derive(Debug, PartialEq)]
pub enum Outcome {
    Extracted(String),
    Unavailable(String),
}

/// Why a PDF gave no text, inside the child.
#[derive(Debug, PartialEq)]
pub enum Unreadable {
    Encrypted,
    Other(String),
}

/// The text of a PDF, whitespace collapsed and cut at [`MAX_TEXT_CHARS`]. Runs the parser in this
/// process: only the child (`vakants extract-pdf`) calls it, under its limits.
pub fn text_of(bytes: &[u8]) -> Result<String, Unreadable> {
    let text = pdf_extract::extract_text_from_mem(bytes).map_err(|error| {
        let detail = error.to_string();
        if detail.to_lowercase().contains("encrypt") || detail.to_lowercase().contains("decrypt") {
            Unreadable::Encrypted
        } else {
            Unreadable::Other(detail)
        }
    })?;
    let mut clean = String::new();
    for word in text.split_whitespace() {
        if !clean.is_empty() {
            clean.push(' ');
        }
        clean.push_str(word);
        if clean.len() >= MAX_OUTPUT_BYTES as usize {
            break;
        }
    }
    Ok(clean.chars().take(MAX_TEXT_CHARS).collect())
}

/// The child's side (`vakants extract-pdf`): the PDF on stdin, its text on stdout; exits 0 with
/// the text, 2 for an encrypted file, 1 with the reason on stderr for any other unreadable one.
pub fn child_main() -> i32 {
    let mut bytes = Vec::new();
    if let Err(error) = std::io::stdin().lock().take(MAX_PDF_BYTES as u64 + 1).read_to_end(&mut bytes) {
        eprintln!("reading the file failed: {error}");
        return 1;
    }
    if bytes.len() > MAX_PDF_BYTES {
        eprintln!("the file is larger than {} MB", MAX_PDF_BYTES / (1024 * 1024));
        return 1;
    }
    match text_of(&bytes) {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            if out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_err() {
                return 1;
            }
            0
        }
        Err(Unreadable::Encrypted) => EXIT_ENCRYPTED,
        Err(Unreadable::Other(detail)) => {
            eprintln!("{detail}");
            1
        }
    }
}

/// Sets the child's limits; runs in the child between fork and exec (only system calls there).
fn limit_child() -> std::io::Result<()> {
    let limits = [
        (libc::RLIMIT_CPU, CPU_LIMIT_SECS, CPU_LIMIT_SECS + 1),
        (libc::RLIMIT_AS, MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES),
        (libc::RLIMIT_CORE, 0, 0),
    ];
    for (resource, soft, hard) in limits {
        let limit = libc::rlimit { rlim_cur: soft as libc::rlim_t, rlim_max: hard as libc::rlim_t };
        // SAFETY: setrlimit only reads the struct it is given, and is async-signal-safe
        if unsafe { libc::setrlimit(resource, &limit) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Extracts the text of a PDF in a child process with CPU-time and memory limits, killed past
/// [`EXTRACT_TIMEOUT`]. Fails (so the job is retried) only when the child cannot be started.
pub async fn extract_text(bytes: Vec<u8>) -> Result<Outcome, String> {
    if bytes.len() > MAX_PDF_BYTES {
        return Ok(Outcome::Unavailable(format!("the file is larger than {} MB", MAX_PDF_BYTES / (1024 * 1024))));
    }
    let program = program().map_err(|e| format!("finding the extractor program: {e}"))?;
    let mut command = tokio::process::Command::new(&program);
    // the child needs no configuration: it gets none of the server's secrets (database URL, APP_SECRET)
    command.arg(SUBCOMMAND).env_clear().stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    // SAFETY: the closure makes system calls only (no allocation, no locks)
    unsafe {
        command.pre_exec(limit_child);
    }
    let mut child = command.spawn().map_err(|e| format!("starting {} {SUBCOMMAND}: {e}", program.display()))?;
    let (Some(mut stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take()) else {
        return Err("the extractor's pipes were not opened".into());
    };
    let talk = async {
        // the child may stop reading early (it failed); a broken pipe here is not the failure to report
        let feed = async move {
            let _ = stdin.write_all(&bytes).await;
        };
        let read_text = async move {
            let mut text = Vec::new();
            stdout.take(MAX_OUTPUT_BYTES).read_to_end(&mut text).await.map(|_| text)
        };
        let read_error = async move {
            let mut error = Vec::new();
            let _ = stderr.take(MAX_ERROR_BYTES).read_to_end(&mut error).await;
            error
        };
        let ((), text, error) = tokio::join!(feed, read_text, read_error);
        (text, error, child.wait().await)
    };
    let (text, error, status) = match tokio::time::timeout(EXTRACT_TIMEOUT, talk).await {
        Ok(done) => done,
        Err(_) => {
            let _ = child.kill().await;
            return Ok(Outcome::Unavailable(format!("reading the text took longer than {} s", EXTRACT_TIMEOUT.as_secs())));
        }
    };
    let status = status.map_err(|e| format!("waiting for the extractor: {e}"))?;
    Ok(outcome(status, text.unwrap_or_default(), &error))
}

fn outcome(status: std::process::ExitStatus, text: Vec<u8>, error: &[u8]) -> Outcome {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(0), _) => {
            let text = String::from_utf8_lossy(&text).into_owned();
            if text.trim().is_empty() {
                Outcome::Unavailable("the file has no text (a scanned image?)".into())
            } else {
                Outcome::Extracted(text.chars().take(MAX_TEXT_CHARS).collect())
            }
        }
        (Some(EXIT_ENCRYPTED), _) => Outcome::Unavailable("the file is encrypted".into()),
        (Some(1), _) => {
            let detail = String::from_utf8_lossy(error);
            let detail: String = detail.lines().next().unwrap_or("").chars().take(200).collect();
            Outcome::Unavailable(format!("the file could not be read: {detail}"))
        }
        (_, Some(libc::SIGXCPU | libc::SIGKILL)) => {
            Outcome::Unavailable(format!("reading the text took more than {CPU_LIMIT_SECS} s of processor time"))
        }
        (_, Some(libc::SIGABRT)) => Outcome::Unavailable(format!(
            "the file is damaged, or reading it needed more than {} MB of memory",
            MEMORY_LIMIT_BYTES / (1024 * 1024)
        )),
        _ => Outcome::Unavailable("the file is damaged and could not be read".into()),
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
    let outcome = extract_text(bytes).await?;
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

    #[test]
    fn garbage_is_unreadable_not_a_panic() {
        assert!(matches!(text_of(b"%PDF-1.4\n this is not really a pdf"), Err(Unreadable::Other(_))));
    }

    #[test]
    fn the_text_is_collapsed_and_cut() {
        let pdf = fixtures::pdf::text_pdf("Kogenud   pottsepp\n\nTallinnast");
        assert_eq!(text_of(&pdf).unwrap(), "Kogenud pottsepp Tallinnast");
    }

    #[tokio::test]
    async fn an_oversized_file_is_refused_before_a_child_starts() {
        use_program("/nonexistent/vakants");
        let outcome = extract_text(vec![b' '; MAX_PDF_BYTES + 1]).await;
        assert_eq!(outcome, Ok(Outcome::Unavailable("the file is larger than 10 MB".into())));
        assert!(extract_text(b"%PDF-1.4".to_vec()).await.unwrap_err().contains("/nonexistent/vakants"), "no extractor: the job fails");
    }

    #[test]
    fn a_child_stopped_by_its_limits_is_named() {
        use std::os::unix::process::ExitStatusExt;
        let killed = |signal: i32| outcome(std::process::ExitStatus::from_raw(signal), Vec::new(), b"");
        assert!(matches!(killed(libc::SIGXCPU), Outcome::Unavailable(reason) if reason.contains("processor time")));
        assert!(matches!(killed(libc::SIGABRT), Outcome::Unavailable(reason) if reason.contains("memory")));
        let exited = |code: i32, text: &[u8], error: &[u8]| outcome(std::process::ExitStatus::from_raw(code << 8), text.to_vec(), error);
        assert_eq!(exited(0, b"tekst", b""), Outcome::Extracted("tekst".into()));
        assert_eq!(exited(2, b"", b""), Outcome::Unavailable("the file is encrypted".into()));
        assert_eq!(exited(1, b"", b"bad xref\nmore"), Outcome::Unavailable("the file could not be read: bad xref".into()));
    }
}
