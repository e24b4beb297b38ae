import Foundation
import Testing

/// Every example of README.md and of each command's `--help` works as shown, on a freshly
/// seeded log (issue 20): the examples run one after another on one log, as a person trying
/// them would, through `bash` (so pipes and redirections run too). Ids and files an example
/// names stand for ones of the person's own log: the test gives it real ones (see
/// ``ExampleLog``), and nothing else of the line is changed.
@Suite struct DocumentedExamplesTests {
    /// Examples not run, each with the reason; nothing else is skipped.
    static let notRun: [String: String] = [
        "antrain-log generate --athletes 50 --weeks 52 --seed 1 --start 2025-01-06": "writes about a million events: minutes in a debug build",
        "antrain-log tail -n 0 --follow --format json | jq -c .event": "follows the log until interrupted",
        "antrain-log tail --follow": "follows the log until interrupted",
        "antrain-log tail -n 20 --follow": "follows the log until interrupted",
    ]

    @Test(.timeLimit(.minutes(10))) func everyDocumentedExampleWorksOnASeededLog() async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let examples = try await DocumentedExamples.all(readme: repository.appendingPathComponent("README.md"))
        #expect(examples.count > 150, "the examples are found: \(examples.count)")
        let log = try await ExampleLog(repository: repository)
        var failures: [String] = []
        for (source, line) in examples where Self.notRun[line] == nil {
            do {
                let command = try await log.prepare(line)
                let result = try await log.shell(command)
                if result.status != 0 {
                    failures.append("\(line)\n    (from \(source); ran: \(command))\n    exit \(result.status): \(result.stderr.prefix(400))")
                }
            } catch {
                failures.append("\(line)\n    (from \(source)): the log could not be prepared for it: \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) examples fail:\n\(failures.joined(separator: "\n"))")
    }
}
