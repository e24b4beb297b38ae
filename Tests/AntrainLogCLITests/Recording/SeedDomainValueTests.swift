import Foundation
import Testing

/// Values the app's design documents name are accepted, and their limits kept (issue 19):
/// the muscle groups `core` and `legs` (seeds 001 and 002), a food's brand of at most 50
/// characters (seed 001).
@Suite struct SeedDomainValueTests {
    @Test func coreAndLegsAreMuscleGroups() async throws {
        let scratch = try await seededScratch()
        for (name, muscles) in [("Hollow Hold", "core"), ("Sled Push", "legs,glutes")] {
            let added = try await scratch.runOnLog(["exercise", "add", name, "--category", "bodyweight", "--kind", "time",
                                                    "--equipment", "none", "--muscles", muscles])
            #expect(added.status == 0, "\(name): \(added.stderr)")
        }
        let created = try await scratch.events("ExerciseCreated").filter {
            ["Hollow Hold", "Sled Push"].contains(($0["definition"] as? [String: Any])?["name"] as? String ?? "")
        }
        let groups = created.compactMap { ($0["definition"] as? [String: Any])?["muscleGroups"] as? [String] }
        #expect(groups == [["core"], ["legs", "glutes"]])
    }

    @Test func aBrandIsAtMost50Characters() async throws {
        let scratch = try await seededScratch()
        let fifty = String(repeating: "b", count: 50)
        let nutrients = ["--kcal", "63", "--protein", "11", "--carbs", "4", "--fat", "0.2"]
        let fits = try await scratch.runOnLog(["food", "add", "Skyr", "--brand", fifty] + nutrients)
        #expect(fits.status == 0, "\(fits.stderr)")
        try await scratch.expectRefused(["food", "add", "Skyr 2", "--brand", fifty + "b"] + nutrients, status: 65,
                                        saying: ["brand"])
    }

    @Test func aFoodsEnergyAgreesWithItsMacronutrients() async throws {
        let scratch = try await seededScratch()
        // Real foods pass: wheat bran (fibre counted in carbs), whisky (alcohol), olive oil.
        for (name, kcal, protein, carbs, fat) in [("Wheat bran", "216", "16", "64", "4.3"), ("Whisky", "250", "0", "0", "0"),
                                                  ("Cold-pressed olive oil", "884", "0", "0", "100")] {
            let added = try await scratch.runOnLog(["food", "add", name, "--kcal", kcal, "--protein", protein, "--carbs", carbs, "--fat", fat])
            #expect(added.status == 0, "\(name): \(added.stderr)")
        }
        // A typo: chicken breast's 165 kcal typed 16.5.
        try await scratch.expectRefused(["food", "add", "Chicken", "--kcal", "16.5", "--protein", "31", "--carbs", "0", "--fat", "3.6"],
                                        status: 65, saying: ["the energy (kcal) per 100 g must be", "16.5 kcal", "give 156.4 kcal"])
        // More than 100 g of macronutrients in 100 g.
        try await scratch.expectRefused(["food", "add", "Impossible", "--kcal", "640", "--protein", "80", "--carbs", "80", "--fat", "0"],
                                        status: 65, saying: ["at most 100 g of protein, carbs and fat"])
    }
}
