import AntrainEvents
import Foundation

/// A workout in full, as ``WorkoutHistory`` answers it.
public struct Workout: Codable, Sendable, Equatable {
    /// Its id.
    public var id: UUID
    /// Lifting, cardio or metcon.
    public var type: WorkoutType
    /// Its name, if it has one.
    public var name: String?
    /// Active, completed, cancelled or deleted.
    public var status: WorkoutStatus
    /// The template it was started from.
    public var templateID: UUID?
    /// When it started.
    public var startedAt: Timestamp
    /// The IANA time zone it was done in.
    public var timeZone: String
    /// When it ended (completed or cancelled).
    public var endedAt: Timestamp?
    /// How long it lasted in seconds: as completed, as quick-logged, or start to cancellation.
    public var durationSeconds: Double?
    /// Notes, if any.
    public var notes: String?
    /// The whole workout's RPE, if recorded.
    public var rpe: Double?
    /// Its exercises, in order.
    public var exercises: [WorkoutExercise]
    /// For a cardio quick log.
    public var cardio: CardioDetails?
    /// For a metcon quick log.
    public var metcon: MetconDetails?

    /// Completed sets, warm-ups included.
    public var completedSets: Int {
        exercises.reduce(0) { $0 + $1.sets.count { $0.performance.completed } }
    }

    /// Weight × reps of completed working sets in kg (see ``WorkoutSet/volumeKg``).
    public var volumeKg: Double {
        exercises.reduce(0) { total, exercise in exercise.sets.reduce(total) { $0 + $1.volumeKg } }
    }

    /// The position of an entry in ``exercises``: the first with this id, by a plain loop
    /// (a workout has a handful of exercises; this runs for every set logged).
    @inline(__always)
    func entry(_ entryID: UUID) -> Int? {
        var position = 0
        while position < exercises.count {
            if exercises[position].entryID == entryID { return position }
            position += 1
        }
        return nil
    }

    /// The entry and set index of a set.
    func locate(_ setID: UUID) -> (entry: Int, set: Int)? {
        for (entry, exercise) in exercises.enumerated() {
            if let set = exercise.sets.firstIndex(where: { $0.setID == setID }) { return (entry, set) }
        }
        return nil
    }
}
