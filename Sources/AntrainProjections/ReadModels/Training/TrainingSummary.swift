import AntrainEvents
import Foundation

/// Training at a glance: weekly volume, working sets per muscle group, and streaks, from a
/// line per day trained.
///
/// ```swift
/// let summary = TrainingSummary(store)
/// try summary.weeklyVolume(from: monthAgo, through: today)
/// try summary.streaks(today: today).currentWeeks
/// ```
///
/// Conventions:
/// - A workout counts once it is completed (a quick log is completed when logged); one in
///   progress does not count yet; a cancelled or deleted one never does.
/// - It counts for the calendar day it started on in its own time zone (quick logs on a new id
///   carry none and count in UTC), and for that day's ISO week (Monday to Sunday).
/// - A working set is a set marked completed that is not a warm-up, still in its workout, as
///   last corrected. Volume is Σ weight × reps in kg over working sets with both.
/// - A working set counts once for every muscle group its exercise lists, by the exercise's
///   latest definition (a deleted exercise keeps its groups).
public struct TrainingSummary: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [TrainingProjection.self]
    private let store: any KeyedStateStore

    /// Answers from `store`, caught up with the log.
    public init(_ store: any KeyedStateStore) { self.store = store }

    /// Every ISO week that contains a day from `from` through `through`, oldest first, with its
    /// volume, working sets and completed workouts (see ``TrainingDays``).
    public func weeklyVolume(from: CalendarDay, through: CalendarDay) throws -> [WeekVolume] {
        guard from <= through else { return [] }
        let first = ISOWeek(containing: from).monday, last = ISOWeek(containing: through).monday.adding(days: 6)
        return try days(from: first, through: last, groups: false).weeklyVolume(from: from, through: through)
    }

    /// Working sets per muscle group from `from` through `through`, most sets first.
    public func setsPerMuscleGroup(from: CalendarDay, through: CalendarDay) throws -> [MuscleGroupSets] {
        guard from <= through else { return [] }
        return try days(from: from, through: through, groups: true).setsPerMuscleGroup(from: from, through: through)
    }

    /// Training streaks as of `today`; workouts after `today` are not counted.
    public func streaks(today: CalendarDay) throws -> TrainingStreaks {
        // The longest streak may lie anywhere: every day trained is read (a line each).
        try days(from: nil, through: today, groups: false).streaks(today: today)
    }

    /// Whether the athlete has ever completed a workout (seed 003's `hasCompletedWorkout`, for
    /// the athlete as a whole): a day holds a completed workout. One key is read.
    public func hasCompletedWorkout() throws -> Bool {
        try store.read { state in
            try !state.entries(in: TrainingProjection.days, from: nil, below: nil, descending: false, limit: 1).isEmpty
        }
    }

    /// The lines of the days from `from` through `through` (unbounded when nil), with the
    /// working sets per muscle group when `groups`.
    private func days(from: CalendarDay?, through: CalendarDay, groups: Bool) throws -> TrainingDays {
        try store.read { state in
            let upper = through.adding(days: 1).keyBytes
            var lines = try state.entries(in: TrainingProjection.days, from: from?.keyBytes, below: upper, descending: false, limit: nil)
                .map { try TrainingDayLine.decoded($0.value, in: TrainingProjection.days) }
                .map { TrainingDays.Day(day: $0.day, workouts: $0.workouts, volumeKg: $0.volumeKg, workingSets: $0.workingSets,
                                        groupSets: [Int](repeating: 0, count: MuscleGroup.allCases.count)) }
            guard groups else { return TrainingDays(days: lines) }
            let groupIndex = Dictionary(uniqueKeysWithValues: MuscleGroup.allCases.enumerated().map { ($1, $0) })
            var muscleGroups: [UUID: [Int]] = [:]
            let keyspace = TrainingProjection.exerciseDays
            for entry in try state.entries(in: keyspace, from: from?.keyBytes, below: upper, descending: false, limit: nil) {
                guard let key = DayExerciseKey(keyBytes: entry.key),
                      let line = lines.firstIndex(where: { $0.day == key.day }) else { continue }
                let sets = try ExerciseDayLine.decoded(entry.value, in: keyspace).sets
                if muscleGroups[key.exerciseID] == nil {
                    let book = try state.value(in: TrainingProjection.exercises, key: key.exerciseID.keyBytes)
                        .map { try ExerciseBook.decoded($0, in: TrainingProjection.exercises) }
                    muscleGroups[key.exerciseID] = (book?.muscleGroups ?? []).compactMap { groupIndex[$0] }
                }
                for group in muscleGroups[key.exerciseID] ?? [] { lines[line].groupSets[group] += sets }
            }
            return TrainingDays(days: lines)
        }
    }
}
