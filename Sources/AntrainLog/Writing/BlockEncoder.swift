/// Lays out accepted records and turns them into one block: header frame plus LZ4 frame.
struct BlockEncoder {
    var lz4: LZ4FrameEncoder
    private(set) var content = ByteWriter(capacity: 1 << 16)
    private(set) var recordCount: UInt32 = 0
    private var firstOffset: UInt64 = 0
    private var firstTimestamp: Int64 = 0
    private var lastTimestamp: Int64 = 0
    private var minTimestamp = Int64.max
    private var maxTimestamp = Int64.min
    private var streamBloom = Bloom64()
    private var typeBloom = Bloom64()

    init(lz4: LZ4FrameEncoder) { self.lz4 = lz4 }

    var isEmpty: Bool { recordCount == 0 }
    var contentSize: Int { content.count }

    /// Adds one record.
    mutating func add(offset: UInt64, recordedAt: Int64, streamVersion: UInt64, streamID: [UInt8], streamMask: UInt64,
                      event: ProposedEvent, eventType: [UInt8], typeMask: UInt64) {
        if recordCount == 0 {
            firstOffset = offset
            firstTimestamp = recordedAt
        }
        lastTimestamp = recordedAt
        minTimestamp = min(minTimestamp, recordedAt)
        maxTimestamp = max(maxTimestamp, recordedAt)
        streamBloom.insert(mask: streamMask)
        typeBloom.insert(mask: typeMask)
        RecordLayout.write(offset: offset, recordedAt: recordedAt, streamVersion: streamVersion, streamID: streamID,
                           event: event, eventType: eventType, to: &content)
        recordCount += 1
    }

    /// The encoded block chained to `previousHash`, and its header.
    func finish(previousHash: ChainHash) throws(LZ4Error) -> (bytes: [UInt8], header: BlockHeader) {
        let frame = try content.bytes.withBytes { (raw: UnsafeRawBufferPointer) throws(LZ4Error) in try lz4.encode(raw) }
        var header = BlockHeader(
            firstOffset: firstOffset, recordCount: recordCount, uncompressedSize: UInt32(content.count),
            compressedSize: UInt32(frame.count), firstTimestamp: firstTimestamp, lastTimestamp: lastTimestamp,
            minTimestamp: minTimestamp, maxTimestamp: maxTimestamp, streamBloom: streamBloom, typeBloom: typeBloom,
            previousHash: previousHash)
        header.blockHash = LogBlock.hash(rawHeader: header.encoded(), frame: frame)
        var bytes = header.encoded()
        bytes.reserveCapacity(bytes.count + frame.count)
        bytes.append(contentsOf: frame)
        return (bytes, header)
    }
}
