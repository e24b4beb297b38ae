import AntrainEvents
import Foundation

/// One exercise's totals and records: the rows of the CLI's `stats` JSON.
public struct ExerciseStatistics: Codable, Sendable, Equatable {
    /// The exercise.
    public var exerciseID: UUID
    /// Its name, the last one the library gave it.
    public var exercise: String
    /// Deleted from the library ("Deleted exercise"); its history stays.
    public var isDeleted: Bool
    /// Entered weight × reps of completed working sets, in kg.
    public var totalVolumeKg: Double
    /// Completed sets, warm-ups included.
    public var sets: Int
    /// Reps of completed sets, warm-ups included.
    public var reps: Int
    /// Workouts with at least one completed set of it.
    public var sessions: Int
    /// The start of the latest of those workouts.
    public var lastPerformedAt: Timestamp?
    /// Whether one of those workouts was completed.
    public var hasCompletedWorkout: Bool
    /// Its current records, when the query was given the ``PersonalRecords`` model.
    public var records: ExerciseRecords?
}

extension ExerciseStats {
    /// The statistics of one exercise, nil if neither the library nor a workout named it;
    /// with its current records from `records` when given.
    public func statistics(for exerciseID: UUID, formula: OneRepMaxFormula = .brzycki,
                           records: PersonalRecords? = nil) -> ExerciseStatistics? {
        guard labels[exerciseID] != nil || exerciseEntries[exerciseID] != nil else { return nil }
        var result = ExerciseStatistics(exerciseID: exerciseID, exercise: labels[exerciseID]?.name ?? "Unknown exercise",
                                        isDeleted: labels[exerciseID]?.isDeleted ?? false, totalVolumeKg: 0, sets: 0,
                                        reps: 0, sessions: 0, lastPerformedAt: nil, hasCompletedWorkout: false,
                                        records: records?.records(for: exerciseID, formula: formula))
        var sessions: [UUID] = []
        for entryID in exerciseEntries[exerciseID] ?? [] {
            guard let entry = entries[entryID], !entry.isRemoved, let workout = workouts[entry.workoutID],
                  !workout.isDeleted else { continue }
            let completed = entry.sets.filter(\.completed)
            guard !completed.isEmpty else { continue }
            result.sets += completed.count
            result.reps += completed.reduce(0) { $0 + $1.reps }
            result.totalVolumeKg += completed.reduce(0) { $0 + $1.volumeKg }
            if !sessions.contains(entry.workoutID) { sessions.append(entry.workoutID) }
            result.lastPerformedAt = max(result.lastPerformedAt ?? workout.startedAt, workout.startedAt)
            result.hasCompletedWorkout = result.hasCompletedWorkout || workout.isCompleted
        }
        result.sessions = sessions.count
        return result
    }

    /// The statistics of every exercise, by name; those never performed only when `includeUnused`.
    public func allStatistics(formula: OneRepMaxFormula = .brzycki, includeUnused: Bool = false,
                              records: PersonalRecords? = nil) -> [ExerciseStatistics] {
        var ids = Array(labels.keys)
        ids += exerciseEntries.keys.filter { labels[$0] == nil }
        return ids.compactMap { statistics(for: $0, formula: formula, records: records) }
            .filter { includeUnused || $0.sessions > 0 }
            .sorted { ($0.exercise, $0.exerciseID.uuidString) < ($1.exercise, $1.exerciseID.uuidString) }
    }
}
