import Foundation

/// One workout's sets of one exercise: its running session volume, and where its sets start,
/// so that a partial fold sums only its own sets again.
///
/// A book keeps one per workout it has sets of, in the order they were first met (so their
/// `firstPosition`s ascend); each ``RecordSet`` names its session by index.
struct RecordSession: Codable, Sendable, Equatable {
    /// The workout, for the records its sets set.
    var workoutID: UUID
    /// The workout's number in the model's `workouts`, to tell whether it was deleted.
    var workout: Int32
    /// The position in the book's `sets` of its first set.
    var firstPosition: Int32
    /// Weight × reps of its counting sets so far in the fold, in kg (0 when none has counted).
    var volumeKg: Double = 0
}
