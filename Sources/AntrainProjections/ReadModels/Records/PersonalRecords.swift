import AntrainEvents
import Foundation
import OrderedCollections

/// Personal records per exercise, with the date and log offset of each, and how each record
/// progressed.
///
/// Rules, in brief:
/// - Only completed sets that are not warm-ups set records; sets of deleted workouts never do.
///   Sets of active and cancelled workouts do (a record is a record the moment it is lifted).
/// - Ties: the earlier set (in log order) keeps the record.
/// - A corrected or removed set, a removed exercise or a deleted workout makes that exercise's
///   records be worked out again from its remaining sets, so a record falls back to the next best.
/// - Weights are in kg (pounds converted exactly). For a bodyweight exercise (library kind
///   `bodyweight`) the weight is the bodyweight of the set's UTC day (the last entry measured
///   that day, else the last one before it; none known counts as 0) plus any added load. A
///   bodyweight entered later for a day already trained changes that day's sets.
/// - The best e1RM is kept for every ``OneRepMaxFormula``; queries pick one.
/// - Cardio and metcon quick logs name no exercise, so they hold no records.
public struct PersonalRecords: ReadModel, Equatable {
    public static let name = "personal-records"
    public static let version = 2

    /// Per exercise, in the order exercises were first seen.
    var books: OrderedDictionary<UUID, ExerciseRecordBook> = [:]
    /// Workout exercise occurrences: entry id → exercise id.
    var entries: OrderedDictionary<UUID, UUID> = [:]
    /// Set id → exercise id (entries stay after removal; the book no longer has the set).
    var setExercises: OrderedDictionary<UUID, UUID> = [:]
    /// Workout → exercises it has sets of, for deletion.
    var workoutExercises: OrderedDictionary<UUID, [UUID]> = [:]
    var deletedWorkouts: OrderedSet<UUID> = []
    var bodyweights = BodyweightLog()
    /// Exercises whose sets changed in a way a fold must run again for (a correction, a
    /// removal, a bodyweight of a day already trained): folded once at the end of the batch,
    /// not once per event. Always empty between batches, so checkpoints never hold it.
    var staleBooks: OrderedDictionary<UUID, Int> = [:]

    /// No records.
    public init() {}

    public mutating func visit(_ event: ExerciseCreated, _ stored: StoredEvent) {
        define(event.exerciseID, event.definition)
    }

    public mutating func visit(_ event: ExerciseUpdated, _ stored: StoredEvent) {
        define(event.exerciseID, event.definition)
    }

    public mutating func visit(_ event: ExerciseDeleted, _ stored: StoredEvent) {
        guard let index = books.index(forKey: event.exerciseID) else { return }
        books.values[index].isDeleted = true
    }

    public mutating func visit(_ event: BodyweightRecorded, _ stored: StoredEvent) {
        bodyweights.add(event.weight, measuredAt: event.recordedAt)
        let day = event.recordedAt.day.daysSince1970
        for index in books.values.indices where books.values[index].isBodyweight && !books.values[index].sets.isEmpty {
            if let changed = refreshBodyweights(at: index, fromDay: day) { markStale(books.keys[index], from: changed) }
        }
    }

    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: StoredEvent) {
        entries[event.entryID] = event.exerciseID
    }

    public mutating func visit(_ event: SetLogged, _ stored: StoredEvent) {
        guard !deletedWorkouts.contains(event.workoutID), let exerciseID = entries[event.entryID],
              setExercises.updateValue(exerciseID, forKey: event.setID) == nil else { return }
        var set = RecordSet(setID: event.setID, workoutID: event.workoutID, entryID: event.entryID,
                            performance: event.performance, loggedAt: event.loggedAt, offset: stored.offset)
        let index = bookIndex(exerciseID)
        if books.values[index].isBodyweight { set.bodyweightKg = bodyweights.kilograms(on: set.loggedAt.day.daysSince1970) }
        books.values[index].append(set)
        if workoutExercises[event.workoutID]?.contains(exerciseID) != true {
            workoutExercises[event.workoutID, default: []].append(exerciseID)
        }
    }

    public mutating func visit(_ event: SetCorrected, _ stored: StoredEvent) {
        guard !deletedWorkouts.contains(event.workoutID), let exerciseID = setExercises[event.setID],
              let index = books.index(forKey: exerciseID),
              let position = books.values[index].positions[event.setID],
              !books.values[index].sets[position].removed else { return }
        books.values[index].sets[position].update(event.performance, offset: stored.offset)
        markStale(exerciseID, from: position)
    }

    public mutating func visit(_ event: SetRemoved, _ stored: StoredEvent) {
        guard let exerciseID = setExercises[event.setID], let index = books.index(forKey: exerciseID),
              let position = books.values[index].positions[event.setID], !books.values[index].sets[position].removed else { return }
        books.values[index].sets[position].removed = true
        books.values[index].sets[position].counts = false
        markStale(exerciseID, from: position)
    }

    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: StoredEvent) {
        guard let exerciseID = entries[event.entryID] else { return }
        removeSets(of: exerciseID) { $0.entryID == event.entryID }
    }

    public mutating func visit(_ event: WorkoutDeleted, _ stored: StoredEvent) {
        guard deletedWorkouts.append(event.workoutID).inserted else { return }
        for exerciseID in workoutExercises[event.workoutID] ?? [] {
            removeSets(of: exerciseID) { $0.workoutID == event.workoutID }
        }
    }

    // MARK: - Helpers

    private mutating func define(_ exerciseID: UUID, _ definition: ExerciseDefinition) {
        let index = bookIndex(exerciseID)
        books.values[index].name = definition.name
        let isBodyweight = definition.kind == .bodyweight
        guard books.values[index].isBodyweight != isBodyweight else { return }
        books.values[index].isBodyweight = isBodyweight
        _ = refreshBodyweights(at: index, fromDay: .min)
        markStale(books.keys[index], from: 0)
    }

    /// The index of the exercise's book, made for an exercise not seen before.
    private mutating func bookIndex(_ exerciseID: UUID) -> Int {
        if let index = books.index(forKey: exerciseID) { return index }
        books[exerciseID] = ExerciseRecordBook(name: "Unknown exercise")
        return books.count - 1
    }

    /// Folds the records of the exercises whose sets changed in this batch again.
    public mutating func finishBatch() {
        for (exerciseID, start) in staleBooks { books[exerciseID]?.recompute(from: start) }
        staleBooks.removeAll()
    }

    /// Notes that the fold of an exercise must run again from the set at `position`.
    private mutating func markStale(_ exerciseID: UUID, from position: Int) {
        staleBooks[exerciseID] = min(staleBooks[exerciseID] ?? .max, position)
    }

    /// Looks the bodyweight of the sets of `day` and later up again; the first position that
    /// changed, if any.
    private mutating func refreshBodyweights(at index: Int, fromDay day: Int) -> Int? {
        let isBodyweight = books.values[index].isBodyweight
        var changed: Int?
        for position in books.values[index].positions(fromDay: day) {
            let day = books.values[index].sets[position].loggedAt.day.daysSince1970
            let kilograms = isBodyweight ? bodyweights.kilograms(on: day) : 0
            if books.values[index].sets[position].bodyweightKg != kilograms {
                books.values[index].sets[position].bodyweightKg = kilograms
                changed = min(changed ?? .max, position)
            }
        }
        return changed
    }

    private mutating func removeSets(of exerciseID: UUID, where shouldRemove: (RecordSet) -> Bool) {
        guard let index = books.index(forKey: exerciseID) else { return }
        var first: Int?
        for position in books.values[index].sets.indices where !books.values[index].sets[position].removed && shouldRemove(books.values[index].sets[position]) {
            books.values[index].sets[position].removed = true
            books.values[index].sets[position].counts = false
            first = first ?? position
        }
        if let first { markStale(exerciseID, from: first) }
    }
}
