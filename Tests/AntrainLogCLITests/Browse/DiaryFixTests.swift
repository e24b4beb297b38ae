import Foundation
import Testing

/// `nutrition --date` shows each entry with its id, and `diary correct` and `diary remove`
/// fix an entry by that id (issue 20, "Fix mistakes"), through the binary.
@Suite struct DiaryFixTests {
    /// The day's JSON object of `nutrition --date`.
    static func day(_ scratch: Scratch, _ date: String) async throws -> [String: Any] {
        let result = try await scratch.runOnLog(["nutrition", "--date", date, "--format", "json"])
        let days = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stderr)")
        return try #require(days.first)
    }

    @Test func aDayShowsEachMealsEntriesWithTheirIds() async throws {
        let scratch = try await seededScratch()
        let oats = try await scratch.record(["eat", "Rolled oats", "80g", "--meal", "breakfast", "--day", "2026-11-21"])
        _ = try await scratch.record(["eat", "Rolled oats", "40g", "--meal", "snack", "--day", "2026-11-21"])
        let id = try #require(oats["entryId"] as? String)

        let day = try await Self.day(scratch, "2026-11-21")
        #expect(day["calories"] as? Double == 454.8, "the totals stay as they were")
        let meals = try #require(day["meals"] as? [[String: Any]])
        #expect(meals.map { $0["meal"] as? String } == ["breakfast", "snack"])
        let entry = try #require((meals[0]["entries"] as? [[String: Any]])?.first)
        #expect(entry["id"] as? String == id.uppercased() && entry["grams"] as? Double == 80 && entry["calories"] as? Double == 303.2)

        let text = try await scratch.runOnLog(["nutrition", "--date", "2026-11-21"])
        let short = String(id.uppercased().prefix(8))
        #expect(text.lines.contains { $0.hasPrefix("breakfast  \(short)  Rolled oats") && $0.contains("80 g") }, "\(text.stdout)")
        // A range keeps its answer: totals only.
        let range = try await scratch.runOnLog(["nutrition", "--from", "2026-11-21", "--to", "2026-11-21", "--format", "json"])
        #expect(!range.stdout.contains("meals") && !range.stdout.contains(short), "\(range.stdout)")
    }

    @Test func anEntryIsCorrectedAndRemovedByAPrefixOfItsIdInAnyCase() async throws {
        let scratch = try await seededScratch()
        let oats = try #require(try await scratch.record(["eat", "Rolled oats", "80g", "--meal", "breakfast", "--day", "2026-11-21"])["entryId"]
            as? String)
        _ = try await scratch.record(["eat", "Skyr, plain", "150g", "--meal", "snack", "--day", "2026-11-21"])
        let prefix = String(oats.lowercased().prefix(6))

        let corrected = try await scratch.runOnLog(["diary", "correct", prefix, "120g", "--meal", "lunch", "--date", "2026-11-21"])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        #expect(corrected.stdout == "corrected Rolled oats on 2026-11-21: 120 g for lunch (was 80 g for breakfast)\n")
        let event = try #require(try await scratch.events("FoodEntryCorrected").first)
        #expect(event["entryID"] as? String == oats && event["amountGrams"] as? Double == 120 && event["meal"] as? String == "lunch")

        // What is not given stays: only the meal changes now.
        _ = try await scratch.record(["diary", "correct", oats.uppercased(), "--meal", "dinner", "--day", "2026-11-21"])
        let meals = try #require(try await Self.day(scratch, "2026-11-21")["meals"] as? [[String: Any]])
        let dinner = try #require(meals.first { $0["meal"] as? String == "dinner" }?["entries"] as? [[String: Any]])
        #expect(dinner.first?["grams"] as? Double == 120)

        let removed = try await scratch.record(["diary", "remove", prefix.uppercased(), "--date", "2026-11-21"])
        #expect(removed["entryId"] as? String == oats)
        #expect(try await scratch.events("FoodEntryRemoved").first?["entryID"] as? String == oats)
        let left = try #require(try await Self.day(scratch, "2026-11-21")["meals"] as? [[String: Any]])
        #expect(left.map { $0["meal"] as? String } == ["snack"])
    }

    @Test func entriesThatAreNotThereAreRefusedNamingTheDay() async throws {
        let scratch = try await seededScratch()
        let oats = try #require(try await scratch.record(["eat", "Rolled oats", "80g", "--meal", "breakfast", "--day", "2026-11-21"])["entryId"]
            as? String)
        let prefix = String(oats.prefix(8))
        try await scratch.expectRefused(["diary", "remove", prefix, "--date", "2026-11-20"], status: 65,
                                        saying: ["nothing is logged on 2026-11-20", "fix: give the entry's day with --date"])
        try await scratch.expectRefused(["diary", "remove", "FFFF0000", "--date", "2026-11-21"], status: 65,
                                        saying: ["no entry of 2026-11-21 has an id starting with FFFF0000"])
        try await scratch.expectRefused(["diary", "correct", prefix, "--date", "2026-11-21"], status: 64, saying: ["Nothing to correct"])
        try await scratch.expectRefused(["diary", "correct", prefix, "0g", "--date", "2026-11-21"], status: 65, saying: ["the amount (g) must be a finite number above 0, not 0"])
        try await scratch.expectRefused(["diary", "correct", prefix, "2 cups", "--date", "2026-11-21"], status: 64,
                                        saying: [#""2 cups" is not an amount"#])
        try await scratch.expectRefused(["diary", "remove", "3f", "--date", "2026-11-21"], status: 64, saying: ["at least its first 4"])
        try await scratch.expectRefused(["diary", "remove", prefix, "--date", "2026-02-30"], status: 64, saying: ["is not a day"])
        _ = try await scratch.record(["diary", "remove", prefix, "--date", "2026-11-21"])
        try await scratch.expectRefused(["diary", "remove", prefix, "--date", "2026-11-21"], status: 65, saying: ["nothing is logged on 2026-11-21"])
    }
}
