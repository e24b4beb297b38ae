import Foundation
import Testing

/// Issue 38, "Answers and names": one spelling of an option everywhere, and messages that say
/// what happened in the words of a command line, naming only what exists.
@Suite struct MessageWordingTests {
    @Test func oneSpellingEverywhere() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["eat", "rolled oats", "80g", "--meal", "breakfast", "--day", "2026-12-04"])
        // `nutrition --day`, as `eat --day`.
        let byDay = try await scratch.runOnLog(["nutrition", "--day", "2026-12-04", "--format", "json"])
        let byDate = try await scratch.runOnLog(["nutrition", "--date", "2026-12-04", "--format", "json"])
        #expect(byDay.status == 0 && byDay.stdout == byDate.stdout, "\(byDay.stderr)")
        // A misspelt option is named, not taken for a missing nutrient.
        try await scratch.expectRefused(["food", "add", "Rice cake", "--calorie", "100", "--protein", "1", "--carbs", "1", "--fat", "1"],
                                        status: 64, saying: ["--calorie"])
        let missing = try await scratch.expectRefused(["food", "add", "Rice cake", "--protein", "1", "--carbs", "1", "--fat", "1"], status: 64,
                                                      saying: ["Give all four nutrients"])
        #expect(!missing.stderr.contains("Unknown option"))
        // `food add --calories`, as `profile --calories`.
        let food = try await scratch.record(["food", "add", "Overnight oats", "--calories", "150", "--protein", "6", "--carbs", "24", "--fat", "3.5"])
        #expect(food["foodId"] != nil)
    }

    @Test func refusalsNameWhatExistsAndTheCommandsToType() async throws {
        let scratch = try await seededScratch()
        let workout = try #require(try await scratch.record(["workout", "start"])["workoutId"] as? String)
        // A set of the wrong kind is refused without an id of a set that was never made.
        let plank = try await scratch.expectRefused(["workout", "set", "plank", "100kg", "x", "5"], status: 65,
                                                    saying: ["cannot log a set in workout \(workout)", "Plank is a timed exercise"])
        let ids = plank.stderr.matches(of: #/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/#).map { String($0.output) }
        #expect(ids == [workout], "\(plank.stderr)")
        // Only the active workout completes: the sentence is whole.
        _ = try await scratch.record(["workout", "cancel"])
        try await scratch.expectRefused(["workout", "complete", "--workout", workout], status: 65,
                                        saying: ["the workout is cancelled; only the active workout can be changed that way\n"])
        // A program's name given twice: `program add` takes it first, not with --name.
        _ = try await scratch.record(["program", "add", "My split", "--weeks", "4", "--day", "mon=Push Day"])
        let twice = try await scratch.expectRefused(["program", "add", "My split", "--weeks", "4", "--day", "mon=Push Day"], status: 65,
                                                    saying: ["fix: choose another name (program add takes it first"])
        #expect(!twice.stderr.contains("choose another name with --name"))
        // No program followed: the command that follows one.
        let status = try await scratch.runOnLog(["program"])
        #expect(status.stdout.contains("antrain-log program activate NAME"), "\(status.stdout)")
        #expect(!status.stdout.contains("in the app"))
        // No log: a diary starts with seed.
        let none = try await scratch.run(["history", "--log-dir", scratch.url.appendingPathComponent("nowhere").path])
        #expect(none.status == 66 && none.stderr.contains("antrain-log seed starts a new log"), "\(none.stderr)")
        // Weigh-ins fall on their local day, as the help says now.
        let help = try await scratch.run(["bodyweight", "--help"])
        #expect(!help.stdout.contains("UTC days") && help.stdout.contains("falls on its local day"), "\(help.stdout)")
    }

    @Test func aProgressionReasonSpeaksTheSuggestionsUnit() async throws {
        let scratch = try await ProgramStatusTests.followingTheBlock()
        _ = try await scratch.record(["settings", "--weight-unit", "lb"])
        let next = try #require(try await scratch.runOnLog(["program", "--today", "2026-11-04", "--format", "json"]).jsonObject()["next"]
            as? [String: Any])
        let suggestions = try ProgramStatusTests.suggestions(next)
        // 100 kg is 220.5 lb; 220.462 × 1.05 = 231.49 → 230 lb.
        #expect(suggestions[0].reason == "last 220.5 lb × 5 at RPE 6: +5%, week 1 intensity 1 → 230 lb")
    }
}
