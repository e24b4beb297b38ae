import AntrainPostgres
import ArgumentParser
import Foundation

/// Where the log is: `--log-dir`, or `--store` and `--log` for a log on a PostgreSQL server,
/// else the environment (see docs/CLI.md, "Finding the log").
///
/// Declared alone by the root command and by `import` and `export` (whose `--format` names
/// a data format, not how to print), and inside ``GlobalOptions`` by every other command, so
/// that `--log-dir` works before or after the command's name everywhere.
struct LogLocation: ParsableArguments {
    /// Its options' spellings, each followed by a value: what the argument rewriting skips
    /// before a command's name and what name completion reads from a line typed so far.
    static let optionNames = ["--log-dir", "--store", "--log"]

    @Option(name: .long, help: ArgumentHelp(
        "The log directory. Default: $ANTRAIN_LOG_DIR, else $XDG_DATA_HOME/antrain/log, else ~/.local/share/antrain/log.",
        valueName: "dir"))
    var logDir: String?

    @Option(name: .long, help: ArgumentHelp(
        "A PostgreSQL server holding the log instead of a directory (postgresql://user@host/database, or "
            + "postgresql:///database?host=/run/postgresql for a Unix socket). Default: $ANTRAIN_STORE.",
        valueName: "url"))
    var store: String?

    @Option(name: .customLong("log"), help: ArgumentHelp(
        "The log's name on the server given by --store (an athlete, a team). Default: $ANTRAIN_LOG.", valueName: "name"))
    var logName: String?

    /// The log the options or the environment name: a server log when `--store` or
    /// `ANTRAIN_STORE` names a server (`--log-dir` then wins only when given itself), else the
    /// log directory as an absolute path.
    func resolvedPlace() throws -> LogPlace {
        try Self.resolvePlace(self, environment: ProcessInfo.processInfo.environment)
    }

    static func resolvePlace(_ options: LogLocation, environment: [String: String]) throws -> LogPlace {
        if options.logDir != nil, options.store != nil {
            throw ValidationError("--log-dir and --store both name a log; give one of them.")
        }
        let store = options.store ?? (options.logDir == nil ? environment["ANTRAIN_STORE"].flatMap { $0.isEmpty ? nil : $0 } : nil)
        guard let store else {
            if options.logName != nil { throw ValidationError("--log names a log on a server: give the server with --store URL (or ANTRAIN_STORE).") }
            return .directory(try resolveLogDirectory(option: options.logDir, environment: environment))
        }
        guard let name = options.logName ?? environment["ANTRAIN_LOG"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw ValidationError("A log on a server needs its name: pass --log NAME or set ANTRAIN_LOG (antrain-log logs --store URL lists them).")
        }
        guard !name.isEmpty, name.utf8.count <= 200, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ValidationError("--log must name a log in 1 to 200 bytes, without control characters; got \(name.debugDescription).")
        }
        do {
            return .server(try PostgresServerAddress(store), name: name)
        } catch let error as PostgresLogError {
            throw ValidationError("--store: \(error)")
        }
    }

    /// The server `--store` or `ANTRAIN_STORE` names, for what lists a server's logs.
    func resolvedServer() throws -> PostgresServerAddress {
        guard logDir == nil else { throw ValidationError("logs lists the logs of a server: give --store URL, not --log-dir.") }
        guard let store = store ?? ProcessInfo.processInfo.environment["ANTRAIN_STORE"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw ValidationError("Which server? Pass --store URL (postgresql://user@host/database) or set ANTRAIN_STORE.")
        }
        do {
            return try PostgresServerAddress(store)
        } catch let error as PostgresLogError {
            throw ValidationError("--store: \(error)")
        }
    }

    /// The directory chosen by `--log-dir`, then `ANTRAIN_LOG_DIR`, then the XDG data directory.
    static func resolveLogDirectory(option: String?, environment: [String: String]) throws -> String {
        let chosen: String
        if let option {
            // An empty --log-dir is a mistake (an unset shell variable, say), not "the default".
            guard !option.isEmpty else { throw ValidationError("--log-dir must name a directory; it is empty.") }
            guard !option.utf8.contains(0) else { throw ValidationError("--log-dir must not contain a NUL byte.") }
            chosen = option
        } else if let variable = environment["ANTRAIN_LOG_DIR"], !variable.isEmpty {
            chosen = variable
        } else if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            // The XDG spec says relative values are invalid and must be ignored.
            chosen = data + "/antrain/log"
        } else if let home = environment["HOME"], !home.isEmpty {
            chosen = home + "/.local/share/antrain/log"
        } else {
            throw ValidationError("No log directory: pass --log-dir, or set ANTRAIN_LOG_DIR or HOME.")
        }
        let expanded = (chosen as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        return (absolute as NSString).standardizingPath
    }
}
