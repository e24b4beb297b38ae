import Foundation

/// The checks every ``LogWriter`` makes of an append against what its log holds, in one place:
/// a storage reads what they need (the stored offsets of the append's ids, the stream's
/// version) inside its own transaction, and these decide.
///
/// ```swift
/// if let retry = try AppendRules.retry(events, stream: stream, storedOffset: { ids[$0] }, record: { record(at: $0) }) {
///     return retry                                    // every event stored already: nothing written
/// }
/// try AppendRules.check(expectedVersion, of: stream, current: versions[stream])
/// ```
///
/// The directory log applies the same rules inside its group commit (`Admission`), where
/// each id is looked up in the writer's state as the block is laid out.
public enum AppendRules {
    /// The outcome of a retry when every event of the append is stored with the same id,
    /// stream and content (the original offsets, `wasAlreadyStored`); nil when none is.
    ///
    /// - Throws: ``LogError/duplicateEventID(_:existingOffset:)`` when only some are stored,
    ///   or one is stored with other content or in another stream.
    public static func retry(_ events: [ProposedEvent], stream: String, storedOffset: (UUID) throws -> UInt64?,
                             record: (UInt64) throws -> LogRecord?) throws -> AppendResult? {
        guard let first = try storedOffset(events[0].id) else {
            for event in events.dropFirst() {
                if let offset = try storedOffset(event.id) { throw LogError.duplicateEventID(event.id, existingOffset: offset) }
            }
            return nil
        }
        var offsets: [UInt64] = []
        var version: UInt64 = 0
        for (index, event) in events.enumerated() {
            let offset = index == 0 ? first : try storedOffset(event.id)
            guard let offset, let stored = try record(offset), event.isStored(in: stored, stream: stream) else {
                throw LogError.duplicateEventID(event.id, existingOffset: offset)
            }
            offsets.append(offset)
            version = stored.streamVersion
        }
        return AppendResult(offsets: offsets, streamVersion: version, wasAlreadyStored: true)
    }

    /// Checks that a stream at `current` (nil: no events) is what `expected` asks.
    ///
    /// - Throws: ``LogError/wrongExpectedVersion(stream:expected:actual:)``.
    public static func check(_ expected: ExpectedVersion, of stream: String, current: UInt64?) throws(LogError) {
        switch expected {
        case .any: return
        case .noStream where current == nil: return
        case let .exact(version) where current == version: return
        default: throw .wrongExpectedVersion(stream: stream, expected: expected, actual: current)
        }
    }
}
