import ArgumentParser
import Foundation

/// How a command prints its result.
enum OutputFormat: String, AnyCaseArgument, Sendable {
    /// For people: aligned labels, local times.
    case text
    /// For programs: one JSON object per line, UTC times, field names documented in docs/CLI.md.
    case json
}

/// What `--format` accepts: `text` and `table` are the same (for people), `json` is for
/// programs, `csv` is for spreadsheets (query commands only).
enum FormatChoice: String, AnyCaseArgument, Sendable {
    case text, table, json, csv
}

/// The options of every command that prints text or JSON: where the log is, and how to print.
///
/// `import` and `export` take ``LogLocation`` alone instead, because their `--format` names
/// the data they read or write.
struct GlobalOptions: ParsableArguments {
    @OptionGroup var location: LogLocation

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

    /// The log the options or the environment name.
    func resolvedPlace() throws -> LogPlace { try location.resolvedPlace() }
}
