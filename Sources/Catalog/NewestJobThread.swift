import Glibc

/// A thread of its own that runs the newest job handed to it: a job submitted while an older one
/// still waits replaces it, so a slow job (encoding and writing the QA state of a 10 MB text in
/// a debug build) never holds the caller and never piles up behind itself. The thread starts
/// with the first job and lives as long as the process.
final class NewestJobThread {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a job arrives.
    private let jobArrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Broadcast when the thread has nothing waiting and nothing running.
    private let becameIdle = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: (() -> Void)?
    private var isRunning = false
    private var isStarted = false

    init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(jobArrived, nil)
        pthread_cond_init(becameIdle, nil)
    }

    /// Queues `job` in place of any job not yet started.
    func submit(_ job: @escaping () -> Void) {
        pthread_mutex_lock(lock)
        if !isStarted { isStarted = start() }
        guard isStarted else {
            // The system refused a thread: run the job here rather than lose it.
            pthread_mutex_unlock(lock)
            job()
            return
        }
        waiting = job
        pthread_cond_signal(jobArrived)
        pthread_mutex_unlock(lock)
    }

    /// Returns once every job submitted before has finished.
    func waitUntilIdle() {
        pthread_mutex_lock(lock)
        while waiting != nil || isRunning { pthread_cond_wait(becameIdle, lock) }
        pthread_mutex_unlock(lock)
    }

    private func start() -> Bool {
        var thread = pthread_t()
        // The thread holds the object for the life of the process.
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<NewestJobThread>.fromOpaque(context!).takeUnretainedValue().runJobs()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<NewestJobThread>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private func runJobs() {
        pthread_mutex_lock(lock)
        while true {
            while waiting == nil { pthread_cond_wait(jobArrived, lock) }
            let job = waiting!
            waiting = nil
            isRunning = true
            pthread_mutex_unlock(lock)
            job()
            pthread_mutex_lock(lock)
            isRunning = false
            if waiting == nil { pthread_cond_broadcast(becameIdle) }
        }
    }
}
