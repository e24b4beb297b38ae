import Foundation

/// An ExerciseAddedToWorkout or SetLogged that ``ExerciseStats`` has not applied yet.
enum PendingLift: Sendable, Equatable {
    case added(entryID: UUID, exerciseID: UUID, workoutID: UUID)
    case logged(entryID: UUID, setID: UUID, SetContribution)

    /// The id it adds to an index: the entry's or the set's.
    var newID: UUID {
        switch self {
        case .added(let entryID, _, _): entryID
        case .logged(_, let setID, _): setID
        }
    }
}

extension ExerciseStats {
    /// Applies the pending entries and sets, in log order, exactly as each event would have
    /// been applied when it came.
    ///
    /// Entry and set ids are random, so every new one lands in a cold part of its index: a
    /// cache miss that, one event at a time, the CPU waits for alone. Read ahead together
    /// (``UUIDIndex/warm(_:into:)``), the misses overlap, and the inserts that follow
    /// find their slots in cache. Only the events that read entries or sets (corrections,
    /// removals, the end of the batch) wait for this; nothing else does.
    mutating func flushLifts() {
        guard !pendingLifts.isEmpty else { return }
        // Room first: a table that grew halfway would have moved the slots just read.
        entryIDs.reserve(adding: pendingLifts.count)
        setIDs.reserve(adding: pendingLifts.count)
        // A few hundred at a time: enough reads in flight to overlap, few enough that the
        // lines read are still in cache when the inserts come.
        var start = 0
        while start < pendingLifts.count {
            let chunk = pendingLifts[start..<min(start + 256, pendingLifts.count)]
            hints.removeAll(keepingCapacity: true)
            entryIDs.warm(chunk.lazy.filter(\.isAdded).map(\.newID), into: &hints)
            setIDs.warm(chunk.lazy.filter { !$0.isAdded }.map(\.newID), into: &hints)
            for lift in chunk {
                switch lift {
                case .added(let entryID, let exerciseID, let workoutID): add(entryID, exerciseID: exerciseID, workoutID: workoutID)
                case .logged(let entryID, let setID, let contribution): log(setID, entryID: entryID, contribution)
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

    /// Adds a set to its entry's chain and totals; a repeated id only redirects where
    /// corrections look for the set.
    private mutating func log(_ setID: UUID, entryID: UUID, _ contribution: SetContribution) {
        guard let entry = entryIDs.firstIndex(of: entryID) else { return }
        let (inserted, number) = setIDs.append(setID)
        guard inserted else {
            sets[number].owner = Int32(entry)
            return
        }
        sets.append(SetTally(entry: Int32(entry), owner: Int32(entry), contribution: contribution))
        let last = Int(entryTallies[entry].lastSet)
        if last >= 0 { sets[last].next = Int32(number) } else { entryTallies[entry].firstSet = Int32(number) }
        entryTallies[entry].lastSet = Int32(number)
        entryTallies[entry].count(contribution)
    }
}

extension PendingLift {
    /// Whether it adds an entry (rather than a set).
    var isAdded: Bool {
        if case .added = self { return true }
        return false
    }
}
