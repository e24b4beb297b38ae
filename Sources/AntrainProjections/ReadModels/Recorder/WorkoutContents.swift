import AntrainEvents
import Foundation

/// What the command rules need of a workout's exercises and sets: which exercise each entry
/// is, and each set's entry and whether it was done.
///
/// `RecorderProjection` keeps it for the active workout only (a value no bigger than one
/// session); for any other workout, ``RecorderFacts/contents(of:)`` folds it again from the
/// workout's events in the log. Both paths apply events through the same methods here, so
/// they agree, and these follow the training model's rule of identity (docs/PROJECTIONS.md),
/// so that a place or a set the rules find is the one `show` lists.
public struct WorkoutContents: KeyedValue, Equatable {
    /// What its keyspace keeps it under (public, as every witness of a public type's
    /// ``KeyedValue`` conformance is).
    public typealias Key = UUID

    /// An exercise occurrence of the workout.
    public struct Entry: Sendable, Equatable {
        /// The entry's id.
        public var entryID: UUID
        /// The exercise it is.
        public var exerciseID: UUID
    }

    /// A logged set that was not removed.
    public struct LoggedSet: Sendable, Equatable {
        /// The set's id.
        public var setID: UUID
        /// The entry it belongs to.
        public var entryID: UUID
        /// Whether it was done (not merely planned).
        public var completed: Bool
    }

    /// The entries, in the workout's order (as `show` lists them).
    public private(set) var entries: [Entry] = []
    /// The sets, in the order they were first logged.
    public private(set) var sets: [LoggedSet] = []

    /// No entries, no sets: a workout just started.
    public init() {}

    /// The exercise of entry `entryID`, if the workout has that entry.
    public func exercise(ofEntry entryID: UUID) -> UUID? {
        entries.first { $0.entryID == entryID }?.exerciseID
    }

    /// Whether the workout holds the set.
    public func contains(set setID: UUID) -> Bool { sets.contains { $0.setID == setID } }

    /// The entries that hold no set, in display order: `workout complete` drops them.
    public var emptyEntries: [Entry] {
        entries.filter { entry in !sets.contains { $0.entryID == entry.entryID } }
    }

    /// The entries with no set done, in display order: those that hold no set, and those
    /// whose sets were only planned. `workout complete` drops them (issue 38), as the seeds
    /// keep a not-done set as a draft of an active workout only.
    public var entriesWithNothingDone: [Entry] {
        entries.filter { entry in !sets.contains { $0.entryID == entry.entryID && $0.completed } }
    }

    /// The last entry of `exerciseID`, where later sets of that exercise go.
    public func lastEntry(of exerciseID: UUID) -> UUID? {
        entries.last { $0.exerciseID == exerciseID }?.entryID
    }

    // MARK: Events

    /// `ExerciseAddedToWorkout`: a new entry goes at its `position` (1 for the first; past
    /// the end, last); an entry the workout holds stays as it is (the first exercise stands).
    /// Before recorder version 7 a new entry always went last and a repeated one took the new
    /// exercise, so that on a log with an entry put in the middle (an import, a raw append)
    /// `remove-exercise 2` removed another exercise than `show` listed second.
    mutating func add(entry entryID: UUID, exercise exerciseID: UUID, position: Int) {
        guard !entries.contains(where: { $0.entryID == entryID }) else { return }
        entries.insert(Entry(entryID: entryID, exerciseID: exerciseID), at: ExerciseAddedToWorkout.index(ofPosition: position, among: entries.count))
    }

    /// `ExerciseRemovedFromWorkout`: the entry goes, with its sets.
    mutating func remove(entry entryID: UUID) {
        entries.removeAll { $0.entryID == entryID }
        sets.removeAll { $0.entryID == entryID }
    }

    /// `ExercisesReordered`: the entries it names come first, in its order; any it leaves out
    /// keep their relative order after them (as the training model orders them).
    mutating func reorder(_ entryIDs: [UUID]) {
        var reordered = entryIDs.compactMap { id in entries.first { $0.entryID == id } }
        reordered += entries.filter { !entryIDs.contains($0.entryID) }
        entries = reordered
    }

    /// `SetLogged`: a new set of an entry the workout holds goes last; a set id it holds
    /// already, or a set of an entry it does not hold, changes nothing, as in history (before
    /// recorder version 7 both counted, so `workout complete` could pass on a set that
    /// history never showed).
    mutating func log(set setID: UUID, entry entryID: UUID, completed: Bool) {
        guard entries.contains(where: { $0.entryID == entryID }), !contains(set: setID) else { return }
        // Room for a session's sets at the first: grown from one, a workout's list was copied
        // five or six times.
        if sets.isEmpty { sets.reserveCapacity(32) }
        sets.append(LoggedSet(setID: setID, entryID: entryID, completed: completed))
    }

    /// `SetCorrected`: a set the workout holds takes the correction's `completed`.
    mutating func correct(set setID: UUID, completed: Bool) {
        guard let index = sets.firstIndex(where: { $0.setID == setID }) else { return }
        sets[index].completed = completed
    }

    /// `SetRemoved`.
    mutating func remove(set setID: UUID) {
        sets.removeAll { $0.setID == setID }
    }

    // MARK: Stored form

    /// The entries, then each set with the place of its entry among them. (A set of an entry
    /// not in the list, which state of versions before 7 could hold, is written with the
    /// entry id in full.)
    public func encode(into writer: inout StateValueWriter) {
        writer.list(entries) { writer, entry in
            writer.uuid(entry.entryID)
            writer.uuid(entry.exerciseID)
        }
        writer.list(sets) { writer, set in
            writer.uuid(set.setID)
            let place = entries.firstIndex { $0.entryID == set.entryID }
            // 0: the entry in full follows; n > 0: entry n - 1. Bit 0 of the code: completed.
            writer.varint(UInt64(place.map { $0 + 1 } ?? 0) << 1 | (set.completed ? 1 : 0))
            if place == nil { writer.uuid(set.entryID) }
        }
    }

    /// Reads the stored form ``encode(into:)`` writes.
    public init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let entries = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            Entry(entryID: try cursor.uuid(), exerciseID: try cursor.uuid())
        }
        sets = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            let setID = try cursor.uuid()
            let code = try cursor.varint()
            let place = code >> 1
            guard place <= UInt64(entries.count) else { throw BinaryCursor.Failure() }
            let entryID = place == 0 ? try cursor.uuid() : entries[Int(place) - 1].entryID
            return LoggedSet(setID: setID, entryID: entryID, completed: code & 1 == 1)
        }
        self.entries = entries
    }

    /// `entries`, `sets` and `completed_sets`: counts.
    public var columns: [StateColumnValue] {
        [.integer(entries.count), .integer(sets.count), .integer(sets.count { $0.completed })]
    }

    /// About how many bytes of memory it holds.
    public var residentBytes: Int {
        MemoryLayout<Self>.stride + entries.count * MemoryLayout<Entry>.stride + sets.count * MemoryLayout<LoggedSet>.stride
    }
}
