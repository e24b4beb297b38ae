import AntrainEvents
import Foundation

/// What one day's diary adds up to, against the goals in force that day.
///
/// The field names `date`, `calories`, `proteinG`, `carbsG`, `fatsG` and `goals` are the
/// ones the CLI's `nutrition` JSON uses.
public struct DayNutrition: Sendable, Codable, Equatable {
    /// The day.
    public var date: CalendarDay
    /// Energy eaten, in kilocalories.
    public var calories: Double
    /// Protein eaten, in grams.
    public var proteinG: Double
    /// Carbohydrates eaten, in grams.
    public var carbsG: Double
    /// Fats eaten, in grams.
    public var fatsG: Double
    /// The goals in force that day, if the profile had set any by then.
    public var goals: NutritionGoals?
    /// The meals that have entries, in the order breakfast, lunch, dinner, snack.
    public var meals: [MealNutrition]

    /// Whether anything was logged that day.
    public var hasEntries: Bool { !meals.isEmpty }
}

/// What one meal of a day adds up to, with its entries.
public struct MealNutrition: Sendable, Codable, Equatable {
    /// The meal.
    public var meal: Meal
    /// Energy, in kilocalories.
    public var calories: Double
    /// Protein, in grams.
    public var proteinG: Double
    /// Carbohydrates, in grams.
    public var carbsG: Double
    /// Fats, in grams.
    public var fatsG: Double
    /// The meal's entries, in the order they were logged.
    public var entries: [DiaryEntry]
}

/// Days of a range with their totals, and the average over the days that have entries.
public struct NutritionRange: Sendable, Codable, Equatable {
    /// The first day of the range.
    public var from: CalendarDay
    /// The last day of the range, included.
    public var through: CalendarDay
    /// The days of the range that have entries, oldest first (empty days are left out).
    public var days: [DayNutrition]
    /// How many days have entries: the days the average is taken over.
    public var daysWithEntries: Int
    /// The mean of the daily totals over the days that have entries (days with nothing
    /// logged are not counted as zero); nil when no day of the range has entries.
    public var average: NutritionAverage?
}

/// The mean daily energy and macronutrients over a number of days.
public struct NutritionAverage: Sendable, Codable, Equatable {
    /// Mean energy per day, in kilocalories.
    public var calories: Double
    /// Mean protein per day, in grams.
    public var proteinG: Double
    /// Mean carbohydrates per day, in grams.
    public var carbsG: Double
    /// Mean fats per day, in grams.
    public var fatsG: Double
    /// The number of days the mean is taken over.
    public var overDays: Int
}
