import Foundation
import Testing

/// `workout start|set|correct-set|remove-set|note|rpe|complete|cancel|delete` on a real log.
@Suite struct WorkoutRecordingTests {
    @Test func aWorkoutFromStartToCompleteRecordsEveryEvent() async throws {
        let scratch = try await seededScratch()
        let start = try await scratch.runOnLog(["workout", "start", "--name", "Push day", "--at", "2026-11-21T07:30"])
        #expect(start.status == 0, "\(start.stderr)")
        #expect(start.stdout.hasPrefix("started lifting workout "))
        #expect(start.stdout.contains("\"Push day\" at 2026-11-21T07:30:00.000000+00:00"))
        let started = try #require(try await scratch.events("WorkoutStarted").first)
        let workoutID = try #require(started["workoutID"] as? String)
        #expect(started["name"] as? String == "Push day" && started["timeZone"] as? String != nil)

        let first = try await scratch.record(["workout", "set", "barbell bench press", "100kg", "x", "5", "--rpe", "8",
                                              "--at", "2026-11-21T07:40"])
        #expect(first["workoutId"] as? String == workoutID)
        let second = try await scratch.record(["workout", "set", "Barbell Bench Press", "--weight", "225lb", "--reps", "3",
                                               "--at", "2026-11-21T07:45"])
        #expect(second["entryId"] as? String == first["entryId"] as? String, "sets of one exercise share its entry")
        let added = try await scratch.events("ExerciseAddedToWorkout")
        #expect(added.count == 1 && added[0]["position"] as? Int == 1)

        let sets = try await scratch.events("SetLogged")
        let performance = try #require(sets.first?["performance"] as? [String: Any])
        #expect(performance["reps"] as? Int == 5 && performance["rpe"] as? Double == 8)
        #expect(massText(performance["weight"]) == "100 kg")
        #expect(massText((sets.last?["performance"] as? [String: Any])?["weight"]) == "225 lb", "a typed unit stays")

        // The short form of a set id names it later.
        let firstSet = try #require(first["setId"] as? String)
        let shortID = String(firstSet.prefix(8))
        let corrected = try await scratch.runOnLog(["workout", "correct-set", shortID, "102.5kg", "x", "5"])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        // The correction changes the load and keeps the RPE it did not name.
        #expect(corrected.stdout == "corrected set \(firstSet): 102.5 kg × 5 @ RPE 8\n")
        #expect(try await scratch.events("SetCorrected").first?["setID"] as? String == firstSet)
        let removed = try await scratch.runOnLog(["workout", "remove-set", try #require(second["setId"] as? String)])
        #expect(removed.status == 0, "\(removed.stderr)")

        #expect(try await scratch.runOnLog(["workout", "note", "Shoulder fine"]).status == 0)
        #expect(try await scratch.runOnLog(["workout", "rpe", "8.5"]).status == 0)
        let complete = try await scratch.runOnLog(["workout", "complete", "--at", "2026-11-21T08:35"])
        #expect(complete.status == 0, "\(complete.stderr)")
        #expect(complete.stdout == "completed workout \(workoutID) after 1h05m\n")

        let types = try await scratch.runOnLog(["cat", "--stream", "workout-\(workoutID.lowercased())", "--format", "json"])
            .jsonLines().map { $0["type"] as? String }
        #expect(types == ["WorkoutStarted", "ExerciseAddedToWorkout", "SetLogged", "SetLogged", "SetCorrected", "SetRemoved",
                          "WorkoutNotesChanged", "WorkoutRPERecorded", "WorkoutCompleted"])
        #expect(try await scratch.events("WorkoutCompleted").first?["durationSeconds"] as? Double == 3900)
        #expect(try await scratch.events("WorkoutRPERecorded").first?["rpe"] as? Double == 8.5)
    }

    @Test func aSecondActiveWorkoutIsRefusedAndNothingIsAppended() async throws {
        let scratch = try await seededScratch()
        let started = try await scratch.record(["workout", "start"])
        let active = try #require(started["workoutId"] as? String)
        try await scratch.expectRefused(["workout", "start", "--name", "Second"], status: 65,
                                        saying: ["lifting workout \(active) is active", "fix: finish it with antrain-log workout complete"])
    }

    @Test func aSetWithNoActiveWorkoutIsRefused() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["workout", "set", "Barbell Bench Press", "100kg", "x", "5"], status: 65,
                                        saying: ["error: no workout is active", "fix: start one with antrain-log workout start"])
    }

    @Test func anUnknownExerciseIsRefusedWithDidYouMean() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        try await scratch.expectRefused(["workout", "set", "Barbell Bnech Press", "100kg", "x", "5"], status: 65,
                                        saying: [#"no exercise is named "Barbell Bnech Press"; did you mean "Barbell Bench Press""#])
        try await scratch.expectRefused(["workout", "add-exercise", "Zzzyx"], status: 65,
                                        saying: [#"no exercise is named "Zzzyx", and no name is close"#, "fix: create it with antrain-log exercise add"])
    }

    @Test func invalidValuesAreRefused() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        // A weight in an unknown unit is a usage error; reps out of range break an event rule.
        try await scratch.expectRefused(["workout", "set", "Barbell Bench Press", "100stone", "x", "5"], status: 64,
                                        saying: [#""100stone" is not a weight: write it as 100kg, 225lb"#])
        try await scratch.expectRefused(["workout", "set", "Barbell Bench Press", "100kg", "x", "1000"], status: 65,
                                        saying: ["reps must be a whole number from 1 to 999, not 1000", "fix: correct the value named above"])
        try await scratch.expectRefused(["workout", "rpe", "11"], status: 65, saying: ["RPE must be"])
        try await scratch.expectRefused(["workout", "complete"], status: 65,
                                        saying: ["a lifting workout needs at least one completed set", "fix: log a set"])
        try await scratch.expectRefused(["workout", "correct-set", "ZZZZ", "100kg", "x", "5"], status: 64,
                                        saying: [#""ZZZZ" is not a set id"#])
        // The set's place taken by what the set was: said so, with the way to write it.
        try await scratch.expectRefused(["workout", "correct-set", "105kg", "x", "5"], status: 64,
                                        saying: [#""105kg" is a weight or reps, not a set id"#, "workout correct-set SET 105kg x 5"])
        try await scratch.expectRefused(["workout", "done", "105kg"], status: 64,
                                        saying: [#""105kg" is a weight or reps, not a set id"#, "workout done --weight 105kg"])
        try await scratch.expectRefused(["workout", "done", "5"], status: 64, saying: [#""5" is a weight or reps"#])
    }

    @Test func cancelAndDeleteEndTheWorkout() async throws {
        let scratch = try await seededScratch()
        let first = try #require(try await scratch.record(["workout", "start"])["workoutId"] as? String)
        #expect(try await scratch.runOnLog(["workout", "cancel"]).status == 0)
        try await scratch.expectRefused(["workout", "cancel"], status: 65, saying: ["no workout is active"])
        let delete = try await scratch.runOnLog(["workout", "delete", String(first.prefix(6))])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(delete.stdout == "deleted workout \(first)\n")
        #expect(try await scratch.events("WorkoutCancelled").count == 1)
        #expect(try await scratch.events("WorkoutDeleted").first?["workoutID"] as? String == first)
    }
}
