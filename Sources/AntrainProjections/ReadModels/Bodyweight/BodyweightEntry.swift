import AntrainEvents
import Foundation

/// One recorded bodyweight, in the unit it was entered in.
public struct BodyweightEntry: Sendable, Codable, Equatable {
    /// The entry's id.
    public var entryID: UUID
    /// The weight as entered (kg or lb).
    public var weight: Mass
    /// When it was measured.
    public var recordedAt: Timestamp
    /// Notes, if any.
    public var notes: String?
    /// The calendar day it was measured on, in the zone it was measured in (UTC for
    /// weigh-ins of events before version 3, which named none).
    public var day: CalendarDay
}

/// The bodyweight of a day: the last entry measured that day.
public struct DailyWeight: Sendable, Codable, Equatable {
    /// The day (the athlete's, in the zone of the weigh-in).
    public var date: CalendarDay
    /// The day's last weight, as entered.
    public var weight: Mass
    /// That weight in kilograms.
    public var kilograms: Double
    /// The entry it comes from.
    public var entryID: UUID
}

/// A 7-day moving average of daily weights.
///
/// The mean, in kilograms, of the daily weights (each day's last entry) of the 7 calendar
/// days ending on `date` (`date` − 6 through `date`), over the days of those 7 that have an
/// entry; days without one are left out, not counted as zero.
public struct WeightAverage: Sendable, Codable, Equatable {
    /// The last day of the window.
    public var date: CalendarDay
    /// The mean weight, in kilograms.
    public var kilograms: Double
    /// How many of the 7 days had an entry (1 to 7).
    public var daysCounted: Int

    /// The mean weight, in pounds.
    public var pounds: Double { kilograms / Mass.kilogramsPerPound }
}

/// How much the daily weight moved over a range: its last daily weight minus its first.
public struct WeightChange: Sendable, Codable, Equatable {
    /// The first day of the range that has an entry, with its weight.
    public var first: DailyWeight
    /// The last day of the range that has an entry, with its weight.
    public var last: DailyWeight
    /// `last` minus `first`, in kilograms (negative for a loss).
    public var kilograms: Double

    /// The change, in pounds.
    public var pounds: Double { kilograms / Mass.kilogramsPerPound }
}
