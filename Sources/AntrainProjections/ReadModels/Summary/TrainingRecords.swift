import AntrainEvents
import Foundation

// The per-workout, per-occurrence and per-set state of the summary, nested so their plain
// names stay private to it.
extension LegacyTrainingSummary {
    /// What ``LegacyTrainingSummary`` keeps of a workout: when and where it started, and how it ended.
    struct WorkoutRecord: Sendable, Codable, Equatable {
        enum Status: String, Sendable, Codable {
            case inProgress, completed, cancelled, deleted
            /// Named by a set but never started: it holds the workout's number for its sets,
            /// and counts only once a start (or a quick log) replaces it.
            case referenced
        }

        var startedAt: Timestamp
        /// The IANA zone that decides the workout's calendar day ("UTC" for quick logs).
        var timeZone: String
        var status: Status

        /// A workout only named by a set so far.
        static let referenced = WorkoutRecord(startedAt: Timestamp(microsecondsSince1970: 0), timeZone: "UTC",
                                              status: .referenced)
    }

    /// What ``LegacyTrainingSummary`` keeps of an exercise occurrence in a workout.
    struct EntryRecord: Sendable, Codable, Equatable {
        /// The exercise; nil for an occurrence only named by a set so far (no
        /// `ExerciseAddedToWorkout` yet), which then counts for no muscle group and cannot be
        /// removed.
        var exerciseID: UUID?
        /// Taken out of its workout by `ExerciseRemovedFromWorkout`, with its sets.
        var isRemoved = false

        /// An occurrence only named by a set so far.
        static let referenced = EntryRecord(exerciseID: nil)
    }

    /// What ``LegacyTrainingSummary`` keeps of a set: only what the summaries need, worked out once
    /// when the set is logged or corrected, its workout and occurrence by number.
    struct SetRecord: Sendable, Codable, Equatable {
        // Declared widest first, so that a record takes 24 bytes, not 32.
        /// Weight in kg × reps for a working set with both, else 0.
        var volumeKg: Double
        /// The index of its workout in ``LegacyTrainingSummary/workouts``.
        var workout: Int32
        /// The index of its occurrence's record in ``LegacyTrainingSummary/entries``.
        var entry: Int32
        /// Completed and not a warm-up.
        var isWorkingSet: Bool
        /// Taken out by `SetRemoved`. Removed sets are flagged rather than deleted because
        /// removing from an ordered map shifts every later element.
        var isRemoved = false

        init(workout: Int, entry: Int, performance: SetPerformance) {
            self.workout = Int32(workout)
            self.entry = Int32(entry)
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
