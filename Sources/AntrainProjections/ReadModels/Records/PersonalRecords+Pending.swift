import AntrainEvents
import Foundation

extension LegacyPersonalRecords {
    /// A new entry or set, waiting to be filed with the others of its run.
    enum PendingLift: Sendable, Equatable {
        /// An ExerciseAddedToWorkout.
        case entry(entryID: UUID, exerciseID: UUID)
        /// A SetLogged: its performance already in a ``RecordSet``.
        case set(workoutID: UUID, entryID: UUID, RecordSet)
        /// A WorkoutStarted: queued too, so that workouts take their numbers in log order
        /// however a replay is split into batches.
        case started(workoutID: UUID, at: Timestamp)
        /// A WorkoutCompleted, queued behind the start it may follow in the same run.
        case completed(workoutID: UUID)
    }

    /// The most lifts queued at once: enough for the reads ahead to overlap well, few enough
    /// that the slots they bring in are still in cache when the lifts are filed.
    static let liftRun = 512

    /// Files the queued entries and sets, in log order.
    ///
    /// Every new entry and set id goes into an index of hundreds of thousands, in a part of
    /// it that no recent event touched: a cache miss. One event at a time the processor waits
    /// for each miss alone, and that wait was most of a set's cost. Queued, the ids' slots are
    /// all read first, with nothing depending on the reads, so their misses overlap; filing
    /// then finds them in cache. Each event that reads or changes what the queue would change
    /// (a correction, a removal, a deleted workout, a library change, the end of the batch)
    /// files the queue first, so every event still sees the state it saw one at a time.
    /// Weigh-ins need not: a queued set looks its bodyweight up when it is filed, which gives
    /// the value the weigh-ins since would have given it (see the BodyweightRecorded visit).
    mutating func fileLifts() {
        guard !pendingLifts.isEmpty else { return }
        // Grown first, so that the slots read ahead are the ones the ids will go to.
        entries.reserve(adding: pendingEntryIDs.count)
        slotHints.reserveCapacity(pendingEntryIDs.count)
        entries.warm(pendingEntryIDs, into: &slotHints)
        slotHints.removeAll(keepingCapacity: true)
        pendingEntryIDs.removeAll(keepingCapacity: true)
        // By index: filing never touches the queue, which keeps its room for the next run.
        for index in pendingLifts.indices {
            switch pendingLifts[index] {
            case let .entry(entryID, exerciseID): addEntry(entryID, exerciseID)
            case let .set(workoutID, entryID, set): file(set, workoutID: workoutID, entryID: entryID)
            case let .started(workoutID, startedAt):
                let workout = workouts.slot(for: workoutID, default: WorkoutSessions())
                if workouts.values[workout].startedAt == nil { workouts.values[workout].startedAt = startedAt }
            case let .completed(workoutID):
                if let workout = workouts.index(forKey: workoutID) { workouts.values[workout].completed = true }
            }
        }
        pendingLifts.removeAll(keepingCapacity: true)
    }

    /// Adds a workout entry, or points an entry seen before at `exerciseID`.
    private mutating func addEntry(_ entryID: UUID, _ exerciseID: UUID) {
        let exercise = Int32(exerciseNumber(exerciseID))
        let (inserted, entry) = entries.append(entryID)
        if inserted {
            entryExercises.append(exercise)
            entryFirstSets.append(-1)
        } else {
            entryExercises[entry] = exercise
        }
    }
}
