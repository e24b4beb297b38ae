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
        // The hash table the scan probes, made once from `ids` (it also drops repeats): a
        // re-import asks about 100,000s of ids, and each Set of them hashes every one again.
        var wanted = EventIDTable(capacity: 1024)
        for id in ids { wanted[id] = 0 }
        guard wanted.count > 0 else { return [] }
        // Asked about many ids for its length (a whole export imported again), the log is read
        // through once instead: the writer's window comes from its state file, and loading a
        // window of 100,000 ids cost more than reading as many records (a re-import of a 100k
        // log took a third longer).
        guard let writer, UInt64(wanted.count) * 8 < records else { return try await scan(for: wanted, before: nil) }
        let answer = try await writer.storedIDs(among: Set(wanted.ids))
        guard answer.stored.count < wanted.count, answer.windowStart != 0 else { return answer.stored }
        var rest = EventIDTable(capacity: wanted.count - answer.stored.count)
        for id in wanted.ids where !answer.stored.contains(id) { rest[id] = 0 }
        return answer.stored.union(try await scan(for: rest, before: answer.windowStart))
    }

    /// The ids of `wanted` among the records before `end` (to the log's end when nil), read
    /// a block at a time; stops once every one is found.
    private func scan(for wanted: EventIDTable, before end: UInt64?) async throws -> Set<UUID> {
        // `wanted` is the writer's hash table: each of millions of records costs one cheap probe.
        var found: Set<UUID> = []
        found.reserveCapacity(wanted.count)
        for try await block in blocks(ReadFilter(endOffset: end)) {
            block.forEachRecord { record in
                let id = record.eventID
                if wanted[id] != nil { found.insert(id) }
            }
            if found.count == wanted.count { break }
        }
        return found
    }
}
