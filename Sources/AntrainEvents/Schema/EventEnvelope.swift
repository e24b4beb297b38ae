import Foundation

/// One line of an events JSON Lines file: an event and, optionally, its record's metadata.
///
/// ```json
/// {"event":{"entryID":"…","recordedAt":"2025-09-15T07:00:00Z","weight":{"unit":"kg","value":81.4}},"type":"BodyweightRecorded"}
/// ```
///
/// The keys are those of ``EventEnvelopeKey``, the one envelope of `export`, `import`,
/// `append` and `cat` (older spellings such as `eventId` or `correlationId` are read too).
/// `type` and `event` are required; `stream` defaults to the event's own stream, `id` to a new
/// id, `recordedAt` to the time of the append. Exports add `offset`, `streamVersion` and
/// `schemaVersion` (written as the current version; an older one, from an export of an
/// earlier build, is read in its own shape and upcast, as the log reads its old records).
public struct EventEnvelope: Sendable {
    /// The event type's name.
    public var type: String
    /// The event.
    public var event: any DomainEvent
    /// The stream; nil means the event's own.
    public var stream: String?
    /// The event id.
    public var id: UUID?
    /// When it was recorded.
    public var recordedAt: Timestamp?
    /// Correlation id.
    public var correlationID: UUID?
    /// Causation id.
    public var causationID: UUID?
    /// The record's offset, on export.
    public var offset: UInt64?
    /// The record's stream version, on export.
    public var streamVersion: UInt64?

    /// An envelope around `event`.
    public init(event: any DomainEvent, stream: String? = nil, id: UUID? = nil, recordedAt: Timestamp? = nil,
                correlationID: UUID? = nil, causationID: UUID? = nil, offset: UInt64? = nil, streamVersion: UInt64? = nil) {
        type = event.eventType
        self.event = event
        self.stream = stream
        self.id = id
        self.recordedAt = recordedAt
        self.correlationID = correlationID
        self.causationID = causationID
        self.offset = offset
        self.streamVersion = streamVersion
    }

    /// The envelope of a stored event, with every field of its record.
    public init(_ stored: StoredEvent) {
        self.init(event: stored.event, stream: stored.streamID, id: stored.eventID, recordedAt: stored.recordedAt,
                  correlationID: stored.correlationID, causationID: stored.causationID, offset: stored.offset,
                  streamVersion: stored.streamVersion)
    }

    /// Every member of the line but the event, under the envelope's keys.
    fileprivate struct Header: Codable {
        var type: String
        var schemaVersion: UInt16?
        var stream: String?
        var id: UUID?
        var recordedAt: Timestamp?
        var correlationID: UUID?
        var causationID: UUID?
        var offset: UInt64?
        var streamVersion: UInt64?

        /// Writes the canonical spellings only.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: EventEnvelopeKey.self)
            try container.encode(type, forKey: .type)
            try container.encodeIfPresent(schemaVersion, forKey: .schemaVersion)
            try container.encodeIfPresent(stream, forKey: .stream)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encodeIfPresent(recordedAt, forKey: .recordedAt)
            try container.encodeIfPresent(correlationID, forKey: .correlationID)
            try container.encodeIfPresent(causationID, forKey: .causationID)
            try container.encodeIfPresent(offset, forKey: .offset)
            try container.encodeIfPresent(streamVersion, forKey: .streamVersion)
        }
    }

    private struct EventOnly: Decodable {
        var event: any DomainEvent
        init(from decoder: any Decoder) throws {
            let type = decoder.userInfo[.eventType] as? String ?? ""
            let catalog = decoder.userInfo[.eventCatalog] as? EventCatalog ?? .standard
            let version = decoder.userInfo[.eventVersion] as? UInt16
            let container = try decoder.container(keyedBy: EventEnvelopeKey.self)
            let nested = try container.superDecoder(forKey: .event)
            guard let decode = version.map({ catalog.jsonDecoder(for: type, version: $0) }) ?? catalog.jsonDecoder(for: type) else {
                throw DecodingError.dataCorruptedError(forKey: .event, in: container,
                                                       debugDescription: "unknown event type '\(type)'")
            }
            event = try decode(nested)
        }
    }

    /// Parses one JSON line: an event of a type `catalog` knows, in the shape of its
    /// `schemaVersion` (the current one when absent), upcast to the current shape.
    public static func decode(_ data: Data, catalog: EventCatalog = .standard) throws -> EventEnvelope {
        let header = try JSONDecoder().decode(Header.self, from: data)
        guard let current = catalog.currentVersion(of: header.type) else {
            throw CodecError(.invalidValue, "unknown event type '\(header.type)'; known types: \(catalog.eventTypes.joined(separator: ", "))",
                             field: "type")
        }
        // An older shape (an export of an earlier build) is read as it was and upcast, as
        // the log reads its old records; a newer one is not known to this build.
        if let version = header.schemaVersion, version != current, version > current || catalog.jsonDecoder(for: header.type, version: version) == nil {
            throw CodecError(.invalidValue, "this build reads versions 1 to \(current) of \(header.type), not \(version)",
                             field: "schemaVersion")
        }
        let decoder = JSONDecoder()
        decoder.userInfo[.eventType] = header.type
        decoder.userInfo[.eventCatalog] = catalog
        decoder.userInfo[.eventVersion] = header.schemaVersion
        let event = try decoder.decode(EventOnly.self, from: data).event
        return EventEnvelope(event: event, stream: header.stream, id: header.id, recordedAt: header.recordedAt,
                             correlationID: header.correlationID, causationID: header.causationID,
                             offset: header.offset, streamVersion: header.streamVersion)
    }

    /// The envelope as one line of JSON (no line break), keys sorted.
    public func encoded(catalog: EventCatalog = .standard) throws -> Data {
        let line = Line(header: Header(type: type, schemaVersion: catalog.currentVersion(of: type), stream: stream, id: id,
                                       recordedAt: recordedAt, correlationID: correlationID, causationID: causationID,
                                       offset: offset, streamVersion: streamVersion),
                        event: event)
        return try EventJSON.makeEncoder().encode(line)
    }

    /// The header's fields and the event, side by side in one object.
    private struct Line: Encodable {
        var header: Header
        var event: any DomainEvent

        func encode(to encoder: any Encoder) throws {
            try header.encode(to: encoder)
            var container = encoder.container(keyedBy: EventEnvelopeKey.self)
            try container.encode(EncodableEvent(event: event), forKey: .event)
        }
    }

    private struct EncodableEvent: Encodable {
        var event: any DomainEvent
        func encode(to encoder: any Encoder) throws { try event.encode(to: encoder) }
    }
}

extension EventEnvelope.Header {
    /// Reads each key under its canonical spelling or an alias.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EventEnvelopeKey.Name.self)
        type = try container.decode(String.self, forKey: container.spelling(of: .type) ?? EventEnvelopeKey.Name("type"))
        schemaVersion = try container.decodeIfPresent(UInt16.self, envelope: .schemaVersion)
        stream = try container.decodeIfPresent(String.self, envelope: .stream)
        id = try container.decodeIfPresent(UUID.self, envelope: .id)
        recordedAt = try container.decodeIfPresent(Timestamp.self, envelope: .recordedAt)
        correlationID = try container.decodeIfPresent(UUID.self, envelope: .correlationID)
        causationID = try container.decodeIfPresent(UUID.self, envelope: .causationID)
        offset = try container.decodeIfPresent(UInt64.self, envelope: .offset)
        streamVersion = try container.decodeIfPresent(UInt64.self, envelope: .streamVersion)
    }
}
