import Foundation
import Testing

/// `show` prints each set's id, rest, time, distance and pace in columns of their own, and
/// `prs` the time, distance and pace records (issue 20: it said "No records" for a plank).
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

    @Test func showPrintsSetIdsAndEachMeasureInItsOwnColumn() async throws {
        let scratch = try await seededScratch()
        let (workout, sets) = try await Self.mixedWorkout(scratch)
        let text = try await scratch.runOnLog(["show", String(workout.prefix(8))])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.lines
        let short = sets.map { String($0.uppercased().prefix(8)) }
        let plank = try #require(lines.firstIndex(of: "1. Plank: 0 kg"))
        #expect(lines[plank + 1].contains("TIME") && !lines[plank + 1].contains("WEIGHT"), "a timed set is not under WEIGHT: \(text.stdout)")
        #expect(lines[plank + 3].contains(short[0]) && lines[plank + 3].contains("1m15s"))
        let run = try #require(lines.firstIndex(of: "2. Running: 0 kg"))
        #expect(lines[run + 1].contains("DISTANCE") && lines[run + 1].contains("PACE"))
        #expect(lines[run + 3].contains(short[1]) && lines[run + 3].contains("5 km") && lines[run + 3].contains("5:00 /km"))
        let bench = try #require(lines.firstIndex { $0.hasPrefix("3. Barbell Bench Press:") })
        #expect(lines[bench + 1].contains("WEIGHT") && lines[bench + 1].contains("REST") && !lines[bench + 1].contains("TIME"))
        #expect(lines[bench + 3].contains(short[2]) && lines[bench + 3].contains("100 kg") && lines[bench + 3].contains("2m"))

        let json = try await scratch.runOnLog(["show", workout, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stderr)")
        let exercises = try #require(object["exercises"] as? [[String: Any]])
        let shown = exercises.compactMap { ($0["sets"] as? [[String: Any]])?.first }
        #expect(shown.map { $0["setId"] as? String } == sets.map { $0.uppercased() })
        #expect(shown[1]["paceSecondsPerKm"] as? Double == 300 && shown[2]["restSeconds"] as? Int == 120)
        #expect(shown[0]["restSeconds"] == nil && shown[0]["weightKg"] == nil)
        // The id shown works where a set is named.
        _ = try await scratch.record(["workout", "correct-set", short[0], "--time", "80s", "--workout", workout])
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
