import Foundation

/// What one append can store: the limits of a record's fields and of an append's size.
///
/// Every append is checked against them before anything is written (``check(_:stream:)``);
/// callers that check their input ahead, so that a bad line 900 cannot leave lines 1 to 899
/// appended, ask the same functions rather than keeping copies of the numbers:
///
/// ```swift
/// if let problem = RecordLimits.problem(streamID: name) { print("stream \(problem)") }
/// // "stream is 300 UTF-8 bytes; allowed: 1 to 255"
/// ```
public enum RecordLimits {
    /// The most UTF-8 bytes of a stream id (at least 1).
    public static let maxStreamIDBytes = RecordLayout.maxStreamIDBytes
    /// The most UTF-8 bytes of an event type's name (at least 1).
    public static let maxEventTypeBytes = RecordLayout.maxEventTypeBytes
    /// The most bytes of one event's payload.
    public static let maxPayloadBytes = RecordLayout.maxPayloadBytes
    /// The most bytes of one append's records together.
    public static let maxAppendBytes = RecordLayout.maxAppendBytes

    /// What is wrong with `stream` as a stream id (its size and what is allowed); nil when it
    /// can be stored.
    public static func problem(streamID stream: String) -> String? {
        let bytes = stream.utf8.count
        guard (1...maxStreamIDBytes).contains(bytes) else { return "is \(bytes) UTF-8 bytes; allowed: 1 to \(maxStreamIDBytes)" }
        return nil
    }

    /// What is wrong with `type` as an event type's name; nil when it can be stored.
    public static func problem(eventType type: String) -> String? {
        let bytes = type.utf8.count
        guard (1...maxEventTypeBytes).contains(bytes) else { return "is \(bytes) UTF-8 bytes; allowed: 1 to \(maxEventTypeBytes)" }
        return nil
    }

    /// What is wrong with a payload of `count` bytes; nil when it can be stored.
    public static func problem(payloadBytes count: Int) -> String? {
        guard count <= maxPayloadBytes else { return "is \(count) bytes; allowed: at most \(maxPayloadBytes)" }
        return nil
    }

    /// What is wrong with `date` as a record's time (stored as microseconds in 64 bits); nil
    /// when it can be stored.
    public static func problem(recordedAt date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 9.2e12 else {
            return "is \(seconds) s since 1970; allowed: a finite time within ±292,000 years"
        }
        return nil
    }

    /// Checks one append to `stream` as the log does before writing anything: sizes,
    /// encodings, finite times, and ids repeated within the append. What is checked against
    /// the log itself (expected versions, stored ids) is left to the append.
    ///
    /// - Throws: ``LogError/invalidEvent(index:field:reason:)`` naming the first event and
    ///   field at fault, or ``LogError/duplicateEventID(_:existingOffset:)`` for a repeated id.
    public static func check(_ events: [ProposedEvent], stream: String) throws(LogError) {
        guard !events.isEmpty else { throw .invalidEvent(index: 0, field: "events", reason: "is empty: an append needs at least one event") }
        if let problem = problem(streamID: stream) { throw .invalidEvent(index: 0, field: "stream id", reason: problem) }
        let streamBytes = stream.utf8.count
        var totalBytes = 0
        var seen = Set<UUID>(minimumCapacity: events.count > 1 ? events.count : 0)
        for (index, event) in events.enumerated() {
            if let problem = problem(eventType: event.type) { throw .invalidEvent(index: index, field: "type", reason: problem) }
            if let problem = problem(payloadBytes: event.payload.count) { throw .invalidEvent(index: index, field: "payload", reason: problem) }
            totalBytes += RecordLayout.fixedSize + streamBytes + event.type.utf8.count + 32 + event.payload.count
            guard totalBytes <= maxAppendBytes else {
                throw .invalidEvent(index: index, field: "events", reason: "add up to more than \(maxAppendBytes) bytes; allowed: at most that per append (split it)")
            }
            if let date = event.recordedAt, let problem = problem(recordedAt: date) {
                throw .invalidEvent(index: index, field: "recordedAt", reason: problem)
            }
            if events.count > 1, !seen.insert(event.id).inserted { throw .duplicateEventID(event.id, existingOffset: nil) }
        }
    }
}
