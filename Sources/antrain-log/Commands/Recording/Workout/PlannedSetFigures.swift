import AntrainEvents
import AntrainProjections
import Foundation

/// What a planned set marked done records when the command gives no figure for a measure its
/// exercise needs (issue 38: a template plans no weight, so `workout done` recorded a bench
/// press of 8 reps and no load, and volume and records lost it).
///
/// The rule, as in Strong and Hevy, where the set before shows what to repeat:
/// - the weight is the one of the exercise's last done set in this workout, else the plan's:
///   the load stays on the bar between sets, even when the plan suggested another;
/// - the reps, time and distance are each set's target: the plan's, else the last done set's;
/// - a warm-up takes only from warm-ups and a working set only from working sets;
/// - what neither gives is asked for, naming it, and nothing is recorded.
struct PlannedSetFigures {
    /// The workout's sets, in the order they were first logged, and what each records now.
    var contents: WorkoutContents
    var performances: [UUID: SetPerformance]
    var library: Library

    /// `performance` (the planned set `setID` with what was typed applied; `typedWeight` says
    /// whether a weight was typed) with what is missing filled by the rule above.
    func filled(_ performance: SetPerformance, setID: UUID, typedWeight: Bool) throws -> SetPerformance {
        guard let set = contents.sets.first(where: { $0.setID == setID }),
              let exerciseID = contents.exercise(ofEntry: set.entryID),
              let exercise = try library.exercise(id: exerciseID) else { return performance }
        var result = performance
        let before = lastDone(of: exerciseID, before: setID, warmUp: performance.setType == .warmup)
        switch exercise.definition.kind {
        case .weightAndReps, .bodyweight:
            if !typedWeight, let weight = before?.weight { result.weight = weight }
            if result.reps == nil { result.reps = before?.reps }
            if result.reps == nil { throw missing("reps", of: exercise, fix: Self.fix("reps", "--reps 8")) }
            if result.weight == nil, exercise.definition.kind == .weightAndReps {
                throw missing("weight", of: exercise, fix: Self.fix("weight", "--weight 60kg") + " (its later sets take that weight)")
            }
        case .time:
            if result.durationSeconds == nil { result.durationSeconds = before?.durationSeconds }
            if result.durationSeconds == nil { throw missing("time", of: exercise, fix: Self.fix("time", "--time 60s")) }
        case .distance:
            if result.distanceMetres == nil { result.distanceMetres = before?.distanceMetres }
            if result.distanceMetres == nil {
                throw missing("distance", of: exercise, fix: "log it with antrain-log workout set \"\(exercise.name)\" --distance 5km")
            }
        }
        return result
    }

    /// The figures of the last done set of `exerciseID` in the workout (warm-ups or working
    /// sets, as `warmUp` says), other than `setID`.
    private func lastDone(of exerciseID: UUID, before setID: UUID, warmUp: Bool) -> SetPerformance? {
        contents.sets.reversed().lazy
            .filter { $0.completed && $0.setID != setID && contents.exercise(ofEntry: $0.entryID) == exerciseID }
            .compactMap { performances[$0.setID] }
            .first { ($0.setType == .warmup) == warmUp }
    }

    private func missing(_ what: String, of exercise: LibraryExercise, fix: String) -> CommandFailure {
        CommandFailure(message: "the planned set of \(exercise.name) has no \(what): the plan gives none and no set of it is done "
            + "in this workout", fix: fix, status: .rejectedInput)
    }

    private static func fix(_ what: String, _ example: String) -> String {
        "give the \(what) done, like antrain-log workout done \(example)"
    }
}
