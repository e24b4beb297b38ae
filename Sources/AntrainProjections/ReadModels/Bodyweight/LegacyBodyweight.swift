import AntrainEvents
import Foundation

/// The user's bodyweight over time: every entry, each day's weight, moving averages and
/// change over a range.
///
/// Entries are kept sorted by the instant they were measured (`recordedAt` of the event,
/// not of the record), so a weight entered late still lands on its day. A day is a UTC
/// calendar day, and a day's weight is its last entry (by measuring time; for equal times,
/// the one later in the log). Averages and changes are worked in kilograms; each entry
/// keeps the unit it was entered in.
///
/// ```swift
/// let body = try await ProjectionRunner.state(of: LegacyBodyweight.self, in: log, asOf: .offset(.max))
/// body.movingAverage(endingOn: today)?.kilograms
/// ```
public struct LegacyBodyweight: ReadModel, Equatable {
    /// The checkpoint's name.
    public static let name = "bodyweight"
    /// Raised whenever `visit` logic or the encoded shape changes.
    public static let version = 1

    /// Every entry, sorted by `recordedAt`; equal instants in log order.
    public internal(set) var entries: [BodyweightEntry] = []

    /// No entries.
    public init() {}

    /// Inserts the entry at its place in time.
    public mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata) {
        let entry = BodyweightEntry(entryID: event.entryID, weight: event.weight, recordedAt: event.recordedAt,
                                    notes: event.notes)
        // Entries nearly always arrive in time order: append, else search back for the place.
        var index = entries.endIndex
        while index > 0, entries[index - 1].recordedAt > entry.recordedAt { index -= 1 }
        entries.insert(entry, at: index)
    }

    /// The most recent measurement, if any.
    public var latest: BodyweightEntry? { entries.last }

    /// The entries measured from `from` through `through` (UTC days), oldest first.
    public func entries(from: CalendarDay, through: CalendarDay) -> [BodyweightEntry] {
        entries[bounds(from: from, through: through)].map { $0 }
    }

    /// Each day's weight (its last entry) from `from` through `through`, for the days that
    /// have one, oldest first.
    public func dailyWeights(from: CalendarDay, through: CalendarDay) -> [DailyWeight] {
        var days: [DailyWeight] = []
        for entry in entries[bounds(from: from, through: through)] {
            let daily = DailyWeight(date: entry.day, weight: entry.weight, kilograms: entry.weight.kilograms,
                                    entryID: entry.entryID)
            // Sorted by time, so a later entry of the same day replaces the one before.
            if days.last?.date == daily.date { days[days.count - 1] = daily } else { days.append(daily) }
        }
        return days
    }

    /// The 7-day moving average ending on `date` (see ``WeightAverage``), or nil when none
    /// of those 7 days has an entry.
    public func movingAverage(endingOn date: CalendarDay) -> WeightAverage? {
        movingAverages(from: date, through: date).first
    }

    /// The 7-day moving average of every day from `from` through `through` whose window has
    /// at least one entry, oldest first.
    public func movingAverages(from: CalendarDay, through: CalendarDay) -> [WeightAverage] {
        guard from <= through else { return [] }
        let daily = dailyWeights(from: from.adding(days: -6), through: through)
        var averages: [WeightAverage] = []
        var windowStart = 0
        var windowEnd = 0 // one past the last daily weight on or before the current day
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

    /// The change from the first to the last daily weight of the range, or nil when the
    /// range has no entry (one day with entries gives a change of zero).
    public func change(from: CalendarDay, through: CalendarDay) -> WeightChange? {
        let daily = dailyWeights(from: from, through: through)
        guard let first = daily.first, let last = daily.last else { return nil }
        return WeightChange(first: first, last: last, kilograms: last.kilograms - first.kilograms)
    }

    /// The indices of the entries measured from the start of `from` to the end of `through`.
    private func bounds(from: CalendarDay, through: CalendarDay) -> Range<Int> {
        guard from <= through else { return 0..<0 }
        let start = firstIndex(notBefore: from.start)
        let end = firstIndex(notBefore: through.adding(days: 1).start)
        return start..<end
    }

    /// The index of the first entry measured at or after `instant`.
    private func firstIndex(notBefore instant: Timestamp) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].recordedAt < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
