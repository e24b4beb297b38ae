import AntrainEvents
import Foundation

/// Nutrition goals and the first day they apply: one change of the goals.
public struct NutritionGoalsPeriod: Sendable, Equatable {
    /// The day the goals apply from (`ProfileUpdated.effectiveFrom`).
    public var from: CalendarDay
    /// The goals from that day on, until the next change.
    public var goals: NutritionGoals
}

extension DailyNutrition {
    /// The goals in force on `date`, with the day they took effect, and the next change
    /// planned after it (goals set with a later `effectiveFrom`), each nil when there is none.
    ///
    /// Two reads of the goals' keys by day, one row each: the latest change on or before
    /// `date`, and the first after it.
    public func goalPeriods(around date: CalendarDay) throws -> (current: NutritionGoalsPeriod?, next: NutritionGoalsPeriod?) {
        let keyspace = NutritionProjection.goals
        let afterDate = date.adding(days: 1).keyBytes
        return try store.read { state in
            let period = { (entry: StateEntry) throws -> NutritionGoalsPeriod in
                let change = try NutritionGoalsChange.decoded(entry.value, in: keyspace)
                return NutritionGoalsPeriod(from: change.effectiveFrom, goals: change.goals)
            }
            let current = try state.entries(in: keyspace, from: nil, below: afterDate, descending: true, limit: 1).first.map(period)
            let next = try state.entries(in: keyspace, from: afterDate, below: nil, descending: false, limit: 1).first.map(period)
            return (current, next)
        }
    }
}
