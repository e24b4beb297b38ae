import Foundation
import Testing

/// Issue 38, "Names": inside a workout a name is read among the workout's own exercises
/// first, and the abbreviations lifters type (OHP, RDL, DB, BB) are understood.
@Suite struct ExerciseNameTests {
    /// The exercise names of the sets of the active workout, in the order `show` lists them.
    static func exercises(_ scratch: Scratch) async throws -> [String] {
        let shown = try #require(try await scratch.runOnLog(["show", "--format", "json"]).jsonLines().first)
        return ((shown["exercises"] as? [[String: Any]]) ?? []).map { "\($0["exercise"] ?? "?") \((($0["sets"] as? [Any]) ?? []).count)" }
    }

    @Test func aNameAmbiguousInTheLibraryIsPlainInsideAWorkoutHoldingOneSuchExercise() async throws {
        let scratch = try await seededScratch()
        // Outside a workout that holds one, "bench" is still ambiguous: it lists them.
        _ = try await scratch.record(["workout", "start"])
        try await scratch.expectRefused(["workout", "set", "bench", "100kg", "x", "5"], status: 65,
                                        saying: [#""bench" matches 4 exercises"#, "which one?"])
        _ = try await scratch.record(["workout", "set", "barbell bench press", "100kg", "x", "5"])
        _ = try await scratch.record(["workout", "set", "barbell back squat", "140kg", "x", "5"])
        for typed in ["bench", "barbell bench"] { _ = try await scratch.record(["workout", "set", typed, "100kg", "x", "5"]) }
        _ = try await scratch.record(["workout", "set", "squat", "140kg", "x", "5"])
        // A name the library holds exactly is that exercise, though the workout holds another with its words.
        _ = try await scratch.record(["workout", "set", "dumbbell bench press", "30kg", "x", "10"])
        #expect(try await Self.exercises(scratch) == ["Barbell Bench Press 3", "Barbell Back Squat 2", "Dumbbell Bench Press 1"])
    }

    @Test func liftersAbbreviationsAreUnderstood() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        for typed in ["ohp", "OHP", "rdl", "db bench press", "bb row", "DB shoulder press"] {
            _ = try await scratch.record(["workout", "set", typed, "40kg", "x", "5"])
        }
        #expect(try await Self.exercises(scratch) == ["Overhead Press 2", "Romanian Deadlift 1", "Dumbbell Bench Press 1", "Barbell Row 1",
                                                      "Dumbbell Shoulder Press 1"])
        let shown = try await scratch.runOnLog(["exercise", "show", "rdl"])
        #expect(shown.stdout.hasPrefix("exercise:       Romanian Deadlift"), "\(shown.stdout)\(shown.stderr)")
        // An abbreviation that names nothing is not taken for a short name it resembles.
        let missing = try await scratch.expectRefused(["workout", "set", "ohp press machine", "40kg", "x", "5"], status: 65, saying: ["no exercise"])
        #expect(!missing.stderr.contains("Dip"), "\(missing.stderr)")
    }
}
