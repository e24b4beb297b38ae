import Foundation
import Testing

/// Issue 38, "Answers and names": `replay` reports a window of training days, whatever day
/// its events were recorded on, and counts what `history` and `prs` count: a week entered
/// afterwards is in it, and a cancelled workout's volume is not.
@Suite struct ReplayTrainingDayTests {
    @Test func aWeekEnteredAfterwardsIsReplayedOnItsDaysAndACancelledWorkoutIsNotCounted() async throws {
        let scratch = try await seededScratch()
        // Three workouts of a past week, entered today (after the window's end).
        for (day, weight) in [("2026-11-30", "100kg"), ("2026-12-01", "90kg"), ("2026-12-02", "80kg")] {
            _ = try await scratch.record(["workout", "start", "--at", "\(day)T07:00"])
            _ = try await scratch.record(["workout", "set", "barbell back squat", weight, "x", "5"])
            _ = try await scratch.record(["workout", "complete", "--at", "\(day)T08:00"])
        }
        // A cancelled workout in the window, heavier than all: no record, no volume.
        _ = try await scratch.record(["workout", "start", "--at", "2026-12-03T07:00"])
        _ = try await scratch.record(["workout", "set", "barbell back squat", "150kg", "x", "10"])
        _ = try await scratch.record(["workout", "cancel"])

        let history = try await scratch.runOnLog(["history", "--from", "2026-11-30", "--to", "2026-12-03", "--format", "json"])
        #expect(history.status == 0, "\(history.stderr)")
        let listed = try history.jsonArray()
        #expect(listed.count == 4, "history lists the three and the cancelled one: \(history.stdout)")

        let replay = try await scratch.runOnLog(["replay", "--from", "2026-11-30", "--to", "2026-12-03", "--format", "json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let season = try #require(try replay.jsonLines().first)
        let workouts = try #require(season["workouts"] as? [String: Any])
        #expect(workouts["count"] as? Int == 3, "\(workouts)")
        #expect(workouts["cancelled"] as? Int == 1)
        #expect(workouts["sets"] as? Int == 3)
        #expect(workouts["volumeKg"] as? Double == Double(500 + 450 + 400))
        #expect((workouts["list"] as? [Any])?.count == 4)
        let records = try #require(season["records"] as? [[String: Any]])
        let heaviest = records.filter { $0["record"] as? String == "heaviestWeightKg" }
        #expect(heaviest.map { $0["date"] as? String } == ["2026-11-30"], "the first day's 100 kg stands; the cancelled 150 kg sets none: \(heaviest)")

        let text = try await scratch.runOnLog(["replay", "--from", "2026-11-30", "--to", "2026-12-03"])
        #expect(text.stdout.contains("workouts: 3, 3 sets, 1,350 kg (and 1 cancelled, not counted)"), "\(text.stdout)")
        // A window before the week: nothing of it.
        let before = try #require(try await scratch.runOnLog(["replay", "--from", "2026-11-23", "--to", "2026-11-29", "--format", "json"])
            .jsonLines().first)
        #expect((before["workouts"] as? [String: Any])?["count"] as? Int == 0)
    }
}
