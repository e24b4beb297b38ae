import Foundation
import Testing

/// Issue 38, "Plans that do what they say": a warm-up is added beside the plan, a planned set
/// done without figures takes the last ones of its exercise, an empty workout cannot be
/// completed, and exercises whose planned sets were never done leave the workout at its end.
@Suite struct PlanRuleTests {
    /// A seeded log following the beginner program from Monday 2026-11-30, with that day's
    /// workout (squat, bench and row, 5 × 5 each) started from the program.
    static func programDay() async throws -> (Scratch, String) {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["program", "activate", "Beginner Linear Strength", "--start", "2026-11-30"])
        let workout = try #require(try await scratch.record(["workout", "start", "--program", "--at", "2026-11-30T18:00"])["workoutId"]
            as? String)
        return (scratch, workout)
    }

    /// Each set of the exercise `index` of a shown workout as "TYPE WEIGHT x REPS done|planned".
    static func sets(_ scratch: Scratch, _ workout: String, exercise index: Int = 0) async throws -> [String] {
        let shown = try await PlannedWorkoutTests.show(scratch, workout)
        let exercise = try #require((shown["exercises"] as? [[String: Any]])?[index])
        return ((exercise["sets"] as? [[String: Any]]) ?? []).map { set in
            let weight = (set["weightKg"] as? Double).map { "\(Int($0)) kg" } ?? "-"
            let done = (set["completed"] as? Bool) == true ? "done" : "planned"
            return "\((set["setType"] as? String) ?? "?") \(weight) x \((set["reps"] as? Int) ?? 0) \(done)"
        }
    }

    @Test func aWarmUpIsAddedBesideThePlan() async throws {
        let (scratch, workout) = try await Self.programDay()
        let warmUp = try await scratch.runOnLog(["workout", "set", "back squat", "40kg", "x", "5", "--type", "warmup"])
        #expect(warmUp.status == 0, "\(warmUp.stderr)")
        #expect(!warmUp.stdout.contains("the planned set"), "\(warmUp.stdout)")
        #expect(warmUp.stdout.hasSuffix("a warm-up beside the plan (15 planned sets left)\n"), "\(warmUp.stdout)")
        #expect(try await Self.sets(scratch, workout) == ["normal - x 5 planned", "normal - x 5 planned", "normal - x 5 planned",
                                                          "normal - x 5 planned", "normal - x 5 planned", "warmup 40 kg x 5 done"])
        // A working set still fills the plan.
        let working = try await scratch.runOnLog(["workout", "set", "back squat", "100kg", "x", "5"])
        #expect(working.stdout.hasSuffix("the planned set (14 planned sets left)\n"), "\(working.stdout)\(working.stderr)")
        #expect(try await Self.sets(scratch, workout).first == "normal 100 kg x 5 done")

        // A warm-up planned with --planned is filled by a warm-up, and by nothing else.
        _ = try await scratch.record(["workout", "set", "barbell bench press", "40kg", "x", "8", "--type", "warmup", "--planned"])
        let benchWarmUp = try await scratch.runOnLog(["workout", "set", "barbell bench press", "45kg", "x", "8", "--type", "warmup"])
        #expect(benchWarmUp.stdout.hasSuffix("the planned set (14 planned sets left)\n"), "\(benchWarmUp.stdout)\(benchWarmUp.stderr)")
        #expect(try await Self.sets(scratch, workout, exercise: 1).last == "warmup 45 kg x 8 done")
    }

    @Test func aPlannedSetDoneWithoutFiguresTakesTheLastOnesOfItsExerciseElseThePlans() async throws {
        let scratch = try await seededScratch()
        let workout = try #require(try await scratch.record(["workout", "start", "--template", "push day", "--at", "2026-12-06T10:00"])["workoutId"]
            as? String)
        // The template plans no weight, and nothing is done yet: it asks, naming what is missing.
        try await scratch.expectRefused(["workout", "done"], status: 65,
                                        saying: ["Barbell Bench Press has no weight: the plan gives none and no set of it is done in this workout",
                                                 "fix: give the weight done, like antrain-log workout done --weight 60kg"])
        _ = try await scratch.record(["workout", "done", "--weight", "60kg", "--reps", "6"])
        // The load stays on the bar; the reps are each set's target, the plan's.
        let second = try await scratch.runOnLog(["workout", "done"])
        #expect(second.stdout.contains(": 60 kg × 8 (17 planned sets left)"), "\(second.stdout)\(second.stderr)")
        _ = try await scratch.record(["workout", "done", "--weight", "62.5kg"])
        _ = try await scratch.record(["workout", "done"])
        #expect(try await Self.sets(scratch, workout) == ["normal 60 kg x 6 done", "normal 60 kg x 8 done", "normal 62 kg x 8 done",
                                                          "normal 62 kg x 8 done"])
        // A warm-up's load is not a working set's, and another exercise's is not carried.
        _ = try await scratch.record(["workout", "set", "incline dumbbell press", "10kg", "x", "10", "--type", "warmup"])
        try await scratch.expectRefused(["workout", "done"], status: 65, saying: ["Incline Dumbbell Press has no weight"])
        let incline = try #require(try await scratch.events("SetLogged").compactMap { $0["setID"] as? String }.dropFirst(4).first)
        try await scratch.expectRefused(["workout", "done", String(incline.prefix(8))], status: 65, saying: ["Incline Dumbbell Press has no weight"])
    }

    @Test func anEmptyWorkoutCannotBeCompletedAndATemplateNeedsAnExercise() async throws {
        let scratch = try await seededScratch()
        // Seed 001: a quick log needs its data; seed 002: a workout needs an exercise.
        for type in ["cardio", "metcon"] {
            let workout = try #require(try await scratch.record(["workout", "start", "--type", type, "--at", "2026-12-06T12:00"])["workoutId"]
                as? String)
            try await scratch.expectRefused(["workout", "complete", "--at", "2026-12-06T12:30"], status: 65,
                                            saying: ["cannot complete workout \(workout.uppercased())",
                                                     "a \(type) workout needs its data: no \(type) was logged into it",
                                                     "fix: log the session into it with antrain-log", "antrain-log \(type) ", "--workout ID",
                                                     "or cancel the workout with antrain-log workout cancel"])
            _ = try await scratch.record(["workout", "cancel"])
        }
        let run = try #require(try await scratch.record(["workout", "start", "--type", "cardio", "--at", "2026-12-06T13:00"])["workoutId"]
            as? String)
        _ = try await scratch.record(["cardio", "run", "--distance", "5km", "--time", "27m30s", "--workout", run])
        #expect(try await PlannedWorkoutTests.show(scratch, run)["status"] as? String == "completed")

        try await scratch.expectRefused(["template", "add", "Rest only", "--item", "break=2m"], status: 65,
                                        saying: [#"cannot create template "Rest only": it holds no exercise, only 1 break"#,
                                                 "fix: add at least one exercise"])
        _ = try await scratch.record(["template", "add", "Short", "--item", "Plank=60s", "--item", "break=1m"])
        try await scratch.expectRefused(["template", "edit", "Short", "--item", "break=1m", "--item", "break=2m"], status: 65,
                                        saying: ["it holds no exercise, only 2 breaks"])
        // One made before the rule (a raw append passes no command rule) starts no workout.
        let old = #"{"type":"TemplateCreated","event":{"templateID":"80F946F1-E5A5-8249-81B4-D46AF9379765","name":"Old rest","#
            + #""items":[{"kind":"break","position":1,"durationSeconds":120}]}}"#
        #expect(try await scratch.runOnLog(["append"], stdin: old + "\n").status == 0)
        try await scratch.expectRefused(["workout", "start", "--template", "old rest"], status: 65,
                                        saying: [#"template "Old rest" holds no exercise, only breaks"#])
    }

    @Test func exercisesWhosePlannedSetsWereNeverDoneAreDroppedAtCompletion() async throws {
        let scratch = try await seededScratch()
        let workout = try #require(try await scratch.record(["workout", "start", "--template", "push day", "--at", "2026-12-06T10:00"])["workoutId"]
            as? String)
        for _ in 0..<4 { _ = try await scratch.record(["workout", "done", "--weight", "60kg"]) }
        _ = try await scratch.record(["workout", "done", "--weight", "20kg"])
        let completed = try await scratch.runOnLog(["workout", "complete", "--at", "2026-12-06T11:00"])
        #expect(completed.status == 0, "\(completed.stderr)")
        #expect(completed.stdout.hasSuffix(#"; dropped "Dumbbell Shoulder Press" (3 planned sets not done), "Lateral Raise" (3 planned sets "#
            + #"not done), "Triceps Pushdown" (3 planned sets not done), "Cable Fly" (3 planned sets not done)"# + "\n"), "\(completed.stdout)")
        let shown = try await PlannedWorkoutTests.show(scratch, workout)
        #expect((shown["exercises"] as? [[String: Any]])?.map { $0["exercise"] as? String } == ["Barbell Bench Press", "Incline Dumbbell Press"])
        // The incline press's two sets not done stay beside the one done, counting nowhere.
        #expect(try await Self.sets(scratch, workout, exercise: 1) == ["normal 20 kg x 10 done", "normal - x 10 planned", "normal - x 10 planned"])
        #expect(try await scratch.events("ExerciseRemovedFromWorkout").count == 4)
    }
}
