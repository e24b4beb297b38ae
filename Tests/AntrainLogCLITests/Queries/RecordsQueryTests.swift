import Foundation
import Testing

/// `prs` and `stats` on the hand-made log of ``QueryFixture``.
@Suite struct RecordsQueryTests {
    @Test func prsGivesEachRecordWithItsDate() async throws {
        let scratch = try await QueryFixture.makeLog()
        let result = try await scratch.runOnLog(["prs", "barbell back squat", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let squat = try #require(try result.jsonArray().first)
        #expect(squat["exercise"] as? String == "Barbell Back Squat")
        let heaviest = try #require(squat["heaviestWeightKg"] as? [String: Any])
        #expect(heaviest["value"] as? Double == 120)
        #expect(heaviest["reps"] as? Int == 2)
        #expect(heaviest["date"] as? String == "2026-11-05")
        let e1rm = try #require(squat["bestE1rmKg"] as? [String: Any])
        #expect(abs((e1rm["value"] as? Double ?? 0) - 120.0 * 36 / 35) < 1e-5)
        #expect(e1rm["date"] as? String == "2026-11-05")
        #expect((squat["mostReps"] as? [String: Any])?["value"] as? Double == 8)
        #expect((squat["bestSetVolumeKg"] as? [String: Any])?["value"] as? Double == 720)
        #expect((squat["bestSessionVolumeKg"] as? [String: Any])?["value"] as? Double == 960)
    }

    @Test func prsFormulaAndAsOfChangeTheAnswer() async throws {
        let scratch = try await QueryFixture.makeLog()
        let epley = try await scratch.runOnLog(["prs", "Barbell Back Squat", "--formula", "epley", "--format", "json"]).jsonArray()
        #expect((epley.first?["bestE1rmKg"] as? [String: Any])?["value"] as? Double == 128)
        let before = try await scratch.runOnLog(["prs", "Barbell Back Squat", "--as-of", "2026-11-04", "--format", "json"]).jsonArray()
        let squat = try #require(before.first)
        #expect((squat["heaviestWeightKg"] as? [String: Any])?["value"] as? Double == 110)
        #expect(abs(((squat["bestE1rmKg"] as? [String: Any])?["value"] as? Double ?? 0) - 110.0 * 36 / 34) < 1e-5)
        #expect((squat["mostReps"] as? [String: Any])?["value"] as? Double == 5)
        #expect((squat["bestSetVolumeKg"] as? [String: Any])?["value"] as? Double == 500)
        #expect((squat["bestSessionVolumeKg"] as? [String: Any])?["value"] as? Double == 830)
        let byOffset = try await scratch.runOnLog(["prs", "--as-of", String(QueryFixture.offsetAfterWorkoutA), "--format", "json"]).jsonArray()
        #expect(byOffset.compactMap { $0["exercise"] as? String } == ["Barbell Back Squat", "Barbell Bench Press"])
        #expect((byOffset.first?["heaviestWeightKg"] as? [String: Any])?["value"] as? Double == 110)
    }

    @Test func prsTableAndCSV() async throws {
        let scratch = try await QueryFixture.makeLog()
        let table = try await scratch.runOnLog(["prs"])
        #expect(table.status == 0)
        #expect(table.lines.contains { $0.hasPrefix("Barbell Back Squat") && $0.contains("heaviest weight") && $0.contains("120 kg")
            && $0.hasSuffix("2026-11-05") })
        #expect(table.lines.contains { $0.hasPrefix("Barbell Bench Press") && $0.contains("most reps") && $0.contains("5 reps") })
        let csv = try await scratch.runOnLog(["prs", "--format", "csv"])
        #expect(csv.lines.first == "exercise,exerciseId,record,value,reps,weightKg,date,achievedAt")
        #expect(csv.lines.contains("Barbell Back Squat,\(QueryFixture.squat.uppercased()),heaviestWeightKg,120,2,120,2026-11-05,2026-11-05T17:10:00.000000Z"))
    }

    @Test func anUnknownExerciseIsRefusedWithTheClosestNames() async throws {
        let scratch = try await QueryFixture.makeLog()
        for command in ["prs", "stats"] {
            let result = try await scratch.runOnLog([command, "Barbel Back Sqat"])
            #expect(result.status == 65)
            #expect(result.stderr.contains("error: no exercise is named \"Barbel Back Sqat\"; did you mean \"Barbell Back Squat\"?"))
            #expect(result.stdout.isEmpty)
        }
        // In this library only one name holds the word: it is the one meant.
        let history = try await scratch.runOnLog(["history", "--exercise", "bench"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(!history.stdout.isEmpty)
    }

    @Test func statsTotalsEachExercise() async throws {
        let scratch = try await QueryFixture.makeLog()
        let all = try await scratch.runOnLog(["stats", "--format", "json"]).jsonArray()
        // The easy run is a set of Running (issue 38), of a completed session.
        #expect(all.compactMap { $0["exercise"] as? String } == ["Barbell Back Squat", "Barbell Bench Press", "Running"])
        #expect(all.last?["sets"] as? Int == 1 && all.last?["hasCompletedWorkout"] as? Bool == true)
        let squat = try #require(all.first)
        #expect(squat["totalVolumeKg"] as? Double == 1790)
        #expect(squat["sets"] as? Int == 5)
        #expect(squat["reps"] as? Int == 23)
        #expect(squat["sessions"] as? Int == 2)
        #expect(squat["lastPerformedAt"] as? String == "2026-11-05T17:00:00.000000Z")
        let bench = try await scratch.runOnLog(["stats", QueryFixture.bench, "--format", "json"]).jsonArray()
        #expect(bench.first?["totalVolumeKg"] as? Double == 400)
        #expect(bench.first?["sessions"] as? Int == 1)
        let before = try await scratch.runOnLog(["stats", "barbell back squat", "--as-of", "2026-11-04", "--format", "json"]).jsonArray()
        #expect(before.first?["totalVolumeKg"] as? Double == 830)
        #expect(before.first?["sessions"] as? Int == 1)
        let table = try await scratch.runOnLog(["stats"])
        let squatRow = table.lines.first { $0.hasPrefix("Barbell Back Squat") }?.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(squatRow == ["Barbell Back Squat", "2", "5", "23", "1,790 kg", "2026-11-05 17:00"])
        let csv = try await scratch.runOnLog(["stats", "--format", "csv"])
        #expect(csv.lines.first == "exercise,exerciseId,totalVolumeKg,sets,reps,sessions,lastPerformedAt")
    }
}
