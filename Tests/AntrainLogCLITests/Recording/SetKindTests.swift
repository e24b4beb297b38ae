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
                                        saying: ["Plank is a timed exercise; its sets are a time (--time 60s), not weight × reps"])
        try await scratch.expectRefused(["workout", "set", "Plank", "--distance", "10m"], status: 65,
                                        saying: ["Plank is a timed exercise; its sets need a time"])
        try await scratch.expectRefused(["workout", "set", "Running", "10"], status: 65,
                                        saying: ["Running is a distance exercise", "not weight × reps"])
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
