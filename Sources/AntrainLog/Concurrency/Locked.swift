#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a POSIX mutex.
///
/// Used instead of the standard library's `Mutex` because that one waits with raw futex
/// system calls on Linux, which the thread sanitizer cannot see: every access it guards was
/// reported as a data race, hiding real ones. A pthread mutex is understood by the
/// sanitizer, costs the same when uncontended, and keeps `scripts/sanitizers.sh` meaningful.
/// Visible to the whole package, so that every module guards its shared state with it
/// (the projections' rebuild writer was reported as racing while it used `Mutex`).
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: consuming Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
