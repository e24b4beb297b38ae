import AntrainEvents
import Foundation

extension EventColumns {
    /// The ids of the workouts this batch starts, for a model to read their slots ahead in
    /// its table of every workout (``ReadModel/prepare(for:)``, ``UUIDMap/warm(toAdd:)``).
    ///
    /// ```swift
    /// public mutating func prepare(for events: EventColumns) {
    ///     workouts.warm(toAdd: events.startedWorkoutIDs)
    /// }
    /// ```
    ///
    /// One event in forty-four starts a workout, and each start inserts into tables far
    /// larger than the caches: alone, each insert waits for its own cache miss; read ahead
    /// together, the batch's misses overlap.
    var startedWorkoutIDs: LazyMapSequence<[WorkoutStarted], UUID> {
        storage.workoutStarted.lazy.map(\.workoutID)
    }
}
