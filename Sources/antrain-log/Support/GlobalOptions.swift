import ArgumentParser
import Foundation

/// How a command prints its result.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// For people: aligned labels, local times.
    case text
    /// For programs: one JSON object per line, UTC times, field names documented in docs/CLI.md.
    case json
}

/// What `--format` accepts: `text` and `table` are the same (for people), `json` is for
/// programs, `csv` is for spreadsheets (query commands only).
enum FormatChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, table, json, csv
}

/// The options every command takes: where the log is, and how to print.
///
/// Declared by the root command and by each subcommand, so both `antrain-log --log-dir X cat`
/// and `antrain-log cat --log-dir X` work.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The log directory. Default: $ANTRAIN_LOG_DIR, else $XDG_DATA_HOME/antrain/log, else ~/.local/share/antrain/log.",
        valueName: "dir"))
    var logDir: String?

    @Option(name: .long, help: "Output format: text or table (for people), json (for programs), csv (queries only).")
    var format: FormatChoice = .text

    /// The format of a command that prints text or JSON Lines; `table` is its text, and
    /// `csv` is refused with a message naming the command.
    func textOrJSON(_ command: String) throws -> OutputFormat {
        switch format {
        case .text, .table: return .text
        case .json: return .json
        case .csv: throw ValidationError("--format csv is for query commands; \(command) prints text or json.")
        }
    }

    /// The log directory as an absolute path, so that messages name it unambiguously.
    func resolvedLogDirectory() throws -> String {
        try Self.resolveLogDirectory(option: logDir, environment: ProcessInfo.processInfo.environment)
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
