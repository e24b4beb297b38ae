import AntrainEvents
import Foundation

/// What one set adds to its exercise's totals.
struct SetContribution: Codable, Sendable, Equatable {
    var setID: UUID
    /// Completed (warm-ups included): the set counts for sets and reps.
    var completed: Bool
    var reps: Int
    /// Weight × reps of a completed working set, in kg (the entered load).
    var volumeKg: Double

    init(setID: UUID, _ performance: SetPerformance) {
        self.setID = setID
        completed = performance.completed
        reps = performance.completed ? performance.reps ?? 0 : 0
        let working = performance.completed && performance.setType != .warmup
        volumeKg = working ? (performance.weight?.kilograms ?? 0) * Double(performance.reps ?? 0) : 0
    }
}

/// One occurrence of an exercise in a workout, with its sets' contributions.
struct EntryTally: Codable, Sendable, Equatable {
    var exerciseID: UUID
    var workoutID: UUID
    /// Taken out of the workout: its sets no longer count.
    var isRemoved = false
    var sets: [SetContribution] = []
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
