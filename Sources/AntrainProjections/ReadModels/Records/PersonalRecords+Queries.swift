import AntrainEvents
import Foundation

/// An exercise's current records, with the e1RM of one formula: the rows of `prs`.
public struct ExerciseRecords: Codable, Sendable, Equatable {
    /// The exercise.
    public var exerciseID: UUID
    /// Its name, the last one the library gave it.
    public var exercise: String
    /// Whether it was deleted from the library (its records stay).
    public var isDeleted: Bool
    /// The formula of ``bestE1rmKg``.
    public var formula: OneRepMaxFormula
    /// The heaviest weight, with its reps.
    public var heaviestWeightKg: PersonalRecord?
    /// The best estimated one-rep max by ``formula``.
    public var bestE1rmKg: PersonalRecord?
    /// The most reps in a set.
    public var mostReps: PersonalRecord?
    /// The best weight × reps of one set.
    public var bestSetVolumeKg: PersonalRecord?
    /// The best weight × reps of one workout.
    public var bestSessionVolumeKg: PersonalRecord?
    /// The longest set, in seconds.
    public var longestDurationSeconds: PersonalRecord?
    /// The longest set, in metres.
    public var longestDistanceMetres: PersonalRecord?
    /// The fastest pace, in seconds per km.
    public var fastestPaceSecondsPerKm: PersonalRecord?
}

extension LegacyPersonalRecords {
    /// The records of one exercise (nil for an exercise never seen), with the e1RM of `formula`.
    public func records(for exerciseID: UUID, formula: OneRepMaxFormula = .brzycki) -> ExerciseRecords? {
        books[exerciseID].map { Self.records(exerciseID, $0, formula) }
    }

    /// The records of every exercise that has at least one, by name.
    public func allRecords(formula: OneRepMaxFormula = .brzycki) -> [ExerciseRecords] {
        books.filter { !$0.1.current.isEmpty }
            .map { Self.records($0.0, $0.1, formula) }
            .sorted { ($0.exercise, $0.exerciseID.uuidString) < ($1.exercise, $1.exerciseID.uuidString) }
    }

    /// How the record of `kind` progressed for an exercise: every time it was beaten, oldest first.
    public func progression(of exerciseID: UUID, _ kind: RecordKind) -> [PersonalRecord] {
        books[exerciseID]?.timeline.filter { $0.kind == kind } ?? []
    }

    /// How the best e1RM by `formula` progressed for an exercise, oldest first.
    public func e1rmProgression(of exerciseID: UUID, formula: OneRepMaxFormula = .brzycki) -> [PersonalRecord] {
        progression(of: exerciseID, formula.recordKind)
    }

    static func records(_ id: UUID, _ book: ExerciseRecordBook, _ formula: OneRepMaxFormula) -> ExerciseRecords {
        ExerciseRecords(exerciseID: id, exercise: book.name, isDeleted: book.isDeleted, formula: formula,
                        heaviestWeightKg: book.record(.heaviestWeight), bestE1rmKg: book.record(formula.recordKind),
                        mostReps: book.record(.mostReps), bestSetVolumeKg: book.record(.bestSetVolume),
                        bestSessionVolumeKg: book.record(.bestSessionVolume),
                        longestDurationSeconds: book.record(.longestDuration),
                        longestDistanceMetres: book.record(.longestDistance),
                        fastestPaceSecondsPerKm: book.record(.fastestPace))
    }
}
