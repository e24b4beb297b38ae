import AntrainEvents
import AntrainLog
import GRDB

/// The tables of a ``SQLiteStateStore``, as SQL (docs/FORMAT.md, "The read models' state").
enum SQLiteStateSchema {
    /// Whether the meta and position tables are there, in this format: then opening the store
    /// writes nothing (a query of a current state takes no lock, and answers on a full disk).
    static func metaIsCurrent(_ db: Database) throws -> Bool {
        guard try db.tableExists("state_meta"), try db.tableExists("state_positions") else { return false }
        return try Int.fetchOne(db, sql: "SELECT value FROM state_meta WHERE name = 'format'") == SQLiteStateStore.formatVersion
    }

    /// Creates the meta and position tables when missing; an unknown format empties the store.
    static func createMeta(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS state_meta (name TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS state_positions (
                projection TEXT PRIMARY KEY NOT NULL,
                version INTEGER NOT NULL,
                log_offset INTEGER NOT NULL,
                chain_hash BLOB NOT NULL
            ) WITHOUT ROWID;
            """)
        let format = try Int.fetchOne(db, sql: "SELECT value FROM state_meta WHERE name = 'format'")
        if format != SQLiteStateStore.formatVersion {
            // Another format (or none): what is here cannot be trusted, so nothing is kept;
            // every projection then rebuilds itself from the log.
            try db.execute(sql: "DELETE FROM state_positions")
            try db.execute(sql: "INSERT OR REPLACE INTO state_meta(name, value) VALUES ('format', ?)",
                           arguments: [SQLiteStateStore.formatVersion])
        }
    }

    /// `CREATE TABLE` for a keyspace: a row number, the key (unique, so indexed), its columns,
    /// then the value (last, so that reading a column never reads the value's overflow pages).
    ///
    /// An ordinary rowid table rather than `WITHOUT ROWID`: values of a few hundred bytes
    /// (a workout with its sets) fit a rowid table's leaf pages whole, where a `WITHOUT ROWID`
    /// table (an index B-tree, which keeps about a quarter page per row in place) spilled
    /// most of each to an overflow page of its own: the state took three times its bytes.
    /// A keyspace of ``StateKeyspace/smallValues`` is the exception: its rows never come near
    /// that quarter page, and a rowid table would keep each key twice (in the table and in
    /// the index that makes it unique), half the bytes of a table of 150,000 workouts' statuses.
    static func createTable(_ keyspace: StateKeyspace) -> String {
        var columns = keyspace.smallValues ? ["key BLOB PRIMARY KEY NOT NULL"] : ["row INTEGER PRIMARY KEY", "key BLOB NOT NULL UNIQUE"]
        columns += keyspace.columns.map { "\($0.name) \($0.type.rawValue)" }
        columns.append("value BLOB NOT NULL")
        return "CREATE TABLE \(quoted(keyspace.table)) (\(columns.joined(separator: ", ")))" + (keyspace.smallValues ? " WITHOUT ROWID" : "")
    }

    /// `CREATE INDEX` for each of a keyspace's indexes (ties ordered by key).
    static func createIndexes(_ keyspace: StateKeyspace) -> [String] {
        keyspace.indexes.map { index in
            let columns = (index.columns + ["key"]).joined(separator: ", ")
            return "CREATE INDEX IF NOT EXISTS \(quoted(keyspace.table + "_" + index.name)) ON \(quoted(keyspace.table)) (\(columns))"
        }
    }

    /// A name quoted for SQL.
    static func quoted(_ name: String) -> String {
        name.contains("\"") ? "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : "\"" + name + "\""
    }

    /// The statements of a keyspace, written once per process: a rebuild puts hundreds of
    /// thousands of values, and building each statement's text again cost more than SQLite.
    struct Statements: Sendable {
        var get: String
        var put: String
        var delete: String

        init(_ keyspace: StateKeyspace) {
            let table = quoted(keyspace.table)
            let names = (["key"] + keyspace.columns.map { quoted($0.name) } + ["value"]).joined(separator: ", ")
            let marks = Array(repeating: "?", count: keyspace.columns.count + 2).joined(separator: ", ")
            get = "SELECT value FROM \(table) WHERE key = ?"
            put = "INSERT OR REPLACE INTO \(table) (\(names)) VALUES (\(marks))"
            delete = "DELETE FROM \(table) WHERE key = ?"
        }
    }

    private static let statements = Locked<[String: Statements]>([:])

    /// The statements of `keyspace`.
    static func statements(_ keyspace: StateKeyspace) -> Statements {
        if let known = statements.withLock({ $0[keyspace.table] }) { return known }
        let made = Statements(keyspace)
        statements.withLock { $0[keyspace.table] = made }
        return made
    }
}
