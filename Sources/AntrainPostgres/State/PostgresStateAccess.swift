import AntrainLog
import AntrainProjections
import NIOCore
import PostgresNIO

/// Reads and writes of one transaction of a ``PostgresStateStore``.
///
/// Writes wait in memory (the last one per key wins) and go to the server a few thousand rows
/// per statement: a rebuild puts hundreds of thousands of values, and a round trip each would
/// cost more than the server's work. A read of one key looks at what waits first; a read of a
/// range or a count sends what waits for that keyspace first, so every read sees the
/// transaction's own writes.
final class PostgresStateAccess: KeyedStateWriting {
    let connection: PostgresStateConnection
    var logID: Int64 { connection.logID }
    /// Values waiting to be written, by keyspace table and key (nil: deleted).
    var pending: [String: (keyspace: StateKeyspace, rows: [[UInt8]: PendingRow?])] = [:]
    var pendingCount = 0
    /// The keyspace tables the log's state has made, once asked (``exists(_:)``).
    var made: Set<String>?
    /// How many waiting rows make a flush.
    static let flushThreshold = 4_000

    struct PendingRow {
        var value: [UInt8]
        var columns: [StateColumnValue]
    }

    init(_ connection: PostgresStateConnection) {
        self.connection = connection
    }

    // MARK: Reading

    func positions() throws -> [String: StoredPosition] {
        var result: [String: StoredPosition] = [:]
        for row in try connection.run(
            "SELECT projection, version, log_offset, chain_hash FROM antrain_state_positions WHERE log_id = \(logID)") {
            let (name, version, offset, hash) = try decode(row, as: (String, Int32, Int64, ByteBuffer).self)
            result[name] = StoredPosition(projection: name, version: Int(version),
                                          position: LogPosition(offset: UInt64(offset), chainHash: ChainHash(bytes: Array(hash.readableBytesView))))
        }
        return result
    }

    /// Whether the log's state has made the keyspace: from one read of every keyspace it has
    /// made, at the transaction's first question (a catch-up asks of each of a score of
    /// keyspaces, and a round trip each was a third of a command's time on a server).
    func exists(_ keyspace: StateKeyspace) throws -> Bool {
        if made == nil {
            made = Set(try connection.run("SELECT table_name FROM antrain_state_keyspaces WHERE log_id = \(logID)")
                .map { try decode($0, as: String.self) })
        }
        return made!.contains(PostgresStateSchema.tableName(keyspace))
    }

    func value(in keyspace: StateKeyspace, key: [UInt8]) throws -> [UInt8]? {
        if let waiting = pending[keyspace.table]?.rows[key] { return waiting?.value }
        let rows = try query("SELECT value FROM \(PostgresStateSchema.table(keyspace)) WHERE log_id = $1 AND key = $2",
                             [.integer(logID), .blob(key)])
        return try rows.first.map { Array(try decode($0, as: ByteBuffer.self).readableBytesView) }
    }

    func entries(in keyspace: StateKeyspace, from lower: [UInt8]?, below upper: [UInt8]?,
                 descending: Bool, limit: Int?) throws -> [StateEntry] {
        try flush(keyspace)
        var conditions = ["log_id = $1"]
        var binds: [StateColumnValue] = [.integer(logID)]
        if let lower { binds.append(.blob(lower)); conditions.append("key >= $\(binds.count)") }
        if let upper { binds.append(.blob(upper)); conditions.append("key < $\(binds.count)") }
        let sql = "SELECT key, value FROM \(PostgresStateSchema.table(keyspace)) WHERE \(conditions.joined(separator: " AND "))"
            + " ORDER BY key \(descending ? "DESC" : "ASC")" + (limit.map { " LIMIT \($0)" } ?? "")
        return try stateEntries(sql, binds)
    }

    func entries(in keyspace: StateKeyspace, by index: StateIndex, from lower: StateColumnValue?,
                 through upper: StateColumnValue?, descending: Bool, limit: Int?) throws -> [StateEntry] {
        try flush(keyspace)
        let range = indexRange(keyspace, index, from: lower, through: upper, descending: descending)
        return try stateEntries("SELECT key, value FROM \(PostgresStateSchema.table(keyspace))" + range.clauses
                                + (limit.map { " LIMIT \($0)" } ?? ""), range.binds)
    }

    func scan(_ keyspace: StateKeyspace, by index: StateIndex, from lower: StateColumnValue?, through upper: StateColumnValue?,
              descending: Bool, columns: [String], _ body: ([UInt8], [StateColumnValue]) throws -> Bool) throws {
        try flush(keyspace)
        let range = indexRange(keyspace, index, from: lower, through: upper, descending: descending)
        let types = columns.map(keyspace.type(of:))
        let selected = (["key"] + columns.map(PostgresStateSchema.quoted)).joined(separator: ", ")
        // A cursor, read a page at a time: a scan that stops early reads little.
        var bindings = PostgresBindings(capacity: range.binds.count)
        for value in range.binds { Self.bind(value, into: &bindings) }
        try connection.run(PostgresQuery(unsafeSQL: "DECLARE antrain_scan NO SCROLL CURSOR FOR SELECT \(selected) FROM "
                                         + PostgresStateSchema.table(keyspace) + range.clauses, binds: bindings))
        defer { _ = try? connection.execute("CLOSE antrain_scan") }
        while true {
            let rows = try connection.run("FETCH 512 FROM antrain_scan")
            for row in rows {
                let cells = row.makeRandomAccess()
                let key = Array(try cells[0].decode(ByteBuffer.self).readableBytesView)
                let values = try types.enumerated().map { try Self.column(cells[$0.offset + 1], $0.element) }
                guard try body(key, values) else { return }
            }
            guard rows.count == 512 else { return }
        }
    }

    func entries(in keyspace: StateKeyspace, where column: String, equals value: StateColumnValue) throws -> [StateEntry] {
        try flush(keyspace)
        // `= NULL` holds for no row, as in SQLite.
        return try stateEntries("""
            SELECT key, value FROM \(PostgresStateSchema.table(keyspace))
            WHERE log_id = $1 AND \(PostgresStateSchema.quoted(column)) = \(Self.placeholder(2, value, keyspace.type(of: column)))
            ORDER BY key
            """, [.integer(logID), value])
    }

    func count(in keyspace: StateKeyspace) throws -> Int {
        try flush(keyspace)
        let rows = try query("SELECT count(*) FROM \(PostgresStateSchema.table(keyspace)) WHERE log_id = $1", [.integer(logID)])
        return Int(try rows.first.map { try decode($0, as: Int64.self) } ?? 0)
    }

    // MARK: Helpers

    /// The WHERE and ORDER BY of a range of `index`'s first column: NULL first ascending and
    /// last descending, as SQLite orders it.
    func indexRange(_ keyspace: StateKeyspace, _ index: StateIndex, from lower: StateColumnValue?, through upper: StateColumnValue?,
                    descending: Bool) -> (clauses: String, binds: [StateColumnValue]) {
        let first = PostgresStateSchema.quoted(index.columns[0])
        let type = keyspace.type(of: index.columns[0])
        var conditions = ["log_id = $1"]
        var binds: [StateColumnValue] = [.integer(logID)]
        if let lower { binds.append(lower); conditions.append("\(first) >= \(Self.placeholder(binds.count, lower, type))") }
        if let upper { binds.append(upper); conditions.append("\(first) <= \(Self.placeholder(binds.count, upper, type))") }
        let order = descending ? "DESC NULLS LAST" : "ASC NULLS FIRST"
        let ordering = index.columns.map { "\(PostgresStateSchema.quoted($0)) \(order)" } + ["key \(descending ? "DESC" : "ASC")"]
        return (" WHERE " + conditions.joined(separator: " AND ") + " ORDER BY " + ordering.joined(separator: ", "), binds)
    }

    /// `$n`, cast where a bound of one numeric type meets a column of the other: SQLite
    /// compares an integer with a real by value, and so does this.
    static func placeholder(_ number: Int, _ value: StateColumnValue, _ column: StateColumnType) -> String {
        switch (value, column) {
        case (.integer, .real), (.real, .integer): "$\(number)::double precision"
        default: "$\(number)"
        }
    }

    func stateEntries(_ sql: String, _ binds: [StateColumnValue]) throws -> [StateEntry] {
        try query(sql, binds).map { row in
            let (key, value) = try decode(row, as: (ByteBuffer, ByteBuffer).self)
            return StateEntry(key: Array(key.readableBytesView), value: Array(value.readableBytesView))
        }
    }

    /// Runs `sql` with `binds` as `$1`, `$2`, ...
    @discardableResult
    func query(_ sql: String, _ binds: [StateColumnValue]) throws -> [PostgresRow] {
        var bindings = PostgresBindings(capacity: binds.count)
        for value in binds { Self.bind(value, into: &bindings) }
        return try connection.run(PostgresQuery(unsafeSQL: sql, binds: bindings))
    }

    static func bind(_ value: StateColumnValue, into bindings: inout PostgresBindings) {
        switch value {
        case let .integer(number): bindings.append(number)
        case let .real(number): bindings.append(number)
        case let .text(text): bindings.append(text)
        case let .blob(bytes): bindings.append(ByteBuffer(bytes: bytes))
        case .null: bindings.appendNull()
        }
    }

    static func column(_ cell: PostgresCell, _ type: StateColumnType) throws -> StateColumnValue {
        switch type {
        case .integer: return try cell.decode(Int64?.self).map { .integer($0) } ?? .null
        case .real: return try cell.decode(Double?.self).map { .real($0) } ?? .null
        case .text: return try cell.decode(String?.self).map { .text($0) } ?? .null
        case .blob: return try cell.decode(ByteBuffer?.self).map { .blob(Array($0.readableBytesView)) } ?? .null
        }
    }

    func decode<T: PostgresDecodable>(_ row: PostgresRow, as type: T.Type) throws -> T {
        do { return try row.decode(T.self) } catch { throw connection.failure(error) }
    }

    func decode<each T: PostgresDecodable>(_ row: PostgresRow, as type: (repeat each T).Type) throws -> (repeat each T) {
        do { return try row.decode((repeat each T).self) } catch { throw connection.failure(error) }
    }
}

extension StateKeyspace {
    /// The type of the column `name` (bytes when it has none of that name).
    func type(of name: String) -> StateColumnType {
        columns.first { $0.name == name }?.type ?? .blob
    }
}
