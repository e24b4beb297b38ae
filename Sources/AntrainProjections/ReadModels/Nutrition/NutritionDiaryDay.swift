import AntrainEvents
import Foundation

/// One day's diary: its entries in the order logged, each with the number of the food
/// snapshot (food, name, nutrients per 100 g) its `FoodLogged` carried. The value
/// ``NutritionProjection`` keeps under each day that has entries.
///
/// A day of a large log holds thousands of entries of the same few foods, so the name and
/// nutrients are kept once per day in ``snapshots`` and an entry keeps the snapshot's number:
/// an entry costs about 20 bytes stored (its id, its amount, and its snapshot and meal in
/// one varint).
struct NutritionDiaryDay: KeyedValue {
    typealias Key = CalendarDay

    /// One entry: what a correction can change, and its snapshot's number.
    struct Entry: Equatable {
        // Declared widest first, so that an entry takes 32 bytes, not 40.
        /// The amount eaten, in grams.
        var amountGrams: Double
        /// The entry's id, which corrections and removals name.
        var entryID: UUID
        /// Its food snapshot's index in ``NutritionDiaryDay/snapshots``.
        var snapshot: UInt32
        /// The meal it belongs to.
        var meal: Meal
    }

    /// A food as some `FoodLogged` of the day described it.
    struct Snapshot: Equatable {
        var foodID: UUID
        var foodName: String
        var per100g: Nutrients

        /// Whether `event` carries exactly this name and these nutrients, bit for bit (so
        /// that even -0 and 0 stay apart, as they would if each entry kept its own copy).
        func matches(_ event: FoodLogged) -> Bool {
            let other = event.per100g
            return per100g.caloriesKcal.bitPattern == other.caloriesKcal.bitPattern
                && per100g.proteinG.bitPattern == other.proteinG.bitPattern
                && per100g.carbsG.bitPattern == other.carbsG.bitPattern
                && per100g.fatsG.bitPattern == other.fatsG.bitPattern
                && foodName == event.foodName
        }
    }

    /// The day.
    var day: CalendarDay
    /// Every distinct snapshot the day's entries were logged with, in the order first seen
    /// (kept when the entries using one are removed: the day's bytes then depend only on its
    /// events, never on when its key was written).
    private(set) var snapshots: [Snapshot] = []
    /// The entries, in the order logged.
    private(set) var entries: [Entry] = []
    /// Not stored: each food's latest snapshot, rebuilt from ``snapshots`` when read.
    private var latestSnapshot = UUIDMap<UInt32>()

    /// A day without entries.
    init(day: CalendarDay) { self.day = day }

    /// Adds the entry `event` logs, with its food's latest snapshot when the event carries
    /// the same name and nutrients, else with a new one.
    mutating func log(_ event: FoodLogged) {
        let slot = latestSnapshot.slot(for: event.foodID, default: .max)
        var number = latestSnapshot.values[slot]
        if number == .max || !snapshots[Int(number)].matches(event) {
            number = UInt32(snapshots.count)
            snapshots.append(Snapshot(foodID: event.foodID, foodName: event.foodName, per100g: event.per100g))
            latestSnapshot.values[slot] = number
        }
        entries.append(Entry(amountGrams: event.amountGrams, entryID: event.entryID, snapshot: number, meal: event.meal))
    }

    /// The index of the entry with `entryID` (the latest logged, should an id repeat).
    ///
    /// An entry is corrected or removed soon after it is logged: the search runs from the
    /// end, comparing ids as two words each rather than sixteen bytes.
    func index(of entryID: UUID) -> Int? {
        let wanted = entryID.words
        return entries.lastIndex { $0.entryID.words == wanted }
    }

    /// Gives the entry at `index` a new meal and amount; its snapshot stays.
    mutating func correct(at index: Int, meal: Meal, amountGrams: Double) {
        entries[index].meal = meal
        entries[index].amountGrams = amountGrams
    }

    /// Takes out the entry at `index`.
    mutating func remove(at index: Int) { entries.remove(at: index) }

    /// The day's totals per meal, summed as the queries always have (see ``NutritionDayTotals``).
    func totals() -> NutritionDayTotals {
        var meals: [NutritionDayTotals.MealTotal] = []
        for meal in Meal.allCases {
            var sum = NutritionSum()
            var found = false
            for entry in entries where entry.meal == meal {
                sum.add(snapshots[Int(entry.snapshot)].per100g, grams: entry.amountGrams)
                found = true
            }
            if found { meals.append(.init(meal: meal, sum: sum)) }
        }
        return NutritionDayTotals(day: day, entries: entries.count, meals: meals)
    }

    /// The day as ``DailyNutrition/day(_:)`` gives it: the totals of ``totals()``, and each
    /// meal with its entries in the order logged.
    func dayNutrition(goals: NutritionGoals?) -> DayNutrition {
        var day = totals().dayNutrition(goals: goals)
        for index in day.meals.indices {
            let meal = day.meals[index].meal
            day.meals[index].entries = entries.filter { $0.meal == meal }.map(diaryEntry)
        }
        return day
    }

    /// The entry as queries show it, with its snapshot's food, name and nutrients.
    func diaryEntry(_ entry: Entry) -> DiaryEntry {
        let snapshot = snapshots[Int(entry.snapshot)]
        return DiaryEntry(entryID: entry.entryID, meal: entry.meal, foodID: snapshot.foodID, foodName: snapshot.foodName,
                          amountGrams: entry.amountGrams, per100g: snapshot.per100g)
    }

    // MARK: Stored form

    /// Meals per snapshot number in an entry's combined varint.
    private static let mealCount = UInt64(Meal.allCases.count)

    func encode(into writer: inout StateValueWriter) {
        writer.day(day)
        writer.list(snapshots) { writer, snapshot in
            writer.uuid(snapshot.foodID)
            writer.string(snapshot.foodName)
            writer.double(snapshot.per100g.caloriesKcal)
            writer.double(snapshot.per100g.proteinG)
            writer.double(snapshot.per100g.carbsG)
            writer.double(snapshot.per100g.fatsG)
        }
        writer.list(entries) { writer, entry in
            writer.uuid(entry.entryID)
            writer.double(entry.amountGrams)
            // The snapshot's number and the meal's code in one varint: one byte for both
            // while a day has fewer than 32 snapshots.
            let meal = UInt64(Meal.allCases.firstIndex(of: entry.meal) ?? 0)
            writer.varint(UInt64(entry.snapshot) * Self.mealCount + meal)
        }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        day = try cursor.calendarDay()
        snapshots = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            Snapshot(foodID: try cursor.uuid(), foodName: try cursor.string(),
                     per100g: Nutrients(caloriesKcal: try cursor.double(), proteinG: try cursor.double(),
                                        carbsG: try cursor.double(), fatsG: try cursor.double()))
        }
        let snapshotCount = UInt64(snapshots.count)
        let meals = Array(Meal.allCases)
        entries = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            let entryID = try cursor.uuid()
            let amountGrams = try cursor.double()
            let combined = try cursor.varint()
            // A damaged number must not index past the snapshots.
            guard combined / Self.mealCount < snapshotCount else { throw BinaryCursor.Failure() }
            return Entry(amountGrams: amountGrams, entryID: entryID, snapshot: UInt32(combined / Self.mealCount),
                         meal: meals[Int(combined % Self.mealCount)])
        }
        for (number, snapshot) in snapshots.enumerated() {
            latestSnapshot[snapshot.foodID] = UInt32(number)
        }
    }

    /// The day and how many entries it has.
    var columns: [StateColumnValue] { [.day(day), .integer(Int64(entries.count))] }

    var residentBytes: Int {
        96 + entries.capacity * MemoryLayout<Entry>.stride + snapshots.count * (MemoryLayout<Snapshot>.stride + 48)
    }
}
