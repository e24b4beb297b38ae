import Foundation

/// One record of the log, as read: its metadata and payload bytes.
///
/// A record is a view into its block's decompressed bytes (two words: the block's storage and
/// a position), whose structure was checked when the block was read. Every field is loaded
/// from memory when asked for; strings and payload are built only then.
public struct LogRecord: Sendable {
    let storage: RecordStorage
    let start: Int

    /// The fields, read in place; valid while this record (which holds the storage) is.
    package var view: RecordView { RecordView(bytes: storage.bytes, start: start) }

    /// Global offset, gapless from 0.
    public var offset: UInt64 { view.offset }
    /// Recorded-at, microseconds since 1970-01-01T00:00:00Z.
    public var recordedAtMicroseconds: Int64 { view.recordedAtMicroseconds }
    /// Version of this record within its stream, 0 for the stream's first event.
    public var streamVersion: UInt64 { view.streamVersion }
    /// Schema version of the event type that the payload was encoded with.
    public var schemaVersion: UInt16 { view.schemaVersion }
    /// Bytes of the payload.
    public var payloadSize: Int { view.payloadSize }

    /// The event's unique id.
    public var eventID: UUID { view.eventID }
    /// The stream the event belongs to.
    public var streamID: String { view.streamID }
    /// The event type's name.
    public var eventType: String { view.eventType }
    /// When the event was recorded.
    public var recordedAt: Date { Date(microsecondsSince1970: recordedAtMicroseconds) }
    /// The id correlating this event with others of one operation, if any.
    public var correlationID: UUID? { view.correlationID }
    /// The id of the event or command that caused this one, if any.
    public var causationID: UUID? { view.causationID }
    /// The payload bytes (a copy).
    public var payload: [UInt8] { withPayloadBytes { Array($0) } }

    /// Calls `body` with the payload bytes in place, without copying them.
    public func withPayloadBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(view.payloadBytes) }
    }

    /// Whether the stream id's UTF-8 bytes equal `utf8`, without building a string.
    public func hasStreamID(utf8: [UInt8]) -> Bool {
        withExtendedLifetime(storage) { view.streamIDBytes.elementsEqual(utf8) }
    }

    /// Whether the event type's UTF-8 bytes equal `utf8`, without building a string.
    public func hasEventType(utf8: [UInt8]) -> Bool {
        withExtendedLifetime(storage) { view.eventTypeBytes.elementsEqual(utf8) }
    }

    /// The stream id's UTF-8 bytes, in place (valid while the record is).
    package var streamIDBytes: UnsafeRawBufferPointer { view.streamIDBytes }
    /// The event type's UTF-8 bytes, in place (valid while the record is).
    package var eventTypeBytes: UnsafeRawBufferPointer { view.eventTypeBytes }

    /// The record's bytes exactly as stored (length field included).
    public var storedBytes: [UInt8] { withExtendedLifetime(storage) { Array(view.storedBytes) } }

    /// Bytes the record occupies, length field included.
    package var storedLength: Int { view.storedLength }

    /// Checks the structure of the record at `position`: every length against the bytes that
    /// remain. Returns the bytes it occupies. Only checked records are ever viewed.
    static func check(_ raw: UnsafeRawBufferPointer, at position: Int) throws(FormatError) -> Int {
        var reader = ByteReader(raw, position: position)
        let length = Int(try reader.read(UInt32.self, field: "record length"))
        guard length >= RecordLayout.fixedSize - RecordLayout.lengthFieldSize, length <= reader.remaining else {
            throw .invalid(field: "record length", reason: "\(length) does not fit the \(reader.remaining) bytes left in the block")
        }
        try reader.skip(32, field: "offset, time and event id")
        // Stream versions stay below 2^63, like offsets, so that the writer's next version
        // cannot overflow whatever a record that checks out says.
        let streamVersion: UInt64 = try reader.read(field: "stream version")
        guard streamVersion <= UInt64(Int64.max) else {
            throw .invalid(field: "stream version", reason: "\(streamVersion) is not below 2^63")
        }
        try reader.skip(2, field: "schema version")
        let flags: UInt8 = try reader.read(field: "flags")
        guard flags & ~(RecordLayout.correlationFlag | RecordLayout.causationFlag) == 0 else {
            throw .invalid(field: "record flags", reason: "unknown bits 0x\(String(flags, radix: 16))")
        }
        try reader.skip(1, field: "reserved")
        let streamLength = Int(try reader.read(UInt16.self, field: "stream id length"))
        let typeLength = Int(try reader.read(UInt16.self, field: "event type length"))
        let payloadLength = Int(try reader.read(UInt32.self, field: "payload length"))
        let ids = (flags & RecordLayout.correlationFlag != 0 ? 16 : 0) + (flags & RecordLayout.causationFlag != 0 ? 16 : 0)
        guard streamLength > 0, typeLength > 0,
              RecordLayout.fixedSize - RecordLayout.lengthFieldSize + streamLength + typeLength + ids + payloadLength == length
        else {
            throw .invalid(field: "record field lengths", reason: "stream \(streamLength), type \(typeLength), payload \(payloadLength) do not add up to \(length)")
        }
        return length + RecordLayout.lengthFieldSize
    }
}

extension Date {
    /// The instant `microseconds` after 1970-01-01T00:00:00Z.
    public init(microsecondsSince1970 microseconds: Int64) {
        self.init(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }

    /// Microseconds since 1970, rounded to the nearest: the precision the log stores.
    public var microsecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1_000_000).rounded()) }
}
