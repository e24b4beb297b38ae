import Foundation

/// Encodes `Encodable` values in the compact binary form that event payloads are stored in.
///
/// ```swift
/// let bytes = try BinaryEventEncoder.encode(event)
/// let again = try BinaryEventDecoder.decode(SetLogged.self, from: bytes)
/// ```
///
/// The form is positional: a keyed container writes its values in the order they are encoded
/// and no key is stored, so decoding must read them back in the same order (synthesized
/// `Codable` does). Integers are LEB128 varints (signed ones zigzag-encoded), doubles take 1 to
/// 9 bytes, strings are a varint length and UTF-8, optionals a presence byte, arrays a varint
/// count. docs/EVENTS.md describes every rule.
public final class BinaryEventEncoder: Encoder {
    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    // Unchecked: every write appends here, and a class property written through `inout`
    // is checked for overlapping access at run time (a thread-local table insert and removal
    // per byte run). An encoder is used by one caller, one write at a time.
    @exclusivity(unchecked) var bytes: [UInt8]
    /// The first problem met by a container method that cannot throw.
    var failure: CodecError?

    init(capacity: Int = 96) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Encodes `value` and returns its bytes.
    public static func encode<T: Encodable>(_ value: T) throws(CodecError) -> [UInt8] {
        let encoder = BinaryEventEncoder()
        do {
            try encoder.encodeValue(value)
        } catch {
            throw CodecError.wrapping(error, byteOffset: nil)
        }
        if let failure = encoder.failure { throw failure }
        return encoder.bytes
    }

    public func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(BinaryKeyedEncoding<Key>(encoder: self))
    }

    public func unkeyedContainer() -> any UnkeyedEncodingContainer {
        BinaryUnkeyedEncoding(encoder: self)
    }

    public func singleValueContainer() -> any SingleValueEncodingContainer {
        BinarySingleValueEncoding(encoder: self)
    }

    // MARK: - Primitive writes, shared by every container so that each type has one encoding.

    /// Writes an unsigned LEB128 varint.
    @inline(__always)
    public func writeVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Writes a signed integer as a zigzag varint, so small negative numbers stay small.
    @inline(__always)
    public func writeSigned(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    func writeBool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Writes a finite double in 1 to 9 bytes; see ``CompactDouble``.
    func writeDouble(_ value: Double) throws(CodecError) {
        guard value.isFinite else { throw CodecError(.nonFiniteNumber, "\(value) cannot be stored; numbers must be finite") }
        CompactDouble.write(value, to: self)
    }

    func writeFloat(_ value: Float) throws(CodecError) {
        guard value.isFinite else { throw CodecError(.nonFiniteNumber, "\(value) cannot be stored; numbers must be finite") }
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    func writeString(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    func writeUUID(_ value: UUID) {
        withUnsafeBytes(of: value.uuid) { bytes.append(contentsOf: $0) }
    }

    func writeRaw(_ raw: some Collection<UInt8>) { bytes.append(contentsOf: raw) }

    /// Encodes any value; UUIDs take their 16 raw bytes instead of Foundation's string form.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == UUID.self {
            writeUUID(unsafeBitCast(value, to: UUID.self))
            return
        }
        try value.encode(to: self)
    }

    /// Rewrites an array's count in place as it grows (the count comes first, yet Codable
    /// announces no count up front). A varint that needs one more byte shifts the bytes after it.
    func updateCount(at position: Int, from old: Int, to new: Int) {
        let oldLength = Self.varintLength(UInt64(old))
        let newLength = Self.varintLength(UInt64(new))
        if newLength > oldLength {
            bytes.insert(contentsOf: repeatElement(0, count: newLength - oldLength), at: position + oldLength)
        }
        var value = UInt64(new)
        for index in 0..<newLength {
            let last = index == newLength - 1
            bytes[position + index] = UInt8(truncatingIfNeeded: value & 0x7F) | (last ? 0 : 0x80)
            value >>= 7
        }
    }

    static func varintLength(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }

    func fail(_ error: CodecError) {
        if failure == nil { failure = error }
    }
}
