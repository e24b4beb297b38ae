import Foundation

extension DirectoryWriter {
    /// Refuses appends on a damaged, failed or closed log. Damage found by another process
    /// (its `verify` writes `damage.json`) counts too.
    func checkWritable() throws(LogError) {
        if let failure { throw .writerFailed(reason: failure) }
        if closed { throw .readOnly(path: directory.path.string) }
        if damage == nil { damage = latch.current }
        // Damage found in this process is recorded at once; a marker written by another
        // process's verify is looked for at most once a second, to keep syscalls off the
        // path of every commit.
        if damage == nil, ContinuousClock.now - damageCheckedAt > .seconds(1) {
            damageCheckedAt = .now
            damage = DamageMarker.read(directory)
        }
        if let damage { throw .damaged(damage) }
    }

    /// The committed record at `offset`.
    func record(at offset: UInt64) throws -> LogRecord? {
        let cursor = try LogCursor(directory: directory, filter: ReadFilter(startOffset: offset, endOffset: offset + 1), cache: cache)
        return try cursor.next()?.records.first { $0.offset == offset }
    }

    /// Adds the new block to the active index, written every 32 blocks (and when sealing or
    /// closing). The index is a cache: after a crash, opening reads the few blocks it lacks.
    func appendIndexEntry(_ entry: IndexEntry) {
        unwrittenIndexEntries.append(entry)
        if unwrittenIndexEntries.count >= 32 { writeIndexEntries() }
    }

    /// Writes the buffered index entries. When a write fails, the index is left as it is and
    /// rebuilt the next time the log is opened.
    func writeIndexEntries() {
        defer { unwrittenIndexEntries.removeAll(keepingCapacity: true) }
        guard !indexBroken, !unwrittenIndexEntries.isEmpty else { return }
        do {
            try SegmentIndexFile.append(unwrittenIndexEntries, to: index, existing: indexEntries)
            indexEntries += unwrittenIndexEntries.count
        } catch {
            indexBroken = true
        }
    }

    /// Seals the active segment (fsync) and starts a new one named by the next offset.
    func roll() throws(LogError) {
        writeIndexEntries()
        try segment.syncData()
        if indexBroken, let reader = try? SegmentReader(directory: directory, base: segmentBase),
           let entries = try? HeaderScan.entries(of: reader, from: []) {
            try? SegmentIndexFile.write(entries, directory, base: segmentBase)  // a cache: best effort
        }
        try TailRecovery.createSegment(directory, base: nextOffset)
        segment = try LogFile(path: directory.segmentPath(nextOffset), writable: true)
        index = try LogFile(path: directory.indexPath(nextOffset), writable: true)
        segmentBase = nextOffset
        segmentSize = 0
        indexEntries = 0
        indexBroken = false
    }

    /// fsyncs `file` on a thread of its own, so the actor stays free for appends meanwhile
    /// (used by the periodic fsync of ``Durability/interval(milliseconds:)``).
    /// A failed fsync stops the writer: after it, what the page cache holds cannot be trusted.
    func syncOffActor(_ file: LogFile) async throws(LogError) {
        let result: Result<Void, LogError> = await withCheckedContinuation { continuation in
            syncQueue.async {
                continuation.resume(returning: Result { () throws(LogError) in try file.syncData() })
            }
        }
        if case let .failure(error) = result {
            failure = error.description
            throw .writerFailed(reason: error.description)
        }
    }

    /// fsyncs the active segment on the actor's own thread. Appends that arrive meanwhile
    /// queue as actor jobs and join the next group, so group commit needs no thread hop.
    /// A failed fsync stops the writer, as in ``syncOffActor(_:)``.
    func syncNow() throws(LogError) {
        do {
            try segment.syncData()
        } catch {
            failure = error.description
            throw .writerFailed(reason: error.description)
        }
    }

    /// The periodic fsync of ``Durability/interval(milliseconds:)``.
    func syncIfNeeded() async {
        guard unsynced, failure == nil else { return }
        unsynced = false
        try? await syncOffActor(segment)
    }

    /// Waits until every queued append has been committed or refused.
    func drain() async {
        guard flushing else { return }
        await withCheckedContinuation { drainWaiters.append($0) }
    }

    /// Commits what is queued, fsyncs, and releases the lock. Later appends are refused.
    func close() async throws(LogError) {
        guard !closed else { return }
        await drain()
        closed = true
        syncTask?.cancel()
        writeIndexEntries()
        defer {
            // Before the lock goes: the state file is the lock holder's.
            closeState(saving: failure == nil)
            segment.close()
            index.close()
            lock = nil
        }
        if failure == nil { try segment.syncData() }
    }
}
