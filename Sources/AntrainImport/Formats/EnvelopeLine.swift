import AntrainEvents
import Foundation

/// One line of an events JSON Lines file decoded in a single pass of `JSONDecoder`: the
/// envelope's fields and the event together.
///
/// `EventEnvelope.decode` parses every line twice (once for the header, once for the event,
/// whose type the header names); with the type read first from the same keyed container,
/// one parse serves both. It decodes exactly the fields `EventEnvelope.decode` does, with the
/// same types, so a line decodes here exactly when it decodes there. A line that fails here
/// is decoded again by `EventEnvelope.decode`, whose error words the problem.
struct EnvelopeLine: Decodable {
    var envelope: EventEnvelope

    /// The event types of the standard catalog (the one `EventEnvelope.decode` uses), by name.
    static let types: [String: any DomainEvent.Type] = Dictionary(
        KnownEventTypes.all.filter { EventCatalog.standard.knows($0) }.map { ($0.eventType, $0) },
        uniquingKeysWith: { first, _ in first })

    /// A line this decoder leaves to `EventEnvelope.decode`, for its wording of the problem.
    struct Unsupported: Error {}

    init(from decoder: any Decoder) throws {
        // The envelope's keys under any of their spellings, as `EventEnvelope.decode` reads them.
        let container = try decoder.container(keyedBy: EventEnvelopeKey.Name.self)
        let type = try container.decode(String.self, forKey: EventEnvelopeKey.Name("type"))
        guard let eventType = Self.types[type] else { throw Unsupported() }
        if let version = try container.decodeIfPresent(UInt16.self, envelope: .schemaVersion), version != eventType.schemaVersion {
            throw Unsupported()
        }
        let stream = try container.decodeIfPresent(String.self, envelope: .stream)
        let id = try container.decodeIfPresent(UUID.self, envelope: .id)
        let recordedAt = try container.decodeIfPresent(Timestamp.self, envelope: .recordedAt)
        let correlationID = try container.decodeIfPresent(UUID.self, envelope: .correlationID)
        let causationID = try container.decodeIfPresent(UUID.self, envelope: .causationID)
        let offset = try container.decodeIfPresent(UInt64.self, envelope: .offset)
        let streamVersion = try container.decodeIfPresent(UInt64.self, envelope: .streamVersion)
        let event = try Self.decode(eventType, from: container.superDecoder(forKey: EventEnvelopeKey.Name("event")))
        envelope = EventEnvelope(event: event, stream: stream, id: id, recordedAt: recordedAt, correlationID: correlationID,
                                 causationID: causationID, offset: offset, streamVersion: streamVersion)
    }

    /// `E(from:)` for the type named by the line, as the catalog's JSON decoder calls it.
    private static func decode<E: DomainEvent>(_ type: E.Type, from decoder: any Decoder) throws -> any DomainEvent {
        try E(from: decoder)
    }
}
