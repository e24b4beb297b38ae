import AntrainLog
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A log kept on a PostgreSQL server, one of many in its database: a ``LogReader`` and a
/// ``LogWriter`` as the directory log is, for a service that keeps many athletes' logs.
///
/// ```swift
/// let server = PostgresConnection.Configuration(unixSocketPath: "/run/postgresql/.s.PGSQL.5432",
///                                                username: "antrain", password: nil, database: "antrain")
/// let log = try await PostgresLog.open(server, log: "athlete-42", create: true)
/// try await log.append(events, to: "workout-1", expectedVersion: .noStream)
/// for try await record in log.records(inStream: "workout-1") { print(record.offset) }
/// try await log.close()
/// ```
///
/// Appends to one log are serialised by its row of `antrain_logs`, locked first in each
/// append's transaction (`SELECT ... FOR UPDATE`): positions are assigned, versions and ids
/// checked, the events and the commit inserted and the head moved inside it, so positions
/// are gapless in commit order and a reader never sees a hole that a later commit fills.
/// Appends to different logs take different rows and run in parallel. Each commit chains a
/// SHA-256 over the previous commit's hash and its records in the log's record layout
/// (docs/FORMAT.md, "The log on PostgreSQL"); `verify` recomputes it.
///
/// The reads a fold makes inside a state transaction are synchronous (``LogReader``): they
/// wait for the server on the caller's thread, off the connection's event loop.
public final class PostgresLog: LogWriter, Sendable {
    /// The log's name in its database.
    public let name: String
    let logID: Int64
    /// Reads: single statements, which the connection runs in turn.
    let reader: PostgresConnection
    /// Appends: transactions, one at a time on a connection of their own.
    let appender: PostgresAppender
    let logger: Logger

    init(name: String, logID: Int64, reader: PostgresConnection, appender: PostgresAppender, logger: Logger) {
        self.name = name
        self.logID = logID
        self.reader = reader
        self.appender = appender
        self.logger = logger
    }

    /// Opens the log `name` on the server `configuration` reaches, creating the tables when
    /// missing and the log when `create` is true.
    ///
    /// - Throws: ``PostgresLogError`` when the server cannot be reached, or the log does not
    ///   exist and `create` is false.
    public static func open(_ configuration: PostgresConnection.Configuration, log name: String, create: Bool,
                            logger: Logger = Logger(label: "antrain.postgres")) async throws -> PostgresLog {
        guard !name.isEmpty, name.utf8.count <= 200 else {
            throw PostgresLogError.invalidName(name, reason: "a log's name has 1 to 200 bytes")
        }
        let reader = try await connect(configuration, logger: logger)
        do {
            try await PostgresLogDirectory.createTables(on: reader, logger: logger)
            guard let logID = try await PostgresLogDirectory.logID(named: name, create: create, on: reader, logger: logger) else {
                throw PostgresLogError.noSuchLog(name)
            }
            let writer = try await connect(configuration, logger: logger)
            return PostgresLog(name: name, logID: logID, reader: reader,
                               appender: PostgresAppender(connection: writer, logID: logID, name: name, logger: logger), logger: logger)
        } catch {
            try? await reader.close()
            throw error
        }
    }

    static func connect(_ configuration: PostgresConnection.Configuration, logger: Logger) async throws -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw PostgresLogError.unreachable(String(reflecting: error))
        }
    }

    // MARK: Writing

    /// Appends `events` to `stream` in one transaction, if the stream is at `expectedVersion`.
    @discardableResult
    public func append(_ events: [ProposedEvent], to stream: String, expectedVersion: ExpectedVersion) async throws -> AppendResult {
        try RecordLimits.check(events, stream: stream)
        return try await appender.append(events, to: stream, expectedVersion: expectedVersion)
    }

    /// The version of `stream`'s last event: nil when the stream has no events.
    public func streamVersion(of stream: String) async throws -> UInt64? {
        let rows = try await run("SELECT version FROM antrain_streams WHERE log_id = \(logID) AND stream = \(stream)")
        return try rows.first.map { UInt64(try $0.decode(Int64.self)) }
    }

    /// Nothing to set aside: the server keeps its own files whole, and `verify` reports what
    /// does not chain. Reports the log as it is.
    public func repair() async throws -> RepairReport {
        let end = try await self.end()
        return RepairReport(damage: nil, quarantined: [], bytesMoved: 0, previousEndOffset: end.nextOffset,
                            endOffset: end.nextOffset, chainHead: end.chainHead.hex)
    }

    /// Closes both connections; the log takes no more reads or appends.
    public func close() async throws {
        await appender.close()
        try? await reader.close()
    }

    // MARK: Queries

    /// Runs `query` on the reading connection and returns its rows.
    func run(_ query: PostgresQuery) async throws -> [PostgresRow] {
        do {
            var rows: [PostgresRow] = []
            for try await row in try await reader.query(query, logger: logger) { rows.append(row) }
            return rows
        } catch {
            throw PostgresLogError.server(String(reflecting: error))
        }
    }

    /// Runs `query` on the reading connection, waiting on this thread.
    func runNow(_ query: PostgresQuery) throws -> [PostgresRow] {
        do {
            return Array(try reader.query(query, logger: logger).wait().rows)
        } catch {
            throw PostgresLogError.server(String(reflecting: error))
        }
    }
}
