import AntrainEvents
import Foundation

/// The digest of ``LegacyDailyNutrition``: each logged day's totals and per-meal totals, and the
/// goal changes; the entries themselves stay in the model.
///
/// ```swift
/// let days = try await ProjectionRunner.digest(of: LegacyDailyNutrition.self, in: log, checkpoints: store)
/// let today = days.day(CalendarDay(.now))
/// print(today.calories, today.goals?.caloriesKcal ?? 0)
/// ```
///
/// Its answers are the model's, number for number (they are computed by the model's own
/// `day(_:)`), except that each ``MealNutrition`` comes without its `entries`: ask the
/// model (``LegacyDailyNutrition/day(_:)``) for those.
public struct NutritionDays: Codable, Sendable, Equatable {
    /// Days with entries, oldest first, their meals without entries.
    var days: [DayNutrition] = []
    /// Goal changes sorted by `effectiveFrom`.
    var goalChanges: [LegacyDailyNutrition.GoalsChange] = []

    /// The goals in force on `date`, or nil if none had been set by then.
    public func goals(on date: CalendarDay) -> NutritionGoals? {
        goalChanges.goals(on: date)
    }

    /// One day's totals, per-meal totals and goals; a day without entries has zero totals
    /// and no meals, and still its goals.
    public func day(_ date: CalendarDay) -> DayNutrition {
        let index = days.partitioningIndex(where: { $0.date >= date })
        if index < days.count, days[index].date == date { return days[index] }
        return DayNutrition(date: date, calories: 0, proteinG: 0, carbsG: 0, fatsG: 0, goals: goals(on: date), meals: [])
    }

    /// The days from `from` through `through` that have entries, and their average over
    /// those days only.
    public func range(from: CalendarDay, through: CalendarDay) -> NutritionRange {
        guard from <= through else { return NutritionRange(from: from, through: through, loggedDays: []) }
        let start = days.partitioningIndex(where: { $0.date >= from })
        let end = days.partitioningIndex(where: { $0.date > through })
        return NutritionRange(from: from, through: through, loggedDays: start < end ? Array(days[start..<end]) : [])
    }
}

extension LegacyDailyNutrition: DigestingReadModel {
    /// Every logged day as ``day(_:)`` gives it, its meals without their entries.
    public func digest() -> NutritionDays {
        let days = loggedDays.map { day($0, withEntries: false) }
        return NutritionDays(days: days, goalChanges: goalChanges)
    }
}
