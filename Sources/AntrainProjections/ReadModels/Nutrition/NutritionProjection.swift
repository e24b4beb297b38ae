import AntrainEvents
import Foundation

/// Folds the food diary and the nutrition goals into days: each day's entries, each day's
/// totals meal by meal, and the goal changes by the day they take effect.
///
/// An entry changes only its day's keys (corrections and removals name their day); a goal
/// change only the key of its `effectiveFrom` day. ``DailyNutrition`` answers from the keys a
/// question needs: a range reads the days' totals, never their entries.
struct NutritionProjection: KeyedReadModel {
    static let name = "daily-nutrition"
    /// 5: entries keep the offsets of their events instead of their ids (4 kept the ids; 3
    /// was a checkpointed memory image).
    static let version = 5
    /// Each day that has entries: its food snapshots and entries (``NutritionDiaryDay``);
    /// columns: the day and its number of entries.
    static let diary = StateKeyspace(projection: name, name: "diary",
                                     columns: [StateColumn("day", .text), StateColumn("entries", .integer)])
    /// Each day that has entries: its totals per meal (``NutritionDayTotals``); columns: the
    /// day, its calories, protein, carbs and fats, and its number of entries.
    static let days = StateKeyspace(projection: name, name: "days",
                                    columns: [StateColumn("day", .text), StateColumn("calories", .real),
                                              StateColumn("protein_g", .real), StateColumn("carbs_g", .real),
                                              StateColumn("fats_g", .real), StateColumn("entries", .integer)])
    /// The goals, by the day they take effect (``NutritionGoalsChange``); columns: that day
    /// and the four goals.
    static let goals = StateKeyspace(projection: name, name: "goals",
                                     columns: [StateColumn("effective_from", .text), StateColumn("calories_kcal", .real),
                                               StateColumn("protein_g", .real), StateColumn("carbs_g", .real),
                                               StateColumn("fats_g", .real)])
    static let keyspaces = [diary, days, goals]
    static let handledEvents: [any DomainEvent.Type] = [
        FoodLogged.self, FoodEntryCorrected.self, FoodEntryRemoved.self, ProfileUpdated.self
    ]

    private var diary: KeyedTable<NutritionDiaryDay>
    private var days: KeyedTable<NutritionDayTotals>
    private var goals: KeyedTable<NutritionGoalsChange>
    private let context: FoldContext
    /// The days whose entries changed in this batch, in the order first changed: their
    /// totals are worked out once, when the batch ends (they depend only on the entries, so
    /// not on where a batch ends). Emptied by ``finishBatch()``.
    private var changedDays: [CalendarDay] = []
    private var lastChanged: CalendarDay?

    init(context: FoldContext) {
        self.context = context
        diary = KeyedTable(Self.diary, context: context)
        days = KeyedTable(Self.days, context: context)
        goals = KeyedTable(Self.goals, context: context)
    }

    /// Adds the entry to its day.
    mutating func visit(_ event: FoodLogged, _ stored: EventMetadata) {
        let slot = diary.slot(of: event.day) { NutritionDiaryDay(day: event.day) }
        diary[slot].log(event, offset: stored.offset)
        changed(event.day)
    }

    /// Replaces the entry's meal and amount; its nutrient snapshot stays.
    mutating func visit(_ event: FoodEntryCorrected, _ stored: EventMetadata) {
        guard let (slot, index) = entry(event.entryID, on: event.day) else { return }
        diary[slot].correct(at: index, meal: event.meal, amountGrams: event.amountGrams)
        changed(event.day)
    }

    /// Takes the entry out of its day; a day left without entries is deleted, as if it had
    /// never had any (then a later entry starts it afresh, whatever the batches).
    mutating func visit(_ event: FoodEntryRemoved, _ stored: EventMetadata) {
        guard let (slot, index) = entry(event.entryID, on: event.day) else { return }
        if diary[reading: slot].entries.count == 1 {
            diary.remove(event.day)
        } else {
            diary[slot].remove(at: index)
        }
        changed(event.day)
    }

    /// Records new goals from their `effectiveFrom` day on, replacing any change of that day
    /// (the later one in the log wins a tie).
    mutating func visit(_ event: ProfileUpdated, _ stored: EventMetadata) {
        guard let goals = event.goals else { return }
        self.goals.set(event.effectiveFrom, NutritionGoalsChange(effectiveFrom: event.effectiveFrom, goals: goals))
    }

    /// The slot of `day`'s diary and the index of its entry with `entryID` (the latest logged,
    /// should an id repeat), or nil when the day has no such entry.
    ///
    /// Ids of entries read from the store are read back from the log, a run of entries at a
    /// time from the day's end (16, then 64, 256 ... before it): a correction or removal names
    /// an entry logged shortly before, so most read one block of the log, not the whole day.
    private mutating func entry(_ entryID: UUID, on day: CalendarDay) -> (slot: Int, index: Int)? {
        guard let slot = diary.slot(of: day) else { return nil }
        var searched = diary[reading: slot].idsKnownFrom..<diary[reading: slot].entries.count
        var run = 16
        while true {
            if let index = diary[reading: slot].index(of: entryID, in: searched) { return (slot, index) }
            let known = searched.lowerBound
            guard known > 0 else { return nil }
            let lower = max(0, known - run)
            do {
                guard let lookup = context.events else {
                    throw StateStoreError(path: Self.diary.description, message: "stored diary days need the log to read their ids back")
                }
                let events = try lookup.events(at: diary[reading: slot].unknownOffsets(from: lower))
                try diary.amend(slot) { try $0.resolve(events, from: lower) }
            } catch {
                context.record(error)
                return nil
            }
            searched = lower..<known
            run *= 4
        }
    }

    private mutating func changed(_ day: CalendarDay) {
        guard day != lastChanged else { return }
        lastChanged = day
        if !changedDays.contains(day) { changedDays.append(day) }
    }

    /// Works out the totals of the days changed in the batch.
    mutating func finishBatch() {
        for day in changedDays {
            guard let slot = diary.slot(of: day) else {
                days.remove(day)
                continue
            }
            let totals = diary.value(at: slot).totals()
            let totalsSlot = days.slot(of: day) { totals }
            if days.value(at: totalsSlot) != totals { days[totalsSlot] = totals }
        }
        changedDays.removeAll(keepingCapacity: true)
        lastChanged = nil
    }

    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
        diary.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        days.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        goals.takeChanges(into: &changes, evictingColdBefore: coldBefore)
    }

    var residentBytes: Int { diary.residentBytes + days.residentBytes + goals.residentBytes }
}
