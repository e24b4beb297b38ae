import AntrainEvents

/// One ISO week's training: volume, working sets and completed workouts.
public struct WeekVolume: Sendable, Codable, Equatable {
    /// The week.
    public var week: ISOWeek
    /// Σ weight (kg) × reps over the week's working sets that have a weight (see
    /// ``TrainingSummary`` for what counts).
    public var volumeKg: Double
    /// The working sets of the week, with a weight or not.
    public var workingSets: Int
    /// The completed workouts of the week.
    public var workouts: Int
}

/// How many working sets trained one muscle group.
public struct MuscleGroupSets: Sendable, Codable, Equatable {
    /// The muscle group.
    public var muscleGroup: MuscleGroup
    /// The working sets of exercises that list it.
    public var sets: Int
}

/// Runs of training without a break, in ISO weeks and in days.
public struct TrainingStreaks: Sendable, Codable, Equatable {
    /// Consecutive weeks with a completed workout, ending this week, or last week when this
    /// week has none yet (the week is not over); 0 otherwise.
    public var currentWeeks: Int
    /// The longest run of consecutive weeks with a completed workout, up to today.
    public var longestWeeks: Int
    /// Consecutive days with a completed workout, ending today, or yesterday when today
    /// has none yet; 0 otherwise.
    public var currentDays: Int
    /// The longest run of consecutive days with a completed workout, up to today.
    public var longestDays: Int
    /// The day of the latest completed workout on or before today, if any.
    public var lastWorkoutDay: CalendarDay?
}
