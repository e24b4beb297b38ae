import Foundation
import Testing

/// The examples the documentation shows: every `antrain-log ...` line under "Examples:" in
/// each command's `--help`, found by walking the commands from the root's help, and every
/// `antrain-log ...` line of README.md's shell blocks.
enum DocumentedExamples {
    /// Each example with where it is shown, in the order of the commands' help.
    static func all(readme: URL) async throws -> [(source: String, line: String)] {
        var examples: [(String, String)] = []
        var pending = [[String]()]
        var seen = Set<[String]>()
        while !pending.isEmpty {
            let path = pending.removeFirst()
            guard seen.insert(path).inserted else { continue }
            let help = try await CLI.run(path + ["--help"], environment: ["COLUMNS": "1000"], in: FileManager.default.temporaryDirectory)
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            examples += examplesOf(lines).map { ("antrain-log \((path + ["--help"]).joined(separator: " "))", $0) }
            pending += subcommands(of: lines).map { path + [$0] }
        }
        examples += try readmeExamples(readme).map { ("README.md", $0) }
        return examples
    }

    /// The lines under "Examples:" that run the tool, up to the next blank line or heading.
    static func examplesOf(_ help: [String]) -> [String] {
        var found: [String] = []
        var inside = false
        for line in help {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix("Examples:") || trimmed == "Example:" { inside = true; continue }
            guard inside else { continue }
            if trimmed.hasPrefix("antrain-log ") || trimmed == "antrain-log" {
                found.append(trimmed)
            } else if trimmed.isEmpty || !line.hasPrefix(" ") {
                inside = !found.isEmpty && trimmed.isEmpty ? false : inside
                if !trimmed.isEmpty { inside = false }
            }
        }
        return found
    }

    /// The names listed under SUBCOMMANDS and each group's "NAME SUBCOMMANDS" (the root's),
    /// without the default's "(default)" mark.
    static func subcommands(of help: [String]) -> [String] {
        guard let start = help.firstIndex(where: { $0.hasSuffix("SUBCOMMANDS:") }) else { return [] }
        return help[(start + 1)...].prefix { !$0.hasPrefix("  See ") }.compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
            return String(name)
        }
    }

    /// README.md's lines that run `antrain-log` inside fenced shell blocks.
    static func readmeExamples(_ readme: URL) throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var inBlock = false
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inBlock, trimmed.hasPrefix("antrain-log ") { found.append(trimmed) }
        }
        return found
    }
}
