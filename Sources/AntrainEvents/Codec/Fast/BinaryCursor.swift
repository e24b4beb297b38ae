import Foundation

/// A cursor over an event's binary form for hand-written decoders of the hot event types,
/// and over the values read models keep (AntrainProjections' `StateValueWriter` writes what
/// it reads back).
///
/// It reads exactly what ``BinaryEventDecoder`` reads (docs/EVENTS.md, "The binary form") and
/// refuses exactly what it refuses, but says only *that* the bytes are bad: the catalog then
/// runs the Codable decoder on the same bytes for the full ``CodecError``. Damage is rare, so
/// the fast path carries no messages, offsets or field names, and a `Failure` is an empty
/// value that costs nothing to throw.
public struct BinaryCursor {
    /// The bytes are not a valid value; decode them again with the Codable path to learn why.
    public struct Failure: Error {
        /// The failure: it carries nothing.
        public init() {}
    }

    private let base: UnsafeRawPointer?
    private let count: Int
    private var position = 0

    /// A cursor at the start of `bytes`.
    public init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes.baseAddress
        count = bytes.count
    }

    /// Fails unless every byte was read: trailing bytes are damage.
    public func finish() throws(Failure) {
        guard position == count else { throw Failure() }
    }

    /// Whether every byte was read: for a value whose last part is optional.
    public var isAtEnd: Bool { position == count }

    // MARK: - Primitives, as BinaryEventDecoder reads them

    @inline(__always)
    private func byte(at index: Int) -> UInt8 {
        // Callers check `index < count` first; a nil base only comes with count 0.
        base.unsafelyUnwrapped.load(fromByteOffset: index, as: UInt8.self)
    }

    /// One byte as it is.
    @inline(__always)
    public mutating func byte() throws(Failure) -> UInt8 {
        guard position < count else { throw Failure() }
        defer { position += 1 }
        return byte(at: position)
    }

    /// An unsigned LEB128 varint of at most 10 bytes that fits 64 bits.
    @inline(__always)
    public mutating func varint() throws(Failure) -> UInt64 {
        // One byte holds most numbers (counts, lengths, flags, small reps): test it first.
        guard position < count else { throw Failure() }
        let first = byte(at: position)
        position += 1
        if first < 0x80 { return UInt64(first) }
        return try varintTail(UInt64(first & 0x7F))
    }

    private mutating func varintTail(_ low: UInt64) throws(Failure) -> UInt64 {
        // Timestamps take 8 bytes: with 10 bytes left, no byte needs its own bounds check.
        if count - position >= 9 { return try varintTailUnchecked(low) }
        var result = low
        var shift: UInt64 = 7
        while true {
            guard position < count else { throw Failure() }
            let byte = byte(at: position)
            position += 1
            if shift == 63, byte > 1 { throw Failure() }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    private mutating func varintTailUnchecked(_ low: UInt64) throws(Failure) -> UInt64 {
        let bytes = base.unsafelyUnwrapped + position
        var result = low
        var index = 0
        while index < 8 {
            let byte = bytes.load(fromByteOffset: index, as: UInt8.self)
            result |= UInt64(byte & 0x7F) << UInt64(7 * (index + 1))
            if byte < 0x80 {
                position += index + 1
                return result
            }
            index += 1
        }
        // The tenth byte of a varint holds bit 63 only.
        let last = bytes.load(fromByteOffset: 8, as: UInt8.self)
        guard last <= 1 else { throw Failure() }
        position += 9
        return result | UInt64(last) << 63
    }

    /// A zigzag varint.
    @inline(__always)
    public mutating func signed() throws(Failure) -> Int64 { CompactDouble.unzigzag(try varint()) }

    /// An `Int` (zigzag varint; every Int64 fits on the 64-bit platforms this package supports).
    @inline(__always)
    public mutating func int() throws(Failure) -> Int {
        guard let value = Int(exactly: try signed()) else { throw Failure() }
        return value
    }

    /// A flag byte, 0 or 1.
    @inline(__always)
    public mutating func bool() throws(Failure) -> Bool {
        guard position < count else { throw Failure() }
        let flag = byte(at: position)
        guard flag <= 1 else { throw Failure() }
        position += 1
        return flag == 1
    }

    /// An optional's presence byte: true when a value follows.
    @inline(__always)
    public mutating func present() throws(Failure) -> Bool { try bool() }

    /// A `Double` in its compact form (see `CompactDouble`).
    @inline(__always)
    public mutating func double() throws(Failure) -> Double {
        let head = try varint()
        switch head & 3 {
        case 0: return Double(CompactDouble.unzigzag(head >> 2))
        case 1: return Double(CompactDouble.unzigzag(head >> 2)) / 1000
        case 2 where head == 2:
            guard count - position >= 8 else { throw Failure() }
            let bits = UInt64(littleEndian: base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            position += 8
            let value = Double(bitPattern: bits)
            guard value.isFinite else { throw Failure() }
            return value
        default: throw Failure()
        }
    }

    /// A UUID's 16 bytes, in RFC 4122 order.
    @inline(__always)
    public mutating func uuid() throws(Failure) -> UUID {
        guard count - position >= 16 else { throw Failure() }
        // A UUID is its 16 bytes in RFC 4122 order (its only stored property is `uuid_t`), so
        // it is loaded as it is: `UUID(uuid:)` is an opaque call taking 16 arguments.
        let uuid = base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: position, as: UUID.self)
        position += 16
        return uuid
    }

    /// The bytes of a string: its varint length, checked against the bytes left. They are the
    /// cursor's own bytes, valid only as long as those are.
    @inline(__always)
    public mutating func stringBytes() throws(Failure) -> UnsafeRawBufferPointer {
        let length = try varint()
        guard length <= UInt64(count - position) else { throw Failure() }
        let bytes = UnsafeRawBufferPointer(start: base.map { $0 + position }, count: Int(length))
        position += Int(length)
        return bytes
    }

    /// A string, whose bytes must be valid UTF-8.
    public mutating func string() throws(Failure) -> String {
        let bytes = try stringBytes()
        if BinaryEventDecoder.isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        guard let string = String(validating: bytes, as: UTF8.self) else { throw Failure() }
        return string
    }

    /// An enum stored as its raw string, matched against the raw values' bytes without
    /// building a `String`.
    @inline(__always)
    mutating func rawValue<Value: StringCodedEnum>(_ table: RawValueTable<Value>) throws(Failure) -> Value {
        guard let value = table.value(for: try stringBytes()) else { throw Failure() }
        return value
    }
}
