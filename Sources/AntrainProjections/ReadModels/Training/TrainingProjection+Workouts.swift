import AntrainEvents
import Foundation

/// How a workout's own events change it: start, notes, effort, end, deletion, quick logs.
extension TrainingProjection {
    mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {
        // A second start of the same id changes nothing, as every event for an existing id does
        // that is not its own.
        guard workouts.slot(of: event.workoutID) == nil else { return }
        workouts.set(event.workoutID, TrainingWorkout(id: event.workoutID, type: event.type, name: event.name, status: .active,
                                                      templateID: event.templateID, programDay: event.programDay,
                                                      startedAt: event.startedAt, timeZone: event.timeZone,
                                                      firstOffset: stored.offset))
        let factsSlot = facts.slot(of: TrainingFacts.key) { TrainingFacts() }
        facts[factsSlot].activeWorkouts.append(event.workoutID)
    }

    mutating func visit(_ event: WorkoutNotesChanged, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID) else { return }
        workouts[slot].notes = event.notes.isEmpty ? nil : event.notes
    }

    mutating func visit(_ event: WorkoutRPERecorded, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID) else { return }
        workouts[slot].rpe = event.rpe
    }

    mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID) else { return }
        guard workouts[reading: slot].status == .active, workouts[reading: slot].completedOffset == nil else {
            // Completed again, or after a cancellation: worked out in full. A cancelled
            // workout's sets come back into the records.
            if workouts[reading: slot].status == .cancelled { refoldRecordsOfSets(in: slot) }
            return change(slot, exercises: workouts[reading: slot].entries.exerciseIDs) { workout in
                workout.status = .completed
                workout.endedAt = event.endedAt
                workout.durationSeconds = event.durationSeconds
                workout.completedOffset = stored.offset
            }
        }
        // The usual end of a session: its sets' totals stand as they are; each of its exercises
        // gains a completed session, a last performance where it had a working set, and the
        // workout starts to count on its day.
        workouts[slot].status = .completed
        workouts[slot].endedAt = event.endedAt
        workouts[slot].durationSeconds = event.durationSeconds
        workouts[slot].completedOffset = stored.offset
        let (isLifting, exercises) = workouts.withPointer(at: slot) { workout in
            let entries = workout.pointee.entries
            return (workout.pointee.type == .lifting, entries.exerciseIDs.map { exerciseID in
                var completed = false, working = false
                for entry in entries.indices where entries[entry].exerciseID == exerciseID {
                    for set in entries[entry].sets where set.figures.isCompleted {
                        completed = true
                        if set.figures.isWorkingWithLoad { working = true }
                    }
                }
                return (exerciseID, completed, working)
            })
        }
        for (exerciseID, completed, working) in exercises {
            if completed {
                let bookSlot = book(exerciseID)
                books[bookSlot].completedSessionsCounted += 1
            }
            if working, isLifting {
                followPerformance(exerciseID, of: event.workoutID, completedOffset: stored.offset, qualifies: true)
            }
        }
        if let factsSlot = facts.slot(of: TrainingFacts.key) { facts[factsSlot].endActive(event.workoutID) }
        if let contribution = workouts.withPointer(at: slot, { TrainingWorkout.contribution(of: $0) }) { add(contribution, sign: 1) }
    }

    mutating func visit(_ event: WorkoutCancelled, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID) else { return }
        // Its sets no longer count (totals follow the change, records fold again).
        if workouts[reading: slot].status != .cancelled { refoldRecordsOfSets(in: slot) }
        change(slot, exercises: workouts[reading: slot].entries.exerciseIDs) { workout in
            workout.status = .cancelled
            workout.endedAt = event.cancelledAt
            workout.durationSeconds = max(0, event.cancelledAt.seconds(since: workout.startedAt))
        }
    }

    mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata) {
        guard let slot = live(event.workoutID) else { return }
        // Its sets no longer count.
        if workouts[reading: slot].status != .cancelled { refoldRecordsOfSets(in: slot) }
        change(slot, exercises: workouts[reading: slot].entries.exerciseIDs) { $0.status = .deleted }
    }

    /// Makes each exercise of a workout whose sets stop counting fold its records again, from
    /// the workout's first set of it, when the changes are taken: unless none of its sets holds
    /// a record of the exercise, for then the fold without them comes out as it is (their
    /// running volume is their workout's alone; a fold already due from a later place leaves
    /// them out as it offers the sets after it).
    private mutating func refoldRecordsOfSets(in slot: Int) {
        let (workoutID, firsts) = workouts.withPointer(at: slot) { workout in
            let entries = workout.pointee.entries
            return (workout.pointee.id, entries.exerciseIDs.map { ($0, entries.sets(of: $0).first?.loggedOffset) })
        }
        for case let (exerciseID, first?) in firsts
        where books.withValue(at: book(exerciseID), { book in book.timeline.contains { $0.workoutID == workoutID } }) {
            markStale(exerciseID, from: first)
        }
    }

    mutating func visit(_ event: CardioLogged, _ stored: EventMetadata) {
        // The session is also a done set of its activity's exercise, so that it counts where a
        // set of that exercise counts: records, totals, history, the sets export (version 10).
        let exerciseID = event.activity.exerciseID
        let set = TrainingSet(figures: SetFigures(setID: event.setID, performance: event.performance, loggedAt: event.endedAt,
                                                  isCorrected: false),
                              loggedOffset: stored.offset, changedOffset: stored.offset)
        let entry = QuickLogEntry(entryID: event.entryID, exerciseID: exerciseID, name: event.activity.exerciseName, set: set)
        guard let slot = quickLog(event.workoutID, .cardio, event.name, event.startedAt, event.timeZone, event.durationSeconds,
                                  event.notes, stored, adding: entry, details: {
            $0.cardio = CardioDetails(activity: event.activity, distanceMetres: event.distanceMetres,
                                      paceSecondsPerKilometre: event.paceSecondsPerKilometre)
        }) else { return }
        fileSession(of: exerciseID, in: slot, adding: set, counts: true)
        offerNewSet(set, of: exerciseID, in: slot)
    }

    mutating func visit(_ event: MetconLogged, _ stored: EventMetadata) {
        quickLog(event.workoutID, .metcon, event.name, event.startedAt, event.timeZone, event.durationSeconds, event.notes, stored) {
            $0.metcon = MetconDetails(format: event.format, rounds: event.rounds, result: event.result)
        }
    }

    /// A quick log is a whole session: on a new id it is a completed workout of its own, in
    /// the zone the log names (as a start names it; "UTC" for logs of version 1); into the
    /// active workout it completes it with its start and length, and the workout keeps its
    /// start's zone. Naming a workout that already ended (only a raw `append` or an import
    /// writes one) it changes nothing, as for the recording rules: before version 8 it made a
    /// cancelled workout completed again without its sets' records, and rewrote a completed
    /// one's start and length. `entry`, a cardio session's own set, joins the workout's
    /// exercises. The workout's slot when the log changed it, else nil.
    @discardableResult
    private mutating func quickLog(_ workoutID: UUID, _ type: WorkoutType, _ name: String?, _ startedAt: Timestamp,
                                   _ timeZone: String, _ duration: Double, _ notes: String?, _ stored: EventMetadata,
                                   adding quick: QuickLogEntry? = nil, details: (inout TrainingWorkout) -> Void) -> Int? {
        if workouts.slot(of: workoutID) == nil {
            workouts.set(workoutID, TrainingWorkout(id: workoutID, type: type, name: name, status: .active, startedAt: startedAt,
                                                    timeZone: timeZone, firstOffset: stored.offset))
        }
        guard let slot = live(workoutID), workouts[reading: slot].status == .active else { return nil }
        var affected = workouts[reading: slot].entries.exerciseIDs
        var entry: TrainingEntry?
        if let quick {
            // Its exercise's book is made (and named, when the library does not name it) only
            // once the session changes the log.
            let bookSlot = book(quick.exerciseID)
            if !books[reading: bookSlot].isNamed { books[bookSlot].name = quick.name }
            entry = TrainingEntry(entryID: quick.entryID, addedOffset: stored.offset, exerciseID: quick.exerciseID,
                                  exerciseNumber: books[reading: bookSlot].number, sets: [quick.set])
            if !affected.contains(quick.exerciseID) { affected.append(quick.exerciseID) }
        }
        change(slot, exercises: affected) { workout in
            workout.name = name ?? workout.name
            workout.status = .completed
            // It is the workout's completion, as a `WorkoutCompleted` is: its exercises gain a
            // completed session and a last performance (before version 9 a lifting workout so
            // completed, past the rules, counted as never completed; before version 10 a
            // session on a new id had no exercise to count in).
            workout.completedOffset = stored.offset
            workout.startedAt = startedAt
            workout.durationSeconds = duration
            workout.endedAt = startedAt.adding(seconds: duration)
            workout.notes = notes ?? workout.notes
            details(&workout)
            if let entry, workout.entries.entry(entry.entryID) == nil { workout.entries.append(entry) }
        }
        return slot
    }
}

/// A cardio session's own set, as ``TrainingProjection`` adds it to the session's workout: the
/// entry's and set's ids derived from the workout, and the name its exercise takes where the
/// library does not name it.
struct QuickLogEntry {
    var entryID: UUID
    var exerciseID: UUID
    var name: String
    var set: TrainingSet
}
