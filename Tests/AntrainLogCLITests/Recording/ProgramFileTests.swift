import AntrainLog
import Foundation
import Testing

/// Issue 19, through the binary: `program add NAME --file` keeps the weeks' and days' notes,
/// needs no `name` key, fills what the file leaves out from the options and the progression,
/// names a missing or wrong key in the file's words (never a raw DecodingError) and appends
/// nothing then; and the seed's program categories are accepted.
@Suite("Recording: program files and categories (issue 19)")
struct ProgramFileTests {
    static func withBenchDay() async throws -> Scratch {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["template", "add", "Bench day", "--item", "Barbell Bench Press=3x5/3m", "--item", "Overhead Press=5x8/2m"])
        return scratch
    }

    @Test("Notes are kept, no name key is needed, a template by name, and the progression fills the weeks the file leaves out")
    func notesAndDefaults() async throws {
        let scratch = try await Self.withBenchDay()
        let file = try scratch.file("block.json", """
            {"category": "Strength Training", "progression": "threeOneDeload", "durationWeeks": 4,
             "weeks": [{"notes": "Find a weight you can move fast", "days": [
                {"dayOfWeek": "mon", "template": "bench day", "notes": "Pause the first rep", "suggestedRPE": 8, "volumeOverride": 1.2},
                {"dayOfWeek": 4, "name": "Technique", "notes": "Empty bar only"}]}]}
            """)
        _ = try await scratch.record(["program", "add", "Noted block", "--file", file])
        let created = try #require(try await scratch.events("ProgramCreated").last)
        let definition = try #require(created["definition"] as? [String: Any])
        #expect(definition["name"] as? String == "Noted block" && definition["category"] as? String == "strengthTraining")
        #expect(definition["durationWeeks"] as? Int == 4 && definition["difficulty"] as? String == "intermediate")
        let weeks = try #require(definition["weeks"] as? [[String: Any]])
        // Week 1 as written, its modifiers from the pattern; weeks 2 to 4 the cycle's days with the pattern's modifiers.
        #expect(weeks.map { $0["number"] as? Int } == [1, 2, 3, 4])
        #expect(weeks.map { $0["intensityModifier"] as? Double } == [1, 1.025, 1.05, 0.6])
        #expect(weeks.map { $0["isDeload"] as? Bool } == [false, false, false, true])
        #expect(weeks[0]["notes"] as? String == "Find a weight you can move fast" && weeks[1]["notes"] == nil)
        let days = try #require(weeks[0]["days"] as? [[String: Any]])
        #expect(days.map { $0["name"] as? String } == ["Bench day", "Technique"])
        #expect(days.map { $0["notes"] as? String } == ["Pause the first rep", "Empty bar only"])
        #expect(days[0]["templateID"] as? String != nil && days[1]["templateID"] == nil)
        #expect((weeks[3]["days"] as? [[String: Any]])?.first?["notes"] as? String == "Pause the first rep")

        // The status shows the day's RPE, and its volume override makes 3 × 1.2 = 3.6 → 4 and 5 × 1.2 = 6 sets.
        _ = try await scratch.record(["program", "activate", "noted block", "--start", "2026-11-02"])
        let next = try #require(try await scratch.runOnLog(["program", "--today", "2026-11-02", "--format", "json"]).jsonObject()["next"]
            as? [String: Any])
        #expect(next["suggestedRPE"] as? Double == 8 && next["volume"] as? Double == 1.2)
        #expect((next["suggestions"] as? [[String: Any]])?.map { $0["sets"] as? Int } == [4, 6])
        let text = try await scratch.runOnLog(["program", "--today", "2026-11-02"])
        #expect(text.stdout.contains("today:        Bench day, aim for RPE 8"), "\(text.stdout)")
        #expect(text.stdout.contains("next workout: Bench day on Monday 2026-11-02 (week 1), aim for RPE 8"), "\(text.stdout)")

        // A file written when the key was required keeps working: NAME names the program.
        let named = try scratch.file("named.json", #"{"name": "Old name", "weeks": [{"days": [{"dayOfWeek": 2, "template": "Bench day"}]}]}"#)
        _ = try await scratch.record(["program", "add", "New name", "--file", named])
        #expect((try await scratch.events("ProgramCreated").last?["definition"] as? [String: Any])?["name"] as? String == "New name")
    }

    @Test("program show lists each week's modifiers, deload and notes, and each day's weekday, template, RPE and notes")
    func show() async throws {
        let scratch = try await Self.withBenchDay()
        let file = try scratch.file("show.json", """
            {"progression": "threeOneDeload", "durationWeeks": 4, "weeks": [{"notes": "Easy start", "days": [
                {"dayOfWeek": "wed", "template": "Bench day", "notes": "Pause reps", "suggestedRPE": 7.5, "intensityOverride": 0.9}]}]}
            """)
        _ = try await scratch.record(["program", "add", "Shown", "--file", file])
        let json = try await scratch.runOnLog(["program", "show", "shown", "--format", "json"]).jsonObject()
        #expect(json["progression"] as? String == "threeOneDeload" && json["durationWeeks"] as? Int == 4 && json["preset"] as? Bool == false)
        let weeks = try #require(json["weeks"] as? [[String: Any]])
        #expect(weeks.map { $0["deload"] as? Bool } == [false, false, false, true])
        #expect(weeks.map { $0["volumeModifier"] as? Double } == [1, 1, 1, 0.6])
        #expect(weeks[0]["notes"] as? String == "Easy start")
        let day = try #require((weeks[0]["days"] as? [[String: Any]])?.first)
        #expect(day["weekday"] as? String == "Wednesday" && day["template"] as? String == "Bench day" && day["suggestedRPE"] as? Double == 7.5)
        // The day's intensity override replaces the week's: 0.9 in every week, the deload's too.
        #expect(day["intensity"] as? Double == 0.9 && day["notes"] as? String == "Pause reps")
        let text = try await scratch.runOnLog(["program", "show", "Shown"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.lines.contains { $0.contains("Wednesday") && $0.contains("Bench day") && $0.contains("7.5") && $0.hasSuffix("Pause reps") },
                "\(text.stdout)")
        #expect(text.lines.contains { $0.hasPrefix("4 ") && $0.contains("deload") && $0.contains("0.6") }, "\(text.stdout)")
        let missing = try await scratch.runOnLog(["program", "show", "No such program"])
        #expect(missing.status == 65 && missing.stderr.contains("no program is named \"No such program\""), "\(missing.stderr)")
    }

    @Test("Without --progression the weeks are linear, and --weeks sets how long a file's program runs when it does not say")
    func optionsFillTheFile() async throws {
        let scratch = try await Self.withBenchDay()
        let file = try scratch.file("one.json", #"{"weeks": [{"number": 1, "intensityModifier": 0.9, "days": [{"dayOfWeek": 1, "template": "Bench day"}]}]}"#)
        _ = try await scratch.record(["program", "add", "Three", "--file", file, "--weeks", "3", "--category", "bodybuilding"])
        let definition = try #require(try await scratch.events("ProgramCreated").last?["definition"] as? [String: Any])
        #expect(definition["category"] as? String == "bodybuilding" && definition["progression"] as? String == "linear")
        // Week 1 states 0.9; weeks 2 and 3 are linear's: 1.025 and 1.05.
        #expect((definition["weeks"] as? [[String: Any]])?.map { $0["intensityModifier"] as? Double } == [0.9, 1.025, 1.05])
    }

    @Test("A missing key is named in the file's words, with what to give; nothing is appended", arguments: [
        (#"{"category": "custom"}"#, #"has no "weeks": give the program's weeks"#),
        (#"{"weeks": [{"number": 1}]}"#, #"has no "days" in weeks[0]: give its training days"#),
        (#"{"weeks": [{"days": [{"name": "Free"}]}]}"#, #"has no "dayOfWeek" in weeks[0].days[0]: give the day of the week"#),
        (#"{"weeks": [{"days": [{"dayOfWeek": 2}]}]}"#, #"has no "name" in weeks[0].days[0]: a day without a template needs a name"#),
    ])
    func missingKeys(json: String, message: String) async throws {
        let scratch = try await Self.withBenchDay()
        let file = try scratch.file("bad.json", json)
        let result = try await scratch.expectRefused(["program", "add", "Bad", "--file", file], status: 65, saying: [file + " " + message])
        #expect(!result.stderr.contains("DecodingError") && !result.stderr.contains("keyNotFound"), "\(result.stderr)")
    }

    @Test("Wrong keys and values are refused by name: a misspelt key, a wrong kind, a bad day, a category, not JSON")
    func wrongKeysAndValues() async throws {
        let scratch = try await Self.withBenchDay()
        let cases: [(String, String)] = [
            (#"{"weeks": [{"note": "x", "days": []}]}"#, #"has the key "note" in weeks[0], which a program file does not have"#),
            (#"{"weeks": [{"days": [], "intensityModifier": "high"}]}"#, "has weeks[0].intensityModifier as a string, not a number"),
            (#"{"weeks": [{"days": [{"dayOfWeek": 8, "name": "x"}]}]}"#, "has weeks[0].days[0].dayOfWeek 8: use 1 (Monday) to 7 (Sunday), or mon to sun"),
            (#"{"category": "yoga", "weeks": []}"#, #"has category "yoga", which is not one of "powerlifting", "bodybuilding""#),
            ("{\"weeks\": [", "is not JSON"),
        ]
        for (json, message) in cases {
            let file = try scratch.file("bad.json", json)
            try await scratch.expectRefused(["program", "add", "Bad", "--file", file], status: 65, saying: [message])
        }
    }

    @Test("The seed's categories are accepted on the command line, by value, display name or version 1 name")
    func categories() async throws {
        let scratch = try await Self.withBenchDay()
        let cases = [("crossfit", "crossfit"), ("Sport Specific", "sportSpecific"), ("generalFitness", "generalFitness"),
                     ("strength", "strengthTraining"), ("POWERLIFTING", "powerlifting")]
        for (index, (typed, stored)) in cases.enumerated() {
            _ = try await scratch.record(["program", "add", "P\(index)", "--day", "1=Bench day", "--category", typed])
            let definition = try #require(try await scratch.events("ProgramCreated").last?["definition"] as? [String: Any])
            #expect(definition["category"] as? String == stored, "\(typed)")
        }
        let refused = try await scratch.runOnLog(["program", "add", "P9", "--day", "1=Bench day", "--category", "yoga"])
        #expect(refused.status == 64 && refused.stderr.contains("yoga"), "\(refused.stderr)")
        // The options' mistakes in the options' words: exit 64, nothing appended.
        try await scratch.expectRefused(["program", "add", "P9", "--day", "1=Bench day", "--weeks", "60"], status: 64,
                                        saying: ["--weeks must be 1 to 52", "got 60"])
        try await scratch.expectRefused(["program", "add", "P9", "--day", "mon=Bench day", "--day", "monday=Bench day"], status: 64,
                                        saying: [#"--day "monday=Bench day": Monday already has "Bench day""#])
    }
}
