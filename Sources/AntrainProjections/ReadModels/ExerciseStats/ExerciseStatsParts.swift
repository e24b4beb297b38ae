import AntrainEvents
import Foundation

/// What one set adds to its exercise's totals.
struct SetContribution: Codable, Sendable, Equatable {
    /// Completed (warm-ups included): the set counts for sets and reps.
    var completed: Bool
    var reps: Int
    /// Weight × reps of a completed working set, in kg (the entered load).
    var volumeKg: Double

    init(_ performance: SetPerformance) {
        completed = performance.completed
        reps = performance.completed ? performance.reps ?? 0 : 0
        let working = performance.completed && performance.setType != .warmup
        volumeKg = working ? (performance.weight?.kilograms ?? 0) * Double(performance.reps ?? 0) : 0
    }
}

/// One logged set, by its number in ``ExerciseStats``' set index.
///
/// A set belongs to the entry it was first logged in (`entry`), where it stays, in a chain of
/// that entry's sets in logging order (`next`). A SetLogged repeating its id changes no
/// totals but points `owner` at the entry it named, and corrections and removals look for the
/// set in the owner only: a set whose owner is not its entry can no longer change.
struct SetTally: Codable, Sendable, Equatable {
    /// The entry whose totals it counts in.
    var entry: Int32
    /// The entry the latest SetLogged of its id named.
    var owner: Int32
    /// The next set of its entry, -1 for the last.
    var next: Int32 = -1
    /// Taken out by a SetRemoved: it no longer counts, and no event changes it again.
    var isRemoved = false
    var contribution: SetContribution

    /// Whether a correction or removal of this set takes effect.
    var isChangeable: Bool { !isRemoved && owner == entry }
}

/// One occurrence of an exercise in a workout: its totals over the sets it still has.
///
/// The totals are sums in logging order, exactly as a fold over the remaining sets gives
/// them; a correction or removal sums the chain again rather than subtracting, so the
/// floating-point volume never drifts from that fold.
struct EntryTally: Codable, Sendable, Equatable {
    var workoutID: UUID
    /// Taken out of the workout: its sets no longer count.
    var isRemoved = false
    /// Its first and last set (numbers in the set index), -1 when it has none.
    var firstSet: Int32 = -1
    var lastSet: Int32 = -1
    /// Completed sets, warm-ups included.
    var completedSets = 0
    /// Reps of its completed sets.
    var reps = 0
    /// Volume of its completed working sets, in kg.
    var volumeKg = 0.0

    init(workoutID: UUID) { self.workoutID = workoutID }

    /// Adds a set's contribution after those already counted.
    mutating func count(_ contribution: SetContribution) {
        guard contribution.completed else { return }
        completedSets += 1
        reps += contribution.reps
        volumeKg += contribution.volumeKg
    }
}

/// What ExerciseStats keeps of a workout.
struct WorkoutMark: Codable, Sendable, Equatable {
    var startedAt: Timestamp
    var isCompleted = false
    var isDeleted = false
}

/// What ExerciseStats keeps of a library exercise.
struct ExerciseLabel: Codable, Sendable, Equatable {
    var name: String
    var isDeleted = false
}
