import AntrainLog
import Foundation
import Logging
import PostgresNIO

/// The logs of a database: their tables, created once, and each log's id by its name.
enum PostgresLogDirectory {
    /// Creates the tables of the logs and of their state when any is missing
    /// (``PostgresSchema/creation``). When they are all there, as after the first open of a
    /// database, it only asks, and takes no lock.
    static func createTables(on connection: ServerConnection, logger: Logger) async throws {
        do {
            let present = try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.allPresent), logger: logger)
                .first?.decode(Bool.self) ?? false
            guard !present else { return }
            try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.creation), logger: logger)
        } catch {
            throw PostgresLogError.server(String(reflecting: error))
        }
    }

    /// The id of the log `name`, creating it when `create` is true; nil when it does not
    /// exist and is not to be created.
    static func logID(named name: String, create: Bool, on connection: ServerConnection, logger: Logger) async throws -> Int64? {
        do {
            if create {
                try await connection.query("INSERT INTO antrain_logs (name) VALUES (\(name)) ON CONFLICT (name) DO NOTHING", logger: logger)
            }
            return try await connection.query("SELECT log_id FROM antrain_logs WHERE name = \(name)", logger: logger)
                .first?.decode(Int64.self)
        } catch {
            throw PostgresLogError.server(String(reflecting: error))
        }
    }

    /// Every log of the database, by name: its events, chain head and last commit's time.
    static func logs(on connection: ServerConnection, logger: Logger) async throws -> [PostgresLogSummary] {
        var logs: [PostgresLogSummary] = []
        do {
            // The last commit of each log through its primary key, read backwards: no scan.
            for row in try await connection.query("""
                SELECT l.name, l.next_position, l.head, c.committed_at
                FROM antrain_logs l
                LEFT JOIN LATERAL (SELECT committed_at FROM antrain_commits WHERE log_id = l.log_id
                                   ORDER BY end_position DESC LIMIT 1) c ON true
                ORDER BY l.name
                """, logger: logger) {
                let (name, next, head, last) = try row.decode((String, Int64, ByteBuffer, Date?).self)
                logs.append(PostgresLogSummary(name: name, events: UInt64(next), chainHead: ChainHash(bytes: Array(head.readableBytesView)),
                                               lastCommit: last))
            }
        } catch {
            throw PostgresLogError.server(String(reflecting: error))
        }
        return logs
    }
}
