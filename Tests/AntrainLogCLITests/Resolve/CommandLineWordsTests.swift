import Foundation
import Testing

/// The command line as people type it (issue 20): a mistyped command gets the closest one,
/// negative numbers are refused as values (not as unknown options), enumerations take any case.
@Suite struct CommandLineWordsTests {
    @Test func aMistypedCommandSuggestsTheClosest() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["histroy"], status: 64,
                                        saying: [#"error: "antrain-log histroy" is not a command; did you mean "history"?"#, "fix: antrain-log --help"])
        try await scratch.expectRefused(["workout", "strat"], status: 64,
                                        saying: [#""antrain-log workout strat" is not a command; did you mean "start"?"#])
        try await scratch.expectRefused(["zzzzzzzz"], status: 64, saying: [#""antrain-log zzzzzzzz" is not a command"#])
        // A group with a default command still reads its own arguments.
        #expect(try await scratch.runOnLog(["program"]).status == 0)
    }

    @Test func negativeNumbersAreRefusedAsValues() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["bodyweight", "-5kg"], status: 64, saying: [#""-5kg" is negative: a weight cannot be less than 0"#])
        try await scratch.expectRefused(["eat", "Skyr", "-5g", "--meal", "lunch"], status: 64,
                                        saying: [#""-5g" is negative: an amount cannot be less than 0"#])
        try await scratch.expectRefused(["food", "add", "Thing", "--kcal", "-1", "--protein", "1", "--carbs", "1", "--fat", "1"], status: 65,
                                        saying: ["the energy (kcal) per 100 g must be a finite number from 0 to 900, not -1"])
        _ = try await scratch.record(["workout", "start"])
        try await scratch.expectRefused(["workout", "rpe", "-1"], status: 65, saying: ["RPE must be a finite number from 1 to 10, not -1"])
        try await scratch.expectRefused(["workout", "set", "Dip", "-5kg", "x", "5"], status: 64, saying: [#""-5kg" is negative"#])
    }

    @Test func enumerationsAndFormatsTakeAnyCase() async throws {
        let scratch = try await seededScratch()
        let started = try await scratch.runOnLog(["workout", "start", "--type", "LIFTING"])
        #expect(started.status == 0, "\(started.stderr)")
        let warmup = try await scratch.runOnLog(["workout", "set", "Dip", "5", "reps", "--type", "WarmUp"])
        #expect(warmup.status == 0 && warmup.stdout.contains("(warmup)"), "\(warmup.stdout)\(warmup.stderr)")
        let chest = try await scratch.runOnLog(["exercise", "list", "--muscle", "CHEST", "--format", "JSON"])
        #expect(chest.status == 0, "\(chest.stderr)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(chest.stdout.utf8)) as? [[String: Any]])
        #expect(listed.contains { $0["name"] as? String == "Barbell Bench Press" })
    }
}
