import AntrainLog
import Foundation

/// A decoded event with the metadata of the record that holds it.
public struct StoredEvent: Sendable {
    /// The record's metadata: what a visitor gets beside the event.
    public let metadata: EventMetadata
    /// The event, upcast to its current shape.
    public let event: any DomainEvent

    /// The record's global offset.
    public var offset: UInt64 { metadata.offset }
    /// The stream.
    public var streamID: String { metadata.streamID }
    /// The event's version within its stream.
    public var streamVersion: UInt64 { metadata.streamVersion }
    /// The event's id.
    public var eventID: UUID { metadata.eventID }
    /// When it was recorded.
    public var recordedAt: Timestamp { metadata.recordedAt }
    /// The schema version it was stored with (the event itself is always the current shape).
    public var storedSchemaVersion: UInt16 { metadata.storedSchemaVersion }
    /// Correlation id, if any.
    public var correlationID: UUID? { metadata.correlationID }
    /// Causation id, if any.
    public var causationID: UUID? { metadata.causationID }

    /// The event `event` with the metadata of its record.
    public init(metadata: EventMetadata, event: any DomainEvent) {
        self.metadata = metadata
        self.event = event
    }

    /// The event `event`, decoded from `record`.
    public init(record: LogRecord, event: any DomainEvent) {
        self.init(record: record, event: event, streamID: record.streamID)
    }

    /// The event `event`, decoded from `record` of the stream `streamID`, built already.
    init(record: LogRecord, event: any DomainEvent, streamID: String) {
        self = withExtendedLifetime(record) { StoredEvent(record: record.view, event: event, streamID: streamID) }
    }

    /// The event `event`, decoded from the record `record` views, of the stream `streamID`.
    init(record: RecordView, event: any DomainEvent, streamID: String) {
        self.init(metadata: EventMetadata(record: record, streamID: streamID), event: event)
    }

    /// A stored event from its parts: for events read from elsewhere than a log (an
    /// import, or the SQLite peer of the benchmarks) that projections should apply.
    public init(offset: UInt64, streamID: String, streamVersion: UInt64, eventID: UUID, recordedAt: Timestamp,
                storedSchemaVersion: UInt16, correlationID: UUID? = nil, causationID: UUID? = nil, event: any DomainEvent) {
        self.init(metadata: EventMetadata(offset: offset, streamID: streamID, streamVersion: streamVersion, eventID: eventID,
                                          recordedAt: recordedAt, storedSchemaVersion: storedSchemaVersion,
                                          correlationID: correlationID, causationID: causationID),
                  event: event)
    }
}

/// Builds the ``StoredEvent``s of a run of records, such as a replay, sharing one stream id
/// `String` among consecutive records of the same stream.
///
/// A stream id such as `workout-<uuid>` is too long for an inline string, so building one
/// allocates; in log order most records follow one of their own stream (a session's sets, a
/// day's diary), and comparing the bytes in place costs much less than the allocation.
///
/// ```swift
/// var builder = StoredEventBuilder()
/// for record in batch.records {
///     if case let .event(event) = try catalog.decode(record) { handle(builder.make(record, event)) }
/// }
/// ```
public struct StoredEventBuilder: Sendable {
    private var lastStreamID = ""

    /// A builder that has seen no stream yet.
    public init() {}

    /// The stored event `event`, decoded from `record`; equal to `StoredEvent(record:event:)`.
    public mutating func make(_ record: LogRecord, _ event: any DomainEvent) -> StoredEvent {
        withExtendedLifetime(record) { make(record.view, event) }
    }

    /// Decodes the records of `batch` with `catalog` into `columns`, counting every record
    /// in `summary`; records recorded at or after `recordedBefore` (microseconds) are passed
    /// over, unless it is nil.
    ///
    /// The way of a replay: one hold on the batch's bytes for all of its records, and no
    /// existential box per event (see ``EventColumns``).
    public mutating func decode(_ batch: RecordBatch, with catalog: EventCatalog, recordedBefore: Int64? = nil,
                                into columns: inout EventColumns, summary: inout ReplaySummary) throws(EventDecodingError) {
        try batch.forEachRecord { (record) throws(EventDecodingError) in
            if let recordedBefore, record.recordedAtMicroseconds >= recordedBefore { return }
            if let skipped = try catalog.decode(record, into: &columns, metadata: { metadata(of: $0) }) {
                summary.count(skipped)
            } else {
                summary.decoded += 1
            }
        }
    }

    /// The stored event `event`, decoded from the record `record` views.
    mutating func make(_ record: RecordView, _ event: any DomainEvent) -> StoredEvent {
        StoredEvent(record: record, event: event, streamID: sharedStreamID(record))
    }

    /// The metadata of the record `record` views.
    mutating func metadata(of record: RecordView) -> EventMetadata {
        EventMetadata(record: record, streamID: sharedStreamID(record))
    }

    /// The record's stream id: the last one's string again when the bytes are the same.
    private mutating func sharedStreamID(_ record: RecordView) -> String {
        let bytes = record.streamIDBytes
        let same = lastStreamID.utf8.withContiguousStorageIfAvailable { last in
            last.count == bytes.count && (last.isEmpty || memcmp(last.baseAddress!, bytes.baseAddress!, last.count) == 0)
        } ?? false
        if !same { lastStreamID = record.streamID }
        return lastStreamID
    }
}

/// What reading a record's payload gave.
public enum DecodedPayload: Sendable {
    /// A known event, in its current shape.
    case event(any DomainEvent)
    /// A type this build does not know (written by a newer build): skipped, left untouched.
    case unknownType(String)
    /// A known type stored with a version newer than this build's: skipped, left untouched.
    case newerVersion(type: String, version: UInt16)
}

/// A known event type's payload that does not decode: damage or a bug, never skipped silently.
public struct EventDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The record's offset.
    public var offset: UInt64
    /// The event type.
    public var eventType: String
    /// The stored schema version.
    public var schemaVersion: UInt16
    /// What the codec found.
    public var underlying: CodecError

    public var description: String {
        "the \(eventType) (schema version \(schemaVersion)) at offset \(offset) does not decode: \(underlying)"
    }
}

/// Counts of what a replay read and what it skipped.
public struct ReplaySummary: Sendable, Equatable {
    /// Events decoded and handed over.
    public var decoded = 0
    /// Records of unknown types skipped, by type.
    public var skippedUnknownTypes: [String: Int] = [:]
    /// Records of known types with a newer schema version skipped, by type.
    public var skippedNewerVersions: [String: Int] = [:]

    /// Every record skipped.
    public var skipped: Int { skippedUnknownTypes.values.reduce(0, +) + skippedNewerVersions.values.reduce(0, +) }

    /// Nothing read yet.
    public init() {}

    /// Counts one decoded payload.
    public mutating func count(_ payload: DecodedPayload) {
        switch payload {
        case .event: decoded += 1
        case let .unknownType(type): skippedUnknownTypes[type, default: 0] += 1
        case let .newerVersion(type, _): skippedNewerVersions[type, default: 0] += 1
        }
    }
}
