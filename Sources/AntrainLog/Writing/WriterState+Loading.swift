import Foundation

extension WriterState {
    /// Records a scan applies to the store per batch: what bounds its memory.
    static let scanBatchRecords = 65_536

    /// Opens the writer's state and brings it to the log's `end`.
    ///
    /// A state that is missing, unreadable, of another format, or whose position does not sit
    /// on this log (beyond its end, or the block ending there has another hash: the log was
    /// replaced or cut) is rebuilt by one scan of the whole log. A valid state behind the end
    /// (a crash after an append, before the save) reads only the records after its position.
    /// Either way the scan is written in one transaction, in batches, and only the ids of the
    /// window are kept: memory stays bounded whatever the log's size.
    static func load(directory: LogDirectory, cache: SealedIndexCache, end: StatePosition, window: UInt64,
                     discard: String? = nil) throws(LogError) -> WriterState {
        let (store, stored, problem) = try WriterStateStore.open(directory, discard: discard)
        do {
            var rebuildReason = problem
            if rebuildReason == nil { rebuildReason = try mismatch(stored, end: end, directory: directory, cache: cache) }
            // A state that was replaced (problem) is empty already; one off the log is emptied.
            let reset = problem == nil && rebuildReason != nil
            let start = rebuildReason == nil ? stored : .start
            let scanned = try catchUp(store, from: start, to: end, window: window, reset: reset, directory: directory, cache: cache)
            var statistics = WriterStateStatistics()
            statistics.recordsScanned = scanned
            statistics.rebuildReason = rebuildReason
            return WriterState(store: store, position: end, window: window, directory: directory, cache: cache, statistics: statistics)
        } catch {
            store.close()
            throw error
        }
    }

    /// Why `position` does not sit on the log ending at `end`, or nil when it does: the block
    /// ending exactly at its offset must have its hash (as for the read models' stored state).
    static func mismatch(_ position: StatePosition, end: StatePosition, directory: LogDirectory,
                         cache: SealedIndexCache) throws(LogError) -> String? {
        let offset = position.offset
        if offset > end.offset {
            return "the state reflects \(offset) events but the log holds \(end.offset): the log was replaced or cut"
        }
        if offset == end.offset {
            return position.chainHash == end.chainHash ? nil
                : "the log's last block is not the one the state was saved at (chain hash differs): the log was replaced"
        }
        if offset == 0 { return position.chainHash == .zero ? nil : "the state at offset 0 names a block hash" }
        let cursor = try LogCursor(directory: directory, filter: ReadFilter(startOffset: offset - 1, endOffset: offset), cache: cache)
        guard let block = try cursor.next() else { return "the log has no block ending at offset \(offset): the log was replaced" }
        guard block.header.endOffset == offset else {
            return "the state's offset \(offset) falls inside a block of this log (\(block.header.firstOffset)..<\(block.header.endOffset)): the log was replaced"
        }
        guard block.header.blockHash == position.chainHash else {
            return "the log's block ending at offset \(offset) is not the one the state was saved at (chain hash differs): the log was replaced"
        }
        return nil
    }

    /// Applies the records from `start` to `end` to the store in one transaction (emptied
    /// first when `reset`), a batch at a time; returns how many records it read.
    static func catchUp(_ store: WriterStateStore, from start: StatePosition, to end: StatePosition, window: UInt64,
                                reset: Bool, directory: LogDirectory, cache: SealedIndexCache) throws(LogError) -> Int {
        guard reset || start != end else { return 0 }
        let windowStart = end.offset > window ? end.offset - window : 0
        var scanned = 0
        do {
            try store.transaction { transaction in
                if reset { try transaction.reset() }
                var batch = StateChanges(windowStart: windowStart, position: start)
                var versions: [String: UInt64] = [:]
                var pending = 0
                func flush() throws {
                    batch.streams = versions.map { ($0.key, $0.value) }
                    try transaction.write(batch)
                    batch.ids.removeAll(keepingCapacity: true)
                    versions.removeAll(keepingCapacity: true)
                    pending = 0
                }
                let cursor = try LogCursor(directory: directory, filter: ReadFilter(startOffset: start.offset, endOffset: end.offset), cache: cache)
                while let block = try cursor.next() {
                    block.forEachRecord { record in
                        versions[record.streamID] = record.streamVersion
                        // Only the window's ids are kept: older ones are never checked.
                        if record.offset >= windowStart { batch.ids.append((record.eventID, record.offset)) }
                    }
                    scanned += block.records.count
                    pending += block.records.count
                    batch.position = StatePosition(offset: block.header.endOffset, chainHash: block.header.blockHash)
                    if pending >= scanBatchRecords { try flush() }
                }
                guard cursor.expectedOffset >= end.offset else {
                    throw LogError.damaged(Damage(segment: cursor.segmentName, position: cursor.position, firstOffset: cursor.expectedOffset,
                                                  endOffset: end.offset, reason: "records before the log's end cannot be read"))
                }
                try flush()
            }
        } catch let error as LogError {
            throw error
        } catch {
            throw .io(operation: "writing the writer's state (\(error))", path: store.path ?? "(memory)", errno: .ioError)
        }
        return scanned
    }
}
