//! Documents laid out by typst, used as a library: a template (a `.typ` file under
//! `domain/templates/`, compiled into the binary) receives the document's data as JSON in
//! `sys.inputs.data` and typst shapes the text, breaks lines and pages, and writes the PDF with
//! the fonts embedded and subset. A designer changes a template, not Rust code; a template can be
//! tried with the typst CLI: `typst compile --font-path domain/fonts --input data="$(cat data.json)"
//! domain/templates/invoice.typ`.
//!
//! The [`World`] here is the smallest one typst needs: one source file (the template), no other
//! files, no packages, and the fonts of `domain/fonts` only (DejaVu Sans: Estonian, Russian and
//! most other scripts), so a document looks the same on every machine.

use std::sync::OnceLock;

use chrono::Datelike;
use typst::diag::{FileError, FileResult, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime, Dict, Duration, IntoValue};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;

static REGULAR_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// How many compilations typst's memo cache keeps entries of: bounded, so a server that renders
/// documents all day does not grow.
const CACHE_MAX_AGE: usize = 10;

/// A template of `domain/templates/`.
#[derive(Clone, Copy, Debug)]
pub struct Template {
    /// The file name, for messages.
    pub name: &'static str,
    pub source: &'static str,
}

/// The CV as a PDF (`domain::cvs::pdf`).
pub const CV: Template = Template {
    name: "cv.typ",
    source: include_str!("../../templates/cv.typ"),
};
/// The invoice (`domain::billing::documents`).
pub const INVOICE: Template = Template {
    name: "invoice.typ",
    source: include_str!("../../templates/invoice.typ"),
};

struct Fonts {
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
}

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let fonts: Vec<Font> = [REGULAR_TTF, BOLD_TTF]
            .into_iter()
            .flat_map(|bytes| Font::iter(Bytes::new(bytes)))
            .collect();
        Fonts {
            book: LazyHash::new(FontBook::from_fonts(&fonts)),
            fonts,
        }
    })
}

/// One compilation: the template as the main file, the data in `sys.inputs`.
struct DocumentWorld {
    library: LazyHash<Library>,
    main: Source,
    today: chrono::NaiveDate,
}

impl World for DocumentWorld {
    fn library(&self) -> &LazyHash<Library> {
        &self.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &fonts().book
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() {
            Ok(self.main.clone())
        } else {
            Err(FileError::NotFound(id.vpath().get_without_slash().into()))
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        // templates read their data from `sys.inputs`, never from files
        Err(FileError::NotFound(id.vpath().get_without_slash().into()))
    }

    fn font(&self, index: usize) -> Option<Font> {
        fonts().fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        Datetime::from_ymd(
            self.today.year(),
            self.today.month() as u8,
            self.today.day() as u8,
        )
    }
}

/// Documents laid out at once by one process: each is a blocking thread of CPU work, so more at a
/// time only make every one of them slower (and a crowd of them starves the searches).
pub const MAX_CONCURRENT_RENDERS: usize = 2;
/// How long a request waits for a free place before it is told the server is busy (503).
pub const RENDER_QUEUE_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Why [`RenderGate::run`] gave no result.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// No place came free within the gate's wait.
    Busy,
    /// The work failed or panicked: the detail, for the log.
    Failed(String),
}

/// At most so many blocking renders at a time. A request waits for a place *before* any work
/// starts, inside its own future: when the client goes away or the request times out meanwhile,
/// the future is dropped and nothing is laid out for nobody. Once started, a render (tens of
/// milliseconds, at most a few seconds for the longest CV the input limits allow) holds its place
/// until it ends, so the cap counts the threads that really work.
pub struct RenderGate {
    places: tokio::sync::Semaphore,
    wait: std::time::Duration,
}

impl RenderGate {
    pub const fn new(places: usize, wait: std::time::Duration) -> Self {
        RenderGate { places: tokio::sync::Semaphore::const_new(places), wait }
    }

    /// Runs `work` on a blocking thread once a place is free.
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> Result<T, String> + Send + 'static) -> Result<T, Refused> {
        let place = match tokio::time::timeout(self.wait, self.places.acquire()).await {
            Ok(Ok(place)) => place,
            Ok(Err(_)) | Err(_) => return Err(Refused::Busy),
        };
        let result = tokio::task::spawn_blocking(work).await;
        drop(place);
        match result {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(detail)) => Err(Refused::Failed(detail)),
            Err(panicked) => Err(Refused::Failed(panicked.to_string())),
        }
    }
}

/// The process's gate for every PDF it lays out (CVs, invoices).
pub static RENDERS: RenderGate = RenderGate::new(MAX_CONCURRENT_RENDERS, RENDER_QUEUE_WAIT);

/// Lays out `template` with `data` (given to it as JSON in `sys.inputs.data`) and writes the PDF.
/// CPU work of tens of milliseconds: call it on a blocking thread. An error is for the log (the
/// template's messages with their hints), never for the user.
pub fn render_pdf(
    template: Template,
    data: &serde_json::Value,
    today: chrono::NaiveDate,
) -> Result<Vec<u8>, String> {
    let json = serde_json::to_string(data)
        .map_err(|e| format!("encoding the data of {}: {e}", template.name))?;
    let mut inputs = Dict::new();
    inputs.insert("data".into(), json.into_value());
    let library = Library::builder().with_inputs(inputs).build();
    let path = VirtualPath::new(template.name)
        .map_err(|e| format!("the template's name {}: {e:?}", template.name))?;
    let id = FileId::new(RootedPath::new(VirtualRoot::Project, path));
    let world = DocumentWorld {
        library: LazyHash::new(library),
        main: Source::new(id, template.source.to_string()),
        today,
    };
    let compiled = typst::compile::<PagedDocument>(&world);
    let result = compiled
        .output
        .map_err(|errors: typst::ecow::EcoVec<SourceDiagnostic>| {
            format!("laying out {}: {}", template.name, describe(&errors))
        })
        .and_then(|document| {
            typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default()).map_err(|errors| {
                format!(
                    "writing the PDF of {}: {}",
                    template.name,
                    describe(&errors)
                )
            })
        });
    typst::comemo::evict(CACHE_MAX_AGE);
    result
}

fn describe(diagnostics: &[SourceDiagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| {
            let hints: String = d
                .hints
                .iter()
                .map(|h| format!(" (hint: {})", h.v))
                .collect();
            format!("{}{hints}", d.message)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const PROBE: Template = Template {
        name: "probe.typ",
        source: "#let data = json(bytes(sys.inputs.data))\n#set text(font: \"DejaVu Sans\")\n= #data.title\n#data.body\n",
    };

    fn today() -> chrono::NaiveDate {
        chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
    }

    #[test]
    fn data_reaches_the_template_as_text_and_reads_back_from_the_pdf() {
        let pdf = render_pdf(
            PROBE,
            &json!({ "title": "Õunapuu Šmidt", "body": "Жёлтый *not bold* #panic()" }),
            today(),
        )
        .unwrap();
        let text = pdf_extract::extract_text_from_mem(&pdf).unwrap();
        assert!(text.contains("Õunapuu Šmidt"), "{text:?}");
        // markup in the data is shown as it is, never run
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        assert!(compact.contains("Жёлтый*notbold*#panic()"), "{text:?}");
    }

    #[test]
    fn a_template_error_is_described_for_the_log() {
        let broken = Template {
            name: "broken.typ",
            source: "#let data = json(bytes(sys.inputs.data))\n#data.missing\n",
        };
        let error = render_pdf(broken, &json!({}), today()).unwrap_err();
        assert!(error.starts_with("laying out broken.typ: "), "{error}");
        assert!(error.contains("missing"), "{error}");
    }
}

#[cfg(test)]
mod gate_tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn no_more_renders_run_at_once_than_the_gate_has_places() {
        let gate = Arc::new(RenderGate::new(2, Duration::from_secs(30)));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let (gate, running, most) = (gate.clone(), running.clone(), most.clone());
                tokio::spawn(async move {
                    gate.run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(30));
                        running.fetch_sub(1, Ordering::SeqCst);
                        Ok(())
                    })
                    .await
                })
            })
            .collect();
        for task in tasks {
            assert_eq!(task.await.unwrap(), Ok(()));
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_request_that_waits_too_long_is_busy_and_one_that_left_starts_nothing() {
        let gate = Arc::new(RenderGate::new(1, Duration::from_millis(100)));
        let hold = gate.places.acquire().await.unwrap();
        assert_eq!(gate.run(|| Ok(())).await, Err(Refused::Busy), "no place within the wait");

        // a request dropped while it waits (its client left, or its time ran out) never renders
        let started = Arc::new(AtomicBool::new(false));
        let flag = started.clone();
        let waiting = gate.run(move || {
            flag.store(true, Ordering::SeqCst);
            Ok(())
        });
        assert!(tokio::time::timeout(Duration::from_millis(20), waiting).await.is_err());
        drop(hold);
        tokio::time::sleep(Duration::from_millis(150)).await;
        assert!(!started.load(Ordering::SeqCst), "the work of a request nobody waits for did not start");
        assert_eq!(gate.run(|| Ok(7)).await, Ok(7), "the place is free again");
        assert!(matches!(gate.run(|| Err::<(), _>("bad template".into())).await, Err(Refused::Failed(_))));
    }
}
