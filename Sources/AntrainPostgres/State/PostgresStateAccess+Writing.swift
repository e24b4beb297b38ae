import AntrainLog
import AntrainProjections
import NIOCore
import PostgresNIO

// Writing (``KeyedStateWriting``): changes wait in memory and go to the server in batches.
extension PostgresStateAccess {
    func put(_ keyspace: StateKeyspace, key: [UInt8], value: [UInt8], columns: [StateColumnValue]) throws {
        precondition(columns.count == keyspace.columns.count, "keyspace \(keyspace) has \(keyspace.columns.count) columns, not \(columns.count)")
        try wait(keyspace, key, PendingRow(value: value, columns: columns))
    }

    func delete(_ keyspace: StateKeyspace, key: [UInt8]) throws {
        try wait(keyspace, key, nil)
    }

    private func wait(_ keyspace: StateKeyspace, _ key: [UInt8], _ row: PendingRow?) throws {
        if pending[keyspace.table] == nil { pending[keyspace.table] = (keyspace, [:]) }
        if pending[keyspace.table]!.rows.updateValue(row, forKey: key) == nil { pendingCount += 1 }
        if pendingCount >= Self.flushThreshold { try flushAll() }
    }

    func reset(_ keyspaces: [StateKeyspace], of projection: String) throws {
        for keyspace in keyspaces {
            // What waits for it would be deleted anyway.
            if let waiting = pending.removeValue(forKey: keyspace.table) { pendingCount -= waiting.rows.count }
            try makeTable(keyspace)
            try query("DELETE FROM \(PostgresStateSchema.table(keyspace)) WHERE log_id = $1", [.integer(logID)])
            try connection.run("""
                INSERT INTO antrain_state_keyspaces (log_id, table_name) VALUES (\(logID), \(PostgresStateSchema.tableName(keyspace)))
                ON CONFLICT DO NOTHING
                """)
            made?.insert(PostgresStateSchema.tableName(keyspace))
        }
        try connection.run("DELETE FROM antrain_state_positions WHERE log_id = \(logID) AND projection = \(projection)")
    }

    func writeAhead() throws {
        try flushAll()
    }

    func setPosition(_ position: StoredPosition) throws {
        try connection.run("""
            INSERT INTO antrain_state_positions (log_id, projection, version, log_offset, chain_hash)
            VALUES (\(logID), \(position.projection), \(Int32(position.version)), \(Int64(position.position.offset)),
                    \(ByteBuffer(bytes: position.position.chainHash.bytes)))
            ON CONFLICT (log_id, projection) DO UPDATE
            SET version = excluded.version, log_offset = excluded.log_offset, chain_hash = excluded.chain_hash
            """)
    }

    // MARK: Tables

    /// Makes the keyspace's table when it is missing, or made for another layout (then every
    /// log's state of its projection is forgotten, and each rebuilds it at its next catch-up).
    /// The check takes no lock; the change runs in a transaction of its own that takes the
    /// tables' lock and checks again (``PostgresStateConnection/changingTables(_:)``).
    private func makeTable(_ keyspace: StateKeyspace) throws {
        let name = PostgresStateSchema.tableName(keyspace)
        let layout = PostgresStateLayout.text(keyspace)
        func current(_ run: (PostgresQuery) throws -> [PostgresRow]) throws -> String? {
            try run("SELECT layout FROM antrain_state_tables WHERE table_name = \(name)").first.map { try decode($0, as: String.self) }
        }
        guard try current(connection.run) != layout else { return }
        try connection.changingTables { run in
            let found = try current(run)
            guard found != layout else { return }
            if found != nil {
                _ = try run(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(PostgresStateSchema.table(keyspace))"))
                _ = try run("DELETE FROM antrain_state_positions WHERE projection = \(keyspace.projection)")
                _ = try run("DELETE FROM antrain_state_keyspaces WHERE table_name = \(name)")
            }
            for statement in PostgresStateSchema.create(keyspace) { _ = try run(PostgresQuery(unsafeSQL: statement)) }
            _ = try run("""
                INSERT INTO antrain_state_tables (table_name, layout) VALUES (\(name), \(layout))
                ON CONFLICT (table_name) DO UPDATE SET layout = excluded.layout
                """)
        }
    }

    // MARK: Flushing

    /// Sends every waiting change.
    func flushAll() throws {
        for keyspace in pending.values.map(\.keyspace) { try flush(keyspace) }
    }

    /// Sends the changes waiting for `keyspace`: the deletions in one statement, the values in
    /// statements of many rows each (`INSERT ... ON CONFLICT DO UPDATE`).
    func flush(_ keyspace: StateKeyspace) throws {
        guard let waiting = pending.removeValue(forKey: keyspace.table) else { return }
        pendingCount -= waiting.rows.count
        let table = PostgresStateSchema.table(keyspace)
        let deleted = waiting.rows.compactMap { $0.value == nil ? ByteBuffer(bytes: $0.key) : nil }
        if !deleted.isEmpty {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(logID)
            bindings.append(deleted)
            try connection.run(PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE log_id = $1 AND key = ANY($2::bytea[])",
                                             binds: bindings))
        }
        let written = waiting.rows.compactMap { key, row in row.map { (key, $0) } }
        let names = (["key"] + keyspace.columns.map { PostgresStateSchema.quoted($0.name) } + ["value"])
        let perRow = names.count
        // PostgreSQL takes at most 65,535 parameters in a statement.
        let rowsPerStatement = max(1, min(2_000, 60_000 / perRow))
        let updates = names.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        var start = 0
        while start < written.count {
            let chunk = written[start..<min(start + rowsPerStatement, written.count)]
            var bindings = PostgresBindings(capacity: chunk.count * perRow + 1)
            bindings.append(logID)
            var tuples: [String] = []
            tuples.reserveCapacity(chunk.count)
            var number = 2
            for (key, row) in chunk {
                let marks = (number..<(number + perRow)).map { "$\($0)" }.joined(separator: ", ")
                tuples.append("($1, \(marks))")
                number += perRow
                bindings.append(ByteBuffer(bytes: key))
                for (value, column) in zip(row.columns, keyspace.columns) {
                    Self.bind(Self.stored(value, as: column.type), into: &bindings)
                }
                bindings.append(ByteBuffer(bytes: row.value))
            }
            try connection.run(PostgresQuery(unsafeSQL: """
                INSERT INTO \(table) (log_id, \(names.joined(separator: ", "))) VALUES \(tuples.joined(separator: ", "))
                ON CONFLICT (log_id, key) DO UPDATE SET \(updates)
                """, binds: bindings))
            start += chunk.count
        }
    }

    /// A value as its column stores it: SQLite keeps what it is given, PostgreSQL's typed
    /// columns take an integer for a real column only as a double.
    static func stored(_ value: StateColumnValue, as type: StateColumnType) -> StateColumnValue {
        switch (value, type) {
        case let (.integer(number), .real): .real(Double(number))
        default: value
        }
    }
}
