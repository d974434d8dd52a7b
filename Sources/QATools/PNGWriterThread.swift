import XftHost

/// Writes PNGs on a thread of its own while the caller renders the next image: encoding is most
/// of a state matrix's own CPU time, and the X server draws meanwhile. At most `capacity` images
/// wait (a few megabytes); `submit` blocks beyond that. The first failure is kept and thrown by
/// `submit` or `finish`; `finish` waits for every image submitted. Without a thread (the system
/// refused one) images are written by the caller.
final class PNGWriterThread {
    /// What the caller and the thread share (the thread holds it, not the writer).
    private final class Queue {
        let lock = HostLock()
        var jobs: [(image: RGBAImage, path: String)] = []
        var isFinished = false
        var failure: Error?
    }

    private let queue = Queue()
    private var thread: HostThread?
    private let capacity = 16

    init() {
        let queue = self.queue
        thread = HostThread { Self.run(queue) }
    }

    deinit {
        // A run that stopped early still ends its thread.
        try? finish()
    }

    /// Queues `image` for `path`; throws the failure an earlier image met (nothing more is written then).
    func submit(_ image: RGBAImage, to path: String) throws {
        guard thread != nil else {
            try image.writePNGQuickly(to: path)
            return
        }
        try queue.lock.locked {
            _ = queue.lock.wait(until: { queue.jobs.count < capacity || queue.failure != nil })
            if let failure = queue.failure { throw failure }
            queue.jobs.append((image, path))
            queue.lock.broadcast()
        }
    }

    /// Waits until every image is written, ends the thread, and throws the first failure.
    func finish() throws {
        guard let thread else { return }
        queue.lock.locked {
            queue.isFinished = true
            queue.lock.broadcast()
        }
        thread.join()
        self.thread = nil
        if let failure = queue.lock.locked({ queue.failure }) { throw failure }
    }

    private static func run(_ queue: Queue) {
        while true {
            let job = queue.lock.locked { () -> (image: RGBAImage, path: String)? in
                _ = queue.lock.wait(until: { !queue.jobs.isEmpty || queue.isFinished })
                guard !queue.jobs.isEmpty, queue.failure == nil else { return nil }
                return queue.jobs.removeFirst()
            }
            guard let job else { return }
            var failure: Error?
            do { try job.image.writePNGQuickly(to: job.path) } catch { failure = error }
            queue.lock.locked {
                if queue.failure == nil { queue.failure = failure }
                queue.lock.broadcast()
            }
        }
    }
}
