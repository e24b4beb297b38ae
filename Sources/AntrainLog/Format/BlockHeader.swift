/// The header of one block, carried in a LZ4 skippable frame before the block's data frame.
///
/// A block on disk is `skippable frame (8 + 152 bytes) ‖ LZ4 frame (compressedSize bytes)`.
/// The stock `lz4` tool skips the first and decodes the second, so `lz4 -dc SEGMENT`
/// prints exactly the records. The byte layout is in docs/FORMAT.md.
public struct BlockHeader: Equatable, Sendable {
    /// The skippable-frame magic Antrain uses (0x184D2A50 + 0xA).
    public static let skippableMagic: UInt32 = 0x184D_2A5A
    /// "ANTB": identifies an Antrain block header inside the skippable frame.
    public static let signature: UInt32 = 0x4254_4E41
    /// The current block format version.
    public static let currentFormatVersion: UInt16 = 1
    /// Bytes of the header inside the skippable frame.
    public static let payloadSize = 152
    /// Bytes of the whole skippable frame: magic, size, header.
    public static let frameSize = 8 + payloadSize
    /// The header bytes that the block hash covers (everything before the hash itself).
    static let hashedPrefixSize = 112
    package static let checksumPosition = 148

    /// Format version of this block.
    public var formatVersion: UInt16 = currentFormatVersion
    /// Offset of the first record.
    public var firstOffset: UInt64
    /// Number of records in the block (at least 1).
    public var recordCount: UInt32
    /// Bytes of the records before compression.
    public var uncompressedSize: UInt32
    /// Bytes of the LZ4 frame that follows this header.
    public var compressedSize: UInt32
    /// Recorded-at of the first record, microseconds since 1970.
    public var firstTimestamp: Int64
    /// Recorded-at of the last record.
    public var lastTimestamp: Int64
    /// Smallest recorded-at in the block (imported history need not be in order).
    public var minTimestamp: Int64
    /// Largest recorded-at in the block.
    public var maxTimestamp: Int64
    /// Bloom filter of the block's stream ids.
    public var streamBloom: Bloom64
    /// Bloom filter of the block's event types.
    public var typeBloom: Bloom64
    /// Hash of the previous block in the log (32 zero bytes for the first block).
    public var previousHash: ChainHash
    /// SHA-256 of header bytes 0..<112 followed by the LZ4 frame.
    public var blockHash: ChainHash

    /// Offset after the last record.
    public var endOffset: UInt64 { firstOffset + UInt64(recordCount) }
    /// Bytes of the whole block on disk.
    public var blockLength: Int { Self.frameSize + Int(compressedSize) }

    /// Creates a header; `blockHash` is filled in by `BlockEncoder`.
    public init(firstOffset: UInt64, recordCount: UInt32, uncompressedSize: UInt32, compressedSize: UInt32,
                firstTimestamp: Int64, lastTimestamp: Int64, minTimestamp: Int64, maxTimestamp: Int64,
                streamBloom: Bloom64, typeBloom: Bloom64, previousHash: ChainHash, blockHash: ChainHash = .zero) {
        self.firstOffset = firstOffset
        self.recordCount = recordCount
        self.uncompressedSize = uncompressedSize
        self.compressedSize = compressedSize
        self.firstTimestamp = firstTimestamp
        self.lastTimestamp = lastTimestamp
        self.minTimestamp = minTimestamp
        self.maxTimestamp = maxTimestamp
        self.streamBloom = streamBloom
        self.typeBloom = typeBloom
        self.previousHash = previousHash
        self.blockHash = blockHash
    }

    /// The 160 bytes of the skippable frame, with the header checksum computed.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.frameSize)
        writer.write(Self.skippableMagic)
        writer.write(UInt32(Self.payloadSize))
        writer.write(Self.signature)
        writer.write(formatVersion)
        writer.write(UInt16(0))  // flags, reserved
        writer.write(firstOffset)
        writer.write(recordCount)
        writer.write(uncompressedSize)
        writer.write(compressedSize)
        writer.write(UInt32(0))  // reserved
        writer.write(firstTimestamp)
        writer.write(lastTimestamp)
        writer.write(minTimestamp)
        writer.write(maxTimestamp)
        writer.write(streamBloom.bits)
        writer.write(typeBloom.bits)
        writer.write(bytes: previousHash.bytes)
        writer.write(bytes: blockHash.bytes)
        writer.write(UInt32(0))  // reserved
        let checksum = writer.bytes[8..<(8 + Self.checksumPosition)].withUnsafeBytes { CRC32C.checksum($0) }
        writer.write(checksum)
        return writer.bytes
    }

    /// Parses the 160 bytes of a skippable frame, checking magic, signature, version and checksum.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(FormatError) -> BlockHeader {
        var reader = ByteReader(bytes)
        let magic: UInt32 = try reader.read(field: "skippable frame magic")
        guard magic == skippableMagic else {
            throw .invalid(field: "skippable frame magic", reason: "0x\(String(magic, radix: 16)) is not 0x184d2a5a")
        }
        let size: UInt32 = try reader.read(field: "skippable frame size")
        guard size == UInt32(payloadSize) else {
            throw .invalid(field: "skippable frame size", reason: "\(size) is not \(payloadSize)")
        }
        let payload = try reader.readBytes(payloadSize, field: "block header")
        let stored = payload.loadUnaligned(fromByteOffset: checksumPosition, as: UInt32.self).littleEndian
        let computed = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: payload[0..<checksumPosition]))
        guard stored == computed else {
            throw .invalid(field: "block header checksum",
                           reason: "stored 0x\(String(stored, radix: 16)), computed 0x\(String(computed, radix: 16))")
        }
        var fields = ByteReader(payload)
        guard try fields.read(UInt32.self, field: "signature") == signature else {
            throw .invalid(field: "block header signature", reason: "not an Antrain block")
        }
        let version: UInt16 = try fields.read(field: "format version")
        guard version == currentFormatVersion else {
            throw .invalid(field: "format version", reason: "\(version) is not supported (this build reads version 1)")
        }
        try fields.skip(2, field: "flags")
        let firstOffset: UInt64 = try fields.read(field: "first offset")
        let recordCount: UInt32 = try fields.read(field: "record count")
        let uncompressedSize: UInt32 = try fields.read(field: "uncompressed size")
        let compressedSize: UInt32 = try fields.read(field: "compressed size")
        try fields.skip(4, field: "reserved")
        var header = BlockHeader(
            firstOffset: firstOffset, recordCount: recordCount,
            uncompressedSize: uncompressedSize, compressedSize: compressedSize,
            firstTimestamp: try fields.read(field: "first timestamp"),
            lastTimestamp: try fields.read(field: "last timestamp"),
            minTimestamp: try fields.read(field: "min timestamp"),
            maxTimestamp: try fields.read(field: "max timestamp"),
            streamBloom: Bloom64(bits: try fields.read(field: "stream bloom")),
            typeBloom: Bloom64(bits: try fields.read(field: "type bloom")),
            previousHash: ChainHash(try fields.readBytes(32, field: "previous hash")))
        header.blockHash = ChainHash(try fields.readBytes(32, field: "block hash"))
        header.formatVersion = version
        guard header.recordCount > 0 else { throw .invalid(field: "record count", reason: "a block holds at least one record") }
        // Offsets stay below 2^63, so that no sum of an offset and a count can overflow.
        guard firstOffset <= UInt64(Int64.max) - UInt64(recordCount) else {
            throw .invalid(field: "first offset", reason: "\(firstOffset) leaves no room for \(recordCount) records below 2^63")
        }
        return header
    }
}
