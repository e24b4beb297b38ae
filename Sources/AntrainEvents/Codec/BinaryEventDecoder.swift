import AntrainLog
import Foundation

/// Decodes values written by ``BinaryEventEncoder``.
///
/// ```swift
/// let event = try BinaryEventDecoder.decode(SetLogged.self, from: bytes)
/// ```
///
/// Every read is bounds-checked and every length or count is checked against the bytes left
/// before anything is built; trailing bytes are an error. Problems throw ``CodecError``.
public final class BinaryEventDecoder: Decoder {
    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    let buffer: UnsafeRawBufferPointer
    // Unchecked: every read moves it, and a class property changed through `inout` is checked
    // for overlapping access at run time; a decoder is used by one caller, one read at a time.
    @exclusivity(unchecked) var position = 0

    init(buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    /// Decodes a `T` from exactly the bytes in `bytes`.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws(CodecError) -> T {
        let decoder = BinaryEventDecoder(buffer: bytes)
        let value: T
        do {
            value = try decoder.decodeValue(T.self)
        } catch {
            throw CodecError.wrapping(error, byteOffset: decoder.position)
        }
        guard decoder.position == bytes.count else {
            throw CodecError(.trailingBytes, "\(bytes.count - decoder.position) bytes follow the end of the \(T.self)",
                             byteOffset: decoder.position)
        }
        return value
    }

    /// Decodes a `T` from exactly the bytes in `bytes`.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(CodecError) -> T {
        try bytes.withBytes { raw throws(CodecError) in try decode(type, from: raw) }
    }

    public func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(BinaryKeyedDecoding<Key>(decoder: self))
    }

    public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try BinaryUnkeyedDecoding(decoder: self)
    }

    public func singleValueContainer() throws -> any SingleValueDecodingContainer {
        BinarySingleValueDecoding(decoder: self)
    }

    // MARK: - Primitive reads

    var remaining: Int { buffer.count - position }

    /// Reads an unsigned LEB128 varint of at most 10 bytes that fits 64 bits.
    @inline(__always)
    public func readVarint() throws(CodecError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        let start = position
        while true {
            guard position < buffer.count else {
                throw CodecError(.truncated, "a number is cut off by the end of the bytes", byteOffset: start)
            }
            let byte = buffer[position]
            position += 1
            if shift == 63, byte > 1 {
                throw CodecError(.malformedVarint, "a number is larger than 64 bits", byteOffset: start)
            }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// Reads a zigzag varint.
    @inline(__always)
    public func readSigned() throws(CodecError) -> Int64 {
        CompactDouble.unzigzag(try readVarint())
    }

    func readSigned<T: FixedWidthInteger & SignedInteger>(_: T.Type) throws(CodecError) -> T {
        let start = position
        return try Self.fitted(try readSigned(), readAt: start)
    }

    func readUnsigned<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) throws(CodecError) -> T {
        let start = position
        return try Self.fitted(try readVarint(), readAt: start)
    }

    /// `value` as a `T`, or the error of a number too large for it, at the offset it was read from.
    @inline(__always)
    private static func fitted<T: FixedWidthInteger, Value: BinaryInteger>(_ value: Value, readAt start: Int) throws(CodecError) -> T {
        guard let exact = T(exactly: value) else {
            throw CodecError(.integerOutOfRange, "\(value) does not fit \(T.self)", byteOffset: start)
        }
        return exact
    }

    func readFixed<T: FixedWidthInteger>(_: T.Type) throws(CodecError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else {
            throw CodecError(.truncated, "\(size) bytes of a number are cut off (\(remaining) left)", byteOffset: position)
        }
        let value = buffer.loadUnaligned(fromByteOffset: position, as: T.self)
        position += size
        return T(littleEndian: value)
    }

    func readBool() throws(CodecError) -> Bool {
        guard position < buffer.count else { throw CodecError(.truncated, "a flag is cut off", byteOffset: position) }
        let byte = buffer[position]
        guard byte <= 1 else { throw CodecError(.invalidFlag, "a flag byte is \(byte); only 0 and 1 are allowed", byteOffset: position) }
        position += 1
        return byte == 1
    }

    func readDouble() throws(CodecError) -> Double { try CompactDouble.read(from: self) }

    func readFloat() throws(CodecError) -> Float {
        let start = position
        let value = Float(bitPattern: try readFixed(UInt32.self))
        guard value.isFinite else { throw CodecError(.nonFiniteNumber, "a stored number is \(value)", byteOffset: start) }
        return value
    }

    func readString() throws(CodecError) -> String {
        let start = position
        let length = try readVarint()
        guard length <= UInt64(remaining) else {
            throw CodecError(.truncated, "a string of \(length) bytes is longer than the \(remaining) bytes left", byteOffset: start)
        }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[position..<(position + Int(length))])
        position += Int(length)
        // Most strings of events are ASCII, which is valid UTF-8: skip the general validator.
        if Self.isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw CodecError(.invalidUTF8, "a string of \(length) bytes is not valid UTF-8", byteOffset: start)
        }
        return string
    }

    func readUUID() throws(CodecError) -> UUID {
        guard remaining >= 16 else { throw CodecError(.truncated, "an id needs 16 bytes, \(remaining) left", byteOffset: position) }
        // Loaded in place: `UUID().uuid` as a scratch value would draw random bytes (microseconds on Linux).
        let uuid = buffer.loadUnaligned(fromByteOffset: position, as: uuid_t.self)
        position += 16
        return UUID(uuid: uuid)
    }

    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// Reads an optional's presence byte: true when a value follows.
    func readPresence() throws(CodecError) -> Bool { try readBool() }

    /// Decodes any value; UUIDs are read as their 16 raw bytes.
    func decodeValue<T: Decodable>(_: T.Type) throws -> T {
        if T.self == UUID.self { return unsafeBitCast(try readUUID(), to: T.self) }
        return try T(from: self)
    }
}
