import Foundation

/// The coded form of the ordered UUID-keyed collections (``UUIDMap``, ``LinearUUIDMap``,
/// ``KeyedLog``): key, value, key, value, … in one unkeyed container, as
/// `OrderedDictionary` writes itself, so that checkpoints keep their bytes whichever of them
/// a model holds.
///
/// ```swift
/// init(from decoder: any Decoder) throws {
///     self.init()
///     try UUIDPairCoding.decode(Value.self, from: decoder) { key, value in add(key, value) }
/// }
/// func encode(to encoder: any Encoder) throws {
///     try UUIDPairCoding.encode(zip(keys, values), to: encoder)
/// }
/// ```
enum UUIDPairCoding {
    /// Reads every pair in order, handing each to `add`, which says whether it took it: a
    /// pair it refuses (a key already there) fails the decoding.
    static func decode<Value: Decodable>(_ type: Value.Type, from decoder: any Decoder,
                                         _ add: (UUID, Value) throws -> Bool) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            let key = try container.decode(UUID.self)
            let value = try container.decode(Value.self)
            guard try add(key, value) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "key \(key) appears twice")
            }
        }
    }

    /// Writes `pairs` in order.
    static func encode<Value: Encodable>(_ pairs: some Sequence<(UUID, Value)>, to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (key, value) in pairs {
            try container.encode(key)
            try container.encode(value)
        }
    }
}
