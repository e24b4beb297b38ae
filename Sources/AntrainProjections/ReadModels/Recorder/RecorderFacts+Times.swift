import AntrainEvents
import Foundation

/// When a workout's parts happened, read back from the log: what a set's time, a workout's
/// end and a quick log's start are checked against (issue 38: a set lies within its workout,
/// a workout ends after its last set).
public struct WorkoutTimes: Sendable, Equatable {
    /// The instant of its first `WorkoutStarted`; nil for a workout a quick log made.
    public var start: Timestamp?
    /// The end its last `WorkoutCompleted` gave; nil while it has none.
    public var end: Timestamp?
    /// The latest time of a set still in it (logged, not removed, of an exercise not taken
    /// out); nil when it holds none.
    public var lastSet: Timestamp?

    public init(start: Timestamp? = nil, end: Timestamp? = nil, lastSet: Timestamp? = nil) {
        self.start = start
        self.end = end
        self.lastSet = lastSet
    }
}

extension RecorderFacts {
    /// The workout's start, end and last set's time, read from its range of the log; nil when
    /// there is no such workout.
    public func times(of id: UUID) async throws -> WorkoutTimes? {
        guard let workout = try workout(id) else { return nil }
        var times = WorkoutTimes()
        // Each set still in the workout: its entry (an exercise taken out takes its sets with
        // it) and its time: when it was logged, or when a correction marked it done.
        var sets: [UUID: (entry: UUID, at: Timestamp)] = [:]
        try await forEachEvent(of: id, workout) { event in
            switch event {
            case let started as WorkoutStarted where times.start == nil: times.start = started.startedAt
            case let completed as WorkoutCompleted: times.end = completed.endedAt
            case let logged as SetLogged where sets[logged.setID] == nil: sets[logged.setID] = (logged.entryID, logged.loggedAt)
            case let corrected as SetCorrected:
                if let doneAt = corrected.doneAt, let entry = sets[corrected.setID]?.entry { sets[corrected.setID] = (entry, doneAt) }
            case let removed as SetRemoved: sets[removed.setID] = nil
            case let taken as ExerciseRemovedFromWorkout: sets = sets.filter { $0.value.entry != taken.entryID }
            default: break
            }
            return true
        }
        times.lastSet = sets.values.map(\.at).max()
        return times
    }
}
