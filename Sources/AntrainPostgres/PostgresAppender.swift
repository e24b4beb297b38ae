import AntrainLog
import Crypto
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// The appends of one open log, each its own transaction on a connection of its own, one at
/// a time (an actor alone would interleave two transactions at their suspension points).
actor PostgresAppender {
    let connection: PostgresConnection
    let logID: Int64
    let name: String
    let logger: Logger
    /// The append running or last queued: the next one starts after it.
    private var tail: Task<Void, Never>?
    /// How long an append waits for another process's append to the same log.
    static let lockTimeoutSeconds = 10

    init(connection: PostgresConnection, logID: Int64, name: String, logger: Logger) {
        self.connection = connection
        self.logID = logID
        self.name = name
        self.logger = logger
    }

    /// Appends in one transaction, after the appends queued before it.
    func append(_ events: [ProposedEvent], to stream: String, expectedVersion: ExpectedVersion) async throws -> AppendResult {
        let previous = tail
        let work = Task { () async throws -> AppendResult in
            await previous?.value
            return try await self.transaction(events, stream, expectedVersion)
        }
        tail = Task { _ = try? await work.value }
        return try await work.value
    }

    func close() async {
        await tail?.value
        try? await connection.close()
    }

    private func transaction(_ events: [ProposedEvent], _ stream: String, _ expected: ExpectedVersion) async throws -> AppendResult {
        do {
            try await connection.query("BEGIN", logger: logger)
        } catch {
            throw PostgresLogError.server(String(reflecting: error))
        }
        do {
            let result = try await appendInTransaction(events, stream, expected)
            try await connection.query("COMMIT", logger: logger)
            return result
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            if error is LogError || error is PostgresLogError { throw error }
            if let failure = error as? PSQLError, failure.serverInfo?[.sqlState] == "55P03" {
                throw PostgresLogError.lockTimeout(log: name, seconds: Self.lockTimeoutSeconds)
            }
            throw PostgresLogError.server(String(reflecting: error))
        }
    }

    private func appendInTransaction(_ events: [ProposedEvent], _ stream: String, _ expected: ExpectedVersion) async throws -> AppendResult {
        try await connection.query("SET LOCAL lock_timeout = \(unescaped: "'\(Self.lockTimeoutSeconds)s'")", logger: logger)
        // The log's row first: every append to this log waits here for the one before to commit.
        var head: (next: UInt64, chain: ChainHash)?
        for try await (next, chain) in try await connection.query(
            "SELECT next_position, head FROM antrain_logs WHERE log_id = \(logID) FOR UPDATE", logger: logger)
            .decode((Int64, ByteBuffer).self) {
            head = (UInt64(next), ChainHash(bytes: Array(chain.readableBytesView)))
        }
        guard let head else { throw PostgresLogError.noSuchLog(name) }
        let stored = try await storedRecords(of: events.map(\.id))
        if let retry = try AppendRules.retry(events, stream: stream, storedOffset: { stored[$0]?.offset },
                                             record: { offset in stored.values.first { $0.offset == offset } }) {
            return retry
        }
        var current: UInt64?
        for try await version in try await connection.query(
            "SELECT version FROM antrain_streams WHERE log_id = \(logID) AND stream = \(stream)", logger: logger).decode(Int64.self) {
            current = UInt64(version)
        }
        try AppendRules.check(expected, of: stream, current: current)

        let now = Date().microsecondsSince1970
        var builder = RecordBatchBuilder()
        var version = current.map { $0 + 1 } ?? 0
        for (index, event) in events.enumerated() {
            builder.add(event, offset: head.next + UInt64(index), recordedAtMicroseconds: event.recordedAt?.microsecondsSince1970 ?? now,
                        streamID: stream, streamVersion: version)
            version += 1
        }
        let batch = builder.build(end: nil)
        let end = head.next + UInt64(events.count)
        let chain = PostgresChain.next(head.chain, batch.storedBytes)
        try await insert(batch.records, stream: stream)
        try await connection.query("""
            INSERT INTO antrain_commits (log_id, first_position, end_position, chain)
            VALUES (\(logID), \(Int64(head.next)), \(Int64(end)), \(ByteBuffer(bytes: chain.bytes)))
            """, logger: logger)
        try await connection.query("""
            INSERT INTO antrain_streams (log_id, stream, version) VALUES (\(logID), \(stream), \(Int64(version - 1)))
            ON CONFLICT (log_id, stream) DO UPDATE SET version = excluded.version
            """, logger: logger)
        try await connection.query("""
            UPDATE antrain_logs SET next_position = \(Int64(end)), head = \(ByteBuffer(bytes: chain.bytes)) WHERE log_id = \(logID)
            """, logger: logger)
        return AppendResult(offsets: Array(head.next..<end), streamVersion: version - 1, wasAlreadyStored: false)
    }

    /// The records of `ids` the log holds, by id.
    private func storedRecords(of ids: [UUID]) async throws -> [UUID: LogRecord] {
        let rows = try await connection.query(
            "\(unescaped: PostgresEventRows.columns) FROM antrain_events WHERE log_id = \(logID) AND event_id = ANY(\(ids))",
            logger: logger)
        var found: [UUID: LogRecord] = [:]
        for try await row in rows {
            let record = try PostgresEventRows.record(row)
            found[record.eventID] = record
        }
        return found
    }

    /// Inserts the events of one append in one statement, a column per array.
    private func insert(_ records: RecordBatch.Records, stream: String) async throws {
        let columns = PostgresEventRows.Columns(records)
        try await connection.query("""
            INSERT INTO antrain_events (log_id, position, event_id, stream, stream_version, event_type, schema_version,
                                        recorded_at_us, correlation_id, causation_id, payload)
            SELECT \(logID), position, event_id, \(stream), stream_version, event_type, schema_version, recorded_at_us,
                   NULLIF(correlation_id, '')::uuid, NULLIF(causation_id, '')::uuid, payload
            FROM UNNEST(\(columns.positions)::bigint[], \(columns.ids)::uuid[], \(columns.versions)::bigint[],
                        \(columns.types)::text[], \(columns.schemas)::integer[], \(columns.times)::bigint[],
                        \(columns.correlations)::text[], \(columns.causations)::text[], \(columns.payloads)::bytea[])
                 AS e(position, event_id, stream_version, event_type, schema_version, recorded_at_us,
                      correlation_id, causation_id, payload)
            """, logger: logger)
    }
}
