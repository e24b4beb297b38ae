import ArgumentParser
import Foundation

/// Where the log is: `--log-dir`, else the environment (see docs/CLI.md, "Finding the log").
///
/// Declared alone by the root command and by `import` and `export` (whose `--format` names
/// a data format, not how to print), and inside ``GlobalOptions`` by every other command, so
/// that `--log-dir` works before or after the command's name everywhere.
struct LogLocation: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The log directory. Default: $ANTRAIN_LOG_DIR, else $XDG_DATA_HOME/antrain/log, else ~/.local/share/antrain/log.",
        valueName: "dir"))
    var logDir: String?

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
