import Foundation
import Testing

/// Issue 38: templates hold weights (seed 004's `TemplateExercise.weight`): a workout started
/// from one plans its sets at them, and a program suggests them, at the day's intensity, until
/// the exercise has a completed working set ("First time - using template weight").
@Suite struct TemplateWeightTests {
    @Test func aTemplateKeepsItsWeightsAndShowsThem() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["template", "add", "Heavy day", "--item", "barbell back squat=5x5@100kg/3m",
                                      "--item", "barbell bench press=3x8 @ 135lb", "--item", "plank=60s"])
        let table = try await scratch.runOnLog(["template", "show", "heavy day"])
        #expect(table.stdout.contains("WEIGHT") && table.stdout.contains("100 kg") && table.stdout.contains("135 lb"), "\(table.stdout)")
        let steps = try #require(try await scratch.runOnLog(["template", "show", "heavy day", "--format", "json"]).jsonObject()["steps"]
            as? [[String: Any]])
        #expect(steps[0]["weightKg"] as? Double == 100 && steps[0]["restSeconds"] as? Int == 180)
        #expect((steps[1]["weight"] as? [String: Any])?["unit"] as? String == "lb" && steps[2]["weight"] == nil)
        // The event holds the weight as it was typed, in its unit.
        let created = try #require(try await scratch.events("TemplateCreated").last)
        let items = try #require(created["items"] as? [[String: Any]])
        #expect((items[0]["weight"] as? [String: Any])?["value"] as? Double == 100)
    }

    @Test func aWorkoutFromTheTemplatePlansItsSetsAtTheWeight() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["template", "add", "Heavy day", "--item", "barbell back squat=2x5@100kg"])
        _ = try await scratch.record(["workout", "start", "--template", "heavy day"])
        let done = try await scratch.runOnLog(["workout", "done"])
        #expect(done.status == 0 && done.stdout.contains(": 100 kg × 5 (1 planned set left)"), "\(done.stdout)\(done.stderr)")
    }

    @Test func aProgramSuggestsTheTemplatesWeightAtTheDaysIntensityUntilThereIsAHistory() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["template", "add", "Heavy day", "--item", "barbell back squat=5x5@100kg"])
        let days = (1...7).map { #"{"dayOfWeek": \#($0), "name": "Squat day", "template": "Heavy day"}"# }
        let file = scratch.url.appendingPathComponent("block.json")
        try Data(#"{"weeks": [{"number": 1, "intensityModifier": 0.9, "days": [\#(days.joined(separator: ", "))]}]}"#.utf8).write(to: file)
        _ = try await scratch.record(["program", "add", "Heavy block", "--weeks", "1", "--file", file.path])
        _ = try await scratch.record(["program", "activate", "Heavy block"])
        let status = try await scratch.runOnLog(["program", "--format", "json"]).jsonObject()
        let suggestion = try #require(((status["next"] as? [String: Any])?["suggestions"] as? [[String: Any]])?.first)
        // 100 kg × 0.9 = 90 kg, on the 2.5 kg plates.
        #expect(suggestion["weightKg"] as? Double == 90, "\(suggestion)")
        let reason = try #require(suggestion["reason"] as? String)
        #expect(reason.contains("the template's 100 kg × intensity 0.9"), "\(reason)")
        // The workout of the day plans the suggestion.
        _ = try await scratch.record(["workout", "start", "--program"])
        let done = try await scratch.runOnLog(["workout", "done"])
        #expect(done.stdout.contains(": 90 kg × 5"), "\(done.stdout)\(done.stderr)")
    }

    @Test func aWeightThatIsNotOneIsRefusedAndNothingIsAppended() async throws {
        let scratch = try await seededScratch()
        let before = try await scratch.events("TemplateCreated").count
        try await scratch.expectRefused(["template", "add", "Odd", "--item", "barbell back squat=5x5@heavy"], status: 64,
                                        saying: [#""heavy" is not a weight of --item "barbell back squat=5x5@heavy""#, "write it as 100kg, 225lb"])
        try await scratch.expectRefused(["template", "add", "Odd", "--item", "barbell back squat=5x5@-20kg"], status: 64,
                                        saying: [#""-20kg" is negative"#, "cannot be less than 0"])
        #expect(try await scratch.events("TemplateCreated").count == before)
    }
}
