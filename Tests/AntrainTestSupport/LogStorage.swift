import AntrainInMemory
import AntrainLog
import AntrainPostgres
import Foundation

/// The storages the conformance suites run on: the log in a directory, the log in memory and
/// a log on a PostgreSQL server (``PostgresTestServer``), each reached only through
/// ``LogWriter`` and ``LogReader`` in the tests.
package enum LogStorage: String, CaseIterable, CustomStringConvertible, Sendable {
    case directory
    case memory
    case postgres

    package var description: String { rawValue }

    /// A new, empty log of this storage.
    package func open() async throws -> OpenedLog {
        switch self {
        case .directory:
            let directory = TemporaryDirectory("conformance")
            return OpenedLog(log: try await EventLog.open(at: directory.filePath, options: LogOptions(durability: .none)),
                             directory: directory)
        case .memory:
            return OpenedLog(log: InMemoryLog(), directory: nil)
        case .postgres:
            let server = try PostgresTestServer.shared()
            return OpenedLog(log: try await PostgresLog.open(server.configuration, log: "test-\(UUID().uuidString)", create: true,
                                                             lockTimeout: PostgresTestServer.lockTimeout),
                             directory: nil)
        }
    }
}

/// A log open for a test, and the directory that holds it (kept until the test ends).
package struct OpenedLog: Sendable {
    package let log: any LogWriter
    package let directory: TemporaryDirectory?
}
