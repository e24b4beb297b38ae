import AntrainPostgres
import Foundation

/// Where a command's log is: a directory (the embedded log), or a log on a PostgreSQL server.
///
/// Resolved once by ``LogLocation`` from `--log-dir`, `--store` and `--log` (or the
/// environment); every command hands it to ``LogAccess`` and ``StateAccess``, the only places
/// that open a log or its state, and names it in messages with ``description`` and
/// ``options``.
enum LogPlace: Sendable, CustomStringConvertible {
    /// A log directory, as an absolute path.
    case directory(String)
    /// The log `name` on `server`.
    case server(PostgresServerAddress, name: String)

    /// The directory, for what only a directory log has (its files, its lock).
    var directoryPath: String? {
        if case let .directory(path) = self { path } else { nil }
    }

    /// The log in words: its directory, or `log NAME on postgresql://...`.
    var description: String {
        switch self {
        case let .directory(path): path
        case let .server(server, name): "log \(name) on \(server)"
        }
    }

    /// The options that name this log again, for the fixes a message suggests:
    /// `--log-dir DIR`, or `--store URL --log NAME`.
    var options: String {
        switch self {
        case let .directory(path): "--log-dir \(shellQuoted(path))"
        case let .server(server, name): "--store \(shellQuoted(server.description)) --log \(shellQuoted(name))"
        }
    }
}
