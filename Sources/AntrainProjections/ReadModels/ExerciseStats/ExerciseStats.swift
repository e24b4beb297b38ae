import AntrainEvents
import Foundation
import OrderedCollections

/// The cached fields of the app's Exercise model, per exercise: when it was last performed,
/// whether a completed workout has it, total volume, sets and reps, sessions, and its
/// current records.
///
/// Conventions (the same as ``WorkoutHistory``'s): only completed sets count; sets and reps
/// include warm-ups, volume (entered weight × reps, in kg) does not. A session is a workout,
/// not deleted, in which the exercise has at least one completed set; last performed is the
/// latest start of one. Sets of active and cancelled workouts count. An exercise deleted from
/// the library keeps its history under its last name, marked deleted. The records come from
/// the ``PersonalRecords`` projection, passed to the queries: keeping a copy here would fold
/// every set twice in a rebuild.
public struct ExerciseStats: ReadModel, Equatable {
    public static let name = "exercise-stats"
    public static let version = 3

    var labels: OrderedDictionary<UUID, ExerciseLabel> = [:]
    /// Entry id → its tally.
    var entries: OrderedDictionary<UUID, EntryTally> = [:]
    /// Exercise id → its entries, in the order they were added.
    var exerciseEntries: OrderedDictionary<UUID, [UUID]> = [:]
    /// Set id → entry id.
    var setEntries: OrderedDictionary<UUID, UUID> = [:]
    var workouts: OrderedDictionary<UUID, WorkoutMark> = [:]

    /// No exercises.
    public init() {}

    public mutating func visit(_ event: ExerciseCreated, _ stored: StoredEvent) {
        labels[event.exerciseID] = ExerciseLabel(name: event.definition.name)
    }

    public mutating func visit(_ event: ExerciseUpdated, _ stored: StoredEvent) {
        labels[event.exerciseID, default: ExerciseLabel(name: event.definition.name)].name = event.definition.name
    }

    public mutating func visit(_ event: ExerciseDeleted, _ stored: StoredEvent) {
        labels[event.exerciseID, default: ExerciseLabel(name: "Unknown exercise")].isDeleted = true
    }

    public mutating func visit(_ event: WorkoutStarted, _ stored: StoredEvent) {
        if workouts[event.workoutID] == nil { workouts[event.workoutID] = WorkoutMark(startedAt: event.startedAt) }
    }

    public mutating func visit(_ event: WorkoutCompleted, _ stored: StoredEvent) {
        guard let index = workouts.index(forKey: event.workoutID) else { return }
        workouts.values[index].isCompleted = true
    }

    public mutating func visit(_ event: WorkoutDeleted, _ stored: StoredEvent) {
        if let index = workouts.index(forKey: event.workoutID) { workouts.values[index].isDeleted = true }
    }

    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: StoredEvent) {
        guard entries[event.entryID] == nil else { return }
        entries[event.entryID] = EntryTally(exerciseID: event.exerciseID, workoutID: event.workoutID)
        exerciseEntries[event.exerciseID, default: []].append(event.entryID)
    }

    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: StoredEvent) {
        guard let index = entries.index(forKey: event.entryID) else { return }
        entries.values[index].isRemoved = true
    }

    public mutating func visit(_ event: SetLogged, _ stored: StoredEvent) {
        guard let index = entries.index(forKey: event.entryID),
              setEntries.updateValue(event.entryID, forKey: event.setID) == nil else { return }
        entries.values[index].sets.append(SetContribution(setID: event.setID, event.performance))
    }

    public mutating func visit(_ event: SetCorrected, _ stored: StoredEvent) {
        guard let entryID = setEntries[event.setID], let index = entries.index(forKey: entryID),
              let position = entries.values[index].sets.firstIndex(where: { $0.setID == event.setID }) else { return }
        entries.values[index].sets[position] = SetContribution(setID: event.setID, event.performance)
    }

    public mutating func visit(_ event: SetRemoved, _ stored: StoredEvent) {
        guard let entryID = setEntries[event.setID], let index = entries.index(forKey: entryID) else { return }
        entries.values[index].sets.removeAll { $0.setID == event.setID }
    }
}
