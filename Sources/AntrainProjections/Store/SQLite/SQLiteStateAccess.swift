import AntrainEvents
import AntrainLog
import CFileSync
import Foundation
import GRDB
import GRDBSQLite

/// Reads and writes of one transaction of a ``SQLiteStateStore``.
///
/// The hot statements (get, put) bind and step through SQLite's C API on GRDB's prepared
/// statements: a rebuild puts hundreds of thousands of values, and building GRDB's argument
/// arrays (a boxed value per column) for each would cost more than SQLite's own work.
struct SQLiteStateAccess: KeyedStateWriting {
    let db: Database
    private let statements = SQLiteStatementMemo()

    init(_ db: Database) { self.db = db }

    // MARK: Reading

    func positions() throws -> [String: StoredPosition] {
        var result: [String: StoredPosition] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT projection, version, log_offset, chain_hash FROM state_positions") {
            let name: String = row[0]
            let offset: Int64 = row[2]
            let hash: Data = row[3]
            result[name] = StoredPosition(projection: name, version: row[1],
                                          position: LogPosition(offset: UInt64(offset), chainHash: ChainHash(bytes: [UInt8](hash))))
        }
        return result
    }

    func exists(_ keyspace: StateKeyspace) throws -> Bool {
        try db.tableExists(keyspace.table)
    }

    func value(in keyspace: StateKeyspace, key: [UInt8]) throws -> [UInt8]? {
        let statement = try statements.statement(.get, of: keyspace, in: db)
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw); sqlite3_clear_bindings(raw) }
        try bind(key, at: 1, raw)
        switch sqlite3_step(raw) {
        case SQLITE_ROW: return Self.blob(raw, column: 0)
        case SQLITE_DONE: return nil
        case let code: throw failure(code)
        }
    }

    func entries(in keyspace: StateKeyspace, from lower: [UInt8]?, below upper: [UInt8]?,
                 descending: Bool, limit: Int?) throws -> [StateEntry] {
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let lower { conditions.append("key >= ?"); arguments.append(Data(lower)) }
        if let upper { conditions.append("key < ?"); arguments.append(Data(upper)) }
        let order = descending ? "DESC" : "ASC"
        let sql = "SELECT key, value FROM \(table(keyspace))" + whereClause(conditions) + " ORDER BY key \(order)" + limitClause(limit)
        return try fetchEntries(sql, arguments)
    }

    func entries(in keyspace: StateKeyspace, by index: StateIndex, from lower: StateColumnValue?,
                 through upper: StateColumnValue?, descending: Bool, limit: Int?) throws -> [StateEntry] {
        let range = indexRange(index, from: lower, through: upper, descending: descending)
        return try fetchEntries("SELECT key, value FROM \(table(keyspace))" + range.clauses + limitClause(limit), range.arguments)
    }

    func scan(_ keyspace: StateKeyspace, by index: StateIndex, from lower: StateColumnValue?, through upper: StateColumnValue?,
              descending: Bool, columns: [String], _ body: ([UInt8], [StateColumnValue]) throws -> Bool) throws {
        let range = indexRange(index, from: lower, through: upper, descending: descending)
        let selected = (["key"] + columns.map(SQLiteStateSchema.quoted)).joined(separator: ", ")
        let statement = try db.cachedStatement(sql: "SELECT \(selected) FROM \(table(keyspace))" + range.clauses)
        try statement.setArguments(StatementArguments(range.arguments.map { $0.databaseValue }))
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw) }
        while true {
            let code = sqlite3_step(raw)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure(code) }
            let values = (0..<Int32(columns.count)).map { Self.column(raw, $0 + 1) }
            guard try body(Self.blob(raw, column: 0), values) else { return }
        }
    }

    func entries(in keyspace: StateKeyspace, where column: String, equals value: StateColumnValue) throws -> [StateEntry] {
        let sql = "SELECT key, value FROM \(table(keyspace)) WHERE \(SQLiteStateSchema.quoted(column)) = ? ORDER BY key"
        return try fetchEntries(sql, [Self.databaseValue(value)])
    }

    func count(in keyspace: StateKeyspace) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table(keyspace))") ?? 0
    }

    // MARK: Writing

    func put(_ keyspace: StateKeyspace, key: [UInt8], value: [UInt8], columns: [StateColumnValue]) throws {
        precondition(columns.count == keyspace.columns.count, "keyspace \(keyspace) has \(keyspace.columns.count) columns, not \(columns.count)")
        let statement = try statements.statement(.put, of: keyspace, in: db)
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw); sqlite3_clear_bindings(raw) }
        try bind(key, at: 1, raw)
        for (index, column) in columns.enumerated() { try bind(column, at: Int32(index + 2), raw) }
        try bind(value, at: Int32(columns.count + 2), raw)
        let code = sqlite3_step(raw)
        guard code == SQLITE_DONE else { throw failure(code) }
    }

    func delete(_ keyspace: StateKeyspace, key: [UInt8]) throws {
        let statement = try statements.statement(.delete, of: keyspace, in: db)
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw); sqlite3_clear_bindings(raw) }
        try bind(key, at: 1, raw)
        let code = sqlite3_step(raw)
        guard code == SQLITE_DONE else { throw failure(code) }
    }

    func reset(_ keyspaces: [StateKeyspace], of projection: String) throws {
        // A bulk load follows, writing the whole state in this transaction: with the usual
        // 16 MB cache, SQLite spills dirty pages to the file and reads them back before the
        // commit (a rebuild of the 5M log spent about 0.3 s of system time on it). The cache
        // holds what is written; it is a ceiling, not an allocation.
        try db.execute(sql: "PRAGMA cache_size = -\(Self.bulkLoadCacheKilobytes)")
        try db.execute(sql: "DELETE FROM state_positions WHERE projection = ?", arguments: [projection])
        for keyspace in keyspaces {
            try db.execute(sql: "DROP TABLE IF EXISTS \(table(keyspace))")
            try db.execute(sql: SQLiteStateSchema.createTable(keyspace))
            // The indexes too, filled as the rows come: built after the load, they were most
            // of the single-threaded tail after a rebuild's folds (0.06 s of 0.18 s for the 5M
            // log), for a state 0.7 % smaller (pages filled one row at a time are less dense).
            for sql in SQLiteStateSchema.createIndexes(keyspace) { try db.execute(sql: sql) }
        }
        // Statements cached for the dropped tables are stale.
        db.clearSchemaCache()
        statements.clear()
    }

    /// Writes the pages the transaction changed so far to the file, keeping them cached
    /// (`sqlite3_db_cacheflush`; in WAL mode they go to the log as uncommitted frames), and
    /// has the kernel start writing the file to the disk without waiting for it. A rebuild's
    /// commit wrote the whole state at once after the folds had ended, and the fsync that
    /// seals it then waited for all of it: together 0.045 s less of that single-threaded tail
    /// for the 5M log's state. Nothing here is needed for durability (the commit and that
    /// fsync provide it), so a failure to start the writeback is ignored.
    func writeAhead() throws {
        let code = sqlite3_db_cacheflush(db.sqliteConnection)
        guard code == SQLITE_OK else { throw failure(code) }
        guard let path = sqlite3_db_filename(db.sqliteConnection, "main") else { return }
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        _ = antrain_start_writeback(file)
        close(file)
    }

    func setPosition(_ position: StoredPosition) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO state_positions(projection, version, log_offset, chain_hash) VALUES (?, ?, ?, ?)",
                       arguments: [position.projection, position.version, Int64(position.position.offset),
                                   Data(position.position.chainHash.bytes)])
    }

    // MARK: Helpers

    private func table(_ keyspace: StateKeyspace) -> String { SQLiteStateSchema.quoted(keyspace.table) }

    private func whereClause(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    /// The WHERE and ORDER BY of a range of `index`'s first column, with the range's bounds as
    /// arguments: `entries(by:)` and `scan(by:)` read the same rows in the same order.
    private func indexRange(_ index: StateIndex, from lower: StateColumnValue?, through upper: StateColumnValue?,
                            descending: Bool) -> (clauses: String, arguments: [any DatabaseValueConvertible]) {
        let first = SQLiteStateSchema.quoted(index.columns[0])
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let lower { conditions.append("\(first) >= ?"); arguments.append(Self.databaseValue(lower)) }
        if let upper { conditions.append("\(first) <= ?"); arguments.append(Self.databaseValue(upper)) }
        let order = descending ? "DESC" : "ASC"
        let ordering = (index.columns.map(SQLiteStateSchema.quoted) + ["key"]).map { "\($0) \(order)" }.joined(separator: ", ")
        return (whereClause(conditions) + " ORDER BY \(ordering)", arguments)
    }

    private func limitClause(_ limit: Int?) -> String { limit.map { " LIMIT \($0)" } ?? "" }

    private func fetchEntries(_ sql: String, _ arguments: [any DatabaseValueConvertible]) throws -> [StateEntry] {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(StatementArguments(arguments.map { $0.databaseValue }))
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw) }
        var entries: [StateEntry] = []
        while true {
            let code = sqlite3_step(raw)
            if code == SQLITE_DONE { return entries }
            guard code == SQLITE_ROW else { throw failure(code) }
            entries.append(StateEntry(key: Self.blob(raw, column: 0), value: Self.blob(raw, column: 1)))
        }
    }

    private static func column(_ statement: OpaquePointer, _ index: Int32) -> StateColumnValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, index)))
        case SQLITE_BLOB: return .blob(blob(statement, column: index))
        default: return .null
        }
    }

    private static func blob(_ statement: OpaquePointer, column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: bytes, count: count))
    }

    private func bind(_ bytes: [UInt8], at index: Int32, _ statement: OpaquePointer) throws {
        let code = bytes.withUnsafeBytes { raw in
            // A zero-length blob still needs a non-null pointer, or SQLite binds NULL.
            sqlite3_bind_blob(statement, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), Self.transient)
        }
        guard code == SQLITE_OK else { throw failure(code) }
    }

    private func bind(_ value: StateColumnValue, at index: Int32, _ statement: OpaquePointer) throws {
        let code: Int32
        switch value {
        case let .integer(number): code = sqlite3_bind_int64(statement, index, number)
        case let .real(number): code = sqlite3_bind_double(statement, index, number)
        case let .text(text):
            // The string's own UTF-8, without the copy into a C string that passing it makes.
            var text = text
            code = text.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    guard let start = chars.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, Self.transient) }
                    return sqlite3_bind_text(statement, index, start, Int32(chars.count), Self.transient)
                }
            }
        case let .blob(bytes): return try bind(bytes, at: index, statement)
        case .null: code = sqlite3_bind_null(statement, index)
        }
        guard code == SQLITE_OK else { throw failure(code) }
    }

    private static func databaseValue(_ value: StateColumnValue) -> any DatabaseValueConvertible {
        switch value {
        case let .integer(number): number
        case let .real(number): number
        case let .text(text): text
        case let .blob(bytes): Data(bytes)
        case .null: DatabaseValue.null
        }
    }

    private func failure(_ code: Int32) -> StateStoreError {
        let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
        let file = String(cString: sqlite3_db_filename(db.sqliteConnection, "main"))
        return StateStoreError(path: file.isEmpty ? ":memory:" : file, code: code, message: message)
    }

    /// The page cache of a bulk load: 256 MB, more than the 5M-event log's whole state.
    private static let bulkLoadCacheKilobytes = 256 * 1024

    /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the bind returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
