import AntrainEvents
import Foundation

// The per-workout, per-occurrence and per-set state of the summary, nested so their plain
// names stay private to it.
extension TrainingSummary {
    /// What ``TrainingSummary`` keeps of a workout: when and where it started, and how it ended.
    struct WorkoutRecord: Sendable, Codable, Equatable {
        enum Status: String, Sendable, Codable {
            case inProgress, completed, cancelled, deleted
        }

        var startedAt: Timestamp
        /// The IANA zone that decides the workout's calendar day ("UTC" for quick logs).
        var timeZone: String
        var status: Status
    }

    /// What ``TrainingSummary`` keeps of an exercise occurrence in a workout.
    struct EntryRecord: Sendable, Codable, Equatable {
        var exerciseID: UUID
        /// Taken out of its workout by `ExerciseRemovedFromWorkout`, with its sets.
        var isRemoved = false
    }

    /// What ``TrainingSummary`` keeps of a set: only what the summaries need, worked out once
    /// when the set is logged or corrected.
    struct SetRecord: Sendable, Codable, Equatable {
        var workoutID: UUID
        var entryID: UUID
        /// Completed and not a warm-up.
        var isWorkingSet: Bool
        /// Weight in kg × reps for a working set with both, else 0.
        var volumeKg: Double
        /// Taken out by `SetRemoved`. Removed sets are flagged rather than deleted because
        /// removing from an ordered dictionary shifts every later element.
        var isRemoved = false

        init(workoutID: UUID, entryID: UUID, performance: SetPerformance) {
            self.workoutID = workoutID
            self.entryID = entryID
            (isWorkingSet, volumeKg) = Self.measure(performance)
        }

        mutating func correct(_ performance: SetPerformance) {
            (isWorkingSet, volumeKg) = Self.measure(performance)
        }

        private static func measure(_ performance: SetPerformance) -> (Bool, Double) {
            let working = performance.completed && performance.setType != .warmup
            guard working, let reps = performance.reps, let weight = performance.weight else { return (working, 0) }
            return (true, weight.kilograms * Double(reps))
        }
    }
}
