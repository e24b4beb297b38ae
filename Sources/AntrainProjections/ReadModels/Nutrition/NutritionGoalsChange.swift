import AntrainEvents
import Foundation

/// Nutrition goals and the day they start to apply: the value ``NutritionProjection`` keeps
/// under each `effectiveFrom` day that some `ProfileUpdated` with goals named (the latest in
/// the log of that day's changes).
struct NutritionGoalsChange: KeyedValue, Equatable {
    typealias Key = CalendarDay

    /// `ProfileUpdated.effectiveFrom`.
    var effectiveFrom: CalendarDay
    /// The goals from that day on.
    var goals: NutritionGoals

    init(effectiveFrom: CalendarDay, goals: NutritionGoals) {
        self.effectiveFrom = effectiveFrom
        self.goals = goals
    }

    func encode(into writer: inout StateValueWriter) {
        writer.day(effectiveFrom)
        writer.double(goals.caloriesKcal)
        writer.double(goals.proteinG)
        writer.double(goals.carbsG)
        writer.double(goals.fatsG)
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        effectiveFrom = try cursor.calendarDay()
        goals = NutritionGoals(caloriesKcal: try cursor.double(), proteinG: try cursor.double(), carbsG: try cursor.double(),
                               fatsG: try cursor.double())
    }

    /// The day and the four goals, for analysts.
    var columns: [StateColumnValue] {
        [.day(effectiveFrom), .real(goals.caloriesKcal), .real(goals.proteinG), .real(goals.carbsG), .real(goals.fatsG)]
    }
}

/// The goal changes that rule a range of days, sorted by `effectiveFrom`: the change in force
/// on its first day (if any), then every change taking effect within it.
struct NutritionGoalsTimeline {
    /// The changes, oldest `effectiveFrom` first.
    var changes: [NutritionGoalsChange]

    /// The goals in force on `date`: those of the latest change taking effect on or before
    /// it, found by a binary search; nil when none had by then.
    func goals(on date: CalendarDay) -> NutritionGoals? {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].effectiveFrom <= date { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : changes[low - 1].goals
    }
}
