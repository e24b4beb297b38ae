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

extension ExerciseStats: DigestingReadModel {
    /// Every exercise's totals, without records (they come from ``PersonalRecords``).
    public func digest() -> ExerciseTotals {
        var ids = Array(labels.keys)
        ids += exerciseEntries.keys.filter { labels[$0] == nil }
        return ExerciseTotals(rows: ids.map(totals(of:)))
    }

    /// The statistics of one exercise, nil if neither the library nor a workout named it;
    /// with its current records from `records` when given.
    public func statistics(for exerciseID: UUID, formula: OneRepMaxFormula = .brzycki,
                           records: PersonalRecords? = nil) -> ExerciseStatistics? {
        guard labels[exerciseID] != nil || exerciseEntries[exerciseID] != nil else { return nil }
        var result = totals(of: exerciseID)
        result.records = records?.records(for: exerciseID, formula: formula)
        return result
    }

    /// The statistics of every exercise, by name; those never performed only when `includeUnused`.
    public func allStatistics(formula: OneRepMaxFormula = .brzycki, includeUnused: Bool = false,
                              records: PersonalRecords? = nil) -> [ExerciseStatistics] {
        digest().allStatistics(formula: formula, includeUnused: includeUnused, records: records)
    }

    /// One exercise's totals over its occurrences still in workouts not deleted.
    private func totals(of exerciseID: UUID) -> ExerciseStatistics {
        var result = ExerciseStatistics(exerciseID: exerciseID, exercise: labels[exerciseID]?.name ?? "Unknown exercise",
                                        isDeleted: labels[exerciseID]?.isDeleted ?? false, totalVolumeKg: 0, sets: 0,
                                        reps: 0, sessions: 0, lastPerformedAt: nil, hasCompletedWorkout: false, records: nil)
        var sessions = Set<UUID>()  // only counted, never listed: its order does not matter
        for number in exerciseEntries[exerciseID] ?? [] {
            let entry = entryTallies[Int(number)]
            guard !entry.isRemoved, let workout = workouts[entry.workoutID], !workout.isDeleted,
                  entry.completedSets > 0 else { continue }
            result.sets += entry.completedSets
            result.reps += entry.reps
            result.totalVolumeKg += entry.volumeKg
            sessions.insert(entry.workoutID)
            result.lastPerformedAt = max(result.lastPerformedAt ?? workout.startedAt, workout.startedAt)
            result.hasCompletedWorkout = result.hasCompletedWorkout || workout.isCompleted
        }
        result.sessions = sessions.count
        return result
    }
}

/// The digest of ``ExerciseStats``: every exercise's totals, a row each.
///
/// ```swift
/// let totals = try await ProjectionRunner.digest(of: ExerciseStats.self, in: log, checkpoints: store)
/// let records = try await ProjectionRunner.digest(of: PersonalRecords.self, in: log, checkpoints: store)
/// totals.allStatistics(records: records)
/// ```
public struct ExerciseTotals: Codable, Sendable, Equatable {
    /// Library exercises in library order, then exercises only workouts named.
    var rows: [ExerciseStatistics] = []

    /// The statistics of one exercise, nil if neither the library nor a workout named it;
    /// with its current records from `records` when given.
    public func statistics(for exerciseID: UUID, formula: OneRepMaxFormula = .brzycki,
                           records: PersonalRecords? = nil) -> ExerciseStatistics? {
        guard var row = rows.first(where: { $0.exerciseID == exerciseID }) else { return nil }
        row.records = records?.records(for: exerciseID, formula: formula)
        return row
    }

    /// The statistics of every exercise, by name; those never performed only when `includeUnused`.
    public func allStatistics(formula: OneRepMaxFormula = .brzycki, includeUnused: Bool = false,
                              records: PersonalRecords? = nil) -> [ExerciseStatistics] {
        rows.filter { includeUnused || $0.sessions > 0 }
            .map { row in
                var row = row
                row.records = records?.records(for: row.exerciseID, formula: formula)
                return row
            }
            .sorted { ($0.exercise, $0.exerciseID.uuidString) < ($1.exercise, $1.exerciseID.uuidString) }
    }
}
