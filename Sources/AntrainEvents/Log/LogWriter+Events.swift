import AntrainLog
import Foundation

extension LogWriter {
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
}
