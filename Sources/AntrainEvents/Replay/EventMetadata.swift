import AntrainLog
import Foundation

/// What a record says about the event it holds, besides the event itself: where it is in
/// the log, its stream, its id and when it was recorded.
///
/// ```swift
/// struct LastSeen: EventVisitor {
///     var offset: UInt64 = 0
///     mutating func visit(_ event: SetLogged, _ stored: EventMetadata) { offset = stored.offset }
/// }
/// ```
///
/// A visitor gets it beside each event. It holds no event, so a replay can hand out events
/// from typed columns (``EventColumns``) with no existential box per event.
public struct EventMetadata: Sendable, Equatable {
    /// The record's global offset.
    public var offset: UInt64
    /// The stream.
    public var streamID: String
    /// The event's version within its stream.
    public var streamVersion: UInt64
    /// The event's id.
    public var eventID: UUID
    /// When it was recorded.
    public var recordedAt: Timestamp
    /// The schema version it was stored with (the event itself is always the current shape).
    public var storedSchemaVersion: UInt16
    /// Correlation id, if any.
    public var correlationID: UUID?
    /// Causation id, if any.
    public var causationID: UUID?

    /// Metadata from its parts.
    public init(offset: UInt64, streamID: String, streamVersion: UInt64, eventID: UUID, recordedAt: Timestamp,
                storedSchemaVersion: UInt16, correlationID: UUID? = nil, causationID: UUID? = nil) {
        self.offset = offset
        self.streamID = streamID
        self.streamVersion = streamVersion
        self.eventID = eventID
        self.recordedAt = recordedAt
        self.storedSchemaVersion = storedSchemaVersion
        self.correlationID = correlationID
        self.causationID = causationID
    }

    /// The metadata of the record `record` views, of the stream `streamID`, built already.
    init(record: RecordView, streamID: String) {
        self.init(offset: record.offset, streamID: streamID, streamVersion: record.streamVersion, eventID: record.eventID,
                  recordedAt: Timestamp(microsecondsSince1970: record.recordedAtMicroseconds),
                  storedSchemaVersion: record.schemaVersion, correlationID: record.correlationID,
                  causationID: record.causationID)
    }
}
