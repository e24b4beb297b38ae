import Foundation

/// The byte layout of one record inside a block's decompressed content.
///
/// ```
/// 0   u32  length of the rest of the record
/// 4   u64  offset
/// 12  i64  recorded-at, microseconds since 1970
/// 20  16B  event id (UUID)
/// 36  u64  version within the stream (0 for its first event)
/// 44  u16  schema version of the event type
/// 46  u8   flags: bit 0 correlation id present, bit 1 causation id present
/// 47  u8   reserved, 0
/// 48  u16  stream id length S
/// 50  u16  event type length T
/// 52  u32  payload length P
/// 56  S    stream id, UTF-8
///     T    event type, UTF-8
///     16B  correlation id, when flagged
///     16B  causation id, when flagged
///     P    payload
/// ```
/// Fixed-width fields parse without branching; LZ4 removes the zeros they carry.
package enum RecordLayout {
    package static let fixedSize = 56
    package static let lengthFieldSize = 4
    static let correlationFlag: UInt8 = 1
    static let causationFlag: UInt8 = 2

    /// Limits enforced when appending and when parsing.
    static let maxStreamIDBytes = 255
    static let maxEventTypeBytes = 255
    static let maxPayloadBytes = 16 << 20
    /// One append is one block (or part of one), whose sizes are 32-bit: keep well below.
    static let maxAppendBytes = 256 << 20

    /// Appends one record's bytes to `writer`.
    static func write(offset: UInt64, recordedAt: Int64, streamVersion: UInt64, streamID: [UInt8],
                      event: ProposedEvent, eventType: [UInt8], to writer: inout ByteWriter) {
        var flags: UInt8 = 0
        if event.correlationID != nil { flags |= correlationFlag }
        if event.causationID != nil { flags |= causationFlag }
        let idBytes = (event.correlationID == nil ? 0 : 16) + (event.causationID == nil ? 0 : 16)
        let length = fixedSize - lengthFieldSize + streamID.count + eventType.count + idBytes + event.payload.count
        writer.write(UInt32(length))
        writer.write(offset)
        writer.write(recordedAt)
        writeUUID(event.id, to: &writer)
        writer.write(streamVersion)
        writer.write(event.schemaVersion)
        writer.write(flags)
        writer.write(UInt8(0))
        writer.write(UInt16(streamID.count))
        writer.write(UInt16(eventType.count))
        writer.write(UInt32(event.payload.count))
        writer.write(bytes: streamID)
        writer.write(bytes: eventType)
        if let correlation = event.correlationID { writeUUID(correlation, to: &writer) }
        if let causation = event.causationID { writeUUID(causation, to: &writer) }
        writer.write(bytes: event.payload)
    }

    static func writeUUID(_ id: UUID, to writer: inout ByteWriter) {
        withUnsafeBytes(of: id.uuid) { writer.write(bytes: $0) }
    }

    static func readUUID(_ buffer: UnsafeRawBufferPointer, at position: Int) -> UUID {
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &raw) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[position..<(position + 16)]))
        }
        return UUID(uuid: raw)
    }
}
