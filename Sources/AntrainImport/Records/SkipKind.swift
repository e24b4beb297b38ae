/// Why a row of an export was left out, as a category the summary counts rows by.
///
/// Two families: rows that hold nothing to record (a rest timer, a set with no reps, time or
/// distance, a 0 g serving), which an import leaves out without losing anything; and rows
/// that hold data the import could not read or Antrain cannot record, which are a loss the
/// summary warns about and `import --strict` refuses.
public enum SkipKind: String, Sendable, Codable, CaseIterable, Comparable {
    /// Strong's `Rest Timer` rows.
    case restTimer = "rest-timer"
    /// A set row with no reps, time or distance.
    case notPerformed = "not-performed"
    /// A diary row of 0 g (or 0 of any unit).
    case nothingEaten = "nothing-eaten"
    /// The date or time cannot be read.
    case date
    /// No exercise or food name.
    case name
    /// The weight is not a number, or negative.
    case weight
    /// A weight with a unit that is missing or not kg or lb.
    case weightUnit = "weight-unit"
    /// The reps are not a whole number, or negative.
    case reps
    /// The distance is not a number, or negative.
    case distance
    /// A distance with a unit that is not one Antrain knows.
    case distanceUnit = "distance-unit"
    /// The time is not a duration, or negative.
    case time
    /// A set type that is not warm-up, normal, drop set or failure.
    case setType = "set-type"
    /// A food amount or nutrient that cannot be read.
    case amount
    /// A value outside what Antrain's events allow (checked when planning the events).
    case outOfRange = "out-of-range"
    /// A workout with more exercises than a workout may hold.
    case tooManyExercises = "too-many-exercises"

    /// Whether leaving the row out loses something the export recorded.
    public var losesData: Bool {
        switch self {
        case .restTimer, .notPerformed, .nothingEaten: return false
        default: return true
        }
    }

    /// A few words for the summary's counts: "3 rest timers".
    public var label: String {
        switch self {
        case .restTimer: return "rest timer"
        case .notPerformed: return "set with no reps, time or distance"
        case .nothingEaten: return "serving of 0"
        case .date: return "unreadable date"
        case .name: return "row without a name"
        case .weight: return "unreadable weight"
        case .weightUnit: return "weight without a known unit"
        case .reps: return "unreadable reps"
        case .distance: return "unreadable distance"
        case .distanceUnit: return "distance without a known unit"
        case .time: return "unreadable time"
        case .setType: return "unknown set type"
        case .amount: return "unreadable amount or nutrient"
        case .outOfRange: return "value outside Antrain's limits"
        case .tooManyExercises: return "exercise beyond the 99th of a workout"
        }
    }

    /// Kinds sort in the order they are declared: rows that hold nothing first.
    public static func < (lhs: SkipKind, rhs: SkipKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
