import Foundation
import Testing

/// `workout correct-set` and `remove-set` find a set by its id's first characters in the
/// active workout, then in the 200 latest workouts, or in the one `--workout` names.
@Suite struct SetLookupTests {
    @Test func aSetIsFoundInTheActiveWorkoutThenInTheLatestOnes() async throws {
        let scratch = try await seededScratch()
        let first = try #require(try await scratch.record(["workout", "start", "--at", "2026-11-20T07:30"])["workoutId"] as? String)
        let old = try #require(try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5",
                                                         "--at", "2026-11-20T07:40"])["setId"] as? String)
        #expect(try await scratch.runOnLog(["workout", "complete", "--at", "2026-11-20T08:30"]).status == 0)
        _ = try await scratch.record(["workout", "start", "--at", "2026-11-21T07:30"])
        let new = try #require(try await scratch.record(["workout", "set", "Barbell Back Squat", "140kg", "x", "3"])["setId"] as? String)

        // A set of yesterday's (completed) workout, by its first characters.
        let corrected = try await scratch.runOnLog(["workout", "correct-set", String(old.prefix(8)), "102.5kg", "x", "5"])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        #expect(corrected.stdout == "corrected set \(old): 102.5 kg × 5\n")
        #expect(try await scratch.events("SetCorrected").first?["workoutID"] as? String == first)
        // --workout narrows the search to that workout.
        try await scratch.expectRefused(["workout", "remove-set", String(new.prefix(8)), "--workout", String(first.prefix(8))],
                                        status: 65, saying: ["there is no set \(new.prefix(8))"])
        let removed = try await scratch.runOnLog(["workout", "remove-set", String(old.prefix(6)), "--workout", String(first.prefix(8))])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "removed set \(old) from workout \(first)\n")
        #expect(try await scratch.runOnLog(["workout", "remove-set", new]).status == 0)
        try await scratch.expectRefused(["workout", "correct-set", String(new.prefix(8)), "100kg", "x", "1"], status: 65,
                                        saying: ["there is no set \(new.prefix(8)) in the active workout or the last 200 workouts",
                                                 "fix: use the id antrain-log workout set printed", "--workout ID"])
    }

    @Test func aSetOfAWorkoutOlderThanTheLatest200NeedsItsWorkout() async throws {
        let scratch = try Scratch()
        let generated = try await scratch.runOnLog(["generate", "--athletes", "1", "--weeks", "70", "--seed", "3"])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(try await scratch.events("WorkoutStarted").count > 250)
        let removed = Set(try await scratch.events("SetRemoved").compactMap { $0["setID"] as? String })
        let deleted = Set(try await scratch.events("WorkoutDeleted").compactMap { $0["workoutID"] as? String })
        let set = try #require(try await scratch.events("SetLogged").first {
            !removed.contains($0["setID"] as? String ?? "") && !deleted.contains($0["workoutID"] as? String ?? "")
        })
        let setID = try #require(set["setID"] as? String), workoutID = try #require(set["workoutID"] as? String)
        try await scratch.expectRefused(["workout", "correct-set", String(setID.prefix(8)), "20kg", "x", "5"], status: 65,
                                        saying: ["in the active workout or the last 200 workouts", "name the workout with --workout ID"])
        let corrected = try await scratch.runOnLog(["workout", "correct-set", String(setID.prefix(8)), "20kg", "x", "5",
                                                    "--workout", String(workoutID.prefix(8))])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        // The set's type (a warm-up in this generated log) is kept: only the load and reps were named.
        #expect(corrected.stdout.hasPrefix("corrected set \(setID): 20 kg × 5"))
    }
}
