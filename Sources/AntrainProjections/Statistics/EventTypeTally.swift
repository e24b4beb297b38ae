import AntrainEvents

/// Counts records per event type and per stream: the simplest projection, an actor that
/// owns its read model and is fed whole blocks (one actor hop per block, not per record).
///
/// ```swift
/// let tally = EventTypeTally()
/// for try await block in log.blocks() { await tally.apply(block) }
/// print(await tally.countsByType)
/// ```
public actor EventTypeTally {
    /// Records seen per event type.
    public private(set) var countsByType: [String: UInt64] = [:]
    /// Records seen per stream.
    public private(set) var countsByStream: [String: UInt64] = [:]
    /// The offset after the last record applied.
    public private(set) var position: UInt64 = 0

    /// An empty tally.
    public init() {}

    /// Applies the records of one block that come after ``position``.
    public func apply(_ block: LogBlock) {
        for record in block.records where record.offset >= position {
            countsByType[record.eventType, default: 0] += 1
            countsByStream[record.streamID, default: 0] += 1
            position = record.offset + 1
        }
    }
}
