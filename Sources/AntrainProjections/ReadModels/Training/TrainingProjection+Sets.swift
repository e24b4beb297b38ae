import AntrainEvents
import Foundation

/// How exercises and sets change a workout.
extension TrainingProjection {
    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID), workouts[reading: slot].entries.entry(event.entryID) == nil else { return }
        // An exercise named by a workout has a row in the totals, even before a set.
        let bookSlot = book(event.exerciseID)
        let number = books[reading: bookSlot].number
        let position = ExerciseAddedToWorkout.index(ofPosition: event.position, among: workouts[reading: slot].entries.count)
        workouts[slot].entries.insert(TrainingEntry(entryID: event.entryID, addedOffset: stored.offset, exerciseID: event.exerciseID,
                                                    exerciseNumber: number),
                                      at: position)
    }

    mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID), let entry = workouts[reading: slot].entries.entry(event.entryID) else { return }
        let removed = workouts[reading: slot].entries[entry]
        if let first = removed.sets.first { markStale(removed.exerciseID, from: first.loggedOffset) }
        change(slot, exercises: [removed.exerciseID]) { workout in
            workout.entries.remove(at: entry)
            for set in removed.sets where set.figures.hasNotes { workout.setNotes.set(nil, of: set.loggedOffset) }
        }
    }

    mutating func visit(_ event: ExercisesReordered, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID) else { return }
        // Entries the new order names come first, in its order; any it leaves out keep their
        // relative order after them.
        let entries = workouts[reading: slot].entries
        var reordered = event.entryIDs.compactMap { id in entries.first { $0.entryID == id } }
        reordered += entries.filter { !event.entryIDs.contains($0.entryID) }
        workouts[slot].entries = reordered
    }

    mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID) else { return }
        // Facts read before the set goes in, in one look at the workout where it lies (a copy
        // held across the change would make the change copy the workout's arrays).
        let found = workouts.withPointer(at: slot) { workout -> (entry: Int, exerciseID: UUID, counted: Bool, facts: WorkoutFacts)? in
            let entries = workout.pointee.entries
            guard let entry = entries.entry(event.entryID), entries.locate(event.setID) == nil else { return nil }
            let exerciseID = entries[entry].exerciseID
            let facts = WorkoutFacts(type: workout.pointee.type, status: workout.pointee.status,
                                     completedOffset: workout.pointee.completedOffset)
            return (entry, exerciseID, !facts.status.isWithdrawn && entries.hasCompletedSet(of: exerciseID), facts)
        }
        guard let (entry, exerciseID, counted, facts) = found else { return }
        let set = TrainingSet(figures: SetFigures(setID: event.setID, performance: event.performance, loggedAt: event.loggedAt,
                                                  isCorrected: false),
                              loggedOffset: stored.offset, changedOffset: stored.offset)
        if let notes = event.performance.notes { workouts[slot].setNotes.set(notes, of: stored.offset) }
        if facts.status != .active {
            // Rare: a set logged into a completed workout changes its day's summary too; one
            // logged into a cancelled workout changes no total.
            change(slot, exercises: [exerciseID]) { $0.entries[entry].sets.append(set) }
        } else {
            workouts[slot].entries[entry].appendSet(set)
            addToTotals(set, of: exerciseID, in: facts, workoutID: event.workoutID, sessionBegins: !counted)
        }
        fileSession(of: exerciseID, in: slot, adding: set, counts: counted || event.performance.completed)
        // A cancelled workout's sets set no records.
        if facts.status != .cancelled { offerNewSet(set, of: exerciseID, in: slot) }
    }

    /// The totals and last performances a set adds when logged into a workout that does not
    /// count in the summary: what ``change(_:exercises:_:)`` would work out, without comparing
    /// the workout before and after.
    private mutating func addToTotals(_ set: TrainingSet, of exerciseID: UUID, in workout: WorkoutFacts, workoutID: UUID,
                                      sessionBegins: Bool) {
        guard set.figures.isCompleted else { return }
        let slot = book(exerciseID)
        books[slot].totals.sets += 1
        books[slot].totals.reps += set.figures.repetitions ?? 0
        let volume = set.figures.volumeKg
        if volume != 0 { books[slot].totals.volumeKg += volume }
        if sessionBegins {
            books[slot].sessionsCounted += 1
            if workout.completedOffset != nil { books[slot].completedSessionsCounted += 1 }
        }
        if workout.type == .lifting, let completed = workout.completedOffset, set.figures.isWorkingWithLoad {
            followPerformance(exerciseID, of: workoutID, completedOffset: completed, qualifies: true)
        }
    }

    mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID), let (entry, index) = workouts[reading: slot].entries.locate(event.setID) else { return }
        let exerciseID = workouts[reading: slot].entries[entry].exerciseID
        let old = workouts[reading: slot].entries[entry].sets[index]
        var corrected = old
        corrected.figures.take(event.performance)
        corrected.figures.isCorrected = true
        // A planned set done carries the time it was done: a record it sets is dated then.
        if let doneAt = event.doneAt { corrected.figures.loggedAt = doneAt }
        corrected.changedOffset = stored.offset
        markStale(exerciseID, changing: old, to: corrected, in: slot)
        change(slot, exercises: [exerciseID]) { workout in
            workout.entries[entry].sets[index] = corrected
            workout.setNotes.set(event.performance.notes, of: old.loggedOffset)
        }
    }

    mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID), let (entry, index) = workouts[reading: slot].entries.locate(event.setID) else { return }
        let exerciseID = workouts[reading: slot].entries[entry].exerciseID
        let removed = workouts[reading: slot].entries[entry].sets[index]
        markStale(exerciseID, changing: removed, to: nil, in: slot)
        change(slot, exercises: [exerciseID]) { workout in
            workout.entries[entry].sets.remove(at: index)
            workout.setNotes.set(nil, of: removed.loggedOffset)
        }
    }
}

/// The facts of a workout that a new set's totals depend on.
struct WorkoutFacts {
    var type: WorkoutType
    var status: WorkoutStatus
    var completedOffset: UInt64?
}
