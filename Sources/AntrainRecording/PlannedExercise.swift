import AntrainEvents
import AntrainProjections
import Foundation

/// An exercise a workout starts with, from a template or a program day: its entry and the
/// sets planned for it (sets not done yet, `SetPerformance.completed` false, which
/// `workout done` or `correct-set --done` later mark as done).
public struct PlannedExercise: Sendable, Equatable {
    /// One planned set: its id and what it is to be.
    public struct PlannedSet: Sendable, Equatable {
        /// The set's id.
        public var setID: UUID
        /// What the set is planned to be.
        public var performance: SetPerformance

        /// A planned set.
        public init(setID: UUID, performance: SetPerformance) {
            self.setID = setID
            self.performance = performance
        }
    }

    /// The entry of the exercise in the workout.
    public var entryID: UUID
    /// The exercise of the library.
    public var exerciseID: UUID
    /// Its sets, in order; may be empty (the exercise alone is planned).
    public var sets: [PlannedSet]

    /// An exercise with its planned sets.
    public init(entryID: UUID, exerciseID: UUID, sets: [PlannedSet]) {
        self.entryID = entryID
        self.exerciseID = exerciseID
        self.sets = sets
    }
}
