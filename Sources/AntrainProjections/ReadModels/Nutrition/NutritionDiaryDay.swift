import AntrainEvents
import AntrainLog
import Foundation

/// One day's diary: its entries in the order logged, each with the number of the food
/// snapshot (food, name, nutrients per 100 g) its `FoodLogged` carried. The value
/// ``NutritionProjection`` keeps under each day that has entries.
///
/// A day of a large log holds thousands of entries of the same few foods, so the name and
/// nutrients are kept once per day in ``snapshots`` and an entry keeps the snapshot's number.
/// An entry's id is not stored: the entry keeps the offset of its `FoodLogged`, which holds
/// the id, and the id is read back from the log when a correction or a removal looks for it
/// or an answer shows it (``idsKnownFrom``). Stored, an entry costs about three bytes.
struct NutritionDiaryDay: KeyedValue {
    typealias Key = CalendarDay

    /// One entry: what a correction can change, its snapshot's number and its place in the log.
    struct Entry: Equatable {
        // Declared widest first, so that an entry takes 40 bytes, not 48.
        /// The amount eaten, in grams.
        var amountGrams: Double
        /// The entry's id, which corrections and removals name; a stand-in (``UUID/standIn(_:)``)
        /// until read back from the log, for an entry read from the store.
        var entryID: UUID
        /// The offset of its `FoodLogged`: the event that holds its id.
        var offset: UInt64
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
    /// Not stored: the entries from this index on have their real ids; those before it, read
    /// from the store, hold stand-ins until ``resolve(_:from:)`` reads theirs back. Entries are
    /// corrected and removed soon after they are logged, so a search by id reads back the
    /// last few entries' ids first, and rarely the whole day's.
    private(set) var idsKnownFrom = 0

    /// A day without entries.
    init(day: CalendarDay) { self.day = day }

    /// Adds the entry `event` logs, with its food's latest snapshot when the event carries
    /// the same name and nutrients, else with a new one.
    mutating func log(_ event: FoodLogged, offset: UInt64) {
        let slot = latestSnapshot.slot(for: event.foodID, default: .max)
        var number = latestSnapshot.values[slot]
        if number == .max || !snapshots[Int(number)].matches(event) {
            number = UInt32(snapshots.count)
            snapshots.append(Snapshot(foodID: event.foodID, foodName: event.foodName, per100g: event.per100g))
            latestSnapshot.values[slot] = number
        }
        entries.append(Entry(amountGrams: event.amountGrams, entryID: event.entryID, offset: offset, snapshot: number, meal: event.meal))
    }

    /// The index of the entry with `entryID` among those at `indices` (the latest logged,
    /// should an id repeat), which must have their ids known; nil when none of them has it.
    ///
    /// An entry is corrected or removed soon after it is logged: the search runs from the
    /// end, comparing ids as two words each rather than sixteen bytes.
    func index(of entryID: UUID, in indices: Range<Int>) -> Int? {
        let wanted = entryID.words
        return entries[indices].lastIndex { $0.entryID.words == wanted }
    }

    /// Fills in the ids of the entries from `start` up to ``idsKnownFrom`` from `events`, the
    /// events at their offsets read back from the log.
    mutating func resolve(_ events: [UInt64: any DomainEvent], from start: Int) throws {
        for index in start..<idsKnownFrom {
            guard let logged = events[entries[index].offset] as? FoodLogged else {
                throw StateStoreError.damaged(path: NutritionProjection.diary.description,
                                              "the entry logged by the event at offset \(entries[index].offset) is not in the log")
            }
            entries[index].entryID = logged.entryID
        }
        idsKnownFrom = min(idsKnownFrom, start)
    }

    /// The offsets of the entries from `start` up to ``idsKnownFrom``, whose ids are not known.
    func unknownOffsets(from start: Int) -> [UInt64] { entries[start..<max(start, idsKnownFrom)].map(\.offset) }

    /// Gives the entry at `index` a new meal and amount; its snapshot stays.
    mutating func correct(at index: Int, meal: Meal, amountGrams: Double) {
        entries[index].meal = meal
        entries[index].amountGrams = amountGrams
    }

    /// Takes out the entry at `index`.
    mutating func remove(at index: Int) {
        entries.remove(at: index)
        if index < idsKnownFrom { idsKnownFrom -= 1 }
    }

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

    /// The stored form: the day; its snapshots (food id, name, nutrients per 100 g); then
    /// each entry in the order logged. An entry is the offset of its `FoodLogged` less the one
    /// before it (entries are logged in log order, so the difference is positive and small),
    /// shifted left by three above a bit saying whether its amount is new to the day and its
    /// meal's two bits; its snapshot's number; and its amount: the amount itself when new,
    /// else the number of the earlier entry's amount it repeats (amounts numbered in the order
    /// they first appear). A day of a large log holds a hundred distinct amounts over
    /// thousands of entries, so most entries take three bytes, where their ids alone took
    /// sixteen.
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
        var previous: UInt64 = 0
        // Looked up only, never walked: the bytes follow the entries' order alone.
        var amounts: [UInt64: UInt64] = [:]
        writer.list(entries) { writer, entry in
            let meal = UInt64(Meal.allCases.firstIndex(of: entry.meal) ?? 0)
            let known = amounts[entry.amountGrams.bitPattern]
            writer.varint((entry.offset - previous) << 3 | (known == nil ? 4 : 0) | meal)
            writer.varint(UInt64(entry.snapshot))
            if let known {
                writer.varint(known)
            } else {
                amounts[entry.amountGrams.bitPattern] = UInt64(amounts.count)
                writer.double(entry.amountGrams)
            }
            previous = entry.offset
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
        var offset: UInt64 = 0
        var amounts: [Double] = []
        entries = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            let head = try cursor.varint()
            let snapshot = try cursor.varint()
            // A damaged number must not index past the snapshots or the amounts, nor an offset
            // wrap around.
            guard snapshot < snapshotCount, head >> 3 <= UInt64.max - offset else { throw BinaryCursor.Failure() }
            offset += head >> 3
            let amount: Double
            if head & 4 != 0 {
                amount = try cursor.double()
                amounts.append(amount)
            } else {
                let number = try cursor.varint()
                guard number < UInt64(amounts.count) else { throw BinaryCursor.Failure() }
                amount = amounts[Int(number)]
            }
            return Entry(amountGrams: amount, entryID: .standIn(offset), offset: offset, snapshot: UInt32(snapshot),
                         meal: meals[Int(head & 3)])
        }
        idsKnownFrom = entries.count
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
