import AntrainEvents
import Foundation

/// The cached fields of the app's Exercise model, per exercise: when it was last performed,
/// whether a completed workout has it, total volume, sets and reps, sessions, and its
/// current records.
///
/// Conventions (the same as ``WorkoutHistory``'s): only completed sets count; sets and reps
/// include warm-ups, volume (entered weight × reps, in kg) does not. A session is a workout,
/// not deleted, in which the exercise has at least one completed set; last performed is the
/// latest start of one. Sets of active and cancelled workouts count. An exercise deleted from
/// the library keeps its history under its last name, marked deleted. The records come from
/// the ``PersonalRecords`` projection, passed to the queries: keeping a copy here would fold
/// every set twice in a rebuild.
///
/// A set is known by its id within its workout: a correction or removal changes the set with
/// that id in the workout it names; an id logged again in the same workout changes no totals
/// (corrections then look for the set in the entry that named it last); the same id in
/// another workout is another set.
///
/// Entries and sets are numbered in first-seen order and kept in arrays by number (entries
/// found through a ``UUIDIndex``, sets through their workout's ``WorkoutSetIDs``), and each
/// entry carries its running totals: a query sums entries, never sets. New entries and sets
/// wait in ``pendingLifts`` until the end of the batch (or an event that reads them), then go
/// in together (see ``flushLifts()``).
public struct ExerciseStats: ReadModel, Equatable {
    public static let name = "exercise-stats"
    /// 5: set ids kept by workout, a set being found through the workout its event names.
    public static let version = 5

    var labels = UUIDMap<ExerciseLabel>()
    var workouts = UUIDMap<WorkoutMark>()
    /// Entry ids, numbered; ``entryTallies`` by the same numbers.
    var entryIDs = UUIDIndex()
    var entryTallies: [EntryTally] = []
    /// Exercise id → its entries' numbers, in the order they were added.
    var exerciseEntries = UUIDMap<[Int32]>()
    /// The sets, numbered in the order they were first logged.
    var sets: [SetTally] = []
    /// Each workout's set ids with their numbers in ``sets``: a set is found through the
    /// workout its event names (see ``WorkoutSetIDs``).
    var workoutSets = UUIDMap<WorkoutSetIDs>()
    /// ExerciseAddedToWorkout and SetLogged events not yet applied, in log order: always
    /// empty between batches, so neither checkpoints nor comparisons see them.
    var pendingLifts: [PendingLift] = []
    /// Scratch room for ``flushLifts()``, empty between batches.
    var hints: [UInt64] = []

    /// The state a checkpoint holds: everything but the pending events and scratch room.
    enum CodingKeys: String, CodingKey {
        case labels, workouts, entryIDs, entryTallies, exerciseEntries, sets, workoutSets
    }

    /// No exercises.
    public init() {}

    public mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) {
        labels[event.exerciseID] = ExerciseLabel(name: event.definition.name)
    }

    public mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) {
        labels[event.exerciseID, default: ExerciseLabel(name: event.definition.name)].name = event.definition.name
    }

    public mutating func visit(_ event: ExerciseDeleted, _ stored: EventMetadata) {
        labels[event.exerciseID, default: ExerciseLabel(name: "Unknown exercise")].isDeleted = true
    }

    /// Reads ahead the slots of the batch's new workouts.
    public mutating func prepare(for events: EventColumns) {
        workouts.warm(toAdd: events.startedWorkoutIDs)
    }

    public mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {
        _ = workouts.slot(for: event.workoutID, default: WorkoutMark(startedAt: event.startedAt))
    }

    public mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) {
        if let index = workouts.index(forKey: event.workoutID) { workouts.values[index].isCompleted = true }
    }

    public mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata) {
        if let index = workouts.index(forKey: event.workoutID) { workouts.values[index].isDeleted = true }
    }

    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        pendingLifts.append(.added(entryID: event.entryID, exerciseID: event.exerciseID, workoutID: event.workoutID))
    }

    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {
        flushLifts()
        if let entry = entryIDs.firstIndex(of: event.entryID) { entryTallies[entry].isRemoved = true }
    }

    public mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        pendingLifts.append(.logged(workoutID: event.workoutID, entryID: event.entryID, setID: event.setID,
                                    SetContribution(event.performance)))
    }

    public mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        flushLifts()
        guard let number = setNumber(event.setID, in: event.workoutID), sets[number].isChangeable else { return }
        sets[number].contribution = SetContribution(event.performance)
        recount(Int(sets[number].entry))
    }

    public mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {
        flushLifts()
        guard let number = setNumber(event.setID, in: event.workoutID), sets[number].isChangeable else { return }
        sets[number].isRemoved = true
        recount(Int(sets[number].entry))
    }

    /// Room for a set per event: sets are the bulk of a log, and these arrays hold one
    /// entry per set.
    public mutating func reserveCapacity(forEvents events: Int) {
        sets.reserveCapacity(events)
    }

    /// The number of the set `setID` of the workout `workoutID`, if it was logged.
    private func setNumber(_ setID: UUID, in workoutID: UUID) -> Int? {
        workoutSets.index(forKey: workoutID).flatMap { workoutSets.values[$0].number(of: setID) }
    }

    /// Applies the events still pending.
    public mutating func finishBatch() {
        flushLifts()
    }

    /// Sums an entry's remaining sets again from zero, in logging order, after a correction
    /// or removal: the same sums, bit for bit, as counting them one by one as they came.
    private mutating func recount(_ entry: Int) {
        var tally = entryTallies[entry]
        (tally.completedSets, tally.reps, tally.volumeKg) = (0, 0, 0)
        var number = Int(tally.firstSet)
        while number >= 0 {
            if !sets[number].isRemoved { tally.count(sets[number].contribution) }
            number = Int(sets[number].next)
        }
        entryTallies[entry] = tally
    }
}
