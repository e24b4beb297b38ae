import Foundation

/// Writes a keyed value's fields in encoding order, without keys.
///
/// `encodeIfPresent` writes a presence byte (0 absent, 1 present) before the value, so the
/// decoder knows whether to read one; synthesized `Codable` uses it for every optional.
struct BinaryKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: BinaryEventEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey _: Key) throws { encoder.writeBool(false) }
    mutating func encode(_ value: Bool, forKey _: Key) throws { encoder.writeBool(value) }
    mutating func encode(_ value: String, forKey _: Key) throws { encoder.writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try annotate(key) { () throws(CodecError) in try encoder.writeDouble(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try annotate(key) { () throws(CodecError) in try encoder.writeFloat(value) } }
    mutating func encode(_ value: Int, forKey _: Key) throws { encoder.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int8, forKey _: Key) throws { encoder.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int16, forKey _: Key) throws { encoder.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int32, forKey _: Key) throws { encoder.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int64, forKey _: Key) throws { encoder.writeSigned(value) }
    mutating func encode(_ value: UInt, forKey _: Key) throws { encoder.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey _: Key) throws { encoder.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey _: Key) throws { encoder.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey _: Key) throws { encoder.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey _: Key) throws { encoder.writeVarint(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        do { try encoder.encodeValue(value) } catch { throw CodecError.wrapping(error, byteOffset: nil).inField(key.stringValue) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { guard let value else { return encoder.writeBool(false) }; encoder.writeBool(true); try encode(value, forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(BinaryKeyedEncoding<NestedKey>(encoder: encoder))
    }

    mutating func nestedUnkeyedContainer(forKey _: Key) -> any UnkeyedEncodingContainer {
        BinaryUnkeyedEncoding(encoder: encoder)
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey _: Key) -> any Encoder { encoder }

    @inline(__always)
    private func annotate(_ key: Key, _ body: () throws(CodecError) -> Void) throws(CodecError) {
        do { try body() } catch { throw error.inField(key.stringValue) }
    }
}

/// Writes a sequence's elements after a varint count, which it keeps up to date as elements arrive.
struct BinaryUnkeyedEncoding: UnkeyedEncodingContainer {
    let encoder: BinaryEventEncoder
    let countPosition: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(encoder: BinaryEventEncoder) {
        self.encoder = encoder
        countPosition = encoder.bytes.count
        encoder.bytes.append(0)
    }

    private mutating func added() {
        count += 1
        encoder.updateCount(at: countPosition, from: count - 1, to: count)
    }

    mutating func encodeNil() throws {
        throw CodecError(.unsupportedShape, "arrays of optionals have no binary form; store a wrapper struct instead")
    }
    mutating func encode(_ value: Bool) throws { encoder.writeBool(value); added() }
    mutating func encode(_ value: String) throws { encoder.writeString(value); added() }
    mutating func encode(_ value: Double) throws { try encoder.writeDouble(value); added() }
    mutating func encode(_ value: Float) throws { try encoder.writeFloat(value); added() }
    mutating func encode(_ value: Int) throws { encoder.writeSigned(Int64(value)); added() }
    mutating func encode(_ value: Int8) throws { encoder.writeSigned(Int64(value)); added() }
    mutating func encode(_ value: Int16) throws { encoder.writeSigned(Int64(value)); added() }
    mutating func encode(_ value: Int32) throws { encoder.writeSigned(Int64(value)); added() }
    mutating func encode(_ value: Int64) throws { encoder.writeSigned(value); added() }
    mutating func encode(_ value: UInt) throws { encoder.writeVarint(UInt64(value)); added() }
    mutating func encode(_ value: UInt8) throws { encoder.writeVarint(UInt64(value)); added() }
    mutating func encode(_ value: UInt16) throws { encoder.writeVarint(UInt64(value)); added() }
    mutating func encode(_ value: UInt32) throws { encoder.writeVarint(UInt64(value)); added() }
    mutating func encode(_ value: UInt64) throws { encoder.writeVarint(value); added() }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value); added() }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        added()
        return KeyedEncodingContainer(BinaryKeyedEncoding<NestedKey>(encoder: encoder))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        added()
        return BinaryUnkeyedEncoding(encoder: encoder)
    }

    mutating func superEncoder() -> any Encoder {
        added()
        return encoder
    }
}

/// Writes one value; primitives share the keyed container's encodings.
struct BinarySingleValueEncoding: SingleValueEncodingContainer {
    let encoder: BinaryEventEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        throw CodecError(.unsupportedShape, "a bare nil has no binary form; encode optionals with encodeIfPresent")
    }
    mutating func encode(_ value: Bool) throws { encoder.writeBool(value) }
    mutating func encode(_ value: String) throws { encoder.writeString(value) }
    mutating func encode(_ value: Double) throws { try encoder.writeDouble(value) }
    mutating func encode(_ value: Float) throws { try encoder.writeFloat(value) }
    mutating func encode(_ value: Int) throws { encoder.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int8) throws { encoder.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int16) throws { encoder.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int32) throws { encoder.writeSigned(Int64(value)) }
    mutating func encode(_ value: Int64) throws { encoder.writeSigned(value) }
    mutating func encode(_ value: UInt) throws { encoder.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.writeVarint(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.writeVarint(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}
