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
    /// Its current records, when the query was given the ``LegacyPersonalRecords`` model.
    public var records: ExerciseRecords?

    /// An exercise with nothing counted yet.
    init(exerciseID: UUID, exercise: String, isDeleted: Bool) {
        self.exerciseID = exerciseID
        self.exercise = exercise
        self.isDeleted = isDeleted
        (totalVolumeKg, sets, reps, sessions, lastPerformedAt, hasCompletedWorkout, records) = (0, 0, 0, 0, nil, false, nil)
    }
}

/// The exercise stats read model: the cached fields of the app's Exercise model, a row per
/// exercise (last performed at, has a completed workout, total volume, sets and reps,
/// sessions), and with ``LegacyPersonalRecords`` at hand, its current records.
///
/// ```swift
/// let records = try await ProjectionRunner.digest(of: LegacyPersonalRecords.self, in: log, checkpoints: store)
/// let totals = records.exerciseTotals()
/// for row in totals.allStatistics(records: records) { print(row.exercise, row.sessions, row.totalVolumeKg) }
/// ```
///
/// The totals are worked out from the sets the records projection keeps (see
/// ``LegacyPersonalRecords/exerciseTotals()``), so a rebuild folds every set once, not twice; the
/// records digest carries them, so a query on a large log loads kilobytes.
public struct ExerciseTotals: Codable, Sendable, Equatable {
    /// A row per exercise the records model knows, in the order it first met them.
    var rows: [ExerciseStatistics] = []

    /// The statistics of one exercise, nil if neither the library nor a workout named it;
    /// with its current records from `records` when given.
    public func statistics(for exerciseID: UUID, formula: OneRepMaxFormula = .brzycki,
                           records: LegacyPersonalRecords? = nil) -> ExerciseStatistics? {
        guard var row = rows.first(where: { $0.exerciseID == exerciseID }) else { return nil }
        row.records = records?.records(for: exerciseID, formula: formula)
        return row
    }

    /// The statistics of every exercise, by name; those never performed only when `includeUnused`.
    public func allStatistics(formula: OneRepMaxFormula = .brzycki, includeUnused: Bool = false,
                              records: LegacyPersonalRecords? = nil) -> [ExerciseStatistics] {
        rows.filter { includeUnused || $0.sessions > 0 }
            .map { row in
                var row = row
                row.records = records?.records(for: row.exerciseID, formula: formula)
                return row
            }
            .sorted { ($0.exercise, $0.exerciseID.uuidString) < ($1.exercise, $1.exerciseID.uuidString) }
    }
}
