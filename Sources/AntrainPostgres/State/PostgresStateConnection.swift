import AntrainProjections
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// One connection to the server for a log's state, its transactions one at a time.
///
/// The read models' store is synchronous (``KeyedStateStore``): each statement waits for the
/// server on the caller's thread, never on the connection's event loop. Two transactions of
/// one process on one connection would interleave their statements, so each holds the
/// connection's lock from `BEGIN` to `COMMIT`.
final class PostgresStateConnection: Sendable {
    let connection: ServerConnection
    /// The server's settings, for the short connections that change the tables.
    let configuration: PostgresConnection.Configuration
    let logID: Int64
    /// Where the state is, for messages.
    let location: String
    let logger: Logger
    private let lock = NIOLock()

    init(connection: ServerConnection, configuration: PostgresConnection.Configuration, logID: Int64, location: String,
         logger: Logger) {
        self.connection = connection
        self.configuration = configuration
        self.logID = logID
        self.location = location
        self.logger = logger
    }

    /// Runs `body` with the connection to itself.
    func exclusively<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    /// Runs `query`, waiting for its rows on this thread.
    @discardableResult
    func run(_ query: PostgresQuery) throws -> [PostgresRow] {
        do {
            return try connection.queryNow(query, logger: logger)
        } catch {
            throw failure(error)
        }
    }

    /// Runs a statement of text alone.
    func execute(_ sql: String) throws {
        try run(PostgresQuery(unsafeSQL: sql))
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// `readOnly` transactions see one snapshot throughout (`REPEATABLE READ`); a writing one
    /// reads what others committed up to each statement (`READ COMMITTED`), which is what it
    /// needs after waiting for the log's state lock.
    func transaction<Result>(readOnly: Bool, _ body: () throws -> Result) throws -> Result {
        try exclusively {
            try execute(readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN")
            do {
                let result = try body()
                try execute("COMMIT")
                return result
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Runs `body` in a transaction of its own on a new connection, holding the tables' lock:
    /// a change of the tables commits at once, so that the lock is never held for the length
    /// of the state transaction that needed it (a rebuild's, say), which other logs' first
    /// catch-ups would wait for. It waits at most 60 s for locks (a table in use by a
    /// transaction of this process would otherwise wait for ever), then fails.
    func changingTables(_ body: (_ run: (PostgresQuery) throws -> [PostgresRow]) throws -> Void) throws {
        let raw: ServerConnection
        do {
            raw = try ServerConnection.connectNow(configuration, id: 5, logger: logger)
        } catch {
            throw failure(error)
        }
        let tables = PostgresStateConnection(connection: raw, configuration: configuration, logID: logID, location: location, logger: logger)
        defer { tables.close() }
        try tables.execute("BEGIN")
        do {
            try tables.execute("SET LOCAL lock_timeout = '60s'")
            try tables.run("SELECT pg_advisory_xact_lock(\(PostgresStateSchema.tablesLock))")
            try body(tables.run)
            try tables.execute("COMMIT")
        } catch {
            try? tables.execute("ROLLBACK")
            throw error
        }
    }

    /// Takes the log's state lock for the rest of the transaction: its row of
    /// `antrain_state_generations` (made by the backend's open). Returns the generation.
    ///
    /// The transaction commits without waiting for the server's disk (`synchronous_commit =
    /// off`), as SQLite's state file commits with `synchronous = NORMAL`: a crash of the
    /// server may lose the last state commits, never half of one, and the state they leave
    /// reflects an earlier position, from which the next catch-up folds again. Derived state
    /// needs no more; an append to the log waits for the disk as ever.
    @discardableResult
    func lockState() throws -> Int64 {
        try execute("SET LOCAL synchronous_commit = off")
        let rows = try run("SELECT generation FROM antrain_state_generations WHERE log_id = \(logID) FOR UPDATE")
        guard let row = rows.first else { throw StateStoreError(path: location, message: "the log's state row is missing") }
        return try row.decode(Int64.self)
    }

    /// A failure of the server, as the state's error.
    func failure(_ error: any Error) -> StateStoreError {
        if let error = error as? StateStoreError { return error }
        return StateStoreError(path: location, message: "the PostgreSQL server failed: " + PostgresLogError.serverMessage(String(reflecting: error)))
    }

    /// Closes the connection.
    func close() {
        connection.closeNow()
    }

}
