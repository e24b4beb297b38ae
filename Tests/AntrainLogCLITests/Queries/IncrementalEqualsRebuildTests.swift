import Foundation
import Testing

/// A log that grew in appends, with queries catching up between them, answers every query
/// exactly as the same log rebuilt in one go: the keyed state's catch-up and the rebuild are
/// one logic, whatever the batch boundaries.
@Suite("Incremental equals rebuild, through the binary")
struct IncrementalEqualsRebuildTests {
    /// Every read model's queries, in JSON (and the sets export, which reads the workouts).
    static let queries: [[String]] = [
        ["history", "--format", "json"], ["prs", "--format", "json"], ["stats", "--format", "json"],
        ["summary", "--format", "json"], ["nutrition", "--from", "2025-01-01", "--to", "2025-03-01", "--format", "json"],
        ["bodyweight", "--from", "2025-01-01", "--to", "2025-03-01", "--format", "json"], ["program", "--format", "json"],
        ["export", "--format", "csv", "--what", "sets"], ["export", "--format", "csv", "--what", "nutrition"],
    ]

    @Test("Random splits of a generated log into imports, a query between each, equal one rebuild", arguments: [7, 1234])
    func randomSplits(seed: UInt64) async throws {
        let scratch = try Scratch()
        let whole = scratch.url.appendingPathComponent("whole").path
        let generated = try await scratch.run(["generate", "--athletes", "2", "--weeks", "5", "--seed", "3", "--start", "2025-01-06",
                                               "--log-dir", whole])
        #expect(generated.status == 0, "\(generated.stderr)")
        let export = try await scratch.run(["export", "--format", "jsonl", "--log-dir", whole])
        let lines = export.lines
        #expect(lines.count > 1000)

        // Cut the events at random places; after each part, one query catches its models up.
        var random = SplitMixGenerator(seed)
        var cuts = (0..<9).map { _ in Int(random.next() % UInt64(lines.count)) }
        cuts = Array(Set(cuts + [lines.count])).sorted()
        let stepped = scratch.url.appendingPathComponent("stepped").path
        var start = 0
        for (index, end) in cuts.enumerated() where end > start {
            let part = scratch.url.appendingPathComponent("part-\(index).jsonl")
            try (lines[start..<end].joined(separator: "\n") + "\n").write(to: part, atomically: true, encoding: .utf8)
            #expect(try await scratch.run(["import", part.path, "--source", "jsonl", "--log-dir", stepped]).status == 0)
            let query = Self.queries[Int(random.next() % UInt64(Self.queries.count))]
            #expect(try await scratch.run(query + ["--log-dir", stepped]).status == 0)
            start = end
        }

        #expect(try await scratch.run(["rebuild", "--log-dir", whole]).status == 0)
        for query in Self.queries {
            let caughtUp = try await scratch.run(query + ["--log-dir", stepped])
            let rebuilt = try await scratch.run(query + ["--log-dir", whole])
            #expect(caughtUp.status == 0 && rebuilt.status == 0, "\(query): \(caughtUp.stderr) \(rebuilt.stderr)")
            #expect(caughtUp.stdout == rebuilt.stdout, "\(query.joined(separator: " ")), seed \(seed)")
        }
    }
}

/// SplitMix64: a small seeded generator, so a failing split can be run again.
struct SplitMixGenerator: RandomNumberGenerator {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
