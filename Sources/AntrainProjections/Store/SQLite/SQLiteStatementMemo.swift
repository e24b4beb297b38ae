import GRDB

/// The prepared get, put and delete statements of the keyspaces one transaction uses, found
/// again without building or hashing their SQL text.
///
/// A rebuild writes hundreds of thousands of values: finding each one's statement by its
/// text (the table's name built, then the text looked up in two dictionaries) cost more than
/// a fifth of SQLite's own insert. Writes come in runs of one keyspace, so the keyspace met
/// last is checked first; its table name is one string shared by every copy of the keyspace,
/// so comparing it is comparing two pointers.
final class SQLiteStatementMemo {
    /// Which statement of a keyspace.
    enum Kind: Int {
        case get, put, delete
    }

    private var tables: [String] = []
    private var prepared: [[Statement?]] = []
    private var last = -1

    /// The statement of `kind` for `keyspace`, prepared (or taken from GRDB's cache) on first use.
    func statement(_ kind: Kind, of keyspace: StateKeyspace, in db: Database) throws -> Statement {
        let index = place(of: keyspace.table)
        if let statement = prepared[index][kind.rawValue] { return statement }
        let sql = SQLiteStateSchema.statements(keyspace)
        let statement = try db.cachedStatement(sql: kind == .get ? sql.get : kind == .put ? sql.put : sql.delete)
        prepared[index][kind.rawValue] = statement
        return statement
    }

    /// Forgets every statement: after tables were dropped and made again.
    func clear() {
        tables.removeAll()
        prepared.removeAll()
        last = -1
    }

    private func place(of table: String) -> Int {
        if last >= 0, tables[last] == table { return last }
        if let known = tables.firstIndex(of: table) {
            last = known
            return known
        }
        tables.append(table)
        prepared.append([nil, nil, nil])
        last = tables.count - 1
        return last
    }
}
