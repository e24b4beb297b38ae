import Crypto

/// One decoded block: its header, where it lives, and its records in offset order.
public struct LogBlock: Sendable {
    /// The block header.
    public let header: BlockHeader
    /// First offset of the segment holding the block.
    public let segmentBase: UInt64
    /// Byte position of the block in its segment file.
    public let position: UInt64
    /// The block's records, in offset order.
    public let records: [LogRecord]

    /// Decodes the LZ4 frame of a block and parses its records, checking them against the header.
    static func decode(header: BlockHeader, frame: [UInt8], decoder: LZ4FrameDecoder,
                       segmentBase: UInt64, position: UInt64) throws(BlockFault) -> LogBlock {
        let content: [UInt8]
        do {
            content = try frame.withBytes { (raw: UnsafeRawBufferPointer) throws(LZ4Error) in
                try decoder.decode(raw, contentSize: Int(header.uncompressedSize))
            }
        } catch {
            throw .invalid("LZ4 frame: \(error)")
        }
        let storage = RecordStorage(content)
        var records: [LogRecord] = []
        records.reserveCapacity(Int(header.recordCount))
        var minimum = Int64.max
        var maximum = Int64.min
        do {
            try content.withBytes { (raw: UnsafeRawBufferPointer) throws(FormatError) in
                var position = 0
                while position < raw.count {
                    let record = try LogRecord.parse(storage, raw, at: position)
                    let expected = header.firstOffset + UInt64(records.count)
                    guard record.offset == expected else {
                        throw .invalid(field: "record offset", reason: "\(record.offset) where \(expected) belongs")
                    }
                    minimum = min(minimum, record.recordedAtMicroseconds)
                    maximum = max(maximum, record.recordedAtMicroseconds)
                    records.append(record)
                    position += record.storedLength
                }
            }
        } catch {
            throw .invalid("records: \(error)")
        }
        guard records.count == Int(header.recordCount) else {
            throw .invalid("the header counts \(header.recordCount) records, the block holds \(records.count)")
        }
        guard records.first?.recordedAtMicroseconds == header.firstTimestamp,
              records.last?.recordedAtMicroseconds == header.lastTimestamp,
              minimum == header.minTimestamp, maximum == header.maxTimestamp
        else {
            throw .invalid("record timestamps do not match the header")
        }
        return LogBlock(header: header, segmentBase: segmentBase, position: position, records: records)
    }

    /// The block hash: SHA-256 of the header's first 112 bytes and the LZ4 frame.
    static func hash(rawHeader: [UInt8], frame: [UInt8]) -> ChainHash {
        var hasher = SHA256()
        rawHeader[8..<(8 + BlockHeader.hashedPrefixSize)].withUnsafeBytes { hasher.update(bufferPointer: $0) }
        frame.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return ChainHash(bytes: Array(hasher.finalize()))
    }
}

/// Why a block could not be read.
enum BlockFault: Error, Equatable {
    /// The file ends inside the block: a write in progress, or a torn write.
    case incomplete(String)
    /// The bytes are there but do not hold a valid block.
    case invalid(String)

    var reason: String {
        switch self {
        case let .incomplete(reason), let .invalid(reason): return reason
        }
    }
}
