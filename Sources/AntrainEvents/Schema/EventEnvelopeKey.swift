/// The keys of the JSON event envelope, in the order `antrain-log cat --format json` writes
/// them: the one spelling of each that every writer uses (`export --format jsonl`, `cat
/// --format json`) and every reader takes (`import --source jsonl`, `append`,
/// ``EventEnvelope/decode(_:catalog:)``).
///
/// Readers also take the older spellings of ``aliases``, written by builds before the
/// envelope was one, so that existing export files and append scripts keep working; no
/// writer emits them. docs/EVENTS.md ("The JSON envelope") describes every key.
public enum EventEnvelopeKey: String, CaseIterable, CodingKey, Sendable {
    /// The record's global offset: written by `cat` and `export`, ignored on input.
    case offset
    /// The event's id (a UUID string).
    case id
    /// The stream id.
    case stream
    /// The record's version within its stream: written by `cat` and `export`, ignored on input.
    case streamVersion
    /// The event type's name.
    case type
    /// The version of the shape `event` (or `payload`) is written in.
    case schemaVersion
    /// When the event was recorded (ISO 8601).
    case recordedAt
    /// `append` only: the version the stream must be at (`"any"`, `"noStream"` or a number).
    case expectedVersion
    /// The correlation id (a UUID string).
    case correlationID
    /// The causation id (a UUID string).
    case causationID
    /// A domain event, in its JSON form (docs/EVENTS.md).
    case event
    /// `cat` only: why a record of a known type does not decode.
    case eventError
    /// A raw record's payload, a JSON value kept as its exact text.
    case payload
    /// A raw record's payload bytes in base64, when they are not JSON text.
    case payloadBase64

    /// Older spellings of this key that readers still take: `eventId` was `cat`'s,
    /// `correlationId` and `causationId` were `cat`'s and `append`'s.
    public var aliases: [String] {
        switch self {
        case .id: return ["eventId"]
        case .correlationID: return ["correlationId"]
        case .causationID: return ["causationId"]
        default: return []
        }
    }

    /// Every spelling readers take for this key, the canonical one first.
    public var spellings: [String] { [rawValue] + aliases }

    /// The key that a member named `name` stands for, under its canonical spelling or an
    /// alias; nil for a name that is not a key of the envelope.
    public init?(reading name: String) {
        if let key = Self(rawValue: name) {
            self = key
        } else if let key = Self.byAlias[name] {
            self = key
        } else {
            return nil
        }
    }

    private static let byAlias: [String: EventEnvelopeKey] = Dictionary(
        uniqueKeysWithValues: allCases.flatMap { key in key.aliases.map { ($0, key) } })

    /// A coding key for any member name, so that a decoder can look a key up under each of
    /// its spellings.
    package struct Name: CodingKey {
        /// The member's name, as the line spells it.
        package let stringValue: String
        /// None: the envelope is an object, not an array.
        package var intValue: Int? { nil }
        /// The key of the member named `name`.
        package init(_ name: String) { stringValue = name }
        /// The key of the member named `stringValue`.
        package init?(stringValue: String) { self.stringValue = stringValue }
        /// None: the envelope is an object, not an array.
        package init?(intValue: Int) { nil }
    }
}

extension KeyedDecodingContainer where Key == EventEnvelopeKey.Name {
    /// The name `key` is written under in this object, canonical or alias; nil when absent,
    /// and an error when the object writes it twice, under two spellings.
    package func spelling(of key: EventEnvelopeKey) throws -> Key? {
        let canonical = Key(key.rawValue)
        var found = contains(canonical) ? canonical : nil
        for alias in key.aliases {
            let name = Key(alias)
            guard contains(name) else { continue }
            if let found {
                throw DecodingError.dataCorruptedError(
                    forKey: name, in: self, debugDescription: "appears twice (also as \"\(found.stringValue)\")")
            }
            found = name
        }
        return found
    }

    /// The value of `key` under whichever spelling the object uses; nil when absent or null.
    package func decodeIfPresent<T: Decodable>(_ type: T.Type, envelope key: EventEnvelopeKey) throws -> T? {
        // One lookup, not two, for the keys that never had another spelling.
        if key.aliases.isEmpty { return try decodeIfPresent(T.self, forKey: Key(key.rawValue)) }
        guard let name = try spelling(of: key) else { return nil }
        return try decodeIfPresent(T.self, forKey: name)
    }
}
