/// A 64-bit Bloom filter of the stream ids (or event types) in one block.
///
/// Stored in each block header and index entry so that reads by stream or by type skip
/// blocks that cannot contain a match without decompressing them. Two bits per key,
/// derived from one FNV-1a hash of the UTF-8 bytes.
public struct Bloom64: Equatable, Sendable {
    /// The filter's bits.
    public var bits: UInt64

    /// An empty filter.
    public init(bits: UInt64 = 0) { self.bits = bits }

    /// The two bits that stand for `key`.
    public static func mask(for key: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return (1 << (hash & 63)) | (1 << ((hash >> 6) & 63))
    }

    /// The two bits that stand for `key`.
    public static func mask(for key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { mask(for: UnsafeRawBufferPointer($0)) }
    }

    /// Adds a key's bits.
    public mutating func insert(mask: UInt64) { bits |= mask }

    /// False when the key is certainly absent; true when it may be present.
    public func mayContain(mask: UInt64) -> Bool { bits & mask == mask }
}
