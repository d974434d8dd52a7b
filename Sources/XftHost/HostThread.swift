import Glibc

/// A thread of the process's own (POSIX, without Foundation), running `body` once; `join` waits
/// for it to return. The host's keymap history and the catalog's QA-state writer run on one.
package final class HostThread {
    private var thread = pthread_t()
    private var isJoined = false

    /// Starts `body` on a new thread; nil when the system refuses one.
    package init?(_ body: @escaping () -> Void) {
        final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            let box = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue()
            (box as! Box).body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<AnyObject>.fromOpaque(context).release()
            return nil
        }
    }

    /// Waits until `body` has returned.
    package func join() {
        guard !isJoined else { return }
        isJoined = true
        pthread_join(thread, nil)
    }

    /// Lets the thread end on its own: nothing will join it.
    package func detach() {
        guard !isJoined else { return }
        isJoined = true
        pthread_detach(thread)
    }
}

/// A mutex and a condition, for state shared between a `HostThread` and the loop's thread.
package final class HostLock {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Timed waits on the monotonic clock, the host's own.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Wakes every thread waiting in `wait`; call it holding the lock.
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Holding the lock: waits until `isDone` holds or `seconds` have passed (forever when nil),
    /// and returns whether it holds.
    package func wait(until isDone: () -> Bool, atMost seconds: Double? = nil) -> Bool {
        guard let seconds else {
            while !isDone() { pthread_cond_wait(condition, mutex) }
            return true
        }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(max(0, min(seconds, 3600)) * 1e9)
        var deadline = timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        while !isDone() {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { return isDone() }
        }
        return true
    }
}
