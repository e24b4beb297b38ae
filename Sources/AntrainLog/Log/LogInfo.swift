import Foundation

/// A summary of a log: sizes, counts, time span and events per type.
public struct LogInfo: Sendable, Equatable, Codable {
    /// The log directory.
    public var path: String
    /// Records in the log (the next offset).
    public var events: UInt64
    /// Segment files.
    public var segments: Int
    /// Blocks.
    public var blocks: Int
    /// Bytes of segment and index files.
    public var bytesOnDisk: UInt64
    /// Bytes of all records before compression.
    public var uncompressedBytes: UInt64
    /// Uncompressed bytes per byte of segment files.
    public var compressionRatio: Double
    /// The earliest recorded-at; nil for an empty log.
    public var firstTimestamp: Date?
    /// The latest recorded-at; nil for an empty log.
    public var lastTimestamp: Date?
    /// Distinct streams.
    public var streams: Int
    /// Number of records of each event type.
    public var eventsPerType: [String: UInt64]
    /// Hash of the last block, hex.
    public var chainHead: String

    /// A summary from its parts, for a storage's own `info` (``LogReader/info()``); a
    /// storage without segment files counts its commits as blocks and 0 segments.
    public init(path: String, events: UInt64, segments: Int, blocks: Int, bytesOnDisk: UInt64, uncompressedBytes: UInt64,
                compressionRatio: Double, firstTimestamp: Date?, lastTimestamp: Date?, streams: Int,
                eventsPerType: [String: UInt64], chainHead: String) {
        self.path = path
        self.events = events
        self.segments = segments
        self.blocks = blocks
        self.bytesOnDisk = bytesOnDisk
        self.uncompressedBytes = uncompressedBytes
        self.compressionRatio = compressionRatio
        self.firstTimestamp = firstTimestamp
        self.lastTimestamp = lastTimestamp
        self.streams = streams
        self.eventsPerType = eventsPerType
        self.chainHead = chainHead
    }

    /// Reads every block (no hashing) and sums up.
    static func scan(_ directory: LogDirectory, cache: SealedIndexCache) throws(LogError) -> LogInfo {
        let cursor = try LogCursor(directory: directory, filter: ReadFilter(), cache: cache)
        var info = LogInfo(path: directory.path.string, events: 0, segments: 0, blocks: 0, bytesOnDisk: 0, uncompressedBytes: 0,
                           compressionRatio: 0, firstTimestamp: nil, lastTimestamp: nil, streams: 0, eventsPerType: [:],
                           chainHead: ChainHash.zero.hex)
        var minimum = Int64.max
        var maximum = Int64.min
        var streams = Set<String>()
        var head = ChainHash.zero
        while let block = try cursor.next() {
            info.blocks += 1
            info.uncompressedBytes += UInt64(block.header.uncompressedSize)
            minimum = min(minimum, block.header.minTimestamp)
            maximum = max(maximum, block.header.maxTimestamp)
            head = block.header.blockHash
            for record in block.records {
                info.eventsPerType[record.eventType, default: 0] += 1
                streams.insert(record.streamID)
            }
        }
        let bases = try directory.segmentBases()
        var segmentBytes: UInt64 = 0
        for base in bases {
            let size = (try? LogFile(path: directory.segmentPath(base), writable: false).size()) ?? 0
            segmentBytes += size
            info.bytesOnDisk += size + ((try? LogFile(path: directory.indexPath(base), writable: false).size()) ?? 0)
        }
        info.events = cursor.expectedOffset
        info.segments = bases.count
        info.streams = streams.count
        info.chainHead = head.hex
        info.compressionRatio = segmentBytes == 0 ? 0 : Double(info.uncompressedBytes) / Double(segmentBytes)
        if minimum <= maximum {
            info.firstTimestamp = Date(microsecondsSince1970: minimum)
            info.lastTimestamp = Date(microsecondsSince1970: maximum)
        }
        return info
    }
}
