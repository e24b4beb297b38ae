import AntrainEvents
import Foundation

/// What a personal record measures.
public enum RecordKind: String, StringCodedEnum {
    /// The heaviest weight lifted for at least one rep, in kg (bodyweight included for bodyweight exercises).
    case heaviestWeight
    /// The best estimated one-rep max by Brzycki, in kg.
    case bestE1rmBrzycki
    /// The best estimated one-rep max by Epley, in kg.
    case bestE1rmEpley
    /// The best estimated one-rep max by the RPE chart, in kg.
    case bestE1rmRPE
    /// The most reps in one set, at any weight.
    case mostReps
    /// The best weight × reps of one set, in kg.
    case bestSetVolume
    /// The best weight × reps summed over one workout, in kg.
    case bestSessionVolume
    /// The longest duration of one set, in seconds.
    case longestDuration
    /// The longest distance of one set, in metres.
    case longestDistance
    /// The fastest pace of one set with both a duration and a distance, in seconds per km.
    case fastestPace

    /// Whether a smaller value is the better one (only pace).
    var lowerIsBetter: Bool { self == .fastestPace }

    /// Its place among the kinds, 0 to 9, for tables indexed by kind (a switch compiles to a
    /// table read, where a search of `allCases` would not).
    var slot: Int {
        switch self {
        case .heaviestWeight: 0
        case .bestE1rmBrzycki: 1
        case .bestE1rmEpley: 2
        case .bestE1rmRPE: 3
        case .mostReps: 4
        case .bestSetVolume: 5
        case .bestSessionVolume: 6
        case .longestDuration: 7
        case .longestDistance: 8
        case .fastestPace: 9
        }
    }
}

/// One personal record: its value, the set that set it, and when.
public struct PersonalRecord: Codable, Sendable, Equatable {
    /// What it measures.
    public var kind: RecordKind
    /// The value, in the unit of ``kind`` (kg, reps, seconds, metres or seconds per km).
    public var value: Double
    /// The reps of the set, when it had reps.
    public var reps: Int?
    /// The weight of the set in kg (bodyweight included for bodyweight exercises), when it had one.
    public var weightKg: Double?
    /// The set that set it; for a session volume, the set that brought the session to it.
    public var setID: UUID
    /// The workout of that set.
    public var workoutID: UUID
    /// When that set was logged.
    public var achievedAt: Timestamp
    /// The calendar day it was set on, in the time zone of its workout: the day the athlete
    /// trained, as `history` and the summary count it (issue 19), not the day in UTC.
    public var day: CalendarDay
    /// The offset of the event that gave the set this performance (its SetLogged, or the
    /// SetCorrected that changed it).
    public var offset: UInt64
}
