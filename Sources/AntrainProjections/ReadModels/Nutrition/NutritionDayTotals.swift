import AntrainEvents
import Foundation

/// One day's totals, meal by meal: the value ``NutritionProjection`` keeps under each day
/// that has entries, so that a range reads a few numbers a day instead of the day's entries.
///
/// The sums are worked from the day's entries (``NutritionDiaryDay/totals()``) in the order
/// the queries have always summed them: each meal's entries in the order logged, then the
/// meals in the order of `Meal.allCases`, so the numbers stay the same to the last bit.
struct NutritionDayTotals: KeyedValue, Equatable {
    typealias Key = CalendarDay

    /// A meal that has entries, and what they add up to.
    struct MealTotal: Equatable {
        var meal: Meal
        var sum: NutritionSum
    }

    /// The day.
    var day: CalendarDay
    /// How many entries the day has.
    var entries: Int
    /// The meals that have entries, in the order of `Meal.allCases`.
    var meals: [MealTotal]

    init(day: CalendarDay, entries: Int, meals: [MealTotal]) {
        self.day = day
        self.entries = entries
        self.meals = meals
    }

    /// The day's totals: its meals' sums added in meal order, from zero.
    var total: NutritionSum {
        var total = NutritionSum()
        for meal in meals { total.add(meal.sum) }
        return total
    }

    /// The day as the queries give it, each meal without its entries.
    func dayNutrition(goals: NutritionGoals?) -> DayNutrition {
        let total = total
        return DayNutrition(date: day, calories: total.calories, proteinG: total.proteinG, carbsG: total.carbsG,
                            fatsG: total.fatsG, goals: goals, meals: meals.map { $0.sum.meal($0.meal, entries: []) })
    }

    func encode(into writer: inout StateValueWriter) {
        writer.day(day)
        writer.count(entries)
        writer.list(meals) { writer, meal in
            writer.code(meal.meal)
            meal.sum.encode(into: &writer)
        }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        day = try cursor.calendarDay()
        entries = try cursor.count()
        meals = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            MealTotal(meal: try cursor.code(Meal.self), sum: try NutritionSum(from: &cursor))
        }
    }

    /// The day, its totals and its number of entries, for analysts.
    var columns: [StateColumnValue] {
        let total = total
        return [.day(day), .real(total.calories), .real(total.proteinG), .real(total.carbsG), .real(total.fatsG),
                .integer(Int64(entries))]
    }

    var residentBytes: Int { 48 + meals.count * MemoryLayout<MealTotal>.stride }
}

/// A running sum of energy and macronutrients, added up in the order the queries add them.
struct NutritionSum: Equatable, Sendable {
    var calories = 0.0
    var proteinG = 0.0
    var carbsG = 0.0
    var fatsG = 0.0

    /// Adds what `grams` of a food with `per100g` contain.
    @inline(__always)
    mutating func add(_ per100g: Nutrients, grams: Double) {
        let factor = grams / 100
        calories += per100g.caloriesKcal * factor
        proteinG += per100g.proteinG * factor
        carbsG += per100g.carbsG * factor
        fatsG += per100g.fatsG * factor
    }

    /// Adds another sum, field by field.
    mutating func add(_ other: NutritionSum) {
        calories += other.calories
        proteinG += other.proteinG
        carbsG += other.carbsG
        fatsG += other.fatsG
    }

    /// The sum as one meal's totals.
    func meal(_ meal: Meal, entries: [DiaryEntry]) -> MealNutrition {
        MealNutrition(meal: meal, calories: calories, proteinG: proteinG, carbsG: carbsG, fatsG: fatsG, entries: entries)
    }

    func encode(into writer: inout StateValueWriter) {
        writer.double(calories)
        writer.double(proteinG)
        writer.double(carbsG)
        writer.double(fatsG)
    }

    /// Nothing yet.
    init() {}

    /// A sum from its parts.
    init(calories: Double, proteinG: Double, carbsG: Double, fatsG: Double) {
        self.calories = calories
        self.proteinG = proteinG
        self.carbsG = carbsG
        self.fatsG = fatsG
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        calories = try cursor.double()
        proteinG = try cursor.double()
        carbsG = try cursor.double()
        fatsG = try cursor.double()
    }
}
