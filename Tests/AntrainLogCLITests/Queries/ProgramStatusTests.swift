import Foundation
import Testing

/// `program` status with a program followed, end to end through the binary: a two-week block
/// (week 1 at intensity 1.0, week 2 a deload at 0.9, Mondays and Thursdays) started on
/// Monday 2026-11-02, workouts recorded with and without RPE, and the next workout's
/// weights checked against the rule worked out by hand:
/// last working set × (1 + step) × week intensity, rounded to 2.5 kg (5 lb), where the
/// step is +5% for RPE below 7, +2.5% for 7 to 8.5 and for no RPE, -2.5% for 9 and above,
/// and the workout's RPE counts before the set's; a deload week takes no step up. (Both
/// workouts fall on week 1's days, at intensity 1, so their weights are the baseline.)
@Suite("Queries: program status with an active program")
struct ProgramStatusTests {
    /// A seeded log following the block, with workout A (Monday 2026-11-02) recorded:
    /// a 60 kg bench warm-up, bench 100 kg × 5 at set RPE 8, overhead press 50 kg × 8 at set
    /// RPE 9, and a workout RPE of 6.
    static func followingTheBlock() async throws -> Scratch {
        let scratch = try await seededScratch()
        let template = try await scratch.record(["template", "add", "Bench day", "--item", "Barbell Bench Press=3x5/3m",
                                                 "--item", "Overhead Press=3x8/2m", "--item", "Barbell Row=3x8/2m"])
        let templateID = try #require(template["templateId"] as? String)
        func day(_ weekday: Int, _ name: String) -> String { #"{"dayOfWeek":\#(weekday),"name":"\#(name)","templateID":"\#(templateID)"}"# }
        let block = try scratch.file("block.json", """
            {"name":"x","category":"strength","difficulty":"intermediate","durationWeeks":2,"progression":"custom","weeks":[
             {"number":1,"intensityModifier":1.0,"volumeModifier":1,"isDeload":false,"days":[\(day(1, "Heavy bench")),\(day(4, "Heavy bench"))]},
             {"number":2,"name":"Deload","intensityModifier":0.9,"volumeModifier":1,"isDeload":true,
              "days":[\(day(1, "Deload bench")),\(day(4, "Deload bench"))]}]}
            """)
        _ = try await scratch.record(["program", "add", "Bench block", "--file", block])
        _ = try await scratch.record(["program", "activate", "bench block", "--start", "2026-11-02"])
        try await scratch.workout(at: "2026-11-02", sets: [["Barbell Bench Press", "60kg", "x", "5", "--type", "warmup"],
                                                           ["Barbell Bench Press", "100kg", "x", "5", "--rpe", "8"],
                                                           ["Overhead Press", "50kg", "x", "8", "--rpe", "9"]], rpe: "6")
        return scratch
    }

    @Test("After workout A: week 1 day 3, 1 of 1 days done, Thursday's weights from RPE 6 (+5%) at intensity 1.0")
    func afterTheFirstWorkout() async throws {
        let scratch = try await Self.followingTheBlock()
        let status = try await scratch.runOnLog(["program", "--today", "2026-11-04", "--format", "json"])
        #expect(status.status == 0, "\(status.stderr)")
        let json = try status.jsonObject()
        #expect(json["active"] as? Bool == true)
        let program = try #require(json["program"] as? [String: Any])
        #expect(program["name"] as? String == "Bench block" && program["week"] as? Int == 1 && program["dayOfWeek"] as? Int == 3)
        #expect(program["startDate"] as? String == "2026-11-02" && program["endDate"] as? String == "2026-11-15")
        #expect(json["adherence"] as? [String: Int] == ["scheduledDays": 1, "completedDays": 1])
        let next = try #require(json["next"] as? [String: Any])
        #expect(next["date"] as? String == "2026-11-05" && next["week"] as? Int == 1 && next["dayOfWeek"] as? Int == 4)
        #expect(next["name"] as? String == "Heavy bench" && next["intensity"] as? Double == 1.0)
        // Workout RPE 6 (not the sets' 8 and 9), so +5%; the 60 kg warm-up is not a working set.
        // Bench: 100 × 1.05 × 1.0 = 105 → 105 kg. Press: 50 × 1.05 × 1.0 = 52.5 → 52.5 kg.
        let suggestions = try Self.suggestions(next)
        #expect(suggestions.map(\.weight) == ["105 kg", "52.5 kg", nil])
        #expect(suggestions[0].reason == "last 100 kg × 5 at RPE 6: +5%, week 1 intensity 1 → 105 kg")
        #expect(suggestions[2].reason == "no completed working set yet: choose a starting weight")

        let table = try await scratch.runOnLog(["program", "status", "--today", "2026-11-04"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("now:          week 1, Wednesday") && table.stdout.contains("today:        rest day"), "\(table.stdout)")
        #expect(table.stdout.contains("adherence:    1 of 1 scheduled days done (100%)"))
        #expect(table.stdout.contains("next workout: Heavy bench on Thursday 2026-11-05 (week 1)"))
        let bench = try #require(table.lines.first { $0.hasPrefix("Barbell Bench Press") })
        #expect(bench.contains(" 3     5   105 kg  last 100 kg × 5 at RPE 6: +5%, week 1 intensity 1 → 105 kg"), "\(bench)")
        #expect(table.lines.contains { $0.hasPrefix("Barbell Row") && $0.contains("-  no completed working set yet") })
    }

    @Test("After workout B: the deload week's weights from RPE 9.5 (-2.5%), no step up for no RPE and the older press; --as-of before B; pounds")
    func afterTheSecondWorkout() async throws {
        let scratch = try await Self.followingTheBlock()
        let beforeB = try await scratch.eventCount()
        // Workout B (Thursday): bench 105 kg × 5 at set RPE 9.5, row 60 kg × 8 with no RPE at all.
        try await scratch.workout(at: "2026-11-05", sets: [["Barbell Bench Press", "105kg", "x", "5", "--rpe", "9.5"],
                                                           ["Barbell Row", "60kg", "x", "8"]], rpe: nil)
        let json = try await scratch.runOnLog(["program", "--today", "2026-11-09", "--format", "json"]).jsonObject()
        let program = try #require(json["program"] as? [String: Any])
        #expect(program["week"] as? Int == 2 && program["dayOfWeek"] as? Int == 1 && program["today"] as? String == "Deload bench")
        // Monday 11-02 and Thursday 11-05 done; today (11-09) is not over, so it does not count yet.
        #expect(json["adherence"] as? [String: Int] == ["scheduledDays": 2, "completedDays": 2])
        let next = try #require(json["next"] as? [String: Any])
        #expect(next["date"] as? String == "2026-11-09" && next["name"] as? String == "Deload bench" && next["intensity"] as? Double == 0.9)
        // Bench: 105 × 0.975 × 0.9 = 92.1375 → 92.5 kg (36.855 increments round to 37): a step down still applies.
        // Press, last done in A at workout RPE 6: +5% is held in a deload: 50 × 0.9 = 45 kg.
        // Row, no RPE: +2.5% held: 60 × 0.9 = 54 → 55 kg (21.6 → 22).
        let suggestions = try Self.suggestions(next)
        #expect(suggestions.map(\.weight) == ["92.5 kg", "45 kg", "55 kg"])
        #expect(suggestions[0].reason == "last 105 kg × 5 at RPE 9.5: -2.5%, week 2 intensity 0.9 → 92.5 kg")
        #expect(suggestions[2].reason == "last 60 kg × 8, no RPE: held (deload week), week 2 intensity 0.9 → 55 kg")

        // As of the log before workout B: only Monday is done, and the bench comes from A,
        // held in the deload: 100 × 0.9 = 90 kg; the row has no history yet.
        let past = try await scratch.runOnLog(["program", "--as-of", String(beforeB), "--today", "2026-11-09", "--format", "json"]).jsonObject()
        #expect(past["adherence"] as? [String: Int] == ["scheduledDays": 2, "completedDays": 1])
        #expect(try Self.suggestions(try #require(past["next"] as? [String: Any])).map(\.weight) == ["90 kg", "45 kg", nil])

        // In pounds (1 kg = 2.20462 lb), rounded to 5 lb:
        // bench 231.485 × 0.975 × 0.9 = 203.13 → 205 lb; press 110.231 × 0.9 = 99.21 → 100 lb;
        // row 132.277 × 0.9 = 119.05 → 120 lb.
        _ = try await scratch.record(["settings", "--weight-unit", "lb"])
        let pounds = try await scratch.runOnLog(["program", "--today", "2026-11-09", "--format", "json"]).jsonObject()
        #expect(try Self.suggestions(try #require(pounds["next"] as? [String: Any])).map(\.weight) == ["205 lb", "100 lb", "120 lb"])
    }

    @Test("Bad --today and --as-of values exit 64 naming the value")
    func badDatesAreRefused() async throws {
        let scratch = try await Self.followingTheBlock()
        let today = try await scratch.runOnLog(["program", "--today", "2026-02-30"])
        #expect(today.status == 64 && today.stderr.contains("2026-02-30") && today.stdout.isEmpty, "\(today.stderr)")
        let asOf = try await scratch.runOnLog(["program", "--as-of", "last week"])
        #expect(asOf.status == 64 && asOf.stderr.contains("--as-of must be a date"), "\(asOf.stderr)")
    }

    /// Each suggestion's weight as "105 kg" (nil without one) and its reason.
    static func suggestions(_ next: [String: Any]) throws -> [(weight: String?, reason: String?)] {
        let list = try #require(next["suggestions"] as? [[String: Any]])
        #expect(list.map { $0["exercise"] as? String } == ["Barbell Bench Press", "Overhead Press", "Barbell Row"])
        return list.map { (massText($0["weight"]), $0["reason"] as? String) }
    }
}

extension Scratch {
    /// Records a completed lifting workout from the template "Bench day" on `day`, 07:30 to
    /// 08:30: each `set` is `workout set`'s arguments, then the workout's RPE if any.
    func workout(at day: String, sets: [[String]], rpe: String?) async throws {
        _ = try await record(["workout", "start", "--template", "Bench day", "--at", day + "T07:30"])
        for set in sets { _ = try await record(["workout", "set"] + set) }
        if let rpe { _ = try await record(["workout", "rpe", rpe]) }
        _ = try await record(["workout", "complete", "--at", day + "T08:30"])
    }
}
