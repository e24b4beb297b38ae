import Foundation

/// What kind of session a workout is.
public enum WorkoutType: String, StringCodedEnum {
    /// Sets of exercises, logged live.
    case lifting
    /// A cardio session.
    case cardio
    /// A metabolic conditioning session (AMRAP, EMOM, for time).
    case metcon
}

/// The role of a set within an exercise.
public enum SetType: String, StringCodedEnum {
    /// A warm-up set: counted in history, never for records.
    case warmup
    /// A working set.
    case normal
    /// A set at reduced weight straight after another.
    case dropset
    /// A set taken to failure.
    case failure
}

/// The program day a workout was started from.
public struct ProgramDayReference: Codable, Sendable, Hashable {
    /// The program.
    public var programID: UUID
    /// The program's week number, from 1.
    public var week: Int
    /// The day of the week, 1 (Monday) to 7 (Sunday).
    public var dayOfWeek: Int

    /// A reference to day `dayOfWeek` of `week` of a program.
    public init(programID: UUID, week: Int, dayOfWeek: Int) {
        self.programID = programID
        self.week = week
        self.dayOfWeek = dayOfWeek
    }
}

extension ProgramDayReference: Validatable {
    public func validate(into validator: inout Validator) {
        validator.integer(week, "week", 1...52)
        validator.integer(dayOfWeek, "dayOfWeek", 1...7)
    }
}

/// Limits shared by the lifting events.
enum LiftingLimits {
    static let reps = 1...999
    /// The heaviest load a set may carry, in kg (leg-press sleds reach about 1,000 kg).
    static let maxLoadKg = 2_000.0
    static let restSeconds = 0...600
    static let rpe = NumberRule.within(1...10)
    static let setNotes = 200
    static let workoutNotes = 500
    /// A workout or a timed set lasts at most a day.
    static let durationSeconds = NumberRule.aboveAndAtMost(0, WorkoutCompleted.longestDurationSeconds)
}
