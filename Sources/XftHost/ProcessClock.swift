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
