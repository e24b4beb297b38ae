import Foundation
import Testing

/// `nutrition --date` shows each entry with its id (issue 20), through the binary.
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
        #expect(entry["id"] as? String == id.lowercased() && entry["grams"] as? Double == 80 && entry["calories"] as? Double == 303.2)

        let text = try await scratch.runOnLog(["nutrition", "--date", "2026-11-21"])
        let short = String(id.lowercased().prefix(8))
        #expect(text.lines.contains { $0.hasPrefix("breakfast  \(short)  Rolled oats") && $0.contains("80 g") }, "\(text.stdout)")
        // A range keeps its answer: totals only.
        let range = try await scratch.runOnLog(["nutrition", "--from", "2026-11-21", "--to", "2026-11-21", "--format", "json"])
        #expect(!range.stdout.contains("meals") && !range.stdout.contains(short), "\(range.stdout)")
    }
}
