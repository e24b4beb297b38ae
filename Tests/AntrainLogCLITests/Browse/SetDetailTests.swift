import Foundation
import Testing

/// `prs` shows the time, distance and pace records (issue 20: it said "No records" for a plank).
@Suite struct SetDetailTests {
    /// A completed workout of a plank, a run and a bench press set with rest; its id.
    static func mixedWorkout(_ scratch: Scratch) async throws -> (workout: String, sets: [String]) {
        let workout = try #require(try await scratch.record(["workout", "start", "--at", "2026-11-20T18:00"])["workoutId"] as? String)
        var sets: [String] = []
        for set in [["Plank", "--time", "75s"], ["Running", "--distance", "5km", "--time", "25m"],
                    ["Barbell Bench Press", "100kg", "x", "5", "--rest", "2m", "--rpe", "8"]] {
            sets.append(try #require(try await scratch.record(["workout", "set"] + set + ["--at", "2026-11-20T18:10"])["setId"] as? String))
        }
        _ = try await scratch.record(["workout", "complete", "--at", "2026-11-20T19:00"])
        return (workout, sets)
    }

    @Test func prsShowTimeDistanceAndPaceRecords() async throws {
        let scratch = try await seededScratch()
        _ = try await Self.mixedWorkout(scratch)
        let plank = try await scratch.runOnLog(["prs", "plank"])
        #expect(plank.status == 0, "\(plank.stderr)")
        #expect(plank.lines.count == 3 && plank.lines[2].hasPrefix("Plank     longest time  1m15s"), "\(plank.stdout)")

        let json = try await scratch.runOnLog(["prs", "Running", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stderr)")
        let running = try #require(rows.first)
        #expect((running["longestDurationSeconds"] as? [String: Any])?["value"] as? Double == 1500)
        #expect((running["longestDistanceMetres"] as? [String: Any])?["value"] as? Double == 5000)
        #expect((running["fastestPaceSecondsPerKm"] as? [String: Any])?["value"] as? Double == 300)
        #expect(running["heaviestWeightKg"] == nil)

        _ = try await scratch.record(["settings", "--distance-unit", "miles"])
        let miles = try await scratch.runOnLog(["prs", "running"])
        #expect(miles.stdout.contains("3.11 mi") && miles.stdout.contains("8:03 /mi"), "\(miles.stdout)")
        let csv = try await scratch.runOnLog(["prs", "--format", "csv"])
        #expect(csv.lines.contains { $0.hasPrefix("Plank,") && $0.contains(",longestDurationSeconds,75,") }, "\(csv.stdout)")
    }
}
