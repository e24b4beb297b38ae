import AntrainEvents
import Foundation

/// One food diary entry as it stands: the snapshot `FoodLogged` took, with the meal and
/// amount of the latest `FoodEntryCorrected`.
///
/// The nutrients are the food's per-100 g values when it was logged, so editing the food in
/// the library later never changes a past day.
public struct DiaryEntry: Sendable, Codable, Equatable {
    /// The entry's id, which corrections and removals name.
    public var entryID: UUID
    /// The meal it belongs to.
    public var meal: Meal
    /// The food of the library it was logged from.
    public var foodID: UUID
    /// The food's name when it was logged.
    public var foodName: String
    /// The amount eaten, in grams.
    public var amountGrams: Double
    /// The food's nutrients per 100 g when it was logged.
    public var per100g: Nutrients

    init(entryID: UUID, meal: Meal, foodID: UUID, foodName: String, amountGrams: Double, per100g: Nutrients) {
        self.entryID = entryID
        self.meal = meal
        self.foodID = foodID
        self.foodName = foodName
        self.amountGrams = amountGrams
        self.per100g = per100g
    }
}

extension LegacyDailyNutrition {
    /// Nutrition goals and the day they start to apply.
    struct GoalsChange: Sendable, Codable, Equatable {
        /// `ProfileUpdated.effectiveFrom`.
        var effectiveFrom: CalendarDay
        var goals: NutritionGoals
    }

    /// A running sum of energy and macronutrients, used by the queries.
    struct MacroSum: Sendable, Equatable {
        var calories = 0.0
        var proteinG = 0.0
        var carbsG = 0.0
        var fatsG = 0.0

        /// Adds what `grams` of a food with `per100g` contain.
        mutating func add(_ per100g: Nutrients, grams: Double) {
            let factor = grams / 100
            calories += per100g.caloriesKcal * factor
            proteinG += per100g.proteinG * factor
            carbsG += per100g.carbsG * factor
            fatsG += per100g.fatsG * factor
        }

        mutating func add(_ other: MacroSum) {
            calories += other.calories
            proteinG += other.proteinG
            carbsG += other.carbsG
            fatsG += other.fatsG
        }
    }
}
