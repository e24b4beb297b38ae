import Foundation

/// The fields of one checked record, read from a block's bytes in place: what
/// ``LogRecord`` reads through, and what a replay reads without holding the block's storage
/// once per record.
///
/// It does not keep the bytes alive: it is only made, and used, while something else holds
/// its block's ``RecordStorage`` (a ``LogRecord``, or ``LogBlock/forEachRecord(_:)``). A
/// replay of millions of records spent a tenth of its reading time retaining and releasing
/// the block's storage for each record's view.
package struct RecordView {
    /// The block's decompressed bytes.
    let bytes: UnsafeRawBufferPointer
    /// Where the record's length field is.
    let start: Int

    @inline(__always)
    private func load<T: FixedWidthInteger>(_ position: Int, as _: T.Type) -> T {
        T(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: T.self))
    }

    package var offset: UInt64 { load(start + 4, as: UInt64.self) }
    package var recordedAtMicroseconds: Int64 { load(start + 12, as: Int64.self) }
    package var streamVersion: UInt64 { load(start + 36, as: UInt64.self) }
    package var schemaVersion: UInt16 { load(start + 44, as: UInt16.self) }
    var flags: UInt8 { load(start + 46, as: UInt8.self) }
    var streamIDLength: Int { Int(load(start + 48, as: UInt16.self)) }
    var eventTypeLength: Int { Int(load(start + 50, as: UInt16.self)) }
    var payloadSize: Int { Int(load(start + 52, as: UInt32.self)) }
    /// Bytes the record occupies, length field included.
    var storedLength: Int { Int(load(start, as: UInt32.self)) + RecordLayout.lengthFieldSize }

    private var streamIDStart: Int { start + RecordLayout.fixedSize }
    private var eventTypeStart: Int { streamIDStart + streamIDLength }
    private var idsStart: Int { eventTypeStart + eventTypeLength }
    private var payloadStart: Int {
        idsStart + (flags & RecordLayout.correlationFlag != 0 ? 16 : 0) + (flags & RecordLayout.causationFlag != 0 ? 16 : 0)
    }

    package var eventID: UUID { RecordLayout.readUUID(bytes, at: start + 20) }
    package var correlationID: UUID? {
        guard flags & RecordLayout.correlationFlag != 0 else { return nil }
        return RecordLayout.readUUID(bytes, at: idsStart)
    }
    package var causationID: UUID? {
        guard flags & RecordLayout.causationFlag != 0 else { return nil }
        return RecordLayout.readUUID(bytes, at: idsStart + (flags & RecordLayout.correlationFlag != 0 ? 16 : 0))
    }

    package var streamIDBytes: UnsafeRawBufferPointer { slice(streamIDStart, streamIDLength) }
    package var eventTypeBytes: UnsafeRawBufferPointer { slice(eventTypeStart, eventTypeLength) }
    package var payloadBytes: UnsafeRawBufferPointer { slice(payloadStart, payloadSize) }
    /// The record's bytes as stored, length field included.
    var storedBytes: UnsafeRawBufferPointer { slice(start, storedLength) }

    package var streamID: String { String(decoding: streamIDBytes, as: UTF8.self) }
    package var eventType: String { String(decoding: eventTypeBytes, as: UTF8.self) }

    private func slice(_ position: Int, _ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
    }
}
