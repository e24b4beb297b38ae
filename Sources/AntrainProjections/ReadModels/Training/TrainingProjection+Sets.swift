import AntrainEvents
import Foundation

/// How exercises and sets change a workout.
extension TrainingProjection {
    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID), workouts.value(at: slot).entry(event.entryID) == nil else { return }
        // An exercise named by a workout has a row in the totals, even before a set.
        _ = book(event.exerciseID)
        let position = min(max(event.position - 1, 0), workouts.value(at: slot).entries.count)
        workouts[slot].entries.insert(TrainingEntry(entryID: event.entryID, exerciseID: event.exerciseID), at: position)
    }

    mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID), let entry = workouts.value(at: slot).entry(event.entryID) else { return }
        let removed = workouts.value(at: slot).entries[entry]
        if let first = removed.sets.first { markStale(removed.exerciseID, from: first.loggedOffset) }
        change(slot, exercises: [removed.exerciseID]) { $0.entries.remove(at: entry) }
    }

    mutating func visit(_ event: ExercisesReordered, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID) else { return }
        // Entries the new order names come first, in its order; any it leaves out keep their
        // relative order after them.
        let entries = workouts.value(at: slot).entries
        var reordered = event.entryIDs.compactMap { id in entries.first { $0.entryID == id } }
        reordered += entries.filter { !event.entryIDs.contains($0.entryID) }
        workouts[slot].entries = reordered
    }

    mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID), let entry = workouts.value(at: slot).entry(event.entryID),
              workouts.value(at: slot).locate(event.setID) == nil else { return }
        let exerciseID = workouts.value(at: slot).entries[entry].exerciseID
        let set = TrainingSet(shown: WorkoutSet(setID: event.setID, performance: event.performance, loggedAt: event.loggedAt,
                                                isCorrected: false),
                              loggedOffset: stored.offset, changedOffset: stored.offset)
        change(slot, exercises: [exerciseID]) { workout in
            // Most exercises get three to five sets: room for four at the first.
            if workout.entries[entry].sets.isEmpty { workout.entries[entry].sets.reserveCapacity(4) }
            workout.entries[entry].sets.append(set)
        }
        fileSession(of: exerciseID, in: slot, adding: set)
        offerNewSet(set, of: exerciseID, in: slot)
    }

    mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID), let (entry, index) = workouts.value(at: slot).locate(event.setID) else { return }
        let exerciseID = workouts.value(at: slot).entries[entry].exerciseID
        markStale(exerciseID, from: workouts.value(at: slot).entries[entry].sets[index].loggedOffset)
        change(slot, exercises: [exerciseID]) { workout in
            workout.entries[entry].sets[index].shown.performance = event.performance
            workout.entries[entry].sets[index].shown.isCorrected = true
            workout.entries[entry].sets[index].changedOffset = stored.offset
        }
    }

    mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID), let (entry, index) = workouts.value(at: slot).locate(event.setID) else { return }
        let exerciseID = workouts.value(at: slot).entries[entry].exerciseID
        markStale(exerciseID, from: workouts.value(at: slot).entries[entry].sets[index].loggedOffset)
        change(slot, exercises: [exerciseID]) { $0.entries[entry].sets.remove(at: index) }
    }
}
