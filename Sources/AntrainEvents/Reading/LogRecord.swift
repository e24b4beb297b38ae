import Foundation

/// The decompressed records of one block, shared by the ``LogRecord`` views into it.
final class RecordStorage: Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// One record of the log, as read: its metadata and payload bytes.
///
/// A record is a view into its block's decompressed bytes: reading a block allocates once,
/// and the strings and payload are materialised only when asked for. Fixed-width fields are
/// read eagerly.
public struct LogRecord: Sendable {
    let storage: RecordStorage
    let start: Int
    let streamIDLength: Int
    let eventTypeLength: Int
    let flags: UInt8
    let payloadLength: Int

    /// Global offset, gapless from 0.
    public let offset: UInt64
    /// Version of this record within its stream, 0 for the stream's first event.
    public let streamVersion: UInt64
    /// Recorded-at, microseconds since 1970-01-01T00:00:00Z.
    public let recordedAtMicroseconds: Int64
    /// Schema version of the event type that the payload was encoded with.
    public let schemaVersion: UInt16

    private var streamIDStart: Int { start + RecordLayout.fixedSize }
    private var eventTypeStart: Int { streamIDStart + streamIDLength }
    private var idsStart: Int { eventTypeStart + eventTypeLength }
    private var payloadStart: Int { idsStart + ((flags & RecordLayout.correlationFlag) != 0 ? 16 : 0)
        + ((flags & RecordLayout.causationFlag) != 0 ? 16 : 0) }

    /// The event's unique id.
    public var eventID: UUID { storage.bytes.withUnsafeBytes { RecordLayout.readUUID($0, at: start + 20) } }
    /// The stream the event belongs to.
    public var streamID: String { string(at: streamIDStart, count: streamIDLength) }
    /// The event type's name.
    public var eventType: String { string(at: eventTypeStart, count: eventTypeLength) }
    /// When the event was recorded.
    public var recordedAt: Date { Date(microsecondsSince1970: recordedAtMicroseconds) }
    /// The id correlating this event with others of one operation, if any.
    public var correlationID: UUID? {
        guard flags & RecordLayout.correlationFlag != 0 else { return nil }
        return storage.bytes.withUnsafeBytes { RecordLayout.readUUID($0, at: idsStart) }
    }
    /// The id of the event or command that caused this one, if any.
    public var causationID: UUID? {
        guard flags & RecordLayout.causationFlag != 0 else { return nil }
        let at = idsStart + ((flags & RecordLayout.correlationFlag) != 0 ? 16 : 0)
        return storage.bytes.withUnsafeBytes { RecordLayout.readUUID($0, at: at) }
    }
    /// The payload bytes (a copy).
    public var payload: [UInt8] { Array(storage.bytes[payloadStart..<(payloadStart + payloadLength)]) }
    /// Bytes of the payload.
    public var payloadSize: Int { payloadLength }

    /// Calls `body` with the payload bytes in place, without copying them.
    public func withPayloadBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[payloadStart..<(payloadStart + payloadLength)])) }
    }

    /// Whether the stream id's UTF-8 bytes equal `utf8`, without building a string.
    public func hasStreamID(utf8: [UInt8]) -> Bool {
        utf8.count == streamIDLength && storage.bytes[streamIDStart..<(streamIDStart + streamIDLength)].elementsEqual(utf8)
    }

    /// Whether the event type's UTF-8 bytes equal `utf8`, without building a string.
    public func hasEventType(utf8: [UInt8]) -> Bool {
        utf8.count == eventTypeLength && storage.bytes[eventTypeStart..<(eventTypeStart + eventTypeLength)].elementsEqual(utf8)
    }

    /// The record's bytes exactly as stored (length field included).
    public var storedBytes: ArraySlice<UInt8> { storage.bytes[start..<(payloadStart + payloadLength)] }

    private func string(at position: Int, count: Int) -> String {
        String(decoding: storage.bytes[position..<(position + count)], as: UTF8.self)
    }

    /// Parses the record at `position`, checking every length against the bytes that remain.
    static func parse(_ storage: RecordStorage, _ raw: UnsafeRawBufferPointer, at position: Int) throws(FormatError) -> LogRecord {
        var reader = ByteReader(raw, position: position)
        let length = Int(try reader.read(UInt32.self, field: "record length"))
        guard length >= RecordLayout.fixedSize - RecordLayout.lengthFieldSize, length <= reader.remaining else {
            throw .invalid(field: "record length", reason: "\(length) does not fit the \(reader.remaining) bytes left in the block")
        }
        let offset: UInt64 = try reader.read(field: "offset")
        let recordedAt: Int64 = try reader.read(field: "recorded-at")
        try reader.skip(16, field: "event id")
        let streamVersion: UInt64 = try reader.read(field: "stream version")
        let schemaVersion: UInt16 = try reader.read(field: "schema version")
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
        return LogRecord(storage: storage, start: position, streamIDLength: streamLength, eventTypeLength: typeLength,
                         flags: flags, payloadLength: payloadLength, offset: offset, streamVersion: streamVersion,
                         recordedAtMicroseconds: recordedAt, schemaVersion: schemaVersion)
    }

    /// Bytes the record occupies, length field included.
    var storedLength: Int { payloadStart + payloadLength - start }
}

extension Date {
    /// The instant `microseconds` after 1970-01-01T00:00:00Z.
    public init(microsecondsSince1970 microseconds: Int64) {
        self.init(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }

    /// Microseconds since 1970, rounded to the nearest: the precision the log stores.
    public var microsecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1_000_000).rounded()) }
}
