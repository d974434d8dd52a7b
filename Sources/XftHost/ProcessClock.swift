import CXlib

/// The process's CPU time, for the catalog's own measurements (`--repaint-benchmark`).
package enum ProcessClock {
    package static func cpuSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    package static func wallSeconds() -> Double { WindowHost.monotonicSeconds() }
}

/// The process's memory allocator.
package enum ProcessMemory {
    /// One malloc arena for every thread of the process. glibc gives each thread that allocates
    /// an arena of its own, and what a thread frees stays in its arena: the catalog's QA-state
    /// writer builds and frees large texts on its thread, and with two arenas the soak's resident
    /// memory grew 13 % and 85 % in two runs of eight (one arena: at most 1.9 % in five). The
    /// program's choice, as the locale is: call it at start, before a second thread exists.
    package static func useOneArena() { _ = cxlib_use_one_malloc_arena() }

    /// Blocks of 1 MB and more come from the kernel and go back to it when freed. glibc raises
    /// that threshold by itself once a large block is freed (up to 32 MB), and from then on a
    /// 10 MB paste's passing copies (the transfer's bytes, the string made of them) are carved
    /// out of the heap, whose freed pages stay resident: 15 MB after such a paste, for nothing.
    package static func mapLargeBlocks() { _ = cxlib_map_blocks_from(1 << 20) }
}
