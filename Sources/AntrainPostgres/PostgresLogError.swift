import Foundation
import PostgresNIO

/// What can go wrong with a log on a server, in words a user acts on.
public enum PostgresLogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached or refused the connection (address, socket, password).
    case unreachable(String)
    /// No log of this name exists in the database, and it was not to be created.
    case noSuchLog(String)
    /// A name no log can have.
    case invalidName(String, reason: String)
    /// A server URL that cannot be used (its password left out), and why.
    case invalidAddress(String, reason: String)
    /// The server refused or failed a statement.
    case server(String)
    /// Another append held the log's lock past the lock timeout.
    case lockTimeout(log: String, seconds: Int)
    /// The log was closed (``PostgresLog/close()``) before a read or an append asked it.
    case closed(String)

    public var description: String {
        switch self {
        case let .unreachable(detail): return "cannot reach the PostgreSQL server: \(Self.serverMessage(detail))"
        case let .noSuchLog(name): return "there is no log named \(name) in this database"
        case let .invalidName(name, reason): return "\"\(name)\" cannot name a log: \(reason)"
        case let .invalidAddress(url, reason): return "\(url) cannot name a PostgreSQL server: \(reason)"
        case let .server(detail): return "the PostgreSQL server failed: \(Self.serverMessage(detail))"
        case let .lockTimeout(log, seconds):
            return "another append held log \(log)'s lock for more than \(seconds) s; nothing was appended"
        case let .closed(name): return "log \(name) on the PostgreSQL server is closed: open it again to read or append"
        }
    }

    /// The server's own message from postgres-nio's description, when it carries one.
    static func serverMessage(_ detail: String) -> String {
        guard let range = detail.range(of: "message: ") else { return detail }
        return String(detail[range.upperBound...].prefix { $0 != "," && $0 != ")" && $0 != "\n" })
    }
}
