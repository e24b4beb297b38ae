import AntrainEvents
import Foundation

/// What was eaten each day and at each meal, against the nutrition goals in force that day,
/// read from the days a question covers.
///
/// ```swift
/// let report = try await ProjectionStore(logDirectory: path, models: DailyNutrition.models).catchUp(log)
/// let nutrition = DailyNutrition(report.store, events: EventLookup(log: log))
/// let today = try nutrition.day(CalendarDay(Timestamp.now))       // with each meal's entries
/// let month = try nutrition.range(from: first, through: last)     // totals only
/// print(today.calories, today.goals?.caloriesKcal ?? 0, month.average?.calories ?? 0)
/// ```
///
/// Totals come from each entry's amount and the per-100 g snapshot its `FoodLogged` carries:
/// editing or deleting the food in the library later leaves past days as they were, while
/// `FoodEntryCorrected` (new meal or amount) and `FoodEntryRemoved` change them: the entry
/// of the day they name with their entry id (the latest one logged, should an id repeat).
///
/// Goals come from `ProfileUpdated` events that carry goals, and apply from the event's
/// `effectiveFrom` day (not the day it was recorded): the goals in force on a day are those
/// of the change with the latest `effectiveFrom` on or before that day. Two changes with the
/// same `effectiveFrom` day: the one later in the log wins. A `ProfileUpdated` without goals
/// leaves the goals as they were.
///
/// ``day(_:)`` reads the day's entries; ``dayTotals(_:)`` and ``range(from:through:)`` read
/// only each day's totals (a few dozen bytes, where a day of a large log holds thousands of
/// entries), so their meals come without entries. The numbers are the same either way.
///
/// The state keeps no entry ids: each entry keeps the offset of its `FoodLogged`, and
/// ``day(_:)`` reads the ids of the day's entries back from the log through `events`.
public struct DailyNutrition: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [NutritionProjection.self]
    let store: any KeyedStateStore
    private let events: EventLookup?

    /// Answers from `store`, caught up with the log, reading the ids of the entries ``day(_:)``
    /// shows back from the log through `events`. With `events` nil, the entries' `entryID`s are
    /// stand-ins (distinct, but not the real ones): for answers that never show them, such as
    /// totals, ranges and exports.
    public init(_ store: any KeyedStateStore, events: EventLookup?) {
        self.store = store
        self.events = events
    }

    /// The goals in force on `date`: those of the latest change taking effect on or before
    /// it, or nil if no goals had been set by then.
    public func goals(on date: CalendarDay) throws -> NutritionGoals? {
        try store.read { state in try Self.goals(state, from: date, through: date).goals(on: date) }
    }

    /// One day's totals, per-meal breakdown with each meal's entries, and goals; a day
    /// without entries has zero totals and no meals, and still its goals. The entries' ids
    /// are read back from the log (one read of the blocks that hold the day's events).
    public func day(_ date: CalendarDay) throws -> DayNutrition {
        let keyspace = NutritionProjection.diary
        return try store.read { state in
            let goals = try Self.goals(state, from: date, through: date).goals(on: date)
            guard let bytes = try state.value(in: keyspace, key: date.keyBytes) else { return Self.empty(date, goals: goals) }
            var diary = try NutritionDiaryDay.decoded(bytes, in: keyspace)
            if let events { try diary.resolve(try events.events(at: diary.unknownOffsets(from: 0)), from: 0) }
            return diary.dayNutrition(goals: goals)
        }
    }

    /// One day as ``day(_:)`` gives it, but each meal without its entries: read from the
    /// day's totals alone.
    public func dayTotals(_ date: CalendarDay) throws -> DayNutrition {
        let keyspace = NutritionProjection.days
        return try store.read { state in
            let goals = try Self.goals(state, from: date, through: date).goals(on: date)
            guard let bytes = try state.value(in: keyspace, key: date.keyBytes) else { return Self.empty(date, goals: goals) }
            return try NutritionDayTotals.decoded(bytes, in: keyspace).dayNutrition(goals: goals)
        }
    }

    /// The days from `from` through `through` that have entries (each meal without its
    /// entries), and their average.
    ///
    /// The average is taken over the days that have entries only: a day with nothing logged
    /// is taken to be a day not tracked rather than a day of fasting. `daysWithEntries`
    /// says how many days that is. An empty range (`from` after `through`) has no days.
    public func range(from: CalendarDay, through: CalendarDay) throws -> NutritionRange {
        guard from <= through else { return Self.range(from: from, through: through, days: []) }
        let keyspace = NutritionProjection.days
        let days = try store.read { state in
            let goals = try Self.goals(state, from: from, through: through)
            return try state.entries(in: keyspace, from: from.keyBytes, below: through.adding(days: 1).keyBytes,
                                     descending: false, limit: nil).map { entry in
                let totals = try NutritionDayTotals.decoded(entry.value, in: keyspace)
                return totals.dayNutrition(goals: goals.goals(on: totals.day))
            }
        }
        return Self.range(from: from, through: through, days: days)
    }

    /// Every day that has at least one entry, oldest first.
    public func loggedDays() throws -> [CalendarDay] {
        let keyspace = NutritionProjection.days
        return try store.read { state in
            try state.entries(in: keyspace, from: nil, below: nil, descending: false, limit: nil).map { entry in
                guard let day = CalendarDay(keyBytes: entry.key) else {
                    throw StateStoreError.damaged(path: keyspace.description, "a key of \(entry.key.count) bytes is not a day")
                }
                return day
            }
        }
    }

    // MARK: Parts

    /// The goal changes that rule `from` through `through`: the one in force on `from`,
    /// then those taking effect after it, up to `through`.
    private static func goals(_ state: any KeyedStateReading, from: CalendarDay, through: CalendarDay) throws -> NutritionGoalsTimeline {
        let keyspace = NutritionProjection.goals
        let afterFrom = from.adding(days: 1).keyBytes
        var changes = try state.entries(in: keyspace, from: nil, below: afterFrom, descending: true, limit: 1)
        if through > from {
            changes += try state.entries(in: keyspace, from: afterFrom, below: through.adding(days: 1).keyBytes,
                                         descending: false, limit: nil)
        }
        return NutritionGoalsTimeline(changes: try changes.map { try NutritionGoalsChange.decoded($0.value, in: keyspace) })
    }

    /// A day without entries: zero totals, no meals, its goals.
    private static func empty(_ date: CalendarDay, goals: NutritionGoals?) -> DayNutrition {
        DayNutrition(date: date, calories: 0, proteinG: 0, carbsG: 0, fatsG: 0, goals: goals, meals: [])
    }

    /// The range with its days that have entries and their average (over those days only),
    /// the days' totals summed in day order, from zero.
    private static func range(from: CalendarDay, through: CalendarDay, days: [DayNutrition]) -> NutritionRange {
        var average: NutritionAverage?
        if !days.isEmpty {
            let count = Double(days.count)
            var sum = NutritionSum()
            for day in days {
                sum.add(NutritionSum(calories: day.calories, proteinG: day.proteinG, carbsG: day.carbsG, fatsG: day.fatsG))
            }
            average = NutritionAverage(calories: sum.calories / count, proteinG: sum.proteinG / count,
                                       carbsG: sum.carbsG / count, fatsG: sum.fatsG / count, overDays: days.count)
        }
        return NutritionRange(from: from, through: through, days: days, daysWithEntries: days.count, average: average)
    }
}
