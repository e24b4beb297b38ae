import AntrainEvents
import Foundation

/// Where a workout stands.
public enum WorkoutStatus: String, StringCodedEnum {
    /// Started and not finished: a live session, or one a crash cut short, still to resume.
    case active
    /// Finished (quick-logged cardio and metcon sessions are completed when logged).
    case completed
    /// Abandoned; its sets stay in history.
    case cancelled
    /// Deleted by the user; hidden from lists unless asked for.
    case deleted
}

/// One set of a workout, as it stands after every correction.
public struct WorkoutSet: Codable, Sendable, Equatable {
    /// The set's id.
    public var setID: UUID
    /// What was done (the latest correction, if any).
    public var performance: SetPerformance
    /// When it was logged.
    public var loggedAt: Timestamp
    /// Whether a SetCorrected replaced the logged performance.
    public var isCorrected: Bool

    /// Weight × reps in kg, counted only for completed sets that are not warm-ups (the
    /// convention of the app's history); the load is the entered weight, so a bodyweight
    /// exercise counts only its added load.
    public var volumeKg: Double {
        guard performance.completed, performance.setType != .warmup, let reps = performance.reps else { return 0 }
        return (performance.weight?.kilograms ?? 0) * Double(reps)
    }
}

/// One occurrence of an exercise in a workout, with its sets in the order they were logged.
public struct WorkoutExercise: Codable, Sendable, Equatable {
    /// The occurrence's id.
    public var entryID: UUID
    /// The library exercise.
    public var exerciseID: UUID
    /// The exercise's name: filled in by the queries from the library events ("Unknown
    /// exercise" if none named it); empty in the stored state.
    public var exerciseName: String
    /// Its sets.
    public var sets: [WorkoutSet]
}

/// A cardio session's quick-log data.
public struct CardioDetails: Codable, Sendable, Equatable {
    /// Run, bike, row...
    public var activity: CardioActivity
    /// Metres, if given.
    public var distanceMetres: Double?
    /// Seconds per km, if given.
    public var paceSecondsPerKilometre: Double?
}

/// A metcon's quick-log data.
public struct MetconDetails: Codable, Sendable, Equatable {
    /// AMRAP, EMOM or for time.
    public var format: MetconFormat
    /// Rounds, if given.
    public var rounds: Int?
    /// The score as text, if given.
    public var result: String?
}
