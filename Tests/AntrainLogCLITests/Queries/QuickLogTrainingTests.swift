import Foundation
import Testing

/// Issue 38, "Cardio is a first-class training": a quick-logged session is a done set of its
/// activity's exercise, so it counts in records, totals, `history` and the sets export, and
/// every answer after a rebuild is the same.
@Suite struct QuickLogTrainingTests {
    /// A seeded log (UTC) with two runs, a ride and a metcon, logged after the fact.
    private static func season() async throws -> Scratch {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["cardio", "run", "--distance", "5km", "--time", "27m30s", "--at", "2026-12-06T07:00"])
        _ = try await scratch.record(["cardio", "run", "--distance", "10km", "--time", "1h", "--at", "2026-12-05T07:00"])
        _ = try await scratch.record(["cardio", "bike", "--distance", "30km", "--time", "75m", "--at", "2026-12-04T17:00"])
        _ = try await scratch.record(["metcon", "forTime", "--time", "12m", "--at", "2026-12-03T07:00"])
        return scratch
    }

    @Test func runsSetRecordsOfRunning() async throws {
        let scratch = try await Self.season()
        let running = try #require(try await scratch.runOnLog(["prs", "running", "--format", "json"]).jsonArray().first)
        #expect(running["exercise"] as? String == "Running")
        // Longest time and distance: the 10 km hour; fastest pace: the 5 km at 5:30 /km.
        let longest = try #require(running["longestDurationSeconds"] as? [String: Any])
        #expect(longest["value"] as? Double == 3600 && longest["date"] as? String == "2026-12-05")
        let farthest = try #require(running["longestDistanceMetres"] as? [String: Any])
        #expect(farthest["value"] as? Double == 10000 && farthest["date"] as? String == "2026-12-05")
        let pace = try #require(running["fastestPaceSecondsPerKm"] as? [String: Any])
        #expect(pace["value"] as? Double == 330 && pace["date"] as? String == "2026-12-06")
        // A record is dated when the session ended.
        #expect(pace["achievedAt"] as? String == "2026-12-06T07:27:30.000000Z")
        let table = try await scratch.runOnLog(["prs", "running"])
        #expect(table.stdout.contains("fastest pace") && table.stdout.contains("5:30 /km") && !table.stdout.contains("no records"))
    }

    @Test func anActivityWithoutAPresetIsAnExerciseOfItsOwn() async throws {
        let scratch = try await Self.season()
        let cycling = try #require(try await scratch.runOnLog(["prs", "cycling", "--format", "json"]).jsonArray().first)
        #expect(cycling["exercise"] as? String == "Cycling")
        #expect((cycling["longestDistanceMetres"] as? [String: Any])?["value"] as? Double == 30000)
        #expect((cycling["fastestPaceSecondsPerKm"] as? [String: Any])?["value"] as? Double == 150)
        // "walking" is the walks, not Dumbbell Walking Lunge; none logged yet.
        let walking = try await scratch.runOnLog(["prs", "walking"])
        #expect(walking.status == 0 && walking.stdout == "no records for Walking yet\n", "\(walking.stdout)\(walking.stderr)")
        let stats = try await scratch.runOnLog(["stats", "cycling", "--format", "json"]).jsonArray()
        #expect(stats.first?["sets"] as? Int == 1 && stats.first?["sessions"] as? Int == 1, "\(stats)")
        let rides = try await scratch.runOnLog(["history", "--exercise", "cycling", "--format", "json"]).jsonArray()
        #expect(rides.count == 1 && rides.first?["distanceMetres"] as? Double == 30000)
    }

    @Test func historyShowsDistanceAndTimeInsteadOfKilograms() async throws {
        let scratch = try await Self.season()
        let table = try await scratch.runOnLog(["history"])
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("2026-12-06 07:00  cardio") && $0.hasSuffix("1  5 km in 27m30s") }, "\(table.stdout)")
        #expect(lines.contains { $0.hasPrefix("2026-12-04 17:00  cardio") && $0.hasSuffix("1  30 km in 1h15m") }, "\(table.stdout)")
        #expect(lines.contains { $0.hasPrefix("2026-12-03 07:00  metcon") && $0.hasSuffix(" 0             12m") }, "\(table.stdout)")
        #expect(!table.stdout.contains("0 kg"))
        let json = try await scratch.runOnLog(["history", "--format", "json"]).jsonArray()
        #expect(json.first?["distanceMetres"] as? Double == 5000 && json.first?["durationSeconds"] as? Double == 1650)
        let show = try await scratch.runOnLog(["show"])
        #expect(show.stdout.contains("\n1. Running\n") && show.stdout.contains("27m30s") && !show.stdout.contains("0 kg"), "\(show.stdout)")
    }

    @Test func theSetsExportHoldsEachSession() async throws {
        let scratch = try await Self.season()
        let csv = try await scratch.runOnLog(["export", "--format", "csv", "--what", "sets"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = csv.stdout.split(separator: "\n").dropFirst().map(String.init)
        // Oldest first; the metcon has no set.
        #expect(rows == ["2026-12-04 17:00:00,,1h 15m,Cycling,1,0,0,30,4500,,,,kg,km",
                         "2026-12-05 07:00:00,,1h,Running,1,0,0,10,3600,,,,kg,km",
                         "2026-12-06 07:00:00,,28m,Running,1,0,0,5,1650,,,,kg,km"])
    }

    @Test func aRunLoggedIntoAStartedWorkoutCountsThereAndAfterARebuild() async throws {
        let scratch = try await seededScratch()
        let workout = try #require(try await scratch.record(["workout", "start", "--type", "cardio", "--at", "2026-12-06T06:00"])["workoutId"]
            as? String)
        _ = try await scratch.record(["cardio", "run", "--distance", "3km", "--time", "15m", "--workout", workout])
        let show = try await scratch.runOnLog(["show", workout, "--format", "json"]).jsonObject()
        let exercises = try #require(show["exercises"] as? [[String: Any]])
        #expect(exercises.compactMap { $0["exercise"] as? String } == ["Running"])
        #expect((try await scratch.runOnLog(["stats", "running", "--format", "json"]).jsonArray().first?["hasCompletedWorkout"] as? Bool) == true)
        let before = try await Self.answers(scratch)
        let rebuilt = try await scratch.runOnLog(["rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(try await Self.answers(scratch) == before)
        // A deleted session's run leaves the records.
        _ = try await scratch.record(["workout", "delete", workout])
        #expect(try await scratch.runOnLog(["prs", "running"]).stdout == "no records for Running yet\n")
    }

    /// The answers a quick log changes, as text.
    private static func answers(_ scratch: Scratch) async throws -> [String] {
        var answers: [String] = []
        for arguments in [["prs", "running", "--format", "json"], ["stats", "running", "--format", "json"],
                          ["history", "--format", "json"], ["export", "--format", "csv", "--what", "sets"]] {
            answers.append(try await scratch.runOnLog(arguments).stdout)
        }
        return answers
    }
}
