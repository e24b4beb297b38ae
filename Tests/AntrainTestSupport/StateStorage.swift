import AntrainInMemory
import AntrainPostgres
import AntrainProjections
import Foundation

/// The projection-state backends the conformance suites run on: SQLite files in a directory
/// the state kept in memory and the state on a PostgreSQL server (``PostgresTestServer``),
/// each reached only through ``StateBackend`` in the tests.
package enum StateStorage: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite
    case memory
    case postgres

    package var description: String { rawValue }

    /// A new, empty backend of this kind, and the directory that holds its files.
    package func open() throws -> OpenedBackend {
        switch self {
        case .sqlite:
            let directory = TemporaryDirectory("state")
            return OpenedBackend(backend: SQLiteStateBackend(directory: directory.path), directory: directory)
        case .memory:
            return OpenedBackend(backend: InMemoryStateBackend(), directory: nil)
        case .postgres:
            return OpenedBackend(backend: try Self.serverBackend(), directory: nil)
        }
    }

    /// A new, empty store of this kind: a SQLite file, or memory.
    package func store() throws -> (store: any MaintainedStateStore, directory: TemporaryDirectory?) {
        switch self {
        case .sqlite:
            let directory = TemporaryDirectory("store")
            return (try SQLiteStateStore(path: directory.file("state.sqlite")), directory)
        case .memory:
            return (InMemoryStateStore(), nil)
        case .postgres:
            return (try Self.serverBackend().open().writable!, nil)
        }
    }
}

extension StateStorage {
    /// The state of a new, empty log on the test server.
    static func serverBackend() throws -> PostgresStateBackend {
        try PostgresStateBackend.open(try PostgresTestServer.shared().configuration, log: "state-\(UUID().uuidString)", create: true)
    }
}

/// A backend open for a test, and the directory that holds its files (kept until the test ends).
package struct OpenedBackend: Sendable {
    package let backend: any StateBackend
    package let directory: TemporaryDirectory?
}
