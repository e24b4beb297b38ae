/// Wakes in-process subscribers when the writer commits a block.
///
/// Subscribers to another process's writer cannot be woken this way; they poll, and this
/// signal only cuts the wait short.
final class CommitSignal: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Waits whose timer or cancellation fired before they registered.
        var expired: Set<Int> = []
        var nextID = 0
    }

    private let state = Locked(State())

    /// Wakes every waiter.
    func signal() {
        let waiters = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns at the next signal, or after `timeout`, whichever comes first.
    func wait(timeout: Duration) async {
        let (id, generation) = state.withLock { state in
            state.nextID += 1
            return (state.nextID, state.generation)
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { self.expire(id) }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if state.expired.remove(id) != nil || state.generation != generation { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            expire(id)
        }
        timer.cancel()
        state.withLock { _ = $0.expired.remove(id) }
    }

    private func expire(_ id: Int) {
        let waiter = state.withLock { state in
            if let waiter = state.waiters.removeValue(forKey: id) { return waiter as CheckedContinuation<Void, Never>? }
            state.expired.insert(id)
            return nil
        }
        waiter?.resume()
    }
}
