import Foundation
import Testing

/// Issue 38's proof: a lifter's week in New York, typed as a new user would, through the
/// binary on a seeded log; then every query equals figures worked out by hand (in the
/// comments), never read back from the tool.
///
/// The week (2026-11-23, a Monday, to Sunday 2026-11-29; UTC−5):
/// - Mon: a workout entered afterwards: squat warm-up 60×5, then 100×5 three times (the last at RPE 8).
/// - Tue: a 5 km run in 27m30s; a weigh-in of 80 kg at 23:30 (04:30 UTC on Wednesday).
/// - Wed: "Beginner Linear Strength" activated from that day (Mon A, Wed B, Fri A; week 1 at
///   intensity 0.85); Workout B from the program: a squat warm-up beside the plan, the five
///   planned squat sets done at the suggested weight, overhead press at 50 kg (carried), an
///   extra press set of 8, the deadlift's one set at 120 kg.
/// - Thu: a metcon of 12 minutes; a weigh-in of 80.6 kg; four meals, one by servings and one
///   logged at 23:15 (04:15 UTC on Friday).
/// - Fri: Workout A from the program, squat at the suggestion, bench 70 kg, row 60 kg.
/// - Sun: a weigh-in of 79.5 kg at 22:00 (03:00 UTC on Monday).
@Suite struct ScriptedWeekTests {
    static let zone = ["TZ": "America/New_York"]

    @Test("A lifter's week: history, show, prs, stats, nutrition, bodyweight, program, summary, replay and export as worked by hand")
    func aWeekAsWorkedByHand() async throws {
        let scratch = try await seededScratch()
        func run(_ arguments: String...) async throws {
            let result = try await scratch.runOnLog(arguments, environment: Self.zone)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        func json(_ arguments: String...) async throws -> Any {
            let result = try await scratch.runOnLog(arguments + ["--format", "json"], environment: Self.zone)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        }
        try await run("profile", "--kcal", "2500", "--protein", "180", "--carbs", "250", "--fat", "80", "--from", "2026-11-01")
        // Monday.
        try await run("workout", "start", "--name", "Monday squats", "--at", "2026-11-23T18:00")
        try await run("workout", "set", "barbell back squat", "60kg", "x", "5", "--type", "warmup", "--at", "2026-11-23T18:05")
        try await run("workout", "set", "barbell back squat", "100kg", "x", "5", "--at", "2026-11-23T18:10")
        try await run("workout", "set", "barbell back squat", "100kg", "x", "5", "--at", "2026-11-23T18:15")
        try await run("workout", "set", "barbell back squat", "100kg", "x", "5", "--rpe", "8", "--at", "2026-11-23T18:20")
        try await run("workout", "complete", "--at", "2026-11-23T19:00")
        // Tuesday.
        try await run("cardio", "run", "--distance", "5km", "--time", "27m30s", "--at", "2026-11-24T07:00")
        try await run("bodyweight", "80kg", "--at", "2026-11-24T23:30")
        // Wednesday: squat suggested from Monday's 100 × 5 at RPE 8 (+2.5 %, done outside the
        // program, at intensity 1): 102.5 × 0.85 = 87.125, on the plates 87.5 kg.
        try await run("program", "activate", "Beginner Linear Strength", "--start", "2026-11-25")
        try await run("workout", "start", "--program", "--at", "2026-11-25T18:00")
        try await run("workout", "set", "barbell back squat", "40kg", "x", "5", "--type", "warmup", "--at", "2026-11-25T18:05")
        for minute in [10, 14, 18, 22, 26] { try await run("workout", "done", "--at", "2026-11-25T18:\(minute)") }
        try await run("workout", "done", "--weight", "50kg", "--at", "2026-11-25T18:35")
        for minute in [38, 41, 44, 47] { try await run("workout", "done", "--at", "2026-11-25T18:\(minute)") }
        try await run("workout", "set", "overhead press", "50kg", "x", "8", "--at", "2026-11-25T18:50")
        try await run("workout", "done", "--weight", "120kg", "--at", "2026-11-25T18:55")
        try await run("workout", "complete", "--at", "2026-11-25T19:10")
        // Thursday.
        try await run("metcon", "forTime", "--time", "12m", "--at", "2026-11-26T07:00")
        try await run("bodyweight", "80.6kg", "--at", "2026-11-26T07:30")
        try await run("eat", "egg, whole", "2x", "--meal", "breakfast", "--date", "2026-11-26")
        try await run("eat", "rolled oats", "80g", "--meal", "breakfast", "--date", "2026-11-26")
        try await run("eat", "chicken breast, cooked", "1 serving", "--meal", "lunch", "--date", "2026-11-26")
        try await run("eat", "white rice, cooked", "200g", "--meal", "dinner", "--at", "2026-11-26T23:15")
        // Friday: squat from Wednesday's 87.5 at 0.85: 87.5 / 0.85 × 1.025 × 0.85 = 89.69, so 90 kg.
        try await run("workout", "start", "--program", "--at", "2026-11-27T18:00")
        for minute in ["05", "09", "13", "17", "21"] { try await run("workout", "done", "--at", "2026-11-27T18:\(minute)") }
        try await run("workout", "done", "--weight", "70kg", "--at", "2026-11-27T18:30")
        for minute in [33, 36, 39, 42] { try await run("workout", "done", "--at", "2026-11-27T18:\(minute)") }
        try await run("workout", "done", "--weight", "60kg", "--at", "2026-11-27T18:50")
        for minute in [52, 54, 56, 58] { try await run("workout", "done", "--at", "2026-11-27T18:\(minute)") }
        try await run("workout", "complete", "--at", "2026-11-27T19:10")
        // Sunday.
        try await run("bodyweight", "79.5kg", "--at", "2026-11-29T22:00")

        // history: Fri 15 sets, 5 × 90 × 5 + 5 × 70 × 5 + 5 × 60 × 5 = 2250 + 1750 + 1500 = 5500 kg;
        // Thu the metcon, 12 min; Wed 1 warm-up + 5 + 5 + 1 extra + 1 = 13 sets, 2187.5 + 1250 +
        // 400 + 600 = 4437.5 kg; Tue the run, 1 set, 5 km in 1650 s; Mon 4 sets, 1500 kg.
        let history = try #require(try await json("history", "--from", "2026-11-23", "--to", "2026-11-29") as? [[String: Any]])
        #expect(history.map { $0["type"] as? String } == ["lifting", "metcon", "lifting", "cardio", "lifting"])
        #expect(history.map { $0["sets"] as? Int } == [15, 0, 13, 1, 4])
        #expect(history.map { $0["volumeKg"] as? Double } == [5500, 0, 4437.5, 0, 1500])
        #expect(history.map { $0["durationSeconds"] as? Double } == [4200, 720, 4200, 1650, 3600])
        #expect(history[3]["distanceMetres"] as? Double == 5000)
        #expect(history.map { $0["startedAt"] as? String } == ["2026-11-27T23:00:00.000000Z", "2026-11-26T12:00:00.000000Z",
                                                                "2026-11-25T23:00:00.000000Z", "2026-11-24T12:00:00.000000Z",
                                                                "2026-11-23T23:00:00.000000Z"])
        // show: Wednesday's warm-up stands beside the five planned squat sets, each at 87.5 kg,
        // each timed when it was done.
        let wednesday = try #require(history[2]["id"] as? String)
        let shown = try #require(try await json("show", wednesday) as? [String: Any])
        let squats = try #require((shown["exercises"] as? [[String: Any]])?.first { $0["exercise"] as? String == "Barbell Back Squat" }?["sets"]
            as? [[String: Any]])
        #expect(squats.map { $0["setType"] as? String } == ["normal", "normal", "normal", "normal", "normal", "warmup"]
                || squats.map { $0["setType"] as? String } == ["warmup", "normal", "normal", "normal", "normal", "normal"])
        #expect(squats.filter { $0["setType"] as? String == "normal" }.map { $0["weightKg"] as? Double } == [87.5, 87.5, 87.5, 87.5, 87.5])
        #expect(squats.filter { $0["setType"] as? String == "normal" }.map { $0["loggedAt"] as? String }
                    == ["23:10", "23:14", "23:18", "23:22", "23:26"].map { "2026-11-25T\($0):00.000000Z" })

        // prs: the squat's heaviest and e1RM from Monday (100 × 5: 100 × 36 / 32 = 112.5), its
        // best session Friday's 2250 kg, dated by the last set that made it (18:21 local);
        // the run's pace 1650 s / 5 km = 330 s/km.
        let squat = try #require(try await json("prs", "barbell back squat") as? [[String: Any]]).first
        #expect((squat?["heaviestWeightKg"] as? [String: Any])?["value"] as? Double == 100)
        #expect((squat?["bestE1rmKg"] as? [String: Any])?["value"] as? Double == 112.5)
        let session = try #require(squat?["bestSessionVolumeKg"] as? [String: Any])
        #expect(session["value"] as? Double == 2250 && session["date"] as? String == "2026-11-27"
                && session["achievedAt"] as? String == "2026-11-27T23:21:00.000000Z")
        let running = try #require(try await json("prs", "running") as? [[String: Any]]).first
        #expect((running?["fastestPaceSecondsPerKm"] as? [String: Any])?["value"] as? Double == 330)
        #expect((running?["fastestPaceSecondsPerKm"] as? [String: Any])?["date"] as? String == "2026-11-24")

        // stats: squat sets 4 + 6 + 5 = 15, reps 75, volume 1500 + 2187.5 + 2250 = 5937.5, 3 sessions.
        let stats = try #require(try await json("stats", "barbell back squat") as? [[String: Any]]).first
        #expect(stats?["sets"] as? Int == 15 && stats?["reps"] as? Int == 75 && stats?["totalVolumeKg"] as? Double == 5937.5
                && stats?["sessions"] as? Int == 3)

        // nutrition on Thursday: eggs 2 × 50 g = 100 g (143 kcal, 12.6 P, 0.7 C, 9.5 F), oats 80 g
        // (303.2, 10.56, 54.16, 5.2), chicken 1 × 120 g (198, 37.2, 0, 4.32), rice 200 g at 23:15
        // New York time, still Thursday (260, 5.4, 56.4, 0.6): 904.2 kcal, 65.76 P, 111.26 C, 19.62 F.
        let day = try #require(try await json("nutrition", "--date", "2026-11-26") as? [[String: Any]]).first
        #expect(day?["calories"] as? Double == 904.2 && day?["proteinG"] as? Double == 65.76)
        #expect(day?["carbsG"] as? Double == 111.26 && day?["fatsG"] as? Double == 19.62)

        // bodyweight: each weigh-in on its New York day; the 7-day average on Sunday
        // (80 + 80.6 + 79.5) / 3 = 80.0333; the change 79.5 − 80 = −0.5.
        let weights = try #require(try await json("bodyweight", "--from", "2026-11-23", "--to", "2026-11-29") as? [String: Any])
        let entries = try #require(weights["entries"] as? [[String: Any]])
        #expect(entries.map { $0["date"] as? String } == ["2026-11-24", "2026-11-26", "2026-11-29"])
        #expect(abs(((weights["movingAverage"] as? [String: Any])?["weightKg"] as? Double ?? 0) - 240.1 / 3) < 1e-5)
        #expect((weights["change"] as? [String: Any])?["changeKg"] as? Double == -0.5)

        // program on Sunday: 2 of 2 scheduled days done (Wed, Fri); next Monday 11-30, week 1's
        // Workout A: squat 90 / 0.85 × 1.025 × 0.85 = 92.25 → 92.5; bench 70 / 0.85 = 82.35, +2.5 %
        // is less than a plate step, so + 2.5 kg: 84.85 × 0.85 = 72.12 → 72.5; row likewise 62.5.
        let program = try #require(try await json("program", "--today", "2026-11-29") as? [String: Any])
        #expect((program["adherence"] as? [String: Any])?["completedDays"] as? Int == 2)
        #expect((program["adherence"] as? [String: Any])?["scheduledDays"] as? Int == 2)
        let next = try #require(program["next"] as? [String: Any])
        #expect(next["date"] as? String == "2026-11-30" && next["name"] as? String == "Workout A" && next["week"] as? Int == 1)
        #expect((next["suggestions"] as? [[String: Any]])?.map { $0["weightKg"] as? Double } == [92.5, 72.5, 62.5])

        // summary: ISO week 2026-W48 holds 1500 + 4437.5 + 5500 = 11437.5 kg, working sets
        // 3 + 12 + 15 = 30 (warm-ups and the run's set are not), 5 workouts; Mon to Fri in a row.
        let summary = try #require(try await json("summary", "--today", "2026-11-29") as? [String: Any])
        let week = try #require((summary["weeks"] as? [[String: Any]])?.last)
        #expect(week["week"] as? String == "2026-W48" && week["volumeKg"] as? Double == 11437.5)
        #expect(week["workingSets"] as? Int == 30 && week["workouts"] as? Int == 5)
        #expect((summary["streaks"] as? [String: Any])?["longestDays"] as? Int == 5)

        // replay of the week: 5 workouts, 4 + 1 + 13 + 15 = 33 sets, 11437.5 kg; one day of meals.
        let replay = try #require(try await json("replay", "--from", "2026-11-23", "--to", "2026-11-29") as? [String: Any])
        let workouts = try #require(replay["workouts"] as? [String: Any])
        #expect(workouts["count"] as? Int == 5 && workouts["sets"] as? Int == 33 && workouts["volumeKg"] as? Double == 11437.5)
        #expect((replay["nutrition"] as? [String: Any])?["daysWithEntries"] as? Int == 1)

        // export: one row per done set, 33, the run among them; local start times.
        let export = try await scratch.runOnLog(["export", "--format", "csv", "--what", "sets"], environment: Self.zone)
        let rows = export.stdout.split(separator: "\n").dropFirst().map(String.init)
        #expect(rows.count == 33)
        #expect(rows.contains("2026-11-24 07:00:00,,28m,Running,1,0,0,5,1650,,,,kg,km"))
        #expect(rows.contains("2026-11-25 18:00:00,Workout B,1h 10m,Overhead Press,6,50,8,0,0,,,,kg,km"))
        #expect(rows.filter { $0.hasPrefix("2026-11-27 18:00:00,Workout A,1h 10m,Barbell Back Squat,") }.count == 5)
    }
}
