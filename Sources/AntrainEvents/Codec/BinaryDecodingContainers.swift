import Foundation

/// Reads a keyed value's fields in the order they were written; keys are not stored.
///
/// `contains` answers true for every key and `decodeNil` reads the presence byte that
/// `encodeIfPresent` wrote, which is exactly what the standard `decodeIfPresent` needs.
struct BinaryKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: BinaryEventDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool { try read(key) { () throws(CodecError) in try !decoder.readPresence() } }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try read(key) { () throws(CodecError) in try decoder.readBool() } }
    func decode(_: String.Type, forKey key: Key) throws -> String { try read(key) { () throws(CodecError) in try decoder.readString() } }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try read(key) { () throws(CodecError) in try decoder.readDouble() } }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try read(key) { () throws(CodecError) in try decoder.readFloat() } }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try read(key) { () throws(CodecError) in try decoder.readSigned(Int.self) } }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try read(key) { () throws(CodecError) in try decoder.readSigned(Int8.self) } }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try read(key) { () throws(CodecError) in try decoder.readSigned(Int16.self) } }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try read(key) { () throws(CodecError) in try decoder.readSigned(Int32.self) } }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try read(key) { () throws(CodecError) in try decoder.readSigned() } }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try read(key) { () throws(CodecError) in try decoder.readUnsigned(UInt.self) } }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key) { () throws(CodecError) in try decoder.readUnsigned(UInt8.self) } }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key) { () throws(CodecError) in try decoder.readUnsigned(UInt16.self) } }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key) { () throws(CodecError) in try decoder.readUnsigned(UInt32.self) } }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key) { () throws(CodecError) in try decoder.readVarint() } }
    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        do { return try decoder.decodeValue(T.self) } catch {
            throw CodecError.wrapping(error, byteOffset: decoder.position).inField(key.stringValue)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(BinaryKeyedDecoding<NestedKey>(decoder: decoder))
    }

    func nestedUnkeyedContainer(forKey _: Key) throws -> any UnkeyedDecodingContainer {
        try BinaryUnkeyedDecoding(decoder: decoder)
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey _: Key) throws -> any Decoder { decoder }

    @inline(__always)
    private func read<T>(_ key: Key, _ body: () throws(CodecError) -> T) throws(CodecError) -> T {
        do { return try body() } catch { throw error.inField(key.stringValue) }
    }
}

/// Reads a sequence: a varint count, then that many elements.
struct BinaryUnkeyedDecoding: UnkeyedDecodingContainer {
    let decoder: BinaryEventDecoder
    let count: Int?
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    init(decoder: BinaryEventDecoder) throws(CodecError) {
        self.decoder = decoder
        let start = decoder.position
        let count = try decoder.readVarint()
        // Every element takes at least one byte, so a count above the bytes left is a lie.
        guard count <= UInt64(decoder.remaining) else {
            throw CodecError(.countTooLarge, "a list claims \(count) elements but only \(decoder.remaining) bytes are left",
                             byteOffset: start)
        }
        self.count = Int(count)
    }

    private mutating func next<T>(_ body: (BinaryEventDecoder) throws(CodecError) -> T) throws -> T {
        guard !isAtEnd else { throw CodecError(.truncated, "read past the end of a list", byteOffset: decoder.position) }
        let value = try body(decoder)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_: Bool.Type) throws -> Bool { try next { decoder throws(CodecError) in try decoder.readBool() } }
    mutating func decode(_: String.Type) throws -> String { try next { decoder throws(CodecError) in try decoder.readString() } }
    mutating func decode(_: Double.Type) throws -> Double { try next { decoder throws(CodecError) in try decoder.readDouble() } }
    mutating func decode(_: Float.Type) throws -> Float { try next { decoder throws(CodecError) in try decoder.readFloat() } }
    mutating func decode(_: Int.Type) throws -> Int { try next { decoder throws(CodecError) in try decoder.readSigned(Int.self) } }
    mutating func decode(_: Int8.Type) throws -> Int8 { try next { decoder throws(CodecError) in try decoder.readSigned(Int8.self) } }
    mutating func decode(_: Int16.Type) throws -> Int16 { try next { decoder throws(CodecError) in try decoder.readSigned(Int16.self) } }
    mutating func decode(_: Int32.Type) throws -> Int32 { try next { decoder throws(CodecError) in try decoder.readSigned(Int32.self) } }
    mutating func decode(_: Int64.Type) throws -> Int64 { try next { decoder throws(CodecError) in try decoder.readSigned() } }
    mutating func decode(_: UInt.Type) throws -> UInt { try next { decoder throws(CodecError) in try decoder.readUnsigned(UInt.self) } }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try next { decoder throws(CodecError) in try decoder.readUnsigned(UInt8.self) } }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try next { decoder throws(CodecError) in try decoder.readUnsigned(UInt16.self) } }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try next { decoder throws(CodecError) in try decoder.readUnsigned(UInt32.self) } }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try next { decoder throws(CodecError) in try decoder.readVarint() } }
    mutating func decode<T: Decodable>(_: T.Type) throws -> T {
        guard !isAtEnd else { throw CodecError(.truncated, "read past the end of a list", byteOffset: decoder.position) }
        let value = try decoder.decodeValue(T.self)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return KeyedDecodingContainer(BinaryKeyedDecoding<NestedKey>(decoder: decoder))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return try BinaryUnkeyedDecoding(decoder: decoder)
    }

    mutating func superDecoder() throws -> any Decoder {
        currentIndex += 1
        return decoder
    }
}

/// Reads one value; primitives share the keyed container's encodings.
struct BinarySingleValueDecoding: SingleValueDecodingContainer {
    let decoder: BinaryEventDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode(_: Bool.Type) throws -> Bool { try decoder.readBool() }
    func decode(_: String.Type) throws -> String { try decoder.readString() }
    func decode(_: Double.Type) throws -> Double { try decoder.readDouble() }
    func decode(_: Float.Type) throws -> Float { try decoder.readFloat() }
    func decode(_: Int.Type) throws -> Int { try decoder.readSigned(Int.self) }
    func decode(_: Int8.Type) throws -> Int8 { try decoder.readSigned(Int8.self) }
    func decode(_: Int16.Type) throws -> Int16 { try decoder.readSigned(Int16.self) }
    func decode(_: Int32.Type) throws -> Int32 { try decoder.readSigned(Int32.self) }
    func decode(_: Int64.Type) throws -> Int64 { try decoder.readSigned() }
    func decode(_: UInt.Type) throws -> UInt { try decoder.readUnsigned(UInt.self) }
    func decode(_: UInt8.Type) throws -> UInt8 { try decoder.readUnsigned(UInt8.self) }
    func decode(_: UInt16.Type) throws -> UInt16 { try decoder.readUnsigned(UInt16.self) }
    func decode(_: UInt32.Type) throws -> UInt32 { try decoder.readUnsigned(UInt32.self) }
    func decode(_: UInt64.Type) throws -> UInt64 { try decoder.readVarint() }
    func decode<T: Decodable>(_: T.Type) throws -> T { try decoder.decodeValue(T.self) }
}
