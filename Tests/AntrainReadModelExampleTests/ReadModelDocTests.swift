import Foundation
import Testing

/// docs/PROJECTIONS.md, "Adding a read model", shows the code of this target: every block of
/// Swift in the section is in one of its files word for word (indented as a whole, at most),
/// and WeeklyWeighIns.swift is exactly the section's declarations, so the code a reader copies
/// is the code these tests compile (against the public API alone) and run.
@Suite("docs/PROJECTIONS.md, \"Adding a read model\": its code is this target's")
struct ReadModelDocTests {
    static let heading = "## Adding a read model"

    @Test("Every Swift block of the section is in this target's sources, word for word")
    func blocksAreCompiled() throws {
        let blocks = try Self.swiftBlocks()
        #expect(blocks.count >= 4, "the section shows the usage, the model, its value and its queries")
        let sources = try Self.sources()
        for block in blocks {
            let found = sources.contains { Self.contains($0.lines, block) }
            #expect(found, "not in Tests/AntrainReadModelExampleTests, word for word:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test("WeeklyWeighIns.swift holds the section's declarations and nothing else")
    func exampleFileIsTheDoc() throws {
        let file = try String(contentsOf: Self.directory.appendingPathComponent("WeeklyWeighIns.swift"), encoding: .utf8)
        // Its opening comment says where the code comes from; the code starts at the imports.
        guard let start = file.range(of: "\nimport ") else {
            Issue.record("WeeklyWeighIns.swift has no imports")
            return
        }
        let code = String(file[file.index(after: start.lowerBound)...])
        let declarations = try Self.swiftBlocks().filter { $0.first?.hasPrefix(" ") == false && code.contains($0.joined(separator: "\n")) }
        #expect(declarations.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n" == code)
    }

    /// This target's directory.
    static let directory = packageRoot().appendingPathComponent("Tests/AntrainReadModelExampleTests")

    /// The lines of each fenced Swift block of the section, in order.
    static func swiftBlocks() throws -> [[String]] {
        let document = try String(contentsOf: packageRoot().appendingPathComponent("docs/PROJECTIONS.md"), encoding: .utf8)
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: heading) else {
            Issue.record("docs/PROJECTIONS.md has no section \"\(heading)\"")
            return []
        }
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
        var blocks: [[String]] = []
        var current: [String]?
        for line in section {
            if line == "```swift" {
                current = []
            } else if line.hasPrefix("```"), let block = current {
                blocks.append(block)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The Swift files of this target, as lines.
    static func sources() throws -> [(name: String, lines: [String])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            return (name, text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// Whether `block` is in `lines` as consecutive lines, each indented by the same prefix (a
    /// block of statements sits inside a test's body); blank lines match blank lines.
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard let first = block.first, !block.isEmpty, lines.count >= block.count else { return false }
        for start in 0...(lines.count - block.count) where lines[start].hasSuffix(first) {
            let indent = String(lines[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }) else { continue }
            let matches = zip(block, lines[start...]).allSatisfy { expected, line in
                expected.isEmpty ? line.trimmingCharacters(in: .whitespaces).isEmpty : line == indent + expected
            }
            if matches { return true }
        }
        return false
    }
}
