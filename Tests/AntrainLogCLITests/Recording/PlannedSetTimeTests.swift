import Foundation
import Testing

/// Issue 38: a planned set marked done takes the time it was done (`SetCorrected.doneAt`,
/// version 3), so a record it sets is dated then, not at the plan's time (the workout's start).
@Suite struct PlannedSetTimeTests {
    /// A seeded log (UTC) with a past workout started from a template of two squat sets at 100 kg.
    private static func pastPlannedWorkout() async throws -> (Scratch, String) {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["template", "add", "Heavy day", "--item", "barbell back squat=2x5@100kg"])
        let workout = try #require(try await scratch.record(["workout", "start", "--template", "heavy day", "--at", "2026-12-01T06:00"])[
            "workoutId"] as? String)
        return (scratch, workout)
    }

    @Test func aPlannedSetDoneCarriesTheTimeItWasDone() async throws {
        let (scratch, workout) = try await Self.pastPlannedWorkout()
        _ = try await scratch.record(["workout", "done", "--at", "2026-12-01T06:40"])
        // Without --at, a workout entered afterwards gives the set its last moment, the set before's time.
        _ = try await scratch.record(["workout", "done", "--weight", "105kg"])
        let corrections = try await scratch.events("SetCorrected")
        #expect(corrections.compactMap { $0["doneAt"] as? String } == ["2026-12-01T06:40:00Z", "2026-12-01T06:40:00Z"], "\(corrections)")
        let heaviest = try #require(try await scratch.runOnLog(["prs", "barbell back squat", "--format", "json"]).jsonArray().first?[
            "heaviestWeightKg"] as? [String: Any])
        #expect(heaviest["value"] as? Double == 105 && heaviest["achievedAt"] as? String == "2026-12-01T06:40:00.000000Z", "\(heaviest)")
        let sets = try #require(((try await scratch.runOnLog(["show", workout, "--format", "json"]).jsonObject()["exercises"]
            as? [[String: Any]])?.first?["sets"]) as? [[String: Any]])
        #expect(sets.compactMap { $0["loggedAt"] as? String } == ["2026-12-01T06:40:00.000000Z", "2026-12-01T06:40:00.000000Z"])
        // The state saved and a rebuild from the log say the same.
        let before = try await scratch.runOnLog(["prs", "--format", "json"]).stdout
        #expect(try await scratch.runOnLog(["rebuild"]).status == 0)
        #expect(try await scratch.runOnLog(["prs", "--format", "json"]).stdout == before)
    }

    @Test func theTimeLiesWithinTheWorkout() async throws {
        let (scratch, _) = try await Self.pastPlannedWorkout()
        try await scratch.expectRefused(["workout", "done", "--at", "2026-12-01T05:00"], status: 65,
                                        saying: ["started at 2026-12-01 06:00", "a set of it is done after its start, not at 2026-12-01 05:00"])
        try await scratch.expectRefused(["workout", "done", "--at", "2099-01-01T05:00"], status: 65, saying: ["is in the future"])
        #expect(try await scratch.events("SetCorrected").isEmpty)
    }

    @Test func correctSetDoneTimesTheSetToo() async throws {
        let (scratch, workout) = try await Self.pastPlannedWorkout()
        let planned = try #require(try await scratch.events("SetLogged").first?["setID"] as? String)
        _ = try await scratch.record(["workout", "correct-set", String(planned.prefix(8)), "--done", "--workout", workout])
        let correction = try #require(try await scratch.events("SetCorrected").last)
        // The workout is not live (it started days ago): the set takes the workout's last moment, its start.
        #expect(correction["doneAt"] as? String == "2026-12-01T06:00:00Z", "\(correction)")
        // A correction of a set done already keeps its time.
        _ = try await scratch.record(["workout", "correct-set", String(planned.prefix(8)), "--reps", "4", "--workout", workout])
        #expect(try await scratch.events("SetCorrected").last?["doneAt"] == nil)
    }
}
