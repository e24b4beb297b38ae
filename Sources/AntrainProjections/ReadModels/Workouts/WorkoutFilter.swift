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
    /// The distance of its completed sets in metres (a cardio session's included), if any had one.
    public var distanceMetres: Double?
    /// How long it lasted, in seconds, once it ended.
    public var durationSeconds: Double?

    /// A list line of a workout.
    public init(id: UUID, startedAt: Timestamp, type: WorkoutType, name: String?, status: WorkoutStatus, sets: Int,
                volumeKg: Double, distanceMetres: Double? = nil, durationSeconds: Double? = nil) {
        self.id = id
        self.startedAt = startedAt
        self.type = type
        self.name = name
        self.status = status
        self.sets = sets
        self.volumeKg = volumeKg
        self.distanceMetres = distanceMetres
        self.durationSeconds = durationSeconds
    }
}

/// Which workouts a list shows; every criterion given must hold.
public struct WorkoutFilter: Sendable, Equatable {
    /// The first day of the start, inclusive, on the calendar of the workout's own time zone
    /// (the day the athlete trained, as the summary and the programs count it).
    public var from: CalendarDay?
    /// The last day of the start, inclusive, on the workout's own calendar.
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
        admits(day: LocalCalendar.day(of: workout.startedAt, in: workout.timeZone), type: workout.type, status: workout.status) { wanted in
            workout.exercises.contains { $0.exerciseID == wanted }
        }
    }

    /// The same test on a workout's list line, the local day it started on, and the exercises it holds.
    func admits(_ summary: WorkoutSummary, localDay: CalendarDay, exercises: [UUID]) -> Bool {
        admits(day: localDay, type: summary.type, status: summary.status) { exercises.contains($0) }
    }

    /// How far a start's local day may lie from its UTC day: zones run from UTC-12 to UTC+14.
    static let widestZoneOffsets = (behind: Int64(12 * 3600), ahead: Int64(14 * 3600))

    private func admits(day: CalendarDay, type: WorkoutType, status: WorkoutStatus,
                        has: (UUID) -> Bool) -> Bool {
        if let from, day < from { return false }
        if let to, day > to { return false }
        if let wanted = self.type, type != wanted { return false }
        if let exerciseID, !has(exerciseID) { return false }
        return includeDeleted || status != .deleted
    }
}
