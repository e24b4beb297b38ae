import Foundation

/// Runs work that may wait for a lock on a thread of its own, off Swift's cooperative pool.
///
/// The pool has a thread per core (two on CI's machine). Work that waits on its thread for a
/// lock (a state store's write lock, a server's row lock) holds one of them until the lock is
/// free; when the holder is work of this same process that needs the pool to finish (a
/// rebuild's lanes, an append's next statement), the waits can take every thread of the pool
/// and the holder never finishes. A thread of its own waits without taking any. Starting
/// one costs tens of microseconds, nothing beside the round trips of the work it runs.
///
/// ```swift
/// let outcome = try await WaitingThread.run { try store.write { state in ... } }
/// ```
package enum WaitingThread {
    /// Runs `work` on a new thread and returns its result.
    package static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.name = "antrain-waiting"
            thread.stackSize = 8 << 20  // a fold runs here: the stack of a pool thread
            thread.start()
        }
    }
}
