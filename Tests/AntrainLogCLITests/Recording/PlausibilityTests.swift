import Foundation
import Testing

/// Issue 38, plausibility, through the binary: a load no one lifts and a meal no one eats at
/// once are refused with the ceiling and a fix, and nothing is appended; foods are eaten by
/// the serving.
@Suite struct PlausibilityTests {
    @Test func aLoadBeyondAnyLiftIsRefusedAndRealOnesPass() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        try await scratch.expectRefused(["workout", "set", "overhead press", "1200kg", "x", "5"], status: 65,
                                        saying: ["a weight of 1200 kg on Overhead Press is more than anyone has lifted with a bar",
                                                 "at most 650 kg here", "fix: correct the figure"])
        try await scratch.expectRefused(["workout", "set", "dumbbell bench press", "250kg", "x", "5"], status: 65,
                                        saying: ["with a dumbbell", "at most 200 kg"])
        // 1200 lb is 544 kg: a world-class deadlift, not a typo.
        let press = try await scratch.record(["workout", "set", "overhead press", "60kg", "x", "5"])
        _ = try await scratch.record(["workout", "set", "conventional deadlift", "1200lb", "x", "1"])
        let set = try #require(press["setId"] as? String)
        try await scratch.expectRefused(["workout", "correct-set", set, "--weight", "1200kg"], status: 65, saying: ["more than anyone has lifted"])
        #expect(try await scratch.events("SetLogged").count == 2)
        #expect(try await scratch.events("SetCorrected").isEmpty)
    }

    @Test func aMealBeyondAnyAppetiteIsRefusedAndServingsAreEaten() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["eat", "egg, whole", "5kg", "--meal", "breakfast"], status: 65,
                                        saying: ["5000 g of Egg, whole is more than anyone eats at once", "at most 3000 g in one entry"])
        #expect(try await scratch.events("FoodLogged").isEmpty)
        let eggs = try await scratch.record(["eat", "egg, whole", "2x", "--meal", "breakfast"])
        #expect(eggs["grams"] as? Double == 100, "two eggs of the preset's 50 g serving")
        let text = try await scratch.runOnLog(["eat", "egg, whole", "1.5 servings", "--meal", "lunch"])
        #expect(text.stdout.contains("logged 75 g (1.5 servings) of Egg, whole"), "\(text.stdout)\(text.stderr)")
        let entry = try #require(eggs["entryId"] as? String)
        try await scratch.expectRefused(["diary", "correct", entry, "3500g"], status: 65, saying: ["more than anyone eats at once"])

        _ = try await scratch.record(["food", "add", "Homemade stew", "--kcal", "100", "--protein", "5", "--carbs", "10", "--fat", "3"])
        try await scratch.expectRefused(["eat", "homemade stew", "2x", "--meal", "dinner"], status: 65,
                                        saying: ["Homemade stew has no usual serving", "--serving"])
        #expect(try await scratch.events("FoodLogged").count == 2)
    }
}
