import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// The keyed daily nutrition on generated logs: every answer agrees with a plain fold of the
/// log's diary events, a store caught up in random steps equals one rebuild byte for byte, and
/// a catch-up after one entry rewrites only that entry's day.
@Suite("Daily nutrition (keyed state): against a plain fold, stepped and rebuilt")
struct NutritionStateTests {
    static let models = DailyNutrition.models

    @Test("Every day, range and goal agrees with a plain fold of the diary events", arguments: [5, 8])
    func sameAnswersAsAPlainFold(seed: UInt64) async throws {
        let scratch = try await ScratchLog("nutrition")
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: seed), to: scratch.log)
        var reference = NutritionReference()
        _ = try await scratch.log.replay { reference.apply($0.event) }
        let keyed = scratch.nutrition(try await scratch.state(Self.models))
        let days = try keyed.loggedDays()
        #expect(days == reference.loggedDays)
        #expect(days.count > 50, "the generated weeks log food most days")
        let first = try #require(days.first), last = try #require(days.last)
        var entries = 0
        for number in (first.daysSince1970 - 2)...(last.daysSince1970 + 2) {
            let date = CalendarDay(daysSince1970: number)
            let day = try keyed.day(date)
            try Self.expect(day, date: date, matches: reference)
            // The totals alone are the day's numbers to the last bit, the meals without entries.
            let totals = try keyed.dayTotals(date)
            #expect(totals.calories == day.calories && totals.proteinG == day.proteinG && totals.carbsG == day.carbsG
                && totals.fatsG == day.fatsG && totals.goals == day.goals, "\(date)")
            #expect(totals.meals.map(\.meal) == day.meals.map(\.meal) && totals.meals.allSatisfy(\.entries.isEmpty), "\(date)")
            #expect(try keyed.goals(on: date) == reference.goals(on: date), "\(date)")
            entries += day.meals.flatMap(\.entries).count
        }
        #expect(entries > 1000)
        for (from, through) in [(first, last), (first.adding(days: 10), first.adding(days: 40)), (last, first),
                                (last.adding(days: 1), last.adding(days: 9)), (first.adding(days: -30), first)] {
            let range = try keyed.range(from: from, through: through)
            let logged = reference.loggedDays.filter { $0 >= from && $0 <= through }
            #expect(range.days.map(\.date) == logged && range.daysWithEntries == logged.count, "\(from) to \(through)")
            for day in range.days { try Self.expect(day, date: day.date, matches: reference, withEntries: false) }
            // The mean of the days that have entries, over those days only.
            let sums = logged.map { NutritionReference.totals(reference.diary[$0] ?? []) }
            if let average = range.average {
                let count = Double(sums.count)
                #expect(average.overDays == sums.count)
                #expect(NutritionReference.near(average.calories, sums.reduce(0) { $0 + $1.caloriesKcal } / count))
                #expect(NutritionReference.near(average.proteinG, sums.reduce(0) { $0 + $1.proteinG } / count))
                #expect(NutritionReference.near(average.carbsG, sums.reduce(0) { $0 + $1.carbsG } / count))
                #expect(NutritionReference.near(average.fatsG, sums.reduce(0) { $0 + $1.fatsG } / count))
            } else {
                #expect(logged.isEmpty, "\(from) to \(through) has days but no average")
            }
        }
    }

    /// Expects `day` to be the reference's `date`: its goals, its meals in order with their
    /// entries (when asked for) and every total, meal by meal and for the day.
    static func expect(_ day: DayNutrition, date: CalendarDay, matches reference: NutritionReference, withEntries: Bool = true,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let meals = reference.meals(on: date)
        #expect(day.date == date && day.goals == reference.goals(on: date), "\(date)", sourceLocation: sourceLocation)
        #expect(day.meals.map(\.meal) == meals.map(\.meal), "\(date)", sourceLocation: sourceLocation)
        for (meal, expected) in zip(day.meals, meals) {
            #expect(meal.entries == (withEntries ? expected.entries : []), "\(date) \(meal.meal)", sourceLocation: sourceLocation)
            let sum = NutritionReference.totals(expected.entries)
            #expect(NutritionReference.near(meal.calories, sum.caloriesKcal) && NutritionReference.near(meal.proteinG, sum.proteinG)
                && NutritionReference.near(meal.carbsG, sum.carbsG) && NutritionReference.near(meal.fatsG, sum.fatsG),
                "\(date) \(meal.meal)", sourceLocation: sourceLocation)
        }
        let sum = NutritionReference.totals(reference.diary[date] ?? [])
        #expect(NutritionReference.near(day.calories, sum.caloriesKcal) && NutritionReference.near(day.proteinG, sum.proteinG)
            && NutritionReference.near(day.carbsG, sum.carbsG) && NutritionReference.near(day.fatsG, sum.fatsG),
            "\(date)", sourceLocation: sourceLocation)
    }

    @Test("Caught up in random steps while the log grows equals one rebuild, key for key and byte for byte", arguments: [3, 11])
    func steppedEqualsRebuilt(seed: UInt64) async throws {
        let batches = try GeneratedLogReplayTests.batches(seed: seed)
        let (stepped, rebuilt, steps) = try await StateTesting.steppedAndRebuilt(Self.models, batches: batches, seed: seed)
        #expect(steps > 5)
        #expect(stepped == rebuilt)
        #expect((rebuilt["daily-nutrition/diary"]?.count ?? 0) > 50)
        #expect(rebuilt["daily-nutrition/days"]?.map(\.key) == rebuilt["daily-nutrition/diary"]?.map(\.key))
        #expect((rebuilt["daily-nutrition/goals"]?.count ?? 0) > 0)
    }

    @Test("Rebuilt in small batches, writing cold days out and loading them back, equals one batch, byte for byte")
    func smallBatchesEqualOneBatch() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 6), to: scratch.log)
        // Late changes to the first days, long after they were written out: loaded back.
        let early = scratch.nutrition(try await scratch.state(Self.models))
        let days = try early.loggedDays()
        let second = try early.day(days[1]).meals.flatMap(\.entries), third = try early.day(days[2]).meals.flatMap(\.entries)
        let late = try #require(second.first)
        try await scratch.record([
            FoodLogged(entryID: .n(1), day: days[0], meal: .snack, foodID: late.foodID, foodName: late.foodName, amountGrams: 30,
                       per100g: late.per100g, loggedAt: days[0].start.adding(seconds: 80_000)),
            FoodEntryCorrected(entryID: late.entryID, day: days[1], meal: .dinner, amountGrams: 333),
            FoodEntryRemoved(entryID: try #require(third.last).entryID, day: days[2]),
        ])
        // 40 events a batch: dozens of batches, so that the rebuild writes days out and drops
        // them (after 16 batches untouched), then loads the first three back for the late events.
        let small = try await ProjectionStore(logDirectory: scratch.path, models: Self.models, batchSize: 40).rebuild(scratch.log)
        let oneBatch = try await scratch.state(Self.models)
        #expect(try StateTesting.dump(small.store, Self.models) == StateTesting.dump(oneBatch, Self.models))
        #expect(try scratch.nutrition(small.store).day(days[1]).meals.flatMap(\.entries).contains { $0.amountGrams == 333 })
    }

    @Test("A catch-up after one entry folds that event alone and rewrites only its day's keys")
    func catchUpTouchesOnlyItsDay() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4), to: scratch.log)
        let first = try await scratch.caughtUp(Self.models)
        let before = try StateTesting.dump(first.store, Self.models)
        let day = try #require(try scratch.nutrition(first.store).loggedDays().last)
        let old = try scratch.nutrition(first.store).day(day)
        try await scratch.record(FoodLogged(entryID: .n(1), day: day, meal: .snack, foodID: .n(2), foodName: "Apple", amountGrams: 150,
                                            per100g: Nutrients(caloriesKcal: 52, proteinG: 0.3, carbsG: 14, fatsG: 0.2),
                                            loggedAt: day.start.adding(seconds: 3600)))
        let second = try await scratch.caughtUp(Self.models)
        #expect(second.summary.decoded == 1)
        let after = try StateTesting.dump(second.store, Self.models)
        for keyspace in ["daily-nutrition/diary", "daily-nutrition/days"] {
            let changed = Set(after[keyspace]!.map { $0.key + $0.value }).symmetricDifference(before[keyspace]!.map { $0.key + $0.value })
            #expect(Set(changed.map { Array($0.prefix(4)) }) == [day.keyBytes], "\(keyspace)")
        }
        #expect(after["daily-nutrition/goals"] == before["daily-nutrition/goals"])
        let new = try scratch.nutrition(second.store).day(day)
        // 150 g at 52 kcal per 100 g.
        #expect(abs(new.calories - old.calories - 78) < 1e-9)
        #expect(new.meals.first { $0.meal == .snack }?.entries.last?.foodName == "Apple")
        #expect(try StateTesting.dump(second.store, Self.models) == StateTesting.dump(try await scratch.state(Self.models), Self.models))
    }

    @Test("Corrections and removals of stored entries find them by ids read back from the log, however far back they are")
    func changesOfStoredEntries() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4), to: scratch.log)
        let first = try await scratch.caughtUp(Self.models)
        let nutrition = scratch.nutrition(first.store)
        var busiest: (day: CalendarDay, entries: [DiaryEntry])?
        for day in try nutrition.loggedDays() {
            let entries = try nutrition.day(day).meals.flatMap(\.entries)
            if entries.count > busiest?.entries.count ?? 0 { busiest = (day, entries) }
        }
        let (day, entries) = try #require(busiest)
        #expect(entries.count > 20, "a day with more entries than the first run of ids read back")
        // Meals group the entries: the first and last logged are found by their places in the day.
        let stored = try #require(try first.store.read { try $0.value(in: NutritionProjection.diary, key: day.keyBytes) })
        var diary = try NutritionDiaryDay.decoded(stored, in: NutritionProjection.diary)
        try diary.resolve(try EventLookup(log: scratch.log).events(at: diary.unknownOffsets(from: 0)), from: 0)
        let earliest = try #require(diary.entries.first).entryID, latest = try #require(diary.entries.last).entryID
        #expect(Set(entries.map(\.entryID)) == Set(diary.entries.map(\.entryID)))
        try await scratch.record([
            FoodEntryCorrected(entryID: earliest, day: day, meal: .snack, amountGrams: 444),
            FoodEntryRemoved(entryID: latest, day: day),
            FoodEntryRemoved(entryID: .n(999), day: day),  // no such entry: nothing changes
        ])
        let second = try await scratch.caughtUp(Self.models)
        #expect(second.summary.decoded == 3)
        #expect(try StateTesting.dump(second.store, Self.models) == StateTesting.dump(try await scratch.state(Self.models), Self.models))
        let after = try scratch.nutrition(second.store).day(day).meals.flatMap(\.entries)
        #expect(after.count == entries.count - 1 && !after.contains { $0.entryID == latest })
        #expect(after.first { $0.entryID == earliest }.map { $0.amountGrams == 444 && $0.meal == .snack } == true)
    }

    @Test("A day emptied by removals and logged again gives the same bytes in one batch as in many")
    func emptiedDayStartsAfresh() async throws {
        let day = CalendarDay.on("2026-03-02")
        let food = { (entry: Int, name: String) in
            FoodLogged(entryID: .n(entry), day: day, meal: .lunch, foodID: .n(50), foodName: name, amountGrams: 100,
                       per100g: Nutrients(caloriesKcal: 100, proteinG: 10, carbsG: 10, fatsG: 1), loggedAt: .at("2026-03-02T12:00:00Z"))
        }
        let events: [any DomainEvent] = [food(1, "Rice"), food(2, "Rice, cooked"), FoodEntryRemoved(entryID: .n(1), day: day),
                                         FoodEntryRemoved(entryID: .n(2), day: day), food(3, "Rice, cooked"),
                                         FoodEntryCorrected(entryID: .n(3), day: day, meal: .dinner, amountGrams: 250)]
        let scratch = try await ScratchLog("nutrition")
        try await scratch.record(events)
        let oneGo = try StateTesting.dump(try await scratch.state(Self.models), Self.models)
        let stepped = try await ScratchLog("nutrition")
        for event in events {
            try await stepped.record([event])
            _ = try await stepped.caughtUp(Self.models)
        }
        #expect(try StateTesting.dump(try await stepped.caughtUp(Self.models).store, Self.models) == oneGo)
        let answer = try scratch.nutrition(try await scratch.state(Self.models)).day(day)
        #expect(answer.calories == 250 && answer.meals.map(\.meal) == [.dinner])
        #expect(answer.meals.first?.entries.map(\.foodName) == ["Rice, cooked"])
    }

    @Test("Each value reads back exactly what was written, and its entries' ids from their events")
    func valuesRoundTrip() throws {
        var diary = NutritionDiaryDay(day: .on("2026-03-02"))
        var events: [UInt64: any DomainEvent] = [:]
        for entry in 0..<40 {
            let event = FoodLogged(entryID: .n(entry), day: .on("2026-03-02"), meal: Meal.allCases[entry % 4], foodID: .n(entry % 7),
                                   foodName: "Food \(entry % 7)", amountGrams: 12.5 * Double(entry % 9 + 1),
                                   per100g: Nutrients(caloriesKcal: 101.1 + Double(entry % 7), proteinG: 0.1, carbsG: 1.0 / 3, fatsG: -0.0),
                                   loggedAt: .at("2026-03-02T12:00:00Z"))
            // Offsets far apart and close together, as a day's entries are among other events.
            let offset = UInt64(1_000_000 + entry * entry * 37)
            diary.log(event, offset: offset)
            events[offset] = event
        }
        #expect(diary.snapshots.count == 7)
        let bytes = diary.encoded
        var read = try NutritionDiaryDay.decoded(bytes, in: NutritionProjection.diary)
        #expect(read.encoded == bytes && read.snapshots == diary.snapshots)
        #expect(read.entries.map(\.offset) == diary.entries.map(\.offset) && read.idsKnownFrom == 40)
        // The ids are not stored: read back from the events at the entries' offsets, the last
        // ten first, they are the ones logged.
        try read.resolve(events, from: 30)
        #expect(read.idsKnownFrom == 30 && read.index(of: .n(35), in: 30..<40) == 35 && read.index(of: .n(5), in: 30..<40) == nil)
        try read.resolve(events, from: 0)
        #expect(read.entries == diary.entries)
        #expect(read.entries.last?.meal == Meal.allCases[39 % 4])
        let totals = diary.totals()
        #expect(try NutritionDayTotals.decoded(totals.encoded, in: NutritionProjection.days) == totals)
        let goals = NutritionGoalsChange(effectiveFrom: .on("2026-03-01"), goals: NutritionGoals(caloriesKcal: 2500.5, proteinG: 1.0 / 3,
                                                                                                 carbsG: 0, fatsG: 80))
        #expect(try NutritionGoalsChange.decoded(goals.encoded, in: NutritionProjection.goals) == goals)
        // A damaged entry naming a snapshot the day does not have is refused, not followed.
        var damaged = StateValueWriter()
        damaged.day(.on("2026-03-02"))
        damaged.count(0)  // no snapshots
        damaged.count(1)  // one entry, naming snapshot 0
        damaged.varint(5 << 3 | 4)
        damaged.varint(0)
        damaged.double(100)
        #expect(throws: StateStoreError.self) { try NutritionDiaryDay.decoded(damaged.bytes, in: NutritionProjection.diary) }
        // So is one repeating an amount no entry before it had.
        var noAmount = StateValueWriter()
        noAmount.day(.on("2026-03-02"))
        noAmount.list(diary.snapshots.prefix(1)) { writer, snapshot in
            writer.uuid(snapshot.foodID)
            writer.string(snapshot.foodName)
            for _ in 0..<4 { writer.double(1) }
        }
        noAmount.count(1)
        noAmount.varint(5 << 3)
        noAmount.varint(0)
        noAmount.varint(0)
        #expect(throws: StateStoreError.self) { try NutritionDiaryDay.decoded(noAmount.bytes, in: NutritionProjection.diary) }
        // An id missing from the log is an error, not a stand-in shown as an id.
        var unresolved = try NutritionDiaryDay.decoded(bytes, in: NutritionProjection.diary)
        #expect(throws: StateStoreError.self) { try unresolved.resolve([:], from: 39) }
    }
}

extension ScratchLog {
    /// The daily nutrition of `store`, reading entry ids back from this log.
    func nutrition(_ store: some KeyedStateStore) -> DailyNutrition { DailyNutrition(store, events: EventLookup(log: log)) }
}
