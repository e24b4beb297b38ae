import Foundation
import Testing

/// The exercise's kind decides what a set may hold (issue 19), through the binary: refusals
/// name the exercise and its kind, and nothing is appended.
@Suite struct SetKindTests {
    @Test func eachKindTakesItsOwnMeasure() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])

        try await scratch.expectRefused(["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--distance", "400m"], status: 65,
                                        saying: ["Barbell Bench Press is a weight-and-reps exercise; its sets take no distance"])
        try await scratch.expectRefused(["workout", "set", "Barbell Bench Press", "--time", "60s"], status: 65,
                                        saying: ["its sets are reps"])
        try await scratch.expectRefused(["workout", "set", "Plank", "20kg", "x", "5"], status: 65,
                                        saying: ["Plank is a timed exercise; its sets are a time (--time 60s, with a load if any: --weight 20kg), not reps"])
        try await scratch.expectRefused(["workout", "set", "Plank", "--distance", "10m"], status: 65,
                                        saying: ["Plank is a timed exercise; its sets need a time"])
        try await scratch.expectRefused(["workout", "set", "Running", "10"], status: 65,
                                        saying: ["Running is a distance exercise", "not reps"])
        try await scratch.expectRefused(["workout", "set", "Running", "--time", "25m"], status: 65,
                                        saying: ["Running is a distance exercise; its sets need a distance"])
        try await scratch.expectRefused(["workout", "set", "Push-Up", "--distance", "5m", "--reps", "10"], status: 65,
                                        saying: ["Push-Up is a bodyweight exercise; its sets take no distance"])

        for fits in [["Plank", "--time", "60s"], ["Running", "--distance", "5km", "--time", "25m"],
                     ["Push-Up", "bw", "x", "12"], ["Push-Up", "10kg", "x", "8"], ["Barbell Bench Press", "100kg", "x", "5"]] {
            let result = try await scratch.runOnLog(["workout", "set"] + fits)
            #expect(result.status == 0, "\(fits): \(result.stderr)")
        }
        #expect(try await scratch.events("SetLogged").count == 5)
    }

    /// Issue 38: a timed or distance exercise may carry a load (a weighted plank, a farmer's
    /// carry); only reps are foreign to it. A load alone is still not a set.
    @Test func timedAndDistanceSetsMayCarryALoad() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        let plank = try await scratch.record(["workout", "set", "Plank", "--weight", "20kg", "--time", "60s"])
        let carry = try await scratch.record(["workout", "set", "Running", "--weight", "10kg", "--distance", "400m"])
        #expect(plank["setId"] != nil && carry["setId"] != nil)
        let performances = try await scratch.events("SetLogged").compactMap { $0["performance"] as? [String: Any] }
        #expect(performances.count == 2)
        #expect((performances.first?["weight"] as? [String: Any])?["value"] as? Double == 20)
        #expect(performances.first?["durationSeconds"] as? Double == 60)
        #expect(performances.last?["distanceMetres"] as? Double == 400)
        try await scratch.expectRefused(["workout", "set", "Plank", "--weight", "20kg"], status: 64,
                                        saying: ["Say what the set was"])
        let show = try await scratch.runOnLog(["show"])
        #expect(show.status == 0 && show.stdout.contains("20 kg"), "\(show.stdout)\(show.stderr)")
    }

    @Test func aCorrectionIsCheckedAgainstTheSetsExercise() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        let plank = try await scratch.record(["workout", "set", "Plank", "--time", "60s"])
        let setID = try #require(plank["setId"] as? String)
        try await scratch.expectRefused(["workout", "correct-set", setID, "12"], status: 65, saying: ["Plank is a timed exercise"])
        _ = try await scratch.record(["workout", "correct-set", setID, "--time", "75s"])
        let corrected = try #require(try await scratch.events("SetCorrected").last?["performance"] as? [String: Any])
        #expect(corrected["durationSeconds"] as? Double == 75)
    }
}
