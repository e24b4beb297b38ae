import AntrainEvents
import Foundation

/// The user's bodyweight over time: entries, each day's weight, moving averages and the
/// change over a range, read from the days a question covers.
///
/// ```swift
/// let report = try await ProjectionStore(logDirectory: path, models: Bodyweight.models).catchUp(log)
/// let body = Bodyweight(report.store, events: EventLookup(log: log))
/// try body.movingAverage(endingOn: today)?.kilograms
/// ```
///
/// A day is the calendar day of the measuring instant in the zone it was measured in (the
/// event's `recordedAt` and `timeZone`; UTC for weigh-ins before version 3; not the time of the
/// record), and a day's weight is its last entry (by measuring time; for equal times, the one
/// later in the log). Averages and changes are worked in kilograms; each entry keeps the unit
/// it was entered in.
///
/// The state keeps no entry ids: each weigh-in keeps the offset of its `BodyweightRecorded`,
/// and the ids of the entries an answer gives are read back from the log through `events`.
public struct Bodyweight: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [BodyweightProjection.self]
    private let store: any KeyedStateStore
    private let events: EventLookup?

    /// Answers from `store`, caught up with the log, reading the ids of the entries they give
    /// back from the log through `events`. With `events` nil, the `entryID`s of entries and
    /// daily weights are stand-ins (distinct, but not the real ones): for answers that never
    /// show them, such as the CLI's.
    public init(_ store: any KeyedStateStore, events: EventLookup?) {
        self.store = store
        self.events = events
    }

    /// The first measurement, if any.
    public func first() throws -> BodyweightEntry? { try entries(try edge(descending: false)?.entries.first.map { [$0] } ?? []).first }

    /// The most recent measurement, if any.
    public func latest() throws -> BodyweightEntry? { try entries(try edge(descending: true)?.entries.last.map { [$0] } ?? []).first }

    /// The entries measured from `from` through `through` (the weigh-ins' own days), oldest first.
    public func entries(from: CalendarDay, through: CalendarDay) throws -> [BodyweightEntry] {
        try entries(try days(from: from, through: through).flatMap(\.entries))
    }

    /// Each day's entry that counts (its last) from `from` through `through`, oldest first, and
    /// how many weigh-ins those days hold in all: a range's answer the size of its days, however
    /// often each day was weighed.
    public func lastEntriesOfDays(from: CalendarDay, through: CalendarDay) throws -> (entries: [BodyweightEntry], weighIns: Int) {
        let days = try lastWeighingsAndCounts(from: from, through: through)
        return (try entries(days.map(\.last)), days.reduce(0) { $0 + $1.count })
    }

    /// Each day's weight (its last entry) from `from` through `through`, for the days that
    /// have one, oldest first.
    public func dailyWeights(from: CalendarDay, through: CalendarDay) throws -> [DailyWeight] {
        try dailyWeights(try lastWeighings(from: from, through: through))
    }

    /// The 7-day moving average ending on `date` (see ``WeightAverage``), or nil when none of
    /// those 7 days has an entry.
    public func movingAverage(endingOn date: CalendarDay) throws -> WeightAverage? {
        try movingAverages(from: date, through: date).first
    }

    /// The 7-day moving average of every day from `from` through `through` whose window has
    /// at least one entry, oldest first.
    public func movingAverages(from: CalendarDay, through: CalendarDay) throws -> [WeightAverage] {
        guard from <= through else { return [] }
        // The ids of the daily weights are not part of the averages: none is read back.
        let daily = try lastWeighings(from: from.adding(days: -6), through: through)
            .map { (date: $0.day, kilograms: $0.weight.kilograms) }
        var averages: [WeightAverage] = []
        var windowStart = 0
        var windowEnd = 0  // one past the last daily weight on or before the current day
        for number in from.daysSince1970...through.daysSince1970 {
            while windowEnd < daily.count, daily[windowEnd].date.daysSince1970 <= number { windowEnd += 1 }
            while windowStart < windowEnd, daily[windowStart].date.daysSince1970 < number - 6 { windowStart += 1 }
            guard windowStart < windowEnd else { continue }
            // Summed afresh for each day, not kept as a running sum, so each value is exactly
            // the mean of its own days.
            var sum = 0.0
            for index in windowStart..<windowEnd { sum += daily[index].kilograms }
            let count = windowEnd - windowStart
            averages.append(WeightAverage(date: CalendarDay(daysSince1970: number), kilograms: sum / Double(count),
                                          daysCounted: count))
        }
        return averages
    }

    /// The change from the first to the last daily weight of the range, or nil when the range
    /// has no entry (one day with entries gives a change of zero).
    public func change(from: CalendarDay, through: CalendarDay) throws -> WeightChange? {
        let daily = try lastWeighings(from: from, through: through)
        guard let firstWeighing = daily.first, let lastWeighing = daily.last else { return nil }
        // Only the two ends are shown: only their ids are read back.
        let ends = try dailyWeights([firstWeighing, lastWeighing])
        let first = ends[0], last = ends[1]
        return WeightChange(first: first, last: last, kilograms: last.kilograms - first.kilograms)
    }

    /// The last weigh-in of each day from `from` through `through` that has one, oldest first.
    private func lastWeighings(from: CalendarDay, through: CalendarDay) throws -> [BodyweightDay.Weighing] {
        try lastWeighingsAndCounts(from: from, through: through).map(\.last)
    }

    /// The last weigh-in of each day from `from` through `through` that has one, and how many
    /// the day has, oldest first: the rest of each day is not decoded.
    private func lastWeighingsAndCounts(from: CalendarDay, through: CalendarDay) throws -> [(last: BodyweightDay.Weighing, count: Int)] {
        try rows(from: from, through: through).compactMap { try BodyweightDay.head(of: $0, in: BodyweightProjection.days) }
    }

    /// The ids of `weighings`' entries, read back from the log (stand-ins without `events`).
    private func ids(_ weighings: [BodyweightDay.Weighing]) throws -> [UUID] {
        guard let events else { return weighings.map { .standIn($0.offset) } }
        let found = try events.events(at: weighings.map(\.offset))
        return try weighings.map { weighing in
            guard let recorded = found[weighing.offset] as? BodyweightRecorded else {
                throw StateStoreError.damaged(path: BodyweightProjection.days.description,
                                              "the weigh-in recorded by the event at offset \(weighing.offset) is not in the log")
            }
            return recorded.entryID
        }
    }

    /// `weighings` as entries, with their ids.
    private func entries(_ weighings: [BodyweightDay.Weighing]) throws -> [BodyweightEntry] {
        zip(weighings, try ids(weighings)).map { $0.entry(id: $1) }
    }

    /// `weighings`, each the last of its day, as daily weights, with their entries' ids.
    private func dailyWeights(_ weighings: [BodyweightDay.Weighing]) throws -> [DailyWeight] {
        zip(weighings, try ids(weighings)).map { weighing, id in
            DailyWeight(date: weighing.day, weight: weighing.weight, kilograms: weighing.weight.kilograms, entryID: id)
        }
    }

    /// The days from `from` through `through` that have entries, oldest first.
    private func days(from: CalendarDay, through: CalendarDay) throws -> [BodyweightDay] {
        try rows(from: from, through: through).map { try BodyweightDay.decoded($0, in: BodyweightProjection.days) }
    }

    /// The stored values of the days from `from` through `through` that have entries, oldest first.
    private func rows(from: CalendarDay, through: CalendarDay) throws -> [[UInt8]] {
        guard from <= through else { return [] }
        return try store.read { state in
            try state.entries(in: BodyweightProjection.days, from: from.keyBytes, below: through.adding(days: 1).keyBytes,
                              descending: false, limit: nil).map(\.value)
        }
    }

    /// The first or last day with entries.
    private func edge(descending: Bool) throws -> BodyweightDay? {
        let keyspace = BodyweightProjection.days
        return try store.read { state in
            try state.entries(in: keyspace, from: nil, below: nil, descending: descending, limit: 1)
                .first.map { try BodyweightDay.decoded($0.value, in: keyspace) }
        }
    }
}
