import Foundation
import Testing

extension Scratch {
    /// Writes `text` to a file of this directory and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `import` with `--format json` and returns its one summary object.
    func importReport(_ arguments: [String], log: String? = nil) async throws -> [String: Any] {
        let result = try await CLI.start(["import"] + arguments + ["--format", "json", "--log-dir", log ?? self.log],
                                         workingDirectory: url).finish()
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try result.jsonLines().first)
    }

    /// The rows of `export --format csv --what table`, header first, split on commas outside quotes.
    func exportCSV(_ table: String, _ extra: [String] = [], log: String? = nil) async throws -> [[String]] {
        let result = try await run(["export", "--format", "csv", "--what", table, "--log-dir", log ?? self.log] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines.map(csvFields)
    }
}

/// The fields of one CSV line (quotes doubled inside quoted fields; no line breaks).
func csvFields(_ line: String) -> [String] {
    var fields: [String] = []
    var current = ""
    var quoted = false
    var previous: Character?
    for character in line {
        if character == "\"" {
            // A quote right after a closing quote is an escaped one: `"a""b"` is a"b.
            if !quoted, previous == "\"" { current.append("\"") }
            quoted.toggle()
        } else if character == ",", !quoted {
            fields.append(current)
            current = ""
        } else {
            current.append(character)
        }
        previous = character
    }
    fields.append(current)
    return fields
}

extension Dictionary where Key == String, Value == Any {
    func int(_ key: String) -> Int? { self[key] as? Int }
    var skippedLines: [Int] { (self["skipped"] as? [[String: Any]] ?? []).compactMap { $0["line"] as? Int } }
}
