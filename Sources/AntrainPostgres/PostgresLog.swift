import AntrainLog
import Foundation
import Logging
import NIOConcurrencyHelpers
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
public final class PostgresLog: CommitCopying, Sendable {
    /// The log's name in its database.
    public let name: String
    let logID: Int64
    /// Reads: single statements, which the connection runs in turn; made again when the
    /// server dropped it (a restart, a terminated backend), since a read can be repeated.
    private let readerBox: NIOLockedValueBox<ServerConnection>
    var reader: ServerConnection { readerBox.withLockedValue { $0 } }
    /// The server's settings, for connecting again.
    let configuration: PostgresConnection.Configuration
    private let closed = Locked(false)
    /// Appends: transactions, one at a time on a connection of their own.
    let appender: PostgresAppender
    /// Told of other processes' commits, for subscribers (started by the first wait).
    let listener: PostgresAppendListener
    /// The furthest end a read of this open met: a wait at the end returns at once when the
    /// log has grown past it (a commit announced before the wait began).
    let readEnd = Locked<UInt64>(0)
    let logger: Logger

    init(name: String, logID: Int64, configuration: PostgresConnection.Configuration, reader: ServerConnection,
         appender: PostgresAppender, listener: PostgresAppendListener, logger: Logger) {
        self.name = name
        self.logID = logID
        self.configuration = configuration
        readerBox = NIOLockedValueBox(reader)
        self.appender = appender
        self.listener = listener
        self.logger = logger
    }

    /// Opens the log `name` on the server `configuration` reaches, creating the tables when
    /// missing and the log when `create` is true. An append waits up to `lockTimeout` for the
    /// appends of other processes to the same log, then fails (``PostgresLogError/lockTimeout(log:seconds:)``).
    ///
    /// - Throws: ``PostgresLogError`` when the server cannot be reached, or the log does not
    ///   exist and `create` is false.
    public static func open(_ configuration: PostgresConnection.Configuration, log name: String, create: Bool,
                            lockTimeout: Duration = .seconds(30),
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
            return PostgresLog(name: name, logID: logID, configuration: configuration, reader: reader,
                               appender: PostgresAppender(configuration: configuration, logID: logID, name: name, lockTimeout: lockTimeout, logger: logger),
                               listener: PostgresAppendListener(configuration: configuration, channel: PostgresAppendListener.channel(of: logID),
                                                                logger: logger),
                               logger: logger)
        } catch {
            await reader.close()
            throw error
        }
    }

    static func connect(_ configuration: PostgresConnection.Configuration, logger: Logger) async throws -> ServerConnection {
        do {
            return try await ServerConnection.connect(configuration, id: 1, logger: logger)
        } catch {
            throw PostgresLogError.unreachable(String(reflecting: error))
        }
    }

    // MARK: Writing

    /// Appends `events` to `stream` in one transaction, if the stream is at `expectedVersion`.
    @discardableResult
    public func append(_ events: [ProposedEvent], to stream: String, expectedVersion: ExpectedVersion) async throws -> AppendResult {
        try RecordLimits.check(events, stream: stream)
        guard !isClosed else { throw PostgresLogError.closed(name) }
        return try await appender.append(events, to: stream, expectedVersion: expectedVersion)
    }

    /// Lays out another log's whole commits for ``appendCopied(_:)`` (``LogCopier``).
    public func prepareCopy(_ batches: [RecordBatch]) throws -> PostgresCopiedCommits {
        try PostgresCopiedCommits(batches)
    }

    /// Stores another log's whole commits, many in one transaction, keeping their records
    /// and the source's chain hash after each (``LogCopier``).
    public func appendCopied(_ commits: PostgresCopiedCommits) async throws {
        guard !isClosed else { throw PostgresLogError.closed(name) }
        try await appender.copy(commits)
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

    /// Returns when another process (or this one) commits to the log, announced by the
    /// server (`LISTEN`/`NOTIFY`), or after `timeout`: a subscriber's wait at the end.
    public func waitForAppends(timeout: Duration) async {
        await listener.wait(timeout: timeout) { [self] in
            guard let end = try? await self.end().nextOffset else { return false }
            return end > self.readEnd.withLock { $0 }
        }
    }

    /// Closes the connections; the log takes no more reads or appends: they fail with
    /// ``PostgresLogError/closed(_:)``, and those in flight end first or fail alike.
    public func close() async throws {
        closed.withLock { $0 = true }
        await listener.close()
        await appender.close()
        await reader.close()
    }

    /// Whether ``close()`` was called.
    var isClosed: Bool { closed.withLock { $0 } }

    // MARK: Queries

    /// Runs `query` on the reading connection and returns its rows; again on another
    /// connection when the server had dropped this one (``readAttempts`` in all).
    func run(_ query: PostgresQuery) async throws -> [PostgresRow] {
        var failed: ServerConnection?
        var attempts = 1
        while true {
            var connection = reader
            do {
                if let failed { connection = try await reader(after: failed) }
                return try await connection.query(query, logger: logger)
            } catch where Self.lostConnection(error) && !isClosed && attempts < Self.readAttempts {
                attempts += 1
                failed = connection
            } catch {
                throw failure(error)
            }
        }
    }

    /// Runs `query` on the reading connection, waiting on this thread; again on a new
    /// connection when the server had dropped this one.
    func runNow(_ query: PostgresQuery) throws -> [PostgresRow] {
        var failed: ServerConnection?
        var attempts = 1
        while true {
            var connection = reader
            do {
                if let failed { connection = try readerNow(after: failed) }
                return try connection.queryNow(query, logger: logger)
            } catch where Self.lostConnection(error) && !isClosed && attempts < Self.readAttempts {
                attempts += 1
                failed = connection
            } catch {
                throw failure(error)
            }
        }
    }

    /// How many times a read is tried when the server drops its connection (or ends the new
    /// one as it is made: a restart, every backend ended at once).
    private static let readAttempts = 4

    /// The connection to try a read again on after `failed` was dropped: the one another read
    /// made meanwhile, or a new one.
    private func reader(after failed: ServerConnection) async throws -> ServerConnection {
        if let other = otherReader(than: failed) { return other }
        let (read, close) = install(try await ServerConnection.connect(configuration, id: 1, logger: logger), replacing: failed)
        await close.close()
        return read
    }

    /// ``reader(after:)``, waiting on this thread.
    private func readerNow(after failed: ServerConnection) throws -> ServerConnection {
        if let other = otherReader(than: failed) { return other }
        let (read, close) = install(try ServerConnection.connectNow(configuration, id: 1, logger: logger), replacing: failed)
        close.closeNow()
        return read
    }

    /// The reading connection another read made after `failed` was dropped, when there is one
    /// not known closed.
    private func otherReader(than failed: ServerConnection) -> ServerConnection? {
        readerBox.withLockedValue { current in current === failed || current.isClosed ? nil : current }
    }

    /// Makes `fresh` the reading connection in the place of `failed` (or of one known
    /// closed), unless another read put a live one there meanwhile; returns the connection to
    /// read on and the one to close (a connection is closed before it is let go; one another
    /// read may be using is never closed here).
    private func install(_ fresh: ServerConnection, replacing failed: ServerConnection) -> (read: ServerConnection, close: ServerConnection) {
        readerBox.withLockedValue { current in
            guard current === failed || current.isClosed else { return (current, fresh) }
            defer { current = fresh }
            return (fresh, current)
        }
    }

    /// A read's failure in the log's words: closed by this process, or the server's.
    private func failure(_ error: any Error) -> PostgresLogError {
        isClosed ? .closed(name) : .server(String(reflecting: error))
    }

    /// Whether `error` says the connection is gone: the server closed it or ended the backend
    /// (SQLSTATE class 57P: shut down, terminated; class 08: connection exceptions), or it was
    /// closing. The log's own close is told apart by ``isClosed``.
    static func lostConnection(_ error: any Error) -> Bool {
        if error is ServerConnectionClosed { return true }
        guard let failure = error as? PSQLError else { return false }
        // A connection closing when the query came (the server ended it) fails it as closed
        // by the client, with the server's reason beneath.
        if [PSQLError.Code.serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown].contains(failure.code) {
            return true
        }
        let state = failure.serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("57P") || state.hasPrefix("08")
    }

}
