import Foundation
import Testing

/// Fixing a workout (issue 20, "Fix mistakes in workouts"), through the binary: an exercise
/// removed from the active workout, its exercises reordered, and a set forgotten in a
/// completed workout added with its time, which history, show, records and stats then count.
@Suite struct WorkoutFixTests {
    /// The exercises of `show WORKOUT --format json`, by name, in order.
    static func shown(_ scratch: Scratch, _ workout: String) async throws -> [(name: String, sets: [[String: Any]])] {
        let result = try await scratch.runOnLog(["show", workout, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let exercises = try #require(object["exercises"] as? [[String: Any]])
        return exercises.map { (($0["exercise"] as? String) ?? "", ($0["sets"] as? [[String: Any]]) ?? []) }
    }

    /// The first object of a query's JSON array.
    static func first(_ scratch: Scratch, _ arguments: [String]) async throws -> [String: Any] {
        let result = try await scratch.runOnLog(arguments + ["--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stderr)")
        return try #require(rows.first, "\(arguments): \(result.stdout)")
    }

    @Test func anExerciseIsRemovedAndTheOthersReorderedByPlaceOrName() async throws {
        let scratch = try await seededScratch()
        let workout = try #require(try await scratch.record(["workout", "start", "--at", "2026-11-20T18:00"])["workoutId"] as? String)
        _ = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5"])
        _ = try await scratch.record(["workout", "set", "Barbell Back Squat", "120kg", "x", "5"])
        _ = try await scratch.record(["workout", "set", "Barbell Back Squat", "120kg", "x", "5"])
        _ = try await scratch.record(["workout", "add-exercise", "Front Squat"])

        let reordered = try await scratch.runOnLog(["workout", "reorder", "Front Squat", "2", "barbell bench press"])
        #expect(reordered.status == 0, "\(reordered.stderr)")
        #expect(reordered.stdout.contains(": Front Squat, Barbell Back Squat, Barbell Bench Press"), "\(reordered.stdout)")
        let order = try #require(try await scratch.events("ExercisesReordered").first?["entryIDs"] as? [String])
        #expect(order.count == 3)
        // show numbers the exercises by the places the commands take.
        let text = try await scratch.runOnLog(["show", workout])
        #expect(text.stdout.contains("\n1. Front Squat: 0 kg\n") && text.stdout.contains("\n2. Barbell Back Squat: 1,200 kg\n")
                    && text.stdout.contains("\n3. Barbell Bench Press: 500 kg\n"), "\(text.stdout)")
        // The rules see the new order too: place 1 is now the front squat.
        let removed = try await scratch.record(["workout", "remove-exercise", "1"])
        #expect(removed["entryId"] as? String == order[0] && removed["setsRemoved"] as? Int == 0)
        let squat = try await scratch.runOnLog(["workout", "remove-exercise", "Barbell Back Squat"])
        #expect(squat.stdout.hasPrefix("removed Barbell Back Squat and its 2 sets from workout"), "\(squat.stderr)")
        #expect(try await scratch.events("ExerciseRemovedFromWorkout").compactMap { $0["entryID"] as? String } == [order[0], order[1]])

        _ = try await scratch.record(["workout", "complete", "--at", "2026-11-20T19:00"])
        let exercises = try await Self.shown(scratch, workout)
        #expect(exercises.map(\.name) == ["Barbell Bench Press"])
        // Its sets left the totals with it.
        #expect(try await Self.first(scratch, ["stats", "Barbell Back Squat"])["sets"] as? Int == 0)
    }

    @Test func fixesThatCannotBeDoneAreRefusedAndAppendNothing() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["workout", "reorder", "1"], status: 65, saying: ["no workout is active"])
        _ = try await scratch.record(["workout", "start"])
        _ = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5"])
        _ = try await scratch.record(["workout", "set", "Barbell Back Squat", "120kg", "x", "5"])
        try await scratch.expectRefused(["workout", "remove-exercise", "3"], status: 65,
                                        saying: ["there is no exercise 3 in the workout: it has 2", "fix: name it by its place (1 to 2"])
        try await scratch.expectRefused(["workout", "remove-exercise", "Front Squat"], status: 65, saying: ["Front Squat is not in the workout"])
        try await scratch.expectRefused(["workout", "remove-exercise", "Barbell Bnech Press"], status: 65, saying: ["did you mean"])
        try await scratch.expectRefused(["workout", "reorder", "2"], status: 65, saying: ["the new order leaves out exercise 1 of the workout"])
        try await scratch.expectRefused(["workout", "reorder", "2", "2"], status: 65, saying: [#""2" names an exercise the new order already holds"#])
        try await scratch.expectRefused(["workout", "reorder"], status: 64, saying: ["Name the workout's exercises in the new order"])
        // Words that are ambiguous in the library name the one exercise of the workout holding them.
        let renamed = try await scratch.runOnLog(["workout", "reorder", "squat", "bench"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(try await scratch.runOnLog(["workout", "reorder", "bench", "squat"]).status == 0)
        // An exercise held twice is named by its place.
        _ = try await scratch.record(["workout", "add-exercise", "Barbell Bench Press"])
        try await scratch.expectRefused(["workout", "remove-exercise", "Barbell Bench Press"], status: 65,
                                        saying: ["Barbell Bench Press is in the workout 2 times (places 1, 3)"])
    }

    @Test func aForgottenSetJoinsACompletedWorkoutWithItsTimeAndCounts() async throws {
        let scratch = try await seededScratch()
        let workout = try #require(try await scratch.record(["workout", "start", "--at", "2026-11-20T18:00"])["workoutId"] as? String)
        _ = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--at", "2026-11-20T18:10"])
        _ = try await scratch.record(["workout", "complete", "--at", "2026-11-20T19:00"])
        let short = String(workout.prefix(8))

        try await scratch.expectRefused(["workout", "set", "Barbell Bench Press", "110kg", "x", "5", "--workout", short], status: 65,
                                        saying: ["is completed; a set forgotten in it needs the time it was done", "fix: add --at"])
        // In the user's zone: Paris is an hour ahead of the UTC the workout was recorded in.
        try await scratch.expectRefused(["workout", "set", "Barbell Bench Press", "110kg", "x", "5", "--workout", short,
                                         "--at", "2026-11-20T20:30"], status: 65,
                                        saying: ["ran from 2026-11-20 19:00 to 2026-11-20 20:00", "not 2026-11-20 20:30",
                                                 "fix: give --at a time between 2026-11-20 19:00 and 2026-11-20 20:00"],
                                        environment: ["TZ": "Europe/Paris"])

        let bench = try await scratch.record(["workout", "set", "Barbell Bench Press", "110kg", "x", "5", "--workout", short,
                                              "--at", "2026-11-20T18:20"])
        let curl = try await scratch.record(["workout", "set", "Dumbbell Curl", "15kg", "x", "10", "--workout", short,
                                             "--at", "2026-11-20T18:40"])
        #expect(bench["workoutId"] as? String == workout && curl["workoutId"] as? String == workout)
        let logged = try await scratch.events("SetLogged")
        #expect(logged.last?["loggedAt"] as? String == "2026-11-20T18:40:00Z", "the set keeps the time it was done")

        let exercises = try await Self.shown(scratch, workout)
        #expect(exercises.map(\.name) == ["Barbell Bench Press", "Dumbbell Curl"])
        #expect(exercises[0].sets.map { $0["setId"] as? String } == [logged[0]["setID"] as? String, bench["setId"] as? String].map { $0?.uppercased() })
        let history = try await Self.first(scratch, ["history"])
        #expect(history["sets"] as? Int == 3 && history["volumeKg"] as? Double == 1_200)
        let records = try await Self.first(scratch, ["prs", "Barbell Bench Press"])
        let heaviest = try #require(records["heaviestWeightKg"] as? [String: Any])
        #expect(heaviest["value"] as? Double == 110 && heaviest["achievedAt"] as? String == "2026-11-20T18:20:00.000000Z")
        let stats = try await Self.first(scratch, ["stats", "Barbell Bench Press"])
        #expect(stats["sets"] as? Int == 2 && stats["totalVolumeKg"] as? Double == 1_050 && stats["sessions"] as? Int == 1)

        // A rebuild from the log gives the same answers as the models kept up set by set.
        let rebuilt = try await scratch.runOnLog(["rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(try await Self.first(scratch, ["history"])["volumeKg"] as? Double == 1_200)
        #expect(try await Self.first(scratch, ["stats", "Barbell Bench Press"])["totalVolumeKg"] as? Double == 1_050)
    }
}
