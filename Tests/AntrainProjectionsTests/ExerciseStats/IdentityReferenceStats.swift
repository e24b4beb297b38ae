import AntrainEvents
@testable import AntrainProjections
import Foundation

/// The exercise totals under the one rule of identity of the keyed training state
/// (docs/PROJECTIONS.md), folded the plain way: each workout a list of entries, each entry a
/// list of sets, found by scanning, to check ``PersonalRecords``' totals against.
///
/// The rule: a workout exists from its first `WorkoutStarted`; events naming a workout that
/// does not exist, or one deleted, change nothing. An `ExerciseAddedToWorkout` repeating an
/// entry id the workout holds is ignored; a `SetLogged` must name an entry of its own workout
/// and is ignored when the workout holds its set id already (a set removed no longer holds
/// it). `SetCorrected` and `SetRemoved` change the set with that id in the workout they name.
struct IdentityReferenceStats {
    struct Entry {
        var entryID: UUID
        var exerciseID: UUID
        var sets: [(setID: UUID, performance: SetPerformance)] = []
    }

    struct Workout {
        var startedAt: Timestamp
        var everCompleted = false
        var isDeleted = false
        var entries: [Entry] = []

        func locate(_ setID: UUID) -> (entry: Int, set: Int)? {
            for (index, entry) in entries.enumerated() {
                if let set = entry.sets.firstIndex(where: { $0.setID == setID }) { return (index, set) }
            }
            return nil
        }
    }

    /// Every exercise with a row, in the order first met: its library name and deletion.
    var exercises: [(id: UUID, name: String?, isDeleted: Bool)] = []
    /// The workouts started, in the order started.
    var workouts: [(id: UUID, workout: Workout)] = []

    private mutating func exercise(_ id: UUID) -> Int {
        if let index = exercises.firstIndex(where: { $0.id == id }) { return index }
        exercises.append((id, nil, false))
        return exercises.count - 1
    }

    /// The workout `id` if it exists and is not deleted.
    private func live(_ id: UUID) -> Int? {
        guard let index = workouts.firstIndex(where: { $0.id == id }), !workouts[index].workout.isDeleted else { return nil }
        return index
    }

    /// Folds one event.
    mutating func apply(_ event: any DomainEvent) {
        switch event {
        case let event as ExerciseCreated: exercises[exercise(event.exerciseID)].name = event.definition.name
        case let event as ExerciseUpdated: exercises[exercise(event.exerciseID)].name = event.definition.name
        case let event as ExerciseDeleted: exercises[exercise(event.exerciseID)].isDeleted = true
        case let event as WorkoutStarted:
            guard !workouts.contains(where: { $0.id == event.workoutID }) else { return }
            workouts.append((event.workoutID, Workout(startedAt: event.startedAt)))
        case let event as WorkoutCompleted:
            if let index = live(event.workoutID) { workouts[index].workout.everCompleted = true }
        case let event as WorkoutDeleted:
            if let index = live(event.workoutID) { workouts[index].workout.isDeleted = true }
        case let event as ExerciseAddedToWorkout:
            guard let index = live(event.workoutID),
                  !workouts[index].workout.entries.contains(where: { $0.entryID == event.entryID }) else { return }
            _ = exercise(event.exerciseID)
            // Where it goes in the display order does not change a total.
            workouts[index].workout.entries.append(Entry(entryID: event.entryID, exerciseID: event.exerciseID))
        case let event as ExerciseRemovedFromWorkout:
            guard let index = live(event.workoutID) else { return }
            workouts[index].workout.entries.removeAll { $0.entryID == event.entryID }
        case let event as SetLogged:
            guard let index = live(event.workoutID), workouts[index].workout.locate(event.setID) == nil,
                  let entry = workouts[index].workout.entries.firstIndex(where: { $0.entryID == event.entryID }) else { return }
            workouts[index].workout.entries[entry].sets.append((event.setID, event.performance))
        case let event as SetCorrected:
            guard let index = live(event.workoutID), let (entry, set) = workouts[index].workout.locate(event.setID) else { return }
            workouts[index].workout.entries[entry].sets[set].performance = event.performance
        case let event as SetRemoved:
            guard let index = live(event.workoutID), let (entry, set) = workouts[index].workout.locate(event.setID) else { return }
            workouts[index].workout.entries[entry].sets.remove(at: set)
        default: break
        }
    }

    /// Every exercise's statistics, by name, the unused ones too.
    func allStatistics() -> [ExerciseStatistics] {
        exercises.map { statistics(for: $0.id)! }
            .sorted { ($0.exercise, $0.exerciseID.uuidString) < ($1.exercise, $1.exerciseID.uuidString) }
    }

    /// One exercise's statistics, nil if nothing gave it a row.
    func statistics(for exerciseID: UUID) -> ExerciseStatistics? {
        guard let label = exercises.first(where: { $0.id == exerciseID }) else { return nil }
        var result = ExerciseStatistics(exerciseID: exerciseID, exercise: label.name ?? "Unknown exercise", isDeleted: label.isDeleted)
        for (_, workout) in workouts where !workout.isDeleted {
            var counted = false
            for entry in workout.entries where entry.exerciseID == exerciseID {
                for (_, performance) in entry.sets where performance.completed {
                    counted = true
                    result.sets += 1
                    result.reps += performance.reps ?? 0
                    if performance.setType != .warmup {
                        result.totalVolumeKg += (performance.weight?.kilograms ?? 0) * Double(performance.reps ?? 0)
                    }
                }
            }
            guard counted else { continue }
            result.sessions += 1
            result.lastPerformedAt = max(result.lastPerformedAt ?? workout.startedAt, workout.startedAt)
            result.hasCompletedWorkout = result.hasCompletedWorkout || workout.everCompleted
        }
        return result
    }
}
