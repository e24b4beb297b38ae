import AntrainEvents
import Foundation

/// Personal records per exercise, with the date and log offset of each and how each
/// progressed; and each exercise's totals (the cached fields of the app's exercise model).
///
/// ```swift
/// let records = PersonalRecords(store)
/// try records.records(for: benchID, formula: .epley)?.bestE1rmKg?.value
/// try records.allStatistics().map { ($0.exercise, $0.sessions, $0.totalVolumeKg) }
/// ```
///
/// Each question reads the exercises it names (one key each), or every exercise for a list:
/// never a set. The rules:
/// - Only completed sets that are not warm-ups set records; sets of deleted workouts never do.
///   Sets of active and cancelled workouts do. On a tie the earlier set (in log order) keeps
///   the record. A corrected or removed set, a removed exercise or a deleted workout makes that
///   exercise's records be worked out again from the set it touched, so a record falls back to
///   the next best.
/// - Weights are in kg. For a bodyweight exercise (library kind `bodyweight`) a set weighs the
///   bodyweight of its UTC day (the last weigh-in that day, else the last before it; none counts
///   as 0) plus its added load; a weigh-in entered later for a day already trained changes it.
/// - The best e1RM is kept for every ``OneRepMaxFormula``; queries pick one.
/// - Totals: a set counts when it is completed and stands, in a workout not deleted; sets and
///   reps include warm-ups, volume (entered weight × reps, in kg) does not. A session is a
///   workout with at least one set that counts.
public struct PersonalRecords: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [TrainingProjection.self]
    private let store: any KeyedStateStore

    /// Answers from `store`, caught up with the log.
    public init(_ store: any KeyedStateStore) { self.store = store }

    /// The records of one exercise (nil for one without a set or a library definition), with
    /// the e1RM of `formula`.
    public func records(for exerciseID: UUID, formula: OneRepMaxFormula = .brzycki) throws -> ExerciseRecords? {
        guard let book = try book(exerciseID), book.hasRecords else { return nil }
        return Self.records(exerciseID, book, formula)
    }

    /// The records of every exercise that has at least one, by name.
    public func allRecords(formula: OneRepMaxFormula = .brzycki) throws -> [ExerciseRecords] {
        try books().filter { $0.book.hasRecords && !$0.book.current.isEmpty }
            .map { Self.records($0.id, $0.book, formula) }
            .sorted { ($0.exercise, $0.exerciseID.uuidString) < ($1.exercise, $1.exerciseID.uuidString) }
    }

    /// How the record of `kind` progressed for an exercise: every time it was beaten, oldest first.
    public func progression(of exerciseID: UUID, _ kind: RecordKind) throws -> [PersonalRecord] {
        guard let book = try book(exerciseID), book.hasRecords else { return [] }
        return book.timeline.filter { $0.kind == kind }
    }

    /// How the best e1RM by `formula` progressed for an exercise, oldest first.
    public func e1rmProgression(of exerciseID: UUID, formula: OneRepMaxFormula = .brzycki) throws -> [PersonalRecord] {
        try progression(of: exerciseID, formula.recordKind)
    }

    /// The totals of one exercise, nil if neither the library nor a workout named it; with its
    /// current records when `withRecords`.
    public func statistics(for exerciseID: UUID, formula: OneRepMaxFormula = .brzycki,
                           withRecords: Bool = false) throws -> ExerciseStatistics? {
        try book(exerciseID).map { Self.statistics(exerciseID, $0, formula: withRecords ? formula : nil) }
    }

    /// The totals of every exercise, by name; those never performed only when `includeUnused`.
    public func allStatistics(formula: OneRepMaxFormula = .brzycki, includeUnused: Bool = false,
                              withRecords: Bool = false) throws -> [ExerciseStatistics] {
        try books().filter { includeUnused || $0.book.sessionsCounted > 0 }
            .map { Self.statistics($0.id, $0.book, formula: withRecords ? formula : nil) }
            .sorted { ($0.exercise, $0.exerciseID.uuidString) < ($1.exercise, $1.exerciseID.uuidString) }
    }

    // MARK: Reading

    private func book(_ exerciseID: UUID) throws -> ExerciseBook? {
        try store.read { state in
            try state.value(in: TrainingProjection.exercises, key: exerciseID.keyBytes)
                .map { try ExerciseBook.decoded($0, in: TrainingProjection.exercises) }
        }
    }

    private func books() throws -> [(id: UUID, book: ExerciseBook)] {
        try store.read { state in
            try state.entries(in: TrainingProjection.exercises, from: nil, below: nil, descending: false, limit: nil).compactMap { entry in
                guard let id = UUID(keyBytes: entry.key) else { return nil }
                return (id, try ExerciseBook.decoded(entry.value, in: TrainingProjection.exercises))
            }
        }
    }

    static func records(_ id: UUID, _ book: ExerciseBook, _ formula: OneRepMaxFormula) -> ExerciseRecords {
        ExerciseRecords(exerciseID: id, exercise: book.name, isDeleted: book.isDeleted, formula: formula,
                        heaviestWeightKg: book.record(.heaviestWeight), bestE1rmKg: book.record(formula.recordKind),
                        mostReps: book.record(.mostReps), bestSetVolumeKg: book.record(.bestSetVolume),
                        bestSessionVolumeKg: book.record(.bestSessionVolume),
                        longestDurationSeconds: book.record(.longestDuration),
                        longestDistanceMetres: book.record(.longestDistance),
                        fastestPaceSecondsPerKm: book.record(.fastestPace))
    }

    private static func statistics(_ id: UUID, _ book: ExerciseBook, formula: OneRepMaxFormula?) -> ExerciseStatistics {
        var row = ExerciseStatistics(exerciseID: id, exercise: book.name, isDeleted: book.isDeleted)
        row.totalVolumeKg = book.totals.volumeKg
        row.sets = book.totals.sets
        row.reps = book.totals.reps
        row.sessions = book.sessionsCounted
        row.lastPerformedAt = book.lastPerformedAt
        row.hasCompletedWorkout = book.completedSessionsCounted > 0
        if let formula, book.hasRecords { row.records = records(id, book, formula) }
        return row
    }
}
