import Foundation
import Testing

/// `program list` (presets and one's own, grouped by category) and `program edit` (what
/// `ProgramUpdated` states: name, description, category, difficulty, the weeks), through the
/// binary (issue 20).
@Suite struct ProgramListEditTests {
    /// `program list --format json` with `extra` options.
    static func list(_ scratch: Scratch, _ extra: [String] = []) async throws -> [[String: Any]] {
        let result = try await scratch.runOnLog(["program", "list", "--format", "json"] + extra)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stderr)")
    }

    @Test func programsAreListedByCategoryPresetsFirst() async throws {
        let scratch = try await seededScratch()
        let own = try await scratch.record(["program", "add", "My split", "--weeks", "4", "--day", "mon=Push Day", "--day", "thu=Push Day",
                                            "--category", "powerlifting"])
        _ = try await scratch.record(["program", "duplicate", "Beginner Linear Strength", "--name", "Linear, mine"])

        let rows = try await Self.list(scratch)
        #expect(rows.map { $0["name"] as? String } == ["Wave Loading Strength", "My split", "Push Pull Legs Hypertrophy",
                                                       "Beginner Linear Strength", "Linear, mine", "General Fitness Builder"])
        #expect(rows.map { $0["category"] as? String } == ["powerlifting", "powerlifting", "bodybuilding", "strengthTraining",
                                                           "strengthTraining", "generalFitness"])
        let mine = rows[1]
        #expect(mine["id"] as? String == (own["programId"] as? String)?.uppercased() && mine["isPreset"] as? Bool == false)
        #expect(mine["durationWeeks"] as? Int == 4 && mine["daysPerWeek"] as? Int == 2 && mine["copiedFrom"] == nil)
        #expect(rows[4]["copiedFrom"] as? String == rows[3]["id"] as? String)

        let powerlifting = try await Self.list(scratch, ["--category", "Powerlifting"])
        #expect(powerlifting.map { $0["name"] as? String } == ["Wave Loading Strength", "My split"])
        let table = try await scratch.runOnLog(["program", "list"])
        #expect(table.lines.contains { $0.hasPrefix("powerlifting ") && $0.contains(" Wave Loading Strength ") }, "\(table.stdout)")
        #expect(table.lines.contains { $0.hasPrefix("      ") && $0.contains(" My split ") && $0.hasSuffix("your own") }, "\(table.stdout)")
        // Categories and patterns in words, not their raw values.
        #expect(table.stdout.contains("strength training") && table.stdout.contains("three one deload")
            && !table.stdout.contains("strengthTraining"), "\(table.stdout)")
        #expect(table.lines.last == "6 programs")
        try await scratch.expectRefused(["program", "list", "--category", "yoga"], status: 64, saying: ["yoga"])
    }

    @Test func anEditChangesWhatIsGivenAndKeepsTheRest() async throws {
        let scratch = try await seededScratch()
        let id = try #require(try await scratch.record(["program", "add", "My split", "--weeks", "4", "--day", "mon=Push Day",
                                                        "--description", "Push on Mondays"])["programId"] as? String)
        let edited = try await scratch.runOnLog(["program", "edit", "my split", "--name", "Split A", "--category", "bodybuilding",
                                                 "--difficulty", "advanced"])
        #expect(edited.stdout == "updated program \(id) \"Split A\"\n", "\(edited.stderr)")
        let event = try #require(try await scratch.events("ProgramUpdated").last)
        #expect(event["programID"] as? String == id)
        let definition = try #require(event["definition"] as? [String: Any])
        #expect(definition["name"] as? String == "Split A" && definition["category"] as? String == "bodybuilding")
        #expect(definition["difficulty"] as? String == "advanced" && definition["description"] as? String == "Push on Mondays")
        #expect(definition["durationWeeks"] as? Int == 4 && (definition["weeks"] as? [Any])?.count == 4, "the weeks stay")

        _ = try await scratch.record(["program", "edit", "Split A", "--description", ""])
        let cleared = try #require(try await scratch.events("ProgramUpdated").last?["definition"] as? [String: Any])
        #expect(cleared["description"] == nil && cleared["name"] as? String == "Split A")

        // --file replaces the weeks; the name stays.
        let file = scratch.url.appendingPathComponent("two-weeks.json").path
        try Data(#"{"progression": "custom", "durationWeeks": 2, "weeks": [{"days": [{"dayOfWeek": "tue", "template": "Push Day"}]}, {"days": [{"dayOfWeek": "fri", "template": "Push Day"}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        _ = try await scratch.record(["program", "edit", "Split A", "--file", file])
        let show = try await scratch.runOnLog(["program", "show", "Split A", "--format", "json"])
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any], "\(show.stderr)")
        #expect(shown["durationWeeks"] as? Int == 2 && shown["category"] as? String == "bodybuilding")
        let weeks = try #require(shown["weeks"] as? [[String: Any]])
        #expect(weeks.compactMap { ($0["days"] as? [[String: Any]])?.first?["weekday"] as? String } == ["Tuesday", "Friday"])
    }

    @Test func theWeeksAreWrittenAgainFromDaysWeeksAndProgression() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["program", "add", "My split", "--weeks", "4", "--day", "mon=Push Day"])
        _ = try await scratch.record(["program", "edit", "My split", "--weeks", "6", "--progression", "threeOneDeload"])
        var definition = try #require(try await scratch.events("ProgramUpdated").last?["definition"] as? [String: Any])
        var weeks = try #require(definition["weeks"] as? [[String: Any]])
        #expect(definition["durationWeeks"] as? Int == 6 && definition["progression"] as? String == "threeOneDeload")
        #expect(weeks.map { $0["isDeload"] as? Bool } == [false, false, false, true, false, false])
        #expect(weeks.allSatisfy { ($0["days"] as? [[String: Any]])?.map { $0["dayOfWeek"] as? Int } == [1] }, "the days stay")

        _ = try await scratch.record(["program", "edit", "My split", "--day", "tue=Push Day", "--day", "fri=Beginner Strength A"])
        definition = try #require(try await scratch.events("ProgramUpdated").last?["definition"] as? [String: Any])
        weeks = try #require(definition["weeks"] as? [[String: Any]])
        #expect(weeks.count == 6 && definition["progression"] as? String == "threeOneDeload")
        #expect((weeks[5]["days"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Push Day", "Beginner Strength A"])
    }

    @Test func editsThatCannotBeDoneAreRefusedAndAppendNothing() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["program", "add", "My split", "--weeks", "4", "--day", "mon=Push Day"])
        try await scratch.expectRefused(["program", "edit", "My split"], status: 64, saying: ["Say what to change: --name"])
        try await scratch.expectRefused(["program", "edit", "My split", "--name", "beginner linear strength"], status: 65,
                                        saying: [#"program "Beginner Linear Strength""#, "unique, ignoring case", "fix: choose another name"])
        try await scratch.expectRefused(["program", "edit", "My splt", "--name", "X"], status: 65, saying: [#"did you mean "My split"?"#])
        try await scratch.expectRefused(["program", "edit", "My split", "--name", ""], status: 65, saying: ["name"])
        try await scratch.expectRefused(["program", "edit", "My split", "--difficulty", "expert"], status: 64, saying: ["expert"])
        let file = scratch.url.appendingPathComponent("bad.json").path
        try Data(#"{"weeks": [{"days": [{"template": "Push Day"}]}]}"#.utf8).write(to: URL(fileURLWithPath: file))
        try await scratch.expectRefused(["program", "edit", "My split", "--file", file], status: 65, saying: ["dayOfWeek"])
        try await scratch.expectRefused(["program", "edit", "My split", "--file", file, "--weeks", "3"], status: 64, saying: ["not both"])
        try await scratch.expectRefused(["program", "edit", "My split", "--weeks", "53"], status: 64, saying: ["--weeks must be 1 to 52"])
        try await scratch.expectRefused(["program", "edit", "My split", "--day", "funday=Push Day"], status: 64, saying: ["not a day of the week"])
        // A preset whose weeks differ cannot repeat one week's days.
        try await scratch.expectRefused(["program", "edit", "Wave Loading Strength", "--weeks", "6"], status: 65,
                                        saying: ["have different days", "fix: give the days with --day"])
    }
}
