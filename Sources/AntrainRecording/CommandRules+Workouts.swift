import AntrainEvents
import AntrainProjections
import Foundation

/// Rules of live workouts and quick logs.
extension CommandRules {
    func workoutPlan(_ command: Command) async throws -> PlannedAppend {
        switch command {
        case let .startWorkout(workoutID, type, name, templateID, programDay, at, timeZone, plan):
            let what = "start workout \(workoutID.uuidString)"
            if let activeID = try facts.activeWorkoutID(), let active = try facts.workout(activeID) {
                throw CommandError(.workoutAlreadyActive, "cannot \(what): \(active.type.rawValue) workout "
                    + "\(activeID.uuidString) is active; at most one workout is active, so complete, cancel or delete it first")
            }
            try requireNew(StreamName.workout(workoutID), "workout \(workoutID.uuidString)")
            if let templateID { _ = try usableTemplate(templateID, for: "cannot \(what)") }
            if let programDay { _ = try usableProgram(programDay.programID, for: "cannot \(what)") }
            let start = WorkoutStarted(workoutID: workoutID, type: type, name: name, templateID: templateID,
                                       programDay: programDay, startedAt: at, timeZone: timeZone)
            return append([start] + (try plannedEvents(plan, of: workoutID, type, at: at, for: "cannot \(what)")))

        case let .addExercise(workoutID, entryID, exerciseID):
            let what = "cannot add exercise \(exerciseID.uuidString) to workout \(workoutID.uuidString)"
            let contents = try await activeLifting(workoutID, for: what)
            _ = try usableExercise(exerciseID, for: what)
            guard contents.exercise(ofEntry: entryID) == nil else {
                throw CommandError(.alreadyExists, "\(what): entry \(entryID.uuidString) is already in the workout; use a new entry id")
            }
            return append([ExerciseAddedToWorkout(workoutID: workoutID, entryID: entryID, exerciseID: exerciseID,
                                                  position: contents.entries.count + 1)])

        case .removeExercise, .reorderExercises:
            return try await workoutFixPlan(command)

        case let .logSet(workoutID, entryID, exerciseID, setID, performance, at):
            // The set's id is not named: a refused set never exists, so its id means nothing to
            // the person who typed it.
            let what = "cannot log a set in workout \(workoutID.uuidString)"
            let contents = try await setTarget(workoutID, at: at, for: what)
            try requireFits(performance, try usableExercise(exerciseID, for: what), for: what)
            guard !contents.contains(set: setID) else {
                throw CommandError(.alreadyExists, "\(what): set \(setID.uuidString) is logged already; correct it, or use a new set id")
            }
            var events: [any DomainEvent] = []
            if let present = contents.exercise(ofEntry: entryID) {
                guard present == exerciseID else {
                    throw CommandError(.alreadyExists, "\(what): entry \(entryID.uuidString) is exercise "
                        + "\(present.uuidString), not \(exerciseID.uuidString); log it under an entry of that exercise or a new entry")
                }
            } else {
                events.append(ExerciseAddedToWorkout(workoutID: workoutID, entryID: entryID, exerciseID: exerciseID,
                                                     position: contents.entries.count + 1))
            }
            events.append(SetLogged(workoutID: workoutID, entryID: entryID, setID: setID, performance: performance, loggedAt: at))
            return append(events)

        case let .correctSet(workoutID, setID, performance, doneAt):
            let what = "cannot correct set \(setID.uuidString)"
            let exerciseID = try await requireSet(setID, workoutID, for: what)
            // A deleted exercise's sets may still be corrected: only the kind is checked.
            if let exerciseID, let exercise = try facts.library.exercise(id: exerciseID) {
                try requireFits(performance, exercise, for: what)
            }
            // The time a planned set was done lies within its workout, as a set's does.
            if let doneAt { _ = try await setTarget(workoutID, at: doneAt, for: what) }
            return append([SetCorrected(workoutID: workoutID, setID: setID, performance: performance, doneAt: doneAt)])

        case let .removeSet(workoutID, setID):
            try await requireSet(setID, workoutID, for: "cannot remove set \(setID.uuidString)")
            return append([SetRemoved(workoutID: workoutID, setID: setID)])

        case let .changeWorkoutNotes(workoutID, notes):
            _ = try existingWorkout(workoutID, for: "cannot change the notes of workout \(workoutID.uuidString)")
            return append([WorkoutNotesChanged(workoutID: workoutID, notes: notes)])

        case let .recordWorkoutRPE(workoutID, rpe):
            _ = try existingWorkout(workoutID, for: "cannot record the RPE of workout \(workoutID.uuidString)")
            return append([WorkoutRPERecorded(workoutID: workoutID, rpe: rpe)])

        case let .completeWorkout(workoutID, endedAt, durationSeconds):
            let what = "cannot complete workout \(workoutID.uuidString)"
            let workout = try active(workoutID, for: what)
            var events: [any DomainEvent] = []
            if workout.type == .lifting {
                let contents = try await facts.contents(of: workoutID) ?? WorkoutContents()
                if !contents.sets.contains(where: \.completed) {
                    throw CommandError(.noCompletedSet, "\(what): a lifting workout needs at least one completed set "
                        + "(it has \(contents.sets.count) set(s), none completed); log a set, or cancel the workout")
                }
                // Every exercise of a workout has at least one set (seed 001), and a set not
                // done is a draft: an exercise added, or planned, and never done leaves the
                // workout as it ends, in the log for all to see.
                for entry in contents.entriesWithNothingDone {
                    events.append(ExerciseRemovedFromWorkout(workoutID: workoutID, entryID: entry.entryID))
                }
            } else if !(try await facts.holdsQuickLog(workoutID)) {
                // A session with nothing in it is no training (seed 001: a quick log needs its
                // data); sets go only into lifting workouts, and a quick log completes its
                // workout itself, so this is one left empty.
                let type = workout.type.rawValue
                throw CommandError(.noQuickLogData, "\(what): a \(type) workout needs its data: no \(type) was logged into it; "
                    + "log the session into it, or cancel the workout")
            }
            events.append(WorkoutCompleted(workoutID: workoutID, endedAt: endedAt, durationSeconds: durationSeconds))
            return append(events)

        case let .cancelWorkout(workoutID, at):
            _ = try active(workoutID, for: "cannot cancel workout \(workoutID.uuidString)")
            return append([WorkoutCancelled(workoutID: workoutID, cancelledAt: at)])

        case let .deleteWorkout(workoutID):
            _ = try existingWorkout(workoutID, for: "cannot delete workout \(workoutID.uuidString)")
            return append([WorkoutDeleted(workoutID: workoutID)])

        case let .logCardio(event):
            try requireQuickLogTarget(event.workoutID, .cardio)
            return append([event])

        case let .logMetcon(event):
            try requireQuickLogTarget(event.workoutID, .metcon)
            return append([event])

        default:
            preconditionFailure("not a workout command: \(command)")
        }
    }

    /// A workout that exists and was not deleted.
    func existingWorkout(_ id: UUID, for what: String) throws -> RecordedWorkout {
        guard let workout = try facts.workout(id) else {
            throw CommandError(.notFound, "\(what): there is no workout \(id.uuidString)")
        }
        guard workout.status != .deleted else {
            throw CommandError(.deleted, "\(what): the workout was deleted; deleted workouts cannot change")
        }
        return workout
    }

    /// The active workout, when it is `id`.
    func active(_ id: UUID, for what: String) throws -> RecordedWorkout {
        let workout = try existingWorkout(id, for: what)
        guard workout.status == .active else {
            throw CommandError(.workoutNotActive, "\(what): the workout is \(workout.status.rawValue); only the active "
                + "workout can be changed that way")
        }
        return workout
    }

    /// The contents of the active workout, when it is `id` and a lifting one: the only place
    /// sets go.
    func activeLifting(_ id: UUID, for what: String) async throws -> WorkoutContents {
        let workout = try active(id, for: what)
        guard workout.type == .lifting else {
            throw CommandError(.wrongWorkoutType, "\(what): it is a \(workout.type.rawValue) workout; "
                + "exercises and sets go only into a lifting workout")
        }
        return try await facts.contents(of: id) ?? WorkoutContents()
    }

    /// A set of a workout that was not deleted (active or ended: an ended one's sets are read
    /// back from the log); the exercise of its entry.
    @discardableResult
    func requireSet(_ setID: UUID, _ workoutID: UUID, for what: String) async throws -> UUID? {
        _ = try existingWorkout(workoutID, for: "\(what) of workout \(workoutID.uuidString)")
        let contents = try await facts.contents(of: workoutID)
        let sets = contents?.sets ?? []
        guard let set = sets.first(where: { $0.setID == setID }) else {
            throw CommandError(.setNotFound, "\(what): workout \(workoutID.uuidString) has no such set "
                + "(it has \(sets.count)); only logged sets that were not removed can change")
        }
        return contents?.exercise(ofEntry: set.entryID)
    }

    /// A quick log goes to a new workout id, or into the active live workout of its type.
    func requireQuickLogTarget(_ id: UUID, _ type: WorkoutType) throws {
        let what = "cannot log \(type.rawValue) into workout \(id.uuidString)"
        guard try facts.workout(id) != nil else { return try requireNew(StreamName.workout(id), "workout \(id.uuidString)") }
        let workout = try active(id, for: what)
        guard workout.type == type else {
            throw CommandError(.wrongWorkoutType, "\(what): it is a \(workout.type.rawValue) workout; "
                + "\(type.rawValue) is logged into an active \(type.rawValue) workout or on a new workout id")
        }
    }
}
