import Foundation

extension DirectoryWriter {
    /// Loads the writer's state, catching it up with the log (see ``WriterState/load``);
    /// damage found on the way is recorded.
    func loadState() throws(LogError) -> WriterState {
        do {
            let end = StatePosition(offset: nextOffset, chainHash: chainHead)
            let window = UInt64(max(0, options.idempotencyWindow))
            let loaded = try WriterState.load(directory: directory, cache: cache, end: end, window: window, discard: stateDiscardReason)
            stateDiscardReason = nil
            stateSavedAt = .now
            return loaded
        } catch {
            if case let .damaged(found) = error {
                damage = found
                latch.record(found)
            }
            throw error
        }
    }

    /// Saves the state when a second has passed since the last save, or ten times as long
    /// as that save took: in a bulk import a save writes up to W ids, and must not take more
    /// than a tenth of the writer's time. A failed save fails no append (the state is a
    /// cache: the next open catches up from the saved position); the state keeps its
    /// changes, and the next save writes them.
    func saveStateIfDue() {
        let now = ContinuousClock.now
        guard now - stateSavedAt >= max(.seconds(1), stateSaveDuration * 10) else { return }
        state?.save()
        stateSavedAt = .now
        stateSaveDuration = stateSavedAt - now
    }

    /// Saves (unless told not to) and closes the state; the next append loads it again.
    func closeState(saving: Bool) {
        guard var closing = state.take() else { return }
        if saving { closing.save() }
        closing.close()
    }

    /// After a query of the state failed: drops the state, and its file at the next load,
    /// which rebuilds it from the log.
    func dropStateIfFailed() {
        guard let failed = state, failed.failed else { return }
        stateDiscardReason = "a query of the state failed in the process before"
        closeState(saving: false)
    }

    /// The version of `stream`'s last event, nil when it has none.
    func streamVersion(of stream: String) throws(LogError) -> UInt64? {
        if closed { throw .readOnly(path: directory.path.string) }
        if state == nil { state = try loadState() }
        defer { dropStateIfFailed() }
        return try state!.version(of: stream)
    }

    /// What the state did in this process; nil before it is loaded.
    func stateStatistics() -> WriterStateStatistics? { state?.currentStatistics }
}

extension DirectoryWriter {
    /// Which of `ids` the writer's state holds, and the first offset of its window: every id
    /// stored at or after that offset is answered, from memory or the state's file; ids
    /// stored before it are not held, and are left to the caller to look for.
    func storedIDs(among ids: Set<UUID>) throws(LogError) -> (stored: Set<UUID>, windowStart: UInt64) {
        if closed { throw .readOnly(path: directory.path.string) }
        if state == nil { state = try loadState() }
        defer { dropStateIfFailed() }
        // Thousands of ids (an import) load the persisted window once rather than one query each.
        state!.prepare(forIDs: ids.count)
        var stored = Set<UUID>()
        for id in ids {
            if try state!.storedOffset(of: id) != nil { stored.insert(id) }
        }
        return (stored, state!.windowStart)
    }
}
