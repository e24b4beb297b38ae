import Foundation

/// The JSON form of events, for import, export and `cat`: each event's fields under their
/// Swift names, keys sorted so that the same event always gives the same text. Masses are
/// `{"unit":"kg","value":100}`, days `"2025-09-15"`, instants ISO 8601 in UTC, ids upper-case
/// UUID strings. Decoding the text gives back an equal event. docs/EVENTS.md shows every type.
public enum EventJSON {
    /// An encoder for the JSON form.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The JSON form of `event`.
    public static func encode(_ event: any DomainEvent, encoder: JSONEncoder = makeEncoder()) throws -> Data {
        try encoder.encode(event)
    }

    /// The JSON form of `event`, as text.
    public static func text(_ event: any DomainEvent) throws -> String {
        String(decoding: try encode(event), as: UTF8.self)
    }
}

extension CodingUserInfoKey {
    static let eventType = CodingUserInfoKey(rawValue: "antrain.eventType")!
    static let eventCatalog = CodingUserInfoKey(rawValue: "antrain.eventCatalog")!
    static let eventVersion = CodingUserInfoKey(rawValue: "antrain.eventVersion")!
}
