import AntrainEvents
@testable import AntrainProjections
import Foundation
import OrderedCollections

/// The rules of ``ExerciseStats`` folded the plain way, one map per kind of id and every set
/// kept in its entry (the model before version 4), to check the model against. A set is
/// known by its workout and id (the rule since version 5).
struct ReferenceStats {
    /// A set's workout and id: what names a set.
    struct SetKey: Hashable {
        var workoutID: UUID
        var setID: UUID
    }

    struct Contribution {
        var key: SetKey
        var completed: Bool
        var reps: Int
        var volumeKg: Double

        init(_ key: SetKey, _ performance: SetPerformance) {
            self.key = key
            completed = performance.completed
            reps = performance.completed ? performance.reps ?? 0 : 0
            let working = performance.completed && performance.setType != .warmup
            volumeKg = working ? (performance.weight?.kilograms ?? 0) * Double(performance.reps ?? 0) : 0
        }
    }

    struct Entry {
        var workoutID: UUID
        var isRemoved = false
        var sets: [Contribution] = []
    }

    var labels: OrderedDictionary<UUID, (name: String, isDeleted: Bool)> = [:]
    var entries: OrderedDictionary<UUID, Entry> = [:]
    var exerciseEntries: OrderedDictionary<UUID, [UUID]> = [:]
    var setEntries: OrderedDictionary<SetKey, UUID> = [:]
    var workouts: OrderedDictionary<UUID, (startedAt: Timestamp, isCompleted: Bool, isDeleted: Bool)> = [:]

    /// Folds one event.
    mutating func apply(_ event: any DomainEvent) {
        switch event {
        case let event as ExerciseCreated: labels[event.exerciseID] = (event.definition.name, false)
        case let event as ExerciseUpdated: labels[event.exerciseID, default: (event.definition.name, false)].name = event.definition.name
        case let event as ExerciseDeleted: labels[event.exerciseID, default: ("Unknown exercise", false)].isDeleted = true
        case let event as WorkoutStarted:
            if workouts[event.workoutID] == nil { workouts[event.workoutID] = (event.startedAt, false, false) }
        case let event as WorkoutCompleted: workouts[event.workoutID]?.isCompleted = true
        case let event as WorkoutDeleted: workouts[event.workoutID]?.isDeleted = true
        case let event as ExerciseAddedToWorkout:
            guard entries[event.entryID] == nil else { return }
            entries[event.entryID] = Entry(workoutID: event.workoutID)
            exerciseEntries[event.exerciseID, default: []].append(event.entryID)
        case let event as ExerciseRemovedFromWorkout: entries[event.entryID]?.isRemoved = true
        case let event as SetLogged:
            let key = SetKey(workoutID: event.workoutID, setID: event.setID)
            guard entries[event.entryID] != nil, setEntries.updateValue(event.entryID, forKey: key) == nil else { return }
            entries[event.entryID]?.sets.append(Contribution(key, event.performance))
        case let event as SetCorrected:
            let key = SetKey(workoutID: event.workoutID, setID: event.setID)
            guard let entryID = setEntries[key],
                  let position = entries[entryID]?.sets.firstIndex(where: { $0.key == key }) else { return }
            entries[entryID]?.sets[position] = Contribution(key, event.performance)
        case let event as SetRemoved:
            let key = SetKey(workoutID: event.workoutID, setID: event.setID)
            guard let entryID = setEntries[key] else { return }
            entries[entryID]?.sets.removeAll { $0.key == key }
        default: break
        }
    }

    /// Every exercise's statistics, by name, the unused ones too.
    func allStatistics() -> [ExerciseStatistics] {
        (Array(labels.keys) + exerciseEntries.keys.filter { labels[$0] == nil }).map(totals(of:))
            .sorted { ($0.exercise, $0.exerciseID.uuidString) < ($1.exercise, $1.exerciseID.uuidString) }
    }

    /// One exercise's statistics, nil if nothing named it.
    func statistics(for exerciseID: UUID) -> ExerciseStatistics? {
        guard labels[exerciseID] != nil || exerciseEntries[exerciseID] != nil else { return nil }
        return totals(of: exerciseID)
    }

    private func totals(of exerciseID: UUID) -> ExerciseStatistics {
        var result = ExerciseStatistics(exerciseID: exerciseID, exercise: labels[exerciseID]?.name ?? "Unknown exercise",
                                        isDeleted: labels[exerciseID]?.isDeleted ?? false, totalVolumeKg: 0, sets: 0,
                                        reps: 0, sessions: 0, lastPerformedAt: nil, hasCompletedWorkout: false, records: nil)
        var sessions = Set<UUID>()
        for entryID in exerciseEntries[exerciseID] ?? [] {
            guard let entry = entries[entryID], !entry.isRemoved, let workout = workouts[entry.workoutID],
                  !workout.isDeleted else { continue }
            let completed = entry.sets.filter(\.completed)
            guard !completed.isEmpty else { continue }
            result.sets += completed.count
            result.reps += completed.reduce(0) { $0 + $1.reps }
            result.totalVolumeKg += completed.reduce(0) { $0 + $1.volumeKg }
            sessions.insert(entry.workoutID)
            result.lastPerformedAt = max(result.lastPerformedAt ?? workout.startedAt, workout.startedAt)
            result.hasCompletedWorkout = result.hasCompletedWorkout || workout.isCompleted
        }
        result.sessions = sessions.count
        return result
    }
}
