import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// Equal to within rounding: the sums below are exact in decimal, not always in binary.
private func near(_ actual: Double?, _ expected: Double) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) < 1e-9
}

private let oats = UUID.n(1), chicken = UUID.n(2)
private let oatsAtFirst = Nutrients(caloriesKcal: 380, proteinG: 13, carbsG: 60, fatsG: 7)
private let oatsEdited = Nutrients(caloriesKcal: 400, proteinG: 15, carbsG: 65, fatsG: 8)
private let chickenPer100g = Nutrients(caloriesKcal: 165, proteinG: 31, carbsG: 0, fatsG: 3.6)

private func logged(_ entry: Int, _ day: String, _ meal: Meal, _ food: UUID, _ grams: Double,
                    _ per100g: Nutrients) -> FoodLogged {
    FoodLogged(entryID: .n(100 + entry), day: .on(day), meal: meal, foodID: food,
               foodName: food == oats ? "Oats" : "Chicken", amountGrams: grams, per100g: per100g,
               loggedAt: .at("\(day)T12:00:00Z"))
}

private func goals(_ calories: Double, _ protein: Double, _ carbs: Double, _ fats: Double) -> NutritionGoals {
    NutritionGoals(caloriesKcal: calories, proteinG: protein, carbsG: carbs, fatsG: fats)
}

/// Four days of diary: 03-02 and 03-03 with two meals each, 03-04 empty, 03-05 one entry;
/// goals change on 03-03; oats are edited in the library after 03-02 was logged.
private let fourDaysEvents: [any DomainEvent] = [
    FoodItemCreated(foodID: oats, definition: FoodDefinition(name: "Oats", per100g: oatsAtFirst, category: .grains)),
    FoodItemCreated(foodID: chicken, definition: FoodDefinition(name: "Chicken", per100g: chickenPer100g, category: .protein)),
    ProfileUpdated(goals: goals(2500, 150, 300, 80), effectiveFrom: .on("2026-03-01")),
    logged(1, "2026-03-02", .breakfast, oats, 80, oatsAtFirst),
    logged(2, "2026-03-02", .lunch, chicken, 200, chickenPer100g),
    // The library's oats change after 03-02 was logged: 03-02 must not move.
    FoodItemUpdated(foodID: oats, definition: FoodDefinition(name: "Oats", per100g: oatsEdited, category: .grains)),
    ProfileUpdated(goals: goals(2200, 170, 220, 70), effectiveFrom: .on("2026-03-03")),
    logged(3, "2026-03-03", .breakfast, oats, 100, oatsEdited),
    logged(4, "2026-03-03", .dinner, chicken, 150, chickenPer100g),
    logged(5, "2026-03-03", .snack, chicken, 100, chickenPer100g),
    FoodEntryCorrected(entryID: .n(104), day: .on("2026-03-03"), meal: .lunch, amountGrams: 250),
    FoodEntryRemoved(entryID: .n(105), day: .on("2026-03-03")),
    // A profile change without goals keeps the goals.
    ProfileUpdated(name: "Alex", effectiveFrom: .on("2026-03-04")),
    logged(6, "2026-03-05", .lunch, chicken, 100, chickenPer100g),
]

private func fourDays() async throws -> ScratchLog {
    let scratch = try await ScratchLog("nutrition")
    try await scratch.record(fourDaysEvents)
    return scratch
}

/// The nutrition of `scratch`, folded into a store in memory.
private func nutrition(_ scratch: ScratchLog) async throws -> DailyNutrition {
    scratch.nutrition(try await scratch.state(DailyNutrition.models))
}

/// The nutrition of `scratch`, caught up in the log's own store (on top of what it held).
private func caughtUp(_ scratch: ScratchLog) async throws -> DailyNutrition {
    scratch.nutrition(try await scratch.caughtUp(DailyNutrition.models).store)
}

/// Hand-worked diaries (the numbers the memory-image model met before), asked of the keyed
/// state, folded in one go and caught up.
@Suite("Daily nutrition (keyed state)")
struct DailyNutritionStateTests {
    @Test("a day's totals use the snapshot logged, not the food as edited later")
    func snapshotTotals() async throws {
        let scratch = try await fourDays()
        for nutrition in [try await nutrition(scratch), try await caughtUp(scratch)] {
            let day = try nutrition.day(.on("2026-03-02"))
            // Oats 80 g at 380/13/60/7 per 100 g: 304 kcal, 10.4 P, 48 C, 5.6 F.
            // Chicken 200 g at 165/31/0/3.6: 330 kcal, 62 P, 0 C, 7.2 F.
            // Day: 634 kcal, 72.4 P, 48 C, 12.8 F (the edit to 400 kcal would have given 650).
            #expect(near(day.calories, 634))
            #expect(near(day.proteinG, 72.4))
            #expect(near(day.carbsG, 48))
            #expect(near(day.fatsG, 12.8))
            #expect(day.meals.map(\.meal) == [.breakfast, .lunch])
            #expect(near(day.meals.first?.calories, 304))
            #expect(day.goals == goals(2500, 150, 300, 80))
            // The totals alone: the same numbers, the meals without their entries.
            let totals = try nutrition.dayTotals(.on("2026-03-02"))
            #expect(totals.calories == day.calories && totals.fatsG == day.fatsG && totals.goals == day.goals)
            #expect(totals.meals.map(\.meal) == [.breakfast, .lunch] && totals.meals.allSatisfy(\.entries.isEmpty))
        }
    }

    @Test("a corrected entry moves meal and amount; a removed one no longer counts")
    func correctionsAndRemovals() async throws {
        // The log stays while the answer reads the entries' ids back from it.
        let scratch = try await fourDays()
        let day = try await nutrition(scratch).day(.on("2026-03-03"))
        defer { withExtendedLifetime(scratch) {} }
        // Oats 100 g at 400/15/65/8: 400 kcal, 15 P, 65 C, 8 F.
        // Chicken corrected 150 → 250 g, dinner → lunch: 412.5 kcal, 77.5 P, 0 C, 9 F.
        // Snack chicken 100 g removed.
        // Day: 812.5 kcal, 92.5 P, 65 C, 17 F.
        #expect(near(day.calories, 812.5))
        #expect(near(day.proteinG, 92.5))
        #expect(near(day.carbsG, 65))
        #expect(near(day.fatsG, 17))
        #expect(day.meals.map(\.meal) == [.breakfast, .lunch])
        #expect(day.meals.last?.entries.map(\.amountGrams) == [250])
        #expect(day.goals == goals(2200, 170, 220, 70))
    }

    @Test("an entry id logged twice on a day: corrections and removals change the latest one")
    func repeatedEntryID() async throws {
        let scratch = try await ScratchLog("nutrition")
        try await scratch.record([
            logged(1, "2026-03-02", .breakfast, oats, 100, oatsAtFirst),
            logged(1, "2026-03-02", .lunch, chicken, 100, chickenPer100g),
            // Names entry 101: the chicken, logged last, becomes 200 g.
            FoodEntryCorrected(entryID: .n(101), day: .on("2026-03-02"), meal: .dinner, amountGrams: 200),
        ])
        // Each step caught up on top of the stored state of the step before.
        var day = try await caughtUp(scratch).day(.on("2026-03-02"))
        // Oats 100 g: 380 kcal; chicken 200 g at 165: 330 kcal. 710 kcal, breakfast and dinner.
        #expect(near(day.calories, 710))
        #expect(day.meals.map(\.meal) == [.breakfast, .dinner])
        // Removed: the chicken goes, then (the id named again) the oats.
        try await scratch.record(FoodEntryRemoved(entryID: .n(101), day: .on("2026-03-02")))
        day = try await caughtUp(scratch).day(.on("2026-03-02"))
        #expect(near(day.calories, 380) && day.meals.map(\.meal) == [.breakfast])
        try await scratch.record(FoodEntryRemoved(entryID: .n(101), day: .on("2026-03-02")))
        let emptied = try await caughtUp(scratch)
        day = try emptied.day(.on("2026-03-02"))
        #expect(near(day.calories, 0) && day.meals.isEmpty)
        #expect(try emptied.loggedDays().isEmpty && emptied.range(from: .on("2026-03-01"), through: .on("2026-03-31")).days.isEmpty)
        let folded = try await nutrition(scratch)
        #expect(try folded.day(.on("2026-03-02")) == day)
    }

    @Test("a range averages over the days with entries and carries each day's goals")
    func rangeAverage() async throws {
        let scratch = try await fourDays()
        defer { withExtendedLifetime(scratch) {} }
        let nutrition = try await nutrition(scratch)
        let range = try nutrition.range(from: .on("2026-03-02"), through: .on("2026-03-05"))
        // 03-04 has no entries: 3 days. 03-05: chicken 100 g = 165 kcal, 31 P, 0 C, 3.6 F.
        #expect(range.daysWithEntries == 3)
        #expect(range.days.map(\.date) == [.on("2026-03-02"), .on("2026-03-03"), .on("2026-03-05")])
        // Goals change mid-range on 03-03; the update of 03-04 without goals keeps them.
        #expect(range.days.map { $0.goals?.caloriesKcal } == [2500, 2200, 2200])
        // kcal (634 + 812.5 + 165) / 3 = 1611.5 / 3; P (72.4 + 92.5 + 31) / 3 = 65.3;
        // C (48 + 65 + 0) / 3 = 113 / 3; F (12.8 + 17 + 3.6) / 3 = 33.4 / 3.
        #expect(near(range.average?.calories, 1611.5 / 3))
        #expect(near(range.average?.proteinG, 65.3))
        #expect(near(range.average?.carbsG, 113.0 / 3))
        #expect(near(range.average?.fatsG, 33.4 / 3))
        #expect(range.average?.overDays == 3)
        // A day without entries still knows its goals, and an empty range has no average.
        #expect(try nutrition.day(.on("2026-03-04")).calories == 0)
        #expect(try nutrition.day(.on("2026-03-04")).goals?.caloriesKcal == 2200)
        #expect(try nutrition.dayTotals(.on("2026-03-04")).goals?.caloriesKcal == 2200)
        #expect(try nutrition.range(from: .on("2026-03-06"), through: .on("2026-03-09")).average == nil)
        #expect(try nutrition.range(from: .on("2026-03-05"), through: .on("2026-03-02")).days.isEmpty)
        #expect(try nutrition.goals(on: .on("2026-02-28")) == nil)
        // A range starting after a change takes the goals in force on its first day.
        #expect(try nutrition.range(from: .on("2026-03-05"), through: .on("2026-03-05")).days.map { $0.goals?.caloriesKcal } == [2200])
    }

    @Test("goals apply from effectiveFrom, whenever recorded; the same day's later change wins")
    func backdatedGoals() async throws {
        let scratch = try await fourDays()
        _ = try await scratch.caughtUp(DailyNutrition.models)
        // Recorded last, effective 03-02: it rules 03-02 only, 03-03's change still follows.
        try await scratch.record(ProfileUpdated(goals: goals(2400, 160, 280, 75), effectiveFrom: .on("2026-03-02")))
        try await scratch.record(ProfileUpdated(goals: goals(2300, 160, 280, 75), effectiveFrom: .on("2026-03-02")))
        for nutrition in [try await nutrition(scratch), try await caughtUp(scratch)] {
            #expect(try nutrition.goals(on: .on("2026-03-01"))?.caloriesKcal == 2500)
            #expect(try nutrition.goals(on: .on("2026-03-02"))?.caloriesKcal == 2300)
            #expect(try nutrition.goals(on: .on("2026-03-03"))?.caloriesKcal == 2200)
            #expect(try nutrition.loggedDays() == [.on("2026-03-02"), .on("2026-03-03"), .on("2026-03-05")])
        }
    }

    @Test("each entry keeps the name and nutrients it was logged with, also caught up a step at a time")
    func entriesKeepTheirSnapshot() async throws {
        let scratch = try await fourDays()
        let renamed = FoodLogged(entryID: .n(107), day: .on("2026-03-05"), meal: .dinner, foodID: chicken,
                                 foodName: "Chicken breast", amountGrams: 100, per100g: chickenPer100g,
                                 loggedAt: .at("2026-03-05T19:00:00Z"))
        var leaner = chickenPer100g
        leaner.fatsG = 1.2
        let lean = FoodLogged(entryID: .n(108), day: .on("2026-03-05"), meal: .snack, foodID: chicken,
                              foodName: "Chicken breast", amountGrams: 100, per100g: leaner,
                              loggedAt: .at("2026-03-05T20:00:00Z"))
        let again = FoodLogged(entryID: .n(109), day: .on("2026-03-05"), meal: .snack, foodID: chicken,
                               foodName: "Chicken", amountGrams: 50, per100g: chickenPer100g,
                               loggedAt: .at("2026-03-05T21:00:00Z"))
        try await scratch.record([renamed, lean, again])
        let entries = try await nutrition(scratch).day(.on("2026-03-05")).meals.flatMap(\.entries)
        #expect(entries.map(\.foodName) == ["Chicken", "Chicken breast", "Chicken breast", "Chicken"])
        #expect(entries.map(\.per100g.fatsG) == [3.6, 3.6, 1.2, 3.6])
        #expect(entries.map(\.amountGrams) == [100, 100, 100, 50])
        // Caught up one event at a time, the store holds the same bytes as folded in one go.
        let stepped = try await ScratchLog("nutrition")
        for event in fourDaysEvents + [renamed, lean, again] {
            try await stepped.record([event])
            _ = try await stepped.caughtUp(DailyNutrition.models)
        }
        let steppedStore = try await stepped.caughtUp(DailyNutrition.models).store
        #expect(try StateTesting.dump(steppedStore, DailyNutrition.models)
            == StateTesting.dump(try await scratch.state(DailyNutrition.models), DailyNutrition.models))
    }
}
