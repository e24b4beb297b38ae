import Foundation

/// An event to append: what the caller supplies; the log assigns offset and stream version.
public struct ProposedEvent: Sendable, Equatable {
    /// Unique id. Appending an id that is already stored is a no-op when the content is the
    /// same (so a retry is safe) and an error when it differs.
    public var id: UUID
    /// The event type's name, 1 to 255 UTF-8 bytes.
    public var type: String
    /// The schema version the payload is encoded with.
    public var schemaVersion: UInt16
    /// The encoded event, at most 16 MiB.
    public var payload: [UInt8]
    /// When it was recorded; nil means now. Importers pass the original time.
    public var recordedAt: Date?
    /// Correlates the events of one operation.
    public var correlationID: UUID?
    /// The event or command that caused this one.
    public var causationID: UUID?

    /// An event to append.
    public init(id: UUID = UUID(), type: String, schemaVersion: UInt16 = 1, payload: [UInt8],
                recordedAt: Date? = nil, correlationID: UUID? = nil, causationID: UUID? = nil) {
        self.id = id
        self.type = type
        self.schemaVersion = schemaVersion
        self.payload = payload
        self.recordedAt = recordedAt
        self.correlationID = correlationID
        self.causationID = causationID
    }

    /// Whether `record` holds this event: same id, stream, type, schema, ids and payload, and
    /// the same recorded-at when this event names one.
    public func isStored(in record: LogRecord, stream: String) -> Bool {
        record.eventID == id && record.streamID == stream && record.eventType == type
            && record.schemaVersion == schemaVersion && record.correlationID == correlationID
            && record.causationID == causationID
            && (recordedAt == nil || recordedAt?.microsecondsSince1970 == record.recordedAtMicroseconds)
            && record.withPayloadBytes { $0.elementsEqual(payload) }
    }
}

/// What an append expects of its stream, checked atomically with the append.
public enum ExpectedVersion: Sendable, Equatable, CustomStringConvertible {
    /// No check.
    case any
    /// The stream must not exist yet.
    case noStream
    /// The stream's last event must have this version (versions count from 0).
    case exact(UInt64)

    public var description: String {
        switch self {
        case .any: return "any version"
        case .noStream: return "no stream"
        case let .exact(version): return "version \(version)"
        }
    }
}

/// What an append stored.
public struct AppendResult: Sendable, Equatable {
    /// The offsets of the appended events, in order.
    public var offsets: [UInt64]
    /// The stream's version after the append.
    public var streamVersion: UInt64
    /// True when every event was already stored (a retry): nothing new was written.
    public var wasAlreadyStored: Bool

    /// An outcome from its parts, for a storage's own append (``LogWriter``).
    public init(offsets: [UInt64], streamVersion: UInt64, wasAlreadyStored: Bool) {
        self.offsets = offsets
        self.streamVersion = streamVersion
        self.wasAlreadyStored = wasAlreadyStored
    }
}
