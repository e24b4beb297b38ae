import Foundation
import Testing

/// Starting from a plan (issue 20): `workout start --template` fills the workout with the
/// template's exercises and planned sets, `workout start --program` starts today's program
/// day with the suggested weights planned, and `workout done` marks planned sets done one
/// command per set, through the binary.
@Suite struct PlannedWorkoutTests {
    /// `show WORKOUT --format json`.
    static func show(_ scratch: Scratch, _ workout: String) async throws -> [String: Any] {
        let result = try await scratch.runOnLog(["show", workout, "--format", "json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
    }

    /// Each exercise of a shown workout: its name and its sets as "WEIGHT x REPS done|planned".
    static func sets(_ shown: [String: Any]) -> [(String, [String])] {
        ((shown["exercises"] as? [[String: Any]]) ?? []).map { exercise in
            let sets = ((exercise["sets"] as? [[String: Any]]) ?? []).map { set in
                let weight = (set["weightKg"] as? Double).map { "\(Int($0)) kg" } ?? "-"
                return "\(weight) x \((set["reps"] as? Int) ?? 0) \((set["completed"] as? Bool) == true ? "done" : "planned")"
            }
            return ((exercise["exercise"] as? String) ?? "", sets)
        }
    }

    @Test func aTemplateStartsTheWorkoutWithItsExercisesAndPlannedSets() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["template", "add", "Bench day", "--item", "Barbell Bench Press=3x5/3m", "--item", "break=2m",
                                      "--item", "Plank=60s"])
        let started = try await scratch.runOnLog(["workout", "start", "--template", "bench day", "--at", "2026-11-20T18:00"])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains(#""Bench day" with 2 exercise(s) and 4 planned set(s)"#), "\(started.stdout)")
        let start = try #require(try await scratch.events("WorkoutStarted").first)
        #expect(start["name"] as? String == "Bench day" && start["templateID"] != nil)
        let planned = try await scratch.events("SetLogged")
        #expect(planned.count == 4)
        #expect(planned.allSatisfy { ($0["performance"] as? [String: Any])?["completed"] as? Bool == false })
        #expect((planned[0]["performance"] as? [String: Any])?["restSeconds"] as? Int == 180)
        #expect((planned[3]["performance"] as? [String: Any])?["durationSeconds"] as? Double == 60)

        let workout = try #require(start["workoutID"] as? String)
        // The next planned set, then the one named, each with what differs from the plan.
        let first = try await scratch.runOnLog(["workout", "done", "--weight", "100kg", "--rpe", "8"])
        #expect(first.stdout.hasPrefix("done set \(planned[0]["setID"] as? String ?? "?"): 100 kg × 5 @ RPE 8 (3 planned sets left)"),
                "\(first.stdout)\(first.stderr)")
        let third = try #require(planned[2]["setID"] as? String)
        _ = try await scratch.record(["workout", "done", String(third.prefix(8)), "--weight", "100kg", "--reps", "4"])
        let corrections = try await scratch.events("SetCorrected")
        #expect(corrections.map { $0["setID"] as? String } == [planned[0]["setID"] as? String, third])
        #expect(Self.sets(try await Self.show(scratch, workout)).map(\.1) == [["100 kg x 5 done", "- x 5 planned", "100 kg x 4 done"],
                                                                              ["- x 0 planned"]])
        try await scratch.expectRefused(["workout", "done", String(third.prefix(8))], status: 65, saying: ["is done already"])
        _ = try await scratch.record(["workout", "done", "--weight", "100kg"])
        let plank = try await scratch.record(["workout", "done", "--time", "75s"])
        #expect(plank["plannedLeft"] as? Int == 0)
        try await scratch.expectRefused(["workout", "done"], status: 65, saying: ["has no planned set left: every set is done"])

        _ = try await scratch.record(["workout", "complete", "--at", "2026-11-20T19:00"])
        let history = try await scratch.runOnLog(["history", "--format", "json"])
        #expect(history.stdout.contains(#""sets":4"#) && history.stdout.contains(#""volumeKg":1400"#), "\(history.stdout)")
    }

    @Test func todaysProgramDayStartsLinkedWithTheSuggestedWeightsPlanned() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["template", "add", "Bench day", "--item", "Barbell Bench Press=3x5/3m"])
        _ = try await scratch.record(["program", "add", "Thursdays", "--weeks", "4", "--day", "thu=Bench day"])
        let programID = try #require(try await scratch.record(["program", "activate", "Thursdays", "--start", "2026-11-16"])["programId"]
            as? String)
        try await scratch.expectRefused(["workout", "start", "--program", "--at", "2026-11-18T18:00"], status: 65,
                                        saying: [#"Wednesday 2026-11-18 has no training day of program "Thursdays" left to do"#,
                                                 "the next is Thursday 2026-11-19: Bench day (week 1)"])

        let first = try #require(try await scratch.record(["workout", "start", "--program", "--at", "2026-11-19T18:00"])["workoutId"] as? String)
        let start = try #require(try await scratch.events("WorkoutStarted").first)
        let day = try #require(start["programDay"] as? [String: Any])
        #expect(day["programID"] as? String == programID && day["week"] as? Int == 1 && day["dayOfWeek"] as? Int == 4)
        #expect(start["name"] as? String == "Bench day")
        // No history yet: the sets are planned without a weight.
        #expect(Self.sets(try await Self.show(scratch, first)).map(\.1) == [["- x 5 planned", "- x 5 planned", "- x 5 planned"]])
        for _ in 0..<3 { _ = try await scratch.record(["workout", "done", "--weight", "100kg", "--rpe", "8"]) }
        _ = try await scratch.record(["workout", "complete", "--at", "2026-11-19T19:00"])
        try await scratch.expectRefused(["workout", "start", "--program", "--at", "2026-11-19T20:00"], status: 65,
                                        saying: ["has no training day of program", "the next is Thursday 2026-11-26"])

        // Week 2 of a linear progression (intensity 1.025): the last set at RPE 8 gives +2.5 %,
        // 100 × 1.025 × 1.025 = 105.06, rounded to 105 kg, as program status says.
        let status = try await scratch.runOnLog(["program", "--today", "2026-11-26", "--format", "json"])
        #expect(status.stdout.contains(#""weightKg":105.0"#), "\(status.stdout)")
        let second = try #require(try await scratch.record(["workout", "start", "--program", "--at", "2026-11-26T18:00"])["workoutId"]
            as? String)
        let shown = try await Self.show(scratch, second)
        let weights = ((shown["exercises"] as? [[String: Any]])?.first?["sets"] as? [[String: Any]])?.map { $0["weightKg"] as? Double }
        #expect(weights == [105, 105, 105])
        #expect((try await scratch.events("WorkoutStarted").last?["programDay"] as? [String: Any])?["week"] as? Int == 2)
    }

    @Test func workoutSetFillsTheExercisesNextPlannedSet() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["template", "add", "Bench day", "--item", "Barbell Bench Press=2x5/3m", "--item", "Plank=60s"])
        let workout = try #require(try await scratch.record(["workout", "start", "--template", "Bench day"])["workoutId"] as? String)
        let planned = try await scratch.events("SetLogged").compactMap { $0["setID"] as? String }

        let filled = try await scratch.runOnLog(["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--rpe", "8"])
        #expect(filled.stdout.hasPrefix("logged set \(planned[0]): Barbell Bench Press 100 kg × 5 @ RPE 8 in workout"), "\(filled.stderr)")
        #expect(filled.stdout.hasSuffix("the planned set (2 planned sets left)\n"))
        let correction = try #require(try await scratch.events("SetCorrected").first?["performance"] as? [String: Any])
        #expect(correction["completed"] as? Bool == true && correction["restSeconds"] as? Int == 180, "the plan's rest stays")
        // A time typed for a set that fills a planned one is the time it was done (issue 38).
        let timed = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "4", "--at", "now"])
        #expect(timed["setId"] as? String == planned[1] && timed["filledPlannedSet"] as? Bool == true)
        #expect(try await scratch.events("SetCorrected").last?["doneAt"] as? String != nil)
        // The plank's planned set is its own exercise's; --planned adds one more planned set.
        _ = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--planned"])
        let extra = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "3"])
        #expect(extra["filledPlannedSet"] as? Bool == true)
        let another = try await scratch.record(["workout", "set", "Barbell Bench Press", "90kg", "x", "5"])
        #expect(another["filledPlannedSet"] == nil && !planned.contains(another["setId"] as? String ?? ""))
        #expect(Self.sets(try await Self.show(scratch, workout)).map(\.1) == [["100 kg x 5 done", "100 kg x 4 done", "100 kg x 3 done",
                                                                              "90 kg x 5 done"], ["- x 0 planned"]])
    }

    @Test func plansThatCannotStartAreRefusedAndAppendNothing() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["workout", "start", "--program"], status: 65,
                                        saying: ["no program is active", "fix: start following one with antrain-log program activate NAME"])
        try await scratch.expectRefused(["workout", "start", "--template", "Push Day", "--program"], status: 64, saying: ["not both"])
        try await scratch.expectRefused(["workout", "start", "--template", "Push Day", "--type", "cardio"], status: 64,
                                        saying: ["start a lifting workout"])
        try await scratch.expectRefused(["workout", "start", "--template", "Psh Day"], status: 65, saying: [#"did you mean "Push Day""#])
        try await scratch.expectRefused(["workout", "done"], status: 65, saying: ["no workout is active"])
        _ = try await scratch.record(["workout", "start"])
        try await scratch.expectRefused(["workout", "done"], status: 65, saying: ["has no planned set left"])
    }
}
