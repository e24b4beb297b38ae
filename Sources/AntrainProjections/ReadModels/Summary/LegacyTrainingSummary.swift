import AntrainEvents
import Foundation

/// Training at a glance: weekly volume, working sets per muscle group, and streaks.
///
/// Conventions:
/// - A workout counts once it is completed (`WorkoutCompleted`), or when it is a quick log
///   (`CardioLogged`, `MetconLogged`, which are done when logged). One in progress does not
///   count yet; a cancelled or deleted one never does.
/// - A workout counts for the calendar day it started on in its own time zone
///   (`WorkoutStarted.timeZone`; quick logs carry none and count in UTC), and for that
///   day's ISO week (Monday to Sunday).
/// - A working set is a set marked completed that is not a warm-up, of an exercise still in
///   its workout (`ExerciseRemovedFromWorkout` takes its sets out), not removed
///   (`SetRemoved`), as last corrected (`SetCorrected`).
/// - Volume is Σ weight × reps, in kilograms (pounds converted exactly), over working sets
///   that have both; bodyweight, timed and distance sets add nothing to it, but count as sets.
/// - A working set counts once for every muscle group its exercise lists, main or not,
///   using the exercise's latest definition (a deleted exercise keeps its groups).
///
/// ```swift
/// let summary = try await ProjectionRunner.state(of: LegacyTrainingSummary.self, in: log, asOf: .offset(.max))
/// summary.weeklyVolume(from: monthAgo, through: today)
/// summary.streaks(today: today).currentWeeks
/// ```
public struct LegacyTrainingSummary: ReadModel, Equatable {
    /// The checkpoint's name.
    public static let name = "training-summary"
    /// Raised whenever `visit` logic or the encoded shape changes.
    public static let version = 2

    /// Workouts by id, with those only named by a set so far (`.referenced`).
    var workouts = UUIDMap<WorkoutRecord>()
    /// Exercise occurrences: a record per `ExerciseAddedToWorkout`, and one for each id a
    /// set names before any. An id added again gets a new record, which replaces the older
    /// ones (``KeyedLog/survivors()``).
    var entries = KeyedLog<EntryRecord>()
    /// Sets: a record per `SetLogged`, in log order (the order volumes are summed in). An id
    /// logged again replaces the older record, at its place.
    var sets = KeyedLog<SetRecord>()
    /// Each exercise's muscle groups, from its latest definition.
    var muscleGroups = UUIDMap<[MuscleGroup]>()

    /// Not encoded: the workout the last set named, and its number.
    var recentWorkout = RecentKey()
    /// Not encoded: the occurrence the last set named, and its number.
    var recentEntry = RecentKey()

    /// Nothing trained yet.
    public init() {}

    /// Room for a set per event in the log of sets.
    public mutating func reserveCapacity(forEvents events: Int) {
        sets.reserveCapacity(events)
    }

    // MARK: Workouts

    /// Reads ahead the slots of the batch's new workouts.
    public mutating func prepare(for events: EventColumns) {
        workouts.warm(toAdd: events.startedWorkoutIDs)
    }

    /// Starts tracking the workout.
    public mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {
        let number = workouts.slot(for: event.workoutID, default: .referenced)
        workouts.values[number] = WorkoutRecord(startedAt: event.startedAt, timeZone: event.timeZone, status: .inProgress)
        // Its sets come next.
        recentWorkout.remember(event.workoutID, as: number)
    }

    /// The workout now counts.
    public mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) {
        setStatus(.completed, of: event.workoutID)
    }

    /// The workout never counts.
    public mutating func visit(_ event: WorkoutCancelled, _ stored: EventMetadata) {
        setStatus(.cancelled, of: event.workoutID)
    }

    /// The workout never counts, whatever comes after.
    public mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata) {
        setStatus(.deleted, of: event.workoutID)
    }

    /// A cardio session logged after the fact: a completed workout without sets.
    public mutating func visit(_ event: CardioLogged, _ stored: EventMetadata) {
        workouts.updateValue(WorkoutRecord(startedAt: event.startedAt, timeZone: "UTC", status: .completed),
                             forKey: event.workoutID)
    }

    /// A metcon logged after the fact: a completed workout without sets.
    public mutating func visit(_ event: MetconLogged, _ stored: EventMetadata) {
        workouts.updateValue(WorkoutRecord(startedAt: event.startedAt, timeZone: "UTC", status: .completed),
                             forKey: event.workoutID)
    }

    // MARK: Exercises and sets

    /// Remembers which exercise the occurrence is.
    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        let number = entries.append(event.entryID, EntryRecord(exerciseID: event.exerciseID))
        // Its sets come next.
        recentEntry.remember(event.entryID, as: number)
    }

    /// Takes the occurrence, and so its sets, out of the summaries.
    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {
        guard let number = entries.latest(of: event.entryID), entries.records[number].exerciseID != nil else { return }
        entries.records[number].isRemoved = true
    }

    /// Records the set's volume and whether it is a working set.
    public mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        let record = SetRecord(workout: workoutNumber(event.workoutID), entry: entryNumber(event.entryID),
                               performance: event.performance)
        sets.append(event.setID, record)
    }

    /// Replaces the set's volume and working-set flag.
    public mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        guard let number = sets.latest(of: event.setID) else { return }
        sets.records[number].correct(event.performance)
    }

    /// Takes the set out of the summaries.
    public mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {
        guard let number = sets.latest(of: event.setID) else { return }
        sets.records[number].isRemoved = true
    }

    // MARK: Exercise definitions

    /// Remembers the exercise's muscle groups.
    public mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) {
        muscleGroups[event.exerciseID] = event.definition.muscleGroups
    }

    /// Replaces the exercise's muscle groups.
    public mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) {
        muscleGroups[event.exerciseID] = event.definition.muscleGroups
    }

    // MARK: Helpers

    /// A deleted workout stays deleted: a late event cannot bring it back; one never
    /// started has nothing to end.
    private mutating func setStatus(_ status: WorkoutRecord.Status, of workoutID: UUID) {
        guard let index = workouts.index(forKey: workoutID) else { return }
        let current = workouts.values[index].status
        guard current != .deleted, current != .referenced else { return }
        workouts.values[index].status = status
    }

    /// The number of the workout a set names, added as only referenced if it is new.
    @inline(__always)
    private mutating func workoutNumber(_ workoutID: UUID) -> Int {
        if let number = recentWorkout.number(of: workoutID) { return number }
        let number = workouts.slot(for: workoutID, default: .referenced)
        recentWorkout.remember(workoutID, as: number)
        return number
    }

    /// The number of the occurrence a set names, added as only referenced if it is new.
    @inline(__always)
    private mutating func entryNumber(_ entryID: UUID) -> Int {
        if let number = recentEntry.number(of: entryID) { return number }
        let number = entries.latest(of: entryID) ?? entries.append(entryID, .referenced)
        recentEntry.remember(entryID, as: number)
        return number
    }
}
