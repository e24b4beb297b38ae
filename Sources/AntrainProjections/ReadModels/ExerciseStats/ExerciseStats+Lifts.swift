import Foundation

/// An ExerciseAddedToWorkout or SetLogged that ``ExerciseStats`` has not applied yet.
enum PendingLift: Sendable, Equatable {
    case added(entryID: UUID, exerciseID: UUID, workoutID: UUID)
    case logged(workoutID: UUID, entryID: UUID, setID: UUID, SetContribution)
}

extension ExerciseStats {
    /// Applies the pending entries and sets, in log order, exactly as each event would have
    /// been applied when it came.
    ///
    /// Entry ids are random, so every new one lands in a cold part of the entry index: a
    /// cache miss that, one event at a time, the CPU waits for alone. Read ahead together
    /// (``UUIDIndex/warm(_:into:)``), the misses overlap, and the inserts that follow
    /// find their slots in cache. Only the events that read entries or sets (corrections,
    /// removals, the end of the batch) wait for this; nothing else does. (Set ids need no
    /// index: a set is looked for among its workout's, which are in cache.)
    mutating func flushLifts() {
        guard !pendingLifts.isEmpty else { return }
        // Room first: a table that grew halfway would have moved the slots just read.
        entryIDs.reserve(adding: pendingLifts.count)
        // A workout's sets come one after another: its slot is looked up once per run.
        var recentWorkout = RecentKey()
        // A few hundred at a time: enough reads in flight to overlap, few enough that the
        // lines read are still in cache when the inserts come.
        var start = 0
        while start < pendingLifts.count {
            let chunk = pendingLifts[start..<min(start + 256, pendingLifts.count)]
            hints.removeAll(keepingCapacity: true)
            entryIDs.warm(chunk.lazy.compactMap(\.addedEntryID), into: &hints)
            for lift in chunk {
                switch lift {
                case .added(let entryID, let exerciseID, let workoutID): add(entryID, exerciseID: exerciseID, workoutID: workoutID)
                case .logged(let workoutID, let entryID, let setID, let contribution):
                    log(setID, workoutID: workoutID, entryID: entryID, contribution, recentWorkout: &recentWorkout)
                }
            }
            start += chunk.count
        }
        pendingLifts.removeAll(keepingCapacity: true)
        hints.removeAll(keepingCapacity: true)
    }

    /// Numbers a new entry of an exercise, unless its id is taken (a repeat changes nothing).
    private mutating func add(_ entryID: UUID, exerciseID: UUID, workoutID: UUID) {
        let (inserted, entry) = entryIDs.append(entryID)
        guard inserted else { return }
        entryTallies.append(EntryTally(workoutID: workoutID))
        exerciseEntries[exerciseID, default: []].append(Int32(entry))
    }

    /// Adds a set to its entry's chain and totals; an id repeated in its workout only
    /// redirects where corrections look for the set.
    private mutating func log(_ setID: UUID, workoutID: UUID, entryID: UUID, _ contribution: SetContribution,
                              recentWorkout: inout RecentKey) {
        guard let entry = entryIDs.firstIndex(of: entryID) else { return }
        let workout: Int
        if let recent = recentWorkout.number(of: workoutID) {
            workout = recent
        } else {
            workout = workoutSets.slot(for: workoutID, default: WorkoutSetIDs())
            recentWorkout.remember(workoutID, as: workout)
        }
        if let number = workoutSets.values[workout].number(of: setID) {
            sets[number].owner = Int32(entry)
            return
        }
        let number = sets.count
        workoutSets.values[workout].add(setID, number: number)
        sets.append(SetTally(entry: Int32(entry), owner: Int32(entry), contribution: contribution))
        let last = Int(entryTallies[entry].lastSet)
        if last >= 0 { sets[last].next = Int32(number) } else { entryTallies[entry].firstSet = Int32(number) }
        entryTallies[entry].lastSet = Int32(number)
        entryTallies[entry].count(contribution)
    }
}

extension PendingLift {
    /// The entry id it adds to the entry index, if it adds an entry (rather than a set).
    var addedEntryID: UUID? {
        if case .added(let entryID, _, _) = self { return entryID }
        return nil
    }
}
