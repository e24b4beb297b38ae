import Foundation

/// Which records a read returns: an offset range, and optionally one stream, some event types
/// and a time range. Blocks that cannot match are skipped by their index entry or header
/// (Bloom filters and timestamp bounds) without being decompressed.
public struct ReadFilter: Sendable, Equatable {
    /// First offset to return.
    public var startOffset: UInt64
    /// Offset to stop before; nil reads to the end.
    public var endOffset: UInt64?
    /// Only records of this stream.
    public var streamID: String? { didSet { prepare() } }
    /// Only records of these event types.
    public var eventTypes: Set<String>? { didSet { prepare() } }
    /// Only records whose recorded-at falls in this range, in microseconds since 1970.
    public var timeRange: Range<Int64>?

    private var streamUTF8: [UInt8]?
    private var streamMask: UInt64 = 0
    private var typeUTF8: [[UInt8]] = []
    private var typeMasks: [UInt64] = []

    /// A filter; the default reads everything from offset 0.
    public init(startOffset: UInt64 = 0, endOffset: UInt64? = nil, streamID: String? = nil,
                eventTypes: Set<String>? = nil, timeRange: Range<Date>? = nil) {
        self.startOffset = startOffset
        self.endOffset = endOffset
        self.streamID = streamID
        self.eventTypes = eventTypes
        self.timeRange = timeRange.map { $0.lowerBound.microsecondsSince1970..<$0.upperBound.microsecondsSince1970 }
        prepare()
    }

    private mutating func prepare() {
        streamUTF8 = streamID.map { Array($0.utf8) }
        streamMask = streamID.map { Bloom64.mask(for: $0) } ?? 0
        let types = eventTypes.map { $0.sorted() } ?? []
        typeUTF8 = types.map { Array($0.utf8) }
        typeMasks = types.map { Bloom64.mask(for: $0) }
    }

    /// False when no record of a block with these bounds and filters can match.
    func mayMatch(endOffset blockEnd: UInt64, firstOffset: UInt64, minTimestamp: Int64, maxTimestamp: Int64,
                  streamBloom: Bloom64, typeBloom: Bloom64) -> Bool {
        if blockEnd <= startOffset { return false }
        if let endOffset, firstOffset >= endOffset { return false }
        if streamUTF8 != nil, !streamBloom.mayContain(mask: streamMask) { return false }
        if eventTypes != nil, !typeMasks.contains(where: { typeBloom.mayContain(mask: $0) }) { return false }
        if let timeRange, maxTimestamp < timeRange.lowerBound || minTimestamp >= timeRange.upperBound { return false }
        return true
    }

    func mayMatch(_ entry: IndexEntry) -> Bool {
        mayMatch(endOffset: entry.endOffset, firstOffset: entry.firstOffset, minTimestamp: entry.minTimestamp,
                 maxTimestamp: entry.maxTimestamp, streamBloom: entry.streamBloom, typeBloom: entry.typeBloom)
    }

    package func mayMatch(_ header: BlockHeader) -> Bool {
        mayMatch(endOffset: header.endOffset, firstOffset: header.firstOffset, minTimestamp: header.minTimestamp,
                 maxTimestamp: header.maxTimestamp, streamBloom: header.streamBloom, typeBloom: header.typeBloom)
    }

    /// Whether `record` passes every condition.
    public func matches(_ record: LogRecord) -> Bool {
        if record.offset < startOffset { return false }
        if let endOffset, record.offset >= endOffset { return false }
        if let streamUTF8, !record.hasStreamID(utf8: streamUTF8) { return false }
        if eventTypes != nil, !typeUTF8.contains(where: { record.hasEventType(utf8: $0) }) { return false }
        if let timeRange, !timeRange.contains(record.recordedAtMicroseconds) { return false }
        return true
    }

    /// Whether the filter passes every record of the offset range (no per-record test needed).
    var isOffsetRangeOnly: Bool { streamID == nil && eventTypes == nil && timeRange == nil }

    /// Equal when every condition is the same.
    public static func == (lhs: ReadFilter, rhs: ReadFilter) -> Bool {
        lhs.startOffset == rhs.startOffset && lhs.endOffset == rhs.endOffset && lhs.streamID == rhs.streamID
            && lhs.eventTypes == rhs.eventTypes && lhs.timeRange == rhs.timeRange
    }
}
