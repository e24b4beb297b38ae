import Foundation

/// What the writer must know of the whole log to check appends: each stream's version and
/// where each event id is stored.
///
/// Built by one scan of the log on the first append after opening, so that opening stays
/// cheap for readers and queries (see docs/FORMAT.md, "Opening").
struct WriterState {
    var streamVersions: [String: UInt64] = [:]
    var eventOffsets = EventIDTable()

    /// Scans every record up to `endOffset`.
    static func scan(directory: LogDirectory, cache: SealedIndexCache, endOffset: UInt64) throws(LogError) -> WriterState {
        var state = WriterState()
        // Sized for the log, up to a million ids: it grows past that, and a hostile header's
        // offset must not size an allocation.
        state.eventOffsets = EventIDTable(capacity: Int(min(endOffset, 1 << 20)) + 1024)
        let cursor = try LogCursor(directory: directory, filter: ReadFilter(endOffset: endOffset), cache: cache)
        while let block = try cursor.next() {
            for record in block.records {
                state.streamVersions[record.streamID] = record.streamVersion
                state.eventOffsets[record.eventID] = record.offset
            }
        }
        guard cursor.expectedOffset >= endOffset else {
            throw .damaged(Damage(segment: cursor.segmentName, position: cursor.position, firstOffset: cursor.expectedOffset,
                                  endOffset: endOffset, reason: "records before the log's end cannot be read"))
        }
        return state
    }
}
