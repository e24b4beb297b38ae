import AntrainEvents
import Foundation
import OrderedCollections

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
/// let summary = try await ProjectionRunner.state(of: TrainingSummary.self, in: log, asOf: .offset(.max))
/// summary.weeklyVolume(from: monthAgo, through: today)
/// summary.streaks(today: today).currentWeeks
/// ```
public struct TrainingSummary: ReadModel, Equatable {
    /// The checkpoint's name.
    public static let name = "training-summary"
    /// Raised whenever `visit` logic or the encoded shape changes.
    public static let version = 1

    var workouts: OrderedDictionary<UUID, WorkoutRecord> = [:]
    var entries: OrderedDictionary<UUID, EntryRecord> = [:]
    var sets: OrderedDictionary<UUID, SetRecord> = [:]
    /// Each exercise's muscle groups, from its latest definition.
    var muscleGroups: OrderedDictionary<UUID, [MuscleGroup]> = [:]

    /// Nothing trained yet.
    public init() {}

    // MARK: Workouts

    /// Starts tracking the workout.
    public mutating func visit(_ event: WorkoutStarted, _ stored: StoredEvent) {
        workouts[event.workoutID] = WorkoutRecord(startedAt: event.startedAt, timeZone: event.timeZone,
                                                  status: .inProgress)
    }

    /// The workout now counts.
    public mutating func visit(_ event: WorkoutCompleted, _ stored: StoredEvent) {
        setStatus(.completed, of: event.workoutID)
    }

    /// The workout never counts.
    public mutating func visit(_ event: WorkoutCancelled, _ stored: StoredEvent) {
        setStatus(.cancelled, of: event.workoutID)
    }

    /// The workout never counts, whatever comes after.
    public mutating func visit(_ event: WorkoutDeleted, _ stored: StoredEvent) {
        setStatus(.deleted, of: event.workoutID)
    }

    /// A cardio session logged after the fact: a completed workout without sets.
    public mutating func visit(_ event: CardioLogged, _ stored: StoredEvent) {
        workouts[event.workoutID] = WorkoutRecord(startedAt: event.startedAt, timeZone: "UTC", status: .completed)
    }

    /// A metcon logged after the fact: a completed workout without sets.
    public mutating func visit(_ event: MetconLogged, _ stored: StoredEvent) {
        workouts[event.workoutID] = WorkoutRecord(startedAt: event.startedAt, timeZone: "UTC", status: .completed)
    }

    // MARK: Exercises and sets

    /// Remembers which exercise the occurrence is.
    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: StoredEvent) {
        entries[event.entryID] = EntryRecord(exerciseID: event.exerciseID)
    }

    /// Takes the occurrence, and so its sets, out of the summaries.
    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: StoredEvent) {
        entries[event.entryID]?.isRemoved = true
    }

    /// Records the set's volume and whether it is a working set.
    public mutating func visit(_ event: SetLogged, _ stored: StoredEvent) {
        sets[event.setID] = SetRecord(workoutID: event.workoutID, entryID: event.entryID,
                                      performance: event.performance)
    }

    /// Replaces the set's volume and working-set flag.
    public mutating func visit(_ event: SetCorrected, _ stored: StoredEvent) {
        sets[event.setID]?.correct(event.performance)
    }

    /// Takes the set out of the summaries.
    public mutating func visit(_ event: SetRemoved, _ stored: StoredEvent) {
        sets[event.setID]?.isRemoved = true
    }

    // MARK: Exercise definitions

    /// Remembers the exercise's muscle groups.
    public mutating func visit(_ event: ExerciseCreated, _ stored: StoredEvent) {
        muscleGroups[event.exerciseID] = event.definition.muscleGroups
    }

    /// Replaces the exercise's muscle groups.
    public mutating func visit(_ event: ExerciseUpdated, _ stored: StoredEvent) {
        muscleGroups[event.exerciseID] = event.definition.muscleGroups
    }

    /// A deleted workout stays deleted: a late event cannot bring it back.
    private mutating func setStatus(_ status: WorkoutRecord.Status, of workoutID: UUID) {
        guard let index = workouts.index(forKey: workoutID), workouts.values[index].status != .deleted else { return }
        workouts.values[index].status = status
    }
}
