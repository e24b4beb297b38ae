import AntrainEvents
import Foundation
import OrderedCollections

/// Every workout with its status, exercises and sets after all corrections, and the
/// quick-log data of cardio and metcon sessions.
///
/// A workout that was started and never completed or cancelled stays `active`, so a session
/// a crash cut short can be resumed (``activeWorkout()``). A deleted workout keeps its data
/// with status `deleted`, and lists leave it out unless asked. Events for a workout never
/// started, or for one deleted, change nothing. Set counts include warm-ups; volume does not
/// (see ``WorkoutSet/volumeKg``).
public struct WorkoutHistory: ReadModel, Equatable {
    public static let name = "workout-history"
    public static let version = 1

    /// Workouts in the order they were first seen.
    var workouts: OrderedDictionary<UUID, Workout> = [:]
    /// Exercise names from the library, for the queries.
    var exerciseNames: OrderedDictionary<UUID, String> = [:]

    /// No workouts.
    public init() {}

    public mutating func visit(_ event: WorkoutStarted, _ stored: StoredEvent) {
        guard workouts[event.workoutID] == nil else { return }
        workouts[event.workoutID] = Workout(id: event.workoutID, type: event.type, name: event.name, status: .active,
                                            templateID: event.templateID, startedAt: event.startedAt,
                                            timeZone: event.timeZone, exercises: [])
    }

    public mutating func visit(_ event: CardioLogged, _ stored: StoredEvent) {
        quickLog(event.workoutID, .cardio, event.name, event.startedAt, event.durationSeconds, event.notes)
        change(event.workoutID) {
            $0.cardio = CardioDetails(activity: event.activity, distanceMetres: event.distanceMetres,
                                      paceSecondsPerKilometre: event.paceSecondsPerKilometre)
        }
    }

    public mutating func visit(_ event: MetconLogged, _ stored: StoredEvent) {
        quickLog(event.workoutID, .metcon, event.name, event.startedAt, event.durationSeconds, event.notes)
        change(event.workoutID) { $0.metcon = MetconDetails(format: event.format, rounds: event.rounds, result: event.result) }
    }

    public mutating func visit(_ event: WorkoutNotesChanged, _ stored: StoredEvent) {
        change(event.workoutID) { $0.notes = event.notes.isEmpty ? nil : event.notes }
    }

    public mutating func visit(_ event: WorkoutRPERecorded, _ stored: StoredEvent) {
        change(event.workoutID) { $0.rpe = event.rpe }
    }

    public mutating func visit(_ event: WorkoutCompleted, _ stored: StoredEvent) {
        change(event.workoutID) {
            $0.status = .completed
            $0.endedAt = event.endedAt
            $0.durationSeconds = event.durationSeconds
        }
    }

    public mutating func visit(_ event: WorkoutCancelled, _ stored: StoredEvent) {
        change(event.workoutID) {
            $0.status = .cancelled
            $0.endedAt = event.cancelledAt
            $0.durationSeconds = max(0, event.cancelledAt.seconds(since: $0.startedAt))
        }
    }

    public mutating func visit(_ event: WorkoutDeleted, _ stored: StoredEvent) {
        change(event.workoutID) { $0.status = .deleted }
    }

    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: StoredEvent) {
        change(event.workoutID) {
            guard !$0.exercises.contains(where: { $0.entryID == event.entryID }) else { return }
            let position = min(max(event.position - 1, 0), $0.exercises.count)
            $0.exercises.insert(WorkoutExercise(entryID: event.entryID, exerciseID: event.exerciseID, exerciseName: "", sets: []),
                                at: position)
        }
    }

    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: StoredEvent) {
        change(event.workoutID) { $0.exercises.removeAll { $0.entryID == event.entryID } }
    }

    public mutating func visit(_ event: ExercisesReordered, _ stored: StoredEvent) {
        change(event.workoutID) { workout in
            // Entries the new order names come first, in its order; any it leaves out keep
            // their relative order after them.
            var reordered = event.entryIDs.compactMap { id in workout.exercises.first { $0.entryID == id } }
            reordered += workout.exercises.filter { !event.entryIDs.contains($0.entryID) }
            workout.exercises = reordered
        }
    }

    public mutating func visit(_ event: SetLogged, _ stored: StoredEvent) {
        change(event.workoutID) {
            guard let entry = $0.exercises.firstIndex(where: { $0.entryID == event.entryID }) else { return }
            $0.exercises[entry].sets.append(WorkoutSet(setID: event.setID, performance: event.performance,
                                                       loggedAt: event.loggedAt, isCorrected: false))
        }
    }

    public mutating func visit(_ event: SetCorrected, _ stored: StoredEvent) {
        change(event.workoutID) {
            guard let (entry, set) = $0.locate(event.setID) else { return }
            $0.exercises[entry].sets[set].performance = event.performance
            $0.exercises[entry].sets[set].isCorrected = true
        }
    }

    public mutating func visit(_ event: SetRemoved, _ stored: StoredEvent) {
        change(event.workoutID) {
            guard let (entry, set) = $0.locate(event.setID) else { return }
            $0.exercises[entry].sets.remove(at: set)
        }
    }

    public mutating func visit(_ event: ExerciseCreated, _ stored: StoredEvent) {
        exerciseNames[event.exerciseID] = event.definition.name
    }

    public mutating func visit(_ event: ExerciseUpdated, _ stored: StoredEvent) {
        exerciseNames[event.exerciseID] = event.definition.name
    }

    /// Applies `update` to a workout that exists and is not deleted.
    private mutating func change(_ workoutID: UUID, _ update: (inout Workout) -> Void) {
        guard let index = workouts.index(forKey: workoutID), workouts.values[index].status != .deleted else { return }
        update(&workouts.values[index])
    }

    /// Creates or completes the workout a quick log is.
    private mutating func quickLog(_ id: UUID, _ type: WorkoutType, _ name: String?, _ startedAt: Timestamp,
                                   _ duration: Double, _ notes: String?) {
        if workouts[id] == nil {
            workouts[id] = Workout(id: id, type: type, name: name, status: .completed, startedAt: startedAt,
                                   timeZone: "UTC", exercises: [])
        }
        change(id) {
            $0.name = name ?? $0.name
            $0.status = .completed
            $0.startedAt = startedAt
            $0.durationSeconds = duration
            $0.endedAt = startedAt.adding(seconds: duration)
            $0.notes = notes ?? $0.notes
        }
    }
}
