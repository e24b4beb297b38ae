import Foundation
import Testing

/// Volume has one rule in every command (issue 19; seed 001: weight × reps, weight 0 for
/// bodyweight): `prs`, `stats` and `history` agree on a bodyweight exercise's sets.
@Suite struct VolumeRuleTests {
    @Test func prsStatsAndHistoryAgreeOnABodyweightExercise() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["bodyweight", "80kg"])
        _ = try await scratch.record(["workout", "start"])
        _ = try await scratch.record(["workout", "set", "Pull-Up", "bw", "x", "10"])
        _ = try await scratch.record(["workout", "set", "Pull-Up", "10kg", "x", "5"])
        _ = try await scratch.record(["workout", "complete"])

        let records = try #require(try await scratch.runOnLog(["prs", "Pull-Up", "--format", "json"]).jsonArray().first)
        let stats = try #require(try await scratch.runOnLog(["stats", "Pull-Up", "--format", "json"]).jsonArray().first)
        let history = try #require(try await scratch.runOnLog(["history", "--format", "json"]).jsonArray().first)
        // 10 kg × 5 = 50 kg: the bare set adds none, in each of the three.
        #expect((records["bestSessionVolumeKg"] as? [String: Any])?["value"] as? Double == 50)
        #expect((records["bestSetVolumeKg"] as? [String: Any])?["value"] as? Double == 50)
        #expect(stats["totalVolumeKg"] as? Double == 50)
        #expect(history["volumeKg"] as? Double == 50)
        // The load records still weigh the bodyweight: 80 + 10 kg.
        #expect((records["heaviestWeightKg"] as? [String: Any])?["value"] as? Double == 90)
    }
}
