import AntrainProjections

/// The tables of the read models' state on a server (docs/FORMAT.md, "The read models' state
/// on PostgreSQL"), beside the logs' own tables in the same database.
///
/// A keyspace is one table shared by every log of the database, its rows keyed by
/// `(log_id, key)`: thousands of athletes' logs make one set of tables rather than thousands
/// (the catalogue stays small, and a coach compares athletes in one statement), and a
/// rebuild replaces one log's rows in a transaction that readers of the old rows never wait
/// for (PostgreSQL's snapshots; a `DROP TABLE` per log would lock them out until it commits).
/// The columns are the keyspace's own, as in SQLite's file, so analysts run the same queries
/// with `WHERE log_id = ...` added.
enum PostgresStateSchema {
    /// The tables every log's state needs, created once per database.
    static let statements = [
        """
        CREATE TABLE IF NOT EXISTS antrain_state_positions (
            log_id bigint NOT NULL REFERENCES antrain_logs (log_id),
            projection text NOT NULL,
            version integer NOT NULL,
            log_offset bigint NOT NULL,
            chain_hash bytea NOT NULL,
            PRIMARY KEY (log_id, projection)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS antrain_state_keyspaces (
            log_id bigint NOT NULL REFERENCES antrain_logs (log_id),
            table_name text NOT NULL,
            PRIMARY KEY (log_id, table_name)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS antrain_state_tables (
            table_name text PRIMARY KEY,
            layout text NOT NULL
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS antrain_state_generations (
            log_id bigint PRIMARY KEY REFERENCES antrain_logs (log_id),
            generation bigint NOT NULL
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS antrain_state_set_aside (
            log_id bigint NOT NULL REFERENCES antrain_logs (log_id),
            set_aside_at timestamptz NOT NULL DEFAULT now(),
            problem text NOT NULL,
            positions text NOT NULL
        )
        """,
    ]

    /// The SQL table of a keyspace: its name in the state file after `antrain_`, as every
    /// table Antrain makes in a database shared with others (`antrain_training_workouts`).
    static func table(_ keyspace: StateKeyspace) -> String { quoted(tableName(keyspace)) }

    /// The unquoted name, as `antrain_state_tables` records it.
    static func tableName(_ keyspace: StateKeyspace) -> String { "antrain_" + keyspace.table }

    /// `CREATE TABLE` and `CREATE INDEX` for a keyspace. Text columns compare byte by byte
    /// (`COLLATE "C"`), as SQLite's do, whatever the database's locale: a range of days or
    /// names then holds the same rows on both.
    static func create(_ keyspace: StateKeyspace) -> [String] {
        let table = table(keyspace)
        var columns = ["log_id bigint NOT NULL", "key bytea NOT NULL"]
        columns += keyspace.columns.map { "\(quoted($0.name)) \(type($0.type))" }
        columns += ["value bytea NOT NULL", "PRIMARY KEY (log_id, key)"]
        var statements = ["CREATE TABLE \(table) (\(columns.joined(separator: ", ")))"]
        for index in keyspace.indexes {
            // NULLS FIRST: SQLite orders NULL before every value; the index serves both
            // directions (read backwards, it is DESC NULLS LAST).
            let ordered = index.columns.map { "\(quoted($0)) NULLS FIRST" }.joined(separator: ", ")
            statements.append("CREATE INDEX \(quoted(tableName(keyspace) + "_" + index.name)) ON \(table) (log_id, \(ordered), key)")
        }
        return statements
    }

    /// The PostgreSQL type of a column type.
    static func type(_ type: StateColumnType) -> String {
        switch type {
        case .integer: "bigint"
        case .real: "double precision"
        case .text: "text COLLATE \"C\""
        case .blob: "bytea"
        }
    }

    /// A name quoted for SQL.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Serialises changes of the keyspaces' tables between processes (a transaction-scoped
    /// advisory lock).
    static let tablesLock: Int64 = 0x414E_5452_4149_4E01
}
