import Foundation
import Testing

/// Issue 38, "Times that make records wrong": a set lies within its workout and never in the
/// future, a past workout's sets fall on its day, a quick log keeps its workout's start, a
/// workout's start, end and duration follow one rule, and a meal's time names its day.
@Suite struct WorkoutTimeTests {
    @Test func aSetBeforeItsWorkoutOrInTheFutureIsRefusedNamingTheBounds() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start", "--at", "2026-12-06T05:00"])
        try await scratch.expectRefused(["workout", "set", "barbell back squat", "100kg", "x", "5", "--at", "2026-12-06T04:00"], status: 65,
                                        saying: ["started at 2026-12-06 05:00", "not at 2026-12-06 04:00",
                                                 "fix: give --at a time between 2026-12-06 05:00 and now ("])
        try await scratch.expectRefused(["workout", "set", "barbell back squat", "100kg", "x", "5", "--at", "2099-01-01T04:00"], status: 65,
                                        saying: ["2099-01-01 04:00 is in the future", "a set is logged once it is done"])
        // In the user's zone: 05:00 in Paris is 04:00 in UTC, where the workout started.
        try await scratch.expectRefused(["workout", "set", "barbell back squat", "100kg", "x", "5", "--at", "2026-12-06T04:30"], status: 65,
                                        saying: ["started at 2026-12-06 06:00", "not at 2026-12-06 04:30"],
                                        environment: ["TZ": "Europe/Paris"])
        let logged = try await scratch.record(["workout", "set", "barbell back squat", "100kg", "x", "5", "--at", "2026-12-06T05:10"])
        #expect(logged["setId"] != nil)
        #expect(try await scratch.events("SetLogged").compactMap { $0["loggedAt"] as? String } == ["2026-12-06T05:10:00Z"])
    }

    @Test func aPastWorkoutsSetsWithoutATimeFallInsideItAndDateItsRecords() async throws {
        let scratch = try await seededScratch()
        let workout = try #require(try await scratch.record(["workout", "start", "--at", "2026-11-20T18:00"])["workoutId"] as? String)
        _ = try await scratch.record(["workout", "set", "barbell back squat", "100kg", "x", "5"])
        _ = try await scratch.record(["workout", "set", "barbell back squat", "105kg", "x", "5", "--at", "2026-11-20T18:30"])
        _ = try await scratch.record(["workout", "set", "barbell back squat", "110kg", "x", "3"])
        // Each set without a time joins the workout at its last set's time (its start before any).
        let times = try await scratch.events("SetLogged").compactMap { $0["loggedAt"] as? String }
        #expect(times == ["2026-11-20T18:00:00Z", "2026-11-20T18:30:00Z", "2026-11-20T18:30:00Z"])
        _ = try await scratch.record(["workout", "complete", "--at", "2026-11-20T19:00"])

        let records = try #require(try await scratch.runOnLog(["prs", "barbell back squat", "--format", "json"]).jsonArray().first)
        for field in ["heaviestWeightKg", "bestE1rmKg", "mostReps", "bestSetVolumeKg", "bestSessionVolumeKg"] {
            let record = try #require(records[field] as? [String: Any], "\(field)")
            #expect(record["date"] as? String == "2026-11-20", "\(field): \(record)")
            #expect(record["workoutId"] as? String == workout)
        }
    }

    @Test func aQuickLogIntoAStartedWorkoutKeepsItsStart() async throws {
        let scratch = try await seededScratch()
        let workout = try #require(try await scratch.record(["workout", "start", "--type", "metcon", "--at", "2026-11-20T06:00"])["workoutId"]
            as? String)
        try await scratch.expectRefused(["metcon", "forTime", "--time", "12m", "--workout", workout, "--at", "2026-11-20T07:23"], status: 65,
                                        saying: ["started at 2026-11-20 06:00", "keeps that start", "fix: leave out --at"])
        _ = try await scratch.record(["metcon", "forTime", "--time", "12m", "--workout", workout])
        let shown = try #require(try await scratch.runOnLog(["show", workout, "--format", "json"]).jsonLines().first)
        #expect(shown["startedAt"] as? String == "2026-11-20T06:00:00.000000Z")
        #expect(shown["endedAt"] as? String == "2026-11-20T06:12:00.000000Z")
        #expect(shown["durationSeconds"] as? Double == 720)

        // A session cannot end in the future: 30 minutes of running just after starting.
        let run = try #require(try await scratch.record(["workout", "start", "--type", "cardio"])["workoutId"] as? String)
        try await scratch.expectRefused(["cardio", "run", "--time", "30m", "--workout", run], status: 65,
                                        saying: ["so a run of 30m in it ends at", "in the future", "fix: log it once it is done"])
    }

    @Test func aQuickLogOnItsOwnEndsByNow() async throws {
        let scratch = try await seededScratch()
        // Without --at the session just ended: it started its --time ago, not now.
        let before = Date()
        let metcon = try #require(try await scratch.record(["metcon", "amrap", "--time", "20m", "--rounds", "7"])["workoutId"] as? String)
        let shown = try #require(try await scratch.runOnLog(["show", metcon, "--format", "json"]).jsonLines().first)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let started = try #require((shown["startedAt"] as? String).flatMap(formatter.date(from:)))
        let ended = try #require((shown["endedAt"] as? String).flatMap(formatter.date(from:)))
        #expect(ended.timeIntervalSince(started) == 1200)
        #expect(ended <= Date() && ended >= before.addingTimeInterval(-1), "ended \(ended), logged between \(before) and now")
        // Started ten minutes ago, 30 minutes long: it would end in the future.
        try await scratch.expectRefused(["cardio", "run", "--time", "30m", "--distance", "5km", "--at", localTime(secondsAgo: 600)], status: 65,
                                        saying: ["a run of 30m started at", "in the future", "fix: log it once it is done"])
        let past = try await scratch.record(["cardio", "run", "--time", "30m", "--distance", "5km", "--at", "2026-11-20T07:00"])
        let runID = try #require(past["workoutId"] as? String)
        let run = try #require(try await scratch.runOnLog(["show", runID, "--format", "json"]).jsonLines().first)
        #expect(run["startedAt"] as? String == "2026-11-20T07:00:00.000000Z" && run["endedAt"] as? String == "2026-11-20T07:30:00.000000Z")
    }

    @Test func aWorkoutEndsByOneRuleAfterItsLastSet() async throws {
        let scratch = try await seededScratch()
        let workout = try #require(try await scratch.record(["workout", "start", "--at", "2026-11-20T06:00"])["workoutId"] as? String)
        _ = try await scratch.record(["workout", "set", "barbell back squat", "100kg", "x", "5", "--at", "2026-11-20T06:10"])
        _ = try await scratch.record(["workout", "set", "barbell back squat", "100kg", "x", "5", "--at", "2026-11-20T08:00"])
        try await scratch.expectRefused(["workout", "complete", "--duration", "10m"], status: 65,
                                        saying: ["would end at 2026-11-20 06:10, before its last set at 2026-11-20 08:00",
                                                 "or a --duration of at least 2h00m"])
        try await scratch.expectRefused(["workout", "complete", "--at", "2026-11-20T09:00", "--duration", "10m"], status: 65,
                                        saying: ["--at 2026-11-20 09:00 and --duration 10m disagree", "fix: give one of them"])
        _ = try await scratch.record(["workout", "complete", "--duration", "2h5m"])
        let shown = try #require(try await scratch.runOnLog(["show", workout, "--format", "json"]).jsonLines().first)
        #expect(shown["endedAt"] as? String == "2026-11-20T08:05:00.000000Z")
        #expect(shown["durationSeconds"] as? Double == 7500)

        // A live workout does not end in the future either.
        _ = try await scratch.record(["workout", "start"])
        _ = try await scratch.record(["workout", "set", "barbell back squat", "100kg", "x", "5"])
        try await scratch.expectRefused(["workout", "complete", "--duration", "1h"], status: 65,
                                        saying: ["in the future", "a workout is completed once it is done"])
    }

    @Test func aMealsTimeNamesItsDayUnlessTheDayIsGiven() async throws {
        let scratch = try await seededScratch()
        // 23:15 on 4 December in Phoenix (UTC-7) is 06:15 on the 5th in UTC.
        let phoenix = ["TZ": "America/Phoenix"]
        let late = try await scratch.run(["eat", "rolled oats", "80g", "--meal", "dinner", "--at", "2026-12-04T23:15", "--format", "json",
                                          "--log-dir", scratch.log], environment: phoenix)
        #expect(late.status == 0, "\(late.stderr)")
        #expect(try late.jsonLines().first?["day"] as? String == "2026-12-04")
        let named = try await scratch.run(["eat", "rolled oats", "80g", "--meal", "snack", "--at", "2026-12-04T23:15", "--date", "2026-12-05",
                                           "--format", "json", "--log-dir", scratch.log], environment: phoenix)
        #expect(try named.jsonLines().first?["day"] as? String == "2026-12-05")
        let days = try await scratch.events("FoodLogged").compactMap { $0["day"] as? String ?? $0["date"] as? String }
        #expect(days == ["2026-12-04", "2026-12-05"])
    }
}
