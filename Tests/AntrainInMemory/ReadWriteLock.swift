import AntrainLog
import Foundation

/// Shared holds for work on a generation, an exclusive one for its replacement: held across
/// `await` (a rebuild of some models), so counted rather than a pthread lock, which must be
/// released on the thread that took it.
final class ReadWriteLock: Sendable {
    private let state = Locked((readers: 0, writer: false))

    /// Waits until no exclusive hold is taken or wanted, then holds shared.
    func lockShared() {
        while !state.withLock({ state in
            guard !state.writer else { return false }
            state.readers += 1
            return true
        }) { usleep(100) }
    }

    /// Ends a shared hold.
    func unlock() {
        state.withLock { $0.readers -= 1 }
    }

    /// Runs `body` holding shared.
    func shared<Result>(_ body: () throws -> Result) rethrows -> Result {
        lockShared()
        defer { unlock() }
        return try body()
    }

    /// Runs `body` once every shared hold has ended, keeping new ones out meanwhile.
    func exclusive<Result>(_ body: () throws -> Result) rethrows -> Result {
        while !state.withLock({ state in
            guard !state.writer else { return false }
            state.writer = true
            return true
        }) { usleep(100) }
        while state.withLock({ $0.readers }) > 0 { usleep(100) }
        defer { state.withLock { $0.writer = false } }
        return try body()
    }
}
