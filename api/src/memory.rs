//! How the process's allocator is set up before anything else runs.
//!
//! glibc gives each new thread its own malloc arena, up to eight per core, and an arena keeps the
//! memory its thread freed for reuse by that thread. Under the server's mix of tokio workers,
//! blocking threads, tantivy's searcher and merge threads, the soak measured a live heap flat at
//! ~31 MB (heaptrack) while the anonymous resident memory grew from ~135 MB to ~155–194 MB:
//! memory freed in one arena and held there, not a leak (`bench/results/2026-11-28-soak-heap.md`).
//!
//! Fewer arenas hold less, but the threads then wait for each other's arena lock: on the 2-core
//! machine at 100k vacancies (`bench/results/2026-11-28-http-arenas.md`), two arenas halved the
//! memory but cut the painted pages from 20,500 to 13,400 requests/s and raised the search p99 while
//! writing from 19 to 34 ms; four kept the throughput within the runs' spread (18,600 pages/s,
//! p99 23 ms while writing) with the memory of `bench http` at 258 MB instead of 372 MB, and the
//! soak's heap flat (`2026-11-28-soak-arenas-4.md`).
//!
//! The limit is set here, in the binary, so that every way of starting `vakants` gets it; an
//! operator's own `MALLOC_ARENA_MAX` (read by glibc itself at start) is left alone. glibc fixes its
//! arena limit the first time it needs one past the eighth, so this must run before the runtime
//! starts its threads: first thing in `main`.

/// Arenas for the whole process: the main one and three that the other threads share.
pub const MALLOC_ARENAS: i32 = 4;

/// Limits glibc to [`MALLOC_ARENAS`] malloc arenas unless `MALLOC_ARENA_MAX` is set. Returns
/// whether the limit was set here. Elsewhere than on glibc (musl, macOS) it does nothing.
pub fn limit_malloc_arenas() -> bool {
    if std::env::var_os("MALLOC_ARENA_MAX").is_some() {
        return false;
    }
    set_arena_max(MALLOC_ARENAS)
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn set_arena_max(arenas: i32) -> bool {
    // SAFETY: mallopt only stores the parameter in glibc's malloc state; it is safe to call at
    // any time, and it is called before the runtime's threads exist.
    unsafe { libc::mallopt(libc::M_ARENA_MAX, arenas) == 1 }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn set_arena_max(_arenas: i32) -> bool {
    false
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use std::sync::{Arc, Barrier};

    /// The arenas glibc has made so far, from `malloc_info`'s report (one `<heap nr=…>` each).
    fn arenas() -> usize {
        let mut buffer: *mut libc::c_char = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        // SAFETY: open_memstream writes the address and size of a buffer it owns, which stays
        // valid after fclose until freed; malloc_info writes to the stream it is given.
        let report = unsafe {
            let stream = libc::open_memstream(&mut buffer, &mut size);
            assert!(!stream.is_null(), "open_memstream failed");
            assert_eq!(libc::malloc_info(0, stream), 0, "malloc_info failed");
            libc::fclose(stream);
            let report = std::ffi::CStr::from_ptr(buffer).to_string_lossy().into_owned();
            libc::free(buffer.cast());
            report
        };
        report.matches("<heap nr=").count()
    }

    /// Needs a process of its own, as `cargo nextest` (`make test`) gives each test: glibc fixes
    /// its limit once more than eight arenas exist, which many tests running at once in one
    /// process (`cargo test`) may have made already.
    #[test]
    fn threads_allocating_at_once_share_four_malloc_arenas() {
        assert!(super::set_arena_max(super::MALLOC_ARENAS), "mallopt refused M_ARENA_MAX");
        // Without the limit, each of these threads gets an arena of its own on its first
        // allocation (glibc makes new ones up to eight per core): sixteen threads alive at once
        // would leave more than four.
        const THREADS: usize = 16;
        let all_allocated = Arc::new(Barrier::new(THREADS + 1));
        let counted = Arc::new(Barrier::new(THREADS + 1));
        let threads: Vec<_> = (0..THREADS)
            .map(|n| {
                let (all_allocated, counted) = (all_allocated.clone(), counted.clone());
                std::thread::spawn(move || {
                    let held = vec![n as u8; 64 * 1024];
                    all_allocated.wait();
                    counted.wait();
                    held.len()
                })
            })
            .collect();
        all_allocated.wait();
        let arenas = arenas();
        counted.wait();
        for thread in threads {
            assert_eq!(thread.join().unwrap(), 64 * 1024);
        }
        assert!(arenas <= super::MALLOC_ARENAS as usize, "{arenas} malloc arenas for {THREADS} threads");
    }
}
