import AntrainLog
import Foundation
import Logging
import PostgresNIO

/// One log of a database, as ``PostgresLog/logs(_:logger:)`` lists it.
public struct PostgresLogSummary: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// How many events it holds (its next position).
    public var events: UInt64
    /// The chain hash after its last commit (zeros when empty).
    public var chainHead: ChainHash
    /// When its last commit was made; nil when it has none.
    public var lastCommit: Date?

    /// A summary from its parts.
    public init(name: String, events: UInt64, chainHead: ChainHash, lastCommit: Date?) {
        self.name = name
        self.events = events
        self.chainHead = chainHead
        self.lastCommit = lastCommit
    }
}

extension PostgresLog {
    /// Every log of the database `configuration` reaches, by name; none when the database
    /// holds no log tables yet (nothing is created).
    ///
    /// - Throws: ``PostgresLogError`` when the server cannot be reached or fails.
    public static func logs(_ configuration: PostgresConnection.Configuration,
                            logger: Logger = Logger(label: "antrain.postgres")) async throws -> [PostgresLogSummary] {
        let connection = try await connect(configuration, logger: logger)
        do {
            let exists = try await connection.query("SELECT to_regclass('antrain_logs') IS NOT NULL", logger: logger)
                .first?.decode(Bool.self) ?? false
            let logs = exists ? try await PostgresLogDirectory.logs(on: connection, logger: logger) : []
            await connection.close()
            return logs
        } catch {
            await connection.close()
            if error is PostgresLogError { throw error }
            throw PostgresLogError.server(String(reflecting: error))
        }
    }
}
