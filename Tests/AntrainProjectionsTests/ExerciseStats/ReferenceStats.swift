import AntrainEvents
@testable import AntrainProjections
import Foundation
import OrderedCollections

/// The rules of the exercise totals (``LegacyPersonalRecords/exerciseTotals()``) folded the plain
/// way: every set in one list in log order, found by scanning, with no numbering, no queue
/// and no books, to check the model against.
struct ReferenceStats {
    /// A set's workout and id: what names a set.
    struct SetKey: Hashable {
        var workoutID: UUID
        var setID: UUID
    }

    struct FiledSet {
        var key: SetKey
        var entryID: UUID
        /// The exercise whose totals it counts in: its entry's when it was logged.
        var exerciseID: UUID
        /// The exercise the latest SetLogged of its key named: corrections and removals
        /// apply only while it is `exerciseID`.
        var ownerID: UUID
        var performance: SetPerformance
        var isRemoved = false
    }

    struct WorkoutState {
        var startedAt: Timestamp?
        var isCompleted = false
        var isDeleted = false
    }

    /// Every exercise named, in the order first named, with its library name and whether
    /// the library deleted it.
    var exercises: OrderedDictionary<UUID, (name: String?, isDeleted: Bool)> = [:]
    /// Each entry's exercise: the one its latest ExerciseAddedToWorkout named.
    var entries: [UUID: UUID] = [:]
    var sets: [FiledSet] = []
    /// Workouts started, given a set, or deleted.
    var workouts: [UUID: WorkoutState] = [:]

    /// Folds one event.
    mutating func apply(_ event: any DomainEvent) {
        switch event {
        case let event as ExerciseCreated: exercises[event.exerciseID, default: (nil, false)].name = event.definition.name
        case let event as ExerciseUpdated: exercises[event.exerciseID, default: (nil, false)].name = event.definition.name
        case let event as ExerciseDeleted: exercises[event.exerciseID, default: (nil, false)].isDeleted = true
        case let event as WorkoutStarted:
            var workout = workouts[event.workoutID] ?? WorkoutState()
            if workout.startedAt == nil { workout.startedAt = event.startedAt }
            workouts[event.workoutID] = workout
        case let event as WorkoutCompleted: workouts[event.workoutID]?.isCompleted = true
        case let event as WorkoutDeleted:
            workouts[event.workoutID, default: WorkoutState()].isDeleted = true
            for index in sets.indices where sets[index].key.workoutID == event.workoutID { sets[index].isRemoved = true }
        case let event as ExerciseAddedToWorkout:
            if exercises[event.exerciseID] == nil { exercises[event.exerciseID] = (nil, false) }
            entries[event.entryID] = event.exerciseID
        case let event as ExerciseRemovedFromWorkout:
            // Its sets under the exercise it names now (an entry pointed elsewhere between
            // its sets leaves those under the other exercise standing).
            guard let exerciseID = entries[event.entryID] else { return }
            for index in sets.indices where sets[index].entryID == event.entryID && sets[index].exerciseID == exerciseID {
                sets[index].isRemoved = true
            }
        case let event as SetLogged: log(event)
        case let event as SetCorrected:
            if let index = changeable(SetKey(workoutID: event.workoutID, setID: event.setID)) {
                sets[index].performance = event.performance
            }
        case let event as SetRemoved:
            if let index = changeable(SetKey(workoutID: event.workoutID, setID: event.setID)) { sets[index].isRemoved = true }
        default: break
        }
    }

    private mutating func log(_ event: SetLogged) {
        guard let exerciseID = entries[event.entryID] else { return }
        if workouts[event.workoutID]?.isDeleted == true { return }
        if workouts[event.workoutID] == nil { workouts[event.workoutID] = WorkoutState() }
        let key = SetKey(workoutID: event.workoutID, setID: event.setID)
        if let index = sets.firstIndex(where: { $0.key == key }) {
            sets[index].ownerID = exerciseID
            return
        }
        sets.append(FiledSet(key: key, entryID: event.entryID, exerciseID: exerciseID, ownerID: exerciseID,
                             performance: event.performance))
    }

    /// The set a correction or removal of `key` changes: in a workout not deleted, not
    /// removed, and last logged for its own exercise.
    private func changeable(_ key: SetKey) -> Int? {
        guard workouts[key.workoutID]?.isDeleted == false,
              let index = sets.firstIndex(where: { $0.key == key }),
              !sets[index].isRemoved, sets[index].ownerID == sets[index].exerciseID else { return nil }
        return index
    }

    /// Every exercise's statistics, by name, the unused ones too.
    func allStatistics() -> [ExerciseStatistics] {
        exercises.keys.map { statistics(for: $0)! }
            .sorted { ($0.exercise, $0.exerciseID.uuidString) < ($1.exercise, $1.exerciseID.uuidString) }
    }

    /// One exercise's statistics, nil if nothing named it.
    func statistics(for exerciseID: UUID) -> ExerciseStatistics? {
        guard let label = exercises[exerciseID] else { return nil }
        var result = ExerciseStatistics(exerciseID: exerciseID, exercise: label.name ?? "Unknown exercise", isDeleted: label.isDeleted)
        var sessions = Set<UUID>()
        for set in sets where set.exerciseID == exerciseID && !set.isRemoved && set.performance.completed {
            guard let workout = workouts[set.key.workoutID], let startedAt = workout.startedAt, !workout.isDeleted else { continue }
            let performance = set.performance
            result.sets += 1
            result.reps += performance.reps ?? 0
            if performance.setType != .warmup {
                result.totalVolumeKg += (performance.weight?.kilograms ?? 0) * Double(performance.reps ?? 0)
            }
            if sessions.insert(set.key.workoutID).inserted {
                result.lastPerformedAt = max(result.lastPerformedAt ?? startedAt, startedAt)
                result.hasCompletedWorkout = result.hasCompletedWorkout || workout.isCompleted
            }
        }
        result.sessions = sessions.count
        return result
    }
}
