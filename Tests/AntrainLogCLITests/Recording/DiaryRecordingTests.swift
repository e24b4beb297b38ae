import Foundation
import Testing

/// `eat`, `bodyweight`, `settings` and `profile`: the daily diary.
@Suite struct DiaryRecordingTests {
    @Test func eatLogsTheFoodWithItsNutrientsOnTheDay() async throws {
        let scratch = try await seededScratch()
        let eaten = try await scratch.runOnLog(["eat", "rolled OATS", "80g", "--meal", "breakfast", "--date", "2026-11-21"])
        #expect(eaten.status == 0, "\(eaten.stderr)")
        #expect(eaten.stdout == "logged 80 g of Rolled oats for breakfast on 2026-11-21\n")
        let entry = try #require(try await scratch.events("FoodLogged").first)
        #expect(entry["day"] as? String == "2026-11-21" && entry["meal"] as? String == "breakfast")
        #expect(entry["amountGrams"] as? Double == 80 && entry["foodName"] as? String == "Rolled oats")
        #expect(entry["per100g"] is [String: Any])
    }

    @Test func eatRefusesAnUnknownFoodAndABadAmount() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["eat", "Roled oats", "80g", "--meal", "breakfast"], status: 65,
                                        saying: [#"no food is named "Roled oats"; did you mean "Rolled oats""#])
        // A name too long for its whole to be close is found word by word (issue 38).
        try await scratch.expectRefused(["eat", "chiken breast", "150g", "--meal", "lunch"], status: 65,
                                        saying: [#"no food is named "chiken breast"; did you mean "Chicken breast, cooked""#])
        try await scratch.expectRefused(["eat", "xqzv", "150g", "--meal", "lunch"], status: 65,
                                        saying: [#"no food is named "xqzv", and no name is close to it"#])
        try await scratch.expectRefused(["eat", "Rolled oats", "80 cups", "--meal", "lunch"], status: 64,
                                        saying: [#""80 cups" is not an amount"#])
        try await scratch.expectRefused(["eat", "Rolled oats", "0g", "--meal", "lunch"], status: 65, saying: ["the amount (g) must be a finite number above 0, not 0"])
        try await scratch.expectRefused(["eat", "Rolled oats", "80g", "--meal", "brunch"], status: 64, saying: ["brunch"])
        try await scratch.expectRefused(["eat", "Rolled oats", "80g", "--meal", "lunch", "--day", "2026-02-30"], status: 64,
                                        saying: [#"--date "2026-02-30" is not a day"#])
    }

    @Test func bodyweightKeepsItsUnitAndPlainNumbersFollowTheSetting() async throws {
        let scratch = try await seededScratch()
        let kilos = try await scratch.runOnLog(["bodyweight", "81.4kg", "--at", "2026-11-21T06:45"])
        #expect(kilos.status == 0, "\(kilos.stderr)")
        #expect(kilos.stdout == "recorded bodyweight 81.4 kg at 2026-11-21T06:45:00.000000+00:00\n")
        let settings = try await scratch.runOnLog(["settings", "--weight-unit", "lb"])
        #expect(settings.stdout == "settings: weights in lb, distances in kilometres\n")
        #expect(try await scratch.runOnLog(["bodyweight", "179.5"]).status == 0)
        let weights = try await scratch.events("BodyweightRecorded").map { massText($0["weight"]) }
        #expect(weights == ["81.4 kg", "179.5 lb"])
        #expect(try await scratch.events("SettingsChanged").first?["weightUnit"] as? String == "lb")

        try await scratch.expectRefused(["bodyweight", "0kg"], status: 65, saying: ["weight", "fix: correct the value"])
        try await scratch.expectRefused(["bodyweight", "heavy"], status: 64, saying: [#""heavy" is not a weight"#])
        // Without options, settings shows the units (issue 20; it was refused before).
        #expect(try await scratch.runOnLog(["settings"]).lines.prefix(2) == ["weights:   lb", "distances: kilometres"])
    }

    @Test func profileRecordsTheFieldsGivenAndRefusesHalfTheGoals() async throws {
        let scratch = try await seededScratch()
        let profile = try await scratch.record(["profile", "--name", "Alex", "--height", "1.8m", "--born", "1992-04-03",
                                                "--calories", "2600", "--protein", "160", "--carbs", "300", "--fat", "80",
                                                "--from", "2026-12-01"])
        #expect(profile["effectiveFrom"] as? String == "2026-12-01")
        let event = try #require(try await scratch.events("ProfileUpdated").first)
        #expect(event["heightCentimetres"] as? Double == 180 && event["dateOfBirth"] as? String == "1992-04-03")
        #expect((event["goals"] as? [String: Any])?["caloriesKcal"] as? Double == 2600)

        try await scratch.expectRefused(["profile", "--calories", "2600"], status: 64, saying: ["Goals go together"])
        try await scratch.expectRefused(["profile", "--height", "400cm"], status: 65, saying: ["the height (cm) must be a finite number above 0 and at most 300, not 400"])
    }
}
