import Foundation
import Testing

/// Issue 38: `show` without a workout id shows the workout one is most likely asking about:
/// the active one, else the latest that `history` lists.
@Suite struct ShowWithoutIdTests {
    @Test func showWithoutAnIdShowsTheActiveWorkoutElseTheLatest() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["show"], status: 65,
                                        saying: ["no workout to show: the log holds none", "fix: start one with antrain-log workout start"])

        let past = try #require(try await scratch.record(["workout", "start", "--at", "2026-11-20T18:00", "--name", "Past"])["workoutId"]
            as? String)
        _ = try await scratch.record(["workout", "set", "barbell back squat", "100kg", "x", "5"])
        _ = try await scratch.record(["workout", "complete", "--at", "2026-11-20T19:00"])
        let latest = try #require(try await scratch.runOnLog(["show", "--format", "json"]).jsonLines().first)
        #expect(latest["id"] as? String == past)

        // An active workout comes first, though an older one was entered after it.
        let active = try #require(try await scratch.record(["workout", "start", "--name", "Now"])["workoutId"] as? String)
        let shown = try await scratch.runOnLog(["show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Now"), "\(shown.stdout)")
        #expect(try await scratch.runOnLog(["show", "--format", "json"]).jsonLines().first?["id"] as? String == active)

        // A deleted workout is not the latest: history does not list it.
        _ = try await scratch.record(["workout", "cancel"])
        _ = try await scratch.record(["workout", "delete", active])
        #expect(try await scratch.runOnLog(["show", "--format", "json"]).jsonLines().first?["id"] as? String == past)
    }
}
