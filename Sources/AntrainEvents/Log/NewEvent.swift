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

    /// Validates and encodes the event into the record the log stores.
    func proposed(index: Int, catalog: EventCatalog) throws -> ProposedEvent {
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
}
