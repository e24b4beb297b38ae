import AntrainEvents
import Foundation

/// Folds workouts into the state every training question is answered from: each workout with
/// its sets (once), each exercise's records, totals and sessions, each day's training, and the
/// weigh-ins a bodyweight exercise's sets carry. ``WorkoutHistory``, ``PersonalRecords``,
/// ``TrainingSummary`` and ``ProgramProgress`` read it.
///
/// An event about a workout loads that workout's key, changes it, and hands the change to the
/// parts that follow from it (see TrainingProjection+Changes.swift): the totals of the
/// exercises it touched, the summary of the day it counts on, the programs' last performances,
/// the exercise's sessions, and its records (a new set is offered to them at once; a
/// correction, a removal, a deletion or a weigh-in marks the exercise's records to be folded
/// again from the earliest set it touched, once, when the changes are taken).
struct TrainingProjection: KeyedReadModel {
    static let name = "training"
    /// 2: the rows of `exercise-days` carry their day and exercise as columns, for analysts.
    /// 3: a cancelled workout's sets set no records and count in no exercise's totals.
    /// 4: a record keeps the day it was set on in its workout's time zone.
    /// 5: a bodyweight set's volume records count its added load only, as every other volume does.
    /// 6: a weigh-in counts on its own day, in the zone it was measured in.
    /// 7: a quick log on a new id is a workout in the zone it names, on that zone's day.
    /// 8: a quick log naming a workout that already ended changes nothing, as for the rules.
    /// 9: a quick log that completes a live workout is its completion (its completed offset).
    /// 10: a cardio session is a done set of its activity's exercise (records, totals, history);
    ///     a workout's list line has its distance and duration.
    static let version = 10

    static let workouts = StateKeyspace(
        projection: name, name: "workouts",
        columns: [StateColumn("started_at", .integer), StateColumn("first_offset", .integer), StateColumn("type", .text),
                  StateColumn("name", .text), StateColumn("status", .text), StateColumn("sets", .integer),
                  StateColumn("volume_kg", .real), StateColumn("local_day", .text), StateColumn("exercises", .blob),
                  StateColumn("distance_m", .real), StateColumn("duration_s", .real)],
        indexes: [StateIndex("by_start", ["started_at", "first_offset"])])
    static let exercises = StateKeyspace(
        projection: name, name: "exercises",
        columns: [StateColumn("name", .text), StateColumn("is_deleted", .integer), StateColumn("sets", .integer),
                  StateColumn("reps", .integer), StateColumn("volume_kg", .real), StateColumn("sessions", .integer),
                  StateColumn("last_performed_at", .integer), StateColumn("has_completed_workout", .integer),
                  StateColumn("records", .integer)])
    static let sessions = StateKeyspace(projection: name, name: "sessions")
    static let days = StateKeyspace(
        projection: name, name: "days",
        columns: [StateColumn("day", .text), StateColumn("workouts", .integer), StateColumn("volume_kg", .real),
                  StateColumn("working_sets", .integer)])
    static let exerciseDays = StateKeyspace(
        projection: name, name: "exercise-days",
        columns: [StateColumn("day", .text), StateColumn("exercise", .blob), StateColumn("sets", .integer),
                  StateColumn("reps", .integer), StateColumn("volume_kg", .real)])
    static let bodyweights = StateKeyspace(projection: name, name: "bodyweights")
    static let facts = StateKeyspace(projection: name, name: "facts")
    static let keyspaces = [workouts, exercises, sessions, days, exerciseDays, bodyweights, facts]
    static let handledEvents: [any DomainEvent.Type] = [
        WorkoutStarted.self, WorkoutCompleted.self, WorkoutCancelled.self, WorkoutDeleted.self,
        WorkoutNotesChanged.self, WorkoutRPERecorded.self, CardioLogged.self, MetconLogged.self,
        ExerciseAddedToWorkout.self, ExerciseRemovedFromWorkout.self, ExercisesReordered.self, SetLogged.self,
        SetCorrected.self, SetRemoved.self, ExerciseCreated.self, ExerciseUpdated.self, ExerciseDeleted.self,
        BodyweightRecorded.self
    ]

    var workouts: KeyedTable<TrainingWorkout>
    var books: KeyedTable<ExerciseBook>
    var sessions: KeyedTable<SessionChunk>
    var days: KeyedTable<TrainingDayLine>
    var exerciseDays: KeyedTable<ExerciseDayLine>
    var bodyweights: KeyedTable<BodyweightYear>
    var facts: KeyedTable<TrainingFacts>
    /// Exercises whose records must be folded again from a place, when the changes are taken
    /// (``takeChanges(into:evictingColdBefore:)``), the only time the records are read. Kept
    /// across batches, so that a rebuild folds an exercise's records again once for many
    /// batches: in the 5M-event log, about 970 weigh-ins a day each make the day's sets of
    /// every bodyweight exercise weigh differently, and folding those again after every batch
    /// was a fifth of the training fold. The records come out the same either way, as they do
    /// whichever way a log is split into appends: a fold from a place offers every set from
    /// there as it is now. Always empty after the changes are taken.
    var staleRecords: [(exerciseID: UUID, from: UInt64)] = []
    /// For this batch: the first place of a set of a bodyweight exercise on the days a weigh-in
    /// reaches, by exercise and days. Always empty between batches.
    var weighInReach: [WeighInReach: UInt64?] = [:]

    /// The bodyweight of each day looked up since the last weigh-in, within a batch: a fold of
    /// a bodyweight exercise's records looks up the same few days for every set. Always empty
    /// between batches.
    var bodyweightMemo: [Int: Double] = [:]

    struct WeighInReach: Hashable {
        var exerciseID: UUID
        var days: Range<Int>
    }

    /// Where the events that hold stored workouts' ids are read back.
    private let context: FoldContext

    init(context: FoldContext) {
        self.context = context
        workouts = KeyedTable(Self.workouts, context: context)
        books = KeyedTable(Self.exercises, context: context)
        sessions = KeyedTable(Self.sessions, context: context)
        days = KeyedTable(Self.days, context: context)
        exerciseDays = KeyedTable(Self.exerciseDays, context: context)
        bodyweights = KeyedTable(Self.bodyweights, context: context)
        facts = KeyedTable(Self.facts, context: context)
    }

    /// Forgets what was remembered for this batch only.
    mutating func finishBatch() {
        weighInReach.removeAll(keepingCapacity: true)
        bodyweightMemo.removeAll(keepingCapacity: true)
    }

    /// Folds the records that events since the last changes left to fold again.
    private mutating func refoldStaleRecords() {
        guard !staleRecords.isEmpty else { return }
        let stale = staleRecords
        staleRecords.removeAll(keepingCapacity: true)
        for (exerciseID, from) in stale { refoldRecords(of: exerciseID, from: from) }
        bodyweightMemo.removeAll(keepingCapacity: true)
    }

    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
        refoldStaleRecords()
        workouts.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        books.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        sessions.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        days.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        exerciseDays.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        bodyweights.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        facts.takeChanges(into: &changes, evictingColdBefore: coldBefore)
    }

    var residentBytes: Int {
        workouts.residentBytes + books.residentBytes + sessions.residentBytes + days.residentBytes + exerciseDays.residentBytes
            + bodyweights.residentBytes
    }

    // MARK: Lookups

    /// The slot of a workout that exists and is not deleted (the only ones events change), its
    /// ids resolved.
    mutating func live(_ workoutID: UUID) -> Int? {
        guard let slot = resolvedWorkout(workoutID), workouts[reading: slot].status != .deleted else { return nil }
        return slot
    }

    /// The slot of a workout, with the ids of its entries, sets and exercises: a workout read
    /// from the store has them from the events at their offsets, read back from the log once.
    mutating func resolvedWorkout(_ workoutID: UUID) -> Int? {
        guard let slot = workouts.slot(of: workoutID) else { return nil }
        guard !workouts[reading: slot].idsResolved else { return slot }
        do {
            guard let lookup = context.events else {
                throw StateStoreError(path: "training/workouts", message: "stored workouts need the log to read their ids back")
            }
            let events = try lookup.events(at: workouts[reading: slot].idOffsets)
            let exerciseIDs = facts.value(of: TrainingFacts.key)?.exerciseIDs ?? []
            try workouts.amend(slot) { try $0.resolve(events, exerciseIDs: exerciseIDs) }
        } catch {
            context.record(error)
        }
        return slot
    }

    /// The slot of an exercise's book, made (and numbered) for an exercise met the first time.
    mutating func book(_ exerciseID: UUID) -> Int {
        if let slot = books.slot(of: exerciseID) { return slot }
        let factsSlot = facts.slot(of: TrainingFacts.key) { TrainingFacts() }
        var book = ExerciseBook()
        book.number = facts[reading: factsSlot].exerciseIDs.count
        facts[factsSlot].exerciseIDs.append(exerciseID)
        books.set(exerciseID, book)
        return books.slot(of: exerciseID)!
    }

    /// Notes that the records of `exerciseID` must be folded again from the set at `position`.
    mutating func markStale(_ exerciseID: UUID, from position: UInt64) {
        if let index = staleRecords.firstIndex(where: { $0.exerciseID == exerciseID }) {
            staleRecords[index].from = min(staleRecords[index].from, position)
        } else {
            staleRecords.append((exerciseID, position))
        }
    }
}
