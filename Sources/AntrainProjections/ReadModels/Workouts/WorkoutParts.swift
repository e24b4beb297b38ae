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
