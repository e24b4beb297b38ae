import AntrainEvents
import AntrainProjections
import Foundation

/// What a set may hold, by its exercise's kind (issue 19): the library says how an exercise is
/// measured, and a set that measures it otherwise is a mistake the tables would show as
/// nonsense (a distance under a bench press, reps of a plank).
extension CommandRules {
    /// Refuses `performance` when its exercise's kind cannot hold it: reps for weight-and-reps
    /// and bodyweight exercises (no distance), a time for timed exercises and a distance for
    /// distance exercises (neither takes reps; both may carry a load: a weighted plank, a
    /// farmer's carry); and a load beyond what anyone lifts (``requirePlausible(_:_:for:)``).
    func requireFits(_ performance: SetPerformance, _ exercise: LibraryExercise, for what: String) throws {
        let kind = exercise.definition.kind
        if let problem = Self.misfit(performance, kind) {
            throw CommandError(.setDoesNotFitExercise, "\(what): \(exercise.name) is \(Self.describe(kind)); \(problem)")
        }
        try requirePlausible(performance, exercise, for: what)
    }

    /// What is wrong with `performance` for an exercise of `kind`; nil when it fits.
    static func misfit(_ performance: SetPerformance, _ kind: ExerciseKind) -> String? {
        let hasReps = performance.reps != nil
        switch kind {
        case .weightAndReps, .bodyweight:
            if performance.reps == nil { return "its sets are reps, with a weight or none (100kg x 5, bw x 12)" }
            if performance.distanceMetres != nil { return "its sets take no distance" }
        case .time:
            if hasReps { return "its sets are a time (--time 60s, with a load if any: --weight 20kg), not reps" }
            if performance.durationSeconds == nil { return "its sets need a time (--time 60s)" }
        case .distance:
            if hasReps { return "its sets are a distance (--distance 5km, with --time and a load if any), not reps" }
            if performance.distanceMetres == nil { return "its sets need a distance (--distance 5km)" }
        }
        return nil
    }

    /// The kind in words: "a weight-and-reps exercise".
    static func describe(_ kind: ExerciseKind) -> String {
        switch kind {
        case .weightAndReps: "a weight-and-reps exercise"
        case .bodyweight: "a bodyweight exercise"
        case .time: "a timed exercise"
        case .distance: "a distance exercise"
        }
    }
}
