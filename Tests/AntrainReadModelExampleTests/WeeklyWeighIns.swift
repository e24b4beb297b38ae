// The read model of docs/PROJECTIONS.md, "Adding a read model": each block of Swift there is
// in this file or in WeeklyWeighInsTests.swift word for word (ReadModelDocTests checks it),
// and this target has no package access, so it compiles only against the public API.

import AntrainEvents
import AntrainProjections

/// Weigh-ins by ISO week (Monday to Sunday): how many, and their mean.
struct WeeklyWeighIns: KeyedReadModel {
    static let name = "weekly-weigh-ins"
    /// 1: each week's count and total. Raise it whenever what `visit` does or what
    /// `WeighInWeek` stores changes: a state written by another version is rebuilt.
    static let version = 1
    /// The weeks that have weigh-ins, keyed by their Monday.
    static let weeks = StateKeyspace(projection: name, name: "weeks",
                                     columns: [StateColumn("monday", .text), StateColumn("weigh_ins", .integer),
                                               StateColumn("mean_kg", .real)])
    static let keyspaces = [weeks]
    static let handledEvents: [any DomainEvent.Type] = [BodyweightRecorded.self]

    private var weeks: KeyedTable<WeighInWeek>

    init(context: FoldContext) {
        weeks = KeyedTable(Self.weeks, context: context)
    }

    mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata) {
        let monday = WeighInWeek.monday(of: event.day)
        let slot = weeks.slot(of: monday) { WeighInWeek(monday: monday) }
        weeks[slot].add(event.weight)
    }

    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
        weeks.takeChanges(into: &changes, evictingColdBefore: coldBefore)
    }

    var residentBytes: Int { weeks.residentBytes }
}

/// One week's weigh-ins, kept under the week's Monday.
struct WeighInWeek: KeyedValue {
    typealias Key = CalendarDay

    /// The Monday the week starts on.
    var monday: CalendarDay
    /// How many weigh-ins it has.
    var weighIns = 0
    /// Their weights added up, in kilograms, in log order.
    var totalKilograms = 0.0

    /// Their mean, in kilograms.
    var meanKilograms: Double { totalKilograms / Double(weighIns) }

    /// A week without weigh-ins yet.
    init(monday: CalendarDay) { self.monday = monday }

    /// The Monday of the ISO week holding `day`.
    static func monday(of day: CalendarDay) -> CalendarDay { day.adding(days: 1 - day.weekday) }

    /// Counts a weigh-in of `weight`, whatever its unit.
    mutating func add(_ weight: Mass) {
        weighIns += 1
        totalKilograms += weight.kilograms
    }

    func encode(into writer: inout StateValueWriter) {
        writer.day(monday)
        writer.count(weighIns)
        writer.double(totalKilograms)
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        monday = try cursor.calendarDay()
        weighIns = try cursor.count()
        totalKilograms = try cursor.double()
    }

    var columns: [StateColumnValue] { [.day(monday), .integer(weighIns), .real(meanKilograms)] }
}

/// The answers of `WeeklyWeighIns`, read from a store caught up with the log.
struct WeeklyWeights {
    let store: any KeyedStateStore

    init(_ store: any KeyedStateStore) { self.store = store }

    /// The week holding `day`, or nil when it has no weigh-in.
    func week(containing day: CalendarDay) throws -> WeighInWeek? {
        let key = WeighInWeek.monday(of: day).keyBytes
        return try store.read { state in
            try state.value(in: WeeklyWeighIns.weeks, key: key).map { try WeighInWeek.decoded($0, in: WeeklyWeighIns.weeks) }
        }
    }

    /// The weeks with weigh-ins, from the one holding `from` through the one holding `through`, oldest first.
    func weeks(from: CalendarDay, through: CalendarDay) throws -> [WeighInWeek] {
        let lower = WeighInWeek.monday(of: from).keyBytes
        let upper = WeighInWeek.monday(of: through).adding(days: 7).keyBytes
        return try store.read { state in
            try state.entries(in: WeeklyWeighIns.weeks, from: lower, below: upper, descending: false, limit: nil)
                .map { try WeighInWeek.decoded($0.value, in: WeeklyWeighIns.weeks) }
        }
    }
}
