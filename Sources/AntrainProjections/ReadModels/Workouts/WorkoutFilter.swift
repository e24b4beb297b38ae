import AntrainEvents
import Foundation

/// One line of the workout list: the fields of the CLI's `history` JSON.
public struct WorkoutSummary: Codable, Sendable, Equatable {
    /// The workout's id.
    public var id: UUID
    /// When it started.
    public var startedAt: Timestamp
    /// Lifting, cardio or metcon.
    public var type: WorkoutType
    /// Its name, if any.
    public var name: String?
    /// Active, completed, cancelled or deleted.
    public var status: WorkoutStatus
    /// Completed sets, warm-ups included.
    public var sets: Int
    /// Weight × reps of completed working sets, in kg.
    public var volumeKg: Double
}

/// Which workouts a list shows; every criterion given must hold.
public struct WorkoutFilter: Sendable, Equatable {
    /// The first UTC day of the start, inclusive.
    public var from: CalendarDay?
    /// The last UTC day of the start, inclusive.
    public var to: CalendarDay?
    /// Only this type.
    public var type: WorkoutType?
    /// Only workouts with this exercise.
    public var exerciseID: UUID?
    /// Whether deleted workouts are listed too.
    public var includeDeleted: Bool

    /// A filter; with no arguments, every workout not deleted.
    public init(from: CalendarDay? = nil, to: CalendarDay? = nil, type: WorkoutType? = nil, exerciseID: UUID? = nil,
                includeDeleted: Bool = false) {
        self.from = from
        self.to = to
        self.type = type
        self.exerciseID = exerciseID
        self.includeDeleted = includeDeleted
    }

    func admits(_ workout: Workout) -> Bool {
        admits(startedAt: workout.startedAt, type: workout.type, status: workout.status) { wanted in
            workout.exercises.contains { $0.exerciseID == wanted }
        }
    }

    /// The same test on a workout's list line and the exercises it holds.
    func admits(_ summary: WorkoutSummary, exercises: [UUID]) -> Bool {
        admits(startedAt: summary.startedAt, type: summary.type, status: summary.status) { exercises.contains($0) }
    }

    private func admits(startedAt: Timestamp, type: WorkoutType, status: WorkoutStatus,
                        has: (UUID) -> Bool) -> Bool {
        let day = startedAt.day
        if let from, day < from { return false }
        if let to, day > to { return false }
        if let wanted = self.type, type != wanted { return false }
        if let exerciseID, !has(exerciseID) { return false }
        return includeDeleted || status != .deleted
    }
}
