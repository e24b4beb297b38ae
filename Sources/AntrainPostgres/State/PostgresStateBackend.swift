import AntrainLog
import AntrainProjections
import Logging
import NIOCore
import PostgresNIO

/// The read models' state of a log on a PostgreSQL server, in the same database as its
/// events: the server's ``StateBackend``.
///
/// ```swift
/// let log = try await PostgresLog.open(server, log: "athlete-42", create: false)
/// let backend = try PostgresStateBackend.open(server, log: "athlete-42")
/// let projections = try ProjectionStore(backend: backend, readModels: StandardModels.all)
/// let report = try await projections.catchUp(log)
/// ```
///
/// Every log's state lives in one set of tables, a row per key and log (docs/FORMAT.md, "The
/// read models' state on PostgreSQL"). Each app server, script or terminal opens the backend
/// on its own; their writes to one log's state take turns on the log's row of
/// `antrain_state_generations`, and a catch-up decides what it folds after taking it, so two
/// servers catching the same model up never fold an event twice or skip one. A rebuild of
/// every model is one transaction: readers answer from the state as it was until it commits,
/// then from the new state, with nothing in between; it moves the log's generation on.
public final class PostgresStateBackend: StateBackend {
    let connection: PostgresStateConnection
    let configuration: PostgresConnection.Configuration

    private init(connection: PostgresStateConnection, configuration: PostgresConnection.Configuration) {
        self.connection = connection
        self.configuration = configuration
    }

    /// Opens the state of the log `name` on the server `configuration` reaches, making the
    /// state's tables when missing, and the log (empty) when `create` is true.
    ///
    /// - Throws: ``PostgresLogError`` when the server cannot be reached, or the log does not
    ///   exist and `create` is false.
    public static func open(_ configuration: PostgresConnection.Configuration, log name: String, create: Bool = false,
                            logger: Logger = Logger(label: "antrain.postgres.state")) throws -> PostgresStateBackend {
        let raw: ServerConnection
        do {
            raw = try ServerConnection.connectNow(configuration, id: 3, logger: logger)
        } catch {
            throw PostgresLogError.unreachable(String(reflecting: error))
        }
        do {
            let logID = try prepare(raw, log: name, create: create, logger: logger)
            let connection = PostgresStateConnection(connection: raw, configuration: configuration, logID: logID,
                                                     location: "the state of log \(name) on the PostgreSQL server", logger: logger)
            return PostgresStateBackend(connection: connection, configuration: configuration)
        } catch {
            raw.closeNow()
            throw error
        }
    }

    /// Makes the tables (the logs' first: the state's refer to them), finds the log, and
    /// makes its row of `antrain_state_generations`.
    private static func prepare(_ connection: ServerConnection, log name: String, create: Bool, logger: Logger) throws -> Int64 {
        func run(_ query: PostgresQuery) throws -> [PostgresRow] {
            do {
                return try connection.queryNow(query, logger: logger)
            } catch {
                throw PostgresLogError.server(String(reflecting: error))
            }
        }
        // Asked first: once a database has its tables, opening takes no lock. The creation is
        // one statement, whose locks no thread of this process is needed to release.
        let present = try run(PostgresQuery(unsafeSQL: PostgresSchema.allPresent)).first?.decode(Bool.self) ?? false
        if !present { _ = try run(PostgresQuery(unsafeSQL: PostgresSchema.creation)) }
        if create {
            guard !name.isEmpty, name.utf8.count <= 200 else {
                throw PostgresLogError.invalidName(name, reason: "a log's name has 1 to 200 bytes")
            }
            _ = try run("INSERT INTO antrain_logs (name) VALUES (\(name)) ON CONFLICT (name) DO NOTHING")
        }
        // The log's id and its state's row, in one statement (a round trip per command).
        guard let row = try run("""
            WITH log AS (SELECT log_id FROM antrain_logs WHERE name = \(name)),
                 made AS (INSERT INTO antrain_state_generations (log_id, generation) SELECT log_id, 1 FROM log ON CONFLICT DO NOTHING)
            SELECT log_id FROM log
            """).first else {
            throw PostgresLogError.noSuchLog(name)
        }
        return try row.decode(Int64.self)
    }

    /// Where the state is, for messages.
    public var location: String { connection.location }

    /// The one store of the log's state, always writable.
    public func open() throws -> OpenedState {
        OpenedState(writable: PostgresStateStore(connection: connection), readable: nil, generation: nil)
    }

    /// None: the state is one set of rows that a rebuild replaces in one transaction, so a
    /// store never needs opening again (the row of `antrain_state_generations` still counts
    /// the rebuilds, for people looking at the tables). Asking cost a round trip per catch-up.
    public func currentGeneration() -> String? { nil }

    /// Runs `body`: there is one generation, and a write decides what it writes inside its
    /// transaction, after the log's state lock.
    public func whileInUse<Result>(_ generation: String?, _ body: () throws -> Result) throws -> Result? {
        try body()
    }

    public func whileInUse<Result>(_ generation: String?, _ body: () async throws -> Result) async throws -> Result? {
        try await body()
    }

    /// The number of rebuilds of every model and settings aside of the log's state so far
    /// (the row of `antrain_state_generations`).
    public func rebuilds() throws -> Int {
        try connection.exclusively {
            Int(try connection.run("SELECT generation FROM antrain_state_generations WHERE log_id = \(connection.logID)")
                .first?.decode(Int64.self) ?? 1) - 1
        }
    }

    /// Runs the whole rebuild in one transaction on a connection of its own, holding the log's
    /// state lock: the old state answers readers until the commit, which installs the new
    /// state whole, with `finishing` (a catch-up to the log's end) inside it.
    public func replace<Result>(_ build: (any MaintainedStateStore) async throws -> Result,
                                finishing: (any MaintainedStateStore) throws -> Void) async throws -> Result {
        let raw: ServerConnection
        do {
            raw = try await ServerConnection.connect(configuration, id: 4, logger: connection.logger)
        } catch {
            throw PostgresLogError.unreachable(String(reflecting: error))
        }
        let rebuilding = PostgresStateConnection(connection: raw, configuration: configuration, logID: connection.logID,
                                                 location: connection.location, logger: connection.logger)
        defer { rebuilding.close() }
        try rebuilding.execute("BEGIN")
        do {
            // Waited for on a thread of its own: the holder may be work of this process that
            // needs the cooperative pool (``WaitingThread``).
            _ = try await WaitingThread.run { try rebuilding.lockState() }
            let store = PostgresStateStore(connection: rebuilding, insideTransaction: true)
            let result = try await build(store)
            try finishing(store)
            try rebuilding.run("UPDATE antrain_state_generations SET generation = generation + 1 WHERE log_id = \(connection.logID)")
            try rebuilding.execute("COMMIT")
            return result
        } catch {
            try? rebuilding.execute("ROLLBACK")
            throw error
        }
    }

    /// Forgets the log's positions (kept, with the problem, in `antrain_state_set_aside`), so
    /// that every model rebuilds at the next catch-up; the rows stay until then.
    @discardableResult
    public func setAside(_ error: StateStoreError) throws -> String? {
        try connection.transaction(readOnly: false) {
            try connection.lockState()
            let logID = connection.logID
            try connection.run("""
                INSERT INTO antrain_state_set_aside (log_id, problem, positions)
                SELECT \(logID), \(error.description), coalesce(string_agg(projection || ' ' || version || '@' || log_offset, ', '), '')
                FROM antrain_state_positions WHERE log_id = \(logID)
                """)
            try connection.run("DELETE FROM antrain_state_positions WHERE log_id = \(logID)")
            try connection.run("UPDATE antrain_state_generations SET generation = generation + 1 WHERE log_id = \(logID)")
        }
        return "table antrain_state_set_aside"
    }

    /// A SQLite database in memory.
    public func makeTemporaryStore() throws -> any MaintainedStateStore {
        try SQLiteStateStore.inMemory()
    }

    /// Closes the backend's connection.
    public func close() {
        connection.close()
    }
}
