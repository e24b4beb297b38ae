import Foundation
import Testing

/// The names the app's designs use for muscle regions and food shelves (issue 38, seed 001
/// values), through the binary: `core` and `legs` find the exercises filed under their
/// muscles, and seed 001's food categories are taken as the library's finer ones.
@Suite struct SeedNamesTests {
    @Test func regionsFindTheExercisesOfTheirMuscles() async throws {
        let scratch = try await seededScratch()
        let names = { (muscle: String) async throws -> [String] in
            let result = try await scratch.runOnLog(["exercise", "list", "--muscle", muscle, "--format", "json"])
            #expect(result.status == 0, "\(muscle): \(result.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return rows.compactMap { $0["name"] as? String }
        }
        let core = try await names("core")
        #expect(core.contains("Plank") && core.contains("Side Plank"), "\(core)")
        #expect(!core.contains("Barbell Bench Press"), "\(core)")
        let abs = try await names("abs")
        #expect(Set(abs).isSubset(of: Set(core)), "every abs exercise is a core exercise")
        let legs = try await names("legs")
        #expect(legs.contains("Barbell Back Squat") && !legs.contains("Plank"), "\(legs)")
        #expect(Set(try await names("quads")).isSubset(of: Set(legs)))
    }

    @Test func seedFoodCategoriesAreTaken() async throws {
        let scratch = try await seededScratch()
        for (name, category, stored) in [("Jasmine rice, cooked", "carb", "grains"), ("Cold-pressed rapeseed oil", "FAT", "fats"),
                                          ("Steamed broccoli", "vegetable", "vegetables")] {
            let added = try await scratch.runOnLog(["food", "add", name, "--kcal", "100", "--protein", "1", "--carbs", "1",
                                                    "--fat", "1", "--category", category])
            #expect(added.status == 0, "\(category): \(added.stderr)")
            let shown = try await scratch.runOnLog(["food", "list", "--search", name, "--format", "csv"])
            #expect(shown.lines.dropFirst().contains { $0.contains(",\(stored),") }, "\(category): \(shown.stdout)")
        }
        let carbs = try await scratch.runOnLog(["food", "list", "--category", "carb", "--format", "csv"])
        #expect(carbs.status == 0 && carbs.stdout.contains("Jasmine rice, cooked"), "\(carbs.stdout)\(carbs.stderr)")
        try await scratch.expectRefused(["food", "add", "Mystery", "--kcal", "1", "--protein", "1", "--carbs", "1", "--fat", "1",
                                         "--category", "sweets"], status: 64, saying: ["sweets"])
    }
}
