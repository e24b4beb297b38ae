import AntrainLog
import AntrainProjections
import Foundation

/// The reads and writes of one transaction of an ``InMemoryStateStore``, on its own copy.
final class InMemoryStateAccess: KeyedStateWriting {
    private(set) var contents: InMemoryStateStore.Contents

    init(_ contents: InMemoryStateStore.Contents) {
        self.contents = contents
    }

    // MARK: Reading

    func positions() throws -> [String: StoredPosition] { contents.positions }

    func exists(_ keyspace: StateKeyspace) throws -> Bool { contents.tables[keyspace.table] != nil }

    func value(in keyspace: StateKeyspace, key: [UInt8]) throws -> [UInt8]? {
        try table(keyspace).rows[key]?.value
    }

    func entries(in keyspace: StateKeyspace, from lower: [UInt8]?, below upper: [UInt8]?,
                 descending: Bool, limit: Int?) throws -> [StateEntry] {
        var keys = try table(keyspace).rows.keys.filter { key in
            (lower.map { !key.lexicographicallyPrecedes($0) } ?? true) && (upper.map { key.lexicographicallyPrecedes($0) } ?? true)
        }
        keys.sort { $0.lexicographicallyPrecedes($1) }
        if descending { keys.reverse() }
        let rows = try table(keyspace).rows
        return keys.prefix(limit ?? .max).map { StateEntry(key: $0, value: rows[$0]!.value) }
    }

    func entries(in keyspace: StateKeyspace, by index: StateIndex, from lower: StateColumnValue?,
                 through upper: StateColumnValue?, descending: Bool, limit: Int?) throws -> [StateEntry] {
        let rows = try table(keyspace).rows
        return try ordered(keyspace, index, lower, upper, descending).prefix(limit ?? .max)
            .map { StateEntry(key: $0, value: rows[$0]!.value) }
    }

    func scan(_ keyspace: StateKeyspace, by index: StateIndex, from lower: StateColumnValue?, through upper: StateColumnValue?,
              descending: Bool, columns: [String], _ body: ([UInt8], [StateColumnValue]) throws -> Bool) throws {
        let rows = try table(keyspace).rows
        let positions = try columns.map { try Self.position(of: $0, in: keyspace) }
        for key in try ordered(keyspace, index, lower, upper, descending) {
            let row = rows[key]!
            guard try body(key, positions.map { row.columns[$0] }) else { return }
        }
    }

    func entries(in keyspace: StateKeyspace, where column: String, equals value: StateColumnValue) throws -> [StateEntry] {
        let position = try Self.position(of: column, in: keyspace)
        return try table(keyspace).rows
            .filter { SQLiteOrder.compare($0.value.columns[position], value) == .orderedSame && value != .null }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .map { StateEntry(key: $0.key, value: $0.value.value) }
    }

    func count(in keyspace: StateKeyspace) throws -> Int { try table(keyspace).rows.count }

    // MARK: Writing

    func put(_ keyspace: StateKeyspace, key: [UInt8], value: [UInt8], columns: [StateColumnValue]) throws {
        precondition(columns.count == keyspace.columns.count, "keyspace \(keyspace) has \(keyspace.columns.count) columns, not \(columns.count)")
        _ = try table(keyspace)
        let stored = zip(columns, keyspace.columns).map { SQLiteOrder.withAffinity($0, $1.type) }
        contents.tables[keyspace.table]!.rows[key] = InMemoryStateStore.Row(value: value, columns: stored)
    }

    func delete(_ keyspace: StateKeyspace, key: [UInt8]) throws {
        _ = try table(keyspace)
        contents.tables[keyspace.table]!.rows[key] = nil
    }

    func reset(_ keyspaces: [StateKeyspace], of projection: String) throws {
        contents.positions[projection] = nil
        for keyspace in keyspaces { contents.tables[keyspace.table] = InMemoryStateStore.Table(keyspace: keyspace) }
    }

    func writeAhead() throws {}

    func setPosition(_ position: StoredPosition) throws {
        contents.positions[position.projection] = position
    }

    // MARK: Helpers

    /// The keyspace's table; a missing one fails as SQLite's "no such table" does.
    private func table(_ keyspace: StateKeyspace) throws -> InMemoryStateStore.Table {
        guard let table = contents.tables[keyspace.table] else {
            throw StateStoreError(path: "memory", message: "no such table: \(keyspace.table)")
        }
        return table
    }

    private static func position(of column: String, in keyspace: StateKeyspace) throws -> Int {
        guard let position = keyspace.columns.firstIndex(where: { $0.name == column }) else {
            throw StateStoreError(path: "memory", message: "no such column: \(column) in \(keyspace.table)")
        }
        return position
    }

    /// The keys of the rows whose index's first column lies in `lower ... upper`, in the
    /// index's order and then the key's (all of it reversed when descending), as SQLite's
    /// `WHERE first >= ? AND first <= ? ORDER BY columns..., key` gives them.
    private func ordered(_ keyspace: StateKeyspace, _ index: StateIndex, _ lower: StateColumnValue?,
                         _ upper: StateColumnValue?, _ descending: Bool) throws -> [[UInt8]] {
        let positions = try index.columns.map { try Self.position(of: $0, in: keyspace) }
        let rows = try table(keyspace).rows
        var keys = rows.keys.filter { key in
            let first = rows[key]!.columns[positions[0]]
            if let lower, first == .null || SQLiteOrder.compare(first, lower) == .orderedAscending { return false }
            if let upper, first == .null || SQLiteOrder.compare(first, upper) == .orderedDescending { return false }
            return true
        }
        keys.sort { left, right in
            let a = rows[left]!.columns
            let b = rows[right]!.columns
            for position in positions {
                switch SQLiteOrder.compare(a[position], b[position]) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return left.lexicographicallyPrecedes(right)
        }
        if descending { keys.reverse() }
        return keys
    }
}
