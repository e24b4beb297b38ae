import AntrainEvents
import Foundation

/// A workout as the training read models keep it: everything `show` prints, each set once
/// with where it sits in the log, and the facts the records, totals, summary and programs
/// need of it. The value of the `training/workouts` keyspace, under the workout's id.
///
/// A workout exists from its `WorkoutStarted` (or the quick log that was it); events naming a
/// workout that does not exist, or one deleted, change nothing. Its sets are known by their id
/// within it: a `SetLogged` repeating an id it holds is ignored, and an `ExerciseAddedToWorkout`
/// repeating an entry id is ignored (docs/PROJECTIONS.md, "One rule of identity").
struct TrainingWorkout: Sendable, Equatable {
    var id: UUID
    var type: WorkoutType
    var name: String?
    var status: WorkoutStatus
    var templateID: UUID?
    var programDay: ProgramDayReference?
    var startedAt: Timestamp
    /// The IANA zone it was done in: its start's, or the zone a quick log on a new id names
    /// ("UTC" for quick logs of version 1, which named none).
    var timeZone: String
    var endedAt: Timestamp?
    var durationSeconds: Double?
    var notes: String?
    var rpe: Double?
    var cardio: CardioDetails?
    var metcon: MetconDetails?
    /// Its exercises in display order, each with its sets in the order logged.
    var entries: [TrainingEntry] = []
    /// The offset of the event that made it: lists break ties of start time by it.
    var firstOffset: UInt64
    /// The offset of its last `WorkoutCompleted`: the order of completions, which the
    /// programs' "last performance" follows. Kept when a completed workout is later cancelled.
    var completedOffset: UInt64?
    /// The notes of its sets that have them (``SetFigures/hasNotes``), in the order of the
    /// sets' offsets: kept here so that a set is a plain value.
    var setNotes: [SetNote] = []
    /// Whether the ids of its entries and sets, and its exercises' ids, are known: the stored
    /// form leaves them out (the events at their offsets hold them, see ``resolve(_:exerciseIDs:)``),
    /// so a workout read from the store has them only once resolved.
    var idsResolved = true

    /// Whether it was cancelled or deleted: its sets then set no records and count in no
    /// exercise's totals (issue 19; seed 003 caches them when a workout completes). An active
    /// workout's sets count as they are logged, so that a record shows during the session.
    var isWithdrawn: Bool { status.isWithdrawn }

    /// Completed sets, warm-ups included.
    var completedSets: Int { entries.reduce(0) { $0 + $1.sets.count { $0.figures.isCompleted } } }

    /// Weight × reps of completed working sets in kg, entry by entry in display order (the
    /// history's convention, see ``WorkoutSet/volumeKg``).
    var volumeKg: Double {
        // By index: `reduce` over the entries copied each (retaining its sets).
        var total = 0.0
        for entry in entries.indices {
            for set in entries[entry].sets.indices { total += entries[entry].sets[set].figures.volumeKg }
        }
        return total
    }

    /// The distance of its completed sets in metres (a cardio session's own set included), or
    /// nil when none has one.
    var distanceMetres: Double? {
        var total: Double?
        for entry in entries.indices {
            for set in entries[entry].sets.indices where entries[entry].sets[set].figures.isCompleted {
                if let metres = entries[entry].sets[set].figures.distanceMetres { total = (total ?? 0) + metres }
            }
        }
        return total
    }

    /// `set` as queries show it, with its notes.
    func shown(_ set: TrainingSet) -> WorkoutSet {
        WorkoutSet(set.figures, notes: setNotes.notes(of: set))
    }

    /// The workout as queries show it, with its exercises' names from `names`.
    func shown(names: (UUID) -> String) -> Workout {
        Workout(id: id, type: type, name: name, status: status, templateID: templateID, startedAt: startedAt, timeZone: timeZone,
                endedAt: endedAt, durationSeconds: durationSeconds, notes: notes, rpe: rpe,
                exercises: entries.map { WorkoutExercise(entryID: $0.entryID, exerciseID: $0.exerciseID,
                                                         exerciseName: names($0.exerciseID), sets: $0.sets.map(shown)) },
                cardio: cardio, metcon: metcon)
    }
}

/// One occurrence of an exercise in a workout, with its sets in the order they were logged.
struct TrainingEntry: Sendable, Equatable {
    var entryID: UUID
    /// The offset of its `ExerciseAddedToWorkout`, which holds its id.
    var addedOffset: UInt64
    var exerciseID: UUID
    /// The exercise's number (``ExerciseBook/number``): what the list column of exercises holds.
    var exerciseNumber: Int
    var sets: [TrainingSet] = []
    /// The offset of the first set of this workout's session of the exercise (see
    /// ``SessionChunk``): how the session is found among the exercise's. Nil before a set.
    var sessionOffset: UInt64?
}

/// Reading a workout's entries on their own: the one place of these lookups. A look at a
/// workout where it lies (through ``KeyedTable/withPointer(at:_:)``) reads its `entries` and
/// calls these, where a method of the whole workout made the compiler copy it first,
/// retaining every string and array of it.
extension [TrainingEntry] {
    /// The entry with `entryID`, by a plain loop (a workout has a handful).
    func entry(_ entryID: UUID) -> Int? {
        var index = 0
        while index < count {
            if self[index].entryID == entryID { return index }
            index += 1
        }
        return nil
    }

    /// The entry and index of the set with `setID`.
    func locate(_ setID: UUID) -> (entry: Int, set: Int)? {
        for entry in indices {
            if let set = self[entry].sets.firstIndex(where: { $0.figures.setID == setID }) { return (entry, set) }
        }
        return nil
    }

    /// Whether a completed set of `exerciseID` stands among them.
    func hasCompletedSet(of exerciseID: UUID) -> Bool {
        contains { $0.exerciseID == exerciseID && $0.sets.contains { $0.figures.isCompleted } }
    }

    /// The distinct exercises of the entries, in display order.
    var exerciseIDs: [UUID] {
        var seen: [UUID] = []
        for entry in self where !seen.contains(entry.exerciseID) { seen.append(entry.exerciseID) }
        return seen
    }

    /// The offset that names the workout's session of `exerciseID`, if it has one.
    func sessionOffset(of exerciseID: UUID) -> UInt64? {
        first { $0.exerciseID == exerciseID && $0.sessionOffset != nil }?.sessionOffset
    }

    /// The sets of `exerciseID`, in the order they were logged.
    func sets(of exerciseID: UUID) -> [TrainingSet] {
        var sets: [TrainingSet] = []
        forEachSet(of: exerciseID, loggedBefore: .max) { sets.append($0) }
        return sets
    }

    /// Calls `body` with each set of `exerciseID` logged before `offset`, in the order logged,
    /// without gathering them when one entry holds them all (as nearly always: its sets are
    /// in the order logged; two entries of an exercise interleave theirs).
    func forEachSet(of exerciseID: UUID, loggedBefore offset: UInt64, _ body: (TrainingSet) -> Void) {
        var only = -1, count = 0
        for index in indices where self[index].exerciseID == exerciseID {
            only = index
            count += 1
        }
        if count == 1 {
            for set in self[only].sets where set.loggedOffset < offset { body(set) }
        } else if count > 1 {
            var sets: [TrainingSet] = []
            for index in indices where self[index].exerciseID == exerciseID {
                sets += self[index].sets.filter { $0.loggedOffset < offset }
            }
            sets.sort { $0.loggedOffset < $1.loggedOffset }
            for set in sets { body(set) }
        }
    }
}

extension TrainingEntry {
    /// Whether it is a cardio session's own entry (see `TrainingProjection.visit(_:CardioLogged)`):
    /// one event made it and its set, where an entry of a live workout is added before its sets.
    var isQuickLog: Bool { sets.count == 1 && sets[0].loggedOffset == addedOffset }

    /// Appends a set, with room for four at the first: most exercises get three to five sets.
    mutating func appendSet(_ set: TrainingSet) {
        if sets.isEmpty { sets.reserveCapacity(4) }
        sets.append(set)
    }
}

/// One set of a workout, with its place in the log: a plain value (see ``SetFigures``; its
/// notes are its workout's ``TrainingWorkout/setNotes``).
struct TrainingSet: Sendable, Equatable {
    /// The set's id, performance after corrections (notes apart) and when it was logged.
    var figures: SetFigures
    /// The offset of its `SetLogged`: its place in its exercise's sets, which records fold in
    /// this order.
    var loggedOffset: UInt64
    /// The offset of the event that gave it its performance (its `SetLogged` or the last
    /// `SetCorrected`): personal records name it.
    var changedOffset: UInt64

    /// The UTC day it was logged on, as days since 1970: the day whose bodyweight a
    /// bodyweight exercise's set carries.
    var day: Int { figures.loggedAt.day.daysSince1970 }
}

extension TrainingWorkout {
    /// Fills in the ids the stored form leaves out: each entry's and set's from the event at
    /// its offset (`events`, read back from the log), each exercise's from its number.
    mutating func resolve(_ events: [UInt64: any DomainEvent], exerciseIDs: [UUID]) throws {
        for entry in entries.indices {
            guard entries[entry].exerciseNumber < exerciseIDs.count else { throw Self.missing("entry", entries[entry].addedOffset) }
            entries[entry].exerciseID = exerciseIDs[entries[entry].exerciseNumber]
            // A cardio session's own entry and set: their ids are derived from the session.
            if let session = events[entries[entry].addedOffset] as? CardioLogged {
                entries[entry].entryID = session.entryID
                for set in entries[entry].sets.indices { entries[entry].sets[set].figures.setID = session.setID }
                continue
            }
            guard let added = events[entries[entry].addedOffset] as? ExerciseAddedToWorkout else {
                throw Self.missing("entry", entries[entry].addedOffset)
            }
            entries[entry].entryID = added.entryID
            for set in entries[entry].sets.indices {
                guard let logged = events[entries[entry].sets[set].loggedOffset] as? SetLogged else {
                    throw Self.missing("set", entries[entry].sets[set].loggedOffset)
                }
                entries[entry].sets[set].figures.setID = logged.setID
            }
        }
        idsResolved = true
    }

    /// The offsets of the events whose ids ``resolve(_:exerciseIDs:)`` needs.
    var idOffsets: [UInt64] {
        entries.flatMap { [$0.addedOffset] + $0.sets.map(\.loggedOffset) }
    }

    private static func missing(_ what: String, _ offset: UInt64) -> StateStoreError {
        StateStoreError.damaged(path: "training/workouts", "the \(what) made by the event at offset \(offset) is not in the log")
    }
}

extension WorkoutStatus {
    /// Whether a workout in this state was cancelled or deleted (``TrainingWorkout/isWithdrawn``):
    /// read from the status alone where a workout is read in place.
    var isWithdrawn: Bool { self == .cancelled || self == .deleted }
}

extension UUID {
    /// A stand-in id for something whose id is still in the log (see ``TrainingWorkout/idsResolved``):
    /// never shown, made from the offset so that two stand-ins of one workout differ.
    static func standIn(_ offset: UInt64) -> UUID {
        var bytes = [UInt8](repeating: 0xEE, count: 8)
        withUnsafeBytes(of: offset.bigEndian) { bytes.append(contentsOf: $0) }
        return UUID(keyBytes: bytes)!
    }
}
