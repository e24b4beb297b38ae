import Foundation
import Testing

/// Issue 19, through the binary: program days fall on their weekdays, the progression
/// pattern writes the weeks' modifiers and deloads, the week's volume and deload change the
/// sets, the day's RPE is shown, and a step up is at least one loadable increment.
///
/// The block: template "Bench day" (bench press 3 × 5, overhead press 5 × 8), every Monday,
/// 8 weeks of `threeOneDeload`, started on Monday 2026-11-02. By the app design's
/// generateModifiers the weeks' intensities are 1, 1.025, 1.05, 0.6 (deload), 1.075, 1.1,
/// 1.125, 0.6 (deload); deload weeks have volume 0.6.
@Suite("Queries: program weeks, patterns, sets and steps (issue 19)")
struct ProgramWeeksTests {
    static func benchDay(_ scratch: Scratch) async throws {
        _ = try await scratch.record(["template", "add", "Bench day", "--item", "Barbell Bench Press=3x5/3m", "--item", "Overhead Press=5x8/2m"])
    }

    @Test("--day mon is Monday when the program starts on a Wednesday: week 1's Monday is five days after the start")
    func mondayIsMonday() async throws {
        let scratch = try await seededScratch()
        try await Self.benchDay(scratch)
        _ = try await scratch.record(["program", "add", "Split", "--weeks", "2", "--day", "mon=Bench day"])
        // 2026-11-04 is a Wednesday. Before: day 1 of the block was the start, so "mon" was 11-04.
        _ = try await scratch.record(["program", "activate", "split", "--start", "2026-11-04"])
        let json = try await scratch.runOnLog(["program", "--today", "2026-11-04", "--format", "json"]).jsonObject()
        let program = try #require(json["program"] as? [String: Any])
        #expect(program["week"] as? Int == 1 && program["dayOfWeek"] as? Int == 3 && program["weekday"] as? String == "Wednesday")
        #expect(program["today"] == nil, "a Wednesday is a rest day of a Monday program")
        let next = try #require(json["next"] as? [String: Any])
        #expect(next["date"] as? String == "2026-11-09" && next["week"] as? Int == 1 && next["dayOfWeek"] as? Int == 1)
        #expect(next["weekday"] as? String == "Monday")
        // Week 2 is days 7 to 13 after the start (11-11 to 11-17): its Monday is 11-16, the last Monday.
        let later = try #require(try await scratch.runOnLog(["program", "--today", "2026-11-10", "--format", "json"]).jsonObject()["next"]
            as? [String: Any])
        #expect(later["date"] as? String == "2026-11-16" && later["week"] as? Int == 2)
        let text = try await scratch.runOnLog(["program", "--today", "2026-11-04"])
        #expect(text.stdout.contains("now:          week 1, Wednesday"), "\(text.stdout)")
        #expect(text.stdout.contains("next workout: Bench day on Monday 2026-11-09 (week 1)"), "\(text.stdout)")
    }

    /// The block, with its first workout (Monday 2026-11-02, week 1 at intensity 1):
    /// bench 100 kg × 5 at RPE 8, overhead press 12.5 kg × 8 at RPE 8.
    static func block() async throws -> Scratch {
        let scratch = try await seededScratch()
        try await benchDay(scratch)
        _ = try await scratch.record(["program", "add", "Block", "--weeks", "8", "--progression", "threeOneDeload", "--day", "mon=Bench day"])
        _ = try await scratch.record(["program", "activate", "block", "--start", "2026-11-02"])
        try await scratch.workout(at: "2026-11-02", sets: [["Barbell Bench Press", "100kg", "x", "5", "--rpe", "8"],
                                                           ["Overhead Press", "12.5kg", "x", "8", "--rpe", "8"]], rpe: nil)
        return scratch
    }

    @Test("threeOneDeload writes its weeks: 1, 1.025, 1.05, a deload at 0.6, then 1.075 ...; the deload's volume is 0.6")
    func patternWeeks() async throws {
        let scratch = try await Self.block()
        let created = try #require(try await scratch.events("ProgramCreated").last)
        let weeks = try #require((created["definition"] as? [String: Any])?["weeks"] as? [[String: Any]])
        #expect(weeks.map { $0["intensityModifier"] as? Double } == [1, 1.025, 1.05, 0.6, 1.075, 1.1, 1.125, 0.6])
        #expect(weeks.map { $0["volumeModifier"] as? Double } == [1, 1, 1, 0.6, 1, 1, 1, 0.6])
        #expect(weeks.map { $0["isDeload"] as? Bool } == [false, false, false, true, false, false, false, true])
    }

    @Test("Week 2 steps up: bench 100 × 1.025 × 1.025 = 105.06 → 105 kg; press 12.5 kg steps by at least 2.5 kg: 15 × 1.025 → 15 kg")
    func minimumStep() async throws {
        let scratch = try await Self.block()
        let next = try #require(try await scratch.runOnLog(["program", "--today", "2026-11-03", "--format", "json"]).jsonObject()["next"]
            as? [String: Any])
        #expect(next["date"] as? String == "2026-11-09" && next["intensity"] as? Double == 1.025 && next["deload"] as? Bool == false)
        let suggestions = try #require(next["suggestions"] as? [[String: Any]])
        // Before: 12.5 × 1.025 (= 12.8125) × 1.025 = 13.13 → 12.5 kg, the same weight for ever.
        // Now the step is at least one increment: max(12.8125, 12.5 + 2.5) = 15; × 1.025 = 15.375 → 15 kg.
        #expect(suggestions.map { massText($0["weight"]) } == ["105 kg", "15 kg"])
        #expect(suggestions.map { $0["sets"] as? Int } == [3, 5])
        #expect(suggestions[1]["reason"] as? String == "last 12.5 kg × 8 at RPE 8: +2.5% (at least +2.5 kg), week 2 intensity 1.025 → 15 kg")
        #expect(suggestions[0]["reason"] as? String == "last 100 kg × 5 at RPE 8: +2.5%, week 2 intensity 1.025 → 105 kg")
    }

    @Test("The deload week (week 4): fewer sets (3 × 0.6 = 1.8 → 2, 5 × 0.6 = 3), no step up, 0.6 of the load")
    func deloadWeek() async throws {
        let scratch = try await Self.block()
        let json = try await scratch.runOnLog(["program", "--today", "2026-11-17", "--format", "json"]).jsonObject()
        let next = try #require(json["next"] as? [String: Any])
        #expect(next["date"] as? String == "2026-11-23" && next["week"] as? Int == 4)
        #expect(next["deload"] as? Bool == true && next["intensity"] as? Double == 0.6 && next["volume"] as? Double == 0.6)
        let suggestions = try #require(next["suggestions"] as? [[String: Any]])
        #expect(suggestions.map { $0["sets"] as? Int } == [2, 3])
        #expect(suggestions.map { $0["plannedSets"] as? Int } == [3, 5])
        // A deload holds the baseline: bench 100 × 0.6 = 60 kg; press 12.5 × 0.6 = 7.5 kg.
        #expect(suggestions.map { massText($0["weight"]) } == ["60 kg", "7.5 kg"])
        #expect(suggestions[0]["reason"] as? String == "last 100 kg × 5 at RPE 8: held (deload week), week 4 intensity 0.6 → 60 kg")
        let text = try await scratch.runOnLog(["program", "--today", "2026-11-17"])
        #expect(text.stdout.contains("its week:     deload, intensity 0.6, volume 0.6"), "\(text.stdout)")
        #expect(text.lines.contains { $0.hasPrefix("Barbell Bench Press") && $0.contains(" 2     5   60 kg") }, "\(text.stdout)")
    }

    @Test("After the deload the program goes on from the weights before it, not from the light ones")
    func afterTheDeload() async throws {
        let scratch = try await Self.block()
        // Week 4 (deload, 0.6), Monday 11-23: bench 62.5 kg × 5 and press 10 kg × 8, both easy (RPE 6).
        try await scratch.workout(at: "2026-11-23", sets: [["Barbell Bench Press", "62.5kg", "x", "5", "--rpe", "6"],
                                                           ["Overhead Press", "10kg", "x", "8", "--rpe", "6"]], rpe: nil)
        let next = try #require(try await scratch.runOnLog(["program", "--today", "2026-11-24", "--format", "json"]).jsonObject()["next"]
            as? [String: Any])
        #expect(next["date"] as? String == "2026-11-30" && next["week"] as? Int == 5 && next["intensity"] as? Double == 1.075)
        // Bench: 62.5 / 0.6 = 104.17, held (a deload's RPE says nothing of progress), × 1.075 = 111.98 → 112.5 kg.
        // Press: 10 / 0.6 = 16.67 × 1.075 = 17.92 → 17.5 kg. Before: 62.5 × 1.05 × 1 → 65 kg, 10 × 1.05 → 10 kg.
        let suggestions = try #require(next["suggestions"] as? [[String: Any]])
        #expect(suggestions.map { massText($0["weight"]) } == ["112.5 kg", "17.5 kg"])
        #expect(suggestions.map { $0["sets"] as? Int } == [3, 5])
        #expect(suggestions[0]["reason"] as? String
            == "last 62.5 kg × 5 at RPE 6 (done at intensity 0.6): held (a deload week's set), week 5 intensity 1.075 → 112.5 kg")
    }

    @Test("A light load in pounds steps by 5 lb: 25 lb at RPE 7 → max(25.625, 30) = 30 lb; with no RPE the same")
    func minimumStepInPounds() async throws {
        let scratch = try await seededScratch()
        try await Self.benchDay(scratch)
        _ = try await scratch.record(["program", "add", "Flat", "--weeks", "2", "--progression", "custom", "--day", "tue=Bench day"])
        _ = try await scratch.record(["program", "activate", "flat", "--start", "2026-11-02"])
        _ = try await scratch.record(["settings", "--weight-unit", "lb"])
        try await scratch.workout(at: "2026-11-02", sets: [["Barbell Bench Press", "25lb", "x", "5", "--rpe", "7"],
                                                           ["Overhead Press", "25lb", "x", "8"]], rpe: nil)
        let next = try #require(try await scratch.runOnLog(["program", "--today", "2026-11-02", "--format", "json"]).jsonObject()["next"]
            as? [String: Any])
        #expect(next["date"] as? String == "2026-11-03" && next["intensity"] as? Double == 1)
        let suggestions = try #require(next["suggestions"] as? [[String: Any]])
        #expect(suggestions.map { massText($0["weight"]) } == ["30 lb", "30 lb"])
    }
}
