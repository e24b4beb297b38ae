import Foundation
import Logging
import PostgresNIO

/// The logs of a database: their tables, created once, and each log's id by its name.
enum PostgresLogDirectory {
    /// Creates the tables that are missing, one process at a time (a transaction-scoped
    /// advisory lock: two processes opening at once would otherwise race on `CREATE`).
    static func createTables(on connection: PostgresConnection, logger: Logger) async throws {
        do {
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.creationLock))", logger: logger)
                for statement in PostgresSchema.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
        } catch {
            throw PostgresLogError.server(String(reflecting: error))
        }
    }

    /// The id of the log `name`, creating it when `create` is true; nil when it does not
    /// exist and is not to be created.
    static func logID(named name: String, create: Bool, on connection: PostgresConnection, logger: Logger) async throws -> Int64? {
        do {
            if create {
                try await connection.query("INSERT INTO antrain_logs (name) VALUES (\(name)) ON CONFLICT (name) DO NOTHING", logger: logger)
            }
            for try await id in try await connection.query("SELECT log_id FROM antrain_logs WHERE name = \(name)", logger: logger)
                .decode(Int64.self) {
                return id
            }
            return nil
        } catch {
            throw PostgresLogError.server(String(reflecting: error))
        }
    }

    /// Every log of the database: its name, events and chain head, by name.
    static func logs(on connection: PostgresConnection, logger: Logger) async throws -> [(name: String, events: UInt64, head: [UInt8])] {
        var logs: [(name: String, events: UInt64, head: [UInt8])] = []
        for try await (name, next, head) in try await connection.query(
            "SELECT name, next_position, head FROM antrain_logs ORDER BY name", logger: logger).decode((String, Int64, ByteBuffer).self) {
            logs.append((name, UInt64(next), Array(head.readableBytesView)))
        }
        return logs
    }
}
