import Foundation
import Testing

/// `history` and `show` on the hand-made log of ``QueryFixture``.
@Suite struct HistoryQueryTests {
    @Test func historyListsWorkoutsNewestFirstWithSetsAndVolume() async throws {
        let scratch = try await QueryFixture.makeLog()
        let result = try await scratch.runOnLog(["history", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let workouts = try result.jsonArray()
        #expect(workouts.map { $0["name"] as? String } == ["Easy run", "Squat heavy", "Squat day"])
        let squatDay = try #require(workouts.last)
        #expect(squatDay["id"] as? String == QueryFixture.workoutA.uppercased())
        #expect(squatDay["startedAt"] as? String == "2026-11-02T17:00:00.000000Z")
        #expect(squatDay["type"] as? String == "lifting")
        #expect(squatDay["status"] as? String == "completed")
        #expect(squatDay["sets"] as? Int == 4)
        #expect(squatDay["volumeKg"] as? Double == 1230)
        #expect(workouts[1]["volumeKg"] as? Double == 960)
        #expect(workouts[0]["type"] as? String == "cardio")
        // A run is one set of Running (issue 38), with its distance and time.
        #expect(workouts[0]["sets"] as? Int == 1)
        #expect(workouts[0]["distanceMetres"] as? Double == 5000 && workouts[0]["durationSeconds"] as? Double == 1800)
    }

    @Test func filtersByTypeExerciseDaysAndLimit() async throws {
        let scratch = try await QueryFixture.makeLog()
        let lifting = try await scratch.runOnLog(["history", "--type", "lifting", "--format", "json"]).jsonArray()
        #expect(lifting.map { $0["name"] as? String } == ["Squat heavy", "Squat day"])
        let bench = try await scratch.runOnLog(["history", "--exercise", "BARBELL bench press", "--format", "json"]).jsonArray()
        #expect(bench.map { $0["name"] as? String } == ["Squat day"])
        let window = try await scratch.runOnLog(["history", "--from", "2026-11-03", "--to", "2026-11-05", "--format", "json"]).jsonArray()
        #expect(window.map { $0["name"] as? String } == ["Squat heavy"])
        let newest = try await scratch.runOnLog(["history", "--limit", "1", "--format", "json"]).jsonArray()
        #expect(newest.map { $0["name"] as? String } == ["Easy run"])
    }

    @Test func asOfADateOrAnOffsetShowsTheLogAsItStoodThen() async throws {
        let scratch = try await QueryFixture.makeLog()
        let byDate = try await scratch.runOnLog(["history", "--as-of", "2026-11-04", "--format", "json"]).jsonArray()
        #expect(byDate.map { $0["name"] as? String } == ["Squat day"])
        #expect(byDate.first?["status"] as? String == "completed")
        // One event before the WorkoutCompleted: the workout was still going.
        let byOffset = try await scratch.runOnLog(["history", "--as-of", String(QueryFixture.offsetAfterWorkoutA - 1), "--format", "json"])
            .jsonArray()
        #expect(byOffset.map { $0["status"] as? String } == ["active"])
        let now = try await scratch.runOnLog(["history", "--format", "json"]).jsonArray()
        #expect(now.count == 3, "time travel leaves the log's state alone")
    }

    @Test func tableAndCSVShowTheSameRows() async throws {
        let scratch = try await QueryFixture.makeLog()
        let table = try await scratch.runOnLog(["history"])
        #expect(table.status == 0)
        #expect(table.lines.first?.hasPrefix("STARTED") == true)
        #expect(table.lines.contains { $0.hasPrefix("2026-11-02 17:00  lifting  Squat day") && $0.hasSuffix("4     1,230 kg") })
        #expect(table.lines.contains { $0.hasPrefix("2026-11-06 09:30  cardio   Easy run") && $0.hasSuffix("1  5 km in 30m") },
                "\(table.stdout)")
        #expect(table.stdout.contains("3 workouts"))
        let csv = try await scratch.runOnLog(["history", "--format", "csv"])
        #expect(csv.lines.first == "id,startedAt,type,name,status,sets,volumeKg,distanceMetres,durationSeconds")
        #expect(csv.lines.contains("\(QueryFixture.workoutA.uppercased()),2026-11-02T17:00:00.000000Z,lifting,Squat day,completed,4,1230,,3600"))
    }

    @Test func tablesShowTheUnitOfTheSettingsAndJSONStaysInKilograms() async throws {
        let scratch = try await QueryFixture.makeLog()
        let pounds = #"{"type":"SettingsChanged","event":{"distanceUnit":"miles","weightUnit":"lb"}}"#
        #expect(try await scratch.runOnLog(["append"], stdin: pounds + "\n").status == 0)
        let table = try await scratch.runOnLog(["history"])
        // 1230 kg / 0.45359237 = 2711.67 lb.
        #expect(table.lines.contains { $0.contains("Squat day") && $0.hasSuffix("2,712 lb") })
        let json = try await scratch.runOnLog(["history", "--format", "json"]).jsonArray()
        #expect(json.last?["volumeKg"] as? Double == 1230)
    }

    @Test func showPrintsOneWorkoutInFull() async throws {
        let scratch = try await QueryFixture.makeLog()
        let result = try await scratch.runOnLog(["show", String(QueryFixture.workoutA.prefix(8)).lowercased(), "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let workout = try result.jsonObject()
        #expect(workout["name"] as? String == "Squat day")
        #expect(workout["notes"] as? String == "Knees felt good.")
        #expect(workout["rpe"] as? Double == 8)
        #expect(workout["volumeKg"] as? Double == 1230)
        let exercises = try #require(workout["exercises"] as? [[String: Any]])
        #expect(exercises.map { $0["exercise"] as? String } == ["Barbell Back Squat", "Barbell Bench Press"])
        let squatSets = try #require(exercises.first?["sets"] as? [[String: Any]])
        #expect(squatSets.map { $0["weightKg"] as? Double } == [60, 100, 110])
        #expect(squatSets.map { $0["setType"] as? String } == ["warmup", "normal", "normal"])
        #expect(exercises.first?["volumeKg"] as? Double == 830)
        let table = try await scratch.runOnLog(["show", QueryFixture.workoutA])
        #expect(table.stdout.contains("Barbell Back Squat"))
        #expect(table.stdout.contains("Knees felt good."))
        let missing = try await scratch.runOnLog(["show", "ffffffff"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("no workout has an id starting with ffffffff"))
    }
}
