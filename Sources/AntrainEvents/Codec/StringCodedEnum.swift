/// An enum stored as its raw string, in the JSON form and in the binary form alike.
///
/// Conforming replaces the standard library's generic `RawRepresentable` coding with one
/// specialised per enum (several times faster on the binary path, where every event holds a
/// few), and makes an unknown value's message list the values allowed.
///
/// ```swift
/// public enum Meal: String, StringCodedEnum { case breakfast, lunch, dinner, snack }
/// ```
public protocol StringCodedEnum: RawRepresentable, Codable, CaseIterable, Sendable, Hashable where RawValue == String {
    /// Other strings read as a value (older names, display names); written never.
    static var decodingAliases: [String: Self] { get }
}

extension StringCodedEnum {
    /// No aliases: only the raw values are read.
    public static var decodingAliases: [String: Self] { [:] }

    public init(from decoder: any Decoder) throws {
        let raw: String
        let start: Int?
        if let binary = decoder as? BinaryEventDecoder {
            start = binary.position
            raw = try binary.readString()
        } else {
            start = nil
            raw = try decoder.singleValueContainer().decode(String.self)
        }
        guard let value = Self(rawValue: raw) ?? Self.decodingAliases[raw] else {
            let allowed = "one of " + Self.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            if let start { throw CodecError(.invalidValue, "\"\(raw)\" is not \(allowed)", byteOffset: start) }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\"\(raw)\" is not \(allowed)"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        if let binary = encoder as? BinaryEventEncoder { return binary.writeString(rawValue) }
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
