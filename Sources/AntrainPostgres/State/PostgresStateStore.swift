import AntrainProjections
import NIOCore
import PostgresNIO

/// One log's read-model state on a server, in the tables beside its events: the server's
/// ``KeyedStateStore``.
///
/// A read runs in a read-only transaction on one snapshot; a write runs in a transaction that
/// first locks the log's row of `antrain_state_generations`, so that the writes of every
/// process and server to one log's state run one at a time (as SQLite's `BEGIN IMMEDIATE`
/// makes them), and a catch-up decides what it folds after the last writer committed. The
/// state and the positions it reflects commit together.
final class PostgresStateStore: MaintainedStateStore {
    let connection: PostgresStateConnection
    /// Set for the store of a rebuild: its writes run inside the one transaction the rebuild
    /// holds open, which commits them all at once.
    let insideTransaction: Bool

    init(connection: PostgresStateConnection, insideTransaction: Bool = false) {
        self.connection = connection
        self.insideTransaction = insideTransaction
    }

    func read<Result>(_ body: (any KeyedStateReading) throws -> Result) throws -> Result {
        if insideTransaction { return try connection.exclusively { try body(PostgresStateAccess(connection)) } }
        return try connection.transaction(readOnly: true) { try body(PostgresStateAccess(connection)) }
    }

    func write<Result>(_ body: (any KeyedStateWriting) throws -> Result) throws -> Result {
        if insideTransaction { return try connection.exclusively { try writing(body) } }
        return try connection.transaction(readOnly: false) {
            try connection.lockState()
            return try writing(body)
        }
    }

    /// Runs `body`, then sends what it left waiting.
    private func writing<Result>(_ body: (any KeyedStateWriting) throws -> Result) throws -> Result {
        let access = PostgresStateAccess(connection)
        let result = try body(access)
        try access.flushAll()
        return result
    }

    /// Nothing to do: the server writes ahead and checkpoints by itself.
    func checkpoint() throws {}

    /// Never: the server's autovacuum gives free space back to its tables.
    func compactIfSparse() throws -> Bool { false }

    /// The bytes the log's rows take in the state's tables (`pg_column_size` of each row).
    func sizeInBytes() throws -> Int {
        try read { _ in
            var total = 0
            for name in try tables() {
                let rows = try connection.run(PostgresQuery(unsafeSQL: """
                    SELECT coalesce(sum(pg_column_size(t.*)), 0)::bigint FROM \(PostgresStateSchema.quoted(name)) t WHERE log_id = \(connection.logID)
                    """))
                total += Int(try rows.first?.decode(Int64.self) ?? 0)
            }
            return total
        }
    }

    /// A copy of the log's state in a SQLite database in memory: every keyspace's rows with
    /// their columns, made from the layouts their tables record, and the positions.
    func temporaryCopy() throws -> any MaintainedStateStore {
        let copy = try SQLiteStateStore.inMemory()
        try read { state in
            let positions = try state.positions()
            let keyspaces = try connection.run("""
                SELECT t.layout FROM antrain_state_keyspaces k JOIN antrain_state_tables t USING (table_name)
                WHERE k.log_id = \(connection.logID)
                """).map { try PostgresStateLayout.keyspace(try $0.decode(String.self)) }
            try copy.write { target in
                for keyspace in keyspaces {
                    try target.reset([keyspace], of: keyspace.projection)
                    try rows(of: keyspace) { key, columns, value in
                        try target.put(keyspace, key: key, value: value, columns: columns)
                    }
                }
                for position in positions.values { try target.setPosition(position) }
            }
        }
        return copy
    }

    /// The tables holding the log's state.
    private func tables() throws -> [String] {
        try connection.run("SELECT table_name FROM antrain_state_keyspaces WHERE log_id = \(connection.logID)")
            .map { try $0.decode(String.self) }
    }

    /// Every row of the log in `keyspace`: key, columns in the keyspace's order, value.
    private func rows(of keyspace: StateKeyspace, _ body: ([UInt8], [StateColumnValue], [UInt8]) throws -> Void) throws {
        let names = (["key"] + keyspace.columns.map { PostgresStateSchema.quoted($0.name) } + ["value"]).joined(separator: ", ")
        let rows = try connection.run(PostgresQuery(unsafeSQL: """
            SELECT \(names) FROM \(PostgresStateSchema.table(keyspace)) WHERE log_id = \(connection.logID)
            """))
        for row in rows {
            let cells = row.makeRandomAccess()
            let columns = try keyspace.columns.enumerated().map { try PostgresStateAccess.column(cells[$0.offset + 1], $0.element.type) }
            try body(Array(try cells[0].decode(ByteBuffer.self).readableBytesView), columns,
                     Array(try cells[keyspace.columns.count + 1].decode(ByteBuffer.self).readableBytesView))
        }
    }
}
