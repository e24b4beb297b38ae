import Foundation
import Testing

/// fixtures/season: six months of one athlete, committed as `export --format jsonl` output,
/// imported into an empty log; what the log then holds, read back through the CSV exports,
/// must match expectations.json, whose figures fixtures/season/figures.py worked out from
/// the raw JSON Lines without any of Antrain's code.
@Suite("Data: the season fixture")
struct SeasonFixtureTests {
    static let folder = packageRootURL().appendingPathComponent("fixtures/season")

    struct Expectations: Decodable {
        var completedLiftingWorkouts: Int
        var doneSets: Int
        var heaviestKg: [String: Double]
        var diaryDays: Int
        var cardioSessions: Int
        var day: String
        var dayNutrition: [String: Double]
    }

    @Test("Imported into an empty log: workouts, sets, the main lifts' heaviest weights and a day's nutrition as figured by hand")
    func seasonMatchesItsFigures() async throws {
        let expected = try JSONDecoder().decode(Expectations.self, from: Data(contentsOf: Self.folder.appendingPathComponent("expectations.json")))
        let scratch = try Scratch()
        let season = Self.folder.appendingPathComponent("season.jsonl").path
        let report = try await scratch.importReport([season, "--source", "jsonl"])
        #expect(report.int("appended") == report.int("events"))

        let sets = try await scratch.exportCSV("sets").dropFirst()
        // A cardio session is a workout of one set in the export (issue 38).
        #expect(Set(sets.map { $0[0] + "|" + $0[1] }).count == expected.completedLiftingWorkouts + expected.cardioSessions)
        #expect(sets.count == expected.doneSets + expected.cardioSessions)
        for (lift, kilograms) in expected.heaviestKg {
            let heaviest = sets.filter { $0[3] == lift }.compactMap { Double($0[5]) }.max()
            #expect(abs((heaviest ?? 0) - kilograms) < 0.011, "\(lift): \(String(describing: heaviest)) kg, expected \(kilograms)")
        }

        let diary = try await scratch.exportCSV("nutrition").dropFirst()
        #expect(Set(diary.map { $0[0] }).count == expected.diaryDays)
        let day = diary.filter { $0[0] == expected.day }
        #expect(Double(day.count) == expected.dayNutrition["entries"])
        // Each exported row is rounded to 0.01: a day's few entries stay within 0.05.
        for (column, key) in [(4, "kcal"), (5, "protein"), (6, "carbs"), (7, "fat")] {
            let total = day.reduce(0) { $0 + (Double($1[column]) ?? 0) }
            #expect(abs(total - (expected.dayNutrition[key] ?? -1)) < 0.05, "\(key) on \(expected.day): \(total)")
        }
    }

    @Test("The fixture is what generate writes for its command line: the generator is deterministic, and the fixture is current")
    func fixtureIsReproducible() async throws {
        let scratch = try Scratch()
        let generated = try await scratch.runOnLog(["generate", "--athletes", "1", "--weeks", "26", "--seed", "2025", "--start", "2025-01-06"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let exported = try await scratch.runOnLog(["export", "--format", "jsonl"])
        let committed = try String(contentsOf: Self.folder.appendingPathComponent("season.jsonl"), encoding: .utf8)
        #expect(exported.stdout == committed)
    }
}
