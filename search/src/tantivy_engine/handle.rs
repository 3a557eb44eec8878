//! An index that can be rebuilt from scratch while it keeps answering.
//!
//! On disk an index kind (`vacancies`, `cvs`) is a directory of *generations*
//! (`<root>/<kind>/gen-<timestamp>`) and a `CURRENT` file naming the live one. A rebuild writes a
//! fresh generation next to the live one and, when it is complete, replaces `CURRENT` with an
//! atomic rename; readers hold the previous generation until they switch, so no search ever sees
//! a half-built index. Other processes (the API next to the worker, the worker next to a
//! `vakants reindex` run) notice the new `CURRENT` on their next operation (checked at most
//! every [`CHECK_INTERVAL`]) and switch too. The previous generation is kept so a process that
//! has not switched yet keeps answering; older ones are removed when a rebuild finishes.
//!
//! A generation written by a version of the code with another schema (an upgrade changed a
//! field) cannot be searched or written by this one. Opening such an index does not fail: it
//! starts a fresh, empty generation with the current schema, makes it current and reports the
//! index as replaced ([`IndexHandle::replaced`]); the worker then queues a full rebuild from
//! Postgres, and searches answer from the empty index until it finishes. The old generation is
//! left on disk (a process of the old version may still be reading it) until a rebuild removes
//! it. When a reader (the API) is the one that replaced it, it leaves a [`REBUILD_MARKER`] in
//! the new generation, so the writer that opens it next reports it as replaced too. A
//! generation with another schema that another process makes current later (an old version's
//! rebuild during a rolling upgrade) is not switched to: this process keeps its own.
//!
//! In memory (tests, benchmarks) the same swap happens without the files.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use arc_swap::ArcSwap;
use tantivy::index::SegmentId;
use tantivy::indexer::NoMergePolicy;
use tantivy::schema::Schema;
use tantivy::{Index, IndexReader, IndexSettings, IndexWriter, ReloadPolicy};

use super::analysis;
use crate::{Result, SearchError};

/// How often a handle looks at `CURRENT` for a generation switched by another process.
pub(crate) const CHECK_INTERVAL: Duration = Duration::from_millis(500);

const CURRENT_FILE: &str = "CURRENT";

/// A file in a generation that a reader started empty in place of an index with another
/// schema: the next writer to open the index reports it as replaced (and removes the file), so
/// the worker queues the rebuild even when the API was started first.
const REBUILD_MARKER: &str = "NEEDS-REBUILD";

static NEXT_SERIAL: AtomicU64 = AtomicU64::new(0);

/// Threads one search may use across segments.
const SEARCH_THREADS: usize = 2;

/// Memory for the indexing buffer of the live writer (split between its threads).
const LIVE_WRITER_BYTES: usize = 64 * 1024 * 1024;
/// A rebuild adds documents in bulk and profits from a larger buffer: fewer, larger segments
/// write each term dictionary fewer times and leave less to the final merge (1M vacancies:
/// 11.4k docs/s with 256 MiB, 12.8k with 1 GiB). The buffer grows as it fills, so a small
/// rebuild does not take it all.
const REBUILD_WRITER_BYTES: usize = 1024 * 1024 * 1024;

/// Segments a finished rebuild is merged into: one per search thread, so a search over
/// everything keeps both cores busy, and no more, because every segment adds its own facet
/// dictionary sweep to each search.
const REBUILT_SEGMENTS: usize = SEARCH_THREADS;

/// Whether this process writes the index (the worker, one per index directory: tantivy's
/// writer lock enforces it) or only reads it (the API).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccessMode {
    Writer,
    Reader,
}

/// One built index: what a search or a write works on from start to end.
pub(crate) struct Generation {
    /// Unique within the process, unlike `name` (all in-memory generations are "memory") and
    /// tantivy's searcher generation ids (counted per reader from zero).
    pub serial: u64,
    pub name: String,
    pub index: Index,
    pub reader: IndexReader,
    writer: Option<Mutex<IndexWriter>>,
}

impl Generation {
    fn open(
        mut index: Index,
        name: String,
        writer_bytes: Option<usize>,
        purpose: Purpose,
    ) -> Result<Generation> {
        analysis::register(index.tokenizers());
        // Segments are searched in parallel: a browse-all query with facets touches every
        // document, and two cores halve its latency.
        index.set_multithread_executor(SEARCH_THREADS)?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::OnCommitWithDelay)
            .try_into()?;
        let writer = match writer_bytes {
            Some(bytes) => {
                let writer: IndexWriter = index.writer(bytes)?;
                if purpose == Purpose::Rebuild {
                    // merging while the segments are still being written would merge most
                    // documents several times; `swap_in` merges once at the end
                    writer.set_merge_policy(Box::new(NoMergePolicy));
                }
                Some(Mutex::new(writer))
            }
            None => None,
        };
        Ok(Generation {
            serial: NEXT_SERIAL.fetch_add(1, Ordering::Relaxed),
            name,
            index,
            reader,
            writer,
        })
    }

    /// Stages changes with the writer (an error in a reader-mode handle).
    ///
    /// When tantivy fails while staging, the writer is rolled back to the last commit, as after a failed
    /// [`commit`](Self::commit): tantivy's indexing threads die on an I/O error (the disk full)
    /// while documents are added, and a writer without them refuses every later document
    /// ("an index writer was killed") until it is started afresh. The staged changes since the
    /// last commit are dropped; their index jobs fail and are retried.
    pub fn stage<T>(&self, stage: impl FnOnce(&IndexWriter) -> Result<T>) -> Result<T> {
        let writer = self
            .writer
            .as_ref()
            .ok_or(SearchError::Misuse("the index was opened read-only"))?;
        let mut writer = writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let staged = stage(&writer);
        // a document that cannot be made is the caller's; only tantivy's own failures may have
        // cost the writer its threads
        if let Err(SearchError::Tantivy(_) | SearchError::Io(_)) = &staged {
            roll_back(&mut writer);
        }
        staged
    }

    /// Commits staged changes and makes them visible to this process's searches at once.
    ///
    /// A commit that fails (the disk full, an I/O error) leaves the last commit as it was, but
    /// tantivy's writer may have lost its indexing threads, failing every later commit too: the
    /// writer is rolled back to the last commit, which starts it afresh. The changes of the
    /// failed commit are dropped; their index jobs fail and are retried (and the periodic
    /// reconciliation finds anything else), so they reach the index once the cause is gone.
    pub fn commit(&self) -> Result<()> {
        if let Some(writer) = &self.writer {
            let mut writer = writer
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            if let Err(error) = writer.commit() {
                roll_back(&mut writer);
                return Err(error.into());
            }
        }
        self.reader.reload()?;
        Ok(())
    }
}

/// Starts a writer afresh from the last commit (tantivy's rollback makes a new writer with new
/// indexing threads); what was staged since is dropped.
fn roll_back(writer: &mut IndexWriter) {
    if let Err(error) = writer.rollback() {
        tracing::error!(%error, "rolling the index writer back to its last commit failed");
    }
}

/// What a generation's writer is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    /// Changes as they happen, with tantivy's default merge policy.
    Live,
    /// A full rebuild: no merges until it is finished.
    Rebuild,
}

pub(crate) struct IndexHandle {
    schema: Schema,
    /// `<root>/<kind>`, or `None` in memory.
    dir: Option<PathBuf>,
    mode: AccessMode,
    live: ArcSwap<Generation>,
    last_check: Mutex<Instant>,
    /// Whether the index was found with another schema at open and started empty.
    replaced: bool,
    /// A generation made current by another process that this one refused (another schema);
    /// remembered so the refusal is logged once, not on every check.
    refused: Mutex<Option<String>>,
}

impl IndexHandle {
    pub fn in_memory(schema: Schema) -> Result<IndexHandle> {
        let generation = Generation::open(
            create(schema.clone(), None)?,
            "memory".to_owned(),
            Some(LIVE_WRITER_BYTES),
            Purpose::Live,
        )?;
        Ok(IndexHandle {
            schema,
            dir: None,
            mode: AccessMode::Writer,
            live: ArcSwap::from_pointee(generation),
            last_check: Mutex::new(Instant::now()),
            replaced: false,
            refused: Mutex::new(None),
        })
    }

    /// Opens the live generation under `dir`, creating an empty first one when there is none
    /// (a reader creates it too, so the API can start before the worker's first commit).
    ///
    /// A live generation with another schema is replaced by an empty one (see the module
    /// documentation); any other failure to open it (a damaged index, an IO error) is an error.
    pub fn open(schema: Schema, dir: PathBuf, mode: AccessMode) -> Result<IndexHandle> {
        fs::create_dir_all(&dir)?;
        let mut replaced = false;
        let generation = match read_current(&dir)? {
            None => start_empty(&schema, &dir, mode, false)?,
            Some(name) => match open_generation(&schema, &dir, &name, mode)? {
                Some(generation) => {
                    if mode == AccessMode::Writer && take_rebuild_marker(&dir, &name)? {
                        tracing::warn!(
                            index = %dir.display(),
                            generation = %name,
                            "the index was started empty in place of one with another schema; it needs a full rebuild"
                        );
                        replaced = true;
                    }
                    generation
                }
                None => {
                    tracing::warn!(
                        index = %dir.display(),
                        generation = %name,
                        "the index was written with another schema; starting an empty one, which needs a full rebuild"
                    );
                    replaced = true;
                    start_empty(&schema, &dir, mode, mode == AccessMode::Reader)?
                }
            },
        };
        Ok(IndexHandle {
            schema,
            dir: Some(dir),
            mode,
            live: ArcSwap::from_pointee(generation),
            last_check: Mutex::new(Instant::now()),
            replaced,
            refused: Mutex::new(None),
        })
    }

    /// Whether [`IndexHandle::open`] found the index with another schema and started an empty
    /// one in its place (for a writer, also when a reader did so before it), so it needs a
    /// full rebuild.
    pub fn replaced(&self) -> bool {
        self.replaced
    }

    /// The live generation, after switching to a newer one another process made current.
    pub fn live(&self) -> Result<Arc<Generation>> {
        if let Some(dir) = &self.dir {
            let mut last_check = self.last_check.lock().unwrap_or_else(|p| p.into_inner());
            if last_check.elapsed() >= CHECK_INTERVAL {
                *last_check = Instant::now();
                if let Some(name) = read_current(dir)?
                    && name != self.live.load().name
                {
                    let mut refused = self.refused.lock().unwrap_or_else(|p| p.into_inner());
                    if refused.as_deref() != Some(name.as_str()) {
                        match open_generation(&self.schema, dir, &name, self.mode)? {
                            Some(generation) => {
                                tracing::info!(generation = %name, "switching to a rebuilt index");
                                self.live.store(Arc::new(generation));
                            }
                            None => {
                                // a process of another version rebuilt it; its documents do
                                // not fit this code, the present generation still does
                                tracing::warn!(
                                    index = %dir.display(),
                                    generation = %name,
                                    kept = %self.live.load().name,
                                    "another process made a generation with another schema current; keeping the present one"
                                );
                                *refused = Some(name);
                            }
                        }
                    }
                }
            }
        }
        Ok(self.live.load_full())
    }

    /// Starts a fresh, empty generation with its own writer; it is not visible until
    /// [`IndexHandle::swap_in`].
    pub fn new_generation(&self) -> Result<Generation> {
        match &self.dir {
            None => Generation::open(
                create(self.schema.clone(), None)?,
                "memory".to_owned(),
                Some(REBUILD_WRITER_BYTES),
                Purpose::Rebuild,
            ),
            Some(dir) => {
                let (name, index) = create_generation(&self.schema, dir)?;
                Generation::open(index, name, Some(REBUILD_WRITER_BYTES), Purpose::Rebuild)
            }
        }
    }

    /// Commits `generation`, makes it the live one for this and every other process, and
    /// drops the writer of the one it replaces (uncommitted changes there are discarded).
    pub fn swap_in(&self, generation: Generation) -> Result<()> {
        let Generation {
            name,
            index,
            writer,
            ..
        } = generation;
        if let Some(writer) = writer {
            let mut writer = writer.into_inner().unwrap_or_else(|p| p.into_inner());
            writer.commit()?;
            merge_into(&mut writer, &index, REBUILT_SEGMENTS)?;
            writer.wait_merging_threads()?;
        }
        // Held from the new `CURRENT` until the new generation is live: otherwise a search or a
        // write on another thread ([`IndexHandle::live`]) could see the new `CURRENT` first and
        // open the generation itself, and the second writer on it fails with `LockBusy`.
        let mut last_check = self.last_check.lock().unwrap_or_else(|p| p.into_inner());
        let live = match &self.dir {
            None => Generation::open(index, name, Some(LIVE_WRITER_BYTES), Purpose::Live)?,
            Some(dir) => {
                write_current(dir, &name)?;
                drop(index);
                let live = open_generation(&self.schema, dir, &name, self.mode)?.ok_or(
                    SearchError::Misuse("a rebuilt generation has another schema"),
                )?;
                remove_old_generations(dir, &[&name, &self.live.load().name])?;
                live
            }
        };
        self.live.store(Arc::new(live));
        *last_check = Instant::now();
        Ok(())
    }
}

/// Opens generation `name` under `dir` as the live one; `None` when it was written with
/// another schema.
fn open_generation(
    schema: &Schema,
    dir: &Path,
    name: &str,
    mode: AccessMode,
) -> Result<Option<Generation>> {
    let index = Index::open_in_dir(dir.join(name))?;
    if index.schema() != *schema {
        return Ok(None);
    }
    open_live(index, name.to_owned(), mode).map(Some)
}

/// Opens `index` as the live generation: with a writer for changes in a writer-mode handle.
fn open_live(index: Index, name: String, mode: AccessMode) -> Result<Generation> {
    let writer_bytes = (mode == AccessMode::Writer).then_some(LIVE_WRITER_BYTES);
    Generation::open(index, name, writer_bytes, Purpose::Live)
}

/// A new, empty generation directory under `dir` with its index.
fn create_generation(schema: &Schema, dir: &Path) -> Result<(String, Index)> {
    let name = new_generation_name();
    fs::create_dir(dir.join(&name))?;
    let index = create(schema.clone(), Some(&dir.join(&name)))?;
    Ok((name, index))
}

/// Creates an empty generation under `dir`, makes it current and opens it as the live one;
/// `marked` leaves a [`REBUILD_MARKER`] in it for the writer.
fn start_empty(schema: &Schema, dir: &Path, mode: AccessMode, marked: bool) -> Result<Generation> {
    let (name, index) = create_generation(schema, dir)?;
    if marked {
        // before `CURRENT` names the generation, so a writer never opens it unmarked
        fs::write(dir.join(&name).join(REBUILD_MARKER), "")?;
    }
    write_current(dir, &name)?;
    open_live(index, name, mode)
}

/// Removes the [`REBUILD_MARKER`] of generation `name`; whether there was one.
fn take_rebuild_marker(dir: &Path, name: &str) -> Result<bool> {
    match fs::remove_file(dir.join(name).join(REBUILD_MARKER)) {
        Ok(()) => Ok(true),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(error) => Err(error.into()),
    }
}

/// Merges the committed segments of `index` into `count` segments of about equal size, the
/// merges running side by side, and commits.
fn merge_into(writer: &mut IndexWriter, index: &Index, count: usize) -> Result<()> {
    let mut segments = index.searchable_segment_metas()?;
    if segments.len() <= count {
        return Ok(());
    }
    // largest first, each to the group with the fewest documents so far
    segments.sort_by_key(|segment| std::cmp::Reverse(segment.num_docs()));
    let mut groups: Vec<(u32, Vec<SegmentId>)> = vec![(0, Vec::new()); count];
    for segment in segments {
        let smallest = groups
            .iter_mut()
            .min_by_key(|(docs, _)| *docs)
            .expect("count is at least one");
        smallest.0 += segment.num_docs();
        smallest.1.push(segment.id());
    }
    let merges: Vec<_> = groups
        .iter()
        .filter(|(_, ids)| ids.len() > 1)
        .map(|(_, ids)| writer.merge(ids))
        .collect();
    for merge in merges {
        merge.wait()?;
    }
    Ok(())
}

/// Stored documents are compressed in blocks of this size (tantivy's default is 16 KiB). A
/// page of results reads 20 documents from as many blocks, and decompressing whole 16 KiB
/// blocks for them was a fifth of a search; smaller blocks cost a little more disk.
const DOC_STORE_BLOCK_BYTES: usize = 4096;

/// A new index, in `dir` or in memory.
fn create(schema: Schema, dir: Option<&Path>) -> Result<Index> {
    let settings = IndexSettings {
        docstore_blocksize: DOC_STORE_BLOCK_BYTES,
        ..IndexSettings::default()
    };
    let builder = Index::builder().schema(schema).settings(settings);
    Ok(match dir {
        Some(dir) => builder.create_in_dir(dir)?,
        None => builder.create_in_ram()?,
    })
}

fn new_generation_name() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("gen-{nanos}")
}

fn read_current(dir: &Path) -> Result<Option<String>> {
    match fs::read_to_string(dir.join(CURRENT_FILE)) {
        Ok(name) => Ok(Some(name.trim().to_owned())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error.into()),
    }
}

fn write_current(dir: &Path, name: &str) -> Result<()> {
    let temporary = dir.join(format!("{CURRENT_FILE}.tmp"));
    fs::write(&temporary, name)?;
    fs::File::open(&temporary)?.sync_all()?;
    fs::rename(&temporary, dir.join(CURRENT_FILE))?;
    Ok(())
}

/// Removes every generation but `keep` (the new live one and the one it replaced, which
/// other processes may still be reading until they switch). An unfinished rebuild of another
/// process would be removed too: rebuilds of one index must not run concurrently.
fn remove_old_generations(dir: &Path, keep: &[&str]) -> Result<()> {
    let old: Vec<String> = fs::read_dir(dir)?
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().is_dir())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| name.starts_with("gen-") && !keep.contains(&name.as_str()))
        .collect();
    for name in old {
        tracing::info!(generation = %name, "removing an old index generation");
        fs::remove_dir_all(dir.join(name))?;
    }
    Ok(())
}
