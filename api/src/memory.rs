//! How the process's allocator is set up before anything else runs.
//!
//! glibc gives each new thread its own malloc arena, up to eight per core, and an arena keeps the
//! memory its thread freed for reuse by that thread. Under the server's many threads (tokio workers,
//! blocking threads, tantivy's searcher and merge threads) the live heap stayed flat while the
//! resident memory grew: memory freed in one arena and held there, not a leak
//! (`bench/results/2026-11-28-soak-heap.md`). Fewer arenas hold less, but the threads then wait for
//! each other's arena lock; four arenas keep most of the default's throughput with a flat heap
//! (the figures: `bench/results/2026-11-28-http-arenas.md` and `docs/deploy.md`, "Faults").
//!
//! The limit is set here, in the binary, so that every way of starting `vakants` gets it; an
//! operator's own limit (`MALLOC_ARENA_MAX`, or `glibc.malloc.arena_max` in `GLIBC_TUNABLES`,
//! both read by glibc itself at start) is left alone. glibc fixes its arena limit the first time it
//! needs one past the eighth, so this must run before the runtime starts its threads: first thing
//! in `main`.

/// Arenas for the whole process: the main one and three that the other threads share.
pub const MALLOC_ARENAS: i32 = 4;

/// Where the process's malloc arena limit comes from, for the log once logging is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArenaLimit {
    /// Set by [`limit_malloc_arenas`] to [`MALLOC_ARENAS`].
    Set(i32),
    /// The operator's, from the environment (glibc read it at start).
    FromEnvironment,
    /// glibc refused the setting, or the C library is not glibc (musl): its own behaviour holds.
    Unchanged,
}

/// Limits glibc to [`MALLOC_ARENAS`] malloc arenas unless the environment sets a limit. Elsewhere
/// than on glibc (musl, macOS) it does nothing.
pub fn limit_malloc_arenas() -> ArenaLimit {
    let tunables = std::env::var("GLIBC_TUNABLES").unwrap_or_default();
    if std::env::var_os("MALLOC_ARENA_MAX").is_some() || sets_arena_max(&tunables) {
        return ArenaLimit::FromEnvironment;
    }
    if set_arena_max(MALLOC_ARENAS) { ArenaLimit::Set(MALLOC_ARENAS) } else { ArenaLimit::Unchanged }
}

/// Whether a `GLIBC_TUNABLES` value (`name=value` pairs separated by `:`) sets the arena limit.
fn sets_arena_max(tunables: &str) -> bool {
    tunables.split(':').any(|pair| pair.split_once('=').is_some_and(|(name, _)| name == "glibc.malloc.arena_max"))
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

#[cfg(test)]
mod limit_tests {
    #[test]
    fn an_arena_limit_in_glibc_tunables_is_the_operators() {
        assert!(super::sets_arena_max("glibc.malloc.arena_max=2"));
        assert!(super::sets_arena_max("glibc.malloc.trim_threshold=131072:glibc.malloc.arena_max=8"));
        assert!(!super::sets_arena_max("glibc.malloc.arena_test=2"));
        assert!(!super::sets_arena_max(""));
    }
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

    /// Set in the child process the test runs itself in.
    const CHILD: &str = "VAKANTS_ARENA_TEST_CHILD";

    /// Runs in a process of its own (the test binary started again for this test alone): glibc
    /// fixes its limit once more than eight arenas exist, which other tests running at once in one
    /// process may have made already.
    #[test]
    fn threads_allocating_at_once_share_four_malloc_arenas() {
        if std::env::var_os(CHILD).is_none() {
            let name = "memory::tests::threads_allocating_at_once_share_four_malloc_arenas";
            let output = std::process::Command::new(std::env::current_exe().unwrap())
                .args([name, "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD, "1")
                .env_remove("MALLOC_ARENA_MAX")
                .env_remove("GLIBC_TUNABLES")
                .output()
                .unwrap();
            let report = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
            assert!(output.status.success(), "the test in its own process failed:\n{report}");
            assert!(report.contains("1 passed"), "the test did not run in its own process:\n{report}");
            return;
        }
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
