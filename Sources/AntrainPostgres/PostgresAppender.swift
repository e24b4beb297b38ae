import AntrainLog
import Crypto
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// The appends of one open log, each its own transaction on a connection of its own (made by
/// the first append: an open that only reads, as a query's, makes one connection less), one at
/// a time (an actor alone would interleave two transactions at their suspension points).
actor PostgresAppender {
    let configuration: PostgresConnection.Configuration
    /// The appends' connection, once the first append made it (closed when let go:
    /// ``ServerConnection``).
    private var made: ServerConnection?
    /// The connection of the append running (made by ``begin()`` before anything).
    var connection: ServerConnection { made! }
    let logID: Int64
    let name: String
    let logger: Logger
    /// The append running or last queued: the next one starts after it.
    private var tail: Task<Void, Never>?
    /// How long an append waits for another process's append to the same log, in whole
    /// seconds (PostgreSQL's `lock_timeout`).
    let lockTimeoutSeconds: Int

    init(configuration: PostgresConnection.Configuration, logID: Int64, name: String, lockTimeout: Duration, logger: Logger) {
        self.configuration = configuration
        lockTimeoutSeconds = max(1, Int(lockTimeout.components.seconds))
        self.logID = logID
        self.name = name
        self.logger = logger
    }

    /// Appends in one transaction, after the appends queued before it.
    func append(_ events: [ProposedEvent], to stream: String, expectedVersion: ExpectedVersion) async throws -> AppendResult {
        try await queued { try await self.transaction(idempotent: true) { try await self.appendInTransaction(events, stream, expectedVersion) } }
    }

    /// Stores another log's whole commits in one transaction, after the appends queued
    /// before it (``PostgresLog/appendCopied(_:)``).
    func copy(_ commits: PostgresCopiedCommits) async throws {
        try await queued { try await self.transaction(idempotent: false) { try await self.copyInTransaction(commits) } }
    }

    /// Runs `work` after the work queued before it.
    private func queued<Result: Sendable>(_ work: @escaping @Sendable () async throws -> Result) async throws -> Result {
        let previous = tail
        let task = Task { () async throws -> Result in
            await previous?.value
            return try await work()
        }
        tail = Task { _ = try? await task.value }
        return try await task.value
    }

    func close() async {
        await tail?.value
        await made?.close()
    }

    /// Runs `body` in a transaction. When the server ends the connection (a restart, a
    /// terminated backend) before `COMMIT` was sent, nothing of it was committed, and it runs
    /// again on a new connection. Ended during the `COMMIT`, it may have committed: an
    /// `idempotent` body (an append, whose ids find what a first try stored) runs again too;
    /// another (a copy) throws, and a new copy goes on from where the target ends.
    private func transaction<Result>(idempotent: Bool, _ body: () async throws -> Result) async throws -> Result {
        var attempt = 1
        while true {
            var committing = false
            do {
                try await begin()
                let result = try await body()
                committing = true
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                let lost = PostgresLog.lostConnection(error)
                if !lost { _ = try? await made?.query("ROLLBACK", logger: logger) }
                // Closed now, so that the next attempt connects again rather than find the
                // ended connection still closing.
                if lost { await made?.close() }
                if lost, !committing || idempotent, attempt < 3 {
                    attempt += 1
                    continue
                }
                if error is LogError || error is PostgresLogError || error is LogCopyError { throw error }
                if let failure = error as? PSQLError, failure.serverInfo?[.sqlState] == "55P03" {
                    throw PostgresLogError.lockTimeout(log: name, seconds: lockTimeoutSeconds)
                }
                throw PostgresLogError.server(String(reflecting: error))
            }
        }
    }

    /// Begins a transaction on the appends' connection, made at the first append and again
    /// when the server dropped it.
    private func begin() async throws {
        if made?.isClosed ?? true {
            made = try await ServerConnection.connect(configuration, id: 2, logger: logger)
        }
        try await connection.query("BEGIN", logger: logger)
    }

    private func appendInTransaction(_ events: [ProposedEvent], _ stream: String, _ expected: ExpectedVersion) async throws -> AppendResult {
        try await connection.query("SET LOCAL lock_timeout = \(unescaped: "'\(lockTimeoutSeconds)s'")", logger: logger)
        // The log's row first: every append to this log waits here for the one before to commit.
        var head: (next: UInt64, chain: ChainHash)?
        for row in try await connection.query("SELECT next_position, head FROM antrain_logs WHERE log_id = \(logID) FOR UPDATE",
                                               logger: logger) {
            let (next, chain) = try row.decode((Int64, ByteBuffer).self)
            head = (UInt64(next), ChainHash(bytes: Array(chain.readableBytesView)))
        }
        guard let head else { throw PostgresLogError.noSuchLog(name) }
        let stored = try await storedRecords(of: events.map(\.id))
        if let retry = try AppendRules.retry(events, stream: stream, storedOffset: { stored[$0]?.offset },
                                             record: { offset in stored.values.first { $0.offset == offset } }) {
            return retry
        }
        var current: UInt64?
        for row in try await connection.query("SELECT version FROM antrain_streams WHERE log_id = \(logID) AND stream = \(stream)",
                                               logger: logger) {
            current = UInt64(try row.decode(Int64.self))
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
        try await insert(PostgresEventRows.Columns(batch.records))
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
        // Delivered at the commit, to every process listening on the log (its subscribers).
        try await connection.query("SELECT pg_notify(\(PostgresAppendListener.channel(of: logID)), \(String(end)))", logger: logger)
        return AppendResult(offsets: Array(head.next..<end), streamVersion: version - 1, wasAlreadyStored: false)
    }

    /// The records of `ids` the log holds, by id.
    private func storedRecords(of ids: [UUID]) async throws -> [UUID: LogRecord] {
        let rows = try await connection.query(
            "\(unescaped: PostgresEventRows.columns) FROM antrain_events WHERE log_id = \(logID) AND event_id = ANY(\(ids))",
            logger: logger)
        var found: [UUID: LogRecord] = [:]
        for row in rows {
            let record = try PostgresEventRows.record(row)
            found[record.eventID] = record
        }
        return found
    }

    /// Inserts records in one statement, a column per array.
    func insert(_ columns: PostgresEventRows.Columns) async throws {
        try await connection.query("""
            INSERT INTO antrain_events (log_id, position, event_id, stream, stream_version, event_type, schema_version,
                                        recorded_at_us, correlation_id, causation_id, payload)
            SELECT \(logID), position, event_id, stream, stream_version, event_type, schema_version, recorded_at_us,
                   NULLIF(correlation_id, '')::uuid, NULLIF(causation_id, '')::uuid, payload
            FROM UNNEST(\(columns.positions)::bigint[], \(columns.ids)::uuid[], \(columns.streams)::text[], \(columns.versions)::bigint[],
                        \(columns.types)::text[], \(columns.schemas)::integer[], \(columns.times)::bigint[],
                        \(columns.correlations)::text[], \(columns.causations)::text[], \(columns.payloads)::bytea[])
                 AS e(position, event_id, stream, stream_version, event_type, schema_version, recorded_at_us,
                      correlation_id, causation_id, payload)
            """, logger: logger)
    }
}
