import AntrainEvents
import Foundation

/// Every workout with its status, exercises and sets after all corrections, and the
/// quick-log data of cardio and metcon sessions.
///
/// A workout that was started and never completed or cancelled stays `active`, so a session
/// a crash cut short can be resumed (``activeWorkout()``). A deleted workout keeps its data
/// with status `deleted`, and lists leave it out unless asked. Events for a workout never
/// started, or for one deleted, change nothing. Set counts include warm-ups; volume does not
/// (see ``WorkoutSet/volumeKg``).
public struct LegacyWorkoutHistory: ReadModel, Equatable {
    public static let name = "workout-history"
    public static let version = 1

    /// Workouts in the order they were first seen.
    var workouts = UUIDMap<Workout>()
    /// Exercise names from the library, for the queries.
    var exerciseNames = UUIDMap<String>()
    /// The workout looked up last: a workout's events come in runs, so its number is most
    /// often found without hashing its id. Neither encoded nor compared (see ``RecentKey``).
    var recentWorkout = RecentKey()

    enum CodingKeys: String, CodingKey {
        case workouts, exerciseNames
    }

    /// No workouts.
    public init() {}

    public mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {
        _ = workouts.slot(for: event.workoutID,
                          default: Workout(id: event.workoutID, type: event.type, name: event.name, status: .active,
                                           templateID: event.templateID, startedAt: event.startedAt,
                                           timeZone: event.timeZone, exercises: []))
    }

    /// Reads ahead the slots of the batch's new workouts.
    public mutating func prepare(for events: EventColumns) {
        workouts.warm(toAdd: events.startedWorkoutIDs)
    }

    public mutating func visit(_ event: CardioLogged, _ stored: EventMetadata) {
        quickLog(event.workoutID, .cardio, event.name, event.startedAt, event.durationSeconds, event.notes)
        change(event.workoutID) {
            $0.cardio = CardioDetails(activity: event.activity, distanceMetres: event.distanceMetres,
                                      paceSecondsPerKilometre: event.paceSecondsPerKilometre)
        }
    }

    public mutating func visit(_ event: MetconLogged, _ stored: EventMetadata) {
        quickLog(event.workoutID, .metcon, event.name, event.startedAt, event.durationSeconds, event.notes)
        change(event.workoutID) { $0.metcon = MetconDetails(format: event.format, rounds: event.rounds, result: event.result) }
    }

    public mutating func visit(_ event: WorkoutNotesChanged, _ stored: EventMetadata) {
        change(event.workoutID) { $0.notes = event.notes.isEmpty ? nil : event.notes }
    }

    public mutating func visit(_ event: WorkoutRPERecorded, _ stored: EventMetadata) {
        change(event.workoutID) { $0.rpe = event.rpe }
    }

    public mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) {
        guard let index = live(event.workoutID) else { return }
        workouts.values[index].status = .completed
        workouts.values[index].endedAt = event.endedAt
        workouts.values[index].durationSeconds = event.durationSeconds
    }

    public mutating func visit(_ event: WorkoutCancelled, _ stored: EventMetadata) {
        change(event.workoutID) {
            $0.status = .cancelled
            $0.endedAt = event.cancelledAt
            $0.durationSeconds = max(0, event.cancelledAt.seconds(since: $0.startedAt))
        }
    }

    public mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata) {
        change(event.workoutID) { $0.status = .deleted }
    }

    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        guard let index = live(event.workoutID), workouts.values[index].entry(event.entryID) == nil else { return }
        let position = min(max(event.position - 1, 0), workouts.values[index].exercises.count)
        // A workout has about six exercises: room for them at the first, not growth by doubling.
        if workouts.values[index].exercises.isEmpty { workouts.values[index].exercises.reserveCapacity(6) }
        workouts.values[index].exercises.insert(WorkoutExercise(entryID: event.entryID, exerciseID: event.exerciseID,
                                                                exerciseName: "", sets: []), at: position)
    }

    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {
        change(event.workoutID) { $0.exercises.removeAll { $0.entryID == event.entryID } }
    }

    public mutating func visit(_ event: ExercisesReordered, _ stored: EventMetadata) {
        change(event.workoutID) { workout in
            // Entries the new order names come first, in its order; any it leaves out keep
            // their relative order after them.
            var reordered = event.entryIDs.compactMap { id in workout.exercises.first { $0.entryID == id } }
            reordered += workout.exercises.filter { !event.entryIDs.contains($0.entryID) }
            workout.exercises = reordered
        }
    }

    public mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        guard let index = live(event.workoutID), let entry = workouts.values[index].entry(event.entryID) else { return }
        // Most exercises get three to five sets: room for four at the first saves growing
        // the array from one to two to four, each a reallocation and copy.
        if workouts.values[index].exercises[entry].sets.isEmpty { workouts.values[index].exercises[entry].sets.reserveCapacity(4) }
        workouts.values[index].exercises[entry].sets.append(WorkoutSet(setID: event.setID, performance: event.performance,
                                                                       loggedAt: event.loggedAt, isCorrected: false))
    }

    public mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        change(event.workoutID) {
            guard let (entry, set) = $0.locate(event.setID) else { return }
            $0.exercises[entry].sets[set].performance = event.performance
            $0.exercises[entry].sets[set].isCorrected = true
        }
    }

    public mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {
        change(event.workoutID) {
            guard let (entry, set) = $0.locate(event.setID) else { return }
            $0.exercises[entry].sets.remove(at: set)
        }
    }

    public mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) {
        exerciseNames[event.exerciseID] = event.definition.name
    }

    public mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) {
        exerciseNames[event.exerciseID] = event.definition.name
    }

    /// The position of a workout that exists and is not deleted: the only ones events change.
    @inline(__always)
    private mutating func live(_ workoutID: UUID) -> Int? {
        let index: Int
        if let recent = recentWorkout.number(of: workoutID) {
            index = recent
        } else {
            guard let found = workouts.index(forKey: workoutID) else { return nil }
            recentWorkout.remember(workoutID, as: found)
            index = found
        }
        return workouts.values[index].status != .deleted ? index : nil
    }

    /// Applies `update` to a workout that exists and is not deleted (for the rarer events;
    /// the frequent ones change the workout in place through ``live(_:)``).
    private mutating func change(_ workoutID: UUID, _ update: (inout Workout) -> Void) {
        guard let index = live(workoutID) else { return }
        update(&workouts.values[index])
    }

    /// Creates or completes the workout a quick log is.
    private mutating func quickLog(_ id: UUID, _ type: WorkoutType, _ name: String?, _ startedAt: Timestamp,
                                   _ duration: Double, _ notes: String?) {
        _ = workouts.slot(for: id, default: Workout(id: id, type: type, name: name, status: .completed, startedAt: startedAt,
                                                    timeZone: "UTC", exercises: []))
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
