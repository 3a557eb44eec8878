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
//! In memory (tests, benchmarks) the same swap happens without the files.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
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

    /// The writer; an error in a reader-mode handle.
    pub fn writer(&self) -> Result<MutexGuard<'_, IndexWriter>> {
        let writer = self
            .writer
            .as_ref()
            .ok_or(SearchError::Misuse("the index was opened read-only"))?;
        Ok(writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()))
    }

    /// Commits staged changes and makes them visible to this process's searches at once.
    pub fn commit(&self) -> Result<()> {
        if let Some(writer) = &self.writer {
            let mut writer = writer
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            writer.commit()?;
        }
        self.reader.reload()?;
        Ok(())
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
        })
    }

    /// Opens the live generation under `dir`, creating an empty first one when there is none
    /// (a reader creates it too, so the API can start before the worker's first commit).
    pub fn open(schema: Schema, dir: PathBuf, mode: AccessMode) -> Result<IndexHandle> {
        fs::create_dir_all(&dir)?;
        let name = match read_current(&dir)? {
            Some(name) => name,
            None => {
                let name = new_generation_name();
                fs::create_dir(dir.join(&name))?;
                create(schema.clone(), Some(&dir.join(&name)))?;
                write_current(&dir, &name)?;
                name
            }
        };
        let generation = open_generation(&schema, &dir, &name, mode)?;
        Ok(IndexHandle {
            schema,
            dir: Some(dir),
            mode,
            live: ArcSwap::from_pointee(generation),
            last_check: Mutex::new(Instant::now()),
        })
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
                    tracing::info!(generation = %name, "switching to a rebuilt index");
                    let generation = open_generation(&self.schema, dir, &name, self.mode)?;
                    self.live.store(Arc::new(generation));
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
                let name = new_generation_name();
                fs::create_dir(dir.join(&name))?;
                let index = create(self.schema.clone(), Some(&dir.join(&name)))?;
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
        let live = match &self.dir {
            None => Generation::open(index, name, Some(LIVE_WRITER_BYTES), Purpose::Live)?,
            Some(dir) => {
                write_current(dir, &name)?;
                drop(index);
                let live = open_generation(&self.schema, dir, &name, self.mode)?;
                remove_old_generations(dir, &[&name, &self.live.load().name])?;
                live
            }
        };
        self.live.store(Arc::new(live));
        Ok(())
    }
}

fn open_generation(
    schema: &Schema,
    dir: &Path,
    name: &str,
    mode: AccessMode,
) -> Result<Generation> {
    let index = Index::open_in_dir(dir.join(name))?;
    if index.schema() != *schema {
        return Err(SearchError::Tantivy(tantivy::TantivyError::SchemaError(
            format!("index {name} has another schema: rebuild it"),
        )));
    }
    let writer_bytes = (mode == AccessMode::Writer).then_some(LIVE_WRITER_BYTES);
    Generation::open(index, name.to_owned(), writer_bytes, Purpose::Live)
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
