import Foundation
import Testing

/// `rebuild` beside other commands, through the binary: each rebuild installs a new generation
/// of the state file (docs/FORMAT.md, "Generations") while queries and recording commands run
/// in other processes. None of them fails or answers from a state that is not the log's, and
/// what is left is one generation, its link and the lock file.
@Suite("State generations beside other processes", .serialized)
struct StateGenerationCLITests {
    static let rebuilds = 10

    @Test("Queries and a recording command running while rebuilds install generations answer as the log says")
    func queriesDuringRebuilds() async throws {
        let scratch = try Scratch()
        let log = scratch.url.appendingPathComponent("log").path
        let generated = try await scratch.run(["generate", "--athletes", "1", "--weeks", "8", "--seed", "5", "--log-dir", log])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(try await scratch.run(["rebuild", "--log-dir", log]).status == 0)
        let history = ["history", "--limit", "20", "--format", "json", "--log-dir", log]
        let expected = try await scratch.run(history).stdout
        let folder = scratch.url

        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                var failures: [String] = []
                for _ in 0..<Self.rebuilds {
                    let result = try await CLI.run(["rebuild", "--log-dir", log], in: folder)
                    if result.status != 0 { failures.append("rebuild: \(result.stderr)") }
                }
                return failures
            }
            group.addTask {
                var failures: [String] = []
                for round in 0..<12 {
                    let answer = try await CLI.run(history, in: folder)
                    if answer.status != 0 || answer.stdout != expected { failures.append("history \(round): \(answer.stderr)") }
                    let weight = try await CLI.run(["bodyweight", "\(70 + round)kg", "--log-dir", log], in: folder)
                    if weight.status != 0 { failures.append("bodyweight \(round): \(weight.stderr)") }
                }
                return failures
            }
            var all: [String] = []
            for try await failures in group { all += failures }
            return all
        }
        #expect(failures.isEmpty, "\(failures)")

        // The last weigh-in is there, whichever generation the last command found.
        let latest = try await scratch.run(["bodyweight", "--format", "json", "--log-dir", log])
        #expect(latest.status == 0 && latest.stdout.contains(#""weighIns":12,"#) && latest.stdout.contains(#""lastKg":81.0,"#), "\(latest.stdout)")
        let left = try FileManager.default.contentsOfDirectory(atPath: log + "/projections").sorted()
        let generations = left.filter { $0.hasPrefix("state-") && $0.hasSuffix(".sqlite") }
        #expect(generations.count == 1, "\(left)")
        #expect(left.allSatisfy { $0.hasPrefix(generations.first ?? "-") || $0 == "state.lock" || $0 == "state.sqlite" }, "\(left)")
    }
}
