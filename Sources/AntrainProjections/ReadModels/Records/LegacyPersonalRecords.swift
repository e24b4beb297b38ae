import AntrainEvents
import Foundation

/// Personal records per exercise, with the date and log offset of each, and how each record
/// progressed; and each exercise's totals.
///
/// Rules, in brief:
/// - Only completed sets that are not warm-ups set records; sets of deleted workouts never do.
///   Sets of active and cancelled workouts do (a record is a record the moment it is lifted).
/// - Ties: the earlier set (in log order) keeps the record.
/// - A set is known by its id within its workout: a correction or removal changes the set
///   with that id in the workout it names, and a set id logged again in the same workout is
///   ignored (corrections then look for it in the exercise it was last logged for). The same
///   id in another workout is another set.
/// - A corrected or removed set, a removed exercise or a deleted workout makes that exercise's
///   records be worked out again from its remaining sets, so a record falls back to the next best.
/// - Weights are in kg (pounds converted exactly). For a bodyweight exercise (library kind
///   `bodyweight`) the weight is the bodyweight of the set's UTC day (the last entry measured
///   that day, else the last one before it; none known counts as 0) plus any added load. A
///   bodyweight entered later for a day already trained changes that day's sets.
/// - The best e1RM is kept for every ``OneRepMaxFormula``; queries pick one.
/// - Cardio and metcon quick logs name no exercise, so they hold no records.
/// - The exercise stats (each exercise's sets, reps, volume and sessions) are worked out
///   from the same sets when asked, not folded a second time: ``exerciseTotals()``.
public struct LegacyPersonalRecords: ReadModel, Equatable {
    public static let name = "personal-records"
    /// 3: sets, workouts and entries numbered once and found by number; 4: sets packed
    /// (their optional measures as values and flags); 5: entries and their exercises kept
    /// as two lists; 6: each entry's first set kept; 7: set ids kept by workout, a set
    /// being found through the workout its event names; 8: each set's completion and each
    /// workout's start and completion kept, for the exercise totals.
    public static let version = 8

    /// Per exercise, in the order exercises were first defined or given a set.
    var books = UUIDMap<ExerciseRecordBook>()
    /// Every exercise the library or a workout named, numbered in the order first seen.
    var exercises = UUIDIndex()
    /// The book of each exercise number; -1 until the exercise is defined or given a set
    /// (one only added to workouts has no book, so no records to answer with).
    var bookOfExercise: [Int32] = []
    /// Workout exercise occurrences (entries), numbered: over a hundred thousand on a large
    /// log, so the index built for that size.
    var entries = UUIDIndex()
    /// The exercise number of each entry, by entry number.
    var entryExercises: [Int32] = []
    /// The set number of each entry's first set, -1 before it has one: a removed exercise's
    /// sets are looked for from there on, not through the whole book.
    var entryFirstSets: [Int32] = []
    /// Where each accepted set is, by set number (sets are numbered as they are accepted).
    var setPlaces: [SetPlace] = []
    /// Workouts with sets here, or deleted, each with its sets' ids and numbers: a set is
    /// found through the workout its event names, among a few dozen ids kept together, not
    /// in an index of every set id of the log.
    var workouts = UUIDMap<WorkoutSessions>()
    var bodyweights = BodyweightLog()
    /// Books whose sets changed in a way a fold must run again for (a correction, a
    /// removal, a bodyweight of a day already trained): folded once at the end of the batch,
    /// not once per event. Always empty between batches, so checkpoints never hold it.
    var staleBooks: [StaleBook] = []
    /// New entries and sets, in log order, waiting to be filed together; see
    /// LegacyPersonalRecords+Pending.swift. Always empty between batches.
    var pendingLifts: [PendingLift] = []
    /// The ids of the queued entries, side by side, for reading their index slots ahead in
    /// a tight loop; always empty between batches.
    var pendingEntryIDs: [UUID] = []
    /// Scratch room for reading index slots ahead; always empty between batches.
    var slotHints: [UInt64] = []
    /// The exercise totals, worked out from the sets when the digest was made: only a digest
    /// has them (it no longer has the sets); a model works them out when asked (see
    /// LegacyPersonalRecords+Totals.swift).
    var totals: ExerciseTotals?

    enum CodingKeys: String, CodingKey {
        case books, exercises, bookOfExercise, entries, entryExercises, entryFirstSets, setPlaces, workouts, bodyweights
        case totals
    }

    /// No records.
    public init() {}

    public mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) {
        fileLifts()
        define(event.exerciseID, event.definition)
    }

    public mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) {
        fileLifts()
        define(event.exerciseID, event.definition)
    }

    public mutating func visit(_ event: ExerciseDeleted, _ stored: EventMetadata) {
        fileLifts()
        // A book even for an exercise never defined: its totals row says it was deleted.
        books.values[book(ofExercise: exerciseNumber(event.exerciseID))].isDeleted = true
    }

    public mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {
        pendingLifts.append(.started(workoutID: event.workoutID, at: event.startedAt))
    }

    public mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) {
        pendingLifts.append(.completed(workoutID: event.workoutID))
    }

    public mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata) {
        // Every set holds the bodyweight of its day, so only the sets of the days whose
        // bodyweight this entry now is can change, and they all take its weight. Queued sets
        // need not be filed first: they look their bodyweight up when they are.
        let days = bodyweights.add(event.weight, measuredAt: event.recordedAt)
        guard !days.isEmpty else { return }
        let kilograms = event.weight.kilograms
        for index in books.values.indices where books.values[index].isBodyweight && books.values[index].lastDay >= days.lowerBound {
            if let changed = books.values[index].setBodyweight(kilograms, on: days) { markStale(index, from: changed) }
        }
    }

    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        pendingLifts.append(.entry(entryID: event.entryID, exerciseID: event.exerciseID))
        pendingEntryIDs.append(event.entryID)
        if pendingLifts.count >= Self.liftRun { fileLifts() }
    }

    /// Reads ahead the slots of the batch's new workouts, which their starts add here.
    public mutating func prepare(for events: EventColumns) {
        workouts.warm(toAdd: events.startedWorkoutIDs)
    }

    /// Room for a set per event in the arrays that hold one entry per set.
    public mutating func reserveCapacity(forEvents events: Int) {
        setPlaces.reserveCapacity(events)
    }

    /// Files the queued sets and entries, and folds the records of the books whose sets
    /// changed in this batch again.
    public mutating func finishBatch() {
        fileLifts()
        for stale in staleBooks { books.values[stale.book].recompute(from: stale.from) }
        staleBooks.removeAll(keepingCapacity: true)
    }

    // MARK: - Helpers

    private mutating func define(_ exerciseID: UUID, _ definition: ExerciseDefinition) {
        let index = book(ofExercise: exerciseNumber(exerciseID))
        books.values[index].name = definition.name
        let isBodyweight = definition.kind == .bodyweight
        guard books.values[index].isBodyweight != isBodyweight else { return }
        books.values[index].isBodyweight = isBodyweight
        books.values[index].refreshBodyweights(bodyweights)
        markStale(index, from: 0)
    }

    /// The number of an exercise, given one if it is new.
    mutating func exerciseNumber(_ exerciseID: UUID) -> Int {
        let (inserted, number) = exercises.append(exerciseID)
        if inserted { bookOfExercise.append(-1) }
        return number
    }

    /// The index of the exercise's book, made for an exercise without one.
    mutating func book(ofExercise exercise: Int) -> Int {
        if bookOfExercise[exercise] >= 0 { return Int(bookOfExercise[exercise]) }
        let index = books.slot(for: exercises[exercise], default: ExerciseRecordBook(name: "Unknown exercise"))
        bookOfExercise[exercise] = Int32(index)
        return index
    }

    /// Notes that the fold of a book must run again from the set at `position`.
    mutating func markStale(_ book: Int, from position: Int) {
        // A batch marks few books: a short list beats a map.
        if let index = staleBooks.firstIndex(where: { $0.book == book }) {
            staleBooks[index].from = min(staleBooks[index].from, position)
        } else {
            staleBooks.append(StaleBook(book: book, from: position))
        }
    }
}
