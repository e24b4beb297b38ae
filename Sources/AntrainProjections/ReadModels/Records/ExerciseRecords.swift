import AntrainEvents
import Foundation

/// An exercise's current records, with the e1RM of one formula: the rows of `prs`.
public struct ExerciseRecords: Codable, Sendable, Equatable {
    /// The exercise.
    public var exerciseID: UUID
    /// Its name, the last one the library gave it.
    public var exercise: String
    /// Whether it was deleted from the library (its records stay).
    public var isDeleted: Bool
    /// The formula of ``bestE1rmKg``.
    public var formula: OneRepMaxFormula
    /// The heaviest weight, with its reps.
    public var heaviestWeightKg: PersonalRecord?
    /// The best estimated one-rep max by ``formula``.
    public var bestE1rmKg: PersonalRecord?
    /// The most reps in a set.
    public var mostReps: PersonalRecord?
    /// The best weight × reps of one set.
    public var bestSetVolumeKg: PersonalRecord?
    /// The best weight × reps of one workout.
    public var bestSessionVolumeKg: PersonalRecord?
    /// The longest set, in seconds.
    public var longestDurationSeconds: PersonalRecord?
    /// The longest set, in metres.
    public var longestDistanceMetres: PersonalRecord?
    /// The fastest pace, in seconds per km.
    public var fastestPaceSecondsPerKm: PersonalRecord?
}
