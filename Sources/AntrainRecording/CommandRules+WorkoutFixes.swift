import AntrainEvents
import AntrainProjections
import Foundation

/// Rules that change a workout's exercises beyond one set at a time: an exercise taken out of
/// the active workout, its exercises put in a new order, a set forgotten in a completed
/// workout, and the exercises and sets a workout starts with from a plan.
extension CommandRules {
    func workoutFixPlan(_ command: Command) async throws -> PlannedAppend {
        switch command {
        case let .removeExercise(workoutID, entryID):
            let what = "cannot remove entry \(entryID.uuidString) from workout \(workoutID.uuidString)"
            let contents = try await activeLifting(workoutID, for: what)
            guard contents.exercise(ofEntry: entryID) != nil else {
                throw CommandError(.exerciseNotInWorkout, "\(what): the workout has no such entry "
                    + "(it has \(contents.entries.count) exercise(s)); only an exercise of the workout can be removed")
            }
            return append([ExerciseRemovedFromWorkout(workoutID: workoutID, entryID: entryID)])

        case let .reorderExercises(workoutID, entryIDs):
            let what = "cannot reorder the exercises of workout \(workoutID.uuidString)"
            let contents = try await activeLifting(workoutID, for: what)
            let present = contents.entries.map(\.entryID)
            guard entryIDs.count == present.count, Set(entryIDs) == Set(present) else {
                throw CommandError(.exerciseNotInWorkout, "\(what): the new order names \(entryIDs.count) entr"
                    + "\(entryIDs.count == 1 ? "y" : "ies"); it must name each of the workout's \(present.count) exercise(s) once")
            }
            return append([ExercisesReordered(workoutID: workoutID, entryIDs: entryIDs)])

        default:
            preconditionFailure("not a workout fix: \(command)")
        }
    }

    /// The contents of a workout a set may go into at `at`: the active lifting workout when
    /// `at` is not before its start, or a completed lifting workout when `at` lies between its
    /// start and its end (a set forgotten then is added with the time it was done). Whether
    /// `at` has come yet is the caller's to check: the rules read no clock.
    func setTarget(_ id: UUID, at: Timestamp, for what: String) async throws -> WorkoutContents {
        let workout = try existingWorkout(id, for: what)
        guard workout.status == .completed else {
            let contents = try await activeLifting(id, for: what)
            if let start = try await facts.startedAt(of: id), at < start {
                throw CommandError(.setTimeOutsideWorkout, "\(what): the workout started at \(start); a set of it is done "
                    + "after its start, not at \(at)")
            }
            return contents
        }
        guard workout.type == .lifting else {
            throw CommandError(.wrongWorkoutType, "\(what): it is a \(workout.type.rawValue) workout; "
                + "exercises and sets go only into a lifting workout")
        }
        if let span = try await facts.span(of: id), at < span.start || at > span.end {
            throw CommandError(.setTimeOutsideWorkout, "\(what): the workout is completed and ran from \(span.start) "
                + "to \(span.end); a forgotten set is added with a time within it, not \(at)")
        }
        return try await facts.contents(of: id) ?? WorkoutContents()
    }

    /// The events that put a started workout's planned exercises and sets in it: each
    /// exercise usable and each set fitting its kind, in a lifting workout, no id twice.
    func plannedEvents(_ plan: [PlannedExercise], of workoutID: UUID, _ type: WorkoutType, at: Timestamp,
                       for what: String) throws -> [any DomainEvent] {
        guard !plan.isEmpty else { return [] }
        guard type == .lifting else {
            throw CommandError(.wrongWorkoutType, "\(what): it is a \(type.rawValue) workout; planned exercises and sets go only "
                + "into a lifting workout")
        }
        var events: [any DomainEvent] = []
        var ids = Set<UUID>()
        for (index, planned) in plan.enumerated() {
            let exercise = try usableExercise(planned.exerciseID, for: "\(what) (planned exercise \(index + 1))")
            guard ids.insert(planned.entryID).inserted else {
                throw CommandError(.alreadyExists, "\(what): entry \(planned.entryID.uuidString) is planned twice; use a new entry id")
            }
            events.append(ExerciseAddedToWorkout(workoutID: workoutID, entryID: planned.entryID, exerciseID: planned.exerciseID,
                                                 position: index + 1))
            for set in planned.sets {
                try requireFits(set.performance, exercise, for: "\(what) (planned set of \(exercise.name))")
                guard ids.insert(set.setID).inserted else {
                    throw CommandError(.alreadyExists, "\(what): set \(set.setID.uuidString) is planned twice; use a new set id")
                }
                events.append(SetLogged(workoutID: workoutID, entryID: planned.entryID, setID: set.setID,
                                        performance: set.performance, loggedAt: at))
            }
        }
        return events
    }
}
