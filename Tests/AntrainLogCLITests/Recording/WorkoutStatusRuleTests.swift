import Foundation
import Testing

/// Issue 19's rules of a workout's status, through the binary: one notion of "active" for the
/// history and the recording rules, and only work that stands counts in records and totals.
@Suite struct WorkoutStatusRuleTests {
    @Test func aCardioLogIntoAStartedCardioWorkoutCompletesIt() async throws {
        let scratch = try await seededScratch()
        // Started 40 minutes ago: the run logged into it keeps that start, and ends by now (issue 38).
        let started = try await scratch.record(["workout", "start", "--type", "cardio", "--name", "Track", "--at", localTime(secondsAgo: 2400)])
        let workoutID = try #require(started["workoutId"] as? String)
        _ = try await scratch.record(["cardio", "run", "--time", "30m", "--distance", "6km", "--workout", workoutID])

        // The rules agree with the history: the workout is no longer active, so completing it
        // again is refused and cannot rewrite the run's length to 0.
        try await scratch.expectRefused(["workout", "complete", "--workout", workoutID], status: 65,
                                        saying: ["the workout is completed", "only the active workout"])
        let shown = try #require(try await scratch.runOnLog(["show", workoutID, "--format", "json"]).jsonLines().first)
        #expect(shown["status"] as? String == "completed")
        #expect(shown["durationSeconds"] as? Double == 1800)

        // And the next workout may start.
        let next = try await scratch.runOnLog(["workout", "start", "--name", "Push"])
        #expect(next.status == 0, "\(next.stderr)")
    }

    @Test func aMetconLogIntoAStartedMetconWorkoutCompletesIt() async throws {
        let scratch = try await seededScratch()
        let started = try await scratch.record(["workout", "start", "--type", "metcon", "--at", localTime(secondsAgo: 1800)])
        let workoutID = try #require(started["workoutId"] as? String)
        _ = try await scratch.record(["metcon", "amrap", "--time", "20m", "--rounds", "12", "--workout", workoutID])
        let next = try await scratch.runOnLog(["workout", "start"])
        #expect(next.status == 0, "\(next.stderr)")
    }

    @Test func aCancelledWorkoutSetsNoRecordAndCountsInNoTotal() async throws {
        let scratch = try await seededScratch()
        // A completed session at 100 kg, then a cancelled one at 140 kg.
        _ = try await scratch.record(["workout", "start", "--at", "2026-11-20T08:00"])
        _ = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--at", "2026-11-20T08:10"])
        _ = try await scratch.record(["workout", "complete", "--at", "2026-11-20T09:00"])
        _ = try await scratch.record(["workout", "start", "--at", "2026-11-21T08:00"])
        _ = try await scratch.record(["workout", "set", "Barbell Bench Press", "140kg", "x", "3", "--at", "2026-11-21T08:10"])
        // While it is active, its set counts: a record shows during the session.
        let during = try #require(try await scratch.runOnLog(["prs", "Barbell Bench Press", "--format", "json"]).jsonArray().first)
        #expect((during["heaviestWeightKg"] as? [String: Any])?["value"] as? Double == 140)
        _ = try await scratch.record(["workout", "cancel"])

        let records = try #require(try await scratch.runOnLog(["prs", "Barbell Bench Press", "--format", "json"]).jsonArray().first)
        #expect((records["heaviestWeightKg"] as? [String: Any])?["value"] as? Double == 100)
        #expect((records["bestSetVolumeKg"] as? [String: Any])?["value"] as? Double == 500)
        #expect((records["heaviestWeightKg"] as? [String: Any])?["date"] as? String == "2026-11-20")
        let stats = try #require(try await scratch.runOnLog(["stats", "Barbell Bench Press", "--format", "json"]).jsonArray().first)
        #expect(stats["sets"] as? Int == 1)
        #expect(stats["reps"] as? Int == 5)
        #expect(stats["sessions"] as? Int == 1)

        // The history still lists what happened.
        let history = try await scratch.runOnLog(["history", "--format", "json"]).jsonArray()
        #expect(history.compactMap { $0["status"] as? String } == ["cancelled", "completed"])
    }

    @Test func aCancelledWorkoutAloneLeavesNoRecords() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        _ = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5"])
        _ = try await scratch.record(["workout", "cancel"])
        let prs = try await scratch.runOnLog(["prs", "Barbell Bench Press"])
        #expect(prs.status == 0, "\(prs.stderr)")
        #expect(prs.stdout.contains("no records for Barbell Bench Press yet"))
        let stats = try await scratch.runOnLog(["stats"])
        #expect(stats.stdout.contains("no exercise trained yet"))
        // A rebuild agrees with the state caught up event by event.
        _ = try await scratch.runOnLog(["rebuild"])
        let rebuilt = try await scratch.runOnLog(["prs", "Barbell Bench Press"])
        #expect(rebuilt.stdout == prs.stdout)
    }
}

/// Every exercise of a completed workout has a set (seed 001): one added and never done is
/// dropped as the workout completes, by an event in the log.
@Suite struct EmptyExerciseTests {
    @Test func anExerciseWithNoSetsIsDroppedAtCompletion() async throws {
        let scratch = try await seededScratch()
        let started = try await scratch.record(["workout", "start"])
        let workoutID = try #require(started["workoutId"] as? String)
        _ = try await scratch.record(["workout", "add-exercise", "Barbell Back Squat"])
        _ = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5"])
        // Completed now: 40 minutes after a start just made would end in the future (issue 38).
        let completed = try await scratch.runOnLog(["workout", "complete"])
        #expect(completed.status == 0, "\(completed.stderr)")
        #expect(completed.stdout.contains("dropped \"Barbell Back Squat\" (no sets)"))

        let removed = try await scratch.events("ExerciseRemovedFromWorkout")
        #expect(removed.count == 1 && removed.first?["workoutID"] as? String == workoutID)
        let shown = try #require(try await scratch.runOnLog(["show", workoutID, "--format", "json"]).jsonLines().first)
        let exercises = (shown["exercises"] as? [[String: Any]] ?? []).compactMap { $0["exercise"] as? String }
        #expect(exercises == ["Barbell Bench Press"])
    }
}
