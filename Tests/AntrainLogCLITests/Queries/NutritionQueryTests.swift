import Foundation
import Testing

/// `nutrition` on the hand-made log of ``QueryFixture``.
@Suite struct NutritionQueryTests {
    @Test func oneDayAddsItsEntriesUpAgainstTheGoals() async throws {
        let scratch = try await QueryFixture.makeLog()
        let result = try await scratch.runOnLog(["nutrition", "--date", "2026-11-02", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let day = try #require(try result.jsonArray().first)
        #expect(day["date"] as? String == "2026-11-02")
        #expect(day["calories"] as? Double == 710)
        #expect(day["proteinG"] as? Double == 75)
        #expect(day["carbsG"] as? Double == 68)
        #expect(day["fatsG"] as? Double == 14.2)
        let goals = try #require(day["goals"] as? [String: Any])
        #expect(goals["caloriesKcal"] as? Double == 2500)
        #expect(goals["proteinG"] as? Double == 150)
    }

    @Test func todayIsTheDefaultDay() async throws {
        let scratch = try await QueryFixture.makeLog()
        let days = try await scratch.runOnLog(["nutrition", "--today", "2026-11-03", "--format", "json"]).jsonArray()
        #expect(days.first?["date"] as? String == "2026-11-03")
        #expect(days.first?["calories"] as? Double == 190)
    }

    @Test func aRangeListsTheDaysWithEntriesAndTheirAverage() async throws {
        let scratch = try await QueryFixture.makeLog()
        let days = try await scratch.runOnLog(["nutrition", "--from", "2026-11-01", "--to", "2026-11-07", "--format", "json"]).jsonArray()
        #expect(days.compactMap { $0["date"] as? String } == ["2026-11-02", "2026-11-03"])
        let table = try await scratch.runOnLog(["nutrition", "--from", "2026-11-01", "--to", "2026-11-07"])
        #expect(table.lines.contains { $0.hasPrefix("2026-11-02") && $0.contains("710") && $0.contains("2500") && $0.hasSuffix("28%") })
        #expect(table.stdout.contains("average over 2 days with entries: 450 kcal, 40.8 g protein, 51 g carbs, 8.9 g fats"))
        let csv = try await scratch.runOnLog(["nutrition", "--from", "2026-11-01", "--to", "2026-11-07", "--format", "csv"])
        #expect(csv.lines.first == "date,calories,proteinG,carbsG,fatsG,goalCaloriesKcal,goalProteinG,goalCarbsG,goalFatsG,goalsAreDefault")
        #expect(csv.lines.contains("2026-11-03,190,6.5,34,3.5,2500,150,300,70,false"))
    }

    @Test("A day before any goals were set is measured against seed 001's defaults, marked as such in text, JSON and CSV")
    func defaultGoalsUntilSet() async throws {
        let scratch = try await seededScratch()
        #expect(try await scratch.runOnLog(["eat", "rolled oats", "100g", "--meal", "breakfast", "--date", "2026-11-02"]).status == 0)
        let days = try await scratch.runOnLog(["nutrition", "--date", "2026-11-02", "--format", "json"]).jsonArray()
        let goals = try #require(days.first?["goals"] as? [String: Any])
        #expect(goals["caloriesKcal"] as? Double == 2000 && goals["proteinG"] as? Double == 150)
        #expect(goals["carbsG"] as? Double == 200 && goals["fatsG"] as? Double == 65 && goals["isDefault"] as? Bool == true)
        let text = try await scratch.runOnLog(["nutrition", "--from", "2026-11-01", "--to", "2026-11-07"])
        #expect(text.lines.contains { $0.hasPrefix("2026-11-02") && $0.contains("2000*") }, "\(text.stdout)")
        #expect(text.stdout.contains("* no goals set by then: the defaults (2000 kcal"), "\(text.stdout)")
        let csv = try await scratch.runOnLog(["nutrition", "--from", "2026-11-01", "--to", "2026-11-07", "--format", "csv"])
        #expect(csv.lines.last?.hasSuffix(",2000,150,200,65,true") == true, "\(csv.stdout)")

        #expect(try await scratch.runOnLog(["profile", "--kcal", "2500", "--protein", "160", "--carbs", "280", "--fat", "70",
                                            "--from", "2026-11-02"]).status == 0)
        let set = try await scratch.runOnLog(["nutrition", "--date", "2026-11-02", "--format", "json"]).jsonArray()
        let own = try #require(set.first?["goals"] as? [String: Any])
        #expect(own["caloriesKcal"] as? Double == 2500 && own["isDefault"] == nil)
    }

    @Test func asOfHidesWhatWasLoggedLater() async throws {
        let scratch = try await QueryFixture.makeLog()
        let before = try await scratch.runOnLog(["nutrition", "--date", "2026-11-03", "--as-of", "2026-11-02", "--format", "json"]).jsonArray()
        #expect(before.first?["calories"] as? Double == 0)
        let lastLine = QueryFixture.lines.lastIndex { $0.contains("\"FoodLogged\"") }!
        let byOffset = try await scratch.runOnLog(["nutrition", "--date", "2026-11-03", "--as-of", String(lastLine - 1), "--format", "json"])
            .jsonArray()
        #expect(byOffset.first?["calories"] as? Double == 0)
        let after = try await scratch.runOnLog(["nutrition", "--date", "2026-11-03", "--as-of", String(lastLine), "--format", "json"]).jsonArray()
        #expect(after.first?["calories"] as? Double == 190)
    }

    @Test func badDatesAreUsageErrors() async throws {
        let scratch = try await QueryFixture.makeLog()
        let result = try await scratch.runOnLog(["nutrition", "--date", "2026-11-02", "--from", "2026-11-01", "--to", "2026-11-03"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("not both"))
        let asOf = try await scratch.runOnLog(["nutrition", "--as-of", "last tuesday"])
        #expect(asOf.status == 64)
        #expect(asOf.stderr.contains("--as-of must be a date"))
    }
}
