import AntrainEvents
import Foundation

/// Rules of live workouts and quick logs.
extension LegacyCommandRules {
    static func workoutPlan(_ command: Command, in state: LegacyCommandState) throws -> PlannedAppend {
        switch command {
        case let .startWorkout(workoutID, type, name, templateID, programDay, at, timeZone):
            let what = "start workout \(workoutID.uuidString)"
            if let activeID = state.activeWorkoutID, let active = state.workouts[activeID] {
                throw CommandError(.workoutAlreadyActive, "cannot \(what): \(active.type.rawValue) workout "
                    + "\(activeID.uuidString) is active; at most one workout is active, so complete, cancel or delete it first")
            }
            try requireNew(StreamName.workout(workoutID), "workout \(workoutID.uuidString)", in: state)
            if let templateID { _ = try usableTemplate(templateID, in: state, for: "cannot \(what)") }
            if let programDay { _ = try usableProgram(programDay.programID, in: state, for: "cannot \(what)") }
            return append([WorkoutStarted(workoutID: workoutID, type: type, name: name, templateID: templateID,
                                          programDay: programDay, startedAt: at, timeZone: timeZone)], in: state)

        case let .addExercise(workoutID, entryID, exerciseID):
            let what = "cannot add exercise \(exerciseID.uuidString) to workout \(workoutID.uuidString)"
            let workout = try activeLifting(workoutID, in: state, for: what)
            _ = try usableExercise(exerciseID, in: state, for: what)
            guard workout.entries[entryID] == nil else {
                throw CommandError(.alreadyExists, "\(what): entry \(entryID.uuidString) is already in the workout; use a new entry id")
            }
            return append([ExerciseAddedToWorkout(workoutID: workoutID, entryID: entryID, exerciseID: exerciseID,
                                                  position: workout.entries.count + 1)], in: state)

        case let .logSet(workoutID, entryID, exerciseID, setID, performance, at):
            let what = "cannot log set \(setID.uuidString) in workout \(workoutID.uuidString)"
            let workout = try activeLifting(workoutID, in: state, for: what)
            _ = try usableExercise(exerciseID, in: state, for: what)
            guard workout.sets[setID] == nil else {
                throw CommandError(.alreadyExists, "\(what): the set is logged already; correct it, or use a new set id")
            }
            var events: [any DomainEvent] = []
            if let present = workout.entries[entryID] {
                guard present == exerciseID else {
                    throw CommandError(.alreadyExists, "\(what): entry \(entryID.uuidString) is exercise "
                        + "\(present.uuidString), not \(exerciseID.uuidString); log it under an entry of that exercise or a new entry")
                }
            } else {
                events.append(ExerciseAddedToWorkout(workoutID: workoutID, entryID: entryID, exerciseID: exerciseID,
                                                     position: workout.entries.count + 1))
            }
            events.append(SetLogged(workoutID: workoutID, entryID: entryID, setID: setID, performance: performance, loggedAt: at))
            return append(events, in: state)

        case let .correctSet(workoutID, setID, performance):
            try requireSet(setID, workoutID, in: state, for: "cannot correct set \(setID.uuidString)")
            return append([SetCorrected(workoutID: workoutID, setID: setID, performance: performance)], in: state)

        case let .removeSet(workoutID, setID):
            try requireSet(setID, workoutID, in: state, for: "cannot remove set \(setID.uuidString)")
            return append([SetRemoved(workoutID: workoutID, setID: setID)], in: state)

        case let .changeWorkoutNotes(workoutID, notes):
            _ = try existingWorkout(workoutID, in: state, for: "cannot change the notes of workout \(workoutID.uuidString)")
            return append([WorkoutNotesChanged(workoutID: workoutID, notes: notes)], in: state)

        case let .recordWorkoutRPE(workoutID, rpe):
            _ = try existingWorkout(workoutID, in: state, for: "cannot record the RPE of workout \(workoutID.uuidString)")
            return append([WorkoutRPERecorded(workoutID: workoutID, rpe: rpe)], in: state)

        case let .completeWorkout(workoutID, endedAt, durationSeconds):
            let what = "cannot complete workout \(workoutID.uuidString)"
            let workout = try active(workoutID, in: state, for: what)
            if workout.type == .lifting, !workout.sets.values.contains(where: \.completed) {
                throw CommandError(.noCompletedSet, "\(what): a lifting workout needs at least one completed set "
                    + "(it has \(workout.sets.count) set(s), none completed); log a set, or cancel the workout")
            }
            return append([WorkoutCompleted(workoutID: workoutID, endedAt: endedAt, durationSeconds: durationSeconds)], in: state)

        case let .cancelWorkout(workoutID, at):
            _ = try active(workoutID, in: state, for: "cannot cancel workout \(workoutID.uuidString)")
            return append([WorkoutCancelled(workoutID: workoutID, cancelledAt: at)], in: state)

        case let .deleteWorkout(workoutID):
            _ = try existingWorkout(workoutID, in: state, for: "cannot delete workout \(workoutID.uuidString)")
            return append([WorkoutDeleted(workoutID: workoutID)], in: state)

        case let .logCardio(event):
            try requireQuickLogTarget(event.workoutID, .cardio, in: state)
            return append([event], in: state)

        case let .logMetcon(event):
            try requireQuickLogTarget(event.workoutID, .metcon, in: state)
            return append([event], in: state)

        default:
            preconditionFailure("not a workout command: \(command)")
        }
    }

    /// A workout that exists and was not deleted.
    static func existingWorkout(_ id: UUID, in state: LegacyCommandState, for what: String) throws -> LegacyCommandState.Workout {
        guard let workout = state.workouts[id] else {
            throw CommandError(.notFound, "\(what): there is no workout \(id.uuidString)")
        }
        guard workout.status != .deleted else {
            throw CommandError(.deleted, "\(what): the workout was deleted; deleted workouts cannot change")
        }
        return workout
    }

    /// The active workout, when it is `id`.
    static func active(_ id: UUID, in state: LegacyCommandState, for what: String) throws -> LegacyCommandState.Workout {
        let workout = try existingWorkout(id, in: state, for: what)
        guard workout.status == .active else {
            throw CommandError(.workoutNotActive, "\(what): the workout is \(workout.status.rawValue); only the active workout can")
        }
        return workout
    }

    /// The active workout, when it is `id` and a lifting one: the only place sets go.
    static func activeLifting(_ id: UUID, in state: LegacyCommandState, for what: String) throws -> LegacyCommandState.Workout {
        let workout = try active(id, in: state, for: what)
        guard workout.type == .lifting else {
            throw CommandError(.wrongWorkoutType, "\(what): it is a \(workout.type.rawValue) workout; "
                + "exercises and sets go only into a lifting workout")
        }
        return workout
    }

    /// A set of a lifting workout that was not deleted.
    static func requireSet(_ setID: UUID, _ workoutID: UUID, in state: LegacyCommandState, for what: String) throws {
        let workout = try existingWorkout(workoutID, in: state, for: "\(what) of workout \(workoutID.uuidString)")
        guard workout.sets[setID] != nil else {
            throw CommandError(.setNotFound, "\(what): workout \(workoutID.uuidString) has no such set "
                + "(it has \(workout.sets.count)); only logged sets that were not removed can change")
        }
    }

    /// A quick log goes to a new workout id, or into the active live workout of its type.
    static func requireQuickLogTarget(_ id: UUID, _ type: WorkoutType, in state: LegacyCommandState) throws {
        let what = "cannot log \(type.rawValue) into workout \(id.uuidString)"
        guard state.workouts[id] != nil else { return try requireNew(StreamName.workout(id), "workout \(id.uuidString)", in: state) }
        let workout = try active(id, in: state, for: what)
        guard workout.type == type else {
            throw CommandError(.wrongWorkoutType, "\(what): it is a \(workout.type.rawValue) workout; "
                + "\(type.rawValue) is logged into an active \(type.rawValue) workout or on a new workout id")
        }
    }
}
