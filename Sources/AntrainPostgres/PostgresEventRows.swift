import AntrainLog
import Crypto
import Foundation
import NIOCore
import PostgresNIO

/// Rows of `antrain_events` and the records they hold: read into the log's record layout
/// (``RecordBatchBuilder``), so a record reads the same from the server as from a directory.
enum PostgresEventRows {
    /// The select list every read of events uses, in the order ``record(_:)`` decodes.
    static let columns = """
        SELECT position, event_id, stream, stream_version, event_type, schema_version, recorded_at_us,
               correlation_id, causation_id, payload
        """

    /// The record a row holds.
    static func record(_ row: PostgresRow) throws -> LogRecord {
        var builder = RecordBatchBuilder()
        try add(row, to: &builder)
        return builder.build(end: nil).records[0]
    }

    /// Lays out the record a row holds at the end of `builder`.
    static func add(_ row: PostgresRow, to builder: inout RecordBatchBuilder) throws {
        let (position, id, stream, version, type, schema, time, correlation, causation, payload) =
            try row.decode((Int64, UUID, String, Int64, String, Int32, Int64, UUID?, UUID?, ByteBuffer).self)
        let event = ProposedEvent(id: id, type: type, schemaVersion: UInt16(clamping: schema),
                                  payload: Array(payload.readableBytesView), correlationID: correlation, causationID: causation)
        builder.add(event, offset: UInt64(position), recordedAtMicroseconds: time, streamID: stream, streamVersion: UInt64(version))
    }

    /// Lays out `record` as ``add(_:to:)`` lays out its row once stored: the bytes a copied
    /// commit's chain hashes, so that `verify`, reading the rows back, finds the same.
    static func add(_ record: LogRecord, to builder: inout RecordBatchBuilder) {
        let event = ProposedEvent(id: record.eventID, type: record.eventType, schemaVersion: record.schemaVersion,
                                  payload: record.payload, correlationID: record.correlationID, causationID: record.causationID)
        builder.add(event, offset: record.offset, recordedAtMicroseconds: record.recordedAtMicroseconds,
                    streamID: record.streamID, streamVersion: record.streamVersion)
    }

    /// Records as arrays, one per column, for `INSERT ... SELECT FROM UNNEST`.
    struct Columns {
        var positions: [Int64] = []
        var ids: [UUID] = []
        var streams: [String] = []
        var versions: [Int64] = []
        var types: [String] = []
        var schemas: [Int32] = []
        var times: [Int64] = []
        /// Empty for none: arrays of optional values are not bound, so `NULLIF` restores them.
        var correlations: [String] = []
        var causations: [String] = []
        var payloads: [ByteBuffer] = []

        init() {}

        init(_ records: RecordBatch.Records) {
            for record in records { add(record) }
        }

        mutating func add(_ record: LogRecord) {
            positions.append(Int64(record.offset))
            ids.append(record.eventID)
            streams.append(record.streamID)
            versions.append(Int64(record.streamVersion))
            types.append(record.eventType)
            schemas.append(Int32(record.schemaVersion))
            times.append(record.recordedAtMicroseconds)
            correlations.append(record.correlationID?.uuidString ?? "")
            causations.append(record.causationID?.uuidString ?? "")
            payloads.append(record.withPayloadBytes { ByteBuffer(bytes: $0) })
        }
    }
}

/// This storage's chain (docs/FORMAT.md, "The log on PostgreSQL"): each commit's hash is
/// SHA-256 over the hash before it and the commit's records in the log's record layout.
enum PostgresChain {
    static func next(_ previous: ChainHash, _ records: [UInt8]) -> ChainHash {
        var hasher = SHA256()
        previous.bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        records.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return ChainHash(bytes: Array(hasher.finalize()))
    }
}
