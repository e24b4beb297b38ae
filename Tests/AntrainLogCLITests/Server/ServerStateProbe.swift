import AntrainTestSupport
import Foundation
import NIOCore
import PostgresNIO

/// The stored positions of a server log's read models, read as another process would (a
/// connection of its own): the server's counterpart of ``StateFileProbe``.
final class ServerStateProbe: Sendable {
    let connection: PostgresConnection
    let log: String

    init(_ server: PostgresTestServer, log: String) throws {
        connection = try PostgresConnection.connect(on: PostgresConnection.defaultEventLoopGroup.any(), configuration: server.configuration,
                                                    id: 9, logger: .init(label: "probe")).wait()
        self.log = log
    }

    deinit { _ = try? connection.close().wait() }

    /// Every model's stored offset, by name (`antrain_state_positions`, docs/FORMAT.md).
    func offsets() throws -> [String: UInt64] {
        let rows = try connection.query("""
            SELECT s.projection, s.log_offset FROM antrain_state_positions s JOIN antrain_logs l USING (log_id) WHERE l.name = \(log)
            """, logger: .init(label: "probe")).wait().rows
        return Dictionary(uniqueKeysWithValues: try rows.map { row in
            let (name, offset) = try row.decode((String, Int64).self)
            return (name, UInt64(offset))
        })
    }
}
