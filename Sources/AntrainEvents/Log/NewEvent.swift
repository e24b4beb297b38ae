import AntrainLog
import Foundation

/// A domain event to append, with the metadata its record will carry.
///
/// ```swift
/// try await log.append([NewEvent(WorkoutStarted(workoutID: id, type: .lifting, startedAt: .now))],
///                      expectedVersion: .noStream)
/// ```
public struct NewEvent: Sendable {
    /// The event.
    public var event: any DomainEvent
    /// Its id; a retry with the same id and content stores nothing new.
    public var id: UUID
    /// When it happened; nil means at the append. Importers pass the original time.
    public var recordedAt: Timestamp?
    /// Correlates the events of one operation.
    public var correlationID: UUID?
    /// The event or command that caused this one.
    public var causationID: UUID?

    /// An event to append.
    public init(_ event: any DomainEvent, id: UUID = UUID(), recordedAt: Timestamp? = nil,
                correlationID: UUID? = nil, causationID: UUID? = nil) {
        self.event = event
        self.id = id
        self.recordedAt = recordedAt
        self.correlationID = correlationID
        self.causationID = causationID
    }

    /// Validates and encodes the event into the record the log stores, as an append does:
    /// use it to check and encode events ahead of the append (on other threads, say).
    ///
    /// - Parameters:
    ///   - index: Which event of its append this is, for the errors.
    ///   - catalog: The event types known, whose encoders and rules apply.
    /// - Throws: `LogError/invalidEvent(index:field:reason:)` for a type not in `catalog`
    ///   or a value the binary form cannot hold, and ``EventValidationError`` (its
    ///   `eventIndex` set) for an invalid event.
    public func encoded(index: Int = 0, catalog: EventCatalog = .standard) throws -> ProposedEvent {
        guard catalog.knows(type(of: event)) else {
            throw LogError.invalidEvent(index: index, field: "type", reason: "\(event.eventType) is not in the event catalog")
        }
        do {
            try event.validate()
        } catch {
            var error = error
            error.eventIndex = index
            throw error
        }
        let payload: [UInt8]
        do {
            payload = try BinaryEventEncoder.encode(event)
        } catch {
            throw LogError.invalidEvent(index: index, field: error.field ?? "payload", reason: error.message)
        }
        return ProposedEvent(id: id, type: event.eventType, schemaVersion: type(of: event).schemaVersion, payload: payload,
                             recordedAt: recordedAt?.date, correlationID: correlationID, causationID: causationID)
    }

    /// Validates and encodes the events of one append, which must all belong to one stream:
    /// the stream and its records, or the error `EventLog/append(_:expectedVersion:catalog:)`
    /// throws for them.
    public static func encoded(_ events: some Collection<NewEvent>, catalog: EventCatalog = .standard) throws
        -> (stream: String, events: [ProposedEvent]) {
        guard let stream = events.first?.event.streamID else { throw LogError.invalidEvent(index: 0, field: "events", reason: "is empty") }
        var proposed: [ProposedEvent] = []
        proposed.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            guard event.event.streamID == stream else {
                throw LogError.invalidEvent(index: index, field: "stream",
                                            reason: "is \(event.event.streamID), but one append writes one stream (\(stream))")
            }
            proposed.append(try event.encoded(index: index, catalog: catalog))
        }
        return (stream, proposed)
    }
}
