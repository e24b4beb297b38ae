import AntrainEvents
import Foundation

/// The user's bodyweight over time: entries, each day's weight, moving averages and the
/// change over a range, read from the days a question covers.
///
/// ```swift
/// let report = try await ProjectionStore(logDirectory: path, models: Bodyweight.models).catchUp(log)
/// let body = Bodyweight(report.store)
/// try body.movingAverage(endingOn: today)?.kilograms
/// ```
///
/// A day is a UTC calendar day of the measuring instant (`recordedAt` of the event, not of the
/// record), and a day's weight is its last entry (by measuring time; for equal times, the one
/// later in the log). Averages and changes are worked in kilograms; each entry keeps the unit
/// it was entered in.
public struct Bodyweight: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [BodyweightProjection.self]
    private let store: any KeyedStateStore

    /// Answers from `store`, caught up with the log.
    public init(_ store: any KeyedStateStore) { self.store = store }

    /// The first measurement, if any.
    public func first() throws -> BodyweightEntry? { try edge(descending: false)?.entries.first }

    /// The most recent measurement, if any.
    public func latest() throws -> BodyweightEntry? { try edge(descending: true)?.entries.last }

    /// The entries measured from `from` through `through` (UTC days), oldest first.
    public func entries(from: CalendarDay, through: CalendarDay) throws -> [BodyweightEntry] {
        try days(from: from, through: through).flatMap(\.entries)
    }

    /// Each day's weight (its last entry) from `from` through `through`, for the days that
    /// have one, oldest first.
    public func dailyWeights(from: CalendarDay, through: CalendarDay) throws -> [DailyWeight] {
        try days(from: from, through: through).compactMap { day in
            day.entries.last.map { DailyWeight(date: $0.day, weight: $0.weight, kilograms: $0.weight.kilograms, entryID: $0.entryID) }
        }
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
        let daily = try dailyWeights(from: from.adding(days: -6), through: through)
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
        let daily = try dailyWeights(from: from, through: through)
        guard let first = daily.first, let last = daily.last else { return nil }
        return WeightChange(first: first, last: last, kilograms: last.kilograms - first.kilograms)
    }

    /// The days from `from` through `through` that have entries, oldest first.
    private func days(from: CalendarDay, through: CalendarDay) throws -> [BodyweightDay] {
        guard from <= through else { return [] }
        let keyspace = BodyweightProjection.days
        return try store.read { state in
            try state.entries(in: keyspace, from: from.keyBytes, below: through.adding(days: 1).keyBytes, descending: false, limit: nil)
                .map { try BodyweightDay.decoded($0.value, in: keyspace) }
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
