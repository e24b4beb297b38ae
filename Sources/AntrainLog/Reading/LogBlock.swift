import Crypto

/// One decoded block: its header, where it lives, and its records in offset order.
public struct LogBlock: Sendable {
    /// The block header.
    public let header: BlockHeader
    /// First offset of the segment holding the block.
    public let segmentBase: UInt64
    /// Byte position of the block in its segment file.
    public let position: UInt64
    let storage: RecordStorage
    /// Where each record shown starts in `storage`: all of the block's, or those a filter kept.
    let starts: [Int]

    /// The block's records, in offset order (those that passed the read's filter).
    public var records: RecordBatch.Records { RecordBatch.Records(storage: storage, starts: starts) }

    /// The block's records as a storage-neutral batch, ending where the block ends.
    package var batch: RecordBatch { RecordBatch(storage: storage, starts: starts, end: LogPosition(after: header)) }

    /// Calls `body` with a view of each record shown, in order, holding the block's bytes
    /// once for all of them.
    package func forEachRecord<Failure: Error>(_ body: (RecordView) throws(Failure) -> Void) throws(Failure) {
        try batch.forEachRecord(body)
    }

    /// The same block showing only the records that pass `isIncluded`.
    package func keeping(_ isIncluded: (LogRecord) -> Bool) -> LogBlock {
        LogBlock(header: header, segmentBase: segmentBase, position: position, storage: storage,
                 starts: starts.filter { isIncluded(LogRecord(storage: storage, start: $0)) })
    }

    /// The most an LZ4 block can expand: each byte of a match's length run adds at most 255.
    static let maxExpansion: UInt64 = 255

    /// Decodes the LZ4 frame of a block and checks its records against the header.
    package static func decode(header: BlockHeader, frame: [UInt8], decoder: LZ4FrameDecoder,
                               segmentBase: UInt64, position: UInt64) throws(BlockFault) -> LogBlock {
        try frame.withBytes { (raw: UnsafeRawBufferPointer) throws(BlockFault) in
            try decode(header: header, frame: raw, decoder: decoder, segmentBase: segmentBase, position: position)
        }
    }

    /// Decodes the LZ4 frame `frame` points to (read in place, where a scan's read-ahead
    /// holds it) and checks its records against the header.
    static func decode(header: BlockHeader, frame: UnsafeRawBufferPointer, decoder: LZ4FrameDecoder,
                       segmentBase: UInt64, position: UInt64) throws(BlockFault) -> LogBlock {
        // Sizes and counts are checked against what the frame can hold before anything is
        // allocated: a header with a valid checksum can still claim 4 GiB (hostile bytes).
        guard UInt64(header.uncompressedSize) <= UInt64(frame.count) * maxExpansion + 1024 else {
            throw .invalid("the header claims \(header.uncompressedSize) uncompressed bytes, more than an LZ4 frame of \(frame.count) bytes can hold")
        }
        guard Int(header.recordCount) <= Int(header.uncompressedSize) / RecordLayout.fixedSize else {
            throw .invalid("the header claims \(header.recordCount) records, more than \(header.uncompressedSize) bytes can hold")
        }
        let storage = RecordStorage(count: Int(header.uncompressedSize))
        do {
            try decoder.decode(frame, into: storage.mutableBytes)
        } catch {
            throw .invalid("LZ4 frame: \(error)")
        }
        var starts: [Int] = []
        starts.reserveCapacity(Int(header.recordCount))
        var minimum = Int64.max
        var maximum = Int64.min
        let raw = storage.bytes
        var cursor = 0
        do {
            while cursor < raw.count {
                let length = try LogRecord.check(raw, at: cursor)
                let offset = storage.load(cursor + 4, as: UInt64.self)
                let expected = header.firstOffset + UInt64(starts.count)
                guard offset == expected else {
                    throw FormatError.invalid(field: "record offset", reason: "\(offset) where \(expected) belongs")
                }
                let recordedAt = storage.load(cursor + 12, as: Int64.self)
                minimum = min(minimum, recordedAt)
                maximum = max(maximum, recordedAt)
                starts.append(cursor)
                cursor += length
            }
        } catch {
            throw .invalid("records: \(error)")
        }
        guard starts.count == Int(header.recordCount) else {
            throw .invalid("the header counts \(header.recordCount) records, the block holds \(starts.count)")
        }
        let first = starts.first.map { storage.load($0 + 12, as: Int64.self) }
        let last = starts.last.map { storage.load($0 + 12, as: Int64.self) }
        guard first == header.firstTimestamp, last == header.lastTimestamp,
              minimum == header.minTimestamp, maximum == header.maxTimestamp
        else {
            throw .invalid("record timestamps do not match the header")
        }
        return LogBlock(header: header, segmentBase: segmentBase, position: position, storage: storage, starts: starts)
    }

    /// The block hash: SHA-256 of the header's first 112 bytes and the LZ4 frame.
    package static func hash(rawHeader: [UInt8], frame: [UInt8]) -> ChainHash {
        var hasher = SHA256()
        rawHeader[8..<(8 + BlockHeader.hashedPrefixSize)].withUnsafeBytes { hasher.update(bufferPointer: $0) }
        frame.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return ChainHash(bytes: Array(hasher.finalize()))
    }
}

/// Why a block could not be read.
package enum BlockFault: Error, Equatable {
    /// The file ends inside the block: a write in progress, or a torn write.
    case incomplete(String)
    /// The bytes are there but do not hold a valid block.
    case invalid(String)

    package var reason: String {
        switch self {
        case let .incomplete(reason), let .invalid(reason): return reason
        }
    }
}
