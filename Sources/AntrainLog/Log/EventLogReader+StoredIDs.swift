import Foundation

extension EventLogReader {
    /// Which of `ids` the log holds, however long ago they were stored: for importers and
    /// other callers that must never append an event twice, beyond the window that an
    /// append itself checks (``LogOptions/idempotencyWindow``).
    ///
    /// ```swift
    /// let stored = try await log.storedEventIDs(among: events.lazy.map(\.id))
    /// let new = events.filter { !stored.contains($0.id) }
    /// ```
    ///
    /// The writer answers for the log's last W events from its state, as it does for
    /// appends; only the ids it does not find there are looked for in the records before its
    /// window, in one scan that stops once every one is found. Asked about one id for every
    /// eight records or more, it scans the whole log instead, which then costs less. A log
    /// opened read-only has no writer's state, so it scans the whole log for them. An empty log answers at once,
    /// without reading `ids` (an import into a new log pays nothing). Appends after the
    /// answer are not in it.
    ///
    /// - Throws: ``LogError/damaged(_:)`` when the scan runs into damage, and what reading
    ///   the writer's state throws.
    public func storedEventIDs(among ids: some Sequence<UUID>) async throws -> Set<UUID> {
        let records = try await end().nextOffset
        guard records > 0 else { return [] }
        let ids = Set(ids)
        guard !ids.isEmpty else { return [] }
        var stored: Set<UUID> = []
        var scanEnd: UInt64?
        // Asked about many ids for its length (a whole export imported again), the log is read
        // through once instead: the writer's window comes from its state file, and loading a
        // window of 100,000 ids cost more than reading as many records (a re-import of a 100k
        // log took a third longer).
        if let writer, UInt64(ids.count) * 8 < records {
            let answer = try await writer.storedIDs(among: ids)
            stored = answer.stored
            scanEnd = answer.windowStart
        }
        guard stored.count < ids.count, scanEnd != 0 else { return stored }
        let rest = stored.isEmpty ? ids : ids.subtracting(stored)
        return stored.union(try await scan(for: rest, before: scanEnd))
    }

    /// The ids of `wanted` among the records before `end` (to the log's end when nil), read
    /// a block at a time; stops once every one is found.
    private func scan(for wanted: Set<UUID>, before end: UInt64?) async throws -> Set<UUID> {
        // The writer's hash table: each of millions of records costs one cheap probe.
        var table = EventIDTable(capacity: wanted.count)
        for id in wanted { table[id] = 0 }
        var found: Set<UUID> = []
        for try await block in blocks(ReadFilter(endOffset: end)) {
            block.forEachRecord { record in
                let id = record.eventID
                if table[id] != nil { found.insert(id) }
            }
            if found.count == wanted.count { break }
        }
        return found
    }
}
