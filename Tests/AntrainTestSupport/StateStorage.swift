import AntrainInMemory
import AntrainProjections
import Foundation

/// The projection-state backends the conformance suites run on: SQLite files in a directory
/// and the state kept in memory, each reached only through ``StateBackend`` in the tests.
package enum StateStorage: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite
    case memory

    package var description: String { rawValue }

    /// A new, empty backend of this kind, and the directory that holds its files.
    package func open() -> OpenedBackend {
        switch self {
        case .sqlite:
            let directory = TemporaryDirectory("state")
            return OpenedBackend(backend: SQLiteStateBackend(directory: directory.path), directory: directory)
        case .memory:
            return OpenedBackend(backend: InMemoryStateBackend(), directory: nil)
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
        }
    }
}

/// A backend open for a test, and the directory that holds its files (kept until the test ends).
package struct OpenedBackend: Sendable {
    package let backend: any StateBackend
    package let directory: TemporaryDirectory?
}
