//! The allocator of the `vakants` processes (and of the bench, which runs their code in-process):
//! jemalloc, with zeroed allocations of up to [`MEMSET_ZEROED_UP_TO`] zeroed by writing them.
//!
//! jemalloc hands out a zeroed allocation (`vec![0; n]`, `calloc`) that it cannot take from pages
//! it knows are zero by purging the pages it reuses (`madvise(MADV_DONTNEED)`, its
//! `ehooks_default_zero_impl`): every page of the allocation then faults on its first write, and
//! on a process with several threads each purge also interrupts the other cores to flush their
//! TLBs. An uncached search allocates its facet counters that way (a counter per company: tens of
//! kilobytes), and so does the brotli encoder of every answer it compresses (its hash table:
//! ~650 KB); in `bench http`'s long-tail mix the faults and the purges took about a tenth of the
//! machine (perf, 2026-12-01). Writing zeros over memory jemalloc already holds costs less than
//! a fault per page. Above the bound the pages the OS gives zeroed are kept (a large buffer that is
//! only partly used then costs only what it uses).

use std::alloc::{GlobalAlloc, Layout};

/// Zeroed allocations up to this size are zeroed by writing them.
pub const MEMSET_ZEROED_UP_TO: usize = 1 << 20;

/// jemalloc, zeroing small zeroed allocations itself (see the module documentation).
pub struct Allocator;

// SAFETY: every call is passed to jemalloc as it came; `alloc_zeroed` returns memory from
// jemalloc's `alloc` for the same layout, every byte of it written as zero.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { tikv_jemallocator::Jemalloc.alloc(layout) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() > MEMSET_ZEROED_UP_TO {
            return unsafe { tikv_jemallocator::Jemalloc.alloc_zeroed(layout) };
        }
        let memory = unsafe { tikv_jemallocator::Jemalloc.alloc(layout) };
        if !memory.is_null() {
            unsafe { std::ptr::write_bytes(memory, 0, layout.size()) };
        }
        memory
    }

    #[inline]
    unsafe fn dealloc(&self, memory: *mut u8, layout: Layout) {
        unsafe { tikv_jemallocator::Jemalloc.dealloc(memory, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, memory: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { tikv_jemallocator::Jemalloc.realloc(memory, layout, new_size) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_allocations_are_zero_on_both_sides_of_the_bound() {
        for size in [1, 4096, 45_056, MEMSET_ZEROED_UP_TO, MEMSET_ZEROED_UP_TO + 1] {
            let layout = Layout::from_size_align(size, 8).unwrap();
            // dirty a block of that size first, so that a reused one would show its old bytes
            unsafe {
                let dirty = Allocator.alloc(layout);
                std::ptr::write_bytes(dirty, 0xAB, size);
                Allocator.dealloc(dirty, layout);
                let zeroed = Allocator.alloc_zeroed(layout);
                assert!(!zeroed.is_null());
                assert!(std::slice::from_raw_parts(zeroed, size).iter().all(|&byte| byte == 0), "{size} bytes");
                Allocator.dealloc(zeroed, layout);
            }
        }
    }
}
