import AntrainTestSupport
import Foundation
import Testing

/// A log written by the release before keyed state (fixtures/release-log: its checkpoints,
/// no writer state, a workout left active) opens with this build, answers every query as that
/// release did, and takes new events.
@Suite("A log of the earlier release")
struct ReleaseLogTests {
    static let folder = packageRootURL().appendingPathComponent("fixtures/release-log")

    @Test("Opens, drops the old checkpoints, answers as the release did, and records into its active workout")
    func opensAndAnswers() async throws {
        let scratch = try Scratch()
        let untar = try SpawnedProcess.run("/usr/bin/tar", ["xzf", Self.folder.appendingPathComponent("log.tar.gz").path, "-C", scratch.url.path])
        #expect(untar.status == 0, "\(String(decoding: untar.stderr, as: UTF8.self))")
        let projections = scratch.log + "/projections"
        #expect(try FileManager.default.contentsOfDirectory(atPath: projections).contains("workout-history.checkpoint"))

        let queries = try String(contentsOf: Self.folder.appendingPathComponent("queries.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String]) }
        for (index, query) in queries.enumerated() {
            let result = try await scratch.runOnLog(query)
            let expected = try String(contentsOf: Self.folder.appendingPathComponent(String(format: "answers/%03d.out", index)),
                                      encoding: .utf8)
            #expect("exit \(result.status)\n" + result.stdout == expected, "\(query.joined(separator: " ")): \(result.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: projections)
        #expect(!left.contains { $0.hasSuffix(".checkpoint") || $0.hasSuffix(".digest") }, "\(left)")
        #expect(left.contains("state.sqlite"))

        // The workout the release left active takes a set and completes.
        let set = try await scratch.runOnLog(["workout", "set", "Barbell Back Squat", "--weight", "100", "--reps", "5"])
        #expect(set.status == 0, "\(set.stderr)")
        // The release started it days before any run of this test: its length since the start is
        // more than a workout may last, so completing it needs the time it ended or its length.
        let refused = try await scratch.runOnLog(["workout", "complete"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("a workout lasts at most a day") && refused.stderr.contains("--duration"), "\(refused.stderr)")
        let complete = try await scratch.runOnLog(["workout", "complete", "--duration", "1h5m"])
        #expect(complete.status == 0, "\(complete.stderr)")
        let latest = try #require(try await scratch.runOnLog(["history", "--limit", "1", "--format", "json"]).jsonArray().first)
        #expect(latest["name"] as? String == "Old release")
        #expect(latest["status"] as? String == "completed")
        #expect(try await scratch.runOnLog(["verify"]).status == 0)
    }
}
