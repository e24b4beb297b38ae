import AntrainLog
import Foundation

extension EventLog {
    /// Validates, encodes and appends domain events to their stream, atomically.
    ///
    /// Every event is validated before anything is written: one invalid event throws an
    /// ``EventValidationError`` (with its `eventIndex`) and nothing is appended. All events must
    /// belong to one stream (their ``DomainEvent/streamID``), which `expectedVersion` guards.
    @discardableResult
    public func append(_ events: [NewEvent], expectedVersion: ExpectedVersion = .any,
                       catalog: EventCatalog = .standard) async throws -> AppendResult {
        let (stream, proposed) = try NewEvent.encoded(events, catalog: catalog)
        return try await append(proposed, to: stream, expectedVersion: expectedVersion)
    }

    /// Validates, encodes and appends one domain event with a new id.
    @discardableResult
    public func append(_ event: some DomainEvent, expectedVersion: ExpectedVersion = .any) async throws -> AppendResult {
        try await append([NewEvent(event)], expectedVersion: expectedVersion)
    }

    /// Reads the records passing `filter`, decodes each to the current shape of its event
    /// type, and hands it to `body`; records of types or versions this build does not know
    /// are skipped, counted, and left as they are.
    ///
    /// - Throws: ``EventDecodingError`` when a known type's payload does not decode (damage
    ///   or a bug: never skipped silently), and anything `body` or the read throws.
    @discardableResult
    public func replay(_ filter: ReadFilter = ReadFilter(), catalog: EventCatalog = .standard,
                       _ body: (StoredEvent) async throws -> Void) async throws -> ReplaySummary {
        var summary = ReplaySummary()
        var builder = StoredEventBuilder()
        for try await block in blocks(filter) {
            for record in block.records {
                let payload = try catalog.decode(record)
                summary.count(payload)
                if case let .event(event) = payload { try await body(builder.make(record, event)) }
            }
        }
        return summary
    }
}
