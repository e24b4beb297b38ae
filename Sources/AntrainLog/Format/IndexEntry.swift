/// One entry of a segment's index file: where a block starts and what it holds.
///
/// Index files are caches. Each 64-byte entry carries its own CRC-32C, so a damaged entry
/// is recognised and the index rebuilt from the segment instead of trusted.
public struct IndexEntry: Equatable, Sendable {
    /// Bytes of one encoded entry.
    public static let size = 64

    /// Offset of the block's first record.
    public var firstOffset: UInt64
    /// Byte position of the block in its segment file.
    public var position: UInt64
    /// Records in the block.
    public var recordCount: UInt32
    /// Bytes of the block on disk (header frame and data frame).
    public var blockLength: UInt32
    /// Smallest recorded-at in the block, microseconds since 1970.
    public var minTimestamp: Int64
    /// Largest recorded-at in the block.
    public var maxTimestamp: Int64
    /// Bloom filter of the block's stream ids.
    public var streamBloom: Bloom64
    /// Bloom filter of the block's event types.
    public var typeBloom: Bloom64
    /// Bytes of the block's records before compression.
    public var uncompressedSize: UInt32

    /// Offset after the block's last record.
    public var endOffset: UInt64 { firstOffset + UInt64(recordCount) }

    /// An entry from its fields.
    public init(firstOffset: UInt64, position: UInt64, recordCount: UInt32, blockLength: UInt32,
                minTimestamp: Int64, maxTimestamp: Int64, streamBloom: Bloom64, typeBloom: Bloom64,
                uncompressedSize: UInt32) {
        self.firstOffset = firstOffset
        self.position = position
        self.recordCount = recordCount
        self.blockLength = blockLength
        self.minTimestamp = minTimestamp
        self.maxTimestamp = maxTimestamp
        self.streamBloom = streamBloom
        self.typeBloom = typeBloom
        self.uncompressedSize = uncompressedSize
    }

    /// The entry describing `header`, stored at `position`.
    public init(header: BlockHeader, position: UInt64) {
        self.init(firstOffset: header.firstOffset, position: position, recordCount: header.recordCount,
                  blockLength: UInt32(header.blockLength), minTimestamp: header.minTimestamp,
                  maxTimestamp: header.maxTimestamp, streamBloom: header.streamBloom, typeBloom: header.typeBloom,
                  uncompressedSize: header.uncompressedSize)
    }

    /// The 64 bytes of this entry.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: Self.size)
        writer.write(firstOffset)
        writer.write(position)
        writer.write(recordCount)
        writer.write(blockLength)
        writer.write(minTimestamp)
        writer.write(maxTimestamp)
        writer.write(streamBloom.bits)
        writer.write(typeBloom.bits)
        writer.write(uncompressedSize)
        let checksum = writer.bytes.withUnsafeBytes { CRC32C.checksum($0) }
        writer.write(checksum)
        return writer.bytes
    }

    /// Parses one entry; nil when its checksum does not hold.
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> IndexEntry? {
        guard bytes.count >= size else { return nil }
        let stored = bytes.loadUnaligned(fromByteOffset: 60, as: UInt32.self).littleEndian
        guard stored == CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<60])) else { return nil }
        func load<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T {
            T(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: T.self))
        }
        // As in block headers, offsets stay below 2^63 so that no end offset can overflow;
        // an entry that breaks this is not used (the index is a cache, rebuilt from the segment).
        guard load(0, UInt64.self) <= UInt64(Int64.max) - UInt64(load(16, UInt32.self)) else { return nil }
        return IndexEntry(
            firstOffset: load(0, UInt64.self), position: load(8, UInt64.self),
            recordCount: load(16, UInt32.self), blockLength: load(20, UInt32.self),
            minTimestamp: load(24, Int64.self), maxTimestamp: load(32, Int64.self),
            streamBloom: Bloom64(bits: load(40, UInt64.self)), typeBloom: Bloom64(bits: load(48, UInt64.self)),
            uncompressedSize: load(56, UInt32.self))
    }
}
