import AntrainEvents
import Foundation

/// One exercise's totals and records: the rows of the CLI's `stats` JSON.
public struct ExerciseStatistics: Codable, Sendable, Equatable {
    /// The exercise.
    public var exerciseID: UUID
    /// Its name, the last one the library gave it.
    public var exercise: String
    /// Deleted from the library ("Deleted exercise"); its history stays.
    public var isDeleted: Bool
    /// Entered weight × reps of completed working sets, in kg.
    public var totalVolumeKg: Double
    /// Completed sets, warm-ups included.
    public var sets: Int
    /// Reps of completed sets, warm-ups included.
    public var reps: Int
    /// Workouts with at least one completed set of it.
    public var sessions: Int
    /// The start of the latest of those workouts.
    public var lastPerformedAt: Timestamp?
    /// Whether one of those workouts was completed.
    public var hasCompletedWorkout: Bool
    /// Its current records, when the query asked for them (`withRecords`).
    public var records: ExerciseRecords?

    /// An exercise with nothing counted yet.
    init(exerciseID: UUID, exercise: String, isDeleted: Bool) {
        self.exerciseID = exerciseID
        self.exercise = exercise
        self.isDeleted = isDeleted
        (totalVolumeKg, sets, reps, sessions, lastPerformedAt, hasCompletedWorkout, records) = (0, 0, 0, 0, nil, false, nil)
    }
}
