import XftHost

/// A thread of its own that runs the newest job handed to it: a job submitted while an older one
/// still waits replaces it, so a slow job (encoding and writing the QA state of a 10 MB text in
/// a debug build) never holds the caller and never piles up behind itself, and the newest job
/// always runs: the last state taken always reaches the file. The thread starts with the first
/// job and lives as long as the process.
public final class NewestJobThread {
    private let lock = HostLock()
    private var waiting: (() -> Void)?
    private var isRunning = false
    private var thread: HostThread?

    public init() {}

    /// Queues `job` in place of any job not yet started.
    public func submit(_ job: @escaping () -> Void) {
        let started = lock.locked { () -> Bool in
            if thread == nil {
                // The thread holds the object: both last as long as the process.
                thread = HostThread { self.runJobs() }
                thread?.detach()
            }
            guard thread != nil else { return false }
            waiting = job
            lock.broadcast()
            return true
        }
        // The system refused a thread: the job runs here rather than being lost.
        if !started { job() }
    }

    /// Returns once every job submitted before has finished.
    public func waitUntilIdle() {
        lock.locked { _ = lock.wait(until: { waiting == nil && !isRunning }) }
    }

    private func runJobs() {
        while true {
            let job = lock.locked { () -> () -> Void in
                _ = lock.wait(until: { waiting != nil })
                defer { waiting = nil }
                isRunning = true
                return waiting!
            }
            job()
            lock.locked {
                isRunning = false
                lock.broadcast()
            }
        }
    }
}
