import AntrainProjections

/// A keyspace's definition as text, kept beside its table in `antrain_state_tables`: a table
/// made for another layout (a read model whose version changed its columns) is made again,
/// and a copy of the state into memory makes the same keyspaces from it.
///
/// One line per part: `projection=training`, `name=workouts`, `small=0`, then a
/// `column=NAME TYPE` per column and an `index=NAME COLUMN,COLUMN` per index, in order.
enum PostgresStateLayout {
    /// The text of `keyspace`'s definition.
    static func text(_ keyspace: StateKeyspace) -> String {
        var lines = ["projection=\(keyspace.projection)", "name=\(keyspace.name)", "small=\(keyspace.smallValues ? 1 : 0)"]
        lines += keyspace.columns.map { "column=\($0.name) \($0.type.rawValue)" }
        lines += keyspace.indexes.map { "index=\($0.name) \($0.columns.joined(separator: ","))" }
        return lines.joined(separator: "\n")
    }

    /// The keyspace a text of ``text(_:)`` defines.
    static func keyspace(_ text: String) throws -> StateKeyspace {
        var projection: String?
        var name: String?
        var small = false
        var columns: [StateColumn] = []
        var indexes: [StateIndex] = []
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { throw unreadable(text) }
            let value = String(line[line.index(after: equals)...])
            let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
            switch line[..<equals] {
            case "projection": projection = value
            case "name": name = value
            case "small": small = value == "1"
            case "column":
                guard parts.count == 2, let type = StateColumnType(rawValue: parts[1]) else { throw unreadable(text) }
                columns.append(StateColumn(parts[0], type))
            case "index":
                guard parts.count == 2 else { throw unreadable(text) }
                indexes.append(StateIndex(parts[0], parts[1].split(separator: ",").map(String.init)))
            default: throw unreadable(text)
            }
        }
        guard let projection, let name else { throw unreadable(text) }
        return StateKeyspace(projection: projection, name: name, columns: columns, indexes: indexes, smallValues: small)
    }

    private static func unreadable(_ text: String) -> StateStoreError {
        StateStoreError(path: "antrain_state_tables", message: "a keyspace's layout cannot be read: \(text.debugDescription)")
    }
}
