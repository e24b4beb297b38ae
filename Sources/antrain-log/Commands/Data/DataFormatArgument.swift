import ArgumentParser

/// Reads import's `--source` and export's `--format`, which name data (the file read or
/// written), not how a summary prints.
///
/// A transform rather than plain `ExpressibleByArgument`, so that a near miss (`csv` for an
/// import, `json` for jsonl) is answered with what to type instead of only the list.
enum DataFormatArgument {
    /// `text` as one of `Choice`'s values, else an error listing them and, for a known near
    /// miss, what was probably meant.
    static func parse<Choice: RawRepresentable & CaseIterable>(_ text: String, nearMisses: [String: String]) throws -> Choice
    where Choice.RawValue == String {
        if let choice = Choice(rawValue: text.lowercased()) { return choice }
        let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        if let hint = nearMisses[text.lowercased()] { throw ValidationError("\(hint) Allowed: \(allowed).") }
        throw ValidationError("allowed: \(allowed).")
    }

    /// What an import's `--source` that is not a file format probably meant.
    static let importNearMisses: [String: String] = [
        "csv": "name the app whose CSV export this is (strong, hevy, fitnotes or cronometer); their layouts differ.",
        "json": "the summary's format is --format json; --source names the file's format (jsonl for events).",
        "text": "the summary's format is --format text; --source names the file's format.",
        "table": "the summary's format is --format text; --source names the file's format.",
    ]

    /// What an export's `--format` that is not an export format probably meant.
    static let exportNearMisses: [String: String] = [
        "json": "events are exported as JSON Lines: --format jsonl.",
        "sets": "a table is --format csv --what sets.",
        "nutrition": "a table is --format csv --what nutrition.",
        "strong": "the sets table is Strong's layout: --format csv --what sets.",
    ]
}
