import GRDB

/// The tables of a ``SQLiteStateStore``, as SQL (docs/FORMAT.md, "The projections' state").
enum SQLiteStateSchema {
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

    /// `CREATE TABLE` for a keyspace: the key, its columns, then the value (last, so that
    /// reading a column never reads the value's overflow pages).
    static func createTable(_ keyspace: StateKeyspace) -> String {
        var columns = ["key BLOB PRIMARY KEY NOT NULL"]
        columns += keyspace.columns.map { "\($0.name) \($0.type.rawValue)" }
        columns.append("value BLOB NOT NULL")
        return "CREATE TABLE \(quoted(keyspace.table)) (\(columns.joined(separator: ", "))) WITHOUT ROWID"
    }

    /// `CREATE INDEX` for each of a keyspace's indexes (ties ordered by key).
    static func createIndexes(_ keyspace: StateKeyspace) -> [String] {
        keyspace.indexes.map { index in
            let columns = (index.columns + ["key"]).joined(separator: ", ")
            return "CREATE INDEX IF NOT EXISTS \(quoted(keyspace.table + "_" + index.name)) ON \(quoted(keyspace.table)) (\(columns))"
        }
    }

    /// A name quoted for SQL.
    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
