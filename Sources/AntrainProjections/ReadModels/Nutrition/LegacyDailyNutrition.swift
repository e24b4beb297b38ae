import AntrainEvents
import Foundation
import OrderedCollections

/// What was eaten each day and at each meal, against the nutrition goals in force that day.
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
/// ```swift
/// let nutrition = try await ProjectionRunner.state(of: LegacyDailyNutrition.self, in: log, asOf: .offset(.max))
/// let today = nutrition.day(CalendarDay(Timestamp.now))
/// print(today.calories, today.goals?.caloriesKcal ?? 0)
/// ```
public struct LegacyDailyNutrition: ReadModel, Equatable {
    /// The checkpoint's name.
    public static let name = "daily-nutrition"
    /// Raised whenever `visit` logic or the encoded shape changes. 3: a correction or
    /// removal names the latest entry of its day with that id (the first, before).
    public static let version = 3

    /// Each day's entries in the order they were logged; days in the order first logged.
    /// Corrections and removals name their day, so they search only that day's entries.
    var diary: OrderedDictionary<CalendarDay, [LoggedEntry]> = [:]
    /// Every distinct food snapshot (food, name, nutrients) entries were logged with, in the
    /// order first seen: a diary logs the same few foods again and again, so an entry keeps
    /// the number of its snapshot instead of a copy of the name and nutrients.
    var snapshots: [FoodSnapshot] = []
    /// Goal changes sorted by `effectiveFrom`, at most one per day.
    var goalChanges: [GoalsChange] = []

    /// Not encoded: each food's latest snapshot, rebuilt from `snapshots` on decode.
    var latestSnapshot = UUIDMap<Int32>()
    /// Not encoded: the day of the last entry logged and its index in `diary` (days are
    /// never taken out of `diary`, so the index stays good), since entries come day by day.
    var lastDay: (day: CalendarDay, index: Int)?

    /// An empty diary without goals.
    public init() {}

    /// Adds the entry to its day.
    public mutating func visit(_ event: FoodLogged, _ stored: EventMetadata) {
        let snapshot = snapshotNumber(event)
        let entry = LoggedEntry(amountGrams: event.amountGrams, snapshot: snapshot, meal: event.meal, entryID: event.entryID)
        if let lastDay, lastDay.day == event.day {
            diary.values[lastDay.index].append(entry)
            return
        }
        let index: Int
        if let found = diary.index(forKey: event.day) {
            index = found
        } else {
            diary[event.day] = []
            index = diary.count - 1
        }
        diary.values[index].append(entry)
        lastDay = (event.day, index)
    }

    /// Replaces the entry's meal and amount; its nutrient snapshot stays.
    public mutating func visit(_ event: FoodEntryCorrected, _ stored: EventMetadata) {
        guard let (day, index) = position(of: event.entryID, on: event.day) else { return }
        diary.values[day][index].meal = event.meal
        diary.values[day][index].amountGrams = event.amountGrams
    }

    /// Takes the entry out of its day.
    public mutating func visit(_ event: FoodEntryRemoved, _ stored: EventMetadata) {
        guard let (day, index) = position(of: event.entryID, on: event.day) else { return }
        diary.values[day].remove(at: index)
    }

    /// Records new goals from their `effectiveFrom` day on.
    public mutating func visit(_ event: ProfileUpdated, _ stored: EventMetadata) {
        guard let goals = event.goals else { return }
        let change = GoalsChange(effectiveFrom: event.effectiveFrom, goals: goals)
        // Changes nearly always take effect after every earlier one: search from the end.
        var index = goalChanges.endIndex
        while index > 0, goalChanges[index - 1].effectiveFrom > change.effectiveFrom { index -= 1 }
        if index > 0, goalChanges[index - 1].effectiveFrom == change.effectiveFrom {
            goalChanges[index - 1] = change
        } else {
            goalChanges.insert(change, at: index)
        }
    }

    /// The number of the event's food snapshot: the food's latest one when the event
    /// carries the same name and nutrients, else a new one.
    private mutating func snapshotNumber(_ event: FoodLogged) -> Int32 {
        let slot = latestSnapshot.slot(for: event.foodID, default: -1)
        let latest = Int(latestSnapshot.values[slot])
        if latest >= 0, snapshots[latest].matches(event) { return Int32(latest) }
        snapshots.append(FoodSnapshot(foodID: event.foodID, foodName: event.foodName, per100g: event.per100g))
        latestSnapshot.values[slot] = Int32(snapshots.count - 1)
        return Int32(snapshots.count - 1)
    }

    /// Where the entry sits: the index of its day in `diary`, and its index in that day (the
    /// latest entry logged with that id, should an id repeat).
    ///
    /// A day of a large log holds thousands of entries, and an entry is corrected or removed
    /// soon after it is logged: the search runs from the end of the day, comparing ids as two
    /// words each rather than sixteen bytes.
    private func position(of entryID: UUID, on day: CalendarDay) -> (Int, Int)? {
        guard let dayIndex = diary.index(forKey: day) else { return nil }
        let wanted = entryID.words
        guard let entryIndex = diary.values[dayIndex].lastIndex(where: { $0.entryID.words == wanted }) else { return nil }
        return (dayIndex, entryIndex)
    }
}
